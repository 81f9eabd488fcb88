"""memory.json as read: its records as file-form dicts, and what the next read or write may reuse."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from picasso_tui.store.errors import DamagedRecord
from picasso_tui.store.schema import SCHEMA_VERSION

Lines = dict[bytes, dict[str, Any]]
"""A record's line in Picasso's one-record-per-line layout -> its dict."""


@dataclass
class RawDocument:
    """memory.json as read: records are file-form dicts keyed by id, in file order."""

    version: int = SCHEMA_VERSION
    records: dict[str, dict[str, Any]] = field(default_factory=dict)
    extra: dict[str, Any] = field(default_factory=dict)
    original: bytes = b""
    lines: dict[bytes, dict[str, Any]] = field(default_factory=dict)
    """Each record's line in ``original`` (our layout only), for incremental re-reads."""
    problems: dict[str, DamagedRecord] = field(default_factory=dict)
    """Records that break a limit on their shape (record_limits): kept in ``records`` so that they can
    be deleted, skipped by readers, and a reason for writes to refuse."""

    @property
    def migrated(self) -> bool:
        return self.version < SCHEMA_VERSION and bool(self.original)
