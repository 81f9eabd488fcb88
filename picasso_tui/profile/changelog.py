"""How the project records its changes, read from the changelog itself: which file, whether new entries go under
an "Unreleased" heading, the sections an entry has and what one line looks like, so that a change is written up the
way the others are. A changelog that says it has moved is said to have moved."""

from __future__ import annotations

import re
from collections import Counter
from typing import Any

import tomli

from picasso_tui.anchors.gitutil import git, untouched_for
from picasso_tui.profile.agent_files import agent_files
from picasso_tui.profile.commands import guide_files
from picasso_tui.profile.ecosystems.common import load_json, load_toml
from picasso_tui.profile.ecosystems.javascript_files import locked_managers
from picasso_tui.profile.findings import Finding, human_list
from picasso_tui.profile.guide_text import UNDERLINE, plain
from picasso_tui.profile.history import CONVENTIONAL
from picasso_tui.profile.walk import Tree
from picasso_tui.store.schema import MemoryClass

NAMES = tuple(
    f"{stem}{ext}"
    for stem in (
        "CHANGELOG",
        "Changelog",
        "ChangeLog",
        "changelog",
        "CHANGES",
        "HISTORY",
        "History",
        "NEWS",
        "RELEASES",
    )
    for ext in (".md", ".rst", "", ".txt", ".rdoc")
)
READ_LINES = 200
"""The newest entries are at the top: the first lines say how an entry is written."""
_STOPPED = (
    r"has moved|moved to|no longer (?:maintained|updated|kept)|"
    # centrifugo's "Since Centrifugo v5.1.2 we do not maintain CHANGELOG.md file"
    r"(?:do not|don't|no longer|stopped) (?:maintain|updat|keep)\w*\s+(?:this |the |our )?[\w.]*change ?log|"
    # unleash-client-java: "Since 6.0.1 onwards, we moved the changelog into the release notes of each version"
    r"moved\b[^.\n]{0,40}\b(?:into|to) the (?:github )?release(?: notes|s)\b"
)
MOVED_AWAY = re.compile(rf"\b(?:{_STOPPED})\b", re.I)
"""The file itself says it stopped (unleash-client-java's "we moved the changelog into the release notes"), not only
where details are."""
MOVED = re.compile(
    rf"\b(?:{_STOPPED}|see (the |our )?\[?(github )?releases|"
    r"(documented|listed|described|written) (on|in) the (github )?\[?releases\]?|"  # msw: "on the Github Releases page"
    r"see:?\s+<?https?://\S+/releases\b)",
    re.I,
)
"""MOVED_AWAY, or a changelog that only points to the releases page: in a short file, it moved there."""
RELEASES_PAGE = re.compile(r"https?://\S+/releases\b|\breleases page\b|\bgithub releases\b", re.I)
"""A changelog that points to the release page: the notes are written there, at release."""
SEMANTIC_RELEASE_CONFIGS = (
    ".releaserc", ".releaserc.json", ".releaserc.yaml", ".releaserc.yml", ".releaserc.js", ".releaserc.cjs",
    ".releaserc.mjs", "release.config.js", "release.config.cjs", "release.config.mjs",
)  # fmt: skip
WRITES_SEMANTIC_CHANGELOG = re.compile(r"@semantic-release/changelog|\bchangelogFile\b")
"""semantic-release writes a changelog file only with its changelog plugin; without it the notes go to the release."""
_MD_HEADING = re.compile(r"^(#{1,4})\s+(.+?)\s*#*$")
_VERSION = re.compile(
    r"\bv?\d+\.\d+|\bunreleased\b|\b(next|upcoming|new) (version|release)\b|^(upcoming|next|in progress)$"
    r"|^\[?(main|master|develop|development|head)\]?$",
    re.I,
)
"""A release's heading, the one in progress too (md4c's `## Next Version (Work in Progress)`, iredis' bare
`## UPCOMING`)."""
_BULLET = re.compile(r"^[-*+]\s+(.+)$")
UPCOMING = re.compile(
    r"\b(unreleased|upcoming|next|tbd|pending|in progress)\b|^\[?(main|master|develop|development|head)\]?$", re.I
)
"""An entry for the release to come (`## Unreleased`, `5.0.0 - TBD`, `v3.2.1 (NEXT)`, igraph's `## [main]`, named
after the branch): where a change goes."""
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
        elif line.strip() and UNDERLINE.match(nxt.strip()) and not _BULLET.match(line):
            out.append((i, 1 if nxt.strip()[0] == "=" else 2, line.strip()))
        elif re.fullmatch(r"v?\d+\.\d+(\.\d+)?\S*(\s.*)?", line.strip()) and not line.startswith((" ", "\t")):
            out.append((i, 1, line.strip()))
    return out


def _clean(text: str) -> str:
    """A changelog line as words (links and markup read as the guide text reader does), quoted with ' not `."""
    text = re.sub(r"`+", "'", plain(text)).strip()
    return text if len(text) <= 140 else text[:140].rsplit(" ", 1)[0] + " …"


def _rule(rel: str, title: str, body: str, *sources: str) -> Finding:
    return Finding("rules/changelog", MemoryClass.REPO_RULE, title, body, (rel, *sources), tags=("rules",))


def _towncrier(config: str) -> dict[str, Any]:
    """The `[tool.towncrier]` table of a pyproject.toml or towncrier.toml; {} when it does not parse."""
    try:
        table = tomli.loads(config).get("tool", {}).get("towncrier", {})
    except tomli.TOMLDecodeError:
        return {}
    return table if isinstance(table, dict) else {}


def _generator(tree: Tree, rel: str, text: str) -> Finding | None:
    """A changelog a release tool writes: towncrier or scriv from fragments, changesets from .changeset/, or
    release-please, semantic-release, release-it, conventional-changelog and git-cliff from commit messages."""
    pyproject = tree.read("pyproject.toml") or "" if tree.has("pyproject.toml") else ""
    if "[tool.towncrier]" in pyproject or tree.has("towncrier.toml"):
        config = _towncrier(pyproject if "[tool.towncrier]" in pyproject else tree.read("towncrier.toml") or "")
        found = next((d for d in ("changelog.d", "newsfragments", "news", "changes") if tree.under(d)), "newsfragments")
        where = str(config.get("directory") or found).rstrip("/")  # yarl's `directory = "CHANGES/"`
        named = [m for f in tree.under(where) if (m := re.fullmatch(r"\d+\.(\w+)(\.\w+)?", f.rsplit("/", 1)[-1]))]
        # urllib3's changelog/5019.bugfix.rst: the fragments there say how one is named
        kinds = Counter(f"{m.group(1)}{m.group(2) or ''}" for m in named).most_common(1)
        types = [
            str(t.get("directory")) for t in config.get("type") or [] if isinstance(t, dict) and t.get("directory")
        ]
        suffix = "." + rel.rsplit(".", 1)[-1] if "." in rel else ""  # fragments are written as the changelog is
        declared = f"<number>.{types[0]}{suffix}" if types else ""
        example = f"<number>.{kinds[0][0]}" if kinds else declared or "<PR number>.change.md"
        declares = f"; the kinds it declares: {human_list(types, 8)}" if types else ""  # what its checks accept
        # falcon's CHANGES.rst only points elsewhere: towncrier writes the `filename` its config names
        built = str(config.get("filename") or rel)
        body = (f"{built} is built by towncrier at release from news fragments: add a fragment to {where}/ "
                f"(such as `{where}/{example}`{declares}), do not edit {built}.")  # fmt: skip
        return _rule(rel, "Changelog: towncrier fragments", body, "pyproject.toml" if pyproject else "towncrier.toml")
    if "[tool.scriv]" in pyproject or tree.has("changelog.d/scriv.ini") or re.search(r"\bscriv create\b", text[:3000]):
        # feedparser's CHANGELOG.rst: "managed and updated by scriv … run `scriv create`"
        where = next((d for d in ("changelog.d", "changes") if tree.under(d)), "changelog.d")
        body = (f"{rel} is collected by scriv at release from fragments: run `scriv create` to add a fragment to "
                f"{where}/ and write the change there, do not edit {rel}.")  # fmt: skip
        return _rule(rel, "Changelog: scriv fragments", body)
    if re.search(r"^#+\s*What's Changed\s*$", text, re.M) and re.search(
        r"^#+\s*New Contributors\s*$|\*\*Full Changelog\*\*", text, re.M
    ):
        # html-proofer's CHANGELOG.md is GitHub's generated release notes, copied in by its release workflow
        body = (f"{rel} is copied from GitHub's generated release notes at release (What's Changed, New "
                "Contributors): do not edit it; a pull request's title is what reaches it.")  # fmt: skip
        return _rule(rel, "Changelog: GitHub release notes", body)
    if "START NEW CHANGELOG ENTRY" in text[:5000]:  # traitlets': jupyter_releaser writes between its markers
        body = (f"{rel} is written by jupyter_releaser at release from the merged pull requests (between its START/END "
                "NEW CHANGELOG ENTRY markers): do not edit it; a pull request's title is what reaches it.")  # fmt: skip
        return _rule(rel, "Changelog: jupyter_releaser", body)
    if tree.under(".changeset"):
        # jest-extended keeps yarn 4's lock: there changesets runs as `yarn changeset`
        runner = {"yarn": "yarn", "pnpm": "pnpm", "bun": "bunx"}.get(
            next(iter(sorted(locked_managers(tree))), ""), "npx"
        )
        body = (
            f"{rel} is generated by changesets at release: describe a change with `{runner} changeset` (.changeset/)."
        )
        return _rule(rel, "Changelog: changesets", body)
    if task := _cargo_make_task(tree):  # yew's `cargo make generate-change-log` runs its tools/changelog crate
        body = f"{rel} is generated by `cargo make {task}` at release: do not edit it by hand."
        return _rule(rel, "Changelog: generated by a cargo-make task", body, "Makefile.toml")
    if task := _rake_task_writing(tree, rel):  # parser's `task :changelog` writes CHANGELOG.md from the git log
        body = (f"{rel} is generated by `bundle exec rake {task}` from the commit messages at release: do not edit "
                "it; the commit message is what reaches it.")  # fmt: skip
        return _rule(rel, "Changelog: generated by a Rake task", body, "Rakefile")
    release_please = tree.first("release-please-config.json", ".release-please-manifest.json")
    if not release_please and (
        _recipes_run(tree, r"\bgithub_changelog_generator\b") or tree.has(".github_changelog_generator")
    ):  # gomplate's old entries came from the generator; release-please writes the new ones
        # good_job's `rake release_good_job` runs it: the entries are the merged pull requests' titles
        body = (f"{rel} is generated by github_changelog_generator at release from the merged pull requests and "
                "closed issues: do not edit it; a pull request's title is what reaches it.")  # fmt: skip
        return _rule(rel, "Changelog: generated from pull requests", body)
    # unleash-client-java's release_changelog.yml turns the commits into a release's body, not into the file
    writer = next(
        (
            f
            for f in tree.under(".github/workflows")
            if WRITES_CHANGELOG.search(f.rsplit("/", 1)[-1]) and not _into_release_notes(tree.read(f) or "", rel)
        ),
        "",
    )
    if writer:  # ktlint's generate-changelog.yml builds it from the pull requests' titles at release
        body = (f"{rel} is generated at release by the {writer.rsplit('/', 1)[-1]} workflow: do not edit it; the pull "
                "request's title is what reaches it.")  # fmt: skip
        return _rule(rel, "Changelog: generated by a workflow", body, writer)
    action = next(
        (
            (f, m.group(1))
            for f in tree.under(".github/workflows")
            if f.endswith((".yml", ".yaml"))
            and (m := CHANGELOG_ACTION.search(tree.read(f) or ""))
            and not _into_release_notes(tree.read(f) or "", rel)
        ),
        None,
    )
    if action:  # sqlglot's package-publish.yml runs requarks/changelog-action at each release and commits the file
        body = (f"{rel} is generated at release by the {action[1]} action ({action[0].rsplit('/', 1)[-1]}) from the "
                "commits since the last tag: do not edit it; the commit message is what reaches it.")  # fmt: skip
        return _rule(rel, "Changelog: generated by a workflow", body, action[0])
    package = tree.read("package.json") or "" if tree.has("package.json") else ""
    tools = [
        name
        for name, present in (
            ("release-please", tree.first("release-please-config.json", ".release-please-manifest.json")),
            ("semantic-release", _semantic_release_writes(tree, package)),
            ("release-it", _release_it_writes(tree, package)),
            ("conventional-changelog", "conventional-changelog" in package),
            ("auto-changelog", "auto-changelog" in package),  # form-data's `version` script writes CHANGELOG.md
            ("git-cliff", tree.named("cliff.toml") or _recipes_run(tree, r"\bgit[- ]cliff\b")),
            # petgraph's release-plz.toml has a [changelog] table: release-plz writes CHANGELOG.md from the commits
            ("release-plz", tree.has("release-plz.toml") and "[changelog]" in (tree.read("release-plz.toml") or "")),
            # python-gitlab's `[tool.semantic_release.changelog]`: python-semantic-release writes CHANGELOG.md
            ("python-semantic-release", "[tool.semantic_release" in pyproject),
        )
        if present
    ]
    hashed = len(re.findall(r"\(\[?[0-9a-f]{7,8}\]?(\([^)]*\))?(, closes [^)]*)?\)\s*$", text[:20000], re.MULTILINE))
    # form-data's `version` script runs auto-changelog, whose template says it follows Keep a Changelog
    runs = re.search(r'"(pre|post)?version"\s*:\s*"[^"]*\bauto-changelog\b', package)
    # FastCSV's header still cites Keep a Changelog; release-please, configured in the checkout, writes it now
    if said := re.search(r"\b(is|are) (automatically |auto-?)generated\b[^.\n]*", text[:600], re.IGNORECASE):
        # datamodel-code-generator's "This changelog is automatically generated from GitHub Releases."
        body = f"{rel} says it {said.group(0).rstrip('.')}: do not edit it."
        return _rule(rel, "Changelog: generated", body)
    if re.search(r"keep ?a ?changelog", text[:3000], re.IGNORECASE) and not runs and "release-please" not in tools:
        return None  # picomatch's says it follows Keep a Changelog: written by hand, whatever release tool is there
    if tools and not hashed and _asks_for_entries(tree, rel):
        return None  # tantivy's README: "Feel free to update CHANGELOG.md"; its cliff.toml drafts, people write
    if not tools and re.match(r"\s*(#+\s*\[?unreleased\]?|unreleased\s*\n[=-]+)\s*\n", text, re.IGNORECASE):
        return None  # tiny's opens with `# Unreleased`: entries written as changes land, citing their hash or PR
    if tools and not hashed and _edited_in_pull_requests(tree, rel):
        return None  # dora's cliff.toml is there, yet its Unreleased prose comes with the pull requests
    if tools or hashed >= 10:  # lines ending in their commit's hash: written from the history, not by hand
        by = f" by {tools[0]}" if tools else ""
        # auto-changelog lists the commits' subjects as written (form-data's `[Fix] …`): no convention to follow
        typed = (
            " (Conventional Commits: `fix: …`, `feat: …`)"
            if tools and tools[0] != "auto-changelog" and _conventional_share(tree) >= 0.3
            else ""
        )  # matter-js' conventional-changelog lists its lower-case "added …" subjects: no prefix to copy
        body = (f"{rel} is generated{by} from the commit messages at release: do not edit it; the commit message"
                f"{typed} is what reaches it.")  # fmt: skip
        return _rule(rel, "Changelog: generated from commits", body)
    return None


CHANGELOG_ACTION = re.compile(
    r"^\s*-?\s*uses:\s*([\w.-]+/(?![\w.-]*(enforc|check|verif|lint|remind|requir|label|dependabot))"
    r"[\w.-]*change-?log[\w.-]*)@",
    re.I | re.M,
)
"""A workflow step that writes the changelog with an action (requarks/changelog-action); not one that checks that
a pull request adds an entry (dangoslen/changelog-enforcer), nor one that adds entries to Dependabot's own pull
requests only (opensearch-php's dangoslen/dependabot-changelog-helper: people write theirs by hand)."""
WRITES_CHANGELOG = re.compile(r"^(generate|update|build|write|release)[-_]?(the[-_])?change[-_]?log\.ya?ml$", re.I)
"""A workflow named for writing the changelog (not one that checks a pull request adds an entry)."""


TASK_FILES = ("justfile", "Justfile", ".justfile", "Makefile", "Taskfile.yml", "Taskfile.yaml", "Rakefile")


def _into_release_notes(workflow: str, rel: str) -> bool:
    """The changelog action's output becomes a release's body (`body: ${{ steps.x.outputs.changelog }}`) and the
    workflow never names the changelog file: it writes release notes, not the file."""
    return bool(re.search(r"body:\s*\$\{\{\s*steps\.", workflow)) and rel.rsplit("/", 1)[-1] not in workflow


def _asks_for_entries(tree: Tree, rel: str) -> bool:
    """The README or a contributor guide asks contributors to write the changelog themselves."""
    name = re.escape(rel.rsplit("/", 1)[-1])
    asks = re.compile(rf"\b(update|edit|add (an entry|a line|your change)s? (to|in))\b[^.\n]{{0,40}}\b{name}", re.I)
    texts = [tree.read(f) or "" for f in [tree.first("README.md", "README.rst") or "", *guide_files(tree)] if f]
    return any(asks.search(t) for t in texts)


def _conventional_share(tree: Tree) -> float:
    """The share of the last 50 commit subjects written as Conventional Commits (`fix: …`)."""
    subjects = (git(tree.root, "log", "-n", "50", "--no-merges", "--format=%s", timeout=10) or "").splitlines()
    return sum(bool(CONVENTIONAL.match(s)) for s in subjects) / len(subjects) if subjects else 0.0


def _recipes_run(tree: Tree, pattern: str) -> bool:
    """A task runner's file or a workflow runs the tool (eza's `release` recipe: `git cliff -c .config/cliff.toml`)."""
    files = [*TASK_FILES, *(f for f in tree.under(".github/workflows") if f.endswith((".yml", ".yaml")))]
    # sidekiq-unique-jobs' lib/tasks/changelog.rake runs github_changelog_generator: a Rakefile's task beside it
    files += [f for f in tree.files if f.endswith(".rake") and f.count("/") <= 2][:20]
    return any(re.search(pattern, tree.read(f) or "") for f in files if tree.has(f))


def _cargo_make_task(tree: Tree) -> str:
    """A cargo-make task named for generating the changelog (`[tasks.generate-change-log]`), or ""."""
    text = tree.read("Makefile.toml") or "" if tree.has("Makefile.toml") else ""
    found = re.search(r"^\[tasks\.((?:generate|gen|update|write)[-_]?change[-_]?log)\]", text, re.MULTILINE)
    return found.group(1) if found else ""


def _rake_task_writing(tree: Tree, rel: str) -> str:
    """The Rake task that writes the changelog file (`File.open('CHANGELOG.md', 'w')`, `File.write(...)`), or ""."""
    text = tree.read("Rakefile") or "" if tree.has("Rakefile") else ""
    name = re.escape(rel.rsplit("/", 1)[-1])
    writes = re.search(rf"""File\.(?:open\(\s*['"]{name}['"]\s*,\s*['"]w|write\(\s*['"]{name}['"])""", text)
    if not writes:
        return ""
    tasks = re.findall(r"^task\s*\(?\s*:(\w+)", text[: writes.start()], re.MULTILINE)
    return tasks[-1] if tasks else ""


def _semantic_release_writes(tree: Tree, package: str) -> bool:
    """semantic-release is set up and its configuration writes the changelog file (marked's has no changelog
    plugin: the release notes go to GitHub Releases, its CHANGELOG.md only points there)."""
    configs = [tree.read(f) or "" for f in SEMANTIC_RELEASE_CONFIGS if tree.has(f)]
    if not configs and "semantic-release" not in package:
        return False
    return any(WRITES_SEMANTIC_CHANGELOG.search(text) for text in [*configs, package])


def _release_it_writes(tree: Tree, package: str) -> bool:
    """release-it is set up with a plugin that writes the changelog file (`infile`, keep-a-changelog)."""
    config = tree.read(".release-it.json") or "" if tree.has(".release-it.json") else ""
    if not config and "release-it" not in package:
        return False
    return any(re.search(r"\binfile\b|keep-a-changelog", text) for text in (config, package))


def _areas(recent: list[str]) -> list[str]:
    """The areas NEWS-style lines start with (`cli  : …`, `build: …`) over the recent entries, the most common
    first: the latest entry alone can leave out the usual ones (xxHash's v0.8.2 has no `api` line)."""
    items = _bullets(recent) or [line.strip() for line in recent if line.strip()]
    counted = Counter(m.group(1) for line in items if (m := _AREA.match(line)))
    return [area for area, _ in counted.most_common()]


def _as_written(rel: str, lines: list[str], entry: str) -> str:
    """A plain-text changelog's line with its `- `: there the dash is part of how a line is written, where in
    Markdown or reStructuredText it is the list's markup."""
    if rel.lower().endswith((".md", ".markdown", ".rst", ".rdoc")):
        return entry
    raw = next(
        (line.strip() for line in lines if (m := _BULLET.match(line.strip())) and entry.startswith(m.group(1))), ""
    )
    marker = re.match(r"[-*+]\s+", raw)
    return f"{marker.group(0)}{entry}" if marker else entry


def _section_of(lines: list[str], heads: list[tuple[int, int, str]], level: int, start: int, entry: str) -> str:
    """The section heading above the entry's line, within the release it is in, or ""."""
    titles = {i: t.rstrip(":") for i, lv, t in heads if lv > level}
    section = ""
    for i in range(start + 1, len(lines)):
        if any(j == i and lv <= level for j, lv, _ in heads) and i > start + 1:
            section = ""  # the next release: its sections are its own
        section = titles.get(i, section)
        if (m := _BULLET.match(lines[i].strip())) and entry.startswith(m.group(1)):
            return section
    return ""


def _bullets(raw: list[str]) -> list[str]:
    """The entries of a list, a wrapped entry's continuation lines joined to it."""
    items: list[str] = []
    for line in raw:
        if m := _BULLET.match(line.strip()):
            items.append(m.group(1))
        elif items and items[-1] and line[:1].isspace() and line.strip():
            # fmt's "… that formats the referenced" goes on below, and CLI11's `[#1411][]` after a full stop; an
            # indented paragraph after a blank line (dora's "`bincode` is gone …") is a note on the entry, none itself
            items[-1] += " " + line.strip()
        elif not line.strip() and items:
            items.append("")  # a blank line ends the entry
    return [i for i in items if i]


RELEASE_COMMIT = re.compile(
    r"^([\w*]+(\([\w-]*\))?!?:\s*)?(v?\d+\.\d+|\d{4}\.\d\d\.\d\d|(prepare |bump )?(version|release)\b|add sha\b)|"
    r"^prep(are)?( for)? (v?\d[\w.]*|gem|the)? ?release\b|"
    r"^[\w.-]+ v?\d+\.\d+(\.\d+)?\s*$|^(changelog|changes|news|release notes)\b.*\b(v?\d+\.\d+|release)\b|"
    r"\b(version bump|bump(ed)? (the )?version)\b|"
    r"^update (the )?(changelog|changes|news)\b.*\b(v?\d+\.\d+|release|version)",
    re.I,
)
"""A release commit's subject, a Conventional Commits type or an area allowed before it (release-plz's "chore:
release", delve's "*: v1.27.1"; counter_culture's "Prep for v3.13.2 release", Smack's "Smack 4.4.8",
PHPUnit-Polyfills' "Changelog for the 3.0.0 release"), or
one that bumps the version or brings the changelog up to a release (cbindgen's "Cargo update and version bump.",
"Update changelog for v0.25.0")."""


def _named_elsewhere(tree: Tree, rel: str, text: str) -> str:
    """Where a changelog that stopped says the changes are now: a folder or file of the checkout it names, else the
    first web page it links that is no releases page; "" when it names neither."""
    head = "\n".join(text.splitlines()[:15])
    for path in re.findall(r"(?<![\w/.:-])((?:[\w.-]+/)+[\w.-]*)", head):
        path = path.removeprefix("./").rstrip("/")  # meteor's History.md: "moved to [history.md](./docs/history.md)"
        if path.startswith(("http", "www.")) or path == rel:
            continue
        if tree.has(path) or tree.under(path):
            return path if tree.has(path) else path + "/"
    page = next((u for u in re.findall(r"https?://[^\s)>\]]+", head) if not RELEASES_PAGE.search(u)), "")
    return re.sub(r"[.,;]+$", "", page)


def _edited_in_pull_requests(tree: Tree, rel: str) -> bool:
    """Most recent changes to the changelog are pull requests other than releases (rig's "feat!: BoxedHttpClient
    … (#2401)", dora's "docs(changelog): note the … bump (#3029)"): its entries are written by hand as changes land,
    whatever release tool the repository also has."""
    log = git(tree.root, "log", "-n", "20", "--format=%s", "--", rel, timeout=10) or ""
    subjects = log.splitlines()
    merged = [s for s in subjects if re.search(r"\(#\d+\)$", s) and not RELEASE_COMMIT.match(s)]
    return len(subjects) >= 5 and len(merged) * 2 >= len(subjects)


def _kept_by_maintainers(tree: Tree, rel: str, filled: bool = False) -> str:
    """How the changelog is written when contributors do not write it: one person makes nearly every change to
    it, or release commits do; "" when changes come with their authors' pull requests. `filled`: the upcoming
    release's section has entries."""
    if (
        tree.has("release-plz.toml")
        or any("release-plz" in (tree.read(f) or "") for f in tree.under(".github/workflows"))
    ) and not (filled and _edited_in_pull_requests(tree, rel)):
        return "written by release-plz at each release"  # tokei's [Unreleased] stays empty: the bot fills it
    templates = [f for f in tree.files if re.search(r"(^|/)pull_request_template\.md$", f, re.I)]
    said = " ".join(tree.read(f) or "" for f in templates[:3])
    if re.search(r"\b(do not|don't|never) (edit|change|modify|touch|update) the (actual )?change ?log\b", said, re.I):
        # cdk's template: "Please do not edit the actual changelog but note what you changed here"
        return "written by the maintainers (the pull request template asks for changes to be noted in the request)"
    log = git(tree.root, "log", "-n", "30", "--format=%an%x1f%s", "--", rel, timeout=10) or ""
    entries = [line.split("\x1f", 1) for line in log.splitlines() if "\x1f" in line]
    if len(entries) < 10:
        return ""
    authors = Counter(a for a, _ in entries)
    newest_author, newest = entries[0]
    if not RELEASE_COMMIT.match(newest) and newest_author != authors.most_common(1)[0][0]:
        return ""  # reqwest's newest change to it is a contributor's pull request: contributors add lines now
    releases = sum(bool(RELEASE_COMMIT.match(subject)) for _, subject in entries)
    releasers = Counter(a for a, subject in entries if RELEASE_COMMIT.match(subject))
    keeper = authors.most_common(1)[0][0]
    others = [s for a, s in entries if not RELEASE_COMMIT.match(s) and a not in releasers and a != keeper]
    if filled and len(others) >= 2:
        return ""  # glslang's `## NEXT` holds lines other people's changes added ("Implement GL_EXT_…")
    if releases >= 0.6 * len(entries):
        return f"written at release time ({releases} of the last {len(entries)} changes to it are release commits)"
    author, count = authors.most_common(1)[0]
    if sum(bool(re.search(r"\(#\d+\)$", subject)) for _, subject in entries) >= 3:
        return ""  # JavaHamcrest's maintainer adds to it in his pull requests ("Java 1.8 (#411)"): others can too
    if _written_with_changes(tree, rel) >= 3:
        return ""  # meta-tags' entries come in the commit of the fix, or "Add changelog entry for …" beside it
    if count >= len(entries) - 1 and len(_recent_authors(tree)) >= 5:  # quick-xml's 27 of 30: others add theirs
        return f"kept by {author} ({count} of the last {len(entries)} changes to it)"
    return ""


def _written_with_changes(tree: Tree, rel: str) -> int:
    """How many of the last changes to the changelog came in a commit that changes code too (not a release's):
    an entry written with the change it describes."""
    log = git(tree.root, "log", "-n", "30", "--format=%x1e%s", "--name-only", "--full-diff", "--", rel, timeout=10)
    count = 0
    for entry in (log or "").split("\x1e")[1:]:
        subject, _, files = entry.partition("\n")
        # iced's examples/changelog/ is the tool its maintainer writes the file with: no change the entry describes
        code = [f for f in files.split() if f != rel and CODE_CHANGE.search(f) and "changelog" not in f.lower()]
        count += bool(code) and not RELEASE_COMMIT.match(subject)
    return count


CODE_CHANGE = re.compile(r"\.(rb|py|go|rs|js|ts|php|java|kt|c|h|cc|cpp|hpp|rbs|swift|cs)$")


STALE_DAYS = 730


def untouched(tree: Tree, rel: str) -> bool:
    """The changelog was last touched two years or more before HEAD: its newest releases are not the project's."""
    return untouched_for(tree.root, rel, STALE_DAYS)


ASKS = r"\b(add|update|write|document|record|include|put|describe|list|mention|edit|note)\w*\b[^.\n]{0,60}\b"
"""A verb that asks for a changelog entry when the changelog follows it ("should be documented in CHANGELOG.md")."""
DECLINES = re.compile(r"\b(do not|don't|never|refrain|no need|not (to )?(touch|edit|update))\b", re.IGNORECASE)


def _guides_ask(tree: Tree, rel: str) -> bool:
    """A contributor guide, pull-request template or agent file asks for a changelog entry, in a sentence that does
    not turn it down (date-fns' "Don't update the changelog"); ohai's agent file only draws CHANGELOG.md in a
    folder tree and names the label that skips Expeditor's changelog update."""
    texts = [tree.read(f) or "" for f in guide_files(tree)]
    texts += [tree.read(f) or "" for f in tree.files if "pull_request_template" in f.lower()][:3]
    # redb's AGENTS.md: "Changes that are significant to users should be documented in `CHANGELOG.md`"
    texts += [tree.read(f) or "" for f in agent_files(tree)]
    named = rf"(change ?log|{re.escape(rel)}|news fragment)"
    asks = re.compile(rf"{ASKS}{named}|{named}\W*\s+(entry|entries|fragments?)\b", re.IGNORECASE)
    # each item of a checklist is its own sentence: braintree's "Added changelog entry" is not turned down by the
    # "DO NOT MERGE label" of an item below it
    ends = r"(?<=[.!?])\s+|\n\s*\n|\n(?=\s*(?:[-*+]|\d+\.)\s)"
    sentences = (s for text in texts for s in re.split(ends, text))
    return any(asks.search(sentence) and not DECLINES.search(sentence) for sentence in sentences)


def _recent_authors(tree: Tree) -> set[str]:
    return set((git(tree.root, "log", "-n", "300", "--format=%an", timeout=10) or "").splitlines())


def _stale(tree: Tree, title: str) -> bool:
    """The newest entry is older than the newest release tag (chi's changelog stops at v5.0.12, its tags reach
    v5.3.2): the file is no longer where changes are recorded."""
    entry = re.search(r"(\d+)\.(\d+)(?:\.(\d+))?", title)
    tags = (git(tree.root, "tag", "--list", timeout=10) or "").split()
    plain = [m.groups() for t in tags if (m := re.fullmatch(r"v?(\d+)\.(\d+)(?:\.(\d+))?", t))]
    prefixed = [m.groups() for t in tags if (m := re.fullmatch(r"[\w.-]+?-v?(\d+)\.(\d+)(?:\.(\d+))?", t))]
    versions = [tuple(int(x or 0) for x in v) for v in plain + prefixed]  # gson's tags: gson-parent-2.14.0
    return bool(entry and versions) and max(versions) > tuple(int(x or 0) for x in entry.groups())


ZERO_MINORS_BEHIND = 2
"""Below 1.0, a changelog this many minor releases behind the manifest is no longer kept."""
GO_MAJOR = re.compile(r"^module\s+\S+/v(\d+)\s*$", re.M)
"""A Go module's major version is the /vN its path ends with (centrifugo's module …/centrifugo/v6)."""


def behind_the_manifest(tree: Tree, title: str, prereleases: bool = True) -> bool:
    """The entry is a major version behind the version package.json, pom.xml, Cargo.toml or go.mod declares (two
    minor versions below 1.0); without prereleases, a declared pre-release of the next major is not ahead."""
    if tree.has("package.json"):
        declared = load_json(tree, "package.json").get("version")
    elif tree.has("pom.xml"):  # unleash-client-java's CHANGELOG.md stops at 6.0.1; its pom is at 11.0.3-SNAPSHOT
        pom = re.sub(r"<(parent|dependencies|dependencyManagement|build|profiles)>.*?</\1>", "",
                     tree.read("pom.xml") or "", flags=re.S)  # fmt: skip
        found = re.search(r"<version>\s*([^<\s]+)\s*</version>", pom)
        declared = found.group(1) if found else None
    elif go_major := GO_MAJOR.search(tree.read("go.mod") or ""):
        declared = f"{go_major.group(1)}.0"
    else:  # load_toml gives {} for a missing Cargo.toml; a workspace's version is its [workspace.package]'s
        cargo = load_toml(tree, "Cargo.toml")
        package = cargo.get("package")
        declared = package.get("version") if isinstance(package, dict) else None
        shared = cargo.get("workspace", {}).get("package") if isinstance(cargo.get("workspace"), dict) else None
        if not isinstance(declared, str) and isinstance(shared, dict):
            declared = shared.get("version")
        if not isinstance(declared, str):  # minijinja's virtual workspace: the member named for the project
            member = load_toml(tree, f"{tree.root.name}/Cargo.toml").get("package")
            declared = member.get("version") if isinstance(member, dict) else None
    if (
        not prereleases
        and isinstance(declared, str)
        and re.search(r"\d[-.+]?(alpha|beta|pre|rc|dev|snapshot)", declared, re.I)
    ):
        return False  # zip2 at 9.0.0-pre3: 8.0.0 is still the newest major released
    major = re.match(r"v?(\d+)\.(\d+)", declared) if isinstance(declared, str) else None  # `version.workspace = true`
    entry = re.search(r"(\d+)\.(\d+)", title)
    if entry is None or major is None:
        return False
    if int(major.group(1)) == int(entry.group(1)) == 0:
        # below 1.0 a minor release is a breaking one: cargo-machete's CHANGELOG.md stops at 0.7.0, its crate is at
        # 0.9.2; one minor ahead is the release in the making
        return int(major.group(2)) - int(entry.group(2)) >= ZERO_MINORS_BEHIND
    return int(major.group(1)) > int(entry.group(1))


def finding(tree: Tree) -> Finding | None:
    """The changelog rule from the first changelog file that says something: jq's old ChangeLog stops years
    before its tags, its NEWS.md is the one kept."""
    return next((found for rel in NAMES if tree.has(rel) and (found := _read(tree, rel))), None)


KIND_OF_CHANGE = re.compile(
    r"^\W*(added|additions?|changed|changes|deprecated|removed|fixed|fixes|security|(new )?features?|bug ?fixes|"
    r"(api )?breaking( changes)?|"
    r"documentation|docs|performance|internal|dependencies|enhancements?|improvements?|other|misc\w*)\W*$",
    re.IGNORECASE,
)
"""Keep a Changelog's sections and their usual kin: an entry's sections, even where an older entry lacks one."""


KEEP_A_CHANGELOG = ("Added", "Changed", "Deprecated", "Removed", "Fixed", "Security")
"""Keep a Changelog's kinds of change, in its order."""


PLACEHOLDER = re.compile(r"\byour (contribution|change|entry|line) here\b|^\W*(none|nothing)\b", re.IGNORECASE)
MAX_EXAMPLE_CHARS = 200


def _example(entry: str) -> bool:
    """An entry that shows how one is written: whole and short enough to quote, not "Your contribution here.",
    "None yet." nor a bare prefix."""
    return len(entry) <= MAX_EXAMPLE_CHARS and len(plain(entry).split()) >= 4 and not PLACEHOLDER.search(plain(entry))


def _read(tree: Tree, rel: str) -> Finding | None:
    text = tree.read(rel)
    if not text:
        return None
    lines = text.splitlines()[:READ_LINES]
    first_release = next((i for i, _, t in _headings(lines) if _VERSION.search(t)), 15)
    # centrifugo's note stands under its first heading, `v5.1.2 and higher`, above any entry
    first_entry = next((i for i, line in enumerate(lines) if _BULLET.match(line.strip())), 15)
    # a note above the first release that the file moved holds for the whole file, however long its history; one
    # that only points to the releases page for details (release-it's, over its breaking changes) keeps the file
    if (len(lines) < 15 and MOVED.search(" ".join(lines))) or MOVED_AWAY.search(
        " ".join(lines[: min(max(first_release, first_entry), 15)])
    ):
        moved = next((p for p in re.findall(r"blob/[^/\s]+/([\w./-]+)", text) if tree.has(p) and p != rel), None)
        if not moved and RELEASES_PAGE.search(text):
            body = f"{rel} is no longer kept: release notes are on the GitHub Releases page ({rel} points there)."
            return _rule(rel, "Changelog moved", body)
        # iris' CHANGES: "Please see docs/src/whatsnew/ for a changelog"; zealot's CHANGELOG.md links its docs site
        moved = moved or _named_elsewhere(tree, rel, text)
        where = f"{moved} (as {rel} says)" if moved else "the GitHub Releases page"
        if not moved and not re.search(r"\breleases?\b", text, re.IGNORECASE):
            return _rule(rel, "Changelog moved", f"{rel} is no longer kept ({rel} says so): do not add entries to it.")
        return _rule(rel, "Changelog moved", f"{rel} is no longer kept: the changes are recorded in {where}.")
    newest = next((t for _, _, t in _headings(lines) if _VERSION.search(t) and not UPCOMING.search(t)), "")
    if newest and behind_the_manifest(tree, newest):
        return None  # edge's CHANGELOG.md stops at 1.1.4 (2018); its package.json is at 6.0.2: no longer kept
    if generated := _generator(tree, rel, text):
        return generated
    heads = _headings(lines)
    entries = [(i, level, title) for i, level, title in heads if _VERSION.search(title)]
    if not entries:
        return None
    upcoming_heading = re.compile(r"unreleased|^\[?(next|upcoming|main|master)\b", re.I)
    start, level, title = next((e for e in entries[:3] if upcoming_heading.search(e[2])), entries[0])
    end = next((i for i, lv, _ in heads if i > start and lv <= level), len(lines))
    sections = [t.rstrip(":") for i, lv, t in heads if start < i < end and lv > level and len(t) <= 30]
    sections = [t for t in dict.fromkeys(sections) if not _VERSION.search(t)]  # hyper's next version, not a section
    after = [*[i for i, lv, _ in entries if i > start and lv == level][:6], len(lines)]
    if len(after) > 1:  # a kind of change, or one that earlier entries have too: faker's "Enabling lazy load" is
        # one release's topic
        before = {t.rstrip(":").lower() for i, lv, t in heads if after[0] < i < after[-1] and lv > level}
        sections = [t for t in sections if t.lower() in before or KIND_OF_CHANGE.search(t)] if before else sections
    # the releases before use more kinds than the one in progress (python-dotenv's Unreleased has only Fixed)
    recent = [t.rstrip(":") for i, lv, t in heads if end <= i < after[min(3, len(after) - 1)] and lv > level]
    known = {t.lower() for t in sections}
    more = [t for t in dict.fromkeys(recent) if KIND_OF_CHANGE.search(t) and t.lower() not in known and len(t) <= 30]
    used = {t.rstrip(":").strip().lower() for _, lv, t in heads if lv > level}
    # composer-normalize's latest releases only changed and fixed: the format's other kinds are used further down;
    # table_sync's too (Changed 17 times, Removed 6), though its file never names the format
    if re.search(r"keep ?a ?changelog", text[:3000], re.IGNORECASE) or {t.lower() for t in sections} & {
        t.lower() for t in KEEP_A_CHANGELOG
    }:
        more += [
            t for t in KEEP_A_CHANGELOG if t.lower() in used and t.lower() not in known | {m.lower() for m in more}
        ]
        kinds = [t.lower() for t in KEEP_A_CHANGELOG]
        ordered = sorted([*sections, *more], key=lambda t: kinds.index(t.lower()) if t.lower() in kinds else 99)
        sections, more = ordered[: len(sections)], ordered[len(sections) :]
    body_lines = [line.strip() for line in lines[start + 1 : end]]
    items = _bullets(lines[start + 1 : end]) or [
        line for line in body_lines if line and not UNDERLINE.match(line) and not line.endswith(":")
    ]
    areas = _areas(lines[start + 1 : after[min(3, len(after) - 1)]])
    first_line = next((line for line in body_lines if line and not UNDERLINE.match(line)), "")
    upcoming = UPCOMING.search(title) or UPCOMING.fullmatch(first_line)  # flask: "Version 3.2.0" then "Unreleased"
    # bpython's newest "0.27" holds only its empty "New features:", "Fixes:" headings: the next release, laid out
    upcoming = upcoming or (not items and any(line.endswith(":") for line in body_lines))
    if _stale(tree, title):  # mongo-php-library's "1.18.0 (unreleased)" while its tags reach 1.20: left behind
        return None
    if upcoming and not _bullets(lines[start + 1 : end]) and untouched(tree, rel):
        return None  # rapidjson's empty [Unreleased], last written in 2017 while commits go on: not where changes go
    # fmt's is Victor Zverovich's, libuv's is written at each release: no pull request adds to them, unless a guide
    # asks for an entry
    # faker's newest entry is a release, every change to the file a maintainer's "📝 Update CHANGELOG.md": kept
    # by them as much as a file with an upcoming heading is
    filled = bool(upcoming and _bullets(lines[start + 1 : end]))
    keeper = _kept_by_maintainers(tree, rel, filled) if not _guides_ask(tree, rel) else ""
    said = f"The changelog is {rel}, newest entry first" + (
        f", {keeper}: a pull request does not add to it"
        if keeper
        else f": changes go under the upcoming release's heading ({_clean(title)})"
        if upcoming
        else f" (the latest: {_clean(title)})"
    )
    if sections and more:
        said += f"; entries use the sections {human_list([_clean(s) for s in [*sections, *more]])}"
    elif sections:
        said += f"; an entry has the sections {human_list([_clean(s) for s in sections])}"
    with_area = sum(bool(_AREA.match(i)) for i in items) / max(len(items), 1)
    if len(areas) >= 2 and with_area >= 0.6:  # libuv's lines mostly do; "each" only where every one does
        lead = "each line starts with its area" if with_area == 1 else "most lines start with their area"
        said += f"; {lead} ({human_list(areas)})"
    released = _bullets(lines[end : after[1] if len(after) > 1 else len(lines)])
    example = next((i for i in items + released if _example(i)), "")
    if example:  # the entry as written: its links and backticks are the format (hashie's Dangerfile checks it)
        under = _section_of(lines, heads, level, start, example) if len(sections) + len(more) > 1 else ""
        where = f" (under {_clean(under)})" if under else ""  # structlog's "Python 3.8 and 3.9 support." is Removed
        said += f'. A line reads{where}: "{_as_written(rel, lines, example)}"'
    return _rule(rel, f"Changelog: {rel}", said + ".")
