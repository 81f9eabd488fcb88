"""Makefile targets a project has outgrown, and targets that run what only another target builds: records'
`test: init` runs pipenv after the Pipfile was removed, its `publish` runs `setup.py upload`, which setuptools no
longer has; munit's `test` runs `./example` and builds nothing."""

from __future__ import annotations

import re

from picasso_tui.profile.ecosystems.tox_config import tox_configured
from picasso_tui.profile.make_targets import pulled_in
from picasso_tui.profile.stale_test_runners import stale_tox
from picasso_tui.profile.walk import Tree

DEPTH = 3
"""How many levels of prerequisites are read: `test: init`, `init: deps`, and the recipes they run."""
REMOVED_SETUP_COMMANDS = re.compile(r"\bsetup\.py\b[^\n]*\b(register|upload)\b|\bsetup\.py\s+test\b")
"""`python setup.py register`, `… sdist upload` (use twine) and `setup.py test` (kombu's `make test`; use pytest):
setuptools removed them."""
_PROGRAM = re.compile(r"^\t[@-]*(?:\$[({]\w+[)}]\s+|\w+=\S*\s+)*\./([A-Za-z][\w-]*)(?:\$[({]\w+[)}])?(?=\s|$)", re.M)
"""A recipe line that runs a program from the checkout's root (`$(TEST_ENV) ./example$(EXTENSION)`)."""


def _dropped_manager(tree: Tree, recipe: str) -> bool:
    """The recipe runs pipenv without a Pipfile, poetry without its lock or table, or tox with no configuration:
    the project moved off it."""
    if re.search(r"\bpipenv\b", recipe) and not tree.has("Pipfile") and not tree.has("Pipfile.lock"):
        return True
    poetry = "[tool.poetry" in (tree.read("pyproject.toml") or "") or tree.has("poetry.lock")
    if re.search(r"^\t[@-]*poetry\s", recipe, re.M) and not poetry:
        return True
    # cookiecutter's `lint: tox -e lint` after tox.ini went: tox finds no configuration and stops
    return bool(re.search(r"^\t[@-]*(?:\S+ -m )?tox\b", recipe, re.M)) and not tox_configured(tree)


def _only_stale_tox(tree: Tree, recipe: str) -> bool:
    """Every line runs tox, and tox is left over (an envlist of Pythons CI no longer tests, CI runs pytest)."""
    lines = [line.strip().lstrip("@-") for line in recipe.splitlines() if line.strip()]
    return bool(lines) and all(re.match(r"(\S+ )?tox\b", line) for line in lines) and stale_tox(tree)


def outgrown(tree: Tree, text: str, target: str) -> bool:
    """The target (or a prerequisite) runs a package manager the project dropped, a setup.py command setuptools
    removed, or only a tox left behind: offered, it fails on a contributor's clone."""
    return any(
        _dropped_manager(tree, recipe) or REMOVED_SETUP_COMMANDS.search(recipe) or _only_stale_tox(tree, recipe)
        for recipe in pulled_in(text, target, DEPTH)[0]
    )


def build_first(text: str, target: str) -> str:
    """The make command that must run before the target, or "": munit's `test` runs `./example` and names no
    prerequisite, while the first rule builds `example`, so a bare `make` comes first."""
    recipes, needed = pulled_in(text, target, DEPTH)
    for program in _PROGRAM.findall(recipes[0] if recipes else ""):
        builder = re.search(rf"^{re.escape(program)}(\$[({{]\w+[)}}])?\s*:(?!=)", text, re.M)
        if not builder or any(re.match(rf"{re.escape(program)}(\$|$)", need) for need in needed):
            continue
        first = re.search(r"^(?![.\t#\s])[^:=\n]+:(?!=)", text, re.M)
        return "make" if first and first.start() == builder.start() else f"make {program}"
    return ""
