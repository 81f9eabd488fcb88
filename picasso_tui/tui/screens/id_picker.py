"""An id prefix that matches several memories: a small list of the candidates to pick one from
(enter acts on it, esc cancels), instead of a long error naming them all."""

from __future__ import annotations

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import OptionList, Static
from textual.widgets.option_list import Option

from picasso_tui.display import visible_text
from picasso_tui.tui.view_model import CLASS_MARKS, MemoryView

TITLE_ROOM = 48


class IdPicker(ModalScreen[str | None]):
    BINDINGS = [
        Binding("escape", "cancel", "Cancel"),
        Binding("j", "cursor(1)", show=False),
        Binding("k", "cursor(-1)", show=False),
    ]

    def __init__(self, candidates: list[str], view: MemoryView) -> None:
        super().__init__()
        self.candidates = candidates
        self.view = view

    def compose(self) -> ComposeResult:
        options = []
        for rid in self.candidates:
            label = Text(rid, style="bold")
            record = self.view.by_id.get(rid)
            if record is not None:
                title = visible_text(record.title)
                title = title if len(title) <= TITLE_ROOM else title[: TITLE_ROOM - 1] + "…"
                label.append(f"  {CLASS_MARKS[record.memory_class]} {title}")
            options.append(Option(label, id=rid))
        with Vertical(id="picker-box"):
            yield Static(f"That id matches {len(self.candidates)} memories: which one?", id="picker-title")
            yield OptionList(*options, id="picker-list")
            yield Static("enter picks · esc cancels", id="picker-hint")

    def on_mount(self) -> None:
        self.query_one(OptionList).focus()

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        self.dismiss(event.option.id)

    def action_cursor(self, step: int) -> None:
        options = self.query_one(OptionList)
        options.action_cursor_down() if step > 0 else options.action_cursor_up()

    def action_cancel(self) -> None:
        self.dismiss(None)
