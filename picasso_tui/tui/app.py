"""The Picasso TUI: First Light and the memory inspector over the shared store.

The app never touches memory.json: it reads and writes through ``MemoryStore``. Blocking
work (reading 10k records, a write waiting on another process's lock) runs in thread
workers, which report back with messages; the watchdog thread only posts messages too.

``PicassoApp`` coordinates: lifecycle, theme, notices, the prompt's commands and which screen
shows. Each flow it handles is a class in a module of its own, which it inherits:

- ``StoreView`` (store_view.py): the store, watched and read into the view model;
- ``MemoryWrites`` (writes.py): the write worker; add, pin, approve, delete;
- ``EditFlow`` (edit_flow.py), ``AgentFlow`` (agent_flow.py), ``ProfileFlow`` (profile_flow.py)
  and ``PaletteTasks`` (palette_tasks.py), each built on ``MemoryWrites``.
"""

from __future__ import annotations

from collections.abc import Callable
from datetime import datetime
from pathlib import Path

from textual.app import App
from textual.binding import Binding

from picasso_tui.services.session import open_session
from picasso_tui.store.api import MemoryStore
from picasso_tui.store.schema import utc_now
from picasso_tui.tui import notices, slash
from picasso_tui.tui.agent_flow import AgentFlow
from picasso_tui.tui.commands import PicassoCommands
from picasso_tui.tui.edit_flow import EditFlow, EditorRunner
from picasso_tui.tui.messages import (
    AddDialogRequested,
    AddRequested,
    DeleteRequested,
    PinRequested,
    PromptSubmitted,
    TaskNotice,
    settle,
)
from picasso_tui.tui.palette_tasks import PaletteTasks
from picasso_tui.tui.profile_flow import ProfileFlow
from picasso_tui.tui.screens.first_light import FirstLight
from picasso_tui.tui.screens.help import HelpScreen
from picasso_tui.tui.screens.inspector import Inspector
from picasso_tui.tui.screens.recall_preview import RecallPreview
from picasso_tui.tui.theme import PICASSO_THEME, ROSE_VARIABLES
from picasso_tui.tui.widgets.app_header import AppHeader


def styles_dir() -> Path:
    """styles/ at the top of a checkout, or the copy packaged inside the wheel."""
    here = Path(__file__).resolve()
    for candidate in (here.parents[2] / "styles", here.parents[1] / "styles"):
        if candidate.is_dir():
            return candidate
    raise FileNotFoundError("Picasso's styles/ folder is missing from this installation")


class PicassoApp(EditFlow, AgentFlow, ProfileFlow, PaletteTasks):
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
        super().__init__(store or open_session(), clock, watch)
        self.editor_runner = editor_runner or self._run_editor
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

    def on_task_notice(self, message: TaskNotice) -> None:
        self.notify(message.text, severity=message.severity)  # type: ignore[arg-type]

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
            self.offer_project_profile()

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

    def action_recall_preview(self, prompt: str = "") -> None:
        if not isinstance(self.screen, RecallPreview):
            self.push_screen(RecallPreview(prompt))
