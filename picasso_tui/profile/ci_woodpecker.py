"""Woodpecker CI (Codeberg's and many self-hosted forges' CI): `.woodpecker.yml`, or one workflow per file in
`.woodpecker/` (friendica's `.phpunit.yml`, `.code_standards_check.yml`). Each step runs its `commands:` in a
container; a workflow or step limited to tags, releases, deployments or cron runs on no change."""

from __future__ import annotations

import re
from typing import Any

import yaml

from picasso_tui.profile.walk import Tree

SINGLE_FILES = (".woodpecker.yml", ".woodpecker.yaml")
CHANGE_EVENTS = frozenset({"push", "pull_request", "pull_request_metadata", "manual"})


def woodpecker_files(tree: Tree) -> list[str]:
    """The workflow files Woodpecker reads: the folder's YAML files when it has them, else the single file."""
    folder = sorted(f for f in tree.under(".woodpecker") if f.endswith((".yml", ".yaml")) and f.count("/") == 1)
    return folder or [f for f in SINGLE_FILES if tree.has(f)]


def woodpecker_lines(tree: Tree, rel: str) -> list[tuple[str, str]]:
    """(step name, script line) for each command of a workflow's steps that runs on a change."""
    try:
        data = yaml.safe_load(tree.read(rel) or "")
    except yaml.YAMLError:
        return []
    if not isinstance(data, dict) or not _on_change(data.get("when")):
        return []
    steps = data.get("steps", data.get("pipeline"))
    named = (
        list(steps.items())
        if isinstance(steps, dict)
        else [(s.get("name", ""), s) for s in steps if isinstance(s, dict)]
        if isinstance(steps, list)
        else []
    )
    found: list[tuple[str, str]] = []
    for name, step in named:
        if not isinstance(step, dict) or not _on_change(step.get("when")):
            continue
        commands = step.get("commands") or step.get("command") or []
        for line in commands if isinstance(commands, list) else [commands]:
            if isinstance(line, str):
                found.append((str(name), line))
    return found


def _on_change(when: Any) -> bool:
    """Whether a `when:` filter lets a push or a pull request run it; friendica's releaser steps run on `event: tag`,
    its nightly ones on cron. A filter without events (a branch, a path) leaves the events open."""
    filters = when if isinstance(when, list) else [when] if isinstance(when, dict) else []
    if not filters:
        return True
    for condition in filters:
        if not isinstance(condition, dict):
            return True
        events = condition.get("event")
        listed = events if isinstance(events, list) else [events] if isinstance(events, str) else None
        if listed is None or {str(e) for e in listed} & CHANGE_EVENTS:
            return True
    return False


def stem(rel: str) -> str:
    """The workflow's name as its file says it (`.woodpecker/.phpunit.yml`: phpunit)."""
    return re.sub(r"\.ya?ml$", "", rel.rsplit("/", 1)[-1]).lstrip(".")
