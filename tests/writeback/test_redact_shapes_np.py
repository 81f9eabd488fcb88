"""Forms and grammars added while measuring the redactor on other scanners' cases (noseyparker's rule
examples, trufflehog's half A), each with the look-alikes it must keep. Values are generated at test time."""

from __future__ import annotations

import base64
import random
import string

import pytest

from picasso_tui.redact.redact import redact_text

_RNG = random.Random(2026)
_B62 = string.ascii_letters + string.digits
_HEX = "0123456789abcdef"
_CRYPT = "./" + _B62


def _r(n: int, alphabet: str = _B62) -> str:
    while True:
        v = "".join(_RNG.choice(alphabet) for _ in range(n))
        if alphabet != _B62 or (any(c.isdigit() for c in v) and any(c.isupper() for c in v)):
            return v


def _uuid(alphabet: str = _HEX) -> str:
    return "-".join(_r(n, alphabet) for n in (8, 4, 4, 4, 12))


SECRET = _r(40)
PASSWORD = "tr0ub4dor&3x"

GRAMMARS = {
    "dependency-track": "odt_" + _r(32),
    "sonarqube": "squ_" + _r(40, _HEX),
    "nuget": "oy2" + _r(43, string.ascii_lowercase + string.digits),
    "crates.io": "cio" + _r(32),
    "azure devops (AZDO signature)": _r(76) + "AZDO" + _r(4),
    "launchdarkly sdk key": "sdk-" + _uuid(),
    "launchdarkly api token": "api-" + _uuid(),
    "salesforce session id": "00D" + _r(12) + "!" + _r(96, _B62 + "._"),
    "twitch stream key": "live_" + _r(9, string.digits) + "_" + _r(30),
    "tavily": "tvly-" + _r(32),
    "grafana legacy api key": base64.b64encode(b'{"k":"' + _r(32).encode() + b'","n":"ci","id":1}').decode(),
    "doppler service token with its environment": "dp.st.dev." + _r(43),
    "bcrypt": "$2b$12$" + _r(53, _CRYPT),
    "md5crypt": "$1$" + _r(8, _CRYPT) + "$" + _r(22, _CRYPT),
    "sha512crypt": "$6$rounds=5000$" + _r(16, _CRYPT) + "$" + _r(86, _CRYPT),
    "cisco type 9": "$9$" + _r(14, _CRYPT) + "$" + _r(43, _CRYPT),
    "argon2id": "$argon2id$v=19$m=65536,t=3,p=4$" + _r(22) + "$" + _r(43),
    "django pbkdf2": "pbkdf2_sha256$600000$" + _r(22) + "$" + _r(43) + "=",
    "kerberos as-rep": "$krb5asrep$23$user@example.com:" + _r(32, _HEX) + "$" + _r(200, _HEX),
}


@pytest.mark.parametrize("token", GRAMMARS.values(), ids=GRAMMARS.keys())
def test_documented_grammars_are_redacted_on_their_own(token: str) -> None:
    out = redact_text(f"found {token} in the log\n").text
    assert "[REDACTED:" in out and token not in out and token[-12:] not in out


def test_vault_unseal_keys_and_teams_webhooks() -> None:
    key = _r(44, _B62 + "+/")
    for line in (f"Unseal Key 2: {key}", f"vault operator unseal {key}"):
        assert key not in redact_text(line).text
    hook = f"https://outlook.office.com/webhook/{_uuid()}@{_uuid()}/IncomingWebhook/{_r(32, _HEX)}/{_uuid()}"
    out = redact_text(f"webhookUrl: '{hook}'").text
    assert "IncomingWebhook" not in out and "[REDACTED:teams-webhook]" in out


@pytest.mark.parametrize(
    "text",
    [
        # the value on the line after its name
        f'    public static final String DEFAULT_ACCOUNT_KEY\n            = "{SECRET}";',
        f'static const std::string AccountKey{{\n    "{SECRET}"}};',
        f'export const key =\n  process.env.ACCOUNT_KEY ||\n  "{SECRET}";',
        # what a password is compared with, and what it "is"
        f'if username == "jojoba" and password == "{PASSWORD}":',
        f"if creds.Secret != '{PASSWORD}' {{",
        f"The default password is '{PASSWORD}'",
        # credentials built in code, and config attributes
        f'new NetworkCredential("ci@example.com", "{PASSWORD}");',
        f'Authenticator(new PasswordAuthentication("ci", "{PASSWORD}"))',
        f'<add key="FromEmailPassword" value="{PASSWORD}"/>',
        f'<property name="db.password" value="{PASSWORD}"/>',
        f'<entry key="password">{PASSWORD}</entry>',
        f'<string name="google_api_key">{SECRET}</string>',
        # setters and builders, and more assignment operators
        f'conn.setPassword("{PASSWORD}");',
        f'OpenAI.builder().apiKey("{SECRET}").build()',
        f'ENV["API_KEY"] ||= "{SECRET}"',
        f"API_TOKEN ?= {SECRET}",
        # .netrc across lines, a password flag after a user flag, a vendor's own Authorization scheme
        f"machine api.example.com\n  login ci\n  password {PASSWORD}\n",
        f"psexec \\\\10.0.0.5 -u Administrator -p {PASSWORD} cmd",
        f"Authorization: SSWS {SECRET}",
    ],
)
def test_a_secret_in_these_forms_is_redacted(text: str) -> None:
    out = redact_text(text).text
    assert "[REDACTED:" in out
    assert SECRET not in out and PASSWORD not in out


@pytest.mark.parametrize(
    "text",
    [
        # a name at a line's end, then an ordinary quoted word or a short value on the next
        'PRIMARY_KEY =\n    "id"',
        'api_key\n    "the key your provider gave you"',
        "credentials:\n  password: changeme\n",
        # comparisons with a placeholder, prose with no quoted value, a word compared with a token name
        'if password == "":',
        'elif token == "pinned":',
        "the password is stored in the keychain",
        # calls that take a secret's name, not the secret
        'getToken("refresh")',
        't("password")',
        'getSecret("prod/db-password")',
        'withToken("abc")',
        'user.setPassword("changeme")',
        # form fields and elements that name a field, not a value
        '<input type="password" name="password">',
        '<label for="password">Password</label>',
        '<string name="password_hint">Enter your password</string>',
        '<string name="api_key">YOUR_API_KEY</string>',
        '<add key="ApiKeyHeader" value="X-Api-Key"/>',
        '<entry key="timeout">30</entry>',
        # other flags and schemes
        "mkdir -p build && git push -u origin main",
        "psexec \\\\host -u Administrator -p %PASSWORD% cmd",
        "Authorization: Admin privileges are required",
        # dollar signs that are no hash
        "awk '{print $1$2}' file.txt",
        "echo $1$HOME",
        "PRICE=$5$ and more",
        # a LaunchDarkly-looking prefix on something else, an ordinary UUID
        "api-gateway-3f2a9c1e",
        "request id 3f2a9c1e-7b4d-4e8a-9c2b-1d3e5f7a9b0c",
    ],
)
def test_look_alikes_of_those_forms_are_kept(text: str) -> None:
    assert redact_text(text).text == text


@pytest.mark.parametrize(
    "text",
    [
        'SOME_KEY =\n  "password=hunter22 more"',
        'getToken("password=hunter22")',
        '<string name="api_key">password=hunter22</string>',
        'the token is "password=hunter22"',
    ],
)
def test_a_form_turned_down_does_not_swallow_a_secret_inside_it(text: str) -> None:
    # a rule moves past a match its check turns down: these forms look ahead for values that hold no assignment
    assert "hunter22" not in redact_text(text).text
