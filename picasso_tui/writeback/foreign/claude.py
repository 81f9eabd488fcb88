"""Claude Code's session transcript (the JSON lines its hooks name as ``transcript_path``).

Each line has a ``type``: ``user`` and ``assistant`` lines carry ``message.content`` (a string, or
``text`` / ``tool_use`` / ``tool_result`` / ``thinking`` parts); the rest (``summary``, ``system``,
``progress``, ``file-history-snapshot``, ``queue-operation`` ...) hold nothing the classifier reads.
Fields read are listed in docs/agent-transcripts.md.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

from picasso_tui.writeback.foreign.build import Builder, ForeignTranscript, parse_exit
from picasso_tui.writeback.foreign.lines import (
    LineStats,
    iter_records,
    lookback_start,
    open_transcript,
    require_shape,
)

AGENT = "claude"
NAME = "Claude Code"
LOOKBACK_BYTES = 2 * 1024 * 1024
"""On a resumed read, the bytes before ``start`` re-read (muted) for the calls and plans the new lines answer."""

_QUIET_TYPES = frozenset(
    {
        "summary", "system", "progress", "file-history-snapshot", "queue-operation", "custom-title",
        "agent-name", "last-prompt", "pr-link", "mode", "ai-title", "tag",
    }
)  # fmt: skip
# User lines Claude Code writes itself: slash commands and their output, `!` shell input, notifications.
_WRAPPERS = (
    "<command-name>", "<command-message>", "<command-args>", "<local-command-stdout>", "<local-command-stderr>",
    "<local-command-caveat>", "<bash-input>", "<bash-stdout>", "<bash-stderr>", "<task-notification>",
    "<user-memory-input>", "<user-prompt-submit-hook>", "Caveat: The messages below",
)  # fmt: skip
_INTERRUPT = "[Request interrupted by user"
_REJECTED = ("The user doesn't want to proceed with this tool use", "The user doesn't want to take this action")
_DENIED = "Permission for this tool use was denied"
_SAID = re.compile(r"(?:the user said|The user said|User feedback):\n(.*?)(?:\n\nStay in plan mode.*)?\Z", re.DOTALL)
_PLAN_REJECTED = "The agent proposed a plan that was rejected by the user"  # utils/messages.ts PLAN_REJECTION_PREFIX
_PLAN_APPROVED = ("User has approved your plan", "User has approved exiting plan mode", "User has approved the plan")
_APPROVED_PLAN = re.compile(r"^## Approved Plan[^\n]*:\n(.*)\Z", re.DOTALL | re.MULTILINE)
_EXIT = re.compile(r"^(?:Error: )?Exit code (-?\d+)", re.MULTILINE)
_EDITS = frozenset({"Edit", "MultiEdit", "Write", "NotebookEdit"})


def read(path: Path, start: int = 0) -> ForeignTranscript:
    reader = _Reader(Builder(AGENT, resumed=start > 0))
    with open_transcript(path, NAME) as fh:
        seen_before = 0
        if start > 0:
            reader.b.muted = True
            before = LineStats(consumed=lookback_start(fh, start, LOOKBACK_BYTES))
            seen_before = sum(reader.line(rec) for rec in iter_records(fh, before, end=start))
            reader.b.unmute()
        stats = LineStats(consumed=start)
        shaped = sum(reader.line(rec) for rec in iter_records(fh, stats))
    require_shape(stats, shaped + seen_before, NAME, path)
    return reader.b.read_so_far(stats.consumed, skipped_lines=stats.bad + stats.oversized)


class _Reader:
    def __init__(self, builder: Builder) -> None:
        self.b = builder
        self.plans: set[str] = set()  # ExitPlanMode call ids: their results approve or reject a plan

    def line(self, rec: dict[str, Any]) -> int:
        """Read one line; 1 when it has Claude Code's shape (whether or not it yields an event)."""
        kind = rec.get("type")
        if not isinstance(kind, str):
            return 0
        if kind in ("user", "assistant") and isinstance(rec.get("message"), dict):
            self.b.note(agentSession=rec.get("sessionId"), cwd=rec.get("cwd"), gitBranch=rec.get("gitBranch"))
            if kind == "user":
                self._user(rec)
            else:
                self._assistant(rec)
            return 1
        if kind == "attachment":
            self._attachment(rec)
            return 1
        return int(kind in _QUIET_TYPES or "sessionId" in rec or "leafUuid" in rec)

    # -- user lines: typed words, tool results ---------------------------------------------------------

    def _user(self, rec: dict[str, Any]) -> None:
        content = rec["message"].get("content")
        at = rec.get("timestamp")
        side = rec.get("isSidechain") is True
        texts: list[str] = [content] if isinstance(content, str) else []
        for part in content if isinstance(content, list) else []:
            if not isinstance(part, dict):
                continue
            if part.get("type") == "tool_result":
                self._tool_result(part, rec, at, side)
            elif part.get("type") == "text" and isinstance(part.get("text"), str):
                texts.append(part["text"])
        if side:
            return  # a subagent's prompt is the main agent's words, not the user's
        if isinstance(rec.get("planContent"), str):
            self.b.approve_plan(at, text=rec["planContent"])  # "implement this plan" after an approval
        elif texts and _typed_by_user(rec):
            self._typed("\n".join(texts), at, "message")

    def _typed(self, text: str, at: Any, channel: str) -> None:
        stripped = text.strip()
        if stripped.startswith(_INTERRUPT):
            self.b.interrupted()
        elif stripped.startswith(_PLAN_REJECTED):  # the rejected plan, quoted back: not the user's words
            self._plan_answer(None, stripped, None, at, False)
        elif not stripped.startswith(_WRAPPERS):
            self.b.user(text, at, channel=channel)

    def _attachment(self, rec: dict[str, Any]) -> None:
        att = rec.get("attachment")
        if not isinstance(att, dict) or att.get("type") != "queued_command" or rec.get("isSidechain") is True:
            return
        origin = att.get("origin")
        human = not isinstance(origin, dict) or origin.get("kind") == "human"
        if att.get("commandMode", "prompt") == "prompt" and human and isinstance(att.get("prompt"), str):
            self._typed(att["prompt"], rec.get("timestamp"), "queued")

    def _tool_result(self, part: dict[str, Any], rec: dict[str, Any], at: Any, side: bool) -> None:
        call_id = part.get("tool_use_id") if isinstance(part.get("tool_use_id"), str) else None
        body = _result_text(part.get("content"))
        extra = rec.get("toolUseResult")
        if call_id in self.plans:
            self._plan_answer(call_id, body, extra, at, side)
            return
        name, tool_input = self.b.known_call(call_id) or ("", {})
        if part.get("is_error") is True:
            self._failed(call_id, body, extra, at, side)
            return
        if isinstance(extra, dict) and extra.get("interrupted") is True:
            self.b.interrupted()
            return
        self.b.result(call_id, at, ok=True, output=body, exit_code=0 if name == "Bash" else None, sidechain=side)
        if name in _EDITS:
            path = tool_input.get("file_path") or tool_input.get("notebook_path")
            if not isinstance(path, str) and isinstance(extra, dict):
                path = extra.get("filePath")
            created = name == "Write" and isinstance(extra, dict) and extra.get("type") == "create"
            if isinstance(path, str):
                self.b.file_changed(path, "A" if created else "M", at)

    def _plan_answer(self, call_id: str | None, body: str, extra: Any, at: Any, side: bool) -> None:
        """The user's answer to ExitPlanMode: approved (Claude Code records the plan it approved, edits included),
        or rejected, with their words as a correction."""
        if side:
            return
        if body.startswith(_PLAN_APPROVED):
            m = _APPROVED_PLAN.search(body)
            plan = m.group(1) if m else (extra.get("plan") if isinstance(extra, dict) else None)
            self.b.approve_plan(at, key=call_id, text=plan if isinstance(plan, str) else None)
            return
        self.b.reject_plan(at, key=call_id)
        said = _SAID.search(body)
        if said and said.group(1).strip():
            self.b.correction(said.group(1), at)
        else:
            self.b.interrupted()

    def _failed(self, call_id: str | None, body: str, extra: Any, at: Any, side: bool) -> None:
        """An error result: the user interrupted or rejected the call (no result: nothing ran to the end,
        and their words are a correction), or the tool failed (``ok: false`` with the exit code)."""
        if body.startswith(_INTERRUPT) or (isinstance(extra, dict) and extra.get("interrupted") is True):
            self.b.interrupted()
            return
        if body.startswith(_REJECTED) or body.startswith(_DENIED):
            said = _SAID.search(body)
            if said and said.group(1).strip() and not side:
                self.b.correction(said.group(1), at)
            else:
                self.b.interrupted()
            return
        if body.lstrip().startswith("<tool_use_error>"):
            return  # Claude Code refused the call before running it (no match for an edit, invalid input)
        code = parse_exit(body, _EXIT)
        if code is None and isinstance(extra, str):
            code = parse_exit(extra, _EXIT)
        self.b.result(call_id, at, ok=False, output=body, exit_code=code, sidechain=side)

    # -- assistant lines: words, tool calls, plans ----------------------------------------------------------

    def _assistant(self, rec: dict[str, Any]) -> None:
        msg = rec["message"]
        if rec.get("isApiErrorMessage") is True:
            return
        model = msg.get("model")
        if isinstance(model, str) and model != "<synthetic>":
            self.b.note(model=model)
        at = rec.get("timestamp")
        side = rec.get("isSidechain") is True
        content = msg.get("content")
        for part in content if isinstance(content, list) else []:
            if not isinstance(part, dict):
                continue
            if part.get("type") == "text" and isinstance(part.get("text"), str) and not side:
                self.b.output(part["text"], at)
            elif part.get("type") == "tool_use" and isinstance(part.get("name"), str):
                self._tool_use(part, at, side)

    def _tool_use(self, part: dict[str, Any], at: Any, side: bool) -> None:
        call_id = part.get("id") if isinstance(part.get("id"), str) else None
        name = part["name"]
        tool_input = part.get("input") if isinstance(part.get("input"), dict) else {}
        if name == "ExitPlanMode":
            if call_id:
                self.plans.add(call_id)
            plan = tool_input.get("plan")
            ref = tool_input.get("planFilePath")
            if isinstance(plan, str) and not side:
                self.b.plan(plan, at, key=call_id, ref=ref if isinstance(ref, str) else None, answered=True)
            return
        self.b.call(name, tool_input, call_id, at, sidechain=side)


def _typed_by_user(rec: dict[str, Any]) -> bool:
    """Not a line Claude Code wrote on its own behalf (meta notes, compaction summaries, task notifications)."""
    if rec.get("isMeta") is True or rec.get("isCompactSummary") is True or rec.get("isVisibleInTranscriptOnly"):
        return False
    origin = rec.get("origin")
    if isinstance(origin, dict) and origin.get("kind") not in (None, "human"):
        return False
    return rec.get("promptSource") != "system"


def _result_text(content: Any) -> str:
    if isinstance(content, str):
        return content
    if isinstance(content, list):
        return "\n".join(p["text"] for p in content if isinstance(p, dict) and isinstance(p.get("text"), str))
    return ""
