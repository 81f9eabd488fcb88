"""Documentation sources left behind: a docs folder whose front page says the docs are written elsewhere now, or
not yet."""

from __future__ import annotations

import re

from picasso_tui.profile.walk import Tree

MOVED_AWAY = re.compile(
    r"\b(site|docs|documentation|book|source)\b[^.\n]{0,40}\b(has|have) moved\b|\bhas moved to\b|"
    r"\bis now (available|hosted|maintained) (at|on|in)\b|"
    r"\b(book|docs|documentation|translation)\b[^.\n]{0,40}\bwill be available soon\b",
    re.IGNORECASE,
)
"""tinygo's docs/index.rst: "The TinyGo site has moved!"; leptos' docs/book/README.md: "The source code for the
book has moved to …", its docs/book_ru/README.md: "Translation underway, book will be available soon"."""

FRONT_PAGES = ("index.rst", "index.md", "README.md", "README.rst", "README", "src/introduction.md")


def moved_away(tree: Tree, config: str) -> bool:
    """True when the docs config's folder opens by sending the reader elsewhere: building it builds a stub."""
    folder = config.rpartition("/")[0]
    return bool(folder) and any(MOVED_AWAY.search((tree.read(f"{folder}/{page}") or "")[:1500]) for page in FRONT_PAGES)
