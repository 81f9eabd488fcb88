"""Scene 06, the memory inspector: class columns, filter, detail, relations, live."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, HorizontalScroll
from textual.timer import Timer
from textual.widgets import Footer, Input, Static

from picasso_tui.store.schema import MemoryClass, MemoryRecord
from picasso_tui.tui.messages import (
    AddDialogRequested,
    ApproveRequested,
    DeleteRequested,
    EditRequested,
    PinRequested,
    ReloadRequested,
)
from picasso_tui.tui.screens.base import PicassoScreen
from picasso_tui.tui.view_model import COLUMNS, Change, Filter, parse_filter
from picasso_tui.tui.widgets.app_header import AppHeader
from picasso_tui.tui.widgets.banner import show_banner
from picasso_tui.tui.widgets.class_column import ClassColumn
from picasso_tui.tui.widgets.detail_pane import DetailPane
from picasso_tui.tui.widgets.line_input import LineInput
from picasso_tui.tui.widgets.record_list import RecordList
from picasso_tui.tui.widgets.relation_graph import RelationGraph

FLASH_SECONDS = 1.5
PANES_AFTER_TYPING_S = 0.08
MIN_COLUMN_WIDTH = 28
FILTER_HINT = "/ filter: words, class:decision, pinned, stale, file:<path>  (esc clears)"


class Inspector(PicassoScreen):
    BINDINGS = [
        Binding("slash", "focus_filter", "Filter"),
        Binding("enter", "toggle_detail", "Detail"),
        Binding("p", "pin", "Pin"),
        Binding("e", "edit", "Edit"),
        Binding("d", "delete", "Delete"),
        Binding("y", "approve", "Approve", show=False),
        Binding("a", "add", "Add"),
        Binding("r", "reload", "Reload"),
        Binding("question_mark", "app.show_help", "Keys"),
        Binding("escape", "back", "Back"),
        Binding("q", "app.quit", "Quit"),
        Binding("h,left,shift+tab", "column(-1)", "Column", show=False),
        Binding("l,right,tab", "column(1)", "Column", show=False),
    ]

    def __init__(self) -> None:
        super().__init__()
        self.filter = Filter()
        self._column: RecordList | None = None  # that column: the focused list, or the last one focused
        self._flash_timer = None
        self._panes_timer: Timer | None = None
        self.ready = False  # set once composed: the app refreshes only ready screens
        self._shown: tuple[object, object, object] | None = None
        self._placed = False  # moved to a filled column after the first read

    def compose(self) -> ComposeResult:
        clock = self.picasso.clock
        yield self.picasso.make_header("Memory inspector")
        yield Static("", id="banner", classes="banner", markup=False)
        yield LineInput(
            placeholder="/ filter: words, class:decision, pinned, stale, file:<path>  (esc clears)", id="filter"
        )
        with HorizontalScroll(id="columns"):
            for memory_class, heading in COLUMNS:
                yield ClassColumn(memory_class, heading, clock)
        with Horizontal(id="lower"):
            yield DetailPane(clock, id="detail")
            yield RelationGraph(id="graph")
        yield Footer()

    def on_mount(self) -> None:
        self.ready = True
        self._enter_column(self.query(ClassColumn).first())
        self.refresh_view(None)

    def _enter_column(self, column: ClassColumn) -> None:
        # Focus lands later (Textual applies it from the message queue), and keys typed fast arrive
        # first: the column the user is in is recorded now, so the next key counts from it.
        self._column = column.list
        column.list.focus()
        column.scroll_visible(animate=False)

    def _focus_first_filled_column(self) -> None:
        """Once memory is first read, start on a column that has something to select."""
        current = self._current_column()
        if current is not None and current.records:
            return
        first = next((c for c in self.query(ClassColumn) if c.list.records), None)
        if first is not None:
            self._enter_column(first)

    def on_resize(self) -> None:
        # Seven equal columns when they fit (200 columns: all show); otherwise a readable minimum
        # width and the row scrolls sideways to the focused column.
        width = max(MIN_COLUMN_WIDTH, self.size.width // len(COLUMNS))
        for column in self.query(ClassColumn):
            column.styles.width = width

    # -- data -----------------------------------------------------------------------------------

    @property
    def lists(self) -> list[RecordList]:
        return [c.list for c in self.query(ClassColumn)]

    def refresh_view(self, change: Change | None) -> None:
        app = self.picasso
        self.query_one(AppHeader).live = app.live_state
        show_banner(self, app.error)
        self._apply_filter()
        if not self._placed and app.loaded:
            self._placed = True
            self._focus_first_filled_column()
        if change is not None and (change.added or change.changed):
            self._flash(set(change.added) | set(change.changed))
        self._show_selected()

    def _apply_filter(self) -> None:
        view = self.picasso.view
        grouped = view.columns(self.filter)
        totals = view.columns()
        with self.app.batch_update():
            for column in self.query(ClassColumn):
                column.set_records(grouped[column.memory_class], len(totals[column.memory_class]))

    def _flash(self, ids: set[str]) -> None:
        for lst in self.lists:
            lst.flash(ids)
        if self._flash_timer is not None:
            self._flash_timer.stop()
        self._flash_timer = self.set_timer(FLASH_SECONDS, lambda: [lst.flash(set()) for lst in self.lists])

    def _focused_list(self) -> RecordList | None:
        focused = self.focused
        return focused if isinstance(focused, RecordList) else None

    def _current_column(self) -> RecordList | None:
        """The column the user is in: the one last moved to or focused (also while in the filter)."""
        return self._column

    @property
    def selected(self) -> MemoryRecord | None:
        """Exactly the highlighted, visible row of the current column; None when it has none."""
        column = self._current_column()
        return column.selected if column is not None else None

    @property
    def selected_id(self) -> str | None:
        record = self.selected
        return record.id if record is not None else None

    @selected_id.setter
    def selected_id(self, record_id: str | None) -> None:
        """Select a memory the way a user would: go to its column and highlight its row."""
        for column in self.query(ClassColumn):
            if record_id is not None and column.list.select_id(record_id):
                self._enter_column(column)
                self._show_selected()
                return

    def nothing_selected_reason(self) -> str:
        column = self._current_column()
        heading = next((c.heading for c in self.query(ClassColumn) if c.list is column), "This column")
        if column is not None and self.filter.active and self.picasso.view.columns()[self._class_of(column)]:
            return f"Nothing selected: the filter hides every memory in {heading}."
        return f"Nothing selected: {heading} has no memories."

    def _class_of(self, column: RecordList) -> MemoryClass:
        return next(c.memory_class for c in self.query(ClassColumn) if c.list is column)

    def _show_selected(self) -> None:
        record = self.selected
        reason = None if record is not None else self.nothing_selected_reason()
        shown = (record, reason, self.picasso.view)
        if shown == self._shown:  # same record object, same view: nothing to redraw
            return
        self._shown = shown
        self.query_one(DetailPane).show(record, nothing=reason)
        self.query_one(RelationGraph).show(record, self.picasso.view)
        self.refresh_bindings()

    def on_record_list_highlighted(self, event: RecordList.Highlighted) -> None:
        if event.record_list.has_focus:
            self._column = event.record_list
        if event.record_list is self._current_column():
            self._show_selected_soon() if self._typing_filter() else self._show_selected()

    def _typing_filter(self) -> bool:
        return self.query_one("#filter", Input).has_focus

    def _show_selected_soon(self) -> None:
        """While the filter is typed into, the panes follow the selection once typing pauses: the
        columns repaint on every keystroke, the detail and its relation scan (over every memory) do
        not. Keys act on ``selected`` itself, which is always the visible highlighted row."""
        if self._panes_timer is not None:
            self._panes_timer.stop()
        self._panes_timer = self.set_timer(PANES_AFTER_TYPING_S, self._show_selected)

    def on_input_changed(self, event: Input.Changed) -> None:
        if event.input.id == "filter":
            self.filter = parse_filter(event.value)
            self._apply_filter()
            self._show_selected_soon()  # a row the filter hid is no longer the selection

    def on_input_submitted(self, event: Input.Submitted) -> None:
        if event.input.id == "filter":
            self._focus_column(0, relative=True)

    # -- actions --------------------------------------------------------------------------------

    def action_focus_filter(self) -> None:
        self.query_one("#filter", Input).focus()

    def action_back(self) -> None:
        box = self.query_one("#filter", Input)
        if box.has_focus or box.value:
            box.value = ""
            self.filter = Filter()
            self._apply_filter()
            self._show_selected()
            self._focus_column(0, relative=True)
            return
        self.app.pop_screen()

    def action_column(self, step: int) -> None:
        self._focus_column(step, relative=True)

    def _focus_column(self, step: int, *, relative: bool) -> None:
        columns = list(self.query(ClassColumn))
        index = next((i for i, c in enumerate(columns) if c.list is self._column), 0)
        if self._focused_list() is None:
            step = 0  # from the filter: back to the column the user was in
        self._enter_column(columns[(index + step) % len(columns)])
        self._show_selected()

    def action_toggle_detail(self) -> None:
        self.query_one("#lower").toggle_class("-expanded")

    # Write keys stay live so that, when they cannot act, they say why instead of doing nothing.

    def _target(self) -> MemoryRecord | None:
        """The record a key acts on, or None after saying why there is none to act on."""
        reason = self.picasso.read_only_reason
        if reason is not None:
            self.notify(reason, severity="error")
            return None
        record = self.selected
        if record is None:
            self.notify(self.nothing_selected_reason(), severity="warning", timeout=3)
        return record

    def action_pin(self) -> None:
        if record := self._target():
            self.post_message(PinRequested(record.id, not record.metadata.pinned))

    def action_edit(self) -> None:
        if record := self._target():
            self.post_message(EditRequested(record))

    def action_delete(self) -> None:
        if record := self._target():
            self.post_message(DeleteRequested(record.id, record))

    def action_approve(self) -> None:
        if record := self._target():
            self.post_message(ApproveRequested(record))

    def action_add(self) -> None:
        self.post_message(AddDialogRequested())

    def action_reload(self) -> None:
        self.post_message(ReloadRequested())
