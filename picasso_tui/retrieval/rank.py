"""Fusing the signals and ranking: similarity, recency, staleness, pins; the relevance gate and floor.

The vector and lexical signals are fused linearly: cosine similarity plus BM25 scaled by the
query's best BM25 score (so both run 0..1). On the evaluation set this ranked better than
reciprocal rank fusion at every constant tried (hit@3 0.885 against at most 0.869 with MiniLM,
docs/benchmarks.md): ranks throw away how far apart two memories' scores are. The gate decides
once per prompt whether anything is injected at all; the floor which companions join.
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from dataclasses import dataclass, field
from datetime import datetime

from picasso_tui.store.schema import MemoryClass, MemoryRecord

RECENCY_HALF_LIFE_DAYS = 60.0
WEIGHTS = {"similarity": 0.65, "lexical": 0.3, "recency": 0.1, "pinned": 0.08, "rule": 0.05, "staleness": -0.25}
# Cosine below which a record is "about something else". Embedders spread similarities
# differently, so the floor is per embedder family; calibrated on tests/eval (docs/benchmarks.md).
FLOORS = {"all-minilm-l6-v2": 0.36, "hash": 0.24}
DEFAULT_FLOOR = 0.35
EXPANSION_DECAY = 0.6


def floor_for(model_id: str) -> float:
    return next((v for k, v in FLOORS.items() if model_id.startswith(k)), DEFAULT_FLOOR)


@dataclass
class Candidate:
    record: MemoryRecord
    similarity: float = 0.0
    lexical: float = 0.0
    via: str | None = None
    """Set when the record came in by graph expansion from this record id."""
    components: dict[str, float] = field(default_factory=dict)
    score: float = 0.0


def fuse(
    vector_hits: list[tuple[str, float]],
    lexical_hits: list[tuple[str, float]],
    records: Mapping[str, MemoryRecord],
) -> dict[str, Candidate]:
    """Both rankings into one candidate per record; a record that fails validation (damaged by
    another writer) is left out here, as every reader skips it."""
    out: dict[str, Candidate] = {}

    def candidate(rid: str) -> Candidate | None:
        if rid not in out:
            record = records.get(rid)
            if record is None:
                return None
            out[rid] = Candidate(record)
        return out[rid]

    top_lexical = lexical_hits[0][1] if lexical_hits else 1.0
    for rid, sim in vector_hits:
        if (c := candidate(rid)) is not None:
            c.similarity = sim
    for rid, score in lexical_hits:
        if (c := candidate(rid)) is not None:
            c.lexical = score / top_lexical if top_lexical else 0.0
    return out


def score(c: Candidate, now: datetime) -> None:
    md = c.record.metadata
    age_days = max(0.0, (now - md.last_observed_at).total_seconds() / 86400)
    parts = {
        "similarity": c.similarity,
        "lexical": c.lexical,
        "recency": math.exp(-math.log(2) * age_days / RECENCY_HALF_LIFE_DAYS),
        "pinned": 1.0 if md.pinned else 0.0,
        "rule": 1.0 if c.record.memory_class is MemoryClass.REPO_RULE else 0.0,
        "staleness": md.staleness_score if c.record.is_stale or md.staleness_score > 0 else 0.0,
    }
    c.components = {k: round(v, 4) for k, v in parts.items()}
    c.score = sum(WEIGHTS[k] * v for k, v in parts.items())
    if c.via is not None:
        c.score *= EXPANSION_DECAY


INCLUDE_RATIO = 0.75
"""Once the gate is open (the prompt is about something memory knows), companions need only this
fraction of the floor: the gate keeps unrelated prompts empty, the ratio keeps recall."""

GATES = {"all-minilm-l6-v2": 0.20, "hash": 0.14}
DEFAULT_GATE = 0.15
GATE_DEPTH = 3
LEXICAL_LIFT = 0.1
LEXICAL_LIFT_MAX = 0.2
UNKNOWN_WORDS_PENALTY = 0.3
"""Whether a prompt is about anything memory holds is decided once, for the prompt, before any record
is judged: the mean cosine of its ``GATE_DEPTH`` best matches (fewer in a small store), lifted by the
words it shares with them (``LEXICAL_LIFT`` x log(1 + mean BM25 of the best lexical matches), at most
``LEXICAL_LIFT_MAX``: words alone never open it), and lowered by ``UNKNOWN_WORDS_PENALTY`` x the share of its content
words that none of the memories nearest in meaning uses. Three matches, not one: a real task touches
a few memories a little, chat that merely sounds technical touches one by chance; and a general
question ("how do I prepare for a system design interview?") is mostly words memory never wrote.
Calibrated per embedder family on tests/eval for a false-injection rate well under 0.1
(docs/benchmarks.md, with a cross-validated figure)."""


def gate_for(model_id: str) -> float:
    return next((v for k, v in GATES.items() if model_id.startswith(k)), DEFAULT_GATE)


RECORDS_PER_MATCH = 5
"""A store holds about one memory on a topic per this many records, so a small one is judged on
fewer best matches (``gate_depth``): with three memories in all, the mean of the best three would
hold a prompt about one of them to the standard of three (tests/eval, stores cut to 2–10 records with
one labelled record kept: the gate opened for 0.32–0.65 of answerable prompts, now 0.65–0.76, and
for at most 0.01 of nothing-applies prompts; docs/benchmarks.md)."""


def gate_depth(scope_size: int | None) -> int:
    """How many of the best matches the gate averages, for a scope of ``scope_size`` live records."""
    if scope_size is None:
        return GATE_DEPTH
    return max(1, min(GATE_DEPTH, scope_size // RECORDS_PER_MATCH))


def gate_score(
    similarities: list[float], lexical_scores: list[float], coverage: float = 1.0, scope_size: int | None = None
) -> float:
    """``similarities`` and ``lexical_scores`` best first (the vector and BM25 rankings); ``coverage``
    the share of the prompt's content words found in the memories nearest in meaning; ``scope_size``
    how many records the prompt's scope holds (None: large)."""
    depth = gate_depth(scope_size)
    sims, words = similarities[:depth], lexical_scores[:depth]
    meaning = sum(sims) / len(sims) if sims else 0.0
    shared = sum(words) / len(words) if words else 0.0
    unknown = UNKNOWN_WORDS_PENALTY * (1.0 - coverage)
    return meaning + min(LEXICAL_LIFT_MAX, LEXICAL_LIFT * math.log1p(shared)) - unknown


def relevant(c: Candidate, floor: float, gate: bool = True, best_similarity: float = 1.0) -> bool:
    """With the gate open: above a share of the floor on meaning (never above the best match, which
    always passes), or an exact lexical match of weight (an identifier, a path). Gate shut: nothing."""
    if not gate:
        return False  # nothing memory holds is about this prompt: inject nothing at all
    bar = min(floor * INCLUDE_RATIO, best_similarity)
    return c.similarity >= bar or (c.lexical >= 0.6 and c.similarity >= bar * 0.7)
