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
    # a linter's diagnostic: `x.py:1:1: I001 [*] Import block …`, RuboCop's `x.rb:41:9: C: Dept/Cop: message`
    re.compile(
        r"^[\w./-]+\.\w+:\d+:\d+:\s+(?:[CWEFR]:\s+)?([A-Z]{1,4}\d{2,4}|[A-Z]\w+/[A-Z]\w+)(?:\s+\[\*\])?:?\s+([^\n]{1,90})",
        re.MULTILINE,
    ),
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
        paths += [p for p in changed_files_of(event) if p not in paths]
    return paths


_EDIT_TOOLS = frozenset(
    {"edit", "multiedit", "write", "notebookedit", "apply_patch", "write_file", "replace", "smart_edit", "create_file",
     "edit_file", "str_replace_editor", "str_replace_based_edit_tool"}
)  # fmt: skip
_PATCHED = re.compile(r"^\*\*\* (?:Update|Add|Delete) File: (.+)$", re.MULTILINE)


def edits(transcript: Transcript) -> list[tuple[int, str]]:
    """Where the run changed which file, in order: (event index, path) for each edit tool call that did not fail
    and each ``files_changed`` event. A path is given as the changed files name it (relative)."""
    changed = changed_files(transcript)
    failed = {str(e.get("callId")) for e in transcript.of("tool_result") if e.get("callId") and not succeeded(e)}
    out: list[tuple[int, str]] = []
    for event in transcript.events:
        if event.type == "files_changed":
            out += [(event.index, p) for p in changed_files_of(event)]
        elif event.type == "tool_call" and str(event.get("tool") or "").lower() in _EDIT_TOOLS:
            if event.get("callId") and str(event.get("callId")) in failed:
                continue
            out += [(event.index, _relative(p, changed)) for p in _edited_paths(event.get("input"))]
    return [(i, p) for i, p in out if p]


def _edited_paths(value: object) -> list[str]:
    if isinstance(value, str):
        return _PATCHED.findall(value)
    if not isinstance(value, dict):
        return []
    for key in ("file_path", "path", "notebook_path", "filename"):
        if isinstance(value.get(key), str):
            return [value[key]]
    patch = value.get("input") or value.get("patch")
    return _PATCHED.findall(patch) if isinstance(patch, str) else []


def _relative(path: str, changed: list[str]) -> str:
    """``path`` as the changed files name it; an absolute path no changed file matches is dropped."""
    path = path.strip().removeprefix("./")
    if path in changed:
        return path
    match = next((c for c in changed if path.endswith("/" + c)), None)
    return match or ("" if path.startswith("/") else path)


def changed_files_of(event: Event) -> list[str]:
    files = [f.get("path") if isinstance(f, dict) else f for f in event.get("files") or []]
    return [p for p in files if isinstance(p, str)]


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
