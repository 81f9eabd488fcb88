"""Text helpers both front ends share (the CLI and the TUI)."""

from __future__ import annotations

import re
from datetime import datetime
from typing import TYPE_CHECKING

from picasso_tui.text import CONTROL, LINE_CONTROL

if TYPE_CHECKING:  # rich is imported where text is drawn: a recall prints without it
    from rich.text import Text

# Every escape sequence but colour (SGR, "ESC [ ... m"): cursor moves, clears, window titles (OSC).
_NOT_COLOUR = re.compile(r"\x1b(?:\[[0-?]*[ -/]*[@-ln-~]|\][^\x07\x1b]*(?:\x07|\x1b\\)?|[@-Z\\-_])")


def visible_text(text: str) -> str:
    """One line, no control characters (a memory must never drive the terminal)."""
    return LINE_CONTROL.sub(" ", text).strip()


def terminal_line(line: str) -> Text:
    """A line another program printed, for display: its colours kept, every other escape sequence
    and control character gone (a program's output must never drive our terminal)."""
    from rich.text import Text

    text = Text.from_ansi(_NOT_COLOUR.sub("", line.rstrip("\n")))
    text.plain = LINE_CONTROL.sub(" ", text.plain)  # same length: the colour spans stay in place
    return text


def safe(text: str) -> str:
    """Keep newlines and tabs, drop every other control character a file might carry (a lone carriage
    return too: on a terminal it writes the rest of the line over its start)."""
    return CONTROL.sub("", text).replace("\r", "")


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
