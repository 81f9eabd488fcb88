"""Scripts a Python project declares in its manifest for its environment manager: Hatch's per-environment scripts
(`[tool.hatch.envs.<env>.scripts]`, or `[envs.<env>.scripts]` in hatch.toml) and PDM's `[tool.pdm.scripts]`. Each is
a task runner's target: `hatch run test:test` or `pdm run lint` is the project's own command."""

from __future__ import annotations

from typing import Any

from picasso_tui.profile.commands import command_role
from picasso_tui.profile.ecosystems.common import dig, load_toml
from picasso_tui.profile.findings import Knowledge, human_list
from picasso_tui.profile.tasks import RUNNER, TARGET_ROLES, target_role
from picasso_tui.profile.walk import Tree


def _table(doc: Any, *keys: str) -> dict[str, Any]:
    found = dig(doc, *keys)
    return found if isinstance(found, dict) else {}


def _hatch_envs(tree: Tree) -> tuple[str, dict[str, Any]]:
    if tree.has("hatch.toml") and (envs := _table(load_toml(tree, "hatch.toml"), "envs")):
        return "hatch.toml", envs
    return "pyproject.toml", _table(load_toml(tree, "pyproject.toml"), "tool", "hatch", "envs")


RELEASE_NOTES_ENVS = frozenset({"towncrier", "changelog", "news", "release-notes"})
"""Environments whose scripts write the release notes."""


def hatch_scripts(tree: Tree, k: Knowledge) -> None:
    """safety's `[tool.hatch.envs.test.scripts] test = 'pytest …'` is run as `hatch run test:test`; the default
    environment's scripts need no prefix. Hatch's own `hatch-test` and `hatch-static-analysis` environments are
    reached through `hatch test` and `hatch fmt`, not through scripts."""
    rel, envs = _hatch_envs(tree)
    listed: list[str] = []
    for env, table in envs.items():
        scripts = _table(table, "scripts")
        if env.startswith("hatch-") or not scripts:
            continue
        for script in scripts:
            command = f"hatch run {script}" if env == "default" else f"hatch run {env}:{script}"
            listed.append(command)
            role = command_role(command)
            if script.lower() == "run" and env != "default":
                # platformdirs' `coverage:run` combines reports and `type:run` runs mypy: a `run` script is its
                # environment's one step, whose name says the role; it runs no program
                role = TARGET_ROLES.get(env.lower())
            if env.lower() in RELEASE_NOTES_ENVS:
                role = None  # scanpy's `towncrier:build` writes the release notes: no build of the project
            own_step = script.lower() == "run" and env != "default"
            named = role is not None and (TARGET_ROLES.get(script.lower()) == role or own_step)
            # `test:test`, not `test:test-cov`: the script named for its role, else any of an environment named for it
            # laspy's `dev` environment holds its checks and formatters: `hatch run dev:check-fmt` runs no program
            in_env = role not in (None, "run") and TARGET_ROLES.get(env.lower()) == role
            if named or (in_env and not any(TARGET_ROLES.get(s.lower()) == role for s in scripts)):
                source = f"{rel} [{'tool.hatch.' if rel == 'pyproject.toml' else ''}envs.{env}.scripts] `{script}`"
                k.command(role, command, source, RUNNER)
    if listed:
        k.fact("tasks/hatch", "Hatch scripts", f"Hatch scripts: {human_list([f'`{c}`' for c in listed], 20)}.", rel)


def pdm_scripts(tree: Tree, k: Knowledge) -> None:
    """`[tool.pdm.scripts]`: `pdm run <name>`. The `_` table holds options shared by every script and `pre_`/`post_`
    scripts run around another; neither is a command of its own."""
    scripts = _table(load_toml(tree, "pyproject.toml"), "tool", "pdm", "scripts")
    names = [n for n in scripts if n != "_" and not n.startswith(("pre_", "post_"))]
    for name in names:
        if role := target_role(name):  # `pdm run <anything>` reads as running a program: the name says the role
            k.command(role, f"pdm run {name}", f"pyproject.toml [tool.pdm.scripts] `{name}`", RUNNER)
    if names:
        listed = human_list([f"`pdm run {n}`" for n in names], 20)
        k.fact("tasks/pdm", "PDM scripts", f"PDM scripts: {listed}.", "pyproject.toml")
