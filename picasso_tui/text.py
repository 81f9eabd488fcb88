"""The one rule for control characters, shared by every layer (a leaf: it imports nothing).

A memory may hold tab, line feed and carriage return; any other control character, and so any
escape sequence, could rewrite the terminal it is listed in, so the store refuses it and the
writers that build text from other programs' output remove it first.
"""

from __future__ import annotations

import re

CONTROL = re.compile(r"[\x00-\x08\x0b\x0c\x0e-\x1f\x7f-\x9f]")
"""Control characters a memory may not hold: every C0 and C1 control but tab, LF and CR, and DEL."""
LINE_CONTROL = re.compile(r"[\x00-\x1f\x7f-\x9f]")
"""For one-line display: tab and line breaks count as control characters too."""
_ESCAPE_SEQUENCE = re.compile(r"\x1b\[[0-9;?]*[A-Za-z]")


def without_controls(text: str, replacement: str = "") -> str:
    """``text`` with escape sequences and ``CONTROL`` characters replaced (tab and line breaks stay)."""
    return CONTROL.sub(replacement, _ESCAPE_SEQUENCE.sub("", text))
