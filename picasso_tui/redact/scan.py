"""One scan of one text by the rule table: where each rule's anchors occur, the matches there, and the spans
its checks accept (``find_spans``). Bounded time: see docs/redaction.md, "Bounded time"."""

from __future__ import annotations

import bisect
import re
from collections.abc import Iterator

from picasso_tui.redact.limits import MAX_FINDINGS, Budget, RedactionFailed
from picasso_tui.redact.secret_rules import RULES, Rule

MARKER = re.compile(r"\[REDACTED:[a-z0-9-]{1,64}\]")

Range = tuple[int, int]
Span = tuple[int, int, str]
"""(start, end, rule id)."""


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


class _Scan:
    """One text being scanned: its lowercase copy, the positions of each anchor (found once, shared by
    the rules that use it) and the time budget."""

    def __init__(self, text: str, budget: Budget) -> None:
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


_PRESENCE_CHECK_CHARS = 64 * 1024
"""Up to this size one pass over all literals lets most rules be skipped; beyond it each rule's own
``str.find`` is that check, and doing both would read a large text twice."""
_LITERALS = frozenset(a for rule in RULES for a in (*rule.anchors, *rule.requires))
_RUN = re.compile(r"[A-Za-z0-9_+/=-]*+")
_RUN_CHARS = frozenset("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_+/=-")


def find_spans(text: str, ranges: list[Range] | None, budget: Budget, multiline: bool | None = None) -> list[Span]:
    """Secret spans in ``text`` by the rule table (``multiline``: only the rules that can span lines, True, or
    only those that cannot, False), within ``ranges`` for the rules that cannot span lines; a span that
    touches an existing marker is left alone (already redacted)."""
    scan = _Scan(text, budget)
    markers = [m.span() for m in MARKER.finditer(text)] if "[redacted:" in scan.low else []
    marker_starts = [a for a, _ in markers]
    spans: list[Span] = []
    everything = [(0, len(text))]
    # One pass over the literals every rule needs; a rule none of whose literals occur is skipped outright
    # (most strings a run produces are short, and most rules never apply to them).
    present = {a for a in _LITERALS if a in scan.low} if len(text) <= _PRESENCE_CHECK_CHARS else None
    for rule in RULES:
        if multiline is not None and rule.multiline != multiline:
            continue
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
