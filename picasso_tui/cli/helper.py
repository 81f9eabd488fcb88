"""``picasso helper start | stop | status | run``: the local helper (``picasso_tui/helper/``)."""

from __future__ import annotations

import click

from picasso_tui.cli import render


@click.group("helper")
def helper_group() -> None:
    """The local helper: one warm process serving memory to every front end (see docs/helper.md)."""


@helper_group.command("run")
def run_cmd() -> None:
    """Serve in the foreground until stopped (what a systemd unit or launchd agent runs)."""
    from picasso_tui.helper import server

    server.configure_logging()
    server.run(hook_runner=run_hook)


def run_hook(agent: str, event: str, payload: bytes) -> str:
    """``POST /api/hooks/{agent}/{event}``: the hook's own use case, its answer as the hook would print it."""
    from picasso_tui.hooks import main as hooks

    return hooks.run(agent, event, [], lambda: payload.decode("utf-8", errors="replace")).stdout


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
