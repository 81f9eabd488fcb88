"""Failures a run shows only as printed text: an agent that prints test runners' output (``claude -p``, a script)
reports no tool calls, yet its output says which tests failed and whether they passed later.

The readers in ``runners/`` find failing and passing tests, red and green summaries, and echoed commands with
their exit codes, in the run's ``output`` lines and in the output of commands (tool calls, verification) no other
rule reads (a failed tool call is ``tool_rules.tool_failures``'s, a failed verification ``verification_outcome``'s:
a failure they report is not reported twice; a file the agent read is another run's output). Each failing test
becomes one failure observation: its id, one signature line, the command when the agent echoed it, the test's file;
guidance only when the run later shows it passing. Never the output itself.

Precision first: a failure line counts only beside its runner's summary (or inside a command that exited non-zero),
a line the user's own words contain is a quote unless the runner failed afresh in the run, and expected failures
(xfail, pending) are never read as failures.
"""

from __future__ import annotations

import bisect
import re
import shlex
from dataclasses import dataclass, field

from picasso_tui.store.schema import MemoryClass
from picasso_tui.text import without_controls
from picasso_tui.writeback.evidence import error_signature, short_command, succeeded, tool_attempts
from picasso_tui.writeback.observation import UNFIXED, Observation
from picasso_tui.writeback.outcomes import MAX_FAILURES, harmless_command
from picasso_tui.writeback.policy import ProvenanceKind
from picasso_tui.writeback.runners import CommandRun, Finding, scan_commands, scan_runners
from picasso_tui.writeback.transcript import Transcript, command_of

MAX_LINES = 60_000
MAX_LINE_CHARS = 2_000
_TEST_DIRS = ("tests", "test", "spec", "specs", "__tests__", "src", "lib", "app", "pkg")


@dataclass
class _View:
    """The run's printed text, one entry a line, with where each line came from."""

    lines: list[str] = field(default_factory=list)
    origin: list[int] = field(default_factory=list)
    covered: list[bool] = field(default_factory=list)
    """The line is in a failed tool result or a failed verification: another rule reports its failures."""
    plain: list[bool] = field(default_factory=list)
    """The line is the agent's own output (not a tool result's or the verification's)."""
    runs: list[CommandRun] = field(default_factory=list)
    """The tool calls and verification commands, placed at their output's lines."""
    covered_commands: set[str] = field(default_factory=set)
    said: str = " "
    """The user's own words (prompt, corrections), normalised and padded: a line they contain is a quote."""


@dataclass
class _Runs:
    """The commands the run shows (echoed, called as tools, verified), indexed by line."""

    at: list[str | None]
    """The command each line's output belongs to (the innermost)."""
    failed: list[bool]
    """The line is inside a command that exited non-zero."""
    passed: dict[str, int]
    """The first line of each command's last run that exited 0."""

    def passed_after(self, command: str | None, pos: int) -> bool:
        return self.passed.get(command or "", -1) > pos


def _index(n: int, runs: list[CommandRun]) -> _Runs:
    index = _Runs([None] * n, [False] * n, {})
    for r in runs:  # echoes are read in the agent's own lines, tool calls in theirs: no two overlap, O(lines)
        index.at[r.start : r.end + 1] = [r.command] * (r.end + 1 - r.start)
        if r.code not in (None, 0):
            index.failed[r.start : r.end + 1] = [True] * (r.end + 1 - r.start)
        elif r.code == 0:
            index.passed[r.command] = max(r.start, index.passed.get(r.command, -1))
    return index


@dataclass
class _Failing:
    first: Finding
    last: int
    signature: str
    file: str


def printed_failures(transcript: Transcript, changed: list[str]) -> list[Observation]:
    """A failure observation for each failing test (and each failing echoed command) the run's text shows."""
    view = _read(transcript)
    if not view.lines:
        return []
    findings = scan_runners(view.lines)
    echoed = _echoed(view)
    runs = _index(len(view.lines), [*echoed, *view.runs])
    out: list[Observation] = []
    for failing in _failing_tests(view, findings, runs):
        command = runs.at[failing.first.pos]
        fixed = _fixed(failing, findings, runs, command)
        out.append(_test_observation(failing, command, fixed, changed, view.origin[failing.first.pos]))
    out += _command_failures(view, findings, echoed, runs, changed)
    return out[:MAX_FAILURES]


def _read(transcript: Transcript) -> _View:
    view = _View(said=f" {_norm(' '.join(e.text for e in transcript.of('prompt', 'correction')))} ")
    calls = {r.index: command_of(c) for a in tool_attempts(transcript).values() for c, r in a.calls if r is not None}
    for event in transcript.events:
        if event.type == "output":
            text, covered, run = event.text, False, None
        elif event.type in ("tool_result", "verify"):
            cmd = calls.get(event.index) if event.type == "tool_result" else str(event.get("command") or "")
            if not cmd:
                continue  # a file the agent read (a CI log, say) shows what failed elsewhere, not in this run
            text = str(event.get("output") or "")
            ok = succeeded(event) if event.type == "tool_result" else event.get("exitCode") in (0, None)
            covered = not ok
            code = event.get("exitCode") if isinstance(event.get("exitCode"), int) else (0 if ok else 1)
            run = (cmd, code)
            if covered:
                view.covered_commands.add(cmd)
        else:
            continue
        start = len(view.lines)
        for line in (without_controls(text).splitlines() or [""])[: MAX_LINES - start]:
            view.lines.append(line[:MAX_LINE_CHARS])
            view.origin.append(event.index)
            view.covered.append(covered)
            view.plain.append(event.type == "output")
        if run:
            view.runs.append(CommandRun(run[0], start, len(view.lines) - 1, run[1]))
        if len(view.lines) >= MAX_LINES:
            break
    return view


def _echoed(view: _View) -> list[CommandRun]:
    """The commands the agent echoed, read in each stretch of its own output: a command's output ends where the
    agent's does (a tool result after it is that tool call's)."""
    out: list[CommandRun] = []
    start = 0
    while start < len(view.lines):
        if not view.plain[start]:
            start += 1
            continue
        end = start
        while end < len(view.lines) and view.plain[end]:
            end += 1
        runs = scan_commands(view.lines[start:end])
        out += [CommandRun(r.command, r.start + start, r.end + start, r.code) for r in runs]
        start = end
    return out


def _norm(text: str) -> str:
    return " ".join(text.split())


def _quoted(view: _View, pos: int) -> bool:
    line = _norm(view.lines[pos])
    return bool(line) and f" {line} " in view.said


def _failing_tests(view: _View, findings: list[Finding], runs: _Runs) -> list[_Failing]:
    """The failing tests (at most ``MAX_FAILURES``), one entry a test however often it failed, in the order they
    first failed."""
    summaries = [f for f in findings if f.kind in ("red", "green") and not view.covered[f.pos]]
    vouched = {f.family for f in summaries}
    fresh: set[str] = set()
    for f in summaries[:200]:  # one red summary the user did not write: the runner failed in this run
        if f.kind == "red" and f.family not in fresh and not _quoted(view, f.pos):
            fresh.add(f.family)
    covered = {(f.family, f.test) for f in findings if f.kind == "fail" and view.covered[f.pos]}
    groups: dict[tuple[str, str], _Failing] = {}
    for f in findings:
        key = (f.family, f.test)
        if f.kind != "fail" or key in covered or (key not in groups and len(groups) >= MAX_FAILURES):
            continue
        if f.family not in vouched and not runs.failed[f.pos]:
            continue  # a failure line with no summary of its runner and no failing command around it: a mention
        if f.family not in fresh and _quoted(view, f.pos):
            continue
        failing = groups.setdefault(key, _Failing(f, f.pos, f.signature, f.file))
        failing.last = f.pos
        failing.signature = failing.signature or f.signature
        failing.file = failing.file or f.file
    return list(groups.values())


def _fixed(failing: _Failing, findings: list[Finding], runs: _Runs, command: str | None) -> bool:
    """The run shows the test passing after its last failure: the test itself passing, its runner's summary going
    green (over at least as many tests as the failing run, or run for this test), or its command exiting 0."""
    first = failing.first
    reds = [f for f in findings if f.kind == "red" and f.family == first.family]
    # The failing run's summary: the first after the failure (RSpec prints it before its list of failures).
    red = next((f for f in reds if f.pos >= first.pos), reds[-1] if reds else None)
    total = red.passed + red.failed if red and red.passed is not None and red.failed is not None else None
    for f in findings:
        if f.pos <= failing.last or f.family != first.family:
            continue
        if f.kind == "pass" and _same_test(first.test, f.test):
            return True
        if f.kind == "green" and _green_covers(failing, f, total, runs.at[f.pos], command):
            return True
    return bool(command) and runs.passed_after(command, failing.last)


def _same_test(failed: str, passed: str) -> bool:
    return failed == passed or failed.endswith((" › " + passed, " > " + passed))


def _green_covers(failing: _Failing, green: Finding, total: int | None, green_cmd: str | None, cmd: str | None) -> bool:
    first = failing.first
    if first.suite and green.suite and first.suite != green.suite:
        return False  # another Go package passed
    names_it = bool(green_cmd) and any(w and w in str(green_cmd) for w in (_leaf(first.test), failing.file))
    if cmd and green_cmd and green_cmd != cmd and not names_it:
        return False  # another command went green
    return names_it or total is None or green.passed is None or green.passed >= total


def _leaf(test: str) -> str:
    """A test's own name: ``tests/x.py::TestA::test_b[1]`` -> ``test_b``, ``AuthTest.testLogin`` -> ``testLogin``."""
    return re.split(r"::| › | > |\.(?=[^.]*$)", test.split("[")[0])[-1].strip()


def _test_observation(
    failing: _Failing, command: str | None, fixed: bool, changed: list[str], index: int
) -> Observation:
    f = failing.first
    name = f"`{f.test}`" + (f" in `{f.suite}`" if f.runner == "go" and f.suite else "")
    name += f" ({f.suite})" if f.runner == "rspec" and f.suite else ""
    via = f" under `{short_command(command)}`" if command else ""
    sig = f" ({failing.signature})" if failing.signature else ""
    prevent: list[str] = []
    if fixed:
        body = f"Test {name} failed{via}{sig}{_until(changed)}."
        prevent = [_guidance(_rerun(f, failing.file, command), failing.signature, changed)]
    else:
        body = f"Test {name} failed{via}{sig}; the run did not show it passing again."
    files = list(dict.fromkeys(p for p in [_resolve(failing.file, changed), *changed[:3]] if p))
    return Observation(
        MemoryClass.FAILURE,
        body,
        ProvenanceKind.TOOL_OUTPUT,
        index,
        prevent_next_time=prevent,
        files=files,
        edges=[{"type": "failure->file", "target": f"file:{p}"} for p in files],
        tags=[f.runner] if fixed else [f.runner, UNFIXED],
        confidence=0.85 if fixed else 0.75,
        rule="printed-test-failure",
    )


def _until(changed: list[str]) -> str:
    files = changed[:3]
    if not files:
        return " and passed later in the run"
    return f" until {', '.join(files)} {'was' if len(files) == 1 else 'were'} changed"


def _guidance(rerun: str, signature: str, changed: list[str]) -> str:
    head = re.match(r"[\w.$]*(?:Error|Exception|Failure|Failed)\w*|panic", signature)
    what = head.group(0) if head else (signature[:60].rstrip() + ("…" if len(signature) > 60 else ""))
    when = f"After changing {', '.join(changed[:3])}, run `{rerun}`" if changed else f"Run `{rerun}` before finishing"
    return f"{when} (it failed with {what} before the fix)." if what else f"{when}."


def _prefix(command: str | None, names: tuple[str, ...], default: str) -> str:
    """How this project starts the runner (``uv run pytest``, ``./gradlew``), read from the echoed command."""
    words = (command or "").split()
    for i, word in enumerate(words):
        if word.rsplit("/", 1)[-1] in names:
            return " ".join(words[: i + 1])
    return default


def _rerun(f: Finding, file: str, command: str | None) -> str:
    """The command that runs just this test again."""
    q, leaf = shlex.quote, re.split(r" › | > ", f.test)[-1]
    if f.runner == "pytest":
        return f"{_prefix(command, ('pytest', 'py.test'), 'pytest')} {q(f.test)}"
    if f.runner == "unittest":
        return f"python -m unittest {f.test}"
    if f.runner in ("jest", "vitest"):
        run = _prefix(command, (f.runner,), f"npx {f.runner}") + (" run" if f.runner == "vitest" else "")
        return f"{run} {file} -t {q(leaf)}" if file else f"{run} -t {q(leaf)}"
    if f.runner == "mocha":
        return f"{_prefix(command, ('mocha',), 'npx mocha')} --grep {q(f.test)}"
    if f.runner == "go":
        return f"go test -run {q('/'.join(f'^{p}$' for p in f.test.split('/')))} {f.suite or './...'}"
    if f.runner == "cargo":
        return "cargo test --doc" if " " in f.test else f"cargo test {f.test}"
    if f.runner == "rspec":
        return f"{_prefix(command, ('rspec',), 'rspec')} ./{f.test}"
    if f.runner == "maven":
        cls, _, method = f.test.partition(".")
        return f"{_prefix(command, ('mvn', 'mvnw'), 'mvn')} test -Dtest={cls}#{method}"
    if f.runner == "gradle":
        parts = f.test.split(" > ")
        method = re.sub(r"\(.*\)$", "", parts[-1])
        target = parts[0] if len(parts) > 2 or " " in method else f"{parts[0]}.{method}"
        return f"{_prefix(command, ('gradle', 'gradlew'), './gradlew')} test --tests {q(target)}"
    return command or f.test


def _resolve(path: str, changed: list[str]) -> str:
    """A test's file as a path in the repository: a bare name or an absolute path is matched against the changed
    files; an absolute path is cut at the project's first conventional folder, or dropped (it names a home)."""
    path = path.removeprefix("./")
    if not path:
        return ""
    absolute = path.startswith("/") or bool(re.match(r"^[A-Za-z]:[\\/]", path))
    if "/" in path and not absolute:
        return path
    match = next((c for c in changed if c == path or c.endswith("/" + path.lstrip("/"))), None)
    if match or not absolute:
        return match or path
    parts = re.split(r"[\\/]", path)
    cut = next((i for i, p in enumerate(parts) if p in _TEST_DIRS), None)
    return "/".join(parts[cut:]) if cut is not None else ""


def _command_failures(
    view: _View, findings: list[Finding], echoed: list[CommandRun], runs: _Runs, changed: list[str]
) -> list[Observation]:
    """Echoed commands that exited non-zero with no failing test inside: the command and one signature line."""
    fails = sorted(f.pos for f in findings if f.kind == "fail")
    out: list[Observation] = []
    seen: set[str] = set()
    for run in echoed:
        if len(out) >= MAX_FAILURES:
            break
        if run.code in (None, 0) or run.command in seen or run.command in view.covered_commands:
            continue
        has_tests = bisect.bisect_left(fails, run.start) < bisect.bisect_right(fails, run.end)
        if has_tests or harmless_command(run.command) or _quoted(view, run.end):
            continue
        seen.add(run.command)
        cmd = short_command(run.command)
        sig = error_signature("\n".join(view.lines[run.start + 1 : run.end + 1][-200:]))
        why = f" (exit {run.code}{f'; {sig}' if sig else ''})"
        fixed = runs.passed_after(run.command, run.end)
        files = changed[:3]
        if fixed:
            body = f"`{cmd}` failed{why}{_until(changed)}."
            prevent = [f"Run `{cmd}` after changing {', '.join(files)}." if files else f"Run `{cmd}` before finishing."]
        else:
            body, prevent = f"`{cmd}` failed{why}; the run did not show it passing again.", []
        out.append(
            Observation(
                MemoryClass.FAILURE,
                body,
                ProvenanceKind.TOOL_OUTPUT,
                view.origin[run.end],
                prevent_next_time=prevent,
                files=files,
                edges=[{"type": "failure->file", "target": f"file:{p}"} for p in files],
                tags=[] if fixed else [UNFIXED],
                confidence=0.8 if fixed else 0.7,
                rule="printed-command-failure",
            )
        )
    return out
