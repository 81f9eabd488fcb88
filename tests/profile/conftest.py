"""Fixture repositories built by the tests: real `git init`, real commits, any files."""

from __future__ import annotations

import re
from collections.abc import Callable
from pathlib import Path

import pytest

from picasso_tui.anchors.hashes import clear_cache
from picasso_tui.profile.investigator import InitReport, generate
from picasso_tui.store.api import MemoryStore
from picasso_tui.store.namespaces import find_workspace
from picasso_tui.store.schema import MemoryRecord
from tests.conftest import git


class Repo:
    def __init__(self, root: Path) -> None:
        self.root = root

    def write(self, files: dict[str, str | bytes]) -> Repo:
        for rel, content in files.items():
            path = self.root / rel
            path.parent.mkdir(parents=True, exist_ok=True)
            if isinstance(content, bytes):
                path.write_bytes(content)
            else:
                path.write_text(content)
        return self

    def commit(self, message: str = "change") -> str:
        git(self.root, "add", "-A")
        git(self.root, "commit", "-q", "--allow-empty", "-m", message)
        return self.head()

    def head(self) -> str:
        return git(self.root, "rev-parse", "HEAD").strip()

    def git(self, *args: str) -> str:
        return git(self.root, *args)

    def store(self) -> MemoryStore:
        find_workspace.cache_clear()
        return MemoryStore(cwd=self.root)

    def init(self) -> InitReport:
        return generate(self.store(), self.root)

    def records(self) -> list[MemoryRecord]:
        """This workspace's profile records (style records live account-wide, so filter on provenance)."""
        store = self.store()
        fp = store.workspace.fingerprint
        return [
            r for r in store.list(everything=True) if (r.metadata.provenance.model_extra or {}).get("workspace") == fp
        ]

    def by_key(self) -> dict[str, MemoryRecord]:
        return {r.metadata.provenance.model_extra["findingKey"]: r for r in self.records()}


@pytest.fixture(autouse=True)
def _fresh_hash_cache() -> None:
    clear_cache()  # each test's files are new; a cached hash from a reused path must not leak in


@pytest.fixture
def make_project(tmp_path: Path) -> Callable[..., Repo]:
    def make(files: dict[str, str | bytes], name: str = "project", message: str = "initial commit") -> Repo:
        root = tmp_path / name
        root.mkdir()
        git(root, "init", "-q", "-b", "main")
        repo = Repo(root).write(files)
        git(root, "add", "-A")
        # a submodule is a gitlink in the index, as in a real clone (its folder stays empty until fetched)
        for path in re.findall(r"^\s*path\s*=\s*(\S+)", str(files.get(".gitmodules", "")), re.M):
            if not (root / path).exists():
                (root / path).mkdir(parents=True)
                git(root, "update-index", "--add", "--cacheinfo", f"160000,{'1' * 40},{path}")
        repo.commit(message)
        find_workspace.cache_clear()
        return repo

    return make
