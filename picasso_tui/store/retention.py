"""Retention (``gc``): what to archive, what to delete, and why (spec "Eviction and retention").

- pinned: never evicted;
- observed within 30 days: kept;
- staleness above 0.7 and not re-observed for 90 days: archived (out of retrieval and lists);
- archived for a year: deleted (a tombstone, so no older copy brings it back);
- tombstones: purged 30 days after deletion (every write does this too).
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import Literal

from picasso_tui.store.merge import TOMBSTONE_TTL
from picasso_tui.store.schema import STALE_THRESHOLD, MemoryRecord

ACTIVE_WINDOW = timedelta(days=30)
ARCHIVE_AFTER = timedelta(days=90)
DELETE_ARCHIVED_AFTER = timedelta(days=365)


@dataclass(frozen=True)
class GcAction:
    id: str
    action: Literal["archive", "delete", "purge"]
    reason: str


def plan(records: list[MemoryRecord], now: datetime) -> list[GcAction]:
    actions: list[GcAction] = []
    for r in records:
        md = r.metadata
        if r.is_tombstone:
            deleted = md.attributes.deleted_at
            if deleted is not None and now - deleted > TOMBSTONE_TTL:
                actions.append(GcAction(r.id, "purge", f"tombstone older than {TOMBSTONE_TTL.days} days"))
            continue
        if md.pinned:
            continue
        archived = md.attributes.archived_at
        if archived is not None:
            if now - archived > DELETE_ARCHIVED_AFTER:
                actions.append(GcAction(r.id, "delete", f"archived {(now - archived).days} days ago"))
            continue
        idle = now - md.last_observed_at
        if idle <= ACTIVE_WINDOW:
            continue
        if md.staleness_score > STALE_THRESHOLD and idle > ARCHIVE_AFTER:
            actions.append(
                GcAction(r.id, "archive", f"stale ({md.staleness_score:.2f}) and not observed for {idle.days} days")
            )
    return actions
