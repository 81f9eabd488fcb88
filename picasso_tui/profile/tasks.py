"""Task runners (Makefile, justfile, Taskfile, tox, nox, pre-commit, Rakefile, Maven's default goal) and
documentation builders (Sphinx, MkDocs, Docusaurus, cargo doc, Dokka, YARD, javadoc)."""

from __future__ import annotations

import re
from dataclasses import replace
from fnmatch import fnmatch

import tomli

from picasso_tui.profile.docs_moved import moved_away
from picasso_tui.profile.ecosystems.ant import ant_targets
from picasso_tui.profile.ecosystems.common import (
    SHELL_SHEBANG,
    gem_text,
    load_json,
    load_toml,
    preloaded_helper,
    workflow_text,
    yard_tagged,
    zensical_site,
)
from picasso_tui.profile.ecosystems.gradle_tasks import abi_checks, gradle_linters, gradle_tasks, version_catalog
from picasso_tui.profile.ecosystems.javascript_files import NODE_TOOLS, docs_sites, locked_managers
from picasso_tui.profile.ecosystems.jvm_level import without_profiles
from picasso_tui.profile.ecosystems.maven_reactor import builds_siblings_first
from picasso_tui.profile.ecosystems.maven_wrapper import maven_command
from picasso_tui.profile.ecosystems.ruby_test_tasks import one_file, only_prints, test_tasks
from picasso_tui.profile.ecosystems.rust import cargo_aliases, cargo_workspace
from picasso_tui.profile.ecosystems.tox_config import env_commands, expand_envlist, listed_envs, tox_envs
from picasso_tui.profile.findings import Knowledge, human_list
from picasso_tui.profile.make_leftovers import build_first, outgrown
from picasso_tui.profile.make_targets import (
    automake_declares_tests,
    automake_test_target,
    autotools_setup,
    default_target,
    does_nothing,
    listed_targets,
    make_rules,
    make_variables,
    only_includes,
    runs_tests,
    with_included,
    written_by_configure,
)
from picasso_tui.profile.make_targets import only_prints as make_only_prints
from picasso_tui.profile.pre_commit import pre_commit
from picasso_tui.profile.recipes import JUST_PARAMETERS
from picasso_tui.profile.role_scripts import role_scripts
from picasso_tui.profile.stale_test_runners import runs_dead_nose, stale_tox
from picasso_tui.profile.walk import EXAMPLE_FOLDER, Tree, is_vendored, read_bounded

RUNNER = 25
"""Priority of a task runner's command: after the contributor guide (20), before CI (45) and manifest defaults."""
DOKKA_2_PIN = re.compile(r"""^\s*[\w.-]*dokka[\w.-]*\s*=\s*["']2\.(\d+)""", re.M)
"""Dokka 2 pinned in the version catalog: 2.1 and later run its Gradle plugin v2 (`dokkaGenerate`); 2.0 only when
gradle.properties opts in (`…dokka.experimental.gradle.pluginMode=V2Enabled`), else v1's `dokkaHtml` (Kermit's)."""
TARGET_ROLES = {
    "test": "test", "tests": "test", "unit": "test", "check": "test", "build": "build", "compile": "build",
    "lint": "lint", "vet": "lint", "style": "lint", "clippy": "lint", "typecheck": "typecheck", "typing": "typecheck",
    "types": "typecheck", "type": "typecheck", "mypy": "typecheck", "fmt": "format", "format": "format",
    "gofmt": "format",
    "install": "install",
    "setup": "install", "deps": "install", "requirements": "install", "bootstrap": "install", "dev": "run",
    "run": "run", "serve": "run",
    "start": "run", "migrate": "migrate", "db-migrate": "migrate", "docs": "docs", "doc": "docs", "html": "docs",
    "book": "docs", "build-book": "docs", "book-build": "docs", "build-docs": "docs", "docs-build": "docs",
    "docs-serve": "docs", "man": "docs", "manpages": "docs", "man-pages": "docs", "check-types": "typecheck",
    "check-typing": "typecheck", "check-quality": "lint", "check-style": "lint", "check-format": "lint",
    "lint-type": "typecheck", "lint-types": "typecheck", "lint-typing": "typecheck",  # sopel's `mypy sopel`
    "unit-tests": "test", "check-fmt": "lint", "check-clippy": "lint",  # bottlerocket's cargo-make tasks
}  # fmt: skip
DEV_INSTALL = re.compile(r"install[_-](dev|develop|test|tests|deps|requirements)")
"""tqdm's `make install_dev`: sets up a contributor's clone (an editable install, the test requirements)."""


WATCHES = re.compile(
    r"\b(cargo watch|watchexec|nodemon|entr|ptw|pytest-watch)\b|(^|\s)--watch(all)?\b|\(watch\b|"
    r"^\s*@?(bundle exec )?guard(\s|$)"
)
"""A recipe that reruns on every change and never exits (just's `test: (watch 'ltest …')`): no check that ends."""
PUBLISHED_INSTALL = re.compile(r"^\s*@?cargo install\b(?![^\n]*--(path|git)\b)", re.MULTILINE)
"""`cargo install <crate>` without --path: the crate as published, not this checkout (just's `install`)."""


ONLY_BUILDS = re.compile(r"\s*@?(go build|cargo build|npm run build|tsc|mvn (-\S+ )*(package|compile))\b")
"""A recipe line that compiles and starts nothing."""
RELEASE_BUILD = re.compile(r"\bgoreleaser\b|\bcargo dist\b|\bsemantic-release\b")
"""A recipe that builds a release for every platform (fzf's `goreleaser build --snapshot`), no contributor's build."""


def _just_recipe(text: str, name: str) -> str:
    """A justfile recipe: its header (with its dependencies) and its indented body."""
    found = re.search(rf"^@?{re.escape(name)}\b[^\n]*:(?!=)[^\n]*\n((?:[ \t]+[^\n]*\n?|\n)*)", text, re.MULTILINE)
    return found.group(0) if found else ""


HOOKS_ONLY = re.compile(
    r"^\s*(-\s*)?@?(git config (--local )?core\.hooksPath|(\S+ )*(pre-commit|prek|lefthook|husky) install)\b"
)
"""A recipe line that points git at the hooks: nfpm's `task dev` (its desc: "Setup git hooks") runs nothing else."""


def target_role(name: str) -> str | None:
    """The role a target's name gives it; a Taskfile's namespaced `docs:build` is read as `docs-build`."""
    lowered = name.lower()
    if re.fullmatch(r"(fix[-_]?(cs|style|lint)|(cs|style|lint)[-_]?fix)", lowered):
        return "format"  # scssphp's `fix-cs` runs phpcbf over its sources
    return TARGET_ROLES.get(lowered) or TARGET_ROLES.get(lowered.replace(":", "-"))


REWRITES = re.compile(
    r"^\s*@?-?((poetry|uv|pdm|hatch) run )?(isort|black|autopep8|yapf|ruff format|ruff check --fix|gofmt -w|"
    r"goimports -w|clang-format -i|prettier --write|rustfmt|cargo fmt)\b(?!.*\s--(check|diff)\b)"
)
"""A recipe line that rewrites the code to the project's style and checks nothing."""


_LINTER = re.compile(
    r"^\s*[@-]*(cd \S+ && )?(golangci-lint|staticcheck|go vet|ruff check|flake8|pylint|eslint|rubocop|phpcs|"
    r"cargo clippy|shellcheck|clang-tidy)\b"
)
_ECHO = re.compile(r"^\s*@?echo\b")
INSTALLS = re.compile(
    r"^\s*[@-]*(?:(?:poetry|uv|pdm|hatch) run )?(?:poetry install|pip3? install|python3? -m pip install|uv sync|"
    r"uv pip install|pdm install|npm (?:ci|install)|pnpm install|yarn(?: install)?\s*$|bundle(?: install)?\s*$|"
    r"composer install|pre-commit install|prek install|go mod download)\b"
)
"""A recipe line that installs the project's dependencies or hooks and runs nothing else."""
_HELPER_TARGET = re.compile(r"^\s*make [._][\w.-]+$")
"""`make .require-golangci-lint`: a hidden prerequisite that installs the tool."""


PHP_STYLE = re.compile(
    r"^\s*[@-]*(?:[A-Z_]+=\S*\s+)*(?:php\s+)?(?:\./)?(?:vendor/bin/|bin/|tools/)?"
    r"(php-cs-fixer|ecs|phpcbf|phpcs|pint)(?:\.phar)?\b(.*)$"
)
"""A recipe line that runs a PHP style tool, after the environment it sets (`XDEBUG_MODE=off vendor/bin/ecs check`)."""


def php_style_role(lines: list[str]) -> str | None:
    """A target whose name gives no role (PHP's `cs`, `ci-cs`) by the style tool its recipe runs: format when it
    rewrites (`ecs check --fix`, `php-cs-fixer fix`, phpcbf, pint), lint when it only checks (`ecs check`,
    `php-cs-fixer fix --dry-run`, phpcs, `pint --test`)."""
    found = [PHP_STYLE.match(line) for line in lines]
    if not lines or not all(found):
        return None
    rewrites = [
        (m.group(1) in ("phpcbf",) or (m.group(1) == "ecs" and "--fix" in m.group(2))
         or (m.group(1) == "php-cs-fixer" and re.search(r"\bfix\b", m.group(2)) and "--dry-run" not in m.group(2))
         or (m.group(1) == "pint" and "--test" not in m.group(2)))
        for m in found if m
    ]  # fmt: skip
    return "format" if all(rewrites) else "lint" if not any(rewrites) else None


def lints_only(lines: list[str]) -> bool:
    """Every recipe line runs a linter, echoes, or makes a hidden helper: a target that lints, whatever its name
    (gocqlx's `check:` runs golangci-lint over the module and its example: no test)."""
    return bool(lines) and all(_LINTER.match(line) or _ECHO.match(line) or _HELPER_TARGET.match(line) for line in lines)


def _only_rewrites(makefile: str, name: str) -> bool:
    """Every line the target runs, in its recipe and those of the `_helper` targets it needs, rewrites the code."""
    rules = make_rules(makefile)
    needs, own = rules.get(name, ([], ""))
    helpers = "\n".join(rules.get(n, ([], ""))[1] for n in needs if n.startswith("_"))
    lines = [line for line in f"{own}\n{helpers}".splitlines() if line.strip()]
    return bool(lines) and all(REWRITES.match(line) for line in lines)


MAKEFILES = frozenset({"Makefile", "makefile", "GNUmakefile"})


def _targets(
    k: Knowledge,
    rel: str,
    runner: str,
    names: list[str],
    text: str = "",
    bodies: dict[str, str] | None = None,
    every: list[str] | None = None,
) -> None:
    """The runner's targets as commands by role, and the list of them; `every` holds the targets left out of the
    commands too (a Makefile's broken or print-only ones), which the list's count of those not named takes in."""
    seen = list(dict.fromkeys(names))
    if runner == "make" and text:
        seen = [name for name in seen if not make_only_prints(text, name)]
    for name in seen:
        role = target_role(name) or ("install" if DEV_INSTALL.fullmatch(name.lower()) else None)
        if role == "install" and installs_into_a_prefix(text, name):
            continue  # cJSON's `make install` copies the library into /usr/local: a packager's step, not setup
        recipe = (_just_recipe(text, name) if runner == "just" else _recipe(text, name)) if text else ""
        recipe = (bodies or {}).get(name, recipe)
        ran = [line for line in recipe.splitlines()[1 if runner == "just" else 0 :] if line.strip()]
        if role is None and runner in ("make", "just"):
            role = php_style_role(ran)  # webauthn-framework's `cs:` runs `vendor/bin/ecs check --fix`
        if role == "lint" and runner == "make" and _only_rewrites(text, name):
            role = "format"  # tortoise-orm's `style: _style deps` runs isort and black over the code: it rewrites
        if role == "test" and lints_only(ran):
            role = "lint"
        if (
            role not in (None, "install")
            and ran
            and all(HOOKS_ONLY.match(line) or re.match(r"\s*(desc|cmds):", line) for line in ran)
        ):
            continue
        if role and role != "run" and WATCHES.search(recipe):
            continue
        if role == "install" and PUBLISHED_INSTALL.search(recipe):
            continue
        run = [line for line in ran if not re.match(r"\s*@?#", line)]
        if role in ("lint", "typecheck") and run and all(re.search(r"\|\|\s*(true|:)\s*$", line) for line in run):
            continue  # wily's mypy runs as `mypy … src || true`: its findings fail nothing, it checks nothing
        if role == "test" and runner == "make" and text and not ran and _built_for_another(text, name, seen):
            continue  # newsboat's `test:` only builds the test programs; `check: test` then runs them
        if role == "run" and runner == "make" and text and not ran and _chains_checks(text, name):
            continue  # headscale's `dev: fmt lint test build` chains the checks: it runs no program
        installs = [line for line in ran if INSTALLS.match(line)]
        if role == "run" and installs and all(INSTALLS.match(line) or _ECHO.match(line) for line in ran):
            role = "install"  # guardrails' `dev:` is `poetry install --extras "dev"` and `pre-commit install`
        if role == "run" and ran and all(ONLY_BUILDS.match(line) or re.match(r"\s*@?echo\b", line) for line in ran):
            continue  # pgweb's `dev:` runs `go build` and says "You can now execute ./pgweb": a build, nothing runs
        if role == "run" and runner == "just" and re.match(r"^@?[\w-]+\s+[*+]?\w", recipe):
            continue  # sqlite-utils' `run *args: uv run {{args}}`: bare, it runs nothing
        if role == "format" and ran and all(re.match(r"\s*[@-]*(go mod \w+|echo)\b", line) for line in ran):
            continue  # evans' `format:` only runs `go mod tidy`: go.mod is tidied, no code is formatted
        if role == "docs" and ran and all(re.search(r"\btest\b.*\s--doc\b|--doctest", line) for line in ran):
            continue  # hickory-dns' `just doc` runs the doctests (`cargo test --doc`): it builds no docs
        if role == "build" and ran and all(re.match(r"\s*[@-]*(mkdir|touch)\b", line) for line in ran):
            continue  # websocket-php's `build:` only makes the folder its coverage report goes to
        if (
            role == "format"
            and ran
            and all(re.match(r"\s*[@-]*(\./)?[\w/.-]*\bcheck[\w-]*\.sh\b", line) for line in ran)
        ):
            role = "lint"  # kompose's `gofmt:` runs script/check-gofmt.sh, which lists unformatted files and fails
        if role == "build" and RELEASE_BUILD.search(recipe):
            continue  # fzf's `build: goreleaser build --clean --snapshot`: every platform's release, for a release
        if role:
            book = role == "docs" and "book" in name.lower()  # the user's guide before the API docs
            first = build_first(text, name) if runner == "make" and role in ("test", "bench", "run") else ""
            note = f"run after `{first}`" if first else ""  # munit's `test` runs ./example, which `make` builds
            # griffe's `check` runs every check, `test` the tests: the target named for the role leads
            later = role == "test" and name.lower() != "test" and "test" in (n.lower() for n in seen)
            priority = RUNNER - 1 if book else RUNNER + 1 if later else RUNNER
            k.command(role, f"{runner} {name}", f"{rel} target `{name}`", priority, note)
    # spire's `FORCE:`, an empty target others depend on to always run: no task anyone asks for
    seen = [name for name in seen if not (runner == "make" and name == "FORCE")]
    if seen:
        shown = [f"`{runner} {name}`" for name in seen[:20]]
        # once the list is cut, Qiskit's six clib targets, left out of the commands, are among those not named
        left = len([n for n in dict.fromkeys([*seen, *(every or [] if len(seen) > 20 else [])]) if n not in seen[:20]])
        listed = f"{', '.join(shown)} and {left} more" if left else ", ".join(shown)
        key = "cargo-make" if runner == "cargo make" else runner.split()[-1].rsplit("/", 1)[-1]
        k.fact(f"tasks/{key}", f"{rel} targets", f"{rel} targets: {listed}.", rel)


def _built_for_another(text: str, name: str, targets: list[str]) -> bool:
    """A recipe-less test target another test target (`check: test`) names first and then runs tests in, or one
    that names only files beside another test target: it builds what the tests need, and the other one runs them."""
    for other in targets:
        header = re.search(rf"^{re.escape(other)}\s*:(?!=)([^\n#]*)", text, re.MULTILINE)
        needs = header.group(1).split() if header else []
        if other != name and name in needs and target_role(other) == "test" and _recipe(text, other).strip():
            return True
    # bfs' `tests: ${UTEST_BINS} ${ITEST_BINS}` only makes the test programs, which `check` runs
    header = re.search(rf"^{re.escape(name)}\s*:(?!=)([^\n#]*)", text, re.MULTILINE)
    needs = header.group(1).split() if header else []
    files = bool(needs) and all(re.fullmatch(r"\$[({]\w+[)}]|[\w.-]*/[\w./-]*", n) for n in needs)
    return files and any(o != name and target_role(o) == "test" for o in targets)


def _chains_checks(text: str, name: str) -> bool:
    """A Makefile target whose prerequisites are all checks or builds (`dev: fmt lint test build`)."""
    header = re.search(rf"^{re.escape(name)}\s*:(?!=)([^\n#]*)", text, re.MULTILINE)
    before = header.group(1).split() if header else []
    return bool(before) and all(target_role(b) in ("format", "lint", "test", "build", "typecheck") for b in before)


def _docs_site_package(tree: Tree, k: Knowledge) -> None:
    """A docs site that is a package of its own (docs/package.json with a site generator): it builds with its
    build script, from that folder, after its own install."""
    for folder, manifest, generator in docs_sites(tree):
        scripts = manifest.get("scripts") or {}
        script = next((n for n in ("docs:build", "build") if n in scripts), None)
        if script:
            locks = (("pnpm", "pnpm-lock.yaml"), ("yarn", "yarn.lock"), ("bun", "bun.lock"), ("bun", "bun.lockb"))
            runner = next((tool for tool, lock in locks if tree.has(f"{folder}/{lock}")), "npm")  # mcp-go's www/: bun
            root = next((tool for tool, lock in locks if tree.has(lock)), "")
            name = str(manifest.get("name") or "")
            if root in ("yarn", "pnpm") and name and _a_workspace(tree, folder):
                # es-toolkit's docs/ is a workspace of its Yarn 4 root: its lock file and settings are the root's
                run = f"yarn workspace {name} {script}" if root == "yarn" else f"pnpm --filter {name} {script}"
                k.command("docs", run, f"{folder}/package.json ({generator})", RUNNER + 5,
                          f"after `{root} install` at the root")  # fmt: skip
                return
            k.command("docs", f"cd {folder} && {runner} run {script}", f"{folder}/package.json ({generator})",
                      RUNNER + 5, f"after `cd {folder} && {runner} install`")  # fmt: skip
            return


def _a_workspace(tree: Tree, folder: str) -> bool:
    """The root package.json's (or pnpm-workspace.yaml's) workspaces include the folder."""
    ws = load_json(tree, "package.json").get("workspaces")
    patterns = ws.get("packages", []) if isinstance(ws, dict) else ws if isinstance(ws, list) else []
    patterns = [
        *patterns,
        *re.findall(r"^\s*-\s*['\"]?([^'\"\n#]+?)['\"]?\s*$", tree.read("pnpm-workspace.yaml") or "", re.M),
    ]
    return any(isinstance(p, str) and fnmatch(folder, p.strip().removeprefix("./").rstrip("/")) for p in patterns)


def _recipe(makefile: str, target: str) -> str:
    # slog's `run test build clean:` gives four targets one recipe
    head = rf"^(?:[\w.-]+[ \t]+)*{re.escape(target)}(?:[ \t]+[\w.-]+)*\s*:(?!=)"
    # kratos' `install:` recipe sits in an `ifeq ($(user),root)` … `else` … `endif` block: the lines are its own
    # cloud-custodian's `format:` opens with `# See black config in pyproject.toml`: a makefile comment, at column 0
    lines = r"(?:\t[^\n]*\n?|(?:ifeq|ifneq|ifdef|ifndef|else|endif)\b[^\n]*\n?|#[^\n]*\n(?=\t))*"
    recipe = re.search(rf"{head}[^\n]*\n({lines})", makefile, re.MULTILINE)
    return re.sub(r"^#[^\n]*\n", "", recipe.group(1), flags=re.M) if recipe else ""


def _only_fails(recipe: str) -> bool:
    """A recipe that only prints a message and stops (pgbouncer's `config.mak:` says "Please run ./configure", then
    `exit 1`): the rule stands in for a file another step makes, it is no task to run."""
    lines = [line.strip().lstrip("@-").strip() for line in recipe.splitlines() if line.strip()]
    fails = [line for line in lines if re.fullmatch(r"exit [1-9]\d*|false|\$\(error\b.*", line)]
    return bool(fails) and all(re.match(r"(echo|printf)\b", line) or line in fails for line in lines)


def runs_a_missing_file(tree: Tree, makefile: str, target: str) -> bool:
    """The target's recipe runs a script the tree no longer has (python-semver's `python setup.py sdist` with no
    setup.py): the target is left over from an older build and fails."""
    recipe = _recipe(makefile, target)
    scripts = re.findall(r"^\t[@-]*(?:python3?|bash|sh) ((?:\./)?[\w./-]+\.(?:py|sh))\b", recipe, re.MULTILINE)
    # scaleway-cli's `test:` runs `./scripts/test.sh`, gone since its scripts/run-tests.sh
    scripts += re.findall(r"^\t[@-]*(\./[\w./-]+\.(?:py|sh))(?:\s|$)", recipe, re.MULTILINE)
    # delta's `release` runs `$(MAKE) -f release.Makefile`, kept at etc/release.Makefile
    scripts += re.findall(r"^\t[@-]*(?:\$\(MAKE\)|make)\b.*?\s-f\s*((?:\./)?[\w./-]+)", recipe, re.MULTILINE)
    # parseable's `fmt:` runs `cd server/src/ && cargo fmt`, a folder gone since the code moved to the root
    folders = re.findall(r"^\t[@-]*cd ((?:\./)?[\w.-]+(?:/[\w.-]+)*)/? *(?:&&|;|$)", recipe, re.MULTILINE)
    gone = [f for f in folders if f not in (".", "..") and not (tree.root / f).is_dir()]
    return bool(gone) or any(not tree.has(script.removeprefix("./")) for script in scripts)


def _needs_a_missing_target(tree: Tree, makefile: str, target: str) -> bool:
    """The target pulls in a prerequisite nothing makes: no rule, no pattern rule, no file (kombu's `lint:
    flakecheck apicheck configcheck readmecheck` with no `configcheck` anywhere), so `make` stops at once."""
    rules = make_rules(makefile)
    if re.search(r"^[^\t#\n]*%[^\n]*:", makefile, re.M):
        return False  # a pattern rule may make any of them
    return any(
        need not in rules
        and not re.search(r"[$./]", need)  # a variable, a file or a path some rule or tool writes (target/fzf)
        and need not in ("vendor", "node_modules", "venv", "build", "dist", "bin", "lib")  # an install's folders
        and not tree.has(need)
        and not tree.under(need)
        for need in rules.get(target, ([], ""))[0]
    )


def _runs_an_undeclared_node_tool(tree: Tree, makefile: str, target: str) -> bool:
    """The target's recipe runs an npm package's command that package.json does not declare (passport's
    `html: jsdoc …` with no jsdoc among its dependencies): on a contributor's clone it is "command not found"."""
    if not tree.has("package.json"):
        return False
    programs = re.findall(r"^\t[@-]*(?:\$\(\w+\)/|node_modules/\.bin/)?([\w.-]+)", _recipe(makefile, target), re.M)
    manifest = tree.read("package.json") or ""
    return any(p in NODE_TOOLS and f'"{NODE_TOOLS[p]}"' not in manifest for p in programs)


PYTHON_LINTERS = ("black", "flake8", "isort", "pylint", "yapf", "autopep8", "pycodestyle", "pep8")
"""Python formatters and linters a Makefile runs bare: installed only where the project declares them."""
PYTHON_DECLARATIONS = (
    "pyproject.toml", "setup.py", "setup.cfg", "tox.ini", "noxfile.py", ".pre-commit-config.yaml", "Pipfile",
)  # fmt: skip


def _runs_an_undeclared_python_tool(tree: Tree, makefile: str, target: str) -> bool:
    """The target runs black or flake8 that nothing declares any more (graphene's `format: black …` and `lint:
    flake8 …`, left behind when ruff, in its pre-commit hooks and dev extra, replaced both)."""
    programs = re.findall(r"^\t[@-]*(?:python3? -m )?([\w.-]+)", _recipe(makefile, target), re.M)
    used = [p for p in programs if p in PYTHON_LINTERS]
    if not used or not any(tree.has(f) for f in ("pyproject.toml", "setup.py", "setup.cfg")):
        return False
    requirements = [f for f in tree.files if re.match(r"(requirements|dev-requirements|requirements[-_/])", f)]
    declared = "\n".join(tree.read(f) or "" for f in [*PYTHON_DECLARATIONS, *requirements[:10]] if tree.has(f))
    return any(not re.search(rf"(?<![\w-]){re.escape(p)}(?![\w-])", declared, re.I) for p in used)


def _breaks_cargo(tree: Tree, recipe: str, target: str) -> bool:
    """A recipe's cargo line that fails on this crate: `cargo run` of a library with no binary, or a feature
    Cargo.toml does not declare (slog's `run: cargo $@` and `clippy: cargo build --features clippy`)."""
    manifest = tree.read("Cargo.toml") or ""
    if not re.search(r"^\[package\]", manifest, re.M):
        return False  # a virtual workspace: its members say what they build
    lines = [line.replace("$@", target) for line in re.findall(r"^\t[@-]*(cargo\b.*)$", recipe, re.M)]
    binary = tree.has("src/main.rs") or bool(tree.under("src/bin")) or "[[bin]]" in manifest
    if not binary and any(re.match(r"cargo run\b(?!.*--example)", line) for line in lines):
        return True
    table = re.search(r"^\[features\]\s*\n(.*?)(?=^\[|\Z)", manifest, re.M | re.S)
    declared = set(re.findall(r"^([\w-]+)\s*=", table.group(1), re.M)) if table else set()
    optional = set(re.findall(r"^([\w-]+)\s*=\s*\{[^}\n]*optional\s*=\s*true", manifest, re.M))
    asked = {f for line in lines for group in re.findall(r"--features[ =]['\"]?([\w,/ -]+)", line)
             for f in re.split(r"[, ]+", group) if f and "/" not in f}  # fmt: skip
    return bool(asked - declared - optional)


def installs_into_a_prefix(makefile: str, target: str) -> bool:
    """The target's recipe copies files into PREFIX, DESTDIR or a system folder, installs the package it built
    (fpm's `install: $(GEM)` runs `gem install $(GEM)`) or applies manifests to a cluster: a user's install."""
    body = _recipe(makefile, target)
    if re.search(
        # micro's `install: generate` runs `go install … ./cmd/micro`: the program into $GOPATH/bin, a user's copy
        # nebula's `$(GOENV) go install …`: a variable of the environment before the program
        r"^\t\s*@?(\$[({]\w+[)}]\s+)*(gem install|(python3? -m )?pip3? install (?!-e\b|-r\b|--editable\b)|"
        r"npm (i|install) -g\b|go install\b|cargo install --path\b|"
        r"(\S+ )*setup\.py( \S+)* install\b)",  # gpiozero's `$(PYTHON) $(PYFLAGS) setup.py install --root $(DEST_DIR)`
        body,
        re.M,
    ):
        return True
    if re.search(
        r"\|\s*kubectl (apply|create)\b|^\t\s*@?(kubectl (apply|create)|helm (install|upgrade))\b", body, re.M
    ):
        return True  # keda's `install` applies its CRDs to the cluster ~/.kube/config names: a deployment
    # goss' `cp release/goss-linux-amd64 $(GOPATH)/bin/goss`, tc-lib-pdf's `cp -rf ./src/* "$(PATHINSTBIN)"`
    if re.search(r"^\t\s*@?(cp|install|mv|ln)\b[^\n]*\$[({](GOPATH|GOBIN|HOME|\w*BIN\w*|\w*INST\w*)\b", body, re.M):
        return True
    prefixed = re.search(r"^\s*(PREFIX|prefix|DESTDIR|INSTALL_\w*)\s*[:?+]?=", makefile, re.MULTILINE)
    return bool(re.search(r"PREFIX|DESTDIR|/usr/|INSTALL_|\$\(INSTALL", body)) or bool(prefixed)


def makefile(tree: Tree, k: Knowledge) -> None:
    rel = tree.first("Makefile", "makefile", "GNUmakefile")
    text = with_included(tree, only_includes(tree, (tree.read(rel) or "") if rel else ""))
    if rel and tree.has("configure") and re.search(r"configure first|run \.?/?configure", text, re.IGNORECASE):
        return  # zlib's checked-in Makefile only says "Please use ./configure first": the real one is generated
    if re.search(
        r"^(#|.*\$\((warning|info|error) ).*\b(deprecated|slated for (deletion|removal)|no longer (used|maintained))\b",
        text[:500],
        re.I | re.M,
    ):
        # stripe-ruby's "this file is deprecated …; prefer using the equivalent `just` commands"; redpanda connect's
        # `$(warning DEPRECATED: This Makefile is deprecated. Please use https://taskfile.dev instead.)`
        return
    if rel:
        # cookiecutter's `define BROWSER_PYSCRIPT` holds Python: its `try:` and `except:` are no targets
        rules = re.sub(r"^define\b.*?^endef\b", "", text, flags=re.MULTILINE | re.DOTALL)
        # griffe's `$(actions):` hands `make run <command>` on as a command to run: a listed name is no program to run
        listed = [n for n in listed_targets(rules) if target_role(n) != "run"]
        # pypiserver's `test test-3.x: pyproject.toml …` defines both targets in one rule
        heads = re.findall(r"^([A-Za-z][\w.-]*(?:[ \t]+[A-Za-z][\w.-]*)*)[ \t]*:(?!=)", rules, re.MULTILINE)
        # criu's `Makefile: ;` keeps make from remaking itself: a rule for a file the checkout has is no command
        # flagd's `PHONY: .build …` lacks its dot: a target named PHONY, which nobody runs
        # luau's `FUZZ_OBJECTS:` misspells a variable's assignment: a name in capitals is no task anyone runs
        names = [
            n
            for head in heads
            for n in head.split()
            if not tree.has(n) and n not in MAKEFILES | {"PHONY"} and not re.fullmatch(r"[A-Z][A-Z0-9_]*_[A-Z0-9_]+", n)
        ]
        names += listed
        live = [
            n
            for n in names
            if not runs_a_missing_file(tree, text, n)
            and not runs_dead_nose(tree, _recipe(text, n))
            and not _needs_a_missing_target(tree, text, n)
            and not _runs_an_undeclared_node_tool(tree, text, n)
            and not _runs_an_undeclared_python_tool(tree, text, n)
            and not _breaks_cargo(tree, _recipe(text, n), n)
            and not does_nothing(text, n)  # a bare `all:` runs nothing worth naming
            and not _only_fails(_recipe(text, n))
            and not outgrown(tree, text, n)  # records' `test: init` runs pipenv; its Pipfile is gone
        ]
        made = len(k.commands)
        _targets(k, rel, "make", live, text, every=[n for n in names if n != "FORCE"])
        # lowdown's Makefile includes Makefile.configure, which ./configure writes: make stops without it
        if generated := written_by_configure(tree, text):
            after = f"after `./configure`, which writes {generated}"
            k.commands[made:] = [replace(c, note=c.note or after) for c in k.commands[made:]]
        _one_test_variable(k, rel, text)
        _kconfig(tree, k, rel, text)
        first = default_target(text)
        # gdu's `all` is its release pipeline (clean, tarball, cross builds, man pages): `make build` is the build
        needs, _ = make_rules(text).get(first, ([], ""))
        # kube-burner's `all: lint build images push` builds and pushes container images
        release = any(
            re.search(r"clean|tarball|release|dist|docker|package|sign|checksum|push|publish|deploy|images?$", n)
            for n in needs
        )
        # ginkgo's `all: vet test` only checks: go vet and the suite, nothing built (sarama's also fetches)
        checks = default_only_checks(text)
        # go-pretty's `default: help` prints the targets, it builds nothing
        plain = first in ("all", "default") and first in live and not release and needs != ["help"] and not checks
        if tree.has("go.mod") and plain and not runs_tests(text, first):
            # fzf's bare `make` builds target/fzf with its version stamped in; `go build ./...` writes no binary
            k.command("build", "make", f"{rel} default target `{first}`", RUNNER)
    elif tree.has("Makefile.am") and tree.has("configure.ac"):
        setup = autotools_setup(tree)
        target = automake_test_target(tree.read("Makefile.am") or "")
        if automake_declares_tests([tree.read(f) or "" for f in tree.named("Makefile.am")]):
            k.command("test", f"make {target}", "Makefile.am (automake)", RUNNER + 5, f"after `{setup}`")


def _kconfig(tree: Tree, k: Knowledge, rel: str, text: str) -> None:
    """A Kconfig build (swupdate's, the kernel's way): nothing builds before a .config is written, by `make
    menuconfig` or from one of the defconfigs in configs/ (`make test_defconfig`)."""
    if not tree.has("Kconfig") or not re.search(r"^%config\s*:", text, re.M):
        return
    defconfigs = sorted(f.split("/", 1)[1] for f in tree.under("configs") if f.endswith("_defconfig"))
    example = next((d for d in defconfigs if d.startswith("test")), defconfigs[0] if defconfigs else "")
    note = "after configuring it: `make menuconfig` writes the .config it needs"
    note += f", or start from one of configs/' {len(defconfigs)} defconfigs with `make {example}`" if example else ""
    k.command("build", "make", f"{rel} (Kconfig)", RUNNER - 1, note)


_CHECK_TARGET = re.compile(
    r"(go-?)?(vet|lint|test|tests|check|fmt|format|tidy|staticcheck|golangci-lint|get|update|deps|download|generate)|"
    r"clippy|(fmt|format|lint)[-_]check|check[-_](fmt|format|lint)"
)
"""Chores a default target may run instead of a build: sarama's `default: fmt get update test lint` builds nothing,
gitbutler's `all: fmt fmt-check check clippy` formats and lints."""


def default_only_checks(makefile: str) -> bool:
    """The Makefile's default target only needs chores, with no recipe of its own: a bare `make` builds nothing."""
    needs, recipe = make_rules(makefile).get(default_target(makefile), ([], ""))
    return bool(needs) and not recipe.strip() and all(_CHECK_TARGET.fullmatch(n) for n in needs)


def justfile(tree: Tree, k: Knowledge) -> None:
    rel = tree.first("justfile", "Justfile", ".justfile")
    if rel:
        text = tree.read(rel) or ""
        # quilkin's `_default_agent_config := """` holds YAML whose `clusters:` is no recipe
        bare = re.sub(r'("""|\'\'\'|```).*?\1', "", text, flags=re.DOTALL)
        heads = re.finditer(rf"^@?([A-Za-z][\w-]*)({JUST_PARAMETERS}):(?!=)", bare, re.MULTILINE)
        # opencost's `build IMAGE_TAG RELEASE_VERSION:` stops without its two values: no command as named
        runnable = [h.group(1) for h in heads if not _required_parameters(h.group(2))]
        _targets(k, rel, "just", runnable, text)


def just_needs_values(tree: Tree, name: str) -> bool:
    """The justfile's recipe of that name takes a parameter without a default: tinty's README says `just test`,
    whose recipe is `test pattern:`; just stops and asks for the value."""
    rel = tree.first("justfile", "Justfile", ".justfile")
    text = (tree.read(rel) or "") if rel else ""
    head = re.search(rf"^@?{re.escape(name)}({JUST_PARAMETERS}):(?!=)", text, re.MULTILINE)
    return bool(head) and bool(_required_parameters(head.group(1)))


def _required_parameters(parameters: str) -> list[str]:
    """A just recipe's parameters that have no default (`+files` wants one value or more; `*args` none)."""
    words = re.findall(r"""([+*$]*[A-Za-z_][\w-]*)(\s*=\s*(?:'[^']*'|"[^"]*"|\S+))?""", parameters)
    return [w for w, default in words if not default and not w.startswith("*")]


def taskfile(tree: Tree, k: Knowledge) -> None:
    rel = tree.first("Taskfile.yml", "Taskfile.yaml")
    if rel:
        text = tree.read(rel) or ""
        block = text.split("tasks:", 1)[1] if "tasks:" in text else ""
        heads = list(re.finditer(r"^  ([A-Za-z][\w:-]*):\s*$", block, re.MULTILINE))
        bodies = [
            block[h.end() : heads[i + 1].start() if i + 1 < len(heads) else len(block)] for i, h in enumerate(heads)
        ]
        # respx's `tools` and `venv` are `internal: true`: only other tasks call them, `task tools` refuses to run
        names = [
            h.group(1)
            for h, body in zip(heads, bodies, strict=True)
            if not re.search(r"^\s+internal:\s*true\b", body, re.M)
        ]
        _targets(k, rel, "task", names, bodies={h.group(1): body for h, body in zip(heads, bodies, strict=True)})


def cargo_make(tree: Tree, k: Knowledge) -> None:
    """cargo-make's Makefile.toml: each `[tasks.<name>]` is a task (`cargo make unit-tests`, bottlerocket's way to
    test); a private or disabled one runs only under another, and one that only extends or aliases another adds no
    way of its own."""
    if not tree.has("Makefile.toml"):
        return
    tasks = load_toml(tree, "Makefile.toml").get("tasks")
    if not isinstance(tasks, dict):
        return
    text = tree.read("Makefile.toml") or ""
    heads = list(re.finditer(r"^\[tasks\.([\w-]+)\]\s*$", text, re.M))
    bodies = {h.group(1): text[h.end() : heads[i + 1].start() if i + 1 < len(heads) else len(text)]
              for i, h in enumerate(heads)}  # fmt: skip
    names = [
        name
        for name, task in tasks.items()
        if isinstance(task, dict) and not task.get("private") and not task.get("disabled") and not task.get("alias")
    ]
    _targets(k, "Makefile.toml", "cargo make", names, bodies=bodies)


SHELL_FUNCTION = re.compile(r"^([a-z][\w-]*)\s*\(\)\s*\{\n(.*?)^\}", re.M | re.S)


def maskfile(tree: Tree, k: Knowledge) -> None:
    """mask's maskfile.md: each `## name` heading is a task (`mask lint`), its arguments in parentheses after it; a
    task that requires one (mask's own `## run (maskfile_command)`) runs nothing bare."""
    text = tree.read("maskfile.md") or "" if tree.has("maskfile.md") else ""
    headings = re.findall(r"^##\s+([A-Za-z][\w-]*)(?:\s+\(([^)]*)\))?\s*$", text, re.MULTILINE)
    names = [n for n, args in headings if not any(a and not a.endswith("?") for a in re.split(r"[\s,]+", args))]
    if names:
        _targets(k, "maskfile.md", "mask", names)


def do_script(tree: Tree, k: Knowledge) -> None:
    """A root `./do` script of shell functions, run by name (gotestsum's plsdo: `./do lint`, `./do go-mod-tidy`):
    a task runner of its own. Functions named with a leading underscore are its helpers."""
    rel = next((f for f in ("do", "run", "tasks") if tree.has(f)), "")
    text = (tree.read(rel) or "") if rel else ""
    # the script runs the function its first argument names (`"$@"` as a line, `case "$1" in`); sshuttle's `run`
    # hands "$@" to Python: its one function is a helper, not a task
    dispatches = r'^\s*(exec\s+|eval\s+)?"?\$(@|1|\{@\}|\{1\})"?(\s|$)|\bcase\s+"?\$\{?1\b'
    if not SHELL_SHEBANG.match(text) or not re.search(dispatches, text, re.MULTILINE):
        return
    bodies = {m.group(1): m.group(2) for m in SHELL_FUNCTION.finditer(text)}
    if bodies:
        _targets(k, rel, f"./{rel}", list(bodies), bodies=bodies)


def jakefile(tree: Tree, k: Knowledge) -> None:
    """Jake, the JavaScript make (ejs: `jake build`, `jake doc`); run through npx, it is a dev dependency."""
    rel = tree.first("jakefile.js", "Jakefile", "jakefile", "Jakefile.js")
    if rel:
        text = tree.read(rel) or ""
        _targets(k, rel, "npx jake", re.findall(r"^task\(\s*['\"]([\w:-]+)['\"]", text, re.MULTILINE))


MAGE_TAG = re.compile(r"^//\s*(go:build|\+build)\s+mage\b", re.M)
MAGE_TARGET = re.compile(r"^func\s+(?:\(\s*(?:\w+\s+)?\*?(\w+)\s*\)\s*)?([A-Z]\w*)\s*\(", re.M)
"""An exported function, or a method whose receiver (named or not: `func (Build) Linux()`) is group 1."""


def ant(tree: Tree, k: Knowledge) -> None:
    """Ant's targets (lombok's `ant test`, `ant deps`); `dist` or `jar`, Ant's names for the artifact the project
    ships, lead the build over `compile`, which stops before it."""
    names = ant_targets(tree)
    if names:
        runner = _phing(tree) or "ant"
        _targets(k, "build.xml", runner, names)
        for name in ("dist", "jar"):
            if name in names:
                k.command("build", f"{runner} {name}", f"build.xml target `{name}`", RUNNER - 1)
                break


def _phing(tree: Tree) -> str:
    """Phing, PHP's Ant, runs the build.xml when composer.json requires it (`vendor/bin/phing`) or the file says it
    is Phing's (Kunena's "Kunena phing build file"); "" for Ant's own."""
    composer = load_json(tree, "composer.json")
    required = {**(composer.get("require") or {}), **(composer.get("require-dev") or {})}
    if "phing/phing" in required:
        return "vendor/bin/phing"
    return "phing" if re.search(r"\bphing\b", (tree.read("build.xml") or "")[:3000], re.IGNORECASE) else ""


def mage(tree: Tree, k: Knowledge) -> None:
    """Mage, Go's make (livekit's magefile.go: `mage test`, `mage testAll`): each exported function of a file
    built with the `mage` tag is a target, named with a lower-case first letter; a method of a `mg.Namespace`
    type is `namespace:method`."""
    files = [
        f
        for f in tree.files
        if f.endswith(".go") and not f.endswith("_test.go") and re.fullmatch(r"(magefiles/)?[\w-]+\.go", f)
    ]  # trivy's magefiles/helm_test.go tests the targets: its Test functions are none
    files = sorted(files, key=lambda f: not re.match(r"mage", f))[:20]  # a root package's files after magefile.go
    texts = {f: tree.read(f) or "" for f in files}
    texts = {f: t for f, t in texts.items() if MAGE_TAG.search(t[:2000]) or f.startswith("magefiles/")}
    if not texts:
        return
    names = []
    for text in texts.values():
        spaces = set(re.findall(r"^type\s+(\w+)\s+mg\.Namespace\b", text, re.M))
        for found in MAGE_TARGET.finditer(text):
            receiver, name = found.group(1), found.group(2)[0].lower() + found.group(2)[1:]
            if receiver in spaces:
                names.append(f"{receiver.lower()}:{name}")
            elif not receiver:
                names.append(name)
    # trivy's targets are in magefiles/magefile.go, beside config_schema.go: the file named for mage speaks for them
    rel = next((f for f in sorted(texts) if f.rsplit("/", 1)[-1].startswith("mage")), sorted(texts)[0])
    _targets(k, rel, "mage", names)


CASTOR_TASK = re.compile(r"^#\[AsTask\(([^\n]*)\)\]\s*\n(?:#\[[^\n]*\]\s*\n)*function\s+(\w+)\s*\(", re.M)
"""A Castor task: a PHP function under `#[AsTask(…)]`, its arguments on the attribute's one line."""


def castor(tree: Tree, k: Knowledge) -> None:
    """Castor, the PHP task runner (jwt-framework's castor.php: `castor test`, `castor lint`): a function is named
    in kebab case (`checkLicenses` is `castor check-licenses`) unless `name:` says otherwise, and prefixed by the
    attribute's or the file's namespace."""
    rel = tree.first("castor.php")
    text = (tree.read(rel) or "") if rel else ""
    if "AsTask" not in text:
        return
    space = re.search(r"^namespace\s+([\w\\]+)\s*;", text, re.M)
    names = []
    for m in CASTOR_TASK.finditer(text):
        named = re.search(r"\bname:\s*['\"]([\w:-]+)['\"]", m.group(1))
        name = named.group(1) if named else re.sub(r"(?<=[a-z0-9])([A-Z])", r"-\1", m.group(2)).lower()
        prefix = re.search(r"\bnamespace:\s*['\"]([\w-]+)['\"]", m.group(1))
        scope = prefix.group(1) if prefix else space.group(1).split("\\")[-1].lower() if space else ""
        names.append(f"{scope}:{name}" if scope else name)
    _targets(k, rel, "castor", names)


def tox_env_role(name: str) -> str | None:
    if re.fullmatch(r"(py|pypy|graalpy)[\d.]*t?|3\.\d+t?|tests?(-\w+)?|unit", name):
        return "test"
    if name in ("dev", "develop", "devenv", "venv"):
        return "install"  # filelock's `tox run -e dev` makes a development environment, it runs no program
    if name in ("type", "ty", "pyright"):
        return "typecheck"  # filelock's `type` env runs ty
    if re.fullmatch(r"bench(mark)?s?", name):
        return "bench"
    if re.fullmatch(r"black|blue|isort|autopep8|yapf|ruff-format|fmt|format", name):
        return "format"  # python-gitlab's `black` and `isort` envs rewrite, or check with `-- --check`
    if re.fullmatch(r"flake8|pylint|ruff|codespell|pre-commit|pydocstyle|pycodestyle|bandit", name):
        return "lint"
    if re.search(r"[-_](lint|spell\w*|check)$|^(black|blue|isort|flake8|rst|doc8)check$", name):  # bluecheck
        return "lint"  # briefcase's `docs-lint` spell-checks the docs (pyspelling); `docs-all` builds them
    if re.search(r"(^|[-_])docs?([-_]|$)", name):
        return "docs"  # cherrypy's `build-docs` builds the docs; its `build-dists` the distribution
    # waitress' `tox -e build` builds and checks the distribution: the build; an `install` env installs nothing here
    return TARGET_ROLES.get(name.split("-")[0].lower()) if name != "install" else None


def unknown_tox_env(tree: Tree, text: str) -> bool:
    """Whether ``text`` runs a tox environment the project does not declare (waitress' guide still says
    `tox -e py2-cover,py3-cover,coverage`): a step from before the tox.ini it has now. tox makes pyXY on its own."""
    asked = [e for m in re.findall(r"\btox (?:run )?-e ?([\w.,-]+)", text) for e in m.split(",")]
    factors = re.findall(r"\btox (?:run )?-f ?([\w.-]+)", text)
    if not asked and not factors:
        return False  # most lines run no tox environment: tox.ini is not read for them
    names, source, _ = tox_envs(tree)
    if source and names and any(not any(f in n.split("-") for n in names) for f in factors):
        return True  # filelock's guide: `tox run -f py311`, where the envs are named 3.11: it selects nothing
    # detect-secrets' guide says `tox -e py37` where the envlist starts at py39: an interpreter it dropped
    listed = [int(m.group(1)) for n in names if (m := re.fullmatch(r"py3(\d+)", n.split("-")[0]))]
    dropped = [e for e in asked if (m := re.fullmatch(r"py3(\d+)", e)) and listed and int(m.group(1)) < min(listed)]
    unknown = any(e not in names and not re.fullmatch(r"(py|pypy)\d*", e) for e in asked)
    return bool(source) and (bool(dropped) or unknown)


def _tox3_only(tree: Tree) -> bool:
    """tox.ini still says `whitelist_externals`, which tox 4 refuses ("use allowlist_externals"), and pins no tox 3:
    tomlkit's tox.ini is left over, its contributors run pytest."""
    text = tree.read("tox.ini") or ""
    pinned = re.search(r"^\s*(minversion\s*=\s*[0-3]\.|requires\s*=[^\n]*tox\s*<\s*4)", text, re.MULTILINE)
    # python-gitlab's `minversion = 4.0` runs tox 4, which ignores its leftover `whitelist_externals = true`
    modern = re.search(r"^\s*minversion\s*=\s*([4-9]|\d\d)", text, re.MULTILINE)
    return bool(re.search(r"^\s*whitelist_externals\s*=", text, re.MULTILINE)) and not pinned and not modern


def tox(tree: Tree, k: Knowledge) -> None:
    names, source, run = tox_envs(tree)
    if not source or (source == "tox.ini" and _tox3_only(tree)) or stale_tox(tree):
        return  # a tox CI never runs, left behind by CI's own runner (jmespath's nosetests beside CI's py.test)
    listed = listed_envs(tree)
    k.command("test", run.removesuffix(" -e"), source, RUNNER, f"environments: {human_list(listed)}" if listed else "")
    heads = re.findall(r"^\[testenv:([^\]\s]+)\]", tree.read("tox.ini") or "", re.M) if source == "tox.ini" else []
    own = {n for head in heads for n in expand_envlist(head)} if source == "tox.ini" else set(names)
    for name in names:
        role = tox_env_role(name)
        lines = tox_env_lines(tree, name) if role and name in own else []
        if lines and all(re.search(r"\{posargs:\s*(--help|-h)\s*\}", line) for line in lines):
            continue  # rstcheck's `pre-commit` env runs `pre-commit {posargs:--help}`: alone it prints the help
        if role and role != "test" and name in own:  # pyjwt's `typing` has no section of its own: it runs pytest
            # diskcache's `blue` formats the code, its `isort` only sorts the imports; `bluecheck` checks the format
            later = (role == "format" and name == "isort") or re.fullmatch(r"(black|blue|isort)check", name) is not None
            variant = "-" in name and name.rsplit("-", 1)[0] in own  # certbot's lint-posix beside its lint
            later = later or variant
            k.command(role, f"{run} {name}", f"{source} env `{name}`", RUNNER + 1 if later else RUNNER)


def tox_env_lines(tree: Tree, name: str) -> list[str]:
    """The commands one tox env runs: its tox.ini section's, or pyproject.toml's `[tool.tox.env.<name>]` lists
    (mopidy's ruff-format env: `ruff format --check --diff .`)."""
    if tree.has("tox.ini"):
        return env_commands(tree, name)
    try:
        env = tomli.loads(tree.read("pyproject.toml") or "").get("tool", {}).get("tox", {}).get("env", {}).get(name, {})
    except tomli.TOMLDecodeError:
        return []
    lines = env.get("commands") if isinstance(env, dict) else None
    return [" ".join(map(str, c)) if isinstance(c, list) else str(c) for c in lines or []]


def nox(tree: Tree, k: Knowledge) -> None:
    if tree.has("noxfile.py"):
        text = tree.read("noxfile.py") or ""
        found = re.findall(r"@nox\.session(\((?:[^()]|\([^()]*\))*\))?\s*\n(?:@[^\n]*\n)*def (\w+)", text)
        # alembic's `@nox.session(name="pep8")` over `def lint`: the session is pep8, the function says what it does
        named = {fn: (m.group(1) if (m := re.search(r"\bname\s*=\s*[\"']([\w-]+)", o)) else fn) for o, fn in found}
        declared = [(options, named[fn]) for options, fn in found]
        sessions = [name for _, name in declared]
        default = re.search(r"nox\.options\.sessions\s*=\s*\[([^\]]*)\]", text)
        # nox's cover and docs are `default=False`, its conda_tests `default=bool(shutil.which("conda"))`: a bare
        # `nox` runs only the sessions left at the default
        plain = [name for options, name in declared if not re.search(r"\bdefault\s*=\s*(?!True\b)", options)]
        chosen = re.findall(r"[\"']([\w-]+)[\"']", default.group(1)) if default else plain
        tests = [s for s in sessions if re.fullmatch(r"tests?|unit|pytest", s)]
        # pyOpenSSL chooses no default sessions: a bare `nox` runs all ten, docs and a cryptography from git among
        # them; nox itself keeps cover out with `default=False`, and its bare `nox` is what it means to run
        testing = [s for s in chosen if re.fullmatch(r"tests?(-\w+)?|unit|pytest", s)]
        curated = bool(default) or any(re.search(r"\bdefault\s*=", options) for options, _ in declared)
        if testing and (curated or len(testing) == len(chosen) or not tests):
            k.command("test", "nox", "noxfile.py", RUNNER, f"sessions: {human_list(chosen)}" if chosen else "")
        elif tests:  # packaging's bare `nox` runs only its lint session
            k.command("test", f"nox -s {tests[0]}", f"noxfile.py session `{tests[0]}`", RUNNER)
        for function, name in named.items():
            words = re.split(r"[_-]", function) if function != name else []  # alembic's pep484 is `def mypy_check`
            role = TARGET_ROLES.get(name) or next(
                (r for w in [function, *words] if (r := TARGET_ROLES.get(w)) and r != "install"), None
            )  # maturin's `setup-pyodide` sets up Pyodide for one test session, not the checkout
            if role and role != "test":
                k.command(role, f"nox -s {name}", f"noxfile.py session `{name}`", RUNNER)


def poe(tree: Tree, k: Knowledge) -> None:
    """Poe the Poet's tasks (`[tool.poe.tasks]` in pyproject.toml): a task runner like make (tenacity's `poe docs`),
    run through uv when the project is a uv project."""
    if not tree.has("pyproject.toml") or "[tool.poe" not in (tree.read("pyproject.toml") or ""):
        return
    try:
        tasks = tomli.loads(tree.read("pyproject.toml") or "").get("tool", {}).get("poe", {}).get("tasks", {})
    except tomli.TOMLDecodeError:
        return
    ci = workflow_text(tree)
    runner = "uv run poe" if tree.has("uv.lock") or "uv run" in ci else "poe"
    _targets(k, "pyproject.toml [tool.poe.tasks]", runner, [str(t) for t in tasks if isinstance(tasks, dict)])


VALUE_OPTION = re.compile(
    r"-{1,2}(timeout|count|cpu|p|parallel|j|jobs|n|numprocesses|workers|o|output|junitxml"
    r"|benchtime|coverprofile|covermode|tags|maxfail|seed)(=\S*)?"
)
"""An option whose value is no test's name (`go test -timeout`, `-count`, `pytest -n`, `--junitxml`)."""


def _names_no_test(line: str, name: str, value: str) -> bool:
    """The recipe's variable is the program it runs (django-oscar's `$(PYTEST)`, `PYTEST = …/bin/py.test`; kruise's
    `ENVTEST ?= $(TESTBIN)/setup-envtest`), what it prints, or the packages to test (tinkerbell's `TEST_PKGS`,
    which its Makefile builds from TEST_PKG): setting it to a test's name selects nothing."""
    program = re.match(r"\s*@?\$[({](\w+)[)}]", line)
    return bool(
        (program and program.group(1) == name)
        or re.match(r"\s*@?(echo|printf)\b", line)
        or re.search(r"(^|/)bin/|\$[({]\w*BIN\w*[)}]/", value)
        or re.search(r"PKG|PACKAGE", name, re.IGNORECASE)
    )


def _one_test_variable(k: Knowledge, rel: str, text: str) -> None:
    """A test recipe that hands a variable to its runner (more-itertools' `python -m unittest -v ${tests}`): the
    variable picks the tests, `make test tests=<test>`."""
    recipe = re.search(r"^(tests?)\s*:[^\n]*\n((?:\t[^\n]*\n?)*)", text, re.MULTILINE)
    for line in recipe.group(2).splitlines() if recipe else []:
        given = re.search(r"(\S+\s+)?\$[({]([A-Za-z_]\w*)[)}]\s*$", line)
        option = given.group(1).strip() if given and given.group(1) else ""
        if given and (VALUE_OPTION.fullmatch(option) or re.search(r"timeout", given.group(2), re.IGNORECASE)):
            continue  # bbolt's `-timeout ${TESTFLAGS_TIMEOUT}`: the variable is another option's value
        if given and re.search(r"\b(install|get|add)\s", line[: given.start(2)]):
            continue  # dagu's `go install ${PKG_gotestsum}`: the variable names the tool to install, no test
        if given and _names_no_test(line, given.group(2), make_variables(text).get(given.group(2), "")):
            continue
        if given and re.search(r"test|spec|file|only|filter|pattern|name|run", given.group(2), re.IGNORECASE):
            command = f"make {recipe.group(1)} {given.group(2)}=<test>"
            k.command("test-one", command, f"{rel} target `{recipe.group(1)}`", RUNNER, f"passes ${given.group(2)}")
            return


def _conditional_tasks_unindented(text: str) -> str:
    """The Rakefile with the tasks declared inside `if`/`unless`/`begin` blocks moved to the first column, where the
    top-level patterns read them (redis-client declares `task default:` per platform inside an `if`); tasks inside
    a `namespace` or a task's own block keep their indentation, since `rake <name>` does not reach them."""
    lines = text.split("\n")
    for i, line in enumerate(lines):
        nested = re.match(r"([ \t]+)task\b", line)
        if nested and _only_in_conditionals(lines, i, len(nested.group(1))):
            lines[i] = line.lstrip()
    return "\n".join(lines)


def _only_in_conditionals(lines: list[str], at: int, indent: int) -> bool:
    for line in reversed(lines[:at]):
        shown = line.strip()
        depth = len(line) - len(line.lstrip())
        if not shown or shown.startswith("#") or depth >= indent:
            continue
        if not re.match(r"(if|unless|else|elsif|begin|rescue)\b", shown):
            return False
        if depth == 0:
            return True
        indent = depth
    return False


def rakefile(tree: Tree, k: Knowledge) -> None:
    rel = tree.first("Rakefile", "rakefile", "Rakefile.rb")
    if not rel:
        return
    text = _conditional_tasks_unindented(tree.read(rel) or "")
    names = re.findall(r"^task\s*\(?\s*[:'\"]?([\w:]+)['\"]?", text, re.MULTILINE)
    if re.search(r"(Rake|Minitest)::TestTask", text):
        declared = test_tasks(text)
        if any(t.name == "test" for t in declared):
            names.insert(0, "test")
        example = _ruby_test_pattern(tree)
        # blueprinter's `Rake::TestTask.new(:benchmarks)` times the serializers: no test to run one of
        named = [t for t in declared if one_file(t) and not re.search(r"bench", t.name, re.IGNORECASE)]
        if named and not any(t.name == "test" for t in declared):  # slim's `test` groups test:core, test:literate …
            task = named[0]
            k.command("test-one", f"bundle exec rake {task.name} TEST={one_file(task)}", f"{rel} (test task)", RUNNER)
        elif example and "Minitest::TestTask" in text:  # minitest's own task ignores TEST=: http's runs every test
            k.command("test-one", f"bundle exec ruby -Itest {example}", f"{rel} (Minitest::TestTask)", RUNNER)
        elif example and not _helper_first(tree):  # TEST= runs the file without the helper the task lists first
            k.command("test-one", f"bundle exec rake test TEST={example}", f"{rel} (test task)", RUNNER)
    for cop in re.finditer(r"RuboCop::RakeTask\.new(?:\(\s*[:'\"]([\w:]+)['\"]?\s*\))?", text):
        name = cop.group(1) or "rubocop"  # train's `RuboCop::RakeTask.new(:lint)` runs chefstyle's RuboCop
        k.command("lint", f"bundle exec rake {name}", f"{rel} (RuboCop::RakeTask)", RUNNER)
    # skylight-ruby's Rakefile makes Syntax Tree's stree:write and stree:check: the formatter RuboCop defers to
    if re.search(r"SyntaxTree::Rake::WriteTask", text):
        k.command("format", "bundle exec rake stree:write", f"{rel} (Syntax Tree)", RUNNER - 1)
    if re.search(r"SyntaxTree::Rake::CheckTask", text):
        k.command("lint", "bundle exec rake stree:check", f"{rel} (Syntax Tree)", RUNNER + 1, "checks the format")
    default = re.search(r"^task\s*\(?\s*(?:default:|:default\s*=>)\s*([^\n]*)", text, re.MULTILINE)  # both syntaxes
    if default and not rake_default_runs_no_tests(tree):
        k.command("test", "bundle exec rake", f"{rel} default task", RUNNER - 1)
    gems = gem_text(tree)
    for name in dict.fromkeys(names):
        role = TARGET_ROLES.get(name)
        tool = _shelled_tool(text, name)
        if tool and not re.search(rf"""["']{TOOL_GEMS[tool]}["']""", gems):
            continue  # haml's `task(:doc) { sh "yard" }` with no yard in the bundle: under bundle exec it fails
        if only_prints(text, name):
            continue  # snapper's `task :test do puts 'No tests yet' … end`: "Pretend to run the test suite"
        if role and role not in ("install", "build") and not _loads_missing_file(tree, text, name):
            k.command(role, f"bundle exec rake {name}", f"{rel} task `{name}`", RUNNER)
    _generated_before_tests(k, rel, text)
    _programs_needed(k, rel, text)
    helper = re.search(r"bundler/gem_tasks|Bundler::GemHelper\.install_tasks", text)
    gemspecs = [f for f in tree.files if "/" not in f and f.endswith(".gemspec")]
    if helper and "bundler/gem_tasks" in helper.group(0) and len(gemspecs) > 1:
        # ruby-progressbar keeps progressbar.gemspec beside ruby-progressbar.gemspec: Bundler's tasks stop with
        # "Unable to determine name from existing gemspec", `gem build` names the one to build
        main = next((g for g in gemspecs if g.removesuffix(".gemspec") == tree.root.name), sorted(gemspecs)[0])
        k.command("build", f"gem build {main}", main, RUNNER)
        return
    if helper or re.search(r"^task\s*\(?\s*:build\b[^\n]*\n\s*(system\s*\(?\s*)?['\"]gem build", text, re.M):
        name = _namespaced(text, helper.start(), "build") if helper else "build"
        note = "builds the gem into pkg/" if helper else "runs `gem build`"
        before = _prerequisites(text, "build") if name == "build" else []
        if any(_commits(text, b) for b in before):
            return  # parser's `task :build => [:generate_release, :changelog]` commits CHANGELOG.md: a release step
        if before:
            note += f", after the Rakefile's own {human_list([f'`{b}`' for b in before])}"
        # herb's Rake::ExtensionTask compiles the C extension a contributor works on; `rake build` packages the gem
        native = "Rake::ExtensionTask" in text
        if native:
            k.command("build", "bundle exec rake compile", f"{rel} (rake-compiler)", RUNNER, "builds the C extension")
        priority = RUNNER + (5 if before else 0) + (10 if native else 0)
        k.command("build", f"bundle exec rake {name}", f"{rel} (gem tasks)", priority, note)


def rake_default_runs_no_tests(tree: Tree) -> bool:
    """The Rakefile's default task only prints or only checks style: activerecord-import's `task default:
    ["display:notice"]` says to name an adapter, vagrant-libvirt's `[:deftask]` prints "call rake -T",
    artichoke's `%i[format lint]` formats and lints."""
    rel = tree.first("Rakefile", "rakefile", "Rakefile.rb")
    text = _conditional_tasks_unindented(tree.read(rel) or "") if rel else ""
    if only_prints(text, "default"):
        return True  # openvox's `task :default do sh %{rake -T} end` lists the tasks
    default = re.search(r"^task\s*\(?\s*(?:default:|:default\s*=>)\s*([^\n]*)", text, re.MULTILINE)
    if not default:
        return False
    if re.fullmatch(r"[\[\s'\":]*(display|notice|help|usage)[\w:]*[\]\s'\"]*", default.group(1)):
        return True
    named = re.findall(r"(?:[:'\"]|%i\[|\s)(\w[\w:]*)", default.group(1))
    checks = ("format", "lint", "typecheck", "docs")
    return bool(named) and all(only_prints(text, t) or target_role(t) in checks for t in named)


def _commits(text: str, task: str) -> bool:
    """The Rakefile's task writes to git (`sh('git commit CHANGELOG.md …')`, a tag, a push)."""
    body = re.search(rf"^task\s*\(?\s*:{task}\b[^\n]*\bdo\b(.*?)^end\b", text, re.MULTILINE | re.DOTALL)
    return bool(body and re.search(r"\bgit (commit|tag|push)\b", body.group(1)))


def _loads_missing_file(tree: Tree, text: str, task: str) -> bool:
    """The task's body loads a file of the repository that is not there (typhoeus' `task :start` requires
    spec/support/boot, long gone): run, it stops with a LoadError."""
    body = re.search(rf"^task\s*\(?\s*:{task}\b[^\n]*\bdo\b(.*?)^end\b", text, re.MULTILINE | re.DOTALL)
    loaded = re.findall(r"""\brequire_relative\s*\(?\s*['"]([\w./-]+)['"]""", body.group(1)) if body else []
    named = [path.removeprefix("./") for path in loaded if not path.startswith("..")]
    return any(not tree.has(path if path.endswith(".rb") else f"{path}.rb") for path in named)


def _helper_first(tree: Tree) -> bool:
    """The TestTask loads a helper as its first test file and some test file does not require it itself."""
    tests = [f for f in tree.under("test") if re.search(r"_test\.rb$|/test_[^/]+\.rb$", f) and "helper" not in f]
    return bool(tests) and bool(preloaded_helper(tree, sorted(tests)[0]))


def _programs_needed(k: Knowledge, rel: str, text: str) -> None:
    """Programs the Rakefile checks for on the PATH with Cliver (parser's `Cliver.assert('ragel', '~> 6.7')`): no
    gem brings them, so a clone needs them installed before the task that asserts them runs."""
    found = re.findall(r"Cliver\.(?:assert|detect!)\(\s*['\"]([\w.+-]+)['\"](?:\s*,\s*['\"]([^'\"\n]+)['\"])?", text)
    if found:
        named = human_list([f"{tool} {version}".strip() for tool, version in dict.fromkeys(found)])
        body = f"The Rakefile needs {named} on the PATH (it checks with Cliver): no gem installs it; install it first."
        k.fact("ruby/system-tools", "Programs the Rakefile needs", body, rel)


def _prerequisites(text: str, task: str) -> list[str]:
    """The tasks a Rakefile runs before one of its own (`task :test => [:generate]`), in order."""
    found = re.search(rf"^task\s*\(?\s*:{task}\s*=>\s*\[?([^\]\n]*)", text, re.MULTILINE)
    return re.findall(r":(\w+)", found.group(1)) if found else []


def _generated_before_tests(k: Knowledge, rel: str, text: str) -> None:
    """A task the tests depend on that generates code (parser's `desc 'Generate the Ragel lexer and Racc parser.'`
    `task :generate`, `task :test => [:generate]`): the build step of a contributor's clone."""
    for name in _prerequisites(text, "test"):
        said = re.search(rf"^desc\s+['\"]([^'\"\n]+)['\"]\s*\n\s*task\s*\(?\s*:{name}\b", text, re.MULTILINE)
        if said and re.search(r"\b(generat|compil|build)", said.group(1), re.IGNORECASE):
            note = f"{said.group(1).rstrip('.')}; `rake test` runs it first"
            k.command("build", f"bundle exec rake {name}", f"{rel} task `{name}`", RUNNER - 1, note)
            return


RUBY_LIBRARIES = frozenset({
    "rake", "rubygems", "bundler", "rdoc", "fileutils", "json", "yaml", "psych", "pathname", "date", "time", "set",
    "open3", "erb", "tempfile", "tmpdir", "digest", "net", "uri", "English", "shellwords", "optparse", "benchmark",
    "logger", "securerandom", "stringio", "zlib", "find", "timeout", "csv", "pp", "ostruct", "etc", "io", "socket",
    "openssl", "base64", "forwardable", "singleton", "delegate", "observer", "monitor", "thread", "open-uri",
    "minitest", "test", "rbconfig", "mkmf", "coverage", "ripper", "prettyprint", "objspace", "weakref", "tsort",
    "resolv", "ipaddr", "cgi", "webrick", "racc",
})  # fmt: skip
"""What Ruby itself brings (standard and default gems, and Rake's own files): a Rakefile may require them freely."""


def missing_rakefile_gem(tree: Tree) -> str:
    """The gem the Rakefile requires at its top that the bundle lacks (parslet's `require 'sdoc'`, with no sdoc in
    its Gemfile or gemspec): under `bundle exec` the Rakefile stops loading there, and every rake task fails."""
    rel = tree.first("Rakefile", "rakefile", "Rakefile.rb")
    gemfile = tree.read("Gemfile") or ""
    if not rel or not gemfile or re.search(r"\b(eval_gemfile|instance_eval|eval)\b", gemfile):
        return ""  # no bundle to check against, or one built from other files
    gems = "\n".join([gem_text(tree), tree.read("Gemfile.lock") or ""])  # the lock names indirect gems too
    for name in re.findall(r"^require\s*\(?\s*['\"]([\w-]+)[\w/-]*['\"]\s*\)?\s*$", tree.read(rel) or "", re.M):
        spellings = {name, name.replace("_", "-"), name.replace("_", "")}  # active_support is gem activesupport
        bundled = any(re.search(rf"(?<![\w-]){re.escape(s)}(?!\w)", gems) for s in spellings)
        brought = name in BROUGHT_BY and re.search(BROUGHT_BY[name], gems)  # train's chefstyle brings RuboCop
        if name not in RUBY_LIBRARIES and not bundled and not brought:
            return name
    return ""


BROUGHT_BY = {
    "rubocop": r"""['"](chefstyle|cookstyle|standard|rubocop-[\w-]+)['"]""",
    "rspec": r"""['"]rspec-(rails|core)['"]""",
}
"""Gems another gem depends on: a bundle with chefstyle has RuboCop without naming it."""
TOOL_GEMS = {"yard": "yard", "yardoc": "yard", "rubocop": "rubocop", "rspec": "rspec", "standardrb": "standard",
             "sass": "sass"}  # fmt: skip
"""Commands a Rake task shells out to, and the gem that brings each (not in the bundle, `bundle exec` hides it)."""


def _shelled_tool(text: str, name: str) -> str:
    """The gem command the task shells out to first (``sh "yard"``), when that is all it is known to run; empty
    otherwise. The task's block is read up to its closing brace or `end`."""
    start = re.search(rf"^(\s*)task\s*\(?\s*[:'\"]?{re.escape(name)}\b[^\n]*", text, re.MULTILINE)
    if not start:
        return ""
    block = [start.group(0)]
    if not re.search(r"\}\s*$", start.group(0)):
        for line in text[start.end() :].splitlines()[1:12]:
            if line.strip() == "end" and len(line) - len(line.lstrip()) <= len(start.group(1)):
                break
            block.append(line)
    shelled = re.search(r"""\b(?:sh|system)\s*\(?\s*["']([\w-]+)""", "\n".join(block))
    tool = shelled.group(1) if shelled else ""
    return tool if tool in TOOL_GEMS else ""


def _namespaced(text: str, at: int, task: str) -> str:
    """The task as called from the command line: rest-client defines the gem tasks inside `namespace :ruby`."""
    line_start = text.rfind("\n", 0, at) + 1
    indent = len(text[line_start:at]) - len(text[line_start:at].lstrip())
    for line in reversed(text[:line_start].splitlines()):
        opened = re.match(r"^(\s*)namespace\s*\(?\s*[:'\"](\w+)", line)
        if opened and len(opened.group(1)) < indent:
            return f"{opened.group(2)}:{task}"
        if line.strip() and len(line) - len(line.lstrip()) < indent and not opened:
            break  # the enclosing block is something else (a task, a condition)
    return task


def _ruby_test_pattern(tree: Tree) -> str:
    """The test file naming the repository really has (test/<name>_test.rb, test/test_<name>.rb,
    test/spec_<name>.rb), shown with <name> in place of the name part; empty when test/ has no Ruby files."""
    files = [f for f in tree.under("test") if f.endswith(".rb") and not re.search(r"/(\w+_)?helper\.rb$", f)]
    nested = sum(f.count("/") > 1 for f in files) * 2 > len(files)  # kaminari's test/models/*_test.rb
    name = "<path>" if nested else "<name>"
    for pattern, shown in (
        (r"/test_[^/]+\.rb$", f"test/test_{name}.rb"),
        (r"/spec_[^/]+\.rb$", f"test/spec_{name}.rb"),
        (r"/[^/]+_test\.rb$", f"test/{name}_test.rb"),
    ):
        if sum(bool(re.search(pattern, f)) for f in files) * 2 > len(files):  # test_helper.rb is no test
            return shown
    return ""


def ruby_docs(tree: Tree, k: Knowledge) -> None:
    """YARD when the repository brings it (in the Gemfile or gemspec); else RDoc when a Rakefile defines an
    rdoc task. A .yardopts alone is read by rubydoc.info, not proof that the project builds with YARD."""
    gems = gem_text(tree)
    # slop's Rakefile keeps its RDoc::Task block commented out: a `#` line defines no task
    rakefile = re.sub(r"^\s*#[^\n]*", "", tree.read("Rakefile") or "", flags=re.MULTILINE)
    provider = _yard_markup_gem(tree.read(".yardopts") or "")
    missing = provider if provider and not re.search(rf"""["']{provider}["']""", gems) else ""
    # not mechanize's `'yard.run' => 'yard'`; formtastic's gemspec says `add_development_dependency(%q<yard>)`
    if re.search(r"""(\bgem|dependency)\s*\(?\s*(["']yard["']|%q[<{(\[]yard[>})\]])""", gems):
        where = ".yardopts (YARD)" if tree.has(".yardopts") else "Gemfile (YARD)"
        # under `bundle exec` only the bundle loads: a `gem install` beside it does not help (omniauth's maruku)
        note = (
            f".yardopts asks for {missing}, which the Gemfile lacks: add `gem '{missing}'` to it first"
            if missing
            else ""
        )
        k.command("docs", "bundle exec yard doc", where, RUNNER + 5, note)
    elif yard_tagged(tree):  # tzinfo: YARD tags in lib/, an RDoc task beside them would show them raw
        lacking = f"YARD and {missing} are" if missing else "YARD is"
        k.command("docs", "yard doc", ".yardopts (YARD)", RUNNER + 5,
                  f"{lacking} not in the Gemfile: `gem install {' '.join(['yard', missing]).strip()}`")  # fmt: skip
    elif re.search(
        r"RDoc::Task|Rake::RDocTask|rdoc_task|^task\s*\(?\s*:?['\"]?rdoc\b", rakefile, re.MULTILINE
    ) and not (
        # pageflow's task is the Rails engine generator's, still over a README.rdoc the project never had
        (readme := re.search(r"rdoc_files\.include\(\s*['\"](README[\w.]*)['\"]", rakefile))
        and not tree.has(readme.group(1))
    ):
        # mailcatcher's `RDoc::Task.new(:rdoc => "doc", …)` names its task `doc`: `rake rdoc` does not exist
        # pdf-reader's `Rake::RDocTask.new("doc")`: the first argument names the task
        named = re.search(r"""RDoc::Task\.new\(\s*(?::rdoc\s*=>|rdoc:)\s*["':]([\w:-]+)""", rakefile) or re.search(
            r"""(?:RDoc::Task|Rake::RDocTask)\.new\(?\s*(?::|["'])([\w:-]+)["']?\s*\)?\s*(?:do|\{)""", rakefile
        )
        k.command("docs", f"bundle exec rake {named.group(1) if named else 'rdoc'}", "Rakefile (RDoc task)", RUNNER + 5)


def _yard_markup_gem(yardopts: str) -> str:
    """The gem `yard doc` needs for the `--markup-provider` .yardopts names: without it `yard doc` stops with
    "Missing 'redcarpet' gem". Plain `--markup markdown` needs none, since YARD falls back to Ruby's own RDoc."""
    found = re.search(r"(?:--markup-provider|-M)[=\s]+(\S+)", yardopts)
    return found.group(1) if found else ""


def maven_goal(tree: Tree, k: Knowledge) -> None:
    """A pom's <defaultGoal> is what a bare `mvn` runs: the project's own "check everything" task."""
    pom = without_profiles(tree.read("pom.xml") or "")  # a profile's default goal holds only when it is on
    goal = re.search(r"<defaultGoal>([^<]+)</defaultGoal>", pom) if tree.has("pom.xml") else None
    if not goal:
        return
    goals = goal.group(1).split()
    if any(g == "deploy" or g.startswith(("release:", "deploy:", "gpg:")) for g in goals):
        return  # jOOL's `<defaultGoal>deploy</defaultGoal>` publishes: a bare `mvn` is no way to test
    mvn = maven_command(tree)
    k.command("test", mvn, "pom.xml <defaultGoal>", RUNNER, f"default goal: {' '.join(goals)}")
    checks = [g for g in goals if re.match(r"(checkstyle|spotbugs|pmd|apache-rat|spotless):", g)]
    if checks:
        k.command("lint", f"{mvn} " + " ".join(checks), "pom.xml <defaultGoal>", RUNNER)
    if "javadoc:javadoc" in goals:
        k.command("docs", f"{mvn} javadoc:javadoc", "pom.xml <defaultGoal>", RUNNER)


def docs_builders(tree: Tree, k: Knowledge) -> None:
    """How the documentation is built, from the builder's own configuration file."""
    for conf in tree.named("conf.py")[:3]:
        folder = conf.rsplit("/", 1)[0] if "/" in conf else ""
        top = folder.split("/")[0] if folder else ""
        if top not in ("docs", "doc", "documentation") or moved_away(tree, conf):
            continue
        # read from disk: a tracked docs/Makefile is often matched by a .gitignore `Makefile` line (autotools)
        makefile = tree.read(f"{top}/Makefile") or read_bounded(tree.root / top / "Makefile") or ""
        # sphinx-quickstart's Makefile has `html:` or the catch-all `%:`; tornado's names its own `sphinx:` target
        # fpm's docs/Makefile includes Makefile.sphinx (which has `html:`) and opens with file targets
        # (changelog_links.rst): a target named for building, never a file one writes
        included = [
            read_bounded(tree.root / top / name) or "" for name in re.findall(r"^-?include\s+(\S+)", makefile, re.M)
        ]
        rules = make_rules("\n".join([makefile, *included]))
        named = next((t for t in ("build", "docs", "site", "all") if t in make_rules(makefile)), "")
        first = default_target(makefile)
        target = (
            "html"
            if re.search(r"^(html|%)\s*:", makefile, re.M) or ("html" in rules and not named)
            else named or (first if first and "." not in first and "$" not in first else "")
        )
        # pdns' docs/Makefile is automake's; suricata's doc/userguide/README.md: `make -f Makefile.sphinx html`
        sphinx_makefile = tree.read(f"{folder}/Makefile.sphinx") or "" if folder else ""
        # iris' docs/Makefile hands `html` to docs/src/Makefile, the Sphinx one beside conf.py
        inner = tree.read(f"{folder}/Makefile") or "" if folder != top else ""
        if target and (re.search(r"sphinx", makefile, re.IGNORECASE) or re.search(r"sphinx", inner, re.IGNORECASE)):
            command = f"make -C {top}" + ("" if target == "all" else f" {target}")
            k.command("docs", command, f"{conf} (Sphinx), {top}/Makefile", RUNNER + 5)
        elif re.search(r"^(html|%)\s*:", sphinx_makefile, re.M):
            k.command("docs", f"make -C {folder} -f Makefile.sphinx html", f"{folder}/Makefile.sphinx", RUNNER + 5)
        elif _runner_builds_sphinx(tree, folder):
            pass  # anki's `just docs` runs `uv run --group docs sphinx-build -b html docs out/docs/html`
        else:
            # sphinx-quickstart's split layout (docs/source/conf.py) builds beside source/, into docs/build/
            built = f"{folder[: -len('/source')]}/build/html" if folder.endswith("/source") else f"{folder}/_build/html"
            k.command("docs", f"sphinx-build {folder} {built}", f"{conf} (Sphinx)", RUNNER + 5)
        break
    for cfg in sorted(
        (
            f
            for f in tree.named("mkdocs.yml", "mkdocs.yaml")
            if f.count("/") <= 2
            and not EXAMPLE_FOLDER.match(f)
            and not is_vendored(f)  # openal-soft's fmt-11.2.0/
            and not moved_away(tree, f)
            and not _techdocs_only(tree, f)
        ),
        key=lambda f: f.count("/"),
    )[:1]:
        folder = cfg.rsplit("/", 1)[0] if "/" in cfg else ""
        wrapper = f"{folder}/mkdocs" if folder and tree.has(f"{folder}/mkdocs") else ""
        command = f"{wrapper} build" if wrapper else "mkdocs build" + (f" -f {cfg}" if folder else "")
        if zensical_site(tree):
            command = "zensical build" + (f" -f {cfg}" if folder else "")
        k.command("docs", command, f"{cfg} ({'Zensical' if zensical_site(tree) else 'MkDocs'})", RUNNER + 5)
    _docs_site_package(tree, k)
    for cfg in tree.named("docusaurus.config.js", "docusaurus.config.ts")[:1]:
        folder = cfg.rsplit("/", 1)[0] if "/" in cfg else "."
        # crawlee's website/ is a member of its pnpm workspace: the site builds with the lock's manager, not npm
        tool = next(iter(sorted(locked_managers(tree, folder.strip(".")) or locked_managers(tree))), "npm")
        if tool == "npm":
            k.command("docs", f"npm --prefix {folder} run build" if folder != "." else "npm run build", cfg, RUNNER + 5)
        else:
            build = "bun run build" if tool == "bun" else f"{tool} build"
            k.command("docs", f"cd {folder} && {build}" if folder != "." else build, cfg, RUNNER + 5)
    books = sorted((f for f in tree.named("book.toml") if f.count("/") <= 2), key=lambda f: (f.count("/"), f))
    # just's book/en/src is written by its generate-book step and ignored by git: mdbook alone finds no chapters
    books = [b for b in books if tree.under(_book_source(tree, b)) and not moved_away(tree, b)]
    if books:  # just's book/en/book.toml: the user's guide, which CI publishes, beside the API docs
        folder = books[0].rsplit("/", 1)[0] if "/" in books[0] else ""
        k.command("docs", f"mdbook build {folder}".strip(), f"{books[0]} (mdBook)", RUNNER + 5)
    # neon's `cargo neon-doc` alias passes the features and --cfg docsrs its API needs: a bare cargo doc misses them
    own_docs = any(role == "docs" for _, role, _ in cargo_aliases(tree))
    if tree.has("Cargo.toml") and (_rust_library(tree) or _workspace_library(tree)) and not _docs_elsewhere(tree) \
            and not own_docs:  # fmt: skip
        workspace = " --workspace" if cargo_workspace(tree) else ""
        k.command("docs", f"cargo doc --no-deps{workspace}", "Cargo.toml (rustdoc)", 60)
    gradle = tree.first("build.gradle.kts", "build.gradle")
    gradle_text = tree.read(gradle) or "" if gradle else ""
    if gradle and re.search(r"\bdokka\b", gradle_text):
        # Dokka 2's task, else 1's: its own block, or the version catalog's `dokka = "2.x"` (kotlinx-io's,
        # ktfmt's `gradlePlugin-dokka = "2.2.0"`)
        pinned = DOKKA_2_PIN.search(version_catalog(tree))
        opted = "V2Enabled" in (tree.read("gradle.properties") or "")
        two = "dokkaPublications" in gradle_text or (pinned and (int(pinned.group(1)) >= 1 or opted))
        task = "dokkaGenerate" if two else "dokkaHtml"
        k.command("docs", f"./gradlew {task}", f"{gradle} (Dokka plugin)", RUNNER + 5)
    if gradle and re.search(r"\bspotless\b", gradle_text):
        k.command("lint", "./gradlew spotlessCheck", f"{gradle} (Spotless plugin)", RUNNER + 5)
        k.command("format", "./gradlew spotlessApply", f"{gradle} (Spotless plugin)", RUNNER + 5)
    ruby_docs(tree, k)
    # netty-socketio keeps its Checkstyle plugin commented out: a commented plugin runs nothing
    pom = re.sub(r"<!--.*?-->", "", tree.read("pom.xml") or "", flags=re.DOTALL) if tree.has("pom.xml") else ""
    mvn = maven_command(tree)
    pages = r"(.+/)?src/site/(?!site\.xml$|resources/)\S+\.(md|apt|xdoc|xml|fml|vm|html)$"  # not only site.xml's menu
    reports = _site_reports(pom)
    if pom and any(re.match(pages, f) for f in tree.files):  # kryo's pom has a plugin, no site; jackson's no page
        k.command("docs", f"{mvn} site", "pom.xml (Maven site)", RUNNER + 10)
    elif reports:  # rtree's <reporting>: javadoc beside jxr, checkstyle and PMD, a site of API docs and reports
        note = f"writes target/site: Javadoc and the {human_list(reports, 5)} reports"
        k.command("docs", f"{mvn} site", "pom.xml (<reporting>)", RUNNER + 10, note)
    built = re.sub(r"<(profiles|pluginManagement|reporting)>.*?</\1>", "", pom, flags=re.DOTALL)
    if _checkstyle_checks(tree, built):  # dnsjava: Checkstyle lints, Spotless formats
        k.command("lint", f"{mvn} {_checkstyle_goal(built)}", "pom.xml (maven-checkstyle-plugin)", RUNNER + 4)
    if "spotless-maven-plugin" in pom:  # vavr: Spotless checks and fixes the format, as Gradle's plugin does
        # openmrs-core's properties skip the check outside its CI profile: on a checkout it must be switched on
        skipped = re.search(r"<spotless\.check\.skip>\s*true\s*</spotless\.check\.skip>", built)
        check = f"{mvn} spotless:check" + (" -Dspotless.check.skip=false" if skipped else "")
        k.command("lint", check, "pom.xml (spotless-maven-plugin)", RUNNER + 5)
        k.command("format", f"{mvn} spotless:apply", "pom.xml (spotless-maven-plugin)", RUNNER + 5)

    # a plugin only pinned in <pluginManagement> or run by a profile (jline's `javadoc`) is no goal of a plain build
    bound = re.sub(r"<(profiles|pluginManagement)>.*?</\1>", "", pom, flags=re.DOTALL)
    blocks = re.findall(r"<artifactId>maven-javadoc-plugin</artifactId>(?:(?!</plugin>).)*", bound, re.DOTALL)
    # sofa-rpc's <maven.javadoc.skip>true</maven.javadoc.skip>, the plugin's skip switch, is off only in its release
    off = {m.group(1) for m in re.finditer(r"<([\w.-]+)>\s*true\s*</\1>", bound)}
    switches = [re.search(r"<skip>\$\{([\w.-]+)\}</skip>", b) for b in blocks]
    runs = [
        b for b, v in zip(blocks, switches, strict=True) if "<skip>true</skip>" not in b and not (v and v[1] in off)
    ]
    if runs and "maven.javadoc.skip" not in off:  # failsafe's API docs; javalin skips it for Dokka
        # javadoc:javadoc resolves a sibling module from the local repository; aggregate compiles the reactor first
        goal = "javadoc:aggregate" if builds_siblings_first(tree) else "javadoc:javadoc"
        k.command("docs", f"{mvn} {goal}", "pom.xml (maven-javadoc-plugin)", RUNNER + 12)


RUNNER_FILES = (
    "justfile",
    "Justfile",
    ".justfile",
    "Makefile",
    "noxfile.py",
    "tox.ini",
    "Taskfile.yml",
    "package.json",
)
"""The root files whose recipes may build the docs their own way."""


def _runner_builds_sphinx(tree: Tree, folder: str) -> bool:
    """True when a task runner at the root already builds the Sphinx folder: its own recipe, with the options and
    the environment it needs, is the way to build, not a bare sphinx-build."""
    built = re.compile(rf"sphinx-(build|autobuild)\b[^\n]*\s(\./)?{re.escape(folder)}/?(\s|$)", re.M)
    return any(built.search(tree.read(name) or "") for name in RUNNER_FILES if tree.has(name))


def _techdocs_only(tree: Tree, config: str) -> bool:
    """A Backstage TechDocs site (figma-plugin's, k6's mkdocs.yml lists the `techdocs-core` plugin): no file of the
    repository installs that plugin, so a bare `mkdocs build` stops; Backstage builds it elsewhere."""
    if not re.search(r"^\s*-\s*techdocs-core\b", tree.read(config) or "", re.M):
        return False
    wanted = re.compile(r"mkdocs-techdocs-core|techdocs-core", re.I)
    manifests = [f for f in tree.files if re.search(r"(^|/)(requirements[\w.-]*\.txt|pyproject\.toml)$", f)][:50]
    return not any(wanted.search(tree.read(f) or "") for f in manifests)


def _rust_library(tree: Tree) -> bool:
    """A crate whose API is read: a src/lib.rs, and no src/main.rs unless docs.rs is where its docs are. oha's
    lib.rs only splits up the program that `cargo install oha` installs; nobody reads its rustdoc."""
    if not tree.has("src/lib.rs"):
        return False
    if not tree.has("src/main.rs"):
        return True
    manifest = tree.read("Cargo.toml") or ""
    name = re.search(r'^name\s*=\s*"([^"]+)"', manifest, re.M)
    readme = tree.read(tree.first("README.md", "README") or "README.md") or ""
    homes = re.compile(rf"docs\.rs/{re.escape(name.group(1))}\b" if name else r"(?!)", re.I)
    return bool(re.search(r"^documentation\s*=", manifest, re.M) or homes.search(readme))


def _book_source(tree: Tree, book: str) -> str:
    """The chapters' folder of an mdBook: its `[book] src` (neovide's website/book.toml says `src = "docs"`), else
    src/ beside book.toml."""
    folder = book.rsplit("/", 1)[0] + "/" if "/" in book else ""
    said = re.search(r'^src\s*=\s*"([\w./-]+)"', tree.read(book) or "", re.M)
    return folder + (said.group(1).strip("./") if said else "src")


def _workspace_library(tree: Tree) -> bool:
    """A workspace with a library member whose API someone reads: not a proc-macro crate serving the application
    (neovide's neovide-derive), not one that is never published."""
    if "[workspace]" not in (tree.read("Cargo.toml") or ""):
        return False
    for manifest in tree.named("Cargo.toml"):
        folder = manifest.rsplit("/", 1)[0] if "/" in manifest else ""
        text = tree.read(manifest) or ""
        library = folder and tree.has(f"{folder}/src/lib.rs")
        if library and not re.search(r"^(proc-macro\s*=\s*true|publish\s*=\s*false)", text, re.M):
            return True
    return False


def _docs_elsewhere(tree: Tree) -> bool:
    """The root crate is never published (vaultwarden's `publish = false`: its docs are a wiki), names its
    documentation somewhere docs.rs is not (cargo-edit's README section), or neither its manifest nor its README or
    contributor guide mentions docs.rs: rustdoc is not where its docs are."""
    manifest = tree.read("Cargo.toml") or ""
    package = manifest.split("[package]", 1)[1].split("\n[", 1)[0] if "[package]" in manifest else ""
    documented = re.search(r'^documentation\s*=\s*"([^"]*)"', package, re.M)
    if re.search(r"^publish\s*=\s*false", package, re.M) or (documented and "docs.rs" not in documented.group(1)):
        return True
    # fend's manual, mask's README: a crate whose maintainers never send a reader to docs.rs documents itself
    # elsewhere, and rustdoc of its internals is not its docs
    pointers = [tree.read(f) or "" for f in tree.files if "/" not in f and re.match(r"(?i)(readme|contributing)", f)]
    return not any("docs.rs" in text for text in [manifest, *pointers])


def _checkstyle_checks(tree: Tree, built: str) -> bool:
    """The build's Checkstyle checks the code: it runs in a phase or reads the project's rules. easymock's plugin
    entry only pins Checkstyle's version for the site report: `checkstyle:check` would apply Sun's default rules,
    which the project never follows."""
    found = re.search(r"<artifactId>maven-checkstyle-plugin</artifactId>(.*?)</plugin>", built, re.DOTALL)
    if not found:
        return False
    configured = re.search(r"<(executions|configLocation)>", found.group(1))
    return bool(configured) or any(re.search(r"(^|/)[\w-]*checkstyle[\w-]*\.xml$", f) for f in tree.files)


def _checkstyle_goal(built: str) -> str:
    """`checkstyle:check`, or `checkstyle:check@<id>` when the project's rules are configured in an execution only:
    Digital's configLocation sits in the execution bound to validate, and a bare `checkstyle:check` runs the
    default-cli execution with Checkstyle's own Sun rules."""
    found = re.search(r"<artifactId>maven-checkstyle-plugin</artifactId>(.*?)</plugin>", built, re.DOTALL)
    plugin = found.group(1) if found else ""
    executions = re.search(r"<executions>(.*?)</executions>", plugin, re.DOTALL)
    outside = plugin.replace(executions.group(0), "") if executions else plugin
    if not executions or "<configLocation>" in outside:
        return "checkstyle:check"
    for execution in re.findall(r"<execution>(.*?)</execution>", executions.group(1), re.DOTALL):
        named = re.search(r"<id>\s*([\w.-]+)\s*</id>", execution)
        if "<configLocation>" in execution and named:
            return f"checkstyle:check@{named.group(1)}"
    return "checkstyle:check"


def _site_reports(pom: str) -> list[str]:
    """The other reports a pom's <reporting> lists when it lists Javadoc too: a site of API docs (rtree's jxr,
    checkstyle, PMD). Without Javadoc the site holds only reports (assertj's spotbugs, kryo's clirr): no docs."""
    text = re.sub(r"<!--.*?-->", "", pom, flags=re.DOTALL)
    reporting = re.search(
        r"<reporting>(.*?)</reporting>", re.sub(r"<profiles>.*?</profiles>", "", text, flags=re.S), re.S
    )
    plugins = re.findall(r"<artifactId>\s*([\w.-]+)\s*</artifactId>", reporting.group(1)) if reporting else []
    if "maven-javadoc-plugin" not in plugins:
        return []
    names = [re.sub(r"^maven-|-maven-plugin$|-plugin$", "", p) for p in plugins if p != "maven-javadoc-plugin"]
    return [n for n in names if n != "project-info-reports"]


def gradle_own_tasks(tree: Tree, k: Knowledge) -> None:
    gradle_tasks(tree, k, RUNNER + 4)
    gradle_linters(tree, k, RUNNER + 5)
    abi_checks(tree, k, RUNNER + 8)


def dprint(tree: Tree, k: Knowledge) -> None:
    """dprint formats what its config's plugins cover (textwrap's Rust through a pinned nightly rustfmt): its
    `dprint fmt` is the project's formatter, over a language's own default."""
    rel = tree.first("dprint.json", ".dprint.json", "dprint.jsonc", ".dprint.jsonc")
    if rel:
        # effect's dprint is an npm devDependency, on no PATH: its package manager runs it from node_modules/.bin
        declared = re.search(r'"dprint"\s*:', tree.read("package.json") or "")
        managers = locked_managers(tree)
        execute = next((EXECUTE[m] for m in ("pnpm", "yarn", "bun") if m in managers), "npx") if declared else ""
        run = f"{execute} dprint" if execute else "dprint"
        k.command("format", f"{run} fmt", rel, RUNNER)
        k.command("lint", f"{run} check", rel, RUNNER + 10)


EXECUTE = {"pnpm": "pnpm exec", "yarn": "yarn", "bun": "bunx"}
"""How a package manager runs a tool its dependencies installed, npm's `npx` aside."""


RUNNERS = (
    makefile, justfile, taskfile, cargo_make, maskfile, jakefile, do_script, castor, mage, ant, tox, nox, poe,
    pre_commit, rakefile, maven_goal, docs_builders,
    dprint, gradle_own_tasks, role_scripts,
)  # fmt: skip
