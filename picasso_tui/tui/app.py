"""The Picasso TUI: First Light and the memory inspector over the shared store.

The app never touches memory.json: it reads and writes through ``MemoryStore``. Blocking
work (reading 10k records, a write waiting on another process's lock) runs in thread
workers, which report back with messages; the watchdog thread only posts messages too.
"""

from __future__ import annotations

import gc
import os
import shlex
import subprocess
import sys
import tempfile
from collections.abc import Callable
from datetime import datetime
from pathlib import Path

from textual.app import App
from textual.binding import Binding
from textual.message_pump import MessagePump

from picasso_tui.store import edit_text
from picasso_tui.store.api import MemoryStore
from picasso_tui.store.errors import AmbiguousId, EditConflict, InvalidRecord, StoreError
from picasso_tui.store.schema import MemoryClass, MemoryRecord, utc_now
from picasso_tui.tui import notices, slash
from picasso_tui.tui.messages import (
    RecallReady,
    RunFinished,
    RunInjected,
    RunOutput,
    RunWritten,
    StoreFailed,
    StoreFileChanged,
    StoreReloaded,
    WriteDone,
    WriteFailed,
)
from picasso_tui.tui.screens.add_memory import AddMemoryScreen
from picasso_tui.tui.screens.confirm import ConfirmScreen
from picasso_tui.tui.screens.first_light import FirstLight
from picasso_tui.tui.screens.help import HelpScreen
from picasso_tui.tui.screens.inspector import Inspector
from picasso_tui.tui.screens.run import RunScreen
from picasso_tui.tui.theme import PICASSO_THEME, ROSE_VARIABLES
from picasso_tui.tui.view_model import Change, MemoryView, diff
from picasso_tui.tui.widgets.app_header import AppHeader
from picasso_tui.writeback.user_store import open_user_store, redaction_notice

RELOAD_DEBOUNCE_S = 0.01
EditorRunner = Callable[[Path], None]


def styles_dir() -> Path:
    """styles/ at the top of a checkout, or the copy packaged inside the wheel."""
    here = Path(__file__).resolve()
    for candidate in (here.parents[2] / "styles", here.parents[1] / "styles"):
        if candidate.is_dir():
            return candidate
    raise FileNotFoundError("Picasso's styles/ folder is missing from this installation")


class PicassoApp(App[None]):
    TITLE = "Picasso"
    CSS_PATH = [
        styles_dir() / "app.tcss",
        styles_dir() / "first_light.tcss",
        styles_dir() / "inspector.tcss",
        styles_dir() / "run.tcss",
        styles_dir() / "profile_offer.tcss",
    ]
    BINDINGS = [
        Binding("ctrl+q", "quit", "Quit", show=False, priority=True),
        Binding("f1", "show_help", "Help", show=False),  # a shortened toast points here for its full text
    ]

    def __init__(
        self,
        store: MemoryStore | None = None,
        *,
        clock: Callable[[], datetime] = utc_now,
        watch: bool = True,
        editor_runner: EditorRunner | None = None,
        start_in_inspector: bool = False,
        offer_profile: bool = False,
    ) -> None:
        super().__init__()
        self.store = store or open_user_store()
        self.clock = clock
        self.watch = watch
        self.editor_runner: EditorRunner = editor_runner or self._run_editor
        self.start_in_inspector = start_in_inspector
        self.offer_profile = offer_profile  # first session in a workspace: offer `picasso memory init`
        self.view = MemoryView([])
        self.error: str | None = None
        self.loaded = False
        self.live_state = "off"
        self._watcher = None
        self._reload_timer = None
        self._own_ids: set[str] = set()
        self._retriever = None
        self.notices: list[notices.Notice] = []  # every notice in full, newest last (the help sheet lists them)

    # -- theme ----------------------------------------------------------------------------------

    def get_theme_variable_defaults(self) -> dict[str, str]:
        # $rose must resolve under every theme, not only ours, or the CSS fails to parse.
        return {**super().get_theme_variable_defaults(), **ROSE_VARIABLES}

    # -- notifications --------------------------------------------------------------------------

    def notify(
        self,
        message: str,
        *,
        title: str = "",
        severity: str = "information",
        timeout: float | None = None,
        markup: bool = True,
    ) -> None:
        """Every toast is at most three lines: the full text goes to ``notices`` (F1 lists it)."""
        self.notices = [
            *self.notices[-(notices.LOG_SIZE - 1) :],
            notices.Notice(self.clock(), title, message, severity),
        ]
        short = notices.shorten(message, title, self.size.width)
        super().notify(short, title=title, severity=severity, timeout=timeout, markup=markup)  # type: ignore[arg-type]

    # -- lifecycle ------------------------------------------------------------------------------

    def on_mount(self) -> None:
        self.register_theme(PICASSO_THEME)
        self.theme = PICASSO_THEME.name
        self.push_screen(FirstLight())
        if self.start_in_inspector:
            self.push_screen(Inspector())
        if self.watch:
            self._start_watcher()
        self.reload()
        self._refresh_staleness()
        if self.offer_profile:
            from picasso_tui.tui.screens.profile_offer import offer_profile

            offer_profile(self)

    def on_unmount(self) -> None:
        if self._watcher is not None:
            self._watcher.stop()

    def _start_watcher(self) -> None:
        from picasso_tui.store.watch import StoreWatcher

        try:
            self._watcher = StoreWatcher(self.store.paths.memory_file, lambda: self.post_message(StoreFileChanged()))
            self._watcher.start()
            self.live_state = "polling" if self._watcher.polling else "live"
        except OSError as exc:
            self.live_state = "off"
            self.notify(f"Live updates are off: {exc}", severity="warning")

    def make_header(self, title: str) -> AppHeader:
        ws = self.store.workspace
        name = ws.name if ws else "no workspace (not in a git repository)"
        return AppHeader(title, name, ws.fingerprint if ws else None, self.store.account_id)

    # -- reading --------------------------------------------------------------------------------

    def reload(self, announce: bool = False) -> None:
        self.run_worker(lambda: self._read(announce), thread=True, exclusive=True, group="reload")

    def _read(self, announce: bool) -> None:
        try:
            records = self.store.list()
        except StoreError as exc:
            self.post_message(StoreFailed(str(exc), type(exc).__name__))
            return
        message = StoreReloaded(records)
        message.announce = announce  # type: ignore[attr-defined]
        self.post_message(message)

    def _refresh_staleness(self) -> None:
        """Staleness follows the code: recompute it for this workspace's memories learned from files
        when the TUI opens (git and file hashes; one write, only if a score moved)."""
        ws = self.store.workspace
        if ws is None:
            return

        def work() -> None:
            from picasso_tui.profile.staleness import refresh

            try:
                report = refresh(self.store, ws.root)
            except StoreError:
                return  # read-only or unreadable memory: the banner already says so; scores stay as stored
            if report.updated and not self.watch:
                self.call_from_thread(self.reload)

        self.run_worker(work, thread=True, group="staleness", exit_on_error=False)

    def on_store_file_changed(self, _: StoreFileChanged) -> None:
        if self._reload_timer is not None:
            self._reload_timer.stop()
        self._reload_timer = self.set_timer(RELOAD_DEBOUNCE_S, self.reload)

    def on_store_reloaded(self, message: StoreReloaded) -> None:
        old = self.view.by_id
        self.view = MemoryView(message.records, previous=self.view)
        change = diff(old, self.view.by_id) if self.loaded else Change()
        recovered = self.error is not None
        self.error = None
        self.loaded = True
        external = Change(
            tuple(i for i in change.added if i not in self._own_ids),
            tuple(i for i in change.changed if i not in self._own_ids),
            tuple(i for i in change.removed if i not in self._own_ids),
        )
        self._own_ids.clear()
        if external.any:
            self.notify(external.describe(), title="Memory changed")
        elif getattr(message, "announce", False):
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
        self.loaded = True
        if first:
            self.notify(message.error, title="Memory is read-only", severity="error", timeout=8)
        self._refresh_screens(None)

    def _refresh_screens(self, change: Change | None) -> None:
        for screen in self.screen_stack:
            refresh = getattr(screen, "refresh_view", None)
            if refresh is not None and getattr(screen, "ready", False):
                refresh(change)

    # -- recall for the prompt draft -----------------------------------------------------------------

    def recall_draft(self, draft: str, reply_to: MessagePump) -> None:
        """Retrieve for what the user is typing, off the UI thread (the last keystroke wins)."""
        if not draft.strip() or draft.lstrip().startswith("/") or self.error:
            return

        def run() -> None:
            try:
                if self._retriever is None:
                    from picasso_tui.retrieval.pipeline import Retriever  # numpy and the model load here

                    self._retriever = Retriever.for_store(self.store, clock=self.clock)
                result = self._retriever.recall(draft, emit=False)
            except Exception as exc:  # retrieval must never take the prompt down with it
                reply_to.post_message(RecallReady(draft, [], f"recall failed: {exc}"))
                return
            reply_to.post_message(RecallReady(draft, [e.record for e in result.entries], result.note))

        self.run_worker(run, thread=True, exclusive=True, group="recall")

    # -- writing --------------------------------------------------------------------------------

    def write(
        self, work: Callable[[], tuple[str, tuple[str, ...]]], retry: Callable[[str], None] | None = None
    ) -> None:
        """Run a store write off the UI thread; it may wait for another process's lock. ``retry`` redoes
        the action with one full id when an id prefix turns out to match several memories."""
        if self.error:
            self.notify("Memory is read-only until the store file is fixed.", severity="error")
            return

        def run() -> None:
            try:
                notice, ids = work()
            except AmbiguousId as exc:
                self.post_message(WriteFailed(str(exc), exc.candidates if retry else [], retry))
                return
            except StoreError as exc:
                self.post_message(WriteFailed(str(exc)))
                return
            self.post_message(WriteDone(notice, ids))

        self.run_worker(run, thread=True, group="write")

    def on_write_done(self, message: WriteDone) -> None:
        self._own_ids.update(message.ids)
        self.notify(message.notice)
        self.reload()

    def on_write_failed(self, message: WriteFailed) -> None:
        if message.candidates and message.retry is not None:  # an id prefix matched several: pick one
            from picasso_tui.tui.screens.id_picker import IdPicker

            retry = message.retry
            self.push_screen(IdPicker(message.candidates, self.view), lambda rid: retry(rid) if rid else None)
            return
        self.notify(message.error, severity="error", timeout=8)
        self.reload()

    def add(self, note: str, memory_class: MemoryClass = MemoryClass.FACT) -> None:
        def work() -> tuple[str, tuple[str, ...]]:
            record = self.store.add(note, memory_class=memory_class, source="tui")
            notice = redaction_notice(self.store)
            return f"Saved {record.id}." + (f" {notice}" if notice else ""), (record.id,)

        self.write(work)

    def pin(self, record: MemoryRecord | str, pinned: bool) -> None:
        def work() -> tuple[str, tuple[str, ...]]:
            target = record.id if isinstance(record, MemoryRecord) else record
            done = self.store.pin(target, pinned)
            return f"{'Pinned' if pinned else 'Unpinned'} {done.id}.", (done.id,)

        self.write(work, retry=lambda rid: self.pin(rid, pinned))

    def approve(self, record: MemoryRecord) -> None:
        """Release a memory held for review (a repository's account-wide note, instruction-like text)."""
        if not record.is_quarantined:
            self.notify(f"{record.id} is not held for review.", severity="warning")
            return

        def work() -> tuple[str, tuple[str, ...]]:
            done = self.store.approve(record.id)
            return f"Approved {done.id}: it may now be injected.", (done.id,)

        self.write(work)

    def delete(self, record: MemoryRecord | str) -> None:
        def work() -> tuple[str, tuple[str, ...]]:
            target = record.id if isinstance(record, MemoryRecord) else record
            done = self.store.delete(target)
            return f"Deleted {done.id}.", (done.id,)

        self.write(work, retry=self.delete)

    def confirm_delete(self, record: MemoryRecord) -> None:
        def answered(yes: bool | None) -> None:
            if yes:
                self.delete(record)

        self.push_screen(ConfirmScreen(f"Delete memory {record.id}?", record.title), answered)

    def add_with_dialog(self) -> None:
        def answered(result: tuple[str, MemoryClass] | None) -> None:
            if result:
                self.add(*result)

        self.push_screen(AddMemoryScreen(), answered)

    # -- $EDITOR --------------------------------------------------------------------------------

    def _run_editor(self, path: Path) -> None:
        editor = os.environ.get("VISUAL") or os.environ.get("EDITOR")
        if not editor:
            raise EditorMissing
        with self.suspend():
            subprocess.call([*shlex.split(editor), str(path)])

    def edit_record(self, record: MemoryRecord) -> None:
        if self.error:
            self.notify("Memory is read-only until the store file is fixed.", severity="error")
            return
        base = edit_text.fields_of(record)
        original = edit_text.render(record)
        fd, name = tempfile.mkstemp(prefix=f"picasso-{record.id}-", suffix=".md")
        path = Path(name)
        try:
            with os.fdopen(fd, "w", encoding="utf-8") as handle:
                handle.write(original)
            try:
                self.editor_runner(path)
            except EditorMissing:
                self.notify("Set $EDITOR (or $VISUAL) to edit memories, e.g. export EDITOR=vim.", severity="warning")
                return
            except OSError as exc:
                self.notify(f"Could not start the editor: {exc}", severity="error")
                return
            text = path.read_text(encoding="utf-8")
        finally:
            path.unlink(missing_ok=True)
        if text == original:
            self.notify("No changes.")
            return

        def work() -> tuple[str, tuple[str, ...]]:
            try:
                updated = self.store.edit(record, base, text)
            except edit_text.EditCancelled:
                return "The body was empty, so nothing was changed.", ()
            except (InvalidRecord, EditConflict) as exc:
                saved = self.store.save_unsaved_edit(record.id, text)
                raise StoreError(f"{str(exc).rstrip('.')}; your text is saved in {saved}.") from None
            notice = redaction_notice(self.store)
            return f"Updated {updated.id}." + (f" {notice}" if notice else ""), (updated.id,)

        self.write(work)

    # -- prompt and screens ---------------------------------------------------------------------

    def run_prompt(self, text: str) -> bool:
        """Handle what was typed at First Light's prompt; True when it was consumed."""
        try:
            command = slash.parse(text)
        except slash.SlashError as exc:
            self.notify(str(exc), severity="warning")
            return False
        if command is None:
            return self.start_run(text) if text.strip() else False
        if command.name == "help":
            self.action_show_help()
        elif command.name == "quit":
            self.exit()
        elif command.name == "memory":
            self.action_open_inspector()
        elif command.name == "memory add":
            self.add(command.arg)
        elif command.name == "memory delete":
            self.delete(command.arg)
        elif command.name in ("memory pin", "memory unpin"):
            self.pin(command.arg, command.name == "memory pin")
        return True

    def start_run(self, prompt: str) -> bool:
        """Run the configured agent on ``prompt`` the way ``picasso run`` does, on a worker thread,
        with a live view of the memory injected and written. False (with one sentence) when no agent
        is configured or memory is read-only."""
        from picasso_tui.agent.run import agent_command  # the run path loads only when used

        if self.error:
            self.notify("Memory is read-only until the problem above is fixed.", severity="warning")
            return False
        try:
            agent_command(self.store.paths)
        except StoreError as exc:
            self.notify(str(exc), title="No agent", severity="warning", timeout=10)
            return False
        screen = RunScreen(prompt)
        self.push_screen(screen)

        def work() -> None:
            from picasso_tui.agent.run import run_agent

            try:
                result = run_agent(
                    prompt,
                    store=self.store,
                    on_injected=lambda ids, block: screen.post_message(RunInjected(ids, block)),
                    on_output=lambda line: screen.post_message(RunOutput(line.rstrip("\n"))),
                    on_written=lambda report: screen.post_message(RunWritten(report)),
                )
            except StoreError as exc:
                screen.post_message(RunFinished(None, "", str(exc)))
                return
            except Exception as exc:  # the run must never take the TUI down with it
                screen.post_message(RunFinished(None, "", f"The run failed: {type(exc).__name__}: {exc}"))
                return
            summary = f"agent exited {result.exit_code}"
            if result.report is not None:
                summary += f"; memory: {result.report.summary()}"
            if result.verify_failed:
                summary += f"; {len(result.verify_failed)} verification command(s) failed"
            if result.sync_message:
                summary += f"; {result.sync_message}"
            screen.post_message(RunFinished(result.exit_code, summary))

        self.run_worker(work, thread=True, group="run", exit_on_error=False)
        return True

    def action_open_inspector(self) -> None:
        if not isinstance(self.screen, Inspector):
            self.push_screen(Inspector())

    def action_show_help(self) -> None:
        self.push_screen(HelpScreen())


class EditorMissing(Exception):
    pass


def run() -> None:
    if not sys.stdout.isatty():
        raise StoreError("The Picasso TUI needs a terminal; use `picasso memory list` in scripts.")
    PicassoApp(offer_profile=True).run()
