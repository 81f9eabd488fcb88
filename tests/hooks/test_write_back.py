"""What an agent leaves behind: at the end of a turn or a session the hook reads the agent's transcript and writes
back exactly as `picasso run` does, once per part of the transcript (a second Stop, a SessionEnd after a Stop or a
resumed session reflect only what is new)."""

from __future__ import annotations

import os
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

import orjson
import pytest

from picasso_tui.paths import PicassoPaths
from picasso_tui.store.api import MemoryStore
from tests.hooks.conftest import ROOT, HookRunner, hook_events, payload

SESSION = "5f0c1c1e-8a9b-4c1d-9e2f-3a4b5c6d7e8f"
FACT = "The date parser lives in src/dates.py and keeps the timezone of its input."
DECISION = "We chose pathlib over os.path for every new file path in this repository."


def claude_line(kind: str, content: Any, n: int, cwd: Path) -> bytes:
    """One line of a Claude Code session transcript (~/.claude/projects/<project>/<session>.jsonl)."""
    line: dict[str, Any] = {
        "parentUuid": None if n == 0 else f"00000000-0000-4000-8000-{n - 1:012d}",
        "isSidechain": False,
        "userType": "external",
        "cwd": str(cwd),
        "sessionId": SESSION,
        "version": "2.0.31",
        "gitBranch": "main",
        "type": kind,
        "uuid": f"00000000-0000-4000-8000-{n:012d}",
        "timestamp": f"2026-12-01T09:{30 + n:02d}:00.000Z",
    }
    if kind == "user":
        line["message"] = {"role": "user", "content": content}
    else:
        line["message"] = {"model": "claude-sonnet-4-5-20250929", "id": f"msg_01{n:022d}", "type": "message",
                           "role": "assistant", "content": [{"type": "text", "text": content}], "stop_reason": None,
                           "stop_sequence": None, "usage": {"input_tokens": 12, "output_tokens": 40}}  # fmt: skip
        line["requestId"] = f"req_011{n:021d}"
    return orjson.dumps(line) + b"\n"


@pytest.fixture
def repo(make_repo: Callable[..., Path]) -> Path:
    return make_repo("app", origin="git@github.com:acme/app.git")


@pytest.fixture
def transcript(repo: Path, tmp_path: Path) -> Path:
    path = tmp_path / "claude-projects" / f"{SESSION}.jsonl"
    path.parent.mkdir()
    path.write_bytes(
        claude_line("user", "Fix the failing date parsing test", 0, repo)
        + claude_line("assistant", f"Fixed: the parser dropped the timezone.\n\nremember(fact): {FACT}", 1, repo)
    )
    return path


def stop(repo: Path, transcript: Path, **extra: Any) -> dict[str, Any]:
    return payload("claude", "stop", cwd=str(repo), session=SESSION, transcript=str(transcript)) | extra


def bodies(paths: PicassoPaths, repo: Path) -> dict[str, str]:
    return {r.id: r.body for r in MemoryStore(paths, cwd=repo).list()}


def test_stop_writes_what_the_transcript_taught(hook: HookRunner, repo: Path, transcript: Path,
                                                paths: PicassoPaths) -> None:  # fmt: skip
    done = hook("claude", "stop", stop(repo, transcript))
    assert (done.code, done.out, done.err) == (0, "", "")
    written = MemoryStore(paths, cwd=repo).list()
    assert [r.body for r in written] == [FACT]
    ws = MemoryStore(paths, cwd=repo).workspace
    assert ws is not None and f"/workspace:{ws.fingerprint}/facts" in written[0].metadata.namespace
    kept = list((paths.home / "transcripts").glob("sess_*.jsonl"))
    assert len(kept) == 1 and b'"agent":"claude"' in kept[0].read_bytes()
    last = hook_events(paths)[-1]
    assert (last["agent"], last["hookEvent"], last["outcome"]) == ("claude", "stop", "ok")


def test_stop_while_a_stop_hook_is_active_does_nothing(hook: HookRunner, repo: Path, transcript: Path,
                                                       paths: PicassoPaths) -> None:  # fmt: skip
    done = hook("claude", "stop", stop(repo, transcript, stop_hook_active=True))
    assert (done.code, done.out, done.err) == (0, "", "")
    assert bodies(paths, repo) == {} and not (paths.hooks_dir / "absorbed.json").exists()
    assert hook_events(paths)[-1]["outcome"] == "skipped"


def test_a_second_stop_on_the_same_transcript_writes_nothing(hook: HookRunner, repo: Path, transcript: Path,
                                                             paths: PicassoPaths) -> None:  # fmt: skip
    hook("claude", "stop", stop(repo, transcript))
    before = paths.memory_file.read_bytes()
    end = payload("claude", "session_end", cwd=str(repo), session=SESSION, transcript=str(transcript))
    for again in (hook("claude", "stop", stop(repo, transcript)), hook("claude", "session-end", end)):
        assert (again.code, again.out) == (0, "")
    assert paths.memory_file.read_bytes() == before  # not even a reinforcement


def test_an_appended_transcript_writes_only_the_new_memory(hook: HookRunner, repo: Path, transcript: Path,
                                                           paths: PicassoPaths) -> None:  # fmt: skip
    hook("claude", "stop", stop(repo, transcript))
    first = MemoryStore(paths, cwd=repo).list()
    with transcript.open("ab") as fh:  # the session goes on (or is resumed) in the same file
        fh.write(claude_line("user", "Use pathlib for the new loader too.", 2, repo))
        fh.write(claude_line("assistant", f"Done.\n\nremember(decision): {DECISION}", 3, repo))
    hook("claude", "stop", stop(repo, transcript))
    now = {r.id: r for r in MemoryStore(paths, cwd=repo).list()}
    assert sorted(r.body for r in now.values()) == sorted([FACT, DECISION])
    assert now[first[0].id].metadata.last_observed_at == first[0].metadata.last_observed_at  # not learnt again


def test_stop_and_session_end_racing_learn_once(repo: Path, transcript: Path, paths: PicassoPaths) -> None:
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    end = payload("claude", "session_end", cwd=str(repo), session=SESSION, transcript=str(transcript))
    runs = [(["stop"], stop(repo, transcript)), (["session-end"], end)] * 2
    procs = [subprocess.Popen([sys.executable, "-m", "picasso_tui.cli", "hook", "claude", *event],
                              stdin=subprocess.PIPE, stdout=subprocess.PIPE, env=env) for event, _ in runs]  # fmt: skip
    outs = [p.communicate(orjson.dumps(data), timeout=60)[0] for p, (_, data) in zip(procs, runs, strict=True)]
    assert outs == [b""] * 4 and all(p.returncode == 0 for p in procs)
    assert list(bodies(paths, repo).values()) == [FACT]
    assert [e["outcome"] for e in hook_events(paths)] == ["ok"] * 4


def test_a_missing_transcript_fails_quietly(hook: HookRunner, repo: Path, tmp_path: Path,
                                            paths: PicassoPaths) -> None:  # fmt: skip
    done = hook("claude", "stop", stop(repo, tmp_path / "gone.jsonl"))
    assert (done.code, done.out, done.err) == (0, "", "")
    assert (hook_events(paths)[-1]["outcome"], hook_events(paths)[-1]["reason"]) == ("failed", "TranscriptError")


def test_a_session_in_another_workspace_writes_there(hook: HookRunner, repo: Path, transcript: Path,
                                                     make_repo: Callable[..., Path], paths: PicassoPaths) -> None:  # fmt: skip
    other = make_repo("other", origin="git@github.com:acme/other.git")
    hook("claude", "stop", stop(other, transcript))  # the payload's cwd names the workspace, not the process's
    assert bodies(paths, repo) == {} and list(bodies(paths, other).values()) == [FACT]


def codex_rollout(path: Path, thread: str, cwd: Path, turns: list[tuple[str, str]]) -> Path:
    """A Codex rollout: ``{"timestamp", "type", "payload"}`` lines, each turn's words as a response item and an
    event (codex-rs/rollout/src/recorder.rs, codex-rs/protocol/src/protocol.rs)."""
    at = "2026-12-01T09:30:00.000Z"
    lines: list[dict[str, Any]] = [{"timestamp": at, "type": "session_meta", "payload": {
        "id": thread, "timestamp": at, "cwd": str(cwd), "originator": "codex_cli_rs", "cli_version": "0.46.0",
        "instructions": None, "git": {"branch": "main"}}}]  # fmt: skip
    for said, answered in turns:
        lines += [
            {"timestamp": at, "type": "response_item", "payload": {"type": "message", "role": "user",
                                                                   "content": [{"type": "input_text", "text": said}]}},
            {"timestamp": at, "type": "event_msg", "payload": {"type": "user_message", "message": said, "images": []}},
            {"timestamp": at, "type": "response_item", "payload": {
                "type": "message", "role": "assistant", "content": [{"type": "output_text", "text": answered}]}},
            {"timestamp": at, "type": "event_msg", "payload": {"type": "agent_message", "message": answered}},
        ]  # fmt: skip
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(b"".join(orjson.dumps(line) + b"\n" for line in lines))
    return path


def test_codex_notify_finds_the_threads_rollout_and_learns(hook: HookRunner, repo: Path, tmp_path: Path,
                                                           paths: PicassoPaths) -> None:  # fmt: skip
    thread = "0199a213-81c0-7800-8aa1-bbab2a035a53"
    codex_home = tmp_path / "codex-home"
    day = codex_home / "sessions" / "2026" / "12" / "01"
    codex_rollout(day / "rollout-2026-12-01T09-29-58-0199a213-0000-7000-8000-000000000000.jsonl", "other", repo,
                  [("Rename foo", f"Done.\n\nremember(decision): {DECISION}")])  # another thread  # fmt: skip
    codex_rollout(day / f"rollout-2026-12-01T09-30-00-{thread}.jsonl", thread, repo,
                  [("Fix the failing date parsing test", f"Fixed.\n\nremember(fact): {FACT}")])  # fmt: skip
    note = payload("codex", "notify_agent_turn_complete", cwd=str(repo), session=thread,
                   prompt="Fix the failing date parsing test")  # fmt: skip
    done = hook("codex", "notify", note, argv=True, env={"CODEX_HOME": str(codex_home)})
    assert (done.code, done.out, done.err) == (0, "", "")
    assert list(bodies(paths, repo).values()) == [FACT]
    hook("codex", "notify", note, argv=True, env={"CODEX_HOME": str(codex_home)})
    assert list(bodies(paths, repo).values()) == [FACT]  # the same turn notified twice: learnt once
    lost = hook("codex", "notify", note | {"thread-id": "0199ffff-0000-7000-8000-000000000000"}, argv=True,
                env={"CODEX_HOME": str(codex_home)})  # fmt: skip
    assert (lost.code, lost.out) == (0, "")
    assert hook_events(paths)[-1]["reason"] == "TranscriptNotFound"


def test_gemini_after_agent_learns_and_respects_stop_hook_active(hook: HookRunner, repo: Path, tmp_path: Path,
                                                                 paths: PicassoPaths) -> None:  # fmt: skip
    """Gemini CLI's session file (~/.gemini/tmp/<project>/chats/session-<time>-<id>.jsonl): a metadata line, then
    one line per message (packages/core/src/services/chatRecordingService.ts)."""
    session = "8d2f6a0e-1c3b-4e5f-9a7b-2c4d6e8f0a1b"
    chat = tmp_path / "gemini-tmp" / "chats" / "session-2026-12-01T09-30-8d2f6a0e.jsonl"
    chat.parent.mkdir(parents=True)
    lines = [
        {"sessionId": session, "projectHash": "ab" * 32, "startTime": "2026-12-01T09:30:00.000Z",
         "lastUpdated": "2026-12-01T09:33:40.000Z"},
        {"id": "m-1", "timestamp": "2026-12-01T09:30:05.000Z", "type": "user",
         "content": [{"text": "Fix the failing date parsing test"}]},
        {"id": "m-2", "timestamp": "2026-12-01T09:33:40.000Z", "type": "gemini", "model": "gemini-2.5-pro",
         "content": f"Fixed.\n\nremember(fact): {FACT}", "thoughts": [], "tokens": {"input": 900, "output": 40}},
    ]  # fmt: skip
    chat.write_bytes(b"".join(orjson.dumps(line) + b"\n" for line in lines))
    after = payload("gemini", "after_agent", cwd=str(repo), session=session, transcript=str(chat),
                    prompt="Fix the failing date parsing test")  # fmt: skip
    skipped = hook("gemini", "stop", after | {"stop_hook_active": True})
    assert (skipped.code, skipped.out, bodies(paths, repo)) == (0, "", {})
    done = hook("gemini", "stop", after)
    assert (done.code, done.out, done.err) == (0, "", "")
    assert list(bodies(paths, repo).values()) == [FACT]
    end = payload("gemini", "session_end", cwd=str(repo), session=session, transcript=str(chat))
    before = paths.memory_file.read_bytes()
    assert hook("gemini", "session-end", end).code == 0 and paths.memory_file.read_bytes() == before


def test_codex_stop_without_a_transcript_path_finds_the_rollout(hook: HookRunner, repo: Path, tmp_path: Path,
                                                                paths: PicassoPaths) -> None:  # fmt: skip
    thread = "0199a213-81c0-7800-8aa1-bbab2a035a53"
    codex_home = tmp_path / "codex-home"
    codex_rollout(codex_home / "sessions" / "2026" / "12" / "01" / f"rollout-2026-12-01T09-30-00-{thread}.jsonl",
                  thread, repo, [("Fix the failing date parsing test", f"Fixed.\n\nremember(fact): {FACT}")])  # fmt: skip
    stop_payload = payload("codex", "stop", cwd=str(repo), session=thread) | {"transcript_path": None}  # may be null
    done = hook("codex", "stop", stop_payload, env={"CODEX_HOME": str(codex_home)})
    assert (done.code, done.out, done.err) == (0, "", "")
    assert list(bodies(paths, repo).values()) == [FACT]
