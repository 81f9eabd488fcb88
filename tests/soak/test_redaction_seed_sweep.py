"""Every seed of every secret format the property tests draw from, redacted one by one.

Out of the default run (about two minutes on two cores): hypothesis samples this space at random, so a
seed that leaks shows up in CI one day in many. Run it after touching the rules or the placeholder checks:
``.venv/bin/python -m pytest -q tests/soak``.
"""

from __future__ import annotations

import pytest

from picasso_tui.redact.redact import redact_text
from tests.writeback.redaction_corpus.positives import FORMATS, Gen, leaked

SEEDS = range(10_001)  # the same range as tests/writeback/test_redact_properties.py


@pytest.mark.parametrize("name", sorted(FORMATS))
def test_no_seed_of_a_format_leaks(name: str) -> None:
    leaks = []
    for seed in SEEDS:
        snippet, secrets = FORMATS[name](Gen(f"{name}/{seed}"))
        out = redact_text(snippet).text
        leaks += [(seed, s) for s in secrets if leaked(out, s)]
    assert not leaks, f"{name}: {len(leaks)} seeds leak, first {leaks[:3]}"
