"""How a contributor's clone is set up with pip: the editable install (its target quoted only when the shell needs
it), after the requirement files of test tools that CI installs."""

from __future__ import annotations

import re

from picasso_tui.profile.ci import read_ci
from picasso_tui.profile.ecosystems.common import requirement_name
from picasso_tui.profile.walk import Tree

TEST_REQUIREMENTS = ("test_requirements.txt", "tests_requirements.txt", "dev_requirements.txt",
                     "requirements-test.txt", "requirements-tests.txt", "requirements-dev.txt")  # fmt: skip
"""Root files of test requirements: the editable install takes them along (funcy's test_requirements.txt)."""
CI_REQUIREMENTS = ("requirements.txt", "requirements-dev.txt", "dev-requirements.txt", *TEST_REQUIREMENTS)
"""Root requirement files CI may install before the package."""
TEST_TOOLS = re.compile(r"pytest([-\w]*)|nose2?|hypothesis|coverage|mock|tox|nox")


def _lists_test_tools(tree: Tree, rel: str) -> bool:
    names = (requirement_name(line) for line in (tree.read(rel) or "").splitlines() if line.strip()[:1] not in "#-")
    return any(name and TEST_TOOLS.fullmatch(name) for name in names)


def ci_installed_requirements(tree: Tree) -> list[str]:
    """The root requirement files of test tools that CI installs with `pip install -r` (jmespath's
    requirements.txt: pytest and hypothesis), in CI's order."""
    reading = read_ci(tree)
    installed = [
        f.removeprefix("./")
        for s in reading.steps if reading
        for f in re.findall(r"(?:^|\s)(?:-r|--requirement)[ =]?([\w./-]+\.txt)\b", s.command)
        if re.match(r"^(python3? -m )?pip3? install\b|^uv pip install\b", s.command)
    ] if reading else []  # fmt: skip
    return [f for f in dict.fromkeys(installed) if f in CI_REQUIREMENTS and tree.has(f) and _lists_test_tools(tree, f)]


NOT_TO_INSTALL = re.compile(
    r"^#.*\b(do not|don't|never)\b[^\n]*\bpip install\b|^#.*\bnot (meant|intended) to be installed\b", re.I | re.M
)
"""A requirements file's opening comment that keeps it from a contributor's install (great_expectations'
requirements-dev.txt: "Do not `pip install -r` this file locally or in CI", it serves a Dockerfile)."""


def kept_from_install(tree: Tree, rel: str) -> bool:
    head = "\n".join((tree.read(rel) or "").splitlines()[:10])
    return bool(NOT_TO_INSTALL.search(head))


def pip_install(tree: Tree, extras: list[str], manifest: str) -> tuple[str, str]:
    """(the set-up command, where it comes from) for a pip project: `pip install -e .`, `pip install -e '.[test]'`
    (brackets are a glob to the shell), preceded by `pip install -r` of what CI installs for the tests."""
    target = f"'.[{extras[0]}]'" if extras else "."
    first = ci_installed_requirements(tree)[:2]
    tests = next((f for f in TEST_REQUIREMENTS if tree.has(f) and not kept_from_install(tree, f)), None)
    also = f" -r {tests}" if tests and not extras and tests not in first else ""
    command = " && ".join([*(f"pip install -r {f}" for f in first), f"pip install -e {target}{also}"])
    where = ", ".join([manifest, *first, *([tests] if also else [])])
    return command, where
