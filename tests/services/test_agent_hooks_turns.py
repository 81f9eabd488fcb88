"""A session learnt turn by turn (Claude Code's Stop after every turn, then SessionEnd) keeps the failure lessons a
whole reading of the session gives: a failure the next turn fixes is never written as "not fixed"."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import orjson
import pytest

from picasso_tui import settings
from picasso_tui.paths import PicassoPaths
from picasso_tui.services.agent_hooks import absorb_transcript
from picasso_tui.store.api import MemoryStore
from picasso_tui.store.schema import MemoryClass

SESSION = "7d1e2f3a-4b5c-4d6e-8f70-8192a3b4c5d6"
FAILED = ("Exit code 1\n=========== FAILURES ===========\n"
          "FAILED tests/test_dates.py::test_parse_keeps_timezone - AssertionError: tz dropped\n1 failed, 5 passed")  # fmt: skip
PASSED = "6 passed in 0.41s"


class Session:
    """A Claude Code session file written a turn at a time."""

    def __init__(self, path: Path, repo: Path) -> None:
        self.path, self.repo, self.n = path, repo, 0

    def line(self, kind: str, content: Any, **extra: Any) -> None:
        self.n += 1
        data = {"parentUuid": None, "isSidechain": False, "userType": "external", "cwd": str(self.repo),
                "sessionId": SESSION, "version": "2.0.76", "type": kind, "uuid": f"00000000-0000-4000-8000-{self.n:012d}",
                "timestamp": f"2026-12-01T10:{self.n:02d}:00.000Z",
                "message": {"role": kind, "content": content}, **extra}  # fmt: skip
        with self.path.open("ab") as fh:
            fh.write(orjson.dumps(data) + b"\n")

    def run(self, command: str, output: str, ok: bool) -> None:
        call = f"toolu_{self.n:020d}"
        self.line("assistant", [{"type": "tool_use", "id": call, "name": "Bash", "input": {"command": command}}])
        self.line("user", [{"type": "tool_result", "tool_use_id": call, "content": output, "is_error": not ok}],
                  toolUseResult={"stdout": output, "stderr": "", "interrupted": False})  # fmt: skip

    def edit(self, rel: str) -> None:
        call = f"toolu_{self.n:020d}"
        target = str(self.repo / rel)
        self.line("assistant", [{"type": "tool_use", "id": call, "name": "Edit",
                                 "input": {"file_path": target, "old_string": "a", "new_string": "b"}}])  # fmt: skip
        self.line(
            "user", [{"type": "tool_result", "tool_use_id": call, "content": f"The file {target} has been updated."}]
        )


@pytest.fixture
def session(make_repo: Callable[..., Path], tmp_path: Path, picasso_home: Path) -> Session:
    settings.set_value("retrieval.embedder", "hash")
    repo = make_repo("app", origin="git@github.com:acme/app.git", files={"src/dates.py": "a = 1\n"})
    return Session(tmp_path / f"{SESSION}.jsonl", repo)


def failures(paths: PicassoPaths, repo: Path) -> list[str]:
    return [r.body for r in MemoryStore(paths, cwd=repo).list() if r.memory_class is MemoryClass.FAILURE]


def absorb(session: Session, paths: PicassoPaths, *, final: bool = False) -> None:
    absorb_transcript(MemoryStore(paths, cwd=session.repo), "claude", session.path, SESSION, final=final)


def test_a_failure_the_next_turn_fixes_is_kept_with_its_fix_not_as_unfixed(session: Session, paths) -> None:
    session.line("user", "make the date parser keep the timezone")
    session.run("pytest -q", FAILED, ok=False)
    session.line("assistant", [{"type": "text", "text": "The test fails; shall I change src/dates.py?"}])
    absorb(session, paths)
    assert failures(paths, session.repo) == []  # held: the next turn may fix it

    session.line("user", "yes, go ahead")
    session.edit("src/dates.py")
    session.run("pytest -q", PASSED, ok=True)
    absorb(session, paths)
    absorb(session, paths, final=True)
    assert failures(paths, session.repo) == [
        "`pytest -q` failed (tests/test_dates.py::test_parse_keeps_timezone: AssertionError) until src/dates.py was changed."
    ]

    absorb(session, paths, final=True)  # SessionEnd twice: nothing new
    assert len(failures(paths, session.repo)) == 1


def test_a_failure_never_fixed_is_written_when_the_session_ends_once(session: Session, paths) -> None:
    session.line("user", "make the date parser keep the timezone")
    session.run("pytest -q", FAILED, ok=False)
    absorb(session, paths)
    assert failures(paths, session.repo) == []
    absorb(session, paths, final=True)
    absorb(session, paths, final=True)
    [lesson] = failures(paths, session.repo)
    assert (
        lesson.startswith("`pytest -q` failed (tests/test_dates.py::test_parse_keeps_timezone")
        and "not fixed" in lesson
    )
    records = [r for r in MemoryStore(paths, cwd=session.repo).list() if r.memory_class is MemoryClass.FAILURE]
    assert records[0].metadata.attributes.observations == 1


def test_a_failure_fixed_within_one_turn_is_written_at_that_turn_and_not_again(session: Session, paths) -> None:
    session.line("user", "make the date parser keep the timezone")
    session.run("pytest -q", FAILED, ok=False)
    session.edit("src/dates.py")
    session.run("pytest -q", PASSED, ok=True)
    absorb(session, paths)
    assert len(failures(paths, session.repo)) == 1
    absorb(session, paths, final=True)
    records = [r for r in MemoryStore(paths, cwd=session.repo).list() if r.memory_class is MemoryClass.FAILURE]
    assert len(records) == 1 and records[0].metadata.attributes.observations == 1
