"""What a writer hands the file store: operations (deltas, never a whole document) and what came of them."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Literal

from picasso_tui.store.ingress import Refused
from picasso_tui.store.schema import MemoryRecord

Outcome = Literal["added", "updated", "unchanged", "skipped", "deleted", "refused"]
Refusals = Literal["all", "each"]
"""``all``: one refused record refuses the whole write (a user's import); ``each``: refused records are
left out and reported, the rest lands (a repository's file, a sync pull)."""


@dataclass(frozen=True)
class Upsert:
    """A writer's copy of a record; it lands only if it wins the per-id merge."""

    record: MemoryRecord


@dataclass(frozen=True)
class Delete:
    id: str


@dataclass(frozen=True)
class Change:
    """A user's change, applied to the copy re-read under the lock (never to a stale one)."""

    id: str
    apply: Callable[[MemoryRecord], MemoryRecord]
    stamp: bool = True
    """A user's change is stamped "observed now" so that it wins; gc's archiving is not."""


Op = Upsert | Delete | Change


def op_id(op: Op) -> str:
    return op.record.id if isinstance(op, Upsert) else op.id


@dataclass
class WriteResult:
    outcomes: list[tuple[str, Outcome]] = field(default_factory=list)
    purged: list[str] = field(default_factory=list)
    written: bool = False
    backup: str | None = None
    records: dict[str, MemoryRecord] = field(default_factory=dict)
    """The records as the door admitted them (redacted, maybe quarantined), by id."""
    redactions: dict[str, int] = field(default_factory=dict)
    """Secrets the door replaced, counted by rule."""
    quarantined: dict[str, str] = field(default_factory=dict)
    """Records the door held for review, with the reason."""
    refused: dict[str, Refused] = field(default_factory=dict)
    deleted: list[str] = field(default_factory=list)
    """Ids this write turned into tombstones (by Delete, or a winning tombstone from elsewhere)."""

    def ids(self, *kinds: Outcome) -> list[str]:
        return [rid for rid, kind in self.outcomes if kind in kinds]
