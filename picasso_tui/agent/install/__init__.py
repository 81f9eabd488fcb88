"""``picasso agents install | uninstall | status``: Picasso's hooks in the coding agents developers
already use (Claude Code, Codex CLI, Gemini CLI), merged into each agent's own settings file.

One module per agent (``claude``, ``codex``, ``gemini``) knows its files, event names and extras and
exposes ``NAME``, ``TITLE``, ``HOOKS``, ``install``, ``uninstall`` and ``inspect``; ``files`` (parse,
back up once, replace atomically) and ``entries`` (add and remove only Picasso's entries) are shared.
See docs/agents.md for the formats and where each was read.
"""

from __future__ import annotations

import shutil
from datetime import datetime
from pathlib import Path
from types import ModuleType

from picasso_tui.agent.install import claude, codex, gemini
from picasso_tui.agent.install.common import SCOPES, InstallError, Launcher, Report, Scope, find_launcher, project_root
from picasso_tui.agent.install.status import AgentStatus, as_json, hook_events, outcomes
from picasso_tui.paths import PicassoPaths

AGENTS: dict[str, ModuleType] = {m.NAME: m for m in (claude, codex, gemini)}


def agent_module(agent: str) -> ModuleType:
    try:
        return AGENTS[agent]
    except KeyError:
        known = ", ".join(sorted(AGENTS))
        raise InstallError(f"Picasso does not know the agent {agent!r}; it knows {known}.") from None


def install(
    agent: str,
    scope: Scope = "user",
    *,
    cwd: Path | None = None,
    launcher: Launcher | None = None,
    mcp: bool = False,
    notify: bool = False,
) -> Report:
    """Merge Picasso's hooks (and, asked, its MCP server / Codex notify) into the agent's settings."""
    module = agent_module(agent)
    if notify and agent != "codex":
        raise InstallError("--notify is Codex's turn-end program; the other agents write back through their hooks.")
    report: Report = module.install(scope, project_root(cwd), launcher or find_launcher(), mcp=mcp, notify=notify)
    return report


def uninstall(agent: str, scope: Scope = "user", *, cwd: Path | None = None) -> Report:
    """Remove Picasso's entries (found by their command line) and nothing else."""
    report: Report = agent_module(agent).uninstall(scope, project_root(cwd))
    return report


def status(paths: PicassoPaths, *, cwd: Path | None = None, now: datetime | None = None) -> list[AgentStatus]:
    root = project_root(cwd)
    log = hook_events(paths)
    return [
        AgentStatus(m.NAME, m.TITLE, [m.inspect(scope, root) for scope in SCOPES], outcomes(log, m.NAME, now))
        for m in AGENTS.values()
    ]


def picasso_on_path() -> str | None:
    return shutil.which("picasso")


__all__ = [
    "AGENTS",
    "SCOPES",
    "AgentStatus",
    "InstallError",
    "Launcher",
    "Report",
    "Scope",
    "as_json",
    "find_launcher",
    "install",
    "picasso_on_path",
    "status",
    "uninstall",
]
