"""Gemini CLI's saved sessions: ``~/.gemini/tmp/<project>/chats/session-<time>-<id>.jsonl``.

The current format is JSON lines: a metadata line (``sessionId``, ``projectHash``, ``startTime``),
then message records (``id``, ``type``: ``user`` / ``gemini`` / ``info`` / ``error`` / ``warning``,
``content``, and on ``gemini`` messages ``toolCalls`` with ``status`` and ``result``), ``{"$set": …}``
updates and ``{"$rewindTo": id}`` records. A message is appended again, whole, each time it changes (its
tool calls complete), so the session is the last record of each id: events are derived from that, and
those an earlier read already returned are left out. Older versions wrote one JSON object with a
``messages`` list (``session-….json``); there ``consumed`` counts messages.
Fields read are listed in docs/agent-transcripts.md.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import orjson

from picasso_tui.writeback.foreign.build import Builder, ForeignTranscript, parse_exit
from picasso_tui.writeback.foreign.lines import LineStats, iter_records, open_transcript, require_shape
from picasso_tui.writeback.transcript import TranscriptError

AGENT = "gemini"
NAME = "Gemini CLI"
MAX_JSON_BYTES = 64 * 1024 * 1024

_DONE = frozenset({"success", "error", "cancelled"})
_NOT_TYPED = ("/", "?", "!", "<session_context>", "<hook_context>")
_EXIT = re.compile(r"^Exit Code: (-?\d+)", re.MULTILINE)
_EDITS = frozenset({"write_file", "replace", "edit", "smart_edit"})
_SESSION_START = re.compile(rb'\s*\{\s*"sessionId"')
_FEEDBACK = re.compile(r"^Plan rejected\. User feedback: (.*?)(?:\n\n|\Z)", re.DOTALL)
Unit = tuple[tuple[str, str], Callable[[], object]]


def read(path: Path, start: int = 0, cwd: str | None = None) -> ForeignTranscript:
    cwd = cwd or _project_root(path)
    with open_transcript(path, NAME) as fh:
        legacy = path.suffix == ".json" or _one_object(fh)
        fh.seek(0)
        if legacy:
            return _read_json(fh.read(MAX_JSON_BYTES + 1), path, start, cwd)
        before, after = _State(), LineStats(consumed=0)
        for rec in iter_records(fh, after, end=start):
            before.apply(rec)
        state = before.copy()
        stats = LineStats(consumed=after.consumed if start else 0)
        for rec in iter_records(fh, stats):
            state.apply(rec)
    require_shape(stats, state.shaped, NAME, path)
    done_before = {key for msg in before.messages() for key, _ in _Reader(Builder(AGENT)).units(msg)}
    return _derive(state, done_before, stats.consumed, cwd, stats.bad + stats.oversized)


def _one_object(fh: Any) -> bool:
    """A whole-file JSON session, not JSON lines: an object over several lines, or one line with ``messages``."""
    first = fh.readline(1 << 20)
    if not first.lstrip().startswith(b"{"):
        return False
    try:
        obj = orjson.loads(first)
    except orjson.JSONDecodeError:
        return not first.rstrip().endswith(b"}")  # "{" alone, or a pretty-printed object's first line
    return isinstance(obj, dict) and isinstance(obj.get("messages"), list)


def _read_json(data: bytes, path: Path, start: int, cwd: str | None) -> ForeignTranscript:
    if len(data) > MAX_JSON_BYTES:
        raise TranscriptError(f"{path} is larger than {MAX_JSON_BYTES >> 20} MB; Picasso does not read it.")
    try:
        obj = orjson.loads(data)
    except orjson.JSONDecodeError:
        if _SESSION_START.match(data):
            return ForeignTranscript(Builder(AGENT).transcript, start, AGENT)  # being rewritten: read it next time
        raise TranscriptError(f"{path} is not a {NAME} session: it is not JSON.") from None
    if not isinstance(obj, dict) or not isinstance(obj.get("messages"), list) or "sessionId" not in obj:
        raise TranscriptError(f"{path} is not a {NAME} session: it has no sessionId and messages.")
    state = _State()
    state.apply({k: v for k, v in obj.items() if k != "messages"})
    msgs = [m for m in obj["messages"] if isinstance(m, dict) and isinstance(m.get("id"), str)]
    for msg in msgs:
        state.apply(msg)
    done_before = {key for msg in msgs[:start] for key, _ in _Reader(Builder(AGENT)).units(msg)}
    return _derive(state, done_before, len(msgs), cwd, 0)


def _derive(
    state: _State, done_before: set[tuple[str, str]], consumed: int, cwd: str | None, skipped: int
) -> ForeignTranscript:
    b = Builder(AGENT, resumed=bool(done_before), cwd=cwd)
    b.note(agentSession=state.meta.get("sessionId"), cwd=cwd)
    reader = _Reader(b)
    for msg in state.messages():
        for key, act in reader.units(msg):
            b.muted = key in done_before
            act()
    b.muted = False
    return b.read_so_far(consumed, skipped_lines=skipped, cwd=cwd)


def _project_root(path: Path) -> str | None:
    """Gemini CLI keeps the project's root beside its chats (``<project>/.project_root``)."""
    try:
        root = (path.parent.parent / ".project_root").read_text(encoding="utf-8").strip()
    except (OSError, UnicodeDecodeError):
        return None
    return root or None


class _State:
    """The session as Gemini CLI would load it: metadata and the last record of each message id."""

    def __init__(self) -> None:
        self.meta: dict[str, Any] = {}
        self.by_id: dict[str, dict[str, Any]] = {}
        self.shaped = 0

    def copy(self) -> _State:
        other = _State()
        other.meta, other.by_id, other.shaped = dict(self.meta), dict(self.by_id), self.shaped
        return other

    def messages(self) -> list[dict[str, Any]]:
        return list(self.by_id.values())

    def apply(self, rec: dict[str, Any]) -> None:
        if isinstance(rec.get("$rewindTo"), str):
            ids = list(self.by_id)
            cut = ids.index(rec["$rewindTo"]) if rec["$rewindTo"] in ids else 0
            self.by_id = {i: self.by_id[i] for i in ids[:cut]}
        elif isinstance(rec.get("$set"), dict):
            update = rec["$set"]
            if isinstance(update.get("messages"), list):  # a checkpoint: the whole list again
                listed = [m for m in update["messages"] if isinstance(m, dict) and isinstance(m.get("id"), str)]
                self.by_id = {m["id"]: m for m in listed}
            self.meta.update({k: v for k, v in update.items() if k != "messages"})
        elif isinstance(rec.get("id"), str) and isinstance(rec.get("type"), str):
            self.by_id[rec["id"]] = rec
        elif isinstance(rec.get("sessionId"), str):
            self.meta.update(rec)
        else:
            return
        self.shaped += 1


class _Reader:
    def __init__(self, builder: Builder) -> None:
        self.b = builder
        self.plan_files: dict[str, str] = {}  # plan file path -> the content the agent wrote there

    def units(self, msg: dict[str, Any]) -> Iterator[Unit]:
        """What one message adds, each with the key that says whether an earlier read returned it."""
        at = msg.get("timestamp")
        mid = str(msg["id"])
        if msg.get("type") == "user":
            text = _text(msg.get("displayContent") or msg.get("content"))
            if text.strip() and not text.strip().startswith(_NOT_TYPED):
                yield ("user", mid), lambda: self.b.user(text, at)
        elif msg.get("type") == "gemini":
            if isinstance(msg.get("model"), str):
                self.b.note(model=msg["model"])
            text = _text(msg.get("content"))
            if text.strip():
                yield ("text", mid), lambda: self.b.output(text, at)
            for call in msg.get("toolCalls") or []:
                if isinstance(call, dict) and call.get("status") in _DONE and isinstance(call.get("name"), str):
                    yield ("call", str(call.get("id"))), lambda call=call: self._tool(call)

    def _tool(self, call: dict[str, Any]) -> None:
        name, at, call_id = call["name"], call.get("timestamp"), str(call.get("id"))
        args = call.get("args") if isinstance(call.get("args"), dict) else {}
        output, failed = _response(call.get("result"))
        if name == "exit_plan_mode":
            self._plan_answer(args, output, at, call_id, call.get("status"))
            return
        if name == "write_file" and isinstance(args.get("content"), str) and "/plans/" in str(args.get("file_path")):
            self.plan_files[str(args["file_path"])] = args["content"]
        self.b.call(name, args, call_id, at)
        if call.get("status") == "cancelled" or output.startswith("Command was cancelled by user"):
            self.b.interrupted()
            return
        shell = name == "run_shell_command"
        code = parse_exit(output, _EXIT) if shell else None  # Gemini CLI reports a non-zero exit only
        ok = call.get("status") == "success" and not failed and code in (None, 0)
        self.b.result(call_id, at, ok=ok, output=output, exit_code=0 if shell and ok else code)
        path = args.get("file_path")
        if ok and name in _EDITS and isinstance(path, str) and "/plans/" not in path:
            self.b.file_changed(path, "A" if output.startswith("Successfully created") else "M", at)

    def _plan_answer(self, args: dict[str, Any], output: str, at: Any, call_id: str, status: Any) -> None:
        """exit_plan_mode names the plan file the agent wrote earlier; its answer says approved or rejected."""
        name = str(args.get("plan_filename") or args.get("plan_path") or "")
        text = next((c for p, c in reversed(self.plan_files.items()) if name and p.endswith(name)), None)
        if text:
            self.b.plan(text, at, key=call_id, ref=name, answered=True)
            if output.startswith("Plan approved"):
                self.b.approve_plan(at, key=call_id)
            else:
                self.b.reject_plan(at, key=call_id)
        feedback = _FEEDBACK.match(output)
        if feedback and feedback.group(1).strip():
            self.b.correction(feedback.group(1), at)
        elif status == "cancelled" or output.startswith(("Plan rejected", "User cancelled")):
            self.b.interrupted()


def _text(content: Any) -> str:
    """The text parts of a message (``thought`` parts and function calls left out)."""
    if isinstance(content, str):
        return content
    if isinstance(content, dict):
        content = [content]
    if not isinstance(content, list):
        return ""
    parts = [p.get("text") for p in content if isinstance(p, dict) and not p.get("thought")]
    return "\n".join(t for t in parts if isinstance(t, str))


def _response(result: Any) -> tuple[str, bool]:
    """A tool call's result as the model saw it (``functionResponse.response``: ``output`` or ``error``)."""
    texts: list[str] = []
    failed = False
    for part in result if isinstance(result, list) else []:
        response = part.get("functionResponse", {}).get("response") if isinstance(part, dict) else None
        if isinstance(response, dict):
            if isinstance(response.get("error"), str):
                texts.append(response["error"])
                failed = True
            elif isinstance(response.get("output"), str):
                texts.append(response["output"])
        elif isinstance(part, dict) and isinstance(part.get("text"), str):
            texts.append(part["text"])
    return "\n".join(texts), failed
