"""``picasso memory recall``: the block that would be injected for a prompt, and why."""

from __future__ import annotations

import click

from picasso_tui.cli import render
from picasso_tui.retrieval import explain as explain_mod


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
        click.echo(explain_mod.nothing_applies(bool(retriever.scope.workspace)), err=True)
    if explain:
        out = render.console()
        for part in explain_mod.explain(result):
            out.print(part)
