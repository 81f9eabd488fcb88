"""``picasso helper start | stop | status | run``: the local helper (``picasso_tui/helper/``)."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Any

import click

from picasso_tui.cli import render

if TYPE_CHECKING:
    from picasso_tui.helper.state import Pool, Warm
    from picasso_tui.store.api import MemoryStore


@click.group("helper")
def helper_group() -> None:
    """The local helper: one warm process serving memory to every front end (see docs/helper.md)."""


@helper_group.command("run")
def run_cmd() -> None:
    """Serve in the foreground until stopped (what a systemd unit or launchd agent runs)."""
    from picasso_tui.helper import server

    server.configure_logging()
    server.run(hook_runner=run_hook)


BUSY_WAIT_S = 0.5
"""How long a session-start or prompt hook waits for the helper's warm state before the hook process does the work
itself (its budget counts meanwhile: 2 s for a prompt by default)."""


def run_hook(warm: Warm, agent: str, event: str, payload: bytes) -> dict[str, Any]:
    """``POST /api/hooks/{agent}/{event}``: the hook's own use case, its answer as the hook would print it. The
    session-start and prompt hooks use the helper's warm store and retriever (that is the point of asking the
    helper); the end-of-turn hooks open their store as a fresh process does (they write, and may take seconds:
    they do not hold the warm state's lock meanwhile)."""
    from picasso_tui.hooks import main as hooks

    def read() -> str:
        return payload.decode("utf-8", errors="replace")

    if event in ("session-start", "prompt"):
        from picasso_tui.helper.api import ApiError

        if event == "prompt" and not warm.recall_ready.wait(BUSY_WAIT_S):
            raise ApiError(503, "recall/not-ready", "The helper is still indexing memory; answer without it.")
        pool = warm.recall if event == "prompt" else warm.serve  # the brief is a store read, as a list is
        if not pool.lock.acquire(timeout=BUSY_WAIT_S):
            raise ApiError(503, "helper/busy", "The helper is busy (a first index, say); answer without it.")
        try:
            outcome = hooks.run(agent, event, [], read, WarmStores(pool))
        finally:
            pool.lock.release()
    else:
        outcome = hooks.run(agent, event, [], read)
    return {"stdout": outcome.stdout, "outcome": outcome.outcome, "reason": outcome.reason}


class WarmStores:
    """One of the helper's pools of stores and resident retrievers, as a hook asks for them (``hooks.main.Stores``)."""

    def __init__(self, pool: Pool) -> None:
        self.pool = pool

    def prepare(self) -> None:
        pass  # the embedder is loaded already

    def open(self, cwd: Path) -> MemoryStore:
        return self.pool.store(str(cwd))

    def prompt_block(self, store: MemoryStore, prompt: str) -> str:
        """As ``agent_hooks.prompt_context``: the recall block, empty for a blank prompt or when nothing applies."""
        return self.pool.retriever(store).recall(prompt).block if prompt.strip() else ""


@helper_group.command("start")
def start_cmd() -> None:
    """Start the helper in the background (a second start says it already runs)."""
    from picasso_tui.helper import control

    now, started = control.start()
    click.echo("Started the Picasso helper." if started else "The Picasso helper already runs.")
    print_status(now)


@helper_group.command("stop")
def stop_cmd() -> None:
    """Stop the helper (SIGTERM; SIGKILL after 5 s)."""
    from picasso_tui.helper import control

    stopped = control.stop()
    if stopped is None:
        click.echo("No Picasso helper runs.")
    else:
        click.echo(f"Stopped the Picasso helper (process {stopped.pid}).")


@helper_group.command("status")
@click.option("--json", "as_json", is_flag=True, help="Print the status as JSON.")
def status_cmd(as_json: bool) -> None:
    """Whether the helper runs, its process id, socket, loopback URL and token file."""
    from picasso_tui.helper import control

    now = control.status()
    if as_json:
        click.echo(render.dump_json(now.as_json()))
        return
    print_status(now)


def print_status(now: object) -> None:
    data = now.as_json()  # type: ignore[attr-defined]
    if not data["running"]:
        click.echo(f"No Picasso helper runs for {data['home']}; `picasso helper start` starts one.")
        return
    click.echo(f"The Picasso helper runs for {data['home']} (process {data['pid']}, since {data['startedAt']}).")
    click.echo(f"  socket:     {data['socket']}")
    click.echo(f"  url:        {data['url']}")
    click.echo(f"  token file: {data['tokenFile']}")
    click.echo(f"  memory page: {data['pageUrl']}")
