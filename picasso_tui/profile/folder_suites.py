"""A test folder's own runner: tmux's regress/Makefile loops over regress/*.sh, and `make -C regress` is how its
suite runs when nothing at the root declares one; robotframework's utest/run.py and Django's tests/runtests.py are
the scripts their suites run through."""

from __future__ import annotations

import re

from picasso_tui.profile.ecosystems.cpp import MAKEFILE_WRITER
from picasso_tui.profile.findings import Knowledge
from picasso_tui.profile.make_targets import default_recipes, default_target, does_nothing, make_rules
from picasso_tui.profile.walk import Tree

TEST_FOLDERS = ("regress", "regression", "tests", "test", "t", "testing")
RUNS_SCRIPTS = re.compile(
    r"\bfor\s+\$*\w+\s+in\b|\$[({]TESTS[)}]|\*\.(sh|t|test|py|rb|pl)\b|\bprove\b|run[-_]?tests?\b"
)
"""A recipe that runs the folder's test scripts: a shell loop, automake-style $(TESTS), a glob or a runner."""
RUNNER_SCRIPTS = ("run.py", "runtests.py", "run_tests.py", "run-tests.py")
SCRIPT_FOLDERS = (*TEST_FOLDERS, "utest", "unittests", "unit_tests", "atest")
"""Where a Python suite keeps the script it runs through (robotframework's utest/ and atest/)."""
FALLBACK = 70
"""After every manifest's and build system's default (60–65): the folder's Makefile speaks when no one else does."""
RUNNER_SCRIPT = 66


def folder_suite(tree: Tree, k: Knowledge) -> None:
    for folder in TEST_FOLDERS:
        rel = next((f"{folder}/{n}" for n in ("Makefile", "GNUmakefile", "makefile") if tree.has(f"{folder}/{n}")), "")
        text = (tree.read(rel) or "") if rel else ""
        if not text or MAKEFILE_WRITER.search(text):
            continue
        rules = make_rules(text)
        named = next((t for t in ("test", "tests", "check") if t in rules and not does_nothing(text, t)), "")
        first = default_target(text)
        if named and named != first:
            k.command("test", f"make -C {folder} {named}", f"{rel} `{named}` target", FALLBACK)
        elif first and not does_nothing(text, first) and RUNS_SCRIPTS.search(default_recipes(text)):
            k.command("test", f"make -C {folder}", f"{rel} default target `{first}`", FALLBACK)
        else:
            continue
        return
    _runner_script(tree, k)


def _runner_script(tree: Tree, k: Knowledge) -> None:
    """A Python script in a test folder that runs the folder's suite when started as a program."""
    for folder in SCRIPT_FOLDERS:
        for name in RUNNER_SCRIPTS:
            rel = f"{folder}/{name}"
            if tree.has(rel) and re.search(r"^if __name__ == ['\"]__main__['\"]", tree.read(rel) or "", re.M):
                # before a bare `python -m unittest discover` (70), which knows neither the suite's path nor options
                k.command("test", f"python {rel}", f"{rel} (the suite's runner)", RUNNER_SCRIPT)
                return
