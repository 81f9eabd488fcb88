"""What an agent gets from its hooks: a workspace brief when a session starts, the recall block at each prompt,
in each agent's own output shape, from the workspace the payload names."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest

from picasso_tui import settings
from picasso_tui.paths import PicassoPaths
from picasso_tui.store.api import MemoryStore
from picasso_tui.store.schema import MemoryClass
from tests.hooks.conftest import HookRunner, hook_events, payload

NATIVE = {
    ("claude", "session-start"): "SessionStart",
    ("claude", "prompt"): "UserPromptSubmit",
    ("gemini", "session-start"): "SessionStart",
    ("gemini", "prompt"): "BeforeAgent",
    ("codex", "session-start"): "SessionStart",
    ("codex", "prompt"): "UserPromptSubmit",
}
PROMPT_PAYLOAD = {"claude": "user_prompt_submit", "gemini": "before_agent", "codex": "user_prompt_submit"}
DEPLOYS = "Deploys go through the staging cluster before production."
PROMPT = "how do deploys to production go through the staging cluster"


@pytest.fixture
def repo(make_repo: Callable[..., Path], paths: PicassoPaths) -> Path:
    root = make_repo("app", origin="git@github.com:acme/app.git")
    store = MemoryStore(paths, cwd=root)
    store.add("Run the tests with `pytest -q` from the repository root.", pinned=True)
    store.add(DEPLOYS)
    store.add("Database migrations run with alembic upgrade head.")
    return root


@pytest.mark.parametrize("agent", ["claude", "gemini", "codex"])
def test_session_start_briefs_the_workspace_in_the_agents_shape(agent: str, hook: HookRunner, repo: Path,
                                                                paths: PicassoPaths) -> None:  # fmt: skip
    done = hook(agent, "session-start", payload(agent, "session_start", cwd=str(repo), session="s-1",
                                                transcript=str(repo / "t.jsonl")))  # fmt: skip
    assert (done.code, done.err) == (0, "")
    answer = done.answer()
    assert answer["hookSpecificOutput"]["hookEventName"] == "SessionStart"
    brief = done.context()
    assert "Run the tests with `pytest -q`" in brief  # pinned
    assert DEPLOYS not in brief and "alembic" not in brief  # neither pinned, a rule nor the profile's
    assert "remember(fact):" in brief  # how the agent asks for a memory, as `picasso run` tells it
    offer = answer.get("systemMessage") if agent != "codex" else brief
    assert "picasso memory init" in str(offer)  # a new workspace: the first-session profile offer
    last = hook_events(paths)[-1]
    assert (last["agent"], last["hookEvent"], last["outcome"], last["reason"]) == (agent, "session-start", "ok", None)
    assert isinstance(last["ms"], int) and last["ms"] > 0


def test_the_profile_offer_comes_once_per_workspace(hook: HookRunner, repo: Path) -> None:
    first = hook("claude", "session-start", payload("claude", "session_start", cwd=str(repo), session="s-1"))
    second = hook("claude", "session-start", payload("claude", "session_start", cwd=str(repo), session="s-2"))
    assert "picasso memory init" in first.answer()["systemMessage"]
    assert "systemMessage" not in second.answer() and "pytest -q" in second.context()


def test_the_brief_keeps_to_its_budget(hook: HookRunner, repo: Path, paths: PicassoPaths) -> None:
    store = MemoryStore(paths, cwd=repo)
    for i in range(12):
        store.add(f"Rule {i}: every public function in module_{i} has a docstring and type hints.",
                  memory_class=MemoryClass.REPO_RULE)  # fmt: skip
    wide = hook("claude", "session-start", payload("claude", "session_start", cwd=str(repo), session="s")).context()
    settings.set_value("hooks.briefBudgetTokens", 80)
    narrow = hook("claude", "session-start", payload("claude", "session_start", cwd=str(repo), session="s")).context()
    assert wide.count("docstring") == 12
    assert 0 < narrow.count("docstring") < 12


@pytest.mark.parametrize("agent", ["claude", "gemini", "codex"])
def test_a_prompt_gets_the_recall_block_of_a_relevant_memory(agent: str, hook: HookRunner, repo: Path) -> None:
    done = hook(agent, "prompt", payload(agent, PROMPT_PAYLOAD[agent], cwd=str(repo), session="s-1",
                                         transcript=str(repo / "t.jsonl"), prompt=PROMPT))  # fmt: skip
    assert (done.code, done.err) == (0, "")
    assert done.answer()["hookSpecificOutput"]["hookEventName"] == NATIVE[(agent, "prompt")]
    block = done.context()
    assert block.startswith("Memory context for this session:") and DEPLOYS in block


def test_the_prompt_block_is_the_one_picasso_run_injects(hook: HookRunner, repo: Path, paths: PicassoPaths) -> None:
    from picasso_tui.retrieval.pipeline import Retriever

    expected = Retriever.for_store(MemoryStore(paths, cwd=repo)).recall(PROMPT, emit=False).block
    done = hook("claude", "prompt", payload("claude", "user_prompt_submit", cwd=str(repo), session="s", prompt=PROMPT))
    assert done.context() == expected


def test_an_unrelated_prompt_adds_nothing(hook: HookRunner, repo: Path, paths: PicassoPaths) -> None:
    done = hook("claude", "prompt", payload("claude", "user_prompt_submit", cwd=str(repo), session="s",
                                            prompt="write a haiku about autumn leaves"))  # fmt: skip
    assert (done.code, done.out, done.err) == (0, "", "")
    assert hook_events(paths)[-1]["outcome"] == "ok"


def test_each_payload_gets_the_memory_of_its_own_workspace(hook: HookRunner, make_repo: Callable[..., Path],
                                                           paths: PicassoPaths) -> None:  # fmt: skip
    api = make_repo("api", origin="git@github.com:acme/api.git")
    web = make_repo("web", origin="git@github.com:acme/web.git")
    MemoryStore(paths, cwd=api).add("Deploys of the api go through the staging cluster first.", pinned=True)
    MemoryStore(paths, cwd=web).add("Deploys of the web app go through the preview cluster first.", pinned=True)
    prompt = "how do deploys go through the cluster"
    for root, mine, theirs in ((api, "staging", "preview"), (web, "preview", "staging")):
        brief = hook("claude", "session-start", payload("claude", "session_start", cwd=str(root), session="s"))
        recalled = hook("claude", "prompt", payload("claude", "user_prompt_submit", cwd=str(root), session="s",
                                                    prompt=prompt))  # fmt: skip
        for text in (brief.context(), recalled.context()):
            assert f"{mine} cluster" in text and f"{theirs} cluster" not in text


def test_a_hook_wired_to_the_wrong_event_answers_nothing(hook: HookRunner, repo: Path, paths: PicassoPaths) -> None:
    stop = payload("claude", "stop", cwd=str(repo), session="s", transcript=str(repo / "t.jsonl"))
    done = hook("claude", "prompt", stop)  # the prompt hook, given a Stop payload
    assert (done.code, done.out, done.err) == (0, "", "")
    assert hook_events(paths)[-1]["outcome"] == "failed" and hook_events(paths)[-1]["reason"] == "BadPayload"
