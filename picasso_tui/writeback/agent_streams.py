"""The agents' structured streams beyond the tool calls ``transcript.events_from_agent_line`` reads itself:
Gemini CLI's ``--output-format stream-json`` events, Claude Code's final ``result``, and what Codex's
``exec --json`` reports besides commands and answers (to-do lists, edits, MCP calls, errors, a failed turn).

Each function reads one decoded JSON object and returns ``(kind, data)`` pairs: transcript event types
(``output``, ``tool_call``, ``tool_result``), ``skip``, or kinds a live view shows and the transcript does
not keep: ``notice`` ({text, level: info | warning | error}), ``todo`` ({items: [{text, status}]}) and
``agent_error`` ({text}: the agent says its run failed).

Sources of the shapes: Gemini CLI ``packages/core/src/output/types.ts`` (``JsonStreamEvent``) and
``packages/cli/src/nonInteractiveCli.ts``; Claude Code's result message (``SDKResultMessage``: ``subtype``,
``is_error``, ``result``, ``errors``); Codex ``codex-rs/exec/src/exec_events.rs`` (``ThreadEvent``).
"""

from __future__ import annotations

import os
import re
import shlex
from typing import Any

Pair = tuple[str, dict[str, Any]]
SKIP: Pair = ("skip", {})

_GEMINI_KINDS = frozenset({"init", "message", "tool_use", "tool_result", "error", "result"})
_GEMINI_SHELL = "run_shell_command"
_GEMINI_NO_OUTPUT = re.compile(r"^Command exited with code: (-?\d+)$")
# Gemini reports a shell command that ran as a success whatever its exit code (the code is in the text it gives
# the model, not in the stream); a test runner's own failure line is how a failed run shows.
_RUNNER_FAILED = re.compile(
    r"^(?:FAILED \S+::\S+|=+ .*\b\d+ failed\b.*=+|\d+ failed\b.*|Tests?:\s+\d+ failed\b.*|FAIL\s+\S+.*|"
    r"--- FAIL: .*|test result: FAILED\b.*|npm ERR! .*|error: test failed.*)$",
    re.MULTILINE,
)
_CLAUDE_ERRORS = {
    "error_max_turns": "stopped at its maximum number of turns",
    "error_max_budget_usd": "stopped at its budget",
    "error_during_execution": "failed during execution",
    "error_max_structured_output_retries": "could not produce the structured output asked for",
}


def gemini_events(obj: dict[str, Any]) -> list[Pair] | None:
    """Gemini CLI's stream-json events (None: not one of them). The answer arrives in pieces
    (``delta: true``); the live view joins them into lines."""
    kind = obj.get("type")
    if kind not in _GEMINI_KINDS or not _is_gemini(kind, obj):
        return None
    if kind == "message":
        if obj.get("role") != "assistant":
            return [SKIP]  # the prompt echoed back: Picasso recorded it, and it holds the memory block
        return [("output", {"text": str(obj.get("content") or ""), "delta": bool(obj.get("delta"))})]
    if kind == "tool_use":
        params = obj.get("parameters")
        return [("tool_call", {"tool": obj.get("tool_name"), "input": params, "callId": obj.get("tool_id")})]
    if kind == "tool_result":
        return [("tool_result", _gemini_result(obj))]
    if kind == "error":
        level = "warning" if obj.get("severity") == "warning" else "error"
        return [("notice", {"text": str(obj.get("message") or ""), "level": level})]
    if kind == "result" and obj.get("status") == "error":
        error = obj.get("error") if isinstance(obj.get("error"), dict) else {}
        return [("agent_error", {"text": str(error.get("message") or "")})]
    return [SKIP]  # init, a successful result (its stats are bookkeeping)


def _is_gemini(kind: str, obj: dict[str, Any]) -> bool:
    """Gemini's events carry a timestamp and their own field names, so other agents' lines are not taken for them."""
    if "timestamp" not in obj:
        return False
    if kind == "message":
        return isinstance(obj.get("content"), str) and "role" in obj
    if kind == "tool_use":
        return "tool_name" in obj
    if kind == "tool_result":
        return "tool_id" in obj and "status" in obj
    if kind == "error":
        return "severity" in obj
    return kind == "init" or "status" in obj


def _gemini_result(obj: dict[str, Any]) -> dict[str, Any]:
    error = obj.get("error") if isinstance(obj.get("error"), dict) else None
    output = str(obj.get("output") or (error or {}).get("message") or "")
    data: dict[str, Any] = {"ok": obj.get("status") == "success", "output": output, "callId": obj.get("tool_id")}
    quiet = _GEMINI_NO_OUTPUT.match(output.strip())
    if quiet:
        data.update(ok=False, exitCode=int(quiet.group(1)))
    elif data["ok"] and str(obj.get("tool_id") or "").startswith(_GEMINI_SHELL) and _RUNNER_FAILED.search(output):
        data["ok"] = False
    return data


def claude_result(obj: dict[str, Any]) -> list[Pair]:
    """Claude Code's last event: nothing to show on success (its text was already shown, and cost and
    duration are bookkeeping); on ``is_error`` the error. An API error comes as ``subtype: success`` with
    ``is_error: true`` and the message in ``result``."""
    if not obj.get("is_error"):
        return [SKIP]
    text = obj.get("result") if isinstance(obj.get("result"), str) else ""
    errors = [e if isinstance(e, str) else str((e or {}).get("message", "")) for e in obj.get("errors") or []]
    text = text.strip() or "; ".join(e for e in errors[:2] if e) or _CLAUDE_ERRORS.get(str(obj.get("subtype")), "")
    return [("agent_error", {"text": text})]


def codex_events(kind: str, obj: dict[str, Any]) -> list[Pair]:
    """What Codex reports besides its commands and answers ([] when this is not one of those)."""
    if kind == "turn.failed":
        error = obj.get("error") if isinstance(obj.get("error"), dict) else {}
        return [("agent_error", {"text": str(error.get("message") or "")})]
    if kind == "error" and isinstance(obj.get("message"), str) and "severity" not in obj:
        return [("notice", {"text": obj["message"], "level": "error"})]  # may be retried; turn.failed decides
    item = obj.get("item")
    if not isinstance(item, dict):
        return []
    what = item.get("type")
    if what == "todo_list" and kind in ("item.started", "item.updated"):
        steps = [s for s in item.get("items") or [] if isinstance(s, dict)]
        items = [
            {"text": str(s.get("text", "")), "status": "completed" if s.get("completed") else "pending"} for s in steps
        ]
        return [("todo", {"items": items})]
    if kind != "item.completed":
        return []
    if what == "error":
        return [("notice", {"text": str(item.get("message") or ""), "level": "warning"})]
    if what == "file_change":
        files = [str(c.get("path")) for c in item.get("changes") or [] if isinstance(c, dict)]
        failed = " (failed)" if item.get("status") == "failed" else ""
        return [("notice", {"text": f"edit: {', '.join(files)}{failed}", "level": "info"})]
    if what == "mcp_tool_call":
        return _codex_mcp(item)
    if what == "web_search":
        return [("notice", {"text": f"web search: {item.get('query', '')}", "level": "info"})]
    return []


def _codex_mcp(item: dict[str, Any]) -> list[Pair]:
    tool = f"{item.get('server')}.{item.get('tool')}"
    error = item.get("error") if isinstance(item.get("error"), dict) else None
    result = item.get("result") if isinstance(item.get("result"), dict) else {}
    text = "\n".join(str(c.get("text", "")) for c in result.get("content") or [] if isinstance(c, dict))
    return [
        ("tool_call", {"tool": tool, "input": item.get("arguments"), "callId": item.get("id")}),
        (
            "tool_result",
            {"tool": tool, "ok": item.get("status") == "completed" and error is None,
             "output": str((error or {}).get("message") or text), "callId": item.get("id")},
        ),
    ]  # fmt: skip


_CLAUDE_EXIT = re.compile(r"^Exit code (\d+)\b")
_SHELLS = frozenset({"bash", "zsh", "sh"})


def claude_tool_result(part: dict[str, Any]) -> dict[str, Any]:
    """A ``tool_result`` part of Claude Code's stream; a failed Bash command's text starts ``Exit code N``."""
    body = part.get("content")
    if isinstance(body, list):
        body = "\n".join(str(p.get("text", "")) for p in body if isinstance(p, dict))
    output = str(body or "")
    data: dict[str, Any] = {"ok": not part.get("is_error"), "output": output, "callId": part.get("tool_use_id")}
    code = _CLAUDE_EXIT.match(output) if part.get("is_error") else None
    if code:
        data["exitCode"] = int(code.group(1))
    return data


def unwrap_shell(command: Any) -> Any:
    """The command a login shell was asked to run: Codex reports ``bash -lc 'pytest -q'`` for ``pytest -q``."""
    if not isinstance(command, str):
        return command
    try:
        argv = shlex.split(command)
    except ValueError:
        return command
    if len(argv) == 3 and os.path.basename(argv[0]) in _SHELLS and argv[1] in ("-lc", "-c"):
        return argv[2]
    return command
