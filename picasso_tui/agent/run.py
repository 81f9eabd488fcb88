"""``picasso run``: retrieve -> inject -> run the configured agent -> reflect -> write -> (sync).

The library function ``run_agent`` is the one path every front end uses (the CLI and the TUI's run
screen): callbacks report the agent's output line by line and the memories written, so a
live view can show memory being written during the run.
"""

from __future__ import annotations

import contextlib
import os
import re
import shlex
import shutil
import subprocess
import tempfile
import time
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from pathlib import Path

from picasso_tui import settings
from picasso_tui.agent.errors import AgentCommandInvalid, AgentNotConfigured, AgentNotFound
from picasso_tui.errors import PicassoError
from picasso_tui.paths import PicassoPaths
from picasso_tui.redact.redact import RedactionFailed, redact_value
from picasso_tui.store import events
from picasso_tui.store.api import MemoryStore
from picasso_tui.store.errors import StoreError
from picasso_tui.sync.errors import SyncError
from picasso_tui.writeback.classify import is_approval
from picasso_tui.writeback.transcript import (
    Transcript,
    TranscriptError,
    display_line,
    events_from_agent_line,
    redact_output_runs,
)
from picasso_tui.writeback.write import WriteReport, reflect

PROMPT_PLACEHOLDER = "{prompt}"
VERIFY_OUTPUT_CHARS = 8000
"""What the transcript keeps of a verification command's output: its tail, where errors are."""
DEFAULT_VERIFY_TIMEOUT_S = 600
REMEMBER_HINT = (
    "(Picasso memory: to have a durable fact about this codebase remembered, print a line "
    "`remember(fact): <one sentence>`; also decision, workflow, failure.)"
)


@dataclass
class RunResult:
    session_id: str
    exit_code: int
    injected_ids: list[str] = field(default_factory=list)
    transcript_path: Path | None = None
    report: WriteReport | None = None
    sync_message: str | None = None
    sync_error: PicassoError | None = None
    verify_failed: list[str] = field(default_factory=list)


def agent_command(paths: PicassoPaths) -> list[str]:
    """The agent's argv from the ``agent.command`` setting (a string, shell-quoted, or a list)."""
    value = settings.get("agent.command", paths)
    if isinstance(value, list):
        argv = [str(v) for v in value]
    elif isinstance(value, str):
        try:
            argv = shlex.split(value)
        except ValueError as exc:
            raise AgentCommandInvalid(f"The agent.command setting cannot be parsed ({exc}); fix its quoting.") from None
    else:
        argv = []
    if not argv:
        raise AgentNotConfigured(paths)
    return argv


_LAUNCHERS = re.compile(r"^(?:python[\d.]*|node|bun|deno|ruby|sh|bash|zsh|npx|uvx|pipx|env)$")


def agent_label(argv: list[str]) -> str:
    """The agent's name for transcripts and model notes: its executable, or the script a launcher runs.
    Never its arguments, which may hold a key."""
    name = os.path.basename(argv[0])
    if _LAUNCHERS.match(name):
        script = next((a for a in argv[1:] if not a.startswith("-") and "=" not in a), None)
        if script and not any(c.isspace() for c in script):  # a path, not an inline `sh -c` script
            return os.path.basename(script.rstrip("/"))
    return name


def verify_commands(paths: PicassoPaths) -> list[str]:
    value = settings.get("agent.verify", paths)
    if isinstance(value, str):
        return [value] if value.strip() else []
    return [str(v) for v in value or [] if str(v).strip()]


def compose_prompt(block: str, prompt: str, hint: bool = True) -> str:
    """The memory block first (the spec's injection point), then the user's prompt."""
    parts = [block.strip()] if block.strip() else []
    if hint:
        parts.append(REMEMBER_HINT)
    parts.append(prompt)
    return "\n\n".join(parts)


def run_agent(
    prompt: str,
    *,
    store: MemoryStore | None = None,
    command: list[str] | None = None,
    sync: bool | None = None,
    corrections: Iterable[str] = (),
    on_output: Callable[[str], None] | None = None,
    on_injected: Callable[[list[str], str], None] | None = None,
    on_written: Callable[[WriteReport], None] | None = None,
) -> RunResult:
    """Run the configured agent on ``prompt`` with memory, then write back what the run taught."""
    store = store or MemoryStore()
    paths = store.paths
    argv = command or agent_command(paths)
    ws = store.workspace
    cwd = ws.root if ws else store.cwd
    if shutil.which(argv[0]) is None and shutil.which(str(cwd / argv[0])) is None:
        raise AgentNotFound(
            f"The agent command `{argv[0]}` was not found; check the agent.command setting "
            f'(for example "claude -p" or "codex exec").'
        )
    if ws is not None:  # a session starts: staleness follows the code (git + hashes; one write if a score moved)
        from picasso_tui.anchors.staleness import refresh as refresh_staleness

        with contextlib.suppress(StoreError):  # read-only memory still runs; retrieval judges candidates itself
            refresh_staleness(store, ws.root)
    transcript = Transcript()
    agent_name = agent_label(argv)
    model_label = settings.get("agent.model", paths)
    transcript.header = {"agent": agent_name, **({"model": str(model_label)} if model_label else {})}
    if ws:
        transcript.header["workspace"] = ws.fingerprint

    from picasso_tui.retrieval.pipeline import Retriever  # numpy and the embedder: only when running

    recalled = Retriever.for_store(store).recall(prompt)
    injected = [e.id for e in recalled.entries]
    transcript.add("prompt", text=prompt)
    transcript.add("injected", ids=injected)
    if is_approval(prompt):  # "approved, go ahead": the plan the previous run here proposed is now a decision
        proposed = _last_proposed_plan(paths, ws.fingerprint if ws else None)
        if proposed:
            transcript.add("plan", approved=True, **proposed)
    if on_injected:
        on_injected(injected, recalled.block)
    events.emit(paths, "run-start", session=transcript.session_id, agent=agent_name, injected=len(injected))

    started = time.monotonic()
    before = _git_state(cwd)
    workdir = Path(tempfile.mkdtemp(prefix="picasso-run-"))
    try:
        block_file = workdir / "memory-block.md"
        fd = os.open(block_file, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
        with os.fdopen(fd, "w", encoding="utf-8") as fh:
            fh.write(recalled.block)
        full_prompt = compose_prompt(recalled.block, prompt, bool(settings.get("agent.rememberHint", paths)))
        env = {**os.environ, "PICASSO_MEMORY_BLOCK": str(block_file), "PICASSO_SESSION_ID": transcript.session_id}
        exit_code = _run_process(argv, full_prompt, cwd, env, paths, transcript, on_output)
    finally:
        shutil.rmtree(workdir, ignore_errors=True)

    changed = _changed_files(cwd, before, _git_state(cwd))
    if changed:
        transcript.add("files_changed", files=changed)
    failed_checks = _verify(cwd, paths, transcript)
    for text in corrections:
        transcript.add("correction", text=text)
    outcome = "success" if exit_code == 0 and not failed_checks else "failure"
    checks = "no verification configured" if not verify_commands(paths) else "verification passed"
    summary = f"exit {exit_code}; {len(changed)} files changed; " + (
        f"verification failed ({len(failed_checks)})" if failed_checks else checks
    )
    transcript.add("reflection", outcome=outcome, exitCode=exit_code, summary=summary,
                   durationMs=round((time.monotonic() - started) * 1000))  # fmt: skip

    result = RunResult(transcript.session_id, exit_code, injected, verify_failed=failed_checks)
    result.transcript_path = _save_transcript(transcript, paths)
    label = f"{agent_name} ({model_label})" if model_label else agent_name
    result.report = reflect(transcript, store, agent=label)
    if on_written:
        on_written(result.report)
    events.emit(paths, "run-end", session=transcript.session_id, exitCode=exit_code, outcome=outcome)

    want_sync = bool(settings.get("sync.cloudMemory", paths)) if sync is None else sync
    if want_sync:
        result.sync_message, result.sync_error = _sync(store)
    return result


def _run_process(
    argv: list[str],
    prompt: str,
    cwd: Path,
    env: dict[str, str],
    paths: PicassoPaths,
    transcript: Transcript,
    on_output: Callable[[str], None] | None,
) -> int:
    via_stdin = settings.get("agent.promptVia", paths) == "stdin"
    if PROMPT_PLACEHOLDER in argv:
        args = [prompt if a == PROMPT_PLACEHOLDER else a for a in argv]
    else:
        args = argv if via_stdin else [*argv, prompt]
    try:
        proc = subprocess.Popen(
            args,
            cwd=cwd,
            env=env,
            stdin=subprocess.PIPE if via_stdin else subprocess.DEVNULL,
            stdout=subprocess.PIPE,
            stderr=subprocess.STDOUT,  # one live stream, in the order the agent wrote it
            text=True,
            encoding="utf-8",
            errors="replace",
            bufsize=1,
        )
    except FileNotFoundError:
        raise AgentNotFound(
            f"The agent command `{argv[0]}` was not found; check the agent.command setting "
            f'(for example "claude -p" or "codex exec").'
        ) from None
    except PermissionError:
        raise AgentNotFound(
            f"The agent command `{argv[0]}` is not executable; check the agent.command setting."
        ) from None
    try:
        if via_stdin and proc.stdin:
            with contextlib.suppress(BrokenPipeError):
                proc.stdin.write(prompt)
            with contextlib.suppress(BrokenPipeError):
                proc.stdin.close()
        assert proc.stdout is not None
        for line in proc.stdout:
            reported = events_from_agent_line(line)
            if not reported:
                transcript.add("output", text=line.rstrip("\n"))
                if on_output:
                    on_output(line)
            for kind, data in reported:
                if kind == "skip":
                    continue
                if kind == "plan":
                    data.pop("approved", None)  # only the user approves a plan, never the agent's own output
                transcript.add(kind, **data)
                shown = display_line(kind, data)
                if on_output and shown:
                    on_output(shown)
        return proc.wait()
    except BaseException:
        proc.kill()  # Ctrl-C or a failing callback: never leave the agent running on its own
        proc.wait()
        raise


def _git(cwd: Path, *args: str) -> str | None:
    try:
        out = subprocess.run(["git", *args], cwd=cwd, capture_output=True, text=True, timeout=30, check=False)
    except (OSError, subprocess.SubprocessError):
        return None
    return out.stdout if out.returncode == 0 else None


def _git_state(cwd: Path) -> tuple[str | None, dict[str, str]]:
    """HEAD and the porcelain status of every changed path (None outside a repository)."""
    head = _git(cwd, "rev-parse", "HEAD")
    status = _git(cwd, "status", "--porcelain=v1", "--untracked-files=all")
    entries: dict[str, str] = {}
    for line in (status or "").splitlines():
        if len(line) > 3:
            path = line[3:].split(" -> ")[-1].strip('"')
            entries[path] = line[:2].strip() or "M"
    return (head.strip() if head else None), entries


def _changed_files(
    cwd: Path, before: tuple[str | None, dict[str, str]], after: tuple[str | None, dict[str, str]]
) -> list[dict[str, str]]:
    changed: dict[str, str] = {p: s for p, s in after[1].items() if before[1].get(p) != s}
    if before[0] and after[0] and before[0] != after[0]:  # the agent committed: what its commits touched
        diff = _git(cwd, "diff", "--name-status", before[0], after[0]) or ""
        for line in diff.splitlines():
            parts = line.split("\t")
            if len(parts) >= 2:
                changed.setdefault(parts[-1], parts[0][:1])
    return [{"path": p, "status": s} for p, s in sorted(changed.items())]


def _verify(cwd: Path, paths: PicassoPaths, transcript: Transcript) -> list[str]:
    """Run the workspace's verification commands in order; the ones that failed."""
    failed = []
    timeout = float(settings.get("agent.verifyTimeoutSeconds", paths) or DEFAULT_VERIFY_TIMEOUT_S)
    for command in verify_commands(paths):
        t0 = time.monotonic()
        try:
            proc = subprocess.run(
                command, shell=True, cwd=cwd, capture_output=True, text=True, errors="replace", timeout=timeout
            )  # the user's own configured command line: shell syntax is expected
            code, output = proc.returncode, (proc.stdout + proc.stderr)
        except subprocess.TimeoutExpired:
            code, output = 124, f"timed out after {timeout:g} s"
        transcript.add("verify", command=command, exitCode=code, output=output[-VERIFY_OUTPUT_CHARS:],
                       durationMs=round((time.monotonic() - t0) * 1000))  # fmt: skip
        if code != 0:
            failed.append(command)
    return failed


def _save_transcript(transcript: Transcript, paths: PicassoPaths) -> Path | None:
    """Keep the transcript, redacted, under ``<home>/transcripts`` (fail closed: unredactable -> not kept)."""
    try:
        clean = Transcript(transcript.session_id, redact_value(transcript.header)[0])
        joined = redact_output_runs(transcript.events)  # runs of output lines as one text: secrets that span lines
        for event in transcript.events:
            text = joined.get(event.index)
            if text is None:
                data, _ = redact_value(event.data)
            else:
                data = {**redact_value({k: v for k, v in event.data.items() if k != "text"})[0], "text": text}
            clean.events.append(type(event)(event.index, event.type, data))
    except RedactionFailed:
        events.emit(paths, "transcript-denied", session=transcript.session_id, reason="redaction-failed")
        return None
    path = paths.home / "transcripts" / f"{transcript.session_id}.jsonl"
    try:
        clean.save(path)
        _prune_transcripts(path.parent, int(settings.get("agent.transcriptsKept", paths) or 0))
    except OSError as exc:
        events.emit(paths, "transcript-failed", session=transcript.session_id, reason=exc.strerror or str(exc))
        return None
    return path


def _last_proposed_plan(paths: PicassoPaths, workspace: str | None) -> dict[str, str] | None:
    """The plan the previous run in this workspace proposed and nobody approved yet, if any."""
    folder = paths.home / "transcripts"
    for path in sorted(folder.glob("sess_*.jsonl"), reverse=True)[:20]:
        try:
            previous = Transcript.load(path)
        except TranscriptError:
            continue
        if previous.header.get("workspace") != workspace:
            continue
        plans = [e for e in previous.of("plan") if e.text.strip()]
        if not plans or plans[-1].get("approved") is True:
            return None
        plan = plans[-1]
        return {"text": plan.text, "ref": plan.get("ref") or f"transcript:{previous.session_id}#{plan.index}"}
    return None


def _prune_transcripts(folder: Path, keep: int) -> None:
    """Keep only the newest ``keep`` transcripts: they hold (redacted) agent output, so they do not pile up."""
    if keep <= 0:
        return
    for old in sorted(folder.glob("sess_*.jsonl"))[:-keep]:  # session ids sort by time (ULID)
        old.unlink(missing_ok=True)


def forget_transcripts(paths: PicassoPaths, workspace: str | None = None) -> int:
    """Delete the kept transcripts of one workspace, or all of them: they hold (redacted) agent
    output, so clearing memory must not leave them behind. Returns how many were deleted."""
    folder = paths.home / "transcripts"
    deleted = 0
    for path in folder.glob("sess_*.jsonl"):
        if workspace is not None:
            try:
                if Transcript.load(path).header.get("workspace") != workspace:
                    continue
            except TranscriptError:
                pass  # unreadable: it cannot show which workspace it belongs to, and a clear errs towards forgetting
        path.unlink(missing_ok=True)
        deleted += 1
    return deleted


def _sync(store: MemoryStore) -> tuple[str, PicassoError | None]:
    """Sync after the run when asked; a failure is reported, never passed off as success."""
    from picasso_tui.sync import client  # imported here: a run that does not sync never loads it

    try:
        report = client.sync_now(store, store.paths)
    except (SyncError, StoreError) as exc:  # SyncError includes "needs sign-in", which the CLI turns into exit 3
        return f"Memory sync failed: {exc}", exc
    return f"Memory synced (pushed {report.pushed}, pulled {report.pulled}).", None
