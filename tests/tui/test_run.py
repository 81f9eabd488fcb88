"""A prompt typed at First Light runs the configured agent through the same path as `picasso run`:
the run screen shows what was injected, the agent's output as it streams, and the memory written."""

from __future__ import annotations

import json
import sys
import textwrap

from textual.widgets import Input, RichLog, Static

from picasso_tui import settings
from picasso_tui.tui.screens.first_light import FirstLight
from picasso_tui.tui.screens.run import RunScreen
from picasso_tui.tui.widgets.app_header import AppHeader
from tests.tui.conftest import plain, settle

AGENT = textwrap.dedent(
    """
    import os, sys
    from pathlib import Path
    block = Path(os.environ["PICASSO_MEMORY_BLOCK"]).read_text()
    print("agent saw memory:", "Argon2id" in block or "argon2id" in block, flush=True)
    print("\x1b[32mtests passed\x1b[0m\x1b]0;window title\x07", flush=True)
    print("remember(fact): Password reset tokens expire after 15 minutes.", flush=True)
    sys.exit(int(os.environ.get("FAKE_AGENT_EXIT", "0")))
    """
)


def configure_agent(paths, tmp_path) -> None:
    script = tmp_path / "agent.py"
    script.write_text(AGENT)
    settings.set_value("agent.command", [sys.executable, str(script)], paths)


async def submit(pilot, app, text: str) -> None:
    box = app.screen.query_one("#prompt", Input)
    box.value = text
    await pilot.press("enter")


async def wait_finished(pilot, app) -> RunScreen:
    screen = app.screen
    assert isinstance(screen, RunScreen)
    for _ in range(1500):  # up to 30 s: a loaded CI machine starts python, the model and the agent slowly
        if screen.finished:
            break
        await pilot.pause(0.02)
    assert screen.finished, "the run never finished"
    await settle(pilot, app)
    return screen


async def test_a_prompt_runs_the_agent_with_memory_and_shows_what_it_wrote(
    seeded_store, make_app, paths, tmp_path
) -> None:
    configure_agent(paths, tmp_path)
    app = make_app(seeded_store)
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot, app)
        await submit(pilot, app, "how do we hash passwords with argon2id?")
        screen = await wait_finished(pilot, app)
        output = "\n".join(screen.output)
        assert "agent saw memory: True" in output  # the block reached the agent through PICASSO_MEMORY_BLOCK
        shown = "\n".join(strip.text for strip in screen.query_one(RichLog).lines)
        assert "tests passed" in shown and "\x1b" not in shown and "[32m" not in shown and "window title" not in shown
        injected = plain(screen.query_one("#run-injected-list", Static))
        assert "argon2id" in injected.lower()
        written = plain(screen.query_one("#run-written-list", Static))
        assert "Password reset tokens expire after 15 minutes." in written
        assert "✓" in plain(screen.query_one("#run-status", Static))
        stored = [r for r in seeded_store.list() if "Password reset tokens" in r.body]
        assert len(stored) == 1 and stored[0].metadata.provenance.session_id
        await pilot.press("escape")
        assert isinstance(app.screen, FirstLight)
        assert any("Password reset tokens" in r.body for r in app.view.records)  # the live view has it too


async def test_a_failing_agent_is_shown_as_failed_and_escape_waits_for_the_end(
    seeded_store, make_app, paths, tmp_path, monkeypatch
) -> None:
    configure_agent(paths, tmp_path)
    monkeypatch.setenv("FAKE_AGENT_EXIT", "3")
    app = make_app(seeded_store)
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot, app)
        await submit(pilot, app, "fix the flaky test")
        screen = await wait_finished(pilot, app)
        status = plain(screen.query_one("#run-status", Static))
        assert "✗" in status and "exited 3" in status and screen.query_one("#run-status").has_class("-failed")


STREAMING_AGENT = textwrap.dedent(
    """
    import json
    def emit(obj):
        print(json.dumps(obj), flush=True)
    emit({"type": "system", "subtype": "init", "session_id": "s", "tools": ["Bash"]})
    emit({"type": "assistant", "session_id": "s", "message": {"content": [
        {"type": "tool_use", "id": "t1", "name": "Bash", "input": {"command": "pytest -q"}}]}})
    emit({"type": "user", "session_id": "s", "message": {"content": [
        {"type": "tool_result", "tool_use_id": "t1", "is_error": True, "content": "Exit code 1\\n1 failed"}]}})
    emit({"type": "result", "subtype": "error_max_turns", "is_error": True, "session_id": "s", "total_cost_usd": 0.2})
    """
)


async def test_a_streamed_run_is_shown_as_text_and_an_error_it_reports_fails_it(
    seeded_store, make_app, paths, tmp_path
) -> None:
    script = tmp_path / "streaming_agent.py"
    script.write_text(STREAMING_AGENT)
    settings.set_value("agent.command", [sys.executable, str(script)], paths)
    app = make_app(seeded_store)
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot, app)
        await submit(pilot, app, "fix the flaky test")
        screen = await wait_finished(pilot, app)
        assert screen.output == [
            "  > Bash: pytest -q",
            "  ! failed (exit 1)",
            "  ! error: stopped at its maximum number of turns",
        ]
        status = plain(screen.query_one("#run-status", Static))
        assert "✗" in status and "exited 0 but reported an error" in status
        assert screen.query_one("#run-status").has_class("-failed")


async def test_without_an_agent_the_prompt_says_how_to_set_one(seeded_store, make_app) -> None:
    app = make_app(seeded_store)
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot, app)
        await submit(pilot, app, "refactor the router")
        await pilot.pause()
        assert isinstance(app.screen, FirstLight)
        assert app.screen.query_one("#prompt", Input).value == "refactor the router"  # nothing typed is lost
        notices = [n.message for n in app._notifications]
        assert any("No agent is configured" in m and "agent.command" in m for m in notices)
        assert json.loads(json.dumps(notices))  # plain strings, one sentence each


SAVING_AGENT = textwrap.dedent(
    """
    import os, subprocess, sys, time
    from pathlib import Path
    # The agent saves a memory mid-run through the CLI (another process), then waits for the test.
    subprocess.run([sys.executable, "-m", "picasso_tui.cli.main", "memory", "add",
                    "The staging database is reset every night at 02:00."], check=True)
    print("saved a memory", flush=True)
    go = Path(os.environ["FAKE_AGENT_GO"])
    deadline = time.monotonic() + 30
    while not go.exists() and time.monotonic() < deadline:
        time.sleep(0.05)
    print("done", flush=True)
    """
)


async def test_the_run_screen_is_live_and_shows_a_memory_the_moment_it_lands(
    seeded_store, make_app, paths, tmp_path, monkeypatch
) -> None:
    script = tmp_path / "saving_agent.py"
    script.write_text(SAVING_AGENT)
    settings.set_value("agent.command", [sys.executable, str(script)], paths)
    go = tmp_path / "go"
    monkeypatch.setenv("FAKE_AGENT_GO", str(go))
    monkeypatch.chdir(seeded_store.workspace.root)
    app = make_app(seeded_store, watch=True)
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot, app)
        await submit(pilot, app, "set up the staging database")
        screen = app.screen
        assert isinstance(screen, RunScreen)
        await pilot.pause()
        header = str(screen.query_one(AppHeader).render())
        assert "● live" in header and "not watching" not in header
        written = screen.query_one("#run-written-list", Static)
        for _ in range(1000):  # up to 20 s on a loaded machine; typically well under a second
            await pilot.pause(0.02)
            if "staging database is reset" in plain(written):
                break
        assert not screen.finished  # still running: no report yet, no reload key pressed
        assert "staging database is reset" in plain(written) and "landed while the agent runs" in plain(written)
        go.touch()
        screen = await wait_finished(pilot, app)
        final = plain(screen.query_one("#run-written-list", Static))
        assert "staging database is reset" in final  # kept once the report came
