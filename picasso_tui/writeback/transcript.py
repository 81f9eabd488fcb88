"""The run transcript: one JSON object a line, documented in docs/transcript.md.

It is what the classifier reads. The first line is a ``session`` header; every later line is an
event ``{"i": <index>, "type": <type>, ...}``. Event indexes are what a record's
``provenance.eventIndex`` points at, so they never change once written.
"""

from __future__ import annotations

import bisect
import os
import re
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import orjson

from picasso_tui.redact.redact import RedactionFailed, redact_text
from picasso_tui.store.ids import new_id
from picasso_tui.store.schema import format_timestamp, utc_now
from picasso_tui.writeback import agent_streams
from picasso_tui.writeback.errors import WritebackError

FORMAT_VERSION = 1
EVENT_TYPES = frozenset(
    {
        "prompt",  # {text}: what the user asked
        "injected",  # {ids}: the memory records prepended to the prompt
        "output",  # {text}: one line the agent printed
        "tool_call",  # {tool, input, callId?}: reported by the agent
        "tool_result",  # {tool, ok, exitCode?, output, callId?}: reported by the agent
        "plan",  # {text, ref?, approved}: a plan the agent proposed (approved by the user or not)
        "files_changed",  # {files: [{path, status}]}: from git, before vs after the run
        "verify",  # {command, exitCode, output, durationMs}: the workspace's verification commands
        "correction",  # {text}: a user follow-up correcting the agent
        "reflection",  # {outcome, summary, exitCode}: the run's final reflection
    }
)
"""Reporting tool calls is up to the agent: see ``events_from_agent_line`` for the shapes we read."""


class TranscriptError(WritebackError):
    pass


def new_session_id() -> str:
    return "sess_" + new_id().removeprefix("mem_")


@dataclass
class Event:
    index: int
    type: str
    data: dict[str, Any]

    def get(self, key: str, default: Any = None) -> Any:
        return self.data.get(key, default)

    @property
    def text(self) -> str:
        value = self.data.get("text")
        return value if isinstance(value, str) else ""

    def as_json(self) -> dict[str, Any]:
        return {"i": self.index, "type": self.type, **self.data}


@dataclass
class Transcript:
    session_id: str = field(default_factory=new_session_id)
    header: dict[str, Any] = field(default_factory=dict)
    events: list[Event] = field(default_factory=list)

    def add(self, type_: str, **data: Any) -> Event:
        if type_ not in EVENT_TYPES:
            raise TranscriptError(f"'{type_}' is not a transcript event type ({', '.join(sorted(EVENT_TYPES))}).")
        event = Event(len(self.events), type_, {"at": format_timestamp(utc_now()), **data})
        self.events.append(event)
        return event

    def of(self, *types: str) -> Iterator[Event]:
        return (e for e in self.events if e.type in types)

    def first(self, type_: str) -> Event | None:
        return next(self.of(type_), None)

    @property
    def prompt(self) -> str:
        event = self.first("prompt")
        return event.text if event else ""

    # -- the file form ----------------------------------------------------------------------------

    def header_line(self) -> dict[str, Any]:
        return {"type": "session", "v": FORMAT_VERSION, "sessionId": self.session_id, **self.header}

    def to_jsonl(self) -> bytes:
        lines = [orjson.dumps(self.header_line())]
        lines += [orjson.dumps(e.as_json()) for e in self.events]
        return b"\n".join(lines) + b"\n"

    def save(self, path: Path) -> None:
        path.parent.mkdir(parents=True, exist_ok=True, mode=0o700)
        fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)  # transcripts can hold private code
        with os.fdopen(fd, "wb") as fh:
            fh.write(self.to_jsonl())

    @classmethod
    def from_lines(cls, lines: Iterable[bytes | str], source: str = "transcript") -> Transcript:
        transcript = cls()
        for n, line in enumerate(lines, 1):
            if not line.strip():
                continue
            try:
                obj = orjson.loads(line)
            except orjson.JSONDecodeError:
                raise TranscriptError(
                    f"{source} line {n} is not JSON; a transcript has one JSON object a line."
                ) from None
            if not isinstance(obj, dict) or not isinstance(obj.get("type"), str):
                raise TranscriptError(f'{source} line {n} is not an event object with a "type".')
            kind = obj.pop("type")
            if kind == "session":
                obj.pop("v", None)
                transcript.session_id = str(obj.pop("sessionId", transcript.session_id))
                transcript.header = obj
            elif kind in EVENT_TYPES:
                obj.pop("i", None)
                transcript.events.append(Event(len(transcript.events), kind, obj))
            # An unknown event type from a newer writer is skipped, not fatal: reflection is best effort.
        return transcript

    @classmethod
    def load(cls, path: Path) -> Transcript:
        try:
            data = path.read_bytes()
        except OSError as exc:
            raise TranscriptError(f"Cannot read the transcript {path}: {exc.strerror or exc}.") from None
        return cls.from_lines(data.splitlines(), str(path))


# -- what agents print ----------------------------------------------------------------------------


def events_from_agent_line(line: str) -> list[tuple[str, dict[str, Any]]]:
    """Structured events in one line of agent output, or [] for plain text.

    Understood: our own shape (``{"type": "tool_call" | "tool_result" | "plan", ...}``), Claude
    Code's ``--output-format stream-json``, Codex's ``exec --json`` items and Gemini CLI's
    ``--output-format stream-json`` (``agent_streams``). Besides transcript event types the pairs may be
    ``skip`` or kinds only a live view shows (``notice``, ``todo``, ``agent_error``: see ``agent_streams``).
    """
    stripped = line.strip()
    if not (stripped.startswith("{") and stripped.endswith("}")):
        return []
    try:
        obj = orjson.loads(stripped)
    except orjson.JSONDecodeError:
        return []
    if not isinstance(obj, dict):
        return []
    kind = obj.get("type")
    gemini = agent_streams.gemini_events(obj)
    if gemini is not None:
        return gemini
    if kind in ("tool_call", "tool_result", "plan"):
        return [(kind, {k: v for k, v in obj.items() if k not in ("type", "i", "at")})]
    if kind in ("assistant", "user") and isinstance(obj.get("message"), dict):
        return list(_claude_events(obj["message"].get("content"), assistant=kind == "assistant"))
    if kind == "result" and "session_id" in obj:
        return agent_streams.claude_result(obj)
    if isinstance(kind, str) and kind.startswith("item.") and isinstance(obj.get("item"), dict):
        completed = kind == "item.completed"
        return _codex_events(obj["item"], completed=completed) or agent_streams.codex_events(kind, obj) or [SKIP]
    if kind in ("turn.failed", "error"):
        return agent_streams.codex_events(kind, obj)
    if (kind == "system" and "session_id" in obj) or str(kind).startswith(("thread.", "turn.")):
        return [SKIP]  # the protocol's own bookkeeping (session start, usage): nothing a reader needs
    return []


SKIP = agent_streams.SKIP
"""A structured line with nothing to record or show."""


def _claude_events(content: Any, *, assistant: bool = True) -> Iterator[tuple[str, dict[str, Any]]]:
    for part in content if isinstance(content, list) else []:
        if not isinstance(part, dict):
            continue
        if part.get("type") == "tool_use" and part.get("name") == "ExitPlanMode":  # Claude Code's plan mode
            plan = (part.get("input") or {}).get("plan") if isinstance(part.get("input"), dict) else None
            if isinstance(plan, str) and plan.strip():
                yield "plan", {"text": plan}
        elif part.get("type") == "tool_use":
            yield "tool_call", {"tool": part.get("name"), "input": part.get("input"), "callId": part.get("id")}
        elif part.get("type") == "tool_result":
            yield "tool_result", agent_streams.claude_tool_result(part)
        elif part.get("type") == "text" and part.get("text") and assistant:  # a user's text is not the agent's
            yield "output", {"text": str(part["text"])}


def _codex_events(item: dict[str, Any], *, completed: bool) -> list[tuple[str, dict[str, Any]]]:
    if item.get("type") == "command_execution" and completed:
        code = item.get("exit_code")
        command = agent_streams.unwrap_shell(item.get("command"))
        return [
            ("tool_call", {"tool": "shell", "input": {"command": command}, "callId": item.get("id")}),
            (
                "tool_result",
                {
                    "tool": "shell",
                    "ok": code == 0,
                    "exitCode": code,
                    "output": str(item.get("aggregated_output") or ""),
                    "callId": item.get("id"),
                },
            ),
        ]
    if item.get("type") == "agent_message" and completed and item.get("text"):
        return [("output", {"text": str(item["text"])})]
    return []


def command_of(event: Event) -> str | None:
    """The shell command a tool call ran, when it ran one."""
    value = event.get("input")
    if isinstance(value, dict):
        cmd = value.get("command") or value.get("cmd")
        if isinstance(cmd, list):
            cmd = " ".join(str(c) for c in cmd)
        return cmd.strip() if isinstance(cmd, str) and cmd.strip() else None
    if isinstance(value, str) and (event.get("tool") or "").lower() in ("bash", "shell", "terminal", "exec"):
        return value.strip() or None
    return None


# -- redaction across output lines ---------------------------------------------------------------------

WRAP_MIN_CHARS = 40
"""A line at least this long that ends inside a token may be a terminal's wrap: its end and the next line's
start are also read as one token."""
_SEAM_CHARS = 256
_TOKEN_CHAR = re.compile(r"[A-Za-z0-9+/=_.-]")
Cut = tuple[int, int, str]


def redact_output_runs(events: list[Event]) -> dict[int, str]:
    """The redacted text of every ``output`` event in a run of two or more, by event index. The run is
    redacted as one text, so a PEM key printed line by line (``cat key.pem``: one event a line) or a token
    wrapped over two lines is one secret, though no single line shows it whole; each marker lands on the
    lines the secret covers. This is those lines' redaction: the rules that cannot span lines read at most into
    the next line (a name at one line's end, its value at the next one's start), so redacting each line again
    would find nothing new (and would double the cost of keeping a transcript)."""
    try:
        out: dict[int, str] = {}
        for run in _output_runs(events):
            for event, text in zip(run, redact_lines([e.text for e in run]), strict=True):
                out[event.index] = text
        return out
    except RedactionFailed:
        raise
    except Exception as exc:  # fail closed, as the redactor does
        raise RedactionFailed(type(exc).__name__) from exc


def _output_runs(events: list[Event]) -> Iterator[list[Event]]:
    run: list[Event] = []
    for event in events:
        if event.type == "output" and isinstance(event.data.get("text"), str):
            run.append(event)
            continue
        if len(run) > 1:
            yield run
        run = []
    if len(run) > 1:
        yield run


def redact_lines(lines: list[str]) -> list[str]:
    """``lines`` with the secrets of their joined text (and of their wrap seams) replaced, line by line."""
    cuts: list[list[Cut]] = [[] for _ in lines]
    starts: list[int] = []
    pos = 0
    for line in lines:
        starts.append(pos)
        pos += len(line) + 1
    for f in redact_text("\n".join(lines)).findings:
        _spread(f.start, f.end, f.rule, starts, lines, cuts)
    _wrapped(lines, cuts)
    return [_cut(line, c) if c else line for line, c in zip(lines, cuts, strict=True)]


def _spread(start: int, end: int, rule: str, starts: list[int], lines: list[str], cuts: list[list[Cut]]) -> None:
    """Put the part of a joined-text span that falls on each line into that line's cuts."""
    i = max(0, _line_of(start, starts))
    while i < len(lines) and starts[i] < end:
        lo, hi = max(start, starts[i]), min(end, starts[i] + len(lines[i]))
        if lo < hi:
            cuts[i].append((lo - starts[i], hi - starts[i], rule))
        i += 1


def _line_of(pos: int, starts: list[int]) -> int:
    """The index of the line (or window) that ``pos`` falls in, given their sorted start offsets."""
    return bisect.bisect_right(starts, pos) - 1


def _wrapped(lines: list[str], cuts: list[list[Cut]]) -> None:
    """Secrets that cross a wrap seam: the end of a long line and the start of the next read as one token.
    All seams go through the redactor in one text (one window per seam), not one call per line."""
    windows: list[tuple[int, int, int, int]] = []  # (line, window start in the batch, seam in the batch, head length)
    parts: list[str] = []
    pos = 0
    for i in range(len(lines) - 1):
        left, right = lines[i], lines[i + 1]
        if len(left) < WRAP_MIN_CHARS or not right or not (_TOKEN_CHAR.match(left[-1]) and _TOKEN_CHAR.match(right[0])):
            continue
        tail, head = left[-_SEAM_CHARS:], right[:_SEAM_CHARS]
        windows.append((i, pos, pos + len(tail), len(head)))
        parts.append(tail + head)
        pos += len(tail) + len(head) + 1
    if not windows:
        return
    window_starts = [w[1] for w in windows]
    for f in redact_text("\n".join(parts)).findings:
        i, _, seam, head = windows[_line_of(f.start, window_starts)]
        if not f.start < seam < f.end:
            continue  # within one line: the joined text already had it
        left = lines[i]
        cuts[i].append((len(left) - (seam - f.start), len(left), f.rule))
        cuts[i + 1].append((0, min(f.end - seam, head), f.rule))


def _cut(line: str, cuts: list[Cut]) -> str:
    """``line`` with each cut replaced by its marker (overlapping cuts merge; the first one names the rule)."""
    cuts.sort(key=lambda c: (c[0], -c[1]))
    merged: list[Cut] = []
    for start, end, rule in cuts:
        if merged and start <= merged[-1][1]:
            merged[-1] = (merged[-1][0], max(merged[-1][1], end), merged[-1][2])
        else:
            merged.append((start, end, rule))
    out: list[str] = []
    pos = 0
    for start, end, rule in merged:
        out += [line[pos:start], f"[REDACTED:{rule}]"]
        pos = end
    out.append(line[pos:])
    return "".join(out)
