"""Thresholds on another scanner's own test cases (secretlint, MIT; see tests/eval/secrets/).

The trufflehog figures need the fetched mirror and run outside the default suite:
``python tests/eval/secrets/run.py`` (docs/redaction.md, "Measured on other scanners' tests").
"""

from __future__ import annotations

from tests.eval.secrets.run import MAX_TOUCH, MIN_RECALL, VENDORED, load, score


def test_secretlint_positives_are_redacted_and_its_negatives_mostly_kept() -> None:
    doc = load(VENDORED)
    assert doc["source"] == "secretlint" and "MIT" in doc["license"]
    total, _ = score(doc["cases"])
    print(f"\nsecretlint: {total.caught}/{total.positives} redacted, {total.touched}/{total.negatives} touched")
    assert total.positives >= 50 and total.negatives >= 40
    assert total.recall >= MIN_RECALL, total.misses
    assert total.touch_rate <= MAX_TOUCH, total.touches
