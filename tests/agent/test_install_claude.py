"""`picasso agents install claude`: Picasso's hooks merged into Claude Code's settings.json without
disturbing the user's, once, with one backup, and taken out again leaving the user's as they were."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

from picasso_tui.agent import install as agents
from picasso_tui.agent.install import files
from picasso_tui.agent.install.common import Launcher

PICASSO = Launcher("picasso", on_path=True)

USER_SETTINGS = """{
    "model": "opus",
    "permissions": {"allow": ["Bash(npm test:*)"]},
    "hooks": {
        "Stop": [
            {"hooks": [{"type": "command", "command": "afplay /System/Library/Sounds/Glass.aiff"}]}
        ],
        "PreToolUse": [
            {"matcher": "Bash", "hooks": [{"type": "command", "command": "~/bin/guard.sh"}]}
        ]
    }
}
"""


@pytest.fixture
def settings(agent_homes: dict[str, Path]) -> Path:
    path = agent_homes["claude"] / "settings.json"
    path.parent.mkdir(parents=True)
    path.write_text(USER_SETTINGS)
    return path


def commands(doc: dict, event: str) -> list[str]:
    return [h["command"] for group in doc["hooks"].get(event, []) for h in group["hooks"]]


def test_install_merges_with_the_users_hooks_and_settings(settings: Path) -> None:
    report = agents.install("claude", "user", launcher=PICASSO)

    doc = json.loads(settings.read_text())
    assert doc["model"] == "opus" and doc["permissions"] == {"allow": ["Bash(npm test:*)"]}
    assert commands(doc, "Stop") == ["afplay /System/Library/Sounds/Glass.aiff", "picasso hook claude stop"]
    assert commands(doc, "PreToolUse") == ["~/bin/guard.sh"]
    assert commands(doc, "SessionStart") == ["picasso hook claude session-start"]
    assert commands(doc, "UserPromptSubmit") == ["picasso hook claude prompt"]
    assert commands(doc, "SessionEnd") == ["picasso hook claude session-end"]
    prompt = doc["hooks"]["UserPromptSubmit"][0]["hooks"][0]
    assert prompt["type"] == "command" and isinstance(prompt["timeout"], int) and 0 < prompt["timeout"] <= 60
    assert settings.read_text().startswith('{\n    "model"')  # the user's 4-space indent is kept
    assert [f.action for f in report.files] == ["updated"]


def test_installing_twice_changes_nothing(settings: Path) -> None:
    agents.install("claude", "user", launcher=PICASSO)
    first = settings.read_bytes()
    report = agents.install("claude", "user", launcher=PICASSO)
    assert settings.read_bytes() == first
    assert [f.action for f in report.files] == ["unchanged"]
    assert commands(json.loads(first), "Stop").count("picasso hook claude stop") == 1


def test_the_backup_is_made_once_and_never_overwritten(settings: Path) -> None:
    agents.install("claude", "user", launcher=PICASSO)
    backup = settings.with_name("settings.json.picasso-backup")
    assert backup.read_text() == USER_SETTINGS

    doc = json.loads(settings.read_text())
    doc["model"] = "sonnet"  # the user edits; Picasso's entry is then changed (a new path to picasso)
    settings.write_text(json.dumps(doc))
    agents.install("claude", "user", launcher=Launcher("/opt/picasso/bin/picasso", on_path=False))
    agents.uninstall("claude", "user")
    assert backup.read_text() == USER_SETTINGS


def test_uninstall_leaves_exactly_the_users_entries(settings: Path) -> None:
    agents.install("claude", "user", launcher=PICASSO)
    report = agents.uninstall("claude", "user")
    assert json.loads(settings.read_text()) == json.loads(USER_SETTINGS)
    assert [f.action for f in report.files] == ["updated"]
    assert [f.action for f in agents.uninstall("claude", "user").files] == ["unchanged"]


def test_uninstall_removes_an_event_list_it_emptied_but_not_the_users_empty_ones(settings: Path) -> None:
    doc = json.loads(USER_SETTINGS)
    doc["hooks"]["Notification"] = []  # the user's own empty list stays
    settings.write_text(json.dumps(doc, indent=2))
    agents.install("claude", "user", launcher=PICASSO)
    agents.uninstall("claude", "user")
    hooks = json.loads(settings.read_text())["hooks"]
    assert set(hooks) == {"Stop", "PreToolUse", "Notification"}


def test_a_file_picasso_created_is_removed_again(agent_homes: dict[str, Path]) -> None:
    path = agent_homes["claude"] / "settings.json"
    report = agents.install("claude", "user", launcher=PICASSO)
    assert [f.action for f in report.files] == ["created"] and path.exists()
    assert not path.with_name("settings.json.picasso-backup").exists()  # nothing to back up
    assert [f.action for f in agents.uninstall("claude", "user").files] == ["deleted"]
    assert not path.exists()


def test_a_second_copy_of_a_picasso_hook_is_folded_into_one(settings: Path) -> None:
    doc = json.loads(USER_SETTINGS)
    ours = {"hooks": [{"type": "command", "command": "picasso hook claude prompt"}]}
    doc["hooks"]["UserPromptSubmit"] = [ours, json.loads(json.dumps(ours))]
    settings.write_text(json.dumps(doc))
    agents.install("claude", "user", launcher=PICASSO)
    assert commands(json.loads(settings.read_text()), "UserPromptSubmit") == ["picasso hook claude prompt"]


def test_broken_json_is_refused_with_the_file_and_line_and_left_untouched(settings: Path) -> None:
    broken = USER_SETTINGS.replace('"opus",', '"opus"')
    settings.write_text(broken)
    with pytest.raises(agents.InstallError) as err:
        agents.install("claude", "user", launcher=PICASSO)
    message = str(err.value)
    assert str(settings) in message and "line 3" in message and "\n" not in message
    assert settings.read_text() == broken
    assert not settings.with_name("settings.json.picasso-backup").exists()


def test_a_commented_settings_file_is_refused_rather_than_stripped(settings: Path) -> None:
    commented = USER_SETTINGS.replace('    "model"', '    // my favourite\n    "model"')
    settings.write_text(commented)
    with pytest.raises(agents.InstallError, match="comment at line 2"):
        agents.install("claude", "user", launcher=PICASSO)
    assert settings.read_text() == commented


def test_hooks_of_an_unexpected_shape_are_refused(settings: Path) -> None:
    settings.write_text('{"hooks": ["not", "an", "object"]}')
    with pytest.raises(agents.InstallError, match='"hooks" is list'):
        agents.install("claude", "user", launcher=PICASSO)
    assert settings.read_text() == '{"hooks": ["not", "an", "object"]}'


def test_a_settings_folder_that_is_a_file_is_one_sentence(agent_homes: dict[str, Path]) -> None:
    agent_homes["claude"].parent.mkdir(parents=True, exist_ok=True)
    agent_homes["claude"].write_text("a file where the folder should be")
    with pytest.raises(agents.InstallError, match=r"^Could not read .*settings\.json \(Not a directory\)"):
        agents.install("claude", "user", launcher=PICASSO)
    assert agent_homes["claude"].read_text() == "a file where the folder should be"


def test_a_failed_write_leaves_the_old_file_and_no_temp(settings: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    real = files.write_atomic

    def full_disk(target: Path, data: bytes, mode: int = 0o600) -> None:
        if target.name == "settings.json":
            raise OSError(28, "No space left on device")
        real(target, data, mode)

    monkeypatch.setattr(files, "write_atomic", full_disk)
    with pytest.raises(agents.InstallError, match="No space left"):
        agents.install("claude", "user", launcher=PICASSO)
    assert settings.read_text() == USER_SETTINGS
    assert sorted(p.name for p in settings.parent.iterdir()) == ["settings.json", "settings.json.picasso-backup"]


def test_project_scope_writes_the_repositorys_settings(make_repo, paths, monkeypatch: pytest.MonkeyPatch) -> None:
    repo = make_repo()
    (repo / "src").mkdir()
    monkeypatch.chdir(repo / "src")
    agents.install("claude", "project", launcher=PICASSO)
    doc = json.loads((repo / ".claude" / "settings.json").read_text())
    assert commands(doc, "Stop") == ["picasso hook claude stop"]
    assert [s.installed for s in agents.status(paths)[0].scopes] == [False, True]


def test_an_absolute_path_with_spaces_is_quoted_and_still_recognised(settings: Path) -> None:
    launcher = Launcher("/Users/me/My Tools/bin/picasso", on_path=False)
    agents.install("claude", "user", launcher=launcher)
    assert "'/Users/me/My Tools/bin/picasso' hook claude stop" in commands(json.loads(settings.read_text()), "Stop")
    agents.uninstall("claude", "user")
    assert json.loads(settings.read_text()) == json.loads(USER_SETTINGS)


def test_a_symlinked_settings_file_stays_a_symlink(settings: Path, tmp_path: Path) -> None:
    dotfiles = tmp_path / "dotfiles" / "claude-settings.json"
    dotfiles.parent.mkdir()
    settings.rename(dotfiles)
    os.symlink(dotfiles, settings)
    agents.install("claude", "user", launcher=PICASSO)
    assert settings.is_symlink()
    assert commands(json.loads(dotfiles.read_text()), "Stop")[-1] == "picasso hook claude stop"


def test_every_cap_an_agent_enforces_is_above_the_hooks_own_budget() -> None:
    """The agent kills a hook at its cap; the hook must give up quietly first, never be killed mid-write."""
    from picasso_tui import settings
    from picasso_tui.agent.install.common import TIMEOUTS_S

    keys = {"session-start": "sessionStart", "prompt": "prompt", "stop": "stop", "session-end": "sessionEnd"}
    for hook, key in keys.items():
        assert TIMEOUTS_S[hook] * 1000 > settings.DEFAULTS[f"hooks.timeoutMs.{key}"], hook
