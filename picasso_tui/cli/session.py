"""The store one `picasso` command works on: opened once per command, with the one-time imports of old files
done first (and said, once)."""

from __future__ import annotations

import click

from picasso_tui.cli import render
from picasso_tui.services.session import open_session
from picasso_tui.store.api import MemoryStore


def open_store() -> MemoryStore:
    """The store for this command, after the one-time imports of old files."""
    return open_session(
        on_imported=lambda done: click.echo(f"picasso: {render.legacy_import_notice(done)}", err=True),
        on_warning=lambda exc: click.echo(f"picasso: warning: {exc}", err=True),
    )


def current_store() -> MemoryStore:
    """This command's store, opened on first use (kept on click's root context)."""
    root = click.get_current_context().find_root()
    if root.obj is None:
        root.obj = open_store()
    return root.obj
