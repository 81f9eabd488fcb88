"""Gemini CLI: four command hooks (and, on request, the MCP server) in its settings.json.

Format (gemini-cli docs/hooks/reference.md and schemas/settings.schema.json): ``hooks.<Event>`` is a
list of ``{"matcher"?, "hooks": [{"name", "type": "command", "command", "timeout" (milliseconds),
"description"}]}``; the events used are SessionStart, BeforeAgent (after the prompt, before
planning: ``additionalContext`` is appended to it), AfterAgent (end of a turn) and SessionEnd.
Hooks run unless ``hooksConfig.enabled`` is false (default true) or the hook's name is listed in
``hooksConfig.disabled``. MCP servers: ``mcpServers.<name>`` with ``command`` and ``args`` in the
same file (docs/tools/mcp-server.md). Files: ``.gemini/settings.json`` in the project,
``~/.gemini/settings.json`` for the user (``$GEMINI_CLI_HOME`` replaces the home).
"""

from __future__ import annotations

from collections.abc import Mapping, MutableMapping
from pathlib import Path
from typing import Any

from picasso_tui.agent.install.common import (
    HookSpec,
    InstallError,
    Launcher,
    Report,
    Scope,
    ScopeState,
    gemini_user_dir,
    hook_spec,
    hook_state,
    our_hook,
)
from picasso_tui.agent.install.entries import (
    ensure_hooks,
    ensure_server,
    find_hook,
    remove_hooks,
    remove_server,
    server_command,
)
from picasso_tui.agent.install.files import backup_path, edit_file, load

NAME = "gemini"
TITLE = "Gemini CLI"
SERVERS = "mcpServers"
HOOKS: tuple[HookSpec, ...] = (
    hook_spec("SessionStart", "session-start"),
    hook_spec("BeforeAgent", "prompt"),
    hook_spec("AfterAgent", "stop"),
    hook_spec("SessionEnd", "session-end"),
)


def settings_file(scope: Scope, root: Path) -> Path:
    return gemini_user_dir() / "settings.json" if scope == "user" else root / ".gemini" / "settings.json"


def hook_name(spec: HookSpec) -> str:
    return f"picasso-{spec.hook}"


def _handler(spec: HookSpec, launcher: Launcher) -> dict[str, Any]:
    return {
        "name": hook_name(spec),
        "type": "command",
        "command": launcher.hook_command(NAME, spec.hook),
        "timeout": spec.timeout_s * 1000,
        "description": f"Picasso memory: {spec.purpose}",
    }


def install(scope: Scope, root: Path, launcher: Launcher, *, mcp: bool = False, notify: bool = False) -> Report:
    path = settings_file(scope, root)
    wanted = {spec.event: _handler(spec, launcher) for spec in HOOKS}
    outcome: dict[str, Any] = {}

    def edit(doc: MutableMapping[str, Any]) -> bool:
        changed = ensure_hooks(doc, NAME, wanted)
        if mcp:
            outcome["server"] = ensure_server(doc, SERVERS, {"command": launcher.program, "args": ["mcp"]})
            changed = bool(outcome["server"]) or changed
        outcome["disabled"] = _disabled(doc)
        return changed

    change = edit_file(path, "json", edit)
    report = Report(NAME, TITLE, scope, [change], [(s, wanted[s.event]["command"]) for s in HOOKS])
    if outcome.get("disabled"):
        report.notes.append(f"Gemini CLI will not run them: {outcome['disabled']}; Picasso left that as you set it.")
    if mcp and outcome.get("server") is None:
        report.notes.append(
            f'An MCP server named "picasso" that is not Picasso\'s is already in {path}; left as it is.'
        )
    elif mcp:
        report.notes.append("Gemini CLI starts `picasso mcp` too: the query_memory and write_memory tools.")
    if scope == "project":
        report.notes.append("Gemini CLI warns once before it first runs a project's hooks.")
    return report


def _disabled(doc: Mapping[str, Any]) -> str | None:
    config = doc.get("hooksConfig")
    if not isinstance(config, Mapping):
        return None
    if config.get("enabled") is False:
        return '"hooksConfig": {"enabled": false} in this file'
    names = {hook_name(s) for s in HOOKS}
    listed = config.get("disabled")
    if isinstance(listed, list) and any(str(n) in names or our_hook(n, NAME) for n in listed):
        return "hooksConfig.disabled lists Picasso's hooks"  # by name or by command, as Gemini CLI allows
    return None


def uninstall(scope: Scope, root: Path) -> Report:
    path = settings_file(scope, root)

    def edit(doc: MutableMapping[str, Any]) -> bool:
        hooks = remove_hooks(doc, NAME)
        return remove_server(doc, SERVERS) or hooks

    change = edit_file(path, "json", edit, delete_if_empty=True)
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
    for spec in HOOKS:
        found = find_hook(loaded.doc, NAME, spec.event, spec.hook)
        state.hooks.append(hook_state(spec, found[2] if found else None))
    state.mcp_file, state.mcp_command = path, server_command(loaded.doc, SERVERS)
    state.disabled = _disabled(loaded.doc)
    return state
