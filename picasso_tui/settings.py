"""User settings: ``<picasso home>/settings/settings.json``, dotted keys (``retrieval.embedder``).

Written atomically like the store, so a crash never leaves half a settings file. Read once per
process and again only when the file changes (one stat per lookup), so a command that asks for nine
settings reads the file once, and a long-running TUI still sees a `settings set` made elsewhere.
"""

from __future__ import annotations

import os
from typing import Any

import orjson

from picasso_tui.atomic import write_atomic
from picasso_tui.errors import PicassoError
from picasso_tui.paths import PicassoPaths

DEFAULTS: dict[str, Any] = {
    "retrieval.embedder": "auto",  # auto: the local MiniLM model when installed, else the hash embedder
    "retrieval.topK": 8,
    "retrieval.budgetTokens": 1200,
    "retrieval.openai.baseUrl": "https://api.openai.com/v1",
    "retrieval.openai.model": "text-embedding-3-small",
    "retrieval.openai.apiKeyEnv": "OPENAI_API_KEY",
    "retrieval.ollama.baseUrl": "http://127.0.0.1:11434",
    "retrieval.ollama.model": "all-minilm",
    "retrieval.reader": "off",  # off, rerank (a /rerank endpoint) or judge (a chat model): orders the top of a recall
    "retrieval.readerUrl": None,  # rerank: the /rerank endpoint or its base URL; judge: an OpenAI-compatible base URL
    "retrieval.readerModel": None,  # the reranker or chat model (judge without readerUrl: writeback.model.*)
    "retrieval.readerApiKeyEnv": None,  # the environment variable holding the reader's key (never the key)
    "retrieval.readerTimeoutMs": 2000,  # the reader's whole answer, past which the retrieval order stands
    "retrieval.readerTopN": 10,  # how many memories the reader reads: the ranking's, then the best below the floor
    "sync.cloudMemory": False,
    "agent.command": None,  # the external agent `picasso run` drives, e.g. "claude -p" or "codex exec"
    "agent.model": None,  # a label for model_performance notes (never a credential)
    "agent.structuredOutput": True,  # ask Claude Code, Codex and Gemini CLI for their JSON event stream
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
    "helper.port": 0,  # the local helper's loopback port (`picasso helper run`); 0: any free port, in helper.json
    "hooks.briefBudgetTokens": 600,  # the workspace brief an agent's session-start hook adds (pins, rules, profile)
    # Past its budget a hook gives up quietly (exit 0, nothing added): the agent's turn never waits on memory
    # for long. Context hooks hold up the user's prompt; write-back hooks stay under Gemini CLI's 60 s default.
    "hooks.timeoutMs.sessionStart": 3000,
    "hooks.timeoutMs.prompt": 2000,
    "hooks.timeoutMs.stop": 45000,
    "hooks.timeoutMs.sessionEnd": 45000,
}


RANGES: dict[str, tuple[int, int]] = {
    "retrieval.topK": (1, 64),  # memories retrieval keeps before the block's budget applies
    "retrieval.budgetTokens": (50, 100_000),  # the injected block's size, as `memory recall --budget`
    "retrieval.readerTimeoutMs": (100, 60_000),
    "retrieval.readerTopN": (2, 32),
    "helper.port": (0, 65_535),
    "hooks.briefBudgetTokens": (50, 100_000),
    "hooks.timeoutMs.sessionStart": (10, 600_000),
    "hooks.timeoutMs.prompt": (10, 600_000),
    "hooks.timeoutMs.stop": (10, 600_000),
    "hooks.timeoutMs.sessionEnd": (10, 600_000),
}

CHOICES: dict[str, tuple[str, ...]] = {
    "retrieval.reader": ("off", "rerank", "judge"),
}

SWITCHES = frozenset({"agent.structuredOutput"})  # on or off: true or false, never a string or a number


class SettingsError(PicassoError):
    pass


_cache: dict[str, tuple[tuple[int, int, int], dict[str, Any]]] = {}


def load(paths: PicassoPaths | None = None) -> dict[str, Any]:
    """The settings file as a nested dict ({} when there is none)."""
    path = (paths or PicassoPaths.resolve()).settings_file
    try:
        st = os.stat(path)
    except FileNotFoundError:
        return {}
    except OSError as exc:
        raise SettingsError(f"Cannot read {path}: {exc.strerror or exc}.") from None
    stamp = (st.st_ino, st.st_mtime_ns, st.st_size)
    hit = _cache.get(str(path))
    if hit is not None and hit[0] == stamp:
        return hit[1]
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
    _cache[str(path)] = (stamp, data)
    return data


def get(key: str, paths: PicassoPaths | None = None) -> Any:
    node: Any = load(paths)
    for part in key.split("."):
        if not isinstance(node, dict) or part not in node:
            return DEFAULTS.get(key)
        node = node[part]
    if key in RANGES or key in CHOICES or key in SWITCHES:
        check(key, node)
    return node


def check(key: str, value: Any) -> None:
    """Refuse a value outside the key's range or choices with one sentence (in the file or on `settings set`)."""
    if key in SWITCHES:
        if not isinstance(value, bool):
            raise SettingsError(f"{key} is on or off (true or false); it is {repr(value)[:40]}.")
        return
    if key in CHOICES:
        if value not in CHOICES[key]:
            shown = repr(value)[:40]
            raise SettingsError(f"{key} must be one of {', '.join(CHOICES[key])}; it is {shown}.")
        return
    low, high = RANGES[key]
    if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
        raise SettingsError(f"{key} must be a whole number from {low:,} to {high:,}; it is {value!r}.")


def set_value(key: str, value: Any, paths: PicassoPaths | None = None) -> None:
    paths = paths or PicassoPaths.resolve()
    if key in RANGES or key in CHOICES or key in SWITCHES:
        check(key, value)
    data = orjson.loads(orjson.dumps(load(paths)))  # a deep copy: the cached dict stays what the file holds
    node = data
    parts = key.split(".")
    for part in parts[:-1]:
        node = node.setdefault(part, {})
        if not isinstance(node, dict):
            raise SettingsError(f"Cannot set {key}: {part} is not a group of settings.")
    node[parts[-1]] = value
    paths.settings_file.parent.mkdir(parents=True, exist_ok=True, mode=0o700)
    write_atomic(paths.settings_file, orjson.dumps(data, option=orjson.OPT_INDENT_2) + b"\n")
