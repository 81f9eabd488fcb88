"""A stand-in for ``picasso_tui.writeback.foreign.read_agent_transcript``, used only while that reader
(branch ``foreign``) is not merged, so the harness can be exercised. Figures produced with it are
marked ``reader: interim`` and are not the ones to report.

It maps the agents' files onto Picasso's transcript events in the plainest way: the first user
prompt is the ``prompt``, later typed user messages are ``correction``s, assistant text is
``output``, shell calls are ``tool_call`` / ``tool_result``, ``ExitPlanMode`` is a ``plan``
(approved when Claude Code answered "User has approved your plan"), edits are ``files_changed``.
"""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

from picasso_tui.writeback.transcript import Transcript

EXIT = re.compile(r"(?:Process exited with code|Exit code:?)\s*(\d+)")


def read(agent: str, path: Path) -> Transcript:
    lines = [json.loads(x) for x in path.read_text().splitlines() if x.strip()]
    t = Transcript()
    (_claude if agent == "claude" else _codex)(lines, t)
    return t


def _say(t: Transcript, kind: str, text: str) -> None:
    t.add(
        "prompt" if kind == "prompt" and not t.first("prompt") else "correction" if kind == "prompt" else kind,
        text=text,
    )


def _claude(lines: list[dict[str, Any]], t: Transcript) -> None:
    calls: dict[str, dict[str, Any]] = {}
    changed: dict[str, str] = {}
    for line in lines:
        if line.get("isSidechain") or line.get("isMeta") or line.get("isCompactSummary"):
            continue
        content = (line.get("message") or {}).get("content")
        if line.get("type") == "user" and isinstance(content, str):
            if not content.startswith("<"):
                _say(t, "prompt", content)
            continue
        for part in content if isinstance(content, list) else []:
            _claude_part(t, part, calls, changed)
    if changed:
        t.add("files_changed", files=[{"path": p, "status": s} for p, s in changed.items()])


def _claude_part(
    t: Transcript, part: dict[str, Any], calls: dict[str, dict[str, Any]], changed: dict[str, str]
) -> None:
    kind = part.get("type")
    if kind == "text" and not part["text"].startswith("["):
        for row in part["text"].splitlines():
            t.add("output", text=row)
    elif kind == "tool_use":
        calls[part["id"]] = part
        name, args = part["name"], part.get("input") or {}
        if name == "Bash":
            t.add("tool_call", tool="bash", input={"command": args["command"]}, callId=part["id"])
        elif name in ("Edit", "Write") and "/" in args.get("file_path", ""):
            changed[args["file_path"].split("/src/", 1)[-1].split("/", 1)[-1]] = "M" if name == "Edit" else "A"
    elif kind == "tool_result":
        call = calls.get(part["tool_use_id"]) or {}
        text = (
            part["content"]
            if isinstance(part["content"], str)
            else " ".join(c.get("text", "") for c in part["content"])
        )
        if call.get("name") == "Bash":
            code = int(m.group(1)) if (m := EXIT.match(text)) else (1 if part.get("is_error") else 0)
            t.add(
                "tool_result",
                tool="bash",
                ok=not part.get("is_error"),
                exitCode=code,
                output=text,
                callId=part["tool_use_id"],
            )
        elif call.get("name") == "ExitPlanMode":
            approved = text.startswith("User has approved your plan")
            t.add("plan", text=call["input"]["plan"], approved=approved)
            if not approved and "the user said:\n" in text:
                t.add("correction", text=text.split("the user said:\n", 1)[1])


def _codex(lines: list[dict[str, Any]], t: Transcript) -> None:
    for line in lines:
        payload = line.get("payload") or {}
        kind = payload.get("type")
        if line["type"] == "event_msg" and kind == "user_message":
            _say(t, "prompt", payload["message"])
        elif line["type"] != "response_item":
            continue
        elif kind == "message" and payload.get("role") == "assistant":
            for c in payload["content"]:
                for row in c.get("text", "").splitlines():
                    t.add("output", text=row)
        elif kind == "function_call" and payload["name"] in ("shell", "exec_command"):
            args = json.loads(payload["arguments"])
            cmd = args.get("cmd") or args["command"][-1]
            t.add("tool_call", tool="bash", input={"command": cmd}, callId=payload["call_id"])
        elif kind == "function_call_output" and payload["output"] != "Plan updated":
            out = payload["output"]
            if out.startswith("{"):
                data = json.loads(out)
                code, out = data["metadata"]["exit_code"], data["output"]
            else:
                code = int(m.group(1)) if (m := EXIT.search(out)) else 0
                out = out.split("Output:\n", 1)[-1]
            t.add("tool_result", tool="bash", ok=code == 0, exitCode=code, output=out, callId=payload["call_id"])
