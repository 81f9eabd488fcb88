"""What the transcript readers do with files that are not transcripts, or transcripts with bad lines in them."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from picasso_tui.writeback.foreign import lines, read_agent_transcript
from picasso_tui.writeback.transcript import TranscriptError

AGENTS = Path(__file__).resolve().parents[1] / "fixtures" / "agents"
CSV = AGENTS / "claude" / "projects" / "-Users-sam-code-web-dashboard" / "c81e0f57-2d4b-4a39-b7e6-90f1a2d3c4b5.jsonl"
NAMES = {"claude": "Claude Code", "codex": "Codex CLI", "gemini": "Gemini CLI"}


def claude_lines() -> list[bytes]:
    return CSV.read_bytes().splitlines(keepends=True)


@pytest.mark.parametrize("agent", ["claude", "codex", "gemini"])
def test_a_missing_file_is_one_clear_sentence(agent: str, tmp_path: Path) -> None:
    missing = tmp_path / "nope.jsonl"
    with pytest.raises(TranscriptError) as info:
        read_agent_transcript(agent, missing)
    assert str(info.value) == f"There is no {NAMES[agent]} transcript at {missing}."


@pytest.mark.parametrize("agent", ["claude", "codex", "gemini"])
def test_a_folder_is_refused(agent: str, tmp_path: Path) -> None:
    with pytest.raises(TranscriptError, match="is a folder"):
        read_agent_transcript(agent, tmp_path)


@pytest.mark.parametrize("agent", ["claude", "codex", "gemini"])
@pytest.mark.parametrize(
    "content",
    [
        b"# README\n\nThis project does things.\n",
        b'{"name": "web-dashboard", "version": "0.9.0"}\n{"dependencies": {}}\n',
        bytes(range(256)) * 20,
        b"[1, 2, 3]\n",
    ],
    ids=["markdown", "other-json", "binary", "json-array"],
)
def test_a_file_that_is_no_transcript_is_refused(agent: str, content: bytes, tmp_path: Path) -> None:
    path = tmp_path / "file.jsonl"
    path.write_bytes(content)
    with pytest.raises(TranscriptError, match=f"is not a {NAMES[agent]}"):
        read_agent_transcript(agent, path)


@pytest.mark.parametrize("agent", ["claude", "codex", "gemini"])
def test_an_empty_file_has_no_events(agent: str, tmp_path: Path) -> None:
    path = tmp_path / "empty.jsonl"
    path.write_bytes(b"")
    read = read_agent_transcript(agent, path)
    assert read.transcript.events == [] and read.consumed == 0


def test_a_bad_line_among_good_ones_is_skipped(tmp_path: Path) -> None:
    good = claude_lines()
    path = tmp_path / "s.jsonl"
    path.write_bytes(
        b"".join(good[:6]) + b'{"type":"user","message":{"role":"user","content":"unfinish\n' + b"".join(good[6:])
    )
    whole = read_agent_transcript("claude", CSV)
    read = read_agent_transcript("claude", path)
    assert read.skipped_lines == 1
    assert [e.type for e in read.transcript.events] == [e.type for e in whole.transcript.events]


def test_a_huge_line_is_skipped_without_being_read_whole(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(lines, "MAX_LINE_BYTES", 4096)
    good = claude_lines()
    pasted = (
        json.dumps(
            {
                "type": "user",
                "sessionId": "x",
                "message": {"role": "user", "content": [{"type": "text", "text": "Always use tabs. " + "a" * 50_000}]},
            }
        ).encode()
        + b"\n"
    )
    path = tmp_path / "s.jsonl"
    path.write_bytes(b"".join(good[:6]) + pasted + b"".join(good[6:]))
    read = read_agent_transcript("claude", path)
    assert read.skipped_lines == 1
    assert read.consumed == path.stat().st_size
    assert not any("tabs" in e.text for e in read.transcript.events)
    assert [e.text for e in read.transcript.of("prompt")] == [
        "The CSV export button downloads an empty file on Safari. Fix it."
    ]


def test_unknown_line_types_are_skipped_quietly(tmp_path: Path) -> None:
    good = claude_lines()
    future = [
        b'{"type":"worktree-state","sessionId":"c81e0f57-2d4b-4a39-b7e6-90f1a2d3c4b5","worktree":{"path":"/x"}}\n',
        b'{"type":"assistant","sessionId":"s","message":{"role":"assistant","content":[{"type":"hologram","x":1}]}}\n',
    ]
    path = tmp_path / "s.jsonl"
    path.write_bytes(b"".join(good[:6]) + b"".join(future) + b"".join(good[6:]))
    read = read_agent_transcript("claude", path)
    assert read.skipped_lines == 0
    assert len(read.transcript.events) == len(read_agent_transcript("claude", CSV).transcript.events)


def test_an_unknown_agent_and_a_negative_start_are_refused(tmp_path: Path) -> None:
    with pytest.raises(TranscriptError, match="'cursor' is not an agent Picasso reads transcripts of"):
        read_agent_transcript("cursor", tmp_path / "x.jsonl")
    with pytest.raises(TranscriptError, match="from offset 0 or later"):
        read_agent_transcript("claude", tmp_path / "x.jsonl", start=-1)


def test_a_bad_line_in_a_rollout_or_a_gemini_session_is_skipped(tmp_path: Path) -> None:
    rollout = next((AGENTS / "codex" / "sessions" / "2026" / "11" / "18").glob("rollout-*.jsonl"))
    chat = AGENTS / "gemini" / "tmp" / "inventory-api" / "chats" / "session-2026-11-05T13-20-4e1f7a2c.jsonl"
    for agent, source in (("codex", rollout), ("gemini", chat)):
        good = source.read_bytes().splitlines(keepends=True)
        path = tmp_path / source.name
        path.write_bytes(b"".join(good[:5]) + b"\x00\x01 not json\n" + b"".join(good[5:]))
        read = read_agent_transcript(agent, path)
        assert read.skipped_lines == 1
        assert len(read.transcript.events) == len(read_agent_transcript(agent, source).transcript.events)


def test_a_gemini_json_file_that_is_no_session_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "settings.json"
    path.write_text(json.dumps({"theme": "dark", "hooks": {}}, indent=2))
    with pytest.raises(TranscriptError, match="is not a Gemini CLI session: it has no sessionId and messages"):
        read_agent_transcript("gemini", path)
