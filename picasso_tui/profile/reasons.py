"""Decisions that give their reason: design docs, README "why" sections, manifest comments, changelogs, commits.

A change without a stated reason is history, not a decision: every reader here keeps only a sentence that says
why (because, so that, in order to, to avoid, due to, a rationale, "instead of … since"), or, for a manifest
comment, a policy that points to the discussion behind it (an issue or pull request link).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path

from picasso_tui.anchors.gitutil import git, short
from picasso_tui.profile.walk import Tree

REASON = re.compile(
    r"\b(because|so that|in order to|to avoid|to prevent|due to|rationale|otherwise|which is necessary|"
    r"is necessary for|is required for|the reason (?:is|was|being))\b",
    re.IGNORECASE,
)
_CAUSAL_SINCE = re.compile(r"\binstead of\b.*\bsince (?![vV]?\d|Go\b|Ruby\b|Python\b|PHP\b|Node|version|commit)")
CHOICE = re.compile(
    r"\b(instead of|in favou?r of|rather than|switch(?:ed|es|ing)? (?:to|from)|migrat(?:e|ed|es|ing) (?:to|from)|"
    r"replac(?:e|ed|es|ing)\b.{0,60}\bwith|drop(?:ped|s|ping)? support|no longer support\w*|deprecat\w+)\b",
    re.IGNORECASE,
)
POLICY = re.compile(
    r"\b(supports|we support|we pin|pinn(?:ed|ing)|must|we require|is required|minimum supported)\b", re.I
)
BUG = re.compile(r"\b(throws?|hangs?|crash\w*|returned|fail\w*|panics?|leak\w*|wrong|incorrect\w*|bug)\b", re.I)
_REFERENCE = re.compile(r"https?://\S+/(?:issues|pull|discussions)/\d+|\b(?:issue|PR|pull request) #?\d+", re.I)
_SENTENCE = re.compile(r"(?<=[.!?])\s+(?=[A-Z`*\"'(\[])")
NOT_A_DECISION = re.compile(
    r"^([\w,/-]+(\([^)]*\))?!?:\s*)?"
    r"(fix|bug|bump|revert|release|merge branch|update \S+ (from|to)\b|upgrade|\d{4}\.\d\d)|^(chore|build)\(deps\)|"
    r"^(docs?|tests?|style|typo|ci)(\([^)]*\))?!?:|"
    # savon's "Add specs to verify #1050": tests that pin a bug down, whose body tells the bug, not a choice
    r"^(add|added|adds|adding|write|wrote|extend|more)\s+(\w+\s+){0,2}(tests?|specs?|test cases?)\b",
    re.I,
)
REFERS_BACK = re.compile(
    r"^(as such|therefore|this means|that means|thus|hence|for (this|that|these) reasons?|consequently|"
    r"accordingly|that is why|that's why|because of this|as a result|furthermore|moreover|additionally|in addition|"
    r"also)\b|^(\S+\s+){0,2}(these|those|such)\s",  # libcheck's "Furthermore, …": the decision is the sentence before
    re.IGNORECASE,
)
"""A sentence that opens by pointing back needs the sentence it points to: alone it has lost its subject."""
NOT_THE_PROJECT = re.compile(
    r"\b(our|my) (team|company|organi[sz]ation|fork|product|app|codebase|services?|employer)\b|"
    r"\bwe at [A-Z]\w+|\bat (my|our) (company|work|job)\b",
    re.IGNORECASE,
)
"""A contributor speaking of their own team or fork: their decision, not the project's."""
NARRATIVE = re.compile(
    r"^(I\b|I'(ve|m)\b|in effect\b|previously\b|currently\b|before this\b|this (commit|PR|change)\b|now\b|"
    r"(this|it) (replaces|changes|fixes|adds|removes|moves|updates)\b)",  # node-postgres' "Now waits for …"
    re.I,
)
"""A sentence that tells the story of the change ("I have been experimenting …", "In effect, this extends …"),
not the choice the project made."""
MAX_AGE_DAYS = 730
"""A commit's reasoning older than two years (before HEAD) is too likely to be superseded."""
DESIGN_NAMES = re.compile(r"(^|/)(design|design[-_]decisions|decisions|rationale|philosophy|why)\.(md|rst|txt)$", re.I)
DESIGN_TITLE = re.compile(r"\b(decisions?|rationale|philosophy|why|principles)\b", re.IGNORECASE)
SALES_PITCH = re.compile(r"\bwhy (should (i|you|we)|(to )?use|choose|pick)\b", re.IGNORECASE)
"""A README section that sells the tool to its users ("Why should I use ripgrep?", "Why use X"): no decision."""
WHY_HEADING = re.compile(r"\b(why|design|philosophy|rationale|motivation)\b", re.IGNORECASE)
CHANGELOGS = ("CHANGELOG.md", "CHANGES.md", "CHANGES.rst", "ChangeLog.md", "HISTORY.md", "NEWS.md", "CHANGELOG.rst",
              "changelog.txt", "CHANGELOG.txt", "CHANGES.txt", "CHANGELOG", "CHANGES")  # fmt: skip
BREAKING_ENTRY = re.compile(r"\b(non[- ]backwards?[- ]compatible|backwards?[- ]incompatible|breaking change)\b", re.I)
"""An entry its authors mark as breaking: the release that made it may be old, the choice it states still holds."""
OLDER_RELEASES = 60
"""How far back a breaking entry with its reason is still read (awaitility's ConditionTimeoutException, 1.5.0, its
31st release back); such an entry ranks after every newer decision, so it only speaks where nothing newer does."""
MANIFESTS = ("go.mod", "pyproject.toml", "setup.cfg", "Cargo.toml", "Gemfile", "build.gradle", "build.gradle.kts")
_LICENCE = re.compile(r"\b(copyright|licen[cs]ed?|SPDX)\b", re.IGNORECASE)


@dataclass(frozen=True)
class Reasoned:
    """A decision found with its reason; ``rank`` orders them (lower is more consequential)."""

    key: str
    title: str
    body: str
    source: str | None
    rank: int
    commit: str | None = None


def sentences(text: str) -> list[str]:
    return [s.strip() for s in _SENTENCE.split(" ".join(text.split())) if s.strip()]


def gives_reason(sentence: str) -> bool:
    """The sentence itself says why (an aside in parentheses does not count)."""
    main = re.sub(r"\([^()]*\)", "", sentence)
    return bool(REASON.search(main) or _CAUSAL_SINCE.search(main))


def clean(text: str) -> str:
    """Inline markup a reader does not need: rst roles, link targets, emphasis."""
    text = re.sub(r":\w+:`([^`<]*?)(?:\s*<[^>]*>)?`", r"\1", text)  # :pr:`123`, :class:`~flask.Flask`
    text = re.sub(r"\[([^\]]+)\]\([^)]*\)", r"\1", text)  # [text](url)
    text = re.sub(r"\s*\[\d+\](?::\s*https?://\S+)?", "", text)  # footnote marks and their links: [1]: https://…
    text = text.replace("``", "`").replace("**", "")
    return " ".join(text.split())


def cut_at_word(text: str, limit: int = 400) -> str:
    """The text up to ``limit`` characters, ended at a whole word with an ellipsis."""
    return text if len(text) <= limit else text[: limit - 1].rsplit(" ", 1)[0] + "…"


def headed_sections(text: str) -> list[tuple[str, str]]:
    """(heading, text) for each markdown (#) or reStructuredText (underlined) section; a `#` comment inside a
    fenced code block is code, not a heading."""
    return [(h, body) for _, h, body in leveled_sections(text)]


def leveled_sections(text: str) -> list[tuple[int, str, str]]:
    """(level, heading, text) for each section: `#` counts for Markdown; for reStructuredText the order in which
    underline characters first appear, as docutils reads them. The text before the first heading is level 0."""
    lines = text.splitlines()
    out: list[tuple[int, str, list[str]]] = [(0, "", [])]
    underlines: list[str] = []
    i = 0
    fence = ""
    while i < len(lines):
        line = lines[i]
        nxt = lines[i + 1] if i + 1 < len(lines) else ""
        opens = re.match(r"^\s*(```|~~~)", line)
        if opens and (not fence or opens.group(1) == fence):
            fence = "" if fence else opens.group(1)
        atx = None if fence or opens else re.match(r"^(#{1,6})\s+(.+?)\s*#*$", line)
        if atx:
            out.append((len(atx.group(1)), atx.group(2), []))
        elif (
            line.strip()
            and re.fullmatch(r"([=\-~^*+#])\1{2,}", nxt.strip())
            and len(nxt.strip()) >= len(line.strip()) - 2
        ):
            mark = nxt.strip()[0]
            underlines += [] if mark in underlines else [mark]
            out.append((underlines.index(mark) + 1, line.strip(), []))
            i += 1
        else:
            out[-1][2].append(line)
        i += 1
    return [(level, h, "\n".join(body)) for level, h, body in out]


def _paragraphs(section: str) -> list[str]:
    """The section's prose paragraphs, without code blocks, directives, lists of links or tables."""
    keep = []
    for para in re.split(r"\n\s*\n", section):
        p = para.strip()
        if not p or p.startswith(("```", "..", "|", "<", "!", ">>>", "    ")) or para.startswith("    "):
            continue
        if p.endswith("::"):
            p = p[:-1]
        if cleaned := clean(p):
            keep.append(cleaned)
    return keep


def _decision_of(heading: str, paragraphs: list[str]) -> str | None:
    """The first statement and its first reason, in at most two sentences of one paragraph: caffeine's "Eviction"
    holds a decision a paragraph, and a statement glued to a reason paragraphs below it is two unrelated things.
    A paragraph that opens with its reason follows the section's first statement only when it comes right after."""
    for i, para in enumerate(paragraphs):
        said = [s for s in sentences(para) if not s.endswith(("?", ":"))]  # a question, a lead-in to cut code
        at = next((j for j, s in enumerate(said) if gives_reason(s)), None)
        if at is None:
            continue
        if at > 1 and (_POINTS_BACK.match(said[at]) or REFERS_BACK.match(said[at])):
            return None  # "Everything else is up to you, so that …" needs sentences that are not quoted
        first = [s for s in sentences(paragraphs[0]) if not s.endswith(("?", ":"))] if i == 1 and at == 0 else []
        if at == 0 and REFERS_BACK.match(said[0]) and not first:
            return None
        lead = said[0] if at > 0 else first[0] if first else ""
        return cut_at_word(f"{lead} {said[at]}".strip(), 480)
    return None


_POINTS_BACK = re.compile(r"^(this|that|these|those|it|they|everything else|the rest|such|so)\b", re.IGNORECASE)


def design_docs(tree: Tree) -> list[Reasoned]:
    """Design-decision documents: one decision per section that gives a reason."""
    out = []
    docs = [f for f in tree.files if f.count("/") <= 2 and DESIGN_NAMES.search(f)]
    for rel in docs:
        parts = headed_sections(tree.read(rel) or "")
        title = next((h for h, _ in parts if h), "")
        if not DESIGN_TITLE.search(title):
            continue  # "Design overview" describes; it does not decide
        for heading, body in parts:
            if heading == title or not heading:
                continue
            if said := _decision_of(heading, _paragraphs(body)):
                slug = re.sub(r"[^a-z0-9]+", "-", heading.lower()).strip("-")[:60]
                out.append(Reasoned(f"decision/design/{rel}#{slug}", heading[:100],
                                    f"Design decision ({rel}, \"{heading}\"): {said}", rel, 1))  # fmt: skip
    return out


def readme_why(tree: Tree) -> list[Reasoned]:
    """A README section titled why / design / philosophy / rationale / motivation."""
    rel = tree.first("README.md", "README.rst", "README", "readme.md", "Readme.md")
    out = []
    for heading, body in headed_sections(tree.read(rel) or "") if rel else []:
        plain = re.sub(r"[\s_-]+", "", (heading or "").strip().lower())  # "Why Easy Random?" names easy-random
        named = re.fullmatch(rf"why{re.escape(re.sub(r'[_-]+', '', tree.root.name.lower()))}\W*", plain)
        if SALES_PITCH.search(heading or "") or named:
            continue  # "Why should I use ripgrep?" sells the tool to users; it records no decision
        if heading and WHY_HEADING.search(heading) and (said := _decision_of(heading, _paragraphs(body))):
            slug = re.sub(r"[^a-z0-9]+", "-", heading.lower()).strip("-")[:60]
            out.append(Reasoned(f"decision/readme/{slug}", heading[:100],
                                f"Stated in {rel} (\"{heading}\"): {said}", rel, 2))  # fmt: skip
    return out


def _comment_blocks(text: str, marker: str) -> list[tuple[int, str, str]]:
    """(first line number, comment text, the line it annotates) for each paragraph of whole-line comments: an empty
    comment line parts them (yarl's cythonize settings: a list of options, then a NOTE on why `parallel = 1`)."""
    out: list[tuple[int, str, str]] = []
    paragraphs: list[tuple[int, list[str]]] = []
    for n, line in enumerate(text.splitlines(), start=1):
        stripped = line.strip()
        if stripped.startswith(marker):
            said = re.sub(r"^NOTE:\s*", "", stripped[len(marker) :].strip())  # a NOTE: on every line of it
            if said and not (paragraphs and paragraphs[-1][1]):
                paragraphs.append((n, []))
            if said and not re.match(r"(FIXME|TODO|XXX)\b", said):  # a to-do is not a policy
                paragraphs[-1][1].append(said)
            elif not said and paragraphs and paragraphs[-1][1]:
                paragraphs.append((n, []))  # the next paragraph starts on the next line that says something
            continue
        out += [(start, " ".join(said), stripped) for start, said in paragraphs if said]
        paragraphs = []
    out += [(start, " ".join(said), "") for start, said in paragraphs if said]
    return out


def manifest_comments(tree: Tree) -> list[Reasoned]:
    """A policy written as a comment in a root manifest, with its reason or the discussion it points to."""
    files = [
        *(f for f in MANIFESTS if tree.has(f)),
        *sorted(f for f in tree.files if re.fullmatch(r"requirements[\w.-]*\.txt", f)),
    ]
    out = []
    for rel in files:
        marker = "//" if rel == "go.mod" or rel.endswith(".kts") or rel.endswith(".gradle") else "#"
        for line, comment, annotated in _comment_blocks(tree.read(rel) or "", marker):
            states = gives_reason(comment) or (_REFERENCE.search(comment) and POLICY.search(comment))
            if len(comment) < 30 or _LICENCE.search(comment) or not states:
                continue
            text = cut_at_word(clean(re.sub(r"^NOTE:?\s*", "", comment)), 420)
            at = f" (above `{annotated[:60]}`)" if annotated else ""
            slug = "-".join(re.findall(r"[a-z0-9]+", text.lower())[:8])  # by what it says: lines move
            out.append(Reasoned(f"decision/manifest/{rel}#{slug}", cut_at_word(sentences(text)[0], 100),
                                f"Policy stated in {rel}, line {line}{at}: {text}", rel, 3))  # fmt: skip
    return out


def changelog_entries(section: str) -> list[str]:
    """A changelog section's bullet entries, continuation lines joined."""
    entries: list[str] = []
    for line in section.splitlines():
        bullet = re.match(r"^\s{0,3}[-*+]\s+(.*)$", line)
        if bullet:
            entries.append(bullet.group(1))
        elif entries and line.strip() and line.startswith((" ", "\t")):
            entries[-1] += " " + line.strip()
        elif not line.strip() and entries:
            entries.append("")
    return [clean(e) for e in entries if e.strip()]


def changelog(tree: Tree, releases: int = 3) -> list[Reasoned]:
    """Entries of the newest releases that state a change and say why."""
    rel = tree.first(*CHANGELOGS)
    if not rel:
        return []
    out = []
    versions = [(h, b) for h, b in headed_sections(tree.read(rel) or "") if re.search(r"\d+\.\d+|unreleased", h, re.I)]
    for n, (heading, body) in enumerate(versions[:OLDER_RELEASES]):
        for entry in changelog_entries(body):
            said = [s for s in sentences(entry) if not s.endswith("?")]
            if not any(CHOICE.search(s) for s in said) or not any(gives_reason(s) for s in said):
                continue
            if n >= releases and not BREAKING_ENTRY.search(entry):
                continue  # past the newest releases, only what broke compatibility and says why
            breaking = bool(re.search(r"\b(breaking|drop(?:ped)? support|removed?)\b", entry, re.I))
            version = re.sub(
                r"^(change ?log|version|release)\s+", "", heading.split(" - ")[0].strip("[] "), flags=re.I
            )[:40]
            rank = 6 if n >= releases else 4 if breaking else 5
            out.append(Reasoned(f"decision/changelog/{rel}#{re.sub(r'[^a-z0-9]+', '-', entry.lower())[:60]}",
                                cut_at_word(said[0], 100), f"Changelog {rel} ({version}): {cut_at_word(entry, 420)}",
                                rel, rank))  # fmt: skip
    return out


def head_day(root: Path) -> str:
    return (git(root, "log", "-1", "--format=%as") or "").strip()


_URL_LINE = re.compile(r"\s*<?https?://\S+>?\s*")
_ITEM = re.compile(r"^\s*([-*+]|\d+[.)])\s+")
_WHOLE = re.compile(
    r"^(?!(and|or|but|which|that|to|of|for|with|in|on|so|because|then|the|a|an)\b)[A-Za-z`(].*[^:,;(\-]$"
)
"""A whole sentence: not a continuation that starts mid-sentence (an identifier may open it), nor one that stops
before what it introduces (a colon, a comma)."""
_QUOTED = re.compile(r"^[\"']|^\w*(Error|Exception|Warning)\b:|^(error|warning|fatal|panic):", re.IGNORECASE)


def body_sentences(body: str) -> list[str]:
    """The whole sentences of a commit body: each list item is its own unit (a squash merge's commits), and
    sign-offs, co-author and reference lines, URL-only lines, quoted or indented output are no statements."""
    body = re.sub(r"(?im)^[\w-]+-by:.*$|^(PR-URL|Refs|Fixes|Closes|See):.*$", "", body)
    body = re.sub(r":[ \t]*\n\s*\n(?=\s*([-*+]|\d+[.)])\s)", ":\n", body)  # a colon's list belongs to it
    units: list[str] = []
    for para in re.split(r"\n\s*\n", body):
        current: list[str] = []
        dropped = False  # inside a list item that is a fragment ("- drop x"): its continuation lines go too
        joining = False  # the items that complete a sentence ending in a colon
        for line in para.splitlines():
            if not line.strip() or _URL_LINE.fullmatch(line) or line.startswith(("    ", "\t", ">")):
                continue
            if _ITEM.match(line):
                item = _ITEM.sub("", line)
                fragment = not (item[:1].isupper() or item[:1] == "`")
                if fragment and joining:  # "… by:" and its items: one sentence, the items parted by ";"
                    current = [" ".join(current).rstrip(".") + (" " if current[-1].endswith(":") else "; ") + item]
                    continue
                joining = fragment and bool(current) and current[-1].endswith(":")
                if joining:
                    current = [" ".join(current) + " " + item]
                    continue
                units.append(" ".join(current))
                dropped = fragment
                current = [] if dropped else [item]
            elif not dropped:
                current.append(line.strip())
        units.append(" ".join(current))
    found = [s for unit in units if unit for s in sentences(clean(unit))]
    return [s for s in found if _WHOLE.match(s) and not _QUOTED.match(s)]


BOT = re.compile(r"\[bot\]|^(renovate|dependabot|github-actions|pre-commit-ci)\b", re.IGNORECASE)
"""A commit author that is a bot: what it writes is a tool's, never the project's decision."""
CODE_FILE = re.compile(r"\.(c|h|cc|cpp|hpp|cxx|py|js|mjs|cjs|ts|tsx|go|rs|java|kt|rb|php|swift|scala|cs)$")
LOCAL_EDIT_LINES = 2
"""A commit changing this many lines of code or fewer (one line rewritten) edits one spot: set by reasoning."""


def local_edit(root: Path, sha: str) -> bool:
    """The commit rewrites a line or two of code and nothing else (md4c's f169318, one condition rewritten for branch
    coverage): however it explains itself, it is a local fix, not a choice an agent should follow elsewhere."""
    stat = git(root, "show", "--numstat", "--summary", "--format=", sha) or ""
    if re.search(r"^ (create|delete|rename) ", stat, re.MULTILINE):
        return False  # a new file, however short, is more than an edit
    rows = [row.split("\t") for row in stat.splitlines() if row.count("\t") == 2]
    changed = sum(int(a) + int(d) for a, d, _ in rows if a.isdigit() and d.isdigit())
    return bool(rows) and all(CODE_FILE.search(f) for *_, f in rows) and changed <= LOCAL_EDIT_LINES


def commits(root: Path, limit: int = 400) -> list[Reasoned]:
    """Commits (merges too) whose subject or body has one sentence that states a choice and its reason."""
    from datetime import date, timedelta

    log = git(root, "log", "-n", str(limit), "--format=%H%x1f%as%x1f%an%x1f%s%x1f%b%x1e")
    newest = head_day(root)
    oldest = (date.fromisoformat(newest) - timedelta(days=MAX_AGE_DAYS)).isoformat() if newest else ""
    out = []
    for entry in (log or "").split("\x1e"):
        parts = entry.strip("\n").split("\x1f")  # not strip(): \x1f counts as white space
        if len(parts) != 5 or NOT_A_DECISION.match(parts[3]) or parts[1] < oldest or BOT.search(parts[2]):
            continue  # node-cron's renovate[bot] bump quotes the upstream release notes: no choice of the project's
        sha, day, _, subject, body = parts
        said = [subject, *body_sentences(body)]  # a subject may say why too
        at = next(
            (i for i, s in enumerate(said) if CHOICE.search(s) and gives_reason(s) and not BUG.search(s)
             and not NARRATIVE.match(s)),
            None,
        )  # fmt: skip
        if at is None or any(NOT_THE_PROJECT.search(s) for s in said) or local_edit(root, sha):
            continue
        start = at
        while start > 1 and REFERS_BACK.match(said[start]):  # "Therefore, …" then "Furthermore, …": back to the
            start -= 1  # sentence they both lean on
        if REFERS_BACK.match(said[start]) or NARRATIVE.match(said[start]):  # the subject is a title, not the
            continue  # sentence it points back to; or the sentence leaned on tells the change's story
        chosen = " ".join(said[start : at + 1])
        if chosen.count(")") > chosen.count("(") or re.match(r"[^\w`\"']", chosen):
            continue  # node-mysql2's "AS JSON); use JSON_EXTRACT(…)": a line cut out of a longer list
        breaking = bool(re.search(r"\b(breaking|drop(?:ped)? support)\b", subject + chosen, re.I))
        named = f'{short(sha)} ({day}, "{cut_at_word(subject, 100)}")'
        where = f"{short(sha)} ({day})" if chosen == subject else named
        decided = f"Decided in commit {where}: {cut_at_word(chosen, 360)}"
        out.append(Reasoned(f"decision/commit/{sha}", subject[:100], decided, None, 4 if breaking else 5, commit=sha))
    return out
