"""Commands that cannot play the role a guide or CI line seems to give them: a binary inspector read as a build,
a bare `bazel test` with no target, a debugger's package read as the set-up, a seed task read as the tests."""

from __future__ import annotations

import re

from picasso_tui.profile.ecosystems.javascript_files import workspace_folders
from picasso_tui.profile.ecosystems.php import ROOT_CONFIGS
from picasso_tui.profile.ecosystems.php_format import PHPCS_CONFIGS
from picasso_tui.profile.make_targets import make_rules
from picasso_tui.profile.recipes import recipe_lines
from picasso_tui.profile.walk import Tree

INSPECTORS = re.compile(r"^(ldd|nm|objdump|readelf|otool|strings|file|size|du|ls|stat|sha\d+sum|md5sum)\s")
"""Programs that look at what a build wrote (ppsspp's AppImage job runs `ldd ./build/PPSSPPSDL`): they build nothing."""

DEVELOPER_TOOLS = frozenset({
    "gdb", "lldb", "valgrind", "qtcreator", "git-secrets", "make", "git", "ccache", "strace", "ltrace", "rr",
})  # fmt: skip
"""A system package a guide installs for one task beside the build: hyperion.ng's `sudo apt-get install gdb` is for
its VS Code debugging step, ppsspp's `pacman -S make` for one Windows core."""

SYSTEM_INSTALL = re.compile(
    r"^(?:sudo )?(?:apt-get|apt|dnf|yum|zypper|apk|pacman|brew|port)(?: -\S+)* (?:install|add|-S\w*)(?: -\S+)* "
    r"([\w.+-]+)(?: -\S+)*$"
)


def inspects_only(command: str) -> bool:
    """The command inspects files (`ldd`, `nm`, `du -sh build`): no build, test or set-up."""
    return bool(INSPECTORS.match(command + " "))


def bare_bazel(command: str) -> bool:
    """`bazel test` or `bazel build` without a target (nativelink's guide, in prose about rustfmt): Bazel stops with
    "No targets specified"."""
    return bool(re.fullmatch(r"(bazel|bazelisk) (test|build|run|coverage)( --?[\w-]+(=\S+)?)*", command))


def installs_one_tool(command: str) -> bool:
    """A system package install of one developer tool (`sudo apt-get install gdb`): an optional extra, not how the
    project is set up."""
    one = SYSTEM_INSTALL.match(command)
    return bool(one) and one.group(1) in DEVELOPER_TOOLS


def docs_dependencies_only(command: str) -> bool:
    """A pip install of the documentation's dependencies alone (valhalla's `pip install --group docs`,
    `pip install -e '.[docs]'`): it sets up the docs build, not the project."""
    # OpenSCAP's developer guide: `dnf install asciidoc` and `dnf install doxygen`, for the optional HTML docs
    system = re.fullmatch(
        r"(sudo )?(apt(-get)?|dnf|yum|zypper|brew|pacman -S|apk add) (install )?(-y )?"
        r"((asciidoc(tor)?|doxygen|graphviz|pandoc|sphinx|python3-sphinx|mkdocs)( |$))+",
        command,
    )
    return bool(system) or bool(
        re.search(r"\bpip3? install\b", command)
        and (
            re.search(r"\s--group[ =]['\"]?docs?['\"]?(\s|$)", command) or re.search(r"\[docs?\]['\"]?(\s|$)", command)
        )
        and not re.search(r"\[[^\]]*\b(dev|test|tests|testing|all)\b", command)
    )


def named_for_another_job(command: str) -> bool:
    """A script named for another job given as the tests (ArchiveBox's guide lists `./bin/lint.sh` first):
    `lint.sh`, `build.sh`, `format.sh` run no test."""
    script = re.match(r"(?:(?:ba)?sh )?(?:\./)?(?:[\w.-]+/)*([\w-]+)\.sh(\s|$)", command)
    named = script and re.fullmatch(
        r"(lint|build|format|fmt|typecheck|docs?|release|deploy|publish|setup|install)", script.group(1)
    )
    # h2's `./build.sh jar testCI` hands the test target to its build script: that is a test run
    return bool(named) and not re.search(r"test|spec|check", command[script.end() :], re.IGNORECASE)


def seeds_data(command: str) -> bool:
    """A Rake or Rails task that seeds or migrates a database (decko's `RAILS_ENV=test rake card:seed:update`,
    the fixtures its JavaScript tests load): it prepares the tests, it runs none."""
    rest = re.sub(r"^([A-Z][A-Z0-9_]*=\S*\s+)+", "", command)
    task = re.match(r"(?:bundle exec )?(?:rake|rails|bin/rails|bin/rake) ([\w:-]+)", rest)
    return (
        bool(task)
        and bool(re.search(r"(^|:)(seed|seeds|migrate|db|fixtures)(:|$)", task.group(1)))
        and not (re.search(r"(^|:)(test|tests|spec|specs)(:|$)", task.group(1)))
    )


def asks_questions(tree: Tree, command: str) -> bool:
    """A Rake task that waits for answers on stdin (geordi's `rake check`, a pre-release checklist of yes/no
    questions): no test run."""
    task = re.fullmatch(r"(?:bundle exec )?rake ([\w:-]+)", command)
    text = tree.read("Rakefile") or "" if task and tree.has("Rakefile") else ""
    if not task or not text:
        return False
    name = task.group(1).rsplit(":", 1)[-1]
    body = re.search(rf"^\s*task\s+:?['\"]?{re.escape(name)}['\"]?\b[^\n]*\n(.*?)^\s*end\b", text, re.M | re.S)
    asks = r"\$stdin\.gets|STDIN\.gets|\bgets\b|\bask\(|\byes\?\(|\bconfirm\w*\("  # geordi's confirm_or_cancel
    return bool(body) and bool(re.search(asks, body.group(1)))


JS_RUNNERS = ("jest", "vitest", "mocha", "ava", "karma", "jasmine", "uvu")


def runner_not_installed(tree: Tree, command: str) -> bool:
    """`npm test` whose script runs a test runner no manifest of the repository depends on (sharp's `jest`, with no
    jest anywhere in its package.json files): the script stops with "command not found"."""
    if not re.match(r"(npm|pnpm|yarn|bun)( run)? test( --(\s|$)|$)", command):
        return False
    script = str((tree.read_json("package.json").get("scripts") or {}).get("test") or "")
    program = re.sub(r"^((cross-env|env) )?([A-Z][A-Z0-9_]*=\S*\s+)*", "", script).split(" ", 1)[0]
    if program not in JS_RUNNERS or "react-scripts" in (tree.read("package.json") or ""):
        return False
    for rel in [f for f in tree.files if f.rsplit("/", 1)[-1] == "package.json"][:200]:
        manifest = tree.read_json(rel)
        declared = {**(manifest.get("dependencies") or {}), **(manifest.get("devDependencies") or {})}
        if any(program in str(name) for name in declared):
            return False
    return True


def artisan_test_unavailable(tree: Tree, command: str) -> bool:
    """`php artisan test` in an app without nunomaduro/collision, the package that brings Laravel's test command
    (processmaker's composer.json and lock have none): artisan answers "Command "test" is not defined"."""
    if not re.match(r"php artisan test\b", command) or not tree.has("composer.json"):
        return False
    required = re.search(r'"nunomaduro/collision"\s*:', tree.read("composer.json") or "")
    locked = re.search(r'"name"\s*:\s*"nunomaduro/collision"', tree.read("composer.lock") or "")
    return not required and not locked


def adds_a_dependency(command: str) -> bool:
    """`uv add`, `poetry add`, `npm install <package>`: it changes the manifest and the lock (yt's bleeding-edge CI
    job `uv add --dev pytest`), it tests, builds or checks nothing."""
    return bool(
        re.match(r"(uv|poetry|pdm|pnpm|yarn|bun|cargo|go) (add|get)\b|npm (i|install) (?!-)[@\w]", command)
        or re.match(r"(pnpm|npm|yarn) exec test\b|npx test\b", command)  # ngrx's `pnpm exec test`: the shell's test
    )


def turbo_task_missing(tree: Tree, command: str) -> bool:
    """A package script that hands its work to `turbo run <task>` where turbo.json declares no such task (dub's
    `pnpm lint` is `turbo lint`, and its turbo.json has none): turbo stops with "Could not find task"."""
    script = re.fullmatch(r"(npm run|pnpm( run)?|yarn( run)?|bun run) ([\w:-]+)", command)
    config = tree.read_json("turbo.json")
    if not script or not config:
        return False
    body = str((tree.read_json("package.json").get("scripts") or {}).get(script.group(4)) or "")
    asked = re.fullmatch(r"turbo (?:run )?([\w:-]+)(?: --[\w-]+(?:=\S+)?)*", body.strip())
    tasks = config.get("tasks") or config.get("pipeline")
    return bool(asked) and isinstance(tasks, dict) and not any(str(t).split("#")[-1] == asked.group(1) for t in tasks)


FAN_OUT = re.compile(
    r"pnpm (?:--(?:parallel|stream|recursive|no-bail)\s+|-r\s+)*(?:--recursive|-r)\s+"
    r"(?:--(?:parallel|stream|no-bail)\s+)*(?:run\s+)?([\w:-]+)|"
    r"pnpm (?:--parallel\s+)+(?:--recursive|-r)\s+(?:run\s+)?([\w:-]+)|lerna run ([\w:-]+)|"
    r"npm run ([\w:-]+) (?:--workspaces|-ws)\b"
)
"""A root script that runs a script of every workspace package: apostrophe's `pnpm --recursive run build`."""


def fans_out_to_nothing(tree: Tree, command: str) -> bool:
    """A root script that runs one script in every workspace package where no package defines it (apostrophe's
    `pnpm build` is `pnpm --recursive run build`, and none of packages/* has a build script): it runs nothing."""
    script = re.fullmatch(r"(npm run|pnpm( run)?|yarn( run)?|bun run) ([\w:-]+)", command)
    if not script:
        return False
    body = str((tree.read_json("package.json").get("scripts") or {}).get(script.group(4)) or "").strip()
    fan = FAN_OUT.fullmatch(body)
    if not fan:
        return False
    wanted = next(g for g in fan.groups() if g)
    members = workspace_folders(tree, tree.read_json("package.json"))
    return bool(members) and not any(
        wanted in (tree.read_json(f"{folder}/package.json").get("scripts") or {}) for folder in members
    )


FORMAT_CHECK = re.compile(r"check[:_-]?(format|fmt)|(format|fmt)[:_-]?check|--check\b|--dry-run\b|--list-different\b")
"""Words that ask a formatter to report, not to rewrite (`ninja check:format`, `make fmt-check`, `black --check`)."""


def checks_format_only(tree: Tree, command: str) -> bool:
    """A format command that only checks: named so, or a target whose every line only checks (anki's `just fmt` is
    `ninja check:format`; its `just fix-fmt` rewrites)."""
    # keystatic's CI `pnpm check:format .` runs `prettier --check`
    target = re.match(
        r"(?:cd [\w./-]+ && )?(?:make|just|task|npm run|pnpm(?: run)?|yarn(?: run)?|bun run)(?: -C [\w./-]+)? "
        r"([\w:.-]+)(?: \.)?$",
        command,
    )
    # librime's CI `make clang-format-lint` runs `clang-format -Werror --dry-run`; `clang-format-apply` rewrites
    if target and re.search(r"(check|lint)[:_-]?(format|fmt)|(format|fmt)[:_-]?(check|lint|verify)", target.group(1)):
        return True
    lines = [line for line in recipe_lines(tree, command) or [] if line.strip()] if target else []
    if lines and all(FORMAT_CHECK.search(line) for line in lines):
        return True
    # koko-analytics' `composer check-codestyle` runs phpcs, which reports; phpcbf is the one that rewrites
    ran = [line for line in _composer_lines(tree, command) if line.strip()]
    return bool(ran) and all(re.search(r"(^|[\s/])phpcs(\s|$)", line) for line in ran)


def sets_up_only(command: str) -> bool:
    """A repository script named for setting up (opencast's CI step `./.github/multi-node-test-setup` builds a
    three-node cluster from tarballs): it prepares a run, it runs no test."""
    program = re.sub(r"^(?:[A-Z_][A-Z0-9_]*=\S*\s+)*(?:(?:ba)?sh\s+)?", "", command).split(" ", 1)[0]
    return "/" in program and bool(re.search(r"(^|[-_])(setup|set-up|prepare)([-_.]\w+)?$", program.rsplit("/", 1)[1]))


def go_tests_nowhere(tree: Tree, command: str) -> bool:
    """`go test ./...` in a folder that holds no test file (flyte's guide: `cd gen/go && go test ./...`, generated
    code with no test): it compiles the packages and runs no test."""
    found = re.fullmatch(r"cd ([\w./-]+) && go test(?: -\S+)* \./\.\.\.", command)
    folder = found.group(1).strip("./") if found else ""
    files = tree.under(folder) if folder else []
    return bool(files) and not any(f.endswith("_test.go") for f in files)


def go_package_missing(tree: Tree, command: str) -> bool:
    """A `go test` of a package folder the checkout lacks (encore's guide: `go test ./internal/clientgen`, since moved
    to pkg/clientgen): Go stops with "no such directory"."""
    found = re.match(r"(?:cd ([\w./-]+) && )?go test\b(.*)$", command)
    if not found:
        return False
    here = (found.group(1) or "").strip("./")
    named = re.finditer(r"(?:^|\s)\./([\w.-]+(?:/[\w.-]+)*?)(?:/\.\.\.)?/?(?=\s|$)", found.group(2))
    folders = [m.group(1) for m in named]
    return any(not tree.under(f"{here}/{f}" if here else f) for f in folders if f != "...")


def runs_on_no_files(tree: Tree, command: str) -> bool:
    """A script that runs Prettier with no file or pattern (keystatic's `format` is a bare `prettier --write`, which
    lint-staged hands the staged files to): run bare, it formats nothing. Go's `go test` with no package where the
    root holds no Go file (inspektor-gadget's `go test -exec sudo`) tests nothing either."""
    if re.fullmatch(r"go test(?: -(?:exec \S+|[\w.=-]+))*", command):
        return not any(f.endswith(".go") and "/" not in f for f in tree.files)
    lines = [line.strip() for line in recipe_lines(tree, command) or [] if line.strip()]
    return bool(lines) and all(re.fullmatch(r"(npx )?prettier(?: --?[\w-]+)*", line) for line in lines)


def not_its_role(role: str, command: str) -> bool:
    """Commands whose own words say they do something else than the role they were found for: perkeep's
    `go run make.go` builds, openmct's `npm run cov:e2e:report` prints a coverage report, urql's `pnpm update` and
    `npm access grant` manage packages, lightly's `uv venv` only creates an empty environment, Claroline's
    `bin/console claroline:install --env=test` installs the platform for the tests, suricata's
    `make compile-commands` writes the compiler's database."""
    if role == "run" and re.match(r"go run (\./)?make\.go\b", command):
        return True
    if role in ("test", "test-one") and (
        re.match(r"(npm run|pnpm( run)?|yarn( run)?|bun run) [\w:-]*report\b", command)
        or re.match(r"(npx )?(nyc|c8|istanbul) report\b", command)
        # rallly's CLAUDE.md: `pnpm build:test` builds the app the integration tests drive; `pnpm dev` serves it
        or re.match(r"(npm run|pnpm( run)?|yarn( run)?|bun run) (build|dev|start|serve)([:\w-]*)?$", command)
        or re.match(r"(php )?(bin/console|app/console|artisan) (?![\w:-]*test)[\w:-]+ .*--env[= ]test\b", command)
    ):
        return True
    if role == "build" and (
        re.match(r"(npm|pnpm|yarn|bun) (update|upgrade|up|outdated|access|owner|dedupe)\b", command)
        or re.match(r"(make|ninja|just) (compile[-_]commands|compiledb)\b", command)
        or re.search(r"\bmake compile[-_]commands\b", command)
    ):
        return True
    if role == "build" and re.search(r"(python3? -m build|uv build|pyproject-build)\b.*\s--sdist\b", command):
        return "--wheel" not in command  # qiskit's and yt's CI `python -m build --sdist`: a tarball, nothing built
    task = re.sub(r"^(\./gradlew|gradle|make|just|task|(npm|pnpm|yarn|bun)( run)?|composer)\s+", "", command).split(
        " "
    )[0]
    task = task.rsplit(":", 1)[-1]
    if role in ("lint", "format", "test", "typecheck") and re.match(r"(download|fetch)[A-Z_-]", task):
        return True  # TEAMMATES' `./gradlew downloadLinters` fetches the linters, it lints nothing
    if role == "format" and re.match(r"generate[A-Z_-]", task):
        return True  # TEAMMATES' `generateApiTypesFormat` writes TypeScript types from Java classes
    if role == "format" and re.match(r"(cd \S+ && )?go generate\b", command):
        return True  # ubuntu-insights' `go generate ./insights/C/...` builds the C bindings: it formats nothing
    if role == "install" and re.search(r"\b(deps?|dependencies)[:_-]?(update|upgrade|bump)\b", command):
        return True  # teable's `pnpm deps:update --dep dev` raises the versions: it installs nothing new
    if role == "migrate" and re.search(r"[:_-](down|rollback|status|reset|undo|revert)\b", command):
        return True  # growi's `pnpm run dev:migrate:down` rolls the last migration back; `:status` only reports
    if role == "run" and re.search(r"\bmigrat\w*[:_-]", command):
        return True  # growi's `dev:migrate:status` prints the migrations' state: it starts no app
    if role == "migrate" and re.search(r"\bdb:(drop|reset)\b", command):
        return True  # rmt's CI `rails db:drop db:create db:migrate` starts a test database over, dropping the data
    if role == "install" and re.search(r"(^|/)update[-_]licen[cs]e[\w-]*(\.sh)?(\s|$)", command):
        return True  # warewulf's and apptainer's scripts/update-license-dependencies.sh rewrite a licence list
    return role == "install" and bool(re.fullmatch(r"uv venv( \S+)?|python3? -m venv \S+|virtualenv \S+", command))


CARGO_COMMAND = re.compile(
    r"(?:[A-Z_][A-Z0-9_]*=\S*\s+)*cargo (?:\+\S+ )?(?:test|build|check|clippy|fmt|run|bench|doc|nextest|miri)\b"
)


def crate_folder(tree: Tree, command: str, guide: str) -> str | None:
    """Where a cargo command has to run when the root has no Cargo.toml (KeyMapper's CLAUDE.md gives `cargo fmt`
    under "# Rust (run from evdev/src/main/rust/evdev_manager)"): the one outermost crate or workspace folder, the
    one holding the package `-p` names, or the one the guide names; "" when none or several remain; None when the
    command is no cargo command run at the root, or the root has its manifest."""
    if not CARGO_COMMAND.match(command) or "--manifest-path" in command or tree.has("Cargo.toml"):
        return None
    manifests = sorted(f.rsplit("/", 1)[0] for f in tree.files if f.endswith("/Cargo.toml"))
    outermost = [m for m in manifests if not any(m.startswith(f"{o}/") for o in manifests)]
    package = re.search(r"(?:-p|--package)[ =]([\w-]+)", command)
    if package:
        named = re.compile(rf'^name\s*=\s*"{re.escape(package.group(1))}"', re.M)
        outermost = [
            o for o in outermost if any(named.search(tree.read(f"{m}/Cargo.toml") or "") for m in manifests
                                        if m == o or m.startswith(f"{o}/"))
        ]  # fmt: skip
    if len(outermost) > 1:
        outermost = [o for o in outermost if re.search(rf"(?<![\w/.-]){re.escape(o)}(?![\w-])", guide)]
    return outermost[0] if len(outermost) == 1 else ""


PYTEST = re.compile(r"(?:(?:uv|poetry|pdm|hatch|rye) run |pipenv run )?(?:python3? -m )?pytest\b")
REQUIRED_VARIABLE = re.compile(
    r"""environ\[["'](\w+)["']\](?!\s*=[^=])|"""  # h's tests/conftest.py: `environ["DATABASE_URL"]`
    r"""(\w+)\s*=\s*(?:os\.)?(?:getenv|environ\.get)\(["'](\w+)["']\)\s*\n\s*assert \2 is not None"""
)
"""A conftest reading a variable it cannot do without: a KeyError, or Daft's `assert name is not None, "Tests must be
run with $DAFT_RUNNER env var"`."""


def unset_test_variables(tree: Tree, command: str) -> list[str]:
    """The variables the tests' conftest.py requires and a bare pytest run leaves unset: neither the command, the
    conftest itself nor the pytest configuration (pytest-env's `env`) sets them."""
    if not PYTEST.match(command):
        return []
    conftests = [tree.read(f) or "" for f in ("conftest.py", "tests/conftest.py", "test/conftest.py") if tree.has(f)]
    config = "".join(tree.read(f) or "" for f in ("pyproject.toml", "pytest.ini", "setup.cfg") if tree.has(f))
    needed = dict.fromkeys(
        v for text in conftests for m in REQUIRED_VARIABLE.finditer(text) if (v := m.group(1) or m.group(3))
    )
    return [
        v for v in needed
        if v not in ALWAYS_SET and not re.search(rf"(^|\s){v}=", command) and f"{v}=" not in config
        # a conftest that sets it, or reads it only behind `if "X" in os.environ`, runs without it
        and not any(re.search(SETS_OR_GUARDS.format(v=v), t) for t in conftests)
    ]  # fmt: skip


SETS_OR_GUARDS = r"""environ(\[["']{v}["']\]\s*=[^=]|\.setdefault\(["']{v})|["']{v}["'] in (os\.)?environ"""
ALWAYS_SET = frozenset({"HOME", "PATH", "USER", "PWD", "SHELL", "LANG", "TERM", "LOGNAME"})
"""Variables every shell has: a conftest reading them needs nothing of the developer."""


def _composer_lines(tree: Tree, command: str) -> list[str]:
    """The lines a `composer <script>` runs, a `@script` it calls read once more."""
    named = re.fullmatch(r"composer (?:run(?:-script)? )?([\w:-]+)(?: .*)?", command)
    scripts = tree.read_json("composer.json").get("scripts") if named and tree.has("composer.json") else None
    if not named or not isinstance(scripts, dict):
        return []

    def lines(name: str) -> list[str]:
        value = scripts.get(name)
        return [str(v) for v in value] if isinstance(value, list) else [str(value)] if value else []

    found = lines(named.group(1))
    return [*found, *(line for f in found if f.startswith("@") for line in lines(f[1:].split(" ")[0]))]


def _runs(tree: Tree, command: str, program: str) -> bool:
    """The command runs the program, itself or through the script or target it names."""
    pattern = rf"(^|[\s/]){program}(\s|$)"
    ran = [command, *(recipe_lines(tree, command) or []), *_composer_lines(tree, command)]
    return any(re.search(pattern, line) for line in ran)


def phpunit_suite_missing(tree: Tree, command: str) -> bool:
    """PHPUnit whose configuration's test suites name folders the checkout lacks (user-registration's tests/ is
    git-ignored, yet phpunit.xml.dist and `composer test` point there): it runs no test."""
    config = tree.first(*ROOT_CONFIGS)
    if not config or not _runs(tree, command, "phpunit"):
        return False
    folders = re.findall(r"<directory[^>]*>\s*([^<\s]+)\s*</directory>", (tree.read(config) or "").split("<source")[0])
    folders = [f.removeprefix("./").rstrip("/") for f in folders if "*" not in f]
    return bool(folders) and not any(tree.under(f) or tree.has(f) for f in folders)


def phpcs_without_files(tree: Tree, command: str) -> bool:
    """PHP_CodeSniffer run bare where its configuration names no file to check (user-registration's phpcs.xml has
    no <file>): phpcs stops with "You must supply at least one file or directory"."""
    lines = [command, *(recipe_lines(tree, command) or []), *_composer_lines(tree, command)]
    bare = [
        line for line in lines
        if re.search(r"(^|[\s/])phpc(s|bf)(\s+-[-\w=.,]+)*\s*$", line.strip())
    ]  # fmt: skip
    if not bare:
        return False
    config = tree.first(*PHPCS_CONFIGS)  # with none, flags or a standard set elsewhere may name the files
    return bool(config) and "<file>" not in (tree.read(config) or "")


DOCS_REQUIREMENT = re.compile(
    r"^(sphinx[\w.-]*|mkdocs[\w.-]*|docutils|jinja2|markupsafe|markdown|pygments|myst[\w-]*|furo|breathe|"
    r"recommonmark|livereload|click|htmlmin|jsmin|pymdown-extensions|mike|nbsphinx|pydata-sphinx-theme|"
    r"readthedocs[\w-]*|zensical)$",
    re.IGNORECASE,
)


def installs_docs_requirements(tree: Tree, command: str) -> bool:
    """`pip install -r requirements.txt` where the file holds only the docs site's tools (ovn-kubernetes' MkDocs
    plugins, bitburner's Sphinx): it sets up the docs build, not the project."""
    named = re.fullmatch(r"(?:python3? -m )?pip3? install -r ([\w./-]+)", command)
    text = tree.read(named.group(1)) or "" if named and tree.has(named.group(1)) else ""
    names = [m.group(1) for line in text.splitlines() if (m := re.match(r"\s*([A-Za-z][\w.-]*)", line))]
    docs = [n for n in names if DOCS_REQUIREMENT.match(n)]
    site = any(re.match(r"(sphinx|mkdocs)", n, re.IGNORECASE) for n in names)
    tests = any(re.fullmatch(r"pytest[\w-]*|tox|nox|coverage|flake8|ruff|black|mypy|pylint", n, re.I) for n in names)
    return site and not tests and len(docs) * 10 >= len(names) * 7  # their dependencies come along (PyYAML, six)


CONTAINER_EXEC = re.compile(r"\bdocker(-| )compose\b[^\n]*\sexec\b[^\n]*\"\$@\"|\bdocker exec\b[^\n]*\"\$@\"")
"""A script line that hands its arguments to a program inside a running container."""


def in_ci_container(tree: Tree, command: str) -> str:
    """The command a CI wrapper runs in its compose container (zksync-era's `ci_run zkstack dev test rust`, where
    bin/ci_run is `docker-compose … exec -T zk "$@"`): the same command, run in a checkout without the CI's
    containers; "" for any other command."""
    wrapper = re.match(r"([\w.-]+) (?=[\w.-])", command)
    if not wrapper:
        return ""
    script = tree.first(f"bin/{wrapper.group(1)}", f"scripts/{wrapper.group(1)}", f"tools/{wrapper.group(1)}")
    if not script or not CONTAINER_EXEC.search(tree.read(script) or ""):
        return ""
    return command[wrapper.end() :]


def _needs(tree: Tree, command: str) -> tuple[list[str], str] | None:
    """The prerequisites and recipe of the make target or just recipe the command runs; None for other commands."""
    if (target := re.fullmatch(r"make ([\w.-]+)", command)) and tree.has("Makefile"):
        return make_rules(tree.read("Makefile") or "").get(target.group(1), ([], ""))
    if recipe := re.fullmatch(r"just ([\w-]+)", command):
        text = tree.read(tree.first("justfile", "Justfile", ".justfile") or "") or ""
        needs = re.search(rf"^{re.escape(recipe.group(1))}\s*:[ \t]*([\w -]*)$", text, re.M)
        return (needs.group(1).split(), "") if needs else None
    return None


def only_checks(tree: Tree, role: str, command: str) -> bool:
    """A target with no recipe of its own whose prerequisites are checks (lakekeeper's `check: check-clippy
    check-format check-cargo-sort`, langroid's `check: lint type-check repomix-all`): it runs no test and formats
    nothing."""
    found = _needs(tree, command)
    if not found or not found[0] or found[1].strip():
        return False
    needs = found[0]
    if command.startswith("just "):  # a just recipe whose every prerequisite is named a check
        return all(re.match(r"(check|lint|clippy)", n) for n in needs)
    if role != "test":
        return False  # a make target of formatters (`format: fmt-go fmt-js`) formats
    checks = [n for n in needs if re.search(r"lint|type|format|fmt|style|vet|docs?\b", n)]
    return len(checks) * 2 >= len(needs) and not any(re.search(r"test|spec", n) for n in needs)


def release_pipeline(tree: Tree, command: str) -> bool:
    """A target that bumps the version and publishes (langroid's `all-patch: bump-patch clean build push release`)."""
    found = _needs(tree, command)
    return bool(found) and any(re.match(r"(bump|release|publish|push|tag)\b", n) for n in found[0])
