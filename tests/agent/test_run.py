"""End to end: `picasso run` with a small fake agent (a Python script this test writes)."""

from __future__ import annotations

import json
import os
import secrets
import string
import sys
import textwrap
from pathlib import Path
from types import SimpleNamespace

import pytest

from picasso_tui import settings
from picasso_tui.agent import run as run_mod
from picasso_tui.agent.run import run_agent
from picasso_tui.store.api import MemoryStore
from tests.cli_helpers import checked, one_sentence

FAKE_AGENT = textwrap.dedent(
    """
    import json, os, sys
    from pathlib import Path

    prompt = sys.argv[-1]
    block_file = os.environ.get("PICASSO_MEMORY_BLOCK")
    block = Path(block_file).read_text() if block_file else None
    Path(os.environ["FAKE_AGENT_PROOF"]).write_text(json.dumps(
        {"prompt": prompt, "block": block, "session": os.environ.get("PICASSO_SESSION_ID"), "cwd": os.getcwd()}))
    print("Looking at the helpers...", flush=True)
    print(json.dumps({"type": "tool_call", "tool": "bash", "input": {"command": "pytest -q tests/test_helpers.py"}}), flush=True)
    print(json.dumps({"type": "tool_result", "tool": "bash", "ok": False, "exitCode": 1,
                      "output": "FAILED tests/test_helpers.py::test_slug - AssertionError\\n1 failed"}), flush=True)
    Path("src/helpers.py").write_text("def slug(s):\\n    return s.lower()\\n")
    print(json.dumps({"type": "tool_call", "tool": "bash", "input": {"command": "pytest -q tests/test_helpers.py"}}), flush=True)
    print(json.dumps({"type": "tool_result", "tool": "bash", "ok": True, "exitCode": 0, "output": "1 passed"}), flush=True)
    print("remember(fact): Helpers live in src/helpers.py; staging DB is " + os.environ["FAKE_DB_URL"], flush=True)
    print("Done.", flush=True)
    sys.exit(int(os.environ.get("FAKE_AGENT_EXIT", "0")))
    """
)


@pytest.fixture
def workspace(make_repo, tmp_path, monkeypatch, paths):
    repo = make_repo(
        "proj", origin="https://github.com/acme/proj.git", files={"src/helpers.py": "def slug(s):\n    return s\n"}
    )
    monkeypatch.chdir(repo)
    agent = tmp_path / "fake_agent.py"
    agent.write_text(FAKE_AGENT)
    proof = tmp_path / "proof.json"
    password = "".join(secrets.choice(string.ascii_letters + string.digits) for _ in range(24))
    monkeypatch.setenv("FAKE_AGENT_PROOF", str(proof))
    monkeypatch.setenv("FAKE_DB_URL", f"postgres://app:{password}@db.staging.internal:5432/app")
    settings.set_value("agent.command", [sys.executable, str(agent)], paths)
    return SimpleNamespace(repo=repo, proof=proof, password=password)


def test_picasso_run_injects_memory_runs_the_agent_and_writes_back(picasso, workspace, paths):
    run = checked(picasso)
    seeded = run("memory", "add", "--class", "repo_rule", "Always keep helper functions pure and typed.").out.strip()
    res = run("run", "tidy the slug helper function")
    assert res.code == 0, res.err
    proof = json.loads(workspace.proof.read_text())
    # The agent received the memory block, both prepended to its prompt and in the PICASSO_MEMORY_BLOCK file.
    assert "Always keep helper functions pure and typed." in proof["block"]
    assert proof["prompt"].startswith(proof["block"].strip())
    assert proof["prompt"].rstrip().endswith("tidy the slug helper function")
    assert proof["session"].startswith("sess_")
    assert Path(proof["cwd"]).resolve() == workspace.repo.resolve()
    # Its output streamed through, and Picasso said what it injected and wrote.
    assert "Looking at the helpers..." in res.out and "Done." in res.out
    assert "picasso: injected 1 memory" in res.err
    assert "picasso: memory: " in res.err
    # The expected records were written, redacted, and are visible in `picasso memory list`.
    listed = json.loads(run("memory", "list", "--json").out)
    by_class = {}
    for r in listed:
        by_class.setdefault(r["metadata"]["class"], []).append(r)
    [fact] = by_class["fact"]
    assert "Helpers live in src/helpers.py" in fact["body"]
    assert "[REDACTED:" in fact["body"] and workspace.password not in fact["body"]
    [failure] = by_class["failure"]
    assert "`pytest -q tests/test_helpers.py` failed" in failure["body"] and "src/helpers.py" in failure["body"]
    assert [r["id"] for r in by_class["repo_rule"]] == [seeded]
    table = run("memory", "list").out
    assert "Helpers live in src/helpers.py" in table
    assert workspace.password not in paths.memory_file.read_text()
    # The transcript was kept, redacted, with the files git saw change.
    [transcript] = list((paths.home / "transcripts").glob("sess_*.jsonl"))
    text = transcript.read_text()
    assert workspace.password not in text
    lines = [json.loads(line) for line in text.splitlines()]
    assert lines[0]["type"] == "session" and lines[0]["agent"] == "fake_agent.py"
    assert {"type": "injected", "ids": [seeded]}.items() <= next(
        line for line in lines if line["type"] == "injected"
    ).items()
    changed = next(line for line in lines if line["type"] == "files_changed")
    assert changed["files"] == [{"path": "src/helpers.py", "status": "M"}]
    assert lines[-1]["type"] == "reflection" and lines[-1]["outcome"] == "success"
    assert oct(transcript.stat().st_mode & 0o777) == "0o600"


def test_a_second_run_reinforces_what_the_first_wrote(picasso, workspace, paths):
    run = checked(picasso)
    run("run", "tidy the slug helper")
    first = json.loads(run("memory", "list", "--json").out)
    (workspace.repo / "src/helpers.py").write_text("def slug(s):\n    return s\n")
    run("run", "tidy the slug helper again")
    second = json.loads(run("memory", "list", "--json").out)
    assert sorted(r["id"] for r in second) == sorted(r["id"] for r in first)


def test_no_agent_configured_is_one_sentence_saying_how_to_set_one(picasso, make_repo, paths, monkeypatch):
    monkeypatch.chdir(make_repo("bare"))
    res = checked(picasso)("run", "do something")
    assert res.code == 1
    line = one_sentence(res.err)
    assert "agent.command" in line and "claude -p" in line
    assert not paths.memory_file.exists()


def test_an_agent_that_does_not_exist_is_one_sentence(picasso, workspace, paths):
    settings.set_value("agent.command", "definitely-not-an-agent-xyz -p", paths)
    res = checked(picasso)("run", "hello")
    assert res.code == 1
    assert "definitely-not-an-agent-xyz" in one_sentence(res.err)


def test_a_failing_agent_exits_1_and_its_failure_is_still_remembered(picasso, workspace, paths, monkeypatch):
    monkeypatch.setenv("FAKE_AGENT_EXIT", "3")
    res = checked(picasso)("run", "tidy the slug helper")
    assert res.code == 1
    assert "exited with code 3" in res.err.splitlines()[-1]
    listed = json.loads(checked(picasso)("memory", "list", "--json").out)
    perf = [r for r in listed if r["metadata"]["class"] == "model_performance"]
    assert any("exits with an error" in r["body"] for r in perf)


def test_verification_commands_run_after_the_agent_and_a_failure_is_remembered(picasso, workspace, paths):
    settings.set_value(
        "agent.verify", ["python -c \"print('lint ok')\"", "python -c \"import sys; sys.exit('E1 broken')\""], paths
    )
    res = checked(picasso)("run", "tidy the slug helper")
    assert res.code == 0  # the agent itself succeeded; the failed check is memory, not an error
    listed = json.loads(checked(picasso)("memory", "list", "--json").out)
    failures = [r["body"] for r in listed if r["metadata"]["class"] == "failure"]
    assert any("Verification `python -c \"import sys; sys.exit('E1 broken')\"` failed" in b for b in failures)
    transcript = next((paths.home / "transcripts").glob("sess_*.jsonl")).read_text()
    verifies = [json.loads(line) for line in transcript.splitlines() if '"verify"' in line]
    assert [v["exitCode"] for v in verifies] == [0, 1]


def test_memory_sync_syncs_after_the_run_when_asked(picasso, workspace, monkeypatch):
    calls = []

    def sync_now(store, paths):
        calls.append((store, paths))
        return SimpleNamespace(pushed=2, pulled=0)

    monkeypatch.setattr("picasso_tui.sync.client.sync_now", sync_now)
    res = checked(picasso)("run", "--memory-sync", "tidy")
    assert res.code == 0 and len(calls) == 1
    assert "Memory synced (pushed 2, pulled 0)." in res.err
    assert checked(picasso)("run", "--no-memory-sync", "tidy").code == 0
    assert len(calls) == 1


def test_the_library_function_reports_output_and_written_records_through_callbacks(workspace, paths):
    lines, written, injected = [], [], []
    result = run_agent(
        "tidy the slug helper",
        store=MemoryStore(paths, cwd=workspace.repo),
        on_output=lines.append,
        on_injected=lambda ids, block: injected.append(ids),
        on_written=written.append,
        corrections=["Don't use str.lower, use str.casefold instead."],
    )
    assert result.exit_code == 0
    assert "Done.\n" in lines
    assert injected == [[]]
    [report] = written
    assert report is result.report
    styles = [r for r in report.added if r.memory_class.value == "style"]
    assert [s.body for s in styles] == ["Prefer str.casefold over str.lower."]
    assert styles[0].metadata.namespace == "account:local/style/python"


def test_the_prompt_can_go_on_stdin_or_replace_a_placeholder(workspace, paths, tmp_path):
    echo = tmp_path / "echo_agent.py"
    echo.write_text("import os, sys\nfrom pathlib import Path\n"
                    "Path(os.environ['FAKE_AGENT_PROOF']).write_text(repr(sys.argv[1:]) + '|' + sys.stdin.read())\n")  # fmt: skip
    store = MemoryStore(paths, cwd=workspace.repo)
    settings.set_value("agent.promptVia", "stdin", paths)
    run_agent("via stdin please", store=store, command=[sys.executable, str(echo)])
    argv, stdin = workspace.proof.read_text().split("|", 1)
    assert argv == "[]" and stdin.endswith("via stdin please")
    settings.set_value("agent.promptVia", "arg", paths)
    run_agent("in the middle", store=store, command=[sys.executable, str(echo), "--prompt", "{prompt}", "--json"])
    argv, _ = workspace.proof.read_text().split("|", 1)
    assert argv.startswith("['--prompt', '") and argv.endswith("in the middle', '--json']")
    assert os.environ.get("PICASSO_MEMORY_BLOCK") is None  # only the agent's environment gets it


def test_only_the_newest_transcripts_are_kept(workspace, paths):
    settings.set_value("agent.transcriptsKept", 2, paths)
    store = MemoryStore(paths, cwd=workspace.repo)
    sessions = [run_agent(f"run {n}", store=store).session_id for n in range(3)]
    kept = sorted(p.stem for p in (paths.home / "transcripts").glob("sess_*.jsonl"))
    assert kept == sorted(sessions[1:])


def test_when_redaction_fails_the_run_exits_1_and_memory_is_untouched(picasso, workspace, paths, monkeypatch):
    from picasso_tui.redact.redact import RedactionFailed
    from picasso_tui.writeback import write as write_mod

    def broken(record):
        raise RedactionFailed("simulated failure")

    monkeypatch.setattr(write_mod, "redact_record", broken)
    res = checked(picasso)("run", "tidy the slug helper")
    assert res.code == 1
    assert "nothing was written to memory" in res.err.splitlines()[-1]
    assert not paths.memory_file.exists()
    assert list((paths.home / "transcripts").glob("sess_*.jsonl"))  # recorded before reflection


@pytest.mark.parametrize(
    ("argv", "label"),
    [
        (["claude", "-p", "--output-format", "stream-json"], "claude"),
        (["/usr/local/bin/codex", "exec", "--json"], "codex"),
        (["python3", "-u", "/opt/agents/my_agent.py", "--key=abc"], "my_agent.py"),
        (["npx", "@acme/agent-cli"], "agent-cli"),
        (["sh", "-c", "echo $OPENAI_API_KEY | my-agent", "agent"], "sh"),
    ],
)
def test_an_agent_is_named_by_its_executable_or_script_never_its_arguments(argv, label):
    assert run_mod.agent_label(argv) == label


def test_a_failed_sync_that_was_asked_for_fails_the_command_in_one_sentence(picasso, workspace, monkeypatch):
    from picasso_tui.store.errors import StoreError

    def sync_now(store, paths):
        raise StoreError("The sync server could not be reached; memory stayed on this device.")

    monkeypatch.setattr("picasso_tui.sync.client.sync_now", sync_now)
    res = checked(picasso)("run", "--memory-sync", "tidy")
    assert res.code == 1
    assert res.err.splitlines()[-1] == "picasso: The sync server could not be reached; memory stayed on this device."
    assert json.loads(checked(picasso)("memory", "list", "--json").out)  # the run's memories were still written


PLANNING_AGENT = textwrap.dedent(
    """
    import json, sys
    if "approved" in sys.argv[-1].lower():
        print("Implementing the plan.")
    else:
        plan = "Decision: store sessions in Redis\\nRationale: the API runs on three nodes\\nFiles: src/sessions.py"
        print(json.dumps({"type": "plan", "text": plan, "approved": True}))  # an agent cannot approve its own plan
    """
)


def test_approving_the_previous_runs_plan_records_the_decision(picasso, workspace, paths, tmp_path):
    agent = tmp_path / "planning_agent.py"
    agent.write_text(PLANNING_AGENT)
    settings.set_value("agent.command", [sys.executable, str(agent)], paths)
    run = checked(picasso)
    assert run("run", "plan how sessions should be stored").code == 0
    listed = json.loads(run("memory", "list", "--json").out)
    assert [r for r in listed if r["metadata"]["class"] == "decision"] == []  # proposed, not approved
    [first] = list((paths.home / "transcripts").glob("sess_*.jsonl"))
    assert run("run", "Approved, go ahead.").code == 0
    [decision] = [r for r in json.loads(run("memory", "list", "--json").out) if r["metadata"]["class"] == "decision"]
    assert decision["body"] == "Store sessions in Redis. Rationale: the API runs on three nodes."
    assert decision["metadata"]["provenance"]["sourcePlan"].startswith(f"transcript:{first.stem}#")
    assert {"type": "decision->file", "target": "file:src/sessions.py"} in decision["metadata"]["edges"]


CLAUDE_LIKE_AGENT = textwrap.dedent(
    """
    import json
    def emit(obj):
        print(json.dumps(obj), flush=True)
    emit({"type": "system", "subtype": "init", "session_id": "s", "tools": ["Bash"]})
    emit({"type": "assistant", "session_id": "s", "message": {"content": [
        {"type": "text", "text": "Running the tests."},
        {"type": "tool_use", "id": "t1", "name": "Bash", "input": {"command": "pytest -q"}}]}})
    emit({"type": "user", "session_id": "s", "message": {"content": [
        {"type": "tool_result", "tool_use_id": "t1", "is_error": True, "content": "FAILED tests/test_a.py::test_b - KeyError"}]}})
    emit({"type": "result", "subtype": "success", "session_id": "s", "result": "Done", "num_turns": 2})
    """
)


def test_a_stream_json_agent_is_shown_readably_and_its_tool_calls_are_remembered(picasso, workspace, paths, tmp_path):
    agent = tmp_path / "claude_like.py"
    agent.write_text(CLAUDE_LIKE_AGENT)
    settings.set_value("agent.command", [sys.executable, str(agent)], paths)
    res = checked(picasso)("run", "run the tests")
    assert res.code == 0
    assert res.out == "Running the tests.\n  > Bash: pytest -q\n  ! failed\n"  # no raw protocol JSON
    failures = [
        r["body"]
        for r in json.loads(checked(picasso)("memory", "list", "--json").out)
        if r["metadata"]["class"] == "failure"
    ]
    assert failures == ["`pytest -q` failed (tests/test_a.py::test_b: KeyError) and was not fixed in the run."]


def test_a_run_outside_any_repository_writes_account_wide_memory(workspace, paths, tmp_path):
    outside = tmp_path / "scratch"
    outside.mkdir()
    agent = [sys.executable, "-c", "print('remember(fact): Scratch notes live in notes.txt.')"]
    result = run_agent("tidy", store=MemoryStore(paths, cwd=outside), command=agent)
    assert result.exit_code == 0
    assert [r.body for r in result.report.added] == ["Scratch notes live in notes.txt."]
    namespaces = {r.metadata.namespace for r in result.report.added}
    assert namespaces and all(
        ns.startswith("account:local/global/") or ns == "account:local/model_performance" for ns in namespaces
    )
