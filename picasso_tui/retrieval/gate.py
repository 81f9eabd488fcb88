"""The relevance gate: whether anything at all is injected for a prompt, decided once per prompt.

1. a task cue (``intent.py``: "fix ...", "where is ...", "before I push", "failing", "CI") opens it;
2. else an explanation, usage, comparison, review or writing cue shuts it: a prompt no memory of the
   workspace would change, in the workspace's own words or not. Nothing is searched, the model does not run;
3. else it opens when the prompt's **coverage** reaches the threshold of the embedder family
   (``rank.Tuning.coverage``): the share of the prompt's content words (``lexical.content_terms`` of its
   keywords) that at least one of its nearest memories in meaning uses (``BM25.coverage`` over the vector
   search's hits). A general question is mostly words memory never wrote; a prompt with no content words
   has coverage 1.

On tests/eval, by leave-one-workspace-out (docs/benchmarks.md, "Issue 15"), the cues carry most of it: no
score of the prompt's matches (cosine, BM25, their agreement) separates a nothing-applies prompt written in
the workspace's vocabulary from an answerable one, and coverage is the best of them.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any

from picasso_tui.retrieval import intent


@dataclass(frozen=True)
class Gate:
    open: bool
    needed: float
    """The coverage a prompt no cue decided needs."""
    cue: str | None = None
    """The intent cue that decided (``task`` opened it; ``explanation``, ``usage``, ... shut it), or None."""
    matched: str | None = None
    """The prompt's words that matched that cue."""
    coverage: float | None = None
    """The prompt's coverage; None when a cue shut the gate before anything was searched."""

    def as_json(self) -> dict[str, Any]:
        return {
            "open": self.open,
            "cue": self.cue,
            "matched": self.matched,
            "coverage": None if self.coverage is None else round(self.coverage, 4),
            "needed": self.needed,
        }


def by_cue(prompt: str, needed: float) -> Gate | None:
    """The gate as the prompt's intent cues decide it (before any search), or None when none does."""
    found = intent.deciding(prompt)
    if found is None:
        return None
    cue, matched = found
    return Gate(cue == "task", needed, cue, matched)


def by_coverage(coverage: float, needed: float, cued: Gate | None = None) -> Gate:
    """The gate once the prompt's coverage is known: as the cue decided it, if one did, else by coverage."""
    if cued is not None:
        return replace(cued, coverage=coverage)
    return Gate(coverage >= needed, needed, coverage=coverage)
