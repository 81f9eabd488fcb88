"""What a bare type check runs when no written source says: mypy's own config, or the project's import package.

`mypy .` is never the answer: it overrides a config's `files` (pymdown-extensions checks one module, `mypy .`
reports 2,198 errors) and sweeps tests, docs and scripts the project never type-checks (pip-audit's Makefile runs
`mypy pip_audit`; sanic's and PyGithub's trees stop at a duplicate module name)."""

from __future__ import annotations

import re
from typing import Any

from picasso_tui.profile.walk import Tree

INI_CONFIGS = (("mypy.ini", "mypy"), (".mypy.ini", "mypy"), ("setup.cfg", "mypy"))
"""Where mypy reads its settings besides pyproject.toml, in mypy's own order."""
TARGET_KEYS = ("files", "packages", "modules")
"""Settings that tell a bare `mypy` what to check."""
NOT_THE_PACKAGE = re.compile(r"(tests?|testing|docs?|examples?|scripts?|benchmarks?|tools|bin|build|dist)$", re.I)
"""Top-level folders with an __init__.py that are not the project's import package."""


def _ini_keys(text: str, section: str) -> set[str] | None:
    """The keys of the ``[section]`` table, or None when the file has none."""
    body = re.search(rf"^\[{re.escape(section)}\][^\n]*\n(.*?)(?=^\[|\Z)", text, re.MULTILINE | re.DOTALL)
    return set(re.findall(r"^(\w+)\s*=", body.group(1), re.MULTILINE)) if body else None


def _config(tree: Tree, pyproject: dict[str, Any]) -> tuple[str, set[str]] | None:
    """(where mypy's settings are, their keys), or None when the project does not configure mypy."""
    table = (pyproject.get("tool") or {}).get("mypy")
    if isinstance(table, dict):
        return "pyproject.toml [tool.mypy]", set(table)
    for rel, section in INI_CONFIGS:
        keys = _ini_keys(tree.read(rel) or "", section) if tree.has(rel) else None
        if keys is not None:
            return rel, keys
    return None


def import_package(tree: Tree, name: str) -> str | None:
    """The one top-level import package (``pkg`` or ``src/pkg``), the one named after the project when several."""
    inits = [f for f in tree.files if f.endswith("/__init__.py") and f.count("/") == (2 if f.startswith("src/") else 1)]
    folders = [f.rsplit("/", 1)[0] for f in inits]
    folders = [f for f in folders if not NOT_THE_PACKAGE.match(f.rsplit("/", 1)[-1])]
    named = [f for f in folders if f.rsplit("/", 1)[-1].lower() == re.sub(r"[-.]", "_", name.lower())]
    return (named or folders)[0] if len(named) == 1 or len(folders) == 1 else None


def mypy_default(tree: Tree, pyproject: dict[str, Any]) -> tuple[str, str] | None:
    """(the mypy command, where it comes from) for a project that configures mypy: bare `mypy` when the config
    names what to check, else `mypy <package>`; None without a config (icalendar's mypy is only a test
    dependency, and no source runs it) or without one package to name."""
    found = _config(tree, pyproject)
    if not found or _result_ignored(tree):
        return None
    where, keys = found
    if keys & set(TARGET_KEYS):
        return "mypy", where
    project = pyproject.get("project") or {}
    package = import_package(tree, str(project.get("name") or tree.root.name))
    return (f"mypy {package}", where) if package else None


IGNORED_MYPY = re.compile(r"^[^\n#]*\bmypy\b[^\n]*\|\|\s*(true|:)\s*$", re.M)
"""A mypy run whose failure is swallowed (wily's Makefile: `mypy … src || true`, under a TODO to make it pass)."""


def _result_ignored(tree: Tree) -> bool:
    """The project runs mypy only to ignore its result: its findings fail nothing, so it is no type check."""
    runners = [f for f in ("Makefile", "justfile", "tox.ini", "noxfile.py") if tree.has(f)]
    runners += [f for f in tree.under(".github/workflows") if f.endswith((".yml", ".yaml"))]
    return any(IGNORED_MYPY.search(tree.read(f) or "") for f in runners)
