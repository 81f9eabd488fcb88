"""The `picasso` entry point's start-up work: what it changes must not reach the command or its children."""

from __future__ import annotations

import os

import pytest

from picasso_tui.cli import launch, main


@pytest.mark.parametrize("users", [None, "logfire"])
def test_the_users_pydantic_plugin_setting_reaches_the_command(users, monkeypatch) -> None:
    if users is None:
        monkeypatch.delenv("PYDANTIC_DISABLE_PLUGINS", raising=False)
    else:
        monkeypatch.setenv("PYDANTIC_DISABLE_PLUGINS", users)
    seen = []
    monkeypatch.setattr(main, "main", lambda: seen.append(os.environ.get("PYDANTIC_DISABLE_PLUGINS")))
    launch.main()
    assert seen == [users]  # what `picasso run` passes on to the agent it starts
