"""What a README says about the project's policies and limits, section by section: the versions it supports, its
versioning and compatibility promises, its status, thread safety, known limitations and caveats, its goals, how it
works, and where security reports go.

These are the README sections a maintainer points a contributor to before a change ("Compatibility with the most
recent two versions of Go is a requirement for any new changes"), and what users hold the project to. Each becomes
one fact that quotes the section whole, or none: a quote cut short reads as cut out of its context. Usage,
installation and examples are left out.
"""

from __future__ import annotations

import re

from picasso_tui.profile import reasons
from picasso_tui.profile.findings import Finding, Knowledge
from picasso_tui.profile.guide_text import plain
from picasso_tui.profile.outdated_lines import outdated
from picasso_tui.profile.walk import Tree
from picasso_tui.store.schema import MemoryClass

README = ("README.md", "README.rst", "README", "readme.md", "Readme.md", "README.markdown")
POLICY_HEADING = re.compile(
    r"\bsupported (\w+ )?(versions?|platforms?|compilers?|browsers?|runtimes?|environments?|operating systems?|"
    r"rfcs?|standards?)\b|\bsupported (ruby|python|node(\.js)?|php|go|rust|rustc|java|jdk|rails)\b|"
    r"\b(version|platform|browser|compiler|python|ruby|node(\.js)?|php|go|rust|java|jdk|os) support\b|"
    r"\b(versioning|semver|semantic versioning|compatib\w*|stability|project status|status of the project|"
    r"maintenance|maintained|deprecat\w*|limitations?|caveats?|known (issues|bugs)|thread[- ]?safety|"
    r"design|philosophy|how it works|internals|security|notes?|important)\b|"
    r"^((design|project|main) )?(goals?|non-goals)\b",
    re.IGNORECASE,
)
"""A section about what the project promises, supports or refuses, or how it works inside; "supported" only of
versions, platforms and standards ("Supported web servers" lists other projects, "Supported tags" documents an API)."""
NOT_POLICY = re.compile(
    r"!\[|\]\(|<img|https?://|\b(build|packaging|ci|coverage) status\b|"
    r"\b(community|professional|commercial|paid|enterprise|get|getting)\b.*\bsupport|support (the|this|us|me|my)\b|"
    r"\bwhy (should|use|choose|not|you)\b|\bsponsor|release notes|changelog|\bexamples?\b|\busage\b|install|"
    r"\blicen[cs]e\b|getting started|quick ?start|tutorial",
    re.IGNORECASE,
)
"""A heading about something else that shares a word ("Build Status", "Commercial support", "Why use X?",
"Example code (Deprecated API)"), or a heading that is a badge line."""
PLEA = re.compile(r"\b(sponsor(ing|ship)?|donat(e|es|ing|ions?)|buy me a coffee|patreon|open ?collective)\b", re.I)
"""A section that asks users for money (k9s' "Note..." asks for sponsors): nothing a contributor acts on."""
MAX_NOTES = 4
MAX_CHARS = 800
"""A section longer than this is not quoted at all: a quote cut short was read as cut out of its context."""
_FENCED = re.compile(r"^\s*(```|~~~).*?^\s*\1[^\n]*$", re.MULTILINE | re.DOTALL)
_RST_CODE = re.compile(r"^\.\. (code-block|code|sourcecode)::.*?(?=^\S)", re.MULTILINE | re.DOTALL)
_ITEM = re.compile(r"^\s*(?:[-*+]|\d+[.)])\s+")
_POINTER = re.compile(
    r"^((for|to learn) more( information| details)?,? |(for [\w' ]{1,40},? )?(please )?(see|read|review|refer to|"
    r"check( out)?|visit) ).{0,160}\.$",
    re.I,
)
"""A sentence that only sends the reader elsewhere ("For more information, please see NOTES.md.", bpython's "For
known bugs please see bpython's known issues and FAQ page.")."""
_POINTS_AT_A_LINK = re.compile(
    r"^[^.]{0,120}\b(is|are|can be) (available|listed|found|described|documented|kept|maintained|given) "
    r"(on|at|in) (this|that|the following|our) (page|link|document|site|website|file|wiki)\.$|"
    r"^[^.]{0,120}\b(is|are|can be) (available|listed|found|described|documented) here\.$",
    re.I,
)
"""A sentence whose point was its link (webauthn-framework's "The list of the supported versions is available on
this page."): without the address it says nothing."""
_FOOTNOTE = re.compile(r"^\s*\[\^?[\w-]+\]:")
_ADMONITION = re.compile(r"^>?\s*\[!\w+\]\\?\s*$|^\.\. \w+::\s*$", re.IGNORECASE)


_POINTS_AHEAD = re.compile(r"\b(the following|as follows|below|like this|for example|e\.g\.)\W*$", re.I)
_ONE_LINE = "\x00code:"
_STOP = "\x00stop"


def _code(block: re.Match[str]) -> str:
    """A fenced block as a paragraph of its own: a one-line command or call stays with the sentence that leads
    into it; a longer example ends the quote."""
    lines = [ln.strip() for ln in block.group(0).strip().splitlines()[1:-1] if ln.strip()]
    one = len(lines) == 1 and len(lines[0]) <= 100 and "`" not in lines[0]
    return f"\n\n{_ONE_LINE}{lines[0]}\n\n" if one else f"\n\n{_STOP}\n\n"


def _prose(section: str) -> str:
    """The section's sentences and list items in reading order: code, tables, quotes of output and HTML left
    out; a list is one sentence after the words that lead into it ("Supported: Ruby 3.2; Ruby 3.3."), a one-line
    command stays with the sentence that leads into it, and the quote ends at a longer example."""
    text = _RST_CODE.sub(f"\n\n{_STOP}\n\n", _FENCED.sub(_code, section))
    out: list[str] = []
    pending = ""  # a paragraph ending in ":", waiting for its list
    paragraphs = re.split(r"\n\s*\n", text)
    for at, para in enumerate(paragraphs):
        if para.strip().startswith(_ONE_LINE):  # parsedown's "use the following:" and its `setSafeMode(true)`
            line = para.strip().removeprefix(_ONE_LINE)
            out.append(f"{pending.rstrip(':')}: `{line}`." if pending else "")
            pending = ""
            continue
        if para.strip() == _STOP:
            if any(p.strip() and not p.strip().startswith(("\x00", "    ", "\t")) for p in paragraphs[at + 1 :]):
                return ""  # prose after a longer example speaks of it ("If instead, …"): no quote holds it whole
            if out and _POINTS_AHEAD.search(out[-1]):
                out[-1] = " ".join(reasons.sentences(out[-1])[:-1])  # tomli's "… do the following." and its code
            break
        lines = [ln for ln in para.splitlines() if ln.strip() and not _ADMONITION.match(ln.strip())]
        if not lines or lines[0].startswith(("    ", "\t")) or lines[0].lstrip().startswith(("|", "<", "$ ", ">>>")):
            continue  # a code block, an HTML block or a console session
        if sum("|" in ln for ln in lines) >= 2:
            continue  # a table
        lead: list[str] = []
        items: list[str] = []
        for line in lines:
            line = re.sub(r"^\s*>\s?", "", line)  # a quoted note reads as its words
            if _FOOTNOTE.match(line):
                break
            if _ITEM.match(line):
                items.append(_ITEM.sub("", line).strip())
            elif items:
                items[-1] += " " + line.strip()
            else:
                lead.append(line.strip())
        said = plain(reasons.clean(" ".join(lead)))
        if pending and not said:
            said, pending = pending, ""
        elif pending:
            out.append(_without_lead_in(pending))
            pending = ""
        listed = "; ".join(t for t in (plain(reasons.clean(i)).rstrip(".;, ") for i in items) if t)
        if listed:
            said = f"{said.rstrip(':. ')}: {listed}" if said else listed
            said = _without_lead_in(said) if said.endswith(":") else said  # "…; Here is an example:" and its code
        elif said.endswith(":"):
            pending = said
            continue
        if said:
            out.append(said if said.endswith((".", "!", "?", ")", "`")) else said + ".")
    if pending:
        out.append(_without_lead_in(pending))
    return " ".join(t for t in out if t)


def _without_lead_in(paragraph: str) -> str:
    """A paragraph whose last sentence led into code that is left out, without that sentence."""
    return " ".join(reasons.sentences(paragraph)[:-1])


def _quote(prose: str) -> str | None:
    """The section's sentences, bare pointers aside, when they fit in MAX_CHARS; None when they do not (a section
    is quoted whole or not at all), or when it is a run of questions and answers (conc's "Goal #3"), which lose
    their sense without the questions."""
    sentences = reasons.sentences(prose)
    if sum(s.endswith("?") for s in sentences) >= 2:
        return None
    said = [
        s for s in sentences if not s.endswith(("?", ":")) and not _POINTER.match(s) and not _POINTS_AT_A_LINK.match(s)
    ]
    text = " ".join(said)
    return text if len(text) <= MAX_CHARS else None


_TABLE = re.compile(r"^\s*\|?\s*:?-{3,}:?\s*\|", re.MULTILINE)
_LINK = re.compile(r"\[([^\]]+)\]\(((?:https?://|\.{0,2}/?[\w-]+/)?[\w./#-]+\.(?:md|rst|txt|html?)|https?://[^)\s]+)\)")


def _with_targets(section: str, keep_web: bool) -> str:
    """A link to a file of the repository keeps its target (`SECURITY.md`); a web address only where it is the
    point (a security contact): "please see our policy" alone points nowhere."""

    def target(m: re.Match[str]) -> str:
        web = m.group(2).startswith("http")
        return f"{m.group(1)} ({m.group(2)})" if keep_web or not web else m.group(1)

    return _LINK.sub(target, section)


STATUS = re.compile(
    r"\b(maintenance mode|no longer (?:actively )?(?:maintained|developed)|(?:not|un)(?:actively )?maintained|"
    r"is (?:now )?deprecated|has been archived|is an alternative to|successor (?:to|of)|superseded by)\b",
    re.IGNORECASE,
)
"""An introduction's paragraph about the project's status or the project to use instead (will_paginate's "now in
maintenance mode", system-rules' "System Lambda is an alternative to System Rules … for JUnit Jupiter")."""


_EMPHASIS = re.compile(r"(?<![\w*_])[_*]{1,2}([^\s_*](?:[^_*\n]*[^\s_*])?)[_*]{1,2}(?![\w*_])")


def _about_the_project(sentence: str, names: list[str]) -> bool:
    """The sentence's status is the project's own: it names the project (tenacity's "a fork of retrying which is
    sadly no longer maintained" speaks of another)."""
    own = r"\bthis (is|project|library|repository|repo|package|gem|crate|module|tool)\b"
    return bool(re.search(own, sentence, re.I)) or any(n.lower() in sentence.lower() for n in names if len(n) > 2)


def _status(tree: Tree, rel: str, intro: str, names: list[str]) -> Finding | None:
    """The introduction's first paragraph that says the project is in maintenance mode, deprecated or has an
    alternative, quoted whole; a new feature or a new user may belong elsewhere."""
    for para in re.split(r"\n\s*\n", _FENCED.sub("", intro)):
        para = _EMPHASIS.sub(r"\1", para).lstrip("\u2139\ufe0f\u26a0 ")  # "ℹ️ … now in _maintenance mode_"
        stated = [s for s in reasons.sentences(plain(para)) if STATUS.search(s) and _about_the_project(s, names)]
        said = _quote(_prose(_with_targets(para, keep_web=False))) if stated else None
        if said and len(said) >= 40 and not outdated(tree, said):
            body = f"{rel}, introduction: {said}"
            return Finding("readme/status", MemoryClass.FACT, "Project status (README)", body, (rel,), tags=("readme",))
    return None


def _msrv_elsewhere(tree: Tree, heading: str, said: str) -> bool:
    """A README's Rust-version section that does not name the `rust-version` Cargo.toml declares (rusqlite's "Latest
    stable Rust version at the time of release", lettre's "Supported Rust Versions" at 1.74 beside `rust-version =
    "1.85"`): the manifest, which CI checks, is what holds."""
    if not re.search(r"\bmsrv\b|\bminimum supported rust\b|\brust versions?\b", heading, re.IGNORECASE):
        return False
    declared = re.search(r'^\s*rust-version\s*=\s*"([\d.]+)"', tree.read("Cargo.toml") or "", re.MULTILINE)
    return bool(declared) and declared.group(1).removesuffix(".0") not in said


def notes(tree: Tree) -> list[Finding]:
    rel = tree.first(*README)
    if not rel:
        return []
    why = {r.key.rsplit("/", 1)[-1] for r in reasons.readme_why(tree)}  # said already, as a decision with its reason
    out: list[Finding] = []
    sections = reasons.leveled_sections(tree.read(rel) or "")
    title = next((n for n, (_, h, _) in enumerate(sections) if h), -1)
    names = [plain(sections[title][1]).strip(), tree.root.name] if title >= 0 else [tree.root.name]
    if found := _status(tree, rel, "\n\n".join(body for _, _, body in sections[: title + 1]), names):
        out.append(found)
    path: list[tuple[int, str]] = []
    openings: set[str] = set()
    for n, (level, raw, body) in enumerate(sections):
        heading = plain(raw).strip()
        path = [(lv, h) for lv, h in path if lv < level] + [(level, heading)]
        if n == title or not POLICY_HEADING.search(heading) or NOT_POLICY.search(heading) or len(heading) > 60:
            continue
        if heading.endswith("?") and not re.search(r"support|compat", heading, re.IGNORECASE):
            continue  # an FAQ entry about using the project
        if _TABLE.search(body):
            continue  # what it says is in a table (rubyzip's compatibility matrix), which a quote cannot carry
        # ejs' "Caveats" are those of client-side use: the heading it sits under says so
        parent = next((h for lv, h in reversed(path[:-1]) if lv and h != plain(sections[title][1]).strip()), "")
        shown = f"{parent} > {heading}" if parent and level > 2 else heading
        slug = re.sub(r"[^a-z0-9]+", "-", heading.lower()).strip("-")[:60]
        said = _quote(_prose(_with_targets(body, keep_web=bool(re.search("secur", heading, re.I)))))
        if slug in why or not said or len(said) < 40 or outdated(tree, said) or _msrv_elsewhere(tree, heading, said):
            continue
        if PLEA.search(said):
            continue
        if said[:80] in openings:
            continue  # openai-php's four "(deprecated)" sections open with the one same notice: said once
        openings.add(said[:80])
        out.append(
            Finding(
                f"readme/{slug}",
                MemoryClass.FACT,
                f"{heading} (README)",
                f'{rel}, "{shown}": {said}',
                (rel,),
                tags=("readme",),
            )
        )
        if len(out) >= MAX_NOTES:
            break
    return out


def investigate(tree: Tree) -> Knowledge:
    k = Knowledge()
    k.findings += notes(tree)
    return k
