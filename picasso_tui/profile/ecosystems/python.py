"""Python: packaging tool, dependencies, frameworks, tests, entry points, migrations."""

from __future__ import annotations

import posixpath
import re
from collections import Counter
from dataclasses import dataclass
from typing import Any

from picasso_tui.profile.ci import read_ci
from picasso_tui.profile.ecosystems.benchmarks import python_benchmarks
from picasso_tui.profile.ecosystems.common import (
    Stack,
    black_excludes_everything,
    dig,
    load_toml,
    requirement_name,
    stack_facts,
)
from picasso_tui.profile.ecosystems.example_tests import pytest_node
from picasso_tui.profile.ecosystems.mypy_target import mypy_default
from picasso_tui.profile.ecosystems.pytest_settings import collected_example, ini_options, pytest_files, tox_test_paths
from picasso_tui.profile.ecosystems.python_modules import deprecated, importable, module_file
from picasso_tui.profile.ecosystems.python_pip_setup import kept_from_install, pip_install
from picasso_tui.profile.ecosystems.python_quotes import not_black_formatted
from picasso_tui.profile.ecosystems.python_requires import requires_python
from picasso_tui.profile.ecosystems.python_uv import uv_run, uv_sync
from picasso_tui.profile.findings import Knowledge, human_list
from picasso_tui.profile.languages import shares
from picasso_tui.profile.pre_commit import darker_runs_black
from picasso_tui.profile.walk import Tree, is_auxiliary

LIBRARIES: dict[str, tuple[str, str]] = {
    "django": ("Django", "framework"), "flask": ("Flask", "framework"), "fastapi": ("FastAPI", "framework"),
    "starlette": ("Starlette", "framework"), "aiohttp": ("aiohttp", "framework"), "tornado": ("Tornado", "framework"),
    "pyramid": ("Pyramid", "framework"), "sanic": ("Sanic", "framework"), "litestar": ("Litestar", "framework"),
    "textual": ("Textual", "framework"), "streamlit": ("Streamlit", "framework"), "pydantic": ("pydantic", "framework"),
    "celery": ("Celery", "framework"), "numpy": ("NumPy", "framework"), "pandas": ("pandas", "framework"),
    "torch": ("PyTorch", "framework"), "tensorflow": ("TensorFlow", "framework"), "scrapy": ("Scrapy", "framework"),
    "pytest": ("pytest", "test"), "hypothesis": ("Hypothesis", "test"), "tox": ("tox", "test"), "nox": ("nox", "test"),
    "pytest-asyncio": ("pytest-asyncio", "test"), "pytest-xdist": ("pytest-xdist", "test"),
    "pytest-mock": ("pytest-mock", "test"), "pytest-django": ("pytest-django", "test"),
    "responses": ("responses", "test"),
    "respx": ("RESPX", "test"), "freezegun": ("freezegun", "test"), "time-machine": ("time-machine", "test"),
    "vcrpy": ("VCR.py", "test"), "pytest-vcr": ("VCR.py", "test"), "pytest-recording": ("VCR.py", "test"),
    "factory-boy": ("factory_boy", "test"), "factory_boy": ("factory_boy", "test"),
    "sqlalchemy": ("SQLAlchemy", "database"), "sqlmodel": ("SQLModel", "database"), "peewee": ("peewee", "database"),
    "tortoise-orm": ("Tortoise ORM", "database"), "psycopg": ("PostgreSQL (psycopg)", "database"),
    "psycopg2": ("PostgreSQL (psycopg2)", "database"), "psycopg2-binary": ("PostgreSQL (psycopg2)", "database"),
    "pymongo": ("MongoDB", "database"), "redis": ("Redis", "database"), "alembic": ("Alembic", "migrations"),
    "click": ("click", "cli"), "typer": ("Typer", "cli"), "werkzeug": ("Werkzeug", "framework"),
    "jinja2": ("Jinja", "framework"), "httpx": ("HTTPX", "framework"), "requests": ("Requests", "framework"),
    "httpcore": ("httpcore", "framework"), "anyio": ("AnyIO", "framework"), "attrs": ("attrs", "framework"),
    "rich": ("Rich", "framework"), "sphinx": ("Sphinx", "docs"), "mkdocs": ("MkDocs", "docs"),
    "ruff": ("ruff", "lint"), "black": ("black", "lint"), "mypy": ("mypy", "types"), "flake8": ("flake8", "lint"),
    "pre-commit": ("pre-commit", "lint"), "setuptools": ("setuptools", "build"), "hatchling": ("hatchling", "build"),
}  # fmt: skip
DEV_EXTRAS = ("test", "tests", "testing", "dev", "develop", "lint", "docs", "doc", "typing")
REQUIREMENTS = re.compile(r"^(requirements[^/]*\.txt|(test|tests|dev)[-_]requirements\.txt|requirements/[^/]+\.txt)$")
"""pip's requirement files: requirements*.txt, funcy's test_requirements.txt, a requirements/ folder."""


LIST_ITEMS = r"""(?:#[^\n]*|[^\]"'#]|"[^"\n]*"|'[^'\n]*')*"""
"""A Python list's items up to its closing bracket, with a bracket inside a string or a comment kept
(Flask-AppBuilder's `"apispec[yaml]>=6.0.0, <7"`)."""


def _deps(tree: Tree, pyproject: dict) -> set[str]:
    specs: list[str] = list(dig(pyproject, "project", "dependencies") or [])
    for group in (dig(pyproject, "project", "optional-dependencies") or {}).values():
        specs.extend(g for g in group if isinstance(g, str))
    for group in (pyproject.get("dependency-groups") or {}).values():
        specs.extend(g for g in group if isinstance(g, str))
    poetry = dig(pyproject, "tool", "poetry") or {}
    names = set(poetry.get("dependencies") or {}) | set(poetry.get("dev-dependencies") or {})
    for group in (poetry.get("group") or {}).values():
        names |= set((group or {}).get("dependencies") or {})
    for rel in [f for f in tree.files if REQUIREMENTS.match(f)]:
        specs.extend(line for line in (tree.read(rel) or "").splitlines() if line.strip() and line[0] not in "#-")
    for rel in ("setup.py", "setup.cfg"):  # install_requires / extras_require, read as text (never executed)
        text = tree.read(rel) or ""
        for block in re.findall(rf"(?:install_requires|tests_require)\s*=\s*\[({LIST_ITEMS})\]", text, re.DOTALL):
            specs.extend(re.findall(r"[\"']([^\"']+)[\"']", block))
        cfg = re.search(r"^install_requires\s*=\s*\n((?:[ \t]+.+\n?)+)", text, re.MULTILINE)
        if cfg:
            specs.extend(line.strip() for line in cfg.group(1).splitlines() if line.strip())
    pipfile = load_toml(tree, "Pipfile")
    names |= set(pipfile.get("packages") or {}) | set(pipfile.get("dev-packages") or {})
    specs.extend(names)
    specs.extend(_tox_deps(tree.read("tox.ini") or ""))
    return {n for n in (requirement_name(s) for s in specs if isinstance(s, str)) if n and n != "python"}


_TOX_DEPS = re.compile(r"^deps\s*=[ \t]*(.*)\n((?:[ \t]+\S.*\n?)*)", re.MULTILINE)


def _tox_deps(text: str) -> list[str]:
    """What tox installs into its environments (python-socketio's pytest, pytest-asyncio and pytest-timeout are
    there, not in pyproject.toml); a factor's condition (`py38: mock`) aside, references and options skipped."""
    out = []
    for first, rest in _TOX_DEPS.findall(text):
        for line in [first, *rest.splitlines()]:
            line = re.sub(r"^[\w,!-]+:\s+", "", line.split(" #", 1)[0].strip())
            if line and not line.startswith(("-", "{", "#", ".")):
                out.append(line)
    return out


NOT_RUNTIME = re.compile(
    r"(^|[-_/.])(dev|develop|development|test|tests|testing|ci|docs?|lint|constraints?|bench\w*|"
    r"typing|mypy|tox|build)([-_/.]|$)"
)
"""A requirements file of the tools around the code (requirements-dev.txt, requirements/testing.txt,
constraints.txt): what it pins never runs in the package."""


def _pip_requirements(text: str) -> bool:
    """The file reads as pip's: inja's requirements.txt holds `nlohmann/json@v3.8.0`, a line for cget, the C++
    package manager, which pip refuses ("Invalid requirement")."""
    lines = [x.split("#", 1)[0].strip() for x in text.splitlines()]
    return not any(re.match(r"^[\w.-]+/[\w.-]+@", x) for x in lines if x and not x.startswith("-"))


def _runtime_requirements(tree: Tree) -> set[str]:
    """The names the runtime requirement files list (requirements.txt, requirements/base.txt), never a dev, test,
    docs or constraints file's: dateutil's requirements-dev.txt pins attrs for its tests, not for users."""
    files = [f for f in tree.files if REQUIREMENTS.match(f) and not NOT_RUNTIME.search(f.removesuffix(".txt"))]
    specs = [
        line for f in files for line in (tree.read(f) or "").splitlines() if line.strip()[:1] not in ("#", "-", "")
    ]
    return set(_names(specs))


def _names(specs: list) -> list[str]:
    return [n for n in (requirement_name(s) for s in specs if isinstance(s, str)) if n and n != "python"]


_BACKPORT = re.compile(r";.*\bpython_(?:full_)?version\s*<\s*[\"']3\.(\d+)")
LAST_UNMAINTAINED_PYTHON = 9
"""Python 3.9 and older are past their end of life (3.9's was October 2025)."""


def _runtime_names(specs: list) -> list[str]:
    """The runtime dependencies but a backport that only Pythons past their end of life need (emoji's
    `typing_extensions; python_version < '3.9'`); one a maintained Python still imports stays, named with its bound
    (mistune's `typing-extensions; python_version<'3.11'` is "typing-extensions (Python < 3.11 only)")."""
    kept = [s for s in specs if isinstance(s, str) and not _only_for_old_pythons(s)]
    return [
        f"{name} (Python < 3.{bound.group(1)} only)" if (bound := _BACKPORT.search(spec)) and name not in LIBRARIES
        else name
        for spec, name in ((s, requirement_name(s)) for s in kept)
        if name and name != "python"
    ]  # fmt: skip


def _only_for_old_pythons(spec: str) -> bool:
    bound = _BACKPORT.search(spec)
    return bool(bound) and int(bound.group(1)) <= LAST_UNMAINTAINED_PYTHON + 1


def _runtime(tree: Tree, pyproject: dict) -> tuple[list[str] | None, set[str]]:
    """The runtime dependencies a package declares, in order ([project.dependencies], Poetry's, setup.py's
    install_requires), or None when no manifest declares them; and the optional extras' (not the dev ones)."""
    names = _names
    project = pyproject.get("project")
    optional = {
        n
        for extra, group in (dig(pyproject, "project", "optional-dependencies") or {}).items()
        if extra not in DEV_EXTRAS
        for n in names(group if isinstance(group, list) else [])
    }
    poetry = dig(pyproject, "tool", "poetry", "dependencies")
    # ormar's [project] holds only its name: Poetry reads the dependencies from [tool.poetry.dependencies]
    table = project if isinstance(project, dict) else None
    if (
        table is not None
        and ("dependencies" in table or not isinstance(poetry, dict))
        and "dependencies" not in (table.get("dynamic") or [])
    ):
        return _runtime_names(table.get("dependencies") or []), optional
    if isinstance(poetry, dict):  # ormar's database drivers are `optional = true`: its extras offer them
        offered = {n for n, spec in poetry.items() if isinstance(spec, dict) and spec.get("optional") is True}
        return names([n for n in poetry if n not in offered]), optional | set(names(list(offered)))
    setup = "\n".join(tree.read(f) or "" for f in ("setup.py", "setup.cfg"))
    block = re.search(rf"install_requires\s*=\s*\[({LIST_ITEMS})\]", setup, re.DOTALL)
    cfg = re.search(r"^install_requires\s*=\s*\n((?:[ \t]+.+\n?)+)", setup, re.MULTILINE)
    # setup.cfg's one-line value (dateutil's `install_requires = six >= 1.6`), continued by indented lines
    inline = re.search(r"^install_requires[ \t]*=[ \t]*(\S.*\n?(?:[ \t]+.+\n?)*)", tree.read("setup.cfg") or "", re.M)
    if block and re.search(r"\bfor \w+ in\b", block.group(1)):
        # hydra's setup.py reads requirements/requirements.txt line by line into install_requires
        return sorted(_runtime_requirements(tree)) or None, optional
    if block:
        return _runtime_names(re.findall(r"[\"']([^\"']+)[\"']", block.group(1))), optional
    if cfg or inline:
        text = (cfg or inline).group(1)  # type: ignore[union-attr]
        return _runtime_names([line.strip() for line in text.splitlines() if line.strip()]), optional
    if not project and not setup and tree.has("requirements.txt"):  # an application's pinned requirements
        return names(
            [x for x in (tree.read("requirements.txt") or "").splitlines() if x.strip()[:1] not in "#-"]
        ), set()
    return None, optional


GUIDES = ("CONTRIBUTING.md", "CONTRIBUTING.rst", ".github/CONTRIBUTING.md", "docs/contributing.md", "Makefile",
          "noxfile.py", "tox.ini", "justfile", "Justfile", "TESTING.rst", "TESTING.md")  # fmt: skip
"""Where a contributor is told which tool manages the environment (with the CI workflows)."""


def _used(tree: Tree, tool: str) -> str:
    """The contributor guide, task file or CI workflow that runs the tool (``pdm install``, ``poetry run``), or "":
    a ``[tool.pdm]`` or ``[tool.poetry]`` table that only configures the build does not make it the manager."""
    # nox's noxfile.py opens with `#!/usr/bin/env -S uv run --script`: uv runs that one script, it manages nothing
    # and CI's setup-uv often only speeds up `uv pip install --system .` (nox's): uv there installs, it manages nothing
    # Pillow's lint job, "Install uv" and then `uvx --with tox-uv tox -e lint`: uv fetched to run tox, no manager
    setup = rf"|setup-{tool}|install {tool}\b" if tool != "uv" else ""
    # its wheels job's `uv run .github/compare-dist-sizes.py dist` runs one script, as `--script` does
    said = re.compile(rf"\b{tool} (install|run(?! --script)(?! [\w./-]+\.py\b)|sync|lock)\b{setup}", re.I)
    reading = read_ci(tree)  # the workflows that check changes: vulture's uv runs only in its tag-pushed release
    paths = [*GUIDES, *(f for f in (reading.used if reading else []) if f.startswith(".github/workflows/"))]
    return next((f for f in paths if tree.has(f) and said.search(tree.read(f) or "")), "")


def _hatch_test_env(tree: Tree, pyproject: dict[str, Any]) -> bool:
    """The project configures Hatch's built-in test environment, `hatch-test`, in pyproject.toml or hatch.toml."""
    envs = dig(pyproject, "tool", "hatch", "envs") or dig(load_toml(tree, "hatch.toml"), "envs")
    return isinstance(envs, dict) and "hatch-test" in envs


def hatch_run(pyproject: dict[str, Any], tool: str) -> str:
    """`hatch run <env>:` where only a named environment installs the tool (rq's pytest is in `test`; the default
    environment has none of it)."""
    envs = dig(pyproject, "tool", "hatch", "envs")
    envs = envs if isinstance(envs, dict) else {}
    extras = dig(pyproject, "project", "optional-dependencies")
    extras = extras if isinstance(extras, dict) else {}

    def installs(env: object) -> bool:
        """The environment's dependencies name the tool, or an extra its `features` install does (jupyter_server's
        `test` environment installs the `test` extra, which has pytest)."""
        if not isinstance(env, dict):
            return False
        wanted = env.get("dependencies") if isinstance(env.get("dependencies"), list) else []
        features = env.get("features") if isinstance(env.get("features"), list) else []
        for feature in features:
            listed = extras.get(str(feature))
            wanted = [*wanted, *(listed if isinstance(listed, list) else [])]
        return any(requirement_name(str(d)) == tool for d in wanted if isinstance(d, str))

    if installs(envs.get("default")):
        return "hatch run "
    holder = next((name for name, env in envs.items() if name != "default" and installs(env)), None)
    return f"hatch run {holder}:" if holder else "hatch run "


UV_LOCATIONS = frozenset({"sources", "index"})
"""`[tool.uv]` keys that only say where packages come from: no sign that uv manages the project."""


UV_ENVIRONMENT = frozenset({"dev-dependencies", "default-groups", "workspace", "package", "managed", "conflicts"})
"""`[tool.uv]` keys that shape the project's own environment: uv manages it, not only installs for another tool."""


def _pip_instead(tree: Tree, tool: dict) -> bool:
    """A uv.lock nothing uses: no [tool.uv], no guide, task file or workflow runs uv, and the Makefile or a guide
    sets up with virtualenv and pip (gunicorn's `make build`; its uv.lock lags its pyproject.toml)."""
    # sqlglot's `[tool.uv.sources]` only tells uv where its sqlglotc package is: no setting of the project's own
    if set(tool.get("uv") or {}) - UV_LOCATIONS or _used(tree, "uv"):
        return False
    texts = [tree.read(f) or "" for f in ("Makefile", "justfile", "tox.ini", *GUIDES) if tree.has(f)]
    # sqlglot's Makefile takes `uv pip` only under `ifdef UV`: an option, pip the default
    opted = [re.sub(r"^ifn?def\b.*?^(else|endif)\b", "", t, flags=re.M | re.S) for t in texts]
    if any(re.search(r"\buv (run|sync|pip|venv|lock)\b", t) for t in opted):
        return False
    return any(re.search(r"\bpip3? install\b|\$[({]PIP[)}] install\b|\bvirtualenv\b|-m venv\b", t) for t in texts)


def _manager(tree: Tree, pyproject: dict) -> tuple[str, str, str]:
    """(tool, why, prefix to run a command in its environment)."""
    tool = pyproject.get("tool") or {}
    # safety's `[[tool.uv.index]]` only names a package index, for the uv its Hatch environments install with
    uv_own = bool(set(tool.get("uv") or {}) - UV_LOCATIONS) or ("uv" in tool and "hatch" not in tool)
    if not tree.has("uv.lock") and (dig(tool, "hatch", "envs") or not _used(tree, "uv")):
        # haystack's `[tool.uv]` only holds exclude-newer, for the uv its Hatch environments install with; so do
        # pytorch_geometric's, and Qiskit's only `dependency-groups`, whose guides set up with pip: uv is an option
        uv_own = bool(set(tool.get("uv") or {}) & UV_ENVIRONMENT)
    # poethepoet's `[tool.uv.workspace]` beside a committed poetry.lock, and no uv.lock: Poetry locks and installs
    if (tree.has("uv.lock") or (uv_own and not tree.has("poetry.lock"))) and not _pip_instead(tree, tool):
        return "uv", "uv.lock" if tree.has("uv.lock") else "[tool.uv]", "uv run "
    # Radicale's .gitignore lists uv.lock: one CI job runs `uv run`, the project locks and manages nothing with it
    unlocked = re.search(r"^/?uv\.lock\s*$", tree.read(".gitignore") or "", re.M) if tree.has(".gitignore") else None
    if tree.has("pixi.lock") or tree.has("pixi.toml") or "pixi" in tool:
        # pint's environments are pixi's (conda-forge); pixi's own tasks give the commands, with their environment
        return "pixi", "pixi.lock" if tree.has("pixi.lock") else "[tool.pixi]" if "pixi" in tool else "pixi.toml", ""
    if tree.has("poetry.lock") or dig(tool, "poetry", "dependencies") or _used(tree, "poetry"):
        return "Poetry", "poetry.lock" if tree.has("poetry.lock") else "[tool.poetry]", "poetry run "
    pdm_own = any(dig(tool, "pdm", key) for key in ("dev-dependencies", "scripts"))
    if tree.has("pdm.lock") or pdm_own or _used(tree, "pdm"):
        return "PDM", "pdm.lock" if tree.has("pdm.lock") else "[tool.pdm]", "pdm run "
    if tree.has("Pipfile"):
        return "Pipenv", "Pipfile", "pipenv run "
    if "hatch" in tool and dig(tool, "hatch", "envs"):
        return "Hatch", "[tool.hatch.envs]", "hatch run "
    if dig(load_toml(tree, "hatch.toml"), "envs"):  # scanpy keeps its Hatch environments in hatch.toml
        return "Hatch", "hatch.toml", "hatch run "
    # python-qrcode: no uv.lock in git; its justfile and CI run `uv run`; babel's setup.py has no [project]
    # table for `uv sync` to install (its CI's uv runs a benchmark job)
    # toot's .gitignore lists uv.lock too, but its CONTRIBUTING.md sets up with `uv run`: the guide decides
    if (runs_uv := _used(tree, "uv")) and "project" in pyproject and (not unlocked or runs_uv in GUIDES):
        return "uv", runs_uv, "uv run "
    if tree.has("uv.lock"):
        return "pip", "uv.lock is there, but the Makefile and guides set up with pip", ""
    return "pip", "no lock file of another tool", ""


@dataclass(frozen=True)
class _Project:
    """What every step reads: the manifests, the dependencies and the tool that manages them."""

    tree: Tree
    pyproject: dict
    sources: list[str]
    deps: set[str]
    tool: str
    why: str
    run: str
    """The prefix that runs a command in the tool's environment (``uv run ``), or ""."""
    members: list
    """uv workspace members, as [tool.uv.workspace] lists them."""
    django: str | None
    """Django's manage.py, when there is one."""


STYLE_TOOLS = frozenset({"black", "ruff", "isort", "yapf", "autopep8", "pylint", "flake8", "codespell", "typos"})
"""`[tool.*]` tables that only set a formatter's or linter's style: alone, they declare no Python project."""


def investigate(tree: Tree) -> Knowledge:
    """What the Python manifests say: packaging, the stack, and how to install, test, lint, run and migrate."""
    k = Knowledge()
    sources = [f for f in ("pyproject.toml", "setup.py", "setup.cfg", "Pipfile") if tree.has(f)]
    # libical's setup.cfg holds only `[pycodestyle]` for its scripts: a linter's settings, no package of its own
    if "setup.cfg" in sources and "setup.py" not in sources and not _declares_a_package(tree.read("setup.cfg") or ""):
        sources.remove("setup.cfg")
    # bazelisk's pyproject.toml holds only `[tool.black]` for its one script: a formatter's settings, no package
    settings = load_toml(tree, "pyproject.toml") if "pyproject.toml" in sources else {}
    if settings and set(settings) <= {"tool"} and set(dig(settings, "tool") or {}) <= STYLE_TOOLS:
        sources.remove("pyproject.toml")
    sources += [f for f in tree.files if REQUIREMENTS.match(f) and _pip_requirements(tree.read(f) or "")]
    if not sources or _shim(tree, sources):
        return k
    pyproject = load_toml(tree, "pyproject.toml")
    if _nothing_to_install(tree, sources, pyproject):
        return k
    deps = _deps(tree, pyproject)
    tool, why, run = _manager(tree, pyproject)
    members = dig(pyproject, "tool", "uv", "workspace", "members") or []
    # CTFd's manage.py is Flask's (`FlaskGroup`): only a manage.py that calls on Django makes a Django site
    manage = tree.first("manage.py")
    django = manage if manage and re.search(r"\bdjango\b", tree.read(manage) or "", re.IGNORECASE) else ""
    project = _Project(tree, pyproject, sources, deps, tool, why, run, members, django)
    # libfuse's requirements.txt holds meson and ninja, tomo's MkDocs and its plugins: another language's project's
    # tools, no Python stack
    tools_only = _tools_only(tree, sources)
    if not tools_only:
        _packaging(k, project)
        _stack(k, project)
    _install(k, project, tools_only)
    if not tools_only:
        _build(k, project)
    _tests(k, project)
    _lint_and_format(k, project)
    _entry_points(k, project)
    _migrations(k, project)
    python_benchmarks(k, tree)
    return k


def _shim(tree: Tree, sources: list[str]) -> bool:
    """A setup.py that only wraps another language's program (typos' `pre_commit_placeholder_package`, which pulls
    the released binary for its pre-commit hook) in a project with no Python code of its own: no Python project to
    install, test or build."""
    found = shares(tree)
    if sources != ["setup.py"] or not found or found[0][0] == "python":
        return False
    # typos' .github/ script and its tests' sample inputs are no Python package of its own
    code = [
        f
        for f in tree.own
        if f.endswith(".py") and f != "setup.py" and not re.match(r"(\.github|scripts|tools)/|(.*/)?tests?/", f)
    ]
    return not code and "install_requires" in (tree.read("setup.py") or "")


def _declares_a_package(setup_cfg: str) -> bool:
    """setup.cfg names a distribution: its `[metadata]` or `[options]` section (the rest configure tools)."""
    return bool(re.search(r"^\[(metadata|options(\.[\w.]+)?)\]", setup_cfg, re.M))


def _tools_only(tree: Tree, sources: list[str]) -> bool:
    """Only requirements files, or a pyproject.toml that declares no package, in a project whose main language is
    another: they install the build's or the tests' tools (pip can fetch meson), the project is not a Python one."""
    found = shares(tree)
    manifests = [f for f in sources if f in ("pyproject.toml", "setup.py", "setup.cfg", "Pipfile")]
    if manifests == ["pyproject.toml"] and found and found[0][0] != "python":
        # StyLua's pyproject.toml only lets pip fetch the released Rust binary (release-gitter): no package of its
        # own ([project] or Poetry) and no Python beside the scripts of .github/
        pyproject = load_toml(tree, "pyproject.toml")
        code = [f for f in tree.own if f.endswith(".py") and not f.startswith((".github/", "scripts/", "tools/"))]
        # pgbouncer's `[tool.setuptools] packages = []`: a named distribution that ships no module, only the test
        # suite's tools as its dependencies
        empty = dig(pyproject, "tool", "setuptools", "packages") == [] and not dig(
            pyproject, "tool", "setuptools", "py-modules"
        )
        # chezmoi's pyproject.toml is "Private :: Do Not Upload": the website's MkDocs tooling beside a Go project
        private = "Private :: Do Not Upload" in (dig(pyproject, "project", "classifiers") or [])
        # jj's pyproject.toml names `jj-docs` and holds MkDocs: named or not, no Python code means no Python package
        return empty or not code or (private and not dig(pyproject, "build-system"))
    return not manifests and bool(found) and found[0][0] != "python"


def _nothing_to_install(tree: Tree, sources: list[str], pyproject: dict[str, Any]) -> bool:
    """In another language's project, a Python manifest that installs nothing anyone works with: dbt-core's
    pyproject.toml only describes the Rust program it publishes (no build system, no dependency), and
    testcontainers-go's Pipfile pins its website's MkDocs while no Python code is there."""
    found = shares(tree)
    if not found or found[0][0] == "python":
        return False
    manifests = [f for f in sources if f in ("pyproject.toml", "setup.py", "setup.cfg", "Pipfile")]
    if manifests == ["Pipfile"]:
        return not any(f.endswith(".py") and not f.startswith((".github/", "scripts/", "tools/")) for f in tree.own)
    if manifests != ["pyproject.toml"] or len(sources) > 1:
        return False
    wanted = ("dependencies", "optional-dependencies")
    declared = [dig(pyproject, "project", key) for key in wanted] + [pyproject.get("dependency-groups")]
    return not dig(pyproject, "build-system") and not any(declared) and not dig(pyproject, "tool", "poetry")


def _packaging(k: Knowledge, p: _Project) -> None:
    """The packaging fact: the package's name, its manager, build backend, Python version, nested packages."""
    tree, pyproject = p.tree, p.pyproject
    name = dig(pyproject, "project", "name") or dig(pyproject, "tool", "poetry", "name")
    backend = dig(pyproject, "build-system", "build-backend")
    requires = requires_python(tree)[0]  # pyproject's requires-python, else setup.py's or setup.cfg's python_requires
    details = [f"package manager {p.tool} ({p.why})"]
    if name:
        details.insert(0, f"package `{name}`")
    if backend:
        details.append(f"build backend {backend.split('.')[0]}")
    if requires:
        details.append(f"Python {requires}")
    if p.members:
        details.append(f"uv workspace members: {human_list([str(m) for m in p.members])}")
    nested = sorted({f.rsplit("/", 1)[0] for f in tree.named("pyproject.toml", "setup.py") if "/" in f})
    # A pyproject.toml under tests/ is a fixture for the tests (black's project-root cases), not a package.
    inner = [n for n in nested if not is_auxiliary(n + "/x") and not {"tests", "test"} & set(n.split("/"))]
    if inner and not p.members:
        details.append(f"{len(inner)} more Python packages inside: {human_list(inner, 8)}")
    if aside := [n for n in nested if n not in inner]:
        details.append(f"projects in examples or fixtures with their own manifest, not part of the package: "
                       f"{human_list(aside, 4)}")  # fmt: skip
    k.fact("python/packaging", f"Python packaging: {p.tool}", "Python project: " + "; ".join(details) + ".", *p.sources)


BUILDS = {"uv": "uv build", "Poetry": "poetry build", "PDM": "pdm build", "Hatch": "hatch build"}
"""The manager's own build, which makes the sdist and wheel in dist/ as `python -m build` does."""


def _build(k: Knowledge, p: _Project) -> None:
    """A distributable package builds its sdist and wheel through its backend: the manager's build command, else
    `python -m build` (PyPA's front end). Whatever a guide, CI or task runner says comes first."""
    backend = str(dig(p.pyproject, "build-system", "build-backend") or "")
    named = dig(p.pyproject, "project", "name") or dig(p.pyproject, "tool", "poetry", "name")
    if p.django or backend.startswith("maturin") or not (named or p.tree.has("setup.py")):
        return  # a Django site deploys rather than builds; maturin's wheel is the Rust build's, cargo's to say
    if not (backend or p.tree.has("setup.py")) or _role(p).startswith("an application"):
        return
    if dig(p.pyproject, "build-system", "backend-path"):
        return  # pretalx's in-tree backend builds its static files with npm first: its own steps, not a bare build
    command = BUILDS.get(p.tool)
    if command:
        k.command("build", command, p.why if p.why.startswith(("[", "uv.lock", "poetry", "pdm", "hatch")) else
                  "pyproject.toml", 65, "sdist and wheel into dist/")  # fmt: skip
    elif p.tool == "pip" and "build" in p.deps:  # guessit builds with `setup.py sdist`: PyPA's build is not its own
        source = "pyproject.toml [build-system]" if backend else "setup.py"
        k.command("build", "python -m build", source, 65, "sdist and wheel into dist/")


def _docs_only_linters(pyproject: dict) -> set[str]:
    """Formatters and linters only the docs group or extra installs (starlette's black, which mkdocstrings uses to
    format signatures): the docs build's helpers, not how the project lints."""
    extras = dig(pyproject, "project", "optional-dependencies") or {}
    groups = {**extras, **(pyproject.get("dependency-groups") or {})}
    names = {
        g: {n for s in specs if isinstance(s, str) and (n := requirement_name(s))}
        for g, specs in groups.items()
        if isinstance(specs, list)
    }
    docs = {n for g, found in names.items() if g in ("doc", "docs", "documentation") for n in found}
    elsewhere = {n for g, found in names.items() if g not in ("doc", "docs", "documentation") for n in found}
    return {n for n in docs - elsewhere if LIBRARIES.get(n, ("", ""))[1] == "lint"}


def _stack(k: Knowledge, p: _Project) -> None:
    runtime, optional = _runtime(p.tree, p.pyproject)
    if runtime is not None and p.django and "django" not in runtime:
        runtime.insert(0, "django")
    dev = p.deps - set(runtime or []) - optional - _docs_only_linters(p.pyproject)
    backend = str(dig(p.pyproject, "build-system", "build-backend") or "")
    if backend and not backend.startswith("setuptools"):
        dev.discard("setuptools")  # more-itertools builds with flit_core; setuptools is in a requirements file only
    extras = [e for e in dig(p.pyproject, "project", "optional-dependencies") or {} if e not in DEV_EXTRAS]
    stack = Stack(runtime, dev, _role(p), f"optional extras: {human_list(extras)}" if extras else "")
    if runtime is None:  # no manifest says what runs: name what the runtime requirements know
        stack = Stack(None, set(p.deps), _role(p))
        running = _runtime_requirements(p.tree)
        stack.runtime = [d for d in sorted(running) if d in LIBRARIES and LIBRARIES[d][1] != "test"] or None
        stack.dev = p.deps
    if stack.runtime and "celery" in stack.runtime:  # paperless-ngx's Redis is Celery's broker, not its database
        stack.runtime = [d for d in stack.runtime if d != "redis"]
    stack_facts(k, "python", "Python", LIBRARIES, stack, p.sources + ([p.django] if p.django else []))


def _role(p: _Project) -> str:
    """A Django site or a project uv does not package is an application; a distributable package a library."""
    scripts = dig(p.pyproject, "project", "scripts") or dig(p.pyproject, "tool", "poetry", "scripts") or {}
    cli = f" with the command `{next(iter(scripts))}`" if isinstance(scripts, dict) and scripts else ""
    files = [s.name for s in setup_scripts(p.tree) if s.source.endswith(" scripts")]
    if not cli and files and not _console_scripts(p.tree):  # setup.py's `scripts=['bin/jp.py']`
        cli = f" with the command `{files[0]}`"
    if p.django:
        return "a Django application"
    # cookiecutter has no [build-system] but `[tool.uv] package = true`: uv builds and installs it all the same
    packaged = (
        p.tree.has("setup.py") or "build-system" in p.pyproject or dig(p.pyproject, "tool", "uv", "package") is True
    )
    if dig(p.pyproject, "tool", "uv", "package") is False or (p.pyproject and not packaged):
        return "an application (not packaged)"
    if packaged and (dig(p.pyproject, "project", "name") or p.tree.has("setup.py")):
        if not cli and _console_scripts(p.tree):
            return f"a command-line tool (`{'`, `'.join(_console_scripts(p.tree)[:3])}`)"
        return f"an installable package{cli}" if cli else "a library (installable package)"
    return ""


def _install(k: Knowledge, p: _Project, tools_only: bool = False) -> None:
    """The set-up command; in another language's project it installs only the Python tools its tests and linters
    use (pgbouncer's `pip install -e '.[dev]'` brings pytest and ruff, not PgBouncer), and says so."""
    tree, tool, why, sources = p.tree, p.tool, p.why, p.sources
    why = f"pyproject.toml {why}" if why.startswith("[") else why  # `[tool.uv]` is a table: cite its file
    extras = [e for e in (dig(p.pyproject, "project", "optional-dependencies") or {}) if e in ("test", "tests", "dev")]
    if not extras and tree.has("setup.py"):  # jedi's setup.py: extras_require={'dev': [pytest, flake8, zuban]}
        declared = re.search(r"extras_require\s*=\s*\{(.*?)\n\s*\}", tree.read("setup.py") or "", re.S)
        keys = re.findall(r"^\s*['\"]([\w-]+)['\"]\s*:", declared.group(1), re.M) if declared else []
        extras = [e for e in keys if e in ("test", "tests", "testing", "dev")]
        sources = ["setup.py", *sources] if extras else sources
    if tool == "uv":  # in chezmoi's Go project uv installs the website's tools: after the project's own set-up
        k.command("install", uv_sync(p.pyproject), why, 65 if tools_only else 40,
                  "installs only the Python tools beside the project" if tools_only else "")  # fmt: skip
    elif tool == "Poetry":
        groups = dig(p.pyproject, "tool", "poetry", "group") or {}
        # tianshou's dev group is `optional = true`: a plain `poetry install` leaves pytest and ruff out
        optional = [
            g for g in ("dev", "test", "tests") if isinstance(groups.get(g), dict) and groups[g].get("optional")
        ]
        k.command("install", f"poetry install --with {','.join(optional)}" if optional else "poetry install", why, 40)
    elif tool == "PDM":
        k.command("install", "pdm install", why, 40)
    elif tool == "Pipenv":
        k.command("install", "pipenv install --dev", why, 40)
    elif tool == "Hatch":  # safety's environments: hatch makes the default one, with its dependencies and the project
        k.command("install", "hatch env create", why, 40)
    elif tool == "pixi":
        return  # `pixi install`, from the pixi manifest
    elif tree.has("setup.py") or tree.has("setup.cfg") or "project" in p.pyproject:
        # psycopg's root pyproject.toml only configures pytest, mypy and coverage: its packages are in folders
        command, where = pip_install(tree, extras, sources[0])
        note = "installs only the Python tools the tests and linters use" if tools_only else ""
        k.command("install", command, where, 60, note)
    elif reqs := [f for f in sources if REQUIREMENTS.match(f) and not kept_from_install(tree, f)]:
        # changie's requirements.txt holds the MkDocs site's tools: after the Go project's own set-up
        note = "installs only the Python tools beside the project" if tools_only else ""
        k.command("install", " && ".join(f"pip install -r {r}" for r in reqs[:2]), reqs[0], 65 if tools_only else 60,
                  note)  # fmt: skip


def _tox_django_settings(tree: Tree, options: dict[str, Any]) -> str:
    """`DJANGO_SETTINGS_MODULE=<module> ` when only tox.ini's setenv names the settings: django-storages' tests
    stop with ImproperlyConfigured under a bare pytest, as no pytest-django option or conftest.py sets them."""
    tox = tree.read("tox.ini") or "" if tree.has("tox.ini") else ""
    named = re.search(r"^\s*DJANGO_SETTINGS_MODULE\s*=\s*([\w.]+)\s*$", tox, re.MULTILINE)
    section = re.search(r"^\[pytest\][^\n]*\n(.*?)(?=^\[|\Z)", tox, re.MULTILINE | re.DOTALL)
    if not named or "DJANGO_SETTINGS_MODULE" in f"{options}{section.group(1) if section else ''}":
        return ""  # pytest-django's own option names the settings
    if any("DJANGO_SETTINGS_MODULE" in (tree.read(f) or "") for f in tree.named("conftest.py")[:5]):
        return ""
    return f"DJANGO_SETTINGS_MODULE={named.group(1)} "


def _ci_runs_pytest(tree: Tree) -> str:
    """The workflow that runs pytest, or "": bpython declares no pytest, its CI installs it and runs
    `pytest --cov=bpython`, so pytest is the runner."""
    reading = read_ci(tree)
    steps = reading.steps if reading else []
    return next((s.file for s in steps if re.match(r"(python3? -m )?pytest\b", s.command)), "")


def _tests(k: Knowledge, p: _Project) -> None:
    """pytest when configured or depended on (and per uv workspace member), else unittest for test files."""
    tree, run = p.tree, p.run
    if run in ("uv run ", "hatch run "):  # the group, extra or environment that installs pytest
        run = uv_run(p.pyproject, "pytest") if run == "uv run " else hatch_run(p.pyproject, "pytest")
    pytest_cfg = next(
        (
            where
            for where, present in (
                ("pyproject.toml [tool.pytest]", dig(p.pyproject, "tool", "pytest")),
                ("pytest.ini", tree.has("pytest.ini")),
                (".pytest.ini", tree.has(".pytest.ini")),  # pytest 8.1 reads the hidden name too (parse's)
                ("setup.cfg [tool:pytest]", "[tool:pytest]" in (tree.read("setup.cfg") or "")),
                ("conftest.py", tree.named("conftest.py")),
            )
            if present
        ),
        None,
    )
    # csvkit configures no pytest: the file that declares it is the source a memory cites
    declared = next((f"pytest in {f}" for f in p.sources if re.search(r"\bpytest\b", tree.read(f) or "")), "pytest")
    options = dig(p.pyproject, "tool", "pytest", "ini_options") or ini_options(tree)
    test_files = pytest_files(tree, options)
    ci_file = _ci_runs_pytest(tree)
    if ci_file and "pytest" not in p.deps and not pytest_cfg:
        pytest_cfg = declared = f"pytest in CI ({ci_file})"
    run = f"{_tox_django_settings(tree, options)}{run}"
    if ("pytest" in p.deps or pytest_cfg) and p.tool == "Hatch" and _hatch_test_env(tree, p.pyproject):
        # scanpy's [envs.hatch-test] sets up Hatch's own test command, which its guide runs: `hatch test`
        k.command("test", "hatch test", p.why, 55, "Hatch's test environment (hatch-test)")
        if example := collected_example(tree, test_files, options):
            node = pytest_node(tree.read(example) or "") or "<test name>"
            k.command("test-one", f"hatch test {example}::{node}", p.why, 55, "or -k <expression>")
        else:
            k.command("test-one", "hatch test -k <expression>", p.why, 55)
    elif "pytest" in p.deps or pytest_cfg:
        example = collected_example(tree, test_files, options)
        # respx's addopts say `--cov-fail-under 100`: one test alone covers too little and fails the run
        uncovered = " --no-cov" if re.search(r"--cov-fail-under\b", str(options.get("addopts") or "")) else ""
        paths = tox_test_paths(tree, options)
        where = " ".join(paths)
        k.command("test", f"{run}pytest {where}".strip(), pytest_cfg or "pytest in the dependencies", 55,
                  "the folders tox.ini hands pytest" if paths else "")  # fmt: skip
        if example:  # never a made-up file name: `pytest -k` selects by name wherever the tests live
            # bottle's tests are methods of test classes: their node id names the class
            node = pytest_node(tree.read(example) or "") or "<test name>"
            k.command(
                "test-one",
                f"{run}pytest {example}::{node}{uncovered}",
                pytest_cfg or declared,
                55,
                "or -k <expression>",
            )
        else:
            k.command("test-one", f"{run}pytest -k <expression>{uncovered}", pytest_cfg or declared, 55)
        # icalendar's workspace lists only its root: `--package` picks nothing a plain run does not
        if p.members and p.tool == "uv" and [str(m).strip("./") for m in p.members] != [""]:
            # The first member as listed; its [project] name is what `--package` wants.
            first = str(p.members[0]).split("*", 1)[0].rstrip("/")
            inner = [f for f in tree.named("pyproject.toml") if f.startswith(first + "/")]
            name = dig(load_toml(tree, inner[0]), "project", "name") if inner else None
            if name:  # a member with no [project] name gives no package to name; its suite is no one test (textX)
                k.command("test", f"uv run --package {name} pytest", "[tool.uv.workspace]", 65, "one member's tests")
    elif manage := _django_test_project(tree, test_files):
        # django-reversion's tests are a Django project's (tests/manage.py): unittest alone configures no settings
        k.command("test", f"{run}python {manage} test", manage, 60, "Django's test runner")
        if label := _django_label(tree, manage, test_files):
            k.command("test-one", f"{run}python {manage} test {label}", manage, 60, "a dotted module, class or test")
    elif "nose2" in p.deps and test_files:
        # searxng's requirements-dev.txt pins nose2, which its test script runs: `python -m nose2 -s tests/unit`
        common = posixpath.commonpath([posixpath.dirname(f) for f in test_files])
        # its tests/robot holds browser tests run apart: the folder that holds nearly all of them is where to start
        inner = Counter("/".join(f.split("/")[:2]) for f in test_files if f.count("/") >= 2).most_common(1)
        common = inner[0][0] if inner and inner[0][1] >= 0.8 * len(test_files) else common
        start = f" -s {common}" if common else ""
        k.command(
            "test", f"{run}python -m nose2{start}", "nose2 in the dependencies", 65, "it runs the unittest suites"
        )
    elif test_files and any(re.search(r"\bunittest\b|\bTestCase\b", tree.read(f) or "") for f in test_files[:30]):
        k.command("test", f"{run}python -m unittest discover", "test_*.py files", 70)
        cases = [f for f in test_files[:30] if re.search(r"^class \w+\(.*TestCase\)", tree.read(f) or "", re.M)]
        if cases and (module := _dotted(tree, "", cases[0])):  # jc's tests/test_acpi.py: `tests.test_acpi`
            k.command("test-one", f"{run}python -m unittest {module}", cases[0], 70, "a dotted module, class or test")
        elif cases and "/" in cases[0]:
            # tweepy's tests/ is no package (its tests import the sibling `config`): discovery from that folder
            # puts it on the path, and -p picks the one file
            folder, _, name = cases[0].rpartition("/")
            k.command("test-one", f"{run}python -m unittest discover {folder} -p {name}", cases[0], 70,
                      "-k <name> picks tests by name")  # fmt: skip
    elif test_files and any(re.search(r"^def test_", tree.read(f) or "", re.M) for f in test_files[:30]):
        # parse's tests are plain functions: unittest finds none of them, pytest collects them
        k.command("test", f"{run}pytest", "test_*.py files", 70, "plain test functions, which pytest collects")


def _django_test_project(tree: Tree, test_files: list[str]) -> str:
    """The manage.py that runs Django's tests: test files that import django.test, and one manage.py that sets
    DJANGO_SETTINGS_MODULE (django-reversion keeps it in tests/, beside its test app)."""
    if not any(re.search(r"^\s*from django\.test\b|^\s*import django\.test\b", tree.read(f) or "", re.M)
               for f in test_files[:30]):  # fmt: skip
        return ""
    manages = [m for m in tree.named("manage.py") if "DJANGO_SETTINGS_MODULE" in (tree.read(m) or "")]
    return manages[0] if len(manages) == 1 else ""


def _django_label(tree: Tree, manage: str, test_files: list[str]) -> str:
    """A test module's dotted label, from manage.py's folder."""
    folder = manage.rsplit("/", 1)[0] + "/" if "/" in manage else ""
    return next((label for rel in test_files if (label := _dotted(tree, folder, rel))), "")


def _dotted(tree: Tree, folder: str, rel: str) -> str:
    """The test module's dotted name from ``folder`` when each folder on the way is a package, else ""."""
    inner = rel[len(folder) :] if rel.startswith(folder) else ""
    parts = inner[:-3].split("/") if inner.endswith(".py") else []
    packages = ["/".join(parts[:i]) for i in range(1, len(parts))]
    return ".".join(parts) if parts and all(tree.has(f"{folder}{p}/__init__.py") for p in packages) else ""


def _formats_with_ruff(tree: Tree, tool_cfg: dict[str, Any]) -> bool:
    """Ruff's formatter is the project's where something runs it or configures it: jsonschema lints with ruff and
    `ruff format --check` would rewrite 30 of its files."""
    runners = [".pre-commit-config.yaml", "Makefile", "noxfile.py", "tox.ini", "justfile", "ruff.toml", ".ruff.toml"]
    texts = [tree.read(f) or "" for f in (*runners, *tree.under(".github/workflows")) if tree.has(f)]
    if any(re.search(r"ruff['\",\s-]+format|^\[format\]", text, re.MULTILINE) for text in texts):
        return True
    # babel's pre-commit runs ruff-check alone: its [tool.ruff.format] table is set, the formatter never runs, and
    # `ruff format .` would rewrite 34 files
    hooks = tree.read(".pre-commit-config.yaml") or "" if tree.has(".pre-commit-config.yaml") else ""
    ruff = tool_cfg.get("ruff")
    return isinstance(ruff, dict) and isinstance(ruff.get("format"), dict) and "ruff-pre-commit" not in hooks


def _black_as_run(tree: Tree) -> tuple[str, str] | None:
    """(the black command, where) a Makefile or tox.ini runs with options of its own, when no config file holds
    them: a bare `black .` would reformat every file to the default line length."""
    for rel in ("Makefile", "tox.ini"):
        text = tree.read(rel) or "" if tree.has(rel) else ""
        found = re.search(r"^\s+(?:\{envpython\} -m |python3? -m )?(black(?: (?!--check\b)-{1,2}[\w-]+(?:[ =]\S+)?)+"
                          r"(?: [\w./-]+)*)\s*$", text, re.MULTILINE)  # fmt: skip
        if found and "--check" not in found.group(1) and "--diff" not in found.group(1):
            return found.group(1), rel
    return None


def _lint_and_format(k: Knowledge, p: _Project) -> None:
    tree, deps, run = p.tree, p.deps, p.run
    tool_cfg = p.pyproject.get("tool") or {}
    ruff_file = tree.first("ruff.toml", ".ruff.toml")
    if ruff_file or "ruff" in tool_cfg or "ruff" in deps:
        where = ruff_file or ("pyproject.toml [tool.ruff]" if "ruff" in tool_cfg else "ruff in the dependencies")
        run = uv_run(p.pyproject, "ruff") if run == "uv run " else run
        k.command("lint", f"{run}ruff check .", where, 60)
        if _formats_with_ruff(tree, tool_cfg):
            k.command("format", f"{run}ruff format .", where, 60)
        run = p.run
    # dateutil's darker hook applies black to the changed lines only: `black .` would reformat every old file
    # argcomplete keeps a [tool.black] table from before `ruff format`: with ruff formatting and black nowhere in
    # the dependencies, the table is a leftover
    leftover = "black" not in deps and _formats_with_ruff(tree, tool_cfg) and bool(ruff_file or "ruff" in tool_cfg)
    leftover = leftover or black_excludes_everything(p.pyproject)
    if ("black" in tool_cfg or "black" in deps) and not darker_runs_black(tree) and not leftover:
        ran = _black_as_run(tree) if "black" not in tool_cfg else None
        if ran:  # faker has no black config: its Makefile's `black --line-length 120 faker tests scripts` is the one
            k.command("format", f"{run}{ran[0]}", ran[1], 60)
        elif "black" in tool_cfg or not not_black_formatted(tree):
            # sshuttle's dev group lists black, and nothing configures or runs it: its code was never formatted
            k.command("format", f"{run}black .", "pyproject.toml [tool.black]" if "black" in tool_cfg else "black", 62)
    if "flake8" in deps or tree.has(".flake8"):
        k.command("lint", f"{run}flake8", ".flake8" if tree.has(".flake8") else "flake8", 62)
    typecheck = mypy_default(tree, p.pyproject)
    if typecheck:  # a type check, not the lint (healthchecks lints with ruff)
        k.command("typecheck", f"{run}{typecheck[0]}", typecheck[1], 64)


OPTION_PARSERS = re.compile(r"^\s*(import|from) (argparse|optparse|click|typer|docopt|fire|cyclopts)\b", re.M)
"""A module that parses a command line with the standard library or a CLI toolkit: `--help` prints its usage."""


def _parses_options(tree: Tree, module: str) -> bool:
    """The script's module, or another module of its package, parses options (vulture's core.main reads its
    arguments in config.py)."""
    package = module.rsplit("/", 1)[0] if "/" in module else ""
    files = [module, *(f for f in tree.under(package) if f.endswith(".py"))][:200] if package else [module]
    return any(OPTION_PARSERS.search(tree.read(f) or "") for f in files if f)


def _entry_points(k: Knowledge, p: _Project) -> None:
    """Scripts, ``__main__`` modules and manage.py: a fact naming them, and the command that runs the first."""
    tree, pyproject, run, django = p.tree, p.pyproject, p.run, p.django
    scripts = dig(pyproject, "project", "scripts") or dig(pyproject, "tool", "poetry", "scripts") or {}
    scripts = {n: t for n, t in scripts.items() if isinstance(t, str)}
    retired = {n: said for n, t in scripts.items() if (said := deprecated(tree, module_file(tree, t)))}
    entries = [f"`{n}` -> {t}" + (f" (deprecated: {retired[n]})" if n in retired else "") for n, t in scripts.items()]
    installed = [] if scripts else setup_scripts(tree)  # setup.py's and setup.cfg's, when pyproject names none
    entries += [f"`{s.name}` -> {s.target} ({s.source})" for s in installed]
    mains = [
        f
        for f in tree.files
        if f.endswith("__main__.py")
        and f.count("/") <= 2
        and importable(tree, f)
        and not is_auxiliary(f)
        and not re.match(r"(tests?|testing)/", f)
    ]  # pdoc's test/mod_with_main/__main__.py is a fixture that raises
    entries += [  # a __main__.py at the root runs as `python .`: -m takes a package, never a file
        (
            f"`python -m {f.rsplit('/', 1)[0].removeprefix('src/').replace('/', '.')}` ({f})"
            if "/" in f
            else f"`python .` ({f})"
        )
        + (f" (deprecated: {said})" if (said := deprecated(tree, f)) else "")
        for f in mains
    ]
    if django:
        entries.append("manage.py (Django)")
    if entries:
        k.fact(
            "python/entry-points",
            "Python entry points",
            f"Python entry points: {human_list(entries, 6)}.",
            *(["pyproject.toml"] if scripts else []),
            *dict.fromkeys(s.source.split()[0] for s in installed),
            *mains[:3],
            *([django] if django else []),
        )
    if live := [n for n in scripts if n not in retired]:  # jsonschema's CLI warns it is deprecated: nothing to run
        # vulture's CLI exits "Please pass at least one file or directory" when run bare: its usage is what runs
        asks = " --help" if _parses_options(tree, module_file(tree, scripts[live[0]])) else ""
        k.command("run", f"{run}{live[0]}{asks}", "pyproject.toml [project.scripts]", 60)
    elif installed:  # jmespath's `scripts=['bin/jp.py']`: pip puts jp.py on the PATH
        first = installed[0]
        note = f"installed from {first.target}" if first.source.endswith(" scripts") else ""
        k.command("run", f"{run}{first.name}", first.source, 60, note)
    if django:
        k.command("run", f"{run}python manage.py runserver", django, 55)


def _migrations(k: Knowledge, p: _Project) -> None:
    if p.django:
        k.command("migrate", f"{p.run}python manage.py migrate", p.django, 50)
    # `alembic upgrade head` reads alembic.ini (or pyproject's [tool.alembic]) where it runs; indico keeps its own in
    # indico/migrations/ and upgrades with `indico db upgrade`: the bare command fails at the root
    configured = "[tool.alembic]" in (p.tree.read("pyproject.toml") or "")
    if p.tree.has("alembic.ini") or ("alembic" in p.deps and configured):
        where = "alembic.ini" if p.tree.has("alembic.ini") else "pyproject.toml [tool.alembic]"
        k.command("migrate", f"{p.run}alembic upgrade head", where, 50)


@dataclass(frozen=True)
class SetupScript:
    """A command setup.py or setup.cfg installs: a console_scripts entry point or a file of `scripts`."""

    name: str
    target: str
    """The function (`httpie.__main__:main`) or the file (`bin/jp.py`) it runs."""
    source: str
    """Where it is declared: `setup.py console_scripts`, `setup.cfg scripts` …"""


def setup_scripts(tree: Tree) -> list[SetupScript]:
    """The commands setup.py and setup.cfg install (read as text, never executed): their console_scripts entry
    points, then the files their `scripts` copy onto the PATH (only those the repository has)."""
    found: list[SetupScript] = []
    for rel in ("setup.py", "setup.cfg"):
        text = re.sub(r"(?m)^[ \t]*[#;].*$", "", tree.read(rel) or "" if tree.has(rel) else "")  # comments
        # coveragepy's `entry_points={"console_scripts": [...]}` quotes the key
        block = re.search(r"console_scripts['\"]?\s*[=:]\s*\[?((?:\s*['\"]?[\w.-]+\s*=\s*[\w.:]+['\"]?,?)+)", text)
        for name, target in re.findall(r"([\w.-]+)\s*=\s*([\w.]+:[\w.]+)", block.group(1) if block else ""):
            found.append(SetupScript(name, target, f"{rel} console_scripts"))
        # fail2ban's setup.py builds a local `scripts = ['fail2ban.service', …]` before `setup(scripts=['bin/…'])`:
        # every list is read, only the files the repository has are kept
        lists = re.findall(r"\bscripts\s*=\s*\[([^\]]*)\]", text) if rel == "setup.py" else []
        options = re.search(r"^\[options\][^\[]*?^scripts\s*=\s*((?:.*\n?)(?:[ \t]+.+\n?)*)", text, re.M)
        files = [f for listed in lists for f in re.findall(r"[\"']([^\"']+)[\"']", listed)]
        files += options.group(1).split() if options and rel == "setup.cfg" else []
        for path in files:
            path = path.removeprefix("./")
            if tree.has(path):
                found.append(SetupScript(path.rsplit("/", 1)[-1], path, f"{rel} scripts"))
    return found


def _console_scripts(tree: Tree) -> list[str]:
    """The commands setup.cfg or setup.py install (`console_scripts = http = httpie.__main__:main`)."""
    return [s.name for s in setup_scripts(tree) if s.source.endswith("console_scripts")]
