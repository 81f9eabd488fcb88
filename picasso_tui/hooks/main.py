"""``picasso hook <agent> <event>``: what an agent runs at its session and turn events.

It reads the agent's JSON (stdin; Codex's ``notify`` passes it as the last argument), calls the use case, prints
the answer in the agent's shape and exits 0. A hook never blocks or breaks the agent:

- Any failure (a payload that is not what the agent documents, an unknown agent or event, a store that cannot be
  read, a bug) exits 0 with nothing on stdout, and a ``hook`` event in the log records the error's class name.
- Past its budget (``hooks.timeoutMs.<event>``, counted from the process's start) it gives up quietly: a timer
  records a ``timeout`` event and ends the process. Every write it could be in the middle of is atomic (memory.json,
  the ledger, the caches: temp file, then ``os.replace``), so giving up leaves the old file or the new one.
- stderr stays empty (agents show a hook's stderr to the user, and Gemini CLI even parses it as the answer when
  stdout is empty) unless ``PICASSO_HOOK_DEBUG`` is set, when one line says what happened.

The process starts from ``cli/launch.py`` without click or the TUI: only what the answer needs is imported.
"""

from __future__ import annotations

import os
import sys
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from types import ModuleType
from typing import Any, NoReturn, Protocol

import orjson

from picasso_tui import settings
from picasso_tui.errors import PicassoError
from picasso_tui.hooks import claude, codex, gemini
from picasso_tui.hooks.request import ABSORB, BRIEF, PROMPT, SKIP, BadPayload, HookRequest, UnknownHook
from picasso_tui.paths import PicassoPaths
from picasso_tui.services import agent_hooks
from picasso_tui.store import events
from picasso_tui.store.api import MemoryStore

AGENTS: dict[str, ModuleType] = {"claude": claude, "codex": codex, "gemini": gemini}
BUDGET_KEYS = {
    "session-start": "hooks.timeoutMs.sessionStart",
    "prompt": "hooks.timeoutMs.prompt",
    "stop": "hooks.timeoutMs.stop",
    "session-end": "hooks.timeoutMs.sessionEnd",
    "notify": "hooks.timeoutMs.stop",  # Codex's end of a turn
}
DEBUG_ENV = "PICASSO_HOOK_DEBUG"


@dataclass(frozen=True)
class Outcome:
    stdout: str = ""
    outcome: str = "ok"
    """``ok``, ``skipped`` (nothing to do) or ``failed``; the timer records ``timeout`` itself."""
    reason: str | None = None
    detail: str = ""
    """For ``PICASSO_HOOK_DEBUG`` only: the error's sentence (never in the event log, which holds no text)."""


class Stores(Protocol):
    """Where a hook's store and prompt block come from."""

    def prepare(self) -> None: ...
    def open(self, cwd: Path) -> MemoryStore: ...
    def prompt_block(self, store: MemoryStore, prompt: str) -> str: ...


class FreshStores:
    """A fresh process's: the store opened for this hook, the block answered from the saved index. (The local helper
    passes its warm ones: ``cli/helper.py``.)"""

    def prepare(self) -> None:
        agent_hooks.prepare_prompt()  # before the store opens: the embedder loads meanwhile

    def open(self, cwd: Path) -> MemoryStore:
        return agent_hooks.open_workspace(cwd)

    def prompt_block(self, store: MemoryStore, prompt: str) -> str:
        return agent_hooks.prompt_context(store, prompt).block


class Deadline:
    """Ends the process quietly when the budget runs out, unless the answer is already on its way out."""

    def __init__(self, seconds: float, on_expire: Callable[[], None]) -> None:
        self._claimed = threading.Lock()
        self._on_expire = on_expire
        self._timer = threading.Timer(max(0.0, seconds), self._expire)
        self._timer.daemon = True
        self._timer.start()

    def _expire(self) -> None:
        if self._claimed.acquire(blocking=False):
            try:
                self._on_expire()
            finally:
                os._exit(0)

    def claim(self) -> bool:
        """The right to answer; False once the timer has fired (the process is leaving)."""
        if self._claimed.acquire(blocking=False):
            self._timer.cancel()
            return True
        return False


def main(argv: list[str] | None = None, started: float | None = None, payload: str | None = None) -> NoReturn:
    """``argv``: what follows ``picasso hook``. ``started``: ``time.perf_counter()`` when the process began.
    ``payload``: stdin, when the entry point already read it (it asked the local helper first, which failed)."""
    began = time.perf_counter() if started is None else started
    args = sys.argv[2:] if argv is None else argv
    agent, event = [*args, "", ""][:2]
    paths = PicassoPaths.resolve()
    label = (agent if agent in AGENTS else "unknown", event if event in BUDGET_KEYS else "unknown")

    def expired() -> None:
        record(paths, label, Outcome(outcome="timeout"), began)

    deadline = Deadline(budget_seconds(paths, event) - (time.perf_counter() - began), expired)
    read = read_stdin if payload is None else lambda: payload
    outcome = guarded(lambda: run(agent, event, args[2:], read))
    if not deadline.claim():
        threading.Event().wait()  # the timer is ending the process
    if outcome.stdout:
        write_stdout(outcome.stdout.encode())
    record(paths, label, outcome, began)
    os._exit(0)


def run(agent: str, event: str, extra: list[str], read: Callable[[], str], stores: Stores | None = None) -> Outcome:
    """One hook: parse the payload, call the use case, render the answer."""
    stores = stores or FreshStores()
    module = AGENTS.get(agent)
    if module is None or event not in module.EVENTS:
        raise UnknownHook(f"picasso hook serves {', '.join(AGENTS)}; {agent} {event} is not one of its hooks.")
    raw = extra[-1] if event in getattr(module, "ARGV_PAYLOAD", ()) and extra else read()
    req: HookRequest = module.request(event, parse_payload(raw))
    if req.action == SKIP:
        return Outcome(outcome="skipped")
    if req.action == BRIEF:
        brief = agent_hooks.session_brief(stores.open(req.cwd))
        return Outcome(module.answer(req, brief.context, brief.offer))
    if req.action == PROMPT:
        stores.prepare()
        return Outcome(module.answer(req, stores.prompt_block(stores.open(req.cwd), req.prompt), None))
    if req.action != ABSORB or req.transcript is None:
        raise BadPayload(f"The hook payload asks for nothing {agent} {event} does.")
    store = stores.open(req.cwd)
    agent_hooks.absorb_transcript(store, agent, req.transcript, req.session_id, final=event == "session-end")
    return Outcome()


def guarded(call: Callable[[], Outcome]) -> Outcome:
    """The hook's outcome, whatever happens: an error becomes a failed outcome named by its class."""
    try:
        return call()
    except BaseException as exc:  # the agent must never see a traceback or a non-zero exit
        detail = str(exc)
        if os.environ.get(DEBUG_ENV) and not isinstance(exc, PicassoError):  # a bug: where it happened
            import traceback

            detail = "".join(traceback.format_exception(exc)).rstrip()
        return Outcome(outcome="failed", reason=type(exc).__name__, detail=detail)


def parse_payload(raw: str) -> dict[str, Any]:
    if not raw.strip():
        raise BadPayload("The hook received no payload.")
    try:
        payload = orjson.loads(raw)
    except orjson.JSONDecodeError:
        raise BadPayload("The hook payload is not JSON.") from None
    if not isinstance(payload, dict):
        raise BadPayload("The hook payload is not a JSON object.")
    return payload


def read_stdin() -> str:
    """The payload on stdin; none from a terminal (someone typing the command), which would wait for ever."""
    stream = sys.stdin
    if stream is None or stream.isatty():
        return ""
    return stream.buffer.read().decode("utf-8", errors="replace")


def budget_seconds(paths: PicassoPaths, event: str) -> float:
    key = BUDGET_KEYS.get(event, "hooks.timeoutMs.prompt")
    try:
        value = settings.get(key, paths)
    except settings.SettingsError:  # a broken settings file: the default budget, and the hook fails on its own
        value = settings.DEFAULTS[key]
    return float(value) / 1000


def write_stdout(data: bytes) -> None:
    try:
        while data:
            data = data[os.write(1, data) :]
    except OSError:
        pass  # the agent stopped listening: nothing left to tell it


def record(paths: PicassoPaths, label: tuple[str, str], outcome: Outcome, began: float) -> None:
    """The hook's event (contract: agent, hookEvent, outcome, ms, reason; never memory text)."""
    ms = round((time.perf_counter() - began) * 1000)
    events.emit(paths, "hook", agent=label[0], hookEvent=label[1], outcome=outcome.outcome, ms=ms,
                reason=outcome.reason)  # fmt: skip
    if os.environ.get(DEBUG_ENV):
        said = f" ({outcome.reason}: {outcome.detail})" if outcome.reason else ""
        sys.stderr.write(f"picasso hook {label[0]} {label[1]}: {outcome.outcome} in {ms} ms{said}\n")
        sys.stderr.flush()
