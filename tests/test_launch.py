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


def test_picasso_hook_loads_neither_click_nor_textual_nor_the_tui(tmp_path) -> None:
    """An agent runs `picasso hook <agent> prompt` at every prompt, as a fresh process: it goes from the entry point
    to the hooks without the CLI (click), the TUI (textual) or rich, yet answers."""
    import subprocess
    import sys

    import orjson

    env = {**os.environ, "PICASSO_HOME": str(tmp_path / "home"), "PYTHONPROFILEIMPORTTIME": "1"}
    env.pop("PICASSO_HOOK_DEBUG", None)
    (tmp_path / "home" / "settings").mkdir(parents=True)
    (tmp_path / "home" / "settings" / "settings.json").write_text('{"retrieval": {"embedder": "hash"}}')
    payload = {"session_id": "s", "cwd": str(tmp_path), "hook_event_name": "UserPromptSubmit", "prompt": "deploys"}
    done = subprocess.run([sys.executable, "-m", "picasso_tui.cli", "hook", "claude", "prompt"], env=env,
                          input=orjson.dumps(payload), capture_output=True, check=True)  # fmt: skip
    imported = {line.rsplit(b"|", 1)[-1].strip().decode() for line in done.stderr.splitlines()}
    events = (tmp_path / "home" / "logs" / "memory-events.jsonl").read_text()
    assert '"event":"hook"' in events and '"outcome":"ok"' in events
    assert {"picasso_tui.hooks.main", "picasso_tui.retrieval.pipeline"} <= imported  # the prompt path ran
    assert not {m for m in imported if m.split(".")[0] in ("click", "textual", "rich")}
    assert not {m for m in imported if m.startswith(("picasso_tui.tui", "picasso_tui.cli.main"))}
