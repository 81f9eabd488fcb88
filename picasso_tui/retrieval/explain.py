"""Why a recall injects what it does: the tables and lines `picasso memory recall --explain` prints
and the TUI's recall preview shows, drawn once here so that both say the same thing."""

from __future__ import annotations

from typing import TYPE_CHECKING

from picasso_tui.store.namespaces import short_namespace

if TYPE_CHECKING:  # rich loads with the functions that draw
    from rich.console import RenderableType

    from picasso_tui.retrieval.result import RecallResult

WHY_COLUMNS = ("#", "ID", "CLASS", "NAMESPACE", "SCORE", "SIM", "LEX", "OWN", "STALE", "VIA")
"""SIM cosine, LEX BM25 / the prompt's best, OWN 1 for a memory of this workspace (0: account-wide), STALE staleness."""


def nothing_applies(workspace: bool) -> str:
    """The sentence for a prompt memory knows nothing about."""
    where = "this workspace's memory" if workspace else "account-wide memory (not in a git workspace)"
    return f"Nothing in {where} applies to that prompt, so nothing would be injected."


def gate_line(result: RecallResult) -> str | None:
    """Whether the relevance gate let anything through, and why: the intent cue that decided, or the
    prompt's coverage against the threshold."""
    gate = result.gate
    if gate is None:
        return None
    coverage = (
        f"coverage {gate.coverage:.2f} of the prompt's words in nearby memories (needs {gate.needed:.2f})"
        if gate.coverage is not None
        else None
    )
    if gate.cue == "task":
        return f'relevance gate open: a task cue ("{gate.matched}") opens it' + (f"; {coverage}" if coverage else "")
    if gate.cue is not None:
        article = "an" if gate.cue == "explanation" else "a"  # "a usage cue": the u sounds like "you"
        return f'relevance gate shut by {article} {gate.cue} cue ("{gate.matched}"): nothing is injected'
    if gate.open:
        return f"relevance gate open: {coverage}"
    return f"relevance gate shut: {coverage}: nothing is injected"


def timing_line(result: RecallResult) -> str:
    timing = ", ".join(f"{k} {v:.1f} ms" for k, v in result.timings_ms.items())
    return f"embedder {result.embedder}, {result.search} search; {timing}"


def where(namespace: str) -> str:
    """A namespace as short as it can be and still say where: recall never leaves the current
    workspace, so its fingerprint says nothing here (``workspace/decisions``, ``global/style``)."""
    short = short_namespace(namespace)
    if short.startswith("workspace:") and "/" in short:
        return "workspace/" + short.split("/", 1)[1]
    return short


def via(result: RecallResult, rid: str | None) -> str:
    """The memory an entry came with, by its rank when it is in the block too (``#1``)."""
    if not rid:
        return ""
    rank = next((e.rank for e in result.entries if e.id == rid), None)
    return f"#{rank}" if rank is not None else rid


def explain(result: RecallResult, *, timings: bool = True) -> list[RenderableType]:
    """Each entry's score components, what was left out and why, the gate, and (``timings``) how long."""
    from rich.table import Table
    from rich.text import Text

    out: list[RenderableType] = []
    table = Table(title="Why these", title_justify="left", show_edge=False, pad_edge=False, collapse_padding=True)
    for column in WHY_COLUMNS:
        table.add_column(column, no_wrap=True)
    for e in result.entries:
        c = e.components
        table.add_row(
            str(e.rank), e.id, e.record.memory_class.value, Text(where(e.record.metadata.namespace)),
            f"{e.score:.3f}", f"{c['similarity']:.3f}", f"{c['lexical']:.2f}", f"{c['workspace']:.0f}",
            f"{c['staleness']:.2f}", via(result, e.via),
        )  # fmt: skip
    out.append(table)
    if result.omitted:
        left = Table(title="Left out", title_justify="left", show_edge=False)
        left.add_column("ID", no_wrap=True)
        left.add_column("REASON")
        for rid, why in result.omitted:
            left.add_row(rid, Text(why))
        out.append(left)
    if (gate := gate_line(result)) is not None:
        out.append(Text(gate, style="dim"))
    if result.reader is not None:
        out.append(Text(result.reader, style="dim"))
    if timings:
        out.append(Text(timing_line(result), style="dim"))
    return out
