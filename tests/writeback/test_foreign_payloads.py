"""The hook payload fixtures name the transcripts beside them: a hook reading its payload finds the right file."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from picasso_tui.writeback.foreign import read_agent_transcript
from picasso_tui.writeback.foreign.codex import rollout_path

AGENTS = Path(__file__).resolve().parents[1] / "fixtures" / "agents"
EVENTS = {
    "claude": {"SessionStart", "UserPromptSubmit", "Stop", "SessionEnd"},
    "codex": {"SessionStart", "UserPromptSubmit", "Stop"},
    "gemini": {"SessionStart", "BeforeAgent", "AfterAgent", "SessionEnd"},
}
TRANSCRIPTS = {
    "claude": AGENTS
    / "claude"
    / "projects"
    / "-home-maya-src-inventory-api"
    / "5f3c2a9e-8b1d-4c7e-9a2f-3e6d1b0c4a87.jsonl",
    "codex": next((AGENTS / "codex" / "sessions" / "2026" / "10" / "21").glob("rollout-*.jsonl")),
    "gemini": AGENTS / "gemini" / "tmp" / "inventory-api" / "chats" / "session-2026-11-05T13-20-4e1f7a2c.jsonl",
}


def payloads(agent: str) -> dict[str, dict]:
    return {p.stem: json.loads(p.read_text()) for p in (AGENTS / agent / "hooks_payloads").glob("*.json")}


@pytest.mark.parametrize("agent", ["claude", "codex", "gemini"])
def test_each_payload_names_the_session_its_transcript_records(agent: str, tmp_path: Path) -> None:
    found = {p["hook_event_name"] for p in payloads(agent).values() if "hook_event_name" in p}
    assert found == EVENTS[agent]
    for payload in payloads(agent).values():
        if "transcript_path" not in payload:
            continue
        assert Path(payload["transcript_path"]).name == TRANSCRIPTS[agent].name
        local = tmp_path / TRANSCRIPTS[agent].name  # a test rewrites transcript_path to a copy it owns
        shutil.copy(TRANSCRIPTS[agent], local)
        read = read_agent_transcript(agent, local, cwd=Path(payload["cwd"]))
        assert read.session == payload["session_id"]


def test_claudes_stop_payloads_say_whether_a_stop_hook_is_already_running() -> None:
    stops = {name: p["stop_hook_active"] for name, p in payloads("claude").items() if p["hook_event_name"] == "Stop"}
    assert stops == {"stop": False, "stop_hook_active": True}


def test_codex_notify_names_a_thread_whose_rollout_is_found(tmp_path: Path) -> None:
    notify = payloads("codex")["notify_agent_turn_complete"]
    assert notify["type"] == "agent-turn-complete"
    found = rollout_path(notify["thread-id"], AGENTS / "codex")
    assert found == TRANSCRIPTS["codex"]
    read = read_agent_transcript("codex", found)
    assert read.session == notify["thread-id"]
    assert read.transcript.events[-1].text == notify["last-assistant-message"]
