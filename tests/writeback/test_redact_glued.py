"""Secrets glued to other text, and short password names (issue 12, point 7)."""

from __future__ import annotations

import random
import string

import pytest

from picasso_tui.redact.redact import redact_text

_RNG = random.Random(12)
_ALNUM = string.ascii_letters + string.digits


def _rand(n: int, alphabet: str = _ALNUM) -> str:
    while True:
        value = "".join(_RNG.choice(alphabet) for _ in range(n))
        if any(c.isdigit() for c in value) and any(c.isupper() for c in value):
            return value


AWS_ID = "AKIA" + _rand(16, string.ascii_uppercase + "234567")
OPENAI = "sk-proj-" + _rand(48)
JWT = "eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxMjM0NTY3ODkwIn0." + _rand(43)
GITHUB = "ghp_" + _rand(36)


@pytest.mark.parametrize(
    ("text", "secret"),
    [
        (f"s-{AWS_ID}", AWS_ID),  # a key id glued after a dash
        (f"id_{OPENAI}", OPENAI),  # an OpenAI key glued after an underscore
        (f"token-{JWT}", JWT),  # a JWT glued after a word and a dash
        (f"export KEYS=foo{AWS_ID}bar", AWS_ID),  # letters on both sides (the case changes at the seam)
        (f"x={GITHUB}trailing", GITHUB),  # letters glued after a token with a variable length
        (f"log: user=jdoe,{GITHUB}", GITHUB),
    ],
)
def test_a_secret_glued_to_other_text_is_redacted(text: str, secret: str) -> None:
    out = redact_text(text).text
    assert secret not in out and secret[-12:] not in out
    assert "[REDACTED:" in out


@pytest.mark.parametrize(
    "line",
    [
        "pwd=Tr0ub4dor-3x",
        "pass=Tr0ub4dor-3x",
        "passwd=Tr0ub4dor-3x",
        "pw=Tr0ub4dor-3x",
        "DB_PW=Tr0ub4dor-3x",
        "mysql_pwd: Tr0ub4dor-3x",
        "pswd = 'Tr0ub4dor-3x'",
        "passcode=Tr0ub4dor-3x",
        '{"pwd": "Tr0ub4dor-3x"}',
    ],
)
def test_short_password_names_are_secret_names(line: str) -> None:
    out = redact_text(line).text
    assert "Tr0ub4dor-3x" not in out


@pytest.mark.parametrize(
    "line",
    [
        "skip-tests: true",
        "see task-3f2a9c1e-7b4d-4e2a-9f1c-2b3d4e5f6a7b for details",
        "task-planner-sk-module and desk-booking-system are repositories",
        "desk_test_configuration_value = 3",
        "the breakAKIAsomething identifier and askAKIAbut stay",
        "PWD=/home/me/project",
        "OLDPWD=/tmp",
        "pwned = check_breach(password)",
        "cd $PWD && make",
        "pwd",
        "the xtskey-api-helper and foosk_test_runner functions",
        "primary_key = 'id'",
        "for key in sorted(keys):",
        "cache_key = f'{user}:{page}'",
    ],
)
def test_ordinary_code_and_prose_around_them_is_not_redacted(line: str) -> None:
    assert redact_text(line).text == line


def test_a_secret_found_once_is_redacted_where_it_is_repeated() -> None:
    value = _rand(32)
    text = f"api token = '{value}'\nretrying with {value} in the header\n"
    out = redact_text(text).text
    assert value not in out
    assert out.count("[REDACTED:") == 2
    assert "retrying with" in out


def test_a_common_word_used_as_a_password_is_not_hidden_everywhere() -> None:
    out = redact_text("postgres://app:postgresql@db/app\nThe postgresql server is up.\n").text
    assert "postgres://app:[REDACTED:url-password]@db/app" in out
    assert "The postgresql server is up." in out


def test_glued_secrets_redact_idempotently() -> None:
    text = f"s-{AWS_ID} id_{OPENAI} token-{JWT} foo{AWS_ID}bar"
    once = redact_text(text).text
    assert redact_text(once).text == once
