"""``picasso agents status``: where each agent has Picasso's entries, whether their program resolves,
and how the hooks have fared lately (from the event log's ``hook`` events), so a failing hook shows.

The hooks record one event per run (``store.events.emit(paths, "hook", agent=…, hookEvent=…,
outcome="ok"|"failed"|"timeout"|"skipped", ms=…, reason=…)``); this module only reads them.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import UTC, datetime, timedelta
from typing import Any

import orjson

from picasso_tui.agent.install.common import Launcher, ScopeState
from picasso_tui.paths import PicassoPaths
from picasso_tui.store import events

FAILED = frozenset({"failed", "timeout"})
WINDOW = timedelta(hours=24)
MAX_LISTED = 10


@dataclass
class Outcomes:
    last_ok: str | None = None
    last: dict[str, Any] | None = None
    failures: list[dict[str, Any]] = field(default_factory=list)  # the last 24 h, newest first
    failure_count: int = 0


@dataclass
class AgentStatus:
    agent: str
    title: str
    scopes: list[ScopeState]
    outcomes: Outcomes

    @property
    def installed(self) -> bool:
        return any(s.installed for s in self.scopes)


def hook_events(paths: PicassoPaths) -> list[dict[str, Any]]:
    """Every ``hook`` event in the log; a torn line (a crash mid-append) is skipped, not fatal."""
    try:
        lines = events.read(paths)
    except (ValueError, OSError):
        lines = []
        try:
            raw = paths.events_log.read_bytes().splitlines()
        except OSError:
            raw = []
        for line in raw:
            try:
                lines.append(orjson.loads(line))
            except ValueError:
                continue
    return [e for e in lines if isinstance(e, dict) and e.get("event") == "hook"]


def _when(event: dict[str, Any]) -> datetime | None:
    try:
        when = datetime.fromisoformat(str(event.get("ts")))
    except ValueError:
        return None
    return when if when.tzinfo else when.replace(tzinfo=UTC)


def _brief(event: dict[str, Any]) -> dict[str, Any]:
    return {k: event.get(k) for k in ("ts", "hookEvent", "outcome", "reason", "ms")}


def outcomes(hook_log: list[dict[str, Any]], agent: str, now: datetime | None = None) -> Outcomes:
    now = now or datetime.now(UTC)
    mine = [e for e in hook_log if e.get("agent") == agent]
    result = Outcomes()
    if mine:
        result.last = _brief(mine[-1])
    oks = [e for e in mine if e.get("outcome") == "ok"]
    if oks:
        result.last_ok = str(oks[-1].get("ts"))
    recent = [e for e in mine if e.get("outcome") in FAILED and (w := _when(e)) is not None and now - w <= WINDOW]
    result.failure_count = len(recent)
    result.failures = [_brief(e) for e in reversed(recent[-MAX_LISTED:])]
    return result


def scope_json(state: ScopeState) -> dict[str, Any]:
    return {
        "scope": state.scope,
        "file": str(state.file),
        "exists": state.exists,
        "installed": state.installed,
        "problem": state.problem,
        "hooks": [
            {
                "event": h.spec.event,
                "hook": h.spec.hook,
                "installed": h.command is not None,
                "command": h.command,
                "resolves": h.resolves,
                "trust": h.trust,
            }
            for h in state.hooks
        ],
        "mcpServer": None
        if state.mcp_file is None
        else {"file": str(state.mcp_file), "installed": state.mcp_command is not None, "command": state.mcp_command},
        "notify": state.notify,
        "hooksDisabled": state.disabled,
        "backup": str(state.backup) if state.backup else None,
    }


def as_json(statuses: list[AgentStatus], launcher: Launcher | None, on_path: str | None) -> dict[str, Any]:
    """The stable ``picasso agents status --json`` document (docs/cli.md)."""
    return {
        "picasso": {"onPath": on_path is not None, "path": on_path, "command": launcher.program if launcher else None},
        "agents": [
            {
                "agent": s.agent,
                "title": s.title,
                "installed": s.installed,
                "scopes": [scope_json(scope) for scope in s.scopes],
                "hookOutcomes": {
                    "lastOk": s.outcomes.last_ok,
                    "last": s.outcomes.last,
                    "failures24h": s.outcomes.failure_count,
                    "recentFailures": s.outcomes.failures,
                },
            }
            for s in statuses
        ],
    }
