"""``picasso memory recall``: the block that would be injected for a prompt, and why."""

from __future__ import annotations

import click

from picasso_tui.cli import render


@click.command("recall")
@click.argument("prompt")
@click.option("--plan", help="A plan-mode draft to search with, too.")
@click.option("--file", "files", multiple=True, metavar="PATH", help="A file the prompt is about (repeatable).")
@click.option(
    "--budget",
    type=click.IntRange(50, 100_000),
    help="Token budget of the block (default: the retrieval.budgetTokens setting, 1,200).",
)
@click.option("--json", "as_json", is_flag=True, help="Entries, omissions, block, embedder and timings as JSON.")
@click.option("--explain", is_flag=True, help="Show each entry's score components and why others were left out.")
def recall_cmd(
    prompt: str, plan: str | None, files: tuple[str, ...], budget: int | None, as_json: bool, explain: bool
) -> None:
    """Print the memory block Picasso would inject for PROMPT."""
    from picasso_tui.cli.session import current_store
    from picasso_tui.paths import PicassoPaths
    from picasso_tui.retrieval.blas import start_single_threaded
    from picasso_tui.retrieval.preload import preload_embedder

    start_single_threaded()  # before numpy loads: one query needs one BLAS thread
    preload_embedder(PicassoPaths.resolve())  # overlaps what follows; the retriever takes it when ready
    from picasso_tui.retrieval.pipeline import Retriever

    # One query: loading a graph costs more than it saves, and the saved index spares decoding memory.json.
    retriever = Retriever.for_store(current_store(), graph=False, saved_index=True)
    result = retriever.recall(prompt, plan=plan, files=files, budget=budget)
    if as_json:
        click.echo(render.dump_json(result.as_json()))
        return
    if result.note:
        click.echo(f"picasso: note: {result.note}.", err=True)
    if result.block:
        click.echo(result.block)
    else:
        where = (
            "this workspace's memory" if retriever.scope.workspace else "account-wide memory (not in a git workspace)"
        )
        click.echo(f"Nothing in {where} applies to that prompt, so nothing would be injected.", err=True)
    if explain:
        from rich.table import Table
        from rich.text import Text

        out = render.console()
        table = Table(title="Why these", title_justify="left", show_edge=False)
        for column in ("RANK", "ID", "CLASS", "SCORE", "SIM", "LEX", "RECENCY", "PIN", "RULE", "STALE", "VIA"):
            table.add_column(column, no_wrap=True)
        for e in result.entries:
            c = e.components
            table.add_row(
                str(e.rank), e.id, e.record.memory_class.value, f"{e.score:.3f}", f"{c['similarity']:.3f}",
                f"{c['lexical']:.2f}", f"{c['recency']:.2f}", f"{c['pinned']:.0f}", f"{c['rule']:.0f}",
                f"{c['staleness']:.2f}", e.via or "",
            )  # fmt: skip
        out.print(table)
        if result.omitted:
            left = Table(title="Left out", title_justify="left", show_edge=False)
            left.add_column("ID", no_wrap=True)
            left.add_column("REASON")
            for rid, why in result.omitted:
                left.add_row(rid, Text(why))
            out.print(left)
        if result.gate:
            score, needed = result.gate
            verdict = "open" if score >= needed else "shut: nothing is injected"
            out.print(Text(f"relevance gate {score:.3f} (needs {needed:.2f}): {verdict}", style="dim"))
        timing = ", ".join(f"{k} {v:.1f} ms" for k, v in result.timings_ms.items())
        out.print(Text(f"embedder {result.embedder}, {result.search} search; {timing}", style="dim"))
