"""What the classifiers read from a transcript: the files a run changed, its tool calls grouped with
their results, and short text taken from it (sentences, file paths, a command, an error's signature).
Raw tool output is never copied: a failure keeps the command and a one-line error signature, never the
output itself."""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from picasso_tui.writeback.transcript import Event, Transcript, command_of

MAX_COMMAND_CHARS = 120

# -- short text ------------------------------------------------------------------------------------

_SENTENCE_SPLIT = re.compile(r"(?<=[.!?;])\s+|\n+")
_PATH_RE = re.compile(
    r"(?<![\w/.@:-])((?:[\w.-]+/)+[\w.-]+\.[A-Za-z]{1,8}|[\w-]+\.(?:py|ts|tsx|js|jsx|go|rs|java|rb|toml|json|ya?ml|md|sql))\b"
)


def sentences(text: str) -> list[str]:
    """``text`` split into sentences and lines."""
    return [s.strip() for s in _SENTENCE_SPLIT.split(text) if s.strip()]


def short_command(cmd: str) -> str:
    one_line = " ".join(cmd.split())
    return one_line if len(one_line) <= MAX_COMMAND_CHARS else one_line[: MAX_COMMAND_CHARS - 1] + "…"


def mentioned_paths(text: str, limit: int = 8) -> list[str]:
    """The file paths ``text`` names (at most ``limit``), in order."""
    out: list[str] = []
    for m in _PATH_RE.finditer(text[:50_000]):
        p = m.group(1).strip("./") if m.group(1).startswith("./") else m.group(1)
        if p not in out and "://" not in p:
            out.append(p)
        if len(out) >= limit:
            break
    return out


# -- error signatures: one line that names a failure, never the output ------------------------------

_SIGNATURE_RES = [
    re.compile(r"^(?:FAILED|ERROR)\s+(\S+::\S+)(?:\s+-\s+([A-Za-z_][\w.]*(?:Error|Exception|Exit)))?", re.MULTILINE),
    re.compile(r"^\s*FAIL\s+(\S+)", re.MULTILINE),
    re.compile(r"\b([A-Z][A-Za-z]{0,60}(?:Error|Exception))\b(?::\s*([^\n]{1,80}))?"),
    re.compile(r"\berror(?:\[(\w+)\]|\s+([A-Z]{1,6}\d{1,6}))?:\s*([^\n]{1,100})", re.IGNORECASE),
    re.compile(r"\*\*\*\s+\[([^\]\n]{1,80})\]\s+(Error\s+\d+)"),  # make
    re.compile(r"\b(command not found|No such file or directory|Permission denied|timed out)\b", re.IGNORECASE),
]


def error_signature(output: str) -> str | None:
    """The first recognisable error line in ``output``, shortened (e.g. ``test_x: AssertionError``)."""
    text = output[-200_000:]  # errors are at the end of long logs; cap the scan
    for pattern in _SIGNATURE_RES:
        m = pattern.search(text)
        if m:
            parts = [g.strip() for g in m.groups() if g and g.strip()]
            sig = ": ".join(parts).rstrip(".")
            return sig if len(sig) <= 120 else sig[:119] + "…"
    return None


# -- what the run did --------------------------------------------------------------------------------


def changed_files(transcript: Transcript) -> list[str]:
    """The paths the run's ``files_changed`` events name, in the order first seen."""
    paths: list[str] = []
    for event in transcript.of("files_changed"):
        for f in event.get("files") or []:
            path = f.get("path") if isinstance(f, dict) else f
            if isinstance(path, str) and path not in paths:
                paths.append(path)
    return paths


@dataclass
class Attempts:
    command: str
    calls: list[tuple[Event, Event | None]] = field(default_factory=list)

    @property
    def failures(self) -> list[tuple[Event, Event | None]]:
        return [(c, r) for c, r in self.calls if r is not None and not succeeded(r)]


def succeeded(result: Event) -> bool:
    """A tool result is a failure only when it says so (``ok: false`` or a non-zero exit code)."""
    code = result.get("exitCode")
    return result.get("ok") is not False and code in (None, 0)


def tool_attempts(transcript: Transcript) -> dict[str, Attempts]:
    """Tool calls grouped by what they ran (command, or tool name), each with its result."""
    groups: dict[str, Attempts] = {}
    by_call: dict[str, Event] = {}
    pending: list[Event] = []
    results: dict[int, Event] = {}
    for event in transcript.events:
        if event.type == "tool_call":
            pending.append(event)
            if event.get("callId"):
                by_call[str(event.get("callId"))] = event
        elif event.type == "tool_result":
            call = by_call.get(str(event.get("callId"))) if event.get("callId") else None
            if call is None:
                call = next((c for c in reversed(pending) if c.index not in results), None)
            if call is not None:
                results[call.index] = event
    for call in pending:
        key = command_of(call) or str(call.get("tool") or "tool")
        groups.setdefault(key, Attempts(key)).calls.append((call, results.get(call.index)))
    return groups
