"""The Memory Recall band of First Light: a rose band, a glowing dot, the eyebrow, the
memories that would be recalled for the prompt draft, and a fact-count summary."""

from __future__ import annotations

from collections.abc import Callable
from datetime import datetime

from rich.text import Text
from textual.app import ComposeResult
from textual.containers import Horizontal, Vertical
from textual.widgets import Static

from picasso_tui.display import long_age, visible_text
from picasso_tui.store.schema import MemoryRecord
from picasso_tui.tui.view_model import CLASS_MARKS

EYEBROW = "Memory recall".upper()  # upper-cased in code: TCSS has no text-transform
EMPTY_HINT = (
    "No memories yet for this workspace. Start with `picasso memory init` to learn the project, "
    "or type /memory add <note> below."
)


class RecallBand(Vertical):
    def __init__(self, clock: Callable[[], datetime], *, id: str | None = None) -> None:
        super().__init__(id=id)
        self.clock = clock

    def compose(self) -> ComposeResult:
        with Horizontal(id="recall-top"):
            yield Static("●", id="recall-dot")
            yield Static(EYEBROW, id="recall-eyebrow")
            yield Static("", id="recall-summary")
        yield Static("", id="recall-lines")

    def on_mount(self) -> None:
        if self.app.animation_level != "none":
            self.set_interval(1.2, self._pulse)

    def _pulse(self) -> None:
        self.query_one("#recall-dot").toggle_class("-dim")

    def show(self, records: list[MemoryRecord], summary: str, note: str | None = None) -> None:
        self.query_one("#recall-summary", Static).update(summary)
        lines = self.query_one("#recall-lines", Static)
        if not records:
            lines.update(Text(note or EMPTY_HINT, style="italic"))
            return
        now = self.clock()
        text = Text()
        for i, r in enumerate(records):
            if i:
                text.append("\n")
            text.append(f"{CLASS_MARKS[r.memory_class]} ", style="bold")
            if r.metadata.pinned:
                text.append("★ ")
            text.append(visible_text(r.title))
            text.append(f"  · {long_age(r.metadata.last_observed_at, now)}", style="dim")
        if note:
            text.append(f"\n{note}", style="dim italic")
        lines.update(text)
