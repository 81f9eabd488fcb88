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
    from picasso_tui.services import recall

    recall.prepare_one_shot()  # before the store opens: the embedder loads meanwhile
    recalled = recall.recall_once(current_store, prompt, plan=plan, files=files, budget=budget)
    result = recalled.result
    if as_json:
        click.echo(render.dump_json(result.as_json()))
        return
    if result.note:
        click.echo(f"picasso: note: {result.note}.", err=True)
    if result.block:
        click.echo(result.block)
    else:
        click.echo(recalled.nothing_applies, err=True)
    if explain:
        out = render.console()
        for part in explain_mod.explain(result):
            out.print(part)
