"""Builders that turn a hand-written session script into the agents' own transcript files.

The sessions themselves (what the user typed, what the agent ran and saw) are written by hand in
``sessions_*.py``; this module only lays them out in each agent's on-disk format, so the JSON
bookkeeping (uuids, parent links, timestamps, usage blocks) stays consistent:

- Claude Code: ``~/.claude/projects/<project>/<sessionId>.jsonl``, the file a hook receives as
  ``transcript_path``. One JSON object a line: ``user`` / ``assistant`` lines with ``message.content``
  parts (``text``, ``thinking``, ``tool_use``; ``tool_result`` in user lines, with the tool's
  ``toolUseResult`` sidecar), linked by ``uuid`` / ``parentUuid``; each content part of one API
  message on its own line sharing ``message.id``; plus ``summary``, ``system``, ``progress`` and
  ``file-history-snapshot`` lines. Shapes as recorded in public captures (e.g. marot/spotter
  test/fixtures/transcripts, robcodes/claude-history-viewer docs/jsonl-data-structure.md).
- Codex: ``~/.codex/sessions/YYYY/MM/DD/rollout-*.jsonl``: ``{"timestamp", "type", "payload"}``
  lines of type ``session_meta``, ``turn_context``, ``response_item`` (``message``, ``reasoning``,
  ``function_call`` / ``function_call_output``, ``custom_tool_call`` / ``custom_tool_call_output``)
  and ``event_msg`` (``user_message``, ``agent_message``, ``token_count``, ``task_started``,
  ``task_complete``), per openai/codex codex-rs/protocol (``RolloutItem``, ``ResponseItem``) and the
  persistence policy in codex-rs/core/src/rollout/policy.rs. Shell output follows
  ``format_exec_output_for_model`` (structured ``{"output", "metadata": {"exit_code",
  "duration_seconds"}}`` for the ``shell`` tool, the ``Chunk ID / Wall time / Process exited with
  code`` header for ``exec_command``).
"""

from __future__ import annotations

import json
import uuid
from datetime import datetime, timedelta
from pathlib import Path
from typing import Any

from kit_tools import ToolCalls

CLAUDE_VERSION = "2.0.42"


class Clock:
    def __init__(self, start: str) -> None:
        self.now = datetime.fromisoformat(start)

    def tick(self, seconds: float = 2.0) -> str:
        self.now += timedelta(seconds=seconds)
        return self.now.strftime("%Y-%m-%dT%H:%M:%S.") + f"{self.now.microsecond // 1000:03d}Z"


class Claude(ToolCalls):
    """One Claude Code session file, built step by step."""

    def __init__(
        self, name: str, cwd: str, start: str, *, branch: str = "main", model: str = "claude-sonnet-4-5-20250929"
    ):
        self.name = name
        self.cwd = cwd
        self.branch = branch
        self.model = model
        self.clock = Clock(start)
        self.session = str(uuid.uuid5(uuid.NAMESPACE_URL, f"claude/{name}"))
        self.lines: list[dict[str, Any]] = []
        self.parent: str | None = None
        self.n = 0
        self.msg: str | None = None  # the API message the next assistant parts belong to
        self.pending: dict[str, str] = {}
        self.sidechain = False

    # -- bookkeeping ---------------------------------------------------------------------------

    def _id(self, kind: str) -> str:
        self.n += 1
        return str(uuid.uuid5(uuid.NAMESPACE_URL, f"claude/{self.name}/{kind}/{self.n}"))

    def _tool_id(self) -> str:
        self.n += 1
        raw = uuid.uuid5(uuid.NAMESPACE_URL, f"tool/{self.name}/{self.n}").hex
        return "toolu_01" + raw[:22]

    def _base(self, kind: str, **extra: Any) -> dict[str, Any]:
        line = {
            "parentUuid": self.parent,
            "isSidechain": self.sidechain,
            "userType": "external",
            "cwd": self.cwd,
            "sessionId": self.session,
            "version": CLAUDE_VERSION,
            "gitBranch": self.branch,
            "type": kind,
            **extra,
        }
        return line

    def _push(self, line: dict[str, Any]) -> dict[str, Any]:
        line["uuid"] = self._id(line["type"])
        line.setdefault("timestamp", self.clock.tick(1.5))
        self.lines.append(line)
        self.parent = line["uuid"]
        return line

    # -- user side -------------------------------------------------------------------------------

    def summary(self, text: str) -> Claude:
        self.lines.append({"type": "summary", "summary": text, "leafUuid": self._id("leaf")})
        return self

    def snapshot(self) -> Claude:
        mid = self._id("snap")
        stamp = self.clock.tick(0.2)
        self.lines.append(
            {
                "type": "file-history-snapshot",
                "messageId": mid,
                "snapshot": {"messageId": mid, "trackedFileBackups": {}, "timestamp": stamp},
                "isSnapshotUpdate": False,
            }
        )
        return self

    def hook(self, event: str, command: str) -> Claude:
        tid = str(uuid.uuid5(uuid.NAMESPACE_URL, f"hook/{self.name}/{self.n}"))
        self._push(
            self._base(
                "progress",
                data={"type": "hook_progress", "hookEvent": event, "hookName": f"{event}:startup", "command": command},
                parentToolUseID=tid,
                toolUseID=tid,
            )
        )
        return self

    def user(self, text: str, *, mode: str = "default") -> Claude:
        self.snapshot()
        self.msg = None
        self._push(self._base("user", message={"role": "user", "content": text}, permissionMode=mode))
        return self

    def command(self, name: str, args: str = "", output: str = "") -> Claude:
        """A slash command the user typed (/clear, /model ...): meta lines, not a prompt."""
        self._push(
            self._base(
                "user",
                isMeta=True,
                message={
                    "role": "user",
                    "content": "Caveat: The messages below were generated by the user while running local commands. "
                    "DO NOT respond to these messages or otherwise consider them in your response unless the user "
                    "explicitly asks you to.",
                },
            )
        )
        self._push(
            self._base(
                "user",
                message={
                    "role": "user",
                    "content": f"<command-name>/{name}</command-name>\n<command-message>{name}</command-message>\n"
                    f"<command-args>{args}</command-args>",
                },
            )
        )
        if output:
            self._push(
                self._base(
                    "user",
                    message={"role": "user", "content": f"<local-command-stdout>{output}</local-command-stdout>"},
                )
            )
        return self

    def interrupt(self) -> Claude:
        self.msg = None
        self._push(
            self._base(
                "user", message={"role": "user", "content": [{"type": "text", "text": "[Request interrupted by user]"}]}
            )
        )
        return self

    def compact(self, summary: str) -> Claude:
        self.msg = None
        self._push(
            self._base(
                "system",
                subtype="compact_boundary",
                content="Conversation compacted",
                level="info",
                isMeta=False,
                compactMetadata={"trigger": "auto", "preTokens": 156204},
            )
        )
        self._push(
            self._base(
                "user",
                isCompactSummary=True,
                isVisibleInTranscriptOnly=True,
                message={
                    "role": "user",
                    "content": "This session is being continued from a previous conversation that ran out of context. "
                    "The conversation is summarized below:\n" + summary,
                },
            )
        )
        return self

    # -- assistant side --------------------------------------------------------------------------

    def _part(self, part: dict[str, Any], stop: str | None = None) -> None:
        if self.msg is None:
            self.msg = "msg_01" + uuid.uuid5(uuid.NAMESPACE_URL, f"msg/{self.name}/{self.n}").hex[:22]
            self.req = "req_011C" + uuid.uuid5(uuid.NAMESPACE_URL, f"req/{self.name}/{self.n}").hex[:20]
        message = {
            "model": self.model,
            "id": self.msg,
            "type": "message",
            "role": "assistant",
            "content": [part],
            "stop_reason": stop,
            "stop_sequence": None,
            "usage": {
                "input_tokens": 4,
                "cache_creation_input_tokens": 812,
                "cache_read_input_tokens": 18230 + 97 * self.n,
                "cache_creation": {"ephemeral_5m_input_tokens": 812, "ephemeral_1h_input_tokens": 0},
                "output_tokens": 31 + len(json.dumps(part)) // 4,
                "service_tier": "standard",
            },
        }
        self._push(self._base("assistant", message=message, requestId=self.req))

    def think(self, text: str) -> Claude:
        self._part({"type": "thinking", "thinking": text, "signature": "EqQBCkYIBxgCKkD" + "x" * 40})
        return self

    def say(self, text: str) -> Claude:
        self._part({"type": "text", "text": text})
        return self

    def done(self, text: str) -> Claude:
        """The turn's closing text (stop_reason end_turn)."""
        self._part({"type": "text", "text": text}, stop="end_turn")
        self.msg = None
        return self

    def stop_hook(self) -> Claude:
        self._push(
            self._base(
                "system",
                subtype="stop_hook_summary",
                hookCount=1,
                hookInfos=[{"command": "picasso hook claude stop"}],
                hookErrors=[],
                preventedContinuation=False,
                stopReason="",
                hasOutput=False,
                level="suggestion",
            )
        )
        return self

    def save(self, path: Path) -> None:
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(
            "".join(json.dumps(line, ensure_ascii=False, separators=(",", ":")) + "\n" for line in self.lines)
        )
