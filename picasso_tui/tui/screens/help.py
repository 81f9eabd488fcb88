"""Every key, on one sheet (`?`)."""

from __future__ import annotations

from rich.table import Table
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import Static

KEYS = (
    ("j / k, ↓ / ↑", "move within a column"),
    ("h / l, ← / →, tab", "switch column"),
    ("g / G", "top / bottom of the column"),
    ("enter", "expand or shrink the detail pane"),
    ("/", "filter: words, class:decision, pinned, stale, held, file:<path>"),
    ("esc", "clear the filter, or back to First Light"),
    ("p", "pin or unpin the selected memory"),
    ("e", "edit it in $EDITOR (changes made elsewhere meanwhile are merged)"),
    ("d", "delete it (asks first; the default is No)"),
    ("y", "approve a memory held for review (marked ?), so it may be injected"),
    ("a", "add a memory"),
    ("r", "reload from disk now"),
    ("?", "this sheet"),
    ("q, ctrl+q", "quit"),
)
SLASH = (
    ("<any prompt>", "run the agent set in agent.command, with memory (as `picasso run`)"),
    ("/memory", "open the memory inspector"),
    ("/memory add <note>", "save a workspace memory"),
    ("/memory delete <id>", "delete a memory (any unique id prefix; asks first)"),
    ("/memory pin <id>, /memory unpin <id>", "keep from eviction, or not"),
    ("/help", "this sheet"),
    ("/quit", "quit"),
)


class HelpScreen(ModalScreen[None]):
    BINDINGS = [Binding("escape,question_mark,q", "dismiss_help", "Close")]

    def compose(self) -> ComposeResult:
        table = Table.grid(padding=(0, 2))
        table.add_column(style="bold")
        table.add_column()
        table.add_row("[b]MEMORY INSPECTOR[/b]", "")
        for key, what in KEYS:
            table.add_row(key, what)
        table.add_row("", "")
        table.add_row("[b]PROMPT COMMANDS[/b]", "")
        for key, what in SLASH:
            table.add_row(key, what)
        with Vertical(id="help-box"):
            yield Static(table)
            yield Static("esc closes this sheet", id="help-close")

    def action_dismiss_help(self) -> None:
        self.dismiss(None)
