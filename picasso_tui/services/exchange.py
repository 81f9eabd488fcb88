"""Moving memories in and out whole: an export any device can import, and an import through the door."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

import orjson

from picasso_tui.store.api import ImportReport, MemoryStore
from picasso_tui.writeback.user_store import redaction_notice


def export_json(store: MemoryStore) -> tuple[bytes, int]:
    """Every memory as ``{"schemaVersion": 2, "records": [...]}``, indented for a human, and how many."""
    exported = store.export()
    return orjson.dumps(exported, option=orjson.OPT_INDENT_2) + b"\n", len(exported["records"])


@dataclass(frozen=True)
class Imported:
    report: ImportReport
    redaction_notice: str | None


def import_data(store: MemoryStore, data: bytes, source: Path) -> Imported:
    """Merge an export (or an old memory file) by record id, newer copies winning, every record through the door."""
    report = store.import_bytes(data, source)
    return Imported(report, redaction_notice(store))
