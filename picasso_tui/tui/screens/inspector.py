"""Scene 06, the memory inspector: class columns, filter, detail, relations, live."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal
from textual.timer import Timer
from textual.widgets import Input, Static

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
from picasso_tui.tui.widgets.class_column import STRIP_WIDTH, ClassColumn
from picasso_tui.tui.widgets.class_tabs import ClassTabs
from picasso_tui.tui.widgets.detail_pane import DetailPane
from picasso_tui.tui.widgets.key_hints import KeyHints
from picasso_tui.tui.widgets.line_input import LineInput
from picasso_tui.tui.widgets.record_list import RecordList
from picasso_tui.tui.widgets.relation_graph import RelationGraph

FLASH_SECONDS = 1.5
PANES_AFTER_TYPING_S = 0.08
# Below this width seven columns cannot each show a readable card: one class at a time, with tabs.
TABS_BELOW = 120
FILTER_HINT = "/ filter: words, class:decision, pinned, stale, held, file:<path>  (esc clears)"


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
        *(Binding(str(n), f"show_column({n - 1})", f"Class {n}", show=False) for n in range(1, len(COLUMNS) + 1)),
    ]

    def __init__(self, filter_text: str = "") -> None:
        super().__init__()
        self.filter_text = filter_text  # opened by a palette command: start filtered (class:…, held)
        self.filter = parse_filter(filter_text) if filter_text else Filter()
        self._column: RecordList | None = None  # that column: the focused list, or the last one focused
        self._flash_timer = None
        self._panes_timer: Timer | None = None
        self.ready = False  # set once composed: the app refreshes only ready screens
        self._shown: tuple[object, object, object] | None = None
        self._placed = False  # moved to a filled column after the first read
        self.current = 0  # the class column shown in the narrow (tabbed) layout
        self._widths: tuple[object, ...] | None = None
        self._columns: list[ClassColumn] | None = None

    def compose(self) -> ComposeResult:
        clock = self.picasso.clock
        yield self.picasso.make_header("Memory inspector")
        yield Static("", id="banner", classes="banner", markup=False)
        yield LineInput(self.filter_text, placeholder=FILTER_HINT, id="filter")
        yield ClassTabs(id="class-tabs")
        with Horizontal(id="columns"):
            for memory_class, heading in COLUMNS:
                yield ClassColumn(memory_class, heading, clock)
        with Horizontal(id="lower"):
            yield DetailPane(clock, id="detail")
            yield RelationGraph(id="graph")
        yield KeyHints()

    def on_mount(self) -> None:
        self.ready = True
        self._enter_column(self.columns[0])
        self.refresh_view(None)

    def _enter_column(self, column: ClassColumn) -> None:
        # Focus lands later (Textual applies it from the message queue), and keys typed fast arrive
        # first: the column the user is in is recorded now, so the next key counts from it.
        self._column = column.list
        self._show_column(column)  # before the focus: a hidden column (the narrow layout) cannot take it
        column.list.focus()

    def _focus_first_filled_column(self) -> None:
        """Once memory is first read, start on a column that has something to select."""
        current = self._current_column()
        if current is not None and current.records:
            return
        first = next((c for c in self.columns if c.list.records), None)
        if first is not None:
            self._enter_column(first)

    def on_resize(self) -> None:
        self._layout_columns()

    # -- layout ---------------------------------------------------------------------------------

    @property
    def columns(self) -> list[ClassColumn]:
        """The seven columns, found once: they live as long as the screen."""
        if self._columns is None:
            self._columns = list(self.query(ClassColumn))
        return self._columns

    @property
    def tabbed(self) -> bool:
        return self.size.width < TABS_BELOW

    def _layout_columns(self) -> None:
        """Wide: every class side by side; a class with nothing to show is a strip and the columns
        with memories share the rest evenly. Narrow: one class at a time under a row of tabs."""
        columns = self.columns
        tabbed = self.tabbed
        empty = tuple(c.empty for c in columns)
        key = (self.size.width, tabbed, empty, self.current if tabbed else None)
        if key == self._widths:  # unchanged: no layout pass on a filter keystroke
            return
        self._widths = key
        self.set_class(tabbed, "-tabbed")
        self.query_one(ClassTabs).display = tabbed
        if tabbed:
            for i, column in enumerate(columns):
                column.display = i == self.current
                column.styles.width = "1fr"
            self._draw_tabs()
            return
        # Every column but the first starts with a one-cell gap (its left padding), so the text of
        # neighbouring columns never touches; the cells left are shared so the cards are equally wide.
        full = [c for c in columns if not c.empty] or columns[:1]
        gaps = sum(1 for i, c in enumerate(columns) if i and c in full)
        room = self.size.width - gaps - STRIP_WIDTH * (len(columns) - len(full))
        share, extra = divmod(max(len(full), room), len(full))
        for i, column in enumerate(columns):
            column.display = True
            if column in full:
                n = full.index(column)
                column.styles.width = share + (1 if n < extra else 0) + (1 if i else 0)
            else:
                column.styles.width = STRIP_WIDTH

    def _draw_tabs(self) -> None:
        if self.tabbed:
            self.query_one(ClassTabs).show([(c.heading, c.count) for c in self.columns], self.current)

    def _show_column(self, column: ClassColumn) -> None:
        """Make ``column`` the current one (shown alone in the narrow layout) before it takes focus:
        a hidden widget cannot be focused."""
        self.current = self.columns.index(column)
        for other in self.columns:  # a class, not :focus-within: it must not flicker while a dialog is open
            other.set_class(other is column, "-current")
        self._layout_columns()
        self._draw_tabs()

    def action_show_column(self, index: int) -> None:
        columns = self.columns
        if 0 <= index < len(columns):
            self._enter_column(columns[index])
            self._show_selected()

    # -- data -----------------------------------------------------------------------------------

    @property
    def lists(self) -> list[RecordList]:
        return [c.list for c in self.columns]

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
            for column in self.columns:
                column.set_records(grouped[column.memory_class], len(totals[column.memory_class]))
            self._layout_columns()
            self._draw_tabs()

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
        for column in self.columns:
            if record_id is not None and column.list.select_id(record_id):
                self._enter_column(column)
                self._show_selected()
                return

    def nothing_selected_reason(self) -> str:
        column = self._current_column()
        heading = next((c.heading for c in self.columns if c.list is column), "This column")
        if column is not None and self.filter.active and self.picasso.view.columns()[self._class_of(column)]:
            return f"Nothing selected: the filter hides every memory in {heading}."
        return f"Nothing selected: {heading} has no memories."

    def _class_of(self, column: RecordList) -> MemoryClass:
        return next(c.memory_class for c in self.columns if c.list is column)

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
            column = event.record_list.parent
            if isinstance(column, ClassColumn) and not column.has_class("-current"):
                self._show_column(column)  # focused by a click or by tab from elsewhere
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

    def show_filter(self, text: str) -> None:
        """Filter by ``text`` as if typed, then go to the first column it leaves filled."""
        self.query_one("#filter", Input).value = text
        self.filter = parse_filter(text)
        self._apply_filter()
        first = next((c for c in self.columns if c.list.records), None)
        if first is not None:
            self._enter_column(first)
        self._show_selected()

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
        columns = self.columns
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
