"""From `picasso agents install` to memory: the exact command lines the installer writes into each agent's
settings, run through a shell as the agent runs them, with the agent's own payloads on stdin."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import tomllib
from pathlib import Path
from typing import Any

import orjson
import pytest

from picasso_tui.store.api import MemoryStore
from picasso_tui.store.schema import MemoryClass
from tests.hooks.conftest import ROOT, payload

TRANSCRIPT_LINES = [  # a short Claude Code session: the user states a rule the agent should keep
    {"type": "user", "message": {"role": "user", "content": "add a health endpoint"}},
    {"type": "assistant", "message": {"role": "assistant", "content": [{"type": "text", "text": "Added /health."}]}},
    {"type": "user", "message": {"role": "user", "content": "From now on always run make lint before committing."}},
]


@pytest.fixture
def shell_env(tmp_path: Path, picasso_home: Path) -> dict[str, str]:
    """PATH with a `picasso` that runs this checkout, as an installed one would."""
    bin_dir = tmp_path / "bin"
    bin_dir.mkdir()
    program = bin_dir / "picasso"
    program.write_text(f'#!/bin/sh\nexec "{sys.executable}" -m picasso_tui.cli "$@"\n')
    program.chmod(0o755)
    return {**os.environ, "PATH": f"{bin_dir}:{os.environ.get('PATH', '')}", "PYTHONPATH": str(ROOT),
            "PICASSO_HOME": str(picasso_home)}  # fmt: skip


def install(agent: str, repo: Path, env: dict[str, str]) -> None:
    done = subprocess.run([sys.executable, "-m", "picasso_tui.cli", "agents", "install", agent, "--project"],
                          cwd=repo, env=env, capture_output=True, text=True, timeout=60)  # fmt: skip
    assert done.returncode == 0, done.stderr


def run_command(command: str, data: dict[str, Any], repo: Path, env: dict[str, str]) -> str:
    done = subprocess.run(command, shell=True, input=orjson.dumps(data).decode(), cwd=repo, env=env,
                          capture_output=True, text=True, timeout=60)  # fmt: skip
    assert done.returncode == 0 and done.stderr == ""
    return done.stdout


def installed_commands(settings: dict[str, Any]) -> dict[str, str]:
    """The agent's event name -> the command Picasso installed for it."""
    out: dict[str, str] = {}
    for event, groups in settings["hooks"].items():
        for group in groups if isinstance(groups, list) else []:
            for handler in group["hooks"]:
                if "picasso hook" in handler["command"]:
                    out[event] = handler["command"]
    return out


def seeded_repo(make_repo: Any, paths: Any) -> tuple[Path, MemoryStore]:
    repo = make_repo("shop", origin="git@github.com:acme/shop.git", files={"src/app.py": "x = 1\n"})
    store = MemoryStore(paths, cwd=repo)
    store.add("Deploys go through make deploy after the smoke tests pass.", memory_class=MemoryClass.WORKFLOW,
              pinned=True)  # fmt: skip
    return repo, store


@pytest.mark.parametrize("agent", ["claude", "gemini"])
def test_installed_hooks_give_memory_and_learn_from_the_session(agent, make_repo, paths, shell_env, tmp_path):
    repo, _ = seeded_repo(make_repo, paths)
    install(agent, repo, shell_env)
    settings = json.loads((repo / f".{agent}" / "settings.json").read_text())
    commands = installed_commands(settings)
    start, prompt, stop, end = (("SessionStart", "UserPromptSubmit", "Stop", "SessionEnd") if agent == "claude"
                                else ("SessionStart", "BeforeAgent", "AfterAgent", "SessionEnd"))  # fmt: skip
    assert set(commands) == {start, prompt, stop, end}

    transcript = tmp_path / "session.jsonl"
    transcript.write_text("\n".join(json.dumps(line) for line in TRANSCRIPT_LINES) + "\n")
    names = {"claude": ("session_start", "user_prompt_submit", "stop"),
             "gemini": ("session_start", "before_agent", "after_agent")}[agent]  # fmt: skip

    brief = orjson.loads(run_command(commands[start], payload(agent, names[0], cwd=str(repo)), repo, shell_env))
    assert "make deploy" in brief["hookSpecificOutput"]["additionalContext"]
    asked = payload(agent, names[1], cwd=str(repo), prompt="deploy the new build", transcript=str(transcript))
    answer = orjson.loads(run_command(commands[prompt], asked, repo, shell_env))
    assert "make deploy" in answer["hookSpecificOutput"]["additionalContext"]
    if agent == "gemini":
        return  # Gemini's session file is its own format (tests/hooks/test_end_to_end.py drives it)

    ended = payload(agent, names[2], cwd=str(repo), transcript=str(transcript))
    assert run_command(commands[stop], ended, repo, shell_env) == ""
    assert run_command(commands[stop], ended, repo, shell_env) == ""  # the same turn again: learnt once
    rules = [r for r in MemoryStore(paths, cwd=repo).list() if r.memory_class is MemoryClass.REPO_RULE]
    assert [r.body for r in rules] == ["From now on always run make lint before committing."]
    assert rules[0].metadata.attributes.observations == 1


def test_installed_codex_hooks_answer_in_codex_shape(make_repo, paths, shell_env, agent_homes):
    repo, _ = seeded_repo(make_repo, paths)
    install("codex", repo, shell_env)
    config = repo / ".codex" / "config.toml"
    hooks_file = repo / ".codex" / "hooks.json"
    settings = json.loads(hooks_file.read_text()) if hooks_file.exists() else tomllib.loads(config.read_text())
    commands = installed_commands(settings)
    assert {"SessionStart", "UserPromptSubmit", "Stop"} <= set(commands)
    asked = payload("codex", "user_prompt_submit", cwd=str(repo), prompt="deploy the new build")
    answer = orjson.loads(run_command(commands["UserPromptSubmit"], asked, repo, shell_env))
    assert "make deploy" in answer["hookSpecificOutput"]["additionalContext"]
