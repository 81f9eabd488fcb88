"""Decoded views of a text: copies in which an encoding no longer hides a secret (URL-encoded tokens, doubly
escaped JSON), and the changed lines of a pass joined into one text, each with the map back to the original
(``original``)."""

from __future__ import annotations

import bisect
import itertools
import re
from collections.abc import Iterator
from typing import Any

from picasso_tui.redact.scan import Range

_PERCENT = re.compile(r"%[0-9A-Fa-f]{2}")
_PERCENT_TOKEN = re.compile(r"(?<![^\s\"'<>])[^\s\"'<>]*%[0-9A-Fa-f]{2}[^\s\"'<>]*+")
_ESCAPED_LINE = re.compile(r"(?m)^[^\n]*?(?:\\\\|\\u[0-9A-Fa-f]{4})[^\n]*+")
_BACKSLASH = re.compile(r"\\(?:u[0-9A-Fa-f]{4}|[nrt\"\\/'bf])")
_BACKSLASH_CHARS = {"n": "\n", "r": "\r", "t": "\t", "b": "\b", "f": "\f"}
Jump = tuple[int, int, int, int]
"""(view position, view length 0 or 1, original start, original end): where a view departs from the text."""


def _percent(m: re.Match[str]) -> str:
    return chr(int(m.group()[1:], 16))


_BACKSLASH_TABLE = {"\\" + c: _BACKSLASH_CHARS.get(c, c) for c in "nrt\"\\/'bf"}


def _unbackslash(m: re.Match[str]) -> str:
    esc = m.group()
    return _BACKSLASH_TABLE.get(esc) or chr(int(esc[2:], 16))


def _decode(text: str, pieces: list[Range], pattern: re.Pattern[str], one: Any) -> tuple[str, list[Jump]]:
    """A view made of the decoded ``pieces`` of ``text`` (joined by newlines), with the map back to ``text``."""
    out: list[str] = []
    jumps: list[Jump] = []
    length = 0
    for piece_start, piece_end in pieces:
        if out:
            out.append("\n")
            length += 1
        jumps.append((length, 0, piece_start, piece_start))
        piece = text[piece_start:piece_end]
        spans = [m.span() for m in pattern.finditer(text, piece_start, piece_end)]
        if not spans:
            decoded = piece
        else:
            # every escape decodes to one character: the view is shorter by (escape length - 1) per escape
            shrink = itertools.accumulate((b - a - 1 for a, b in spans), initial=0)
            base = length - piece_start
            jumps.extend((base + a - k, 1, a, b) for (a, b), k in zip(spans, shrink, strict=False))
            decoded = pattern.sub(one, piece)
        out.append(decoded)
        length += len(decoded)
    return "".join(out), jumps


def _within(pieces: list[Range], ranges: list[Range] | None) -> list[Range]:
    """The pieces that overlap one of ``ranges`` (both sorted and disjoint: one sweep)."""
    if ranges is None:
        return pieces
    out: list[Range] = []
    i = 0
    for start, end in pieces:
        while i < len(ranges) and ranges[i][1] <= start:
            i += 1
        if i < len(ranges) and ranges[i][0] < end:
            out.append((start, end))
    return out


def views(text: str, ranges: list[Range] | None) -> Iterator[tuple[str, list[Jump]]]:
    """Decoded copies of the parts of ``text`` that hide a secret behind an encoding: URL-encoded tokens
    (a connection string in a query parameter) and doubly escaped or \\u-escaped JSON. Plain JSON
    escapes (\\n, \\") need no view: the rules read them as they are."""
    if "%" in text and (pieces := _within([m.span() for m in _PERCENT_TOKEN.finditer(text)], ranges)):
        yield _decode(text, pieces, _PERCENT, _percent)
    if "\\\\" in text or "\\u" in text:
        lines = [m.span() for m in _ESCAPED_LINE.finditer(text)]
        if pieces := _within(lines, ranges):
            yield _decode(text, pieces, _BACKSLASH, _unbackslash)


def original(pos: int, jumps: list[Jump]) -> int:
    """Where the view character at ``pos`` starts in the original (also right for an exclusive end)."""
    i = bisect.bisect_right(jumps, (pos, 2)) - 1
    if i < 0:
        return pos
    at, width, start, end = jumps[i]
    return start if (width and pos == at) else end + (pos - at - width)


def joined(text: str, ranges: list[Range]) -> tuple[str, list[Jump]]:
    """The lines in ``ranges`` joined by blank lines, with the map back to ``text`` (see ``original``). A blank
    line, not a newline: a name at one line's end ties a value at the next one's start, and lines that were
    apart in the text must not come together here."""
    jumps: list[Jump] = []
    length = 0
    for start, end in ranges:
        jumps.append((length, 0, start, start))
        length += end - start + 2
    return "\n\n".join(text[a:b] for a, b in ranges), jumps
