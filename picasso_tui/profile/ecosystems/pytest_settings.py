"""pytest's settings as the one-test example needs them: the ini options (pyproject's table aside), the files pytest
collects, and a file among them that a run of it alone really tests."""

from __future__ import annotations

import re
from typing import Any

from picasso_tui.profile.walk import Tree


def collected_example(tree: Tree, test_files: list[str], options: dict[str, Any]) -> str:
    """A test file pytest collects, for the one-test example: under `testpaths`, outside `norecursedirs`
    (a folder of mypy cases is not run), and holding a test function or class."""
    skipped = options.get("norecursedirs") or ()
    skipped = skipped.split() if isinstance(skipped, str) else [str(x) for x in skipped]
    paths = options.get("testpaths") or ()
    paths = paths.split() if isinstance(paths, str) else [str(x) for x in paths]
    addopts = options.get("addopts") or ""
    addopts = " ".join(map(str, addopts)) if isinstance(addopts, list) else str(addopts)
    for rel in test_files[:40]:
        if any(rel.startswith(f"{d.strip('/')}/") or f"/{d.strip('/')}/" in f"/{rel}" for d in skipped):
            continue
        if paths and not any(rel.startswith(f"{t.strip('./')}/") for t in paths):
            continue
        text = tree.read(rel) or ""
        mark = re.search(r"^pytestmark\s*=\s*pytest\.mark\.(\w+)", text, re.MULTILINE)  # packaging's property tests:
        if mark and re.search(rf"-m\s*['\"]?not {mark.group(1)}\b", addopts):  # `-m "not property"` deselects them
            continue
        if re.search(r"(?m)^\s*(async\s+)?def test|^class Test", text):
            return rel
    return test_files[0] if test_files else ""


def ini_options(tree: Tree) -> dict[str, Any]:
    """pytest's `testpaths`, `python_files`, `norecursedirs` and `addopts` from pytest.ini, setup.cfg or tox.ini."""
    for rel, section in (("pytest.ini", "pytest"), ("setup.cfg", "tool:pytest"), ("tox.ini", "pytest")):
        text = tree.read(rel) or "" if tree.has(rel) else ""
        body = re.search(rf"^\[{re.escape(section)}\][^\n]*\n(.*?)(?=^\[|\Z)", text, re.MULTILINE | re.DOTALL)
        if body:
            pairs = re.findall(
                r"^(testpaths|python_files|norecursedirs|addopts)\s*=\s*(.+(?:\n[ \t]+.+)*)", body.group(1), re.M
            )
            return {key: " ".join(value.split()) for key, value in pairs}
    return {}


def pytest_files(tree: Tree, options: dict[str, Any]) -> list[str]:
    """The files pytest collects by its `python_files` globs (tqdm's `tests_*.py`), default test_*.py, *_test.py."""
    globs = options.get("python_files") or "test_*.py *_test.py"
    globs = globs.split() if isinstance(globs, str) else [str(g) for g in globs]
    names = [re.escape(g).replace(r"\*", "[^/]*") for g in globs if g.endswith(".py")]
    if not names:
        return []
    pattern = re.compile(rf"(^|/)({'|'.join(names)})$")
    return [f for f in tree.own if pattern.search(f)] or [f for f in tree.files if pattern.search(f)]
