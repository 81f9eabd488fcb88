"""A maintainers' warning against running the whole test suite locally (caffeine's "Don't run a whole @CacheSpec
class or the full suite locally"): the test command an agent is given carries it, so that it narrows the run."""

from __future__ import annotations

import re

from picasso_tui.profile.agent_files import agent_files
from picasso_tui.profile.commands import guide_files
from picasso_tui.profile.guide_text import plain
from picasso_tui.profile.walk import Tree

AGENT_FOLDERS = (".claude/", ".cursor/rules/", ".github/instructions/", ".ai/")
"""Where agent instructions live beside the root files (caffeine's .claude/rules/testing.md, graphql-php's
.ai/AGENTS.md, from which its root AGENTS.md is generated)."""
WHOLE_SUITE = re.compile(r"\b(full|whole|entire|complete)\s+(test\s+)?(suite|matrix)\b", re.IGNORECASE)
AVOID = re.compile(r"\b(don'?t|do not|never|avoid|must not|should not)\b", re.IGNORECASE)
MAX_QUOTE = 240


NEVER_BARE = re.compile(
    r"\b(?:never|don'?t|do not|must not|should not)\s+(?:run\s+|use\s+|call\s+)?(?:a\s+)?(?:bare|plain|directly)?\s*"
    r"`([^`]+)`(?:\s+(?:directly|alone|on its own|bare))?",
    re.IGNORECASE,
)
"""A command the maintainers forbid running as such (graphql-php's "never bare `vendor/bin/phpunit`": its composer
script sets the ini options the tests need)."""


def _instruction_files(tree: Tree) -> list[str]:
    agents = [f for f in tree.files if f.startswith(AGENT_FOLDERS) and f.endswith((".md", ".mdc"))]
    return [*agent_files(tree), *sorted(agents), *guide_files(tree)]


NEVER_RUN = re.compile(
    r"\b(?:never|don'?t|do not|must not)\s+(?:run\s+|use\s+)?"
    r"((?:(?:`[^`]+`|\"[a-z][\w .-]{1,40}\")(?:,\s*|\s+or\s+|\s+and\s+)?)+)",
    re.I,
)
"""An agent file's "Never run `rake references:setup`, `rake references:update`, or any large download" (pgx), or
cue's "Do not "go build" binaries": the commands it lists are not the agent's to run, whatever role their names
suggest."""


NEVER_USE_PLAIN = re.compile(
    r"\b(?:never|don'?t|do not|must not)\s+use\s+((?:[\w./-]+ ){0,2}?[\w./-]+(?:\s+or\s+(?:[\w./-]+ ){0,2}?[\w./-]+)*)"
    r"\s+to\s+(?:run|build)\b",
    re.I,
)
"""kitty's copilot instructions: "Do not use go test or ./setup.py test to run tests": the commands in plain words."""
PLAIN_COMMAND = re.compile(
    r"(go|cargo|npm|yarn|pnpm|pytest|make|mvn|gradle|python3?|(python3? )?\./[\w.-]+)( [\w.-]+)?"
)


def _plain_bans(text: str) -> set[str]:
    found = set()
    for m in NEVER_USE_PLAIN.finditer(text):
        said = [c.strip() for c in re.split(r"\s+or\s+", m.group(1))]
        if all(PLAIN_COMMAND.fullmatch(c) for c in said):
            found |= set(said)
    return found


def never_run(tree: Tree) -> frozenset[str]:
    """The commands an agent file forbids running outright (read once a tree); bare-only bans are forbidden_runs'."""
    if "_never_run" not in tree.__dict__:
        files = [f for f in _instruction_files(tree) if f not in guide_files(tree)]
        found = {
            "".join(command).strip()
            for rel in files
            for m in NEVER_RUN.finditer(tree.read(rel) or "")
            if not re.search(r"\b(bare|directly|alone)\b", (tree.read(rel) or "")[m.end() : m.end() + 20], re.I)
            for command in re.findall(r"`([^`]+)`|\"([^\"]+)\"", m.group(1))
        }
        found |= {c for rel in files for c in _plain_bans(tree.read(rel) or "")}
        tree.__dict__["_never_run"] = frozenset(found)
    return tree.__dict__["_never_run"]


def suite_caution(tree: Tree) -> tuple[str, str] | None:
    """(file, the sentence) of the first agent file or contributor guide that warns against the full suite."""
    for rel in _instruction_files(tree):
        for line in (tree.read(rel) or "").splitlines():  # a bullet or a line of a paragraph: its own sentences
            if said := _warning(plain(line)):
                return rel, said
    return None


def forbidden_runs(tree: Tree) -> dict[str, str]:
    """Commands an agent file or guide says never to run bare, each with the file that says so (read once a tree)."""
    if "_forbidden_runs" not in tree.__dict__:
        found: dict[str, str] = {}
        for rel in _instruction_files(tree):
            for m in NEVER_BARE.finditer(tree.read(rel) or ""):
                if "bare" in m.group(0).lower() or "directly" in m.group(0).lower():
                    found.setdefault(m.group(1).strip(), rel)
        tree.__dict__["_forbidden_runs"] = found
    return tree.__dict__["_forbidden_runs"]


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
