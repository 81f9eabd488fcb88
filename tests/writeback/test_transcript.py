"""The transcript format and the adapters for agents that report their tool calls."""

from __future__ import annotations

import json

import pytest

from picasso_tui.writeback.classify import classify
from picasso_tui.writeback.transcript import Transcript, TranscriptError, events_from_agent_line

CLAUDE_STREAM = [
    {"type": "system", "subtype": "init", "session_id": "s1", "model": "claude-x", "tools": ["Bash"]},
    {"type": "assistant", "session_id": "s1", "message": {"role": "assistant", "content": [
        {"type": "text", "text": "I'll run the tests."},
        {"type": "tool_use", "id": "toolu_01", "name": "Bash", "input": {"command": "pytest -q", "description": "Run"}},
    ]}},
    {"type": "user", "session_id": "s1", "message": {"role": "user", "content": [
        {"type": "tool_result", "tool_use_id": "toolu_01", "is_error": True,
         "content": [{"type": "text", "text": "FAILED tests/test_a.py::test_b - KeyError: 'id'"}]},
    ]}},
    {"type": "assistant", "session_id": "s1", "message": {"role": "assistant", "content": [
        {"type": "tool_use", "id": "toolu_02", "name": "Bash", "input": {"command": "pytest -q"}},
    ]}},
    {"type": "user", "session_id": "s1", "message": {"role": "user", "content": [
        {"type": "tool_result", "tool_use_id": "toolu_02", "content": "3 passed"},
    ]}},
    {"type": "result", "subtype": "success", "is_error": False, "result": "Done", "session_id": "s1", "num_turns": 3},
]  # fmt: skip

CODEX_JSON = [
    {"type": "thread.started", "thread_id": "t1"},
    {"type": "turn.started"},
    {"type": "item.started", "item": {"id": "i1", "type": "command_execution", "command": "bash -lc 'cargo test'",
                                      "aggregated_output": "", "exit_code": None, "status": "in_progress"}},
    {"type": "item.completed", "item": {"id": "i1", "type": "command_execution", "command": "bash -lc 'cargo test'",
                                        "aggregated_output": "error[E0308]: mismatched types", "exit_code": 101,
                                        "status": "failed"}},
    {"type": "item.completed", "item": {"id": "i2", "type": "agent_message", "text": "The types disagree."}},
    {"type": "turn.completed", "usage": {"input_tokens": 10}},
]  # fmt: skip


def record(lines: list[dict]) -> Transcript:
    t = Transcript("sess_T")
    for line in lines:
        for kind, data in events_from_agent_line(json.dumps(line)):
            if kind != "skip":
                t.add(kind, **data)
    return t


def test_claude_stream_json_becomes_tool_calls_results_and_text():
    t = record(CLAUDE_STREAM)
    assert [e.type for e in t.events] == ["output", "tool_call", "tool_result", "tool_call", "tool_result"]
    assert t.events[1].get("tool") == "Bash" and t.events[1].get("input")["command"] == "pytest -q"
    assert t.events[2].get("ok") is False and "KeyError" in t.events[2].get("output")
    [failure] = [o for o in classify(t) if o.cls.value == "failure"]
    assert failure.body == "`pytest -q` failed (tests/test_a.py::test_b: KeyError)."


def test_codex_json_items_become_tool_calls_and_results():
    t = record(CODEX_JSON)
    assert [e.type for e in t.events] == ["tool_call", "tool_result", "output"]
    assert t.events[1].get("exitCode") == 101 and t.events[1].get("ok") is False
    [failure] = [o for o in classify(t) if o.cls.value == "failure"]
    assert "`cargo test` failed (E0308: mismatched types)" in failure.body  # the login shell around it unwrapped


def test_plain_text_and_json_that_is_not_an_event_stay_output():
    assert events_from_agent_line("Compiling...\n") == []
    assert events_from_agent_line('{"name": "package.json content"}') == []
    assert events_from_agent_line("{not json}") == []


def test_a_transcript_round_trips_through_json_lines():
    t = Transcript("sess_RT", header={"agent": "claude"})
    t.add("prompt", text="fix it")
    t.add("tool_call", tool="bash", input={"command": "make"})
    t.add("reflection", outcome="success", exitCode=0, summary="ok")
    back = Transcript.from_lines(t.to_jsonl().splitlines())
    assert back.session_id == "sess_RT" and back.header == {"agent": "claude"}
    assert [(e.index, e.type, e.data) for e in back.events] == [(e.index, e.type, e.data) for e in t.events]


def test_unknown_event_types_from_a_newer_writer_are_skipped():
    lines = [b'{"type":"session","v":1,"sessionId":"sess_N"}', b'{"i":0,"type":"hologram","x":1}',
             b'{"i":1,"type":"prompt","text":"hi"}']  # fmt: skip
    t = Transcript.from_lines(lines)
    assert [e.type for e in t.events] == ["prompt"] and t.prompt == "hi"


@pytest.mark.parametrize("bad", [b"not json", b"[1, 2]", b'{"no": "type"}'])
def test_a_broken_line_is_one_clear_error(bad):
    with pytest.raises(TranscriptError, match="line 2"):
        Transcript.from_lines([b'{"type":"session","v":1,"sessionId":"s"}', bad])


def test_an_unknown_event_type_cannot_be_added():
    with pytest.raises(TranscriptError, match="not a transcript event type"):
        Transcript().add("hologram")


@pytest.mark.parametrize(
    ("path", "fact"),
    [
        ("tests/unit/test_dates.py", "Python tests live in tests/ as test_*.py files."),
        ("pkg/tests/dates_test.py", "Python tests live in pkg/tests/ as *_test.py files."),
        ("src/auth/jwt.test.ts", "Tests live alongside source as *.test.ts files."),
        ("internal/api/server_test.go", "Go tests live alongside source as *_test.go files."),
        ("src/dates.py", None),
    ],
)
def test_new_test_files_teach_the_test_layout(path, fact):
    t = Transcript("sess_L")
    t.add("files_changed", files=[{"path": path, "status": "??"}, {"path": "README.md", "status": "M"}])
    facts = [o.body for o in classify(t) if o.rule == "test-layout"]
    assert facts == ([fact] if fact else [])


def test_classifying_adversarial_output_stays_fast():
    import time

    nasty = [
        "send it to " + "a@" * 100_000,
        "Send the file to " + "x" * 200_000,
        "A" * 300_000,
        "use " + "x " * 100_000 + "instead of y",
        "/".join(["seg"] * 50_000) + ".py",
        "curl " + "-" * 200_000,
    ]
    t = Transcript("sess_ADV")
    t.add("prompt", text=nasty[3])
    for text in nasty:
        t.add("tool_call", tool="bash", input={"command": "pytest"})
        t.add("tool_result", tool="bash", ok=False, exitCode=1, output=text)
        t.add("output", text=text)
    t.add("plan", text="\n".join(nasty), approved=True)
    started = time.perf_counter()
    classify(t, agent="a")
    assert time.perf_counter() - started < 2.0


@pytest.mark.parametrize(
    ("kind", "text", "expected"),
    [
        ("prompt", "Use the new invoice API instead of the legacy client.", []),
        ("prompt", "From now on use httpx instead of requests.", [("style", "Prefer httpx over requests.")]),
        ("correction", "Use httpx instead of requests.", [("style", "Prefer httpx over requests.")]),
        ("prompt", "Never mind, fix the login bug.", []),
        ("prompt", "Fix the login bug. Always run make lint before committing.",
         [("repo_rule", "Always run make lint before committing.")]),
        ("correction", "Don't touch the generated files in gen/.", [("repo_rule", "Don't touch the generated files in gen/.")]),
        ("correction", "Approved, go ahead.", []),
        ("prompt", "No, don't use os.path, use pathlib.Path instead.", [("style", "Prefer pathlib.Path over os.path.")]),
        ("prompt", "Actually, use httpx instead of requests.", [("style", "Prefer httpx over requests.")]),
        ("prompt", "Notify the users when a password reset uses the new API instead of the old one.", []),
    ],
)  # fmt: skip
def test_what_the_users_words_teach(kind, text, expected):
    t = Transcript("sess_U")
    t.add(kind, text=text)
    assert [(o.cls.value, o.body) for o in classify(t)] == expected


def test_claude_plan_mode_exit_is_a_proposed_plan():
    line = {"type": "assistant", "session_id": "s", "message": {"content": [
        {"type": "tool_use", "id": "t9", "name": "ExitPlanMode", "input": {"plan": "Decision: use argon2id"}}]}}  # fmt: skip
    assert events_from_agent_line(json.dumps(line)) == [("plan", {"text": "Decision: use argon2id"})]


def test_a_tool_result_that_does_not_say_it_failed_is_a_success():
    t = Transcript("sess_OK")
    t.add("tool_call", tool="read", input={"path": "README.md"})
    t.add("tool_result", tool="read", output="# Readme")  # neither ok nor exitCode: nothing failed
    t.add("tool_call", tool="bash", input={"command": "make test"})
    t.add("tool_result", tool="bash", exitCode=2, output="make: *** [test] Error 2")
    assert [o.body for o in classify(t) if o.cls.value == "failure"] == [
        "`make test` failed (test: Error 2) and was not fixed in the run."
    ]


def test_a_loop_is_the_same_failure_in_a_row_not_failures_now_and_then():
    t = Transcript("sess_LOOP")
    for ok in (False, True, False, True, False, True):
        t.add("tool_call", tool="bash", input={"command": "pytest -q"})
        t.add("tool_result", tool="bash", ok=ok, exitCode=0 if ok else 1, output="" if ok else "1 failed")
    rules = [o.rule for o in classify(t, agent="a")]
    assert "repeated-loop" not in rules and "agent-loop" not in rules
    for _ in range(3):
        t.add("tool_call", tool="bash", input={"command": "pytest -q"})
        t.add("tool_result", tool="bash", ok=False, exitCode=1, output="1 failed")
    assert "repeated-loop" in [o.rule for o in classify(t, agent="a")]
