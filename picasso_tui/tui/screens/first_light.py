"""Scene 01, First Light: the start screen with the Memory Recall band and the prompt."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.screen import Screen
from textual.widgets import Footer, Input, Static

from picasso_tui.tui.slash import SlashSuggester
from picasso_tui.tui.view_model import Change
from picasso_tui.tui.widgets.app_header import AppHeader
from picasso_tui.tui.widgets.banner import show_banner
from picasso_tui.tui.widgets.recall_band import RecallBand


class FirstLight(Screen):
    BINDINGS = [
        Binding("f2", "app.open_inspector", "Memory inspector"),
        Binding("f1", "app.show_help", "Help"),
        Binding("ctrl+q", "app.quit", "Quit"),
    ]

    def compose(self) -> ComposeResult:
        yield self.app.make_header("First Light")  # type: ignore[attr-defined]
        yield Static("", id="banner", classes="banner", markup=False)
        yield Static(
            "[b]What should we build today?[/b]\n[dim]Picasso remembers this workspace: "
            "type /memory to see and correct what it knows.[/dim]",
            id="hero",
        )
        yield RecallBand(self.app.clock, id="recall-band")  # type: ignore[attr-defined]
        yield Input(
            placeholder="Ask Picasso, or type /memory, /memory add <note>, /help",
            id="prompt",
            suggester=SlashSuggester(lambda: list(self.app.view.by_id)),  # type: ignore[attr-defined]
        )
        yield Footer()

    ready = False  # set once composed: the app refreshes only ready screens

    def on_mount(self) -> None:
        self.ready = True
        self.query_one("#prompt", Input).focus()
        self.refresh_view(None)

    def on_input_submitted(self, event: Input.Submitted) -> None:
        if event.input.id == "prompt" and self.app.run_prompt(event.value):  # type: ignore[attr-defined]
            event.input.value = ""

    def refresh_view(self, change: Change | None) -> None:
        app = self.app
        self.query_one(AppHeader).live = app.live_state  # type: ignore[attr-defined]
        show_banner(self, app.error)  # type: ignore[attr-defined]
        view = app.view  # type: ignore[attr-defined]
        note = None if app.loaded else "Reading memory…"  # type: ignore[attr-defined]
        self.query_one(RecallBand).show(view.recall_preview(), view.summary(), note)
