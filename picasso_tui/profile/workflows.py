"""Commands, from the source a maintainer points to, then one workflow record per role.

Priority (lower wins): the contributor guide's own commands (20), task runners (25, tasks.py), package.json
and composer scripts (30, ecosystem modules), the CI job that tests a change (45, ci.py), manifest defaults
(40-70, ecosystem modules). An ecosystem's proposal is checked here before it is kept: no "run one test"
inside examples/, no `mvn -pl` in a one-module build, no `ctest -R` when CMake registers a single test.
"""

from __future__ import annotations

import re
from collections import defaultdict
from dataclasses import replace

from picasso_tui.profile import (
    ci,
    ci_summary,
    command_faults,
    commands,
    folder_suites,
    pixi_tasks,
    python_scripts,
    recipes,
    spin_commands,
    tasks,
)
from picasso_tui.profile.agent_files import BUILD_FILES
from picasso_tui.profile.build_modules import unknown_gradle_project
from picasso_tui.profile.ecosystems import golang, php
from picasso_tui.profile.ecosystems.common import LOOPED_TESTS, load_json
from picasso_tui.profile.ecosystems.cpp import tests_option, turns_testing_on
from picasso_tui.profile.ecosystems.example_tests import DECLARES_JVM_TEST, registered_tests
from picasso_tui.profile.ecosystems.in_folder import or_in_folder
from picasso_tui.profile.ecosystems.javascript import docs_site_only, manager, run_script
from picasso_tui.profile.ecosystems.javascript_files import fixes, locked_managers
from picasso_tui.profile.ecosystems.jvm_level import without_profiles
from picasso_tui.profile.ecosystems.maven_switches import (
    enabling_profile,
    skipped_by_property,
    testing_profile,
    with_profile,
)
from picasso_tui.profile.ecosystems.python_requires import requires_python
from picasso_tui.profile.ecosystems.ruby_appraisal import under_appraisal, unknown_appraisal
from picasso_tui.profile.ecosystems.ruby_test_tasks import compile_first
from picasso_tui.profile.ecosystems.rust import bare_run_is_ambiguous, cargo_alias_role, run_alias_role
from picasso_tui.profile.ecosystems.tox_config import tox_configured
from picasso_tui.profile.findings import PARTIAL_RUN, ROLES, WIDER_RUN, Command, Finding, Knowledge
from picasso_tui.profile.languages import shares
from picasso_tui.profile.lint_fixes import fixes_lint_only, has_formatter, script_only_prints
from picasso_tui.profile.make_targets import default_target, make_rules, only_prints
from picasso_tui.profile.pre_commit import lints_nothing, unknown_hook
from picasso_tui.profile.suite_cautions import forbidden_runs, never_run, suite_caution
from picasso_tui.profile.walk import Tree, is_auxiliary
from picasso_tui.store.schema import MemoryClass

CHECK_ROLES = ("lint", "format", "typecheck")
"""Roles where a tool's default invocation (mypy on its config's files or the package, `flake8` for a .flake8) often
checks what the project does not (tests/data, examples): offered only when no written source gives a command."""
WRITTEN = re.compile(
    r"^CI \(|target `|scripts\.|scripts\] `|env `|session `|task `|default task|\.(md|rst|txt|adoc)\b|pre-commit"
)


def _written(c: Command) -> bool:
    """A command the maintainers wrote down: a guide, a task runner's target or script (a hatch environment's
    `[…scripts] `test``, rake's default task), a CI step, pre-commit."""
    return bool(WRITTEN.search(c.source))


ROLE_WORDS = {
    "install": "install",
    "build": "build",
    "test": "test",
    "test-one": "run one test",
    "lint": "lint",
    "format": "format",
    "typecheck": "type-check",
    "docs": "build or preview the docs",
    "run": "run",
    "migrate": "migrate",
}
GUIDE = 20
ALLOWED_TO_FAIL = ", allowed to fail"
CI_PRIORITY = 45
DOCS_TOOL = re.compile(r"\b(mkdocs|sphinx|docusaurus|jekyll|hugo|yard)\b|[-_](docs?)\b", re.IGNORECASE)
NOT_PROJECT = re.compile(r"(^|[\s/\"'])_?(examples?|samples?|demos?|fixtures|benchmarks?)/")
"""Folders of example programs and fixtures: a command pointing there is not the project's."""
EXOTIC = re.compile(
    r"robovm|emulator|simulator|device[- ]?farm|firebase[- ]test|browserstack|saucelabs|connectedCheck|"
    r"connected\w*AndroidTest|\bios\b|watchos|tvos|\bndk\b|\bwasm\b|wasm-pack|\bcargo miri\b|"
    r"\bidf\.py\b|esp-?idf|platformio|\bpio (run|ci)\b|arduino-cli|"  # ArduinoJson's microcontroller jobs
    r"\bWINE=|\bwine(64)?\s|mingw|"  # liblouis' `make check WINE=wine64`: the Windows cross-build's tests under Wine
    r"graalvm|nativeCompile|nativeTest|native-image|"  # bitcoinj's `gradle test nativeCompile` needs GraalVM
    r"\bmuon\b|\btcc\b|tinycc|"  # rizin's muon.yml and tcc.yml: Meson's C reimplementation, the Tiny C Compiler
    r"--run-vm-tests|\bkvm\b|"  # tailscale's natlab VM tests need KVM
    r"\bcargo xwin\b|"  # uv's `cargo xwin clippy` checks the Windows build from another OS
    r"-G ?\"?Visual Studio\b|"  # glslang's Windows job: CMake's Visual Studio generator, on Windows only
    r"memray|memory[-_]?leaks?|"  # conda's linux-memray and duckdb's linux-memory-leaks jobs measure memory
    r"cross[-_]?compil|"  # ctags' cross-compile-for--netbsd-on-ubuntu.yml builds for another system
    r"\b(i[3-6]86|x86_64|amd64|aarch64|armv?\w*|mips\w*|powerpc\w*|riscv\w*|s390x|sparc\w*)-[\w.]+-[\w.-]+",
    re.IGNORECASE,
)
"""A CI job for one exotic platform (RoboVM, an emulator, a device farm, Miri's interpreter on a nightly toolchain,
a cross target named by its triple: tokei's `ci/build.bash cargo i686-pc-windows-msvc`): it tests that platform,
not a change."""


PACKAGING_JOB = re.compile(r"amalgamat|single[-_]?header|\bdist\b|bundle", re.IGNORECASE)
"""A CI job that packs the project for release (ArduinoJson's `amalgamate` writes the single-header files): its build
step is no contributor's build, offered after the others."""
IMAGE_JOB = re.compile(r"\bdocker|\bimages?\b|\bcontainers?\b", re.IGNORECASE)
"""certbot's `docker_build` job runs `tools/docker/build.sh nightly amd64`: the images, never the project's build."""


DEPLOYMENT_LINTER = re.compile(r"(ct lint|helm lint|actionlint|hadolint|kube-linter|kubeconform|kubeval)\b")
"""Checkers of Helm charts, workflows, Dockerfiles and manifests: lint, ranked after what checks the code."""

GLOBAL_TOOL_INSTALL = re.compile(
    r"^(sudo )?(uv tool install|pipx install|npm (i|install) (-g|--global)|cargo install (?!--path)|"
    r"go install \S+@|gem install|brew install|cargo binstall)\b"
)
"""A tool installed for the user's machine, not the project's set-up."""


def _guide(tree: Tree, k: Knowledge) -> None:
    found = [said for g in commands.guide_commands(tree) if (said := _as_the_makefile_says(tree, k, g))]
    for g in found:
        # the plain form before its variants (`nr build`, then `nr build runtime-core -f global`) wherever
        # the guide mentions it, then reading order
        # redb's `just test_py` is a variant of `just test` as much as `just test --release` is
        plain = [
            i
            for i, o in enumerate(found)
            if o.role == g.role
            and (g.command.startswith(o.command + " ") or re.fullmatch(re.escape(o.command) + r"[_-]\w+", g.command))
        ]
        base = min(plain, key=lambda i: len(found[i].command)) if plain else found.index(g)  # the shortest prefix
        words = min(len(g.command.split()), 9)  # fewest arguments first: the guide's plain command
        if g.role == "install":  # set-up steps follow one another: the first one comes first (pip before hooks)
            # globus-cli's guide opens with `uv tool install tox --with=tox-uv`: a tool for the user's machine,
            # offered after the set-up of the project itself (its `make install`)
            later = 10 if GLOBAL_TOOL_INSTALL.match(g.command) else 1 if commands.in_guide_folder(g.source) else 0
            k.command(g.role, g.command, g.source, GUIDE + later + found.index(g) / 100)
            continue
        # preact's guide: "Pass package directories after `--` to build only selected packages, for example `npm
        # run build -- . hooks compat`": the script's own plain run, from package.json, comes first
        narrowed = re.match(r"(npm|pnpm|yarn|bun) run [\w:.-]+ -- \S", g.command)
        # kapitan's guide gives `make fix` (ruff's lint fixes) before `make format`: the target named for the
        # job leads among the guide's own
        named = -0.05 if _named_for(g.role, g.command) else 0
        # community-engine-rails' docs/development/parallel_testing_setup.md: one topic's page after the guide itself
        aside = 1 if commands.in_guide_folder(g.source) else 0
        k.command(
            g.role,
            g.command,
            g.source,
            GUIDE
            + words / 10
            + min(base, 99) / 1000
            + min(len(g.command), 99) / 1e5
            + (15 if narrowed else 0)
            + named
            + aside,
        )


def _as_the_makefile_says(tree: Tree, k: Knowledge, g: commands.GuideCommand) -> commands.GuideCommand | None:
    """A guide's `make <target>` in the role its recipe has: guardrails' guide runs `make dev`, which only installs;
    headscale's AGENTS.md, whose `dev` target chains fmt, lint, test and build, runs no program with it."""
    composer = re.fullmatch(r"composer run(?:-script)? ([\w:.-]+)", g.command)
    declared = load_json(tree, "composer.json").get("scripts") if composer and tree.has("composer.json") else None
    if composer and isinstance(declared, dict) and composer.group(1) not in declared:
        return None  # coolify's CLAUDE.md runs `composer run dev`, which its composer.json does not declare
    script = re.fullmatch(r"(?:npm|pnpm|yarn|bun)(?: run)? (dev|start|serve)", g.command)
    if script and g.role == "run" and not _runs_the_app(tree, k, script.group(1)):
        return None  # ampache's README runs `npm run dev`: package.json's `vite` serves its PHP pages' assets
    target = re.fullmatch(r"make ([\w.-]+)", g.command)
    makefile = tree.read("Makefile") or "" if target and tree.has("Makefile") else ""
    if not target or not re.search(rf"^{re.escape(target.group(1))}\s*:(?!=)", makefile, re.M):
        return g
    roles = {c.role for c in k.commands if c.command == g.command and c.source.startswith("Makefile target")}
    if not roles:
        return None if g.role == "run" else g
    return g if g.role in roles else commands.GuideCommand(g.command, sorted(roles)[0], g.source)


def _runs_the_app(tree: Tree, k: Knowledge, script: str) -> bool:
    """The root package.json's script runs the application, as package.json was read (a script that only builds or
    serves another language's assets gives no run command); True where package.json has no such script."""
    scripts = load_json(tree, "package.json").get("scripts") if tree.has("package.json") else None
    if not isinstance(scripts, dict) or script not in scripts:
        return True
    return any(c.role == "run" and c.source == f"package.json scripts.{script}" for c in k.commands)


ROLE_TARGETS = {"format": ("format", "fmt"), "lint": ("lint",), "test": ("test",), "build": ("build",),
                "docs": ("docs", "doc")}  # fmt: skip
RUNNER_TARGET = re.compile(r"^(?:make|just|task|mise run|(?:npm|pnpm|yarn|bun) run|composer|rake) ([\w:-]+)$")


def _named_for(role: str, command: str) -> bool:
    """A task runner's target named for the job it is given as: `make format` for the format command."""
    target = RUNNER_TARGET.match(command)
    return bool(target) and target.group(1) in ROLE_TARGETS.get(role, ())


LINT_JOB = re.compile(
    r"\b(lint|linters?|golangci|clippy|eslint|rubocop|checkstyle|static[-_ ]analysis|phpstan|psalm|ruff|flake8)", re.I
)
"""A workflow file or job named for a linter."""


def _ci(tree: Tree, k: Knowledge) -> None:
    reading = ci.read_ci(tree)
    if reading is None:
        return
    ci_summary.ci_fact(k, reading, _checks, _sets_up)
    for step in reading.steps:
        if step.in_build_tree:
            continue  # rapidjson's Travis `make tests` in the build/ only CI configured: said in the CI fact only
        # typst's CI `cargo docit compile --format pdf` runs the docs generator its alias names, no build
        role = cargo_alias_role(tree, step.command) or commands.command_role(step.command)
        # zot's `make check` runs golangci-lint, in golangci-lint.yaml's job `golangci`: the linter's job
        generic = role == "test" and re.fullmatch(r"make (check|verify|ci)", step.command)
        if generic and LINT_JOB.search(f"{step.file.rsplit('/', 1)[-1]} {step.job}"):
            role = "lint"
        if CANNOT_FAIL.search(step.command):
            continue  # colorama's `black --check . || true`, parsedown's `phpunit … || true`: CI lets them fail
        if role == "build" and IMAGE_JOB.search(f"{step.job} {step.command}"):
            continue
        if role and role not in ("install", "run"):  # CI installs its own machine and runs no application
            # rizin's muon.yml names the other toolchain in its file's name only
            named = f"{step.file.rsplit('/', 1)[-1]} {step.job} {step.command}"
            exotic = EXOTIC.search(named) or (role == "build" and PACKAGING_JOB.search(step.job))
            # a job or step CI lets fail (junit-pioneer's experimental Gradle build) comes last, offered only alone
            may_fail = ALLOWED_TO_FAIL if step.may_fail else ""
            if role == "test-one" and exotic:
                continue  # duckdb's linux-memory-leaks job runs its leak script: one file, no way to run one test
            source = f"CI ({step.file} job `{step.job}`{may_fail})"
            # picocli's CI job for old JDKs builds picocli-tests-java567/, a Gradle build with its own wrapper
            separate = re.match(r"cd ([\w./-]+) && \./(gradlew|mvnw)\b", step.command)
            apart = 20 if separate and tree.has(f"{separate.group(1).strip('/')}/{separate.group(2)}") else 0
            # cassandra-reaper's `.github/scripts/run-tests.sh` reads the matrix's TEST_TYPE: CI's machinery, after
            # the project's own commands
            apart += 30 if re.match(r"(bash |sh )?(\./)?\.github/", step.command) else 0
            k.command(role, step.command, source, CI_PRIORITY + (50 if exotic or may_fail else 0) + apart)


def _task_runners(tree: Tree) -> Knowledge:
    k = Knowledge()
    for step in tasks.RUNNERS:
        step(tree, k)
    return k


def investigate(tree: Tree) -> Knowledge:
    # glauth keeps its go.mod and Makefile in v2/ and nothing at the root: its targets run there (`cd v2 && make run`)
    k = or_in_folder(_task_runners)(tree)
    hatch, pdm = python_scripts.hatch_scripts, python_scripts.pdm_scripts
    for step in (pixi_tasks.pixi, spin_commands.spin, hatch, pdm, folder_suites.folder_suite, _ci, _guide):
        step(tree, k)
    return k


def _one_module_maven(tree: Tree) -> bool:
    pom = tree.read("pom.xml") or ""
    return tree.has("pom.xml") and "<modules>" not in pom and "<subprojects>" not in pom  # Maven 4 names subprojects


def _single_ctest(tree: Tree) -> bool:
    """CMake registers one test (or one per build flavour): `ctest -R` would select a whole suite, not a test.
    A function that wraps add_test (fmt's add_fmt_test) registers one test per call."""
    texts = [tree.read(f) or "" for f in tree.named("CMakeLists.txt") if not NOT_PROJECT.search(f)]
    texts += [tree.read(f) or "" for f in tree.files if f.endswith(".cmake") and not NOT_PROJECT.search(f)][:20]
    whole = "\n".join(texts)
    if LOOPED_TESTS.search(whole):
        return False  # json-c's foreach over its test names: one ctest entry per name
    return registered_tests(whole)[0] <= 2


def _main_test_file(tree: Tree, example: str) -> str | None:
    """The first test file of the same kind in the main test folder (for a "run one test" aimed at examples/)."""
    suffix = "." + example.rsplit(".", 1)[-1] if "." in example.rsplit("/", 1)[-1] else ""
    for folder in ("tests", "test", "spec"):
        hits = [
            f for f in tree.under(folder) if f.endswith(suffix) and re.search(r"(^|/)test_|_test\.|_spec\.|Test\.", f)
        ]
        if hits:
            return min(hits, key=lambda f: (f.count("/"), f))
    return None


def _target_elsewhere(tree: Tree, command: str) -> tuple[str, str] | None:
    """(folder, target) for a guide's `make <target>` that the root Makefile lacks (fpm's docs guide: "cd into the
    docs folder and run `make docker-prep`", then `make build`): the one folder whose Makefile has it, or "" when
    none has; None when the root has it, or several folders do."""
    named = re.fullmatch(r"make ([\w.-]+)", command)
    if not named or not tree.has("Makefile") or named.group(1) in make_rules(tree.read("Makefile") or ""):
        return None
    target = named.group(1)
    holders = [
        f.rsplit("/", 1)[0]
        for f in tree.named("Makefile")
        if "/" in f and f.count("/") <= 2 and target in make_rules(tree.read(f) or "")
    ]
    return (holders[0], target) if len(holders) == 1 else ("", target) if not holders else None


def _repointed(tree: Tree, c: Command) -> Command | None:
    path = next((t for t in re.split(r"[\s:]+", c.command) if NOT_PROJECT.search(t) and "/" in t), None)
    main = _main_test_file(tree, path) if path else None
    return Command(c.role, c.command.replace(path, main), c.source, c.priority, c.note) if path and main else None


def _runs_a_built_file(tree: Tree, command: str) -> bool:
    """The command starts a program at a path the checkout lacks, outside the folders an install fills (vendor/,
    node_modules/): a file some build wrote, which the command runs rather than builds."""
    moved = re.match(r"^cd ([\w./-]+) && (.+)$", command)
    folder, rest = (moved.group(1), moved.group(2)) if moved else (".", command)
    program = re.match(r"(?:\./)?((?:[\w.-]+/)+[\w.-]+)(\s|$)", rest)
    if not program or re.match(r"(vendor|node_modules)/", program.group(1)):
        return False
    return not (tree.root / folder / program.group(1)).exists()


def _unbalanced_quotes(command: str) -> bool:
    """A quote opened and never closed, outside the other kind of quote."""
    quote = ""
    for char in command:
        if quote:
            quote = "" if char == quote else quote
        elif char in "'\"":
            quote = char
    return bool(quote)


def _unread_make_variables(tree: Tree, command: str) -> list[str]:
    """The `VAR=value` arguments of a `make` command that the Makefile never reads (no `$(VAR)` nor `${VAR}`,
    nor an environment lookup in its recipes): they change nothing, yet read as a way to pick what runs."""
    if not re.match(r"make\b", command) or not (rel := tree.first("Makefile", "makefile", "GNUmakefile")):
        return []
    text = tree.read(rel) or ""
    given = re.findall(r"\s([A-Z][A-Z0-9_]*)=\S+", command)
    return [v for v in given if not re.search(rf"\b{v}\b", text)]


def _runner_is_not_node(tree: Tree) -> bool:
    """package.json's test script runs a test runner (cypress, jest …), not plain node scripts."""
    scripts = load_json(tree, "package.json").get("scripts") if tree.has("package.json") else None
    test = str(scripts.get("test") or "") if isinstance(scripts, dict) else ""
    return bool(test) and not re.match(r"node\b", test)


def _cargo_binary(tree: Tree) -> bool:
    """The root package has a program to run (src/main.rs, src/bin/, a [[bin]] target), or the root is a virtual
    workspace, whose members decide what `cargo run` runs."""
    if not tree.has("Cargo.toml"):
        return True
    manifest = tree.read("Cargo.toml") or ""
    if "[workspace]" in manifest and "[package]" not in manifest:
        return True  # a virtual workspace: its members decide, `cargo run` picks among them
    return tree.has("src/main.rs") or bool(tree.under("src/bin")) or "[[bin]]" in manifest


SYSTEM_PACKAGES = re.compile(r"^(sudo )?(apt(-get)?|dnf|yum|zypper|pacman|apk|brew|port|pkg) (install|add|-S)\b")
"""A system package manager's install: a prerequisite a guide names first, not the project's own set-up."""
COMPOSE_FILES = ("compose.yaml", "compose.yml", "docker-compose.yaml", "docker-compose.yml")


def _no_compose_file(tree: Tree, command: str) -> bool:
    """A `docker compose` command with no compose file to read: the one its -f names, else the default names in
    the folder it runs in."""
    used = re.search(r"(?:^|&&\s*)(?:cd ([\w./-]+) && )?docker[- ]compose\b(.*)", command)
    if not used:
        return False
    named = re.findall(r"(?:-f|--file)[= ]([\w./-]+)", used.group(2))
    folder = f"{used.group(1).strip('/')}/" if used.group(1) else ""
    wanted = [f"{folder}{n}" for n in named] if named else [f"{folder}{n}" for n in COMPOSE_FILES]
    return not any(tree.has(f) for f in wanted)


def _has_migrations(tree: Tree) -> bool:
    return any(
        re.search(r"(^|/)(migrations?|migrate|alembic|prisma)/", f) and not NOT_PROJECT.search(f)
        for f in tree.files[:200000]
    )


def _source_missing(tree: Tree, source: str) -> bool:
    """A source named as a path (``src/main.rs``) that the repository does not have."""
    first = source.split()[0] if source else ""
    return "/" in first and not first.endswith("/") and not tree.has(first) and not tree.under(first)


def _no_package_script(tree: Tree, command: str) -> bool:
    """`pnpm --filter <package> test` when no workspace package defines that script."""
    m = re.match(r"(?:pnpm|yarn|npm|bun)\b.*--filter\s+\S+\s+(?:run\s+)?([\w:-]+)", command)
    if not m:
        return False
    pattern = re.compile(rf'"scripts"\s*:\s*\{{[^}}]*"{re.escape(m.group(1))}"\s*:', re.DOTALL)
    return not any(pattern.search(tree.read(f) or "") for f in tree.named("package.json")[1:200])


def _opens_a_repl(tree: Tree, command: str) -> bool:
    """The package script the command runs opens Node's REPL (`node -i`, `node --interactive`)."""
    m = re.fullmatch(r"(?:npm|pnpm|yarn|bun) (?:run )?([\w:-]+)", command)
    scripts = (load_json(tree, "package.json") or {}).get("scripts") if m else None
    body = scripts.get(m.group(1)) if m and isinstance(scripts, dict) else None
    return isinstance(body, str) and bool(re.match(r"node (\S+ )*(-i|--interactive)\b", body))


PROJECT_TASK = re.compile(
    r"(make|just|task) \w|(bundle exec )?rake \w|cargo (run -p )?xtask\b|(\./)?mvnw? (-\S+ )*\w|\./\.?[\w./-]+\.sh$"
)
"""A task of the project's own runner, or its own script (wren's CI runs `./.travis.sh`, which builds and tests): CI
runs it to check a change whatever its name says."""


CANNOT_FAIL = re.compile(r"\|\|\s*(true|:|exit 0)\s*$|\s--exit-zero\b|\s-Dmaven\.test\.failure\.ignore\b")
"""A check CI runs but lets pass whatever it finds (Maven told to ignore the failed tests, too)."""


SET_UP = re.compile(
    r"^(composer (update|config|validate --no-check-publish)|bundle (config|lock)|npm (config|set)|yarn config|"
    r"(go|ruby|node|php|python3?|java|mvn|gradle|cargo|rustc|npm|pnpm|yarn|gem|bundle|composer|pip3?) (--?version|-v)|"
    r"go env|touch|cp|mv|rm|ln|chmod|mkdir|tar|unzip|wget|printf|cat|ls|source|\.|env|set|which|whoami|date|"
    r"git (config|submodule)|docker (pull|build|compose (pull|up))|sleep|ulimit)\b"
)
"""A CI line that prepares the machine or prints what it has: not one of the commands a change is checked by."""


def _fixing_sibling(tree: Tree, command: str) -> str | None:
    """The script beside a checking one that writes the fixes: `format` for `format.check`, `prettier:fix` for
    komga's `prettier` (`prettier --check`)."""
    named = re.match(r"^(.*\b(?:npm run|pnpm|yarn|bun run|make|just) )([\w:.-]+)$", command)
    if not named:
        return None
    head, name = named.groups()
    base = re.sub(r"[.:_-](check|lint|verify)$", "", name)
    # librime's `make clang-format-lint` beside `make clang-format-apply`
    siblings = (base, f"{base}:fix", f"{base}-fix", f"{base}.fix", f"{base}:write", f"{base}-apply", f"{base}:apply")
    for other in dict.fromkeys(siblings):
        if other != name and (ran := recipes.recipe_lines(tree, head + other)) and fixes("format", " && ".join(ran)):
            return head + other
    return None


def _sets_up(command: str) -> bool:
    return commands.command_role(command) == "install" or bool(SET_UP.match(command))


def _checks(command: str) -> bool:
    """A CI command the CI fact lists: one with a check's role, or a target of the project's own task runner
    (more-itertools' CI runs `make coverage` and `make requirements check`)."""
    role = commands.command_role(command)
    if role is None or role == "run":  # roda's `bundle exec rake spec_ci`, once_cell's `cargo run -p xtask -- ci`
        return bool(PROJECT_TASK.match(command))
    return role != "install"


def _without_bundler(tree: Tree, c: Command) -> Command | None:
    """Without a Gemfile Bundler stops at once ("Could not locate Gemfile", roda): its install step goes, and
    `bundle exec rake spec` runs as `rake spec`."""
    if not c.command.startswith("bundle ") or tree.first("Gemfile", "gems.rb"):
        return c
    if c.command.startswith("bundle exec "):
        return Command(c.role, c.command.removeprefix("bundle exec "), c.source, c.priority, c.note)
    return None


def _through_script(tree: Tree, c: Command, forbidden: str) -> Command | None:
    """The forbidden run's arguments handed to the composer script that runs it (`composer test -- --filter
    '<test name>'`, as graphql-php's .ai/AGENTS.md asks); None when no such script exists."""
    scripts = load_json(tree, "composer.json").get("scripts") or {}
    name = next((n for n, body in scripts.items() if n == "test" and forbidden in str(body)), None)
    rest = c.command[len(forbidden) :].strip()
    if not name:
        return None
    return replace(c, command=f"composer {name}" + (f" -- {rest}" if rest else ""), source="composer.json scripts.test",
                   note=f"{forbidden_runs(tree)[forbidden]}: never bare `{forbidden}`")  # fmt: skip


REWRITES = re.compile(r"^(npx |pnpm (exec )?|yarn )?prettier\b.*\s(--write|-w)\b")
"""A line that rewrites files with Prettier: a format step, whatever its script is named."""
BARE_TOOL = re.compile(
    r"golangci-lint|cargo|go|npm|npx|pnpm|composer|docker|git|uv|poetry|gradle|dotnet|pre-commit|gofmt|goimports|gofumpt|"
    r"ruby|python3?|node|php|"  # asciidoctor's guide: "run `ruby` on a test file" — alone, an interpreter reads stdin
    r"meson|cmake"  # glib's and HiGHS' guides name `meson`: alone it prints its usage
)
"""A tool named alone that needs a subcommand to do anything: as a command it prints its usage (a bare
`pre-commit` checks only the staged files, on a clean tree none: vulture's guide names it before
`pre-commit run --all-files`), or reads stdin (air's AGENTS.md names `gofmt` and `goimports` as its tools)."""
POWERSHELL = re.compile(r"^[A-Z][a-z]+-[A-Z][A-Za-z]+\b|^\$\w+\s*=|^(pwsh |powershell )?(\.[/\\])?[\w./\\-]+\.ps1\b")
"""A PowerShell line (ebpf's windows job: `Write-Error "Setup script not found…"`, `$env = …`; editorconfig-core-c's
Windows job `./build.ps1 -proj core -init`): no POSIX shell runs it, and an error message is no build."""
DATA_FILE = re.compile(r"^[\w./-]+\.(xml|json|ya?ml|toml|md|txt|cfg|ini|properties|csv|bzl|bazel|cmake|mk|lock)$")
"""A file of configuration or data quoted as if it were a command: nothing runs it."""
DANGLING_OPTION = re.compile(r"\s(-r|-e|-c|--requirement|--editable|--constraint|-f|--file)$")
"""A command cut before the value its last option takes (`pip install -r`): it fails as written."""


OUTPUT_FILTER = re.compile(r"\s*(2>&1\s*)?\|\s*(grep|tail|head|less|tee)\b.*$")
"""A pipe into a pager or a filter only trims what the command prints: the command is what runs."""


INTERACTIVE = re.compile(r"^(bundle exec )?(\./)?(bin/console|bin/rails console|irb|pry|rails console)(\s|$)")
"""A session that waits for the user's input: no check that ends."""
NOT_A_CHECK = re.compile(
    r"^(bundle exec )?rake (install|release|build)(:\w+)?(\s|$)|^(bundle add|gem install) |^\S+ (--help|-h|--version)$"
)
"""Rake's gem tasks install, build or release the gem, `bundle add` (view_component's guide, for an app that
reproduces a bug) adds a gem, and codespell's CI smoke step `codespell --help` prints the usage: they check
nothing."""


def _rustfmt_off(tree: Tree) -> bool:
    config = tree.first(".rustfmt.toml", "rustfmt.toml")
    return bool(config) and bool(re.search(r"^\s*disable_all_formatting\s*=\s*true", tree.read(config) or "", re.M))


_BUILD_FOLDER_ONLY = re.compile(r"(ninja|make|cmake --build|meson compile)\s+(?:-C\s+)?([\w./-]+)(\s+-j\S*)?")


def _only_docker(tree: Tree, command: str) -> bool:
    """Every line the make target runs builds a container image (`docker compose build`, `docker build`)."""
    lines = [ln.strip().lstrip("@-") for ln in recipes.recipe_lines(tree, command) or [] if ln.strip()]
    lines = [ln for ln in lines if not ln.startswith("#")]
    return bool(lines) and all(re.match(r"(sudo )?(docker[ -]compose|docker)( \S+)* build\b", ln) for ln in lines)


def _checks_only_data_files(command: str) -> bool:
    """A formatter or linter pointed only at configuration and prose (`prettier --check "*.{yml,yaml}" …`)."""
    if not re.search(r"\b(prettier|eslint|biome)\b", command):
        return False
    targets = re.findall(r"""["']([^"']*\.[{\w,}]+)["']""", command)
    return bool(targets) and all(
        re.search(r"\.(\{?(ya?ml|json|md|markdown)(,\s*(ya?ml|json|md|markdown))*\}?)$", t) for t in targets
    )


def _builds_an_unconfigured_folder(tree: Tree, command: str) -> bool:
    """A CI step that only builds a folder an earlier step configured (`ninja -C build`, `cmake --build build`):
    on a fresh checkout the folder does not exist and the step fails alone."""
    found = _BUILD_FOLDER_ONLY.fullmatch(command)
    return (
        bool(found) and (found.group(1) != "make" or command.startswith("make -C")) and not tree.under(found.group(2))
    )


def _gradle_install_without_maven_plugin(tree: Tree, command: str) -> bool:
    """`./gradlew install` where no build applies the legacy `maven` plugin (removed in Gradle 7) nor declares an
    `install` task: maven-publish names it publishToMavenLocal, and Gradle stops on the unknown task."""
    if not re.match(r"(\./)?gradlew(\s+-\S+)*\s+(:?[\w-]+:)*install(\s|$)", command):
        return False
    builds = "\n".join(tree.read(f) or "" for f in tree.named("build.gradle", "build.gradle.kts")[:40])
    legacy = re.search(
        r"""apply plugin:\s*['"]maven['"]|id\s*\(?\s*['"]maven['"]|\bplugins\s*\{[^}]*\bmaven\b(?!-)""", builds
    )
    return not legacy and not re.search(r"""\b(task|register)\s*\(?\s*['"]?install\b""", builds)


def _names_a_missing_test_class(tree: Tree, command: str) -> bool:
    """Maven's `-Dtest=Name` or Gradle's `--tests Name` for a class no source file declares, or one that declares no
    test (bucket4j's `-Dtest=LockFreeBucketLayout` is a program with a main method): nothing runs."""
    named = re.search(
        r"\s-Dtest=([A-Z]\w*)(?=[\s#]|$)|\s--tests\s+['\"]?(\*?)(?:[a-z]\w*\.)*([A-Z]\w*)(\*?)['\"]?(?=\s|$)", command
    )
    if not named:
        return False
    name = named.group(1) or named.group(3)
    if named.group(2) or named.group(4):  # fdroidclient's `--tests *LocaleSelectionTest*`: a part of a class's name
        endings = (".java", ".kt", ".groovy", ".scala")
        files = [f for f in tree.files if f.endswith(endings) and name in f.rsplit("/", 1)[-1]]
    else:
        files = tree.named(*(f"{name}.{ending}" for ending in ("java", "kt", "groovy", "scala")))
    return not files or not any(DECLARES_JVM_TEST.search(tree.read(f) or "") for f in files)


def _phpunit_without_config(tree: Tree, command: str) -> bool:
    """PHPUnit run at the root with no configuration there, none named (`-c`) and no test path: it finds no suite."""
    ran = re.fullmatch(r"(?:php )?(?:\.?/?[\w.-]+/)*phpunit((?:\s+\S+)*)", command)
    if not ran or tree.first(*php.ROOT_CONFIGS):
        return False
    words = ran.group(1).split()
    named = {"-c", "--config", "--configuration"} & set(words) or any(
        w.startswith(("-c=", "--config=", "--configuration=")) for w in words
    )
    paths = [w for w in words if not w.startswith("-") and ("/" in w or w.endswith(".php") or tree.under(w))]
    values = {words[i + 1] for i, w in enumerate(words[:-1]) if w in ("--filter", "--group", "--testsuite")}
    return not named and not [p for p in paths if p not in values]


def _runs_the_tests_too(tree: Tree, command: str) -> bool:
    """A make target that needs the `test` target (act's `pr: tidy format-all lint test`), or a script that runs the
    test script among its steps (svgo's `qa`: `pnpm lint && pnpm typecheck && pnpm test && …`)."""
    target = re.fullmatch(r"make ([\w.-]+)", command)
    makefile = tree.first("Makefile", "makefile", "GNUmakefile") if target else None
    needs = make_rules(tree.read(makefile) or "").get(target.group(1), ([], ""))[0] if target and makefile else []
    if any(tasks.target_role(n) == "test" for n in needs):
        return True
    if not re.match(r"(npm|pnpm|yarn|bun) ", command):
        return False
    steps = [step.strip() for line in recipes.recipe_lines(tree, command) or [] for step in line.split("&&")]
    return any(re.fullmatch(r"(npm|pnpm|yarn|bun)( run)? test", step) for step in steps)


LINT_FIX = re.compile(r"^(npx |bunx |pnpm exec )?(eslint|oxlint|stylelint|biome lint|standard|xo)\b.*\s--fix\b")
"""A script line that applies a linter's own fixes: the code's format is another tool's."""
NODE_TOOL = re.compile(r"^(tsc|eslint|prettier|jest|vitest|mocha|ava|biome|oxlint|stylelint|flow)$")
"""A Node command-line tool a guide names alone: installed in node_modules/.bin, so not on the PATH as written."""


SCRIPT_NAME_WORDS = {"typecheck": r"type|tsc|check", "format": r"format|fmt|prettier", "lint": r"lint"}
"""Words in a package script's name that say it does the job a command has."""


def _through_package_script(tree: Tree, c: Command) -> Command:
    """A tool the guide names alone, run as the package.json script that runs it: downshift's guide says its
    `test:ts` script "runs `tsc`"; bare, tsc is not on the PATH, and without the script's `--noEmit` it writes
    declarations into dist/."""
    if not NODE_TOOL.match(c.command) or not tree.has("package.json"):
        return c
    pkg = load_json(tree, "package.json")
    scripts = pkg.get("scripts") or {}
    running = [n for n, body in scripts.items() if re.match(rf"\s*{c.command}(\s|$)", str(body))]
    if not running:
        return c
    words = SCRIPT_NAME_WORDS.get(c.role, c.role)

    def rank(n: str) -> tuple[bool, bool, int]:
        # atproto's `build:tooling` runs `tsc --build` over two packages' tsconfigs, `build:ts` over the root's:
        # the script over the whole project, then the one named for the role, comes first
        narrow = bool(re.search(r"\s\.?/?[\w.-]+/[\w./-]+", str(scripts[n])))
        return narrow, not re.search(words, n, re.IGNORECASE), running.index(n)

    name = min(running, key=rank)
    return replace(c, command=run_script(manager(tree, pkg)[0], name), note=f"`{scripts[name]}`")


def _with_locked_manager(tree: Tree, c: Command) -> Command:
    """A root command of a package manager whose lock the repository does not keep, run with the one it keeps:
    crawlee's guide still says `yarn test`, while package.json pins pnpm and only pnpm-lock.yaml is there. An install
    or a package.json script is the same step under either manager; any other command is left as written."""
    said = re.match(r"(npm|yarn|pnpm|bun|nr)(?: run)? ([\w:.-]+)((?: [^&|;]*)?)$", c.command)
    locked = locked_managers(tree) if said and tree.has("package.json") else set()
    if not said or len(locked) != 1 or said.group(1) in locked:
        return c
    if said.group(1) == "nr" and said.group(2) in (load_json(tree, "package.json").get("scripts") or {}):
        # elk's guide: `nr dev`, antfu's ni, installed globally if at all: the locked manager runs the script
        tool = next(iter(locked))
        return replace(c, command=run_script(tool, said.group(2)) + said.group(3), note=f"written `{c.command}` (ni)")
    pkg = load_json(tree, "package.json")
    tool, _ = manager(tree, pkg)
    if tool not in locked:
        return c
    step, rest = said.group(2), said.group(3)
    note = f"written `{c.command}`; the lock kept is {tool}'s"
    if step in ("install", "i", "ci") and not rest:
        return replace(c, command=f"{tool} install", note=note)
    if step in ("install", "i") and re.fullmatch(r"( --(frozen-lockfile|immutable|pure-lockfile))+", rest):
        # projen's guide: `pnpm install --frozen-lockfile`, with only npm's package-lock.json kept: `npm ci`
        return replace(c, command="npm ci" if tool == "npm" else f"{tool} install{rest}", note=note)
    if step in (pkg.get("scripts") or {}):
        return replace(c, command=run_script(tool, step) + rest, note=note)
    return c


NPM_OWN_FLAGS = re.compile(
    r"--?(s|silent|if-present|ws|workspaces|w|workspace|include-workspace-root|prefix|loglevel|ignore-scripts|"
    r"quiet|verbose|foreground-scripts)(=\S*)?$"
)


def _no_default_binary(tree: Tree) -> bool:
    """A virtual workspace (no root [package], no default-members) with more than one program: a bare `cargo run`
    stops with "could not determine which binary to run"."""
    root = tree.read("Cargo.toml") or "" if tree.has("Cargo.toml") else ""
    virtual = "[workspace]" in root and not re.search(r"^\[package\]", root, re.M) and "default-members" not in root
    return virtual and len([f for f in tree.files if f.endswith("/src/main.rs")]) > 1


def _flags_to_the_script(c: Command) -> Command:
    """`npm run <script> --fix` sets an npm option named fix and runs the script without it (typegoose's guide):
    the flags after the script's name reach it only past `--`. pnpm and yarn pass them on as written."""
    said = re.match(r"(npm run [\w:.-]+)((?: -{1,2}[\w][\w-]*(?:=\S*)?)+)$", c.command)  # a bare `--` passes already
    if not said or all(NPM_OWN_FLAGS.match(f) for f in said.group(2).split()):
        return c
    return replace(c, command=f"{said.group(1)} --{said.group(2)}")


def _runs_the_program(command: str) -> bool:
    """`cargo run` of the crate's own program, not of a test runner it builds (`cargo run -p xtask -- test`)."""
    return bool(re.match(r"cargo run\b", command)) and not re.search(
        r"\s(-p|--package|--bin)[ =]\S*(xtask|test)|\s--\s+(\S+\s+)*test(s)?(\s|$)", command
    )


WHOLE_SUITE = re.compile(
    r"^((uv|poetry|pdm|hatch) run |bundle exec |python3? -m )?(make (check|tests?)|pytest|rake( test| spec)?|rspec|"
    r"tox|ctest|cargo test|npm test|go test|mvn test|\./gradlew test)$"
)
"""A test run that names no test, once its flags are left out: the suite, whatever the heading over it says."""


def _names_no_test(command: str) -> bool:
    """swig's AGENTS.md `make -k check` ("full test suite, keep going"), textX's `uv run --package <member> pytest`:
    under a one-test heading or not, they run every test."""
    if re.fullmatch(r"(python3? |bash |sh )?[\w./-]*/?run_?(all_?)?tests?(\.py|\.sh)?", command):
        return True  # yosys' CI `python3 tests/pyosys/run_tests.py` runs every pyosys test
    bare = re.sub(r"\s(--package|--directory|-C)[ =]\S+", "", command)
    return bool(WHOLE_SUITE.match(" ".join(w for w in bare.split() if not (w.startswith("-") and "=" not in w))))


SEVERAL_FILES = re.compile(r"""\s['"]?[\w./]*\*\*/\*|\s['"]?[\w.-]+(/[\w.-]+)*/[\w.-]*\*[\w.*-]*['"]?(?=\s|$)""")
"""A path with a wildcard: every file it matches."""


LIBTEST_FLAG = re.compile(r"\s(--(?:nocapture|show-output|ignored|include-ignored|exact|test-threads)\b)")
"""A flag of the test binary, which cargo passes on only after `--`."""


def _test_binary_flags(command: str) -> str:
    """spacedrive's README: `cargo test <name> --nocapture`, which cargo refuses ("unexpected argument"); the flag
    goes to the test binary after `--`, as clippy's lint levels go to clippy."""
    if re.search(r"\s--(\s|$)", command):
        return command
    if re.search(r"\bcargo (\+\S+ )?test\b", command):
        flag = LIBTEST_FLAG.search(command)
    elif re.search(r"\bcargo (\+\S+ )?clippy\b", command):  # mistral.rs' `cargo clippy -D warnings`: clippy's lint
        flag = re.search(r"\s(-[DWA]\s*[\w:]+)", command)  # levels go after `--`, cargo refuses them before
    else:
        flag = None
    return f"{command[: flag.start()]} --{command[flag.start() :]}" if flag else command


def keep(tree: Tree, c: Command) -> Command | None:
    """An ecosystem's or a document's proposal, checked against the repository; None when it does not hold."""
    c = _flags_to_the_script(_with_locked_manager(tree, _through_package_script(tree, c)))
    c = replace(c, command=_test_binary_flags(c.command))
    if inner := command_faults.in_ci_container(tree, c.command):
        c = replace(c, command=inner)  # zksync-era's CI `ci_run zkstack dev test rust`: bin/ci_run is CI's container
    if looked := re.match(r"(which|command -v|type) [\w.+-]+( && |$)", c.command):
        if not looked.group(2):
            return None  # oneTBB's CI `command -v clang-format` asks whether the tool is there: it formats nothing
        c = replace(c, command=c.command[looked.end() :])  # kitty's CI `which python && ./test.py type-check`
    if re.match(r"(npm run|yarn|pnpm|bun run) [\w:-]*\*", c.command):
        return None  # renovate's guide: `pnpm generate:*`, a family of scripts; pnpm runs no script of that name
    if c.role == "test-one" and (_names_no_test(c.command) or SEVERAL_FILES.search(c.command)):
        # literal's CI `bundle exec qt -t 1 "./test/**/*.test.rb"`, arproxy's `bundle exec rspec spec/unit/*_spec.rb`:
        # every test file of a folder, no one test
        return None
    target = re.fullmatch(r"make ([\w.-]+)", c.command)
    if target and tree.has("Makefile") and only_prints(tree.read("Makefile") or "", target.group(1)):
        return None  # natalie's `make build` echoes "please run 'rake'": the Makefile points elsewhere, runs nothing
    if re.match(r"([\w.]*/)*golangci-lint(\s+-[\w=.-]+)*$", c.command):
        return None  # dagu's CLAUDE.md `golangci-lint --fix`: without `run` or `fmt`, golangci-lint only prints help
    if c.role == "build" and re.search(r"\b(mkdocs|zensical|sphinx-build|mdbook|jekyll|hugo)\b", c.command):
        return None  # paperless-ngx's guide: `uv run zensical build` builds the documentation site, not the app
    if c.role in ("test", "test-one") and re.match(r"make build[-_]\w+$", c.command):
        return None  # fluvio's CI `make build-test` builds the test binary its later steps run
    if c.role in ("test", "test-one") and re.match(r"(kubectl|helm|kind|minikube|k3d)\s", c.command):
        return None  # fluvio's CI `kubectl create ns …` prepares the cluster its smoke tests run in
    if c.role == "docs" and re.search(r"https?://(localhost|127\.0\.0\.1)\b", c.command):
        return None  # the-events-calendar's CI lints the API docs a running WordPress serves: no docs build
    if c.role == "migrate" and re.search(r"\bnx migrate\b", c.command):
        return None  # ghostfolio's `npx nx migrate latest` upgrades Nx itself: no database migrates
    dangling = re.search(r"\s(-pl|--projects|-P|--activate-profiles|-f|--file|--package|--config)$", c.command)
    if dangling and re.match(r"(\./)?(mvnw?|gradlew?|cargo|uv|pip3?)\s", c.command):
        return None  # flyway's CI `mvn -B install -e --file pom.xml -pl`: the option's value is missing, Maven stops
    if c.role in ("test", "test-one") and re.match(
        r"(composer|npm run|pnpm|yarn|bun run) [\w-]*(refactor|lint|format|fmt|analy[sz]e|phpstan|cs)\b", c.command
    ):
        return None  # appwrite's AGENTS.md lists `composer refactor:check`, Rector's dry run, among its tests
    if c.role == "test" and re.fullmatch(r"(\w+=\S+ )+make", c.command):
        return None  # duckdb's README `BUILD_BENCHMARK=1 BUILD_TPCH=1 make` builds the benchmark runner: no test run
    if re.search(r"/\[[A-Z][\w -]*\]", c.command):
        return None  # appwrite's AGENTS.md `… test tests/e2e/Services/[Service]`: a path to fill in, none as written
    if c.role != "run" and re.fullmatch(r"(bundle exec |npx |uv run )?[\w.-]+ (-v|--version|-V)", c.command):
        return None  # skylight's lint job opens with `bundle exec rubocop -v`: it prints the version, checks nothing
    if c.role == "format" and re.search(r"\b(cppcheck|clang-tidy|tidy)\b", c.command) and not FIXES.search(c.command):
        return None  # verilator's AGENTS.md lists `make cppcheck` beside `make format`: static analysis, no formatter
    if re.fullmatch(r"(\w+=\S+ )*cargo run( --release)?", c.command) and _no_default_binary(tree):
        return None  # wezterm's guide says `cargo run`: its virtual workspace has several programs and no default
    cd_output = re.match(r"cd (dist|build|out|target)(/|\s)", c.command)
    if cd_output and c.source.startswith("CI") and not tree.under(cd_output.group(1)):
        return None  # paramiko's sdist job runs `cd dist && inv -e test` in the tarball it just built and unpacked
    if c.role == "build" and re.match(r"(npm|pnpm|yarn|bun)( run)? (check|lint|test|typecheck)\b", c.command):
        return None  # viem's AGENTS.md runs `pnpm check:types` beside `pnpm build:types`: a check builds nothing
    filtered = OUTPUT_FILTER.search(c.command)
    if filtered and filtered.start():  # TestNG's CLAUDE.md: `./gradlew build 2>&1 | grep -A15 "What went wrong"`
        c = replace(c, command=c.command[: filtered.start()])
    if (
        c.role == "build"
        and re.search(r"(^|&& )(sh )?\./configure( [^&;|]*)?$", c.command)
        and (tree.first("configure.ac", "configure.in") or _autoconf_script(tree))
    ):
        c = replace(c, command=f"{c.command} && make")  # numactl's CI `./autogen.sh && ./configure`, `make` a step on
    if c.role == "build" and re.match(r"cd (website|site|docs?|documentation)/? && ", c.command):
        c = replace(c, role="docs")  # graphqlite's `cd website && yarn run build` builds its Docusaurus site
    gemfile = re.match(r"BUNDLE_GEMFILE=(\S+) ", c.command)
    if gemfile and not tree.has(gemfile.group(1).removeprefix("./")):
        return None  # doorkeeper's README: `BUNDLE_GEMFILE=gemfiles/rails_6_0.gemfile`, a gemfile since removed
    if gemfile and c.role == "install" and re.match(r"[\w.-]+/", gemfile.group(1)):
        c = replace(c, priority=max(c.priority, 50))  # rack-mini-profiler's website/Gemfile: the preview app's gems
    if re.search(r"\s-pl\s+\S*/\.\.\.(\s|$)", c.command):
        return None  # bucket4j's CLAUDE.md `./mvnw -pl backward-compatibility-tests/...`: a path left to fill in
    variables = commands.ENV_PREFIX.match(c.command)
    if variables:  # ransack's `DB=pg bundle exec rake spec` holds where `bundle exec rake spec` does
        kept = keep(tree, replace(c, command=c.command[variables.end() :]))
        return replace(kept, command=variables.group(0) + kept.command) if kept else None
    # rails_event_store's docs build says its folder itself (`npm --prefix railseventstore.org run build`)
    named = re.search(r"\s(--prefix|-C|--cwd|--dir)[ =][\w./-]+", c.command)
    if re.match(r"(npm|pnpm|yarn|bun|npx)\b", c.command) and not tree.has("package.json") and not named:
        # simplecov's guide says `bun test` of its html_frontend/, the one folder with a package.json: run there,
        # after the gem's own suite
        homes = [f.rsplit("/", 1)[0] for f in tree.named("package.json") if f.count("/") == 1 and not is_auxiliary(f)]
        if len(homes) != 1:
            return None
        c = replace(c, command=f"cd {homes[0]} && {c.command}", priority=c.priority + 45)
    elif (
        re.match(r"cd [\w.-]+ && (npm|pnpm|yarn|bun|npx)\b", c.command)
        and not tree.has("package.json")
        and c.role != "docs"  # starship's docs/ is its VitePress site: there the docs build is the folder's own
    ):
        c = replace(c, priority=c.priority + 45)  # simplecov's `cd html_frontend && bun test <file>`: the frontend's
    elif (
        re.match(r"cd [\w.-]+ && (uv|uvx|pip3?|python3?|pytest|maturin|tox|nox|hatch|poetry)\b", c.command)
        and not tree.first("pyproject.toml", "setup.py", "setup.cfg")
        and c.role != "docs"
    ):
        c = replace(c, priority=c.priority + 45)  # trustfall's pytrustfall/: the Python binding of a Rust workspace
    # yq's guide: `make [local] build`, the word optional; nanodbc's `cmake [Build Options] ..`, a stand-in
    if re.search(r"\s\[[\w -]+\](?=\s|$)", c.command):  # ruffle's `cargo test [your test]`: the test a filter
        c = replace(c, command=re.sub(r"\s\[[\w -]+\](?=\s|$)", "", c.command))
    event = re.match(r"composer ([\w-]+)(\s|$)", c.command)
    if event and php.EVENT.match(event.group(1)):
        return None  # lang's post-update-cmd: composer runs an event's script itself, after an update
    if (
        re.fullmatch(r"(zip|unzip|tar|cp|mv|mkdir|rm|echo|cat|ls|touch|chmod|tee)\s[^&|;]*", c.command)
        and c.role != "install"
    ):
        return None  # coursemology's CI `zip -r test-results.zip workspace/*` packs the results: no test run
    bin_dir = php.composer_bin_dir(tree)
    if bin_dir and re.match(r"(\./)?vendor/bin/", c.command):  # swagger-php's `config.bin-dir` is bin/
        c = replace(c, command=re.sub(r"^(\./)?vendor/bin/", f"{bin_dir}/", c.command))
    if re.match(r"(uvx |pipx run )?tox(\s|$)", c.command) and not tox_configured(tree):
        return None  # autobahn-python's guide still says `tox`: tox finds no configuration left
    ran = re.match(r"\./([\w.-]+)(\s|$)", c.command)
    if ran and tree.under(ran.group(1)) and not tree.has(ran.group(1)):
        return None  # rizin's CI `./test` runs what it just compiled from test.c elsewhere: here test/ is a folder
    alias = run_alias_role(tree, c.command)
    if alias is not None and alias != c.role and not (alias == "test" and c.role == "test-one"):
        return None  # oxc's `cargo lint-timings` runs its timing tracker, whatever the guide's heading says
    if re.fullmatch(r"sphinx-build( --?[\w-]+)*", c.command):
        return None  # sphinx's guide lists `sphinx-build --fresh-env` for its option: no sources, no build
    if re.search(r"\{[^{}\s]*\|[^{}\s]*\}", c.command):
        return None  # glslang's README `ctest -C {Debug|Release|RelWithDebInfo|MinSizeRel}`: pick one, as written none
    if c.role == "build" and re.search(r"^cmake\s.*-S ?\.?/?(tests?|Test|testing)/", c.command):
        return None  # glslang's CI configures Test/find_package, a consumer of the installed library: no build of it
    if c.role == "build" and re.search(r"^(dotnet|msbuild)\s.*\s(\./)?(tests?|Test|testing)/", c.command):
        return None  # open62541's interop CI builds a .NET test harness in tests/interop: not the C library
    projects = re.findall(r"(?<!\S)([\w./-]+\.(?:csproj|sln|vcxproj|fsproj))(?!\S)", c.command)
    if c.role == "build" and any(not tree.has(p.removeprefix("./")) for p in projects):
        return None  # open62541's CI builds UA-.NETStandard's server, a repository it checks out beside
    if c.role == "build" and re.match(r"(\./)?[\w./-]*(clang-tidy|lint|analy[sz]e)[\w.-]*\s", c.command):
        return None  # capstone's CI `./run-clang-tidy.sh build` lints the build folder: a check, no build
    if c.role == "build" and _builds_another_module(tree, c.command):
        return None
    if "…" in c.command or c.command == "bundle exec":
        return None  # fastlane's Testing.md: "prefix with `bundle exec`", then `bundle exec fastlane …`: no command
    if (
        c.role == "build"
        and c.source.startswith("CI")
        and re.match(r"cd (tools?|scripts?|utils|contrib|misc)/", c.command)
    ):
        return None  # micropython's CI `cd tools/mpremote && python -m build --wheel` packs a tool kept beside it
    if c.role in ("test", "test-one") and re.search(
        r"(^|\s)(bin/|bundle exec )?(rails|rake) (db|assets|ts):", c.command
    ):
        return None  # rubyevents' `bin/rails db:seed:speakers` loads data; littlesis' `… rails assets:precompile`
    if c.role == "install" and re.search(r"\s--(no-dev|production|omit[= ]dev)\b", c.command):
        return None  # invoiceninja's README `composer i -o --no-dev` installs for hosting: no phpunit to test with
    if c.role == "install" and re.search(r"\bmingw", c.command):
        return None  # netbird's `sudo apt install gcc-mingw-w64-x86-64` cross-compiles for Windows only
    if (named := re.fullmatch(r"just ([\w-]+)", c.command)) and tasks.just_needs_values(tree, named.group(1)):
        return None  # tinty's README: `just test`, a recipe that wants a pattern; just stops without one
    if c.command == "just" and _lists_recipes(tree):
        return None  # biome's justfile opens with `_default: just --list -u`: a bare `just` lists the recipes
    if c.command == "doxygen" and not tree.has("Doxyfile"):
        return None  # doxygen alone reads ./Doxyfile: a guide's "install `doxygen`" names the tool, runs nothing
    if recipes.missing(tree, c.command) or (bundled := _without_bundler(tree, c)) is None:
        return None  # a script, target or file the repository does not have: the command fails as written
    if _recipe_does_another_job(tree, c):
        return None
    if c.role in ("test", "test-one", *CHECK_ROLES) and (INTERACTIVE.match(c.command) or NOT_A_CHECK.match(c.command)):
        return None  # steep's README offers `bin/console` (IRB) to try things; tomo's guide `rake install`s the gem
    if c.role == "test-one" and re.match(r"(\./)?mvnw?\s.*\s-pl <\w+>", c.command) and "-Dtest=" not in c.command:
        return None  # vertx-sql-client's AGENTS.md "run affected tests: `mvn test -pl <module>`": a module's suite
    bare_tsc = re.fullmatch(r"(npx |pnpm (exec )?|yarn )?tsc( -b| --build)?( --noEmit)?", c.command)
    if bare_tsc and not tree.has("tsconfig.json"):
        return None  # lerna-lite's CLAUDE.md `tsc -b`: with no tsconfig.json at the root, tsc has no project to read
    if c.role in ("test", "test-one") and _runs_the_program(c.command):
        return None  # wasm-pack's guide tests a change with `cargo run -- <args>`: the tool run by hand, no test
    if c.role == "test-one" and re.search(r"\s['\"]?-Dtest=['\"]?!", c.command):
        return None  # sqlancer's CI `-Dtest=!sqlancer.dbms.**,…` runs all but some: no one test
    if _gradle_install_without_maven_plugin(tree, c.command):
        return None  # NewPipeExtractor's README: `./gradlew install`, a task of the old `maven` plugin it dropped
    if unknown_gradle_project(tree, c.command) or _names_a_missing_test_class(tree, c.command):
        return None  # sqlancer's CONTRIBUTING.md: `mvn -Dtest=TestMySQL test`, a class since split in four
    if c.role in CHECK_ROLES and _runs_the_tests_too(tree, c.command):
        return None  # act's `make pr` tidies, formats, lints and tests: the whole check before a pull request
    banned = never_run(tree)  # cue's "go build" bans `go build ./...` too; a one-word ban (`make`) only itself
    if c.command in banned or any(" " in b and c.command.startswith(b + " ") for b in banned):
        return None  # pgx's CLAUDE.md: "Never run `rake references:setup` … on your own initiative"
    if (
        c.role == "install"
        and re.match(r"(npm|pnpm|yarn|bun)( (i|install|ci))?$", c.command)
        and _docs_only_package(tree)
    ):
        return None  # taskiq's root package.json is its VuePress site's (`docs:dev`, `docs:build`): no project set-up
    if c.role == "test-one" and PACKAGE_SUITE.match(c.command):
        return None  # Flowise's `pnpm --filter flowise-components test`: one package's whole suite, no one test
    if c.role in ("test", "test-one", "build") and re.search(r"https?://\S+\.(java|py|js|ts|sh|rb|go)\b", c.command):
        return None  # bach's CI prints the JDK's versions with `java @bach https://…/Versions.java`: not its tests
    if c.role == "build" and re.search(REPORTS_SIZE, c.command):
        return None  # tinyusb's CI `python tools/metrics.py combine …` reports code size: it builds nothing
    if c.role in ("test", "test-one", "build", "lint") and _only_fetches(tree, c.command):
        return None  # pyquery's CI step "Install geckodriver" runs tests/geckodriver.sh: a download, no test
    if c.role == "install" and re.search(r"[:_-](links?|linkcheck|link-check)\b", c.command):
        return None  # sinon's guide: `cd docs && npm run docs:link-check` checks the docs' links, it sets up nothing
    if c.role not in ("install", "run") and re.fullmatch(r"(uv venv|python3? -m venv|virtualenv)\b[^&|;]*", c.command):
        return None  # cocotb's guide: `uv venv` makes an empty environment, it builds or checks nothing
    if c.role == "test" and re.fullmatch(r"(bundle exec )?rake", c.command) and tasks.rake_default_runs_no_tests(tree):
        return None  # artichoke's guide says `rake`, whose default task formats and lints
    if c.role == "install" and re.fullmatch(r"(bundle exec )?rake install", c.command) and _gem_tasks(tree):
        return None  # sitepress' README: Bundler's `rake install` builds the gem and installs it into the system
    if re.match(r"npm (build|lint|dev|format)\b", c.command):
        return None  # json-editor's README: `npm build`, which npm 7 removed; scripts run as `npm run build`
    if c.role == "build" and re.match(r"devcontainer (build|up)\b", c.command):
        return None  # aircrack-ng's CI builds its dev container's image: the build runs inside it
    if re.fullmatch(r"(npm|yarn|pnpm|bun) (run|exec|dlx|workspace|workspaces|x)", c.command):
        return None  # rrweb's guide: `yarn workspace` with nothing after it, the rest of the line left in prose
    if (
        not c.source.startswith("CI")
        and re.fullmatch(r"go test( -[\w.=-]+)*", c.command)
        and not any("/" not in f and f.endswith("_test.go") for f in tree.files)
    ):
        return None  # sq's AGENTS.md: a bare `go test -short` tests the root package, which has no tests
    if re.fullmatch(r"cargo install( --locked| -f| --force)*", c.command):
        return None  # git-absorb's README: a bare `cargo install` in a checkout stops, cargo wants `--path .`
    if c.role == "install" and re.match(r"go generate\b", c.command):
        return None  # gosec's DEVELOPMENT.md regenerates its TLS rules with `go generate ./...`: it sets nothing up
    if c.role == "install" and re.search(r"\s(-r|--requirement) \S*\bdocs?\b\S*\.txt\b", c.command):
        return None  # datafaker's requirements-docs.txt installs MkDocs for its site: not the project's set-up
    bare = re.fullmatch(r"(?:cd ([\w./-]+) && )?make", c.command)
    if bare and default_target(tree.read(f"{bare.group(1)}/Makefile" if bare.group(1) else "Makefile") or "") == "help":
        return None  # box's `.DEFAULT_GOAL := help`, Stockfish's src/Makefile: a bare make lists the targets
    if bare and c.role == "build" and not bare.group(1) and tasks.default_only_checks(tree.read("Makefile") or ""):
        return None  # gitbutler's DEVELOPMENT.md names `make`, whose `all` formats and lints the Rust code
    if bare and c.role in CHECK_ROLES:
        return None  # pydantic's bare `make` runs lint, type checks and the tests: no one check
    if re.fullmatch(r"(npx )?tsc", c.command) and not tree.has("tsconfig.json"):
        return None  # xterm.js type-checks through `npm run tsc` over its projects: a bare tsc finds no tsconfig.json
    if c.role == "format" and re.match(r"cargo (\+\w+ )?fmt\b", c.command) and _rustfmt_off(tree):
        return None  # Rocket's .rustfmt.toml turns rustfmt off: "We do not use rustfmt or cargo fmt"
    switch = tests_option(tree) if c.role in ("test", "test-one") and re.match(r"ctest\b", c.command) else None
    if switch and c.source.startswith("CI") and f"-D{switch}=" not in c.command:
        return None  # libdeflate's CI runs `ctest --test-dir build` in a build it configured with the tests ON
    if c.role == "lint" and re.match(r"scan-build (cmake --build|make|ninja)\b", c.command):
        return None  # libdeflate's CI wraps the configure in scan-build first: the build step alone analyses nothing
    if c.role == "install" and re.fullmatch(r"just|make|task", c.command):
        return None  # sqlite-utils' guide: a bare `just` runs the default recipe, its tests and linters
    testing = c.role in ("test", "test-one")
    started = (
        [c.command, *(recipes.recipe_lines(tree, c.command) or []), _make_block(tree, c.command)] if testing else []
    )
    ran = started or [c.command, *(recipes.recipe_lines(tree, c.command) or [])]
    if c.role in ("test", "test-one", *CHECK_ROLES) and any(tasks.WATCHES.search(line) for line in ran):
        return None  # danger's README tests with `bundle exec guard`, moleculer's `npm run ci` is `jest --watch`
    lines = [line for line in recipes.recipe_lines(tree, c.command) or [] if line.strip()]
    if c.role not in ("build", "install") and lines and all(_IMAGE_BUILD.match(line) for line in lines):
        return None  # athens' `make docs` only builds the docs' Docker image: `make docs-docker` serves them
    if testing and any(re.search(r"\bdocker[ -]compose( -\S+( [\w./-]+)?)* up\b", line) for line in started):
        # pgjdbc's guide starts its test database with `docker compose up`, php-amqplib's `make docker-test-env`
        # its broker: a service for the tests, not the suite
        return None
    inner = re.match(r"cd ((?:\./)?tests?/[\w./-]+) && (ctest|cmake)\b", c.command)
    if inner and re.search(r"^\s*project\s*\(", tree.read(f"{inner.group(1)}/CMakeLists.txt") or "", re.M | re.I):
        return None  # zlib-ng's test/pigz is a CMake project of its own: its ctest runs pigz's suite, not zlib-ng's
    if c.role in ("test", "test-one") and re.match(r"php (\./)?tests?/(?:[\w-]+/)*[\w-]+(?<!Test)\.php$", c.command):
        return None  # php-amqplib's CI runs `php tests/phpinfo.php`, `php ./tests/wait_broker.php`: scripts, no tests
    if c.role in ("test", "test-one", "bench") and _runs_as_root(tree, c.command):
        return None  # bbolt's `make test-robustness` runs `sudo env … go test`: a CI machine's, not a contributor's
    if (
        c.role == "install"
        and re.match(r"(sudo )?make install\b", c.command)
        and (
            c.command.startswith("sudo")
            or not (makefile := tree.first("Makefile", "makefile", "GNUmakefile"))
            or tasks.installs_into_a_prefix(tree.read(makefile) or "", "install")
        )
    ):
        # libcbor's README: `make install` into the system, in a folder CMake configured first; act's README: its
        # Makefile copies the program into $(PREFIX)/bin
        return None
    if c.source.endswith((".md", ".rst", ".txt", ".adoc")) and (elsewhere := _target_elsewhere(tree, c.command)):
        folder, target = elsewhere
        if not folder:
            return None  # no Makefile has the target
        if re.fullmatch(r"docs?|documentation|site", folder.rsplit("/", 1)[-1]):
            # the docs' own setup (fpm's `make docker-prep`) sets up no checkout; their `make build` builds the site
            return None if c.role == "install" else replace(c, role="docs", command=f"make -C {folder} {target}")
        return replace(c, command=f"make -C {folder} {target}")
    if c.role == "test" and re.match(r"(cd [\w./-]+ && )?(npm|pnpm|yarn|bun)( run)? test$", c.command):
        steps = [s.strip() for line in recipes.recipe_lines(tree, c.command) or [] for s in line.split("&&")]
        if steps and all(commands.command_role(s) in ("lint", "typecheck", "format") for s in steps):
            return None  # Detox's test app: its `test` script is `yarn lint && yarn test:types`, no test runs
    if c.role == "build" and re.search(r"(^|\s|:)(clobber|clean|distclean)$", c.command):
        return None  # scihist_digicoll's README: `./bin/vite clobber` deletes the built assets, it builds none
    ctest = re.match(r"(cd [\w./-]+ && )?ctest\b", c.command)
    if c.role in ("test", "test-one") and ctest and tree.has("CMakeLists.txt") and not turns_testing_on(tree):
        return None  # assimp's AGENTS.md: `cd build && ctest`, in a build whose root never turns testing on
    if c.role in ("test", "test-one") and _phpunit_without_config(tree, c.command):
        return None  # b13/container keeps its configs in Build/phpunit/: a bare `.Build/bin/phpunit` has no suite
    if c.role in ("test", "test-one") and re.search(r"(^|\s)\.github/\S+", c.command):
        return None  # polars' CI `pytest .github/scripts/test_bytecode_parser.py` tests a script of CI's own
    if re.fullmatch(r"([A-Z][A-Z0-9_]*=\S* )*cargo run( --release)?", c.command) and bare_run_is_ambiguous(tree):
        return None  # slint's animation guide: `SLINT_SLOW_ANIMATIONS=4 cargo run`, where the root has many programs
    named = re.fullmatch(r"make ([\w.-]+)", c.command)
    makefile = tree.first("Makefile", "makefile", "GNUmakefile")
    if named and makefile and tasks.runs_a_missing_file(tree, tree.read(makefile) or "", named.group(1)):
        return None  # scaleway-cli's CLAUDE.md gives `make test`, whose recipe runs the gone ./scripts/test.sh
    moved = re.match(r"cd ([\w./-]+) && make\b", c.command) or re.match(r"make -C ([\w./-]+)", c.command)
    folder = moved.group(1).strip("/") if moved else ""
    given = re.search(r"(?:^|\s)make(?: -C [\w./-]+)? -f ([\w./-]+)", c.command)  # suricata's `make -f Makefile.sphinx`
    makefiles = ("Makefile", "makefile", "GNUmakefile", "Makefile.am", *([given.group(1)] if given else []))
    if (
        moved and tree.under(folder) and not any(tree.has(f"{folder}/{m}") for m in makefiles)
    ):  # hunspell's tests/Makefile.am: configure writes the Makefile there
        return (
            None  # yq's guide: `cd pkg/yqlib && make test`, a tracked folder with no Makefile (a build folder is not)
        )
    if _from_outside(tree, c.command):
        return None  # libcbor's README: `git clone …` then `cmake … libcbor`, run from the folder above the clone
    if _no_such_project(tree, c.command):
        return None  # Leaflet's guide: `npm test -- --project=firefox-retina`, renamed chromium-retina in vitest.config
    if re.search(r"(^|[\s=/])(path/to|some/path|your/path)/", c.command):
        return None  # glfw's docs/compile.md: `cmake --build path/to/build`, a placeholder no shell resolves
    if re.search(r"/usr/local/opt/|/opt/homebrew/", c.command):
        return None  # ruby-git's guide builds git with Homebrew's OpenSSL paths: one Mac's command, not the project's
    if re.search(r"(^|\s)---\w", c.command):
        return None  # untrusted's CI says `cargo clippy ---all-targets`: a typo no program parses
    if BARE_TOOL.fullmatch(c.command) or re.fullmatch(r"docker[ -]compose", c.command):
        return None  # pgx's CLAUDE.md names `golangci-lint`: alone it prints its usage and checks nothing
    if c.role == "test-one" and (
        re.search(r"\|\s*grep\b", c.command)
        or (re.search(r"\s\./\.\.\.(\s|$)", c.command) and not re.search(r"\s-run[ =]", c.command))
    ):
        return None  # pgx's `go test ./... -v | grep SKIP` runs the whole suite to list what it skips
    if DATA_FILE.match(c.command) or DANGLING_OPTION.search(c.command) or POWERSHELL.match(c.command):
        return None  # equalsverifier's guide names build/eclipse-formatter-config.xml; nanobench's `pip install -r`
    if "#{" in c.command:
        return None  # oj's Rakefile names `activesupport#{as_suite}`: Ruby builds the task's name, none is called so
    if re.search(r"%\w+%", c.command):
        return None  # libical's Windows guide: `-DCMAKE_TOOLCHAIN_FILE=%VCPKG_ROOT%/…`, cmd.exe's variables
    if re.search(r"(^|\s)[\w.-]+\\[\w.\\-]+(\s|$)", c.command):
        return None  # filelock's CI: `python tasks\deny_symlink.py …`, a Windows path: no POSIX shell runs it so
    # sqldelight's CI `./gradlew -p sample build` builds the sample project, as a `cd sample &&` would
    inside = re.match(r"cd (\S+) && ", c.command) or re.search(r"\s(?:-p|--project-dir|-C)\s+(\S+)", c.command)
    if (
        c.role in ("test", "build", "lint", "format", "typecheck")
        and inside
        and re.search(r"(^|/)(docs?|examples?|samples?|demos?)([-_][\w-]+)?(/|$)", inside.group(1))
        # tinyusb's CLAUDE.md builds examples/device/cdc_msc: a library with no root build is built in an example
        and not (c.role == "build" and not c.source.startswith("CI") and not any(tree.has(f) for f in BUILD_FILES))
    ):
        return None  # libcheck's CI `cd doc/example && make check`; askama's clippy over each examples/ app
    if re.match(r"cd (/tmp|/opt|/usr|/var|~|\$\{?HOME\}?)(/|\s|$)", c.command):
        return None  # awesome's CI `cd /tmp/lua-5.4.3 && make test` checks the Lua it built there, not the project
    if c.role == "build" and _runs_a_built_file(tree, c.command):
        return None  # JoliNotif's CI runs `tools/phar/build/jolinotif.phar --help`: the PHAR a build wrote, no build
    if unknown_appraisal(tree, c.command):
        return None  # sidekiq-unique-jobs' CLAUDE.md names sidekiq-6.0, an appraisal Appraisals no longer declares
    if re.match(r"(bundle exec )?rake\b", c.command) and tasks.missing_rakefile_gem(tree):
        return None  # parslet's Rakefile requires sdoc, which its bundle lacks: no rake task loads
    if _below_the_python_floor(tree, c.command):
        return None  # pre-commit's guide: `tox -e py37`, where setup.cfg requires Python 3.10 or later
    if not c.source.startswith("CI") and _unused_go_tags(tree, c.command):
        return None  # dockertest's templated guide: `go test -tags sqlite ./...`, a tag no file of it declares
    if re.match(r"[\w.-]+\s+=\s", c.command):
        return None  # cue's guide: `gofmt = codereview gofmt`, a line of a git config's [alias] table, no command
    if c.role != "install" and re.match(r"(\S+ run )?(pre-commit|prek) (uninstall|clean|gc|autoupdate)\b", c.command):
        return None  # unstructured's README: `pre-commit uninstall` removes the hooks, it checks nothing
    if c.role == "run" and re.match(r"(npm run|pnpm( run)?|yarn( run)?|bun run) [\w:-]*\bprepare\b", c.command):
        return None  # nuxt/content's README: "Prepare using `pnpm dev:prepare`", then `pnpm dev` runs it
    if c.role == "test-one" and re.match(r"tox( run)? (-m|-e|-f)\s", c.command) and " -- " not in c.command:
        return None  # rstcheck's guide: `tox -m <ENVLIST>` picks environments, each of which runs the whole suite
    if c.role == "format" and fixes_lint_only(tree, c.command) and has_formatter(tree):
        return None  # payload's `pnpm run lint:fix` runs eslint --fix, with formatting left to prettier
    if (
        c.role in ("install", "build", "run")
        and re.match(r"(npm|pnpm|yarn|bun)\b(?! --?(prefix|cwd|dir|filter)\b)", c.command)
        and docs_site_only(tree)
    ):
        return None  # openrouteservice's `npm install`, `npm run build-preview`: its VitePress docs, beside Maven
    if c.role == "build" and re.search(r"(^|[\s:_-])coverage(\s|$)", c.command):
        return None  # valhalla's CI `make coverage` runs the tests for a coverage report: no build
    if c.role == "install" and php.requires_itself(tree, c.command):
        return None  # log-viewer's guide requires opcodesio/log-viewer into a separate Laravel app to try it
    if c.role == "install" and recipes.installs_go_programs(tree, c.command):
        return None  # tyk's `make install` go-installs its gateway into GOPATH/bin: no development set-up
    if script_only_prints(tree, c.command):
        return None  # log-viewer's `composer analyse` echoes "Static analysis not configured yet." and exits 0
    if c.role in ("build", "test", "test-one", "install") and command_faults.inspects_only(c.command):
        return None  # ppsspp's AppImage job runs `ldd ./build/PPSSPPSDL` after its build: it looks, it builds nothing
    if command_faults.bare_bazel(c.command):
        return None  # nativelink's guide says `bazel test` in prose: with no target Bazel stops
    if c.role == "install" and (
        command_faults.installs_one_tool(c.command)
        or command_faults.docs_dependencies_only(c.command)
        or re.match(r"go mod (tidy|vendor|verify|why|graph|edit)\b", c.command)
    ):
        return None  # hyperion.ng's `sudo apt-get install gdb`, valhalla's `pip install --group docs`, `go mod tidy`
    if c.role in ("test", "test-one") and (
        command_faults.named_for_another_job(c.command)
        or command_faults.seeds_data(c.command)
        or command_faults.asks_questions(tree, c.command)
    ):
        return None  # ArchiveBox's `./bin/lint.sh`, decko's `rake card:seed:update`, geordi's checklist `rake check`
    if c.role in ("test", "test-one") and (
        command_faults.runner_not_installed(tree, c.command) or command_faults.artisan_test_unavailable(tree, c.command)
    ):
        return None  # sharp's `npm test` runs jest, which no package.json depends on; processmaker lacks collision
    if c.role != "install" and command_faults.adds_a_dependency(c.command):
        return None  # yt's CI step `uv add --dev pytest` edits pyproject.toml; ngrx's `pnpm exec test` runs `test(1)`
    if c.role == "lint" and (ran := recipes.recipe_lines(tree, c.command)) and all(REWRITES.match(r) for r in ran):
        return None  # laravel.cm's `npm run lint` is `prettier --write resources/`: it rewrites, it checks nothing
    if c.role == "format" and command_faults.checks_format_only(tree, c.command):
        # anki's `just fmt` runs `ninja check:format`, cloudquery's `make fmt-check`: they rewrite nothing; valibot's
        # CI `pnpm format.check` has the `format` script beside it that writes
        if not (fixer := _fixing_sibling(tree, c.command)):
            return None
        # `bundled` is what the checks below go on with: the fixer takes the checking command's place there too
        c = bundled = replace(c, command=fixer, note=f"`{c.command}` only checks")
    if command_faults.not_its_role(c.role, c.command):
        return None  # perkeep's `go run make.go` builds, openmct's `npm run cov:e2e:report` reports, `uv venv` …
    if command_faults.turbo_task_missing(tree, c.command):
        return None  # dub's `pnpm lint` is `turbo lint`, and its turbo.json has no lint task
    if c.role in ("test", "test-one") and command_faults.sets_up_only(c.command):
        return None  # opencast's CI runs `./.github/multi-node-test-setup`: a cluster for the tests, no test
    if c.role == "lint" and lints_nothing(tree, c.command):
        return None  # mapfish-print's CI runs pre-commit, whose hooks only format and check a schema
    if c.role in ("test", "test-one") and command_faults.phpunit_suite_missing(tree, c.command):
        return None  # user-registration's phpunit.xml.dist names tests/, which git ignores
    if c.role in ("lint", "format") and command_faults.phpcs_without_files(tree, c.command):
        return None  # user-registration's `composer phpcs`: its phpcs.xml names no file, so phpcs has none to check
    if c.role == "install" and command_faults.installs_docs_requirements(tree, c.command):
        return None  # ovn-kubernetes' requirements.txt holds the MkDocs site's plugins
    vendored = re.fullmatch(r"(?:cd ([\w./-]+) && )?go mod download", c.command)
    if c.role == "install" and vendored and (tree.root / (vendored.group(1) or ".") / "vendor/modules.txt").is_file():
        return None  # ovn-kubernetes' go-controller/vendor/: the modules are in git, nothing to download
    if c.role in ("test", "test-one") and command_faults.unset_test_variables(tree, c.command):
        return None  # h's tests/conftest.py reads environ["DATABASE_URL"], which only tox sets: a bare pytest fails
    if c.role in ("test", "test-one") and re.search(
        r"\s(--fail-never|-fn|-Dmaven\.test\.failure\.ignore=true)\b", c.command
    ):
        return None  # HtmlUnit's CI runs CodeStyleTest with `--fail-never`: it reports, nothing fails
    if re.fullmatch(r"(\./)?(build|_build|out|target)(/[\w.-]+)*/(docs?|html|site|api)/?", c.command):
        return None  # OpenSCAP's guide names `build/docs`, the folder its docs build writes: no command
    if c.role == "docs" and re.search(r"\s--check\b", c.command):
        return None  # gemini-cli's `npm run docs:settings -- --check` checks the generated page is up to date
    if c.role in ("test", "format") and command_faults.only_checks(tree, c.role, c.command):
        return None  # lakekeeper's `just check` and langroid's `make check` need only lint and type checks
    if _unbalanced_quotes(c.command):
        return None  # kured's guide: `make e2e-test ARGS="-timeout 1200s'`, a typo no shell runs
    if c.role == "build" and command_faults.release_pipeline(tree, c.command):
        return None  # langroid's `make all-patch: bump-patch clean build push release` ships a release
    if c.role in ("test", "test-one") and command_faults.go_package_missing(tree, c.command):
        return None  # encore's guide: `go test ./internal/clientgen`, a package since moved to pkg/clientgen
    if c.role == "test" and command_faults.go_tests_nowhere(tree, c.command):
        return None  # flyte's guide: `cd gen/go && go test ./...`, and gen/go holds no test file
    if command_faults.runs_on_no_files(tree, c.command):
        return None  # keystatic's `pnpm run format` is a bare `prettier --write`, lint-staged's to hand files to
    if command_faults.fans_out_to_nothing(tree, c.command):
        return None  # apostrophe's `pnpm build` runs `pnpm --recursive run build`; no package has a build script
    if c.role == "build" and re.match(r"(make|just|task) (\S*[/:_-])?(check|test|tests)([/:_-]\S*)?(\s|$)", c.command):
        return None  # proxmark3's CI `make client/check …` runs the client's tests after the build
    if c.role in ("test", "test-one") and golang.tags_left_out(tree, c.command):
        return None  # ziti's guide: `go test ./test/integration/suites/common/ …`, all `//go:build integration`
    if not c.source.startswith("CI") and unknown_hook(tree, c.command):
        return None  # rstcheck's guide: `tox -e pre-commit-run -- black`, a hook its config no longer declares
    if not c.source.startswith("CI") and tasks.unknown_tox_env(tree, c.command):
        return None  # filelock's guide: `tox run -f py311` where the envs are named 3.11: it selects nothing
    c = bundled
    crate = command_faults.crate_folder(tree, c.command, tree.read(c.source.split(" ", 1)[0]) or "")
    if crate == "":
        return None  # a `cargo test` with no Cargo.toml at the root and no one crate folder to run it in
    if crate:  # KeyMapper's CLAUDE.md: `cargo fmt` "run from evdev/src/main/rust/evdev_manager"
        c = replace(c, command=f"cd {crate} && {c.command}")
    if c.role == "build" and re.match(r"(\./)?([\w.-]+/)*build[-_](packages?|release|dist|debs?|rpms?)\b", c.command):
        c = replace(c, priority=c.priority + 30)  # nvidia-container-toolkit's scripts/build-packages.sh: deb and rpm
    narrow = re.fullmatch(r"go test( -[\w.=-]+)* \./[\w-]+(/[\w-]+)*/\.\.\.( -[\w.=-]+)*", c.command)
    if c.role == "test" and narrow and not c.source.startswith("CI"):
        c = replace(c, priority=c.priority + 10)  # terramate's AGENTS.md leads with `go test ./ls/...`: one package
    if c.role == "install" and re.fullmatch(r"(make|just|task) [\w.-]+/install", c.command):
        c = replace(c, priority=c.priority + 20)  # terramate's `make lint/install` fetches the linter, after the set-up
    apple = re.search(r"\b(ios|macos|watchos|tvos)(X64|Arm64|SimulatorArm64|Arm32)\w*Test\b", c.command)
    if c.role in ("test", "test-one") and (
        apple or re.search(r"[:_-](windows|win32|macos|darwin|freebsd)\b", c.command)
    ):
        c = replace(c, priority=c.priority + 40)  # train's README gives `rake test:windows` for Windows machines only
    if c.role == "build" and re.search(
        r"\s(--preset[ =])?(windows|win32|win64|macos|darwin|freebsd)[\w-]*(\s|&|$)", c.command
    ):
        c = replace(c, priority=c.priority + 5)  # Vita3K's building.md gives Windows' preset first, Linux' after
    if c.role in ("test", "test-one") and (appraised := under_appraisal(tree, c.command)) != c.command:
        if c.role == "test":
            return None  # paper_trail's spec_helper exits outside an appraisal: its guide's appraisal runs stand
        said = "the test helper stops runs outside an appraisal (Appraisals)"
        c = replace(c, command=appraised, note=f"{c.note}; {said}" if c.note else said)
    if c.role == "install" and _only_sets_hooks(tree, c.command):
        # yorkie's CLAUDE.md: `bash scripts/setup.sh`, which only points git at .githooks/: after the real set-up
        c = replace(c, priority=c.priority + 40, note=c.note or "only sets git's hooks path")
    if c.role in ("build", "test") and c.source.startswith("CI") and _another_languages_folder(tree, c.command):
        c = replace(c, priority=c.priority + 30)  # the project's own build and tests lead; the binding's follow
    if c.role in ("test", "test-one") and (needs := php.wordpress_test_library(tree, c.command)):
        c = replace(c, note=f"{c.note}; {needs}" if c.note else needs)
    if c.role in ("test", "test-one") and compile_first(tree, c.command):
        said = "after `bundle exec rake compile`, which builds the native extension the tests load"
        c = replace(c, note=f"{c.note}; {said}" if c.note else said)
    if c.role == "format" and php.fixer_without_rules(tree, c.command):
        return None  # php-markdown's `composer codestyle-fix`: no fixer config, so the tool's defaults apply
    if c.role == "install" and re.match(r"^(npm|yarn|pnpm|bun) (i|install|add)( -\S+)* (?!-)[@\w][\w@/.-]*", c.command):
        return None  # knex's guide: `npm install oracledb` adds one optional driver; it sets up no checkout
    if re.match(r"^(diff|cmp)\b", c.command) and c.role == "format":  # irssi's `cmp -s … git-clang-format.diff`
        return None  # sh's CI: `diff <(echo -n) <(gofmt -s -d .)` fails on unformatted code, it rewrites nothing
    aimed = re.match(r"^(?:(?:uv|poetry|pdm|hatch) run )?(?:python3? -m )?pytest ([\w./-]+?)/?(?:\s|$)", c.command)
    if aimed and tree.under(aimed.group(1)) and not any(f.endswith(".py") for f in tree.under(aimed.group(1))):
        return None  # maturin's AGENTS.md: `pytest tests/`, a folder of Rust tests that pytest collects nothing from
    inner = aimed and c.role == "test" and not c.source.startswith("CI") and "/" in aimed.group(1).rstrip("/")
    if inner and not re.fullmatch(r"tests?/(unit|units)", aimed.group(1).rstrip("/")):
        # cloud-custodian's GCP guide: `pytest tools/c7n_gcp/tests -n auto`, one package's suite; `make test` runs all
        c = replace(c, priority=c.priority + 10)
    if own := php.own_program(tree, c.command):
        c = replace(c, command=own)  # PHP_CodeSniffer's guide: `phpcs`, which its checkout runs as `php bin/phpcs`
    if phar := php.phive_tool(tree, c.command):
        c = replace(c, command=phar, note="after `phive install`")  # captainhook's guide: `phpstan` is tools/phpstan
    if brought := php.required_in_ci(tree, c.command):  # json-schema's phpstan, which only CI's line installs
        c = replace(c, note=f"run after `{brought}`, as CI does: composer.json does not require it")
    ran = recipes.recipe_lines(tree, c.command) if c.role == "format" else None
    if ran and all(LINT_FIX.match(line) for line in ran):
        # gitbook's `lint:fix` is `oxlint --fix`: a linter's fixes, not the code's format
        c = replace(c, priority=c.priority + 30)
    if ran and not fixes("format", " && ".join(ran)):
        # ms' `pnpm run format` is `biome format` without --write, which CI runs as a check; valibot's CI runs
        # `pnpm format.check` beside the `format` script that writes
        if not (fixer := _fixing_sibling(tree, c.command)):
            return None
        c = replace(c, command=fixer, note=f"`{c.command}` only checks")
    forbidden = next((f for f in forbidden_runs(tree) if c.command == f or c.command.startswith(f + " ")), None)
    if forbidden and c.role in ("test", "test-one"):
        return _through_script(tree, c, forbidden)
    if (
        c.role in ("test", "test-one")
        and re.search(r"\bpublish\w*\b", c.command)
        and not re.search(r"\btest", c.command)
    ):
        return None  # detekt's `./gradlew publishToMavenLocal` publishes the artifacts its tests consume: no test
    if php.not_installed(tree, c.command) and "composer require" not in (c.note or ""):
        return None  # pdepend's PHPUnit is src/test/composer.json's: after a root `composer install` there is none
    if c.role in ("test", "test-one") and re.search(r"^go test\b.*\s-{1,2}update(-golden|-goldens)?\b", c.command):
        return None  # ffuf's `go test -run Characterization -update-golden .` rewrites the golden files: it never fails
    if (
        re.fullmatch(r"\S+ (-v|-version|--version|version)", c.command)
        or "--dump-config" in c.command
        or (c.role == "docs" and re.search(r"\s-M\s+clean\b|\bmake( -C \S+)? clean\b", c.command))
    ):
        return None  # takes' CI prints `mvn -version`; PEGTL's `clang-format --dump-config` prints the style: no step
    if c.role in ("format", "build") and (checked := re.fullmatch(r"(.+?)\s*&&\s*git diff\b[^&|;]*", c.command)):
        c = replace(c, command=checked.group(1))  # go-sqlite3's CI `gofmt -s -w . && git diff --exit-code`: the diff
        # fails on any uncommitted edit; the formatter (k0s' guide: `make build`) is the part before it
    if c.role == "docs" and re.search(r"\s-M\s+latex(pdf)?\b|\s-b\s+latex\b", c.command):
        c = replace(c, priority=c.priority + 20)  # mido's PDF build needs LaTeX; its HTML build is the docs
    if re.fullmatch(r"meson setup(\s+-\S+)*", c.command) or (
        re.match(r"meson (compile|test)\b", c.command) and not re.search(r"\s-C\s", c.command)
    ):
        return None  # libvips' README runs `meson compile` inside build/; at the root it finds no build directory
    if c.role in ("test", "test-one") and re.search(r"--test-dir\s+\S*(examples?|samples?)", c.command):
        return None  # cpputest's CI tests its examples against the installed library: not the project's suite
    if c.role == "test-one" and NOT_PROJECT.search(c.command):
        return _repointed(tree, c)
    if c.role == "test-one" and _no_package_script(tree, c.command):
        return None
    if c.role == "build" and re.match(
        r"(sudo )?docker[ -]compose\b.*\sbuild\b|(sudo )?docker (image )?build\b", c.command
    ):
        c = replace(c, priority=c.priority + 30)  # thredded's `docker compose build`: a dev container, not the gem
    elif c.role == "build" and re.fullmatch(r"make [\w.-]+", c.command) and _only_docker(tree, c.command):
        return None  # lighthouse's `make build` is `docker compose build`: its dev containers, not the library
    if c.role == "build" and re.search(r"\s(-pl|--projects)[ =]", c.command) and c.source.startswith("CI"):
        # jsonschema2pojo's CI builds only what its Gradle plugin's tests need (`-pl …-gradle-plugin -am`)
        c = replace(c, priority=c.priority + 30)
    if c.role in CHECK_ROLES and _checks_only_data_files(c.command):
        c = replace(c, priority=c.priority + 30)  # errbit's CI runs prettier on its YAML: standardrb lints the code
    maven = re.match(r"(\./)?mvnw?\b", c.command) and "-DskipTests" not in c.command
    role = "test" if c.role == "test-one" else c.role
    if maven and (role == "test" or "checkstyle" in c.command) and (profile := enabling_profile(tree, role)):
        said = f"pom.xml skips {'the tests' if role == 'test' else 'Checkstyle'} unless profile {profile} is on"
        on = with_profile(c.command, profile)
        c = c if on == c.command else replace(c, command=on, note=f"{c.note}; {said}" if c.note else said)
    elif c.role in ("test", "test-one") and maven and skipped_by_property(tree) and "skipTests=false" not in c.command:
        said = "pom.xml sets skipTests to true"  # netty-socketio's: `mvn test` compiles, runs nothing
        if profile := testing_profile(tree):  # Towny's `test` profile sets it back to false, as CI's `-P test` does
            on = with_profile(c.command, profile)
            said = f"{said} unless profile {profile} is on"
            c = c if on == c.command else replace(c, command=on, note=f"{c.note}; {said}" if c.note else said)
        else:
            c = replace(c, command=f"{c.command} -DskipTests=false", note=f"{c.note}; {said}" if c.note else said)
    if c.role == "build" and re.match(r"(apkg|dpkg-buildpackage|debuild|rpmbuild|nfpm|makepkg)\b", c.command):
        return None  # libyang's CI `apkg build` makes its Debian and RPM packages: a packager's step, no build
    plugin = re.match(r"cargo (hack|minimal-versions|careful|udeps|msrv|semver-checks|diet)\b", c.command)
    if c.role == "build" and plugin:  # dua-cli's `cargo diet` checks the package's size
        c = replace(c, priority=c.priority + 40)  # cargo-llvm-cov's CI: `cargo hack build --feature-powerset`, a plugin
    if (
        c.role == "lint"
        and c.source.startswith("CI")
        and (commands.PROSE_LINTER.match(c.command) or DEPLOYMENT_LINTER.match(c.command))
    ):  # winit's CI: `typos` checks spelling, clippy lints the code; mercure's `ct lint` checks its Helm chart
        c = replace(c, priority=c.priority + 20)
    if c.role == "build" and re.match(r"cmake --build\b", c.command) and not tree.has("CMakeLists.txt"):
        return None  # imgui has no CMakeLists.txt at its root: CI's `cmake --build build` builds one example
    if c.role == "build" and c.source.startswith("CI") and _builds_an_unconfigured_folder(tree, c.command):
        c = replace(c, priority=c.priority + 30)  # pcre2's `ninja -C build`: its configure is the step before
    if c.role in ("run", "build") and NOT_PROJECT.search(c.command) and c.source.startswith("CI"):
        return None  # ArduinoJson's CI compiles each example sketch: a check of the examples, not the build
    if c.role == "run" and NOT_PROJECT.search(c.command):
        return None
    served = recipes.recipe_lines(tree, c.command) if c.role == "run" else None
    if served and any(re.match(r"cd (\./)?docs?\b", line) or DOCS_TOOL.search(line) for line in served):
        return replace(c, role="docs")  # Leaflet's `npm run serve` is `cd docs && bundle exec jekyll serve`: the site
    if c.role == "run" and _opens_a_repl(tree, c.command):
        return None  # yaml's `npm run start` is `node -i -e 'YAML=require(…)'`: a REPL to try the API, no program
    if c.role in ("test", "test-one") and REWRITES_BY_NAME.search(c.command):
        return None  # pelican's `invoke update-functional-tests` writes the expected output anew: it checks nothing
    if c.role in ("build", "test", "test-one") and _rewrites_tests(tree, c.command):
        return None  # eza's `just regen` and `just idump` delete the integration tests' outputs and write them anew
    if c.role == "run" and re.search(r"(^|\s)(\./)?(tests?|spec)/\S+", c.command):
        return None  # pdoc's `uv run test/test_snapshot.py` rewrites the test snapshots: it does not run pdoc
    if c.role in ("run", "migrate") and _source_missing(tree, c.source):
        return None
    if c.role == "build" and re.search(r"\bpublishToMavenLocal\b", c.command):
        c = replace(c, priority=c.priority + 30)  # Kermit's CI publishes for its samples: `./gradlew build` builds
    if c.role == "test" and re.search(r"(^|/)[\w-]*(samples?|examples?)[\w-]*\.sh\b", c.command):
        c = replace(c, priority=c.priority + 30)  # Kermit's ci-test-samples.sh tests the samples, not the library
    if c.role == "lint" and re.match(r"cargo (vet|deny|audit)\b", c.command):
        c = replace(c, priority=c.priority + 20)  # rage's `cargo vet` audits its dependencies: clippy is the linter
    if re.match(r"go (build|test|run|install)\b", c.command) and not tree.named("go.mod"):
        return None  # rage's interop CI builds the Go age to test against: no Go module of this repository
    if c.role == "lint" and re.search(r"\b(apiCheck|checkKotlinAbi|checkLegacyAbi)\b", c.command):
        c = replace(c, priority=c.priority + 20)  # Kermit's apiCheck guards the public API: ktlint is its linter
    if c.role == "install" and SYSTEM_PACKAGES.match(c.command):
        c = replace(c, priority=c.priority + 15)  # bpython's guide: Debian's packages first, then `pip install -e .`
    if c.role == "test-one" and re.match(r"node (\./)?tests?/", c.command) and _runner_is_not_node(tree):
        return None  # sweetalert2's CI `node test/require-in-commonjs.cjs` checks the bundle; Cypress runs the tests
    if unread := _unread_make_variables(tree, c.command):  # icalendar's `make test TOX_ENV=py314`: never read
        bare = re.sub(rf"\s({'|'.join(unread)})=\S+", "", c.command)
        if commands.command_role(bare) != commands.command_role(c.command):
            return None  # `make fmt CHECK=1` checks only where the Makefile reads CHECK: without, it formats
        c = replace(c, command=bare)
    if re.fullmatch(r"cargo run( --release)?", c.command) and not _cargo_binary(tree):
        return None  # macroquad's README shows `cargo run` for the user's own game: the library runs nothing
    if _no_compose_file(tree, c.command):
        return None  # rector-src's guide: `docker compose run --rm php composer install`, with no compose file left
    if (
        c.role == "test"
        and re.fullmatch(r"make [\w-]+", c.command)
        and tasks.lints_only(recipes.recipe_lines(tree, c.command) or [])
    ):
        c = replace(c, role="lint")  # gocqlx's CI `make check` runs golangci-lint: a lint, whatever the name
    if c.role == "migrate" and not _has_migrations(tree):
        return None
    if re.fullmatch(r"(\./)?gradlew?", c.command) and not _gradle_default_tasks(tree):
        return None  # wiremock's AGENTS.md says `./gradlew`: with no defaultTasks, Gradle runs `help`
    if re.fullmatch(r"(\./)?mvnw?", c.command) and (unsigned := _without_signing(tree)) is not None:
        # datafaker's default goal `clean verify` signs with GPG: without a key it fails, so its noGpg profile goes on
        return replace(c, command=f"{c.command} -P{unsigned}") if unsigned else None
    if re.fullmatch(r"(\./)?mvnw?", c.command) and "<defaultGoal>" not in without_profiles(tree.read("pom.xml") or ""):
        return None  # assertj's guide says `./mvnw` and means a build: with no default goal Maven stops at once
    if c.role == "test" and re.fullmatch(r"(uv run |uvx )?nox", c.command) and _nox_skips_tests(tree):
        return None  # packaging's test sessions are `default=False`: a bare `nox` runs only the linters
    if c.role in ("test", "test-one") and FUZZ.search(c.command):
        return None  # uuid's guide: "we use `cargo fuzz` to fuzz test"; a fuzzer searches for crashes, it is no suite
    if c.role == "test-one" and " -pl " in c.command and _one_module_maven(tree):
        return Command(c.role, re.sub(r"\s-pl\s+\S+", "", c.command), c.source, c.priority, c.note)
    if c.role == "test-one" and re.match(r"ctest\b.*\s-R\s", c.command) and _single_ctest(tree):
        return None
    if c.role in ("test", "test-one") and php.phpunit_misses_its_config(tree, c.command):
        return None  # httpful's README: `phpunit ./tests` where the config is tests/phpunit.xml
    if c.role == "test" and commands.CONFIGURE.match(c.command):
        return None
    if c.role == "test" and re.fullmatch(r"(make|just) check", c.command):
        lines = recipes.recipe_lines(tree, c.command) or []
        ran = {commands.command_role(line) for line in lines} - {None}
        # echo's `check: lint vet race` runs targets whose own lines say what they do; yq's `secure` runs gosec
        inner = [x for line in lines if re.match(r"(make|just) ", line) for x in recipes.recipe_lines(tree, line) or []]
        nested = any(re.match(r"(make|just) ", line) for line in lines) and (
            not inner or bool({commands.command_role(x) for x in inner} & {"test", "test-one"})
        )
        if ran and not ran & {"test", "test-one"} and not nested:  # more-itertools': ruff and stubtest, no test
            return Command("lint", c.command, c.source, c.priority, c.note)
    if commands.command_role(c.command) is None and recipes.unsupported(tree, c.command, c.role, commands.command_role):
        if c.role == "lint" and not recipes.unsupported(tree, c.command, "format", commands.command_role):
            return replace(c, role="format")  # mfem's `make style` runs astyle over the sources: it rewrites them
        return None  # the role came from the prose around it, and what the command runs says otherwise
    if c.role == "format" and re.search(r"\s--(dry-run|check)\b", c.command) and not re.search(r"\s--fix\b", c.command):
        # a format check follows the linter from the same source (bottom's CI runs clippy after `cargo fmt --check`)
        return Command("lint", c.command, c.source, c.priority + 1, c.note or "checks the format, changes nothing")
    checker = re.fullmatch(r"(?:\./)?([\w./-]+)[-_]check", c.command)
    if c.role == "format" and checker and tree.has(checker.group(1)):
        # jansson's CI runs scripts/clang-format-check; scripts/clang-format beside it is what formats
        return Command(
            c.role, f"./{checker.group(1)}", f"{checker.group(1)} (its check runs in {c.source})", c.priority
        )
    if c.role == "format" and _checks_only(tree, c.command):
        # h11's `tox -e format` runs `black --check --diff` and `isort --check --diff`: it checks, it formats nothing
        return Command("lint", c.command, c.source, c.priority, c.note or "checks the format, changes nothing")
    later = _delay(tree, c)
    variant = re.match(r"^(npm|pnpm|yarn|bun) run test[:_-]\w", c.command)
    if c.role == "test" and variant and "test" in (load_json(tree, "package.json").get("scripts") or {}):
        later += 15  # peggy's README: `npm run test:web` runs the browser tests; `npm test` runs the suite
    return Command(c.role, c.command, c.source, c.priority + later, c.note) if later else c


REWRITES_BY_NAME = re.compile(
    r"\s(update|regen\w*|rebuild|refresh)[-_:]([\w-]*[-_])?(tests?|snapshots?|fixtures|outputs?)\b|"
    r"\s(tests?|snapshots?)[-_:](overwrite|bless|accept|update)\b"
)
"""A task named for writing the tests' expected results anew (`update-functional-tests`, `regen-snapshots`, yew's
`cargo make test-overwrite`, which rewrites trybuild's .stderr files)."""
DELETES_TESTS = re.compile(r"^\s*@?-?\s*rm (-\w+ )*\.?/?(tests?|spec)/")
"""A recipe line that deletes files under the tests' folder (eza's `rm -rf tests/ptests`)."""


def _lists_recipes(tree: Tree) -> bool:
    """The justfile's first recipe, the one a bare `just` runs, only lists the recipes."""
    rel = tree.first("justfile", "Justfile", ".justfile")
    first = (
        re.search(r"^@?[A-Za-z_][\w-]*[^\n:=]*:(?!=)[^\n]*\n((?:[ \t]+\S.*\n?)+)", tree.read(rel) or "", re.M)
        if rel
        else None
    )
    lines = [line.strip().lstrip("@") for line in first.group(1).splitlines()] if first else []
    return bool(lines) and all(re.match(r"just (--list|-l)\b", line) for line in lines)


def _builds_another_module(tree: Tree, command: str) -> bool:
    """tailscale's CI `./tool/go build -o /tmp/checklocks gvisor.dev/gvisor/tools/checklocks/cmd/checklocks` builds
    a checker from another module: a package path under a domain that is not the module's own."""
    built = re.search(r"(?:^|\s)(?:\./tool/)?go build\b.*\s([a-z0-9-]+(?:\.[a-z0-9-]+)+/\S+)\s*$", command)
    module = re.search(r"^module\s+(\S+)", tree.read("go.mod") or "", re.M)
    return bool(built) and not (module and built.group(1).startswith(module.group(1)))


SAYS_ONLY = re.compile(r"^(echo|printf|chmod|mkdir|true|:)\b")
USER_INSTALL = re.compile(r"^(cargo install (--path|--locked)|go install \.)")
"""czkawka's `just install` runs `cargo install --path czkawka_cli`: the programs go to ~/.cargo/bin for use."""


def _recipe_does_another_job(tree: Tree, c: Command) -> bool:
    """A target whose recipe does another job than its name or the guide says: netbird's `make setup-hooks` only
    points git at .githooks, czkawka's `just install` installs the apps for use, greptimedb's `make check` is
    `cargo check` (it compiles the tests, it runs none)."""
    lines = [line.strip().lstrip("@-").strip() for line in recipes.recipe_lines(tree, c.command) or []]
    acting = [line for line in lines if line and not SAYS_ONLY.match(line)]
    if not acting or not re.match(r"(make|just|task) [\w:-]+$", c.command):
        return False
    if c.role == "install":
        return all(tasks.HOOKS_ONLY.match(line) or USER_INSTALL.match(line) for line in acting)
    if c.role == "test":
        # polars' `check: update-cargo-env` then `cargo check …`: a prerequisite that tests nothing is no test run
        chores = [line for line in acting if (sub := re.fullmatch(r"make ([\w.-]+)", line))
                  and tasks.target_role(sub.group(1)) != "test"]  # fmt: skip
        runs = [line for line in acting if line not in chores]
        return bool(runs) and all(commands.NOT_A_TEST_RUN.match(line) for line in runs)
    return False


def _rewrites_tests(tree: Tree, command: str) -> bool:
    """A make, just or task target that deletes the tests' files (expected outputs, generated cases) and writes
    them anew: it regenerates what the tests compare with, it neither builds nor tests."""
    if not re.fullmatch(r"(make|just|task) [\w:.-]+", command):
        return False
    return any(DELETES_TESTS.match(line) for line in recipes.recipe_lines(tree, command) or [])


CHECK_ONLY = re.compile(
    r"\s--(check|check-only|diff|dry-run|list-different)\b|^(flake8|pylint|mypy|ruff check)\b(?!.*\s--fix\b)|"
    r"\bprettier\b(?!.*\s(-w|--write)\b).*\s-[cl]\b|"  # weg-li's CI `yarn prettier -c .`
    r"^(bundle exec )?(rubocop|standardrb)\b(?!.*\s(-a|-A|--autocorrect(-all)?|--auto-correct|--fix)\b)"
)
"""A line that reports on the format and changes nothing."""


SCRIPT_TOOL = re.compile(r"\b(rubocop|standardrb|prettier|black|ruff|gofmt|rustfmt|php-cs-fixer|clang-format)\b")
"""A script's line that runs a formatter or a linter that can fix."""
ECHO = re.compile(r"^\s*(echo|printf|#)")


LISTS_ONLY = re.compile(r"^!\s*\(|\bgo(fmt|imports)\b(?![^\n]*\s-w\b)[^\n]*\s-[lds]*l[lds]*\b")
"""A recipe line that fails on what it lists (bbolt's `!(gofmt -l -s -d … | grep …)`) and writes nothing."""


def _checks_only(tree: Tree, command: str) -> bool:
    """A tox env run, or a make or just target, whose own commands all only check (`black --check --diff`,
    `isort --check-only`; bbolt's `make fmt`, which runs `!(gofmt -l …)` and says "Verifying gofmt")."""
    env = re.fullmatch(r"(?:uvx |python3? -m )?tox(?: run)? -e ([\w.-]+)", command)
    lines = tasks.tox_env_lines(tree, env.group(1)) if env else []
    script = re.fullmatch(r"(?:\./)?((?:script|scripts|bin|tools)/[\w.-]+)", command)
    if script and tree.has(script.group(1)):  # jekyll's script/fmt runs `bundle exec rubocop -D …`: no -a, a check
        text = tree.read(script.group(1)) or ""
        lines = [line.strip() for line in text.splitlines() if SCRIPT_TOOL.search(line) and not ECHO.match(line)]
    if not env and re.fullmatch(r"(make|just) [\w.-]+", command):
        lines = [line for line in recipes.recipe_lines(tree, command) or [] if not line.startswith("echo ")]
    lines = lines or [command]  # gobgp's CI `buf format --diff --exit-code`: the line itself only checks
    return all(CHECK_ONLY.search(line) or LISTS_ONLY.search(line) for line in lines)


def _below_the_python_floor(tree: Tree, command: str) -> bool:
    """A tox or nox env named for a Python (`-e py37`) older than the oldest the project supports."""
    env = re.search(r"\btox(?: run)?\b.*\s-e\s*['\"]?py3(\d+)\b", command)
    floor = re.search(r">=\s*3\.(\d+)", requires_python(tree)[0]) if env else None
    return bool(env and floor and int(env.group(1)) < int(floor.group(1)))


def _gradle_default_tasks(tree: Tree) -> bool:
    """A root Gradle build that sets `defaultTasks`, so that a bare `./gradlew` runs them."""
    build = tree.first("build.gradle.kts", "build.gradle")
    return bool(build and re.search(r"\bdefaultTasks\b", tree.read(build) or ""))


def _nox_skips_tests(tree: Tree) -> bool:
    """noxfile.py keeps every test session out of a bare `nox`: each is `default=False`, or `nox.options.sessions`
    names none of them."""
    text = tree.read("noxfile.py") or ""
    chosen = re.search(r"^nox\.options\.sessions\s*=\s*\[([^\]]*)\]", text, re.MULTILINE)
    if chosen:
        return not re.search(r"test", chosen.group(1))
    sessions = re.findall(r"@nox\.session(\((?:[^()]|\([^()]*\))*\))?\s*\ndef (\w+)", text)
    tests = [options for options, name in sessions if "test" in name]
    return bool(tests) and all(re.search(r"default\s*=\s*False", options) for options in tests)


FUZZ = re.compile(r"^cargo (\+\S+ )?fuzz\b|\s-fuzz(time)?[ =]")
"""A fuzzer's run (`cargo fuzz`, `go test -fuzz=FuzzParse`)."""


def _beside_plain(tree: Tree, c: Command) -> bool:
    """The source gives the command with its default features too, or this one as a fallback (eza's "If libgit2
    fails to build, run `cargo build --no-default-features`"); one that gives only `--no-default-features`, plainly
    (systeroid's `NO_COLOR=1 cargo test --no-default-features`), means it."""
    plain = re.sub(r"^(\w+=\S+ )+|\s--no-default-features\b", "", c.command).split()[:2]
    text = tree.read(c.source) if tree.has(c.source) else None
    if text is None:
        return True
    lines = [line for line in text.splitlines() if " ".join(plain) in line]
    fallback = re.compile(r"\b(if|fails?|cannot|can't|unless|instead|otherwise)\b", re.IGNORECASE)
    return any("--no-default-features" not in line or fallback.search(line) for line in lines)


FIXES = re.compile(r"\b(fix|format|fmt|write)\b|--fix\b|\s-a\b")
"""A linter run that rewrites what it finds (`make lint-fix`, `rubocop -a`): a formatter."""
SLOW_SUITE = re.compile(r"integration|e2e|functional|acceptance|feature", re.IGNORECASE)
"""A suite that needs services running (a database, a web server, a cluster): after the plain one."""


def _delay(tree: Tree, c: Command) -> int:
    """How far a command kept goes back behind the others of its role: one that does less than its role says, or
    only one variant of it, stays as an alternative."""
    if c.role == "install" and re.match(r"cd (\./)?(docs?|website|site)/? && ", c.command):
        return 45  # sinon's guide: `cd docs && npm install` sets up the docs site, after the project's own set-up
    if c.role == "install" and (c.command.startswith("pre-commit install") or DOCS_TOOL.search(c.command)):
        return 45  # git hooks, or only the docs' tool (urfave/cli's `make ensure-mkdocs`): after the project's
    if c.role == "docs" and commands.DOCS_SERVER.search(c.command):
        return 30  # previews: after any docs build
    if c.role == "test" and re.match(r"(\./)?(build|out|target)/", c.command) and _runs_a_built_file(tree, c.command):
        return 20  # duckdb's build/reldebug/test/unittest exists after `make reldebug`: `make unit` does both
    one_crate = re.match(r"cargo build\b.*\s(-p|--package)[ =]\S", c.command)
    if c.role == "build" and c.source.startswith("CI") and one_crate:
        return 30  # zenoh's test job builds zenoh-plugin-rest for its plugin tests first: one crate, after the whole
    if c.role in ("build", "test") and re.search(r"\s--no-default-features\b", c.command) and _beside_plain(tree, c):
        return 45  # eza's guide builds without default features only when libgit2 will not compile: a fallback
    if c.role == "lint" and re.search(r"\s--(fix|allow-dirty)\b", c.command):
        return 30  # eza's guide offers `cargo clippy --fix` to resolve warnings: it rewrites code, after a check
    prose = r"(toml|yaml|yml|json|md|markdown|docs?|typos|spelling|links?)"
    # Detox's `yarn docs:lint` runs markdownlint and remark over the docs: the code's lint is another
    narrow = re.fullmatch(rf"(?:make|just|task) lint[-_:]{prose}", c.command) or re.fullmatch(
        rf"(?:(?:npm|pnpm|yarn|bun) (?:run )?)(?:lint[-_:]{prose}|{prose}[-_:]lint)", c.command
    )
    if c.role == "lint" and narrow:
        return 20  # reth's CLAUDE.md: `make lint-toml` formats the TOML files; clippy lints the code
    if c.role != "run" and re.search(r"(?<![\w-])(--)?watch\b", c.command):
        return 30  # js-cookie's `npx grunt watch` rebuilds on every change and never exits: after a build that ends
    if c.source.startswith("CI") and re.search(r"\s(-x|--exclude-task)[ =]\S", c.command):
        return 30  # junit-pioneer's `gradle build -x spotlessCheck`: the build with a task left out, CI runs it apart
    if c.role == "format" and re.search(
        r"--check|--diff|--dry-run|Check\b|[-_:]check$|^(gofmt|gofumpt)\s.*-[dl]\b", c.command
    ):
        return 30  # checks the format, does not format
    coverage = re.search(r"\s-cover(profile|mode)\b|\s--cov\b|\s--coverage\b", c.command)
    if c.role == "test" and coverage and not c.source.startswith("CI"):  # go-toml's guide: a coverage report's run
        return 5
    if c.role == "test" and re.match(r"cargo test [a-z_][\w:]*$", c.command):
        return 30  # bitflags' `cargo test pass`: a filter
    if c.role == "test" and re.search(r"\s--(doc|lib|bins?|examples?|benches)\b", c.command):
        return 30  # one kind of test, not the suite
    if c.role == "test" and re.match(r"(cd \S+ && )?ctest\b.*\s-R\s", c.command):
        return 30  # fast_float's `ctest -R basictest`: the tests of that name only
    runner = re.match(r"(make|just|task|composer|(npm|pnpm|yarn|bun)( run)?) ", c.command)
    if c.role == "test" and runner and SLOW_SUITE.search(c.command[runner.end() :]):
        return 30  # dynaconf's `make test_integration` (Redis and Vault under docker), zencart's `composer
        # tests-plugin -- --suite FeatureStore` (MySQL and Apache): after the plain suite
    if c.role == "test" and c.source.startswith("CI") and re.search(r"(^|&& )valgrind\b|valgrind\w*\.sh\b", c.command):
        return 30  # open62541's mbedtls job runs two test binaries under valgrind: CI's leak check, after the suite
    if c.source.startswith("CI") and re.match(r"((ba)?sh )?(\./)?tools/ci/", c.command):
        return 30  # open62541's `bash tools/ci/cross-sdk/interop_test.sh build …`: CI's own machinery
    if c.source.startswith("CI") and (re.match(r"cd (\./)?(ci|\.ci|\.github)/", c.command) or _variant(c)):
        return 30  # chrono's ci/core-test is CI's own crate; uuid's `cargo +1.85.0 build` checks the MSRV
    if (
        c.role == "build"
        and c.source.startswith("CI")
        and re.match(r"(cd \S+ && )?(cmake --build|meson compile)", c.command)
    ):
        return 20  # needs CI's configure step first (tomlplusplus' `meson compile -C build` after `meson setup`)
    makefile = tree.first("Makefile", "makefile", "GNUmakefile")
    if (
        c.source.startswith("CI")
        and re.match(r"make\b(?! -C)", c.command)
        and tree.has("CMakeLists.txt")
        and not makefile
    ):
        return 30  # uriparser's CI runs `make … test` in the folder CMake configured: no Makefile at the root
    made = re.match(r"make -C ([\w./-]+)", c.command)  # libexpat's fil-c job: `make -C build/` in CI's build tree
    if made and c.source.startswith("CI") and not tree.under(made.group(1).strip("/")):
        return 20
    if c.role == "build" and _configures_only(c.command):  # fast_float's `cd build && cmake ..` configures too
        return 20  # configures only
    return 0


VARIANT = re.compile(
    r"^(cross|emcmake|emconfigure|emmake|wasm-pack) |^cargo \+(?!stable\b)\S+|^swift (build|test)\b|"
    r"\s--target[ =]\S*(wasm|-linux-|-windows-|-apple-|-none)|\s-DCMAKE_(C|CXX)_COMPILER=|\s-DCMAKE_TOOLCHAIN_FILE=|"
    r"\s--toolchain[ =]|--manifest-path (\./)?(tests?|examples?|benches|fuzz)/"
)
"""A CI command for one variant of the build: a pinned toolchain (uuid's MSRV job, `cargo +1.85.0`), a cross or
WebAssembly target (`cross`, `emcmake cmake`, `--target wasm32-wasip1`), another compiler, a test crate's manifest,
a Swift package wrapping a C library (cglm's `swift build`); zenoh's `cargo +stable clippy` is the plain one."""
NICHE_PLATFORM = re.compile(r"msys2|mingw|cygwin|emscripten|wasm|wasi|android|\bios\b|qemu", re.IGNORECASE)
"""CI jobs for a platform a contributor seldom builds on (fast_float's msys2.yml): the plain build comes first."""


def _variant(c: Command) -> bool:
    return bool(VARIANT.search(c.command) or NICHE_PLATFORM.search(c.source))


def _cited(tree: Tree, found: list[Command]) -> tuple[str, ...]:
    files: list[str] = []
    for c in found:
        files += [t for t in re.split(r"[\s(),]+", c.source) if tree.has(t) and t not in files]
    return tuple(files)


def _only_adds_flags(command: str, bare: str) -> bool:
    """The command is the bare one with flags that change what it does (`--legacy-peer-deps`), not only how much it
    prints (composer's `install -vvv`, from a guide's bug-report advice)."""
    extra = command[len(bare) :] if command.startswith(bare + " -") else ""
    return bool(extra) and not re.fullmatch(r"(\s+(-v+|--verbose|-q|--quiet|--no-progress|--ansi))+", extra)


CARGO_FEATURES = re.compile(r"\s(--all-features|--features[ =]\S+|-F \S+)(?=\s|$)")
"""The features a cargo command turns on."""


def _with_suite_features(tests: list[Command], others: list[Command], tool: str) -> list[Command]:
    """One test, clippy and the docs take the features the suite's lead `cargo test` turns on: time's tests are a
    guard that re-runs `cargo test --all-features` unless every feature is on, so `cargo test -p time <name>` finds
    no test, and clippy or rustdoc without them skip most of its modules."""
    lead = min(tests, key=lambda c: c.priority) if tests else None
    features = CARGO_FEATURES.findall(lead.command) if lead and lead.command.startswith("cargo test") else []
    if not features:
        return others
    flags = " ".join(features)
    return [
        replace(c, command=re.sub(rf"^({tool}(?: -p \S+)?)", rf"\1 {flags}", c.command))
        if c.command.startswith(tool) and not CARGO_FEATURES.search(c.command) and not _written(c)
        else c  # a command the maintainers wrote is quoted as written
        for c in others
    ]


def _features_required(tree: Tree) -> bool:
    """The crate refuses to compile without a feature: a `compile_error!` under `#[cfg(not(any(feature = …)))]` in
    build.rs or the crate root (vaultwarden's "You need to enable one DB backend")."""
    texts = [tree.read(f) or "" for f in ("build.rs", "src/main.rs", "src/lib.rs") if tree.has(f)]
    gated = re.compile(r"#\[cfg\(not\((?:any|all)?\(?\s*feature\s*=[^\n]*\n\s*compile_error!")
    return any(gated.search(t) for t in texts)


def _whole_suite_first(found: list[Command]) -> list[Command]:
    """`go test ./...` before a CI line that tests one package (bigcache's `go test … ./queue`, one of three):
    the part is not the suite."""
    if not re.match(r"^go test\b.*\s\./[\w/-]+$", found[0].command) or "..." in found[0].command:
        return found
    whole = next((c for c in found if re.match(r"^go test\b.*\s\./\.\.\.$", c.command)), None)
    return [whole, *(c for c in found if c is not whole)] if whole else found


IN_BUILD_TREE = re.compile(r"^ctest\b.*\s--test-dir[ =]\S+|^cd \S+ && ctest\b")
BARE_CTEST = re.compile(r"ctest(\s+(--output-on-failure|-V|-VV|--verbose|-j\s?\d*|--parallel(\s\d+)?))*")
"""`ctest` with no folder or preset to read: it finds tests only when run inside the build tree."""


def _in_the_build_tree(found: list[Command]) -> list[Command]:
    """A guide's bare `ctest` finds no tests from the repository's root: beside the same run in the build tree that
    the guide itself gives (conky's CLAUDE.md says "Confirm `ctest` … succeed" below its `ctest --test-dir build
    --output-on-failure`), it goes."""
    in_tree = {c.source for c in found if IN_BUILD_TREE.match(c.command)}
    return [c for c in found if not (BARE_CTEST.fullmatch(c.command) and c.source in in_tree)]


def _unused_go_tags(tree: Tree, command: str) -> bool:
    """A guide's `go test -tags x` where no Go file is built under tag x (`//go:build x`, `// +build x`): the guide
    was written for another project (Ory's shared CONTRIBUTING template) or an older layout."""
    tags = re.match(r"go (?:test|build|vet|run)\b.*?\s-tags[ =]['\"]?([\w,]+)", command)
    if not tags:
        return False
    declared = set()
    for rel in [f for f in tree.files if f.endswith(".go")][:2000]:
        head = "\n".join((tree.read(rel) or "").splitlines()[:20])
        declared |= set(re.findall(r"\w+", " ".join(re.findall(r"^//\s*(?:go:build|\+build)\s+(.*)$", head, re.M))))
    return not any(tag in declared for tag in tags.group(1).split(","))


def _without_signing(tree: Tree) -> str | None:
    """None when a bare Maven run signs nothing; else the profile that turns the default build's GPG signing off, or
    "" when no profile does (the run needs a key)."""
    pom = tree.read("pom.xml") or ""
    default = without_profiles(pom)
    goal = re.search(r"<defaultGoal>([^<]+)</defaultGoal>", default)
    if not goal or not re.search(r"\b(verify|install|deploy)\b", goal.group(1)) or "maven-gpg-plugin" not in default:
        return None
    ids = re.findall(r"<profile>\s*<id>\s*([\w.-]+)\s*</id>", pom)
    return next((i for i in ids if re.search(r"gpg|sign", i, re.I)), "")


def _gem_tasks(tree: Tree) -> bool:
    """The Rakefile loads Bundler's gem tasks (`build`, `install`, `release`)."""
    rel = tree.first("Rakefile", "rakefile", "Rakefile.rb")
    return bool(rel) and bool(re.search(r"bundler/gem_tasks|GemHelper\.install_tasks", tree.read(rel) or ""))


_IMAGE_BUILD = re.compile(r"^\s*[@-]*(\w+=\S*\s+)*docker (image )?build\b")
"""A recipe line that builds a container image: the image, not the docs or tests it would serve or run."""


def _make_block(tree: Tree, command: str) -> str:
    """The text of the make targets' rules, each down to the next rule, conditionals too (php-amqplib's
    `docker-test-env` wraps its recipe in `ifeq`)."""
    words = command.split()
    text = tree.read("Makefile") or "" if words[:1] == ["make"] and tree.has("Makefile") else ""
    targets = [w for w in words[1:] if re.fullmatch(r"[\w.-]+", w)] if text else []
    rule = r"^{}\s*:(?!=).*?(?=^[\w.-]+\s*:(?!=)|\Z)"
    return "\n".join(m.group(0) for t in targets if (m := re.search(rule.format(re.escape(t)), text, re.M | re.S)))


def _no_such_project(tree: Tree, command: str) -> bool:
    """The command picks a Vitest or Playwright project its config does not name."""
    picked = re.search(r"\s--project[= ]([\w.-]+)", command)
    configs = [f for f in tree.files if re.fullmatch(r"(vitest|playwright)\.config\.[cm]?[jt]s", f)] if picked else []
    if not picked or not configs:
        return False
    return not any(re.search(rf"""["'`]{re.escape(picked.group(1))}["'`]""", tree.read(f) or "") for f in configs)


def _from_outside(tree: Tree, command: str) -> bool:
    """A configure step that names the clone's own folder as its source (`cmake -DX=Y libcbor`): it runs from the
    folder above the checkout, and inside it there is no such folder."""
    name = tree.root.name
    words = command.split("&&")[0].split()
    return bool(words) and words[0] in ("cmake", "meson") and name in words[1:] and not tree.under(name)


def _runs_as_root(tree: Tree, command: str) -> bool:
    """The command, or a make or just target it runs (and their prerequisites), runs something through sudo."""
    level = [command]
    for _ in range(recipes.DEPTH):
        lines = [line for item in level for line in (recipes.recipe_lines(tree, item) or [])]
        if any(re.match(r"sudo\b", line) for line in [*level, *lines]):
            return True
        level = [line for line in lines if re.match(r"(make|just) [\w.-]+$", line)]
    return False


def _autoconf_script(tree: Tree) -> bool:
    """A committed ./configure that Autoconf generated, which writes the Makefile `make` reads at the root; z3's is a
    hand-written wrapper of scripts/mk_make.py, which writes build/Makefile."""
    return tree.has("configure") and "Generated by GNU Autoconf" in (tree.read("configure") or "")[:4000]


def _configures_only(command: str) -> bool:
    """A configure step with nothing built after it (`cmake .`, `./configure`, `meson setup build`)."""
    alone = re.sub(r"^cd \S+ && ", "", command)
    return bool(commands.CONFIGURE.match(alone)) and " && " not in alone


def _a_part(command: str) -> str:
    """The script a `<name>:<part>` script is a part of (`npm run build` for DOMPurify's `npm run build:cov`), or ""."""
    part = re.fullmatch(r"((?:npm|pnpm|yarn|bun) run) ([\w-]+):[\w:-]+", command)
    return f"{part.group(1)} {part.group(2)}" if part else ""


ONE_PACKAGE = re.compile(r"^(cargo (?:\+\S+ )?[\w-]+)\b.*\s(-p|--package)[ =]\S+")


def _one_package(command: str, bare: set[str]) -> bool:
    """czkawka's CI `cargo clippy -p czkawka_gui` beside its quality job's workspace-wide `cargo clippy --all-targets
    …`: the command for one crate follows the one for all of them."""
    one = ONE_PACKAGE.match(command)
    return bool(one) and any(b.startswith(one.group(1) + " ") and not ONE_PACKAGE.match(b) for b in bare)


def _in_a_member(command: str) -> str:
    """The command a `cd <folder> && …` line runs in that folder; "" for a command run from the root."""
    moved = re.match(r"cd [\w./-]+ && (.+)$", command)
    return moved.group(1) if moved else ""


ASSETS_SHARE = 0.2
NODE_FILES = ("package.json", "package-lock.json", "npm-shrinkwrap.json", "yarn.lock", "pnpm-lock.yaml", "bun.lock")


def _assets_only(tree: Tree) -> bool:
    """JavaScript and TypeScript are under a fifth of a project in another language: its package.json serves assets."""
    found = shares(tree)
    scripted = sum(share for language, share, _ in found if language in ("javascript", "typescript"))
    return bool(found) and scripted < ASSETS_SHARE


FOLDER_MANIFESTS = (
    ("pyproject.toml", "python"), ("setup.py", "python"), ("package.json", "javascript"), ("Cargo.toml", "rust"),
    ("go.mod", "go"), ("pom.xml", "java"), ("build.gradle", "java"), ("build.gradle.kts", "kotlin"),
    ("Gemfile", "ruby"), ("composer.json", "php"),
)  # fmt: skip
SAME_FAMILY = {"typescript": "javascript", "kotlin": "java", "cpp": "c"}


def _another_languages_folder(tree: Tree, command: str) -> bool:
    """`cd src/api/python && python -m build` in z3, a C++ solver: the folder holds another language's package (a
    binding) whose manifest is its own; building or testing it is not the project's build or test."""
    moved = re.match(r"cd ([\w./-]+) && ", command)
    if not moved:
        return False
    folder = moved.group(1).removeprefix("./").rstrip("/")
    found = shares(tree)
    main = SAME_FAMILY.get(found[0][0], found[0][0]) if found else ""
    kinds = {SAME_FAMILY.get(kind, kind) for name, kind in FOLDER_MANIFESTS if tree.has(f"{folder}/{name}")}
    return bool(main and kinds) and main not in kinds


PACKAGE_SUITE = re.compile(
    r"(pnpm|yarn|npm|bun)( run)? (--filter|-F|--workspace|-w)[ =]\S+ (run )?test[\w:-]*$|"
    r"((pnpm|yarn|npx) )?nx (run )?test[ :]\S+( --coverage)?$|((pnpm|npx) )?turbo (run )?test --filter[ =]\S+$"
)
"""A workspace package's whole suite (supabase-js' `pnpm nx test <package-name>`): narrower than the root's run,
but no one test."""
REPORTS_SIZE = re.compile(r"(^|[\s/])(metrics|code[-_]size|bloat|size[-_]report)[\w-]*\.(py|sh)\b")
"""A script that measures or compares the built binaries' sizes: a report on a build, no build."""


def _docs_only_package(tree: Tree) -> bool:
    """The root package.json serves the documentation alone: every script builds or serves the docs, in a project
    whose code is another language's."""
    scripts = (load_json(tree, "package.json") or {}).get("scripts")
    found = shares(tree)
    main = found[0][0] if found else ""
    return (
        isinstance(scripts, dict)
        and bool(scripts)
        and all(re.match(r"(docs?|website|site)\b", str(name)) for name in scripts)
        and main not in ("javascript", "typescript")
    )


def _script_lines(tree: Tree, command: str) -> list[str]:
    """The lines a repository's shell script runs (`./x.sh`, `bash x.sh`): its shebang, blanks and comments left
    out; none when the command runs no script of the checkout."""
    script = re.fullmatch(r"(?:(?:ba)?sh )?(?:\./)?([\w./-]+\.sh)", command)
    text = (tree.read(script.group(1)) or "") if script and tree.has(script.group(1)) else ""
    return [line.strip() for line in text.splitlines()[1:] if line.strip() and not line.strip().startswith("#")]


def _only_fetches(tree: Tree, command: str) -> bool:
    """A script whose every line sets variables or fetches and unpacks a download (pyquery's tests/geckodriver.sh:
    `wget … | tar xvzf -`): it prepares the tests, it runs none."""
    lines = _script_lines(tree, command)
    fetch = r"(\[ [^\]]+ \] (\|\||&&) )?(wget|curl)\b.*|(tar|unzip|chmod|mkdir|mv|cp|cd)\b.*|set -\w+( \w+)?|\w+=.*"
    return (
        bool(lines)
        and any(re.search(r"\b(wget|curl)\b", line) for line in lines)
        and all(re.fullmatch(fetch, line) for line in lines)
    )


def _only_sets_hooks(tree: Tree, command: str) -> bool:
    """A script whose every line sets shell options or variables, prints, or configures git (`git config
    core.hooksPath …`): it installs no dependency."""
    lines = _script_lines(tree, command)
    quiet = r"(set -\w+( \w+)?|echo\b.*|printf\b.*|\w+=.*|git config\b.*|chmod \+x \S+)"
    return (
        bool(lines)
        and any(line.startswith("git config") for line in lines)
        and all(re.fullmatch(quiet, line) for line in lines)
    )


def workflow_findings(tree: Tree, proposed: list[Command]) -> list[Finding]:
    """One workflow record per role: the preferred command first, then the alternatives and where each came from."""
    by_role: dict[str, list[Command]] = defaultdict(list)
    checked = [keep(tree, p) for p in proposed if p.command]
    for c in sorted((c for c in checked if c), key=lambda c: c.priority):  # the same command: its best source
        same = next((i for i, o in enumerate(by_role[c.role]) if o.command == c.command), None)
        if same is None:
            by_role[c.role].append(c)
        elif not by_role[c.role][same].note and "run after `" in c.note:
            # chai's guide says `npm test`; package.json knows it needs `npm run build` first: the step goes along
            by_role[c.role][same] = replace(by_role[c.role][same], note=c.note[c.note.index("run after `") :])
    for role, tool in (("test-one", "cargo test"), ("lint", "cargo clippy"), ("docs", "cargo doc")):
        by_role[role] = _with_suite_features(by_role.get("test", []), by_role.get(role, []), tool)
    if _features_required(tree):  # vaultwarden's build.rs stops any build that enables no database backend
        for role, tool in (("build", "cargo build"), ("run", "cargo run")):
            by_role[role] = _with_suite_features(by_role.get("test", []), by_role.get(role, []), tool)
    out = []
    in_ci = {p.command for p in proposed if p.source.startswith("CI (")}
    assets = _assets_only(tree)
    for role in ROLES:
        bare = {c.command for c in by_role.get(role, [])}
        # askama's CI lints each crate (`cd askama && cargo clippy …`) and the workspace in one line: the root one
        # leads; laravel-debugbar's `npm run lint` checks its four asset scripts: `composer check-style` leads
        found = sorted(
            by_role.get(role, []),
            key=lambda c: (
                int(c.priority),  # a guide's commands rank by their place in it: the fraction
                assets and c.source.startswith(NODE_FILES),
                _in_a_member(c.command) in bare or _a_part(c.command) in bare or _one_package(c.command, bare),
                c.priority,
            ),
        )
        if not found:
            continue
        # luya's package.json `test` runs its karma specs of the assets: PHPUnit, which tests the PHP project, leads
        if assets and role in ("test", "test-one") and found[0].source.startswith(NODE_FILES):
            other = next((c for c in found if not c.source.startswith(NODE_FILES)), None)
            found = [other, *(c for c in found if c is not other)] if other else found
        # hiredis' `make test` needs a running server, `make check` starts one and is what CI runs: of two targets
        # of the Makefile, the one CI runs leads
        runner = found[0].source.split(" target ")[0]
        if found[0].source.startswith("Makefile target ") and found[0].command not in in_ci:
            chosen = next(
                (c for c in found[1:] if c.source.startswith(runner + " target ") and c.command in in_ci), None
            )
            found = [chosen, *(c for c in found if c is not chosen)] if chosen else found
        if role == "test":
            found = _in_the_build_tree(_whole_suite_first(found))
        if role == "install" and all(tasks.HOOKS_ONLY.match(c.command) for c in found):
            continue  # eza's `pre-commit install -c …` (for those without Nix) sets up git hooks, it installs nothing
        best, rest = found[0], found[1:5]
        if role in CHECK_ROLES and _written(best):  # a tool's guessed default beside the maintainers' way misleads
            rest = [c for c in rest if _written(c)]
            found = [c for c in found if _written(c)]  # nor is its config file cited (tox's mypy, not [tool.mypy])
        rest = [c for c in rest if not c.source.endswith(f"{ALLOWED_TO_FAIL})")]  # a check that counts exists
        if _written(best) and not best.source.startswith("CI ("):
            # kin-openapi's `make test` leads: go.yml's modernize run and `which goimports-reviser` are CI's own
            # steps, set up by the job around them, and beside the maintainers' command they only mislead
            rest = [c for c in rest if not c.source.startswith("CI (")]
        # gocqlx's `go test ./...` beside `make test`; submariner's, which starts the e2e suites, beside `make unit`
        rest = [c for c in rest if PARTIAL_RUN not in c.note and WIDER_RUN not in c.note]
        if not EXOTIC.search(best.command):  # tokei's cross-target CI scripts beside `cargo test`: one platform's
            rest = [c for c in rest if not (c.source.startswith("CI (") and EXOTIC.search(f"{c.source} {c.command}"))]
        if role == "build" and not _configures_only(best.command):
            # hiredis' Windows CI configures in the source tree (`cmake -Wno-dev CMakeLists.txt`), then MSBuild builds:
            # a configure alone is no build beside one that builds
            rest = [c for c in rest if not _configures_only(c.command)]
        if role == "install":  # the guide's `npm install --legacy-peer-deps` is how; the bare form fails there
            rest = [c for c in rest if not _only_adds_flags(best.command, c.command)]
        note = f" ({best.note})" if best.note else ""
        body = f"To {ROLE_WORDS[role]}: `{best.command}`{note} — from {best.source}."
        if rest:
            body += " Also: " + "; ".join(f"`{c.command}` ({c.source})" for c in rest) + "."
        caution = suite_caution(tree) if role == "test" else None
        if caution:  # caffeine's suite is sharded over 40 CI workers: the agent narrows it, as the maintainers ask
            body += f" But {caution[0]} says: “{caution[1].rstrip('.')}”."
            one = sorted(by_role.get("test-one", []), key=lambda c: c.priority)
            body += f" One test: `{one[0].command}`." if one else ""
        out.append(
            Finding(
                f"workflow/{role}",
                MemoryClass.WORKFLOW,
                f"{ROLE_WORDS[role].capitalize()}: {best.command}",
                body,
                _cited(tree, found) + ((caution[0],) if caution else ()),
                tags=("workflow", role),
            )
        )
    return out
