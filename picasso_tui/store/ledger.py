"""The deletion ledger, ``memory.json.deletions``: one JSON line per deleted record, never its text.

A tombstone in memory.json (or an id in its ``purgedIds``) stops an older copy from bringing a
deleted record back, but only while memory.json reads. When it is damaged, ``recover`` restores a
backup and salvages lines, either of which can hold a record deleted since. The ledger lives beside
the file, holds the id, the deletion time, the namespace and the class of each deletion, and is
appended under memory.json.lock by every write that makes tombstones, just before memory.json is
replaced (and cut back if the replace fails). ``recover`` applies it, whichever backup it used.

It is only ever appended to: a torn last line (a crash mid-append) is skipped when read.
"""

from __future__ import annotations

import contextlib
import os
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path
from typing import Any

import orjson

from picasso_tui.atomic import fsync_dir, fsync_file
from picasso_tui.store.codec import deleted_at, timestamp_of
from picasso_tui.store.merge import TOMBSTONE_TTL, raw_tombstone
from picasso_tui.store.schema import parse_timestamp


@dataclass(frozen=True)
class Deletion:
    id: str
    at: str
    """The tombstone's ``lastObservedAt`` (its deletion time): a copy observed later is a new fact."""
    namespace: str | None = None
    cls: str | None = None
    """Unknown (None) for ids that were already purged from memory.json when the ledger was seeded."""

    def line(self) -> bytes:
        return orjson.dumps({"id": self.id, "at": self.at, "namespace": self.namespace, "class": self.cls}) + b"\n"


def of_tombstone(raw: dict[str, Any]) -> Deletion:
    md = raw["metadata"]
    return Deletion(raw["id"], md["lastObservedAt"], md.get("namespace"), md.get("class"))


def seed(records: Mapping[str, dict[str, Any]], purged: Mapping[str, str]) -> list[Deletion]:
    """The deletions a file made before the ledger existed: its tombstones and purged ids."""
    out = [of_tombstone(raw) for raw in records.values() if deleted_at(raw) is not None]
    return out + [Deletion(rid, when) for rid, when in purged.items() if rid not in records]


def append(path: Path, deletions: Iterable[Deletion]) -> int:
    """Append (created 0600 on first use) and fsync; returns the size before, for ``cut_back``. On any
    failure the ledger is as it was (a file created here is removed again) and the error propagates."""
    data = b"".join(d.line() for d in deletions)
    created = not path.exists()
    fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_APPEND, 0o600)
    before = 0
    try:
        before = os.fstat(fd).st_size
        view = memoryview(data)
        while view:
            view = view[os.write(fd, view) :]
        fsync_file(fd)
        if created:
            fsync_dir(path.parent)
    except BaseException:
        with contextlib.suppress(OSError):  # half an append (a full disk) must not list half the deletions
            if created:
                path.unlink()
            else:
                os.ftruncate(fd, before)
        raise
    finally:
        os.close(fd)
    return before


def cut_back(path: Path, size: int) -> None:
    """Undo an ``append`` whose write then failed: the ledger holds only deletions that happened."""
    with contextlib.suppress(OSError):
        os.truncate(path, size)


def read(path: Path) -> dict[str, Deletion]:
    """The latest deletion of each id; unreadable lines (a torn append, another tool's) are skipped."""
    out: dict[str, Deletion] = {}
    try:
        data = path.read_bytes()
    except FileNotFoundError:
        return out
    for line in data.splitlines():
        try:
            item = orjson.loads(line)
            rid, at = item["id"], item["at"]
            when = parse_timestamp(at)
        except (orjson.JSONDecodeError, KeyError, TypeError, ValueError):
            continue
        if not isinstance(rid, str) or not rid:
            continue
        seen = out.get(rid)
        if seen is None or parse_timestamp(seen.at) < when:
            ns, cls = item.get("namespace"), item.get("class")
            out[rid] = Deletion(rid, at, ns if isinstance(ns, str) else None, cls if isinstance(cls, str) else None)
    return out


def apply(
    records: dict[str, dict[str, Any]], purged: dict[str, str], deletions: Mapping[str, Deletion], now: datetime
) -> list[str]:
    """Delete again, in ``records``, every copy observed no later than its recorded deletion; returns
    the ids whose live copy this removed. An id absent from ``records`` gets a tombstone (so that sync
    still spreads the deletion) or, once the tombstone would have been purged, a ``purgedIds`` entry."""
    removed = []
    for rid, deletion in deletions.items():
        at = parse_timestamp(deletion.at)
        raw = records.get(rid)
        if raw is None:
            if rid in purged:
                continue
            if now - at > TOMBSTONE_TTL or deletion.namespace is None or deletion.cls is None:
                purged[rid] = deletion.at
            else:
                shape = {"id": rid, "metadata": {"class": deletion.cls, "namespace": deletion.namespace}}
                records[rid] = raw_tombstone(shape, at)
        elif deleted_at(raw) is None and timestamp_of(raw) <= at:
            records[rid] = raw_tombstone(raw, at)
            removed.append(rid)
    return removed
