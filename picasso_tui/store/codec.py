"""Reading and writing the bytes of memory.json: parse, migrate v0/v1, refuse newer, encode.

The write path never runs full pydantic validation over every record (it costs
~40 µs a record, which alone would blow the 150 ms write budget at 10k records):
records stay as the dicts orjson produced, checked (``record_checks``) for the fields
the merge and the namespaces rely on, and are validated one by one where they are used.
Older schemas are migrated by ``migration``; a file in our own one-record-per-line layout
is re-read incrementally by ``line_layout``.
"""

from __future__ import annotations

import gc
from collections.abc import Iterator
from contextlib import contextmanager
from datetime import datetime
from pathlib import Path
from typing import Any

import orjson

from picasso_tui.store import record_limits
from picasso_tui.store.document import Lines, RawDocument
from picasso_tui.store.errors import CorruptStore, DamagedRecord, InvalidRecord, NewerSchema
from picasso_tui.store.line_layout import decode_changed_lines, lines_of, record_lines
from picasso_tui.store.migration import MigrationContext, migrate_item
from picasso_tui.store.record_checks import check_record, note_problem, to_record
from picasso_tui.store.schema import SCHEMA_VERSION, parse_timestamp


@contextmanager
def gc_paused() -> Iterator[None]:
    """orjson builds ~30 objects a record; letting the collector scan them all triples a parse."""
    enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if enabled:
            gc.enable()


def decode(
    data: bytes,
    path: Path,
    ctx: MigrationContext,
    known: Lines | None = None,
    known_problems: dict[str, DamagedRecord] | None = None,
) -> RawDocument:
    """Parse the bytes of a memory file of any known schema into the v2 form.

    ``known`` maps record lines already parsed (from the previous read or write) to their dicts:
    a file in Picasso's own one-record-per-line layout is then re-read by parsing only the lines
    another writer added or changed, which is what keeps a write at 10k records inside its budget.
    ``known_problems`` are the previous read's ``problems``, carried for the lines it parsed.
    """
    if known is not None:
        fast = decode_changed_lines(data, path, known, known_problems or {})
        if fast is not None:
            return fast
    version, items, extra = _envelope(_parse(data, path), path)
    records = _checked_records(items, version, ctx, path)
    doc = RawDocument(version=version, records=records, extra=extra, original=data)
    if version == SCHEMA_VERSION:
        doc.lines = lines_of(data, items)
    _note_problems(doc, data, path)
    return doc


def _parse(data: bytes, path: Path) -> Any:
    """The JSON in ``data``; anything that is not, or that we refuse to guess at, is named where it fails."""
    if not data.strip():
        raise CorruptStore(path, "byte 0", "the file is empty")
    if data.startswith(b"\xef\xbb\xbf"):
        raise CorruptStore(path, "byte 0", "the file starts with a byte-order mark")
    try:
        with gc_paused():
            return orjson.loads(data)
    except orjson.JSONDecodeError as exc:
        try:
            data.decode("utf-8")
        except UnicodeDecodeError as bad:
            raise CorruptStore(path, f"byte {bad.start}", "not valid UTF-8") from None
        raise CorruptStore(
            path, f"line {exc.lineno}, column {exc.colno} (byte {exc.pos})", f"not valid JSON: {exc.msg}"
        ) from None


def _envelope(top: Any, path: Path) -> tuple[int, list[Any], dict[str, Any]]:
    """(schema version, the records, the other top-level fields) of a file of any known schema."""
    if isinstance(top, list):
        version, items, extra = 0, top, {}
    elif isinstance(top, dict):
        version, items, extra = _versioned_envelope(top, path)
    else:
        raise CorruptStore(path, "the top level", "expected an object or an array")
    if not isinstance(items, list):
        raise CorruptStore(path, "the top level", "the records are not an array")
    return version, items, extra


def _versioned_envelope(top: dict[str, Any], path: Path) -> tuple[int, Any, dict[str, Any]]:
    if "schemaVersion" in top:
        version = top["schemaVersion"]
        if type(version) is not int or version < 2:
            raise CorruptStore(path, "schemaVersion", f"unknown schema version {version!r}")
        if version > SCHEMA_VERSION:
            raise NewerSchema(path, version)
        extra = {k: v for k, v in top.items() if k not in ("schemaVersion", "records")}
        return version, top.get("records"), extra
    if top.get("version") == 1 and "entries" in top:
        return 1, top["entries"], {}
    raise CorruptStore(path, "the top level", "an object without schemaVersion 2 or version 1 entries")


def _checked_records(items: list[Any], version: int, ctx: MigrationContext, path: Path) -> dict[str, dict[str, Any]]:
    """The records by id, each migrated to v2 and structurally checked; an id may appear once."""
    records: dict[str, dict[str, Any]] = {}
    for index, item in enumerate(items):
        where = f"record {index + 1}"
        if not isinstance(item, dict):
            raise CorruptStore(path, where, "a record is not an object")
        if version < SCHEMA_VERSION:
            item = migrate_item(item, version, ctx, path, where)
        rid = check_record(item, path, where)
        if rid in records:
            raise CorruptStore(path, where, f"the id {rid} appears twice")
        records[rid] = item
    return records


def _note_problems(doc: RawDocument, data: bytes, path: Path) -> None:
    """Name the records past a limit on their shape, by their lines when the layout gives them."""
    if doc.lines:
        limit = record_limits.MAX_DEPTH
        for line, item in doc.lines.items():  # the cheap test first: this runs over every line of every read
            if line.count(b"{") + line.count(b"[") > limit or len(line) > record_limits.MAX_RECORD_BYTES:
                note_problem(doc, data, path, item["id"], item, line)
    else:
        for rid, item in doc.records.items():
            note_problem(doc, data, path, rid, item, None)


def record_spans(doc: RawDocument) -> dict[str, tuple[int, int]] | None:
    """Where each record's JSON lies in ``doc.original``, as (start, end) byte offsets, when the file
    is in Picasso's one-record-per-line layout (None in any other): a reader holding the same bytes
    can then decode one record without the others."""
    split = record_lines(doc.original)
    if split is None or not doc.lines:
        return None
    head, body = split
    spans: dict[str, tuple[int, int]] = {}
    at = len(head) + 1
    for line in body:
        item = doc.lines.get(line)
        if item is None:
            return None
        spans[item["id"]] = (at, at + len(line))
        at += len(line) + 2  # the comma and the newline (the last line's have no successor to shift)
    return spans


def encode(doc: RawDocument, known: Lines | None = None) -> bytes:
    """One record per line, in id order (time order for ULIDs): diffable, greppable, salvageable
    after a torn copy, and the same records give the same bytes whatever order they arrived in.

    Records whose dict is one of ``known``'s reuse their line instead of being serialised again;
    ``doc.lines`` is set to the lines written, for the next read."""
    head = b'{"schemaVersion":2'
    if doc.extra:
        head += b"," + orjson.dumps(doc.extra)[1:-1]
    records = doc.records
    reuse = {id(item): line for line, item in known.items()} if known else {}
    out: list[bytes] = []
    lines: Lines = {}
    for rid in sorted(records):
        item = records[rid]
        line = reuse.get(id(item)) or _encoded(rid, item)
        out.append(line)
        lines[line] = item
    doc.lines = lines
    body = b",\n".join(out)
    return head + b',"records":[\n' + body + (b"\n" if body else b"") + b"]}\n"


def _encoded(rid: str, item: dict[str, Any]) -> bytes:
    """A record's line, refusing one that the next reader would have to set aside."""
    try:
        line = orjson.dumps(item)
    except orjson.JSONEncodeError as exc:
        raise InvalidRecord(f"Memory {rid} cannot be encoded as JSON ({exc}); nothing was written.") from None
    reason = record_limits.problem(item, line)
    if reason is not None:
        raise InvalidRecord(f"Memory {rid} cannot be written: {reason}; nothing was written.")
    return line


def salvage(data: bytes, path: Path, ctx: MigrationContext) -> dict[str, dict[str, Any]]:
    """Whole records still readable in a damaged file (our encoder writes one per line); a record that
    breaks a limit on its shape (record_limits) is left in the damaged file, not brought back."""
    found: dict[str, dict[str, Any]] = {}
    for line in data.splitlines():
        line = line.strip().rstrip(b",")
        if not line.startswith(b"{") or b'"metadata"' not in line:
            continue
        try:
            item = orjson.loads(line)
            rid = check_record(item, path, "a salvaged line")
            if record_limits.problem(item, line) is not None:
                continue
            to_record(item, path)
        except (orjson.JSONDecodeError, CorruptStore):
            continue
        found[rid] = item
    return found


def timestamp_of(raw: dict[str, Any], key: str = "lastObservedAt") -> datetime:
    return parse_timestamp(raw["metadata"][key])


def deleted_at(raw: dict[str, Any]) -> datetime | None:
    attrs = raw["metadata"].get("attributes")
    value = attrs.get("deletedAt") if attrs else None
    return parse_timestamp(value) if value else None
