"""A project whose build lives in one top-level folder: jOOL keeps no build at the root, only jOOL/pom.xml and
jOOL-java-8/pom.xml, and its CI runs `cd jOOL && mvn test`. The ecosystem reads that folder as if it were the root,
and what it learns is said of the folder: commands run from it, sources are named under it."""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import replace

from picasso_tui.profile.findings import Command, Knowledge
from picasso_tui.profile.walk import CODE_FILE, Tree, is_auxiliary

Investigate = Callable[[Tree], Knowledge]

ROOT_BUILDS = re.compile(
    r"^(pyproject\.toml|setup\.py|setup\.cfg|package\.json|deno\.jsonc?|Cargo\.toml|go\.mod|pom\.xml|build\.gradle(\.kts)?"
    r"|settings\.gradle(\.kts)?|Gemfile|[\w.-]+\.gemspec|composer\.json|CMakeLists\.txt|[Mm]akefile|meson\.build"
    r"|configure(\.ac)?|build\.zig|\w+\.cabal|mix\.exs|Package\.swift|MODULE\.bazel|WORKSPACE(\.bazel)?)$"
)
"""A build file at the root: then the root is the project, whatever the folders below hold."""


def subtree(tree: Tree, folder: str) -> Tree:
    """The files under ``folder`` as a tree of their own (its texts read from the same disk)."""
    prefix = folder + "/"
    sizes = {rel[len(prefix) :]: size for rel, size in tree.sizes.items() if rel.startswith(prefix)}
    return Tree(tree.root / folder, sizes)


def _folders(tree: Tree) -> list[str]:
    """Top-level folders that hold a build file of their own, none of them examples or docs."""
    found = {
        rel.split("/", 1)[0]
        for rel in tree.files
        if rel.count("/") == 1 and ROOT_BUILDS.match(rel.split("/")[1]) and not _cmake_helpers(tree, rel)
    }
    return sorted(f for f in found if not f.startswith(".") and not is_auxiliary(f + "/x"))


def _cmake_helpers(tree: Tree, rel: str) -> bool:
    """A CMakeLists.txt with no project(): tinyusb's src/CMakeLists.txt only defines functions the examples' builds
    call, and cmake cannot configure it alone."""
    return rel.endswith("CMakeLists.txt") and not re.search(r"^\s*project\s*\(", tree.read(rel) or "", re.M | re.I)


def _rehome(found: Knowledge, folder: str, others: list[str]) -> Knowledge:
    named = ", ".join(f"{o}/" for o in others)
    elsewhere = f"; {named} {'has' if len(others) == 1 else 'have'} one too" if others else ""
    where = f" It lives in {folder}/ (the repository root has no build of its own{elsewhere}): run its commands there."
    k = Knowledge()
    k.findings = [
        replace(f, body=f.body + where, sources=tuple(f"{folder}/{s}" for s in f.sources)) for f in found.findings
    ]
    k.commands = [
        Command(c.role, f"cd {folder} && {c.command}", f"{folder}/{c.source}", c.priority, c.note)
        for c in found.commands
    ]
    return k


def _minor(tree: Tree, folder: str, extensions: tuple[str, ...]) -> bool:
    """The ecosystem's own files are under a quarter of the folder's code: miniupnp's miniupnpc/ is a C library
    of 46 files whose setup.py builds a Python binding of five."""
    code = [f for f in tree.under(folder) if CODE_FILE.search(f)]
    return bool(extensions) and sum(f.endswith(extensions) for f in code) * 4 < len(code)


def or_in_folder(investigate: Investigate, extensions: tuple[str, ...] = ()) -> Investigate:
    """``investigate`` at the root; when the root has no build at all and the ecosystem finds nothing there, in
    the top-level folder that is the project: the one named like the repository, or the only one it finds, when
    the ecosystem's ``extensions`` are a fair share of that folder's code."""

    def run(tree: Tree) -> Knowledge:
        here = investigate(tree)
        if here.findings or here.commands or any(ROOT_BUILDS.match(rel) for rel in tree.files if "/" not in rel):
            return here
        learned = {f: k for f in _folders(tree) if (k := investigate(subtree(tree, f))).findings or k.commands}
        named = [f for f in learned if f.lower() == tree.root.name.lower()]
        chosen = named[0] if named else next(iter(learned)) if len(learned) == 1 else None
        if chosen is None or _minor(tree, chosen, extensions):
            return here
        return _rehome(learned[chosen], chosen, [f for f in learned if f != chosen])

    return run
