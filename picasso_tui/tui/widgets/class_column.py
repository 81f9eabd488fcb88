"""A class column of the inspector: an upper-case heading with its count, then the rows."""

from __future__ import annotations

from collections.abc import Callable
from datetime import datetime

from textual.app import ComposeResult
from textual.containers import Vertical
from textual.widgets import Static

from picasso_tui.store.schema import MemoryClass, MemoryRecord
from picasso_tui.tui.widgets.record_list import RecordList


class ClassColumn(Vertical):
    def __init__(self, memory_class: MemoryClass, heading: str, clock: Callable[[], datetime]) -> None:
        super().__init__(id=f"column-{memory_class.value}", classes="class-column")
        self.memory_class = memory_class
        self.heading = heading  # already upper-case: TCSS has no text-transform
        self.clock = clock
        self._heading_shown = ""

    def compose(self) -> ComposeResult:
        yield Static(self.heading, classes="column-heading")
        yield RecordList(self.clock, id=f"list-{self.memory_class.value}")

    @property
    def list(self) -> RecordList:
        return self.query_one(RecordList)

    def set_records(self, records: list[MemoryRecord], total: int) -> None:
        shown = f"{len(records)}" if len(records) == total else f"{len(records)}/{total}"
        heading = f"{self.heading} [b]{shown}[/b]"
        if heading != self._heading_shown:  # a one-line heading never needs a layout pass
            self._heading_shown = heading
            self.query_one(".column-heading", Static).update(heading, layout=False)
        self.list.set_records(records)
