"""Claude Code's hooks (https://code.claude.com/docs/en/hooks): a JSON object on stdin with ``session_id``,
``transcript_path`` (the session's JSON-lines transcript), ``cwd`` and ``hook_event_name``, plus ``prompt`` for
UserPromptSubmit, ``source`` for SessionStart, ``stop_hook_active`` for Stop and ``reason`` for SessionEnd.

SessionStart and UserPromptSubmit add context with ``{"hookSpecificOutput": {"hookEventName": <event>,
"additionalContext": <text>}}`` (Claude Code refuses that object without ``hookEventName``); ``systemMessage``
is shown to the user. Stop and SessionEnd print nothing: exit 0 lets the turn end as it would have.
"""

from __future__ import annotations

from typing import Any

import orjson

from picasso_tui.hooks.request import BRIEF, PROMPT, HookRequest, common_request

EVENTS = {"session-start": "SessionStart", "prompt": "UserPromptSubmit", "stop": "Stop", "session-end": "SessionEnd"}


def request(event: str, payload: dict[str, Any]) -> HookRequest:
    return common_request(event, EVENTS[event], payload, None)


def answer(req: HookRequest, context: str, notice: str | None) -> str:
    """The JSON Claude Code reads from a context hook's stdout, or nothing."""
    return context_answer(req, context, notice)


def context_answer(req: HookRequest, context: str, notice: str | None) -> str:
    """``hookSpecificOutput.additionalContext`` for the model, ``systemMessage`` for the user (Claude Code's and
    Gemini CLI's shared shape); nothing for the events that only write back."""
    if req.action not in (BRIEF, PROMPT):
        return ""
    out: dict[str, Any] = {}
    if context.strip():
        out["hookSpecificOutput"] = {"hookEventName": req.native, "additionalContext": context}
    if notice:
        out["systemMessage"] = notice
    return orjson.dumps(out).decode() if out else ""
