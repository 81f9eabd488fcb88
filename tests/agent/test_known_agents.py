"""`picasso run` knows Claude Code, Codex and Gemini CLI: it asks each for its structured stream, shows that
stream as readable text, and learns the run's tool calls from it. Fake agents (tests/fixtures/agents/fake_cli.py)
replay streams in each agent's real line shapes (tests/fixtures/agents/streams/)."""

from __future__ import annotations

import json
import os
import sys
from pathlib import Path
from types import SimpleNamespace

import pytest

from picasso_tui import settings
from picasso_tui.agent.known_agents import launch
from picasso_tui.agent.live_stream import LiveStream, display_lines
from picasso_tui.agent.run import run_agent
from picasso_tui.settings import SettingsError
from picasso_tui.store.api import MemoryStore
from picasso_tui.writeback.transcript import Transcript
from tests.cli_helpers import checked

AGENTS = Path(__file__).resolve().parents[1] / "fixtures" / "agents"
CLAUDE_FLAGS = ["--output-format", "stream-json", "--verbose"]
GEMINI_FLAGS = ["--output-format", "stream-json"]


@pytest.mark.parametrize(
    ("argv", "expected"),
    [
        (["claude", "-p"], ["claude", *CLAUDE_FLAGS, "-p"]),
        (["/usr/local/bin/claude", "--print", "--model", "sonnet"], ["/usr/local/bin/claude", *CLAUDE_FLAGS, "--print", "--model", "sonnet"]),
        (["claude", "-p", "--verbose"], ["claude", "--output-format", "stream-json", "-p", "--verbose"]),
        (["npx", "-y", "@anthropic-ai/claude-code", "-p"], ["npx", "-y", "@anthropic-ai/claude-code", *CLAUDE_FLAGS, "-p"]),
        (["npx", "@anthropic-ai/claude-code@2.0.14", "-p"], ["npx", "@anthropic-ai/claude-code@2.0.14", *CLAUDE_FLAGS, "-p"]),
        (["codex", "exec"], ["codex", "exec", "--json"]),
        (["codex", "-m", "o3", "e", "--skip-git-repo-check"], ["codex", "-m", "o3", "e", "--json", "--skip-git-repo-check"]),
        (["npx", "@openai/codex", "exec"], ["npx", "@openai/codex", "exec", "--json"]),
        (["gemini", "-p"], ["gemini", *GEMINI_FLAGS, "-p"]),
        (["gemini", "-m", "gemini-2.5-flash", "-p", "{prompt}"], ["gemini", *GEMINI_FLAGS, "-m", "gemini-2.5-flash", "-p", "{prompt}"]),
        (["npx", "@google/gemini-cli", "--yolo"], ["npx", "@google/gemini-cli", *GEMINI_FLAGS, "--yolo"]),
    ],
)  # fmt: skip
def test_a_known_agent_is_asked_for_its_structured_stream(argv, expected):
    started = launch(argv)
    assert started.argv == expected and started.structured  # and the prompt, appended, still comes last


@pytest.mark.parametrize(
    ("argv", "structured"),
    [
        (["claude", "-p", "--output-format", "json"], False),  # the user chose a format: theirs stands
        (["claude", "-p", "--output-format=stream-json", "--verbose"], True),
        (["claude"], False),  # interactive: not something picasso run can stream
        (["codex", "exec", "--json"], True),
        (["codex", "exec", "--experimental-json"], True),  # the older name, still an alias
        (["codex"], False),
        (["codex", "login"], False),
        (["gemini", "-p", "-o", "json"], False),
        (["gemini", "-i"], False),
        (["gemini", "mcp", "list"], False),
        (["aider", "--message"], False),  # an agent Picasso does not know runs as before
        (["python3", "/opt/agents/my_agent.py", "-p"], False),
        (["sh", "-c", "claude -p", "agent"], False),
    ],
)
def test_a_command_that_chose_its_output_or_is_unknown_is_left_as_written(argv, structured):
    started = launch(argv)
    assert started.argv == argv and started.structured is structured


def test_stream_json_without_verbose_gets_it_because_print_mode_refuses_to_start_without():
    assert launch(["claude", "-p", "--output-format", "stream-json"]).argv == [
        "claude", "--verbose", "-p", "--output-format", "stream-json"
    ]  # fmt: skip


@pytest.mark.parametrize("argv", [["claude", "-p"], ["codex", "exec"], ["gemini", "-p"]])
def test_the_setting_off_leaves_every_command_as_written(argv):
    started = launch(argv, structured_output=False)
    assert started.argv == argv and not started.structured


def test_the_setting_is_on_or_off_and_nothing_else(picasso, paths):
    assert settings.get("agent.structuredOutput", paths) is True
    with pytest.raises(SettingsError, match=r"agent\.structuredOutput is on or off"):
        settings.set_value("agent.structuredOutput", "no", paths)
    assert checked(picasso)("settings", "set", "agent.structuredOutput", "off").code == 0
    assert settings.get("agent.structuredOutput", paths) is False
    paths.settings_file.write_text(json.dumps({"agent": {"structuredOutput": 1}}))
    with pytest.raises(SettingsError, match="it is 1"):
        settings.get("agent.structuredOutput", paths)


# -- end to end: fake agents on PATH, a real workspace, a temporary home ---------------------------------

SCREENS = {
    "claude": [
        "I'll run the helper tests first to see what fails.",
        "  Plan:",
        "    [~] Run the helper tests",
        "    [ ] Fix slug so it lower-cases",
        "  > Bash: pytest -q tests/test_helpers.py",
        "  ! failed (exit 1)",
        "`slug` returns its input unchanged; it should lower-case it.",
        "  > Edit: /work/proj/src/helpers.py",
        "  > Bash: pytest -q tests/test_helpers.py",
    ],
    "codex": [
        "  Plan:",
        "    [ ] Run the helper tests",
        "    [ ] Fix slug so it lower-cases",
        "  > shell: pytest -q tests/test_helpers.py",
        "  ! failed (exit 1)",
        "`slug` returns its input unchanged; it should lower-case it.",
        "  > edit: src/helpers.py",
        "  Plan:",
        "    [x] Run the helper tests",
        "    [x] Fix slug so it lower-cases",
        "  > shell: pytest -q tests/test_helpers.py",
    ],
    "gemini": [
        "I'll run the helper tests first.",
        "  > run_shell_command: pytest -q tests/test_helpers.py",
        "  ! failed",  # Gemini's stream carries no exit code; the runner's FAILED line shows the failure
        "`slug` returns its input unchanged; it should lower-case it.",
        "  Plan:",
        "    [x] Run the helper tests",
        "    [~] Fix slug so it lower-cases",
        "  > replace: /work/proj/src/helpers.py",
        "  > run_shell_command: pytest -q tests/test_helpers.py",
    ],
}
FINAL = [
    "Fixed: `slug` now lower-cases its input and the helper tests pass.",
    "remember(fact): Helpers live in src/helpers.py and are tested by tests/test_helpers.py.",
]
COMMANDS = {"claude": "claude -p", "codex": "codex exec", "gemini": "gemini -p"}


@pytest.fixture
def agents(make_repo, tmp_path, monkeypatch, paths):
    """The fake agents as `claude`, `codex` and `gemini` on PATH, in a workspace whose helper test fails."""
    repo = make_repo(
        "proj",
        files={
            "src/helpers.py": "def slug(s):\n    return s\n",
            "tests/test_helpers.py": "from src.helpers import slug\n\n\ndef test_slug():\n"
            '    assert slug("Hello World") == "hello world"\n',
        },
    )
    monkeypatch.chdir(repo)
    bin_dir = tmp_path / "bin"
    bin_dir.mkdir()
    for name in COMMANDS:
        wrapper = bin_dir / name
        wrapper.write_text(
            f"#!{sys.executable}\nimport runpy, sys\n"
            f"sys.exit(runpy.run_path({str(AGENTS / 'fake_cli.py')!r}, run_name='fake')['main']({name!r}))\n"
        )
        wrapper.chmod(0o755)
    monkeypatch.setenv("PATH", f"{bin_dir}{os.pathsep}{os.environ['PATH']}")
    argv_file = tmp_path / "argv.json"
    monkeypatch.setenv("FAKE_AGENT_ARGV", str(argv_file))
    return SimpleNamespace(repo=repo, argv=lambda: json.loads(argv_file.read_text()))


def run_with(agent: str, paths, repo: Path) -> tuple[list[str], object]:
    settings.set_value("agent.command", COMMANDS[agent], paths)
    shown: list[str] = []
    result = run_agent("make the slug helper lower-case", store=MemoryStore(paths, cwd=repo), on_output=shown.append)
    return shown, result


@pytest.mark.parametrize("agent", ["claude", "codex", "gemini"])
def test_a_known_agent_streams_readable_text_and_its_failed_command_is_remembered(agent, agents, paths):
    shown, result = run_with(agent, paths, agents.repo)
    assert result.exit_code == 0 and result.agent_error is None
    flags = {"claude": CLAUDE_FLAGS, "codex": ["--json"], "gemini": GEMINI_FLAGS}[agent]
    assert all(flag in agents.argv() for flag in flags)
    # The person reads the agent's words, one line a tool call, the failure and the plan: no protocol, no cost.
    assert [line.rstrip("\n") for line in shown] == SCREENS[agent] + FINAL
    assert all(line.endswith("\n") and not line.lstrip().startswith("{") for line in shown)
    assert "make the slug helper lower-case" not in "".join(shown)  # Gemini echoes the prompt: never shown
    # The transcript holds the tool calls, so the write-back learns the failure and the fix that followed.
    transcript = Transcript.load(result.transcript_path)
    calls = [e for e in transcript.of("tool_call") if "pytest" in json.dumps(e.get("input"))]
    results = [e for e in transcript.of("tool_result") if e.get("callId") in {c.get("callId") for c in calls}]
    assert len(calls) == 2 and [r.get("ok") for r in results] == [False, True]
    bodies = {r.memory_class.value: r.body for r in result.report.added}
    assert bodies["failure"] == (
        "`pytest -q tests/test_helpers.py` failed (tests/test_helpers.py::test_slug: AssertionError) "
        "until src/helpers.py was changed."
    )
    assert bodies["fact"] == "Helpers live in src/helpers.py and are tested by tests/test_helpers.py."
    assert transcript.first("reflection").get("outcome") == "success"


def test_with_the_setting_off_claude_prints_plain_text_and_runs_as_before(agents, paths):
    settings.set_value("agent.structuredOutput", False, paths)
    shown, result = run_with("claude", paths, agents.repo)
    assert agents.argv()[:1] == ["-p"] and "--output-format" not in agents.argv()
    assert shown == ["I fixed the slug helper; the tests pass now.\n"]
    assert [e.type for e in Transcript.load(result.transcript_path).of("tool_call")] == []


def test_an_error_result_with_exit_0_fails_the_run_and_shows_the_error_once(picasso, agents, paths, monkeypatch):
    """Claude Code reports an API error as a result with ``is_error`` and exits 0 (anthropics/claude-code#79500):
    the run did not do its task, so `picasso run` fails it and the reflection says so."""
    monkeypatch.setenv("FAKE_STREAM", str(AGENTS / "streams" / "claude-error.jsonl"))
    settings.set_value("agent.command", "claude -p", paths)
    res = checked(picasso)("run", "make the slug helper lower-case")
    assert res.code == 1
    error = 'API Error: 529 {"type":"error","error":{"type":"overloaded_error","message":"Overloaded"}}'
    assert res.out == f"{error}\n"  # the agent's own message is the error: not shown twice, no cost or duration
    assert res.err.splitlines()[-1] == (
        f"picasso: The agent reported an error ({error}); what the run taught was still written to memory."
    )
    [kept] = list((paths.home / "transcripts").glob("sess_*.jsonl"))
    reflection = Transcript.load(kept).first("reflection")
    assert reflection.get("outcome") == "failure" and reflection.get("exitCode") == 0
    assert reflection.get("agentError") == error


def test_gemini_ending_with_an_error_result_names_the_error_it_streamed_before(agents, paths, monkeypatch):
    monkeypatch.setenv("FAKE_STREAM", str(AGENTS / "streams" / "gemini-error.jsonl"))
    shown, result = run_with("gemini", paths, agents.repo)
    message = "The model returned an empty response with no text or thoughts. This may be a transient API issue; please try again."
    assert shown == [f"  ! error: {message}\n"]
    assert result.exit_code == 0 and result.agent_error == message and not result.succeeded


# -- the live view's rules ---------------------------------------------------------------------------------


def stream_of(lines: list[str], structured: bool) -> tuple[list[str], Transcript]:
    transcript, shown = Transcript(), []
    live = LiveStream(transcript, shown.append, structured=structured)
    for line in lines:
        live.feed(line)
    live.close()
    return shown, transcript


def test_protocol_lines_no_reader_knows_are_hidden_only_from_a_structured_stream():
    lines = ['{"type":"stream_event","event":{"type":"message_start"},"session_id":"s"}\n', "warning: slow disk\n"]
    assert stream_of(lines, structured=True)[0] == ["warning: slow disk\n"]  # stderr text still shows
    assert stream_of(lines, structured=False)[0] == lines  # an unknown agent's JSON is its output, as before


def test_streamed_pieces_become_whole_lines_in_the_transcript():
    pieces = [{"content": "Hello wor"}, {"content": "ld.\nSecond"}, {"content": " line"}]
    lines = [json.dumps({"type": "message", "timestamp": "t", "role": "assistant", "delta": True, **p}) for p in pieces]
    shown, transcript = stream_of(lines, structured=True)
    assert shown == ["Hello world.\n", "Second line\n"]
    assert [e.text for e in transcript.of("output")] == ["Hello world.", "Second line"]


def test_a_tool_call_is_one_short_line_naming_what_it_works_on():
    assert display_lines("tool_call", {"tool": "Bash", "input": {"command": "pytest -q"}}) == ["  > Bash: pytest -q"]
    assert display_lines("tool_call", {"tool": "Grep", "input": {"pattern": "def slug", "path": "src"}}) == [
        "  > Grep: def slug"
    ]
    long = {"tool": "mcp.search", "input": {"q": "x" * 300}}
    assert len(display_lines("tool_call", long)[0]) <= 120
    edit = {"tool": "Edit", "input": {"file_path": "/home/me/app/src/a.py", "old_string": "x"}}
    assert display_lines("tool_call", edit, "/home/me/app") == ["  > Edit: src/a.py"]  # under the workspace: relative
    assert display_lines("tool_result", {"ok": False, "exitCode": 2}) == ["  ! failed (exit 2)"]
    assert display_lines("tool_result", {"ok": True, "output": "lots of output"}) == []
    assert display_lines("plan", {"text": "Decision: use Redis\nRationale: three nodes"}) == [
        "  Plan proposed:",
        "    Decision: use Redis",
        "    Rationale: three nodes",
    ]
