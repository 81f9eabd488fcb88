"""Tombstones older than 30 days leave memory.json; their ids and deletion times stay behind."""

from __future__ import annotations

from datetime import datetime
from typing import Any

from picasso_tui.store.codec import deleted_at
from picasso_tui.store.merge import TOMBSTONE_TTL
from picasso_tui.store.schema import parse_timestamp

PURGED_KEY = "purgedIds"
"""Top-level map of id -> deletion time for tombstones purged after 30 days: ids and times only,
no content, so that an older copy (an old export, a stale writer) can never bring a record back."""


def purged_ids(extra: dict[str, Any]) -> dict[str, str]:
    value = extra.get(PURGED_KEY)
    if not isinstance(value, dict):
        return {}
    out = {}
    for rid, when in value.items():
        try:
            parse_timestamp(when)
        except (ValueError, TypeError):
            continue  # an entry another writer damaged protects nothing; drop it
        out[rid] = when
    return out


def purge_expired(records: dict[str, dict[str, Any]], purged: dict[str, str], now: datetime) -> list[str]:
    """Move the expired tombstones out of ``records`` into ``purged``; returns their ids."""
    gone = [rid for rid, raw in records.items() if _expired(raw, now)]
    for rid in gone:
        purged[rid] = records[rid]["metadata"]["attributes"]["deletedAt"]
        del records[rid]
    return gone


def with_purged(extra: dict[str, Any], purged: dict[str, str]) -> dict[str, Any]:
    """The document's top-level fields with ``purged`` as its purged ids (left out when empty)."""
    return {**extra, PURGED_KEY: purged} if purged else {k: v for k, v in extra.items() if k != PURGED_KEY}


def _expired(raw: dict[str, Any], now: datetime) -> bool:
    deleted = deleted_at(raw)
    return deleted is not None and now - deleted > TOMBSTONE_TTL
