"""Recent git history: commit message conventions and the most active areas of the code."""

from __future__ import annotations

import re
from collections import Counter
from pathlib import Path

from picasso_tui.anchors.gitutil import git
from picasso_tui.profile.commit_guide import asks_conventional_commits
from picasso_tui.profile.findings import Knowledge, human_list, plural
from picasso_tui.profile.walk import SKIP_DIRS, read_bounded

MAX_COMMITS = 300
RECENT = 50
"""Commit style is read from the newest commits: a project that moved to Conventional Commits is described as it
works now."""
BOT = re.compile(
    r"\[bot\]|dependabot|renovate|github-actions|pre-commit-ci|[-_ ]bot$|(?-i:(?<=[a-z])Bot$)", re.IGNORECASE
)
"""A bot's name: the known ones, and a release account named so (graphql-yoga's TheGuildBot, `release-bot`)."""
RELEASE_TOOL = re.compile(r"^\[(maven-release-plugin|Gradle Release Plugin)\]|^GITBOOK-\d+:", re.IGNORECASE)
"""A release plugin's own commits (RoaringBitmap's `[Gradle Release Plugin] - new version commit`) and GitBook's
syncs (SonsOfPHP's `GITBOOK-12: No subject`): no one's habit."""
MIN_COMMITS = 5
"""Fewer commits say nothing about habits (an imported tree is often one commit)."""
CONVENTIONAL = re.compile(
    r"^(?:(?::[a-z0-9_+-]+:|[\u2600-\u27bf\U0001f300-\U0001faff])\ufe0f?\s*)?"  # gookit's ":sparkles: feat: …"
    # fabric.js' `feat():`; vyper's `fix[venom]:` puts the scope in brackets
    # fakeredis writes `fix:topk unstable test`, with no space: its habit all the same
    r"(feat|fix|chore|docs|refactor|test|tests|ci|build|perf|style|revert)(\([^)]*\)|\[[^\]]*\])?!?:(\s|(?=[A-Za-z`]))"
)
TICKET = re.compile(r"\b[A-Z][A-Z0-9]+-\d+\b|#\d+")
SQUASH_SUFFIX = re.compile(r"\s\(#\d+\)$")
BRACKET = re.compile(r"^(\[\[[^\]]+\]\]|\[[^\]]+\]):?\s")
"""A bracketed tag that leads: minimist's `[Tests] …`, cgreen's `[feat]: …`, jshint's doubled `[[FIX]] …`."""
ISSUE_LEAD = re.compile(r"^(refs|fixes|closes|fix|see|re)\s+#\d+\b", re.IGNORECASE)
VERB_FIRST = re.compile(
    r"^(Add|Change|Fix|Remove|Update|Refactor|Improve|Use|Make|Move|Rename|Support|Allow|Drop|Document|Test|Bump|"
    r"Replace|Extract|Implement|Introduce|Clean|Simplify|Prevent|Ensure|Handle|Avoid|Expose|Deprecate)\b(?!:)"
)
GITMOJI = re.compile(r"^(:[a-z0-9_+-]+:|[\u2600-\u27bf\U0001f300-\U0001faff])")
"""A gitmoji subject: ``:sparkles: Add ...`` or the emoji itself."""
UPPER_TAG = re.compile(
    r"^(FIX|DOC|DOCS|MNT|ENH|MAINT|TST|TEST|BUG|CI|BLD|API|DEP|DEV|REL|REF|PERF|STY|FEAT|RELEASE)\b:?\s"
)
"""numpy-style change tags in capitals (joblib's `FIX …`, `DOC …`, `MNT …`)."""
VERSION_AREA = re.compile(r"^([A-Za-z]+ \d+(?:\.\d+)*) \| ")
"""A version the change is about, then the area (PHPCompatibility's `PHP 8.4 | NewFunctions: …`)."""
AREA = re.compile(r"^([A-Za-z0-9_][\w./,*+-]{0,30})(?: ?\([^)]{1,40}\))?:\s+\S")
"""A crate, package or area prefix: ``tracing-core: ...``, ``unix,win: ...``; with a scope after it (ua-parser-js'
``Feat(extensions): ...`` beside ``CI: ...``; Symphonia's ``core (io): ...``)."""
CHANGE_TYPES = frozenset({
    "new", "add", "added", "fix", "fixed", "bugfix", "change", "changed", "update", "updated", "remove", "removed",
    "improve", "improvement", "enhancement", "feature", "deprecate", "deprecated", "security",
})  # fmt: skip
"""Words a prefix uses to say what kind of change a commit is, in a changelog's sections (`New:`, `Fix:`)."""
DASH_AREA = re.compile(r"^([a-z][\w./-]{0,30}) - \S")
"""An area, then a dash: gofakeit's ``person - update data``, ``tests - updated product tests``."""


_IMPORT_TRAILER = re.compile(r"\s*\[git-p4: [^\]]*\]|\s*git-svn-id: \S+( [\w-]+)?$")
"""What an import from Perforce or Subversion appends to a message (minitest's `[git-p4: depot-paths = …]`): no
part of the subject its author wrote."""
_CHANGE_MARKER = re.compile(r"^([-+!*])\s")


CONTAINERS = frozenset({"src", "lib", "packages", "apps", "crates", "cmd", "internal", "pkg", "app"})
"""Folders whose sub-folders are areas of their own (src/Node/, packages/core/): the memory breaks their total down."""
AREAS_SHOWN = 6
PARTS_SHOWN = 3


def _top(path: str) -> str:
    return path.split("/", 1)[0] if "/" in path else "(top level)"


def _part(path: str) -> str:
    """The sub-folder of a container folder that holds ``path`` (src/Node for src/Node/Expr/A.php), or ""."""
    parts = path.split("/")
    return "/".join(parts[:2]) if len(parts) > 2 and parts[0] in CONTAINERS else ""


def _place(path: str, folders: set[str]) -> tuple[str, str]:
    """(top-level area, container sub-folder or "") of a path, as named at HEAD: a deleted file of a folder that
    moved (cachetools/ is src/cachetools/ now) counts in the top-level folder it moved into, never as an area of
    its own."""
    area = _live(_top(path), folders)
    if "/" in area:  # moved below another top-level folder
        top = area.split("/", 1)[0]
        return top, area if top in CONTAINERS else ""
    part = _live(_part(path), folders) if _part(path) else ""
    if part and area != part.split("/", 1)[0]:
        # agenda's lib/ is gone and lib/agenda/ lives on as packages/agenda/: the commit counts in packages, so that
        # a part never has more commits than its area
        return part.split("/", 1)[0], part if part.split("/", 1)[0] in CONTAINERS else ""
    return area, part


RECENT_TRAILERS = 50


AGENT_FILES = ("AGENTS.md", "CLAUDE.md", ".github/copilot-instructions.md")
AGENT_NO_SIGN_OFF = re.compile(
    r"\b(LLMs?|AI|agents?|assistants?)\b[^.\n]{0,80}\b(must not|never|do not|don't|should not)\b[^.\n]{0,60}"
    r"Signed-off-by|\bno\W+Signed-off-by\W+(from|by) (an? )?(AI|LLM|agent)",
    re.IGNORECASE,
)
"""An agent file telling an AI agent to add no DCO sign-off of its own: only a human may certify the origin."""


def _trailers(root: Path, n: int) -> list[str]:
    """Habits that live in trailers: a DCO sign-off many projects require, co-authors (bots' commits left out)."""
    out = git(root, "log", "-n", str(MAX_COMMITS), "--no-merges", "--format=%x1e%an%x1f%(trailers:only,unfold)")
    pairs = [e.partition("\x1f") for e in (out or "").split("\x1e")[1:]]
    people = [(author, trailers) for author, _, trailers in pairs if not BOT.search(author)]
    entries = [trailers for _, trailers in people]
    recent = people[:RECENT_TRAILERS]  # a sign-off the project stopped asking for (htmlpurifier's, none since 2024)
    signers = {author for author, trailers in recent if "Signed-off-by:" in trailers}
    authors = {author for author, _ in recent}
    # one maintainer's own habit (FastRoute's: every sign-off is theirs, no one else's) is not the project's rule,
    # nor two maintainers' among contributors who never sign (cargo-binstall's): a rule is kept by most authors
    shared = (len(signers) > 1 and len(signers) * 2 >= len(authors)) or len(authors) == 1
    signed = sum("Signed-off-by:" in trailers for _, trailers in recent) if shared else 0
    coauthored = sum("Co-authored-by:" in e for e in entries)
    notes = []
    if recent and signed / len(recent) >= 0.5:
        said = f"commits are signed off (Signed-off-by trailer, {signed} of the last {len(recent)})"
        # bootc's and LocalAI's AGENTS.md: only a human signs the DCO; an agent adds no Signed-off-by of its own
        agents = [f for f in AGENT_FILES if AGENT_NO_SIGN_OFF.search(read_bounded(root / f) or "")]
        notes.append(
            f"{said} by their human authors; an AI agent must not add one ({agents[0]})"
            if agents
            else f"{said}: use `git commit -s`"
        )
    if entries and coauthored / len(entries) >= 0.3:
        notes.append("Co-authored-by trailers are common")
    return notes


def _busiest(areas: Counter[str], parts: Counter[str]) -> list[str]:
    """The busiest areas, each named as it is at HEAD with every commit that touched anything under it, ties in name
    order (a re-run writes the same body). A container's busiest sub-folders follow its total ("src (202 commits;
    src/Node in 77)"); a container whose every commit touched one sub-folder is named by it (src/dateutil)."""
    live = sorted(((a, c) for a, c in areas.items() if a), key=lambda ac: (-ac[1], ac[0]))[:AREAS_SHOWN]
    shown = []
    for area, count in live:
        inside = sorted(((p, c) for p, c in parts.items() if p.startswith(f"{area}/")), key=lambda pc: (-pc[1], pc[0]))
        if len(inside) == 1 and inside[0][1] == count:
            shown.append(f"{inside[0][0]} ({plural(count, 'commit')})")
        elif len(inside) > 1:
            most = ", ".join(f"{p} in {c}" for p, c in inside[:PARTS_SHOWN])  # one commit may touch several
            shown.append(f"{area} ({plural(count, 'commit')}; {most})")
        else:
            shown.append(f"{area} ({plural(count, 'commit')})")
    return shown


def _at_head(log: str) -> list[tuple[str, list[str]]]:
    """(author and subject, the paths it touched as they are named at HEAD) per commit, newest first: a file renamed
    since (time's tests/ moved into time/tests/) counts where it lives now, so an area is never under-counted
    because its files were moved into it."""
    now: dict[str, str] = {}  # an older path -> its path at HEAD, learned from the renames seen so far
    commits = []
    for entry in log.split("\x1e")[1:]:
        lines = [line for line in entry.splitlines() if line.strip()]
        if not lines:
            continue
        paths = []
        for line in lines[1:]:
            status, *names = line.split("\t")
            if not names:
                continue
            current = now.get(names[-1], names[-1])
            if status[:1] == "R" and len(names) == 2:
                now[names[0]] = current
            paths.append(current)
        commits.append((lines[0], paths))
    return commits


def _moves(log: str, folders: set[str]) -> dict[str, str]:
    """Top-level folders gone at HEAD whose files were renamed into another, each with the folder most of them went
    to (jaq's jaq-ext/ into jaq-fmts/): the areas' counts follow those files, which `git log -- jaq-fmts` does not."""
    went: dict[str, Counter[str]] = {}
    for line in log.splitlines():
        status, *names = line.split("\t")
        if status[:1] == "R" and len(names) == 2 and "/" in names[0] and "/" in names[1]:
            old, new = names[0].split("/", 1)[0], names[1].split("/", 1)[0]
            if old != new and old not in folders and new in folders:
                went.setdefault(old, Counter())[new] += 1
    return {old: targets.most_common(1)[0][0] for old, targets in went.items()}


def _moved_note(log: str, folders: set[str], shown: list[str]) -> str:
    """Where a shown area's count holds commits made under its earlier name, the memory says so."""
    names = {area.split(" (", 1)[0].split("/", 1)[0] for area in shown}  # packages/agenda is shown for packages
    moved = [(old, new) for old, new in _moves(log, folders).items() if new in names][:3]
    if not moved:
        return ""
    said = human_list([f"from {old}/ into {new}/" for old, new in moved])
    return f" The counts follow files moved since, with the commits made before they moved ({said})."


def _folders_at_head(root: Path) -> set[str]:
    return set((git(root, "ls-tree", "-d", "-r", "--name-only", "HEAD") or "").splitlines())


def _live(area: str, folders: set[str]) -> str:
    """The area as it is named at HEAD: itself, where it moved, or "" when it is gone."""
    return area if area == "(top level)" or area in folders else _moved_to(area, folders)


def _moved_to(area: str, folders: set[str]) -> str:
    """Where a folder that is gone now lives: the folder above it (js-yaml's lib/js-yaml/ is lib/ now), or the one
    folder of the same name (tomli/ moved to src/tomli/); "" when neither exists."""
    parent = area.rsplit("/", 1)[0] if "/" in area else ""
    if parent in folders:
        return parent
    same = [f for f in folders if f.rsplit("/", 1)[-1] == area.rsplit("/", 1)[-1] and f.count("/") <= 1]
    return same[0] if len(same) == 1 else ""


def _scopes(subjects: list[str]) -> str:
    """How often a scope is given and the scopes most used, as this history writes them (ufo scopes by function:
    fix(parseURL):); the release tool's own `chore(release):` subjects say nothing of the practice."""
    written = [m.group(0).rstrip() for s in subjects if (m := CONVENTIONAL.match(s)) and m.group(2)]
    written = [w for w in written if not w.startswith("chore(release)")]
    share = len(written) / len(subjects)
    if share < 0.3:
        return ""
    common = [w for w, _ in Counter(written).most_common(3)]
    return f"; {'usually' if share > 0.5 else 'often'} with a scope, e.g. {human_list(common)}"


def _subject_style(subjects: list[str]) -> str:
    """Conventional Commits, gitmoji or an area prefix (``core: ...``) are conventions; only the rest is
    free-form."""
    n = len(subjects)
    conventional = sum(bool(CONVENTIONAL.match(s)) for s in subjects)
    types = Counter(m.group(1) for s in subjects if (m := CONVENTIONAL.match(s)))
    # libfuse's kernel-style `test:`, `ci:`, `build:` beside `lib:` and `example/passthrough_hp:` name areas, and
    # no subject says feat: or fix:
    if conventional / n >= 0.5 and (types["feat"] or types["fix"]):
        tight = [s for s in subjects if (m := CONVENTIONAL.match(s)) and not m.group(3)]
        spacing = f"; no space after the colon, as in `{tight[0]}`" if 2 * len(tight) > conventional else ""
        return (
            f"Conventional Commits ({conventional / n:.0%} of the last {n}; types "
            f"{human_list([t + ':' for t, _ in types.most_common(6)])}{_scopes(subjects)}{spacing})"
        )
    recent = [m.group(1) for s in subjects[:10] if (m := CONVENTIONAL.match(s))]
    before = sum(bool(CONVENTIONAL.match(s)) for s in subjects[10:]) / max(1, n - 10)
    # cxxopts took up feat:/fix: lately, cron-expression's maintainer half of the newest: today's practice
    # bottom's `feature:`, `bug:`, `other:` are a scheme of its own: without feat: or fix: no Conventional Commits
    lately = {"feat", "fix"} & set(recent)
    # diaspora's newest ten are all `refactor(…):` and `chore(…):`, its feat: and fix: a little further back
    lately = lately or (len(recent) >= 9 and len(set(recent)) >= 2 and {"feat", "fix"} & set(types))
    if n > 10 and lately and (len(recent) >= 7 or (len(recent) >= 5 and before <= 0.25)):
        shown = human_list([t + ":" for t, _ in Counter(recent).most_common(4)])
        return f"Conventional Commits lately ({len(recent)} of the newest 10, e.g. {shown}; free-form before)"
    marks = [m.group(1) for s in subjects if (m := BRACKET.match(s))]
    tags = [t for t in marks if not TICKET.fullmatch(t[1:-1].strip())]
    if len(tags) / n >= 0.5:  # minimist's `[Dev Deps]`, `[Tests]`: a kind-of-change tag is its convention
        colon = ":" if sum(bool(re.match(r"\[[^\]]+\]:", s)) for s in subjects) * 2 > len(tags) else ""
        shown = ", ".join(f"{t}{colon}" for t, _ in Counter(tags).most_common(4))  # cgreen writes `[feat]: …`
        return f"a bracketed tag leads ({len(tags) / n:.0%} of the last {n}; most often {shown})"
    gitmoji = sum(bool(GITMOJI.match(s)) for s in subjects)
    if gitmoji / n >= 0.5:
        return f"gitmoji subjects ({gitmoji / n:.0%} of the last {n} start with an emoji such as :sparkles:)"
    upper = Counter(m.group(1) for s in subjects if (m := UPPER_TAG.match(s)))
    if upper.total() / n >= 0.5 and len(upper) >= 2:  # joblib's `FIX …`, `DOC …`, `MNT …`
        shown = human_list([f"`{t} …`" for t, _ in upper.most_common(4)])
        return f"an upper-case change-type tag leads ({upper.total() / n:.0%} of the last {n}; e.g. {shown})"
    marked = [_CHANGE_MARKER.sub("", s) for s in subjects]  # nanomq's `* MDF [nng] …`: the tag after the marker
    caps = Counter(m.group(1) for s in marked if (m := re.match(r"([A-Z]{2,6})\b:?\s", s)))
    if caps.total() / n >= 0.5 and len(caps) >= 2:
        scoped = sum(bool(re.match(r"[A-Z]{2,6}:? \[[^\]]+\]", s)) for s in marked) * 2 >= caps.total()
        shown = human_list([f"`{t}{' [<scope>]' if scoped else ''} …`" for t, _ in caps.most_common(4)])
        return f"an upper-case change-type tag leads ({caps.total() / n:.0%} of the last {n}; e.g. {shown})"
    leads = Counter(re.sub(r"\d+", "<n>", s.split(" ", 1)[0]) for s in subjects if TICKET.search(s.split(" ", 1)[0]))
    if leads and (top := leads.most_common(1)[0])[1] / n >= 0.6 and top[0] != "#<n>":
        # iceoryx' `iox-#2453 Fix typo …`: the issue first, in the project's own form, then the sentence
        rest = [
            s.split(" ", 1)[1] for s in subjects if " " in s and re.sub(r"\d+", "<n>", s.split(" ", 1)[0]) == top[0]
        ]
        case = " capitalised" if sum(r[:1].isupper() for r in rest) >= 0.8 * len(rest) else ""
        return f"subjects open with the issue as `{top[0]}` ({top[1] / n:.0%} of the last {n}), then a{case} sentence"
    versioned = [m.group(1) for s in subjects if (m := VERSION_AREA.match(s))]
    if len(versioned) / n >= 0.5:  # PHPCompatibility's `PHP 8.4 | NewFunctions: …`
        shown = human_list([f"`{v} | …`" for v, _ in Counter(versioned).most_common(3)])
        return f"a version and an area lead ({len(versioned) / n:.0%} of the last {n}; e.g. {shown})"
    named = Counter(m.group(1) for s in subjects if (m := AREA.match(s)))
    if named.total() / n >= 0.5:
        common = human_list([f"{a}:" for a, _ in named.most_common(4)])
        kind = (
            "an area or change-type prefix"
            if any(CONVENTIONAL.match(f"{a.lower()}: x") or a.lower() in CHANGE_TYPES for a in named)
            else "an area prefix"
        )
        return f"{kind} ({named.total() / n:.0%} of the last {n}; e.g. {common})"
    dashed = Counter(m.group(1) for s in subjects if (m := DASH_AREA.match(s)))
    if dashed.total() / n >= 0.5:
        shown = human_list([f"`{a} - …`" for a, _ in dashed.most_common(4)])
        return f"the area, then a dash ({dashed.total() / n:.0%} of the last {n}; e.g. {shown})"
    inner = Counter(w for s in subjects for w in set(re.findall(r"(?<=\S )[A-Z]{4,}(?= )", s)))
    kinds = [(w, c) for w, c in inner.most_common(4) if c / n >= 0.1]
    said = sum(any(f" {w} " in s for w, _ in kinds) for s in subjects)
    if len(kinds) >= 2 and said / n >= 0.4:  # libyang's `parser lyb BUGFIX …`, `schema mount UPDATE …`
        example = next(s for s in subjects if f" {kinds[0][0]} " in s)
        lead = example[: example.index(f" {kinds[0][0]} ") + len(kinds[0][0]) + 1]
        shown = ", ".join(f"{w} {c / n:.0%}" for w, c in kinds)
        return f"the area, then an upper-case change type (`{lead} …`; {shown} of the last {n})"
    verbs = Counter(m.group(1) for s in subjects if (m := VERB_FIRST.match(s)))
    if verbs.total() / n >= 0.8:  # tty-prompt's "Change …", "Add …", "Fix …": a habit, not free form
        shown = human_list([f"{v} …" for v, _ in verbs.most_common(4)])
        return f"subjects start with a capitalised verb ({verbs.total() / n:.0%} of the last {n}: {shown})"
    capital = sum(s[:1].isupper() for s in subjects)
    lower = sum(s[:1].islower() for s in subjects)
    # A case is named only when it clearly dominates: 172 capitals to 120 lower-case is neither, nor is
    # will_paginate's 58% capitals
    case = "capitalised, " if capital >= 0.8 * n else "mostly lower-case, " if lower >= 0.8 * n else ""
    if len(recent) >= 3:  # a prefix some newest commits carry is not "no prefix"
        return f"free-form subjects ({case}{len(recent)} of the newest 10 with a Conventional Commits prefix)"
    if conventional / n >= 0.2:  # loofah: 114 of 299 with `ci:`, `test:`, `feat:` …: a habit of some, not of none
        shown = human_list([t + ":" for t, _ in types.most_common(4)])
        share = f"{conventional / n:.0%} of the last {n}"
        return f"mixed subjects ({share} with a Conventional Commits prefix such as {shown})"
    return f"free-form subjects ({case}{_some_prefixes(subjects, named)})"


def _some_prefixes(subjects: list[str], named: Counter[str]) -> str:
    """The prefixes a minority still writes: quinn's `fix(quinn-udp):` and `proto:` among plain sentences make
    "no prefix" false."""
    n = len(subjects)
    written = [m.group(0).rstrip() for s in subjects if (m := CONVENTIONAL.match(s))]
    areas = [a for a, c in named.most_common() if not CONVENTIONAL.match(f"{a}: x")]
    # TaskJuggler's `New:` and `Fix:` say what kind of change it is, for its changelog: no area
    kinds = [a for a in areas if CONVENTIONAL.match(f"{a.lower()}: x") or a.lower() in CHANGE_TYPES]
    areas = [a for a in areas if a not in kinds]
    said = []
    if written:
        said.append(f"{len(written)} of the last {n} with a Conventional Commits prefix such as `{written[0]}`")
    for words, what in ((kinds, "a change-type prefix"), (areas, "an area prefix")):
        count = sum(named[a] for a in words)
        if count >= 3 and count / n >= 0.1:  # one `middleware:` in six is no habit
            said.append(f"{count} with {what} such as {human_list([f'`{a}:`' for a in words[:3]])}")
    return "; ".join(said) if said else "no Conventional Commits prefix"


def investigate(root: Path) -> Knowledge:
    k = Knowledge()
    log = git(root, "-c", "core.quotePath=false", "log", "-n", str(MAX_COMMITS), "--no-merges",
              "--format=%x1e%an%x1f%s", "--name-status", "-M")  # fmt: skip
    if not log:
        return k
    subjects: list[str] = []
    areas: Counter[str] = Counter()
    parts: Counter[str] = Counter()
    folders = _folders_at_head(root)
    for head, paths in _at_head(log):
        author, _, subject = head.partition("\x1f")
        if BOT.search(author) or RELEASE_TOOL.search(subject):
            continue  # dependabot's subjects, sign-offs and lock-file churn are not the project's habits
        subjects.append(_IMPORT_TRAILER.sub("", subject).strip())
        kept = [_place(p, folders) for p in paths if not SKIP_DIRS.intersection(p.split("/")[:-1])]
        areas.update({area for area, _ in kept})
        parts.update({part for _, part in kept if part})
    n = len(subjects)
    if n < MIN_COMMITS:
        return k
    # GitHub's squash merge appends the pull request's number, `(#1848)`: nobody's reference to an issue. Both
    # shares are today's practice, read from the newest commits as the style is (jenetics' issue numbers and
    # joshuto's squash merges are years behind them)
    recent = subjects[:RECENT]
    squashed = sum(bool(SQUASH_SUFFIX.search(s)) for s in recent) / len(recent)
    tickets = sum(bool(TICKET.search(SQUASH_SUFFIX.sub("", s))) for s in recent) / len(recent)
    # today's practice too: plane led with `[WEB-7182]` in half of 300 commits, in 13 of the newest 50
    brackets = [m.group(1) for s in recent if (m := BRACKET.match(s))]
    issue_brackets = [b for b in brackets if TICKET.fullmatch(b[1:-1].strip())]  # jOOL's `[#397] Wrong result …`
    # laravel-actions' workflow commits "Fix styling" 17 times in 100: a repeated subject is a tool's, counted once
    # over the newest, as the style is: gleam's are 31 characters now, 39 over the last 300 (judges count the 50)
    lengths = sorted(len(s) for s in dict.fromkeys(recent))
    notes = [_subject_style(subjects[:RECENT])]  # today's practice: the newest commits, not the whole window
    guide = asks_conventional_commits(root)
    if guide and not notes[0].startswith("Conventional Commits"):  # the guide's ask, then what the history shows
        notes[0] = f"{guide} asks for Conventional Commits (`feat: …`, `fix: …`); the newest are {notes[0]}"
    if tickets >= 0.3:
        notes.append(f"{tickets:.0%} reference an issue or ticket")
    if squashed >= 0.3:
        notes.append(f"{squashed:.0%} end with the pull request's number (`(#123)`), which a squash merge appends")
    refs = [m.group(1) for s in subjects if (m := ISSUE_LEAD.match(s))]
    if len(refs) / n >= 0.3:  # filesystem's `refs #123, …`: the issue first, then the change
        notes.append(f"{len(refs) / n:.0%} lead with `{Counter(refs).most_common(1)[0][0]} #<issue>,`")
    if len(issue_brackets) / len(recent) >= 0.3:
        share = len(issue_brackets) / len(recent)
        notes.append(f"{share:.0%} lead with the issue number in brackets ({issue_brackets[0]})")
    tags = [b for b in brackets if b not in issue_brackets]
    # aiortc's `[tests]`, `[package]` tags are 45% of the last 300 subjects and none of the newest 95: given up
    lately = len(tags) / len(recent)
    if lately >= 0.3 and not notes[0].startswith("a bracketed tag"):
        # qs' `[Fix]`, `[Dev Deps]`: kinds of change, where another project names a component
        common = ", ".join(t for t, _ in Counter(tags).most_common(4))
        notes.append(f"{lately:.0%} start with a bracketed tag (most often {common})")
    markers = [m.group(1) for s in subjects[:RECENT] if (m := _CHANGE_MARKER.match(s))]
    if len(markers) >= 0.3 * len(subjects[:RECENT]):  # seattlerb's Hoe changelog: `+ ` added, `- ` fixed, `! ` major
        shown = ", ".join(f"`{mark} `" for mark, _ in Counter(markers).most_common(3))
        notes.append(f"{len(markers) / len(subjects[:RECENT]):.0%} of the last {len(subjects[:RECENT])} open with a "
                     f"changelog marker ({shown})")  # fmt: skip
    notes.append(f"median subject length {lengths[len(lengths) // 2]} characters")
    notes += _trailers(root, n)
    body = f"Commit messages: {'; '.join(notes)}."
    k.fact("git/conventions", "Commit message conventions", body, *([guide] if guide else []), tags=("git",))
    top = _busiest(areas, parts)
    # go-sql-driver/mysql is one package at the root: "(top level) 277, .github 29" tells nobody where work happens
    folders = [a for a, c in areas.items() if a and not a.startswith((".", "(")) and c * 20 >= n]
    if top and (len(folders) >= 2 or not top[0].startswith("(")):
        k.fact(
            "git/active-areas",
            f"Most active area: {top[0].split(' (', 1)[0]}",
            f"Most active areas in the last {n} commits: " + ", ".join(top) + "." + _moved_note(log, folders, top),
            tags=("git",),
        )
    return k
