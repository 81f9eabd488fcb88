"""Codex CLI: three command hooks in config.toml (or hooks.json), and on request the MCP server and
the turn-end ``notify`` program.

Format (developers.openai.com/codex/hooks and openai/codex codex-rs/config/src/hook_config.rs):
hooks are discovered next to each config layer, as ``hooks.json`` or inline ``[hooks]`` tables of
``config.toml``, with Claude Code's layout (``timeout`` in seconds). The events used are
SessionStart, UserPromptSubmit and Stop; the Codex source read has no SessionEnd, and Stop writes
back at every turn end. Hooks are on unless ``[features] hooks = false`` (or the older
``codex_hooks``), and Codex runs a hook only once the user has trusted it in ``/hooks``: it keeps
that in ``[hooks.state."<file>:<event>:<group>:<handler>"]`` of the user's config.toml, which
Picasso reads for ``status`` and never writes. A project's ``.codex/`` layer loads only in a project
Codex trusts. MCP servers: ``[mcp_servers.<name>]`` ``command``/``args``; ``notify``: a root-level
argv that Codex runs with one JSON argument at each turn end (docs/config.md). Files:
``<project>/.codex/``, ``$CODEX_HOME`` (default ``~/.codex``).
"""

from __future__ import annotations

import tomllib
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
    codex_user_dir,
    hook_spec,
    hook_state,
    is_picasso,
)
from picasso_tui.agent.install.entries import (
    ensure_hooks,
    ensure_server,
    find_hook,
    remove_hooks,
    remove_server,
    server_command,
)
from picasso_tui.agent.install.files import Kind, backup_path, edit_file, load

NAME = "codex"
TITLE = "Codex CLI"
SERVERS = "mcp_servers"
NOTIFY_ARGS = ["hook", NAME, "notify"]
HOOKS: tuple[HookSpec, ...] = (
    hook_spec("SessionStart", "session-start"),
    hook_spec("UserPromptSubmit", "prompt"),
    hook_spec("Stop", "stop"),
)
STATE_LABELS = {"SessionStart": "session_start", "UserPromptSubmit": "user_prompt_submit", "Stop": "stop"}


def config_dir(scope: Scope, root: Path) -> Path:
    return codex_user_dir() if scope == "user" else root / ".codex"


def config_file(scope: Scope, root: Path) -> Path:
    return config_dir(scope, root) / "config.toml"


def hooks_file(scope: Scope, root: Path) -> tuple[Path, Kind]:
    """Where the hooks go: an existing hooks.json (Codex warns when one layer has both forms), else config.toml."""
    json_file = config_dir(scope, root) / "hooks.json"
    return (json_file, "json") if json_file.exists() else (config_file(scope, root), "toml")


def _handler(spec: HookSpec, launcher: Launcher) -> dict[str, Any]:
    return {"type": "command", "command": launcher.hook_command(NAME, spec.hook), "timeout": spec.timeout_s}


def is_our_notify(value: object) -> bool:
    return isinstance(value, list) and len(value) == 4 and is_picasso(str(value[0])) and value[1:] == NOTIFY_ARGS


def _ensure_notify(doc: MutableMapping[str, Any], argv: list[str]) -> bool | None:
    """Set ``notify`` to Picasso's; None when the user has their own (left alone)."""
    current = doc.get("notify")
    if current is None:
        doc["notify"] = argv
        return True
    if not is_our_notify(current):
        return None
    if list(current) != argv:
        doc["notify"] = argv
        return True
    return False


def install(scope: Scope, root: Path, launcher: Launcher, *, mcp: bool = False, notify: bool = False) -> Report:
    wanted = {spec.event: _handler(spec, launcher) for spec in HOOKS}
    hooks_path, kind = hooks_file(scope, root)
    config = config_file(scope, root)
    outcome: dict[str, bool | None] = {}

    def edit_config(doc: MutableMapping[str, Any]) -> bool:
        changed = ensure_hooks(doc, NAME, wanted) if hooks_path == config else False
        if mcp:
            outcome["server"] = ensure_server(doc, SERVERS, {"command": launcher.program, "args": ["mcp"]})
            changed = bool(outcome["server"]) or changed
        if notify:
            outcome["notify"] = _ensure_notify(doc, launcher.argv(*NOTIFY_ARGS))
            changed = bool(outcome["notify"]) or changed
        return changed

    report = Report(NAME, TITLE, scope, hooks=[(s, wanted[s.event]["command"]) for s in HOOKS])
    if hooks_path != config:
        report.files.append(edit_file(hooks_path, kind, lambda doc: ensure_hooks(doc, NAME, wanted)))
    if hooks_path == config or mcp or notify:
        report.files.append(edit_file(config, "toml", edit_config))
    report.notes.extend(_install_notes(scope, config, mcp, notify, outcome))
    return report


def _install_notes(scope: Scope, config: Path, mcp: bool, notify: bool, outcome: Mapping[str, Any]) -> list[str]:
    notes = ["Codex runs a new hook only once you trust it: start Codex, open /hooks and trust Picasso's three hooks."]
    if scope == "project":
        notes.append("Codex loads a project's .codex/ hooks only in a project it trusts.")
    if mcp and outcome.get("server") is None:
        notes.append(f'An MCP server named "picasso" that is not Picasso\'s is already in {config}; left as it is.')
    elif mcp:
        notes.append("Codex starts `picasso mcp` too: the query_memory and write_memory tools.")
    if notify and outcome.get("notify") is None:
        notes.append(
            f"notify in {config} runs your own program, so Picasso left it: write-back at turn end through notify "
            "is unavailable (the Stop hook still writes back in a Codex that runs hooks)."
        )
    elif notify:
        notes.append("notify runs `picasso hook codex notify` at each turn end: write-back for a Codex without hooks.")
    return notes


def uninstall(scope: Scope, root: Path) -> Report:
    report = Report(NAME, TITLE, scope)
    json_file = config_dir(scope, root) / "hooks.json"
    if json_file.exists():
        report.files.append(edit_file(json_file, "json", lambda doc: remove_hooks(doc, NAME), delete_if_empty=True))

    def edit_config(doc: MutableMapping[str, Any]) -> bool:
        changed = remove_hooks(doc, NAME)
        changed = remove_server(doc, SERVERS) or changed
        if is_our_notify(doc.get("notify")):
            del doc["notify"]
            changed = True
        return changed

    report.files.append(edit_file(config_file(scope, root), "toml", edit_config, delete_if_empty=True))
    return report


def inspect(scope: Scope, root: Path) -> ScopeState:
    hooks_path, kind = hooks_file(scope, root)
    config = config_file(scope, root)
    state = ScopeState(scope, hooks_path, mcp_file=config)
    state.backup = next((backup_path(p) for p in (hooks_path, config) if backup_path(p).exists()), None)
    try:
        hooks_doc = load(hooks_path, kind)
        config_doc = hooks_doc if hooks_path == config else load(config, "toml")
    except InstallError as exc:
        state.exists, state.problem = True, str(exc)
        return state
    state.exists = hooks_doc.raw is not None
    trust = _trust_states()
    for spec in HOOKS:
        found = find_hook(hooks_doc.doc, NAME, spec.event, spec.hook)
        hook = hook_state(spec, found[2] if found else None)
        if found:
            hook.trust = _trust(trust, hooks_path, spec, found[0], found[1])
        state.hooks.append(hook)
    state.mcp_command = server_command(config_doc.doc, SERVERS)
    notify = config_doc.doc.get("notify")
    state.notify = [str(a) for a in notify] if is_our_notify(notify) else None
    state.disabled = _disabled(config_doc.doc) or _disabled(_read_toml(codex_user_dir() / "config.toml"))
    return state


def _disabled(doc: Mapping[str, Any]) -> str | None:
    features = doc.get("features")
    if isinstance(features, Mapping):
        for key in ("hooks", "codex_hooks"):
            if features.get(key) is False:
                return f"[features] {key} = false"
    return None


def _read_toml(path: Path) -> dict[str, Any]:
    try:
        return tomllib.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return {}


def _trust_states() -> Mapping[str, Any]:
    """Codex's per-hook review state, kept in the user's config.toml only."""
    hooks = _read_toml(codex_user_dir() / "config.toml").get("hooks")
    state = hooks.get("state") if isinstance(hooks, Mapping) else None
    return state if isinstance(state, Mapping) else {}


def _trust(states: Mapping[str, Any], source: Path, spec: HookSpec, group: int, handler: int) -> str:
    """Codex keys a hook's state by ``<source file>:<event label>:<group>:<handler>`` (codex-rs/hooks lib.rs)."""
    tails = {f"{p}:{STATE_LABELS[spec.event]}:{group}:{handler}" for p in (source, source.resolve())}
    for key, value in states.items():
        if isinstance(value, Mapping) and any(key == t or key == f"file:{t}" for t in tails):
            if value.get("enabled") is False:
                return "disabled"
            if value.get("trusted_hash"):
                return "trusted"
    return "needs review"
