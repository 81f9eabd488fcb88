"""What the latest major release broke, from the changelog: the API an agent remembers from older code (nom's
closure combinators, connection_pool's positional arguments, helmet's unquoted `self`) is not the API of this
checkout. A release numbered M.0.0 of the newest major line is read; 0.x and 1.0 releases are left out (a 0.x
minor breaks as a matter of course, a 1.0 is a first stable release, not a change of course)."""

from __future__ import annotations

import re

from picasso_tui.anchors.gitutil import git
from picasso_tui.profile import reasons
from picasso_tui.profile.changelog import MOVED, behind_the_manifest, untouched
from picasso_tui.profile.findings import Knowledge
from picasso_tui.profile.runtime_support import BINDS, CHORE
from picasso_tui.profile.walk import Tree

VERSION = re.compile(
    r"^\W*(?:\d{4}-\d\d-\d\d\s*[-–—:]?\s*)?(?:v|version |release )?"
    r"(\d+)\.(\d+)(?:\.(\d+))?\b(?![.-]?(?:rc|alpha|beta|pre))",
    re.I,
)
"""A release heading's version, after the day where the heading opens with it (PhpSpreadsheet's
`2025-08-10 - 5.0.0`)."""
BREAKING = re.compile(
    r"\bbreaking\b|\bno longer\b|\bremoved?\b|\binstead of\b|\brather than\b|\brenamed?\b|\breplaced?\b|\bdefault\b",
    re.I,
)
DEPENDENCY_BUMP = re.compile(r"^\W*deps?\b[^:]{0,20}:|\bbump(s|ed)? \S+ from \S+ to\b", re.I)
"""html-react-parser's "deps: bump domhandler from 5.0.3 to 6.0.1": a dependency's release, not the API that broke."""
MARKUP = re.compile(r"^\W*\**\s*breaking( changes?)?\]?\s*:?\**\s*:?\s*", re.I)
"""A "breaking" label before the entry: `**Breaking:**`, oxipng's `[Breaking]`."""
CREDITS = re.compile(r"\b(thanks|contributors|credits|acknowledg\w*)\b", re.I)
URL = re.compile(r"\s*\(?https?://\S+\)?")
MAX_AGE_YEARS = 3
"""A major release older than this, against the checkout's last commit, is history the code around it already
follows: set by that reasoning, not tuned (it would keep or drop a memory nobody judged)."""
MAX_QUOTED = 3
MAX_ENTRY_CHARS = 200
MAX_LEAD_CHARS = 260


BREAKING_HEADING = re.compile(r"\bbreaking\b|backwards?[- ]incompatib|\bincompatible\b|\bBC break", re.I)
"""A release's own sub-section for what broke (icalendar's "Breaking changes" beside its "Minor changes")."""


def _release_sections(text: str) -> list[tuple[tuple[int, int, int], str, str, str, bool]]:
    """(version, heading, its own text, the section with its sub-sections, whether that is the release's own
    sub-section for what broke) for each release heading. Where the release has such a sub-section, it alone is
    the section's text."""
    sections = reasons.leveled_sections(text)
    out = []
    for i, (level, heading, body) in enumerate(sections):
        found = VERSION.match(heading)
        if not found or level == 0:
            continue
        parts = [body]
        broke = []
        for sub_level, sub_heading, sub_body in sections[i + 1 :]:
            # react-window's `# 2.0.0` above `## 1.8.1`: an older release's heading ends the section, whatever its level
            if sub_level <= level or VERSION.match(sub_heading):
                break
            if not CREDITS.search(sub_heading):  # nom's "Thanks": contributors' names, no change
                parts.append(f"{sub_heading}\n{sub_body}")
            if BREAKING_HEADING.search(sub_heading):
                broke.append(sub_body)
        version = (int(found.group(1)), int(found.group(2)), int(found.group(3) or 0))
        out.append((version, heading, body, "\n".join(broke or parts), bool(broke)))
    return out


def _prereleased(text: str, version: tuple[int, int, int]) -> bool:
    """The changelog also has headings for this release's alphas or release candidates (SonataAdminBundle's
    4.0.0-rc.2, icalendar's 7.0.0a3): the final's own entries are only what changed after the last of them."""
    number = re.escape(".".join(map(str, version)))
    return bool(re.search(rf"^\W*v?{number}[-.]?(?:rc|alpha|beta|a|b|pre)\.?\d", text, re.I | re.M))


RST_LINK = re.compile(r"`([^`<]+?)\s*<[^>`]+>`_+")
"""A reStructuredText link: pytest-benchmark's "`py.path <https://…>`_" is read as its text, `py.path`."""


def _quotable(entry: str) -> str:
    return reasons.cut_at_word(URL.sub("", MARKUP.sub("", RST_LINK.sub(r"`\1`", entry))).strip(), MAX_ENTRY_CHARS)


def _unique(entries: list[str]) -> list[str]:
    """Each entry once: eslint-plugin-n's changelog gives "remove no-unpublished-bin from recommended (#485)" again
    with its commit hash after it."""
    seen: set[str] = set()
    out = []
    for e in entries:
        bare = re.sub(r"(\s*\(?(#\d+|[0-9a-f]{7,40})\)?)+\W*$", "", e.strip().lower())
        if bare not in seen:
            seen.add(bare)
            out.append(e)
    return out


UNDATED = re.compile(r"\?\?|\bX{2,}\b|\b(unreleased|upcoming|tbd|tba|in progress|not yet released)\b", re.I)
"""A release heading without its day yet (vfsStream's `2.0.0 (20??-??-??)`): the release is still to come."""


def _released(heading: str, version: tuple[int, int, int], tags: list[str]) -> bool:
    """The heading's release happened: it has no placeholder date, and where the repository has tags, one of them
    names this version (vfsStream's newest tag is v1.6.11, its changelog already opens with 2.0.0)."""
    if UNDATED.search(heading):
        return False
    wanted = re.compile(rf"(^|[^\d.]){version[0]}\.{version[1]}(\.{version[2]})?$")
    return not tags or any(wanted.search(tag) for tag in tags)


def _lead(section: str) -> str:
    """The release's opening paragraph when it explains the release in prose (nom 8.0's "significant refactoring")."""
    for para in re.split(r"\n\s*\n", section):
        p = para.strip()
        if not p or p.startswith(("-", "*", "+", "#", "```", "|", "<", "(", "[")) or re.match(r"^released\b", p, re.I):
            continue
        said = reasons.sentences(reasons.clean(p))
        return reasons.cut_at_word(" ".join(said[:2]), MAX_LEAD_CHARS) if len(p.split()) >= 12 else ""
    return ""


def investigate(tree: Tree) -> Knowledge:
    k = Knowledge()
    rel = tree.first(*reasons.CHANGELOGS, "Changes.md", "CHANGES", "HISTORY.rst", "History.md")
    text = tree.read(rel) or "" if rel else ""
    if not rel or MOVED.search(text[:3000]) or untouched(tree, rel):
        return k  # the notes moved to GitHub Releases, or the file stopped two years before HEAD
    tags = (git(tree.root, "tag", "--list") or "").split()
    releases = [r for r in _release_sections(text) if _released(r[1], r[0], tags)]
    if not releases:
        return k
    newest = max(release[0] for release in releases)
    scoped = [tuple(map(int, m)) for m in re.findall(r"^#+\s*[@\w/.-]+@v?(\d+)\.(\d+)\.(\d+)", text, re.M)]
    if scoped and max(scoped) > newest:
        return k  # node-postgres' `## pg@8.23.0` headings: its newest releases are named per package, not 7.0.0
    major = next((release for release in releases if release[0] == (newest[0], 0, 0)), None)
    if newest[0] < 2 or not major:
        return k
    if behind_the_manifest(tree, major[1], prereleases=False):
        return k  # a changelog left at v5 while go.mod's module is …/v6: the newest major release is not written here
    # pyOpenSSL's 26.0.0 is the first release of 2026 (CalVer): a new year, not a change of course
    head_year = reasons.head_day(tree.root)[:4]
    if head_year.isdigit() and newest[0] in (int(head_year), int(head_year) % 100, int(head_year) % 100 - 1):
        return k
    _, heading, own, section, sorted_out = major
    day = re.search(r"\b(\d{4})-\d\d-\d\d\b", heading)
    # Radicale's `## 3.0.0` carries no date: its tag does (2020)
    tag = next((t for t in tags if t.removeprefix("v") == ".".join(map(str, major[0]))), "")
    tagged = (git(tree.root, "log", "-1", "--format=%cs", tag) or "")[:4] if tag and not day else ""
    year = day.group(1) if day else tagged
    if year.isdigit() and head_year.isdigit() and int(head_year) - int(year) > MAX_AGE_YEARS:
        return k  # vobject's 4.0.0 of 2015: code written since knows it
    entries = _unique([e for e in reasons.changelog_entries(section) if not CHORE.search(e)])
    # webmock 3.0's additions say nothing of what broke; a runtime dropped is the runtime fact's, counted here
    # in a breaking sub-section every entry broke something, but Fuse's "Extension changed" says nothing of what
    breaking = [
        e
        for e in entries
        if (len(e.split()) >= 4 if sorted_out else BREAKING.search(e))
        and not BINDS.search(e.replace("`", ""))
        and not DEPENDENCY_BUMP.search(e)
    ]
    # after its release candidates, a final without its own breaking sub-section lists only their last fixes
    tail_only = _prereleased(text, major[0]) and not sorted_out
    quoted = [] if tail_only else [_quotable(e) for e in breaking[:MAX_QUOTED]]
    lead = _lead(own)
    if not quoted and not lead:
        return k
    found = VERSION.match(heading)
    number = re.sub(r"^\W*\d{4}-\d\d-\d\d\s*[-–—:]?\s*", "", found.group(0)).strip("[] #") if found else heading[:20]
    title = f"{number} ({day.group(0)}; {rel})" if day else f"{number} ({rel})"
    body = f"The latest major release is {title}."
    if lead:
        body += f" {lead}"
    if quoted:
        body += " Its changelog says: " + "; ".join(f"“{q.rstrip('.')}”" for q in quoted) + "."
    listed = len(reasons.changelog_entries(section))  # every entry of the release, chores too, is "there"
    if listed > len(quoted):
        more = listed - len(quoted)
        body += f" ({more} more {'entry' if more == 1 else 'entries'} there.)"
    k.fact("history/major-release", f"Latest major release: {number}", body, rel, tags=("changelog",))
    return k
