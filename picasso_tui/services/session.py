"""Opening the user's memory: the store with the guards handed over, after the one-time imports of old files."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from picasso_tui.errors import PicassoError
from picasso_tui.store.api import MemoryStore
from picasso_tui.store.filestore import FileStore
from picasso_tui.store.legacy import LegacyImport
from picasso_tui.writeback.user_store import open_user_store


def open_session(
    on_imported: Callable[[LegacyImport], None] = lambda done: None,
    on_warning: Callable[[PicassoError], None] = lambda exc: None,
    *,
    cwd: Path | None = None,
    files: FileStore | None = None,
) -> MemoryStore:
    """The user's store, seen from ``cwd`` (default: the process's; an agent hook passes the folder its agent works
    in, so the workspace is the agent's, never the hook process's). Each one-time import of an old file is reported
    once through ``on_imported``; an import that fails is reported through ``on_warning`` and does not stop the
    session, except when the failure is the store's own file, which the front end's first read reports anyway.
    ``files``: a file store to share (the helper keeps one warm for every workspace it serves)."""
    store = open_user_store(cwd=cwd, **({"files": files} if files is not None else {}))
    try:
        for done in store.run_legacy_imports():
            on_imported(done)
    except PicassoError as exc:
        if getattr(exc, "path", None) != store.paths.memory_file:
            on_warning(exc)
    return store
