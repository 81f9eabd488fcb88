"""The relevance gate: nothing is injected for a prompt memory knows nothing about, and a prompt
that names the workspace's own rare words still gets its memories though its wording is loose."""

from __future__ import annotations

from datetime import UTC, datetime

from picasso_tui.retrieval.rank import LEXICAL_GATE, LEXICAL_MARGIN, Candidate, gate_open, relevant
from picasso_tui.store.schema import MemoryRecord

FLOOR = 0.36


def cand(similarity: float, lexical: float = 0.0) -> Candidate:
    record = MemoryRecord.model_validate({"id": "mem_x", "body": "x", "metadata": {
        "class": "fact", "namespace": "account:local/global/facts",
        "createdAt": datetime(2026, 11, 1, tzinfo=UTC).isoformat(), "lastObservedAt": datetime(2026, 11, 1, tzinfo=UTC).isoformat()}})  # fmt: skip
    return Candidate(record, similarity=similarity, lexical=lexical)


def test_the_gate_opens_on_meaning_or_on_meaning_nearly_plus_rare_shared_words() -> None:
    assert gate_open(FLOOR, 0.0, FLOOR)
    assert not gate_open(FLOOR - 0.01, 0.0, FLOOR)  # close in meaning, no shared words: shut
    assert gate_open(FLOOR - LEXICAL_MARGIN, LEXICAL_GATE, FLOOR)  # loosely worded, names rare workspace terms
    assert not gate_open(FLOOR - LEXICAL_MARGIN - 0.01, 100.0, FLOOR)  # words alone never open it
    assert not gate_open(FLOOR - 0.05, LEXICAL_GATE - 0.1, FLOOR)


def test_a_shut_gate_injects_nothing_even_an_exact_word_match() -> None:
    assert not relevant(cand(0.3, lexical=1.0), FLOOR, gate=False, best_similarity=0.3)


def test_with_the_gate_open_the_best_match_always_passes_and_weak_companions_do_not() -> None:
    best = FLOOR - LEXICAL_MARGIN  # opened through the lexical route, below the usual companion bar
    assert relevant(cand(best), FLOOR, gate=True, best_similarity=best)
    assert not relevant(cand(0.1), FLOOR, gate=True, best_similarity=best)
    bar = min(FLOOR * 0.75, best)
    assert relevant(cand(bar * 0.75, lexical=0.9), FLOOR, gate=True, best_similarity=best)  # an exact identifier
    assert not relevant(cand(bar * 0.5, lexical=0.9), FLOOR, gate=True, best_similarity=best)
