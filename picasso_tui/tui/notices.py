"""Quiet notifications: a toast is at most three lines; a longer message is shortened on screen and
kept whole in the app's notice log, which the help sheet (`?`, F1) lists under RECENT NOTICES."""

from __future__ import annotations

import textwrap
from dataclasses import dataclass
from datetime import datetime

MAX_LINES = 3
TOAST_WIDTH = 48  # cells, as in styles/app.tcss (Toast width), before its max-width share of the screen
TOAST_SHARE = 0.45
PADDING = 2
MORE = " … more: F1"
LOG_SIZE = 20


@dataclass(frozen=True)
class Notice:
    at: datetime
    title: str
    message: str
    severity: str


def toast_text_width(screen_width: int) -> int:
    return max(10, min(TOAST_WIDTH, int(screen_width * TOAST_SHARE)) - PADDING)


def shorten(message: str, title: str, screen_width: int) -> str:
    """``message`` cut to the lines a toast has left after its title, with a pointer to the full text."""
    width = toast_text_width(screen_width)
    room = MAX_LINES - (1 if title else 0)
    lines = [line for part in message.splitlines() for line in (textwrap.wrap(part, width) or [""])]
    if len(lines) <= room:
        return message
    kept = lines[:room]
    last = kept[-1]
    kept[-1] = last[: max(0, width - len(MORE))].rstrip() + MORE
    return "\n".join(kept)
