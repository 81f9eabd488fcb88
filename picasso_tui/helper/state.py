"""What the helper keeps warm: a file store (memory.json decoded once, re-read when it changes), a store per
working directory a client names, and for recall a resident retriever per store.

All of it is derived from memory.json and the settings; a helper killed at any moment loses nothing. Requests
run on worker threads, and the file store's caches are not thread-safe, so each pool has one lock serialising its
work (a write still takes memory.json's own lock against other processes). Recall has a pool of its own: the
first recall of a large store embeds every record (minutes at 10k records on a slow machine), and a list or a pin
must not wait for that.
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from collections.abc import Callable, Hashable
from pathlib import Path
from typing import TYPE_CHECKING

from picasso_tui.errors import UsageError
from picasso_tui.paths import PicassoPaths
from picasso_tui.services.session import open_session
from picasso_tui.store.api import MemoryStore
from picasso_tui.store.filestore import FileStore
from picasso_tui.store.namespaces import current_account_id
from picasso_tui.writeback.user_store import GUARDS

if TYPE_CHECKING:
    from picasso_tui.retrieval.pipeline import Retriever

MAX_STORES = 32
"""Working directories kept warm at once per pool (each costs a retriever's index); the least recently used go."""
MAX_ANSWERS = 4
"""Rendered listings kept (a 100k-record listing is ~50 MB); the least recently used go first."""


class Pool:
    """One file store, the stores seen from each working directory over it, and their retrievers; one lock."""

    def __init__(self, paths: PicassoPaths) -> None:
        self.paths = paths
        self.lock = threading.RLock()
        self._files: FileStore | None = None
        self._stores: OrderedDict[str, MemoryStore] = OrderedDict()
        self._retrievers: dict[str, Retriever] = {}
        self._answers: OrderedDict[Hashable, tuple[object, bytes]] = OrderedDict()

    def files(self) -> FileStore:
        """The file store, made again when the signed-in account changed (`picasso auth login`)."""
        account = current_account_id(self.paths.home)
        if self._files is None or self._files.account_id != account:
            self._files = FileStore(self.paths, account_id=account, guards=GUARDS)
            self._stores.clear()
            self._retrievers.clear()
        return self._files

    def store(self, cwd: str | None) -> MemoryStore:
        """The store as seen from ``cwd`` (a client's working directory); without one, account-wide memory only
        (seen from the Picasso home, which is no workspace)."""
        folder = self.folder(cwd)
        files = self.files()
        key = str(folder)
        store = self._stores.get(key)
        if store is None:
            store = open_session(cwd=folder, files=files)
            self._stores[key] = store
            while len(self._stores) > MAX_STORES:
                old, _ = self._stores.popitem(last=False)
                self._retrievers.pop(old, None)
        self._stores.move_to_end(key)
        return store

    def answer(self, key: Hashable, build: Callable[[], bytes]) -> bytes:
        """``build()``, kept while memory.json is unchanged (the file store's decoded document is the same object):
        `picasso memory list --json` at 100k records re-lists and re-renders ~50 MB otherwise (~1 s)."""
        doc = self.files().read_document()
        hit = self._answers.get(key)
        if hit is not None and hit[0] is doc:
            self._answers.move_to_end(key)
            return hit[1]
        data = build()
        self._answers[key] = (doc, data)
        while len(self._answers) > MAX_ANSWERS:
            self._answers.popitem(last=False)
        return data

    def folder(self, cwd: str | None) -> Path:
        if not cwd:
            self.paths.home.mkdir(parents=True, exist_ok=True, mode=0o700)
            return self.paths.home.resolve()
        folder = Path(cwd).expanduser()
        if not folder.is_absolute() or not folder.is_dir():
            raise UsageError(f"cwd must be an existing folder given as an absolute path; {cwd[:200]} is not.")
        return folder.resolve()

    def retriever(self, store: MemoryStore) -> Retriever:
        """The resident retriever of ``store`` (numpy and the embedding model load on the first one)."""
        key = str(store.cwd)
        hit = self._retrievers.get(key)
        if hit is None:
            from picasso_tui.services import recall

            hit = self._retrievers[key] = recall.resident(store)
        return hit


class Warm:
    """The helper's two pools: ``serve`` for every store operation, ``recall`` for recall."""

    def __init__(self, paths: PicassoPaths) -> None:
        self.paths = paths
        self.serve = Pool(paths)
        self.recall = Pool(paths)
        self.recall_ready = threading.Event()
        """Set once the warm-up has indexed account-wide memory: a front end may prefer its own recall before."""

    # The serve pool is the default: what most routes (and the hooks' session-start brief) work on.
    @property
    def lock(self) -> threading.RLock:
        return self.serve.lock

    def files(self) -> FileStore:
        return self.serve.files()

    def store(self, cwd: str | None) -> MemoryStore:
        return self.serve.store(cwd)

    def answer(self, key: Hashable, build: Callable[[], bytes]) -> bytes:
        return self.serve.answer(key, build)

    def warm_up(self) -> None:
        """Load and index what the first recall would (on a thread at start, so the first client does not wait)."""
        try:
            with self.recall.lock:
                pool = self.recall
                pool.retriever(pool.store(None)).recall("warm up", emit=False)
        finally:
            self.recall_ready.set()
