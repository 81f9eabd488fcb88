"""Scene 06, the memory inspector: class columns, filter, detail, relations, live."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal
from textual.screen import Screen
from textual.widgets import Input, Static

from picasso_tui.store.schema import MemoryRecord
from picasso_tui.tui.view_model import COLUMNS, Change, Filter, parse_filter
from picasso_tui.tui.widgets.banner import show_banner
from picasso_tui.tui.widgets.class_column import STRIP_WIDTH, ClassColumn
from picasso_tui.tui.widgets.class_tabs import ClassTabs
from picasso_tui.tui.widgets.detail_pane import DetailPane
from picasso_tui.tui.widgets.key_hints import KeyHints
from picasso_tui.tui.widgets.line_input import LineInput
from picasso_tui.tui.widgets.record_list import RecordList
from picasso_tui.tui.widgets.relation_graph import RelationGraph

FLASH_SECONDS = 1.5
# Below this width seven columns cannot each show a readable card: one class at a time, with tabs.
TABS_BELOW = 120
NEEDS_RECORD = {"pin", "edit", "delete"}
FILTER_HINT = "/ filter: words, class:decision, pinned, stale, file:<path>  (esc clears)"


class Inspector(Screen):
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

    def __init__(self) -> None:
        super().__init__()
        self.filter = Filter()
        self.selected_id: str | None = None
        self._flash_timer = None
        self.ready = False  # set once composed: the app refreshes only ready screens
        self._shown: tuple[object, object] | None = None
        self.current = 0  # the class column shown in the narrow (tabbed) layout
        self._widths: tuple[object, ...] | None = None
        self._columns: list[ClassColumn] | None = None

    def compose(self) -> ComposeResult:
        clock = self.app.clock  # type: ignore[attr-defined]
        yield self.app.make_header("Memory inspector")  # type: ignore[attr-defined]
        yield Static("", id="banner", classes="banner", markup=False)
        yield LineInput(placeholder=FILTER_HINT, id="filter")
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
        self.refresh_view(None)
        columns = self.columns
        first = next((c for c in columns if c.list.records), columns[0])
        self._show_column(first)
        first.list.focus()

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
            self._show_column(columns[index])
            columns[index].list.focus()

    # -- data -----------------------------------------------------------------------------------

    @property
    def lists(self) -> list[RecordList]:
        return [c.list for c in self.columns]

    def refresh_view(self, change: Change | None) -> None:
        app = self.app
        self.query_one("#app-header").live = app.live_state  # type: ignore[attr-defined]
        show_banner(self, app.error)  # type: ignore[attr-defined]
        self._apply_filter()
        if change is not None and (change.added or change.changed):
            self._flash(set(change.added) | set(change.changed))
        self._show_selected()

    def _apply_filter(self) -> None:
        view = self.app.view  # type: ignore[attr-defined]
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

    @property
    def selected(self) -> MemoryRecord | None:
        view = self.app.view  # type: ignore[attr-defined]
        return view.by_id.get(self.selected_id) if self.selected_id else None

    def _show_selected(self) -> None:
        record = self.selected
        shown = (record, self.app.view)  # type: ignore[attr-defined]
        if shown == self._shown:  # same record object, same view: nothing to redraw
            return
        self._shown = shown
        self.query_one(DetailPane).show(record)
        self.query_one(RelationGraph).show(record, self.app.view)  # type: ignore[attr-defined]
        self.refresh_bindings()

    def on_record_list_highlighted(self, event: RecordList.Highlighted) -> None:
        if event.record_list.has_focus or self.selected_id is None:
            self.selected_id = event.record_id
            self._show_selected()
        column = event.record_list.parent
        if event.record_list.has_focus and isinstance(column, ClassColumn) and not column.has_class("-current"):
            self._show_column(column)  # focused by a click or by tab from elsewhere

    def on_input_changed(self, event: Input.Changed) -> None:
        if event.input.id == "filter":
            self.filter = parse_filter(event.value)
            self._apply_filter()

    def on_input_submitted(self, event: Input.Submitted) -> None:
        if event.input.id == "filter":
            self._focus_column(0, relative=True)

    # -- actions --------------------------------------------------------------------------------

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action in NEEDS_RECORD:
            return None if self.selected is None or self.app.error else True  # type: ignore[attr-defined]
        if action == "add" and self.app.error:  # type: ignore[attr-defined]
            return None
        return True

    def action_focus_filter(self) -> None:
        self.query_one("#filter", Input).focus()

    def action_back(self) -> None:
        box = self.query_one("#filter", Input)
        if box.has_focus or box.value:
            box.value = ""
            self.filter = Filter()
            self._apply_filter()
            self._focus_column(0, relative=True)
            return
        self.app.pop_screen()

    def action_column(self, step: int) -> None:
        self._focus_column(step, relative=True)

    def _focus_column(self, step: int, *, relative: bool) -> None:
        columns = self.columns
        current = self._focused_list()
        index = next((i for i, c in enumerate(columns) if c.list is current), None)
        if index is None:
            index = next(
                (i for i, c in enumerate(columns) if self.selected and c.memory_class == self.selected.memory_class), 0
            )
            step = 0
        target = columns[(index + step) % len(columns)]
        self._show_column(target)
        target.list.focus()

    def action_toggle_detail(self) -> None:
        self.query_one("#lower").toggle_class("-expanded")

    def action_pin(self) -> None:
        record = self.selected
        if record is not None:
            self.app.pin(record, not record.metadata.pinned)  # type: ignore[attr-defined]

    def action_edit(self) -> None:
        record = self.selected
        if record is not None:
            self.app.edit_record(record)  # type: ignore[attr-defined]

    def action_delete(self) -> None:
        record = self.selected
        if record is not None:
            self.app.confirm_delete(record)  # type: ignore[attr-defined]

    def action_approve(self) -> None:
        record = self.selected
        if record is not None:
            self.app.approve(record)  # type: ignore[attr-defined]

    def action_add(self) -> None:
        self.app.add_with_dialog()  # type: ignore[attr-defined]

    def action_reload(self) -> None:
        self.app.reload(announce=True)  # type: ignore[attr-defined]
