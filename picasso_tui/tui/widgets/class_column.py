"""A class column of the inspector: an upper-case heading with its count, then the cards.

A column with nothing to show folds into a narrow strip (its heading written downwards, then its
count) so that its width goes to the columns that have memories.
"""

from __future__ import annotations

from collections.abc import Callable
from datetime import datetime

from textual.app import ComposeResult
from textual.containers import Vertical
from textual.widgets import Static

from picasso_tui.store.schema import MemoryClass, MemoryRecord
from picasso_tui.tui.widgets.record_list import RecordList

STRIP_WIDTH = 3  # separator, one letter, one space


class ClassColumn(Vertical):
    def __init__(self, memory_class: MemoryClass, heading: str, clock: Callable[[], datetime]) -> None:
        super().__init__(id=f"column-{memory_class.value}", classes="class-column")
        self.memory_class = memory_class
        self.heading = heading  # already upper-case: TCSS has no text-transform
        self.clock = clock
        self.shown = 0
        self.total = 0
        self._heading_shown = ""
        # Kept, not queried: a filter keystroke updates all seven columns.
        self._heading = Static(self.heading, classes="column-heading")
        self._list = RecordList(self.clock, id=f"list-{memory_class.value}")

    def compose(self) -> ComposeResult:
        yield self._heading
        yield self._list

    @property
    def list(self) -> RecordList:
        return self._list

    @property
    def empty(self) -> bool:
        return self.shown == 0

    @property
    def count(self) -> str:
        return f"{self.shown}" if self.shown == self.total else f"{self.shown}/{self.total}"

    def set_records(self, records: list[MemoryRecord], total: int) -> None:
        self.shown, self.total = len(records), total
        self.set_class(not records, "-empty")
        self._draw_heading()
        self.list.set_records(records)

    def _draw_heading(self) -> None:
        if self.empty:  # a strip: the heading reads downwards, then 0 (a strip is one cell wide)
            heading = "\n".join(self.heading.replace(" ", "")) + "\n\n[b]0[/b]"
        else:
            heading = f"{self.heading} [b]{self.count}[/b]"
        if heading != self._heading_shown:  # unchanged: no repaint, and never a layout pass for one line
            layout = self.empty or "\n" in self._heading_shown
            self._heading_shown = heading
            self._heading.update(heading, layout=layout)
