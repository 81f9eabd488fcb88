"""User settings: ``<picasso home>/settings/settings.json``, dotted keys (``retrieval.embedder``).

Written atomically like the store, so a crash never leaves half a settings file.
"""

from __future__ import annotations

from typing import Any

import orjson

from picasso_tui.paths import PicassoPaths
from picasso_tui.store.atomic import write_atomic
from picasso_tui.store.errors import StoreError

DEFAULTS: dict[str, Any] = {
    "retrieval.embedder": "auto",  # auto: the local MiniLM model when installed, else the hash embedder
    "retrieval.topK": 8,
    "retrieval.budgetTokens": 1200,
    "retrieval.openai.baseUrl": "https://api.openai.com/v1",
    "retrieval.openai.model": "text-embedding-3-small",
    "retrieval.openai.apiKeyEnv": "OPENAI_API_KEY",
    "retrieval.ollama.baseUrl": "http://127.0.0.1:11434",
    "retrieval.ollama.model": "all-minilm",
    "sync.cloudMemory": False,
    "agent.command": None,  # the external agent `picasso run` drives, e.g. "claude -p" or "codex exec"
    "agent.model": None,  # a label for model_performance notes (never a credential)
    "agent.promptVia": "arg",  # arg: the prompt is the last argument (or replaces "{prompt}"); stdin
    "agent.verify": [],  # the workspace's verification commands, run in order after the agent
    "agent.verifyTimeoutSeconds": 600,
    "agent.rememberHint": True,  # tell the agent how to print remember(<class>): lines
    "agent.transcriptsKept": 50,  # redacted run transcripts kept under <home>/transcripts (newest first)
    "writeback.classifier": "rules",  # rules (offline, deterministic) or model (rules + an OpenAI-compatible model)
    "writeback.model.baseUrl": "http://127.0.0.1:11434/v1",
    "writeback.model.model": "llama3.1",
    "writeback.model.apiKeyEnv": "OPENAI_API_KEY",
    "writeback.model.timeoutSeconds": 30,
    "profile.skippedWorkspaces": [],  # workspace fingerprints whose first-session profile offer was skipped
    "sync.server": None,  # the sync server's URL (`picasso auth login --server` overrides it)
    "sync.allowPlaintextKeys": False,  # explicit opt-in: keep the memory key in a 0600 file when no keyring exists
}


class SettingsError(StoreError):
    pass


def load(paths: PicassoPaths | None = None) -> dict[str, Any]:
    """The settings file as a nested dict ({} when there is none)."""
    path = (paths or PicassoPaths.resolve()).settings_file
    try:
        data = orjson.loads(path.read_bytes())
    except FileNotFoundError:
        return {}
    except orjson.JSONDecodeError as exc:
        raise SettingsError(
            f"{path} is not valid JSON (line {exc.lineno}, column {exc.colno}); fix or remove it."
        ) from None
    if not isinstance(data, dict):
        raise SettingsError(f"{path} must hold a JSON object; fix or remove it.")
    return data


def get(key: str, paths: PicassoPaths | None = None) -> Any:
    node: Any = load(paths)
    for part in key.split("."):
        if not isinstance(node, dict) or part not in node:
            return DEFAULTS.get(key)
        node = node[part]
    return node


def set_value(key: str, value: Any, paths: PicassoPaths | None = None) -> None:
    paths = paths or PicassoPaths.resolve()
    data = load(paths)
    node = data
    parts = key.split(".")
    for part in parts[:-1]:
        node = node.setdefault(part, {})
        if not isinstance(node, dict):
            raise SettingsError(f"Cannot set {key}: {part} is not a group of settings.")
    node[parts[-1]] = value
    paths.settings_file.parent.mkdir(parents=True, exist_ok=True, mode=0o700)
    write_atomic(paths.settings_file, orjson.dumps(data, option=orjson.OPT_INDENT_2) + b"\n")
