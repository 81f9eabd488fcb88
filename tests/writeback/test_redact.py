"""What the redactor does to text and values: markers, offsets, context, fail closed."""

from __future__ import annotations

import random
import string

import pytest

from picasso_tui.errors import PicassoError
from picasso_tui.redact import limits, passes, scan, secret_rules
from picasso_tui.redact.redact import (
    Finding,
    RedactionFailed,
    contains_secret,
    redact_text,
    redact_value,
)

_rng = random.Random(5)


def fake(alphabet: str, n: int) -> str:
    return "".join(_rng.choice(alphabet) for _ in range(n))


B62 = string.ascii_letters + string.digits
GITHUB = "ghp_" + fake(B62, 36)
OPENAI = "sk-proj-" + fake(B62, 48)


def test_a_token_is_replaced_by_a_marker_naming_its_rule() -> None:
    out = redact_text(f"use {GITHUB} for the release job")
    assert out.text == "use [REDACTED:github-token] for the release job"
    assert out.findings == (Finding("github-token", 4, 4 + len(GITHUB)),)


def test_findings_point_at_the_secret_in_the_original_text() -> None:
    text = f"first {GITHUB}\npostgres://app:Pw{fake(B62, 12)}@db/x\nthen {OPENAI}"
    out = redact_text(text)
    assert [text[f.start : f.end] for f in out.findings] == [
        GITHUB,
        text.split("app:")[1].split("@")[0],
        OPENAI,
    ]


def test_only_the_value_of_an_assignment_is_replaced() -> None:
    assert redact_text("DB_PASSWORD=Tr0ub4dor&3x make run").text == "DB_PASSWORD=[REDACTED:secret-assignment] make run"
    assert redact_text('"password": "hunter2!"').text == '"password": "[REDACTED:secret-assignment]"'
    assert redact_text("export GITHUB_TOKEN=abc123def456").text == "export GITHUB_TOKEN=[REDACTED:secret-assignment]"


def test_a_url_keeps_its_user_and_host_but_not_its_password() -> None:
    out = redact_text("mongodb+srv://deploy:S3cr3t-Pw@cluster0.example.net/app")
    assert out.text == "mongodb+srv://deploy:[REDACTED:url-password]@cluster0.example.net/app"


def test_a_url_encoded_secret_is_found_through_the_decoded_view() -> None:
    text = "https://ci.example.org/log?q=postgres%3A%2F%2Fapp%3AS3cr3tPw%40db%2Fx&page=2"
    out = redact_text(text)
    assert "S3cr3tPw" not in out.text
    assert out.text.endswith("&page=2")
    assert text[out.findings[0].start : out.findings[0].end] == "S3cr3tPw"


def test_a_private_key_block_is_replaced_whole() -> None:
    body = "\n".join(fake(B62 + "+/", 64) for _ in range(5))
    text = f"key:\n-----BEGIN OPENSSH PRIVATE KEY-----\n{body}\n-----END OPENSSH PRIVATE KEY-----\ndone"
    assert redact_text(text).text == "key:\n[REDACTED:private-key]\ndone"


def test_a_truncated_private_key_is_redacted_as_far_as_its_body_goes() -> None:
    text = "-----BEGIN RSA PRIVATE KEY-----\n" + fake(B62, 64) + "\n" + fake(B62, 40)
    assert redact_text(text).text == "[REDACTED:private-key]"
    cut = f"{text}\n$ ls -la keys/\ntotal 8"
    assert redact_text(cut).text == "[REDACTED:private-key]\n$ ls -la keys/\ntotal 8"


def test_key_blocks_with_header_fields_are_redacted_whole() -> None:
    body = "\n".join(fake(B62 + "+/", 64) for _ in range(3))
    pgp = f"-----BEGIN PGP PRIVATE KEY BLOCK-----\nVersion: GnuPG v2\n\n{body}\n=aB3d\n-----END PGP PRIVATE KEY BLOCK-----"
    rsa = f"-----BEGIN RSA PRIVATE KEY-----\nProc-Type: 4,ENCRYPTED\nDEK-Info: AES-128-CBC,0A1B\n\n{body}\n-----END RSA PRIVATE KEY-----"
    for block in (pgp, rsa):
        assert redact_text(f"before\n{block}\nafter").text == "before\n[REDACTED:private-key]\nafter"


def test_sponsor_and_tracking_metadata_are_removed() -> None:
    text = "See https://shop.example.com/p/1?utm_source=news&id=7 (Sponsored by Acme: promo code SAVE20NOW)"
    out = redact_text(text).text
    assert "utm_source" not in out and "Acme" not in out and "SAVE20NOW" not in out
    assert "id=7" in out


def test_markers_never_match_again_and_adjacent_text_survives() -> None:
    text = "[REDACTED:github-token] token=[REDACTED:secret-assignment] postgres://u:[REDACTED:url-password]@h/db"
    assert redact_text(text).text == text
    assert not contains_secret(text)


def test_contains_secret() -> None:
    assert contains_secret(f"here: {OPENAI}")
    assert not contains_secret("here: sk-... (set OPENAI_API_KEY)")


def test_redact_value_walks_structures_and_keeps_keys() -> None:
    value = {
        "cmd": ["curl", "-H", f"Authorization: Bearer {fake(B62, 40)}"],
        "env": {"API_KEY": "kq8Zr2bW0x", "HOME": "/home/dev"},
        "n": 3,
        "ok": True,
        "nested": ({"note": f"token {GITHUB}"},),
    }
    out, findings = redact_value(value)
    assert out["cmd"][:2] == ["curl", "-H"] and out["cmd"][2].startswith("Authorization: Bearer [REDACTED:")
    assert out["env"] == {"API_KEY": "[REDACTED:secret-assignment]", "HOME": "/home/dev"}
    assert out["n"] == 3 and out["ok"] is True
    assert out["nested"] == ({"note": "token [REDACTED:github-token]"},)
    assert {f.field for f in findings} == {"cmd[2]", "env.API_KEY", "nested[0].note"}


def test_a_placeholder_under_a_secret_key_is_kept() -> None:
    out, findings = redact_value({"password": "${DB_PASSWORD}", "token": "<your-token>"})
    assert out == {"password": "${DB_PASSWORD}", "token": "<your-token>"} and not findings


def test_unscannable_values_fail_closed() -> None:
    with pytest.raises(RedactionFailed):
        redact_value({"blob": b"\x00binary"})
    with pytest.raises(RedactionFailed):
        redact_value({1: "numeric key"})
    with pytest.raises(RedactionFailed):
        redact_text(b"bytes")  # type: ignore[arg-type]


def test_any_error_inside_a_rule_fails_closed_without_leaking_the_text(monkeypatch: pytest.MonkeyPatch) -> None:
    def boom(text: str, m: object, value: str) -> bool:
        raise RuntimeError(f"internal failure on {value}")

    broken = secret_rules.Rule("github-token", secret_rules.RULES[0].pattern, ("-----begin",), boom)
    monkeypatch.setattr(scan, "RULES", (broken, *secret_rules.RULES[1:]))
    body = "\n".join(fake(B62, 64) for _ in range(3))
    secret = f"-----BEGIN PRIVATE KEY-----\n{body}\n-----END PRIVATE KEY-----"
    with pytest.raises(RedactionFailed) as caught:
        redact_text(secret)
    assert isinstance(caught.value, PicassoError)  # the CLI maps it to one sentence and exit 1
    assert body[:20] not in str(caught.value) and caught.value.reason == "RuntimeError"
    with pytest.raises(RedactionFailed):
        redact_value(["fine", secret])
    with pytest.raises(RedactionFailed):
        contains_secret(secret)


def test_a_text_that_never_settles_fails_closed(monkeypatch: pytest.MonkeyPatch) -> None:
    # A rule that always finds something new would loop forever; the pass limit turns it into a refusal.
    monkeypatch.setattr(passes, "find", lambda text, *args: [(0, 1, "loop")])
    with pytest.raises(RedactionFailed):
        redact_text("anything")


def test_oversized_text_is_refused_not_scanned(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(limits, "MAX_TEXT_CHARS", 100)
    with pytest.raises(RedactionFailed):
        redact_text("x" * 101)


def test_header_dicts_are_redacted_by_their_names() -> None:
    headers = {"Authorization": "Basic dXNlcjpwYXNzd29yZA==", "Accept": "application/json"}
    out, findings = redact_value({"headers": headers, "template": {"Authorization": "Bearer $TOKEN"}})
    assert out["headers"] == {"Authorization": "[REDACTED:secret-assignment]", "Accept": "application/json"}
    assert out["template"] == {"Authorization": "Bearer $TOKEN"}
    assert [f.field for f in findings] == ["headers.Authorization"]


def test_offsets_survive_characters_whose_lowercase_is_longer() -> None:
    # "İ".lower() is two characters; matching runs on a lowercase copy, so offsets must not drift.
    text = f"İstanbul İİ notes: {GITHUB} and DB_PASSWORD=s3cr3tİpw"
    out = redact_text(text)
    assert [text[f.start : f.end] for f in out.findings] == [GITHUB, "s3cr3tİpw"]


HEX = "0123456789abcdef"
MORE_PROVIDERS = {
    "elevenlabs-key": lambda: "sk_" + fake(HEX, 48),
    "langsmith-key": lambda: f"lsv2_pt_{fake(HEX, 32)}_{fake(HEX, 10)}",
    "meta-access-token": lambda: "EAA" + fake(B62, 120),
    "figma-token": lambda: "figd_" + fake(B62 + "-_", 43),
    "airtable-token": lambda: "pat" + fake(B62, 14) + "." + fake(HEX, 64),
    "tailscale-key": lambda: "tskey-auth-" + fake(B62, 30),
    "planetscale-token": lambda: "pscale_tkn_" + fake(B62, 43),
    "dropbox-token": lambda: "sl." + fake(B62 + "-_", 140),
    "pulumi-token": lambda: "pul-" + fake(HEX, 40),
    "render-key": lambda: "rnd_" + fake(B62, 32),
    "netlify-token": lambda: "nfp_" + fake(B62, 36),
    "1password-service-token": lambda: "ops_eyJ" + fake(B62 + "-_", 200),
}


@pytest.mark.parametrize("rule", sorted(MORE_PROVIDERS))
def test_more_provider_tokens_in_prose_and_json(rule: str) -> None:
    token = MORE_PROVIDERS[rule]()
    for text in (f"the deploy used {token} yesterday", f'{{"output": "token\\n{token}\\n"}}'):
        out = redact_text(text)
        assert token not in out.text and {f.rule for f in out.findings} == {rule}
