"""How records look in a terminal. User text is always passed as ``Text`` so that a
memory containing ``[bold]`` or an escape sequence prints literally."""

from __future__ import annotations

import os
import sys
from datetime import datetime
from typing import TYPE_CHECKING, Any

import orjson

from picasso_tui.display import long_age, safe, visible_text
from picasso_tui.store.namespaces import short_namespace
from picasso_tui.store.schema import MemoryRecord, format_timestamp, utc_now

if TYPE_CHECKING:  # rich is imported by the functions that draw: `picasso memory recall` prints without it
    from rich.console import Console
    from rich.table import Table


def age(when: datetime, now: datetime | None = None) -> str:
    return long_age(when, now or utc_now())


def flags(record: MemoryRecord) -> str:
    marks = []
    if record.metadata.pinned:
        marks.append("pinned")
    if record.is_stale:
        marks.append("stale")
    if record.is_archived:
        marks.append("archived")
    if record.is_quarantined:
        marks.append("quarantined")
    return " ".join(marks)


def records_table(
    records: list[MemoryRecord], short_ids: dict[str, str], title: str | None = None, width: int = 140
) -> Table:
    from rich.table import Table
    from rich.text import Text

    table = Table(title=title, title_justify="left", expand=False, show_edge=False, pad_edge=False)

    def widest(values: list[str], heading: str) -> int:
        return max([len(heading), *map(len, values)])

    ids = [short_ids.get(r.id, r.id) for r in records]
    classes = [r.memory_class.value for r in records]
    ages = [age(r.metadata.last_observed_at) for r in records]
    marks = [flags(r) for r in records]
    # Only WHERE and MEMORY give way on a narrow terminal: an id cut short cannot be pasted back.
    fixed = {
        "ID": widest(ids, "ID"),
        "CLASS": widest(classes, "CLASS"),
        "AGE": widest(ages, "AGE"),
        "FLAGS": widest(marks, "FLAGS"),
    }
    room = width - sum(fixed.values()) - 3 * len(fixed)
    show_where = room >= 24 + 3 + 20  # WHERE goes first on a narrow terminal: `inspect` shows it
    table.add_column("ID", no_wrap=True, style="magenta", width=fixed["ID"])
    table.add_column("CLASS", no_wrap=True, width=fixed["CLASS"])
    if show_where:
        table.add_column("WHERE", no_wrap=True, style="dim", max_width=24, overflow="ellipsis")
    table.add_column("AGE", no_wrap=True, width=fixed["AGE"])
    table.add_column("FLAGS", no_wrap=True, width=fixed["FLAGS"])
    memory_room = max(8, room - (27 if show_where else 0) - 3)
    table.add_column("MEMORY", no_wrap=True, max_width=memory_room)
    for r, rid, cls, when, mark in zip(records, ids, classes, ages, marks, strict=True):
        where = [Text(short_namespace(r.metadata.namespace))] if show_where else []
        text = visible_text(r.title)
        text = text if len(text) <= memory_room else text[: memory_room - 1] + "…"
        table.add_row(Text(rid), Text(cls), *where, Text(when), Text(mark, style="bold"), Text(text))
    return table


def detail(record: MemoryRecord) -> Table:
    md = record.metadata
    from rich.table import Table
    from rich.text import Text

    grid = Table.grid(padding=(0, 2))
    grid.add_column(style="bold", no_wrap=True)
    grid.add_column()

    def row(label: str, value: Any) -> None:
        if value not in (None, "", [], {}):
            grid.add_row(label, Text(safe(str(value))))

    row("id", record.id)
    row("class", md.class_.value)
    row("namespace", md.namespace)
    row("title", md.attributes.title)
    if md.created_at:
        row("created", f"{format_timestamp(md.created_at)} ({age(md.created_at)})")
    row("last observed", f"{format_timestamp(md.last_observed_at)} ({age(md.last_observed_at)})")
    row("staleness", f"{md.staleness_score:.2f}" + (" (stale)" if record.is_stale else ""))
    row("pinned", "yes" if md.pinned else "no")
    if record.is_quarantined:
        why = (md.attributes.model_extra or {}).get("quarantineReason")
        row("quarantined", "yes: held for your review, never injected" + (f" ({why})" if why else ""))
    if md.attributes.archived_at:
        row("archived", format_timestamp(md.attributes.archived_at))
    row("tags", ", ".join(md.attributes.tags))
    row("source", md.attributes.source)
    prov = md.provenance
    row("session", prov.session_id)
    row("event index", prov.event_index)
    row("files", ", ".join(prov.source_files))
    row("plan", prov.source_plan)
    for edge in md.edges:
        row("edge", f"{edge.type} -> {edge.target}")
    for guidance in md.prevent_next_time:
        row("prevent next time", guidance)
    if md.embedding:
        row("embedding", f"{md.embedding.model} ({md.embedding.dim} dims)")
    grid.add_row("", "")
    grid.add_row("body", Text(safe(record.body)))
    return grid


def dump_json(value: Any) -> str:
    return orjson.dumps(value, option=orjson.OPT_INDENT_2).decode()


def console(stderr: bool = False) -> Console:
    # Piped output keeps a useful width instead of rich's 80-column default.
    stream = sys.stderr if stderr else sys.stdout
    width = None if stream.isatty() or os.environ.get("COLUMNS") else 140
    from rich.console import Console

    return Console(stderr=stderr, highlight=False, soft_wrap=False, width=width)


def legacy_import_notice(done: Any) -> str:
    """What a one-time import of an old file did, said once (the source gets a marker)."""
    total = done.added + done.updated
    parts = [f"imported {total} {'memory' if total == 1 else 'memories'} from {done.source} once"]
    if done.quarantined:
        parts.append(
            f"{done.quarantined} held for your review, because a repository's file is untrusted "
            f"(`picasso memory list --quarantined`; approve or delete each)"
        )
    if done.refused:
        parts.append(f"{done.refused} left out: they named another workspace or account, or broke a limit")
    return "; ".join(parts) + "; the file stays in place, marked as migrated."
