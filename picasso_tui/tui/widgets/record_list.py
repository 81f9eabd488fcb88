"""One class column's memories as cards, drawn with Textual's line API: only the visible lines are
rendered, so a column of 10k memories costs what a screenful costs. Every card has the same height
(its body lines for the column's width, then a marks line), so a line maps to its card by division
and nothing is measured up front."""

from __future__ import annotations

import time
from collections.abc import Callable
from datetime import datetime

from rich.segment import Segment
from rich.style import Style
from textual.binding import Binding
from textual.geometry import Size
from textual.message import Message
from textual.scroll_view import ScrollView
from textual.strip import Strip

from picasso_tui.display import short_age, visible_text
from picasso_tui.store.schema import MemoryRecord
from picasso_tui.tui.widgets.card import body_lines_for, marks, wrap_body


class RecordList(ScrollView, can_focus=True):
    COMPONENT_CLASSES = {
        "record-list--cursor",
        "record-list--cursor-blurred",
        "record-list--flash",
        "record-list--mark",
        "record-list--age",
        "record-list--rule",
        "record-list--empty",
    }
    BINDINGS = [
        Binding("down,j", "cursor_down", "Down", show=False),
        Binding("up,k", "cursor_up", "Up", show=False),
        Binding("home,g", "first", "Top", show=False),
        Binding("end,G", "last", "Bottom", show=False),
        Binding("pagedown", "page_down_rows", show=False),
        Binding("pageup", "page_up_rows", show=False),
    ]

    class Highlighted(Message):
        def __init__(self, record_list: RecordList, record_id: str | None) -> None:
            super().__init__()
            self.record_list = record_list
            self.record_id = record_id

    def __init__(self, clock: Callable[[], datetime], *, id: str | None = None) -> None:
        super().__init__(id=id)
        self.clock = clock
        self.records: list[MemoryRecord] = []
        self.cursor = 0
        self.flashing: set[str] = set()
        self._styles: dict[tuple[str, bool], Style] = {}
        # Drawn cards by (id, width, state, minute): a filter keystroke repaints seven columns, and most
        # cards it shows were drawn before. The record is kept to tell a changed record by identity.
        self._lines: dict[tuple[str, int, int, int], tuple[MemoryRecord, list[Strip]]] = {}
        self._width_for: tuple[object, int] | None = None
        self._now: tuple[int, datetime, int] | None = None

    # -- data -----------------------------------------------------------------------------------

    @property
    def selected(self) -> MemoryRecord | None:
        return self.records[self.cursor] if 0 <= self.cursor < len(self.records) else None

    def set_records(self, records: list[MemoryRecord], keep: str | None = None) -> None:
        """Replace the rows; the cursor stays on ``keep`` (a record id) when it is still there."""
        before = self.selected
        keep = keep if keep is not None else (before.id if before else None)
        old_records, old_cursor, old_top = self.records, self.cursor, self._first_card()
        self.records = records
        if keep and 0 <= self.cursor < len(records) and records[self.cursor].id == keep:
            index: int | None = self.cursor  # typing a filter mostly leaves the cursor's row where it was
        else:
            index = next((i for i, r in enumerate(records) if r.id == keep), None) if keep else None
        self.cursor = index if index is not None else min(self.cursor, max(0, len(records) - 1))
        size = Size(self.size.width, len(records) * self.card_height)
        if size != self.virtual_size:
            # Set without the reactive's layout pass: the column's size does not depend on its row
            # count; Textual lays out again only if the scrollbar appears or goes.
            self.set_reactive(RecordList.virtual_size, size)
            self._scroll_update(size)
        self._scroll_cursor_visible()
        top, height = self._first_card(), self._cards_in_view()
        unchanged = (
            top == old_top
            and self.cursor == old_cursor
            and len(old_records[top : top + height]) == len(records[top : top + height])
            and all(a is b for a, b in zip(old_records[top : top + height], records[top : top + height], strict=True))
        )
        if not unchanged:  # the rows on screen are the same objects in the same places: nothing to repaint
            self.refresh()
        if self.selected is not before:
            self.post_message(self.Highlighted(self, self.selected.id if self.selected else None))

    def select_id(self, record_id: str) -> bool:
        for i, r in enumerate(self.records):
            if r.id == record_id:
                self._move_to(i)
                return True
        return False

    # -- movement -------------------------------------------------------------------------------

    def _move_to(self, index: int) -> None:
        if not self.records:
            return
        index = max(0, min(index, len(self.records) - 1))
        if index != self.cursor:
            self.cursor = index
            self.refresh()
        self._scroll_cursor_visible()
        self.post_message(self.Highlighted(self, self.records[index].id))

    @property
    def body_lines(self) -> int:
        return body_lines_for(self._line_width())

    @property
    def card_height(self) -> int:
        return self.body_lines + 1  # the marks-and-age line doubles as the divider between cards

    def _first_card(self) -> int:
        return int(self.scroll_offset.y) // self.card_height

    def _cards_in_view(self) -> int:
        """Cards that fit whole (at least one: a very short column still shows its cursor's card)."""
        return max(1, self.scrollable_content_region.height // self.card_height)

    def _scroll_cursor_visible(self) -> None:
        # Scroll by whole cards, so the top of the column is always the top of a card.
        top, fit = self._first_card(), self._cards_in_view()
        if self.cursor < top:
            self.scroll_to(y=self.cursor * self.card_height, animate=False)
        elif self.cursor >= top + fit:
            self.scroll_to(y=(self.cursor - fit + 1) * self.card_height, animate=False)
        elif int(self.scroll_offset.y) % self.card_height:
            self.scroll_to(y=top * self.card_height, animate=False)

    def action_cursor_down(self) -> None:
        self._move_to(self.cursor + 1)

    def action_cursor_up(self) -> None:
        self._move_to(self.cursor - 1)

    def action_first(self) -> None:
        self._move_to(0)

    def action_last(self) -> None:
        self._move_to(len(self.records) - 1)

    def action_page_down_rows(self) -> None:
        self._move_to(self.cursor + self._cards_in_view())

    def action_page_up_rows(self) -> None:
        self._move_to(self.cursor - self._cards_in_view())

    def _style(self, name: str, partial: bool = False) -> Style:
        """Component styles, looked up once per theme or focus change instead of once per line."""
        key = (name, partial)
        if key not in self._styles:
            self._styles[key] = self.get_component_rich_style(name, partial=partial)
        return self._styles[key]

    def notify_style_update(self) -> None:
        self._styles.clear()
        self._lines.clear()
        super().notify_style_update()

    def on_focus(self) -> None:
        self.refresh()
        # Posted for an empty column too: the screen must learn that nothing is selected now.
        self.post_message(self.Highlighted(self, self.selected.id if self.selected else None))

    def on_blur(self) -> None:
        self.refresh()

    def on_resize(self) -> None:
        self.virtual_size = Size(self.size.width, len(self.records) * self.card_height)
        self._scroll_cursor_visible()

    def on_click(self, event) -> None:  # noqa: ANN001 - textual.events.Click
        self._move_to((int(self.scroll_offset.y) + event.y) // self.card_height)

    # -- drawing --------------------------------------------------------------------------------

    def _line_width(self) -> int:
        # scrollable_content_region is recomputed on every access (~17 µs); a column redraws ~40 lines.
        key = (self.size, self.show_vertical_scrollbar)
        if self._width_for is None or self._width_for[0] != key:
            self._width_for = (key, self.scrollable_content_region.width)
        return self._width_for[1]

    def _minute(self) -> tuple[int, datetime]:
        """The clock, read at most once per second: ages shown are minutes and coarser."""
        tick = int(time.monotonic())
        if self._now is None or self._now[0] != tick:
            now = self.clock()
            self._now = (tick, now, int(now.timestamp() // 60))
        return self._now[2], self._now[1]

    def render_line(self, y: int) -> Strip:
        width = self._line_width()
        line = int(self.scroll_offset.y) + y
        index, row = divmod(line, body_lines_for(width) + 1)
        base = self._styles.get(("", False))
        if base is None:  # the widget's own style walks the DOM: once per style change, not per line
            base = self._styles[("", False)] = self.rich_style
        if not self.records:
            if y == 0:
                empty = self._style("record-list--empty")
                return Strip([Segment(" none".ljust(width)[:width], base + empty)], width)
            return Strip.blank(width, base)
        if index >= len(self.records):
            return Strip.blank(width, base)
        record = self.records[index]
        flashing = record.id in self.flashing
        state = flashing | (index == self.cursor) << 1 | self.has_focus << 2
        minute, now = self._minute()
        key = (record.id, width, state, minute)  # an age shown can only change when the minute does
        cached = self._lines.get(key)
        if cached is None or cached[0] is not record:
            cached = (record, self._draw_card(record, index, width, flashing, now, base))
            if len(self._lines) > 4096:
                self._lines.clear()
            self._lines[key] = cached
        return cached[1][row]

    def _draw_card(
        self, record: MemoryRecord, index: int, width: int, flashing: bool, now: datetime, base: Style
    ) -> list[Strip]:
        style = base
        if flashing:
            style += self._style("record-list--flash")
        if index == self.cursor:
            style += self._style("record-list--cursor" if self.has_focus else "record-list--cursor-blurred")
        lines = body_lines_for(width)
        body = wrap_body(visible_text(record.body), width, lines)
        strips = [Strip([Segment(text.ljust(width)[:width], style)], width) for text in body]
        strips += [Strip.blank(width, style)] * (lines - len(strips))
        md = record.metadata
        mark = marks(md.pinned, record.is_stale, record.is_quarantined)
        age = short_age(md.last_observed_at, now)
        rule_style = style + self._style("record-list--rule", partial=True)
        fill = max(1, width - len(mark) - len(age) - (2 if mark else 1))
        meta = [Segment(mark, style + self._style("record-list--mark", partial=True))] if mark else []
        meta += [
            Segment((" " if mark else "") + "╌" * fill + " ", rule_style),
            Segment(age, style + self._style("record-list--age", partial=True)),
        ]
        strips.append(Strip(meta, width).crop(0, width).extend_cell_length(width, style))
        return strips

    def get_content_height(self, container: Size, viewport: Size, width: int) -> int:
        return len(self.records) * self.card_height

    def flash(self, ids: set[str], style: Style | None = None) -> None:
        self.flashing = ids
        self.refresh()
