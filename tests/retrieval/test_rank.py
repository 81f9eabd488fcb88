"""The relevance gate: nothing is injected for a prompt memory knows nothing about, and a prompt
that touches a few memories, or names the workspace's own words, still gets them though its wording is loose."""

from __future__ import annotations

from datetime import UTC, datetime

from picasso_tui.retrieval.rank import LEXICAL_LIFT_MAX, Candidate, gate_depth, gate_for, gate_score, relevant
from picasso_tui.store.schema import MemoryRecord

FLOOR = 0.36


def cand(similarity: float, lexical: float = 0.0) -> Candidate:
    record = MemoryRecord.model_validate({"id": "mem_x", "body": "x", "metadata": {
        "class": "fact", "namespace": "account:local/global/facts",
        "createdAt": datetime(2026, 11, 1, tzinfo=UTC).isoformat(), "lastObservedAt": datetime(2026, 11, 1, tzinfo=UTC).isoformat()}})  # fmt: skip
    return Candidate(record, similarity=similarity, lexical=lexical)


MODEL = "all-minilm-l6-v2"
GATE = gate_for(MODEL)


def gate_open(similarities: list[float], lexical_scores: list[float], model_id: str) -> bool:
    return gate_score(similarities, lexical_scores) >= gate_for(model_id)


def test_the_gate_reads_the_best_few_matches_not_one_lucky_one() -> None:
    assert gate_open([GATE + 0.05, GATE, GATE - 0.05], [], MODEL)  # a task that touches a few memories
    assert not gate_open([GATE + 0.1, GATE - 0.2, GATE - 0.2], [], MODEL)  # one chance resemblance
    assert not gate_open([GATE - 0.01] * 3, [], MODEL)  # close in meaning, no shared words: shut


def test_shared_words_lift_a_loosely_worded_prompt_but_never_open_the_gate_alone() -> None:
    near = [GATE - 0.08] * 3
    assert not gate_open(near, [], MODEL)
    assert gate_open(near, [6.0, 5.0, 4.0], MODEL)  # names the workspace's own rare words
    assert not gate_open([GATE - LEXICAL_LIFT_MAX - 0.01] * 3, [1e6] * 3, MODEL)  # words alone never open it
    assert gate_score(near, [3.0] * 3) < gate_score(near, [9.0] * 3)


def test_a_prompt_in_words_memory_never_used_is_held_back() -> None:
    close = [GATE + 0.02] * 3
    assert gate_open(close, [], MODEL)
    assert gate_score(close, [], coverage=0.5) < gate_score(close, [], coverage=1.0)
    assert gate_score(close, [], coverage=0.0) < GATE  # close in meaning, but none of its words: a general question


def test_a_small_store_is_judged_on_as_many_matches_as_it_can_hold_on_one_topic() -> None:
    one_close = [GATE + 0.15, 0.0, -0.05]  # a prompt about one memory, beside two about other things
    assert gate_score(one_close, [], scope_size=3) >= GATE  # three memories in all: the best one decides
    assert gate_score(one_close, [], scope_size=1000) < GATE  # a large store: one lucky match is not enough
    assert [gate_depth(n) for n in (0, 3, 9, 10, 14, 15, 10_000)] == [1, 1, 1, 2, 2, 3, 3]
    assert gate_score([GATE - 0.05], [], scope_size=3) < GATE  # still needs a close match


def test_a_small_store_is_judged_on_what_it_has() -> None:
    assert gate_open([GATE + 0.01], [], MODEL)  # one memory, about the prompt: injected
    assert not gate_open([], [], MODEL)


def test_every_embedder_family_has_a_gate() -> None:
    assert gate_for("hash-v2-384") < GATE  # hash similarities run lower
    assert 0.0 < gate_for("text-embedding-3-small") < 1.0


def test_a_shut_gate_injects_nothing_even_an_exact_word_match() -> None:
    assert not relevant(cand(0.3, lexical=1.0), FLOOR, gate=False, best_similarity=0.3)


def test_with_the_gate_open_the_best_match_always_passes_and_weak_companions_do_not() -> None:
    best = FLOOR - 0.1  # the gate opened on the few best matches together, below the usual companion bar
    assert relevant(cand(best), FLOOR, gate=True, best_similarity=best)
    assert not relevant(cand(0.1), FLOOR, gate=True, best_similarity=best)
    bar = min(FLOOR * 0.75, best)
    assert relevant(cand(bar * 0.75, lexical=0.9), FLOOR, gate=True, best_similarity=best)  # an exact identifier
    assert not relevant(cand(bar * 0.5, lexical=0.9), FLOOR, gate=True, best_similarity=best)
