"""What a task-runner target or a package script runs, read from the file that defines it.

A guide's command whose role comes only from the prose around it ("Assuming snapcraft is installed: `make snap`"
under an install heading) is checked against what it runs: the role holds when one of its lines, a sub-target's
included, has that role by its own words.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable

from picasso_tui.profile.walk import Tree

DEPTH = 3
"""How far `make a` -> `make b` -> `make c` is followed: the aliases of a Makefile seldom nest deeper."""
_MAKE = re.compile(r"^(?:make|\$\(MAKE\)|\$\{MAKE\})((?:\s+-[-\w]+)*)\s+([\w.-]+)\s*$")
_TARGET = re.compile(r"^(make|just)((?:\s+-[-\w]+)*)\s+([\w.:-]+)$")
_SCRIPT = re.compile(r"^(?:npm|pnpm|yarn|bun) run ([\w:.-]+)$")


def _make_recipe(text: str, target: str) -> list[str] | None:
    """The target's recipe lines and its prerequisites' (as sub-targets); None when the Makefile has no such target."""
    found = re.search(rf"^{re.escape(target)}\s*:(?!=)([^\n]*)\n((?:(?:\t[^\n]*|[ \t]*#[^\n]*)?\n)*)", text, re.M)
    if not found:
        return None
    needs = [f"make {d}" for d in found.group(1).split(";")[0].split() if re.fullmatch(r"[\w.-]+", d)]
    lines = [line.strip().lstrip("@+-").strip() for line in found.group(2).splitlines()]
    return needs + [line for line in lines if line and not line.startswith("#")]


def _just_recipe(text: str, target: str) -> list[str] | None:
    found = re.search(rf"^@?{re.escape(target)}(?:\s+[^:=\n]*)?:(?!=)[^\n]*\n((?:[ \t]+[^\n]*\n?|\n)*)", text, re.M)
    if not found:
        return None
    return [line.strip().lstrip("@-").strip() for line in found.group(1).splitlines() if line.strip()]


def _script(tree: Tree, name: str) -> list[str] | None:
    try:
        scripts = json.loads(tree.read("package.json") or "{}").get("scripts") or {}
    except (ValueError, AttributeError):
        return None
    body = scripts.get(name) if isinstance(scripts, dict) else None
    return [part.strip() for part in re.split(r"&&|;|\|\|", body) if part.strip()] if isinstance(body, str) else None


def _lines(tree: Tree, command: str) -> list[str] | None:
    """The lines a target or script runs, sub-targets not expanded; None when `command` names none."""
    target = _TARGET.match(command)
    script = _SCRIPT.match(command)
    if script:
        return _script(tree, script.group(1))
    if not target:
        return None
    runner, name = target.group(1), target.group(3)
    rel = tree.first("Makefile", "makefile", "GNUmakefile") if runner == "make" else tree.first("justfile", "Justfile")
    text = tree.read(rel) if rel else None
    if not text:
        return None
    return _make_recipe(text, name) if runner == "make" else _just_recipe(text, name)


def unsupported(tree: Tree, command: str, role: str, role_of: Callable[[str], str | None]) -> bool:
    """The command runs lines of its own, and none of them has `role` by its words (`role_of`): `make snap`
    runs snapcraft, which installs nothing; `make submodules` clones repositories, which builds no docs.
    What a target does itself decides; its sub-targets only when none of its own lines has a role."""
    wanted = {"test": {"test", "test-one"}}.get(role, {role})
    level = [command]
    for _ in range(DEPTH):
        own: list[str] = []
        subs: list[str] = []
        for line in level:
            for ran in _lines(tree, line) or []:
                sub = _MAKE.match(ran)
                nested = _lines(tree, f"make {sub.group(2)}" if sub else ran) is not None
                (subs if nested else own).append(f"make {sub.group(2)}" if sub else ran)
        roles = {role_of(line) for line in own} - {None}
        if roles:
            return not roles & wanted
        if not subs:
            return bool(own) or level != [command]
        level = subs
    return False
