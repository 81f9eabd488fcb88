"""Codex CLI (openai/codex), two ways of calling out:

- ``notify`` (``notify = ["picasso", "hook", "codex", "notify"]`` in ``~/.codex/config.toml``; docs/config.md):
  after each turn Codex appends one JSON argument, ``{"type": "agent-turn-complete", "thread-id", "turn-id",
  "cwd", "client"?, "input-messages", "last-assistant-message"}`` (kebab-case; codex-rs/hooks/src/legacy_notify.rs),
  with stdin, stdout and stderr closed and without waiting. Write-back only; nothing is printed.
- ``hooks.json`` (codex-rs/hooks/schema/generated/): Claude Code's event names and fields on stdin (``session_id``,
  ``transcript_path``, which may be null, ``cwd``, ``hook_event_name``, ``prompt``, ``stop_hook_active``) and
  ``hookSpecificOutput.additionalContext`` for SessionStart and UserPromptSubmit. Codex shows ``systemMessage`` as
  a warning, so the profile offer goes to the model instead, to pass on.

The transcript is the session's rollout, ``$CODEX_HOME/sessions/YYYY/MM/DD/rollout-<time>-<thread id>.jsonl``
(``CODEX_HOME`` defaults to ``~/.codex``; codex-rs/rollout/src/recorder.rs), found by the thread id when the
payload does not name it.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

from picasso_tui.hooks.claude import context_answer
from picasso_tui.hooks.request import (
    ABSORB,
    SKIP,
    BadPayload,
    HookRequest,
    TranscriptNotFound,
    common_request,
    folder,
    text,
)

EVENTS = {
    "session-start": "SessionStart",
    "prompt": "UserPromptSubmit",
    "stop": "Stop",
    "session-end": "SessionEnd",
    "notify": "agent-turn-complete",
}
ARGV_PAYLOAD = frozenset({"notify"})
"""Events whose payload is the last command-line argument instead of stdin."""
_THREAD_ID = re.compile(r"[0-9A-Za-z-]{8,64}")


def request(event: str, payload: dict[str, Any]) -> HookRequest:
    if event == "notify":
        return _notification(payload)
    named = payload.get("transcript_path")
    unnamed = not (isinstance(named, str) and named.strip())  # hooks.json may send null: Codex names no rollout
    found = None
    if unnamed and event in ("stop", "session-end") and payload.get("stop_hook_active") is not True:
        found = find_rollout(text(payload, "session_id"))
    return common_request(event, EVENTS[event], payload, found)


def answer(req: HookRequest, context: str, notice: str | None) -> str:
    if notice:
        context = "\n\n".join(p for p in (context, f"Tell the user once: {notice}") if p.strip())
    return context_answer(req, context, None)


def _notification(payload: dict[str, Any]) -> HookRequest:
    kind = payload.get("type")
    if not isinstance(kind, str):
        raise BadPayload('The notification has no "type".')
    cwd = folder(payload)
    if kind != "agent-turn-complete":  # the only kind Codex sends today; a newer one is not ours to read
        return HookRequest(SKIP, cwd, kind[:40])
    thread = text(payload, "thread-id")
    return HookRequest(ABSORB, cwd, kind, transcript=find_rollout(thread), session_id=thread)


def find_rollout(thread_id: str) -> Path:
    """The rollout file of one thread under ``$CODEX_HOME/sessions`` (``CODEX_HOME`` defaults to ``~/.codex``)."""
    from picasso_tui.writeback.foreign.codex import rollout_path  # the reader's own knowledge of Codex's layout

    if not _THREAD_ID.fullmatch(thread_id):
        raise BadPayload("The Codex thread id is not an id.")
    found = rollout_path(thread_id)
    if found is None:
        raise TranscriptNotFound(f"No Codex rollout under $CODEX_HOME/sessions belongs to thread {thread_id}.")
    return found
