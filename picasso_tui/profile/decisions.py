"""Decisions: architecture decision records, and commit messages that state a choice."""

from __future__ import annotations

import posixpath
import re
from dataclasses import replace
from pathlib import Path

from picasso_tui.anchors.gitutil import git, short
from picasso_tui.profile.findings import Finding, Knowledge
from picasso_tui.profile.walk import Tree
from picasso_tui.store.schema import MemoryClass

ADR_DIRS = (
    "docs/adr",
    "docs/adrs",
    "doc/adr",
    "adr",
    "adrs",
    "docs/decisions",
    "decisions",
    "docs/architecture/decisions",
    "architecture/decisions",
    "docs/design-decisions",
)
MAX_ADRS = 60
MAX_COMMIT_DECISIONS = 20
CHOICE = re.compile(
    r"\b(?:(?:switch(?:ed|es|ing)?|migrat(?:e|ed|es|ing))\b[^.]{0,50}?\b(?:to|from|off)\b|"
    r"replac(?:e|ed|es|ing)\b[^.]{0,50}?\bwith\b|instead of|in favou?r of|adopt(?:ed|s|ing)?|cho(?:se|ose)|"
    r"decid(?:e|ed)\s+to|drop(?:ped|s)?\s+support|deprecat(?:e|ed|es))\b",
    re.IGNORECASE,
)
_SECTION = re.compile(r"^#{1,3}\s*(decision|status|context)\b.*$", re.IGNORECASE | re.MULTILINE)


def _adr(tree: Tree, rel: str) -> Finding | None:
    text = tree.read(rel) or ""
    title_m = re.search(r"^#\s+(.+)$", text, re.MULTILINE)
    title = (title_m.group(1) if title_m else Path(rel).stem.replace("-", " ")).strip()
    sections: dict[str, str] = {}
    marks = list(_SECTION.finditer(text))
    for i, m in enumerate(marks):
        end = marks[i + 1].start() if i + 1 < len(marks) else len(text)
        chunk = text[m.end() : end]
        chunk = re.split(r"^#{1,3}\s", chunk, flags=re.MULTILINE)[0]
        sections[m.group(1).lower()] = " ".join(chunk.split())
    inline = re.search(r"^\W*status\W*:\W*(\w+)", text, re.I | re.M)  # "Status: accepted", "* **Status**: …"
    status = sections.get("status") or (inline.group(1) if inline else "")
    decision = sections.get("decision") or " ".join(
        p for p in re.split(r"\n\s*\n", text) if p.strip() and not p.lstrip().startswith("#")
    )
    if not decision:
        return None
    body = f"ADR {rel}: {title}." + (f" Status: {status.split('.')[0][:40]}." if status else "")
    body += f" Decision: {decision[:600]}"
    return Finding(f"decision/adr/{rel}", MemoryClass.DECISION, title[:100], body, (rel,), tags=("adr",))


def _from_commits(root: Path) -> list[Finding]:
    log = git(root, "log", "-n", "400", "--no-merges", "--format=%H%x1f%as%x1f%s%x1e")
    out: list[Finding] = []
    for entry in (log or "").split("\x1e"):
        parts = entry.strip().split("\x1f")
        if len(parts) != 3 or not CHOICE.search(parts[2]):
            continue
        sha, day, subject = parts
        if re.match(r"^(bump|chore\(deps\)|build\(deps\)|revert)", subject, re.IGNORECASE):
            continue
        out.append(
            Finding(
                f"decision/commit/{sha}",
                MemoryClass.DECISION,
                subject[:100],
                f"Decided in commit {short(sha)} ({day}): {subject}",
                (),
                tags=("commit",),
                commit=sha,
            )
        )
        if len(out) >= MAX_COMMIT_DECISIONS:
            break
    return out


_SUPERSEDES = re.compile(r"\bsupersed(es|ing|ed by)\b[^\n]*", re.IGNORECASE)
_LINK = re.compile(r"\(([^)\s]+\.(?:md|rst|txt|adoc))\)|\b(?:ADR[- ]?)?(\d{3,4})\b", re.IGNORECASE)


def _supersessions(tree: Tree, rel: str, adrs: list[str]) -> list[tuple[str, str]]:
    """(newer ADR, older ADR) pairs this ADR states, by link or by number ("Supersedes ADR-0003")."""
    pairs = []
    for m in _SUPERSEDES.finditer(tree.read(rel) or ""):
        for link, number in _LINK.findall(m.group(0)):
            target = posixpath.normpath(posixpath.join(posixpath.dirname(rel), link)) if link else next(
                (a for a in adrs if Path(a).name.startswith(number) or Path(a).name.startswith(number.zfill(4))), ""
            )  # fmt: skip
            if target in adrs and target != rel:
                pairs.append((target, rel) if m.group(1).lower() == "ed by" else (rel, target))
    return pairs


def investigate(tree: Tree) -> Knowledge:
    k = Knowledge()
    folder = next((d for d in ADR_DIRS if tree.under(d)), None)
    if folder:
        adrs = [f for f in tree.under(folder) if f.endswith((".md", ".rst", ".txt", ".adoc"))]
        adrs = [f for f in adrs if Path(f).stem.lower() not in ("readme", "index", "template", "0000-template")]
        adrs = adrs[:MAX_ADRS]
        newer_to_older: dict[str, set[str]] = {}
        for rel in adrs:
            for new, old in _supersessions(tree, rel, adrs):
                newer_to_older.setdefault(new, set()).add(old)
        for rel in adrs:
            if found := _adr(tree, rel):
                links = tuple(("supersedes", f"decision/adr/{old}") for old in sorted(newer_to_older.get(rel, ())))
                k.findings.append(replace(found, links=links))
    k.findings.extend(_from_commits(tree.root))
    return k
