"""Fail-closed secret redaction: every string that reaches memory.json passes through here first.

A secret is replaced by ``[REDACTED:<rule>]``. The redactor is idempotent (markers never re-match and a
second pass changes nothing), bounded in time (see ``secret_rules``), and fails closed: any error inside
it becomes ``RedactionFailed``, and the caller writes nothing.
"""

from __future__ import annotations

import bisect
import itertools
import re
import sys
import time
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

from picasso_tui.errors import PicassoError
from picasso_tui.redact.secret_rules import RULES, Rule, is_placeholder, looks_random, secret_named
from picasso_tui.store.schema import MemoryRecord

MARKER = re.compile(r"\[REDACTED:[a-z0-9-]{1,64}\]")
MAX_PASSES = 4
"""A second pass only runs when the first changed something; the loop proves the result is a fixed point."""
MAX_TEXT_CHARS = 16 * 1024 * 1024
"""Beyond this a string is refused rather than scanned: nothing the store keeps is that large."""
MAX_FINDINGS = 5000
"""A text with more secrets than this is not a note but a dump (or an attack on the redactor): refused."""
BUDGET_SECONDS = 2.0
BUDGET_SECONDS_PER_MB = 2.0
"""The time one text may take. Every pattern is linear, but a text built to hit thousands of candidates
per kilobyte could still be slow in the Python checks; past this budget it is refused (fail closed)
instead. A real 1 MB transcript takes a tenth of it (docs/benchmarks.md)."""

# Record fields that are structure, not text (ids, timestamps, the vector, the class); all other strings,
# including keys this version does not know, are redacted.
_STRUCTURAL = {
    (): {"id", "vector"},
    ("metadata",): {"class", "namespace", "createdAt", "lastObservedAt", "stalenessScore", "pinned", "embedding"},
    ("metadata", "attributes"): {"deletedAt", "archivedAt", "stale"},
    ("metadata", "edges", "*"): {"type"},
}


class RedactionFailed(PicassoError):
    """The redactor could not vouch for a text, so nothing was written (fail closed)."""

    def __init__(self, reason: str) -> None:
        self.reason = reason  # never contains the scanned text: it goes into the event log
        super().__init__(f"Secret redaction failed ({reason}), so nothing was written to memory.")


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


# -- text ---------------------------------------------------------------------------------------------


class _Budget:
    """A deadline checked in the scanning loops (every few thousand steps: the clock is not free)."""

    def __init__(self, chars: int) -> None:
        self.deadline = time.perf_counter() + BUDGET_SECONDS + BUDGET_SECONDS_PER_MB * chars / 1_000_000

    def check(self) -> None:
        if time.perf_counter() > self.deadline:
            raise RedactionFailed("the text took longer than its time budget to scan")


def _secret_span(rule: Rule, m: re.Match[str]) -> tuple[int, int]:
    for name in rule.groups:
        if m.start(name) != -1:
            return m.span(name)
    return m.span()


def _lower(text: str) -> str:
    """``text`` lowercased with offsets unchanged (a few characters, such as U+0130, lowercase to two)."""
    low = text.lower()
    if len(low) != len(text):
        low = "".join(c if len(c.lower()) != 1 else c.lower() for c in text)
    return low


Range = tuple[int, int]


class _Scan:
    """One text being scanned: its lowercase copy, the positions of each anchor (found once, shared by
    the rules that use it) and the time budget."""

    def __init__(self, text: str, budget: _Budget) -> None:
        self.text = text
        self.low = _lower(text)
        self.budget = budget
        self._anchors: dict[tuple[str, int, int], list[int]] = {}

    def positions(self, anchor: str, lo: int, hi: int) -> list[int]:
        key = (anchor, lo, hi)
        if (found := self._anchors.get(key)) is None:
            found = []
            find = self.low.find
            i = find(anchor, lo, hi)
            while i != -1:
                found.append(i)
                if not len(found) & 0xFFF:
                    self.budget.check()
                i = find(anchor, i + 1, hi)
            self._anchors[key] = found
        return found

    def present(self, anchors: tuple[str, ...], lo: int, hi: int) -> bool:
        return any(self.low.find(a, lo, hi) != -1 for a in anchors)

    def matches(self, rule: Rule, lo: int, hi: int, cursor: list[int]) -> Iterator[re.Match[str]]:
        """Matches of ``rule`` starting in ``[lo, hi)``, tried only where an anchor occurs (``str.find`` is
        fast; a regex scan of every position is not), or by a search for the few rules without one.

        Like finditer, a match never starts before ``cursor[0]`` (the end of the previous one, which the
        caller may push further): ``pass=pass=pass=…`` is one match, not one per anchor, so adversarial
        input stays linear."""
        if rule.requires and not self.present(rule.requires, lo, hi):
            return
        text = self.text
        if rule.scan:
            if self.present(rule.anchors, lo, hi):
                search = rule.pattern.search
                while (m := search(text, max(lo, cursor[0]), hi)) is not None:
                    cursor[0] = max(m.end(), m.start() + 1)
                    yield m
            return
        if len(rule.anchors) == 1:
            starts = self.positions(rule.anchors[0], lo, hi)
        else:
            starts = sorted(p for a in rule.anchors for p in self.positions(a, lo, hi))
        match, offset = rule.pattern.match, rule.offset
        skip = 0
        for i in starts:
            start = i - offset
            if start < cursor[0] or start < skip or start < 0:
                continue
            if (m := match(text, start)) is not None:
                cursor[0] = max(m.end(), start + 1)
                yield m
            elif rule.glue:
                # A glue rule may start anywhere in a run of token characters: after one failed start, the
                # rest of that run is skipped, so a run of look-alike characters is still entered once.
                skip = _RUN.match(text, start).end()  # type: ignore[union-attr]


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


def _views(text: str, ranges: list[Range] | None) -> Iterator[tuple[str, list[Jump]]]:
    """Decoded copies of the parts of ``text`` that hide a secret behind an encoding: URL-encoded tokens
    (a connection string in a query parameter) and doubly escaped or \\u-escaped JSON. Plain JSON
    escapes (\\n, \\") need no view: the rules read them as they are."""
    if "%" in text and (pieces := _within([m.span() for m in _PERCENT_TOKEN.finditer(text)], ranges)):
        yield _decode(text, pieces, _PERCENT, _percent)
    if "\\\\" in text or "\\u" in text:
        lines = [m.span() for m in _ESCAPED_LINE.finditer(text)]
        if pieces := _within(lines, ranges):
            yield _decode(text, pieces, _BACKSLASH, _unbackslash)


def _original(pos: int, jumps: list[Jump]) -> int:
    """Where the view character at ``pos`` starts in the original (also right for an exclusive end)."""
    i = bisect.bisect_right(jumps, (pos, 2)) - 1
    if i < 0:
        return pos
    at, width, start, end = jumps[i]
    return start if (width and pos == at) else end + (pos - at - width)


def _find(text: str, ranges: list[Range] | None = None, budget: _Budget | None = None) -> list[tuple[int, int, str]]:
    """Secret spans in ``text`` and in its decoded views, mapped onto ``text``, merged and sorted.

    ``ranges`` limits the search to whole lines that changed in the previous pass (a rule that can
    span lines always reads the whole text): elsewhere the text, and so the result, is the same.
    """
    budget = budget or _Budget(len(text))
    if ranges is not None and len(ranges) > _JOIN_RANGES:
        # Many changed lines: read them as one text (single-line rules never cross a newline) rather than
        # range by range, where every rule's every anchor costs a call per range; block rules read it all.
        lines, jumps = _joined(text, ranges)
        found = _find_plain(lines, None, budget, tuple(r for r in RULES if not r.multiline))
        spans = [(_original(a, jumps), _original(b, jumps), rule) for a, b, rule in found]
        spans += _find_plain(text, None, budget, tuple(r for r in RULES if r.multiline))
    else:
        spans = _find_plain(text, ranges, budget)
    for view, jumps in _views(text, ranges):
        found = _find_plain(view, None, budget)
        spans.extend((_original(a, jumps), _original(b, jumps), rule) for a, b, rule in found)
    spans.extend(_echoes(text, spans, budget))
    return _merge(spans)


_JOIN_RANGES = 4


def _joined(text: str, ranges: list[Range]) -> tuple[str, list[Jump]]:
    """The lines in ``ranges`` joined by newlines, with the map back to ``text`` (see ``_original``)."""
    jumps: list[Jump] = []
    length = 0
    for start, end in ranges:
        jumps.append((length, 0, start, start))
        length += end - start + 1
    return "\n".join(text[a:b] for a, b in ranges), jumps


ECHO_MIN_CHARS = 8
"""A secret this long found once is redacted wherever else it occurs in the text, in any context."""
MAX_ECHO_VALUES = 256
_NOT_ECHOED = frozenset({"tracking-param", "affiliate-tag", "sponsor-text"})


def _echoes(text: str, spans: list[tuple[int, int, str]], budget: _Budget) -> list[tuple[int, int, str]]:
    """Other occurrences of the secrets in ``spans``: a token that a rule found by its context (``token =
    '…'``) is just as secret where it is repeated without one (``| '…'``, a log line, a second config)."""
    values: dict[str, str] = {}
    for start, end, rule in spans:
        value = text[start:end]
        # only what looks machine-made: a password such as ``postgres`` also names the service everywhere
        if len(value) >= ECHO_MIN_CHARS and rule not in _NOT_ECHOED and looks_random(value):
            values.setdefault(value, rule)
            if len(values) >= MAX_ECHO_VALUES:
                break
    if not values:
        return []
    markers = [m.span() for m in MARKER.finditer(text)] if "[REDACTED:" in text else []
    starts = [a for a, _ in markers]
    found: list[tuple[int, int, str]] = []
    for value, rule in values.items():
        budget.check()
        i = text.find(value)
        while i != -1:
            end = i + len(value)
            k = bisect.bisect_left(starts, end) - 1  # the last marker starting before the end
            if k < 0 or markers[k][1] <= i:
                found.append((i, end, rule))
                if len(found) > MAX_FINDINGS:
                    raise RedactionFailed(f"more than {MAX_FINDINGS:,} secrets in one text")
            i = text.find(value, end)
    return found


_PRESENCE_CHECK_CHARS = 64 * 1024
"""Up to this size one pass over all literals lets most rules be skipped; beyond it each rule's own
``str.find`` is that check, and doing both would read a large text twice."""
_LITERALS = frozenset(a for rule in RULES for a in (*rule.anchors, *rule.requires))
_RUN = re.compile(r"[A-Za-z0-9_+/=-]*+")
_RUN_CHARS = frozenset("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_+/=-")


def _find_plain(
    text: str, ranges: list[Range] | None, budget: _Budget, rules: tuple[Rule, ...] | None = None
) -> list[tuple[int, int, str]]:
    """Secret spans in ``text`` by ``rules``; a span that touches an existing marker is left alone (already
    redacted)."""
    scan = _Scan(text, budget)
    markers = [m.span() for m in MARKER.finditer(text)] if "[redacted:" in scan.low else []
    marker_starts = [a for a, _ in markers]
    spans: list[tuple[int, int, str]] = []
    everything = [(0, len(text))]
    # One pass over the literals every rule needs; a rule none of whose literals occur is skipped outright
    # (most strings a run produces are short, and most rules never apply to them).
    present = {a for a in _LITERALS if a in scan.low} if len(text) <= _PRESENCE_CHECK_CHARS else None
    for rule in RULES if rules is None else rules:
        if present is not None and (
            (rule.anchors and present.isdisjoint(rule.anchors)) or (rule.requires and present.isdisjoint(rule.requires))
        ):
            continue
        budget.check()
        for lo, hi in everything if ranges is None or rule.multiline else ranges:
            cursor = [lo]
            for n, m in enumerate(scan.matches(rule, lo, hi, cursor), 1):
                if not n & 0x3FF:
                    budget.check()
                start, end = _secret_span(rule, m)
                if end <= start:
                    continue
                if markers:
                    i = bisect.bisect_left(marker_starts, end) - 1  # the last marker starting before the end
                    if i >= 0 and markers[i][1] > start:
                        continue  # already redacted
                if not rule.check(text, m, text[start:end]):
                    continue
                if not rule.multiline and text[end - 1 : end] in _RUN_CHARS and text[end : end + 1] in _RUN_CHARS:
                    # A secret never stops inside a run of token characters (a length cap is not its end):
                    # take the whole run, or the rest would surface as a new "secret" on every pass. A block
                    # (PEM) ends at its footer: its dashes may run straight into the next block's header.
                    end = _RUN.match(text, end).end()  # type: ignore[union-attr]
                    cursor[0] = max(cursor[0], end)
                spans.append((start, end, rule.id))
                if len(spans) > MAX_FINDINGS:
                    raise RedactionFailed(f"more than {MAX_FINDINGS:,} secrets in one text")
    return spans


def _merge(spans: list[tuple[int, int, str]]) -> list[tuple[int, int, str]]:
    """Overlapping spans become one; the rule named is the one whose match started first (then the longest)."""
    spans.sort(key=lambda s: (s[0], -s[1]))
    merged: list[tuple[int, int, str]] = []
    for start, end, rule in spans:
        if merged and start < merged[-1][1]:
            prev = merged[-1]
            merged[-1] = (prev[0], max(prev[1], end), prev[2])
        else:
            merged.append((start, end, rule))
    return merged


def _apply(text: str, spans: list[tuple[int, int, str]]) -> tuple[str, list[tuple[int, int, int, int]]]:
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


def _redact(text: str) -> Redacted:
    if not isinstance(text, str):
        raise TypeError(f"expected str, got {type(text).__name__}")
    if len(text) > MAX_TEXT_CHARS:
        raise ValueError(f"text of {len(text):,} characters exceeds the {MAX_TEXT_CHARS:,}-character scan limit")
    history: list[list[tuple[int, int, int, int]]] = []
    findings: list[Finding] = []
    current = text
    ranges: list[Range] | None = None
    budget = _Budget(len(text))
    for _ in range(MAX_PASSES):
        spans = _find(current, ranges, budget)
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


def redact_text(text: str) -> Redacted:
    """Replace every secret in ``text`` by ``[REDACTED:<rule>]``; offsets in findings refer to ``text``."""
    try:
        return _redact(text)
    except RedactionFailed:
        raise
    except Exception as exc:  # fail closed: an unexpected error must stop the write, not let text through
        raise RedactionFailed(type(exc).__name__) from exc


def contains_secret(text: str) -> bool:
    """True when ``text`` holds anything ``redact_text`` would replace (used to rescan what was written)."""
    try:
        return bool(_find(text)) if isinstance(text, str) else True
    except Exception as exc:
        raise RedactionFailed(type(exc).__name__) from exc


# -- structured values ------------------------------------------------------------------------------------


def _value(value: Any, field: str, findings: list[Finding], key: str | None = None) -> Any:
    if isinstance(value, str):
        words = value.split()
        if (
            key is not None
            and secret_named(key)
            and not MARKER.fullmatch(value)
            and not is_placeholder(words[-1] if words else value)
        ):
            # {"password": "hunter2"}: the key is the context a bare value lacks on its own. The placeholder
            # test reads the last word, so {"Authorization": "Bearer $TOKEN"} is kept.
            findings.append(Finding("secret-assignment", 0, len(value), field))
            return "[REDACTED:secret-assignment]"
        result = _redact(value)
        findings.extend(Finding(f.rule, f.start, f.end, field) for f in result.findings)
        return result.text
    if isinstance(value, dict):
        out: dict[Any, Any] = {}
        for k, v in value.items():
            if not isinstance(k, str):
                raise TypeError(f"cannot scan a mapping key of type {type(k).__name__}")
            out[k] = _value(v, f"{field}.{k}" if field else k, findings, k)
        return out
    if isinstance(value, list | tuple):
        items = [_value(v, f"{field}[{i}]", findings) for i, v in enumerate(value)]
        return type(value)(items) if isinstance(value, tuple) else items
    if value is None or isinstance(value, bool | int | float):
        return value
    raise TypeError(f"cannot scan a value of type {type(value).__name__}")


def redact_value(value: Any) -> tuple[Any, list[Finding]]:
    """Redact every string inside ``value`` (str / list / tuple / dict, recursively; dict keys are kept).

    A string under a secret-named key (``password``, ``apiKey``…) is redacted whole. Any other type
    raises ``RedactionFailed``: what cannot be scanned cannot be written.
    """
    findings: list[Finding] = []
    try:
        return _value(value, "", findings), findings
    except RedactionFailed:
        raise
    except Exception as exc:
        raise RedactionFailed(type(exc).__name__) from exc


def _record_form(node: Any, path: tuple[str, ...], field: str, findings: list[Finding]) -> Any:
    if isinstance(node, dict):
        keep = _STRUCTURAL.get(path, set())
        out: dict[str, Any] = {}
        for k, v in node.items():
            sub = f"{field}.{k}" if field else k
            if k in keep:
                out[k] = v
            elif isinstance(v, dict) or (isinstance(v, list) and v and isinstance(v[0], dict)):
                if isinstance(v, list):
                    out[k] = [_record_form(item, (*path, k, "*"), f"{sub}[{i}]", findings) for i, item in enumerate(v)]
                else:
                    out[k] = _record_form(v, (*path, k), sub, findings)
            else:
                out[k] = _value(v, sub, findings, k)
        return out
    return _value(node, field, findings)


def redact_record(record: MemoryRecord) -> tuple[MemoryRecord, list[Finding]]:
    """Redact every text field of a record: body, title, tags, paths, commands, provenance,
    preventNextTime, edge targets and attributes (known or not). Ids, timestamps and the vector are kept.

    A secret in the namespace cannot be redacted without moving the record, so it raises
    ``RedactionFailed`` like any other failure; the caller writes nothing.
    """
    try:
        if record.is_tombstone:
            return record, []
        form = record.file_form
        findings: list[Finding] = []
        namespace = form["metadata"].get("namespace", "")
        if _find(namespace):
            raise RedactionFailed("a secret in the namespace")
        out = _record_form(form, (), "", findings)
        if not findings:
            return record, []
        return MemoryRecord.model_validate(out), findings
    except RedactionFailed:
        raise
    except Exception as exc:
        raise RedactionFailed(type(exc).__name__) from exc
