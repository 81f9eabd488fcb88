"""Codex CLI's rollout files read into Picasso's transcript."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from picasso_tui.store.schema import MemoryClass
from picasso_tui.writeback.classify import classify
from picasso_tui.writeback.foreign import read_agent_transcript
from picasso_tui.writeback.foreign.codex import parse_output, rollout_path
from picasso_tui.writeback.transcript import Transcript

SESSIONS = Path(__file__).resolve().parents[1] / "fixtures" / "agents" / "codex" / "sessions"
LONG = next((SESSIONS / "2026" / "10" / "21").glob("rollout-*.jsonl"))
PLAN = SESSIONS / "2026" / "11" / "18" / "rollout-2026-11-18T16-40-12-019a9b31-2c7d-7e14-a5f0-3d8e6b1c9f22.jsonl"
SUBAGENT = SESSIONS / "2026" / "11" / "18" / "rollout-2026-11-18T16-52-40-019a9b3c-8e21-7f05-b3a4-1c6d2e9f0b87.jsonl"


def texts(t: Transcript, *types: str) -> list[str]:
    return [e.text for e in t.of(*types)]


@pytest.fixture(scope="module")
def long() -> Transcript:
    return read_agent_transcript("codex", LONG).transcript


def test_the_long_rollout_reads_whole_with_its_header() -> None:
    read = read_agent_transcript("codex", LONG)
    assert read.consumed == LONG.stat().st_size and read.skipped_lines == 0
    assert read.session == "019a07c4-5b1e-7d20-8f3a-6c2b9e4d1a70"
    assert read.cwd == "/Users/dev/src/ledger"
    assert read.transcript.header["model"] == "gpt-5.2-codex"


def test_each_user_message_once_and_none_of_codexs_own_context(long: Transcript) -> None:
    assert texts(long, "prompt") == [
        "Splitting 10.00 three ways loses a cent in Post. Fix the rounding so the parts always add up to the amount.",
        "Add a table test for Post with zero parts; it should return an error, not panic.",
        "Also make the API answer 422 for that error instead of 500.",
        "thanks, looks good",
    ]
    assert texts(long, "correction") == [
        "Don't use fmt.Errorf with %v for wrapping, use %w. I see two of those in post.go.",
        "no network here. the modules are vendored, use -mod=vendor",  # after the user declined `go mod tidy`
        "From now on, run go vet before go test.",
    ]
    words = json.dumps(texts(long, "prompt", "correction"))
    for context in ("AGENTS.md", "environment_context", "permissions instructions", "Always run `go test"):
        assert context not in words


def test_each_agent_message_once(long: Transcript) -> None:
    outputs = texts(long, "output")
    assert len(outputs) == len(set(outputs)) == 7
    assert outputs[-1] == "Glad it helps."


def test_shell_calls_carry_the_command_and_failures_the_exit_code(long: Transcript) -> None:
    calls = {e.get("callId"): e for e in long.of("tool_call")}
    assert calls[next(iter(calls))].get("input") == {
        "command": 'rg -n "func Post" internal',
        "workdir": "/Users/dev/src/ledger",
    }
    failed = [e for e in long.of("tool_result") if e.get("ok") is False]
    assert [(calls[e.get("callId")].get("input")["command"], e.get("exitCode")) for e in failed] == [
        ("go test ./...", 1),
        ("go test ./...", 1),
        ("golangci-lint run ./...", 1),
        ("go test -mod=vendor ./internal/api/", 1),
    ]
    assert failed[0].get("output").startswith("--- FAIL: TestPostSplitsRemainder")  # Codex's header is gone
    declined = [e for e in calls.values() if e.get("input", {}).get("command") == "go mod tidy"]
    assert len(declined) == 1
    assert declined[0].get("callId") not in {e.get("callId") for e in long.of("tool_result")}


def test_patches_report_the_files_and_a_todo_plan_is_no_plan(long: Transcript) -> None:
    files = {f["path"]: f["status"] for e in long.of("files_changed") for f in e.get("files")}
    assert files == {
        "internal/ledger/post.go": "M",
        "internal/ledger/post_zero_test.go": "A",
        "internal/api/errors.go": "M",
        "internal/api/post_handler_test.go": "M",
    }
    assert not list(long.of("plan"))
    assert [e.get("tool") for e in long.of("tool_call")].count("update_plan") == 1


def test_classify_over_the_long_rollout(long: Transcript) -> None:
    observations = classify(long, agent="codex")
    bodies = {(o.cls, o.body) for o in observations}
    assert (MemoryClass.STYLE, "Prefer %w over fmt.Errorf with %v for wrapping.") in bodies
    assert (MemoryClass.REPO_RULE, "From now on, run go vet before go test.") in bodies
    assert (
        MemoryClass.FACT,
        "Go modules are vendored; build and test with -mod=vendor (there is no network in the sandbox).",
    ) in bodies
    failures = [o.body for o in observations if o.cls is MemoryClass.FAILURE]
    assert any(b.startswith("`go test ./...` failed") for b in failures)
    assert any(b.startswith("`golangci-lint run ./...` failed") for b in failures)


def test_a_plan_is_approved_by_implement_the_plan() -> None:
    t = read_agent_transcript("codex", PLAN).transcript
    plans = list(t.of("plan"))
    assert len(plans) == 1 and plans[0].get("approved") is True
    assert plans[0].text.startswith("# Cache account balances")
    assert texts(t, "prompt") == ["Balance reads are slow for big accounts. Plan a fix before changing anything."]
    assert not texts(t, "correction")  # "Implement the plan." is Codex's button, not the user's words
    decisions = [o for o in classify(t) if o.cls is MemoryClass.DECISION]
    assert len(decisions) == 1 and decisions[0].body.startswith("Keep a per-account running balance")
    assert "0007_balances.sql" in decisions[0].files


def test_a_subagents_rollout_has_no_user_words() -> None:
    t = read_agent_transcript("codex", SUBAGENT).transcript
    assert not texts(t, "prompt", "correction")
    assert len(list(t.of("tool_call"))) == 2
    assert not any("Never edit files" in o.body for o in classify(t))


@pytest.mark.parametrize(
    ("raw", "expected"),
    [
        ('{"output":"boom\\n","metadata":{"exit_code":2,"duration_seconds":0.1}}', ("boom\n", 2, "done")),
        (
            "Exit code: 0\nWall time: 0.1 seconds\nOutput:\nSuccess. Updated the following files:\nA x.txt\n",
            ("Success. Updated the following files:\nA x.txt\n", 0, "done"),
        ),
        (
            "Chunk ID: d8\nWall time: 0.0000 seconds\nProcess exited with code 1\nOriginal token count: 28\nOutput:\n"
            "sed: x.md: No such file or directory\n",
            ("sed: x.md: No such file or directory\n", 1, "done"),
        ),
        (
            "Chunk ID: a\nWall time: 30.0 seconds\nProcess running with session ID 1000\nOriginal token count: 3\n"
            "Output:\nbuilding\n",
            (None, None, "running"),
        ),
        ("aborted by user after 9.4s", ("aborted by user after 9.4s", None, "stopped")),
        ("exec command rejected by user", ("exec command rejected by user", None, "stopped")),
        ("Plan updated", ("Plan updated", None, "done")),
        ("a test printed\nExit code: 3\nhere", ("a test printed\nExit code: 3\nhere", None, "done")),
        ([{"type": "input_text", "text": "README.md"}], ("README.md", None, "done")),
        ({"content": [{"type": "text", "text": "no"}], "isError": True}, (None, None, "failed")),
    ],
)
def test_the_shapes_of_a_tool_output(raw: object, expected: tuple[str | None, int | None, str]) -> None:
    text, code, state = parse_output(raw)
    assert (code, state) == expected[1:]
    if expected[0] is not None:
        assert text == expected[0]


def test_the_rollout_of_a_thread_is_found_from_its_id(tmp_path: Path) -> None:
    day = tmp_path / "sessions" / "2026" / "10" / "21"
    day.mkdir(parents=True)
    (day / LONG.name).write_bytes(LONG.read_bytes())
    assert rollout_path("019a07c4-5b1e-7d20-8f3a-6c2b9e4d1a70", tmp_path) == day / LONG.name
    assert rollout_path("019a07c4-0000-0000-0000-000000000000", tmp_path) is None
    assert rollout_path("../../etc/passwd", tmp_path) is None


def test_a_rollout_from_before_the_payload_wrapper(tmp_path: Path) -> None:
    lines = [
        {"id": "0f9e8d7c-1111-2222-3333-444455556666", "timestamp": "2025-06-02T10:00:00.000Z", "instructions": None},
        {"record_type": "state"},
        {
            "type": "message",
            "role": "user",
            "content": [
                {"type": "input_text", "text": "<environment_context>\n  <cwd>/w</cwd>\n</environment_context>"}
            ],
        },
        {"type": "message", "role": "user", "content": [{"type": "input_text", "text": "run the tests"}]},
        {
            "type": "function_call",
            "name": "shell",
            "arguments": '{"command":["bash","-lc","npm test"]}',
            "call_id": "call_1",
        },
        {
            "type": "function_call_output",
            "call_id": "call_1",
            "output": '{"output":"1 failing","metadata":{"exit_code":1,"duration_seconds":2.0}}',
        },
    ]
    path = tmp_path / "rollout-2025-06-02T10-00-00-0f9e8d7c-1111-2222-3333-444455556666.jsonl"
    path.write_text("".join(json.dumps(x) + "\n" for x in lines))
    t = read_agent_transcript("codex", path).transcript
    assert texts(t, "prompt") == ["run the tests"]
    result = next(t.of("tool_result"))
    assert next(t.of("tool_call")).get("input") == {"command": "npm test"}
    assert (result.get("ok"), result.get("exitCode"), result.get("output")) == (False, 1, "1 failing")
