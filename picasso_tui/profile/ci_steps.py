"""What a GitHub Actions step runs beyond its `run:` text: the values of the matrix it names, the check an action
runs, the special builds whose environment a contributor's machine does not have, and the values only CI knows,
taken out of a line (or said to vary) so that the command stands in a contributor's clone."""

from __future__ import annotations

import posixpath
import re
from typing import Any

CHECK_ACTIONS = {
    "golangci/golangci-lint-action": "golangci-lint run",
    "reviewdog/action-golangci-lint": "golangci-lint run",  # nutsdb lints its pull requests this way
    "astral-sh/ruff-action": "ruff check",
    "pre-commit/action": "pre-commit run --all-files",
    "codespell-project/actions-codespell": "codespell",
    "dominikh/staticcheck-action": "staticcheck ./...",
    "EmbarkStudios/cargo-deny-action": "cargo deny check",  # ureq's licences, advisories and duplicates
    "jakebailey/pyright-action": "pyright",  # wily's type check
    # inferno's clippy job runs it through giraffate/clippy-action, on stable and beta
    "giraffate/clippy-action": "cargo clippy",
    "actions-rs/clippy-check": "cargo clippy",
    "clechasseur/rs-clippy-check": "cargo clippy",
    "auguwu/clippy-action": "cargo clippy",
}
"""Actions that run a check a contributor runs too, by the command they run."""
SPECIAL_CFG = re.compile(r"RUST(DOC)?FLAGS\W+[^,}]*(--cfg\b|(?<![\w-])-Z)")
"""CI environment that turns on a configuration no plain build has (`RUSTFLAGS: --cfg reqwest_unstable`), or a
nightly compiler's (left-right's `RUSTFLAGS: "-Z sanitizer=address"`)."""


SETUP_ACTION = re.compile(r"^actions/(checkout|setup-[\w-]+|cache)$")
"""Actions that only prepare a job: fetch the code, install a toolchain, restore a cache."""


def only_sets_up(workflow: dict[Any, Any]) -> bool:
    """Every job of the workflow only checks out or sets up, running no command, action or reusable workflow
    (pkg/errors' "Dummy workflow to enable GitHub Actions"): a placeholder, not the project's CI."""
    jobs = workflow.get("jobs")
    if not isinstance(jobs, dict) or not jobs:
        return False
    for job in jobs.values():
        if not isinstance(job, dict) or "uses" in job:
            return False
        for step in job.get("steps") or []:
            if not isinstance(step, dict) or "run" in step:
                return False
            if not SETUP_ACTION.match(str(step.get("uses") or "").split("@")[0]):
                return False
    return True


def never_runs(job: dict[Any, Any], condition: str) -> bool:
    """A step condition on a matrix value the matrix does not have: criterion's `if: matrix.rust == 'stable'` over
    `rust: [1.87.0, $MSRV]` never holds, so its clippy and rustfmt steps never run."""
    asked = re.fullmatch(r"\s*(?:\$\{\{)?\s*matrix\.([\w-]+)\s*==\s*'([^']*)'\s*(?:\}\})?\s*", condition)
    strategy = job.get("strategy")
    matrix = strategy.get("matrix") if isinstance(strategy, dict) else None
    values = matrix.get(asked.group(1)) if asked and isinstance(matrix, dict) else None
    if not asked or not isinstance(values, list) or not isinstance(matrix, dict):
        return False
    added = [i.get(asked.group(1)) for i in matrix.get("include") or [] if isinstance(i, dict)]
    return asked.group(2) not in [str(v) for v in [*values, *added]]


def narrowed(job: dict[Any, Any], condition: str) -> dict[Any, Any]:
    """The job as a step with `if: matrix.target == 'x86_64-apple-darwin'` sees it: that value alone (tokei's test
    step in its macOS job never runs the iOS targets, "we can't simulate iOS")."""
    asked = re.fullmatch(r"\s*(?:\$\{\{)?\s*matrix\.([\w-]+)\s*==\s*'([^']*)'\s*(?:\}\})?\s*", condition)
    strategy = job.get("strategy")
    matrix = strategy.get("matrix") if isinstance(strategy, dict) else None
    if not asked or not isinstance(matrix, dict):
        return job
    name, value = asked.groups()
    include = [e for e in matrix.get("include") or [] if isinstance(e, dict) and str(e.get(name, value)) == value]
    return {**job, "strategy": {**strategy, "matrix": {**matrix, name: [value], "include": include}}}


def run_default(scope: dict[Any, Any], key: str) -> str:
    """A job's or a workflow's `defaults: run:` setting (`working-directory`, `shell`), or ""."""
    defaults = scope.get("defaults")
    run = defaults.get("run") if isinstance(defaults, dict) else None
    return str(run.get(key) or "") if isinstance(run, dict) else ""


def matrix_folders(folder: str, job: dict[Any, Any]) -> list[str]:
    """The folders a step runs in: its one folder, or each value of the matrix variable that names it
    (gobreaker's `working-directory: ${{matrix.work-dir}}` over `["./", "./v2"]`: the same steps in each module)."""
    named = re.fullmatch(r"\$\{\{\s*matrix\.([\w-]+)\s*\}\}", folder.strip())
    strategy = job.get("strategy")
    matrix = strategy.get("matrix") if isinstance(strategy, dict) else None
    values = matrix.get(named.group(1)) if named and isinstance(matrix, dict) else None
    if not isinstance(values, list) or not values or not all(isinstance(v, str) for v in values):
        return [folder]
    return list(dict.fromkeys(posixpath.normpath(v) if v.strip("./") else "" for v in values))


def posix_shell(workflow: dict[Any, Any], job: dict[Any, Any], step: dict[Any, Any]) -> bool:
    """The step's `run:` text is shell lines: no `shell: python` (a script's statements, not commands) on the step,
    its job's defaults or the workflow's, nor `shell: cmd`, whose lines go on after a `^` (cmark's Windows job), nor
    PowerShell (ebpf's windows job: `Write-Error "Setup script not found…"`), nor another language's interpreter
    (cppinsights' `shell: cmake -P {0}` coverage step: `COMMAND cmake --build …` is an argument of execute_process)."""
    shell = str(step.get("shell") or run_default(job, "shell") or run_default(workflow, "shell"))
    interpreters = r"python|cmd\b|pwsh\b|powershell\b|cmake\b|node\b|perl\b|ruby\b|rscript\b"
    return not re.match(interpreters, shell.strip(), re.IGNORECASE)


MATRIX_VALUES = 24
"""How many of a matrix's values a command is written out for (tenacity's `poe ${{ matrix.task }}`): all of an
ordinary matrix, so that a list cut later says how many more there are (boltons' eleven Pythons)."""


SELECTS_SESSION = re.compile(r"^(\S+ )*(tox|nox)( run)?( -\S+)* (-e|-s|--sessions?|--env)$")
"""tox's and nox's flag that picks what runs: its value is what the command is, not a setting of CI's."""


def session_placeholder(runner: str, flag: str) -> str:
    """What stands for the env or session CI picks (`tox -f ${PYTHON}-tests`: `<factor>`); "" for another flag."""
    if runner == "nox":
        return "<session>" if flag in ("-s", "--session", "--sessions") else ""
    return {"-e": "<env>", "--env": "<env>", "-f": "<factor>", "--factors": "<factor>"}.get(flag, "")


EXPRESSION = re.compile(r"\$\{\{\s*((?:(?!\}\}).)*(?:\|\||format\()(?:(?!\}\}).)*?)\s*\}\}")
"""A matrix expression with a fallback or a format (the Pallets projects' `${{ matrix.tox || format('py{0}',
matrix.python) }}`): worked out for each matrix entry before the plain `${{ matrix.x }}` rule."""


def _evaluate(expression: str, entry: dict[Any, Any]) -> str | None:
    """The first alternative of `a || b || …` that has a value for this entry: `matrix.x`, a quoted literal, or
    `format('…{0}…', matrix.x, …)`; None when one is none of these or a value is missing."""
    for alt in (a.strip() for a in expression.split("||")):
        if named := re.fullmatch(r"matrix\.([\w-]+)", alt):
            value = entry.get(named.group(1))
        elif literal := re.fullmatch(r"'([^']*)'", alt):
            value = literal.group(1)
        elif formatted := re.fullmatch(r"format\(\s*'([^']*)'((?:\s*,\s*matrix\.[\w-]+)*)\s*\)", alt):
            args = [entry.get(n) for n in re.findall(r"matrix\.([\w-]+)", formatted.group(2))]
            if any(a is None for a in args):
                return None
            value = re.sub(r"\{(\d+)\}", lambda m, args=args: str(args[int(m.group(1))]), formatted.group(1))
        else:
            return None
        if value not in (None, ""):
            return str(value)
    return None


def _worked_out(line: str, job: dict[Any, Any]) -> list[str]:
    """The line once per matrix entry when it holds an EXPRESSION over the entries of `include:`; else as it is."""
    found = EXPRESSION.search(line)
    strategy = job.get("strategy")
    matrix = strategy.get("matrix") if isinstance(strategy, dict) else None
    entries = matrix.get("include") if isinstance(matrix, dict) else None
    if not found or "matrix." not in found.group(1) or not isinstance(entries, list):
        return [line]
    values = [_evaluate(found.group(1), e) for e in entries if isinstance(e, dict)]
    if not values or any(v is None for v in values):
        return [line]
    return [line[: found.start()] + str(v) + line[found.end() :] for v in dict.fromkeys(values)][:MATRIX_VALUES]


def matrix_lines(line: str, job: dict[Any, Any]) -> list[str]:
    """The line once per value of a matrix variable it names as a word of its own (`poe ${{ matrix.task }}`: `poe
    check`, `poe lint`, `poe mypy`) or as the session tox or nox runs (`nox -s "${{ matrix.noxenv }}"`); another
    flag's value (`--python ${{ matrix.python }}`) is left for clean_command."""
    # mkdocs' `hatch run +py=${{ matrix.py || matrix.python-version }} test:with-coverage`: the Python CI picks
    line = re.sub(r"(\bhatch run) \+(py|python)=\$\{\{(?:(?!\}\}).)*\}\}", r"\1", line)
    if (lines := _worked_out(line, job)) != [line]:
        return lines
    line = _first_features(line, job)
    line = _without_matrix_options(line, job)
    used = next(
        (
            m
            for m in re.finditer(r"(?:^|\s)[\"']?(\$\{\{\s*matrix\.([\w-]+)\s*\}\})[\"']?(?=\s|$)", line)
            # rkyv's `--features "${{ matrix.endianness }} ${{ matrix.alignment }} …"`: inside a quoted value of
            # several words, one of them is no word of the command
            if not (line[: m.start()].count('"') % 2 or line[: m.start()].count("'") % 2)
            and (
                not (line[: m.start()].split() or ["x"])[-1].startswith("-")
                or SELECTS_SESSION.match(line[: m.start()].strip())
            )
        ),
        None,
    )
    if not used:
        return [line]
    strategy = job.get("strategy")
    matrix = strategy.get("matrix") if isinstance(strategy, dict) else None
    matrix = matrix if isinstance(matrix, dict) else {}
    values = matrix.get(used.group(2))
    if isinstance(values, str):
        return [line]  # jsonschema's `fromJson(needs.list.outputs.noxenvs)`: the include entries are only extras
    values = list(values) if isinstance(values, list) else []
    include = matrix.get("include")
    values += [e[used.group(2)] for e in include if isinstance(e, dict) and used.group(2) in e] if isinstance(
        include, list) else []  # fmt: skip
    # YAML's `false` is the shell's word, not Python's "False" (ar_lazy_preload's `rake spec || $ALLOW_FAILURES`)
    scalars = [str(v).lower() if isinstance(v, bool) else str(v) for v in dict.fromkeys(values)
               if isinstance(v, (str, int, float))][:MATRIX_VALUES]  # fmt: skip
    start = used.start() + len(used.group(0)) - len(used.group(0).lstrip())  # the word, with any quotes around it
    if SELECTS_SESSION.match(line[: used.start()].strip()) and any(re.fullmatch(r"[\d.]+", v) for v in scalars):
        # python-semver's `tox -e ${{ matrix.python-version }}`: a version names no tox env as written, so the line
        # says which one it takes (`tox run -e <python-version>`)
        return [line[:start] + f"<{used.group(2)}>" + line[used.end() :]]
    quoted = used.group(0).strip()[0] in "\"'"  # unquoted, the shell splits the value into words as CI's did
    return [line[:start] + (_shell_word(v) if quoted else v) + line[used.end() :] for v in scalars] or [line]


FEATURES_FROM_MATRIX = re.compile(r"(\s--features[ =])((?:[\w,-]*\$\{\{\s*matrix\.[\w.-]+\s*\}\}[\w,-]*)+)(?=\s|$)")


def _first_value(matrix: dict[Any, Any], path: str) -> str | None:
    """The first value of `matrix.a` or `matrix.a.b` (gpu-allocator's `target: [{os: …, backend: vulkan}, …]`)."""
    head, _, rest = path.partition(".")
    values = matrix.get(head)
    value = values[0] if isinstance(values, list) and values else values
    if rest:
        value = value.get(rest) if isinstance(value, dict) else None
    return str(value) if isinstance(value, (str, int, float)) and not isinstance(value, bool) else None


def _first_features(line: str, job: dict[Any, Any]) -> str:
    """Cargo's `--no-default-features --features ${{ matrix.target.backend }},${{ matrix.features }}`: without
    its features the crate may build nothing at all (gpu-allocator's compile_error! wants `std` or `hashbrown`),
    so the line takes the matrix's first entry's, a set CI builds."""
    found = FEATURES_FROM_MATRIX.search(line)
    strategy = job.get("strategy")
    matrix = strategy.get("matrix") if isinstance(strategy, dict) else None
    if not found or "--no-default-features" not in line or not isinstance(matrix, dict):
        return line
    values = {m: _first_value(matrix, m) for m in re.findall(r"matrix\.([\w.-]+)", found.group(2))}
    if any(v is None for v in values.values()):
        return line
    named = re.sub(r"\$\{\{\s*matrix\.([\w.-]+)\s*\}\}", lambda m: str(values[m.group(1)]), found.group(2))
    return line[: found.start()] + found.group(1) + named + line[found.end() :]


MATRIX_OPTION = re.compile(r"\s(--[\w-]+)\s+([\"']?)\$\{\{\s*matrix\.([\w-]+)\s*\}\}\2(?=\s|$)")
"""A long option followed by a matrix value (`--browsers ${{ matrix.browser }}`, `--build-config "${{ matrix.config
}}"`)."""


def _without_matrix_options(line: str, job: dict[Any, Any]) -> str:
    """A long option whose value CI's matrix picks goes with its value: the command stands without CI's choice, and a
    bare `--browsers` would take the next word. When the matrix's values are options themselves (reqwest's
    `--no-default-features ${{ matrix.features }}` over `--features blocking`), the option before them takes no
    value and stays; a name the matrix does not list is left as it is."""
    strategy = job.get("strategy")
    matrix = strategy.get("matrix") if isinstance(strategy, dict) else None
    if not isinstance(matrix, dict):
        return line

    def values(name: str) -> list[str]:
        listed = matrix.get(name)
        found = list(listed) if isinstance(listed, list) else []
        include = matrix.get("include")
        found += [e[name] for e in include if isinstance(e, dict) and name in e] if isinstance(include, list) else []
        return [str(v) for v in found if isinstance(v, (str, int, float))]

    def cut(m: re.Match[str]) -> str:
        if SELECTS_SESSION.match(line[: m.start(1)].strip() + " " + m.group(1)) or VALUE_FLAG.match(m.group(1)):
            return m.group(0)  # tox's `--env`, cargo's `--features`: what the command is, said by the rules below
        found = values(m.group(3))
        takes_value = found and all(v.strip() and not v.strip().startswith("-") for v in found)
        return "" if takes_value else m.group(0)

    return MATRIX_OPTION.sub(cut, line)


def _shell_word(value: str) -> str:
    """A value CI quoted, as one shell word: quoted only when the shell would read it otherwise (`'tests-3.14(format)'`,
    not `'docs'`)."""
    return value if re.fullmatch(r"[\w.,:/=+@%-]+", value) else "'" + value.replace("'", "'\\''") + "'"


AUTO_COMMIT_ACTIONS = frozenset({"stefanzweifel/git-auto-commit-action", "EndBug/add-and-commit"})
"""Actions that commit and push whatever the steps before them changed."""
FIXES = re.compile(r"\b(fix\w*|format\w*|style|styling|lint\w*|prettier|cs-fixer|pint|rubocop|black|ruff)\b", re.I)


def commits_fixes(data: dict[Any, Any]) -> bool:
    """The workflow fixes the style and pushes the fix itself (array-to-xml's php-cs-fixer.yml on every push): a
    contributor's commit is restyled by a bot, not failed by a check."""
    jobs = data.get("jobs")
    for job in jobs.values() if isinstance(jobs, dict) else []:
        steps = job.get("steps") if isinstance(job, dict) else None
        said = f"{data.get('name') or ''} {job.get('name') or ''}" if isinstance(job, dict) else ""
        commits = False
        for step in steps if isinstance(steps, list) else []:
            if not isinstance(step, dict):
                continue
            said += f" {step.get('name') or ''} {step.get('uses') or ''} {step.get('run') or ''}"
            run = str(step.get("run") or "")
            pushed = re.search(r"\bgit commit\b", run) and re.search(r"\bgit push\b", run)
            commits |= str(step.get("uses") or "").split("@")[0] in AUTO_COMMIT_ACTIONS or bool(pushed)
        if commits and FIXES.search(said):
            return True
    return False


_VALUED = ("-b", "--branch", "--depth", "-o", "--origin", "-c", "--config", "-j", "--jobs")
"""git clone's options that take the next word as their value."""


def folders_of_other_checkouts(job: dict[Any, Any]) -> set[str]:
    """Folders a job fills with another checkout (gson's `path: gson-old-japicmp`, mail's `git clone … rails`): the
    commands run in them are not in a contributor's clone. A build folder CI makes (`cmake -B build`) is not one."""
    steps = [s for s in job.get("steps") or [] if isinstance(s, dict)]
    given = [s.get("with") for s in steps if str(s.get("uses") or "").startswith("actions/checkout")]
    found = {str(w["path"]).strip("./") for w in given if isinstance(w, dict) and w.get("path")}
    lines = [x for s in steps for raw in str(s.get("run") or "").splitlines() for x in _per_entry(raw, job)]
    for line in "\n".join(lines).split("git clone ")[1:]:
        # pyOpenSSL's `--branch ${{ matrix.PYTHON.OPENSSL.VERSION }}`: an expression is one word, spaces and all
        words = re.sub(r"\$\{\{[^}]*\}\}", "EXPR", line.split("&&")[0].split("\n")[0]).split()
        plain = [w for i, w in enumerate(words) if not w.startswith("-") and not (i and words[i - 1] in _VALUED)]
        if plain:  # `git clone [options] <url> [<dir>]`: the folder named, or the repository's name
            found.add(plain[1] if len(plain) > 1 else plain[0].rstrip("/").rsplit("/", 1)[-1].removesuffix(".git"))
    runs = "\n".join(str(s.get("run") or "") for s in steps)  # libexpat's `git init XML-Parser/` then a fetch into it
    found |= {m.rstrip("/") for m in re.findall(r"\bgit (?:-c \S+ )*init (?:-\S+ )*([\w.-]+/?)", runs)}
    return found


def _per_entry(line: str, job: dict[Any, Any]) -> list[str]:
    """A `git clone` line once per `include:` entry of the matrix, every `${{ matrix.x }}` filled in from that entry
    (loofah's downstream job: `git clone --depth=1 ${{matrix.url}} ${{matrix.name}}`, each entry another project)."""
    strategy = job.get("strategy")
    matrix = strategy.get("matrix") if isinstance(strategy, dict) else None
    entries = matrix.get("include") if isinstance(matrix, dict) else None
    if "git clone" not in line or "matrix." not in line or not isinstance(entries, list):
        return [line]
    plain = re.compile(r"\$\{\{\s*matrix\.([\w-]+)\s*\}\}")
    filled = [
        plain.sub(lambda m, e=e: str(e.get(m.group(1), m.group(0))), line) for e in entries if isinstance(e, dict)
    ]
    return filled or [line]


def global_tools(job: dict[Any, Any]) -> set[str]:
    """Tools setup-php installs globally for a job (predis' `tools: parallel-lint`); Composer itself is everyone's."""
    steps = [s for s in job.get("steps") or [] if isinstance(s, dict)]
    given = [s.get("with") for s in steps if str(s.get("uses") or "").startswith("shivammathur/setup-php")]
    names = {
        t.split(":")[0].strip() for w in given if isinstance(w, dict) for t in str(w.get("tools") or "").split(",")
    }
    return {n for n in names if n and n != "composer"}


def required_in_ci(job: dict[Any, Any]) -> set[str]:
    """Packages a job adds with an unpinned `composer require` (php-mock's `composer require phpmd/phpmd`): tools
    composer.json does not list, so a clone's `composer install` leaves vendor/bin without them. A pinned require
    (`composer require "phpunit/phpunit:^9"`) picks a version of a dependency the project has."""
    runs = [str(s.get("run") or "") for s in job.get("steps") or [] if isinstance(s, dict)]
    found: set[str] = set()
    for line in "\n".join(runs).splitlines():
        if added := re.match(r"\s*composer require\s+((?:-[\w-]+\s+)*)([\w.-]+/([\w.-]+))(\s|$)", line):
            found.add(added.group(3))
    return found


def runs_global_tool(command: str, tools: set[str]) -> bool:
    """`composer exec` runs the project's vendored copy of a tool: one the job installs globally instead is not in a
    clone's vendor/. A bare `phplint .` says plainly that the tool is global (html2text's CI), and stays."""
    words = re.sub(r"^composer exec (?:-- )?", "", command).split() if command.startswith("composer exec ") else []
    return bool(words) and words[0] in tools


FLAGS_NAME = re.compile(r"(flags|args|arguments|options|opts|extra|params|switches|features)$", re.I)
"""An expression named for a list of extra options: the command stands without them."""
SWITCH = re.compile(r"--(no-[\w-]+|all-[\w-]+|locked|frozen|offline|release|workspace|verbose|quiet|dry-run|all)")
"""An option that takes no value: what follows it is another word."""
VALUE_FLAG = re.compile(
    r"^(-[A-Za-z]|--(config|target|preset|profile|package|features|file|build-type|manifest-path|bin|test|example|"
    r"exclude|toolchain|tags|python|python-version|node|ruby|jdk|java|platform|arch|group|extra|extras)|-(tags|run|bench|timeout|count|parallel|cpu|coverprofile|covermode|ldflags|gcflags))$"
)


ANY_EXPRESSION = r"\$\{\{(?:[^}]|\}(?!\}))*\}\}"
"""A GitHub Actions expression, braces inside it too (mpv's `${{ … format('-pr{0}', …) || '' }}`)."""


def without_ci_values(line: str) -> str:
    """A flag whose value is CI's own (``-C ${{ matrix.type }}``, ``-tags '${{ matrix.tags }}'``,
    ``-Pmode=${{ … }}``) is dropped with its value, the rest kept: a flag left behind would take the next word."""
    # the workspace is the checkout: `cmake -S "${{ github.workspace }}" -B "${{ github.workspace }}/build"`, and
    # libyang's `-S '${{ github.workspace }}/'` is `-S .`
    line = re.sub(
        r"([\"']?)\$\{\{\s*github\.workspace\s*\}\}(/[\w./-]*)?\1(?=(\S?))",
        lambda m: (m.group(2) or "/")[1:] or ("" if m.group(3) else "."),
        line,
    )
    names = [m.group(1) for m in re.finditer(rf"\$\{{\{{\s*(?:[\w-]+\.)*([\w-]+)\s*\}}\}}|{ANY_EXPRESSION}()", line)]
    line = re.sub(ANY_EXPRESSION, "\x00", line)
    tokens = line.split()
    kept: list[str] = []
    seen = 0  # expressions passed, to name the one in this token
    for token in tokens:
        name = names[seen] if "\x00" in token and seen < len(names) else ""
        seen += token.count("\x00")
        if "\x00" in token or re.search(r"\$\{?\w", token):
            target = re.fullmatch(r"--target=\x00", token) or (token == "\x00" and kept and kept[-1] == "--target")
            if target and name and re.match(r"^(cd \S+ && )?cross\b", " ".join(kept)):
                # cross exists to build for another target; without the one CI names it only tests the host
                kept += ["--target", f"<{name}>"] if token.startswith("-") else [f"<{name}>"]
                continue
            features = re.fullmatch(r"--features=\x00", token) or (
                token == "\x00" and kept and kept[-1] in ("--features", "-F")
            )
            if features and name and re.match(r"^(cd \S+ && )?cargo\b", " ".join(kept)):
                # jsonwebtoken's `--features ${{ matrix.backend }}`: without one of the backends the tests panic
                kept += ["--features", f"<{name}>"] if token.startswith("-") else [f"<{name}>"]
                continue
            preset = re.fullmatch(r"--preset=\x00", token) or (token == "\x00" and kept and kept[-1] == "--preset")
            if preset and name:
                # Vita3K's `./.ci/build-desktop.sh --preset ${{ matrix.cmake_preset }}`: without one the script stops
                kept += ["--preset", f"<{name}>"] if token.startswith("-") else [f"<{name}>"]
                continue
            if re.fullmatch(r"-Dtest=\x00", token) and name:
                # openrouteservice's `-Dtest=${{ matrix.test-class }}`: without it Maven runs every other test
                kept.append(f"-Dtest=<{name}>")
                continue
            if token.lstrip("\"'").startswith("-") and kept:
                continue  # a flag set from CI's matrix (smallrye-config's `"-Djava17.home=${{…}}"`): it goes
            if len(kept) > 1 and VALUE_FLAG.match(kept[-1]):
                runner = re.search(r"\b(tox|nox)\b", " ".join(kept))
                said = session_placeholder(runner.group(1), kept[-1]) if runner else ""
                if said:  # without the env CI names tox runs every env, not the command CI ran: it is said to vary
                    kept.append(said)
                    continue
                kept.pop()  # the value of the flag before it: both go
                continue
            if kept[-2:] == ["cmake", "--build"]:
                return ""  # redis-plus-plus' `cmake --build ${{ steps.strings.outputs.build-output-dir }}`: no folder
            if re.fullmatch(r"[\"']?(\x00|\$\{?\w+\}?)[\"']?", token) and kept:
                quoted = token[0] in "\"'" and token[-1] == token[0] and len(token) > 1
                # mercure's `--target-branch "$DEFAULT_BRANCH"`: a quoted variable named like the flag before it is
                # that flag's value, and goes with it (`--locked "${MSRV_FEATURES}"`: a switch, then CI's flags)
                variable = re.search(r"\$\{?(\w+)", token)
                words = set(kept[-1].lstrip("-").lower().split("-"))
                named = bool(variable and words & set(variable.group(1).lower().split("_")))
                flag = re.fullmatch(r"--?[A-Za-z][\w-]+", kept[-1]) if named else None
                if len(kept) > 1 and (
                    (name and kept[-1] == f"--{name}")
                    or re.fullmatch(r"-[A-Za-z][\w-]+", kept[-1])
                    or (quoted and flag)
                ):
                    # robin-map's `--gcov-tool ${{ matrix.config.gcov-tool }}`, editorconfig-core-c's PowerShell
                    # `-config ${{ matrix.build_configuration }}`: the option and its value go together (a `--flag`
                    # before a whole word of CI's extra flags is a switch of its own, and stays)
                    kept.pop()
                elif (
                    "\x00" in token
                    and not FLAGS_NAME.search(name or "")
                    and re.fullmatch(r"--[A-Za-z][\w-]*", kept[-1])
                    and not SWITCH.fullmatch(kept[-1])
                ):
                    kept.pop()  # feldera's `-- --test-threads ${{ vars.CI_RUNNER_CORES || 20 }}`: a count, the option's
                elif name and not FLAGS_NAME.search(name) and re.search(r"^\.?\.?/|\.(sh|bash|py|ps1)$", kept[0]):
                    # vcmi's `build.sh "${{ matrix.os }}" "${{ matrix.type }}"`: the script's own arguments, which
                    # only CI's matrix knows
                    return ""
                continue  # a whole word from CI's environment (extra flags): the command stands without it
            if re.fullmatch(r"[A-Z_][A-Z0-9_]*=[\"']?(\x00|\$\{?\w+\}?)[\"']?", token) and kept:
                continue  # munit's `make CC="${CC}" OPENMP="${OPENMP}"`: a variable handed on from CI's job
            return ""  # a path or name only CI knows: the command means nothing without it
        kept.append(token)
    return " ".join(kept)
