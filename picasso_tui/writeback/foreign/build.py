"""Turning what an agent recorded into Picasso's transcript events, the same way for every agent.

The readers (claude.py, codex.py, gemini.py) know each agent's file; this module knows what the
classifier needs: the user's first words as the ``prompt``, a later message that corrects the agent
(or approves its plan) as a ``correction``, tool calls paired with results that carry ``ok`` and the
exit code, plans with their approval, the files the agent edited. Raw tool output is bounded; the
memory block Picasso itself injected is never read back as the user's words.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from pathlib import PurePosixPath, PureWindowsPath
from typing import Any

from picasso_tui.writeback.evidence import sentences
from picasso_tui.writeback.phrases import (
    ACCEPTED_STYLE,
    APPROVAL,
    CORRECTION_RULE,
    DURABLE,
    FOLLOW_UP,
    STYLE_PAIRS,
)
from picasso_tui.writeback.transcript import Event, Transcript

TEXT_CHARS = 20_000
OUTPUT_CHARS = 8_000
"""A tool result keeps the last this many characters: errors and test summaries are at the end."""
INPUT_CHARS = 2_000

# Picasso's own injection (retrieval/block.py's header and agent/run.py's hint): when an agent records the
# prompt Picasso composed, these paragraphs are Picasso's memory, not the user's words.
_MEMORY_HEADER = "Memory context for this session:"
_HINT_START = "(Picasso memory:"
# Context the agents add to the user's turn (Claude Code's reminders, Gemini CLI's hook context, where
# Picasso's own hook output lands): not the user's words.
_ADDED = re.compile(r"<(system-reminder|hook_context)>.*?</\1>", re.DOTALL)


@dataclass
class ForeignTranscript:
    """An agent's own transcript read into Picasso's: the events, and how far the file was read.

    ``consumed`` is a byte offset for a JSON-lines file (a message count for a JSON file): reading again
    from it yields only what was appended."""

    transcript: Transcript
    consumed: int
    agent: str
    session: str | None = None
    cwd: str | None = None
    skipped_lines: int = 0


@dataclass
class _Said:
    text: str = ""
    channel: str = ""

    def repeats(self, text: str, channel: str) -> bool:
        """The same words reported again through the agent's other record of them (Codex writes both)."""
        return bool(channel) and text == self.text and channel != self.channel


@dataclass
class _Plan:
    key: str | None
    text: str
    ref: str | None
    at: Any
    event: Event | None = None
    settled: bool = False  # approved or rejected


@dataclass
class Builder:
    """Adds events to one transcript. While ``muted`` (re-reading what an earlier call already returned),
    it only keeps state: which calls exist, which plans were proposed, whether the user spoke."""

    agent: str
    resumed: bool = False
    cwd: str | None = None
    transcript: Transcript = field(default_factory=Transcript)
    muted: bool = False
    _had_user: bool = False
    _follow_up: bool = False
    _user: _Said = field(default_factory=_Said)
    _output: _Said = field(default_factory=_Said)
    _plans: list[_Plan] = field(default_factory=list)
    _files: set[str] = field(default_factory=set)
    _calls: dict[str, tuple[str, Any, bool]] = field(default_factory=dict)  # id -> (tool, input, in this transcript)

    def __post_init__(self) -> None:
        self._had_user = self.resumed
        self.transcript.header = {"agent": self.agent}

    def note(self, **values: Any) -> None:
        """Header fields (the agent's session id, model, cwd): the latest known value wins."""
        for key, value in values.items():
            if isinstance(value, str) and value:
                self.transcript.header[key] = value
        if values.get("cwd") and isinstance(values["cwd"], str):
            self.cwd = self.cwd or values["cwd"]

    def _add(self, kind: str, at: Any, **data: Any) -> Event:
        data = {k: v for k, v in data.items() if v is not None}
        if isinstance(at, str) and at:
            data["at"] = at
        if self.muted:
            return Event(-1, kind, data)
        return self.transcript.add(kind, **data)

    # -- the user's words --------------------------------------------------------------------------

    def user(self, text: str, at: Any, *, channel: str = "") -> Event | None:
        """A message the user typed: the ``prompt`` if it is the first, else a ``correction`` when it corrects
        or approves (or follows an interruption or a rejected tool call), else a new ``prompt``."""
        text = clean_user_text(text)
        if not text or self._user.repeats(text, channel):
            return None
        self._user = _Said(text, channel)
        follow_up = self._had_user and (self._follow_up or corrects(text))
        self._had_user = True
        self._follow_up = False
        return self._add("correction" if follow_up else "prompt", at, text=text)

    def correction(self, text: str, at: Any) -> Event | None:
        """The user's own words given while rejecting a tool call or a plan: always a correction."""
        text = clean_user_text(text)
        if not text:
            return None
        self._had_user = True
        self._follow_up = False
        self._user = _Said(text, "")
        return self._add("correction", at, text=text)

    def interrupted(self) -> None:
        """The user stopped the agent: what they type next corrects it."""
        self._follow_up = True

    # -- the agent's words and actions -------------------------------------------------------------

    def output(self, text: str, at: Any, *, channel: str = "") -> Event | None:
        text = text.strip()
        if not text or self._output.repeats(text, channel):
            return None
        self._output = _Said(text, channel)
        return self._add("output", at, text=clip_head(text, TEXT_CHARS))

    def call(self, tool: str, tool_input: Any, call_id: str | None, at: Any, *, sidechain: bool = False) -> Event:
        if call_id:
            self._calls[call_id] = (tool, tool_input, not self.muted)
        return self._add(
            "tool_call", at, tool=tool, input=clip_input(tool_input), callId=call_id, sidechain=sidechain or None
        )

    def known_call(self, call_id: str | None) -> tuple[str, Any] | None:
        found = self._calls.get(call_id or "")
        return (found[0], found[1]) if found else None

    def result(
        self,
        call_id: str | None,
        at: Any,
        *,
        ok: bool,
        output: str,
        exit_code: int | None = None,
        sidechain: bool = False,
    ) -> Event | None:
        """The result of a known call. A result whose call is unknown is dropped (the classifier would pair it
        with another call); one whose call an earlier read returned brings that call along again."""
        known = self._calls.get(call_id or "")
        if known is None:
            return None
        tool, tool_input, here = known
        if not here and not self.muted:
            self.call(tool, tool_input, call_id, at, sidechain=sidechain)
        return self._add(
            "tool_result",
            at,
            tool=tool,
            ok=ok,
            exitCode=exit_code,
            output=clip_tail(output, OUTPUT_CHARS),
            callId=call_id,
            sidechain=sidechain or None,
        )

    def plan(
        self, text: str, at: Any, *, key: str | None = None, ref: str | None = None, answered: bool = False
    ) -> None:
        """A plan the agent proposed. One the agent's UI answers (``answered``: Claude Code's ExitPlanMode, Gemini
        CLI's exit_plan_mode) waits for that answer, so a rejected plan never becomes a ``plan`` event that a later
        "lgtm" could approve; others (Codex's plan items) are added at once, unapproved until the user approves."""
        if not text.strip():
            return
        plan = _Plan(key, clip_head(text.strip(), TEXT_CHARS), ref, at)
        self._plans.append(plan)
        if not answered:
            plan.event = self._add("plan", at, text=plan.text, ref=ref, approved=False)

    def approve_plan(self, at: Any, *, key: str | None = None, text: str | None = None) -> Event | None:
        """The user approved a plan (the agent's UI recorded the choice; ``text`` is the plan as approved, edits
        included). A plan added by this read is marked approved; one an earlier read returned is added again,
        approved, as `picasso run` does."""
        plan = self._find_plan(key)
        body = clip_head((text or "").strip(), TEXT_CHARS) or (plan.text if plan else "")
        if not body:
            return None
        if plan is None:
            plan = _Plan(key, body, None, at)
            self._plans.append(plan)
        plan.settled = True
        if plan.event is not None and plan.event.index >= 0 and not self.muted:
            plan.event.data.update(approved=True, text=body)
            return plan.event
        plan.event = self._add("plan", at, text=body, ref=plan.ref, approved=True)
        return plan.event

    def reject_plan(self, at: Any, *, key: str | None = None) -> None:
        """The user rejected a plan: it stays what the agent said, never a plan to approve."""
        plan = self._find_plan(key)
        if plan is None or plan.settled:
            return
        plan.settled = True
        if plan.event is None:
            self._add("output", at, text=f"Proposed plan (rejected by the user):\n{plan.text}")

    def _find_plan(self, key: str | None) -> _Plan | None:
        return next((p for p in reversed(self._plans) if key is None or p.key == key), None)

    def unmute(self) -> None:
        """Switch from re-reading the earlier part to reading the new one. A plan still unanswered there was
        returned, unapproved, by the read that ended there."""
        for plan in self._plans:
            if plan.event is None and not plan.settled:
                plan.event = Event(-1, "plan", {"text": plan.text, "approved": False})
        self.muted = False

    def finish(self) -> Transcript:
        """The transcript, with the plans still waiting for an answer added, unapproved."""
        for plan in self._plans:
            if plan.event is None and not plan.settled and not self.muted:
                plan.event = self._add("plan", plan.at, text=plan.text, ref=plan.ref, approved=False)
        return self.transcript

    def read_so_far(self, consumed: int, *, skipped_lines: int = 0, cwd: str | None = None) -> ForeignTranscript:
        """The finished transcript and how far the file was read, with the session and folder its header names."""
        transcript = self.finish()
        header = transcript.header
        return ForeignTranscript(transcript, consumed, self.agent, session=header.get("agentSession"),
                                 cwd=cwd or header.get("cwd"), skipped_lines=skipped_lines)  # fmt: skip

    def file_changed(self, path: str, status: str, at: Any) -> Event | None:
        """A file the agent wrote or edited (each file once, with the status it first had)."""
        rel = relative_path(path, self.cwd)
        if not rel or rel in self._files:
            return None
        self._files.add(rel)
        return self._add("files_changed", at, files=[{"path": rel, "status": status}])


# -- text --------------------------------------------------------------------------------------------


def clean_user_text(text: str) -> str:
    """The user's words: without the agent's system reminders or Picasso's own injected memory block."""
    text = _ADDED.sub("", text).strip()
    if text.startswith((_MEMORY_HEADER, _HINT_START)):
        text = _strip_injection(text)
    return clip_head(text, TEXT_CHARS)


def _strip_injection(text: str) -> str:
    """Drop the paragraphs Picasso composed in front of the prompt: the block's header, its one paragraph of
    sections (``Title:`` lines and ``- `` entries), the remember hint."""
    paragraphs = text.split("\n\n")
    if paragraphs and paragraphs[0].strip().startswith(_MEMORY_HEADER):
        paragraphs.pop(0)
        if paragraphs and _is_sections(paragraphs[0]):
            paragraphs.pop(0)
    if paragraphs and paragraphs[0].strip().startswith(_HINT_START):
        paragraphs.pop(0)
    return "\n\n".join(paragraphs).strip()


def _is_sections(paragraph: str) -> bool:
    lines = paragraph.strip().splitlines()
    return bool(lines) and all(line.startswith("- ") or (line.endswith(":") and len(line) < 60) for line in lines)


def corrects(text: str) -> bool:
    """Whether a follow-up corrects the agent, states a rule or a preference, or approves: the phrasings
    the classifier reads in a correction."""
    for sentence in sentences(text)[:8]:
        if FOLLOW_UP.match(sentence) or CORRECTION_RULE.match(sentence) or APPROVAL.match(sentence):
            return True
        if DURABLE.match(sentence) or any(p.search(sentence) for p in STYLE_PAIRS):
            return True
        if any(p.match(sentence) for p in ACCEPTED_STYLE):
            return True
    return False


def clip_head(text: str, limit: int) -> str:
    return text if len(text) <= limit else text[: limit - 1] + "…"


def clip_tail(text: str, limit: int) -> str:
    return text if len(text) <= limit else "…" + text[-(limit - 1) :]


def clip_input(value: Any) -> Any:
    """A tool's arguments with long strings cut (a written file's content is not needed to learn from the call)."""
    if isinstance(value, str):
        return clip_head(value, INPUT_CHARS)
    if isinstance(value, dict):
        return {str(k): clip_input(v) for k, v in list(value.items())[:50]}
    if isinstance(value, list):
        return [clip_input(v) for v in value[:50]]
    return value


def relative_path(path: str, cwd: str | None) -> str:
    """``path`` relative to the workspace when it lies inside it (POSIX or Windows spelling)."""
    if not path:
        return ""
    flavour = PureWindowsPath if re.match(r"^[A-Za-z]:[\\/]", path) else PurePosixPath
    p = flavour(path)
    if cwd and p.is_absolute():
        try:
            return p.relative_to(flavour(cwd)).as_posix()
        except ValueError:
            return p.as_posix()
    return p.as_posix().removeprefix("./")


def parse_exit(text: str, pattern: re.Pattern[str]) -> int | None:
    m = pattern.search(text[:4000])
    if not m:
        return None
    try:
        return int(m.group(1))
    except (TypeError, ValueError):
        return None
