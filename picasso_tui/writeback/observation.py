"""What a classifier rule yields: one candidate memory. Whether it is stored, and how (quarantined,
reinforcing an older record), is decided later by policy.py and reinforce.py."""

from __future__ import annotations

from dataclasses import dataclass, field

from picasso_tui.store.schema import MemoryClass
from picasso_tui.writeback.policy import ProvenanceKind

MAX_RULE_CHARS = 300
"""The most of one sentence or output line an observation quotes."""
UNFIXED = "unfixed"
"""The tag of a failure its run never showed fixed: a later run that shows the fix supersedes it (reinforce.py)."""


@dataclass
class Observation:
    cls: MemoryClass
    body: str
    kind: ProvenanceKind
    event_index: int | None = None
    language: str | None = None
    prevent_next_time: list[str] = field(default_factory=list)
    files: list[str] = field(default_factory=list)
    source_plan: str | None = None
    edges: list[dict[str, str]] = field(default_factory=list)
    tags: list[str] = field(default_factory=list)
    title: str | None = None
    confidence: float = 0.9
    rule: str = ""
    """Which classifier rule produced it (kept in attributes.tags-free form for events and tests)."""
