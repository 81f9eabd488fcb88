"""``picasso agents install | uninstall | status``: memory in Claude Code, Codex CLI and Gemini CLI.

Parses, calls ``picasso_tui.agent.install``, renders; see docs/agents.md and docs/cli.md. The
installer (tomlkit and the three agents' modules, ~40 ms) is imported by these commands only, so
every other command starts as fast as before.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import TYPE_CHECKING, Literal

import click

from picasso_tui.paths import PicassoPaths

if TYPE_CHECKING:
    from picasso_tui.agent.install.common import FileChange, Report, ScopeState
    from picasso_tui.agent.install.status import AgentStatus

AGENT_NAMES = ("claude", "codex", "gemini")  # picasso_tui.agent.install.AGENTS (a test keeps them equal)
AGENT = click.Choice(AGENT_NAMES)
Scope = Literal["user", "project"]


def _scope_options(fn: click.decorators.FC) -> click.decorators.FC:
    fn = click.option("--user", "scope", flag_value="user", default=True, help="The user's settings (default).")(fn)
    return click.option("--project", "scope", flag_value="project", help="This repository's settings.")(fn)


@click.group("agents")
def agents_group() -> None:
    """Memory in every session of Claude Code, Codex CLI and Gemini CLI, through their own hooks."""


@agents_group.command("install")
@click.argument("agent", type=AGENT)
@_scope_options
@click.option("--mcp", is_flag=True, help="Also register `picasso mcp` (query_memory, write_memory) where cheap.")
@click.option("--notify", is_flag=True, help="Codex: also set notify to write back at turn end (Codex without hooks).")
@click.option("--absolute", is_flag=True, help="Name picasso by its absolute path (for agents started without PATH).")
def install_cmd(agent: str, scope: Scope, mcp: bool, notify: bool, absolute: bool) -> None:
    """Merge Picasso's hooks into AGENT's settings file (backed up once; run again: no change)."""
    from picasso_tui.agent import install as agents

    launcher = agents.find_launcher(absolute=absolute)
    report = agents.install(agent, scope, launcher=launcher, mcp=mcp, notify=notify)
    _print_files(report, verb="added to")
    for spec, command in report.hooks:
        click.echo(f"  {spec.event:<17} {command}   ({spec.purpose})")
    if not launcher.on_path:
        click.echo(
            f"picasso is not on PATH, so the hooks name it by its absolute path ({launcher.program}); "
            "install again after moving Picasso."
        )
    for note in report.notes:
        click.echo(note)


@agents_group.command("uninstall")
@click.argument("agent", type=AGENT)
@_scope_options
def uninstall_cmd(agent: str, scope: Scope) -> None:
    """Remove Picasso's entries from AGENT's settings file, and nothing else."""
    from picasso_tui.agent import install as agents

    _print_files(agents.uninstall(agent, scope), verb="removed from")


def _print_files(report: Report, verb: str) -> None:
    click.echo(f"{report.title}, {report.scope} settings:")
    for change in report.files:
        click.echo(f"  {_describe(change, verb)}")


def _describe(change: FileChange, verb: str) -> str:
    if change.action == "unchanged":
        return f"{change.path}: already as it should be; nothing changed."
    if change.action == "deleted":
        return f"{change.path}: deleted (Picasso had created it, and it held nothing else)."
    text = f"{change.path}: Picasso's entries {verb} it" if change.action == "updated" else f"{change.path}: created"
    if change.backup:
        text += f"; the original is kept as {change.backup}"
    return text + "."


@agents_group.command("status")
@click.option("--json", "as_json", is_flag=True, help="Stable JSON (docs/cli.md).")
def status_cmd(as_json: bool) -> None:
    """Where each agent has Picasso's hooks, whether picasso resolves, and how the hooks fared lately."""
    from picasso_tui.agent import install as agents

    statuses = agents.status(PicassoPaths.resolve())
    on_path = agents.picasso_on_path()
    try:
        launcher: agents.Launcher | None = agents.find_launcher()
    except agents.InstallError:
        launcher = None
    if as_json:
        click.echo(json.dumps(agents.as_json(statuses, launcher, on_path), indent=2))
        return
    click.echo(f"picasso: on PATH ({on_path})" if on_path else "picasso: not on PATH (hooks need its absolute path)")
    for status in statuses:
        _print_status(status)


def _print_status(status: AgentStatus) -> None:
    where = ", ".join(s.scope for s in status.scopes if s.installed)
    click.echo(f"{status.title}: {'installed (' + where + ')' if where else 'not installed'}")
    for scope in status.scopes:
        click.echo(f"  {scope.scope:<8} {_scope_line(scope)}")
    o = status.outcomes
    if o.last is None:
        click.echo("  hooks: no runs recorded yet")
        return
    click.echo(f"  hooks: last ok {o.last_ok or 'never'}; {o.failure_count} failed in the last 24 h")
    for failure in o.failures[:3]:
        reason = failure.get("reason") or "no reason given"
        click.echo(f"    {failure.get('ts')} {failure.get('hookEvent')} {failure.get('outcome')}: {reason}")


def _scope_line(scope: ScopeState) -> str:
    if scope.problem:
        return scope.problem
    if not scope.installed:
        return f"{_short(scope.file)}: nothing of Picasso's"
    marks = []
    for h in scope.hooks:
        mark = "missing" if h.command is None else ("ok" if h.resolves else "program not found")
        marks.append(f"{h.spec.event} {mark}" + (f" ({h.trust})" if h.trust else ""))
    parts = [f"{_short(scope.file)}: " + ", ".join(marks)]
    if scope.mcp_command:
        parts.append("MCP server registered")
    if scope.notify:
        parts.append("notify set")
    if scope.disabled:
        parts.append(f"hooks are off: {scope.disabled}")
    return "; ".join(parts)


def _short(path: Path) -> str:
    try:
        return "~/" + str(path.relative_to(Path.home()))
    except ValueError:
        return str(path)
