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


def test_starting_the_cli_loads_neither_the_redactor_nor_numpy() -> None:
    """Every `picasso` command pays for what the CLI imports at start: the redactor's rule table (~25 ms of
    regex compiling) and numpy load only in the commands that use them."""
    import subprocess
    import sys

    script = "import sys, picasso_tui.cli.main; print(sorted(m for m in sys.modules if m in WATCHED))"
    watched = "{'numpy', 'picasso_tui.redact.secret_rules', 'picasso_tui.retrieval.pipeline'}"
    out = subprocess.run(
        [sys.executable, "-c", f"WATCHED = {watched}; {script}"], capture_output=True, text=True, check=True
    )
    assert out.stdout.strip() == "[]"
