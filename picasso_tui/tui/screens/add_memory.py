"""`a`: write a new memory."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import Input, Select, Static

from picasso_tui.store.schema import MemoryClass

# A style note takes the workspace's main language, or none: then it is the account's general style.
ADDABLE = [c for c in MemoryClass if c is not MemoryClass.MODEL_PERFORMANCE]


class AddMemoryScreen(ModalScreen[tuple[str, MemoryClass] | None]):
    BINDINGS = [Binding("escape", "cancel", "Cancel")]

    def compose(self) -> ComposeResult:
        with Vertical(id="add-box"):
            yield Static("ADD A MEMORY", id="add-title")
            yield Select([(c.value, c) for c in ADDABLE], value=MemoryClass.FACT, allow_blank=False, id="add-class")
            yield Input(placeholder="What should Picasso remember? (enter saves, esc cancels)", id="add-note")

    def on_mount(self) -> None:
        self.query_one("#add-note", Input).focus()

    def on_input_submitted(self, event: Input.Submitted) -> None:
        note = event.value.strip()
        if not note:
            self.notify("Type the memory first, or press esc.", severity="warning")
            return
        self.dismiss((note, self.query_one("#add-class", Select).value))  # type: ignore[arg-type]

    def action_cancel(self) -> None:
        self.dismiss(None)
