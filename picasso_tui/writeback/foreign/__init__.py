"""Readers of the agents' own session transcripts: Claude Code, Codex CLI, Gemini CLI.

A hook at the end of a turn or a session reads the agent's transcript file into Picasso's
:class:`~picasso_tui.writeback.transcript.Transcript`, which the classifier reads as it reads a
`picasso run`. Reading is incremental: ``consumed`` says how far the file was read, and a later call
with ``start=consumed`` returns only what was appended since (a resumed session is not learned from
twice). The formats, and the fields read from each, are in docs/agent-transcripts.md.
"""

from __future__ import annotations

from pathlib import Path

from picasso_tui.writeback.foreign import claude, codex, gemini
from picasso_tui.writeback.foreign.build import ForeignTranscript
from picasso_tui.writeback.transcript import TranscriptError

AGENTS = ("claude", "codex", "gemini")

__all__ = ["AGENTS", "ForeignTranscript", "TranscriptError", "read_agent_transcript"]


def read_agent_transcript(agent: str, path: Path, *, start: int = 0, cwd: Path | None = None) -> ForeignTranscript:
    """``agent``'s transcript at ``path`` from ``start`` (a byte offset; for Gemini CLI's older one-JSON
    session files, a message count) as Picasso's transcript. ``cwd``, when given, is the workspace the
    edited files are reported relative to if the transcript does not say (Gemini CLI's does not).

    Raises TranscriptError, with one sentence, when the file is missing, unreadable or not that agent's
    transcript; a bad line inside a real transcript is skipped."""
    if start < 0:
        raise TranscriptError(f"A transcript is read from offset 0 or later, not {start}.")
    path = Path(path)
    if agent == "claude":
        return claude.read(path, start)
    if agent == "codex":
        return codex.read(path, start)
    if agent == "gemini":
        return gemini.read(path, start, cwd=str(cwd) if cwd else None)
    raise TranscriptError(f"'{agent}' is not an agent Picasso reads transcripts of ({', '.join(AGENTS)}).")
