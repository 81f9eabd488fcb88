"""Repo rules: agent instruction files and contributor guides, one record per file, kept to the point."""

from __future__ import annotations

import re

from picasso_tui.profile.findings import Finding, Knowledge
from picasso_tui.profile.walk import Tree
from picasso_tui.store.schema import MemoryClass

AGENT_FILES = (
    "CLAUDE.md",
    "AGENTS.md",
    ".cursorrules",
    ".github/copilot-instructions.md",
    ".windsurfrules",
    "GEMINI.md",
    ".clinerules",
    "CONVENTIONS.md",
)
GUIDES = (
    "CONTRIBUTING.md",
    "CONTRIBUTING.rst",
    "CONTRIBUTING",
    ".github/CONTRIBUTING.md",
    "docs/CONTRIBUTING.md",
    "docs/contributing.md",
)
MAX_RULE_LINES = 25
MAX_BODY_CHARS = 3000
_BULLET = re.compile(r"^\s*(?:[-*+]|\d+[.)])\s+(.+)$")
_FRONT_MATTER = re.compile(r"\A---\n.*?\n---\n", re.DOTALL)


def distil(text: str) -> list[str]:
    """The rules a file states: its bullet points (with their heading), else its first paragraphs."""
    text = _FRONT_MATTER.sub("", text)
    rules: list[str] = []
    heading = ""
    in_code = False
    for line in text.splitlines():
        if line.strip().startswith("```"):
            in_code = not in_code
            continue
        if in_code:
            continue
        h = re.match(r"^#{1,4}\s+(.+)$", line)
        if h:
            heading = h.group(1).strip()
            continue
        m = _BULLET.match(line)
        if m and len(m.group(1)) > 3:
            rule = m.group(1).strip()
            rules.append(f"{heading}: {rule}" if heading and len(heading) < 40 else rule)
    if not rules:  # prose: keep the first sentences
        paragraphs = [p.strip().replace("\n", " ") for p in re.split(r"\n\s*\n", text) if p.strip()]
        rules = [p for p in paragraphs if not p.startswith(("#", "<", "[!", "!["))][:4]
    return rules[:MAX_RULE_LINES]


def _record(tree: Tree, rel: str, kind: str) -> Finding | None:
    text = tree.read(rel)
    if not text or not text.strip():
        return None
    rules = distil(text)
    if not rules:
        return None
    body = f"{kind} {rel}:\n" + "\n".join(f"- {r}" for r in rules)
    if len(body) > MAX_BODY_CHARS:
        body = body[: MAX_BODY_CHARS - 1].rsplit("\n", 1)[0] + f"\n- … (more in {rel})"
    return Finding(f"rules/{rel}", MemoryClass.REPO_RULE, f"Rules from {rel}", body, (rel,), tags=("rules",))


def investigate(tree: Tree) -> Knowledge:
    k = Knowledge()
    cursor = sorted(f for f in tree.under(".cursor/rules") if f.endswith((".mdc", ".md")))
    for rel in [*AGENT_FILES, *cursor]:
        if tree.has(rel) and (found := _record(tree, rel, "Agent instructions in")):
            k.findings.append(found)
    guide = tree.first(*GUIDES)
    if guide and (found := _record(tree, guide, "Contributor guide")):
        k.findings.append(found)
    return k
