"""A test set-up CI has left behind: a tox.ini whose environments run another test runner than CI's, or only
Pythons older than the project supports, while CI never runs tox; a task that runs nose (dead since Python 3.10)
while CI runs pytest. Offered as the way to test, it fails or tests what CI does not."""

from __future__ import annotations

import re

from picasso_tui.profile.ci import read_ci
from picasso_tui.profile.ecosystems.python_requires import minimum_python, requires_python
from picasso_tui.profile.ecosystems.tox_config import tox_commands, tox_envs
from picasso_tui.profile.walk import Tree

TEST_RUNNERS = (
    ("pytest", re.compile(r"\bpy\.?test\b")),
    ("nose2", re.compile(r"\bnose2\b")),
    ("nose", re.compile(r"\bnosetests\b|-m nose\b")),
    ("unittest", re.compile(r"-m unittest\b|\bunittest discover\b")),
    ("trial", re.compile(r"\btrial\b")),
    ("stestr", re.compile(r"\bstestr\b")),
    ("zope.testrunner", re.compile(r"\bzope[.-]testrunner\b")),
    ("django", re.compile(r"\bmanage\.py test\b|\bdjango-admin test\b")),
)
"""Python's test runners, by the words of a command that runs one (nose2 before nose, whose pattern it holds)."""
INSTALLS = re.compile(r"^(\S+ )*(pip3?|uv pip|poetry|pdm|pipx|conda|apt(-get)?) (install|add|sync)\b")
"""An install names a runner it runs none of (`pip install pytest nose`)."""
RUNS_TOX = re.compile(r"\b(tox|nox)\b")


def test_runner(command: str) -> str | None:
    """The Python test runner a command runs, or None (an install, a task runner, a script of the project)."""
    if INSTALLS.match(command):
        return None
    return next((name for name, pattern in TEST_RUNNERS if pattern.search(command)), None)


def ci_test_runners(tree: Tree) -> set[str]:
    """The test runners CI's commands run; empty without CI, or when CI runs tox or nox anywhere (its runner is
    then the one tox's or nox's config names, and that config is CI's own)."""
    reading = read_ci(tree)
    if reading is None:
        return set()
    texts = [tree.read(rel) or "" for rel in reading.used] + [s.command for s in reading.steps]
    if any(RUNS_TOX.search(text) for text in texts):
        return set()
    return {runner for s in reading.steps if (runner := test_runner(s.command))}


CI_PYTHONS = re.compile(r"\bpython(?:-version)?s?:\s*(\[[^\]\n]*\]|[\"']?\d\.\d+[\"']?|\n(?:[ \t]+-[^\n]*\n)+)")
"""A workflow's Pythons: `python-version: ["3.7", "3.8"]`, `python-version: 3.11` or a block list below the key."""


def ci_python_floor(tree: Tree) -> tuple[int, int] | None:
    """The oldest Python CI's workflows test, or None when they name none."""
    reading = read_ci(tree)
    texts = [tree.read(rel) or "" for rel in reading.used] if reading else []
    versions = [
        (int(major), int(minor))
        for text in texts
        for listed in CI_PYTHONS.findall(text)
        for major, minor in re.findall(r"\b([23])\.(\d+)\b", listed)
    ]
    return min(versions) if versions else None


def _below_the_minimum(tree: Tree, envs: list[str]) -> bool:
    """Every env is an interpreter (py27, py3.6, pypy) and each version it names is older than the oldest Python
    the project states it supports (python_requires='>=3.7' beside py26 … py36) or, stating none, CI tests
    (records' envlist py27 … py36 beside CI's 3.7 … 3.12)."""
    floor = minimum_python(requires_python(tree)[0]) or ci_python_floor(tree)
    versions: list[tuple[int, int]] = []
    for env in envs:
        first = env.split("-")[0]
        named = re.fullmatch(r"py(\d)\.?(\d+)|(\d)\.(\d+)", first)
        if named:
            major, minor = named.group(1) or named.group(3), named.group(2) or named.group(4)
            versions.append((int(major), int(minor)))
        elif not re.fullmatch(r"py\d?|pypy\d*", first):
            return False  # a lint or docs env: tox is more than a list of old Pythons
    return bool(floor and versions) and all(v < floor for v in versions)


def stale_tox(tree: Tree) -> bool:
    """tox is left over: CI runs the tests with a runner and never runs tox, and tox's envs run another runner
    (jmespath's `nosetests` beside CI's `py.test`) or only Pythons the project no longer supports."""
    names, source, _ = tox_envs(tree)
    head = (tree.read(source) or "")[:1000] if source == "tox.ini" else ""
    if re.search(r"\btox\b[^\n]*\bdeprecated\b|\bno longer maintained\b", head, re.IGNORECASE):
        return True  # alembic's tox.ini opens: "use of tox is deprecated … Testing is now run via nox"
    if source == "tox.ini" and _installs_a_missing_file(tree, tree.read(source) or ""):
        return True  # sshuttle's `deps = -rrequirements-tests.txt`: the file is gone, and every env fails to install
    ci_runners = ci_test_runners(tree)
    if not ci_runners or not source:
        return False
    tox_runners = {runner for line in tox_commands(tree) if (runner := test_runner(line))}
    return bool(tox_runners and not tox_runners & ci_runners) or _below_the_minimum(tree, names)


def _installs_a_missing_file(tree: Tree, tox: str) -> bool:
    """tox.ini's deps name a requirements or constraints file (`-r requirements-tests.txt`, `-c{toxinidir}/c.txt`)
    that the repository does not have."""
    for named in re.findall(r"^\s*-[rc]\s*(?:\{toxinidir\}/)?([\w./-]+\.(?:txt|in))\s*$", tox, re.MULTILINE):
        if not tree.has(named.removeprefix("./")):
            return True
    return False


def runs_dead_nose(tree: Tree, recipe: str) -> bool:
    """A task's recipe runs nose while CI runs pytest: nose does not run on Python 3.10 and later."""
    runs_nose = any(test_runner(line) == "nose" for line in recipe.splitlines())
    return runs_nose and "pytest" in ci_test_runners(tree)
