"""Issue 12: more vendor grammars and more ways a value follows a secret's name, with their look-alikes."""

from __future__ import annotations

import base64
import random
import string

import pytest

from picasso_tui.redact.redact import redact_text

_RNG = random.Random(1212)
_B62 = string.ascii_letters + string.digits
_HEX = "0123456789abcdef"


def _r(n: int, alphabet: str = _B62) -> str:
    while True:
        v = "".join(_RNG.choice(alphabet) for _ in range(n))
        if alphabet != _B62 or (any(c.isdigit() for c in v) and any(c.isupper() for c in v)):
            return v


SECRET = _r(32)

SHAPES = {
    "cloudflare": "cfat_" + _r(40) + _r(8, _HEX),
    "vercel": "vcp_" + _r(40),
    "bitbucket server": "BBDC-" + _r(44),
    "artifactory": "AKCp" + _r(69),
    "shopify (new length)": "shpat_" + _r(32),
    "databricks (upper-case hex)": "dapi" + _r(32, "0123456789ABCDEF"),
    "github app installation": "ghs_12345_eyJhbGciOiJSUzI1NiJ9." + _r(60),
    "harness": "pat." + _r(22) + "." + _r(24, _HEX) + "." + _r(20),
    "pinecone": "pcsk_" + _r(6) + "_" + _r(63),
    "rootly": "rootly_" + _r(64, _HEX),
    "shippo": "shippo_live_" + _r(40, _HEX),
    "new relic license (EU)": "eu01xx" + _r(30, _HEX) + "NRAL",
}


@pytest.mark.parametrize("token", SHAPES.values(), ids=SHAPES.keys())
def test_vendor_grammars_are_redacted_on_their_own(token: str) -> None:
    out = redact_text(f"found {token} in the log\n").text
    assert token not in out and token[-10:] not in out


@pytest.mark.parametrize(
    "line",
    [
        f'    req.Header.Set("X-Api-Key", "{SECRET}")',
        f'{{ "AccountKey", "{SECRET}" }},',
        f'const fastlyKey string = "{SECRET}"',
        f"api_key: str = '{SECRET}'",
        f"sumoKey1 = '{SECRET}'",
        f"okta token - '{SECRET}'",
        f"[DEBUG] Using token {SECRET}",
        f"The key is {SECRET}, keep it safe.",
        f"| api token | {SECRET} |",
        f"LicenseKey {SECRET}",
        f"<account_key>{SECRET}</account_key>",
        f"-storagekey {SECRET} -container backups",
        f'if token != "{SECRET}" {{',
        f"Key={SECRET}",
        f'cloudconvert_key: "{_r(1500)}"',  # quoted values up to 8 kB
        f"pass {base64.b64encode(b'user7:' + SECRET.encode()).decode()}",  # base64 of id:secret is a secret
    ],
)
def test_a_value_after_a_secret_name_in_these_forms_is_redacted(line: str) -> None:
    out = redact_text(line).text
    assert "[REDACTED:" in out
    assert SECRET not in out


@pytest.mark.parametrize(
    "line",
    [
        'raise Problem(401, "bad-credentials", "The email or password is wrong.")',
        'os.getenv("API_KEY", "FALLBACK_KEY")',
        'SKIP_KEY = "profile.skippedWorkspaces"',
        'CACHE_KEY = "UserProfileSettingsCache"',
        "the token - see the docs - expires daily",
        "| token | description |",
        "the key is in the drawer",
        "LicenseKey is required for production builds",
        "<key>name</key>",
        "ANY_KEY = ZHVtbXkgdGV4dCBkYXRhIGRhdGEgZGF0YQ==",  # base64 of "dummy text data data data"
        "STRIPE_PUBLISHABLE_KEY=pk_test_TYooMQauvdEDq54NiTphI7jx",
        "public_key = 'MCowBQYDK2VwAyEAGb9ECWmEzf6FQbrBZ9w7lshQhqowtrbLDFw4rXAxZuE='",
        "gpg --recv-key 0xABCD1234",
        "postgres://postgres:postgres@localhost:5432/app",
        "postgres://app:{password}@db:5432/app",
        "version = '1000.2.3'",
    ],
)
def test_look_alikes_of_those_forms_are_kept(line: str) -> None:
    assert redact_text(line).text == line
