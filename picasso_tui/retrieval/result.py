"""What a recall returns: the injected entries, why the other candidates were left out, and the block."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from picasso_tui.retrieval.gate import Gate
from picasso_tui.store.schema import MemoryRecord


@dataclass
class Entry:
    id: str
    record: MemoryRecord
    rank: int
    score: float
    components: dict[str, float]
    via: str | None = None

    def as_json(self) -> dict[str, Any]:
        return {
            "id": self.id,
            "class": self.record.memory_class.value,
            "namespace": self.record.metadata.namespace,
            "rank": self.rank,
            "score": round(self.score, 4),
            "components": self.components,
            **({"via": self.via} if self.via else {}),
        }


@dataclass
class RecallResult:
    entries: list[Entry] = field(default_factory=list)
    omitted: list[tuple[str, str]] = field(default_factory=list)
    block: str = ""
    embedder: str = ""
    timings_ms: dict[str, float] = field(default_factory=dict)
    note: str | None = None
    search: str = "exact"
    """How the vectors were searched: "exact" or "hnsw" (the graph, in resident processes at scale)."""
    gate: Gate | None = None
    """Whether anything was injected and why (the cue, or the coverage against its threshold)."""
    reader: str | None = None
    """What the reader (``retrieval.reader``) did to the ranking, in one line; None when none is configured."""

    def as_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {
            "entries": [e.as_json() for e in self.entries],
            "omitted": [{"id": rid, "reason": why} for rid, why in self.omitted],
            "block": self.block,
            "embedder": self.embedder,
            "search": self.search,
            "timings_ms": {k: round(v, 2) for k, v in self.timings_ms.items()},
        }
        if self.gate is not None:
            out["gate"] = self.gate.as_json()
        if self.reader is not None:
            out["reader"] = self.reader
        return out
