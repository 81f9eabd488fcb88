"""How a memory reads as a card in a class column: up to three wrapped lines of its body, then a
line with its marks (★ pinned, ! stale, ? held for review) and its age.

Pure text work, no widget: the record list draws these lines with the line API and caches them.
"""

from __future__ import annotations

import re

BODY_LINES = 3
WIDE = 60  # from this width two lines hold what three narrow ones do: a wide column shows more cards
# Where a long word may fold without looking cut: after a path separator or punctuation.
_FOLD = re.compile(r"[/._\-:,;=]")
_MIN_FOLD_ROOM = 4
_MIN_HYPHEN_ROOM = 6  # a long word that would leave this much of a line empty is hyphenated instead
_MIN_HYPHEN_PART = 3


def wrap_body(text: str, width: int, lines: int = BODY_LINES) -> list[str]:
    """Word-wrap ``text`` into at most ``lines`` lines of ``width`` cells; the last line is cut with
    an ellipsis, so a narrow column still shows as much of the body as fits."""
    width = max(1, width)
    words = text.split()
    out: list[str] = []
    current = ""
    i = 0
    while i < len(words) and len(out) < lines - 1:
        word = words[i]
        sep = " " if current else ""
        if len(current) + len(sep) + len(word) <= width:
            current += sep + word
            i += 1
            continue
        room = width - len(current) - len(sep)
        cut = 0
        if room >= _MIN_FOLD_ROOM:  # fold a path or dotted name at its punctuation rather than waste the room
            for match in _FOLD.finditer(word[:room]):
                cut = match.end()
        hyphen = room - 1
        if 0 < cut < len(word):
            current += sep + word[:cut]
            words[i] = word[cut:]
        elif room >= _MIN_HYPHEN_ROOM and word.isalpha() and len(word) - hyphen >= _MIN_HYPHEN_PART:
            current += sep + word[:hyphen] + "-"
            words[i] = word[hyphen:]
        elif not current:  # a word longer than the line: hard split
            current = word[:width]
            words[i] = word[width:]
        out.append(current)
        current = ""
        if not words[i]:
            i += 1
    if len(out) < lines:
        rest = " ".join([current, *words[i:]] if current else words[i:])
        if len(rest) > width:
            rest = rest[: width - 1].rstrip() + "…"
        if rest:
            out.append(rest)
    return out


def body_lines_for(width: int) -> int:
    return 2 if width >= WIDE else BODY_LINES


def marks(pinned: bool, stale: bool, held: bool) -> str:
    """The card's marks, in a fixed order so a glance down a column lines them up."""
    return " ".join(m for m, on in (("★", pinned), ("!", stale), ("?", held)) if on)
