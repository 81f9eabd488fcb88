"""Pixi, the conda-based environment manager and task runner: its manifest (pixi.toml, or `[tool.pixi]` in
pyproject.toml) declares the environments and the tasks a contributor runs, so `pixi install` sets up the checkout and
`pixi run <task>` is the project's own command, as a make target is."""

from __future__ import annotations

from typing import Any

import tomli

from picasso_tui.profile.findings import Knowledge, human_list
from picasso_tui.profile.tasks import RUNNER, TARGET_ROLES
from picasso_tui.profile.walk import Tree

PIXI_ROLES = {**TARGET_ROLES, "docbuild": "docs", "doc-build": "docs", "docs-html": "docs"}
SETUP = RUNNER + 5
"""`pixi install` comes before a Python manifest's uv or pip setup (40): pixi makes the environments those would."""


def _manifest(tree: Tree) -> tuple[str, dict[str, Any]] | None:
    for rel, inside in (("pixi.toml", ()), ("pyproject.toml", ("tool", "pixi"))):
        text = tree.read(rel) if tree.has(rel) else None
        if not text or (inside and "[tool.pixi" not in text):
            continue
        try:
            doc: Any = tomli.loads(text)
        except tomli.TOMLDecodeError:
            continue
        for part in inside:
            doc = doc.get(part, {}) if isinstance(doc, dict) else {}
        if isinstance(doc, dict) and doc:
            return (rel if not inside else "pyproject.toml [tool.pixi]"), doc
    return None


def _features(env: Any) -> list[str]:
    """An environment is a list of features or a table with `features = [...]`."""
    if isinstance(env, dict):
        env = env.get("features", [])
    return [f for f in env if isinstance(f, str)] if isinstance(env, list) else []


def _environment_for(feature: str, environments: dict[str, Any]) -> str | None:
    """The environment to run a feature's task in: the one named after the feature, else the smallest that has it
    (pint's `test` task is in the `test` feature, which the `test` environment and eleven others include)."""
    having = [name for name, env in environments.items() if feature in _features(env)]
    if "default" in having:  # dask's default environment has the `test` feature: `pixi run test` needs no -e
        return "default"
    if feature in having:
        return feature
    return min(having, key=lambda name: (len(_features(environments[name])), name), default=None)


def pixi(tree: Tree, k: Knowledge) -> None:
    found = _manifest(tree)
    if found is None:
        return
    source, doc = found
    k.command("install", "pixi install", source, SETUP)
    environments = doc.get("environments") or {}
    tasks: dict[str, str] = {name: "pixi run" for name in doc.get("tasks") or {}}
    for feature, table in (doc.get("feature") or {}).items():
        env = _environment_for(feature, environments) if isinstance(table, dict) else None
        for name in (table.get("tasks") or {}) if env else ():
            tasks.setdefault(name, "pixi run" if env == "default" else f"pixi run -e {env}")
    for name, runner in tasks.items():
        role = PIXI_ROLES.get(name.lower()) or PIXI_ROLES.get(name.lower().replace("_", "-"))
        if role and role != "install":
            k.command(role, f"{runner} {name}", f"{source} task `{name}`", RUNNER)
    if tasks:
        listed = human_list([f"`{runner} {name}`" for name, runner in tasks.items()], 20)
        k.fact("tasks/pixi", "pixi tasks", f"{source} tasks: {listed}.", source.split(" ")[0])
