"""Gemini CLI's saved sessions (JSON lines, and the older one-object JSON files) read into Picasso's transcript."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from picasso_tui.store.schema import MemoryClass
from picasso_tui.writeback.classify import classify
from picasso_tui.writeback.foreign import read_agent_transcript
from picasso_tui.writeback.transcript import Transcript

PROJECT = Path(__file__).resolve().parents[1] / "fixtures" / "agents" / "gemini" / "tmp" / "inventory-api"
JSONL = PROJECT / "chats" / "session-2026-11-05T13-20-4e1f7a2c.jsonl"
LEGACY = PROJECT / "chats" / "session-2025-09-30T10-02-9b3d5e71.json"


def texts(t: Transcript, *types: str) -> list[str]:
    return [e.text for e in t.of(*types)]


@pytest.fixture(scope="module")
def session() -> Transcript:
    return read_agent_transcript("gemini", JSONL).transcript


def test_the_session_reads_whole_with_the_project_root_beside_it() -> None:
    read = read_agent_transcript("gemini", JSONL)
    assert read.consumed == JSONL.stat().st_size and read.skipped_lines == 0
    assert read.session == "4e1f7a2c-9d3b-4f6e-8a1c-2b5d7e9f0c3a"
    assert read.cwd == "/home/maya/src/inventory-api"
    assert read.transcript.header["model"] == "gemini-3-pro-preview"


def test_the_users_words_without_commands_hook_context_or_what_was_rewound(session: Transcript) -> None:
    assert texts(session, "prompt") == [
        "Reservations are never released when a checkout is abandoned. Plan a fix that expires them.",
        "Add a data migration that sets expires_at for the reservations already held.",
    ]
    assert texts(session, "correction") == [
        "keep the TTL in InventorySettings, not a module constant.",  # said while rejecting the first plan
        "Don't use datetime.utcnow(), use datetime.now(timezone.utc) everywhere in this change.",
        "skip the slow ones, they need the inventory sandbox",  # after cancelling the slow tests
        "lgtm",
    ]
    everything = json.dumps([e.as_json() for e in session.events])
    assert "Memory context" not in everything and "/stats" not in everything
    assert "drop the reservations table" not in everything and "would delete live" not in everything


def test_a_message_written_again_with_its_tool_calls_counts_once(session: Transcript) -> None:
    ids = [e.get("callId") for e in session.of("tool_call")]
    assert len(ids) == len(set(ids)) == 18
    assert len(texts(session, "output")) == len(set(texts(session, "output")))


def test_only_the_approved_plan_is_a_plan_and_its_text_is_the_plan_file(session: Transcript) -> None:
    plans = list(session.of("plan"))
    assert len(plans) == 1 and plans[0].get("approved") is True
    assert "InventorySettings.reservation_ttl_s" in plans[0].text and plans[0].get("ref") == "reservation-ttl.md"
    assert sum(t.startswith("Proposed plan (rejected by the user)") for t in texts(session, "output")) == 1
    assert not any(e.get("tool") == "exit_plan_mode" for e in session.of("tool_call"))


def test_shell_results_carry_the_exit_code_and_a_cancelled_call_has_none(session: Transcript) -> None:
    calls = {e.get("callId"): e.get("input", {}).get("command") for e in session.of("tool_call")}
    results = {e.get("callId"): e for e in session.of("tool_result")}
    failed = [(calls[k], e.get("exitCode")) for k, e in results.items() if e.get("ok") is False]
    assert failed == [("pytest -q tests/jobs", 1), ("grep -rn utcnow src/inventory", 1)]
    assert results[next(k for k, c in calls.items() if c == "ruff check src tests")].get("exitCode") == 0
    cancelled = next(k for k, c in calls.items() if c == "pytest -q -m slow")
    assert cancelled not in results


def test_written_files_are_relative_and_plan_files_are_not_among_them(session: Transcript) -> None:
    files = {f["path"]: f["status"] for e in session.of("files_changed") for f in e.get("files")}
    assert files == {
        "src/inventory/config.py": "M",
        "migrations/versions/0012_reservation_expiry.py": "A",
        "src/inventory/jobs/sweep.py": "A",
        "tests/jobs/test_sweep.py": "A",
        "src/inventory/reservations.py": "M",
        "migrations/versions/0013_backfill_expiry.py": "A",
    }


def test_classify_over_the_session(session: Transcript) -> None:
    observations = classify(session, agent="gemini")
    assert (
        MemoryClass.STYLE,
        "Prefer datetime.now(timezone.utc) everywhere in this change over datetime.utcnow().",
    ) in {(o.cls, o.body) for o in observations}
    decisions = [o for o in observations if o.cls is MemoryClass.DECISION]
    assert len(decisions) == 1 and "reservation_ttl_s" in decisions[0].body
    assert "15 minutes" not in decisions[0].body  # the rejected first plan
    assert any(o.body.startswith("`pytest -q tests/jobs` failed (tests/jobs/test_sweep.py::") for o in observations)


def test_an_older_one_object_session_counts_messages() -> None:
    read = read_agent_transcript("gemini", LEGACY)
    assert read.consumed == len(json.loads(LEGACY.read_text())["messages"])
    t = read.transcript
    assert texts(t, "prompt") == ["The health endpoint test fails about one run in five. Find out why and fix it."]
    assert texts(t, "correction") == ["no, don't mock time.sleep globally, patch it in the module under test"]
    failed = next(e for e in t.of("tool_result") if not e.get("ok"))
    assert failed.get("exitCode") == 1 and "FAILED tests/test_health.py::test_health_latency" in failed.get("output")
    later = read_agent_transcript("gemini", LEGACY, start=3).transcript
    assert not texts(later, "prompt")
    assert texts(later, "correction") == ["no, don't mock time.sleep globally, patch it in the module under test"]


def test_an_older_session_being_rewritten_is_read_next_time(tmp_path: Path) -> None:
    path = tmp_path / "session-2025-09-30T10-02-9b3d5e71.json"
    path.write_bytes(LEGACY.read_bytes()[:900])
    read = read_agent_transcript("gemini", path, start=2)
    assert read.transcript.events == [] and read.consumed == 2


def test_the_workspace_given_by_the_hook_when_no_project_root_is_kept(tmp_path: Path) -> None:
    copy = tmp_path / "session.jsonl"
    shutil.copy(JSONL, copy)
    alone = read_agent_transcript("gemini", copy).transcript
    assert (
        next(alone.of("files_changed")).get("files")[0]["path"]
        == "/home/maya/src/inventory-api/src/inventory/config.py"
    )
    told = read_agent_transcript("gemini", copy, cwd=Path("/home/maya/src/inventory-api")).transcript
    assert next(told.of("files_changed")).get("files")[0]["path"] == "src/inventory/config.py"
