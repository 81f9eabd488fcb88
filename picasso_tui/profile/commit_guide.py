"""What the contributor guide asks of commit messages, beside what the history shows: LibreTube's README asks for
Conventional Commits in titles and messages while half its newest subjects are free-form."""

from __future__ import annotations

import re
from pathlib import Path

from picasso_tui.profile.walk import read_bounded

GUIDES = ("CONTRIBUTING.md", ".github/CONTRIBUTING.md", "docs/CONTRIBUTING.md", "CONTRIBUTING.rst", "README.md")
ASKS = re.compile(
    r"[^.\n]*\b(must|should|follow|please|required?|keep)\b[^.\n]*\bconventional[ -]commit|"
    r"conventional[ -]commits?\b[^.\n]*\b(is|are) (required|mandatory|enforced)",
    re.IGNORECASE,
)
"""A sentence that asks for the format (kanister's "We're trying to keep all commits in `master` to follow
conventional commits"), not one that mentions it (a changelog tool that reads them)."""


def asks_conventional_commits(root: Path) -> str:
    """The guide that asks for Conventional Commits, or ""."""
    for rel in GUIDES:
        text = read_bounded(root / rel, 200_000)
        if text and ASKS.search(text):
            return rel
    return ""
