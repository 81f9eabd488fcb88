"""What the end-of-turn hook writes from an agent's transcript passes the store's one door: a secret the user typed
is redacted, an oversized message leaves no oversized record, and the namespace is always this account's and this
workspace's (a transcript cannot name another)."""

from __future__ import annotations

import secrets
import string
from collections.abc import Callable
from pathlib import Path

import pytest

from picasso_tui import settings
from picasso_tui.paths import PicassoPaths
from picasso_tui.services.agent_hooks import absorb_transcript
from picasso_tui.store.api import MemoryStore
from picasso_tui.store.record_limits import MAX_RECORD_BYTES
from picasso_tui.writeback.write import MAX_BODY_CHARS
from tests.hooks.test_write_back import SESSION, claude_line


@pytest.fixture
def repo(make_repo: Callable[..., Path], picasso_home: Path) -> Path:
    settings.set_value("retrieval.embedder", "hash")
    return make_repo("app", origin="git@github.com:acme/app.git")


def absorb(repo: Path, paths: PicassoPaths, transcript: Path) -> list[str]:
    absorb_transcript(MemoryStore(paths, cwd=repo), "claude", transcript, SESSION)
    return [r.body for r in MemoryStore(paths, cwd=repo).list()]


def test_a_secret_in_the_users_rule_is_redacted(repo: Path, paths: PicassoPaths, tmp_path: Path) -> None:
    key = "ghp_" + "".join(secrets.choice(string.ascii_letters + string.digits) for _ in range(36))
    transcript = tmp_path / f"{SESSION}.jsonl"
    transcript.write_bytes(
        claude_line("user", "deploy the app", 0, repo)
        + claude_line("assistant", "Deployed.", 1, repo)
        + claude_line("user", f"From now on always export GITHUB_TOKEN={key} before make deploy.", 2, repo)
    )
    bodies = absorb(repo, paths, transcript)
    assert bodies and all(key not in b for b in bodies)
    assert key.encode() not in paths.memory_file.read_bytes()
    workspace = MemoryStore(paths, cwd=repo).workspace
    assert workspace is not None
    for r in MemoryStore(paths, cwd=repo).list():
        assert r.metadata.namespace.startswith(f"account:local/projects/workspace:{workspace.fingerprint}/")


def test_an_oversized_message_leaves_no_oversized_record(repo: Path, paths: PicassoPaths, tmp_path: Path) -> None:
    transcript = tmp_path / f"{SESSION}.jsonl"
    huge = "From now on always run make lint before committing. " + "x" * (2 * MAX_RECORD_BYTES)
    transcript.write_bytes(claude_line("user", "fix the lint", 0, repo) + claude_line("user", huge, 1, repo))
    bodies = absorb(repo, paths, transcript)
    assert all(len(b) <= MAX_BODY_CHARS for b in bodies)
    assert not paths.memory_file.exists() or paths.memory_file.stat().st_size < MAX_RECORD_BYTES
