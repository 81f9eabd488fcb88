"""The agents' stream events beyond tool calls: Gemini CLI's stream-json, Claude's final result, Codex's notices."""

from __future__ import annotations

import json

from picasso_tui.writeback.transcript import events_from_agent_line


def events(obj: dict) -> list[tuple[str, dict]]:
    return events_from_agent_line(json.dumps(obj))


def gemini(**kw) -> dict:
    return {"type": kw.pop("type"), "timestamp": "2026-01-12T10:00:00.000Z", **kw}


def test_a_gemini_shell_failure_shows_through_its_status_its_silence_or_the_runners_own_line():
    tool_id = "run_shell_command__run_shell_command_1768212000000_0"
    [(kind, failed)] = events(gemini(type="tool_result", tool_id=tool_id, status="error",
                                     error={"type": "SHELL_EXECUTE_ERROR", "message": "spawn ENOENT"}))  # fmt: skip
    assert kind == "tool_result" and failed["ok"] is False and failed["output"] == "spawn ENOENT"
    [(_, quiet)] = events(gemini(type="tool_result", tool_id=tool_id, status="success",
                                 output="Command exited with code: 2"))  # fmt: skip
    assert quiet["ok"] is False and quiet["exitCode"] == 2
    [(_, runner)] = events(gemini(type="tool_result", tool_id=tool_id, status="success", output="--- FAIL: TestSlug"))
    assert runner["ok"] is False and "exitCode" not in runner
    [(_, read)] = events(gemini(type="tool_result", tool_id="read_file__1", status="success", output="FAIL x"))
    assert read["ok"] is True  # a file that mentions a failure is not a failed command


def test_gemini_bookkeeping_and_the_echoed_prompt_are_skipped():
    assert events(gemini(type="init", session_id="s", model="gemini-2.5-pro")) == [("skip", {})]
    assert events(gemini(type="message", role="user", content="the memory block and the prompt")) == [("skip", {})]
    assert events(gemini(type="result", status="success", stats={"total_tokens": 9})) == [("skip", {})]
    assert events(gemini(type="error", severity="warning", message="Loop detected, stopping execution")) == [
        ("notice", {"text": "Loop detected, stopping execution", "level": "warning"})
    ]


def test_a_claude_error_result_names_its_error_and_a_success_shows_nothing():
    base = {"type": "result", "session_id": "s", "duration_ms": 1, "total_cost_usd": 0.1}
    assert events({**base, "subtype": "success", "is_error": False, "result": "Done"}) == [("skip", {})]
    assert events({**base, "subtype": "error_max_turns", "is_error": True}) == [
        ("agent_error", {"text": "stopped at its maximum number of turns"})
    ]
    assert events({**base, "subtype": "error_during_execution", "is_error": True, "errors": ["Tool failed"]}) == [
        ("agent_error", {"text": "Tool failed"})
    ]


def test_a_claude_user_message_is_never_taken_for_the_agents_words():
    line = {"type": "user", "session_id": "s", "message": {"role": "user", "content": [{"type": "text", "text": "hi"}]}}
    assert events(line) == []


def test_codex_failed_turn_mcp_calls_and_notices():
    assert events({"type": "turn.failed", "error": {"message": "stream disconnected"}}) == [
        ("agent_error", {"text": "stream disconnected"})
    ]
    assert events({"type": "error", "message": "Reconnecting... 1/5"}) == [
        ("notice", {"text": "Reconnecting... 1/5", "level": "error"})
    ]
    mcp = {"id": "item_3", "type": "mcp_tool_call", "server": "docs", "tool": "search", "arguments": {"q": "x"},
           "result": None, "error": {"message": "timeout"}, "status": "failed"}  # fmt: skip
    [(call_kind, call), (result_kind, result)] = events({"type": "item.completed", "item": mcp})
    assert (call_kind, call["tool"], result_kind, result["ok"]) == ("tool_call", "docs.search", "tool_result", False)
    assert result["output"] == "timeout"
    change = {"id": "item_4", "type": "file_change", "changes": [{"path": "a.py", "kind": "add"}], "status": "failed"}
    assert events({"type": "item.completed", "item": change}) == [
        ("notice", {"text": "edit: a.py (failed)", "level": "info"})
    ]
