"""What the newest releases broke or retired: dropped runtimes, removed and deprecated APIs, a raised minimum
version, from the changelog's three newest release sections.

An agent that reintroduces a removed API, uses a deprecated one in new code, or writes syntax the oldest supported
runtime lacks undoes a release; the changelog says what changed, and this fact carries the entries that bind new
code. Fixes, documentation and CI chores that only mention removing something are left out.
"""

from __future__ import annotations

import re

from picasso_tui.profile import reasons
from picasso_tui.profile.changelog import NAMES
from picasso_tui.profile.findings import Knowledge
from picasso_tui.profile.walk import Tree

RELEASES = 3
MAX_ENTRIES = 4
MAX_ENTRY_CHARS = 180
BINDS = re.compile(
    r"\b(breaking changes?|BC break|drop(s|ped|ping)? support|no longer support(s|ed)?|"
    r"drop(s|ped)? (python|node(\.js)?|ruby|php|java|jdk|go|rust) ?v?\d|"
    r"removed? support|requires? (node(\.js)?|python|php|ruby|go|java|jdk|rust|msrv) ?[v>=\d]|"
    r"minimum (supported )?(rust|python|node(\.js)?|ruby|php|go|java) version|msrv|"
    r"removed? (the |all )?(previously )?deprecated|(is|are) (now )?deprecated|deprecated? \S.{0,60}\bin favou?r of)",
    re.IGNORECASE,
)
"""An entry that binds new code: a runtime no longer supported, an API removed or deprecated, a minimum raised."""
CHORE = re.compile(
    r"^(\[?`?[0-9a-f]{7,}`?\]?\s*-\s*)?(docs?|ci|build|test|tests|chore|style|refactor)(\([^)]*\))?:|"
    r"\b(readme|badge|workflow|github actions|ci runner|runner image|typo)\b",
    re.IGNORECASE,
)


def _entry(text: str) -> str:
    said = re.sub(r"\s*\(?(https?://\S+|#\d+|\d{3,5})\)?\.?$", "", text).strip()  # its issue link or number
    said = re.sub(r"\s+(by|thanks to) @\S+.*$|\s*\(@[\w-]+\)$", "", said)
    said = re.sub(r"^#?\d{3,5}:\s*", "", said)  # Slim's "3104: Drop php7.2": the pull request's number
    if len(said) > MAX_ENTRY_CHARS:
        said = said[: MAX_ENTRY_CHARS - 1].rsplit(" ", 1)[0] + "…"
    return said


def investigate(tree: Tree) -> Knowledge:
    k = Knowledge()
    rel = tree.first(*NAMES)
    if not rel:
        return k
    versions = [
        (h, b) for h, b in reasons.headed_sections(tree.read(rel) or "") if re.search(r"\d+\.\d+|unreleased", h, re.I)
    ]
    picked: list[str] = []
    for heading, body in versions[:RELEASES]:
        version = re.search(r"v?\d+(\.\d+)+[\w.+-]*|unreleased", heading, re.IGNORECASE)
        for entry in reasons.changelog_entries(body):
            if BINDS.search(entry) and not CHORE.search(entry) and len(picked) < MAX_ENTRIES:
                picked.append(f"{version.group(0) if version else heading[:20]}: {_entry(entry)}")
    if picked:
        body = f"Breaking changes and deprecations of the newest releases ({rel}): " + "; ".join(picked) + "."
        k.fact("changelog/breaking", "Recent breaking changes", body.replace("..", "."), rel, tags=("changelog",))
    return k
