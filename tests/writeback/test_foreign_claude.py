"""Claude Code's own transcript read into Picasso's: what the classifier gets from a real session's lines."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from picasso_tui.store.schema import MemoryClass
from picasso_tui.writeback.classify import classify
from picasso_tui.writeback.foreign import read_agent_transcript
from picasso_tui.writeback.transcript import Transcript

AGENTS = Path(__file__).resolve().parents[1] / "fixtures" / "agents"
CSV = AGENTS / "claude" / "projects" / "-Users-sam-code-web-dashboard" / "c81e0f57-2d4b-4a39-b7e6-90f1a2d3c4b5.jsonl"
LONG = AGENTS / "claude" / "projects" / "-home-maya-src-inventory-api" / "5f3c2a9e-8b1d-4c7e-9a2f-3e6d1b0c4a87.jsonl"
PLAN = AGENTS / "claude" / "projects" / "-srv-app" / "0b6d9e2f-7a51-4c83-9e10-5f4a3b2c1d0e.jsonl"


def texts(t: Transcript, *types: str) -> list[str]:
    return [e.text for e in t.of(*types)]


@pytest.fixture(scope="module")
def long() -> Transcript:
    return read_agent_transcript("claude", LONG).transcript


def test_the_long_session_reads_whole_with_its_header() -> None:
    read = read_agent_transcript("claude", LONG)
    assert read.consumed == LONG.stat().st_size
    assert read.skipped_lines == 0
    assert read.session == "5f3c2a9e-8b1d-4c7e-9a2f-3e6d1b0c4a87"
    assert read.transcript.header["model"] == "claude-sonnet-4-5-20250929"
    assert read.cwd == "/home/maya/src/inventory-api"


def test_the_users_words_are_prompts_and_corrections_and_nothing_claude_wrote_itself(long: Transcript) -> None:
    prompts = texts(long, "prompt")
    corrections = texts(long, "correction")
    assert prompts[0].startswith("The reservation endpoint fails intermittently")
    assert any(p.startswith("Now add a GET /health/inventory endpoint") for p in prompts)  # a new task, not a fix
    assert corrections == [
        "Don't add tenacity as a direct dependency, we keep the runtime deps minimal. Write a small retry helper "
        "in src/inventory/retry.py instead.",  # said while rejecting the plan
        "Use time.monotonic() instead of time.time() for the backoff deadline.",
        "that runs the slow integration tests too. run pytest -m 'not slow' for the quick check",  # after Esc
        "From now on always run ruff before committing.",
        "lgtm, thanks",
    ]
    words = " ".join(prompts + corrections)
    for written_by_claude_code in (
        "<command-name>",
        "local-command",
        "being continued from a previous",
        "Request interrupted",
        "Do not modify files",
        "Review the uncommitted changes",
    ):
        assert written_by_claude_code not in words


def test_only_the_approved_plan_is_a_plan_and_the_rejected_one_stays_agent_output(long: Transcript) -> None:
    plans = list(long.of("plan"))
    assert len(plans) == 1
    assert plans[0].get("approved") is True
    assert "`retry_call` in `src/inventory/retry.py`" in plans[0].text
    rejected = [t for t in texts(long, "output") if t.startswith("Proposed plan (rejected by the user)")]
    assert len(rejected) == 1 and "tenacity" in rejected[0]
    correction = next(e for e in long.of("correction") if "tenacity" in e.text)
    assert correction.index < plans[0].index  # the user's words came before the revised plan


def test_failed_commands_carry_ok_false_and_the_exit_code(long: Transcript) -> None:
    failed = [e for e in long.of("tool_result") if e.get("ok") is False]
    commands = {e.get("callId"): e.get("input", {}).get("command") for e in long.of("tool_call")}
    failures = [(commands[e.get("callId")], e.get("exitCode")) for e in failed]
    assert failures.count(("pytest -q tests/test_client.py", 1)) == 2
    assert failures.count(("pytest -q tests/test_api.py", 1)) == 3
    assert ("ruff check src tests", 1) in failures and ("mypy src", 1) in failures
    assert ("git push", 1) in failures
    assert "FAILED tests/test_client.py::test_reserve_retries_on_timeout" in failed[0].get("output")
    passed = [e for e in long.of("tool_result") if e.get("tool") == "Bash" and e.get("ok")]
    assert all(e.get("exitCode") == 0 for e in passed)


def test_interrupted_and_refused_calls_have_no_result(long: Transcript) -> None:
    results = {e.get("callId") for e in long.of("tool_result")}
    unanswered = [e for e in long.of("tool_call") if e.get("callId") not in results]
    assert [(e.get("tool"), e.get("input", {}).get("command")) for e in unanswered] == [
        ("Edit", None),  # "String to replace not found": Claude Code refused it, nothing ran
        ("Bash", "pytest -q tests/ --timeout 600"),  # the user pressed Esc
    ]


def test_a_subagents_tool_calls_are_kept_and_marked_but_its_words_are_not(long: Transcript) -> None:
    side = [e for e in long.of("tool_call") if e.get("sidechain")]
    assert {e.get("tool") for e in side} == {"Glob", "Grep", "Read", "Bash"}
    assert len(side) == 15  # 7 by the explorer, 8 by the reviewer
    assert not any("**InventoryClient**" in t for t in texts(long, "output"))
    task = [e for e in long.of("tool_call") if e.get("tool") == "Task"]
    assert len(task) == 2 and not any(e.get("sidechain") for e in task)


def test_edited_files_are_reported_relative_to_the_workspace(long: Transcript) -> None:
    files = {f["path"]: f["status"] for e in long.of("files_changed") for f in e.get("files")}
    assert files["src/inventory/retry.py"] == "A"
    assert files["src/inventory/client.py"] == "M"
    assert files["tests/test_client_errors.py"] == "A"
    assert all(not p.startswith("/") for p in files)


def test_classify_keeps_what_the_user_taught_and_what_failed(long: Transcript) -> None:
    observations = classify(long, agent="claude")
    bodies = {(o.cls, o.body) for o in observations}
    assert (
        MemoryClass.REPO_RULE,
        "Don't add tenacity as a direct dependency, we keep the runtime deps minimal.",
    ) in bodies
    assert (MemoryClass.STYLE, "Prefer time.monotonic() over time.time() for the backoff deadline.") in bodies
    assert (MemoryClass.REPO_RULE, "From now on always run ruff before committing.") in bodies
    decisions = [o for o in observations if o.cls is MemoryClass.DECISION]
    assert len(decisions) == 1
    assert decisions[0].body.startswith("Retry idempotent inventory calls with a small helper, `retry_call`")
    assert "src/inventory/retry.py" in decisions[0].files
    failures = [o.body for o in observations if o.cls is MemoryClass.FAILURE]
    assert any(b.startswith("`pytest -q tests/test_client.py` failed (tests/test_client.py::") for b in failures)
    assert any(b.startswith("`pytest -q tests/test_api.py` was retried 3 times") for b in failures)
    assert not any("Edit" in b for b in failures)  # a refused edit is not a project failure
    assert (MemoryClass.FACT, "The project depends on respx (added with `uv add --dev respx`).") in bodies
    assert any(o.rule == "remember-line" and "pytest -m 'not slow'" in o.body for o in observations)
    for o in observations:  # nothing from the subagent's prompt, the compaction summary or the command wrappers
        assert "Do not modify" not in o.body and "Always run ruff before committing. Use" not in o.body


def test_a_style_correction_and_an_accepted_style_in_2_1_72() -> None:
    t = read_agent_transcript("claude", CSV).transcript
    assert texts(t, "prompt") == ["The CSV export button downloads an empty file on Safari. Fix it."]
    assert len(texts(t, "correction")) == 2
    bodies = {o.body for o in classify(t, agent="claude")}
    assert "Prefer anchor element with the download attribute over window.open for the download." in bodies
    assert "Prefer object URL helper." in bodies
    failed = [e for e in t.of("tool_result") if not e.get("ok")]
    assert [(e.get("exitCode"), "FAIL  src/export/csv.test.ts" in e.get("output")) for e in failed] == [(1, True)]


def test_a_session_started_from_an_approved_plan_in_2_1_144() -> None:
    t = read_agent_transcript("claude", PLAN).transcript
    first = t.events[0]
    assert first.type == "plan" and first.get("approved") is True and first.text.startswith("# Plan: move feature")
    assert texts(t, "prompt") == ["make the cache TTL configurable"]  # typed while the agent worked (queued)
    assert not texts(t, "correction")
    words = " ".join(texts(t, "prompt"))
    assert "Implement the following plan" not in words and "task-notification" not in words
    assert "Memory context" not in json.dumps([e.as_json() for e in t.events])  # Picasso's own hook context
    decisions = [o for o in classify(t) if o.cls is MemoryClass.DECISION]
    assert len(decisions) == 1
    assert decisions[0].body.startswith("Read feature flags from the settings service (`GET /v2/flags`)")


def test_a_rejected_plan_quoted_back_as_a_user_line_is_not_the_users_words(tmp_path: Path) -> None:
    base = {"isSidechain": False, "userType": "external", "cwd": "/w", "sessionId": "s1", "version": "2.1.144"}
    plan = "# Plan\n\n**Decision:** Always vendor the SDK.\n\nFrom now on use the vendored copy."
    lines = [
        {**base, "type": "user", "message": {"role": "user", "content": "Plan the SDK upgrade"}, "uuid": "u1"},
        {
            **base,
            "type": "assistant",
            "uuid": "a1",
            "message": {
                "role": "assistant",
                "model": "claude-opus-4-7",
                "content": [{"type": "tool_use", "id": "toolu_01X", "name": "ExitPlanMode", "input": {"plan": plan}}],
            },
        },
        {
            **base,
            "type": "user",
            "uuid": "u2",
            "message": {
                "role": "user",
                "content": [
                    {
                        "type": "tool_result",
                        "tool_use_id": "toolu_01X",
                        "is_error": True,
                        "content": "The user doesn't want to proceed with this tool use. The tool use was rejected (eg. if it was a file "
                        "edit, the new_string was NOT written to the file). STOP what you are doing and wait for the user to "
                        "tell you how to proceed.",
                    }
                ],
            },
        },
        {
            **base,
            "type": "user",
            "uuid": "u3",
            "message": {
                "role": "user",
                "content": "The agent proposed a plan that was rejected by the user. The user chose to stay in plan mode rather "
                f"than proceed with implementation.\n\nRejected plan:\n{plan}\n\nUser feedback:\nsplit it into two PRs",
            },
        },
    ]
    path = tmp_path / "s.jsonl"
    path.write_text("".join(json.dumps(x) + "\n" for x in lines))
    t = read_agent_transcript("claude", path).transcript
    assert not list(t.of("plan"))
    assert texts(t, "correction") == ["split it into two PRs"]
    assert texts(t, "prompt") == ["Plan the SDK upgrade"]
    assert not [o for o in classify(t) if "vendor" in o.body]
