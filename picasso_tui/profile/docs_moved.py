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
    """True when the docs config's folder opens by sending the reader elsewhere: building it builds a stub; or when
    an mdBook has no SUMMARY.md to build from (wezterm's docs/book.toml, left from before its MkDocs site)."""
    folder = config.rpartition("/")[0]
    if config.rsplit("/", 1)[-1] == "book.toml" and not _book_summary(tree, config):
        return True
    return bool(folder) and any(MOVED_AWAY.search((tree.read(f"{folder}/{page}") or "")[:1500]) for page in FRONT_PAGES)


def _book_summary(tree: Tree, book: str) -> bool:
    """An mdBook's table of contents, SUMMARY.md in its `[book] src` folder (src/ by default); a book whose source
    folder git ignores, written by a step before mdbook (just's book/en/src), counts as having one."""
    folder = book.rsplit("/", 1)[0] + "/" if "/" in book else ""
    said = re.search(r'^src\s*=\s*"([\w./-]*)"', tree.read(book) or "", re.M)
    src = (folder + said.group(1).strip("./")).strip("/") if said else folder + "src"
    return tree.has(f"{src}/SUMMARY.md".lstrip("/")) or not tree.under(src)
