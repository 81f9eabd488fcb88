"""The intent cues the relevance gate reads first: which prompts they open, which they shut, and that
the list is still the one written before the development set was read."""

from __future__ import annotations

import hashlib
import json

import pytest

from picasso_tui.retrieval import intent

COMMITTED = "dbfa2c4c6690da50e78381226cc2b976a637fb156b8439223bacad89cb5a4410"
"""SHA-256 of the cue list as committed in 8758f85 (tests/eval/research/intent.py), before any prompt of
tests/eval was read. Every figure in docs/benchmarks.md ("Issue 15") assumes this list: a cue added
after reading the set's misses would make them optimistic. Change it only with prompts from elsewhere,
and say so there."""


def test_the_cue_list_is_the_one_written_before_the_development_set_was_read() -> None:
    text = json.dumps(intent.CUES, sort_keys=True)
    assert hashlib.sha256(text.encode()).hexdigest() == COMMITTED


@pytest.mark.parametrize(
    ("prompt", "category"),
    [
        ("fix the flaky date test", "task"),
        ("where do the HTTP handlers live?", "task"),
        ("why did CI go red on my branch?", "task"),  # work on the repository wins over "why did"
        ("explain how the borrow checker works", "explanation"),
        ("as a user, how do I pin my project to Python 3.12?", "usage"),
        ("compare Loki and Elasticsearch for storing logs", "comparison"),
        ("is this a bug? I found this snippet from a tutorial", "review"),
        ("write a short blog post about mixed-precision training", "writing"),
    ],
)
def test_the_deciding_cue(prompt: str, category: str) -> None:
    found = intent.deciding(prompt)
    assert found is not None and found[0] == category
    assert found[1] and found[1] in " ".join(prompt.lower().split())  # the words that matched, to show


def test_a_prompt_with_no_cue_is_left_to_the_gate_s_coverage() -> None:
    assert intent.deciding("the migration broke again") == ("task", "broke")
    assert intent.deciding("reference pages: colour or color?") is None
    assert intent.deciding("hello there") is None
