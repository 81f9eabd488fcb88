"""CI steps that fail when a command leaves the checkout changed: `go mod tidy && git diff --exit-code`, a
`make generate` step before a "clean working tree" step. Each is a rule a contributor meets only in CI: run the
command and commit what it changes."""

from __future__ import annotations

import re
import shlex
from typing import Any

from picasso_tui.profile.ci import clean_command, load_workflow, logical_lines, read_ci
from picasso_tui.profile.commands import command_role
from picasso_tui.profile.walk import Tree

_CHECKS_CLEAN = re.compile(
    r"^git diff\b(?=[^|;&]*\s--(exit-code|quiet)\b)[^|;&]*$|"
    r"^(test|\[) -z \"?\$\(git status --porcelain[^)]*\)\"?|^git status --porcelain[^|;&]*\|\s*(wc|grep)\b|"
    r"^\w+=\$\(git (status --porcelain|diff --name-only)\b"  # atlas' `status=$(git status --porcelain | …)`
)
"""A line that fails when the working tree differs from the commit (`git diff --exit-code`, `git diff --quiet`,
`test -z "$(git status --porcelain)"`)."""
_INSTALLS = re.compile(
    r"^(npm (ci|install|i)|yarn( install)?|pnpm (i|install)|pip3? install|python -m pip install|uv sync|"
    r"bundle install|go mod download|go install|composer install|poetry install|cargo install|apt-get|brew)\b|"
    r"^\S*\b(yarn|npm|pnpm|bundle|composer)\s+install\b|\bdb:(schema:load|setup|create|prepare|reset)\b"
)
"""A line that fetches tools or sets up a database (openstreetmap-website's `bin/yarn install` and `rails
db:schema:load` before `annotaterb models`): it changes nothing a contributor commits, and a database reset is no
step to repeat."""
_ONLY_READS = re.compile(
    r"\s--?version\b|^(cloc|openssl|sha\d+sum|md5sum|wc|du|file|which|env|printenv|date|go (version|env|mod verify)|"
    r"git (log|show|status|rev-parse))\b"
)
"""A line that prints and writes nothing (autobahn-python's `flatc --version` and `cloc` before its check)."""
_MAX_COMMANDS = 3
_COMPILES = re.compile(r"(cargo (\+\S+ )?(build|check|clippy|doc)|go build|cmake --build|ninja|dotnet build)\b")
"""A compile, whose output is ignored: the check after it guards the build scripts (cloud-hypervisor's `cargo build
--locked` then `test -z "$(git status --porcelain)"`), it is no step whose changes a contributor commits."""


def clean_tree_rules(tree: Tree) -> list[tuple[str, str]]:
    """(rule, workflow) for each job that runs commands and then fails on a changed tree; the same commands once."""
    reading = read_ci(tree)
    if reading is None or reading.system != "GitHub Actions":
        return []
    found: list[tuple[str, str]] = []
    said: set[tuple[str, ...]] = set()
    for rel in reading.used:
        jobs = load_workflow(tree.read(rel) or "").get("jobs")
        for job_id, job in jobs.items() if isinstance(jobs, dict) else []:
            for commands, paths in _checked(job):
                if tuple(commands) in said:
                    continue
                said.add(tuple(commands))
                named = " and ".join(f"`{c}`" for c in commands)
                verb = "change" if len(commands) > 1 else "changes"
                changed = f"{verb} {' or '.join(paths)}" if paths else f"{verb} a tracked file"
                found.append((f"CI fails when {named} {changed} ({rel}, job `{job_id}`): run "
                              f"{'them' if len(commands) > 1 else 'it'} and commit what "
                              f"{'they change' if len(commands) > 1 else 'it changes'}.", rel))  # fmt: skip
    return found[:3]


def _checked(job: Any) -> list[tuple[list[str], list[str]]]:
    """(the commands before a clean-tree check, the paths it checks) for each check in the job's `run:` steps;
    the commands are those of the same line (`gofmt -s -w . && git diff --exit-code`), else those of the run steps
    since the last action or check (atlas' two `go generate ./...` steps)."""
    if not isinstance(job, dict):
        return []
    out: list[tuple[list[str], list[str]]] = []
    before: list[str] = []  # the commands of the run steps since the last action or check
    for step in job.get("steps") or []:
        run = step.get("run") if isinstance(step, dict) else None
        if not isinstance(run, str):
            before = []  # an action ran between: what it writes is not a contributor's command
            continue
        folder = str(step.get("working-directory") or "").strip("./")
        for line in logical_lines(run):
            parts = [p.strip() for p in re.split(r"\s*&&\s*", line)]
            check = next((i for i, p in enumerate(parts) if _CHECKS_CLEAN.search(p)), None)
            if check is None:
                before += [c for p in parts if (c := _command(p, folder))]
                continue
            ran = [c for p in parts[:check] if (c := _command(p, folder))] or before
            # a test run beside `go generate` writes nothing, nor gobgp's `buf lint` and `buf format --diff`
            writes = [c for c in ran if not _checks(c)]
            if writes:
                out.append((list(dict.fromkeys(writes))[-_MAX_COMMANDS:], _paths(parts[check])))
            before = []
    return out


def _checks(command: str) -> bool:
    """A command that checks and writes nothing: a test run, a linter or type check by its own words (the roles
    `commands.command_role` gives), or a formatter asked only to report (gobgp's `buf format --diff --exit-code`)."""
    role = command_role(command)
    return (
        role in ("test", "test-one", "lint", "typecheck")
        or bool(re.search(r"\s--(diff|check|dry-run)\b", command))
        or bool(_COMPILES.match(command))
    )


def _command(part: str, folder: str) -> str | None:
    command = clean_command(part)
    if not command or _INSTALLS.search(command) or _ONLY_READS.search(command) or "$" in folder:
        return None
    return f"cd {folder} && {command}" if folder else command


def _paths(check: str) -> list[str]:
    """The files a `git diff` check names (ginkgo's `git diff --exit-code go.mod go.sum`)."""
    if not check.startswith("git diff"):
        return []
    try:
        words = shlex.split(check)[2:]
    except ValueError:
        return []
    return [w for w in words if not w.startswith("-") and w not in ("HEAD", ".") and re.fullmatch(r"[\w./*-]+", w)]
