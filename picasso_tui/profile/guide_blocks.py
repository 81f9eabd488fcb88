"""The shell lines of a guide's code blocks and inline spans, placed where the guide runs them.

A `cd` holds into the next blocks, as in the reader's shell; a build folder the guide creates keeps its `mkdir`
with the commands run in it, and the configure and build steps its later commands need (json-c's `make test` runs
only after `cmake ../json-c && make` in ../json-c-build).
"""

from __future__ import annotations

import posixpath
import re
from collections.abc import Callable

from picasso_tui.profile.guide_text import FENCE, SENTENCE_END

SHELL_FENCES = ("", "sh", "bash", "shell", "console", "zsh", "shell-session", "powershell", "text", "cmd")
RST_DIRECTIVE = re.compile(r"\.\.\s+([\w-]+)::\s*(\S*)")
"""A reStructuredText directive: a code block (`.. code-block:: bash`) or prose in a box (`.. note::`), whose
indented lines are read as the text they are."""
RST_CODE = ("code-block", "code", "sourcecode", "prompt")
RST_OPTION = re.compile(r"^:[\w-]+:")
CONFIGURE = re.compile(
    r"^(?:[A-Z_]+=\S* )*(cmake\b(?!.*(--(build|workflow|install|version)|\s-[EP]\s))|\./configure|sh autogen\.sh|"
    r"\./autogen\.sh|meson setup)"
)  # `VALGRIND=1 cmake ..` configures too; `cmake --install .` installs what a build made, it builds nothing
CLEAN = re.compile(r"^(make|ninja|just|task) (clean|distclean|maintainer-clean)\b")
BUILD_STEP = re.compile(r"^(make|ninja|cmake --build|meson compile)\b(?!.*\b(check|test|install)\b)")
IN_FOLDER = re.compile(r"^#*\s*(?:run\s+)?in the \[?`{1,2}([\w./-]+)`{1,2}\]? (?:directory|folder)\b", re.IGNORECASE)
"""A heading or line that says where the next block runs ("In the `test_suite` directory")."""
SHELL_IN = re.compile(r"\b(?:open|start) a (?:shell|terminal) in (?:the )?`([\w./-]+)`", re.IGNORECASE)
"""A sentence that sends the reader into a folder first: chroma's "open a shell in `cmd/chromad` and run:"."""
CLONE = re.compile(r"git clone (?:\S+ )*?\S*?([\w.-]+?)(?:\.git)?/?(?: ([\w.-]+))?$")
MOVES = re.compile(r"(cd|mkdir(?: -p)?) [\w./-]+")
PLACE = re.compile(r"^((?:mkdir -p [\w./-]+ && )?cd [\w./-]+ && )(.+)$")
"""Where a guide's step runs (`mkdir -p build && cd build && `) and the step."""


def configured_folder(command: str, here: str) -> str | None:
    """The build folder a configure line sets up, from the checkout (`cd cmake_unofficial && cmake -Bbuild`:
    cmake_unofficial/build); None for any other line or one whose folder is not named."""
    step = re.sub(r"^cd \S+ && ", "", command)
    if not CONFIGURE.match(step):
        return None
    named = re.search(r"\s-B ?([\w./-]+)", step) or re.match(r"meson setup (?:-\S+ )*([\w./-]+)", step)
    return posixpath.normpath(posixpath.join(here or ".", named.group(1))) if named else None


def clean(line: str) -> str:
    line = re.sub(r"^(\$>?|>) |^\$>(?=[\w.])", "", line.strip()).strip()  # prophecy's `$> `, spring-shell's `$>./mvnw`
    line = re.sub(r"^\([\w.-]+\) [$%] ", "", line)  # gevent's `(gevent-env) $ pip install …`: a virtualenv's prompt
    line = re.sub(r"^(python3?) -m(?=[a-z])", r"\1 -m ", line)  # gevent's `python -mgevent.tests`: the same run
    # Chart.js' guide annotates `pnpm run build             // build dist files in ./dist`
    line = _without_comment(re.sub(r"\s+//\s.*$", "", line)).strip()
    # a subshell keeps its `cd` to itself: RediSearch's `(cd src/redisearch_rs && cargo license-fix) # …`
    return line[1:-1].strip() if line.startswith("(") and line.endswith(")") else line


def _without_comment(line: str) -> str:
    """The line up to its shell comment: a `#` after a space, outside quotes (gradle-profiler's test name
    `'… can show version with #option'` is part of the argument)."""
    quote = ""
    for i, char in enumerate(line):
        if quote:
            quote = "" if char == quote else quote
        elif char in "'\"":
            quote = char
        elif char == "#" and i and line[i - 1].isspace():
            return line[:i]
    return line


STEP_HEADING = re.compile(r"(\d+[.):]|step \d+\b)", re.IGNORECASE)
"""A heading that numbers a step: the steps run one after the other, in the folder the last one entered."""
AT_THE_ROOT = re.compile(
    r"\b(from|in|at|back (in|to)) the (root|top)( (directory|folder|of the (repository|repo|project|checkout)))?\b|"
    r"\bfrom the (repository|project)('s)? root\b",
    re.IGNORECASE,
)
"""Prose that puts the reader back at the checkout's root, whatever an earlier block's `cd` did."""


class _Shell:
    """Where the reader's shell is, relative to the checkout, as the guide's lines move it."""

    def __init__(self) -> None:
        self.cwd = ""
        self.created: set[str] = set()
        self.clone_dir = ""  # cloned and not yet entered
        self.checkout = ""  # the name the guide clones into

    def follow(self, line: str) -> bool:
        """True when the line only moves the shell (clone, cd, mkdir), which this records."""
        cloned = CLONE.match(line)
        if cloned:  # the `cd <name>` after it enters the checkout, even where a folder has that name
            self.clone_dir = cloned.group(2) or cloned.group(1)
            return True
        parts = re.split(r"\s*(?:&&|;)\s*", line.strip().rstrip(";"))  # libyang's `mkdir build; cd build`
        if not all(MOVES.fullmatch(p) for p in parts):
            return False
        for part in parts:  # `cd spdlog && mkdir build && cd build`: where the next commands run
            self._move(part.startswith("mkdir"), part.rsplit(" ", 1)[1].rstrip("/"))
        return True

    def _move(self, make: bool, target: str) -> None:
        if not make and self.clone_dir and target == self.clone_dir:
            self.cwd, self.clone_dir = "", ""  # the checkout
            return
        if not make and re.match(r"/?(path/to|your/path|<)", target):
            self.cwd = ""  # nanodbc's README: `cd path/to/nanodbc/repository`, a stand-in for the checkout
            return
        if make and self.cwd in self.created:
            self.cwd, self.clone_dir = "", ""  # a guide's next build folder is made from the checkout again
        # cloned, not entered: json-c makes its build folder beside the checkout
        beside = "../" if self.clone_dir and (make or f"../{target}" in self.created) else ""
        self.checkout = self.clone_dir or self.checkout
        path = "" if target in ("..", ".", "-", "") else f"{self.cwd}/{target}" if self.cwd else beside + target
        if make:
            self.created.add(path)  # a build folder the guide creates: its mkdir stays with the commands
        else:
            self.cwd = path

    def placed(self, line: str, section: str) -> str:
        where = section or self.cwd
        if not where:
            return line
        if where in self.created and re.match(r"cd (?!\.)[\w-]+/[\w./-]+ && ", line):
            return line  # tinyusb's `cd test/unit-test && ceedling …` after a build: a made folder holds no sources
        if where.startswith("../") and CONFIGURE.match(line) and self.checkout:
            line = re.sub(r" \.\.$", f" ../{self.checkout}", line)  # the source folder is the checkout beside
        return f"mkdir -p {where} && cd {where} && {line}" if where in self.created else f"cd {where} && {line}"


LIST_ITEM = re.compile(r"^([-*+]|\d+[.)])\s")
"""A list item's line: four spaces after it continue the item, they open no code block."""


def block_commands(text: str, rst: bool) -> list[tuple[str, str]]:
    """(command, context) for each line of the shell code blocks; context is the nearest comment or prose line."""
    out: list[tuple[str, str]] = []
    in_block, shell, context, indent_block, section = False, False, "", -1, ""
    where = _Shell()
    indented, blank = False, True  # Markdown's indented code block: four spaces after a blank line, not in a list
    heading = 0  # the level of the heading the last lines came under
    # a continued shell line is one command; Markdown's hard break before a fence (cloud-hypervisor's "Follow the
    # pattern: \" over an indented block) leaves the fence on its own line
    lines = re.sub(r"\\\n(?!\s*(```|~~~))\s*", " ", text).splitlines()
    prompted = False  # a block whose commands carry a `$ ` prompt: its other lines are what they print
    for at, raw in enumerate(lines):
        stripped = raw.strip()
        fence = FENCE.match(stripped)
        if fence and not rst:
            in_block, shell = not in_block, fence.group(2).lower() in SHELL_FENCES
            prompted = in_block and _prompted(lines[at + 1 :])
            continue
        opens = blank and not LIST_ITEM.match(context) and re.match(r"( {4}|\t)\S", raw)
        indented = not rst and not in_block and bool(stripped) and (indented or bool(opens)) and raw[:1] in " \t"
        blank = not stripped
        if indented and stripped.startswith("#"):
            context = stripped
            continue
        if indented:  # pgjdbc's `    ./gradlew styleCheck # report code style violations`: its comment says the role
            said = re.search(r"\s#\s*(.+)$", stripped)
            if (line := clean(stripped)) and not where.follow(line):
                out.append((where.placed(line, section), said.group(1) if said else context))
            continue
        if rst:
            if indent_block >= 0 and stripped and len(raw) - len(raw.lstrip()) <= indent_block:
                indent_block = -1
            if indent_block >= 0:
                if stripped.startswith("#"):
                    context = stripped
                elif stripped and not RST_OPTION.match(stripped):  # a directive's `:caption:` line
                    out.append((clean(stripped), context))
                continue
            directive = RST_DIRECTIVE.match(stripped)
            if directive and directive.group(1) in RST_CODE and directive.group(2).lower() in SHELL_FENCES:
                indent_block = len(raw) - len(raw.lstrip())  # bpython's `.. code-block:: bash` of `$ pip install -e .`
                continue
            if stripped.endswith("::") and not directive:  # "Run the tests::", then the literal block
                indent_block = len(raw) - len(raw.lstrip())
                continue
        if in_block:
            if shell and stripped.startswith("#"):
                context = stripped
            elif shell and AVOIDED.search(stripped):
                continue  # atproto's `pnpm run style:fix # Avoid, prefer per-file formatting & linting`
            elif prompted and not PROMPT.match(stripped):
                continue  # kube-burner's `$ make lint` block goes on with its output: "pre-commit executed."
            elif shell and stripped and not where.follow(line := clean(stripped)):
                out.append((where.placed(line, section), context))
            continue
        if stripped and not stripped.startswith(("|", "<", "[!")):
            context = stripped
            if AT_THE_ROOT.search(stripped):  # handlebars' "From the root directory, run the tests." after `cd spec`
                where.cwd, section = "", ""
            there = IN_FOLDER.search(stripped) or SHELL_IN.search(stripped)
            if there or stripped.startswith("#"):  # a section's folder holds until the next heading
                section = there.group(1).strip("./") if there else ""
            level = len(stripped) - len(stripped.lstrip("#")) if stripped.startswith("#") and not rst else 0
            # pgjdbc's `### Testing` enters docker/postgres-server; its `## Coding Guidelines` run from the root. A
            # sibling section starts from the root too (expressive-code's `## Changesets` after its `## Testing` block
            # entered a package), but for numbered steps (sidekiq's `#### 7. Navigate to myapp`, `#### 9. Run …`)
            step = level == heading and STEP_HEADING.match(stripped.lstrip("#").strip())
            if level and where.cwd and where.cwd not in where.created and level <= heading and not step:
                where.cwd = ""
            heading = level or heading
    return out


PROMPT = re.compile(r"(\([\w.-]+\) )?(\$>?|%) ")
"""A shell prompt before a command: `$ make lint`, a virtualenv's `(venv) $ pytest`."""


def _prompted(block: list[str]) -> bool:
    """True when a code block's commands carry a prompt: the lines up to its closing fence, read to the first
    command-like one."""
    for line in block:
        stripped = line.strip()
        if FENCE.match(stripped):
            return False
        if stripped and not stripped.startswith("#"):
            return bool(PROMPT.match(stripped))
    return False


AVOIDED = re.compile(r"\s#\s*(avoid|don't use|do not use|deprecated|not recommended)\b", re.I)
"""A block's line whose own comment tells the reader not to run it."""


def chain_configure(pairs: list[tuple[str, str]]) -> list[tuple[str, str]]:
    """A configure line and the build line after it are one step (`./configure && make`), as a maintainer says it;
    a later step in the build folder they set up (`make test` there) needs them first, so it carries them."""
    out: list[tuple[str, str]] = []
    set_up: dict[str, str] = {}  # build folder -> the steps that configure and build it
    for command, context in pairs:
        placed = PLACE.match(command)
        place, step = placed.groups() if placed else ("", command)
        if CLEAN.match(step):
            continue  # "make clean  # if upgrading": optional, and no step of its own
        previous = out[-1][0] if out else ""
        before = PLACE.match(previous)
        if (
            out
            and (before.group(1) if before else "") == place
            and CONFIGURE.match(previous.rsplit(" && ", 1)[-1])
            and (CONFIGURE.match(step) or BUILD_STEP.match(step))
        ):
            out[-1] = (f"{previous} && {step}", out[-1][1])
            if place:
                set_up[place] = out[-1][0].removeprefix(place)
        elif place in set_up and not CONFIGURE.match(step):
            out.append((f"{place}{set_up[place]} && {step}", context))
        else:
            out.append((command, context))
            if place and CONFIGURE.match(step):
                set_up[place] = step
    return out


def completed_build(command: str) -> str:
    """A lone configure step given as the build, with the build step after it: rauc's guide builds with
    `meson setup -Dtests=true build`, which configures build/ and compiles nothing; `meson compile -C build`
    does. A chain, or a configure line whose build folder is not named, is left as it is."""
    if " && " in command or ";" in command:
        return command
    meson = re.fullmatch(r"meson setup(?: (?:-\S+|--\S+ \S+))*? ([\w./-]+)(?: -\S+)*", command)
    if meson:
        return f"{command} && meson compile -C {meson.group(1)}"
    cmake = re.fullmatch(r"cmake\b.*?\s-B ?([\w./-]+)(?:\s.*)?", command)
    if cmake and not re.search(r"\s--(build|install)\b", command):
        return f"{command} && cmake --build {cmake.group(1)}"
    return command


def inline_commands(text: str, is_folder: Callable[[str], bool] | None = None) -> list[tuple[str, str]]:
    """(command, sentence) for each backtick span in prose that reads as a command. A step that moves into a
    tracked folder (baml's "Navigate to the Python integration tests: `cd integ-tests/python/`") puts the commands
    after it in its section there."""
    out = []
    fenced = False
    here = ""  # the folder an earlier `cd` of the section entered
    for line in text.splitlines():
        if line.lstrip().startswith("```"):
            fenced = not fenced
            continue
        if not fenced and re.match(r"\s{0,3}#", line):
            here = ""  # a new section starts back at the root
        if fenced or line.lstrip().startswith(("#", "$")):
            continue  # jj's ```json block: its comment "don't need `cargo check`" is the editor's setting, no prose
        if line.lstrip().startswith((".. _", ".. |")):
            continue  # python-telegram-bot's ".. _`pre-commit config file`: https://…": an rst link's target, no prose
        # `pip install`ing is prose; reST's `pytest test selectors`_ is a link's text (coveragepy's guide), where
        # its `tox`_ names the tool the guide runs
        spans = list(re.finditer(r"(``?)([^`\n]+)\1(?![`A-Za-z])(_?)", line))
        for at, found in enumerate(spans):
            span, link = found.group(2), found.group(3)
            if not (link and " " in span.strip()):
                start, end = _sentence(line, found.start())
                after = spans[at + 1] if at + 1 < len(spans) else None
                if after and after.start() < end and NEXT_CLAUSE.match(line[found.end() : after.start()]):
                    end = found.end()  # jshint's "`bin/jshint` or build the release bundles using `bin/build`"
                entered = INLINE_FOLDER.search(line[start : found.start()])
                command = clean(span)
                moved = re.fullmatch(r"cd ([\w.-]+(?:/[\w.-]+)*)/?", command)
                if moved and is_folder:
                    # relative to the folder entered before, else (baml's next `cd integ-tests/typescript/`) the root
                    tried = [
                        posixpath.normpath(posixpath.join(h, moved.group(1))) for h in dict.fromkeys((here or ".", "."))
                    ]
                    here = next((f for f in tried if not f.startswith("..") and f != "." and is_folder(f)), "")
                    continue
                if entered and command and not command.startswith("cd "):
                    command = f"cd {(entered.group(1) or entered.group(2)).strip('./')} && {command}"
                elif here and command and not command.startswith("cd "):
                    command = f"cd {here} && {command}"
                out.append((command, line[start:end].strip()))
    return out


NEXT_CLAUSE = re.compile(
    r"\s*,?\s*(or|and)\s+(then\s+)?(build|test|run|lint|format|install|compile|generate|serve|start|deploy)\b", re.I
)
"""Words after a command that open the next command's own clause: what they say is for that one, not this one."""


INLINE_FOLDER = re.compile(
    r"`?\bcd`? into (?:the )?`([\w.-]+(?:/[\w.-]+)*)`|\bin(?:side)? the `([\w.-]+)` (?:folder|directory)"
)
"""Prose that moves into a folder before its commands (ignite's "Just `cd` into the `boilerplate` folder, run
`pnpm install` and `npx pod-install`"): they run there, not at the root."""


def _sentence(line: str, at: int) -> tuple[int, int]:
    """Where the sentence of the line that holds position ``at`` starts and ends: stupidedi's "This will
    automatically create specs to test your definition. You can remove confidential information using
    `bin/edi-obfuscate`." gives the second, whose words say what the command is for. Code spans are not split
    (`e.g.` inside backticks)."""
    masked = re.sub(r"`[^`\n]*`", lambda m: "x" * len(m.group(0)), line)
    bounds = [m for m in re.finditer(SENTENCE_END.pattern + r"(?=[A-Z`*(])", masked)]
    start = max([0] + [m.end() for m in bounds if m.end() <= at])
    return start, next((m.start() for m in bounds if m.start() > at), len(line))
