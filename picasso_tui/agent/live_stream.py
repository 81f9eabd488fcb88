"""The agent's output as it arrives: each line becomes transcript events (what the write-back reads) and the
lines a person sees. A structured stream (Claude Code's stream-json, Codex's ``exec --json``, Gemini CLI's
stream-json) is rendered as text: the agent's words, one short line a tool call (``> Bash: pytest -q``), a
failure (``! failed (exit 1)``), the plan, and the error a run ends with. No line of the JSON protocol itself
reaches the screen."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import orjson

from picasso_tui.writeback.transcript import Event, Transcript, command_of, events_from_agent_line

_TODO_TOOLS = frozenset({"TodoWrite", "write_todos"})
_INPUT_KEYS = ("file_path", "notebook_path", "pattern", "query", "url", "path", "dir_path", "description", "prompt")
_MARKS = {"completed": "[x]", "in_progress": "[~]", "cancelled": "[-]"}
MAX_PLAN_LINES = 40
MAX_ERROR_CHARS = 300


class LiveStream:
    """One run's output, line by line, into ``transcript`` and ``on_output``. ``structured``: the agent was
    asked for a JSON event stream, so a JSON line none of the stream readers knows is protocol, never text."""

    def __init__(
        self,
        transcript: Transcript,
        on_output: Callable[[str], None] | None,
        *,
        structured: bool,
        root: str | None = None,
    ) -> None:
        self._transcript = transcript
        self._root = root  # the workspace: a path under it is shown relative
        self._on_output = on_output
        self._structured = structured
        self._partial = ""  # streamed text not yet ended by a newline (Gemini sends its answer in pieces)
        self._last_error = ""  # the last error notice: a failed result that names no error means it
        self._last_said = ""  # the last error or line of text shown: a failed result often repeats it
        self.agent_error: str | None = None  # the error the agent said its run ended with

    def feed(self, line: str) -> None:
        reported = events_from_agent_line(line)
        if not reported:
            stripped = line.strip()
            if self._structured and stripped.startswith("{") and stripped.endswith("}"):
                return  # protocol this version does not read (rate limits, hook notices …)
            self._flush()
            self._output(line.rstrip("\n"))
            return
        for kind, data in reported:
            self._event(kind, data)

    def close(self) -> None:
        """The agent has finished: what it streamed without a final newline is a line too."""
        self._flush()

    def _event(self, kind: str, data: dict[str, Any]) -> None:
        if kind == "skip":
            return
        if kind == "output" and data.get("delta"):
            self._stream(str(data.get("text") or ""))
            return
        self._flush()
        if kind == "output":
            for text in str(data.get("text") or "").splitlines():
                self._output(text)
        elif kind == "notice":
            self._notice(str(data.get("text") or ""), str(data.get("level") or "info"))
        elif kind == "todo":
            self._show(*todo_lines(data.get("items")))
        elif kind == "agent_error":
            text = _one_line(str(data.get("text") or "")) or self._last_error or "the agent reported an error"
            if text not in (self._last_error, self._last_said):
                self._show(f"  ! error: {text}")
            self.agent_error = text
        else:
            if kind == "plan":
                data.pop("approved", None)  # only the user approves a plan, never the agent's own output
            self._transcript.add(kind, **data)
            self._show(*display_lines(kind, data, self._root))

    def _notice(self, text: str, level: str) -> None:
        text = _one_line(text)
        if level == "info":
            self._show(f"  > {text}")
            return
        if level == "error":
            self._last_error = self._last_said = text
        self._show(f"  ! {level}: {text}")

    def _stream(self, text: str) -> None:
        *lines, self._partial = (self._partial + text).split("\n")
        for line in lines:
            self._output(line)

    def _flush(self) -> None:
        if self._partial:
            text, self._partial = self._partial, ""
            self._output(text)

    def _output(self, text: str) -> None:
        self._transcript.add("output", text=text)
        self._show(text)
        if text.strip():
            self._last_said = _one_line(text)

    def _show(self, *lines: str) -> None:
        if self._on_output:
            for line in lines:
                self._on_output(line + "\n")


def display_lines(kind: str, data: dict[str, Any], root: str | None = None) -> list[str]:
    """How a recorded event is shown in a live view ([]: not shown); paths under ``root`` relative to it."""
    if kind == "output":
        return [str(data.get("text", "")).rstrip("\n")]
    if kind == "tool_call":
        if data.get("tool") in _TODO_TOOLS and isinstance(data.get("input"), dict):
            return todo_lines(data["input"].get("todos"))
        return [f"  > {data.get('tool') or 'tool'}: {tool_summary(data, root)}"]
    if kind == "tool_result" and not data.get("ok", True):
        code = data.get("exitCode")
        return [f"  ! failed (exit {code})" if code else "  ! failed"]
    if kind == "plan":
        lines = str(data.get("text") or "").strip().splitlines()
        more = [f"    … ({len(lines) - MAX_PLAN_LINES} more lines)"] if len(lines) > MAX_PLAN_LINES else []
        return ["  Plan proposed:", *(f"    {line}" for line in lines[:MAX_PLAN_LINES]), *more]
    return []


def tool_summary(data: dict[str, Any], root: str | None = None) -> str:
    """What a tool call works on, in one short line: its command, else the file, pattern or query it names."""
    value = data.get("input")
    command = command_of(Event(0, "tool_call", data))
    if command:
        return _short(command)
    if isinstance(value, dict):
        named = next((value[k] for k in _INPUT_KEYS if isinstance(value.get(k), str) and value[k].strip()), None)
        if named is not None:
            inside = root and named.startswith(root.rstrip("/") + "/")
            return _short(named[len(root.rstrip("/")) + 1 :] if inside and root else named)
    if isinstance(value, str):
        return _short(value)
    return _short(orjson.dumps(value).decode()) if value else ""


def todo_lines(items: Any) -> list[str]:
    """A to-do list (Claude's TodoWrite, Gemini's write_todos, Codex's todo_list) as one line a step."""
    out = ["  Plan:"]
    for item in items if isinstance(items, list) else []:
        if isinstance(item, dict):
            text = item.get("content") or item.get("description") or item.get("text") or ""
            out.append(f"    {_MARKS.get(str(item.get('status')), '[ ]')} {_short(str(text))}")
    return out if len(out) > 1 else []


def _short(text: str, limit: int = 100) -> str:
    one = " ".join(text.split())
    return one if len(one) <= limit else one[: limit - 1] + "…"


def _one_line(text: str) -> str:
    first = next((line.strip() for line in text.splitlines() if line.strip()), "")
    return first if len(first) <= MAX_ERROR_CHARS else first[: MAX_ERROR_CHARS - 1] + "…"
