"""A maintainers' warning against running the whole test suite locally (caffeine's "Don't run a whole @CacheSpec
class or the full suite locally"): the test command an agent is given carries it, so that it narrows the run."""

from __future__ import annotations

import re

from picasso_tui.profile.commands import guide_files
from picasso_tui.profile.guide_text import plain
from picasso_tui.profile.rules import AGENT_FILES
from picasso_tui.profile.walk import Tree

AGENT_FOLDERS = (".claude/", ".cursor/rules/", ".github/instructions/")
"""Where agent instructions live beside the root files (caffeine's .claude/rules/testing.md)."""
WHOLE_SUITE = re.compile(r"\b(full|whole|entire|complete)\s+(test\s+)?(suite|matrix)\b", re.IGNORECASE)
AVOID = re.compile(r"\b(don'?t|do not|never|avoid|must not|should not)\b", re.IGNORECASE)
MAX_QUOTE = 240


def suite_caution(tree: Tree) -> tuple[str, str] | None:
    """(file, the sentence) of the first agent file or contributor guide that warns against the full suite."""
    agents = [f for f in tree.files if f.startswith(AGENT_FOLDERS) and f.endswith((".md", ".mdc"))]
    for rel in [*(f for f in AGENT_FILES if tree.has(f)), *sorted(agents), *guide_files(tree)]:
        for line in (tree.read(rel) or "").splitlines():  # a bullet or a line of a paragraph: its own sentences
            if said := _warning(plain(line)):
                return rel, said
    return None


def _warning(text: str) -> str:
    """The sentence that tells the reader not to run the whole suite, with what it says to do instead."""
    for found in WHOLE_SUITE.finditer(text):
        start = max(text.rfind(c, 0, found.start()) for c in ".;:\n") + 1
        stop = min((i for c in ".\n" if (i := text.find(c, found.end())) >= 0), default=len(text))
        before = text[max(start, found.start() - 80) : found.start()]
        said = " ".join(text[start:stop].split()).lstrip("-*• ").strip()
        if AVOID.search(before) and len(said) <= MAX_QUOTE:
            return said
    return ""
