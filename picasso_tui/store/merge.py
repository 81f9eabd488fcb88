"""The per-id join of two copies of the store (DESIGN §4).

Newest ``lastObservedAt`` wins; on a tie a tombstone wins, then the larger content
hash. A total order on copies makes the join commutative, associative and
idempotent, so every writer and every device converges on the same file.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from datetime import datetime, timedelta
from typing import Any

from picasso_tui.store.schema import MemoryRecord, format_timestamp, parse_timestamp

TOMBSTONE_TTL = timedelta(days=30)


def precedence(record: MemoryRecord) -> tuple[datetime, bool, str]:
    return (record.metadata.last_observed_at, record.is_tombstone, record.content_hash)


def merge_record(a: MemoryRecord, b: MemoryRecord) -> MemoryRecord:
    """The copy of one id that survives when two meet."""
    if a.id != b.id:
        raise ValueError(f"cannot merge {a.id} with {b.id}")
    return a if precedence(a) >= precedence(b) else b


def merge_maps(a: Mapping[str, MemoryRecord], b: Mapping[str, MemoryRecord]) -> dict[str, MemoryRecord]:
    out = dict(a)
    for rid, theirs in b.items():
        ours = out.get(rid)
        out[rid] = theirs if ours is None else merge_record(ours, theirs)
    return out


def merge_all(copies: Iterable[Mapping[str, MemoryRecord]]) -> dict[str, MemoryRecord]:
    out: dict[str, MemoryRecord] = {}
    for copy in copies:
        out = merge_maps(out, copy)
    return out


def tombstone_of(record: MemoryRecord, at: datetime) -> MemoryRecord:
    """The tombstone that replaces ``record``: the content is gone at once."""
    md = {"class": record.memory_class.value, "namespace": record.metadata.namespace}
    return MemoryRecord.model_validate(raw_tombstone({"id": record.id, "metadata": md}, at))


def raw_tombstone(raw: dict[str, Any], at: datetime) -> dict[str, Any]:
    """The file form of a tombstone: id, class, namespace, deletion time; nothing else survives."""
    when = format_timestamp(parse_timestamp(at))
    md = raw["metadata"]
    return {
        "id": raw["id"],
        "vector": [],
        "body": "",
        "metadata": {
            "class": md["class"],
            "namespace": md["namespace"],
            "lastObservedAt": when,
            "attributes": {"deletedAt": when},
        },
    }
