"""The recall preview: type a prompt, see the block Picasso would inject for it and why each memory
is there (or why nothing is), the same account as `picasso memory recall --explain`."""

from __future__ import annotations

from rich.console import Group
from rich.measure import Measurement
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import VerticalScroll
from textual.timer import Timer
from textual.widgets import Input, Static

from picasso_tui.retrieval import explain
from picasso_tui.tui.messages import RecallReady, RecallRequested
from picasso_tui.tui.screens.base import PicassoScreen
from picasso_tui.tui.view_model import Change
from picasso_tui.tui.widgets.app_header import AppHeader
from picasso_tui.tui.widgets.banner import show_banner
from picasso_tui.tui.widgets.key_hints import KeyHints
from picasso_tui.tui.widgets.line_input import LineInput

DEBOUNCE_S = 0.15
EMPTY = "Type a prompt: the memory block it would get appears here, with why each memory is in it."


class RecallPreview(PicassoScreen):
    BINDINGS = [
        Binding("escape", "back", "Back"),
        Binding("f1", "app.show_help", "Help"),
    ]

    def __init__(self, prompt: str = "") -> None:
        super().__init__()
        self.prompt = prompt
        self.shown_for: str | None = None  # the prompt the panes answer (None: nothing asked yet)
        self._timer: Timer | None = None
        self.ready = False

    def compose(self) -> ComposeResult:
        yield self.picasso.make_header("Recall preview")
        yield Static("", id="banner", classes="banner", markup=False)
        yield LineInput(self.prompt, placeholder="A prompt to preview recall for (esc: back)", id="preview-prompt")
        yield Static(EMPTY, id="preview-verdict", markup=False)
        with VerticalScroll(id="preview-body"):
            yield Static("INJECTED BLOCK", classes="eyebrow")
            yield Static("", id="preview-block", markup=False)
            yield Static("WHY", classes="eyebrow")
            yield Static("", id="preview-explain")
        yield KeyHints()

    def on_mount(self) -> None:
        self.ready = True
        self.query_one("#preview-prompt", Input).focus()
        self.refresh_view(None)
        if self.prompt.strip():
            self._ask()

    def refresh_view(self, change: Change | None) -> None:
        self.query_one(AppHeader).live = self.picasso.live_state
        show_banner(self, self.picasso.error)
        if change is not None and change.any and self.prompt.strip():
            self._ask()  # memory changed under the preview: what would be injected may have too

    def on_input_changed(self, event: Input.Changed) -> None:
        if event.input.id != "preview-prompt":
            return
        self.prompt = event.value
        if self._timer is not None:
            self._timer.stop()
        if not event.value.strip():
            self._show_empty()
            return
        self._timer = self.set_timer(DEBOUNCE_S, self._ask)

    def _ask(self) -> None:
        why_not = self._unanswerable()
        if why_not is not None:  # the app answers no recall for these: say why instead of a stale answer
            self.shown_for = self.prompt
            self.query_one("#preview-verdict", Static).update(why_not)
            self.query_one("#preview-block", Static).update("(nothing)")
            self.query_one("#preview-explain", Static).update("")
            return
        self.app.post_message(RecallRequested(self.prompt, reply_to=self))

    def _unanswerable(self) -> str | None:
        if self.prompt.lstrip().startswith("/"):
            return "A slash command is not a prompt: nothing would be injected for it."
        if self.picasso.error:
            return "Memory cannot be read until the store file is fixed (see the banner): nothing would be injected."
        return None

    def _show_empty(self) -> None:
        self.shown_for = None
        self.query_one("#preview-verdict", Static).update(EMPTY)
        self.query_one("#preview-block", Static).update("")
        self.query_one("#preview-explain", Static).update("")

    def on_recall_ready(self, message: RecallReady) -> None:
        if message.draft != self.prompt:
            return  # typed on since: the answer for the newer text is on its way
        self.shown_for = message.draft
        result = message.result
        verdict = self.query_one("#preview-verdict", Static)
        block = self.query_one("#preview-block", Static)
        why = self.query_one("#preview-explain", Static)
        if result is None:  # retrieval failed: the note says why
            verdict.update(message.note or "Recall failed.")
            block.update("")
            why.update("")
            return
        gate = explain.gate_line(result) or ""
        if result.block:
            n = len(result.entries)
            text = f"{n} memor{'y' if n == 1 else 'ies'} would be injected; {gate}"
        else:
            text = f"{explain.nothing_applies(message.workspace)}\n{gate}".strip()
        verdict.update(f"{text}\nnote: {result.note}." if result.note else text)
        block.update(result.block or "(nothing)")
        parts = [*explain.explain(result, timings=False), Text(f"embedder {result.embedder}", style="dim")]
        # As wide as the tables are: ids are never cut; the pane scrolls sideways on a narrow terminal.
        console = self.app.console
        why.styles.width = max(
            Measurement.get(console, console.options.update_width(1000), part).maximum for part in parts
        )
        why.update(Group(*parts))

    def action_back(self) -> None:
        self.app.pop_screen()
