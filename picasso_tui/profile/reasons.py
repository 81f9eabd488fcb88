"""Decisions that give their reason: design docs, README "why" sections, manifest comments and changelogs.

A change without a stated reason is history, not a decision: every reader here keeps only a sentence that says
why (because, so that, in order to, to avoid, due to, a rationale, "instead of … since"), or, for a manifest
comment, a policy that points to the discussion behind it (an issue or pull request link). Commit bodies are not
read: a sentence lifted from one was a local fix's detail or an aside as often as a decision (85 of 162 endorsed
over the judged sets, and one expected point stated by them alone; docs/benchmarks.md, round forty-three).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path

from picasso_tui.anchors.gitutil import git
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
_REFERENCE = re.compile(r"https?://\S+/(?:issues|pull|discussions)/\d+|\b(?:issue|PR|pull request) #?\d+", re.I)
_SENTENCE = re.compile(r"(?<=[.!?])\s+(?=[A-Z`*\"'(\[])")
REFERS_BACK = re.compile(
    r"^(as such|therefore|this means|that means|thus|hence|for (this|that|these) reasons?|consequently|"
    r"accordingly|that is why|that's why|because of this|as a result|furthermore|moreover|additionally|in addition|"
    r"also)\b|^(\S+\s+){0,2}(these|those|such)\s",  # libcheck's "Furthermore, …": the decision is the sentence before
    re.IGNORECASE,
)
"""A sentence that opens by pointing back needs the sentence it points to: alone it has lost its subject."""
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
    source: str
    rank: int


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
        elif (
            not fence
            and re.fullmatch(r"([=\-~^*+#])\1{2,}", line.strip())
            and i + 2 < len(lines)
            and (lines[i + 2].strip() == line.strip())
        ):
            pass  # bpython's overlined "Contact & Contributing": the overline opens the next heading, in no body
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


UNDECIDED = re.compile(
    r"\b(unresolved|open) (questions?|issues?|problems?)\b|\bfuture (work|possibilities|directions)\b|\btodo\b",
    re.IGNORECASE,
)
"""Sections of a design document that decide nothing (rolldown's dev-engine "Unresolved Questions")."""


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
            if heading == title or not heading or UNDECIDED.search(heading):
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
            elif not said and paragraphs and paragraphs[-1][1] and not paragraphs[-1][1][-1].endswith(":"):
                # the next paragraph starts on the next line that says something; a paragraph that ends in a colon
                # goes on in the next (tree-sitter's "…because they either:", then its numbered reasons)
                paragraphs.append((n, []))
            continue
        out += [(start, " ".join(said), stripped) for start, said in paragraphs if said]
        paragraphs = []
    out += [(start, " ".join(said), "") for start, said in paragraphs if said]
    return out


_ASIDE = re.compile(
    r"""^["']?[A-Z]{1,4}\d{2,4}["']?,?(\s*#.*)?$|RUBY_PLATFORM|RbConfig::CONFIG|\bplatforms?:|\binstall_if\b"""
)
"""A line whose comment is an aside, no policy: why one lint code is ignored (python-semantic-release's `"S105",`
for its tests' `*_token` names), why a gem is installed on one platform (huginn's rb-kqueue on BSD)."""


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
            if len(comment) < 30 or _LICENCE.search(comment) or not states or _ASIDE.search(annotated):
                continue
            if comment.rstrip().endswith(":"):  # a lead whose list is not a comment: the names that follow
                continue
            text = cut_at_word(clean(re.sub(r"^NOTE:?\s*", "", comment)), 420)
            at = f" (above `{annotated[:60]}`)" if annotated else ""
            slug = "-".join(re.findall(r"[a-z0-9]+", text.lower())[:8])  # by what it says: lines move
            out.append(Reasoned(f"decision/manifest/{rel}#{slug}", cut_at_word(sentences(text)[0], 100),
                                f"Policy stated in {rel}, line {line}{at}: {text}", rel, 3))  # fmt: skip
    return out


def changelog_entries(section: str) -> list[str]:
    """A changelog section's bullet entries, continuation lines joined; a nested bullet or indented line belongs to
    the entry above it, a blank line between them too (csstree's "Changes to query-related at-rules:" and its
    sub-items are one entry)."""
    entries: list[str] = []
    indents = [len(m.group(1)) for m in re.finditer(r"^( {0,3})[-*+]\s", section, re.MULTILINE)]
    top = min(indents) if indents else 0
    for line in section.splitlines():
        bullet = re.match(r"^(\s{0,3})[-*+]\s+(.*)$", line)
        indented = line.strip() and line.startswith((" ", "\t")) and not (bullet and len(bullet.group(1)) <= top)
        if indented and entries and not entries[-1] and len(entries) > 1:
            entries.pop()  # a blank line inside an entry: its nested items follow
        if bullet and len(bullet.group(1)) <= top:
            entries.append(bullet.group(2))
        elif indented and entries and entries[-1]:
            item = re.match(r"^[-*+]\s+(.*)$", line.strip())  # a nested item, set off from the words before it
            said = entries[-1].rstrip()
            entries[-1] = (
                f"{said}{' ' if said.endswith(':') or not item else '; '}{item.group(1) if item else line.strip()}"
            )
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
