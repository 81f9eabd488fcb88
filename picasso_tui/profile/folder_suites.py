"""A test folder's own Makefile: tmux's regress/Makefile loops over regress/*.sh, and `make -C regress` is how its
suite runs when nothing at the root declares one."""

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
FALLBACK = 70
"""After every manifest's and build system's default (60–65): the folder's Makefile speaks when no one else does."""


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
