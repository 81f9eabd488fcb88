"""The Picasso TUI: First Light and the memory inspector over the shared store.

The app never touches memory.json: it reads and writes through ``MemoryStore``. Blocking
work (reading 10k records, a write waiting on another process's lock) runs in thread
workers, which report back with messages; the watchdog thread only posts messages too.
"""

from __future__ import annotations

import time
from collections import Counter
from collections.abc import Callable
from datetime import datetime
from pathlib import Path

import orjson
from textual.app import App
from textual.binding import Binding

from picasso_tui.store.api import MemoryStore
from picasso_tui.store.errors import StoreError
from picasso_tui.store.schema import utc_now
from picasso_tui.tui import notices, slash
from picasso_tui.tui.agent_flow import AgentFlow
from picasso_tui.tui.commands import PicassoCommands
from picasso_tui.tui.edit_flow import EditFlow, EditorRunner
from picasso_tui.tui.messages import (
    AddDialogRequested,
    AddRequested,
    DeleteRequested,
    GcPlanned,
    PinRequested,
    PromptSubmitted,
    TaskNotice,
    settle,
)
from picasso_tui.tui.screens.confirm import ConfirmScreen
from picasso_tui.tui.screens.first_light import FirstLight
from picasso_tui.tui.screens.help import HelpScreen
from picasso_tui.tui.screens.inspector import Inspector
from picasso_tui.tui.screens.recall_preview import RecallPreview
from picasso_tui.tui.theme import PICASSO_THEME, ROSE_VARIABLES
from picasso_tui.tui.widgets.app_header import AppHeader
from picasso_tui.writeback.user_store import open_user_store


def styles_dir() -> Path:
    """styles/ at the top of a checkout, or the copy packaged inside the wheel."""
    here = Path(__file__).resolve()
    for candidate in (here.parents[2] / "styles", here.parents[1] / "styles"):
        if candidate.is_dir():
            return candidate
    raise FileNotFoundError("Picasso's styles/ folder is missing from this installation")


class PicassoApp(EditFlow, AgentFlow):
    TITLE = "Picasso"
    COMMANDS = App.COMMANDS | {PicassoCommands}  # Picasso's commands, and Textual's own (theme, keys, quit…)
    CSS_PATH = [
        styles_dir() / "app.tcss",
        styles_dir() / "first_light.tcss",
        styles_dir() / "inspector.tcss",
        styles_dir() / "run.tcss",
        styles_dir() / "profile_offer.tcss",
        styles_dir() / "recall_preview.tcss",
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
        super().__init__(store or open_user_store(), clock, watch)
        self.editor_runner: EditorRunner = editor_runner or self._run_editor
        self.start_in_inspector = start_in_inspector
        self.offer_profile = offer_profile  # first session in a workspace: offer `picasso memory init`
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

    def make_header(self, title: str) -> AppHeader:
        ws = self.store.workspace
        name = ws.name if ws else "no workspace (not in a git repository)"
        return AppHeader(title, name, ws.fingerprint if ws else None, self.store.account_id)

    # -- prompt and screens ---------------------------------------------------------------------

    def on_prompt_submitted(self, message: PromptSubmitted) -> None:
        """What was typed at First Light's prompt. The prompt clears only once the command was carried
        out (RequestSettled), so a refused command leaves the text to correct."""
        reply_to = message.reply_to
        try:
            command = slash.parse(message.text)
        except slash.SlashError as exc:
            self.notify(str(exc), severity="warning")
            settle(reply_to, False)
            return
        if command is None:
            settle(reply_to, self.start_run(message.text) if message.text.strip() else False)
            return
        if command.name == "memory add":
            self.post_message(AddRequested(command.arg, reply_to=reply_to))
        elif command.name == "memory delete":
            self.post_message(DeleteRequested(command.arg, reply_to=reply_to))
        elif command.name in ("memory pin", "memory unpin"):
            self.post_message(PinRequested(command.arg, command.name == "memory pin", reply_to=reply_to))
        else:
            settle(reply_to, True)
            if command.name == "help":
                self.action_show_help()
            elif command.name == "quit":
                self.exit()
            elif command.name == "memory":
                self.action_open_inspector()

    def action_open_inspector(self) -> None:
        if not isinstance(self.screen, Inspector):
            self.push_screen(Inspector())

    def action_show_help(self) -> None:
        self.push_screen(HelpScreen())

    def action_inspect(self, filter_text: str) -> None:
        """The inspector showing what ``filter_text`` matches (a class, ``held``, …)."""
        if isinstance(self.screen, Inspector):
            self.screen.show_filter(filter_text)
        else:
            self.push_screen(Inspector(filter_text))

    def action_add_memory(self) -> None:
        self.post_message(AddDialogRequested())

    # -- palette tasks: each runs on a worker and reports with messages -------------------------

    PROGRESS_EVERY_S = 1.0

    def action_profile_workspace(self) -> None:
        """`picasso memory init` for this workspace, with progress notices while it walks the files."""
        ws = self.store.workspace
        if ws is None:
            self.notify("Not in a git workspace: there is nothing to profile here.", severity="warning")
            return
        if self.refuse_if_read_only():
            return
        self.notify(f"Learning {ws.name} (read-only); the memories appear when it is done.")
        last = [0.0]

        def progress(label: str, done: int, total: int) -> None:
            now = time.monotonic()
            if now - last[0] >= self.PROGRESS_EVERY_S:
                last[0] = now
                self.post_message(TaskNotice(f"Profiling {ws.name}: {label} {done}/{total}"))

        def work() -> tuple[str, tuple[str, ...]]:
            from picasso_tui.profile.investigator import generate

            report = generate(self.store, ws.root, progress)
            s = report.summary
            ids = (*s.added, *s.reinforced)
            return (
                f"Project profile of {ws.name}: {len(s.added)} new, {len(s.reinforced)} reinforced, "
                f"{len(s.retired)} marked stale ({report.files_scanned} files in {report.seconds:.1f} s).",
                ids,
            )

        self.write(work)

    def action_gc(self) -> None:
        """Say what gc would do, ask, then do it (the plan is read again under the lock)."""
        if self.refuse_if_read_only():
            return

        def plan() -> None:
            try:
                self.post_message(GcPlanned(self.store.gc_plan()))
            except StoreError as exc:
                self.post_message(TaskNotice(str(exc), "error"))

        self.run_worker(plan, thread=True, group="gc")

    def on_gc_planned(self, message: GcPlanned) -> None:
        counts = Counter(a.action for a in message.plan)
        if not message.plan:
            self.notify("Nothing to clean up: no memory is long stale and no archive is a year old.")
            return
        what = ", ".join(f"{verb} {counts[key]}" for key, verb in GC_VERBS if counts[key])
        detail = "\n".join(f"{a.action} {a.id}: {a.reason}" for a in message.plan[:8])
        if len(message.plan) > 8:
            detail += f"\n… and {len(message.plan) - 8} more"

        def answered(yes: bool | None) -> None:
            if not yes:
                return

            def work() -> tuple[str, tuple[str, ...]]:
                done, _ = self.store.gc()
                c = Counter(a.action for a in done)
                summary = ", ".join(f"{past} {c[key]}" for key, past in GC_DONE if c[key]) or "nothing to do any more"
                return f"Memory cleaned up: {summary}.", tuple(a.id for a in done)

            self.write(work)

        self.push_screen(ConfirmScreen(f"Clean up memory: {what}?", detail, yes=f"Yes, {what}"), answered)

    def action_export(self) -> None:
        """Every memory as JSON to a new file in the current directory, once the user agrees to the path."""
        path = export_path(Path.cwd(), self.clock())
        n = len(self.view.records)

        def answered(yes: bool | None) -> None:
            if not yes:
                return

            def work() -> None:
                try:
                    exported = self.store.export()
                    path.write_bytes(orjson.dumps(exported, option=orjson.OPT_INDENT_2) + b"\n")
                except (StoreError, OSError) as exc:
                    self.post_message(TaskNotice(f"Export failed: {exc}", "error"))
                    return
                self.post_message(TaskNotice(f"Exported {memories(len(exported['records']))} to {path}."))

            self.run_worker(work, thread=True, group="export")

        self.push_screen(
            ConfirmScreen(
                f"Export {n} memories to {path}?", "`picasso memory import` reads it back.", yes="Yes, export"
            ),
            answered,
        )

    def on_task_notice(self, message: TaskNotice) -> None:
        self.notify(message.text, severity=message.severity)  # type: ignore[arg-type]

    def action_recall_preview(self, prompt: str = "") -> None:
        if not isinstance(self.screen, RecallPreview):
            self.push_screen(RecallPreview(prompt))


GC_VERBS = (("archive", "archive"), ("delete", "delete"), ("purge", "purge tombstones of"))
GC_DONE = (("archive", "archived"), ("delete", "deleted"), ("purge", "purged tombstones of"))


def memories(n: int) -> str:
    return f"{n} memory" if n == 1 else f"{n} memories"


def export_path(folder: Path, now: datetime) -> Path:
    """A new file in ``folder`` that names when it was written (never an existing file)."""
    stem = f"picasso-export-{now.strftime('%Y%m%d-%H%M%S')}"
    path, n = folder / f"{stem}.json", 1
    while path.exists():
        n += 1
        path = folder / f"{stem}-{n}.json"
    return path
