"""A hook never blocks or breaks the agent: whatever goes wrong, it exits 0, prints nothing the agent would read
or show, and records a `hook` event saying what happened."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest

from picasso_tui import settings
from picasso_tui.paths import PicassoPaths
from picasso_tui.store.api import MemoryStore
from tests.hooks.conftest import HookRunner, hook_events, payload


@pytest.fixture
def repo(make_repo: Callable[..., Path], paths: PicassoPaths) -> Path:
    root = make_repo("app")
    MemoryStore(paths, cwd=root).add("Deploys go through the staging cluster before production.", pinned=True)
    return root


@pytest.mark.parametrize(
    ("stdin", "reason"),
    [
        ("{not json", "BadPayload"),
        ("", "BadPayload"),
        ('["a", "list"]', "BadPayload"),
        ('{"session_id": "s", "hook_event_name": "UserPromptSubmit", "prompt": "deploys"}', "BadPayload"),  # no cwd
        ('{"session_id": "s", "cwd": "relative/dir", "hook_event_name": "UserPromptSubmit", "prompt": "x"}',
         "BadPayload"),
    ],
)  # fmt: skip
def test_a_broken_payload_exits_0_silently_and_is_recorded(stdin: str, reason: str, hook: HookRunner,
                                                           paths: PicassoPaths) -> None:  # fmt: skip
    done = hook("claude", "prompt", stdin)
    assert (done.code, done.out, done.err) == (0, "", "")
    last = hook_events(paths)[-1]
    assert (last["agent"], last["hookEvent"], last["outcome"], last["reason"]) == ("claude", "prompt", "failed", reason)


@pytest.mark.parametrize(("agent", "event"), [("cursor", "prompt"), ("claude", "notify"), ("claude", "")])
def test_an_unknown_agent_or_event_exits_0_silently(agent: str, event: str, hook: HookRunner, repo: Path,
                                                    paths: PicassoPaths) -> None:  # fmt: skip
    done = hook(agent, event, payload("claude", "user_prompt_submit", cwd=str(repo), session="s", prompt="deploys"))
    assert (done.code, done.out, done.err) == (0, "", "")
    assert (hook_events(paths)[-1]["outcome"], hook_events(paths)[-1]["reason"]) == ("failed", "UnknownHook")


def test_an_unreadable_store_exits_0_silently(hook: HookRunner, repo: Path, paths: PicassoPaths) -> None:
    paths.memory_file.write_text("{ this is not a memory file")
    for event, name in (("session-start", "session_start"), ("prompt", "user_prompt_submit")):
        done = hook("claude", event, payload("claude", name, cwd=str(repo), session="s", prompt="how do deploys go"))
        assert (done.code, done.out, done.err) == (0, "", "")
        assert hook_events(paths)[-1]["outcome"] == "failed"


def test_a_hook_over_its_budget_gives_up_quietly(hook: HookRunner, repo: Path, paths: PicassoPaths) -> None:
    settings.set_value("hooks.timeoutMs.prompt", 10)  # less than the interpreter takes to start
    done = hook("claude", "prompt", payload("claude", "user_prompt_submit", cwd=str(repo), session="s",
                                            prompt="how do deploys go through the staging cluster"))  # fmt: skip
    assert (done.code, done.out, done.err) == (0, "", "")
    last = hook_events(paths)[-1]
    assert (last["hookEvent"], last["outcome"], last["reason"]) == ("prompt", "timeout", None)
    settings.set_value("hooks.timeoutMs.prompt", 60_000)
    again = hook("claude", "prompt", payload("claude", "user_prompt_submit", cwd=str(repo), session="s",
                                             prompt="how do deploys go through the staging cluster"))  # fmt: skip
    assert "staging cluster" in again.context()  # the budget, not the hook, was what stopped it


def test_debug_mode_says_what_happened_on_stderr(hook: HookRunner, paths: PicassoPaths) -> None:
    done = hook("claude", "prompt", "{not json", env={"PICASSO_HOOK_DEBUG": "1"})
    assert (done.code, done.out) == (0, "")
    assert done.err.startswith("picasso hook claude prompt: failed in ") and "BadPayload" in done.err
