"""The `picasso` entry point's start-up work: what it changes must not reach the command or its children."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from picasso_tui.cli import launch, main
from picasso_tui.store import git
from picasso_tui.store.namespaces import find_workspace


@pytest.mark.parametrize("users", [None, "logfire"])
def test_the_users_pydantic_plugin_setting_reaches_the_command(users, monkeypatch) -> None:
    if users is None:
        monkeypatch.delenv("PYDANTIC_DISABLE_PLUGINS", raising=False)
    else:
        monkeypatch.setenv("PYDANTIC_DISABLE_PLUGINS", users)
    monkeypatch.setattr(git, "_prefetched", {})
    seen = []
    monkeypatch.setattr(main, "main", lambda: seen.append(os.environ.get("PYDANTIC_DISABLE_PLUGINS")))
    launch.main()
    assert seen == [users]  # what `picasso run` passes on to the agent it starts


def test_a_prefetched_workspace_is_the_one_git_names(make_repo, monkeypatch) -> None:
    repo = make_repo("prefetched", origin="git@github.com:Acme/Prefetched.git")
    (repo / "sub").mkdir()
    find_workspace.cache_clear()
    expected = find_workspace(repo / "sub")
    find_workspace.cache_clear()
    monkeypatch.chdir(repo / "sub")
    monkeypatch.setattr(git, "_prefetched", {})
    monkeypatch.setattr(main, "main", lambda: None)
    launch.main()  # starts git for the working directory
    assert git._prefetched
    assert find_workspace(Path.cwd()) == expected
    assert not git._prefetched  # collected, not asked twice
    find_workspace.cache_clear()
