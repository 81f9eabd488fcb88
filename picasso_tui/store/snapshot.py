"""One consistent read of memory.json, its records validated on first use."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from picasso_tui.store.codec import RawDocument, deleted_at
from picasso_tui.store.errors import CorruptStore
from picasso_tui.store.schema import MemoryRecord

Validate = Callable[[dict[str, Any]], MemoryRecord]


class Snapshot:
    """One consistent read of the store; records validated on first use."""

    def __init__(self, validated: Validate, doc: RawDocument) -> None:
        """``validated``: the store's validation, which caches each record's model across reads."""
        self._validated = validated
        self.doc = doc
        self.unreadable: list[CorruptStore] = []
        """Records another writer damaged: skipped here, kept untouched in the file."""

    @property
    def version(self) -> int:
        return self.doc.version

    def raw(self) -> dict[str, dict[str, Any]]:
        return self.doc.records

    def get(self, rid: str) -> MemoryRecord | None:
        raw = self.doc.records.get(rid)
        if raw is not None and rid in self.doc.problems:
            raise self.doc.problems[rid]
        return None if raw is None else self._validated(raw)

    def records(self, keep: Callable[[dict[str, Any]], bool] | None = None) -> list[MemoryRecord]:
        """Live records (no tombstones), optionally pre-filtered on the raw dict to skip validation."""
        out = []
        self.unreadable = []
        problems = self.doc.problems
        for rid, raw in self.doc.records.items():
            if deleted_at(raw) is None and (keep is None or keep(raw)):
                try:
                    if rid in problems:
                        raise problems[rid]
                    out.append(self._validated(raw))
                except CorruptStore as exc:
                    self.unreadable.append(exc)
        return out

    def live_ids(self) -> list[str]:
        return [rid for rid, raw in self.doc.records.items() if deleted_at(raw) is None]
