"""Bazel: a workspace at the root (MODULE.bazel, WORKSPACE) with BUILD files, whatever its languages. The build of
record when the root has no other (mull's C++ and Rust), one more way CI builds and tests when it does."""

from __future__ import annotations

import re

from picasso_tui.profile.ecosystems.common import workflow_text
from picasso_tui.profile.findings import Knowledge
from picasso_tui.profile.walk import Tree

WORKSPACES = ("MODULE.bazel", "WORKSPACE.bazel", "WORKSPACE")
OTHER_BUILDS = (
    "CMakeLists.txt", "meson.build", "configure.ac", "Makefile", "go.mod", "Cargo.toml", "package.json", "pom.xml",
    "build.gradle", "build.gradle.kts", "pyproject.toml", "setup.py",
)  # fmt: skip
_TEST_RULE = re.compile(r"^\s*\w*_test\s*\(", re.M)
"""A test rule (`cc_test(`, `go_test(`, `rust_test(`, a macro named `mull_lit_test(`)."""
_CI_RUNS = re.compile(r"\bbazel(isk)?\s+(build|test)\b")


def _build_files(tree: Tree) -> list[str]:
    return [f for f in tree.own if f.rsplit("/", 1)[-1] in ("BUILD", "BUILD.bazel")]


def investigate(tree: Tree) -> Knowledge:
    k = Knowledge()
    workspace = tree.first(*WORKSPACES)
    builds = _build_files(tree)
    if not workspace or not builds:
        return k
    alone = not any(tree.has(f) for f in OTHER_BUILDS)
    workflows = workflow_text(tree)
    if not alone and not _CI_RUNS.search(workflows):
        return k  # a Bazel file kept for others to depend on (a BUILD.bazel beside CMake nobody here runs)
    if not (tree.read(workspace) or "").strip() and not _CI_RUNS.search(workflows):
        return k  # ccextractor's empty WORKSPACE and old BUILD files: no CI runs Bazel, its builds are CMake's
    pinned = (tree.read(".bazelversion") or "").strip()
    note = f"Bazel {pinned} as .bazelversion pins it" if re.fullmatch(r"[\w.-]+", pinned) else ""
    priority = 44 if alone else 68  # before a CI step that builds a release package (`--stamp`)
    k.command("build", "bazel build //...", workspace, priority, note)
    if any(_TEST_RULE.search(tree.read(f) or "") for f in builds[:300]):
        k.command("test", "bazel test //...", workspace, priority, note)
    how = "bzlmod (MODULE.bazel)" if workspace == "MODULE.bazel" else workspace
    role = "the build" if alone else "a second build, which CI runs too"
    # no count of BUILD files: the walk leaves out third_party/ and docs/, where a maintainer counts them too
    k.fact("bazel/build", "Bazel build", f"Bazel is {role}: {how}, with BUILD files that declare the targets.",
           workspace, tags=("build",))  # fmt: skip
    return k
