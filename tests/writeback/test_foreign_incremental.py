"""Reading an agent's transcript as it grows: each hook call gets only what was appended since the last one."""

from __future__ import annotations

from collections import Counter
from pathlib import Path

import pytest

from picasso_tui.writeback.foreign import read_agent_transcript
from picasso_tui.writeback.transcript import Event, Transcript

AGENTS = Path(__file__).resolve().parents[1] / "fixtures" / "agents"
CLAUDE = AGENTS / "claude" / "projects" / "-home-maya-src-inventory-api" / "5f3c2a9e-8b1d-4c7e-9a2f-3e6d1b0c4a87.jsonl"
CODEX = next((AGENTS / "codex" / "sessions" / "2026" / "10" / "21").glob("rollout-*.jsonl"))
REWOUND = ("drop the reservations table", "That would delete live reservations")
GEMINI = AGENTS / "gemini" / "tmp" / "inventory-api" / "chats" / "session-2026-11-05T13-20-4e1f7a2c.jsonl"


def key(e: Event) -> tuple[str, str]:
    if e.type in ("tool_call", "tool_result"):
        return e.type, str(e.get("callId"))
    if e.type == "files_changed":
        return e.type, e.get("files")[0]["path"]
    return e.type, e.text


def read_in_pieces(agent: str, source: Path, target: Path, every: int) -> list[Transcript]:
    """Append ``source`` to ``target`` ``every`` lines at a time, reading after each append."""
    lines = source.read_bytes().splitlines(keepends=True)
    target.write_bytes(b"")
    consumed, pieces = 0, []
    for i in range(0, len(lines), every):
        with target.open("ab") as fh:
            fh.write(b"".join(lines[i : i + every]))
        read = read_agent_transcript(agent, target, start=consumed)
        consumed = read.consumed
        pieces.append(read.transcript)
    assert consumed == target.stat().st_size
    return pieces


@pytest.mark.parametrize(("agent", "source"), [("claude", CLAUDE), ("codex", CODEX), ("gemini", GEMINI)])
@pytest.mark.parametrize("every", [1, 7, 40])
def test_reading_in_pieces_yields_each_event_once(agent: str, source: Path, tmp_path: Path, every: int) -> None:
    whole = read_agent_transcript(agent, source).transcript
    target = tmp_path / "project" / "chats" / source.name
    target.parent.mkdir(parents=True)
    (tmp_path / "project" / ".project_root").write_text("/home/maya/src/inventory-api\n")  # where Gemini CLI keeps it
    pieces = read_in_pieces(agent, source, target, every)
    # A plan whose answer is in the next piece was returned, unapproved, before the user answered it: it is not
    # turned into "rejected" output afterwards, so such outputs are left out of the comparison.
    events = [e for t in pieces for e in t.events if not e.text.startswith("Proposed plan (rejected")]
    if agent == "gemini":  # what the user rewound was returned by the read that came before the rewind
        events = [e for e in events if not e.text.startswith(REWOUND)]
    whole_events = [e for e in whole.events if not e.text.startswith("Proposed plan (rejected")]
    for kind in ("prompt", "correction", "output", "tool_result", "files_changed"):
        assert [key(e) for e in events if e.type == kind] == [key(e) for e in whole_events if e.type == kind], kind
    # A call whose result lands in the next piece comes along with it again; no call is lost.
    assert {key(e) for e in events if e.type == "tool_call"} == {key(e) for e in whole.of("tool_call")}
    approved = [e.text for e in events if e.type == "plan" and e.get("approved")]
    assert approved == [e.text for e in whole.of("plan") if e.get("approved")]


def test_a_plan_approved_after_the_read_that_saw_it_is_added_again_approved(tmp_path: Path) -> None:
    lines = CLAUDE.read_bytes().splitlines(keepends=True)
    proposals = [i for i, line in enumerate(lines) if b'"name":"ExitPlanMode"' in line]
    cut = proposals[-1] + 1  # the session so far ends with the revised plan waiting for the user
    target = tmp_path / "session.jsonl"
    target.write_bytes(b"".join(lines[:cut]))
    first = read_agent_transcript("claude", target)
    plans = list(first.transcript.of("plan"))
    assert [p.get("approved") for p in plans] == [False]  # the first plan was rejected: it is no plan at all
    with target.open("ab") as fh:
        fh.write(b"".join(lines[cut:]))
    second = read_agent_transcript("claude", target, start=first.consumed)
    approved = list(second.transcript.of("plan"))
    assert [p.get("approved") for p in approved] == [True]
    assert approved[0].text.startswith("# Plan: retries for InventoryClient (no new dependency)")
    assert next(e.text for e in second.transcript.of("prompt")).startswith("Now add a GET /health/inventory")


def test_a_half_written_last_line_is_left_for_the_next_read(tmp_path: Path) -> None:
    lines = CLAUDE.read_bytes().splitlines(keepends=True)
    prompt_at = next(i for i, line in enumerate(lines) if b"Use time.monotonic()" in line)
    target = tmp_path / "session.jsonl"
    done = b"".join(lines[:prompt_at])
    target.write_bytes(done + lines[prompt_at][:57])
    first = read_agent_transcript("claude", target)
    assert first.consumed == len(done)
    assert not any("monotonic" in e.text for e in first.transcript.of("correction", "prompt"))
    with target.open("ab") as fh:
        fh.write(lines[prompt_at][57:])
    second = read_agent_transcript("claude", target, start=first.consumed)
    assert [e.text for e in second.transcript.of("correction")] == [
        "Use time.monotonic() instead of time.time() for the backoff deadline."
    ]
    assert second.consumed == target.stat().st_size


def test_a_whole_last_line_without_its_newline_is_read(tmp_path: Path) -> None:
    target = tmp_path / "session.jsonl"
    target.write_bytes(CLAUDE.read_bytes().rstrip(b"\n"))
    read = read_agent_transcript("claude", target)
    assert read.consumed == target.stat().st_size
    assert read.transcript.events[-1].text == "You're welcome!"


def test_a_start_past_the_end_reads_nothing_and_resumes_at_the_end(tmp_path: Path) -> None:
    target = tmp_path / "session.jsonl"
    target.write_bytes(CLAUDE.read_bytes())
    read = read_agent_transcript("claude", target, start=target.stat().st_size + 500)
    assert read.transcript.events == []
    assert read.consumed == target.stat().st_size


def test_a_start_inside_a_line_begins_at_the_next_line(tmp_path: Path) -> None:
    lines = CLAUDE.read_bytes().splitlines(keepends=True)
    prompt_at = next(i for i, line in enumerate(lines) if b"Use time.monotonic()" in line)
    start = len(b"".join(lines[:prompt_at])) + 10
    read = read_agent_transcript("claude", CLAUDE, start=start)
    assert not any("monotonic()" in e.text for e in read.transcript.of("correction"))
    assert next(e.text for e in read.transcript.of("correction")).startswith("that runs the slow integration")


def test_piecewise_counts_match_for_the_long_session(tmp_path: Path) -> None:
    whole = read_agent_transcript("claude", CLAUDE).transcript
    pieces = read_in_pieces("claude", CLAUDE, tmp_path / "s.jsonl", 25)
    counts = Counter(e.type for t in pieces for e in t.events)
    assert counts["prompt"] == 4 and counts["correction"] == 5
    assert counts["tool_result"] == sum(1 for _ in whole.of("tool_result"))
