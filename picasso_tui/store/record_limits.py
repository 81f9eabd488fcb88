"""Limits on the shape of one record in memory.json, whoever wrote it.

Another writer's record nested hundreds of levels deep reads fine yet cannot be written back
(orjson stops encoding at 254 levels), so it would wedge every write with an obscure error; a huge
one slows every reader. Such a record is named where it is read (``codec.decode``): readers skip it,
writes refuse with a sentence naming it and the fix, and ``recover`` sets it aside.
"""

from __future__ import annotations

from typing import Any

import orjson
from pydantic import BaseModel

MAX_DEPTH = 32
"""Nesting levels of one record (the record itself is level 1); Picasso's own records use 5."""
MAX_RECORD_BYTES = 1024 * 1024
"""Encoded size of one record: a 64 KiB body with every character escaped still fits."""


def depth(value: Any) -> int:
    """How deeply ``value`` nests objects and arrays (iterative: no recursion limit to hit). A pydantic
    model counts as an object, so a record can be measured before anything serialises it."""
    deepest = 0
    stack = [(value, 1)]
    while stack:
        item, level = stack.pop()
        if isinstance(item, BaseModel):
            item = {**item.__dict__, **(item.model_extra or {})}
        if isinstance(item, dict):
            children: Any = item.values()
        elif isinstance(item, list):
            children = item
        else:
            continue
        deepest = max(deepest, level)
        if level <= MAX_DEPTH:  # past the limit the exact figure does not matter
            stack.extend((child, level + 1) for child in children if isinstance(child, dict | list | BaseModel))
    return deepest


def problem(item: dict[str, Any], line: bytes | None = None) -> str | None:
    """Why ``item`` breaks a limit, or None. ``line`` (its bytes in the file, when known) makes the
    common case cheap: a line with no more brackets than the depth limit cannot nest deeper."""
    if line is not None:
        if len(line) > MAX_RECORD_BYTES:
            return f"the record is {len(line):,} bytes long, above the limit of {MAX_RECORD_BYTES:,}"
        if line.count(b"{") + line.count(b"[") <= MAX_DEPTH:
            return None
    if depth(item) > MAX_DEPTH:
        return f"the record nests values more than {MAX_DEPTH} levels deep, the limit"
    if line is None:
        try:
            size = len(orjson.dumps(item))
        except orjson.JSONEncodeError as exc:
            return f"the record cannot be encoded as JSON ({exc})"
        if size > MAX_RECORD_BYTES:
            return f"the record is {size:,} bytes long, above the limit of {MAX_RECORD_BYTES:,}"
    return None


def line_number(data: bytes, rid: str) -> int | None:
    """The line of ``data`` where the record ``rid`` starts (its ``"id"`` key), if it can be found."""
    quoted = orjson.dumps(rid)
    for needle in (b'"id":' + quoted, b'"id": ' + quoted):
        at = data.find(needle)
        if at >= 0:
            return data.count(b"\n", 0, at) + 1
    return None
