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
AVOID_SUITE = re.compile(
    r"[^.;:\n]*\b(don'?t|do not|never|avoid|must not|should not)\b[^.;\n]{0,80}?"
    r"\b(full|whole|entire|complete)\s+(test\s+)?(suite|matrix)\b[^.;\n]*",
    re.IGNORECASE,
)
MAX_QUOTE = 200


def suite_caution(tree: Tree) -> tuple[str, str] | None:
    """(file, the sentence) of the first agent file or contributor guide that warns against the full suite."""
    agents = [f for f in tree.files if f.startswith(AGENT_FOLDERS) and f.endswith((".md", ".mdc"))]
    for rel in [*(f for f in AGENT_FILES if tree.has(f)), *sorted(agents), *guide_files(tree)]:
        found = AVOID_SUITE.search(plain(tree.read(rel) or ""))
        if found:
            said = " ".join(found.group(0).split()).lstrip("-*• ").strip()
            if len(said) <= MAX_QUOTE:
                return rel, said
    return None
