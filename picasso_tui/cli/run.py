"""``picasso run "<prompt>"``: the configured agent, with memory in and memory out."""

from __future__ import annotations

import sys

import click

from picasso_tui.errors import UsageError


@click.command("run")
@click.argument("prompt")
@click.option(
    "--memory-sync/--no-memory-sync",
    "memory_sync",
    default=None,
    help="Sync memory after the run (default: the sync.cloudMemory setting).",
)
def run_cmd(prompt: str, memory_sync: bool | None) -> None:
    """Run the configured agent (setting agent.command) on PROMPT with memory injected, then write back
    what the run taught. The agent's output streams to stdout; Picasso's own notes go to stderr."""
    from picasso_tui.agent.run import run_agent
    from picasso_tui.cli.session import current_store

    if not prompt.strip():
        raise click.UsageError('Give the agent a prompt, e.g. picasso run "fix the failing test".')

    def on_output(line: str) -> None:
        sys.stdout.write(line)
        sys.stdout.flush()

    def on_injected(ids: list[str], block: str) -> None:
        noun = "memory" if len(ids) == 1 else "memories"
        click.echo(f"picasso: injected {len(ids)} {noun} into the prompt.", err=True)

    from picasso_tui.cli.profile import offer_in_terminal

    offer_in_terminal(current_store())  # first session in a new workspace: offer the project profile (terminal only)
    result = run_agent(prompt, store=current_store(), sync=memory_sync, on_output=on_output, on_injected=on_injected)
    report = result.report
    if report is not None:
        ids = ", ".join(report.written_ids[:8]) + (" …" if len(report.written_ids) > 8 else "")
        click.echo(f"picasso: memory: {report.summary()}{f' ({ids})' if ids else ''}.", err=True)
    if not result.succeeded:
        if result.sync_message:
            click.echo(f"picasso: {result.sync_message}", err=True)
        raise UsageError(_failure(result.exit_code, result.agent_error))
    if result.sync_error is not None and memory_sync:
        raise result.sync_error  # asked for explicitly: its failure is the command's (exit 1, or 3 to sign in)
    if result.sync_message:
        click.echo(f"picasso: {result.sync_message}", err=True)


def _failure(exit_code: int, agent_error: str | None) -> str:
    """The one sentence for a run whose agent failed: its exit code, or the error it reported while exiting 0."""
    if exit_code != 0:
        return f"The agent exited with code {exit_code}; what the run taught was still written to memory."
    error = (agent_error or "").rstrip(".")
    error = error if len(error) <= 160 else error[:159] + "…"
    return f"The agent reported an error ({error}); what the run taught was still written to memory."
