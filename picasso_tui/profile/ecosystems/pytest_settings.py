"""pytest's settings as the one-test example needs them: the ini options (pyproject's table aside), the files pytest
collects, and a file among them that a run of it alone really tests."""

from __future__ import annotations

import re
from collections import Counter
from typing import Any

from picasso_tui.profile.ci import read_ci
from picasso_tui.profile.ecosystems.common import dig, load_toml
from picasso_tui.profile.ecosystems.tox_config import tox_commands
from picasso_tui.profile.stale_test_runners import test_runner
from picasso_tui.profile.walk import Tree


def _ci_test_folders(tree: Tree) -> list[str]:
    """The folders CI's pytest runs in or names (`cd tests/ && py.test`, `pytest tests/unit --cov=pkg`): a word
    naming a folder or file of the tree with a slash, or a test folder's name; an option's value is no folder."""
    reading = read_ci(tree)
    found: list[str] = []
    for step in reading.steps if reading else []:
        if test_runner(step.command) != "pytest":
            continue
        entered = re.match(r"^cd ([\w./-]+) && (.+)$", step.command)
        base = entered.group(1).strip("./").strip("/") if entered else ""
        words = (entered.group(2) if entered else step.command).split()
        named = [w.removeprefix("./").rstrip("/") for w in words if not w.startswith("-") and "=" not in w]
        paths = [f"{base}/{w}" if base else w for w in named if "/" in w or w in ("tests", "test", "testing")]
        paths = [p.rsplit("/", 1)[0] if tree.has(p) and "/" in p else p for p in paths]  # a file: its folder
        found += [p for p in paths if tree.under(p)] or ([base] if base and tree.under(base) else [])
    return list(dict.fromkeys(found))


def main_test_folders(tree: Tree, test_files: list[str]) -> list[str]:
    """Where the suite is: the folders CI's pytest runs in or names, else the top-level folder holding the most test
    files ("" for the root). A test file elsewhere (jmespath's extra/test_hypothesis.py) is a stray CI never runs."""
    named = _ci_test_folders(tree)
    if named:
        return named
    tops = Counter(f.split("/", 1)[0] if "/" in f else "" for f in test_files)
    return [tops.most_common(1)[0][0]] if tops else []


def _inside(rel: str, folders: list[str]) -> bool:
    return any(rel.startswith(f"{d}/") if d else "/" not in rel for d in folders)


_NEEDS_A_SYSTEM = re.compile(
    r"(^|/)(integration|integration[-_]tests?|e2e|functional|acceptance|system|live|[\w-]*fuzz[\w-]*)/"
)
"""A folder of tests that run against a deployed service or the whole system, which a checkout seldom has, or that
fuzz (Pillow's Tests/oss-fuzz/: one test over every image file)."""


def collected_example(tree: Tree, test_files: list[str], options: dict[str, Any]) -> str:
    """A test file pytest collects, for the one-test example: in the main test folder, under `testpaths`, outside
    `norecursedirs` (a folder of mypy cases is not run), and holding a test function or class."""
    # sopel's `python_files = "*.py"` collects its whole package for generated tests: the files named as tests are
    # the examples to give
    named = [f for f in test_files if re.search(r"(^|/)(test_[^/]*|[^/]*_test)\.py$", f)]
    test_files = named or test_files
    folders = main_test_folders(tree, test_files)
    test_files = [f for f in test_files if _inside(f, folders)]
    skipped = options.get("norecursedirs") or ()
    skipped = skipped.split() if isinstance(skipped, str) else [str(x) for x in skipped]
    paths = options.get("testpaths") or ()
    paths = paths.split() if isinstance(paths, str) else [str(x) for x in paths]
    deselected = re.findall(r"\bnot\s+(\w+)", _marker_expression(options.get("addopts") or ""))
    # toot's tests/integration/ skip unless TOOT_TEST_BASE_URL names a live server: a unit test is the example
    test_files = sorted(test_files, key=lambda f: bool(_NEEDS_A_SYSTEM.search(f)))
    for rel in test_files[:40]:
        if any(rel.startswith(f"{d.strip('/')}/") or f"/{d.strip('/')}/" in f"/{rel}" for d in skipped):
            continue
        if paths and not any(rel.startswith(f"{t.strip('./')}/") for t in paths):
            continue
        text = tree.read(rel) or ""
        # packaging's `pytestmark = pytest.mark.property`, pyinfra's `@pytest.mark.end_to_end` tests: addopts'
        # `-m "not property"` deselects them, so the example would run nothing
        if any(re.search(rf"\bpytest\.mark\.{re.escape(mark)}\b", text) for mark in deselected):
            continue
        if re.search(r"(?m)^\s*(async\s+)?def test|^class Test", text):
            return rel
    return test_files[0] if test_files else ""


def _marker_expression(addopts: str | list[Any]) -> str:
    """The `-m` expression addopts gives: the list item after `-m` (packaging's `["-ra", "-m", "not property"]`),
    else the quoted or bare word after it in a string (pyinfra's `-m'not end_to_end'`)."""
    if isinstance(addopts, list):
        words = [str(a) for a in addopts]
        return next((words[i + 1] for i, w in enumerate(words[:-1]) if w == "-m"), "")
    chosen = re.search(r"""(?:^|\s)-m\s*(['"])(.*?)\1|(?:^|\s)-m\s*(\S+)""", str(addopts))
    return (chosen.group(2) or chosen.group(3) or "") if chosen else ""


def ini_options(tree: Tree) -> dict[str, Any]:
    """pytest's `testpaths`, `python_files`, `norecursedirs` and `addopts` from pytest.ini, setup.cfg or tox.ini."""
    for rel, section in (
        ("pytest.ini", "pytest"),
        (".pytest.ini", "pytest"),
        ("setup.cfg", "tool:pytest"),
        ("tox.ini", "pytest"),
    ):
        text = tree.read(rel) or "" if tree.has(rel) else ""
        body = re.search(rf"^\[{re.escape(section)}\][^\n]*\n(.*?)(?=^\[|\Z)", text, re.MULTILINE | re.DOTALL)
        if body:
            pairs = re.findall(
                r"^(testpaths|python_files|norecursedirs|addopts)\s*=\s*(.+(?:\n[ \t]+.+)*)", body.group(1), re.M
            )
            return {key: " ".join(value.split()) for key, value in pairs}
    return {}


def pytest_files(tree: Tree, options: dict[str, Any], every: bool = False) -> list[str]:
    """The files pytest collects by its `python_files` globs (tqdm's `tests_*.py`), default test_*.py, *_test.py:
    the project's own, or ``every`` one a bare `pytest` would find (benchmarks and examples too)."""
    globs = options.get("python_files") or "test_*.py *_test.py"
    globs = globs.split() if isinstance(globs, str) else [str(g) for g in globs]
    names = [re.escape(g).replace(r"\*", "[^/]*") for g in globs if g.endswith(".py")]
    if not names:
        return []
    pattern = re.compile(rf"(^|/)({'|'.join(names)})$")
    found = [f for f in tree.files if pattern.search(f)]
    return found if every else [f for f in tree.own if pattern.search(f)] or found


def pytest_options(tree: Tree) -> dict[str, Any]:
    """pytest's options wherever the project keeps them: pyproject.toml's [tool.pytest.ini_options], else an ini."""
    return dig(load_toml(tree, "pyproject.toml"), "tool", "pytest", "ini_options") or ini_options(tree)


def python_files(tree: Tree) -> list[str]:
    """The test-file globs the project gives pytest (`python_files`), a bare `*.py` aside: sopel's, for tests
    generated from its whole package, names no test file."""
    globs = pytest_options(tree).get("python_files") or ""
    globs = globs.split() if isinstance(globs, str) else [str(g) for g in globs]
    return [g for g in globs if g.endswith(".py") and g != "*.py"]


VALUED_OPTIONS = frozenset({
    "-k", "-m", "-p", "-c", "-o", "-n", "-W", "--cov", "--cov-report", "--ignore", "--ignore-glob", "--deselect",
    "--rootdir", "--junitxml", "--basetemp", "--maxfail", "--durations", "--tb", "--confcutdir", "--log-level",
    "--timeout",
})  # fmt: skip
"""pytest options whose value is the next word: `--cov cerberus` names no folder to collect."""


def tox_test_paths(tree: Tree, options: dict[str, Any]) -> list[str]:
    """The folders tox hands pytest (cerberus' `pytest cerberus/tests`) when pytest has no `testpaths` and a bare
    `pytest` would collect more (cerberus/benchmarks, which needs pytest-benchmark tox never installs); else []."""
    if options.get("testpaths"):
        return []
    for line in tox_commands(tree):
        line = re.sub(r"\{posargs:([^}]*)\}", r"\1", line)  # parsel's `{posargs:docs parsel tests}`: the default
        run = re.match(r"^(?:python3? -m )?(?:py\.test|pytest)\s(.*)$", line)
        words = run.group(1).split() if run else []
        paths = [
            w.rstrip("/")
            for before, w in zip(["", *words], words, strict=False)
            if not w.startswith(("-", "{")) and before not in VALUED_OPTIONS and tree.under(w.rstrip("/"))
        ]
        if paths and any(not _inside(f, paths) for f in pytest_files(tree, options, every=True)):
            return paths
    return []
