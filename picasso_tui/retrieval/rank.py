"""Fusing the signals and ranking: similarity, words, the workspace's own memories first, staleness;
the companions' floor.

    score = similarity + w_lex x lexical + w_ws x [the record is the current workspace's] + w_stale x staleness

``similarity`` is the best cosine over the query's parts, ``lexical`` the record's BM25 divided by the
prompt's best BM25 (so both run 0..1), and the workspace term a bonus for a memory of this workspace's own
namespace over an account-wide one (the language's style notes, ``global/``, model notes, an org's shared
memory), so that when both apply the workspace's own ranks first. w_lex and w_ws are chosen per embedder
family by leave-one-workspace-out on tests/eval (``tests/eval/run_eval.py --cross-validate``; figures in
docs/benchmarks.md, "Issue 15"), as is the relevance gate's coverage threshold (``gate.py``), which
decides once per prompt whether anything is injected at all.

Recency, pin and repo-rule weights were measured there too and are gone: fitted by the same procedure
they added nothing (a pin: the folds chose weight 0; recency: a different weight from fold to fold, on
synthetic timestamps; a rule bonus: +0.002 hit@3 once the staleness term is in). A pin keeps a memory
from eviction; it never promised a rank. Staleness stays as a safety rule (it changed nothing on that
set, whose staleness scores are all small): a memory the code has drifted from ranks lower, and a stale
one is left out unless it is a close match (``pipeline.STALE_MARGIN``).

Once the gate is open, the fused top ``LEAD`` are injected whatever their scores (a per-candidate floor
dropped labelled records that rank there on words with a low cosine: hit@3 -0.033), except that after the
first, one sharing no word with the prompt needs a companion's cosine (in a small store the third best is often
about something else entirely; on tests/eval: hit@3 unchanged, precision@3 +0.006 by leave-one-workspace-out);
beyond them,
companions join only above the floor (``relevant``), up to ``retrieval.topK``, then graph expansions.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field

from picasso_tui.store.schema import MemoryRecord


@dataclass(frozen=True)
class Tuning:
    """The constants chosen by leave-one-workspace-out, per embedder family."""

    lexical: float
    """w_lex: the weight of BM25 / the prompt's best BM25 beside the cosine (weight 1)."""
    workspace: float
    """w_ws: the bonus of a memory in the current workspace's own namespace."""
    coverage: float
    """The relevance gate's threshold on coverage, for a prompt no intent cue decided (``gate.py``)."""


# Chosen by `tests/eval/run_eval.py --embedder minilm --embedder hash --cross-validate` on all 20 workspaces: the
# grid point with the best hit@3 with the gate open (ties: precision@3), then the coverage threshold with the most
# hits at a false-injection rate <= 0.10, halfway between the two coverages either side (MiniLM: 3/7 and 4/9, hash:
# 4/9 and 5/11; any value between decides the same there). Leave-one-workspace-out picked the same in 12 (MiniLM)
# and 13 (hash) of 20 folds (docs/benchmarks.md, "Issue 15"). HTTP embedders take MiniLM's, not validated on one.
TUNINGS = {
    "all-minilm-l6-v2": Tuning(lexical=0.15, workspace=0.10, coverage=0.4365),
    "hash": Tuning(lexical=0.45, workspace=0.10, coverage=0.4495),
}
DEFAULT_TUNING = TUNINGS["all-minilm-l6-v2"]
STALENESS_WEIGHT = -0.25
LEAD = 3
"""Entries injected once the gate is open whatever their scores, if they share a word with the prompt (fewer when
``retrieval.topK`` is lower)."""

# Cosine below which a record is "about something else": the companions' floor beyond the lead. Embedders spread
# similarities differently, so it is per embedder family; calibrated on tests/eval (docs/benchmarks.md).
FLOORS = {"all-minilm-l6-v2": 0.36, "hash": 0.24}
DEFAULT_FLOOR = 0.35
INCLUDE_RATIO = 0.75
"""Companions beyond the lead need only this fraction of the floor: the gate already keeps unrelated prompts empty."""
EXPANSION_DECAY = 0.6


def tuning_for(model_id: str) -> Tuning:
    return next((v for k, v in TUNINGS.items() if model_id.startswith(k)), DEFAULT_TUNING)


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


def score(c: Candidate, tuning: Tuning, own: bool) -> None:
    """``own``: the record is in the current workspace's own namespace (``Scope.own``)."""
    md = c.record.metadata
    parts = {
        "similarity": c.similarity,
        "lexical": c.lexical,
        "workspace": 1.0 if own else 0.0,
        "staleness": md.staleness_score,
    }
    weights = {"similarity": 1.0, "lexical": tuning.lexical, "workspace": tuning.workspace,
               "staleness": STALENESS_WEIGHT}  # fmt: skip
    c.components = {k: round(v, 4) for k, v in parts.items()}
    c.score = sum(weights[k] * v for k, v in parts.items())
    if c.via is not None:
        c.score *= EXPANSION_DECAY


def relevant(c: Candidate, floor: float, best_similarity: float = 1.0) -> bool:
    """A companion beyond the lead: above a share of the floor on meaning (never above the best match),
    or an exact lexical match of weight (an identifier, a path) not far below it."""
    bar = min(floor * INCLUDE_RATIO, best_similarity)
    return c.similarity >= bar or (c.lexical >= 0.6 and c.similarity >= bar * 0.7)
