"""What a hook is asked to do, read from an agent's payload, and the errors a payload can earn."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any

from picasso_tui.errors import UsageError

BRIEF, PROMPT, ABSORB, SKIP = "brief", "prompt", "absorb", "skip"


class BadPayload(UsageError):
    """The agent's payload is not what its hook documentation promises (not JSON, a field missing)."""


class UnknownHook(UsageError):
    """``picasso hook`` was given an agent or event it does not serve."""


class TranscriptNotFound(UsageError):
    """The agent named a session whose transcript file cannot be found."""


@dataclass(frozen=True)
class HookRequest:
    action: str
    """``brief`` (session start), ``prompt`` (add the recall block), ``absorb`` (learn from the transcript) or
    ``skip`` (nothing to do: a Stop hook already running, a notification of another kind)."""
    cwd: Path
    """The folder the agent works in, from the payload: the workspace whose memory applies."""
    native: str
    """The agent's own name of the event, which its answer repeats (``UserPromptSubmit``, ``BeforeAgent`` …)."""
    prompt: str = ""
    transcript: Path | None = None
    session_id: str = ""


def text(payload: dict[str, Any], name: str, *, empty: bool = False) -> str:
    """A string field the agent always sends."""
    value = payload.get(name)
    if not isinstance(value, str) or (not empty and not value.strip()):
        raise BadPayload(f'The hook payload has no "{name}" text.')
    return value


def folder(payload: dict[str, Any], name: str = "cwd") -> Path:
    """An absolute path field (the agent's working folder)."""
    path = Path(text(payload, name))
    if not path.is_absolute():
        raise BadPayload(f'The hook payload\'s "{name}" is not an absolute path.')
    return path


def event_matches(payload: dict[str, Any], native: str, name: str = "hook_event_name") -> None:
    """A hook wired to the wrong event would answer in the wrong shape, which the agent refuses: check first."""
    said = payload.get(name)
    if said is not None and said != native:
        raise BadPayload(f"The hook was called for {said!s:.40} but is installed for {native}.")


def common_request(event: str, native: str, payload: dict[str, Any], transcript: Path | None) -> HookRequest:
    """The request of an agent whose events follow Claude Code's vocabulary and fields (Claude Code, Gemini CLI
    and Codex's hooks.json all do): a start briefs, a prompt recalls, a turn's or a session's end absorbs
    the transcript unless a Stop hook is already running (``stop_hook_active``)."""
    event_matches(payload, native)
    cwd = folder(payload)
    if event == "session-start":
        return HookRequest(BRIEF, cwd, native)
    if event == "prompt":
        return HookRequest(PROMPT, cwd, native, prompt=text(payload, "prompt", empty=True))
    if payload.get("stop_hook_active") is True:
        return HookRequest(SKIP, cwd, native)
    session = text(payload, "session_id")
    if transcript is None:
        transcript = Path(text(payload, "transcript_path"))
    return HookRequest(ABSORB, cwd, native, transcript=transcript, session_id=session)
