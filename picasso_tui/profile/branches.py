"""The branch changes land on: the repository's default branch, and the branches CI runs on when pushed to.

An agent that branches off the wrong line (a maintenance branch, a `develop` the project retired) wastes a review.
The default branch is what the clone's origin says (`origin/HEAD`), else the one main-line name CI's push trigger
lists.
"""

from __future__ import annotations

import re

from picasso_tui.anchors.gitutil import git
from picasso_tui.profile.ci import CiReading, read_ci
from picasso_tui.profile.commands import command_role
from picasso_tui.profile.findings import Knowledge, human_list
from picasso_tui.profile.walk import Tree

CHECKS = frozenset({"test", "test-one", "lint", "typecheck", "build"})
_ANY = re.compile(r"^(\*+(/\*+)*|!.*)$")
"""A filter that names no branch (`*`, `**`, `*/*`) or leaves one out (`!sponsors`)."""
MAIN_LINE = re.compile(r"^(main|master|develop|development|dev|trunk|next|stable)$")


def _tested_on_push(reading: CiReading) -> list[str]:
    """The branches a push to runs CI's tests on: only workflows that run a check count (rack's documentation
    workflow deploys on pushes to `main`), and one that runs on any push means every branch (libyaml's)."""
    checking = {s.file for s in reading.steps if command_role(s.command) in CHECKS}
    filters = [f for rel, f in reading.push_branches.items() if rel in checking]
    if not filters or any(f is None for f in filters):
        return []
    return [b for b in dict.fromkeys(b for f in filters for b in f or []) if not _ANY.match(b)]


def default_branch(tree: Tree, ci_branches: list[str]) -> tuple[str, str] | None:
    """(branch, where it was read)."""
    origin = (git(tree.root, "symbolic-ref", "--quiet", "--short", "refs/remotes/origin/HEAD") or "").strip()
    if origin.startswith("origin/") and len(origin) > len("origin/"):
        return origin.removeprefix("origin/"), "origin/HEAD"
    lines = [b for b in ci_branches if MAIN_LINE.match(b)]
    if len(lines) != 1 or not git(tree.root, "rev-parse", "--verify", "--quiet", f"refs/heads/{lines[0]}"):
        return None  # a branch CI names that this clone does not have is not one to branch off
    return lines[0], "the CI push trigger"


def investigate(tree: Tree) -> Knowledge:
    k = Knowledge()
    reading = read_ci(tree)
    pushed = _tested_on_push(reading) if reading else []
    refs = git(tree.root, "for-each-ref", "--format=%(refname:short)", "refs/heads", "refs/remotes/origin") or ""
    known = {r.removeprefix("origin/") for r in refs.split()} - {"HEAD", "origin"}
    if len(known) > 1:  # node-mysql2's workflows name `main` beside `master`; no `main` exists, so those never fire
        pushed = [b for b in pushed if b in known or re.search(r"[*?\[]", b)]
    found = default_branch(tree, pushed)
    if not found:
        return k
    branch, where = found
    body = f"The default branch is `{branch}` ({where})."
    if pushed:
        body += f" CI runs on pushes to {human_list([f'`{b}`' for b in pushed], 6)}."
    sources = tuple(reading.used[:3]) if reading and pushed else ()
    k.fact("git/branches", f"Default branch: {branch}", body, *sources, tags=("git",))
    return k
