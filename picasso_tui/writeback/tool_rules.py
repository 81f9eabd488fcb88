"""The rules over what the agent ran: failed commands and retry loops, dependencies added, the checks
that passed (a workflow), where new test files go, instruction-like tool output (surfaced so policy
quarantines it), and how the agent itself behaved."""

from __future__ import annotations

import os
import re
import shlex
from collections.abc import Iterator

from picasso_tui.store.schema import MemoryClass
from picasso_tui.writeback.evidence import Attempts, error_signature, short_command, succeeded, tool_attempts
from picasso_tui.writeback.observation import MAX_RULE_CHARS, Observation
from picasso_tui.writeback.policy import ProvenanceKind, hijack_reason, planted_instruction
from picasso_tui.writeback.transcript import Transcript

MAX_FAILURES = 5
LOOP_THRESHOLD = 3

_DEPENDENCY_RE = re.compile(
    r"^(?:uv|poetry|pdm|pipenv|rye)\s+add\s+(?P<a>.+)|^(?:npm|pnpm|yarn|bun)\s+(?:add|install|i)\s+(?P<b>[^-].*)|"
    r"^cargo\s+add\s+(?P<c>.+)|^go\s+get\s+(?P<d>.+)|^bundle\s+add\s+(?P<e>.+)"
)
_CHECK_RE = re.compile(
    r"^(?:\S*/)?(?:pytest|py\.test|tox|nox|ruff|mypy|pyright|flake8|black --check|eslint|tsc|vitest|jest|"
    r"(?:npm|pnpm|yarn|bun)\s+(?:run\s+)?(?:test|lint|check|typecheck|build)|cargo\s+(?:test|check|clippy|build)|"
    r"go\s+(?:test|vet|build)|make\s+(?:test|check|lint)|just\s+(?:test|check)|gradle\w*\s+test|mvn\s+test|"
    r"(?:python3?|\.venv/bin/python)\s+-m\s+(?:pytest|mypy|ruff))\b"
)
_NOT_FAILURES = frozenset({"grep", "rg", "ag", "find", "ls", "test", "[", "diff", "which", "command", "cmp", "stat"})


def tool_failures(transcript: Transcript, changed: list[str]) -> tuple[list[Observation], list[str]]:
    """A failure for each command that failed (a loop when it failed ``LOOP_THRESHOLD`` times in a row), at most
    ``MAX_FAILURES``; and the commands that looped."""
    out: list[Observation] = []
    loops: list[str] = []
    for key, attempts in tool_attempts(transcript).items():
        failures = attempts.failures
        if not failures or harmless_command(key):
            continue
        cmd = short_command(key)
        first_call, first_result = failures[0]
        sig = error_signature(str(first_result.get("output") or "")) if first_result else None
        why = f" ({sig})" if sig else ""
        last_ok = attempts.calls[-1][1] is not None and succeeded(attempts.calls[-1][1])  # type: ignore[arg-type]
        files = changed[:3]
        streak = _longest_failure_streak(attempts)
        if streak >= LOOP_THRESHOLD:
            loops.append(key)
            outcome = "before it passed" if last_ok else "and kept failing"
            body = f"`{cmd}` was retried {streak} times in a row in one run {outcome}{why}."
            prevent = [f"After two identical failures of `{cmd}`, stop retrying: read the error and change approach."]
        elif last_ok:
            where = f" until {', '.join(files)} {'was' if len(files) == 1 else 'were'} changed" if files else ""
            body = f"`{cmd}` failed{why}{where}."
            prevent = [f"Run `{cmd}` after changing {', '.join(files)}." if files else f"Run `{cmd}` before finishing."]
        else:
            body = f"`{cmd}` failed{why} and was not fixed in the run."
            prevent = [f"Find out why `{cmd}` fails before relying on it."]
        out.append(
            Observation(
                MemoryClass.FAILURE,
                body,
                ProvenanceKind.TOOL_OUTPUT if first_result else ProvenanceKind.AGENT_INFERRED,
                first_call.index,
                prevent_next_time=prevent,
                files=files,
                edges=[{"type": "failure->file", "target": f"file:{p}"} for p in files],
                tags=["loop"] if key in loops else [],
                confidence=0.85,
                rule="repeated-loop" if key in loops else "tool-failure",
            )
        )
        if len(out) >= MAX_FAILURES:
            break
    return out, loops


def _longest_failure_streak(attempts: Attempts) -> int:
    """Failed attempts in a row: a loop is the same failure retried, not the same command failing now and then."""
    longest = current = 0
    for _, result in attempts.calls:
        current = current + 1 if result is not None and not succeeded(result) else 0
        longest = max(longest, current)
    return longest


def harmless_command(command: str) -> bool:
    """Commands whose non-zero exit means "no match", not failure (grep, test, diff ...)."""
    try:
        first = shlex.split(command)[0] if command.strip() else ""
    except ValueError:
        first = command.split()[0] if command.split() else ""
    return os.path.basename(first) in _NOT_FAILURES


def added_dependencies(transcript: Transcript) -> Iterator[Observation]:
    """A fact for each package-manager command that added dependencies and succeeded."""
    for key, attempts in tool_attempts(transcript).items():
        last = attempts.calls[-1][1]
        m = _DEPENDENCY_RE.match(key.strip())
        if not m or last is None or not succeeded(last):
            continue
        names = [t for t in (m.group(m.lastgroup or "a") or "").split() if not t.startswith("-")][:5]
        if not names:
            continue
        yield Observation(
            MemoryClass.FACT,
            f"The project depends on {', '.join(names)} (added with `{short_command(key)}`).",
            ProvenanceKind.TOOL_OUTPUT,
            attempts.calls[-1][0].index,
            confidence=0.85,
            rule="dependency",
        )


_PY_TESTS = r"^(?P<dir>(?:.*/)?tests?)/(?:.*/)?"
_TEST_FILE_RES = [
    (re.compile(_PY_TESTS + r"test_[^/]+\.py$"), "Python tests live in {dir}/ as test_*.py files."),
    (re.compile(_PY_TESTS + r"[^/]+_test\.py$"), "Python tests live in {dir}/ as *_test.py files."),
    (re.compile(r"^(?:.*/)?[^/]+\.(?P<kind>test|spec)\.(?P<ext>[jt]sx?|mjs)$"),
     "Tests live alongside source as *.{kind}.{ext} files."),
    (re.compile(r"^(?:.*/)?[^/]+_test\.go$"), "Go tests live alongside source as *_test.go files."),
    (re.compile(r"^(?P<dir>(?:.*/)?tests)/[^/]+\.rs$"), "Rust integration tests live in {dir}/."),
]  # fmt: skip


def layout_of_new_tests(transcript: Transcript) -> Iterator[Observation]:
    """A convention the run's new files show: where tests go and how they are named."""
    seen: set[str] = set()
    for event in transcript.of("files_changed"):
        for f in event.get("files") or []:
            if not isinstance(f, dict) or f.get("status") not in ("A", "??", "AM"):
                continue
            path = str(f.get("path", ""))
            for pattern, template in _TEST_FILE_RES:
                m = pattern.match(path)
                if not m:
                    continue
                body = template.format(**m.groupdict())
                if body not in seen:
                    seen.add(body)
                    yield Observation(
                        MemoryClass.FACT,
                        body,
                        ProvenanceKind.TOOL_OUTPUT,
                        event.index,
                        files=[path],
                        edges=[{"type": "fact->file", "target": f"file:{path}"}],
                        confidence=0.8,
                        rule="test-layout",
                    )
                break


def verification_outcome(transcript: Transcript, changed: list[str]) -> Iterator[Observation]:
    """The verification's failures; or, when it passed, the workflow that verifies a change (the verify steps,
    else the checks the agent ran that passed)."""
    verifies = list(transcript.of("verify"))
    if verifies:
        failed = [v for v in verifies if v.get("exitCode") not in (0, None)]
        for v in failed[:MAX_FAILURES]:
            cmd = short_command(str(v.get("command") or ""))
            sig = error_signature(str(v.get("output") or ""))
            yield Observation(
                MemoryClass.FAILURE,
                f"Verification `{cmd}` failed after the agent's run{f' ({sig})' if sig else ''}.",
                ProvenanceKind.TOOL_OUTPUT,
                v.index,
                prevent_next_time=[f"Run `{cmd}` and make it pass before finishing a change."],
                files=changed[:3],
                edges=[{"type": "failure->file", "target": f"file:{p}"} for p in changed[:3]],
                confidence=0.9,
                rule="verify-failure",
            )
        if not failed:
            yield _workflow([str(v.get("command")) for v in verifies], verifies[0].index, "verify-passed")
        return
    checks = []
    for key, attempts in tool_attempts(transcript).items():
        last = attempts.calls[-1][1]
        if _CHECK_RE.match(key.strip()) and last is not None and succeeded(last):
            checks.append((attempts.calls[-1][0].index, key))
    if checks:
        checks.sort()
        yield _workflow([k for _, k in checks[:4]], checks[0][0], "checks-passed")


def _workflow(commands: list[str], index: int, rule: str) -> Observation:
    shown = [f"`{short_command(c)}`" for c in commands]
    body = (
        f"Verify changes with {shown[0]}."
        if len(shown) == 1
        else f"Verify changes in this order: {', then '.join(shown)}."
    )
    return Observation(
        MemoryClass.WORKFLOW, body, ProvenanceKind.TOOL_OUTPUT, index, confidence=0.85, rule=rule, tags=["verification"]
    )


def injection_attempts(transcript: Transcript) -> Iterator[Observation]:
    """Instruction-like text in tool output: surfaced (so policy quarantines it), never obeyed."""
    seen: set[str] = set()
    for event in transcript.of("tool_result"):
        output = str(event.get("output") or "")
        if not hijack_reason(output):
            continue
        for line in output.splitlines():
            line = line.strip()
            if line and line not in seen and planted_instruction(line):
                seen.add(line)
                yield Observation(
                    MemoryClass.REPO_RULE,
                    line[:MAX_RULE_CHARS],
                    ProvenanceKind.TOOL_OUTPUT,
                    event.index,
                    title="Instruction-like text seen in tool output",
                    confidence=0.2,
                    rule="tool-instruction",
                )


def model_performance(transcript: Transcript, agent: str, loops: list[str]) -> Iterator[Observation]:
    """How the agent behaved: outcome categories only, so repeated runs reinforce one record each.
    Never the prompt, the output or any credential (the agent is named by its executable only)."""
    name = f"`{agent}`"
    reflection = transcript.first("reflection")
    index = reflection.index if reflection else (transcript.events[-1].index if transcript.events else 0)
    if loops:
        yield _perf(f"Agent {name} can get stuck retrying an identical failing command (3 or more times in one run).",
                    index, "agent-loop")  # fmt: skip
    code = reflection.get("exitCode") if reflection else None
    if isinstance(code, int) and code != 0:
        yield _perf(f"Agent {name} sometimes exits with an error before finishing the task.", index, "agent-exit")
    verifies = list(transcript.of("verify"))
    if any(v.get("exitCode") not in (0, None) for v in verifies):
        yield _perf(
            f"Agent {name} sometimes finishes with the workspace's verification failing.", index, "agent-unverified"
        )
    elif verifies and code == 0 and not loops:
        # Outcomes, not only faults: each such run reinforces this note (attributes.observations counts them).
        yield _perf(
            f"Agent {name} has finished runs with the workspace's verification passing.", index, "agent-verified"
        )


def _perf(body: str, index: int, rule: str) -> Observation:
    return Observation(
        MemoryClass.MODEL_PERFORMANCE, body, ProvenanceKind.TOOL_OUTPUT, index, confidence=0.9, rule=rule
    )
