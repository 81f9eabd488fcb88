"""Gemini CLI's hooks (google-gemini/gemini-cli: docs/hooks/reference.md, packages/core/src/hooks/types.ts): a JSON
object on stdin with ``session_id``, ``transcript_path`` (the session's transcript, one JSON document), ``cwd``,
``hook_event_name`` and ``timestamp``, plus ``source`` for SessionStart, ``prompt`` for BeforeAgent, ``prompt``,
``prompt_response`` and ``stop_hook_active`` for AfterAgent and ``reason`` for SessionEnd.

SessionStart and BeforeAgent add context with ``hookSpecificOutput.additionalContext`` (with ``hookEventName``, as
the types declare it); ``systemMessage`` is shown to the user. Gemini CLI parses stdout as JSON and, when stdout
is empty, parses stderr instead and shows it: so the hook keeps both empty unless it has an answer.
"""

from __future__ import annotations

from typing import Any

from picasso_tui.hooks.claude import context_answer
from picasso_tui.hooks.request import HookRequest, common_request

EVENTS = {"session-start": "SessionStart", "prompt": "BeforeAgent", "stop": "AfterAgent", "session-end": "SessionEnd"}


def request(event: str, payload: dict[str, Any]) -> HookRequest:
    return common_request(event, EVENTS[event], payload, None)


def answer(req: HookRequest, context: str, notice: str | None) -> str:
    return context_answer(req, context, notice)
