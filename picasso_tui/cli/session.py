"""The store one `picasso` command works on: opened once per command, with the guards handed over
and the one-time imports of old files done first (and said, once)."""

from __future__ import annotations

import click

from picasso_tui.cli import render
from picasso_tui.errors import PicassoError
from picasso_tui.store.api import MemoryStore
from picasso_tui.writeback.user_store import open_user_store


def open_store() -> MemoryStore:
    """The store for this command, after the one-time imports of old files."""
    store = open_user_store()
    try:
        for done in store.run_legacy_imports():
            click.echo(f"picasso: {render.legacy_import_notice(done)}", err=True)
    except PicassoError as exc:
        if getattr(exc, "path", None) != store.paths.memory_file:  # the command reports its own store
            click.echo(f"picasso: warning: {exc}", err=True)
    return store


def current_store() -> MemoryStore:
    """This command's store, opened on first use (kept on click's root context)."""
    root = click.get_current_context().find_root()
    if root.obj is None:
        root.obj = open_store()
    return root.obj
