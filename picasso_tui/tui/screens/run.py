"""A run of the agent from First Light's prompt: the memories injected, the agent's output as it
streams, and the memories the run writes back, live (the same ``agent.run.run_agent`` path as
``picasso run``, on a worker thread that talks to this screen only through messages).

The screen follows the store like the inspector: a memory that lands while the agent runs (the
agent saving one through `picasso memory add` or MCP, or the reflection's write) is listed under
MEMORY WRITTEN as soon as the watcher sees the file change, before the run's report arrives."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.widgets import RichLog, Static

from picasso_tui.display import terminal_line, visible_text
from picasso_tui.store.schema import MemoryRecord
from picasso_tui.tui.messages import ReloadRequested, RunFinished, RunInjected, RunOutput, RunWritten, WritesShown
from picasso_tui.tui.screens.base import PicassoScreen
from picasso_tui.tui.view_model import CLASS_MARKS, Change
from picasso_tui.tui.widgets.app_header import AppHeader
from picasso_tui.tui.widgets.banner import show_banner
from picasso_tui.tui.widgets.key_hints import KeyHints


class RunScreen(PicassoScreen):
    BINDINGS = [
        Binding("escape", "back", "Back"),
        Binding("slash", "app.open_inspector", "Memory"),
    ]

    def __init__(self, prompt: str) -> None:
        super().__init__()
        self.prompt = prompt
        self.finished = False
        self.injected: list[str] = []
        self.written: list[str] = []
        self.landed: list[str] = []  # added or changed in the store since the run started, in order
        self._report: object | None = None
        self.output: list[str] = []
        self.ready = False

    def compose(self) -> ComposeResult:
        yield self.picasso.make_header("Run")
        yield Static("", id="banner", classes="banner", markup=False)
        yield Static(f"› {visible_text(self.prompt)}", id="run-prompt", markup=False)
        with Horizontal(id="run-memory"):
            with Vertical(id="run-injected", classes="run-panel"):
                yield Static("MEMORY INJECTED", classes="eyebrow")
                yield Static("recalling…", id="run-injected-list", markup=False)
            with Vertical(id="run-written", classes="run-panel"):
                yield Static("MEMORY WRITTEN", classes="eyebrow")
                yield Static("after the agent finishes", id="run-written-list", markup=False)
        yield RichLog(id="run-output", wrap=True, markup=False, highlight=False)
        yield Static("running…", id="run-status", markup=False)
        yield KeyHints()

    def on_mount(self) -> None:
        self.ready = True
        self.refresh_view(None)
        if self.picasso.live_state != "off":
            self.query_one("#run-written-list", Static).update("as it lands (watching memory.json)")

    def refresh_view(self, change: Change | None) -> None:
        self.query_one(AppHeader).live = self.picasso.live_state
        show_banner(self, self.picasso.error)
        if change is not None and not self.finished:
            fresh = [rid for rid in (*change.added, *change.changed) if rid not in self.landed]
            self.landed.extend(fresh)
            if fresh:
                self._show_written()
        elif self._report is not None:  # reinforced memories show their text once the reload brings them
            self._show_written()

    def _lines(self, ids: list[str], known: dict[str, MemoryRecord] | None = None) -> str:
        view = self.picasso.view
        out = []
        for rid in ids:
            record = (known or {}).get(rid) or view.by_id.get(rid)
            out.append(
                f"  {rid}" if record is None else f"{CLASS_MARKS[record.memory_class]} {visible_text(record.title)}"
            )
        return "\n".join(out)

    def _show_written(self) -> None:
        """The run's report once it came; before it, what has landed in memory so far."""
        report = self._report
        if report is None:
            lines = self._lines(self.landed)
            self.query_one("#run-written-list", Static).update(f"{lines}\n(landed while the agent runs)")
            return
        added = {r.id: r for r in getattr(report, "added", [])}
        ids = list(added) + list(getattr(report, "reinforced", []))
        meanwhile = [rid for rid in self.landed if rid not in ids]  # the agent's own saves, another process's
        lines = self._lines(ids + meanwhile, added) if ids or meanwhile else "nothing new to remember"
        summary = report.summary() if hasattr(report, "summary") else ""  # type: ignore[union-attr]
        if meanwhile:
            more = f"{len(meanwhile)} more landed while the agent ran"
            summary = f"{summary}; {more}" if summary else more
        self.query_one("#run-written-list", Static).update(f"{lines}\n({summary})" if summary else lines)

    # -- from the worker ----------------------------------------------------------------------------

    def on_run_injected(self, message: RunInjected) -> None:
        self.injected = message.ids
        text = self._lines(message.ids) if message.ids else "nothing in memory applied to this prompt"
        self.query_one("#run-injected-list", Static).update(text)

    def on_run_output(self, message: RunOutput) -> None:
        self.output.append(message.line)
        # Agents colour their output: keep the colours, drop every other escape (cursor moves, titles).
        self.query_one(RichLog).write(terminal_line(message.line))

    def on_run_written(self, message: RunWritten) -> None:
        self._report = message.report
        self.written = list(getattr(message.report, "written_ids", []))
        self.post_message(WritesShown(self.written))  # shown here: no "memory changed" notice
        self._show_written()

    def on_run_finished(self, message: RunFinished) -> None:
        self.finished = True
        self.post_message(ReloadRequested(announce=False))  # the watcher would too; this does not wait for it
        status = self.query_one("#run-status", Static)
        if message.error:
            status.update(f"✗ {message.error}")
            status.add_class("-failed")
        else:
            status.update(f"{'✗' if message.failed else '✓'} {message.summary}  (esc: back)")
            status.set_class(message.failed, "-failed")

    def action_back(self) -> None:
        if not self.finished:
            self.notify("The agent is still running; its memory is written when it finishes.", severity="warning")
            return
        self.app.pop_screen()
