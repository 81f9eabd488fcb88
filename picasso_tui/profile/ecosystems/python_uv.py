"""The `uv sync` a contributor runs: uv installs the `dev` dependency group and no other by default, so a project
whose tools live in other groups (python-semver's `devel`, `test`, `docs`) has to name them."""

from __future__ import annotations

from typing import Any

from picasso_tui.profile.ecosystems.common import dig

DEV_GROUPS = ("devel", "develop", "development", "dev-all", "all")
"""Names a project gives the one group that gathers its others (python-semver's `devel` includes them all)."""


def uv_sync(pyproject: dict[str, Any]) -> str:
    """`uv sync`, with the extras and dependency groups the contributor's tools come from."""
    extras = [e for e in (dig(pyproject, "project", "optional-dependencies") or {}) if e in ("test", "tests", "dev")]
    command = "uv sync" + (" --all-extras" if extras else "")
    groups = pyproject.get("dependency-groups")
    if not isinstance(groups, dict) or not groups or "dev" in groups:
        return command
    if dig(pyproject, "tool", "uv", "default-groups") or dig(pyproject, "tool", "uv", "dev-dependencies"):
        return command  # the project says what a plain sync installs
    gathering = next((g for g in DEV_GROUPS if g in groups), None)
    return f"{command} --group {gathering}" if gathering else f"{command} --all-groups"
