"""`picasso agents install codex`: hooks (and on request the MCP server and notify) in Codex's
config.toml, with the user's comments, layout and other entries kept byte for byte."""

from __future__ import annotations

import json
import tomllib
from pathlib import Path

import pytest

from picasso_tui.agent import install as agents
from picasso_tui.agent.install.common import Launcher

PICASSO = Launcher("picasso", on_path=True)

USER_CONFIG = """# Codex, the way I like it
model = "gpt-5.1-codex-max"  # the big one
approval_policy = "on-request"

[mcp_servers.docs]
# the docs server from work
command = "npx"
args = ["-y", "docs-mcp"]

[[hooks.Stop]]
[[hooks.Stop.hooks]]
type = "command"
command = "notify-send 'codex done'"

[hooks.state."/somewhere/config.toml:stop:0:0"]
trusted_hash = "sha256:abc"
"""


@pytest.fixture
def config(agent_homes: dict[str, Path]) -> Path:
    path = agent_homes["codex"] / "config.toml"
    path.parent.mkdir(parents=True)
    path.write_text(USER_CONFIG)
    return path


def commands(doc: dict, event: str) -> list[str]:
    return [h["command"] for group in doc["hooks"].get(event, []) for h in group["hooks"]]


def test_install_adds_three_hooks_and_keeps_comments_and_the_users_entries(config: Path) -> None:
    agents.install("codex", "user", launcher=PICASSO, mcp=True)
    text = config.read_text()
    assert text.startswith(USER_CONFIG.split("[[hooks.Stop]]")[0])  # comments, order and layout untouched
    assert "# the docs server from work" in text and "# the big one" in text
    doc = tomllib.loads(text)
    assert commands(doc, "Stop") == ["notify-send 'codex done'", "picasso hook codex stop"]
    assert commands(doc, "SessionStart") == ["picasso hook codex session-start"]
    assert commands(doc, "UserPromptSubmit") == ["picasso hook codex prompt"]
    assert doc["hooks"]["state"] == {"/somewhere/config.toml:stop:0:0": {"trusted_hash": "sha256:abc"}}
    assert doc["mcp_servers"] == {
        "docs": {"command": "npx", "args": ["-y", "docs-mcp"]},
        "picasso": {"command": "picasso", "args": ["mcp"]},
    }
    assert "notify" not in doc  # only on request


def test_install_twice_changes_nothing_and_uninstall_restores_the_bytes(config: Path) -> None:
    agents.install("codex", "user", launcher=PICASSO, mcp=True, notify=True)
    once = config.read_bytes()
    agents.install("codex", "user", launcher=PICASSO, mcp=True, notify=True)
    assert config.read_bytes() == once
    agents.uninstall("codex", "user")
    assert config.read_text() == USER_CONFIG
    assert config.with_name("config.toml.picasso-backup").read_text() == USER_CONFIG


def test_notify_is_set_only_when_the_user_has_none(config: Path) -> None:
    report = agents.install("codex", "user", launcher=PICASSO, notify=True)
    assert tomllib.loads(config.read_text())["notify"] == ["picasso", "hook", "codex", "notify"]
    assert any("picasso hook codex notify" in n for n in report.notes)
    agents.uninstall("codex", "user")

    mine = USER_CONFIG.replace('approval_policy = "on-request"', 'notify = ["python3", "/home/me/notify.py"]')
    config.write_text(mine)
    report = agents.install("codex", "user", launcher=PICASSO, notify=True)
    assert tomllib.loads(config.read_text())["notify"] == ["python3", "/home/me/notify.py"]
    assert any("write-back at turn end through notify is unavailable" in n for n in report.notes)
    agents.uninstall("codex", "user")
    assert config.read_text() == mine


def test_an_mcp_server_named_picasso_that_is_not_ours_is_left_alone(config: Path) -> None:
    theirs = USER_CONFIG + '\n[mcp_servers.picasso]\ncommand = "/opt/other/painter"\n'
    config.write_text(theirs)
    report = agents.install("codex", "user", launcher=PICASSO, mcp=True)
    assert tomllib.loads(config.read_text())["mcp_servers"]["picasso"] == {"command": "/opt/other/painter"}
    assert any("not Picasso's" in n for n in report.notes)
    agents.uninstall("codex", "user")
    assert config.read_text() == theirs


def test_an_existing_hooks_json_gets_the_hooks_and_config_toml_is_untouched(config: Path) -> None:
    hooks_json = config.with_name("hooks.json")
    hooks_json.write_text(json.dumps({"hooks": {"Stop": [{"hooks": [{"type": "command", "command": "say hi"}]}]}}))
    agents.install("codex", "user", launcher=PICASSO)
    assert config.read_text() == USER_CONFIG  # Codex warns when one layer has hooks in both forms
    doc = json.loads(hooks_json.read_text())
    assert commands(doc, "Stop") == ["say hi", "picasso hook codex stop"]
    agents.uninstall("codex", "user")
    assert json.loads(hooks_json.read_text()) == {
        "hooks": {"Stop": [{"hooks": [{"type": "command", "command": "say hi"}]}]}
    }


def test_broken_toml_is_refused_and_untouched(config: Path) -> None:
    broken = USER_CONFIG.replace('approval_policy = "on-request"', "approval_policy = on-request")
    config.write_text(broken)
    with pytest.raises(agents.InstallError, match=r"is not valid TOML \(.*line 3"):
        agents.install("codex", "user", launcher=PICASSO)
    assert config.read_text() == broken


def test_project_scope_uses_the_projects_codex_folder(tmp_path: Path) -> None:
    agents.install("codex", "project", launcher=PICASSO)
    doc = tomllib.loads((tmp_path / "cwd" / ".codex" / "config.toml").read_text())
    assert commands(doc, "UserPromptSubmit") == ["picasso hook codex prompt"]


def test_status_reads_codexs_trust_of_each_hook(config: Path, paths) -> None:
    agents.install("codex", "user", launcher=PICASSO)
    codex = next(s for s in agents.status(paths) if s.agent == "codex")
    assert [h.trust for h in codex.scopes[0].hooks] == ["needs review"] * 3

    # the user trusts the Stop hook in Codex's /hooks: Codex records it under the hook's position
    with config.open("a") as f:
        f.write(f'\n[hooks.state."{config}:stop:1:0"]\ntrusted_hash = "sha256:0f"\n')
        f.write(f'\n[hooks.state."{config}:session_start:0:0"]\nenabled = false\n')
    codex = next(s for s in agents.status(paths) if s.agent == "codex")
    assert {h.spec.event: h.trust for h in codex.scopes[0].hooks} == {
        "SessionStart": "disabled",
        "UserPromptSubmit": "needs review",
        "Stop": "trusted",
    }


def test_status_says_when_codex_has_hooks_turned_off(config: Path, paths) -> None:
    config.write_text(USER_CONFIG.replace("[mcp_servers.docs]", "[features]\nhooks = false\n\n[mcp_servers.docs]"))
    agents.install("codex", "user", launcher=PICASSO)
    codex = next(s for s in agents.status(paths) if s.agent == "codex")
    assert codex.scopes[0].disabled == "[features] hooks = false"
