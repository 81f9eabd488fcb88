"""Recall and false positives on the redaction corpus (tests/writeback/redaction_corpus)."""

from __future__ import annotations

import pytest

from picasso_tui.redact.redact import MARKER, redact_text
from tests.writeback.redaction_corpus.negatives import generated, handwritten, negatives
from tests.writeback.redaction_corpus.positives import CONTEXTS, FORMATS, leaked, positives

MAX_FALSE_POSITIVE_RATE = 0.05


def test_corpus_is_as_large_as_promised() -> None:
    assert len(FORMATS) >= 25
    assert set(CONTEXTS) == {"json", "shell-history", "dotenv", "markdown", "url"}
    assert len(negatives()) >= 200
    assert len(handwritten()) >= 150  # most negatives are real-looking lines, not just generated ids


def test_every_positive_is_redacted_in_every_context() -> None:
    cases = positives(seeds=(1, 2, 3))
    missed = []
    for case in cases:
        out = redact_text(case.text).text
        if any(leaked(out, secret) for secret in case.secrets) or not MARKER.search(out):
            missed.append(f"{case.format} in {case.context}: {out[:200]!r}")
    recall = 1 - len(missed) / len(cases)
    print(
        f"\nredaction recall: {recall:.4f} on {len(cases)} positives ({len(FORMATS)} formats x {len(CONTEXTS)} contexts)"
    )
    assert not missed, "\n".join(missed[:20])


def test_false_positive_rate_on_realistic_negatives() -> None:
    cases = negatives()
    flagged = [(text, redact_text(text).text) for text in cases]
    flagged = [(a, b) for a, b in flagged if a != b]
    rate = len(flagged) / len(cases)
    print(f"\nredaction false positives: {len(flagged)}/{len(cases)} = {rate:.2%}")
    for before, after in flagged:
        print(f"  {before!r} -> {after!r}")
    assert rate < MAX_FALSE_POSITIVE_RATE


@pytest.mark.parametrize("text", generated())
def test_ids_hashes_and_short_base64_are_never_touched(text: str) -> None:
    # UUIDs, git SHAs, sha256 digests, record ids: the look-alikes a coding agent sees all day.
    assert redact_text(text).text == text


@pytest.mark.parametrize(
    "placeholder",
    [
        "OPENAI_API_KEY=sk-...",
        "token: <your-token>",
        "password = 'xxxx'",
        "DB_PASSWORD=changeme",
        "API_KEY=${API_KEY}",
        "export TOKEN=$TOKEN",
        "api_key = os.environ['OPENAI_API_KEY']",
        "SECRET_KEY=your_api_key_here",
        "password: '****'",
        "Authorization: Bearer <token>",
        "postgres://user:password@localhost/db",
        "AWS_ACCESS_KEY_ID=AKIAIOSFODNN7EXAMPLE",
    ],
)
def test_placeholders_are_not_secrets(placeholder: str) -> None:
    assert redact_text(placeholder).text == placeholder


def test_each_format_is_named_by_a_specific_rule_in_plain_text() -> None:
    """In plain text, a provider token is named by its provider's rule, not a generic fallback."""
    from tests.writeback.redaction_corpus.positives import Gen

    expected = {
        "github-classic-token": "github-token",
        "anthropic-key": "anthropic-key",
        "openai-key": "openai-key",
        "aws-access-key-id": "aws-access-key-id",
        "stripe-secret-key": "stripe-key",
        "jwt": "jwt",
        "picasso-recovery-string": "picasso-recovery-key",
        "pem-rsa-private-key": "private-key",
        "slack-bot-token": "slack-token",
        "gcp-api-key": "gcp-api-key",
    }
    for fmt, rule in expected.items():
        snippet, _ = FORMATS[fmt](Gen(fmt))
        assert {f.rule for f in redact_text(snippet).findings} == {rule}, fmt
