"""Codex rollout files (``~/.codex/sessions/YYYY/MM/DD/rollout-*.jsonl``), built step by step; see kit.py."""

from __future__ import annotations

import json
import uuid
from pathlib import Path
from typing import Any

from kit import Clock


class Codex:
    """One Codex rollout file, built step by step."""

    def __init__(
        self,
        name: str,
        cwd: str,
        start: str,
        *,
        repo_url: str,
        branch: str = "main",
        model: str = "gpt-5-codex",
        tool: str = "exec_command",
    ) -> None:
        self.name = name
        self.cwd = cwd
        self.clock = Clock(start)
        self.model = model
        self.tool = tool  # "exec_command" (unified exec) or "shell" (argv, structured output)
        self.n = 0
        self.tokens = 0
        self.session = str(uuid.uuid5(uuid.NAMESPACE_URL, f"codex/{name}"))
        self.lines: list[dict[str, Any]] = []
        self._line(
            "session_meta",
            {
                "id": self.session,
                "timestamp": self.clock.tick(0),
                "cwd": cwd,
                "originator": "codex_cli_rs",
                "cli_version": "0.58.0",
                "instructions": None,
                "source": "cli",
                "model_provider": "openai",
                "git": {
                    "commit_hash": uuid.uuid5(uuid.NAMESPACE_URL, name).hex + "a1b2c3d4",
                    "branch": branch,
                    "repository_url": repo_url,
                },
            },
        )

    def _line(self, kind: str, payload: dict[str, Any]) -> None:
        self.lines.append({"timestamp": self.clock.tick(1.2), "type": kind, "payload": payload})

    def _call_id(self) -> str:
        self.n += 1
        return "call_" + uuid.uuid5(uuid.NAMESPACE_URL, f"call/{self.name}/{self.n}").hex[:24]

    def user(self, text: str, *, first: bool = False, agents_md: str = "") -> Codex:
        if first:
            if agents_md:
                self._line(
                    "response_item",
                    {
                        "type": "message",
                        "role": "user",
                        "content": [
                            {
                                "type": "input_text",
                                "text": f"# AGENTS.md instructions for {self.cwd}\n\n<INSTRUCTIONS>\n"
                                f"{agents_md}\n</INSTRUCTIONS>",
                            }
                        ],
                    },
                )
            env = (
                f"<environment_context>\n  <cwd>{self.cwd}</cwd>\n  <approval_policy>on-request</approval_policy>\n"
                "  <sandbox_mode>workspace-write</sandbox_mode>\n  <network_access>restricted</network_access>\n"
                "  <shell>bash</shell>\n</environment_context>"
            )
            self._line(
                "response_item", {"type": "message", "role": "user", "content": [{"type": "input_text", "text": env}]}
            )
        self._line("event_msg", {"type": "task_started", "model_context_window": 272000})
        self._line(
            "turn_context",
            {
                "cwd": self.cwd,
                "approval_policy": "on-request",
                "sandbox_policy": {
                    "type": "workspace-write",
                    "network_access": False,
                    "exclude_tmpdir_env_var": False,
                    "exclude_slash_tmp": False,
                },
                "model": self.model,
                "effort": "medium",
                "summary": "auto",
            },
        )
        self._line(
            "response_item", {"type": "message", "role": "user", "content": [{"type": "input_text", "text": text}]}
        )
        self._line("event_msg", {"type": "user_message", "message": text, "images": []})
        return self

    def think(self, text: str) -> Codex:
        self._line(
            "response_item",
            {
                "type": "reasoning",
                "summary": [{"type": "summary_text", "text": text}],
                "content": None,
                "encrypted_content": "gAAAAABo" + "Q" * 64,
            },
        )
        self._line("event_msg", {"type": "agent_reasoning", "text": text})
        return self

    def say(self, text: str) -> Codex:
        self._line("event_msg", {"type": "agent_message", "message": text})
        self._line(
            "response_item",
            {"type": "message", "role": "assistant", "content": [{"type": "output_text", "text": text}]},
        )
        return self

    def _count(self) -> None:
        self.tokens += 5400
        self._line(
            "event_msg",
            {
                "type": "token_count",
                "info": {
                    "total_token_usage": {
                        "input_tokens": self.tokens,
                        "cached_input_tokens": self.tokens // 2,
                        "output_tokens": self.tokens // 30,
                        "reasoning_output_tokens": self.tokens // 60,
                        "total_tokens": self.tokens + self.tokens // 30,
                    },
                    "model_context_window": 272000,
                },
                "rate_limits": None,
            },
        )

    def run(self, command: str, output: str = "", code: int = 0, *, seconds: float = 0.8) -> Codex:
        cid = self._call_id()
        if self.tool == "shell":
            args = {"command": ["bash", "-lc", command], "workdir": self.cwd, "timeout_ms": 120000}
            self._line(
                "response_item",
                {
                    "type": "function_call",
                    "name": "shell",
                    "arguments": json.dumps(args, separators=(",", ":")),
                    "call_id": cid,
                },
            )
            out = json.dumps(
                {"output": output, "metadata": {"exit_code": code, "duration_seconds": seconds}}, separators=(",", ":")
            )
        else:
            args = {"cmd": command, "workdir": self.cwd, "yield_time_ms": 10000, "max_output_tokens": 6000}
            self._line(
                "response_item",
                {
                    "type": "function_call",
                    "name": "exec_command",
                    "arguments": json.dumps(args, separators=(",", ":")),
                    "call_id": cid,
                },
            )
            chunk = uuid.uuid5(uuid.NAMESPACE_URL, cid).hex[:6]
            out = (
                f"Chunk ID: {chunk}\nWall time: {seconds:.4f} seconds\nProcess exited with code {code}\n"
                f"Original token count: {max(1, len(output) // 4)}\nOutput:\n{output}"
            )
        self.clock.tick(seconds)
        self._line("response_item", {"type": "function_call_output", "call_id": cid, "output": out})
        self._count()
        return self

    def patch(self, files: dict[str, tuple[str, str]]) -> Codex:
        """apply_patch (a freeform custom tool): {path: (kind, body)} where kind is Add/Update."""
        parts = ["*** Begin Patch"]
        for path, (kind, body) in files.items():
            parts.append(f"*** {kind} File: {path}")
            parts.append(body)
        parts.append("*** End Patch")
        cid = self._call_id()
        self._line(
            "response_item",
            {
                "type": "custom_tool_call",
                "status": "completed",
                "call_id": cid,
                "name": "apply_patch",
                "input": "\n".join(parts),
            },
        )
        letters = "\n".join(("A " if k == "Add" else "M ") + p for p, (k, _) in files.items())
        out = json.dumps(
            {
                "output": f"Success. Updated the following files:\n{letters}\n",
                "metadata": {"exit_code": 0, "duration_seconds": 0.0},
            },
            separators=(",", ":"),
        )
        self._line("response_item", {"type": "custom_tool_call_output", "call_id": cid, "output": out})
        return self

    def plan_update(self, steps: list[tuple[str, str]], explanation: str = "") -> Codex:
        cid = self._call_id()
        args: dict[str, Any] = {"plan": [{"step": s, "status": st} for s, st in steps]}
        if explanation:
            args["explanation"] = explanation
        self._line(
            "response_item",
            {
                "type": "function_call",
                "name": "update_plan",
                "arguments": json.dumps(args, separators=(",", ":")),
                "call_id": cid,
            },
        )
        self._line("response_item", {"type": "function_call_output", "call_id": cid, "output": "Plan updated"})
        return self

    def end_turn(self, last: str) -> Codex:
        self._line("event_msg", {"type": "task_complete", "last_agent_message": last})
        return self

    def save(self, path: Path) -> None:
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(
            "".join(json.dumps(line, ensure_ascii=False, separators=(",", ":")) + "\n" for line in self.lines)
        )
