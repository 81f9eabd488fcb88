"""Shared fixtures: every test runs with PICASSO_HOME in a temporary folder, outside any
git repository, so nothing a test does touches the real home or depends on the checkout."""

from __future__ import annotations

import io
import os
import subprocess
import sys
from collections.abc import Callable
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path

import pytest
from hypothesis import settings

from picasso_tui.cli.main import main
from picasso_tui.paths import PicassoPaths
from picasso_tui.store.api import MemoryStore
from picasso_tui.store.filestore import FileStore, Upsert
from picasso_tui.store.namespaces import find_workspace
from picasso_tui.store.schema import MemoryRecord, format_timestamp
from picasso_tui.writeback.user_store import install_guards

# Tests open stores as the front ends do: every record passes the door with the real redactor and
# screen (a store without guards refuses to write; tests/store/test_ingress.py shows it in a fresh process).
install_guards()

FIXTURES = Path(__file__).parent / "fixtures" / "memory"
SHARED_FIXTURES = Path(__file__).resolve().parents[2] / "shared" / "fixtures" / "memory"

# Property tests draw the same examples on every run, so a red CI means the code changed, never a
# lucky draw (one did: a real token with "Xxxx" inside). To hunt for new failures, draw fresh ones:
# HYPOTHESIS_PROFILE=explore .venv/bin/python -m pytest -q tests/writeback tests/store/test_merge_properties.py
settings.register_profile("repeatable", derandomize=True)
settings.register_profile("explore", derandomize=False)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "repeatable"))


@pytest.fixture(autouse=True)
def picasso_home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    home = tmp_path / "picasso-home"
    cwd = tmp_path / "cwd"
    cwd.mkdir()
    monkeypatch.setenv("PICASSO_HOME", str(home))
    monkeypatch.delenv("PICASSO_MEMORY_ROOT", raising=False)
    monkeypatch.setenv("PICASSO_LOCK_TIMEOUT", "10")
    monkeypatch.setenv("GIT_CONFIG_GLOBAL", os.devnull)
    monkeypatch.setenv("GIT_CONFIG_NOSYSTEM", "1")
    monkeypatch.chdir(cwd)
    find_workspace.cache_clear()
    return home


@pytest.fixture(autouse=True)
def agent_homes(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> dict[str, Path]:
    """The coding agents' user-level settings folders, in the temporary folder: nothing a test does
    touches the real ~/.claude, ~/.codex or ~/.gemini (agent/install/common.py reads these)."""
    homes = {"claude": tmp_path / "claude-config", "codex": tmp_path / "codex-home", "gemini": tmp_path / "gemini-home"}
    monkeypatch.setenv("CLAUDE_CONFIG_DIR", str(homes["claude"]))
    monkeypatch.setenv("CODEX_HOME", str(homes["codex"]))
    monkeypatch.setenv("GEMINI_CLI_HOME", str(homes["gemini"]))
    return {"claude": homes["claude"], "codex": homes["codex"], "gemini": homes["gemini"] / ".gemini"}


@pytest.fixture
def paths(picasso_home: Path) -> PicassoPaths:
    return PicassoPaths.resolve()


@pytest.fixture
def files(paths: PicassoPaths) -> FileStore:
    return FileStore(paths)


@pytest.fixture
def store(paths: PicassoPaths) -> MemoryStore:
    return MemoryStore(paths)


def global_fact(rid: str, body: str, at: datetime) -> MemoryRecord:
    """A plain account-wide fact observed at ``at``: the record most store tests need."""
    stamp = format_timestamp(at)
    return MemoryRecord.model_validate(
        {
            "id": rid,
            "body": body,
            "metadata": {
                "class": "fact",
                "namespace": "account:local/global/facts",
                "createdAt": stamp,
                "lastObservedAt": stamp,
            },
        }
    )


def seed(paths: PicassoPaths, records: list[MemoryRecord]) -> None:
    """Write records of several accounts into one file, each by its own account's writer (the door
    lets a store write only its own account's namespaces)."""
    by_account: dict[str, list[MemoryRecord]] = {}
    for r in records:
        account = r.metadata.namespace.split("/", 1)[0].removeprefix("account:")
        by_account.setdefault(account, []).append(r)
    for account, group in by_account.items():
        FileStore(paths, account_id=account).apply([Upsert(r) for r in group])


def install_fixture(paths: PicassoPaths, name: str) -> bytes:
    """Put a shared fixture in place as memory.json; returns its bytes."""
    data = (FIXTURES / name).read_bytes()
    paths.root.mkdir(parents=True, exist_ok=True)
    paths.memory_file.write_bytes(data)
    return data


def git(cwd: Path, *args: str) -> str:
    env = {**os.environ, "GIT_AUTHOR_NAME": "t", "GIT_AUTHOR_EMAIL": "t@example.com",
           "GIT_COMMITTER_NAME": "t", "GIT_COMMITTER_EMAIL": "t@example.com"}  # fmt: skip
    return subprocess.run(["git", *args], cwd=cwd, env=env, check=True, capture_output=True, text=True).stdout


@pytest.fixture
def make_repo(tmp_path: Path) -> Callable[..., Path]:
    """A git repository with one commit, optionally an origin remote and some files."""

    def make(name: str = "repo", origin: str | None = None, files: dict[str, str] | None = None) -> Path:
        root = tmp_path / name
        root.mkdir()
        git(root, "init", "-q", "-b", "main")
        for rel, text in (files or {"README.md": "hello\n"}).items():
            (root / rel).parent.mkdir(parents=True, exist_ok=True)
            (root / rel).write_text(text)
        git(root, "add", "-A")
        git(root, "commit", "-q", "-m", "init")
        if origin:
            git(root, "remote", "add", "origin", origin)
        find_workspace.cache_clear()
        return root

    return make


@dataclass
class CliResult:
    code: int
    out: str
    err: str


@pytest.fixture
def picasso(capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> Callable[..., CliResult]:
    """Run the real entry point in-process (exit codes and error handling included)."""

    def run(*args: str, stdin: str | None = None) -> CliResult:
        monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(io.BytesIO((stdin or "").encode())))
        capsys.readouterr()
        try:
            main(list(args))
            code = 0
        except SystemExit as exc:
            code = exc.code if isinstance(exc.code, int) else 1
        out, err = capsys.readouterr()
        return CliResult(code, out, err)

    return run
