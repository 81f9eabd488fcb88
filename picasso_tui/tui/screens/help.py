"""Every key, on one sheet (`?`, F1), and the recent notices in full. The sheet scrolls (j/k, the
arrows, page keys), so a short terminal still reaches its last line."""

from __future__ import annotations

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Static

from picasso_tui.tui.notices import Notice

KEYS = (
    ("j / k, ↓ / ↑", "move within a column"),
    ("h / l, ← / →, tab", "switch column (narrow terminal: switch tab)"),
    ("1 … 7", "jump to a class: facts, style, decisions, failures, workflows, rules, model perf"),
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
    ("?, F1", "this sheet"),
    ("ctrl+p", "command palette: Picasso's commands (filter by class, held, gc, export, profile…)"),
    ("q, ctrl+q", "quit"),
)
SLASH = (
    ("<any prompt>", "run the agent set in agent.command, with memory (as `picasso run`)"),
    ("/memory", "open the memory inspector"),
    ("F3", "recall preview: the block a prompt would get, and why"),
    ("/memory add <note>", "save a workspace memory"),
    ("/memory delete <id>", "delete a memory (any unique id prefix; asks first)"),
    ("/memory pin <id>, /memory unpin <id>", "keep from eviction, or not"),
    ("/help", "this sheet"),
    ("/quit", "quit"),
)


class HelpRow(Horizontal):
    def __init__(self, key: str, what: str) -> None:
        super().__init__(classes="help-row")
        self.key, self.what = key, what

    def compose(self) -> ComposeResult:
        yield Static(self.key, classes="help-key", markup=False)
        yield Static(self.what, classes="help-what", markup=False)


class HelpScreen(ModalScreen[None]):
    BINDINGS = [
        Binding("escape,question_mark,q,f1", "dismiss_help", "Close"),
        Binding("j", "scroll(1)", show=False),
        Binding("k", "scroll(-1)", show=False),
    ]

    def compose(self) -> ComposeResult:
        recent: list[Notice] = list(getattr(self.app, "notices", []))[-5:]
        with Vertical(id="help-box"):
            with VerticalScroll(id="help-scroll"):
                yield Static("MEMORY INSPECTOR", classes="help-section")
                for key, what in KEYS:
                    yield HelpRow(key, what)
                yield Static("PROMPT COMMANDS", classes="help-section")
                for key, what in SLASH:
                    yield HelpRow(key, what)
                if recent:
                    yield Static("RECENT NOTICES", classes="help-section")
                    for notice in reversed(recent):
                        text = Text(notice.at.strftime("%H:%M "), style="dim")
                        text.append(f"{notice.title}: " if notice.title else "", style="bold")
                        text.append(notice.message)
                        yield Static(text, classes="help-notice")
            yield Static("esc closes · j/k, ↑/↓, page keys scroll", id="help-close")

    def on_mount(self) -> None:
        self.query_one("#help-scroll").focus()

    def action_scroll(self, step: int) -> None:
        scroll = self.query_one("#help-scroll", VerticalScroll)
        scroll.scroll_relative(y=step, animate=False)

    def action_dismiss_help(self) -> None:
        self.dismiss(None)
