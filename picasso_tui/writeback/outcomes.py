"""What became of each command that failed in a run, and what that teaches the next agent.

A failed command is read against what the run did after it (the commands in ``shell.py``'s terms):

- it passed later (itself, or inside a compound ``a && b``, or as the same tool with other arguments after an
  edit): a failure with the fix, linked to what changed in between: the files edited then, else the last step
  that changed the environment (``docker compose up -d db``, ``make assets``, ``ruff check --fix``);
- another way of running it passed (another executable of the family, another wrapper: ``pnpm install`` for
  ``npm install``, ``bundle exec rspec`` for ``rspec``; or other arguments with no edit in between): a
  workflow lesson, "use the variant";
- it never passed: a failure "not fixed in the run", or a loop when it failed three times in a row.

Not lessons, so never written: a transient network error (a registry timing out), a failure a dependency add
fixed (the dependency's fact says it), and the agent's own compile error in code it was editing, fixed by
editing that code again.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from picasso_tui.store.schema import MemoryClass
from picasso_tui.writeback import shell
from picasso_tui.writeback.evidence import (
    edits,
    error_signature,
    mentioned_paths,
    short_command,
    succeeded,
    tool_attempts,
)
from picasso_tui.writeback.observation import UNFIXED, Observation
from picasso_tui.writeback.policy import ProvenanceKind
from picasso_tui.writeback.transcript import Transcript, command_of

MAX_FAILURES = 5
MAX_EXAMINED = 40
"""The failed commands of a run read against the rest of it (each read is a pass over the run's commands)."""
LOOP_THRESHOLD = 3
_NOT_FAILURES = frozenset({"grep", "rg", "ag", "find", "ls", "test", "[", "diff", "which", "command", "cmp", "stat"})
DEPENDENCY_RE = re.compile(
    r"^(?:uv|poetry|pdm|pipenv|rye)\s+add\s+(?P<a>.+)|^(?:npm|pnpm|yarn|bun)\s+(?:add|install|i)\s+(?P<b>[^-].*)|"
    r"^cargo\s+add\s+(?P<c>.+)|^go\s+get\s+(?P<d>.+)|^bundle\s+add\s+(?P<e>.+)"
)


@dataclass(frozen=True)
class Run:
    index: int
    command: str
    ok: bool
    output: str


@dataclass
class Outcome:
    how: str
    """``fixed``, ``variant`` (another way of running it passed), ``unfixed``, ``retried`` (passed again with
    nothing changed) or ``noise`` (not a lesson)."""
    passed: Run | None = None
    files: list[str] = field(default_factory=list)
    step: str | None = None
    instead: shell.Runner | None = None
    kind: str = ""


def harmless_command(command: str) -> bool:
    """Commands whose non-zero exit means "no match", not failure (grep, test, diff ...)."""
    first = shell.parts(command)[:1]
    return bool(first) and first[0].exe in _NOT_FAILURES


def command_runs(transcript: Transcript) -> list[Run]:
    """Every command the run called with its result, in order."""
    out = [
        Run(call.index, key, succeeded(result), str(result.get("output") or ""))
        for key, attempts in tool_attempts(transcript).items()
        for call, result in attempts.calls
        if result is not None and command_of(call)
    ]
    return sorted(out, key=lambda r: r.index)


def outcome(command: str, runs: list[Run], edited: list[tuple[int, str]], changed: list[str]) -> Outcome:
    """What became of ``command``, which failed at least once in ``runs``."""
    fails = [r for r in runs if r.command == command and not r.ok]
    first, last = fails[0], fails[-1]
    later = [r for r in runs if r.index > last.index and r.ok]
    mine = shell.parts(command)
    passed = next((r for r in later if shell.contains(r.command, command)), None)
    if shell.network_failure(first.output) and (any(shell.installs(p) for p in mine) or passed is not None):
        return Outcome("noise")
    found: Outcome | None = None
    if passed is None and len(mine) == 1:
        found = _variant(mine[0], runs, edited, last.index)
        if found and found.how == "variant":
            return found
    passed = passed or (found.passed if found else None)
    if passed is None:
        return Outcome("unfixed")
    positional = any(i < runs[-1].index for i, _ in edited)
    files = list(dict.fromkeys(p for i, p in edited if first.index < i < passed.index)) if positional else changed
    steps = [r.command for r in runs if first.index < r.index < passed.index and r.ok and _changes_things(r.command)]
    step = next((s for s in reversed(steps) if s != command), None)
    if files and positional and _own_compile_error(first.output, edited, first.index, files):
        return Outcome("noise")
    if not files and step and DEPENDENCY_RE.match(step):
        return Outcome("noise")  # the added dependency's fact says it
    # Nothing changed in between, by the run's record of its edits: it passed on a retry (without such a record,
    # as in an agent's bare output stream, nothing is known about what changed).
    return Outcome("fixed" if files or step or not positional else "retried", passed, files[:3], step)


def _variant(mine: shell.Runner, runs: list[Run], edited: list[tuple[int, str]], after: int) -> Outcome | None:
    """Another way of running what failed that passed later: the lesson when it was tried with nothing edited
    since the failure (it got past what failed, whatever failed next); else the edits were the fix."""
    for run in (r for r in runs if r.index > after and r.ok):
        for part in shell.parts(run.command):
            kind = shell.variant(mine, part)
            if not kind:
                continue
            tried = next(
                r.index for r in runs if r.index > after and part.text in {p.text for p in shell.parts(r.command)}
            )
            if not any(after < i < tried for i, _ in edited):
                return Outcome("variant", run, instead=part, kind=kind)
            return Outcome("fixed", run)  # the same tool passed after an edit: the edit was the fix
    return None


_WRITES = re.compile(r"(?<![\d&])>>?(?!&)\s*(?!/dev/null)\S")


def _runs_part(command: str, part: shell.Runner) -> bool:
    return any(p.text == part.text for p in shell.parts(command))


def _changes_things(command: str) -> bool:
    """A step that can have fixed a failure: it changes the code or the environment (not a read, a check or git)."""
    parts = shell.parts(command)
    if _WRITES.search(command) and not any(shell.checks(p) for p in parts):
        return True  # `cat > x.py <<EOF`, `echo … >> .env`
    return any(not (shell.reads_only(p) or shell.checks(p) or _records_only(p)) for p in parts)


def _records_only(part: shell.Runner) -> bool:
    """``git add``, ``git commit``, ``git push``: they record the work, they do not change what runs."""
    return not part.exe or (part.exe == "git" and part.sub in ("add", "commit", "push", "tag", "fetch", "config"))


def _own_compile_error(output: str, edited: list[tuple[int, str]], failed_at: int, fixed_in: list[str]) -> bool:
    """The compiler complains about a file the agent had just edited and edited again to fix: its own slip."""
    if not shell.compile_error(output):
        return False
    before = {p for i, p in edited if i < failed_at}
    named = {p for p in before | set(fixed_in) if any(m == p or m.endswith("/" + p) for m in mentioned_paths(output))}
    return bool(named & before & set(fixed_in))


def tool_failures(transcript: Transcript, changed: list[str]) -> tuple[list[Observation], list[str]]:
    """An observation for each command that failed (at most ``MAX_FAILURES``); and the commands that looped."""
    out: list[Observation] = []
    loops: list[str] = []
    runs = command_runs(transcript)
    edited = edits(transcript)
    failed = [(k, a) for k, a in tool_attempts(transcript).items() if a.failures and not harmless_command(k)]
    for key, attempts in failed[:MAX_EXAMINED]:
        first_call, first_result = attempts.failures[0]
        output = str(first_result.get("output") or "") if first_result else ""
        seen = outcome(key, runs, edited, changed) if command_of(first_call) else Outcome("unfixed")
        if seen.how == "noise":
            continue
        streak = _longest_failure_streak(attempts.calls)
        if streak >= LOOP_THRESHOLD:
            loops.append(key)
        last = attempts.calls[-1][1]
        last_ok = last is not None and succeeded(last)
        obs = _observation(key, seen, error_signature(output), (streak, last_ok), changed)
        obs.event_index = first_call.index
        obs.kind = ProvenanceKind.TOOL_OUTPUT if first_result else ProvenanceKind.AGENT_INFERRED
        out.append(obs)
        if len(out) >= MAX_FAILURES:
            break
    return out, loops


def _longest_failure_streak(calls: list) -> int:
    """Failed attempts in a row: a loop is the same failure retried, not the same command failing now and then."""
    longest = current = 0
    for _, result in calls:
        current = current + 1 if result is not None and not succeeded(result) else 0
        longest = max(longest, current)
    return longest


def _observation(key: str, seen: Outcome, sig: str | None, loop: tuple[int, bool], changed: list[str]) -> Observation:
    cmd, why = short_command(key), f" ({sig})" if sig else ""
    files = seen.files if seen.how == "fixed" else changed[:3]
    cls, rule, tags = MemoryClass.FAILURE, "tool-failure", []
    streak, last_ok = loop
    if streak >= LOOP_THRESHOLD:
        ending = "before it passed" if last_ok else "and kept failing"
        body = f"`{cmd}` was retried {streak} times in a row in one run {ending}{why}."
        prevent = [f"After two identical failures of `{cmd}`, stop retrying: read the error and change approach."]
        rule, tags = "repeated-loop", ["loop"]
    elif seen.how == "variant" and seen.instead is not None:
        body, prevent = _variant_lesson(cmd, why, seen.instead, seen.kind, key)
        cls, rule, tags, files = MemoryClass.WORKFLOW, "use-variant", ["variant"], []
    elif seen.how == "fixed":
        body, prevent = _fixed_lesson(cmd, why, seen.files, seen.step)
    elif seen.how == "retried":
        body = f"`{cmd}` failed{why} and passed when run again with nothing changed."
        prevent = [f"`{cmd}` can fail intermittently: run it once more before debugging a failure like this."]
    else:
        body = f"`{cmd}` failed{why} and was not fixed in the run."
        prevent, tags = [f"Find out why `{cmd}` fails before relying on it."], [UNFIXED]
    return Observation(
        cls,
        body,
        ProvenanceKind.TOOL_OUTPUT,
        prevent_next_time=prevent,
        files=files,
        edges=[{"type": "failure->file", "target": f"file:{p}"} for p in files] if cls is MemoryClass.FAILURE else [],
        tags=tags,
        confidence=0.85,
        rule=rule,
    )


def _fixed_lesson(cmd: str, why: str, files: list[str], step: str | None) -> tuple[str, list[str]]:
    shown = ", ".join(files)
    changed = f"{shown} {'was' if len(files) == 1 else 'were'} changed" if files else ""
    if step:
        ran = f"`{short_command(step)}` ran"
        until = f"{changed} and {ran}" if changed else ran
        return f"`{cmd}` failed{why} until {until}.", [f"Run `{short_command(step)}` before `{cmd}`."]
    if not files:
        return f"`{cmd}` failed{why}.", [f"Run `{cmd}` before finishing."]
    return f"`{cmd}` failed{why} until {changed}.", [f"Run `{cmd}` after changing {shown}."]


def _variant_lesson(cmd: str, why: str, instead: shell.Runner, kind: str, key: str) -> tuple[str, list[str]]:
    failed = shell.parts(key)[0]
    body = f"`{cmd}` failed{why}; `{short_command(instead.text)}` works instead."
    if kind == "runner":
        return body, [f"Use `{instead.invocation}` here, not `{failed.invocation}`."]
    return body, [f"Use `{short_command(instead.text)}`, not `{cmd}`."]
