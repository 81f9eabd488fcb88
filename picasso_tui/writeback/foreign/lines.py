"""Reading an agent's JSON-lines file from a byte offset, a bounded line at a time.

An agent appends to its transcript while a hook reads it, so the last line may be half written:
it is left for the next read unless it is already a whole JSON object. A line longer than
``MAX_LINE_BYTES`` (a pasted image, a huge file read) is skipped without being held in memory.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any, BinaryIO

import orjson

from picasso_tui.writeback.transcript import TranscriptError

MAX_LINE_BYTES = 8 * 1024 * 1024
_BLOCK = 1 << 20


@dataclass
class LineStats:
    """What a read went through: where it stopped, and the lines it could not use."""

    consumed: int
    lines: int = 0
    bad: int = 0
    oversized: int = 0


def open_transcript(path: Path, agent_name: str) -> BinaryIO:
    try:
        return path.open("rb")
    except FileNotFoundError:
        raise TranscriptError(f"There is no {agent_name} transcript at {path}.") from None
    except IsADirectoryError:
        raise TranscriptError(f"{path} is a folder, not a {agent_name} transcript file.") from None
    except OSError as exc:
        raise TranscriptError(f"Cannot read the {agent_name} transcript {path}: {exc.strerror or exc}.") from None


def iter_records(fh: BinaryIO, stats: LineStats, *, end: int | None = None) -> Iterator[dict[str, Any]]:
    """The JSON objects of the lines from ``stats.consumed`` on (up to ``end``), advancing ``stats.consumed``
    past each whole line. A start inside a line skips to the next one."""
    size = fh.seek(0, 2)
    limit = size if end is None else min(end, size)
    if stats.consumed > size:
        stats.consumed = size  # the file shrank (rewritten): what it holds now was not ours to read
        return
    pos = stats.consumed
    if pos > 0:
        fh.seek(pos - 1)
        if fh.read(1) != b"\n":
            pos = _next_line_start(fh, pos, limit)
            if pos is None:
                return
            stats.consumed = pos
    fh.seek(pos)
    yield from _lines_from(fh, stats, pos, limit, MAX_LINE_BYTES)


def _next_line_start(fh: BinaryIO, pos: int, limit: int) -> int | None:
    fh.seek(pos)
    while pos < limit:
        block = fh.read(min(_BLOCK, limit - pos))
        if not block:
            return None
        cut = block.find(b"\n")
        if cut >= 0:
            return pos + cut + 1
        pos += len(block)
    return None


def _lines_from(fh: BinaryIO, stats: LineStats, pos: int, limit: int, max_line: int) -> Iterator[dict[str, Any]]:
    buffer = bytearray()
    skipping = False  # inside an oversized line: its bytes are dropped until its newline
    while pos < limit:
        block = fh.read(min(_BLOCK, limit - pos))
        if not block:
            break
        start = 0
        while True:
            cut = block.find(b"\n", start)
            if cut < 0:
                if not skipping:
                    buffer += block[start:]
                    if len(buffer) > max_line:
                        buffer.clear()
                        skipping = True
                break
            line_end = pos + cut + 1
            if skipping or len(buffer) + cut - start > max_line:
                skipping = False
                stats.oversized += 1
            else:
                buffer += block[start:cut]
                record = _parse(bytes(buffer), stats)
                if record is not None:
                    yield record
            buffer.clear()
            stats.consumed = line_end
            start = cut + 1
        pos += len(block)
    if buffer and not skipping and pos >= limit:
        record = _parse_whole(bytes(buffer), stats)
        if record is not None:  # a last line without its newline is taken only once it is a whole object
            stats.consumed = pos
            yield record


def _parse(line: bytes, stats: LineStats) -> dict[str, Any] | None:
    if not line.strip():
        return None
    stats.lines += 1
    try:
        obj = orjson.loads(line)
    except orjson.JSONDecodeError:
        stats.bad += 1
        return None
    if not isinstance(obj, dict):
        stats.bad += 1
        return None
    return obj


def _parse_whole(line: bytes, stats: LineStats) -> dict[str, Any] | None:
    if not line.strip():
        return None
    try:
        obj = orjson.loads(line)
    except orjson.JSONDecodeError:
        return None  # still being written
    if not isinstance(obj, dict):
        return None
    stats.lines += 1
    return obj


def lookback_start(fh: BinaryIO, start: int, window: int) -> int:
    """The start of the first whole line within ``window`` bytes before ``start`` (0 when the file is shorter)."""
    if start <= window:
        return 0
    begin = start - window
    found = _next_line_start(fh, begin, start)
    return found if found is not None else start


def require_shape(stats: LineStats, shaped: int, agent_name: str, path: Path) -> None:
    """Refuse a file none of whose lines look like the agent's (``shaped`` counts those, earlier ones included);
    a few bad lines among good ones are skipped."""
    if shaped == 0 and (stats.lines > 0 or stats.oversized):
        raise TranscriptError(f"{path} is not a {agent_name} transcript: none of its lines has {agent_name}'s shape.")
