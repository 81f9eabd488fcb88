"""Repo rules: agent instruction files and contributor guides, one record per file, kept to the point.

A rule is a whole instruction: a bullet with its wrapped lines joined, or a sentence of a paragraph that says
what a change must do ("must", "should", "please run", "we require", "100% coverage", "follow PSR-12").
From a contributor guide only rules for changing code are kept: onboarding (accounts, 2FA, forking), link
lists, thanks and community boilerplate, and how to report an issue are left out.
"""

from __future__ import annotations

import itertools
import re
from collections import Counter
from collections.abc import Iterator
from dataclasses import replace

from picasso_tui.profile import changelog, guide_text
from picasso_tui.profile.agent_files import agent_files, left_behind
from picasso_tui.profile.commands import TOOLS, in_guide_folder
from picasso_tui.profile.ecosystems import php
from picasso_tui.profile.findings import Finding, Knowledge
from picasso_tui.profile.guide_text import (
    BULLET,
    MAX_RULE_CHARS,
    UNDERLINE,
    asciidoc_as_markdown,
    cut,
    fence_indented_code,
    heading_path,
    plain,
    sentences,
    unquote,
)
from picasso_tui.profile.outdated_lines import outdated
from picasso_tui.profile.rule_words import (
    ABOUT_CODE,
    CHANGELOG_RULE,
    DANGLING,
    ILLUSTRATES,
    IMPERATIVE,
    INVITES,
    NORMATIVE,
    NOT_A_CODE_RULE,
    OFF_TOPIC_HEADING,
    POINTS_AHEAD,
    POINTS_ELSEWHERE,
    POINTS_TO_GUIDE,
    POINTS_TO_LINKED_GUIDE,
    REFERS_BACK,
    REPORTS,
    REVIEWING,
    SUBORDINATE,
    TEST_RULE,
)
from picasso_tui.profile.rules_config import config_rules
from picasso_tui.profile.walk import Tree
from picasso_tui.store.schema import MemoryClass

GUIDE = re.compile(
    r"^(\.github/|docs?/([\w.-]+/){0,2})?(contributing|maintain(er|ing))(\.md|\.rst|\.txt|\.adoc)?$|"
    r"^(\.github/|docs?/)?(hacking|development|developing)(\.md|\.rst|\.txt|\.adoc)?$",
    re.IGNORECASE,
)
"""Where repositories keep their contributor guide: root, .github/ or docs/ (two folders deeper too:
docs/dev/contributing.rst), any case, Markdown or rst; a maintainer guide (maintainer.md, MAINTAINING.md) too: only
its rules for changing code are kept. MAINTAINERS.md is not one: over the judged sets all five rules read from one
were rejected (undici's issue labelling, markdownlint's way to become a maintainer, jsdom's names). A developer
guide (HACKING, DEVELOPMENT.md) is one too, at the root, in .github/ or docs/ only: deeper, a "development" page
tells users of a framework about its development mode."""
STYLE_GUIDE = re.compile(
    r"^((\.github|docs?)/)?(\d+[._-])?((coding|code)[-_ ]?(style|standards?|guidelines?|conventions?)|"
    r"style[-_ ]?guides?)(\.md|\.rst|\.txt|\.adoc)$",
    re.IGNORECASE,
)
"""A coding-style guide (ponyc's STYLE_GUIDE.md, collectd's docs/coding_style.md, jerryscript's
docs/08.CODING-STANDARDS.md): every line of it is a rule for the code. A bare "conventions" page is not one (grumphp's
doc/conventions.md tells users how to share a configuration)."""
_STYLE_TITLE = re.compile(r"\A\s*#\s+[^\n]*\b(code|coding) (style|standards|guidelines|conventions)\b", re.IGNORECASE)
"""A root page titled for the code's style (qupath's TECHNICAL_NOTES.md, "# Technical notes & code style")."""


PR_TEMPLATE = re.compile(
    r"^(\.github/|docs/)?pull_request_template\.md$|^\.github/pull_request_template/[^/]+\.md$", re.IGNORECASE
)
"""The pull-request template: each checklist item is a rule for the change it comes with."""
_CHECKBOX = re.compile(r"^\[[ xX]?\]\s+")
_CHECK_ITEM = re.compile(
    r"^(I\b|I'(ve|m)\b|(added|updated|wrote|ran|read|ensured|checked|signed|followed|rebased|squashed)\b|"
    r"(new )?(unit )?(tests?|docs?|documentation|changelog|changes?)\b.{0,40}\b(added|updated|pass(es)?|written)\b)",
    re.IGNORECASE,
)
"""A checklist item that states what the change comes with ("I've added a test", "Tests added")."""
_CONTINUATION = re.compile(r"^(and|or|but|which|that|so|because|then|if|when|as well|otherwise|to|of|with)\b|^[,;)]")
"""A template line that starts mid-sentence: the rest of the line before, not an item of its own."""
MAX_RULE_LINES = 25
MAX_BODY_CHARS = 3000
_FRONT_MATTER = re.compile(r"\A---\n.*?\n---\n", re.DOTALL)
Block = tuple[str, str, int]
"""(heading path, text, indent of its bullet, -1 for a paragraph or CODE for a code block's commands)."""
CODE = guide_text.CODE
TABLE_ROW = re.compile(r"^\s*\|.*\|\s*$")
"""A Markdown table's row: cells that flattened into a line read as garble ("| Label name | Description | |---|"),
and a guide's tables list labels, branches or versions, not what a change must do."""
STEP = re.compile(rf"{TOOLS.pattern}|^git (remote|fetch|pull|checkout|switch|rebase|commit|push)\b")
"""A command a guide's step runs: a build or test tool's, or git's own for the branch and the pull request."""


RST_ADMONITION = re.compile(
    r"^\.\. (?:note|important|warning|tip|caution|attention|danger|hint|seealso|admonition)::\s*(.*)$", re.I
)
"""An rst admonition: its indented body is prose, where another directive's `::` opens a literal block."""


BOLD_LEAD = re.compile(r"\*\*([^*\n]{3,80}?):?\*\*:?")
"""A line that is all bold and ends with a colon (`**3.x releases (jline-3.x):**`), over a list: a sub-heading."""
BOLD_MARK = "\u2063"
"""Marks a heading path entry read from a bold lead (an invisible separator, dropped when the heading is shown)."""


def _blocks(text: str) -> list[Block]:
    """Each bullet item and paragraph under its heading path; wrapped lines joined, code left out."""
    lines = _FRONT_MATTER.sub("", text).splitlines()
    out: list[Block] = []
    path: list[tuple[int, str]] = []
    heading, current, bullet, in_code, literal = "", [], -1, False, False
    numbered_at = -1  # the indent of the numbered list being read: a dash list under a step at its indent is nested

    def flush() -> None:
        if current:
            out.append((heading, " ".join(current), bullet))
        current.clear()

    code: list[str] = []
    for i, line in enumerate(lines):
        stripped = line.strip()
        if stripped.startswith(("```", "~~~")):
            flush()
            if in_code and code:  # the commands of a code block, for the sentence that introduces them
                out.append((heading, "; ".join(f"`{c}`" for c in code), CODE))
            in_code, code = not in_code, []
            continue
        indented = line.startswith((" ", "\t")) and stripped  # in an rst literal block: the commands `::` introduces
        if (in_code and stripped and not stripped.startswith(("#", "//"))) or (literal and indented):
            code.append(stripped.removeprefix("$ "))
        nxt = lines[i + 1] if i + 1 < len(lines) else ""
        if in_code or (literal and (line.startswith((" ", "\t")) or not stripped)) or UNDERLINE.match(stripped):
            continue
        if TABLE_ROW.match(line):
            flush()  # ATLauncher's label tables under "Pull Request Labels"
            continue
        if literal and code:
            out.append((heading, "; ".join(f"`{c}`" for c in code), CODE))
        code = [] if literal else code
        literal = False
        deeper = heading_path(line, nxt, path)
        lead = BOLD_LEAD.fullmatch(stripped)
        if deeper is None and lead and BULLET.match(next((x for x in lines[i + 1 :] if x.strip()), "")):
            # jline's CLAUDE.md: "**4.x releases (master and 4.0.x):**" over one numbered procedure, "**3.x …:**"
            # over another; read as the headings they act as, the two procedures stay apart
            level = (path[-1][0] if path else 0) + 1
            if path and path[-1][1].startswith(BOLD_MARK):
                level = path[-1][0]
            deeper = [(lv, t) for lv, t in path if lv < level] + [(level, BOLD_MARK + lead.group(1).strip())]
        if deeper is not None:
            flush()
            path, numbered_at = deeper, -1
            heading = " > ".join(t.strip().removeprefix(BOLD_MARK) for _, t in path)
            continue
        if admonition := RST_ADMONITION.match(stripped):
            flush()  # gevent's `.. note::` over its indented prose: a paragraph of its own, no literal block
            current.extend([admonition.group(1).strip()] if admonition.group(1).strip() else [])
            bullet, literal = -1, False
            continue
        b = BULLET.match(line)
        if b:
            flush()
            current.append(b.group(2).strip())
            bullet = len(b.group(1).expandtabs(4))
            if stripped[0].isdigit():
                numbered_at = bullet
            elif bullet == numbered_at:
                bullet += 2
        elif not stripped:
            flush()
        else:
            if not current:
                bullet, numbered_at = -1, -1
            current.append(stripped)
        # reStructuredText: an indented literal block follows, or a directive's body (gevent's `.. code-block::
        # python` of a docstring), which is no prose
        literal = stripped.endswith("::") or bool(re.match(r"\.\. [\w-]+:: \S", stripped))
        if literal:
            flush()
            if out and out[-1][2] != CODE:  # the sentence keeps one colon, as Markdown's would before a fence
                out[-1] = (out[-1][0], re.sub(r"\s*::$", ":", out[-1][1]), out[-1][2])
    flush()
    return out


_COMMENT = re.compile(r"<!--.*?-->", re.DOTALL)
_LINK_DEFINITION = re.compile(
    r"^ {0,3}\[[^\]\n]+\]:[ \t]+\S+([ \t]+(\"[^\"\n]*\"|'[^'\n]*'|\([^)\n]*\)))?[ \t]*$", re.M
)
"""A Markdown link reference definition (`[1]: ../AGENTS.md`): where a link goes, never shown as text."""


FAQ = re.compile(
    r"^(what about|why|how come|can i|do you|is there|will you|where (is|are)|when will)\b.*\?!?\s*$", re.IGNORECASE
)
"""An FAQ heading ("What about winston@2.x?!"): its entry answers a question, it sets no rule. A heading like
"Have a patch?" introduces rules and stays."""
LEADS_IN = re.compile(r"^(when|before|after|once|if) [^:]{3,80}:$", re.IGNORECASE)
"""A paragraph that sets the occasion for the steps under it ("When adding a feature in Faraday:")."""


EXCEPTIONS = re.compile(r"^(the )?exceptions?( are)?:$|\bwith the following exceptions:$", re.IGNORECASE)
"""A sentence that leads into the exceptions to the rule before it: the items after it are not rules."""


_LINK = re.compile(r"\s*(\[[^\]]+\]\([^)\s]*\)|\[[^\]]+\]\[[^\]]*\]|`[^`<]+<[^>]+>`__?)[.;]?\s*")
"""A list item that is only a link: a tutorial's title, no rule."""
_SHELL_LINE = re.compile(r"^[a-z][\w.+-]*(\s+[^\s(){};=<>|&]+)*$")
"""A line that reads as a shell command (`isort --profile black --dt h11 bench`), not as code."""


def _mid_sentence(text: str) -> bool:
    """The text stops mid-sentence, where a code block goes on with it ("the commands," then the commands;
        composer-normalize's "If you do not have `yamllint` installed yet, run", then `brew install yamllint`;
    Gaufrette's "You should check for CS violations by using", then `make php-cs-compare`)."""
    runs = re.search(r"(^|[\s,])(run|execute|type|call|invoke|using|with|via)$", text, re.IGNORECASE)
    return bool(re.search(r"[\w)`],$", text) or runs or (DANGLING.search(text) and not text.endswith(":")))


def _lead_ins(blocks: list[Block]) -> list[Block]:
    """A normative sentence ending in ':' and the list it introduces become one rule ("register it in: a; b");
    so does a bullet ending in ':' with the bullets nested under it ("Respect the code style: only spaces; …")."""
    out: list[Block] = []
    i = 0
    while i < len(blocks):
        heading, text, indent = blocks[i]
        lead = sentences(text)[-1]
        if POINTS_AHEAD.search(lead) and not re.search(r"[.!?:]\W*$", text):
            text += ":"  # nock's "you have to follow these steps" and its numbered steps, with no colon between
            lead = sentences(text)[-1]
        # strong_migrations' "Here are a few ways you can help:" and system-rules' "You have three options if you
        # have a feature request, found a bug or …": the list after it invites or says where to report, no rule
        if INVITES.search(lead) or (REPORTS.search(lead) and not NORMATIVE.search(lead)):
            i += 1 + next((n for n, b in enumerate(blocks[i + 1 :]) if b[2] < 0 or b[0] != heading), len(blocks))
            continue
        items: list[str] = []
        following = i + 1 < len(blocks) and blocks[i + 1][2] == CODE and blocks[i + 1][0] == heading
        commands = following and all(STEP.match(c.strip("`")) for c in blocks[i + 1][1].split("; "))
        if following and (
            ((indent == -1 or commands) and re.search(r"\bthe following\b|:$", lead))
            or (indent >= 0 and commands and len(blocks[i + 1][1]) <= 160)
        ):  # a step and the commands that do it
            # "we recommend you run the following checks …" and the block of commands it points to are one rule; a
            # bullet keeps a block of commands only (attrs' example asserts are not part of its rule)
            out.append((heading, f"{text.rstrip(':.')}: {blocks[i + 1][1]}", indent))
            i += 2
            continue
        if (
            following
            and _mid_sentence(text)
            and len(blocks[i + 1][1]) <= 160
            and all(STEP.match(c.strip("`")) or _SHELL_LINE.match(c.strip("`")) for c in blocks[i + 1][1].split("; "))
        ):  # h11's "With those projects installed the commands," `black …`; `isort …` "will format your code"
            rest = blocks[i + 2] if i + 2 < len(blocks) else None
            ends = rest and rest[0] == heading and rest[2] == -1 and re.match(r"[a-z]", rest[1])
            said = f"{text.rstrip(',:')} {blocks[i + 1][1]}" + (f" {rest[1]}" if ends and rest else ".")
            out.append((heading, said, indent))
            i += 3 if ends else 2
            continue
        nxt = blocks[i + 1] if i + 1 < len(blocks) else None
        # "Given a version number … Vavr" and the bullets that finish its sentence ("may affect source compatibility")
        unfinished = indent == -1 and not re.search(r"[.!?:]\W*$", text) and nxt and nxt[2] >= 0 and nxt[0] == heading
        unfinished = bool(unfinished and re.match(r"[a-z]", nxt[1]))
        # "we've chosen the following approach:" leads into its list whatever its words
        leads = NORMATIVE.search(lead) or LEADS_IN.match(text) or POINTS_AHEAD.search(lead) or EXCEPTIONS.search(lead)
        # luanti's "do not do the following manually. They will be done before each release." over "Run
        # `updatepo.sh` …": its bullets are what not to do, each an order the other way round on its own
        forbids = indent >= 0 and _FORBIDS_WHAT_FOLLOWS.search(text)
        opens = unfinished or (text.endswith(":") and (indent >= 0 or leads)) or bool(forbids)
        while opens and i + 1 + len(items) < len(blocks):
            nh, nt, nested = blocks[i + 1 + len(items)]
            if nested < 0 or nh != heading or (indent >= 0 and nested <= indent):
                break
            items.append(nt.rstrip(".;"))
        describes = text.endswith(":") and len(lead.split()) >= 4 and not _ASKS_FOR_STEPS.search(lead)
        if not opens and describes and nxt and nxt[2] >= 0 and nxt[0] == heading:
            run = list(itertools.takewhile(lambda b, h=heading: b[2] >= 0 and b[0] == h, blocks[i + 1 :]))
            idle = 2 * sum(not _instructs(t, True) or t.endswith("?") for _, t, _ in run)
            # "because they:" wants its items to finish it; "Notable differences are:" lists rules, half may say so
            if idle > len(run) or (idle == len(run) and _FINISHED_BY_ITEMS.search(lead)):
                # cyclopts' "Good docstrings include information like:" and what they say ("What happens during
                # errors/edge-cases."), lerna-lite's "E2E tests are slower because they:" "Build the entire
                # project": the items finish a description, out of it they read as orders; one that says "should"
                # (opsdroid's plugin list: "Coroutines should be decorated with …") is a rule wherever it stands
                out.append(blocks[i])
                out += [b for b in run if NORMATIVE.search(plain(b[1]))]
                i += 1 + len(run)
                continue
        if items and EXCEPTIONS.search(lead):
            i += 1 + len(items)
            continue  # junit-pioneer's "Exceptions:" and the warnings it lets through: the rule's exceptions
        short = indent >= 0 or (items and max(len(t) for t in items) <= 150)  # not a list of whole sections
        if items and forbids:
            said = sentences(text)
            order = next(s for s in said if _FORBIDS_WHAT_FOLLOWS.search(s))
            rule = f"{order.rstrip(' .:')}: {'; '.join(items)}."
            why = " ".join(s for s in said if s != order)  # luanti's "They will be done before each release."
            out.append((heading, f"{rule} {why}" if why and len(rule) + len(why) < MAX_RULE_CHARS else rule, indent))
            i += 1 + len(items)
            continue
        if items and (short or unfinished):
            if short:  # an unfinished sentence too long to finish with its bullets goes with them
                out.append((heading, f"{lead} {'; '.join(items)}.", max(indent, 0)))
            i += 1 + len(items)
            continue
        if items and opens and all(re.match(r"[a-z]", plain(t)) for t in items):
            # godotenv's "Contributions would be gladly accepted that:" and its long items, each finishing that
            # sentence: one alone ("keep the library up to date …") reads as an order it is not
            i += 1 + len(items)
            continue
        out.append(blocks[i])
        i += 1
    return out


_LEAD_IN = re.compile(
    r"^((\*\*|__)[^*_\n]{2,60}?:?(\*\*|__):?\s*([-–—:]\s*)?)+|"
    r"^[^.!?:`\n]{2,60}? [-–—] (?=\S)|^(note|important|tip|warning|caution|nb)\s*:\s*",
    re.I,
)
"""A lead before the instruction: a term (jigsaw's "**One pull request per feature** - If you want …, send …", read
without its bold as "One pull request per feature - If …") or a label (Lexik's "__Note:__ Never fix coding …", read
as "Note: Never fix …")."""
_FINISHED_BY_ITEMS = re.compile(r"\b(they|it|includes?|like|such as|because|that|which|to)\s*:$", re.IGNORECASE)
"""A lead whose last word wants the items to finish its sentence (lerna-lite's "E2E tests are slower because
they:")."""
_ASKS_FOR_STEPS = re.compile(r"\bplease:$|\b(process|procedure|steps|checklist)\b", re.IGNORECASE)
"""A lead that asks for the steps after it (cedar's "To send us a pull request, please:", chromatic-cli's "this is
the process:"): its items are orders, however few say so."""
_FORBIDS_WHAT_FOLLOWS = re.compile(
    r"\b(do not|don't|never|please don't|avoid)( do| doing)? (any of )?the following\b", re.IGNORECASE
)
"""A lead that makes the items after it prohibitions (luanti's "do not do the following manually")."""
_ALWAYS_OR_NEVER = re.compile(r"^(please\s+)?(never|always)\b", re.IGNORECASE)


def _instructs(text: str, is_bullet: bool) -> bool:
    """The sentence (or bullet) says what a change must do: a normative word, an imperative bullet or a sentence
    that opens with "never" or "always", or an instruction about tests or the changelog."""
    text = _LEAD_IN.sub("", text) or text
    instructs = is_bullet and any(IMPERATIVE.match(SUBORDINATE.sub("", x)) for x in sentences(text))
    bare = SUBORDINATE.sub("", text)  # "If your change modifies behaviour, update the CHANGELOG" instructs
    records = any(p.search(x) for p in (TEST_RULE, CHANGELOG_RULE) for x in (text, bare))
    return bool(NORMATIVE.search(text) or instructs or _ALWAYS_OR_NEVER.match(bare) or records)


_WORKFLOW_STEP = re.compile(r"\b(fork|clone|push|pull requests?|PRs?|commit|branch|issues?|ticket)\b", re.IGNORECASE)
"""A list of the steps to a pull request ("Fork it", "Push to the branch"): its items are read one by one."""


_TESTS = re.compile(r"\btests?\b", re.IGNORECASE)


_SEQUENCE_STEP = re.compile(r"\b(fork|clone|(create|make|open|submit|send)\b.{0,30}\b(branch|pull request|PR))\b", re.I)


def _a_sequence_of_steps(items: list[str]) -> bool:
    """A checklist of the steps from forking to the pull request (marked's "Fork", "Clone", "Make sure you are on
    the `master` branch", …, "Create a branch", …, "Submit a Pull Request"): each step means what it does in its
    place, so the list is read whole or not at all, and whole it is onboarding."""
    ticked = all(_CHECKBOX.match(t) for t in items)
    return ticked and sum(bool(_SEQUENCE_STEP.search(plain(t))) for t in items) >= 2


def _steps_to_a_pull_request(blocks: list[Block]) -> set[int]:
    """The items of each list of three or more most of whose items are the steps to a pull request ("Fork it",
    "Create your feature branch", "Push to the branch", "Create new Pull Request"): onboarding, not rules, unless
    an item speaks of the tests or says what must hold ("Open a pull request; it must pass CI")."""
    steps: set[int] = set()
    for run in _list_runs(blocks):
        said = [plain(blocks[n][1]) for n in run]
        if len(run) >= 3 and _a_sequence_of_steps([blocks[n][1] for n in run]):
            steps.update(run)  # a step alone ("Make sure you are on the `master` branch") misstates its place
        elif len(run) >= 3 and 5 * sum(bool(_WORKFLOW_STEP.search(t)) for t in said) >= 3 * len(run):
            onboarding = [
                n for n, t in zip(run, said, strict=True)
                if _WORKFLOW_STEP.search(t) and not (TEST_RULE.search(t) or NORMATIVE.search(t) or _TESTS.search(t))
            ]  # fmt: skip
            steps.update(onboarding)
    return steps


def _list_runs(blocks: list[Block]) -> Iterator[list[int]]:
    """The indexes of each run of list items at one indent under one heading."""
    i = 0
    while i < len(blocks):
        heading, _, indent = blocks[i]
        run = [i]
        while indent >= 0 and run[-1] + 1 < len(blocks) and blocks[run[-1] + 1][2] == indent and (
            blocks[run[-1] + 1][0] == heading):  # fmt: skip
            run.append(run[-1] + 1)
        if indent >= 0:
            yield run
        i = run[-1] + 1


_TERM = re.compile(r"^(\*\*|__|`)[^*_`]{1,40}\1:?\s*[-–—:]?\s+\S")
"""A list item that defines a term (`**Added** - …`, `` `major`: … ``)."""


def _link_lists(blocks: list[Block]) -> set[int]:
    """The items of each list made only of links (h11's tutorials "new to GitHub": "[Make a pull request](…)"):
    titles to read, not rules. A step that is a link ("[Squash related commits together][5].") in a list of
    steps stays."""
    found: set[int] = set()
    for run in _list_runs(blocks):
        if all(_LINK.fullmatch(blocks[n][1]) for n in run):
            found.update(run)
    return found


def _lists_of_rules(blocks: list[Block]) -> set[int]:
    """The items of each list most of whose items instruct: a style list ("Use 4 spaces", "No oneliners", "opening
    curly braces start in the next line") is read whole, since an item dropped from it changes what the list says."""
    whole: set[int] = set()
    i = 0
    while i < len(blocks):
        heading, _, indent = blocks[i]
        if indent < 0:
            i += 1
            continue
        run = [i]
        while run[-1] + 1 < len(blocks) and blocks[run[-1] + 1][2] >= 0 and blocks[run[-1] + 1][0] == heading:
            run.append(run[-1] + 1)
        items = [n for n in run if blocks[n][2] == indent]
        said = [plain(blocks[n][1]) for n in items]
        terse = all(len(t) <= 160 and not _WORKFLOW_STEP.search(t) for t in said)  # a style list, not the steps
        # hashie's changelog kinds ("**Added** - … you should mark it as "added" …"): each term says what it is
        terms = all(_TERM.match(blocks[n][1]) for n in items)
        if len(items) >= 2 and (terse or terms) and 2 * sum(_instructs(t, True) for t in said) >= len(items):
            whole.update(items)
        i = run[-1] + 1
    return whole


_PERSON_THEN_IT = re.compile(
    r"\b(you|we|developers|reviewers|contributors|maintainers|users|people)\b(?P<between>[^.;:]*?)\b(it|its|them)\b"
    r"(?! (is|was|will|would|can|could|may|might|should|must)\b)|\b(it|its|them)'s\b",
    re.IGNORECASE,
)
_NAMES_A_THING = re.compile(r"`|\b(the|a|an|your|our|this|that|each|every|any|their)\s+\w+", re.IGNORECASE)


THAT_COMMAND = re.compile(r"\b(this|that|the above|the previous|these|those) (command|script)s?\b", re.IGNORECASE)
"""A sentence about a command it does not name: the command is in the code block before it."""


def _points_back(sentence: str) -> bool:
    """A person does something to "it" or "its" with no thing named between ("As builds break …, you should run it
    before committing", "Developers and reviewers should minimize its use"): what it is, is in the sentence before."""
    found = _PERSON_THEN_IT.search(sentence)
    if not found or found.group("between") is None or "`" in sentence[: found.start()]:
        return False  # typer's "You don't need to see the code in `./scripts/docs.py`, you just use it": named
    return not _NAMES_A_THING.search(found.group("between"))


def _tables_of_contents(blocks: list[Block]) -> set[str]:
    """Sections whose items mostly link within the page (miette's "How do I...": `[Request Support](#request-
    support)`): a table of contents, whose titles are no rules."""
    items: dict[str, list[str]] = {}
    for path, text, indent in blocks:
        if indent >= 0:
            items.setdefault(path, []).append(text)
    return {p for p, texts in items.items() if sum("](#" in t for t in texts) * 2 >= len(texts) >= 2}


def _guide_rules(blocks: list[Block]) -> list[tuple[str, str]]:
    """(heading, rule) from a contributor guide: instructions for changing code only."""
    rules = []
    blocks = _lead_ins(blocks)
    whole = _lists_of_rules(blocks)
    steps = _steps_to_a_pull_request(blocks)
    links = _link_lists(blocks)
    contents = _tables_of_contents(blocks)
    for at, (path, text, indent) in enumerate(blocks):
        if indent == CODE or at in steps or path in contents:
            continue
        is_bullet = indent >= 0
        if any(
            REVIEWING.search(h)
            or (OFF_TOPIC_HEADING.search(h) and not ABOUT_CODE.search(h))
            or FAQ.search(h)
            or re.search(r"\bconduct\b", h, re.IGNORECASE)  # "Code of conduct" is about people, not code
            for h in path.split(" > ")
        ):
            continue
        heading = path.rsplit(" > ", 1)[-1]
        words = plain(text)
        if len(re.sub(r"https?://\S+", "", words).split()) < 4 or re.fullmatch(r"`[^`]+`", words) or at in links:
            continue  # a link alone (h11's "[Make a pull request](…)"), a one-word item, a quoted log line
        candidates = [words] if is_bullet else sentences(words, capital=True)
        for i, c in enumerate(candidates):
            if (
                not (at in whole or _instructs(c, is_bullet))
                or c.rstrip(".").endswith(("?", ":"))
                or len(c.split()) < 3
            ):
                continue  # faker's "Don't fear!": an encouragement, not a rule
            if re.search(r"[,;]$", c) or DANGLING.search(c):  # cut mid-sentence: its whole sentences, if a rule
                c = " ".join(sentences(c)[:-1])
                if not c or not (at in whole or _instructs(c, is_bullet)):
                    continue
            ahead = POINTS_AHEAD.search(c)  # "with the following exceptions: …" says them after its colon
            if (ahead and "`" not in c[ahead.start() :] and not re.search(r":\s*\S", c[ahead.end() :])) or (
                POINTS_ELSEWHERE.search(c)
            ):
                continue  # its object is in the block after it, or the line is cut mid-sentence
            if not is_bullet and (REFERS_BACK.search(c) or _points_back(c)):  # "Make sure these are free"
                leads_with_it = re.match(r"(\S+\s+){0,3}(this|they|them|it)\b", c, re.IGNORECASE)
                if not i and (_points_back(c) or not leads_with_it):
                    continue  # the sentence it points back to is not here
                start = i - 1 if i else 0  # back to the sentence that names what it points to
                while start > 0 and (_points_back(candidates[start]) or REFERS_BACK.search(candidates[start])):
                    start -= 1
                while i and rules and rules[-1][0] == heading and rules[-1][1] in candidates[start:i]:
                    rules.pop()  # said again below, with the sentence that needs it
                c = " ".join(candidates[start : i + 1]) if i else c
            asked = candidates[i - 1] if i and candidates[i - 1].endswith("?") else ""
            if asked and NOT_A_CODE_RULE.search(asked):
                continue  # atproto's "Found a security vulnerability? Don't open an issue or a PR.": its answer
            if THAT_COMMAND.search(c) and "`" not in c:
                continue  # libxlsxwriter's "make sure you have backed up your files … before running this command"
            if c.startswith("^ "):
                continue  # js-cookie's "^ For this to work you must …": a footnote to the code above, not a rule
            if not NOT_A_CODE_RULE.search(re.sub(r"\([^)]*\)", "", c)) and not ILLUSTRATES.match(c):  # asides aside
                rules.append((heading, cut(c, 2 * MAX_RULE_CHARS if at in whole else MAX_RULE_CHARS)))
    return rules


LEANS_BACK = re.compile(
    r"^(once (this|that|these|those)( step)?( is| are| has been| have been)? (complete|completed|done|finished)|"
    r"at this (point|stage)|after (this|that)|with (this|that) (done|in place)|now that|in (these|those|such) cases|"
    r"that said|"
    # kcp's "Beside that, what governs the project …", spiceai's "Its manifests should allow …", sanity's "Then make
    # sure you have Node.js 18": the thing or step they lean on is in the sentence before
    r"then|beside(s)? (that|this)|apart from (that|this)|other than that|on top of that|its|their|they)\b|"
    r"^(please )?((make|be) sure to )?(follow|read|use|see|check) (it|them)\.?$",
    re.IGNORECASE,
)
"""A guide's sentence that opens by pointing back at the step before it: out of its sequence it says nothing."""
NUMBERED_STEP = re.compile(r"\b(steps?|stage) \d+\b", re.IGNORECASE)
"""A sentence that sends the reader to a numbered step (zustand's "Follow step 4 and onwards"): the rules are kept
without their numbers, so it would point at nothing."""


PROSE_PARAGRAPHS = 8
"""An agent file written as paragraphs, not bullets: its opening ones (cargo-mutants' AGENTS.md: build, test,
naming), as many as a list's rules fill the budget with."""


NEGATES = re.compile(r"\b(avoid|never|do not|don't|must not|mustn't|forbidden|not allowed|prohibited)\b", re.I)
"""Words that turn the items under them into what not to do."""


def _negated(blocks: list[Block], at: int) -> str:
    """The lead that turns a list into what not to do (openstack's AGENTS.md: "In practice, avoid:" over "union
    types", "attributes"), for each of its items: without it they read as what to use."""
    start = at
    while start > 0 and blocks[start - 1][2] >= 0 and blocks[start - 1][0] == blocks[at][0]:
        start -= 1
    lead = blocks[start - 1] if start > 0 else None
    if lead and lead[2] == -1 and lead[0] == blocks[at][0] and lead[1].endswith(":"):
        last = sentences(lead[1])[-1]
        if len(last) <= 100 and NEGATES.search(last):
            return last.rstrip(":")
    return ""


def distil(text: str, guide: bool = False, markdown: bool = False, asciidoc: bool = False) -> list[tuple[str, str]]:
    """(section heading, rule) for each rule a file states; for an agent file every bullet is a rule."""
    text = asciidoc_as_markdown(text) if asciidoc else text
    text = fence_indented_code(unquote(text)) if markdown or asciidoc else text
    text = _LINK_DEFINITION.sub("", text)  # knip's `[1]: ../AGENTS.md` under its pointer: a link's target, no rule
    blocks = _blocks(_COMMENT.sub("\n", text))  # steps inside an HTML comment are hidden, not rules
    if guide:
        pairs = _guide_rules(blocks)
    else:
        pairs = [(_negated(blocks, i) or h.rsplit(" > ", 1)[-1], plain(guide_text.with_code(t, blocks[i + 1 :])))
                 for i, (h, t, indent) in enumerate(blocks) if indent >= 0 and len(t) > 3
                 and not _leads_into_nothing(blocks, i)]  # fmt: skip
        if not pairs:  # prose: keep the first paragraphs, each lead-in with the command its code block gives
            prose = [
                (h, guide_text.with_code(t, blocks[i + 1 :]))
                for i, (h, t, kind) in enumerate(blocks)
                if kind != CODE and not t.startswith(("<", "[!", "!["))
            ]
            # cargo-mutants' "Build the project with:" over a block with no plain command says nothing alone
            prose = [(h, t) for h, t in prose if not t.rstrip(" *").endswith(":")][:PROSE_PARAGRAPHS]
            pairs = [(h.rsplit(" > ", 1)[-1], plain(t)) for h, t in prose]
    out: list[tuple[str, str]] = []
    for heading, rule in pairs:
        if POINTS_TO_GUIDE.match(rule) or POINTS_TO_LINKED_GUIDE.match(rule) or LICENCE_TEXT.search(rule):
            continue  # "Please follow the Contribution guide."; gammapy's copy of the DCO's own licence line
        if guide and (LEANS_BACK.match(rule) or re.match(r"(TBD|TODO)\b", rule) or NUMBERED_STEP.search(rule)):
            continue  # haml's "Once this is complete, …" follows a command block, not kept; miette's "TBD - …"
        # BentoBox's "Binary-incompatible changes (avoid without a semver-major release)": its items are what not
        # to do, and only the long heading says so
        shown = heading if len(heading) < 60 or NEGATES.search(heading) else ""
        said = (cut(shown, 100), rule if guide else cut(rule))  # a guide's rules are cut
        if said[1] not in {r for _, r in out}:  # the same line under two sections is said once
            out.append(said)
    return _at_most(out)


def _leads_into_nothing(blocks: list[tuple[str, str, int]], i: int) -> bool:
    """A bullet that ends in a colon with no code and no deeper bullets after it: what it leads into is a table or
    an image this reading leaves out (active_storage_validations' "Prefer these names (…):" over a table)."""
    text, indent = blocks[i][1], blocks[i][2]
    if not text.rstrip(" *").endswith(":"):
        return False
    after = blocks[i + 1] if i + 1 < len(blocks) else None
    return after is None or (after[2] != CODE and after[2] <= indent) or after[0] != blocks[i][0]


def render(kind: str, rel: str, rules: list[tuple[str, str]]) -> str:
    """The rules under their section headings, each heading once; cut at a whole rule to fit the budget."""
    lines = [f"{kind} {rel}:"]
    shown = ""
    for heading, rule in rules:
        if heading != shown:
            lines.append(f"{heading.rstrip(':')}:" if heading else "(no section):")
            shown = heading
        lines.append(f"- {rule}")
    body = "\n".join(lines)
    if len(body) > MAX_BODY_CHARS:
        tail = f"\n- … (more in {rel})"
        body = body[: MAX_BODY_CHARS - len(tail) + 1].rsplit("\n- ", 1)[0] + tail
    return body


def _record(tree: Tree, rel: str, kind: str, guide: bool) -> Finding | None:
    text = tree.read(rel)
    if not text or not text.strip():
        return None
    lower = rel.lower()
    rules = distil(
        text, guide, markdown=lower.endswith((".md", ".markdown")), asciidoc=lower.endswith((".adoc", ".asciidoc"))
    )
    rules = [(h, r) for h, r in rules if not outdated(tree, r)]
    if not rules:
        return None
    body = render(kind, rel, rules)
    return Finding(f"rules/{rel}", MemoryClass.REPO_RULE, f"Rules from {rel}", body, (rel,), tags=("rules",))


POINTER = re.compile(
    r"^\W*(go |please |always )?(read|see|follow|refer to|check|look at)\b[^.]{0,60}?`?([\w./-]+\.(md|mdc|rst|txt))`?"
    r"[^.]{0,80}\.?$|"
    r"^[^.]{0,60}\b(lives?|is|are) (kept |found )?in `?([\w./-]+\.(md|mdc|rst|txt))`?\.?$|^@([\w./-]+\.(md|mdc))$",
    re.IGNORECASE,
)
"""A line that only sends the reader to another file (redb's CLAUDE.md: "Read `AGENTS.md` for repository-specific
agent instructions."; rest-assured's "Project guidance for Claude Code lives in AGENTS.md." and Claude's `@AGENTS.md`
import)."""


def _points_elsewhere(tree: Tree, rule: str) -> bool:
    found = POINTER.match(rule.strip())
    return bool(found and tree.has(found.group(3) or found.group(7) or found.group(9)))


def _agent_files(tree: Tree) -> list[Finding]:
    """One record per agent file; files holding the same rules (CLAUDE.md and AGENTS.md copies) are written
    once, under the first, citing the others."""
    cursor = sorted(f for f in tree.under(".cursor/rules") if f.endswith((".mdc", ".md")))
    kept: list[tuple[Finding, list[tuple[str, str]], list[str]]] = []
    files = [*agent_files(tree), *cursor]
    stale = left_behind(tree, files)
    for rel in (f for f in files if f not in stale):
        rules = distil(tree.read(rel) or "") if tree.has(rel) else []
        if not rules or all(_points_elsewhere(tree, rule) for _, rule in rules):
            continue  # good_job's AGENTS.md: "Go read the technical notes in CONTRIBUTING.md", which is read
        same = next((entry for entry in kept if entry[1] == rules), None)
        if same:
            same[2].append(rel)
        elif found := _record(tree, rel, "Agent instructions in", guide=False):
            kept.append((found, rules, []))
    out = []
    for found, _, copies in kept:
        if copies:
            head, rest = found.body.split("\n", 1)
            body = f"{head[:-1]} (the same in {', '.join(copies)}):\n{rest}"
            found = replace(found, body=body, sources=(*found.sources, *copies))
        out.append(found)
    return out


NOT_ACCEPTING = re.compile(
    r"[^.!\n>]*\bnot (currently |presently |actively )?(accepting|taking) (any )?(pull requests|PRs|contributions)"
    r"[^.!\n]*[.!]",
    re.IGNORECASE,
)
"""A note that the project takes no pull requests now ("`just` is not currently accepting pull requests.")."""
_README_SECTION = re.compile(r"^(#{1,3})\s*(development|developing|hacking|contributing|contribute)\b.*$", re.I | re.M)


def _readme_section(tree: Tree, has_guide: bool) -> Finding | None:
    """The rules of a README's "Development" and "Contributing" sections, every one of them: system-rules' says how
    to reach the maintainer under "Contributing" and what a change needs under "Development Guide". A section that
    only sends the reader to the contributor guide says nothing the guide's own record does not."""
    rel = tree.first("README.md", "Readme.md", "readme.md")
    text = tree.read(rel) if rel else None
    if not rel or not text:
        return None
    # just's "Contributing" is underlined (setext): read as the `##` heading it is
    text = re.sub(r"^(\w[^\n]*)\n(=+|-+)[ \t]*$", lambda m: ("# " if m.group(2)[0] == "=" else "## ") + m.group(1),
                  text, flags=re.MULTILINE)  # fmt: skip
    rules: list[tuple[str, str]] = []
    names: list[str] = []
    for found in _README_SECTION.finditer(text):
        level = len(found.group(1))
        end = re.search(rf"^#{{1,{level}}}\s", text[found.end() :], re.M)
        section = text[found.start() : found.end() + (end.start() if end else len(text))]
        kept = [
            (h, said)
            for h, r in distil(section, guide=True)
            if not (has_guide and re.search(r"contributing", r, re.I)) and (said := php.with_config_note(tree, r))
        ]
        closed = NOT_ACCEPTING.search(re.sub(r"\s*\n>?\s*|\[!\w+\]", " ", section.partition("\n")[2]))
        if closed:  # just's note above its guide: the steps below it no longer lead to a merged change
            kept.insert(0, (found.group(2).strip(), closed.group(0).replace("`", "").strip()))
        if kept:
            rules += kept
            names.append(found.group(2).strip())
    if not rules:
        return None
    named = " and ".join(dict.fromkeys(names))
    body = render("Contributor notes in", f"{rel} ({named} section{'s' if len(names) > 1 else ''})", rules)
    return Finding(f"rules/{rel}", MemoryClass.REPO_RULE, f"Rules from {rel}", body, (rel,), tags=("rules",))


def investigate(tree: Tree) -> Knowledge:
    k = Knowledge()
    kept: list[set[str]] = []
    guides = [f for f in tree.files if GUIDE.match(f) or (in_guide_folder(f) and f.endswith((".md", ".rst")))]
    styles = [f for f in tree.files if f not in guides and _style_guide(tree, f)]
    # gotenberg's CLAUDE.md, AGENTS.md and GEMINI.md are byte-for-byte its CONTRIBUTING.md: the guide says it once
    texts = {tree.read(g) for g in guides}
    k.findings += [f for f in _agent_files(tree) if not (f.sources and tree.read(f.sources[0]) in texts)]
    for rel in [*sorted(guides, key=_guide_order), *sorted(styles, key=_guide_order)]:
        name = rel.rsplit("/", 1)[-1].lower()
        kind = (
            "Style guide"
            if rel in styles
            else "Maintainer guide"
            if "maintain" in name
            else "Contributor guide"
            if "contribut" in name
            else "Developer guide"
        )
        found = _record(tree, rel, kind, guide=True)
        words = set(re.findall(r"\w+", found.body.split("\n", 1)[-1].lower())) if found else set()
        if found and not any(len(words & other) >= 0.8 * len(words) for other in kept):  # a copy of a kept guide
            kept.append(words)
            k.findings.append(found)
    found = _readme_section(tree, bool(kept))
    words = set(re.findall(r"\w+", found.body.split("\n", 1)[-1].lower())) if found else set()
    if found and not any(len(words & other) >= 0.8 * len(words) for other in kept):
        k.findings.append(found)
    templates: list[set[str]] = []
    for rel in sorted(f for f in tree.files if PR_TEMPLATE.match(f))[:3]:
        found = _template(tree, rel)
        words = set(re.findall(r"\w+", found.body.split("\n", 1)[-1].lower())) if found else set()
        # raft-rs' bug_fix.md and feature.md templates ask for the same checklist: one memory says it
        if found and not any(len(words & other) >= 0.8 * len(words) for other in templates):
            templates.append(words)
            k.findings.append(found)
    if found := config_rules(tree):
        k.findings.append(found)
    if found := changelog.finding(tree):
        k.findings.append(found)
    if found := _generated_readme(tree):
        k.findings.append(found)
    return k


README_TEMPLATES = (
    (".verb.md", "verb", "verb"),
    ("README.Rmd", "R Markdown", "Rscript -e 'rmarkdown::render(\"README.Rmd\")'"),
)
"""Templates a README is generated from: (template, tool, the command that writes README.md)."""


def _generated_readme(tree: Tree) -> Finding | None:
    """gray-matter's README.md is written by verb from .verb.md: a change to the README goes into the template."""
    readme = tree.first("README.md", "readme.md", "Readme.md")
    for template, tool, command in README_TEMPLATES:
        if readme and tree.has(template):
            body = (f"{readme} is generated by {tool} from {template}: edit {template}, not {readme}, then regenerate "
                    f"it with `{command}`.")  # fmt: skip
            return Finding("rules/readme", MemoryClass.REPO_RULE, f"{readme} is generated", body, (template, readme),
                           tags=("rules",))  # fmt: skip
    return None


def template_rules(text: str) -> list[tuple[str, str]]:
    """(heading, rule) from a pull-request template, in the template's order: its checklist items that say what a
    change comes with ("I've added a test", "Add an entry in CHANGES.rst") and the instructions in its prose. Its
    HTML comments are left out: they speak to the submitter, often in fragments cut from the sentence around them.
    Options to tick ("Bug fix", "New feature") and blanks to fill in are not rules."""
    text = re.sub(r"<!--.*?(-->|\Z)", "\n", text, flags=re.DOTALL)
    blocks = _blocks(text)
    boxes = [b for b in blocks if b[2] >= 0 and _CHECKBOX.match(b[1])]
    # oneTBB's "Tests": `[ ] added`, `[ ] not needed`; gradio's `[ ] I used AI to…`, `[ ] I did not use AI`: one
    # box of the group is ticked, so none of them is a rule
    # ddnet's eight-box checklist ending "I didn't use generative AI …" is a list to tick, no question
    sizes = Counter(b[0] for b in boxes)
    choices = {b[0] for b in boxes if CHOICE.match(plain(_CHECKBOX.sub("", b[1]))) and sizes[b[0]] <= MAX_CHOICES}
    boxes = [b for b in boxes if b[0] not in choices]
    options = _nested_options(boxes)
    nested_boxes = {b for kept in options.values() for b in kept}
    boxes = [b for b in boxes if b not in nested_boxes and len(_CHECKBOX.sub("", b[1]).split()) >= 3]
    if any(re.search(r"check ?list", b[0], re.IGNORECASE) for b in boxes):  # the options to tick stay out
        boxes = [b for b in boxes if re.search(r"check ?list", b[0], re.IGNORECASE)]
    # a checklist read whole: one item picked from twenty, alone, misstates what the template asks
    checklist = len(boxes) >= 3 and re.search(r"\bcheck ?list\b", text, re.IGNORECASE)
    whole = boxes if checklist else _checklists(boxes)
    out: list[tuple[int, str, str]] = []  # (block index, heading, rule): said in the template's order
    for at, (path, item, indent) in enumerate(blocks):
        heading = path.rsplit(" > ", 1)[-1]
        rule = plain(_CHECKBOX.sub("", item))
        if indent == -1:
            out += [(at, h if len(h) < 60 else "", cut(r)) for h, r in _guide_rules([blocks[at]])]
            continue
        if _CONTINUATION.match(rule) or (path in choices and _CHECKBOX.match(item)):
            continue  # a wrapped line of the item before, alone a fragment; or one of a choice's boxes
        if whole and _CHECKBOX.match(item):
            if (path, item, indent) in whole and "?" not in rule:
                nested = options.get((path, item, indent), [])
                rule = f"{rule} {'; '.join(plain(_CHECKBOX.sub('', o[1])) for o in nested)}" if nested else rule
                fallback = "Checklist" if checklist else ""
                out.append((at, heading if heading and len(heading) < 60 else fallback, cut(rule)))
            continue
        says = _CHECK_ITEM.match(rule) or IMPERATIVE.match(rule) or NORMATIVE.search(rule) or TEST_RULE.search(rule)
        if DANGLING.search(rule):
            continue  # cut mid-sentence
        if indent >= 0 and len(rule.split()) >= 3 and says and "?" not in rule and not NOT_A_CODE_RULE.search(rule):
            out.append((at, heading if len(heading) < 60 else "", cut(rule)))
    seen: set[str] = set()
    ordered = [
        (h, r) for _, h, r in sorted(out, key=lambda x: x[0]) if not TEMPLATE_BLANK.search(r)
        and not STOCK_TEMPLATE.search(r)
    ]  # fmt: skip
    return _at_most([(h, r) for h, r in ordered if "?" not in r and not (r in seen or seen.add(r))])


CHOICE = re.compile(
    r"^((not (needed|required|applicable|necessary)|n/?a|no|yes|unknown|none|does not apply|not yet)\W*|"
    r"(i did not|i didn't|i have not|i haven't)\b.*)$",
    re.IGNORECASE,
)
"""A box that answers "no" (`not needed`, `I did not use AI`): its group is a question with one box to tick."""
MAX_CHOICES = 4
"""The boxes of a question's answers at most (oneTBB's docs: updated, needs to be updated, not needed)."""
TEMPLATE_BLANK = re.compile(
    r"^\W*\{[^{}]+\}\W*$|\b(write|describe|explain|fill) (it |this |something )?(in )?here\b|"
    r"\b(check|tick|mark) (the|each|this|these) box(es)?\b|\b(use|using) (github )?check ?lists\b",
    re.IGNORECASE,
)
"""A template's blank to fill in (textpattern's "{Please write here}") or how to use the template itself
(pyscaffold's "Use github checklists. When solved, check the box and explain the answer."): no rule for a change."""


STOCK_TEMPLATE = re.compile(
    r"^(my code follows the (code )?style( guidelines)? of this project|"
    r"i have (performed|done) a self-review of my( own)? code|i have commented my code\b|"
    r"i have made corresponding changes to the documentation|my changes generate no new warnings|"
    r"i have added tests that prove my fix is effective|new and existing unit tests pass locally with my changes|"
    r"any dependent changes have been merged and published|list any dependencies that are required for this change)|"
    r"^please (describe|explain) (the|your|what)\b",
    re.IGNORECASE,
)
"""The lines of GitHub's much-copied pull-request template and its blanks to fill in (rig's, rallly's): every
project's, so they tell an agent nothing of this one."""
LICENCE_TEXT = re.compile(r"\beveryone is permitted to copy and distribute verbatim copies\b", re.IGNORECASE)
"""The Developer Certificate of Origin's own licence line, pasted into a guide with the certificate."""


def _says(item: str) -> bool:
    """A checkbox item that states what the change comes with or must do, not an option to tick."""
    rule = plain(_CHECKBOX.sub("", item))
    return bool(_CHECK_ITEM.match(rule) or IMPERATIVE.match(rule) or NORMATIVE.search(rule) or TEST_RULE.search(rule))


def _checklists(boxes: list[Block]) -> list[Block]:
    """The boxes of each heading's checklist that mostly says what a change comes with, every one of them: "CI is
    green" beside "Squash and merge …" is part of what the reviewer ticks; a list of options to tick stays out."""
    whole: list[Block] = []
    for heading in dict.fromkeys(b[0] for b in boxes):
        # a blank to fill in (libexpat's "fixes #ISSUE_NUMBER") is no item to state
        group = [b for b in boxes if b[0] == heading and not re.search(r"\b[A-Z]+_[A-Z_]+\b", b[1])]
        if 2 * sum(_says(b[1]) for b in group) >= len(group):
            whole += group
    return whole


def _nested_options(boxes: list[Block]) -> dict[Block, list[Block]]:
    """The boxes nested under a box that ends in ":" (tomlplusplus' "tested with at least one of:", then "Clang 8
    or higher", "GCC 8 or higher"), by the box they finish."""
    found: dict[Block, list[Block]] = {}
    for n, box in enumerate(boxes):
        if not box[1].rstrip().endswith(":"):
            continue
        for nested in boxes[n + 1 :]:
            if nested[2] <= box[2] or nested[0] != box[0]:
                break
            found.setdefault(box, []).append(nested)
    return found


def _at_most(rules: list[tuple[str, str]]) -> list[tuple[str, str]]:
    """The first MAX_RULE_LINES rules, and a last line that says how many more there are: a list shortened without
    a word reads as complete."""
    if len(rules) <= MAX_RULE_LINES:
        return rules
    left = len(rules) - MAX_RULE_LINES + 1
    return [*rules[: MAX_RULE_LINES - 1], (rules[MAX_RULE_LINES - 2][0], f"… and {left} more")]


_ABOUT_A_CHANGE = re.compile(
    r"\b(tests?|tested|testing|code|build|lint\w*|changelog|docs|documentation|documented|CI|commits?|"
    r"bugs?|fix(es)?|features?|breaking|refactor\w*|coverage|API|compil\w+|style|format\w*)\b",
    re.IGNORECASE,
)
"""What a template for a change to the code speaks of; one under .github/PULL_REQUEST_TEMPLATE/ that speaks of
none of it (marked's badges.md: recommending a community member for a badge) asks nothing of a code change."""


def _for_code_changes(rel: str, text: str) -> bool:
    """The template goes with a change to the code: the default one, or a named one whose words (comments left out)
    speak of code, tests, docs or the changelog and whose name is not a release's (a release checklist is the
    maintainers')."""
    if "/pull_request_template/" not in rel.lower():
        return True
    name = rel.rsplit("/", 1)[-1].lower()
    said = re.sub(r"<!--.*?(-->|\Z)", " ", text, flags=re.DOTALL)
    return not name.startswith("release") and bool(_ABOUT_A_CHANGE.search(said))


def _template(tree: Tree, rel: str) -> Finding | None:
    text = tree.read(rel) or ""
    if not _for_code_changes(rel, text):
        return None
    rules = template_rules(text)
    if not rules:
        return None
    body = render("Pull request template", rel, rules)
    return Finding(f"rules/{rel}", MemoryClass.REPO_RULE, f"Rules from {rel}", body, (rel,), tags=("rules",))


def _style_guide(tree: Tree, rel: str) -> bool:
    """A file named as a coding-style guide, or a root Markdown page titled for the code's style."""
    if STYLE_GUIDE.match(rel):
        return True
    return "/" not in rel and rel.lower().endswith(".md") and bool(_STYLE_TITLE.match(tree.read(rel) or ""))


def _guide_order(rel: str) -> tuple[int, str]:
    """The root's guide first, then the published docs/ copy, then .github/'s."""
    return (0 if "/" not in rel else 1 if rel.lower().startswith("doc") else 2, rel)
