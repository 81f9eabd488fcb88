"""Driving `picasso hook` as the agents do: a fresh process, the payload on stdin (Codex's notify: the last
argument), the answer read from stdout; the payloads are the agents' own (tests/fixtures/agents/README.md)."""

from __future__ import annotations

import os
import subprocess
import sys
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import orjson
import pytest

from picasso_tui import settings
from picasso_tui.paths import PicassoPaths
from picasso_tui.store import events

ROOT = Path(__file__).resolve().parents[2]
PAYLOADS = ROOT / "tests" / "fixtures" / "agents"


def payload(agent: str, name: str, **values: str) -> dict[str, Any]:
    """A payload as the agent sends it (tests/fixtures/agents/<agent>/hooks_payloads/<name>.json) with the
    ``cwd``, ``transcript``, ``session`` and ``prompt`` of the test in the agent's own fields."""
    data: dict[str, Any] = orjson.loads((PAYLOADS / agent / "hooks_payloads" / f"{name}.json").read_bytes())
    notify = data.get("type") == "agent-turn-complete"
    fields = {"cwd": "cwd", "transcript": "transcript_path", "session": "thread-id" if notify else "session_id",
              "prompt": "input-messages" if notify else "prompt"}  # fmt: skip
    for key, value in values.items():
        field = fields[key]
        if field in data:
            data[field] = [value] if field == "input-messages" else value
    return data


@dataclass
class HookRun:
    code: int
    out: str
    err: str

    def answer(self) -> dict[str, Any]:
        """The stdout as the agent parses it: one JSON object."""
        value = orjson.loads(self.out)
        assert isinstance(value, dict)
        return value

    def context(self) -> str:
        return str(self.answer()["hookSpecificOutput"]["additionalContext"])


HookRunner = Callable[..., HookRun]


@pytest.fixture
def hook(picasso_home: Path, tmp_path: Path) -> HookRunner:
    """Run `python -m picasso_tui.cli hook <agent> <event>` with a payload (a dict, raw text, or None)."""

    def run(agent: str, event: str, data: dict[str, Any] | str | None, *, argv: bool = False,
            env: dict[str, str] | None = None, timeout: float = 60) -> HookRun:  # fmt: skip
        raw = data if isinstance(data, str) or data is None else orjson.dumps(data).decode()
        args = [sys.executable, "-m", "picasso_tui.cli", "hook", agent, event] + ([raw] if argv and raw else [])
        inherited = {k: v for k, v in os.environ.items() if k != "PICASSO_HOOK_DEBUG"}
        full_env = {**inherited, "PYTHONPATH": str(ROOT), **(env or {})}
        done = subprocess.run(args, input=None if argv else (raw or ""), capture_output=True, text=True,
                              cwd=tmp_path, env=full_env, timeout=timeout)  # fmt: skip
        return HookRun(done.returncode, done.stdout, done.stderr)

    return run


@pytest.fixture(autouse=True)
def hash_embedder(picasso_home: Path) -> None:
    """The deterministic embedder: the tests do not depend on the local model being installed."""
    settings.set_value("retrieval.embedder", "hash")


def hook_events(paths: PicassoPaths) -> list[dict[str, Any]]:
    return [e for e in events.read(paths) if e["event"] == "hook"]
