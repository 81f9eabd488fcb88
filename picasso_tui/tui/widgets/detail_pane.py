"""The selected memory in full."""

from __future__ import annotations

from collections.abc import Callable
from datetime import datetime

from rich.table import Table
from rich.text import Text
from textual.containers import VerticalScroll
from textual.widgets import Static

from picasso_tui.display import long_age, safe
from picasso_tui.store.schema import MemoryRecord, format_timestamp


class DetailPane(VerticalScroll, can_focus=True):
    def __init__(self, clock: Callable[[], datetime], *, id: str | None = None) -> None:
        super().__init__(id=id)
        self.clock = clock
        self.border_title = "DETAIL"

    def compose(self):  # noqa: ANN201
        yield Static(id="detail-body")

    def show(self, record: MemoryRecord | None, stale_reason: str | None = None, *, nothing: str | None = None) -> None:
        """``record`` in full; with none, ``nothing`` says why (an empty column, a filter hiding it)."""
        body = self.query_one("#detail-body", Static)
        if record is None:
            body.update(Text(nothing or "Nothing selected.", style="dim"))
            return
        md, now = record.metadata, self.clock()
        if stale_reason is None:  # why it is stale, as the last staleness check wrote it
            reason = (record.file_form["metadata"].get("attributes") or {}).get("staleReason")
            stale_reason = reason if isinstance(reason, str) else None
        grid = Table.grid(padding=(0, 1))
        grid.add_column(style="bold", no_wrap=True)
        grid.add_column()

        def row(label: str, value: object) -> None:
            if value not in (None, "", [], ()):
                grid.add_row(label, Text(safe(str(value))))

        grid.add_row("", Text(safe(record.body)))
        grid.add_row("", "")
        row("id", record.id)
        row("class", md.class_.value)
        row("namespace", md.namespace)
        if md.created_at:
            row("created", f"{format_timestamp(md.created_at)} ({long_age(md.created_at, now)})")
        row("observed", f"{format_timestamp(md.last_observed_at)} ({long_age(md.last_observed_at, now)})")
        stale = f"{md.staleness_score:.2f}" + (" · stale" if record.is_stale else "")
        row("staleness", stale + (f" ({stale_reason})" if stale_reason else ""))
        row("pinned", "yes" if md.pinned else None)
        if record.is_quarantined:
            why = (md.attributes.model_extra or {}).get("quarantineReason")
            row("quarantined", "held for your review, never injected" + (f" ({why})" if why else ""))
        row("archived", format_timestamp(md.attributes.archived_at) if md.attributes.archived_at else None)
        row("tags", ", ".join(md.attributes.tags))
        row("session", md.provenance.session_id)
        row("files", ", ".join(md.provenance.source_files))
        row("plan", md.provenance.source_plan)
        for edge in md.edges:
            row("edge", f"{edge.type} → {edge.target}")
        for guidance in md.prevent_next_time:
            row("prevent", guidance)
        body.update(grid)
        # The first update can land before this pane's first layout; measure the table again after it.
        self.call_after_refresh(body.refresh, layout=True)
        self.scroll_home(animate=False)
