"""The rules over what the agent ran: dependencies added, the checks that passed (a workflow), where new test
files go, instruction-like tool output (surfaced so policy quarantines it), and how the agent itself behaved.
What became of the commands that failed is ``outcomes.py``'s."""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass

from picasso_tui.store.schema import MemoryClass
from picasso_tui.writeback import shell
from picasso_tui.writeback.evidence import error_signature, short_command, succeeded, tool_attempts
from picasso_tui.writeback.observation import MAX_RULE_CHARS, Observation
from picasso_tui.writeback.outcomes import DEPENDENCY_RE, MAX_FAILURES, Run, command_runs
from picasso_tui.writeback.phrases import NEGATED, RUN_NAMED
from picasso_tui.writeback.policy import ProvenanceKind, hijack_reason, planted_instruction
from picasso_tui.writeback.transcript import Transcript


def added_dependencies(transcript: Transcript) -> Iterator[Observation]:
    """A fact for each package-manager command that added dependencies and succeeded."""
    for key, attempts in tool_attempts(transcript).items():
        last = attempts.calls[-1][1]
        m = DEPENDENCY_RE.match(key.strip())
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
    # In a test folder, a *.test.ts file says where tests go; only outside one is it beside the source.
    (re.compile(r"^(?P<dir>(?:.*/)?(?:__tests__|tests?|specs?|e2e))/(?:.*/)?[^/]+\.(?P<kind>test|spec)\.(?P<ext>[jt]sx?|mjs)$"),
     "Tests live in {dir}/ as *.{kind}.{ext} files."),
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
    yield from _checks_workflow(transcript)


MAX_CHECKS = 100
"""The last passing checks weighed for the workflow (earlier ones are crowded out by the final runs anyway)."""


@dataclass(frozen=True)
class _Check:
    index: int
    command: str
    tools: frozenset[str]
    filtered: bool


def _checks_workflow(transcript: Transcript) -> Iterator[Observation]:
    """The checks the agent ran that passed (the last run of each), as the project's verification: a later run of
    the same tools stands for an earlier one (``go test -race ./...`` for ``go test ./...``), and an unfiltered run
    for the filtered ones (``-run X``, a test file: one-off runs are not the workflow); the last four, in order."""
    named = user_named_checks(transcript)
    last: dict[str, Run] = {r.command: r for r in command_runs(transcript)}
    passing: list[_Check] = []
    for run in sorted(last.values(), key=lambda r: r.index):
        parts = shell.parts(run.command)
        checked = [p for p in parts if shell.checks(p) or any(_names(n, p) for n in named)]
        if run.ok and checked and not any(shell.fixes(p) for p in parts):
            tools = frozenset(p.tool for p in checked)
            passing.append(_Check(run.index, run.command, tools, any(shell.filtered(p) for p in checked)))
    passing = passing[-MAX_CHECKS:]
    kept = [c for n, c in enumerate(passing) if not any(_covers(d, c) for d in passing[n + 1 :])][-4:]
    if kept:
        yield _workflow([c.command for c in kept], kept[0].index, "checks-passed")


def _covers(later: _Check, earlier: _Check) -> bool:
    return earlier.tools <= later.tools and (earlier.filtered or not later.filtered)


def _names(named: shell.Runner, part: shell.Runner) -> bool:
    """``part`` runs the command the user named (perhaps narrowed: ``./gradlew :a:unitTest --tests X``)."""
    return named.invocation == part.invocation and part.args[: len(named.args)] == named.args


def user_named_checks(transcript: Transcript) -> list[shell.Runner]:
    """The commands the user told the agent to run ("run `bundle exec rake internal_investigation`")."""
    out: list[shell.Runner] = []
    for event in transcript.of("prompt", "correction"):
        text = event.text[:20_000]
        for m in RUN_NAMED.finditer(text):
            if NEGATED.search(text[max(0, m.start() - 30) : m.start()]):
                continue  # "never run `npm install`"
            out += [p for p in shell.parts(m.group(1))[:1] if not (shell.installs(p) or shell.fixes(p))]
    return out


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
