"""Ranking and the relevance gate: the workspace's own memories rank above account-wide ones when both
apply, a stale memory ranks lower; the gate opens on a task cue, shuts on a no-memory cue before anything
is searched, and otherwise reads how many of the prompt's words nearby memories use."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from picasso_tui.retrieval.gate import by_coverage, by_cue
from picasso_tui.retrieval.rank import Candidate, Tuning, relevant, score, tuning_for
from picasso_tui.store.schema import MemoryRecord

FLOOR = 0.36
MODEL = "all-minilm-l6-v2"
TUNING = tuning_for(MODEL)
NEEDED = TUNING.coverage


def cand(similarity: float, lexical: float = 0.0, namespace: str = "account:local/global/facts", **md) -> Candidate:
    when = datetime(2026, 11, 1, tzinfo=UTC).isoformat()
    record = MemoryRecord.model_validate({"id": "mem_x", "body": "x", "metadata": {
        "class": "fact", "namespace": namespace, "createdAt": when, "lastObservedAt": when, **md}})  # fmt: skip
    return Candidate(record, similarity=similarity, lexical=lexical)


def scored(c: Candidate, own: bool = False, tuning: Tuning = TUNING) -> float:
    score(c, tuning, own)
    return c.score


def test_the_workspace_s_own_memory_ranks_above_an_account_wide_one_that_matches_as_well() -> None:
    own = scored(cand(0.50, 0.8), own=True)
    account_wide = scored(cand(0.50, 0.8))
    assert own > account_wide
    assert own - account_wide == pytest.approx(TUNING.workspace)
    # a bonus, not a wall: an account-wide memory that is plainly the better match still comes first
    assert scored(cand(0.50 + TUNING.workspace + 0.05, 0.8)) > own


def test_the_score_is_similarity_plus_weighted_words_and_says_so() -> None:
    c = cand(0.40, 0.5)
    score(c, Tuning(lexical=0.2, workspace=0.1, coverage=0.5), own=True)
    assert c.score == pytest.approx(0.40 + 0.2 * 0.5 + 0.1)
    assert c.components == {"similarity": 0.4, "lexical": 0.5, "workspace": 1.0, "staleness": 0.0}


def test_a_memory_the_code_drifted_from_ranks_lower() -> None:
    assert scored(cand(0.5, stalenessScore=0.8)) < scored(cand(0.5))


def test_a_pin_no_longer_moves_the_rank() -> None:
    """Pins keep a memory from eviction (docs/cli.md); measured on tests/eval, a pin weight changed no
    ranking (docs/benchmarks.md, "Issue 15"), so it is not part of the score."""
    assert scored(cand(0.5, pinned=True)) == scored(cand(0.5))


def test_every_embedder_family_has_its_constants() -> None:
    assert tuning_for("hash-v2-384") != TUNING  # fitted on its own: hash similarities run lower
    assert tuning_for("text-embedding-3-small") == TUNING  # HTTP embedders take MiniLM's
    assert 0.0 < TUNING.coverage < 1.0


def test_companions_beyond_the_lead_need_the_floor_or_an_exact_word_match() -> None:
    best = FLOOR - 0.1
    assert relevant(cand(best), FLOOR, best_similarity=best)  # the best match always passes
    assert not relevant(cand(0.1), FLOOR, best_similarity=best)
    bar = min(FLOOR * 0.75, best)
    assert relevant(cand(bar * 0.75, lexical=0.9), FLOOR, best_similarity=best)  # an exact identifier
    assert not relevant(cand(bar * 0.5, lexical=0.9), FLOOR, best_similarity=best)


def test_a_task_cue_opens_the_gate_whatever_the_coverage() -> None:
    cued = by_cue("fix the flaky date test", NEEDED)
    assert cued is not None and cued.open and cued.cue == "task" and cued.matched == "fix"
    gate = by_coverage(0.0, NEEDED, cued)  # none of its words in memory: still open
    assert gate.open and gate.coverage == 0.0 and gate.cue == "task"


def test_a_no_memory_cue_shuts_the_gate_before_any_search() -> None:
    for prompt, cue in [
        ("why does the router wire every HTTP handler by hand?", "explanation"),
        ("as a user, how do I pin my project to Python 3.12?", "usage"),
        ("compare Vitest and Jest for this kind of project", "comparison"),
        ("write a blog post about our HTTP handlers", "writing"),
    ]:
        gate = by_cue(prompt, NEEDED)
        assert gate is not None and not gate.open and gate.cue == cue, prompt
        assert gate.coverage is None  # decided before anything was searched


def test_without_a_cue_coverage_decides() -> None:
    assert by_cue("reference pages: colour or color?", NEEDED) is None
    assert by_coverage(NEEDED, NEEDED).open
    assert not by_coverage(NEEDED - 0.01, NEEDED).open
    assert by_coverage(1.0, NEEDED).as_json() == {
        "open": True, "cue": None, "matched": None, "coverage": 1.0, "needed": NEEDED,
    }  # fmt: skip
