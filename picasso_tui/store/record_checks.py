"""The checks one raw record passes on every read: structural (cheap, every record) and full (pydantic,
one record where it is used), and the note of a record past a limit on its shape."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from pydantic import ValidationError

from picasso_tui.store import record_limits
from picasso_tui.store.document import RawDocument
from picasso_tui.store.errors import CorruptStore, DamagedRecord
from picasso_tui.store.schema import MemoryClass, MemoryRecord, parse_timestamp

CLASS_VALUES = frozenset(c.value for c in MemoryClass)


def check_record(item: dict[str, Any], path: Path, where: str) -> str:
    """The checks the merge, namespaces and retention depend on; returns the id."""
    rid = item.get("id")
    if not isinstance(rid, str) or not rid:
        raise CorruptStore(path, where, "a record has no id")
    where = f"{where} (id {rid})"
    md = item.get("metadata")
    if not isinstance(md, dict):
        raise CorruptStore(path, where, "the record has no metadata object")
    if md.get("class") not in CLASS_VALUES:
        raise CorruptStore(path, where, f"unknown memory class {md.get('class')!r}")
    if not isinstance(md.get("namespace"), str) or not md["namespace"]:
        raise CorruptStore(path, where, "the record has no namespace")
    if not isinstance(item.get("body", ""), str):
        raise CorruptStore(path, where, "the body is not text")
    try:
        parse_timestamp(md.get("lastObservedAt"))
    except (ValueError, TypeError):
        raise CorruptStore(path, where, "metadata.lastObservedAt is not an ISO-8601 time") from None
    attrs = md.get("attributes")
    if attrs is not None and not isinstance(attrs, dict):
        raise CorruptStore(path, where, "metadata.attributes is not an object")
    for key in ("deletedAt", "archivedAt"):  # they decide whether a record is live at all
        value = attrs.get(key) if attrs else None
        if value is not None:
            try:
                parse_timestamp(value)
            except (ValueError, TypeError):
                raise CorruptStore(path, where, f"metadata.attributes.{key} is not an ISO-8601 time") from None
    return rid


def to_record(raw: dict[str, Any], path: Path) -> MemoryRecord:
    """Full validation of one raw record; a failure names the record and the field."""
    try:
        return MemoryRecord.model_validate(raw)
    except ValidationError as exc:
        err = exc.errors()[0]
        loc = ".".join(str(p) for p in err["loc"]) or "the record"
        raise CorruptStore(path, f"record {raw.get('id')}", f"{loc}: {err['msg']}") from None


def note_problem(doc: RawDocument, data: bytes, path: Path, rid: str, item: dict[str, Any], line: bytes | None) -> None:
    """Name in ``doc.problems`` a record past a limit on its shape (``line``: its bytes, when known)."""
    reason = record_limits.problem(item, line)
    if reason is not None:
        doc.problems[rid] = DamagedRecord(path, rid, record_limits.line_number(data, rid), reason)
