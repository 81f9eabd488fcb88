"""`picasso agents status`: what is installed where, whether picasso resolves, and how the hooks
fared lately, read from the event log's `hook` events, so a failing hook is visible."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from pathlib import Path

from picasso_tui.agent import install as agents
from picasso_tui.agent.install.common import Launcher
from picasso_tui.paths import PicassoPaths
from picasso_tui.store import events

NOW = datetime(2026, 9, 1, 12, 0, tzinfo=UTC)


def stamp(ago: timedelta) -> str:
    return (NOW - ago).isoformat(timespec="milliseconds")


def log(paths: PicassoPaths, ago: timedelta, **fields: object) -> None:
    events.emit(paths, "hook", **fields)
    lines = paths.events_log.read_text().splitlines()  # back-date the line just written
    lines[-1] = lines[-1].replace(lines[-1].split('"ts":"')[1].split('"')[0], stamp(ago))
    paths.events_log.write_text("\n".join(lines) + "\n")


def test_status_shows_recent_failures_with_their_reason_and_the_last_ok(paths: PicassoPaths) -> None:
    agents.install("claude", "user", launcher=Launcher("picasso", on_path=True))
    log(paths, timedelta(days=3), agent="claude", hookEvent="prompt", outcome="failed", ms=12, reason="OldError")
    log(paths, timedelta(hours=5), agent="claude", hookEvent="prompt", outcome="ok", ms=80, reason=None)
    log(paths, timedelta(hours=2), agent="claude", hookEvent="stop", outcome="failed", ms=40, reason="TranscriptError")
    log(paths, timedelta(hours=1), agent="claude", hookEvent="prompt", outcome="timeout", ms=400, reason="TimeoutError")
    log(paths, timedelta(minutes=5), agent="gemini", hookEvent="prompt", outcome="failed", ms=3, reason="GeminiOnly")

    claude = next(s for s in agents.status(paths, now=NOW) if s.agent == "claude")
    assert claude.installed
    assert claude.outcomes.last_ok == stamp(timedelta(hours=5))
    assert claude.outcomes.failure_count == 2
    assert [(f["hookEvent"], f["outcome"], f["reason"]) for f in claude.outcomes.failures] == [
        ("prompt", "timeout", "TimeoutError"),
        ("stop", "failed", "TranscriptError"),
    ]
    assert claude.outcomes.last is not None and claude.outcomes.last["reason"] == "TimeoutError"


def test_a_torn_line_in_the_event_log_does_not_break_status(paths: PicassoPaths) -> None:
    log(paths, timedelta(minutes=1), agent="codex", hookEvent="stop", outcome="failed", ms=5, reason="X")
    with paths.events_log.open("a") as f:
        f.write('{"ts": "2026-09-01T11:59:00.000+00:00", "event": "hook", "agen')  # a crash mid-append
    codex = next(s for s in agents.status(paths, now=NOW) if s.agent == "codex")
    assert codex.outcomes.failure_count == 1


def test_a_hook_whose_program_is_gone_is_shown_as_not_resolving(paths: PicassoPaths, tmp_path: Path) -> None:
    gone = tmp_path / "old-venv" / "bin" / "picasso"
    agents.install("gemini", "user", launcher=Launcher(str(gone), on_path=False))
    gemini = next(s for s in agents.status(paths) if s.agent == "gemini")
    assert [h.resolves for h in gemini.scopes[0].hooks] == [False] * 4
    gone.parent.mkdir(parents=True)
    gone.write_text("#!/bin/sh\n")
    gone.chmod(0o755)
    gemini = next(s for s in agents.status(paths) if s.agent == "gemini")
    assert [h.resolves for h in gemini.scopes[0].hooks] == [True] * 4


def test_an_unreadable_settings_file_is_a_problem_in_status_not_a_crash(paths: PicassoPaths, agent_homes) -> None:
    agent_homes["claude"].mkdir(parents=True)
    (agent_homes["claude"] / "settings.json").write_text("{nope")
    claude = next(s for s in agents.status(paths) if s.agent == "claude")
    assert claude.scopes[0].problem is not None and "not valid JSON" in claude.scopes[0].problem
    assert not claude.installed
