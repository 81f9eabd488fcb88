"""The installed hook commands, driven with each agent's real payloads and long, realistic session files
(tests/fixtures/agents/): the records a session leaves, learnt once however often and however piecemeal the
agent calls the hook."""

from __future__ import annotations

import shutil
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from picasso_tui.paths import PicassoPaths
from picasso_tui.store.api import MemoryStore
from picasso_tui.store.schema import MemoryClass
from tests.hooks.conftest import PAYLOADS, HookRunner, hook_events, payload

CLAUDE = (
    PAYLOADS / "claude" / "projects" / "-home-maya-src-inventory-api" / "5f3c2a9e-8b1d-4c7e-9a2f-3e6d1b0c4a87.jsonl"
)
CODEX = next((PAYLOADS / "codex" / "sessions" / "2026" / "10" / "21").glob("rollout-*.jsonl"))
GEMINI = PAYLOADS / "gemini" / "tmp" / "inventory-api" / "chats" / "session-2026-11-05T13-20-4e1f7a2c.jsonl"
TAUGHT = {  # what the user taught in each session, as the write-back keeps it
    "claude": [(MemoryClass.REPO_RULE, "From now on always run ruff before committing."),
               (MemoryClass.STYLE, "Prefer time.monotonic() over time.time() for the backoff deadline.")],
    "codex": [(MemoryClass.REPO_RULE, "From now on, run go vet before go test."),
              (MemoryClass.STYLE, "Prefer %w over fmt.Errorf with %v for wrapping.")],
    "gemini": [(MemoryClass.STYLE, "Prefer datetime.now(timezone.utc) everywhere in this change over datetime.utcnow().")],
}  # fmt: skip


class Session:
    """One agent's session file, copied where the agent keeps it, and the hook calls that end its turns."""

    def __init__(self, agent: str, tmp: Path, repo: Path) -> None:
        self.agent, self.repo = agent, repo
        self.env: dict[str, str] = {}
        if agent == "codex":
            self.env["CODEX_HOME"] = str(tmp / "codex-home")
            self.file = tmp / "codex-home" / "sessions" / "2026" / "10" / "21" / CODEX.name
        else:
            self.file = tmp / f"{agent}-session" / (CLAUDE if agent == "claude" else GEMINI).name
        self.file.parent.mkdir(parents=True)
        self.source = {"claude": CLAUDE, "codex": CODEX, "gemini": GEMINI}[agent]

    def write(self, upto: float = 1.0) -> None:
        lines = self.source.read_bytes().splitlines(keepends=True)
        self.file.write_bytes(b"".join(lines[: round(len(lines) * upto)]))

    def end_of_turn(self) -> tuple[str, dict[str, Any], bool]:
        """(hook event, payload, payload as the last argument)"""
        if self.agent == "codex":
            return "notify", payload("codex", "notify_agent_turn_complete", cwd=str(self.repo)), True
        name = "stop" if self.agent == "claude" else "after_agent"
        return "stop", payload(self.agent, name, cwd=str(self.repo), transcript=str(self.file)), False

    def end_of_session(self) -> tuple[str, dict[str, Any], bool]:
        if self.agent == "codex":  # notify knows no session end: the last turn's notification again
            return self.end_of_turn()
        return "session-end", payload(self.agent, "session_end", cwd=str(self.repo), transcript=str(self.file)), False


@pytest.fixture
def repo(make_repo: Callable[..., Path]) -> Path:
    return make_repo("inventory-api", origin="git@github.com:acme/inventory-api.git")


def call(hook: HookRunner, session: Session, which: tuple[str, dict[str, Any], bool], home: Path | None = None) -> None:
    event, data, argv = which
    env = session.env | ({"PICASSO_HOME": str(home)} if home else {})
    done = hook(session.agent, event, data, argv=argv, env=env)
    assert (done.code, done.out, done.err) == (0, "", "")


def learnt(paths: PicassoPaths, repo: Path) -> list[tuple[MemoryClass, str]]:
    return sorted((r.memory_class, r.body) for r in MemoryStore(paths, cwd=repo).list())


@pytest.mark.parametrize("agent", ["claude", "codex", "gemini"])
def test_a_whole_session_is_learnt_once(agent: str, hook: HookRunner, repo: Path, tmp_path: Path,
                                        paths: PicassoPaths) -> None:  # fmt: skip
    session = Session(agent, tmp_path, repo)
    session.write()
    call(hook, session, session.end_of_turn())
    records = learnt(paths, repo)
    assert set(TAUGHT[agent]) <= set(records)
    assert any(cls is MemoryClass.FAILURE for cls, _ in records)  # what failed in the session, too
    assert len(records) == len(set(records))
    before = paths.memory_file.read_bytes()
    call(hook, session, session.end_of_turn())  # the same turn again (a retried hook)
    call(hook, session, session.end_of_session())  # and the session's end right after it
    assert paths.memory_file.read_bytes() == before
    assert [e["outcome"] for e in hook_events(paths)] == ["ok"] * 3
    kept = list((paths.home / "transcripts").glob("sess_*.jsonl"))
    assert len(kept) == 1  # the part learnt from, kept redacted; nothing new after it, nothing kept


@pytest.mark.parametrize("agent", ["claude", "codex", "gemini"])
def test_a_session_learnt_turn_by_turn_leaves_what_the_whole_leaves(agent: str, hook: HookRunner, repo: Path,
                                                                    tmp_path: Path, paths: PicassoPaths) -> None:  # fmt: skip
    session = Session(agent, tmp_path, repo)
    for part in (0.25, 0.5, 0.75, 1.0):  # the session goes on; a hook after every stretch of it
        session.write(part)
        call(hook, session, session.end_of_turn())
    call(hook, session, session.end_of_session())
    piecewise = learnt(paths, repo)
    whole_home = tmp_path / "whole-home"
    shutil.copytree(paths.home / "settings", whole_home / "settings")
    call(hook, session, session.end_of_turn(), home=whole_home)
    whole = learnt(PicassoPaths(home=whole_home, root=whole_home), repo)
    assert len(piecewise) == len(set(piecewise))  # nothing learnt twice
    assert set(TAUGHT[agent]) <= set(piecewise)
    # What the user said and what was decided is learnt whichever way the session is read. A failure is learnt
    # too, but its fix may come in a later turn than the hook that saw it fail: the wording can differ.
    said = {MemoryClass.REPO_RULE, MemoryClass.STYLE, MemoryClass.DECISION, MemoryClass.FACT}
    assert {r for r in whole if r[0] in said} <= set(piecewise)
    assert failed_commands(whole) <= failed_commands(piecewise)


def failed_commands(records: list[tuple[MemoryClass, str]]) -> set[str]:
    return {body.split("`")[1] for cls, body in records if cls is MemoryClass.FAILURE and body.startswith("`")}
