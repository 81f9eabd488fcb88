"""Decisions: architecture decision records first, then decisions whose source gives a reason (``reasons.py``)."""

from __future__ import annotations

import posixpath
import re
from dataclasses import replace
from pathlib import Path

from picasso_tui.profile import reasons
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
MAX_DECISIONS = 1
"""Decisions inferred from design docs, README sections, manifests and changelogs, besides the ADRs: the most
consequential one. Chosen by leave-one-workspace-out cross-validation over 1 to 5 (docs/benchmarks.md, round
thirty-two): a second one lowered F1 in every fold, since inferred decisions are endorsed less often than the
other memories."""
_SECTION = re.compile(
    r"^#{1,3}\s*(?:(decision)s?\b(?!\s+drivers).*|(status)\s*:?\s*|(context)\b.*)$", re.IGNORECASE | re.MULTILINE
)
"""A record's Decision (react-router's `## Decisions`, MADR's `## Decision Outcome`, not its `## Decision Drivers`),
Status (the word alone: react-router's `## Status codes` is a part of its design) and Context sections."""
_HEADER_LINE = re.compile(r"^\W*(date|status|deciders?|authors?|supersedes|superseded by)\W*:.*$", re.I | re.M)


_TEMPLATE = re.compile(r"^\d*[-_]?(adr[-_])?template$", re.IGNORECASE)
"""dependency-track's docs/adr/000-template.md: the form a new record fills in, no decision."""
_FENCE = re.compile(r"^(```|~~~).*?^(```|~~~)[^\n]*$", re.MULTILINE | re.DOTALL)
_TABLE_ROW = re.compile(r"^\s*\|.*\|\s*$", re.MULTILINE)
_TODO = re.compile(r"\bTODO\b[^.\n]*[.\n]?")
_MD_LINK = re.compile(r"\[([^\]]+)\]\([^)]*\)")


def _table_status(text: str) -> str:
    """The Status column of a record's header table (`| Status | Date |`, then a row under the rule)."""
    rows = [r for r in _TABLE_ROW.findall(text)[:3] if not re.fullmatch(r"[\s|:-]+", r)]
    if len(rows) < 2:
        return ""
    header = [c.strip().lower() for c in rows[0].strip().strip("|").split("|")]
    cells = [c.strip() for c in rows[1].strip().strip("|").split("|")]
    return cells[header.index("status")] if "status" in header and len(cells) > header.index("status") else ""


def _prose(text: str) -> str:
    """The record's words without its diagrams, code, tables, to-dos and link targets: a body an agent reads."""
    text = _TABLE_ROW.sub("", _FENCE.sub("", text))
    return _MD_LINK.sub(r"\1", _TODO.sub("", text))


_CHOSEN = re.compile(r"\b(option|solution|alternative)\s+[*_]{0,2}([A-H])\b[*_]{0,2}", re.IGNORECASE)


def _options_named(decision: str, text: str) -> str:
    """The decision with each chosen option named by its heading: dependency-track's "We will follow option *D*"
    says `option D (Build our own)` from `#### D: Build our own`; a letter alone says nothing outside the record."""

    def named(m: re.Match[str]) -> str:
        heading = re.search(rf"^#{{2,5}}\s*(?:{m.group(1)}\s+)?{m.group(2)}\s*[:.)-]\s*(.+?)\s*$", text, re.I | re.M)
        return f"{m.group(1)} {m.group(2)} ({heading.group(1).strip('*_ ')})" if heading else m.group(0)

    return _CHOSEN.sub(named, decision)


WITHDRAWN = re.compile(r"\W*(rejected|withdrawn|abandoned|declined)\b", re.I)
"""A record's status that says its decision was never taken; a superseded one keeps its record, and the one that
supersedes it links to it."""


def _adr(tree: Tree, rel: str) -> Finding | None:
    text = tree.read(rel) or ""
    table_status = _MD_LINK.sub(r"\1", _table_status(text))
    text = _prose(text)
    title_m = re.search(r"^#\s+(.+)$", text, re.MULTILINE)
    title = (title_m.group(1) if title_m else Path(rel).stem.replace("-", " ")).strip()
    sections: dict[str, str] = {}
    marks = list(_SECTION.finditer(text))
    for i, m in enumerate(marks):
        end = marks[i + 1].start() if i + 1 < len(marks) else len(text)
        chunk = text[m.end() : end]
        level = len(m.group(0)) - len(m.group(0).lstrip("#"))
        # the section runs through its own sub-headings (dependency-track's `## Decision`, then `### Going Spec-First`)
        chunk = re.split(rf"^#{{1,{level}}}\s", chunk, flags=re.MULTILINE)[0]
        chunk = re.sub(r"^#+\s.*$", "", chunk, flags=re.MULTILINE)
        sections[(m.group(1) or m.group(2) or m.group(3)).lower()] = " ".join(chunk.split())
    inline = re.search(r"^\W*status\W*:\W*(\w+)", text, re.I | re.M)  # "Status: accepted", "* **Status**: …"
    # dependency-track's records give it in a table: `| Superseded by ADR-011 | 2025-01-19 | @nscuro |`
    status = sections.get("status") or (inline.group(1) if inline else "") or table_status
    decision = sections.get("decision") or " ".join(  # without react-router's `Date: …`, `Status: …` lines
        p for p in re.split(r"\n\s*\n", _HEADER_LINE.sub("", text)) if p.strip() and not p.lstrip().startswith("#")
    )
    if not decision or re.fullmatch(r"\W*(pending|tbd|to be (decided|determined)|todo)\W*", decision, re.I):
        return None  # zebra's ADR 0003, "Decision: Pending": none is taken yet
    if WITHDRAWN.match(status):
        return None  # Sylius' "Status: rejected": the proposal it records was never taken (a superseded one was)
    decision = _options_named(decision, text)
    body = f"ADR {rel}: {title}." + (f" Status: {status.split('.')[0][:40]}." if status else "")
    body += f" Decision: {decision[:600]}"
    return Finding(f"decision/adr/{rel}", MemoryClass.DECISION, title[:100], body, (rel,), tags=("adr",))


_STOP = frozenset(
    [
        "the",
        "and",
        "for",
        "with",
        "that",
        "this",
        "from",
        "are",
        "was",
        "were",
        "has",
        "have",
        "not",
        "into",
        "its",
        "our",
        "use",
        "used",
        "uses",
        "using",
        "instead",
        "because",
        "which",
        "when",
        "then",
        "than",
        "rather",
        "decided",
        "design",
        "decision",
        "commit",
        "changelog",
        "policy",
        "stated",
        "line",
    ]
)


def _key_words(text: str) -> frozenset[str]:
    return frozenset(w for w in re.findall(r"[a-z0-9_]{3,}", text.lower()) if w not in _STOP)


def _same_subject(a: frozenset[str], b: frozenset[str]) -> bool:
    return bool(a and b) and len(a & b) / min(len(a), len(b)) >= 0.6


def most_consequential(found: list[reasons.Reasoned], slots: int) -> list[reasons.Reasoned]:
    """The highest-ranked first (stable within a rank), one per subject, at most ``slots``."""
    kept: list[reasons.Reasoned] = []
    seen: list[frozenset[str]] = []
    if slots <= 0:
        return kept
    for r in sorted(found, key=lambda r: r.rank):
        words = _key_words(r.body.split(": ", 1)[-1])
        if any(_same_subject(words, w) for w in seen):
            continue
        seen.append(words)
        kept.append(r)
        if len(kept) >= slots:
            break
    return kept


def inferred(tree: Tree, slots: int = MAX_DECISIONS) -> list[Finding]:
    """Decisions with a stated reason from every source but ADRs, the most consequential first."""
    found = [
        *reasons.design_docs(tree),
        *reasons.readme_why(tree),
        *reasons.manifest_comments(tree),
        *reasons.changelog(tree),
    ]
    return [
        Finding(
            r.key,
            MemoryClass.DECISION,
            r.title,
            r.body,
            (r.source,),
            tags=(r.key.split("/")[1],),
        )
        for r in most_consequential(found, slots)
    ]


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


def investigate(tree: Tree, slots: int = MAX_DECISIONS) -> Knowledge:
    """Every ADR, then at most ``slots`` decisions inferred from the other sources."""
    k = Knowledge()
    folder = next((d for d in ADR_DIRS if tree.under(d)), None)
    if folder:
        adrs = [f for f in tree.under(folder) if f.endswith((".md", ".rst", ".txt", ".adoc"))]
        adrs = [
            f for f in adrs if Path(f).stem.lower() not in ("readme", "index") and not _TEMPLATE.match(Path(f).stem)
        ]
        adrs = adrs[:MAX_ADRS]
        newer_to_older: dict[str, set[str]] = {}
        for rel in adrs:
            for new, old in _supersessions(tree, rel, adrs):
                newer_to_older.setdefault(new, set()).add(old)
        for rel in adrs:
            if found := _adr(tree, rel):
                links = tuple(("supersedes", f"decision/adr/{old}") for old in sorted(newer_to_older.get(rel, ())))
                k.findings.append(replace(found, links=links))
    k.findings.extend(inferred(tree, slots))
    return k
