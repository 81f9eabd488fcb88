"""Codex CLI's rollout files: ``~/.codex/sessions/YYYY/MM/DD/rollout-<time>-<thread id>.jsonl``.

Every line is ``{"timestamp", "type", "payload"}`` with ``type`` one of ``session_meta``,
``response_item`` (the model's history: messages, ``function_call`` / ``custom_tool_call`` /
``local_shell_call`` and their outputs), ``event_msg`` (``user_message``, ``agent_message``,
``item_completed`` ...), ``turn_context`` and ``compacted``; older rollouts hold bare response items.
Codex records the user's and the agent's words twice (as a response item and as an event): the second
copy is dropped. Fields read are listed in docs/agent-transcripts.md.
"""

from __future__ import annotations

import contextlib
import os
import re
import shlex
from pathlib import Path
from typing import Any

import orjson

from picasso_tui.writeback.foreign.build import Builder, ForeignTranscript, parse_exit
from picasso_tui.writeback.foreign.lines import (
    LineStats,
    iter_records,
    lookback_start,
    open_transcript,
    require_shape,
)

AGENT = "codex"
NAME = "Codex CLI"
LOOKBACK_BYTES = 2 * 1024 * 1024

_WRAPPED = frozenset({"session_meta", "response_item", "event_msg", "turn_context", "compacted"})
_BARE_ITEMS = frozenset(
    {
        "message", "function_call", "function_call_output", "custom_tool_call", "custom_tool_call_output",
        "local_shell_call", "reasoning", "web_search_call", "ghost_snapshot",
    }
)  # fmt: skip
# Context Codex itself puts in the user's turn (environment, AGENTS.md, permissions ...), never typed.
_CONTEXT = re.compile(r"\A\s*(?:<([A-Za-z_][\w -]*)>.*</\1>\s*\Z|# AGENTS\.md instructions)", re.DOTALL)
_IMPLEMENT_PLAN = "Implement the plan."  # what Codex sends when the user picks "Yes, implement this plan"
_FRESH_PLAN = "A previous agent produced the plan below"
_SHELLS = frozenset({"shell", "shell_command", "exec_command", "local_shell", "container.exec"})
_EXIT = re.compile(r"^(?:Exit code:|Process exited with code) (-?\d+)", re.MULTILINE)
_PATCH_FILE = re.compile(r"^\*\*\* (Add|Update|Delete) File: (.+)$", re.MULTILINE)
_PATCH_STATUS = {"Add": "A", "Update": "M", "Delete": "D"}


def read(path: Path, start: int = 0) -> ForeignTranscript:
    reader = _Reader(Builder(AGENT, resumed=start > 0))
    with open_transcript(path, NAME) as fh:
        seen_before = 0
        if start > 0:
            reader.b.muted = True
            head = LineStats(consumed=0)
            seen_before = sum(reader.line(rec) for rec in iter_records(fh, head, end=min(start, 65536)))
            before = LineStats(consumed=max(head.consumed, lookback_start(fh, start, LOOKBACK_BYTES)))
            seen_before += sum(reader.line(rec) for rec in iter_records(fh, before, end=start))
            reader.b.unmute()
        stats = LineStats(consumed=start)
        shaped = sum(reader.line(rec) for rec in iter_records(fh, stats))
    require_shape(stats, shaped + seen_before, NAME, path)
    return reader.b.read_so_far(stats.consumed, skipped_lines=stats.bad + stats.oversized)


def rollout_path(thread_id: str, codex_home: Path | None = None) -> Path | None:
    """The rollout file of a Codex thread (its ``notify`` payload names the thread, not the file)."""
    home = codex_home or Path(os.environ.get("CODEX_HOME") or Path.home() / ".codex")
    if not re.fullmatch(r"[0-9A-Za-z-]{8,64}", thread_id):
        return None
    found = sorted((home / "sessions").glob(f"*/*/*/rollout-*-{thread_id}.jsonl"))
    return found[-1] if found else None


class _Reader:
    def __init__(self, builder: Builder) -> None:
        self.b = builder
        self.subagent = False  # a sub-agent's rollout: its "user" is the parent agent
        self.patches: dict[str, list[tuple[str, str]]] = {}

    def line(self, rec: dict[str, Any]) -> int:
        kind = rec.get("type")
        payload = rec.get("payload")
        at = rec.get("timestamp")
        if kind in _WRAPPED and isinstance(payload, dict):
            if kind == "session_meta":
                self._meta(payload)
            elif kind == "turn_context":
                self.b.note(model=payload.get("model"))
            elif kind == "response_item":
                self._item(payload, at)
            elif kind == "event_msg":
                self._event(payload, at)
            return 1
        if kind in _BARE_ITEMS:  # rollouts written before the {type, payload} wrapper
            self._item(rec, at)
            return 1
        return int("record_type" in rec or ("id" in rec and "instructions" in rec))

    def _meta(self, meta: dict[str, Any]) -> None:
        self.b.note(agentSession=meta.get("id"), cwd=meta.get("cwd"), cliVersion=meta.get("cli_version"))
        git = meta.get("git")
        if isinstance(git, dict):
            self.b.note(gitBranch=git.get("branch"))
        source = meta.get("source")
        if isinstance(source, dict) and "subagent" in source:
            self.subagent = True

    def _event(self, event: dict[str, Any], at: Any) -> None:
        kind = event.get("type")
        if kind == "user_message" and isinstance(event.get("message"), str):
            self._user(event["message"], at, "event")
        elif kind == "agent_message" and isinstance(event.get("message"), str):
            self.b.output(event["message"], at, channel="event")
        elif kind == "turn_aborted":
            self.b.interrupted()
        elif kind == "item_completed" and isinstance(event.get("item"), dict):
            item = event["item"]
            if item.get("type") == "Plan" and isinstance(item.get("text"), str):
                self.b.plan(item["text"], at, key=item.get("id"))
            elif item.get("type") == "UserMessage":
                self._user(_texts(item.get("content"), ("text",)), at, "event")
            elif item.get("type") == "AgentMessage":
                self.b.output(_texts(item.get("content"), ("Text", "text")), at, channel="event")

    def _item(self, item: dict[str, Any], at: Any) -> None:
        kind = item.get("type")
        call_id = item.get("call_id") if isinstance(item.get("call_id"), str) else None
        if kind == "message":
            if item.get("role") == "user":
                self._user(_texts(item.get("content"), ("input_text",)), at, "item")
            elif item.get("role") == "assistant":
                self.b.output(_texts(item.get("content"), ("output_text",)), at, channel="item")
        elif kind == "function_call" and isinstance(item.get("name"), str):
            self._call(item["name"], _arguments(item.get("arguments")), call_id, at)
        elif kind == "custom_tool_call" and isinstance(item.get("name"), str):
            self._call(item["name"], {"input": item.get("input")}, call_id, at)
        elif kind == "local_shell_call" and isinstance(item.get("action"), dict):
            self._call("local_shell", item["action"], call_id or item.get("id"), at)
        elif kind in ("function_call_output", "custom_tool_call_output"):
            self._output(call_id, item.get("output"), at)

    def _user(self, text: str, at: Any, channel: str) -> None:
        stripped = text.strip()
        if self.subagent or not stripped or _CONTEXT.match(stripped):
            return
        if stripped.startswith(_IMPLEMENT_PLAN):
            self.b.approve_plan(at)
        elif stripped.startswith(_FRESH_PLAN):
            self.b.approve_plan(at, text=stripped.partition("\n\n")[2])
        else:
            self.b.user(text, at, channel=channel)

    def _call(self, name: str, args: dict[str, Any], call_id: str | None, at: Any) -> None:
        tool_input: dict[str, Any] = args
        if name in _SHELLS:
            command = args.get("command", args.get("cmd"))
            workdir = args.get("workdir") or args.get("working_directory")
            tool_input = {"command": _script(command), **({"workdir": workdir} if workdir else {})}
        elif name == "apply_patch":
            patch = args.get("input") if isinstance(args.get("input"), str) else args.get("patch")
            if isinstance(patch, str) and call_id:
                self.patches[call_id] = [(p.strip(), _PATCH_STATUS[k]) for k, p in _PATCH_FILE.findall(patch)]
        self.b.call(name, tool_input, call_id, at)

    def _output(self, call_id: str | None, raw: Any, at: Any) -> None:
        text, code, state = parse_output(raw)
        if state == "stopped":
            self.b.interrupted()
            return
        if state == "running":
            return
        ok = state != "failed" and code in (None, 0)
        self.b.result(call_id, at, ok=ok, output=text, exit_code=code)
        if ok and call_id:
            for path, status in self.patches.pop(call_id, []):
                self.b.file_changed(path, status, at)


def parse_output(raw: Any) -> tuple[str, int | None, str]:
    """A tool output's text, exit code and state (``done``, ``failed``, ``stopped`` by the user, ``running``).

    Codex has written three shapes: ``{"output", "metadata": {"exit_code"}}`` as JSON text; a header
    (``Exit code: N`` or ``Process exited with code N``) before ``Output:``; and plain text."""
    if isinstance(raw, list):
        raw = _texts(raw, ("input_text", "output_text", "text"))
    if isinstance(raw, str) and raw.lstrip().startswith("{"):
        with contextlib.suppress(orjson.JSONDecodeError):
            raw = orjson.loads(raw)
    if isinstance(raw, dict):
        meta = raw.get("metadata") if isinstance(raw.get("metadata"), dict) else {}
        code = meta.get("exit_code") if isinstance(meta.get("exit_code"), int) else None
        body = raw.get("output", raw.get("content", ""))
        failed = raw.get("isError") is True or raw.get("success") is False
        text = body if isinstance(body, str) else orjson.dumps(body).decode()
        return text, code, "failed" if failed else "done"
    text = raw if isinstance(raw, str) else ""
    head, sep, body = text.partition("\nOutput:\n")
    lowered = text[:300].lower()
    if "aborted by user" in lowered or "rejected by user" in lowered or "declined by user" in lowered:
        return text, None, "stopped"
    if "Process running with session ID" in head:
        return text, None, "running"
    code = parse_exit(head, _EXIT) if sep else None  # only Codex's own header says how the command ended
    return (body if code is not None else text), code, "done"


def _texts(content: Any, kinds: tuple[str, ...]) -> str:
    if isinstance(content, str):
        return content
    if not isinstance(content, list):
        return ""
    parts = [p.get("text") for p in content if isinstance(p, dict) and p.get("type") in kinds]
    return "\n".join(t for t in parts if isinstance(t, str))


def _arguments(raw: Any) -> dict[str, Any]:
    if isinstance(raw, dict):
        return raw
    if isinstance(raw, str):
        try:
            parsed = orjson.loads(raw)
        except orjson.JSONDecodeError:
            return {"arguments": raw}
        return parsed if isinstance(parsed, dict) else {"arguments": raw}
    return {}


def _script(command: Any) -> str:
    """The shell script a call ran: ``["bash", "-lc", "pytest -q"]`` is ``pytest -q``."""
    if isinstance(command, str):
        return command
    if isinstance(command, list) and all(isinstance(c, str) for c in command):
        if len(command) == 3 and os.path.basename(command[0]) in ("bash", "sh", "zsh") and command[1] in ("-lc", "-c"):
            return command[2]
        return shlex.join(command)
    return ""
