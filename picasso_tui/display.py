"""Text helpers both front ends share (the CLI and the TUI)."""

from __future__ import annotations

import re
from datetime import datetime

_CONTROL = re.compile(r"[\x00-\x1f\x7f-\x9f]")
_CONTROL_KEEP_LINES = re.compile(r"[\x00-\x08\x0b-\x1f\x7f-\x9f]")


def visible_text(text: str) -> str:
    """One line, no control characters (a memory must never drive the terminal)."""
    return _CONTROL.sub(" ", text).strip()


def safe(text: str) -> str:
    """Keep newlines and tabs, drop every other control character a file might carry."""
    return _CONTROL_KEEP_LINES.sub("", text)


def short_age(when: datetime, now: datetime) -> str:
    seconds = max(0, int((now - when).total_seconds()))
    for suffix, size in (("y", 31_536_000), ("mo", 2_592_000), ("d", 86_400), ("h", 3_600), ("m", 60)):
        if seconds >= size:
            return f"{seconds // size}{suffix}"
    return "now"


def long_age(when: datetime, now: datetime) -> str:
    seconds = max(0, int((now - when).total_seconds()))
    for unit, size in (("year", 31_536_000), ("month", 2_592_000), ("day", 86_400), ("hour", 3_600), ("minute", 60)):
        if seconds >= size:
            n = seconds // size
            return f"{n} {unit}{'s' if n > 1 else ''} ago"
    return "just now"
