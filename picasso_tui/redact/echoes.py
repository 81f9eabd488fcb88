"""Echoes: a secret found once is redacted wherever else it occurs in the same text."""

from __future__ import annotations

import bisect

from picasso_tui.redact.limits import MAX_FINDINGS, Budget, RedactionFailed
from picasso_tui.redact.scan import MARKER, Span
from picasso_tui.redact.secret_checks import looks_random

ECHO_MIN_CHARS = 8
"""A secret this long found once is redacted wherever else it occurs in the text, in any context."""
MAX_ECHO_VALUES = 256
_NOT_ECHOED = frozenset({"tracking-param", "affiliate-tag", "sponsor-text"})


def echoes(text: str, spans: list[Span], budget: Budget) -> list[Span]:
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
    found: list[Span] = []
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
