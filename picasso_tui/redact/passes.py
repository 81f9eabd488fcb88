"""Redacting one text: find every secret (the rules, the decoded views, the echoes), replace each by its
marker, and scan the changed lines again until a pass finds nothing (docs/redaction.md, "Idempotent")."""

from __future__ import annotations

import bisect
import sys
from dataclasses import dataclass

from picasso_tui.redact import limits
from picasso_tui.redact.echoes import echoes
from picasso_tui.redact.limits import MAX_PASSES, Budget
from picasso_tui.redact.scan import Range, Span, find_spans
from picasso_tui.redact.views import joined, original, views


@dataclass(frozen=True)
class Finding:
    rule: str
    start: int
    end: int
    field: str = ""
    """Where in a record or value the secret was (``body``, ``metadata.attributes.tags[0]``); empty for text."""


@dataclass(frozen=True)
class Redacted:
    text: str
    findings: tuple[Finding, ...]


def find(text: str, ranges: list[Range] | None = None, budget: Budget | None = None) -> list[Span]:
    """Secret spans in ``text`` and in its decoded views, mapped onto ``text``, merged and sorted.

    ``ranges`` limits the search to whole lines that changed in the previous pass (a rule that can
    span lines always reads the whole text): elsewhere the text, and so the result, is the same.
    """
    budget = budget or Budget(len(text))
    if ranges is not None and len(ranges) > _JOIN_RANGES:
        # Many changed lines: read them as one text (the rules that cannot span lines read at most into the next
        # line, and the lines are joined by blank lines) rather than range by range, where every rule's every
        # anchor costs a call per range; block rules read it all.
        lines, jumps = joined(text, ranges)
        found = find_spans(lines, None, budget, multiline=False)
        spans = [(original(a, jumps), original(b, jumps), rule) for a, b, rule in found]
        spans += find_spans(text, None, budget, multiline=True)
    else:
        spans = find_spans(text, ranges, budget)
    for view, jumps in views(text, ranges):
        found = find_spans(view, None, budget)
        spans.extend((original(a, jumps), original(b, jumps), rule) for a, b, rule in found)
    spans.extend(echoes(text, spans, budget))
    return _merge(spans)


_JOIN_RANGES = 4


def _merge(spans: list[Span]) -> list[Span]:
    """Overlapping spans become one; the rule named is the one whose match started first (then the longest)."""
    spans.sort(key=lambda s: (s[0], -s[1]))
    merged: list[Span] = []
    for start, end, rule in spans:
        if merged and start < merged[-1][1]:
            prev = merged[-1]
            merged[-1] = (prev[0], max(prev[1], end), prev[2])
        else:
            merged.append((start, end, rule))
    return merged


def _apply(text: str, spans: list[Span]) -> tuple[str, list[tuple[int, int, int, int]]]:
    """Replace spans by markers; also return (new_start, new_end, old_start, old_end) for each marker."""
    out: list[str] = []
    moves: list[tuple[int, int, int, int]] = []
    pos = 0
    length = 0
    for start, end, rule in spans:
        out.append(text[pos:start])
        length += start - pos
        marker = f"[REDACTED:{rule}]"
        out.append(marker)
        moves.append((length, length + len(marker), start, end))
        length += len(marker)
        pos = end
    out.append(text[pos:])
    return "".join(out), moves


def _to_previous(start: int, end: int, moves: list[tuple[int, int, int, int]]) -> tuple[int, int]:
    """Map a span in a pass's output back onto that pass's input (spans never overlap a marker)."""

    def point(p: int, is_end: bool) -> int:
        # the last marker that ends at or before p (an end may touch a marker's end; a start may touch it too)
        i = bisect.bisect_right(moves, (p, sys.maxsize, 0, 0)) - 1
        while i >= 0 and moves[i][1] > p:
            i -= 1
        if i < 0:
            return p
        _, new_end, _, old_end = moves[i]
        return old_end + (p - new_end)

    return point(start, False), point(end, True)


def redact_passes(text: str) -> Redacted:
    """Redact ``text`` pass by pass until a pass finds nothing; errors propagate (the callers fail closed)."""
    if not isinstance(text, str):
        raise TypeError(f"expected str, got {type(text).__name__}")
    if len(text) > limits.MAX_TEXT_CHARS:
        raise ValueError(f"text of {len(text):,} characters exceeds the {limits.MAX_TEXT_CHARS:,}-character scan limit")
    history: list[list[tuple[int, int, int, int]]] = []
    findings: list[Finding] = []
    current = text
    ranges: list[Range] | None = None
    budget = Budget(len(text))
    for _ in range(MAX_PASSES):
        spans = find(current, ranges, budget)
        if not spans:
            return Redacted(current, tuple(sorted(findings, key=lambda f: (f.start, f.end))))
        for start, end, rule in spans:
            for moves in reversed(history):
                start, end = _to_previous(start, end, moves)
            findings.append(Finding(rule, start, end))
        current, moves = _apply(current, spans)
        history.append(moves)
        ranges = _changed_lines(current, moves)
    raise ValueError(f"redaction did not reach a fixed point in {MAX_PASSES} passes")


def _changed_lines(text: str, moves: list[tuple[int, int, int, int]]) -> list[Range]:
    """The whole lines of ``text`` that hold a new marker (merged): the only places a next pass can differ."""
    ranges: list[Range] = []
    for new_start, new_end, _, _ in moves:
        if ranges and new_start <= ranges[-1][1]:
            if new_end > ranges[-1][1]:  # the marker runs past the line: extend to the end of its last line
                hi = text.find("\n", new_end)
                ranges[-1] = (ranges[-1][0], len(text) if hi == -1 else hi)
            continue
        # searches are bounded by the previous range, so a long single line is read once, not per marker
        lo = text.rfind("\n", ranges[-1][1] if ranges else 0, new_start) + 1
        lo = max(lo, ranges[-1][1] + 1) if ranges else lo
        hi = text.find("\n", new_end)
        ranges.append((lo, len(text) if hi == -1 else hi))
    return ranges
