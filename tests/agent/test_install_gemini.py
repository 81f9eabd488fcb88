"""`picasso agents install gemini`: hooks (and on request the MCP server) in Gemini CLI's settings.json."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from picasso_tui.agent import install as agents
from picasso_tui.agent.install.common import Launcher

PICASSO = Launcher("picasso", on_path=True)

USER_SETTINGS = {
    "general": {"vimMode": True},
    "mcpServers": {"github": {"command": "github-mcp", "args": ["--stdio"], "trust": False}},
    "hooks": {
        "BeforeTool": [{"matcher": "write_file", "hooks": [{"name": "lint", "type": "command", "command": "lint.sh"}]}],
        "AfterAgent": [{"hooks": [{"name": "ding", "type": "command", "command": "ding.sh", "timeout": 2000}]}],
    },
}


@pytest.fixture
def settings(agent_homes: dict[str, Path]) -> Path:
    path = agent_homes["gemini"] / "settings.json"
    path.parent.mkdir(parents=True)
    path.write_text(json.dumps(USER_SETTINGS, indent=2) + "\n")
    return path


def handlers(doc: dict, event: str) -> list[dict]:
    return [h for group in doc["hooks"].get(event, []) for h in group["hooks"]]


def test_install_adds_named_hooks_in_milliseconds_beside_the_users(settings: Path) -> None:
    agents.install("gemini", "user", launcher=PICASSO)
    doc = json.loads(settings.read_text())
    assert [h["command"] for h in handlers(doc, "AfterAgent")] == ["ding.sh", "picasso hook gemini stop"]
    prompt = handlers(doc, "BeforeAgent")
    assert [(h["name"], h["command"]) for h in prompt] == [("picasso-prompt", "picasso hook gemini prompt")]
    assert prompt[0]["timeout"] >= 1000  # Gemini CLI counts milliseconds
    assert [h["command"] for h in handlers(doc, "SessionStart")] == ["picasso hook gemini session-start"]
    assert [h["command"] for h in handlers(doc, "SessionEnd")] == ["picasso hook gemini session-end"]
    assert doc["hooks"]["BeforeTool"] == USER_SETTINGS["hooks"]["BeforeTool"]
    assert doc["general"] == {"vimMode": True} and doc["mcpServers"] == USER_SETTINGS["mcpServers"]


def test_mcp_server_on_request_and_uninstall_leaves_only_the_users(settings: Path) -> None:
    agents.install("gemini", "user", launcher=PICASSO, mcp=True)
    agents.install("gemini", "user", launcher=PICASSO, mcp=True)
    doc = json.loads(settings.read_text())
    assert doc["mcpServers"] == {**USER_SETTINGS["mcpServers"], "picasso": {"command": "picasso", "args": ["mcp"]}}
    agents.uninstall("gemini", "user")
    assert json.loads(settings.read_text()) == USER_SETTINGS


def test_hooks_turned_off_in_gemini_are_reported_not_flipped(settings: Path, paths) -> None:
    off = {**USER_SETTINGS, "hooksConfig": {"enabled": False}}
    settings.write_text(json.dumps(off))
    report = agents.install("gemini", "user", launcher=PICASSO)
    assert json.loads(settings.read_text())["hooksConfig"] == {"enabled": False}
    assert any("will not run them" in n for n in report.notes)
    gemini = next(s for s in agents.status(paths) if s.agent == "gemini")
    assert gemini.scopes[0].disabled is not None and gemini.installed


def test_project_scope_uses_the_projects_gemini_folder(tmp_path: Path) -> None:
    report = agents.install("gemini", "project", launcher=PICASSO)
    doc = json.loads((tmp_path / "cwd" / ".gemini" / "settings.json").read_text())
    assert [h["command"] for h in handlers(doc, "BeforeAgent")] == ["picasso hook gemini prompt"]
    assert any("warns once" in n for n in report.notes)


def test_a_picasso_hook_disabled_by_name_in_gemini_shows_in_status(settings: Path, paths) -> None:
    agents.install("gemini", "user", launcher=PICASSO)
    doc = json.loads(settings.read_text())
    doc["hooksConfig"] = {"disabled": ["picasso-prompt"]}  # what `/hooks disable picasso-prompt` records
    settings.write_text(json.dumps(doc))
    gemini = next(s for s in agents.status(paths) if s.agent == "gemini")
    assert gemini.scopes[0].disabled == "hooksConfig.disabled lists Picasso's hooks"
