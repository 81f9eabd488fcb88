"""Scene 01, First Light: the start screen with the Memory Recall band and the prompt."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.widgets import Input, Static

from picasso_tui.tui.messages import PromptSubmitted, RecallReady, RecallRequested, RequestSettled
from picasso_tui.tui.screens.base import PicassoScreen
from picasso_tui.tui.slash import SlashSuggester
from picasso_tui.tui.view_model import Change
from picasso_tui.tui.widgets.app_header import AppHeader
from picasso_tui.tui.widgets.banner import show_banner
from picasso_tui.tui.widgets.key_hints import KeyHints
from picasso_tui.tui.widgets.line_input import LineInput
from picasso_tui.tui.widgets.recall_band import RecallBand


class FirstLight(PicassoScreen):
    BINDINGS = [
        Binding("f2", "app.open_inspector", "Memory inspector"),
        Binding("f3", "recall_preview", "Recall preview"),
        Binding("f1", "app.show_help", "Help"),
        Binding("ctrl+q", "app.quit", "Quit"),
    ]

    def compose(self) -> ComposeResult:
        yield self.picasso.make_header("First Light")
        yield Static("", id="banner", classes="banner", markup=False)
        yield Static(
            "[b]What should we build today?[/b]\n[dim]Picasso remembers this workspace: "
            "type /memory to see and correct what it knows.[/dim]",
            id="hero",
        )
        yield RecallBand(self.picasso.clock, id="recall-band")
        yield LineInput(
            placeholder="Ask Picasso, or type /memory, /memory add <note>, /help",
            id="prompt",
            suggester=SlashSuggester(lambda: list(self.picasso.view.by_id)),
        )
        yield KeyHints()

    ready = False  # set once composed: the app refreshes only ready screens
    _draft = ""
    _draft_timer = None
    _recalled: tuple[list, str | None] | None = None

    def on_mount(self) -> None:
        self.ready = True
        self.query_one("#prompt", Input).focus()
        self.refresh_view(None)

    _submitted: str | None = None

    def on_input_submitted(self, event: Input.Submitted) -> None:
        if event.input.id == "prompt":
            self._submitted = event.value
            self.app.post_message(PromptSubmitted(event.value, reply_to=self))

    def on_request_settled(self, message: RequestSettled) -> None:
        """The prompt clears once what was typed was carried out; a refused command stays to be corrected."""
        box = self.query_one("#prompt", Input)
        if message.done and box.value == self._submitted:
            box.value = ""
        self._submitted = None

    DRAFT_DEBOUNCE_S = 0.15

    def on_input_changed(self, event: Input.Changed) -> None:
        if event.input.id != "prompt":
            return
        if self._draft_timer is not None:
            self._draft_timer.stop()
        self._draft = event.value
        if not event.value.strip() or event.value.lstrip().startswith("/"):
            self._recalled = None
            self.refresh_view(None)
            return
        self._draft_timer = self.set_timer(self.DRAFT_DEBOUNCE_S, self._ask_recall)

    def action_recall_preview(self) -> None:
        """The preview starts from what is typed at the prompt (a slash command is no prompt)."""
        draft = self._draft if not self._draft.lstrip().startswith("/") else ""
        self.picasso.action_recall_preview(draft)

    def _ask_recall(self) -> None:
        self.app.post_message(RecallRequested(self._draft, reply_to=self))

    def on_recall_ready(self, message: RecallReady) -> None:
        if message.draft != self._draft:
            return  # the user kept typing: a newer recall is on its way
        self._recalled = (message.records, message.note)
        self.refresh_view(None)

    def refresh_view(self, change: Change | None) -> None:
        app = self.picasso
        self.query_one(AppHeader).live = app.live_state
        show_banner(self, app.error)
        view = app.view
        band = self.query_one(RecallBand)
        if self._recalled is not None:  # what retrieval returns for the draft
            records, note = self._recalled
            empty = "Nothing in memory applies to this prompt yet, so nothing would be injected."
            if records:
                band.show(records, view.summary(), note)
            else:
                band.show([], view.summary(), f"{empty} ({note})" if note else empty)
            return
        note = None if app.loaded else "Reading memory…"
        band.show(view.recall_preview(), view.summary(), note)
