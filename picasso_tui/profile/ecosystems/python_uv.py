"""The `uv sync` a contributor runs: uv installs the `dev` dependency group and no other by default, so a project
whose tools live in other groups (python-semver's `devel`, `test`, `docs`) has to name them."""

from __future__ import annotations

from typing import Any

from picasso_tui.profile.ecosystems.common import dig, requirement_name

DEV_GROUPS = ("devel", "develop", "development", "dev-all", "all")
"""Names a project gives the one group that gathers its others (python-semver's `devel` includes them all)."""


def uv_sync(pyproject: dict[str, Any]) -> str:
    """`uv sync`, with the extras and dependency groups the contributor's tools come from."""
    extras = [e for e in (dig(pyproject, "project", "optional-dependencies") or {}) if e in ("test", "tests", "dev")]
    if dig(pyproject, "tool", "uv", "conflicts"):  # lm-evaluation-harness' extras conflict: uv refuses them all
        command = "uv sync" + "".join(f" --extra {e}" for e in extras)
    else:
        command = "uv sync" + (" --all-extras" if extras else "")
    groups = pyproject.get("dependency-groups")
    if not isinstance(groups, dict) or not groups:
        return command
    if dig(pyproject, "tool", "uv", "default-groups") == []:  # sshuttle's: a plain sync installs no group at all
        gathering = "dev" if "dev" in groups else next((g for g in DEV_GROUPS if g in groups), None)
        return f"{command} --group {gathering}" if gathering else f"{command} --all-groups"
    if "dev" in groups:
        return command
    if dig(pyproject, "tool", "uv", "default-groups") or dig(pyproject, "tool", "uv", "dev-dependencies"):
        return command  # the project says what a plain sync installs
    gathering = next((g for g in DEV_GROUPS if g in groups), None)
    return f"{command} --group {gathering}" if gathering else f"{command} --all-groups"


def _members(groups: dict[str, Any], name: str, seen: frozenset[str] = frozenset()) -> list[str]:
    """The requirement names of a dependency group, its `include-group`s followed."""
    names: list[str] = []
    for item in groups.get(name) or [] if name not in seen else []:
        if isinstance(item, dict) and isinstance(item.get("include-group"), str):
            names += _members(groups, item["include-group"], seen | {name})
        elif isinstance(item, str) and (found := requirement_name(item)):
            names.append(found)
    return names


def uv_run(pyproject: dict[str, Any], tool: str) -> str:
    """`uv run `, with `--group <g>` where the tool is only in a group a plain sync leaves out (cookiecutter's ruff
    is in `lint`; `uv run` installs `dev`, which lacks it), or `--extra <e>` where it is only in an extra, which
    `uv run` never installs by itself (pint's pytest is in the `test` extra)."""
    raw = pyproject.get("dependency-groups")
    groups = raw if isinstance(raw, dict) else {}
    defaults = dig(pyproject, "tool", "uv", "default-groups")
    chosen = list(groups) if defaults == "all" else defaults if isinstance(defaults, list) else ["dev"]
    project = [str(d) for d in dig(pyproject, "project", "dependencies") or []]
    installed = {n for g in chosen for n in _members(groups, str(g))}
    installed |= {n for d in project if (n := requirement_name(d))}
    if tool in installed:
        return "uv run "
    holder = next((g for g in groups if tool in _members(groups, g)), None)
    if holder:
        return f"uv run --group {holder} "
    extras = dig(pyproject, "project", "optional-dependencies") or {}
    extra = next(
        (
            e
            for e, reqs in extras.items()
            if isinstance(reqs, list) and tool in {requirement_name(str(r)) for r in reqs}
        ),
        None,
    )
    return f"uv run --extra {extra} " if extra else "uv run "
