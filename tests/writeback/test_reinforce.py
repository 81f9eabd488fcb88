"""A later run that shows a failure fixed supersedes the record that said it was not (reinforce.py)."""

from __future__ import annotations

from pathlib import Path

import pytest

from picasso_tui.store.api import MemoryStore
from picasso_tui.store.schema import MemoryClass, MemoryRecord
from picasso_tui.writeback.transcript import Transcript
from picasso_tui.writeback.write import reflect

SAMPLES = Path(__file__).parent / "runner_output"
FAIL = (SAMPLES / "pytest_fail.txt").read_text()  # tests/test_auth.py::test_login fails, 1 failed 3 passed
PASS = "tests/test_auth.py::test_login PASSED\n4 passed in 0.2s"


@pytest.fixture
def repo_store(make_repo, paths, monkeypatch) -> MemoryStore:
    repo = make_repo("shop", origin="git@github.com:acme/shop.git", files={"src/auth.py": "x = 1\n"})
    monkeypatch.chdir(repo)
    return MemoryStore(paths, cwd=repo)


def plain_run(session: str, *texts: str) -> Transcript:
    """An agent that prints its test runs (no tool calls), as `picasso run` records it."""
    t = Transcript(session)
    t.add("prompt", text="Fix the login test.")
    for text in texts:
        for line in text.splitlines():
            t.add("output", text=line)
    t.add("files_changed", files=[{"path": "src/auth.py", "status": "M"}])
    return t


def failures(store: MemoryStore) -> list[MemoryRecord]:
    return [r for r in store.list(everything=True) if r.memory_class is MemoryClass.FAILURE]


def test_a_run_that_shows_the_fix_supersedes_the_record_that_said_it_did_not(repo_store):
    reflect(plain_run("sess_1", FAIL), repo_store)
    [unfixed] = failures(repo_store)
    assert "did not show it passing again" in unfixed.body
    report = reflect(plain_run("sess_2", FAIL, PASS), repo_store)
    [fixed] = report.added
    assert "until src/auth.py was changed" in fixed.body and fixed.metadata.prevent_next_time
    assert {"type": "supersedes", "target": unfixed.id} in [e.model_dump() for e in fixed.metadata.edges]
    older = repo_store.resolve(unfixed.id)
    assert older.metadata.attributes.stale is True
    assert older.metadata.attributes.supersededBy == fixed.id  # type: ignore[attr-defined]
    assert report.superseded == [(unfixed.id, fixed.id)]
    # Seen fixed again: the fixed record is reinforced, the retired one stays retired.
    again = reflect(plain_run("sess_3", FAIL, PASS), repo_store)
    assert again.added == [] and again.reinforced == [fixed.id]


def test_another_tests_fix_does_not_supersede_it(repo_store):
    reflect(plain_run("sess_1", FAIL), repo_store)
    other = FAIL.replace("test_login", "test_logout")
    report = reflect(plain_run("sess_2", other, PASS.replace("test_login", "test_logout")), repo_store)
    assert report.superseded == []
    assert all(not r.metadata.attributes.stale for r in failures(repo_store))


def test_the_same_failure_unfixed_again_reinforces_the_unfixed_record(repo_store):
    first = reflect(plain_run("sess_1", FAIL), repo_store)
    again = reflect(plain_run("sess_2", FAIL), repo_store)
    assert again.added == [] and again.reinforced == [r.id for r in first.added]
