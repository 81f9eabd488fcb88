"""``picasso memory model …``: install the local embedding model and show which embedder is active."""

from __future__ import annotations

from typing import Any

import click

from picasso_tui.cli import render
from picasso_tui.services import model_install
from picasso_tui.services.model_install import ModelError


@click.group("model")
def model() -> None:
    """The local embedding model that finds the memories relevant to a prompt."""


@model.command("install")
@click.option("--force", is_flag=True, help="Reinstall even when the model is already installed.")
def install_cmd(force: bool) -> None:
    """Install the local model (all-MiniLM-L6-v2, an 80 MB download) for better recall."""
    done = model_install.install(force, click.echo)
    if done.already:
        click.echo(f"The local model is already installed at {done.folder} ({done.model_id}, {done.dim} dimensions).")
    else:
        click.echo(
            f"Installed {done.model_id} at {done.folder}: {done.dim} dimensions, "
            f"a test sentence embedded in {done.ms:.0f} ms."
        )
    note = model_install.embedder_setting_note()
    if note:
        click.echo(note)


@model.command("status")
@click.option("--check", is_flag=True, help="Embed a test sentence with the active embedder (contacts an endpoint).")
@click.option("--json", "as_json", is_flag=True, help="Print the status as a JSON object.")
def status_cmd(check: bool, as_json: bool) -> None:
    """Which embedder recall uses, where the local model is, and its dimensions."""
    info = model_install.status(check)
    if as_json:
        click.echo(render.dump_json(info))
    else:
        _print_status(info)
    if info["error"]:
        raise ModelError(info["error"])


def _print_status(info: dict[str, Any]) -> None:
    if info["embedder"]:
        dim = f"{info['dim']} dimensions" if info["dim"] else "dimensions learned from the first request"
        click.echo(f"Embedder: {info['embedder']} - {info['description']} ({dim})")
    click.echo(f"Setting: retrieval.embedder = {info['setting']}")
    if info["modelPath"]:
        click.echo(f"Local model: installed at {info['modelPath']}")
    else:
        click.echo("Local model: not installed; run `picasso memory model install` for better recall")
    if info["checkMs"] is not None:
        click.echo(f"Check: a test sentence embedded in {info['checkMs']:.0f} ms")
    if info["note"]:
        click.echo(f"Note: {info['note']}")
