"""How the project records its changes, read from the changelog itself: which file, whether new entries go under
an "Unreleased" heading, the sections an entry has and what one line looks like, so that a change is written up the
way the others are. A changelog that says it has moved is said to have moved."""

from __future__ import annotations

import re

from picasso_tui.profile.findings import Finding, human_list
from picasso_tui.profile.walk import Tree
from picasso_tui.store.schema import MemoryClass

NAMES = tuple(
    f"{stem}{ext}"
    for stem in ("CHANGELOG", "Changelog", "changelog", "CHANGES", "HISTORY", "History", "NEWS")
    for ext in (".md", ".rst", "", ".txt")
)
READ_LINES = 200
"""The newest entries are at the top: the first lines say how an entry is written."""
MOVED = re.compile(
    r"\b(has moved|moved to|no longer (maintained|updated|kept)|see (the |our )?\[?(github )?releases)", re.I
)
_MD_HEADING = re.compile(r"^(#{1,4})\s+(.+?)\s*#*$")
_UNDERLINE = re.compile(r"^([=\-~^*+#])\1{2,}\s*$")
_VERSION = re.compile(r"\bv?\d+\.\d+|\bunreleased\b", re.I)
_BULLET = re.compile(r"^[-*+]\s+(.+)$")
UPCOMING = re.compile(r"\b(unreleased|upcoming|next|tbd|pending|in progress)\b", re.I)
"""An entry for the release to come (`## Unreleased`, `5.0.0 - TBD`, `v3.2.1 (NEXT)`): where a change goes."""
_AREA = re.compile(r"^([a-z][\w-]{1,12})\s*:\s+\S")


def _headings(lines: list[str]) -> list[tuple[int, int, str]]:
    """(line index, level, title) of the Markdown and reStructuredText headings, and of NEWS-style version lines
    (`v1.10.0` alone at the start of a line)."""
    out = []
    for i, line in enumerate(lines):
        nxt = lines[i + 1] if i + 1 < len(lines) else ""
        md = _MD_HEADING.match(line)
        if md:
            out.append((i, len(md.group(1)), md.group(2)))
        elif line.strip() and _UNDERLINE.match(nxt.strip()) and not _BULLET.match(line):
            out.append((i, 1 if nxt.strip()[0] == "=" else 2, line.strip()))
        elif re.fullmatch(r"v?\d+\.\d+(\.\d+)?\S*(\s.*)?", line.strip()) and not line.startswith((" ", "\t")):
            out.append((i, 1, line.strip()))
    return out


def _clean(text: str) -> str:
    text = re.sub(r"`([^`<]+?)\s*<[^>]+>`__?", r"\1", text)  # rst link
    text = re.sub(r"`([^`<]+)`__?(?!\w)", r"\1", text)  # rst reference (`Unreleased`_)
    text = re.sub(r"\[([^\]]+)\]\([^)]*\)|\[([^\]]+)\]\[[^\]]*\]", lambda m: m.group(1) or m.group(2), text)
    text = re.sub(r"`+", "'", text).strip()
    return text if len(text) <= 140 else text[:140].rsplit(" ", 1)[0] + " …"


def finding(tree: Tree) -> Finding | None:
    rel = tree.first(*NAMES)
    text = tree.read(rel) if rel else None
    if not rel or not text:
        return None
    lines = text.splitlines()[:READ_LINES]
    if len(lines) < 15 and MOVED.search(" ".join(lines)):
        body = f"{rel} is no longer kept: it says the changes are listed elsewhere (the GitHub Releases page)."
        return Finding("rules/changelog", MemoryClass.REPO_RULE, "Changelog moved", body, (rel,), tags=("rules",))
    heads = _headings(lines)
    entries = [(i, level, title) for i, level, title in heads if _VERSION.search(title)]
    if not entries:
        return None
    start, level, title = entries[0]
    end = next((i for i, lv, _ in heads if i > start and lv <= level), len(lines))
    sections = [t.rstrip(":") for i, lv, t in heads if start < i < end and lv > level and len(t) <= 30]
    sections = [t for t in dict.fromkeys(sections) if not _VERSION.search(t)]  # hyper's next version, not a section
    body_lines = [line.strip() for line in lines[start + 1 : end]]
    items = [m.group(1) for line in body_lines if (m := _BULLET.match(line))] or [
        line for line in body_lines if _AREA.match(line)
    ]
    areas = list(dict.fromkeys(m.group(1) for line in items if (m := _AREA.match(line))))
    said = f"The changelog is {rel}, newest entry first" + (
        f": changes go under the upcoming release's heading ({_clean(title)})"
        if UPCOMING.search(title)
        else f" (the latest: {_clean(title)})"
    )
    if sections:
        said += f"; an entry has the sections {human_list([_clean(s) for s in sections])}"
    if len(areas) >= 2 and sum(bool(_AREA.match(i)) for i in items) >= 0.6 * len(items):
        said += f"; each line starts with its area ({human_list(areas)})"
    example = next((i for i in items if len(_clean(i).split()) >= 4), "")  # not "None yet." nor a bare prefix
    if example:
        said += f'. A line reads: "{_clean(example)}"'
    return Finding("rules/changelog", MemoryClass.REPO_RULE, f"Changelog: {rel}", said + ".", (rel,), tags=("rules",))
