"""The app's picture of memory.json, kept current.

A watcher thread posts StoreFileChanged; each read runs on a thread worker and hands the next view
model over whole (ViewReady), or says why memory is read-only (StoreFailed). Screens redraw from
``view`` and ``error`` in their ``refresh_view``.
"""

from __future__ import annotations

import gc
from collections.abc import Callable
from datetime import datetime
from typing import TYPE_CHECKING

from textual.app import App
from textual.timer import Timer

from picasso_tui.errors import PicassoError
from picasso_tui.store.api import MemoryStore
from picasso_tui.tui.messages import ReloadRequested, StoreFailed, StoreFileChanged, ViewReady, WritesShown
from picasso_tui.tui.view_model import Change, MemoryView, diff

if TYPE_CHECKING:
    from picasso_tui.store.watch import StoreWatcher

RELOAD_DEBOUNCE_S = 0.01


class StoreView(App[None]):
    """The store, the view model read from it, and whether it can be written (the base of every flow)."""

    def __init__(self, store: MemoryStore, clock: Callable[[], datetime], watch: bool) -> None:
        super().__init__()
        self.store = store
        self.clock = clock
        self.watch = watch
        self.view = MemoryView([])
        self.error: str | None = None  # the banner while the store cannot be read
        self.read_only_reason: str | None = None  # the notice a write key gives meanwhile
        self.loaded = False
        self.live_state = "off"
        self._watcher: StoreWatcher | None = None
        self._reload_timer: Timer | None = None
        self._own_ids: set[str] = set()
        self._read_generation = 0
        self._applied_generation = 0

    # -- watching -------------------------------------------------------------------------------

    def _start_watcher(self) -> None:
        from picasso_tui.store.watch import StoreWatcher

        try:
            self._watcher = StoreWatcher(self.store.paths.memory_file, lambda: self.post_message(StoreFileChanged()))
            self._watcher.start()
            self.live_state = "polling" if self._watcher.polling else "live"
        except OSError as exc:
            self.live_state = "off"
            self.notify(f"Live updates are off: {exc}", severity="warning")

    def on_unmount(self) -> None:
        if self._watcher is not None:
            self._watcher.stop()

    def on_store_file_changed(self, _: StoreFileChanged) -> None:
        if self._reload_timer is not None:
            self._reload_timer.stop()
        self._reload_timer = self.set_timer(RELOAD_DEBOUNCE_S, self.reload)

    # -- reading --------------------------------------------------------------------------------

    def reload(self, announce: bool = False) -> None:
        """Read the store and build the next view model on a worker; ViewReady hands it over whole."""
        self._read_generation += 1
        base, generation = self.view, self._read_generation
        self.run_worker(lambda: self._read(base, generation, announce), thread=True, exclusive=True, group="reload")

    def _read(self, base: MemoryView, generation: int, announce: bool) -> None:
        try:
            records = self.store.list()
        except PicassoError as exc:
            self.post_message(StoreFailed(str(exc), type(exc).__name__))
            return
        view = MemoryView(records, previous=base)
        view.columns()  # the unfiltered grouping, computed here rather than on the first frame
        self.post_message(ViewReady(view, base, diff(base.by_id, view.by_id), announce, generation))

    def _refresh_staleness(self) -> None:
        """Staleness follows the code: recompute it for this workspace's memories learned from files
        when the TUI opens (git and file hashes; one write, only if a score moved)."""
        ws = self.store.workspace
        if ws is None:
            return

        def work() -> None:
            from picasso_tui.anchors.staleness import refresh

            try:
                report = refresh(self.store, ws.root)
            except PicassoError:
                return  # read-only or unreadable memory: the banner already says so; scores stay as stored
            if report.updated and not self.watch:
                self.call_from_thread(self.reload)

        self.run_worker(work, thread=True, group="staleness", exit_on_error=False)

    def on_reload_requested(self, message: ReloadRequested) -> None:
        self.reload(announce=message.announce)

    def on_writes_shown(self, message: WritesShown) -> None:
        self._own_ids.update(message.ids)

    # -- what a read hands back -------------------------------------------------------------------

    def on_view_ready(self, message: ViewReady) -> None:
        if message.generation < self._applied_generation:
            return  # an older read finished after a newer one
        self._applied_generation = message.generation
        change = message.change if message.base is self.view else diff(self.view.by_id, message.view.by_id)
        if not self.loaded:
            change = Change()
        self.view = message.view
        recovered = self.error is not None
        self.error = None
        self.read_only_reason = None
        self.loaded = True
        external = Change(
            tuple(i for i in change.added if i not in self._own_ids),
            tuple(i for i in change.changed if i not in self._own_ids),
            tuple(i for i in change.removed if i not in self._own_ids),
        )
        self._own_ids.clear()
        if external.any:
            self.notify(external.describe(), title="Memory changed")
        elif message.announce:
            self.notify(f"Reloaded {len(self.view.records)} memories.")
        if recovered:
            self.notify("The memory store is readable again.")
        self._refresh_screens(change)
        # Tens of thousands of long-lived objects now back the view; a full collection walking them
        # all costs a quarter of a second at 10k memories, visible as a stutter on the next keystroke.
        # Freezing moves them out of the collector's sight (they are freed normally once unreferenced).
        gc.freeze()

    def on_store_failed(self, message: StoreFailed) -> None:
        first = self.error is None
        self.error = f"⚠ {message.error} Picasso will not write until this is fixed."
        self.read_only_reason = read_only_sentence(message.kind)
        self.loaded = True
        if first:
            self.notify(message.error, title="Memory is read-only", severity="error", timeout=8)
        self._refresh_screens(None)

    def _refresh_screens(self, change: Change | None) -> None:
        for screen in self.screen_stack:
            refresh = getattr(screen, "refresh_view", None)
            if refresh is not None and getattr(screen, "ready", False):
                refresh(change)


def read_only_sentence(kind: str) -> str:
    """Why a write key does nothing while the store cannot be read, and what ends it."""
    if kind == "NewerSchema":
        return "Memory is read-only until Picasso is updated: memory.json was written by a newer version."
    if kind == "CorruptStore":
        return "Memory is read-only until memory.json is repaired: run `picasso memory recover`."
    return "Memory is read-only until memory.json can be read again (the banner says why)."
