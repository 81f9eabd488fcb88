"""The JSON every front end answers with: ``picasso memory … --json`` and the helper's API print the same shapes,
built here once (camelCase, like memory.json)."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from picasso_tui.store import retention
from picasso_tui.store.api import ImportReport
from picasso_tui.store.schema import MemoryRecord


def records_json(records: Iterable[MemoryRecord]) -> list[dict[str, Any]]:
    """``memory list --json``: each record as memory.json holds it."""
    return [r.file_form for r in records]


def record_json(record: MemoryRecord) -> dict[str, Any]:
    """``memory inspect --json``."""
    return record.file_form


def import_json(report: ImportReport) -> dict[str, Any]:
    """``memory import --json``: the ids added, updated and skipped, and the secrets redacted on the way in."""
    return {"added": report.added, "updated": report.updated, "skipped": report.skipped, "redacted": report.redactions}


def gc_json(actions: list[retention.GcAction], dry_run: bool) -> dict[str, Any]:
    """``memory gc --json``: what was (or would be) archived, deleted and purged, and why."""
    return {"dryRun": dry_run, "actions": [a.__dict__ for a in actions]}
