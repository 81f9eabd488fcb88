"""Embedders behind one interface (``base.Embedder``), chosen by the ``retrieval.embedder`` setting.

- ``auto`` (default): the local all-MiniLM-L6-v2 model when installed, else the hash embedder, with a
  note saying so;
- ``minilm`` / ``hash`` / ``openai`` / ``ollama``: that one, or ``EmbedderUnavailable`` when it cannot run.

The OpenAI API key is read from the environment variable named by ``retrieval.openai.apiKeyEnv``;
settings never hold the key itself.
"""

from __future__ import annotations

import os
import re
import threading
from pathlib import Path
from urllib.parse import urlsplit

from picasso_tui import settings
from picasso_tui.paths import PicassoPaths
from picasso_tui.retrieval.embedders.base import Embedder, EmbedderUnavailable, Vectors, normalize
from picasso_tui.retrieval.embedders.hashing import HashEmbedder

__all__ = [
    "CHOICES",
    "HASH_NOTE",
    "Embedder",
    "EmbedderUnavailable",
    "HashEmbedder",
    "Vectors",
    "clear_cache",
    "get_embedder",
    "normalize",
]

CHOICES = ("auto", "minilm", "hash", "openai", "ollama")
HASH_NOTE = "using the hash embedder: run `picasso memory model install` for better recall"
_ENV_NAME = re.compile(r"^[A-Za-z_][A-Za-z0-9_]*$")

# Loading MiniLM costs ~0.1 s and an HTTP client keeps its connections: one of each per process and settings.
_cache: dict[tuple[str, ...], Embedder] = {}
_cache_lock = threading.Lock()


def clear_cache() -> None:
    """Forget loaded embedders (after installing the model, or in tests)."""
    with _cache_lock:
        for embedder in _cache.values():
            close = getattr(embedder, "close", None)
            if close is not None:
                close()
        _cache.clear()


def _minilm(folder: Path) -> Embedder:
    from picasso_tui.retrieval.embedders.minilm import MiniLMEmbedder  # numpy forward: only when chosen

    key = ("minilm", str(folder))
    with _cache_lock:
        if key not in _cache:
            _cache[key] = MiniLMEmbedder(folder)
        return _cache[key]


def _model_folder() -> Path | None:
    from picasso_tui.retrieval.embedders.minilm import model_path

    return model_path()


def _openai(paths: PicassoPaths | None) -> Embedder:
    from picasso_tui.retrieval.embedders.http import OpenAIEmbedder

    base_url = str(settings.get("retrieval.openai.baseUrl", paths) or "")
    model = str(settings.get("retrieval.openai.model", paths) or "")
    env_name = str(settings.get("retrieval.openai.apiKeyEnv", paths) or "")
    if env_name and not _ENV_NAME.match(env_name):
        # it may be a key pasted in by mistake: never echo it
        raise EmbedderUnavailable(
            "retrieval.openai.apiKeyEnv must be the name of an environment variable (such as OPENAI_API_KEY), "
            "not the key itself; set the key in that variable and the name in the setting."
        )
    api_key = os.environ.get(env_name, "").strip() if env_name else ""
    host = (urlsplit(base_url).hostname or "").lower() if base_url else ""
    if not api_key and host.endswith("openai.com"):
        raise EmbedderUnavailable(
            f"The OpenAI embedder needs an API key in the environment variable {env_name or 'OPENAI_API_KEY'}, "
            f"which is not set; set it (retrieval.openai.apiKeyEnv names the variable)."
        )
    key = ("openai", base_url, model, api_key)
    with _cache_lock:
        if key not in _cache:
            _cache[key] = OpenAIEmbedder(base_url, model, api_key or None)
        return _cache[key]


def _ollama(paths: PicassoPaths | None) -> Embedder:
    from picasso_tui.retrieval.embedders.http import OllamaEmbedder

    base_url = str(settings.get("retrieval.ollama.baseUrl", paths) or "")
    model = str(settings.get("retrieval.ollama.model", paths) or "")
    key = ("ollama", base_url, model)
    with _cache_lock:
        if key not in _cache:
            _cache[key] = OllamaEmbedder(base_url, model)
        return _cache[key]


def get_embedder(paths: PicassoPaths | None = None) -> tuple[Embedder, str | None]:
    """The embedder the settings choose, and a note for the user when it is a fallback (else None).

    Raises ``EmbedderUnavailable`` when an explicitly chosen embedder cannot run; ``auto`` never raises.
    HTTP embedders are not contacted here: the first ``embed`` call does that.
    """
    choice = str(settings.get("retrieval.embedder", paths) or "auto").strip().lower()
    if choice == "auto":
        folder = _model_folder()
        if folder is None:
            return HashEmbedder(), HASH_NOTE
        try:
            return _minilm(folder), None
        except EmbedderUnavailable as exc:
            reason = str(exc).rstrip(".")
            return HashEmbedder(), f"using the hash embedder: {reason[:1].lower()}{reason[1:]}"
    if choice == "minilm":
        folder = _model_folder()
        if folder is None:
            raise EmbedderUnavailable(
                "retrieval.embedder is minilm but the local model is not installed; "
                "run `picasso memory model install`, or set retrieval.embedder to auto."
            )
        return _minilm(folder), None
    if choice == "hash":
        return HashEmbedder(), None
    if choice == "openai":
        return _openai(paths), None
    if choice == "ollama":
        return _ollama(paths), None
    raise EmbedderUnavailable(f"retrieval.embedder is {choice[:40]!r}; set it to one of {', '.join(CHOICES)}.")
