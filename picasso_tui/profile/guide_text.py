"""Reading a contributor guide's text, Markdown or reStructuredText: its headings, its words without markup, and
a rule cut at a whole sentence."""

from __future__ import annotations

import re

MAX_RULE_CHARS = 320
DEV_HEADING = re.compile(  # redis-plus-plus' "Run Tests (Optional)", a bare "Tests", libyang's bare "Building"
    r"\b(develop\w*|contribut\w*|hacking|build(ing)? (from source|instructions|locally)|"
    r"run(ning)? (the )?(unit )?tests|run(ning)? one test|testing|compil\w+|"
    r"build(ing)? (the )?(docs|documentation))\b|^tests?$|^build(ing)?$",  # spring-shell's "Building the Documentation"
    re.IGNORECASE,
)
AGENT_FILES = (
    "CLAUDE.md",
    "AGENTS.md",
    ".cursorrules",
    ".github/copilot-instructions.md",
    ".windsurfrules",
    "GEMINI.md",
    ".clinerules",
    "CONVENTIONS.md",
)
"""The files an agent reads its instructions from: the rules memory quotes them, the changelog reads them for a
request to add entries."""
FENCE = re.compile(r"^(```+|~~~+)\s*([\w-]*)")
BULLET = re.compile(r"^(\s*)(?:[-*+]|\d+[.)])\s+(.+)$")
HEADING = re.compile(r"^#{1,6}\s+(.+?)\s*#*$")
UNDERLINE = re.compile(r"^([=\-~^*+#])\1{2,}\s*$")

HTML_TAG = re.compile(
    r"<!--.*?-->|</?(br|details|summary|p|div|span|img|a|b|i|em|strong|sup|sub|kbd|code|pre|hr|table|thead|tbody|"
    r"tr|td|th|ul|ol|li|h[1-6]|picture|source|center|dl|dt|dd|blockquote)\b[^>]*>",
    re.IGNORECASE | re.DOTALL,
)
"""Real HTML only: a placeholder in a command (``<name>``, ``‹path›``) is part of the rule."""


def heading_path(line: str, nxt: str, path: list[tuple[int, str]]) -> list[tuple[int, str]] | None:
    """The heading path once this line is read, when it is a heading (Markdown `#`, or an rst title underlined on
    the next line); None for any other line."""
    stripped = line.strip()
    h = HEADING.match(line)
    if not (h or (stripped and UNDERLINE.match(nxt.strip()) and not BULLET.match(line))):
        return None
    level = len(line) - len(line.lstrip("#")) if h else (1 if nxt.strip()[0] == "=" else 2)
    title = re.sub(r"`|\*+|(?<!\w)_+|_+(?!\w)", "", plain(h.group(1) if h else stripped))  # linked: its words
    return [(lv, t) for lv, t in path if lv < level] + [(level, title)]


GENERIC_LINK = re.compile(r"(this|the|that)?\s*(link|page|guide|document|here|website|site)", re.IGNORECASE)


def _link_words(link: re.Match[str]) -> str:
    """A link's words, with its target where the words alone lose where it leads: a page or folder of the
    repository ("the style guide (docs/STYLE.md)") or an address behind "this link" (tianshou's README)."""
    words, target = link.group(1) or link.group(3), (link.group(2) or "").split(" ", 1)[0].strip("<>")
    if not target or target.startswith(("#", "mailto:")) or target in words:
        return words
    if re.match(r"https?://", target):
        return f"{words} ({target})" if GENERIC_LINK.fullmatch(words.strip()) else words
    if not re.search(r"\.(md|rst|txt|adoc)$|/$", target.split("#", 1)[0]):
        return words  # keyshade's guide links "Prettier" to a `.prettierrc` the repository no longer has
    return f"{words} ({target.removeprefix('./')})"


def _unmarked(text: str) -> str:
    """Prose without its HTML tags, link targets and bold markers."""
    text = HTML_TAG.sub("", text)
    text = re.sub(r"\[([^\]]+)\]\(([^)]*)\)|\[([^\]]+)\]\[[^\]]*\]", _link_words, text)
    # `__bold__` too (Lexik's "__Note:__"); a dunder name (`__init__`) stays as written
    return re.sub(r"(?<![\w_])__(?![a-z][a-z0-9_]*__)(?=\S)([^_\n]+?)(?<=\S)__(?![\w_])", r"\1", text.replace("**", ""))


def plain(text: str) -> str:
    text = re.sub(r" ?\[(#[\w-]*|\d+|\*)\]_(?!\w)", "", text)  # paramiko's "pure-Python [#]_": an rst footnote mark
    text = re.sub(r"`([^`<]+?)\s*<[^>]+>`__?", r"\1", text)  # rst link
    text = re.sub(r"``([^`]+)``", r"`\1`", text)  # rst inline literal
    # an rst reference (`open a new issue`_): its words; newman's "`-` as a separator, not `_`" holds none
    text = re.sub(r"`([^`\s][^`]*)`__?(?!\w)", r"\1", text)
    text = re.sub(r"<(https?://[^>\s]+)>", r"\1", text)  # an autolink: its address
    text = re.sub(r"!\[[^\]]*\]\([^)]*\)", "", text)
    # code is what to type, kept as written (yarl's "a collapsed `<details>` block", cachetools' `**kwargs`, a
    # changelog format's `[#123](…)`); elsewhere tags, links and bold are markup
    text = re.sub(r"\[([^\]]*`[^\]]*)\]\([^)]*\)", r"\1", text)  # a link whose words are code: its words
    text = "".join(part if part.startswith("`") else _unmarked(part) for part in re.split(r"(`[^`\n]+`)", text))
    text = re.sub(r"^!!!\s*\w+(\s+\"[^\"]*\")?|(?<![\w:]):[a-z_]+:(?![\w:`])", "", text)  # admonition, :emoji:
    text = re.sub(r"^([*_])([^*_\n]+)\1$", r"\2", text.strip())  # a line in italics: its words
    return " ".join(text.split())


def cut(rule: str, limit: int = MAX_RULE_CHARS) -> str:
    """Whole sentences up to ``limit`` characters (a rule cut mid-sentence can say the opposite)."""
    if len(rule) <= limit:
        return rule
    kept = ""
    for sentence in sentences(rule):
        if kept and len(kept) + len(sentence) > limit:
            break
        kept = f"{kept} {sentence}".strip()
    if len(kept) > limit + 200:
        return kept[:limit].rsplit(" ", 1)[0] + " …"
    # parser's sigil list loses its third item here: the mark says the quote goes on (it is no complete list)
    return kept if kept == rule else f"{kept} …"


RST_UNDERLINE = re.compile(r"^([=\-~^\"'`#*+:.])\1{2,}\s*$")


def rst_headings_as_markdown(text: str) -> str:
    """reStructuredText's underlined titles as Markdown's `#` headings, each underline character a level in the
    order it first appears (psycopg's README.rst "Hacking" section)."""
    lines = text.splitlines()
    levels: list[str] = []
    out: list[str] = []
    for i, line in enumerate(lines):
        below = lines[i + 1] if i + 1 < len(lines) else ""
        if RST_UNDERLINE.match(line) and out and out[-1].startswith("#"):
            continue  # the underline of the title just turned into a heading
        if RST_UNDERLINE.match(line) and RST_UNDERLINE.match(lines[i + 2] if i + 2 < len(lines) else ""):
            continue  # an overline above its title
        m = RST_UNDERLINE.match(below)
        if m and line.strip() and not RST_UNDERLINE.match(line) and len(below.strip()) >= len(line.strip()) - 1:
            if m.group(1) not in levels:
                levels.append(m.group(1))
            out.append("#" * min(levels.index(m.group(1)) + 1, 6) + " " + line.strip())
            continue
        out.append(line)
    return "\n".join(out)


RELEASE_HEADING = re.compile(
    r"^\W*((the |a )?(releas|publish|deploy)(e|es|ed|ing|ment|s)?( (process|steps|a new version|new versions|"
    r"the gem|a gem|the package|a package|the crate|to \w+))?|(making|cutting|creating|doing) a( new)? release|"
    r"how to (release|publish))\W*$",
    re.IGNORECASE,
)
"""A heading of a section on publishing a release ("Publishing", "Release process", "Releasing a new version"), not
one that builds in release mode ("Release builds")."""


def without_release_sections(text: str) -> str:
    """The Markdown text without its sections on publishing a release (knapsack_pro's README "Publishing": `cd
    rails-app-with-knapsack_pro && bundle install` updates the example app after the gem is out): a maintainer's
    steps, no contributor's."""
    keep: list[str] = []
    skipping = 0  # the level of the release heading being skipped, or 0
    fenced = False
    for line in text.splitlines():
        if FENCE.match(line.strip()):
            fenced = not fenced
        heading = None if fenced else re.match(r"^(#{1,6})\s+(.*)$", line)
        if heading and skipping and len(heading.group(1)) <= skipping:
            skipping = 0
        if heading and not skipping and RELEASE_HEADING.search(heading.group(2)):
            skipping = len(heading.group(1))
        if not skipping:
            keep.append(line)
    return "\n".join(keep)


def readme_dev_text(text: str, rst: bool = False) -> str:
    """The README's development sections only: a heading about developing, contributing, building from
    source or running the tests, down to the next heading of the same or a higher level."""
    text = rst_headings_as_markdown(text) if rst else text
    keep: list[str] = []
    level_kept = 0
    fenced = False
    for line in text.splitlines():
        if FENCE.match(line.strip()):
            fenced = not fenced
        heading = None if fenced else re.match(r"^(#{1,6})\s+(.*)$", line)
        if heading:
            level = len(heading.group(1))
            if level_kept and level <= level_kept:
                level_kept = 0
            if not level_kept and DEV_HEADING.search(heading.group(2)):
                level_kept = level
        if level_kept:
            keep.append(line)
    return "\n".join(keep)


def fence_indented_code(text: str) -> str:
    """Markdown's indented code blocks fenced as ``` blocks: a block indented four columns past the list item it
    sits in (waitress' step 3 and its `git remote add upstream …`), or past the margin outside a list."""
    out: list[str] = []
    content_at, in_fence, code_at, blank = 0, False, -1, True
    for line in text.splitlines():
        stripped = line.strip()
        at = len(line) - len(line.lstrip(" "))
        if code_at >= 0 and (not stripped or at >= code_at):
            out.append(line)
            continue
        if code_at >= 0:
            while out and not out[-1].strip():
                out.pop()
            out += ["```", ""]
            code_at = -1
        if FENCE.match(stripped):
            in_fence = not in_fence
        elif not in_fence and stripped and blank and at >= content_at + 4 and "\t" not in line[:at]:
            out.append("```")
            code_at = content_at + 4
        elif not in_fence and (b := BULLET.match(line)):
            content_at = b.start(2)
        elif not in_fence and stripped and at == 0:
            content_at = 0
        out.append(line)
        blank = not stripped
    return "\n".join(out + (["```"] if code_at >= 0 else []))


def unquote(text: str) -> str:
    """Markdown's block quotes read as the text they quote: vavr's `> * **Rule 1. …**` is a list of rules."""
    return re.sub(r"(?m)^>[ \t]?", "", text)


CODE = -2
"""The indent a rule block gives a code block's commands (a bullet's is 0 or more, a paragraph's -1)."""


def with_code(item: str, after: list[tuple[str, str, int]]) -> str:
    """A bullet that leads into a code block ("Run all tests:") with the block's first command, which is what it
    says (image's AGENTS.md: `docker compose run --rm tests`)."""
    if not item.rstrip(" *").endswith(":") or not after or after[0][2] != CODE:
        return item
    first = next((line.strip().strip("`") for line in after[0][1].splitlines() if line.strip()), "")
    if first and "`" not in first and len(first) < 120:
        return f"{item.rstrip()} `{first}`"
    # repomix's "Verify changes by running:" over `npm run lint  # Ensure code style compliance`, `npm run test`
    given = [re.sub(r"\s+#\s.*$", "", c).strip() for c in re.findall(r"`([^`\n]+)`", after[0][1])]
    given = [c for c in given if c and len(c) < 120][:3]
    return f"{item.rstrip()} {', '.join(f'`{c}`' for c in given)}" if given else item


SENTENCE_END = re.compile(r"(?<=[.!?])(?<!\be\.g\.)(?<!\bi\.e\.)(?<!\bcf\.)(?<!\bvs\.)\s+")
"""Where a sentence ends: not after "e.g." or "i.e." (junit-pioneer's "(e.g. `@ReportEntry`), the containing
annotation … must" is one sentence)."""


def sentences(text: str, capital: bool = False) -> list[str]:
    """The sentences of a paragraph; with ``capital`` only where the next starts as a sentence does."""
    pattern = SENTENCE_END.pattern + (r"(?=[A-Z`*])" if capital else "")
    return re.split(pattern, text)


_ADOC_LINK = re.compile(r"(?:link:|(?=https?://))([^\s\[]+)\[([^\]\n]*)\]")
_ADOC_BLOCK = re.compile(r"^(-{4,}|\.{4,}|={4,}|_{4,}|\+{4,})$")


def asciidoc_as_markdown(text: str) -> str:
    """AsciiDoc read as the Markdown the guide reader knows: `== Title` a heading, a `----` block fenced, a block
    attribute (`[source,java]`), a comment and a document attribute left out, a link its words."""
    out: list[str] = []
    in_block = ""
    for line in text.splitlines():
        stripped = line.strip()
        if _ADOC_BLOCK.match(stripped) and (not in_block or stripped == in_block):
            in_block = "" if in_block else stripped
            out.append("```")
            continue
        if in_block:
            out.append(line)
            continue
        heading = re.match(r"^(={1,6})\s+(\S.*)$", line)
        if heading:
            out += ["", f"{'#' * len(heading.group(1))} {heading.group(2)}", ""]
        elif re.match(r"^\[[^\]]*\]$|^//|^:[\w-]+:", stripped):
            continue
        else:
            line = re.sub(r"^(\s*)\.\s+(?=\S)", r"\g<1>1. ", line)  # `. step`: a numbered item
            out.append(_ADOC_LINK.sub(lambda m: m.group(2) or m.group(1), line))
    return "\n".join(out)
