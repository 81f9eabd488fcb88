"""`picasso agents install | uninstall | status` end to end through the real entry point."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from picasso_tui.paths import PicassoPaths
from picasso_tui.store import events
from tests.cli_helpers import checked, ok, one_sentence


@pytest.fixture
def cli(picasso):
    return checked(picasso)


@pytest.fixture
def on_path(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A `picasso` on PATH, as after `pipx install`."""
    bin_dir = tmp_path / "bin"
    bin_dir.mkdir()
    program = bin_dir / "picasso"
    program.write_text("#!/bin/sh\n")
    program.chmod(0o755)
    monkeypatch.setenv("PATH", f"{bin_dir}:/usr/bin:/bin")
    return program


def test_install_status_uninstall(cli, on_path: Path, agent_homes: dict[str, Path]) -> None:
    settings = agent_homes["claude"] / "settings.json"
    settings.parent.mkdir(parents=True)
    settings.write_text('{"hooks": {"Stop": [{"hooks": [{"type": "command", "command": "say done"}]}]}}\n')

    res = ok(cli("agents", "install", "claude"))
    assert "UserPromptSubmit" in res.out and "picasso hook claude prompt" in res.out
    assert "settings.json.picasso-backup" in res.out
    assert "already as it should be" in ok(cli("agents", "install", "claude")).out

    doc = json.loads(ok(cli("agents", "status", "--json")).out)
    assert doc["picasso"] == {"onPath": True, "path": str(on_path), "command": "picasso"}
    assert [a["agent"] for a in doc["agents"]] == ["claude", "codex", "gemini"]
    claude = doc["agents"][0]
    assert claude["installed"] is True
    user = claude["scopes"][0]
    assert (user["scope"], user["file"], user["exists"], user["problem"]) == ("user", str(settings), True, None)
    assert [(h["event"], h["hook"], h["installed"], h["resolves"]) for h in user["hooks"]] == [
        ("SessionStart", "session-start", True, True),
        ("UserPromptSubmit", "prompt", True, True),
        ("Stop", "stop", True, True),
        ("SessionEnd", "session-end", True, True),
    ]
    assert user["backup"] == str(settings) + ".picasso-backup"
    assert claude["hookOutcomes"] == {"lastOk": None, "last": None, "failures24h": 0, "recentFailures": []}
    assert doc["agents"][1]["installed"] is False

    ok(cli("agents", "uninstall", "claude"))
    assert json.loads(settings.read_text()) == {
        "hooks": {"Stop": [{"hooks": [{"type": "command", "command": "say done"}]}]}
    }


def test_status_shows_a_failing_hook(cli, on_path: Path) -> None:
    ok(cli("agents", "install", "gemini"))
    paths = PicassoPaths.resolve()
    events.emit(paths, "hook", agent="gemini", hookEvent="prompt", outcome="ok", ms=90, reason=None)
    events.emit(paths, "hook", agent="gemini", hookEvent="stop", outcome="failed", ms=30, reason="TranscriptError")
    out = ok(cli("agents", "status")).out
    assert "Gemini CLI: installed (user)" in out
    assert "1 failed in the last 24 h" in out and "stop failed: TranscriptError" in out
    doc = json.loads(ok(cli("agents", "status", "--json")).out)
    gemini = doc["agents"][2]["hookOutcomes"]
    assert gemini["failures24h"] == 1 and gemini["recentFailures"][0]["reason"] == "TranscriptError"
    assert gemini["lastOk"] is not None


def test_broken_settings_are_one_sentence_exit_1_and_untouched(cli, on_path: Path, agent_homes) -> None:
    settings = agent_homes["claude"] / "settings.json"
    settings.parent.mkdir(parents=True)
    settings.write_text('{\n  "model": "opus"\n  "hooks": {}\n}\n')
    res = cli("agents", "install", "claude")
    assert res.code == 1
    line = one_sentence(res.err)
    assert str(settings) in line and "line 3" in line
    assert settings.read_text() == '{\n  "model": "opus"\n  "hooks": {}\n}\n'


def test_unknown_agent_is_a_usage_error(cli) -> None:
    res = cli("agents", "install", "cursor")
    assert res.code == 2 and "'cursor' is not one of 'claude', 'codex', 'gemini'" in res.err


def test_notify_is_for_codex_only(cli, on_path: Path) -> None:
    res = cli("agents", "install", "claude", "--notify")
    assert res.code == 1 and "Codex" in one_sentence(res.err)


def test_project_flag_and_absolute_path(cli, on_path: Path, tmp_path: Path) -> None:
    res = ok(cli("agents", "install", "codex", "--project", "--absolute", "--mcp"))
    config = tmp_path / "cwd" / ".codex" / "config.toml"
    assert str(config) in res.out and "/hooks" in res.out
    assert f'command = "{on_path} hook codex stop"' in config.read_text()
    assert "Codex CLI: installed (project)" in ok(cli("agents", "status")).out
    ok(cli("agents", "uninstall", "codex", "--project"))
    assert not config.exists()


def test_the_cli_knows_every_agent_and_loads_the_installer_only_for_these_commands() -> None:
    import subprocess
    import sys

    from picasso_tui.agent.install import AGENTS
    from picasso_tui.cli.agents import AGENT_NAMES

    assert tuple(sorted(AGENTS)) == AGENT_NAMES
    script = "import sys, picasso_tui.cli.main; print([m for m in ('tomlkit', 'picasso_tui.agent.install') if m in sys.modules])"
    out = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "[]"  # every other command starts without them (~40 ms)
