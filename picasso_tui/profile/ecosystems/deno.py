"""Deno projects: deno.json (or deno.jsonc, with comments) is the manifest. It names the package JSR publishes,
maps the imports and declares the tasks, and `deno task <name>` runs one as `npm run` runs a package.json script.
There is no install step: Deno fetches what the imports name (`jsr:`, `npm:`, URLs) on first run."""

from __future__ import annotations

import re
import shlex
from typing import Any

import json5

from picasso_tui.profile.findings import Knowledge, human_list
from picasso_tui.profile.tasks import RUNNER, TARGET_ROLES
from picasso_tui.profile.walk import Tree, is_auxiliary

MANIFESTS = ("deno.json", "deno.jsonc")
TASK_ROLES = {**TARGET_ROLES, "example": "run", "website": "docs"}
"""A task's name says its role when its command does not (typebox's `"test": "deno run -A tasks.ts test"`); oak's
`example` serves examples/echoServer.ts, typebox's `website` builds and serves its documentation."""
SUBCOMMAND_ROLES = (
    (re.compile(r"^deno test\b"), "test"),
    (re.compile(r"^deno lint\b"), "lint"),
    (re.compile(r"^deno fmt\b.*\s--check\b"), "lint"),
    (re.compile(r"^deno fmt\b"), "format"),
    (re.compile(r"^deno check\b"), "typecheck"),
    (re.compile(r"^deno doc\b"), "docs"),
)
"""The role of a task whose command is one of Deno's own subcommands: the command says it, whatever the name."""
TEST_FILE = re.compile(r"(^|/)([\w.-]*[_.])?test\.(ts|tsx|mts|js|mjs|jsx)$")
"""Deno's default test files: `test.ts`, `*_test.ts`, `*.test.ts` (and the JavaScript extensions)."""
KEPT_FLAGS = re.compile(r"^(-A|--allow-\S+|--unstable\S*|--config=\S+|--import-map=\S+|--cert=?\S*|--location=\S+)$")
"""What a test run needs to pass (permissions, the config it reads); reports, coverage and parallelism are not."""


def manifest(tree: Tree) -> tuple[str, dict[str, Any]] | None:
    """The root deno.json(c), read as JSONC (comments and trailing commas are allowed there)."""
    rel = tree.first(*MANIFESTS)
    text = tree.read(rel) if rel else None
    if not rel or not text:
        return None
    try:
        data = json5.loads(text)
    except ValueError:
        return None
    return (rel, data) if isinstance(data, dict) else None


def _task_command(value: Any) -> str:
    """A task is its command string, or (Deno 2) a table with `command`, `description` and `dependencies`."""
    command = value.get("command") if isinstance(value, dict) else value
    return " ".join(str(command).split()) if isinstance(command, str) else ""


def _role(name: str, command: str) -> str | None:
    for pattern, role in SUBCOMMAND_ROLES:
        if pattern.match(command):
            return role
    if re.match(r"^deno bench\b", command) or name.lower() in ("bench", "benchmark", "benchmarks"):
        return None  # a measurement, not a check
    return TASK_ROLES.get(name.lower())


def _test_file(tree: Tree, folders: list[str]) -> str | None:
    """The shallowest test file Deno would find, in the folders the test task names when it names any."""
    files = [f for f in tree.own if TEST_FILE.search(f) and not is_auxiliary(f)]
    if folders:
        files = [f for f in files if any(f == d or f.startswith(d.rstrip("/") + "/") for d in folders)] or files
    return min(files, key=lambda f: (f.count("/"), f), default=None)


def _one_test(tree: Tree, command: str) -> str | None:
    """`deno test` with the task's permissions on one file: oak's `deno test --allow-read … --parallel
    --ignore=npm` gives `deno test --allow-read … router.test.ts`."""
    try:
        words = shlex.split(command)
    except ValueError:
        return None
    if words[:2] != ["deno", "test"] or any(w in ("&&", "||", ";", "|") for w in words):
        return None
    flags = [w for w in words[2:] if KEPT_FLAGS.match(w)]
    paths = [w for w in words[2:] if not w.startswith("-")]
    example = _test_file(tree, paths)
    return " ".join(["deno test", *flags, example]) if example else None


def investigate(tree: Tree) -> Knowledge:
    k = Knowledge()
    found = manifest(tree)
    if found is None or tree.has("package.json"):
        return k  # beside a package.json, Node's manifest and scripts are the project's (the JavaScript module's)
    rel, data = found
    declared = data.get("tasks")
    tasks = {str(name): _task_command(value) for name, value in declared.items()} if isinstance(declared, dict) else {}
    _packaging(k, tree, rel, data)
    roles: dict[str, str] = {}
    for name, command in tasks.items():
        role = _role(name, command)
        if role and role != "install" and role not in roles:
            roles[role] = name
            k.command(role, f"deno task {name}", f"{rel} task `{name}`", RUNNER, command if len(command) <= 100 else "")
    test_task = roles.get("test")
    one = _one_test(tree, tasks[test_task]) if test_task else None
    if one:
        k.command("test-one", one, f"{rel} task `{test_task}`", RUNNER, "or `--filter '<test name>'`")
    for section, role, command in (("lint", "lint", "deno lint"), ("fmt", "format", "deno fmt")):
        if role not in roles and isinstance(data.get(section), dict):  # configured, run by Deno's own subcommand
            k.command(role, command, f"{rel} `{section}` options", RUNNER + 5)
    bench = next((n for n, c in tasks.items() if re.match(r"^deno bench\b", c) or n.lower().startswith("bench")), None)
    if bench:
        k.fact("deno/benchmarks", "Deno benchmarks", f"Benchmarks run with `deno task {bench}` ({rel}).", rel)
    if tasks:
        listed = human_list([f"`deno task {name}`" for name in tasks], 20)
        k.fact("tasks/deno", "Deno tasks", f"{rel} tasks: {listed}.", rel)
    return k


def _packaging(k: Knowledge, tree: Tree, rel: str, data: dict[str, Any]) -> None:
    name, version = data.get("name"), data.get("version")
    package = f"package `{name}`" + (f" {version}" if isinstance(version, str) else "") if isinstance(name, str) else ""
    workspace = data.get("workspace")
    members = [m for m in workspace if isinstance(m, str)] if isinstance(workspace, list) else []
    parts = [f"Deno project ({rel})" + (f": {package}" if package else "")]
    if members:
        parts.append(f"a workspace of {len(members)} members ({human_list(members, 6)})")
    lock = data.get("lock")
    pinned = "deno.lock pins them" if tree.has("deno.lock") and lock is not False else "no lock file"
    parts.append(f"no install step: Deno fetches what the imports name on first run ({pinned})")
    k.fact("deno/packaging", "Deno project", "; ".join(parts) + ".", rel)
