"""Picasso's own layout of memory.json, one record per line, and the re-read it allows: a file in it is
decoded again by parsing only the lines another writer added or changed."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import orjson

from picasso_tui.store import record_limits
from picasso_tui.store.document import Lines, RawDocument
from picasso_tui.store.errors import DamagedRecord
from picasso_tui.store.record_checks import check_record, note_problem
from picasso_tui.store.schema import SCHEMA_VERSION


def record_lines(data: bytes) -> tuple[bytes, list[bytes]] | None:
    """The head line and the record lines of a file in our layout (None for any other layout)."""
    lines = data.split(b"\n")
    if len(lines) < 3 or lines[-1] != b"" or lines[-2] != b"]}" or not lines[0].startswith(b'{"schemaVersion":2'):
        return None
    if not lines[0].endswith(b'"records":['):
        return None
    body = lines[1:-2]
    if any(not line.endswith(b",") for line in body[:-1]) or (body and body[-1].endswith(b",")):
        return None
    return lines[0], [line[:-1] for line in body[:-1]] + body[-1:]


def lines_of(data: bytes, items: list[Any]) -> Lines:
    """Each of ``items`` by its line in ``data`` (empty when ``data`` is not in our layout)."""
    split = record_lines(data)
    if split is None or len(split[1]) != len(items):
        return {}
    return dict(zip(split[1], items, strict=True))


def decode_changed_lines(
    data: bytes, path: Path, known: Lines, known_problems: dict[str, DamagedRecord]
) -> RawDocument | None:
    """``data`` decoded reusing the dicts of ``known`` lines; None when it takes the full decode."""
    split = record_lines(data)
    if split is None:
        return None
    head, body = split
    try:
        top = orjson.loads(head + b"]}")
    except orjson.JSONDecodeError:
        return None
    if not isinstance(top, dict) or top.get("schemaVersion") != SCHEMA_VERSION or top.get("records") != []:
        return None  # anything unusual takes the full path, which reports it precisely
    records: dict[str, dict[str, Any]] = {}
    lines: Lines = {}
    fresh: list[tuple[bytes, dict[str, Any]]] = []
    for index, line in enumerate(body):
        item = known.get(line)
        if item is None:
            try:
                item = orjson.loads(line)
            except orjson.JSONDecodeError:
                return None
            if not isinstance(item, dict):
                return None
            check_record(item, path, f"record {index + 1}")
            fresh.append((line, item))
        rid = item["id"]
        if rid in records:
            return None
        records[rid] = item
        lines[line] = item
    extra = {k: v for k, v in top.items() if k not in ("schemaVersion", "records")}
    doc = RawDocument(version=SCHEMA_VERSION, records=records, extra=extra, original=data)
    doc.lines = lines
    # A line parsed before is the same bytes, so it has the same problem (or none): only new lines are checked.
    fresh_ids = {item["id"] for _, item in fresh}
    for rid, problem in known_problems.items():
        if rid in records and rid not in fresh_ids:
            doc.problems[rid] = DamagedRecord(path, rid, record_limits.line_number(data, rid), problem.reason)
    for line, item in fresh:
        note_problem(doc, data, path, item["id"], item, line)
    return doc
