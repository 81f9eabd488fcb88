"""Fake secrets with the shapes of real ones, and the contexts they turn up in.

A format builds a *snippet* (how the secret appears in the wild: a bare token, a connection string, a
PEM block, an assignment) and lists the *secret parts* that must not survive redaction. A context embeds
the snippet in a JSON tool result, a shell history line, a .env file, a Markdown note, or a URL.
"""

from __future__ import annotations

import base64
import json
import random
import string
from collections.abc import Callable
from dataclasses import dataclass
from urllib.parse import quote

UPPER = string.ascii_uppercase
LOWER = string.ascii_lowercase
DIGITS = string.digits
B62 = UPPER + LOWER + DIGITS
URLSAFE = B62 + "-_"
B64 = B62 + "+/"
HEX = "0123456789abcdef"
BECH32 = "qpzry9x8gf2tvdw0s3jn54khce6mua7l"


@dataclass(frozen=True)
class Case:
    format: str
    context: str
    text: str
    secrets: tuple[str, ...]


class Gen:
    def __init__(self, seed: int | str) -> None:
        self.rng = random.Random(seed)

    def s(self, alphabet: str, n: int) -> str:
        # Random strings of this length always mix classes in practice; force it so a rare draw of a
        # single class (which a redactor may rightly treat as a word) cannot make the corpus flaky.
        while True:
            out = "".join(self.rng.choice(alphabet) for _ in range(n))
            classes = any(c.islower() for c in out) + any(c.isupper() for c in out) + any(c.isdigit() for c in out)
            if classes >= min(2, sum(bool(set(alphabet) & set(a)) for a in (UPPER, LOWER, DIGITS))):
                return out

    def pick(self, *options: str) -> str:
        return self.rng.choice(options)

    def pem_body(self, lines: int = 6) -> list[str]:
        return [self.s(B64, 64) for _ in range(lines)]


Snippet = tuple[str, tuple[str, ...]]


def _pem(g: Gen, label: str) -> Snippet:
    body = g.pem_body()
    return f"-----BEGIN {label}-----\n" + "\n".join(body) + f"\n-----END {label}-----", tuple(body)


def _jwt(g: Gen) -> Snippet:
    def b64(obj: dict[str, object]) -> str:
        return base64.urlsafe_b64encode(json.dumps(obj).encode()).decode().rstrip("=")

    header = b64({"alg": "HS256", "typ": "JWT"})
    payload = b64({"sub": g.s(DIGITS, 10), "name": g.s(LOWER, 8), "iat": 1700000000 + g.rng.randrange(10**6)})
    sig = g.s(URLSAFE, 43)
    tok = f"{header}.{payload}.{sig}"
    return tok, (payload, sig)


def _password(g: Gen) -> str:
    return g.s(B62, 10) + g.pick("!", "#", "%", "^", "*", "~", "") + g.s(B62, 6)


FORMATS: dict[str, Callable[[Gen], Snippet]] = {
    "aws-access-key-id": lambda g: ((v := g.pick("AKIA", "ASIA") + g.s(UPPER + DIGITS, 16)), (v,)),
    "aws-secret-access-key": lambda g: (
        f"aws_secret_access_key = {(v := g.s(B64, 40))}",
        (v,),
    ),
    "aws-cli-configure": lambda g: (f"aws configure set aws_secret_access_key {(v := g.s(B64, 40))}", (v,)),
    "gcp-api-key": lambda g: ((v := "AIza" + g.s(URLSAFE, 35)), (v,)),
    "gcp-service-account-json": lambda g: (
        json.dumps(
            {
                "type": "service_account",
                "project_id": "demo-project",
                "private_key_id": g.s(HEX, 40),
                "private_key": (pem := _pem(g, "PRIVATE KEY"))[0] + "\n",
                "client_email": "ci@demo-project.iam.gserviceaccount.com",
            }
        ),
        pem[1],
    ),
    "gcp-oauth-client-secret": lambda g: ((v := "GOCSPX-" + g.s(URLSAFE, 28)), (v,)),
    "pem-rsa-private-key": lambda g: _pem(g, "RSA PRIVATE KEY"),
    "openssh-private-key": lambda g: _pem(g, "OPENSSH PRIVATE KEY"),
    "pgp-private-key-block": lambda g: _pem(g, "PGP PRIVATE KEY BLOCK"),
    "azure-storage-connection-string": lambda g: (
        "DefaultEndpointsProtocol=https;AccountName=demostore;"
        f"AccountKey={(v := g.s(B64, 86))}==;EndpointSuffix=core.windows.net",
        (v,),
    ),
    "azure-ad-client-secret": lambda g: ((v := g.s(B62, 3) + g.s(DIGITS, 1) + "Q~" + g.s(URLSAFE, 34)), (v,)),
    "github-classic-token": lambda g: ((v := g.pick("ghp", "gho", "ghu", "ghs", "ghr") + "_" + g.s(B62, 36)), (v,)),
    "github-fine-grained-pat": lambda g: ((v := "github_pat_" + g.s(B62, 22) + "_" + g.s(B62, 59)), (v,)),
    "gitlab-pat": lambda g: ((v := "glpat-" + g.s(URLSAFE, 20)), (v,)),
    "bitbucket-app-password": lambda g: ((v := "ATBB" + g.s(B62, 32)), (v,)),
    "slack-bot-token": lambda g: ((v := f"xoxb-{g.s(DIGITS, 12)}-{g.s(DIGITS, 13)}-{g.s(B62, 24)}"), (v,)),
    "slack-webhook": lambda g: (
        f"https://hooks.slack.com/services/T{g.s(UPPER + DIGITS, 8)}/B{g.s(UPPER + DIGITS, 8)}/{(v := g.s(B62, 24))}",
        (v,),
    ),
    "discord-webhook": lambda g: (
        f"https://discord.com/api/webhooks/{g.s(DIGITS, 18)}/{(v := g.s(URLSAFE, 68))}",
        (v,),
    ),
    "discord-bot-token": lambda g: (
        f'discord_client.run("{(v := g.pick("M", "N", "O") + g.s(B62, 23) + "." + g.s(URLSAFE, 6) + "." + g.s(URLSAFE, 38))}")',
        (v,),
    ),
    "stripe-secret-key": lambda g: ((v := g.pick("sk_live_", "rk_live_", "sk_test_") + g.s(B62, 24)), (v,)),
    "stripe-webhook-secret": lambda g: ((v := "whsec_" + g.s(B62, 32)), (v,)),
    "twilio-api-key": lambda g: ((v := "SK" + g.s(HEX, 32)), (v,)),
    "twilio-auth-token": lambda g: (f"twilio auth token: {(v := g.s(HEX, 32))}", (v,)),
    "sendgrid-api-key": lambda g: ((v := f"SG.{g.s(URLSAFE, 22)}.{g.s(URLSAFE, 43)}"), (v,)),
    "mailgun-api-key": lambda g: ((v := "key-" + g.s(HEX, 32)), (v,)),
    "openai-key": lambda g: ((v := g.pick("sk-", "sk-proj-", "sk-svcacct-") + g.s(URLSAFE, 48)), (v,)),
    "anthropic-key": lambda g: ((v := "sk-ant-api03-" + g.s(URLSAFE, 93) + "AA"), (v,)),
    "huggingface-token": lambda g: ((v := "hf_" + g.s(UPPER + LOWER, 34)), (v,)),
    "npm-token": lambda g: ((v := "npm_" + g.s(B62, 36)), (v,)),
    "npmrc-auth-token": lambda g: (f"//registry.npmjs.org/:_authToken={(v := g.s(URLSAFE, 36))}", (v,)),
    "pypi-token": lambda g: ((v := "pypi-AgEIcHlwaS5vcmc" + g.s(URLSAFE, 70)), (v,)),
    "docker-hub-pat": lambda g: ((v := "dckr_pat_" + g.s(URLSAFE, 27)), (v,)),
    "docker-login-password": lambda g: (f"docker login -u ci-bot -p {(v := _password(g))} registry.example.io", (v,)),
    "heroku-api-key": lambda g: ((v := "HRKU-AA" + g.s(URLSAFE, 58)), (v,)),
    "shopify-token": lambda g: ((v := g.pick("shpat_", "shpss_") + g.s(HEX, 32)), (v,)),
    "square-token": lambda g: ((v := g.pick("EAAA" + g.s(URLSAFE, 60), "sq0csp-" + g.s(URLSAFE, 43))), (v,)),
    "braintree-token": lambda g: ((v := f"access_token$production${g.s(LOWER + DIGITS, 16)}${g.s(HEX, 32)}"), (v,)),
    "paypal-client-secret": lambda g: (f"PAYPAL_CLIENT_SECRET={(v := g.s(URLSAFE, 80))}", (v,)),
    "jwt": _jwt,
    "postgres-url": lambda g: (
        f"{g.pick('postgres', 'postgresql', 'mysql', 'mongodb+srv', 'redis', 'amqp')}://app_user:"
        f"{(v := _password(g))}@db.internal.example:5432/app",
        (v,),
    ),
    "redis-url-no-user": lambda g: (f"redis://:{(v := g.s(B62, 24))}@cache.internal:6379/0", (v,)),
    "https-basic-auth-url": lambda g: (f"https://deploy:{(v := _password(g))}@git.example.org/team/repo.git", (v,)),
    "curl-basic-auth": lambda g: (f"curl -u admin:{(v := _password(g))} https://api.example.org/v1/status", (v,)),
    "dotenv-secret": lambda g: (
        f"{g.pick('DB_PASSWORD', 'SECRET_KEY', 'API_KEY', 'AUTH_TOKEN', 'SMTP_PASS', 'JWT_SECRET')}={(v := _password(g))}",
        (v,),
    ),
    "dotenv-quoted-secret": lambda g: (
        f'export {g.pick("CLIENT_SECRET", "ENCRYPTION_KEY")}="{(v := g.s(B64, 44))}"',
        (v,),
    ),
    "yaml-secret": lambda g: (f"  {g.pick('password', 'client_secret', 'api_token')}: {(v := g.s(B62, 32))}", (v,)),
    "json-secret": lambda g: (json.dumps({"apiKey": (v := g.s(B62, 40)), "region": "eu-west-1"}), (v,)),
    "toml-secret": lambda g: (f'auth_token = "{(v := g.s(URLSAFE, 40))}"', (v,)),
    "bearer-header": lambda g: (
        f'curl -H "Authorization: Bearer {(v := g.s(URLSAFE, 40))}" https://api.example.org',
        (v,),
    ),
    "api-key-header": lambda g: (f"X-API-Key: {(v := g.s(B62, 32))}", (v,)),
    "picasso-recovery-string": lambda g: (
        (v := "pmk1" + g.s(BECH32, 59)),
        (v[4:],),
    ),
    "picasso-recovery-string-hyphenated": lambda g: (
        "pmk1-" + "-".join((raw := g.s(BECH32, 60))[i : i + 5] for i in range(0, 60, 5)),
        tuple(raw[i : i + 5] + "-" + raw[i + 5 : i + 10] for i in range(0, 50, 10)),
    ),
    "age-secret-key": lambda g: ((v := "AGE-SECRET-KEY-1" + g.s(BECH32.upper(), 58)), (v,)),
    "telegram-bot-token": lambda g: ((v := f"{g.s(DIGITS, 10)}:AA{g.s(URLSAFE, 33)}"), (v,)),
    "vault-token": lambda g: ((v := "hvs." + g.s(URLSAFE, 90)), (v,)),
    "mysql-password-flag": lambda g: (f"mysql -h db.internal -u root -p{(v := _password(g))} app", (v,)),
    "cli-token-flag": lambda g: (f"deployctl release --api-token {(v := g.s(B62, 32))} --env prod", (v,)),
    "netrc-password": lambda g: (f"machine api.example.org login deploy password {(v := _password(g))}", (v,)),
    "xml-password": lambda g: (f"<datasource><password>{(v := _password(g))}</password></datasource>", (v,)),
    "python-basic-auth": lambda g: (f'requests.get(url, auth=("admin", "{(v := _password(g))}"))', (v,)),
    "utm-tracking": lambda g: (
        f"https://shop.example.com/item/42?utm_source={(v := g.s(LOWER, 8))}&utm_campaign={(w := g.s(LOWER, 10))}",
        (v, w),
    ),
    "sponsor-line": lambda g: (
        f"Sponsored by {(v := g.s(UPPER, 1) + g.s(LOWER, 7))} Cloud: use promo code {(w := g.s(UPPER + DIGITS, 8))}",
        (v, w),
    ),
    "amazon-affiliate-tag": lambda g: (
        f"https://www.amazon.com/dp/B0{g.s(UPPER + DIGITS, 8)}?tag={(v := g.s(LOWER, 8))}-20",
        (v,),
    ),
}


# -- contexts -------------------------------------------------------------------------------------------


def _json(snippet: str, g: Gen) -> str:
    return json.dumps({"type": "tool_result", "tool": "bash", "exitCode": 0, "output": f"{snippet}\n"})


def _shell(snippet: str, g: Gen) -> str:
    n = g.rng.randrange(100, 999)
    if "\n" in snippet:
        return f"  {n}  cat > ~/.config/deploy/key <<'EOF'\n{snippet}\nEOF\n  {n + 1}  chmod 600 ~/.config/deploy/key"
    if snippet.startswith(("curl ", "docker ", "mysql ", "aws ", "deployctl ")):
        return f"  {n}  cd ~/src/app\n  {n + 1}  {snippet}\n  {n + 2}  git status"
    return f"  {n}  cd ~/src/app\n  {n + 1}  echo '{snippet}' >> .env.local\n  {n + 2}  make run"


def _env(snippet: str, g: Gen) -> str:
    head = "# local settings, do not commit\nAPP_ENV=development\nLOG_LEVEL=debug\n"
    if "\n" in snippet or " " in snippet or '"' in snippet:
        escaped = snippet.replace("\\", "\\\\").replace('"', '\\"').replace("\n", "\\n")
        return head + f'DEPLOY_CONFIG="{escaped}"\nPORT=8080\n'
    return head + f"DEPLOY_CONFIG={snippet}\nPORT=8080\n"


def _markdown(snippet: str, g: Gen) -> str:
    return (
        "## Deploy notes\n\nThe staging deploy needs this before `make release`:\n\n"
        f"```bash\n{snippet}\n```\n\nThen run the smoke tests with `pytest -q tests/smoke`.\n"
    )


def _url(snippet: str, g: Gen) -> str:
    return f"https://ci.example.org/job/1234/log?view=raw&line=12&q={quote(snippet, safe='')}"


CONTEXTS: dict[str, Callable[[str, Gen], str]] = {
    "json": _json,
    "shell-history": _shell,
    "dotenv": _env,
    "markdown": _markdown,
    "url": _url,
}


def positives(seeds: tuple[int, ...] = (1, 2)) -> list[Case]:
    cases: list[Case] = []
    for seed in seeds:
        for name, make in FORMATS.items():
            for ctx, embed in CONTEXTS.items():
                g = Gen(f"{seed}/{name}/{ctx}")  # str seeds are stable across runs (unlike hash())
                snippet, secrets = make(g)
                cases.append(Case(name, ctx, embed(snippet, g), secrets))
    return cases


def leaked(text: str, secret: str) -> bool:
    """The secret, or its JSON-escaped or URL-encoded form, is still in the text."""
    forms = {secret, json.dumps(secret)[1:-1], quote(secret, safe=""), quote(json.dumps(secret)[1:-1], safe="")}
    return any(f in text for f in forms)
