"""Git submodules (`git/submodules`): what a fresh clone lacks until they are fetched, and what each holds, so that
an agent whose build or tests fail on a missing folder knows the one command that brings it."""

from __future__ import annotations

import re

from picasso_tui.profile.findings import Knowledge, human_list
from picasso_tui.profile.walk import Tree
from picasso_tui.profile.where_tests_live import is_test_folder

SECTION = re.compile(r"^\[submodule\s+\"[^\"]*\"\]\s*$((?:\n(?!\[).*)*)", re.MULTILINE)


def submodules(tree: Tree) -> list[tuple[str, str]]:
    """(path, where it comes from) for each submodule .gitmodules declares."""
    text = tree.read(".gitmodules") or "" if tree.has(".gitmodules") else ""
    found: list[tuple[str, str]] = []
    for section in SECTION.finditer(text):
        path = re.search(r"^\s*path\s*=\s*(\S+)", section.group(1), re.MULTILINE)
        url = re.search(r"^\s*url\s*=\s*(\S+)", section.group(1), re.MULTILINE)
        if path:
            source = (
                re.sub(r"^(https?://|git://|ssh://(git@)?|git@)|\.git$", "", url.group(1)).replace(":", "/", 1)
                if url
                else ""
            )
            found.append((path.group(1).rstrip("/"), source))
    return found


def describe(tree: Tree, k: Knowledge) -> None:
    # phplist's .gitmodules names four folders its index holds no gitlink for: composer's installer fills them
    found = [(path, source) for path, source in submodules(tree) if tree.tracks(path)]
    if not found:
        return
    named = [f"{p} ({s})" if s else p for p, s in found]
    for_tests = [p for p, _ in found if any(is_test_folder(part) for part in p.split("/")) and _named(tree, p)]
    needed = " (the tests use them)" if len(for_tests) == len(found) else ""
    k.fact(
        "git/submodules",
        "Git submodules",
        f"Git submodules (.gitmodules): {human_list(named, 4)}. A fresh clone has them empty{needed}: fetch them "
        "with `git submodule update --init --recursive` (or clone with `--recurse-submodules`).",
        ".gitmodules",
    )


BUILD_FILES = re.compile(
    r"(^|/)(CMakeLists\.txt|[^/]+\.cmake|Makefile|[^/]+\.mk|meson\.build|package\.json|"
    r"build\.gradle(\.kts)?|pom\.xml|Cargo\.toml|\.github/workflows/[^/]+\.ya?ml)$"
)
"""Files whose naming a submodule's folder means a build or a test run reads it."""


def _named(tree: Tree, path: str) -> bool:
    """Some build file names the submodule's folder (its path, or its last two parts from a nearer file):
    HdrHistogram_c's test/vendor/google/benchmark sits among the tests, but its build unpacks a zip instead."""
    tail = "/".join(path.split("/")[-2:])
    return any(
        path in text or tail in text
        for text in (tree.read(f) or "" for f in tree.files if BUILD_FILES.search(f) and not f.startswith(path + "/"))
    )
