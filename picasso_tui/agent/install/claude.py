"""Claude Code: four command hooks in its own settings.json.

Format (Claude Code hooks reference, code.claude.com/docs/en/hooks): ``hooks.<Event>`` is a list of
``{"matcher"?, "hooks": [{"type": "command", "command", "timeout" (seconds)}]}``; the events used
are SessionStart, UserPromptSubmit, Stop and SessionEnd, none of which needs a matcher. Files:
``.claude/settings.json`` in the project, ``~/.claude/settings.json`` for the user
(``$CLAUDE_CONFIG_DIR`` moves the latter). MCP servers live elsewhere (``.mcp.json``,
``~/.claude.json``, a file Claude Code rewrites itself), so Picasso only prints the
``claude mcp add`` line for them.
"""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path
from typing import Any

from picasso_tui.agent.install.common import (
    HookSpec,
    InstallError,
    Launcher,
    Report,
    Scope,
    ScopeState,
    claude_user_dir,
    hook_spec,
    hook_state,
)
from picasso_tui.agent.install.entries import ensure_hooks, find_hook, remove_hooks
from picasso_tui.agent.install.files import backup_path, edit_file, load

NAME = "claude"
TITLE = "Claude Code"
HOOKS: tuple[HookSpec, ...] = (
    hook_spec("SessionStart", "session-start"),
    hook_spec("UserPromptSubmit", "prompt"),
    hook_spec("Stop", "stop"),
    hook_spec("SessionEnd", "session-end"),
)


def settings_file(scope: Scope, root: Path) -> Path:
    return claude_user_dir() / "settings.json" if scope == "user" else root / ".claude" / "settings.json"


def _handler(spec: HookSpec, launcher: Launcher) -> dict[str, Any]:
    return {"type": "command", "command": launcher.hook_command(NAME, spec.hook), "timeout": spec.timeout_s}


def install(scope: Scope, root: Path, launcher: Launcher, *, mcp: bool = False, notify: bool = False) -> Report:
    path = settings_file(scope, root)
    wanted = {spec.event: _handler(spec, launcher) for spec in HOOKS}
    change = edit_file(path, "json", lambda doc: ensure_hooks(doc, NAME, wanted))
    report = Report(NAME, TITLE, scope, [change], [(s, wanted[s.event]["command"]) for s in HOOKS])
    report.notes.append("Claude Code reads hooks when a session starts: new sessions run them.")
    if mcp:
        report.notes.append(
            "Claude Code keeps MCP servers outside settings.json; for the query_memory and write_memory tools "
            f"as well, run: claude mcp add --scope {scope} picasso -- {launcher.command('mcp')}"
        )
    return report


def uninstall(scope: Scope, root: Path) -> Report:
    path = settings_file(scope, root)
    change = edit_file(path, "json", lambda doc: remove_hooks(doc, NAME), delete_if_empty=True)
    return Report(NAME, TITLE, scope, [change])


def inspect(scope: Scope, root: Path) -> ScopeState:
    path = settings_file(scope, root)
    state = ScopeState(scope, path, backup=backup_path(path) if backup_path(path).exists() else None)
    try:
        loaded = load(path, "json")
    except InstallError as exc:
        state.exists, state.problem = True, str(exc)
        return state
    state.exists = loaded.raw is not None
    doc: Mapping[str, Any] = loaded.doc
    for spec in HOOKS:
        found = find_hook(doc, NAME, spec.event, spec.hook)
        state.hooks.append(hook_state(spec, found[2] if found else None))
    if doc.get("disableAllHooks") is True:
        state.disabled = '"disableAllHooks": true in this file'
    return state
