"""``picasso run``: retrieve -> inject -> run the configured agent -> reflect -> write -> (sync).

The library function ``run_agent`` is the one path every front end uses (the CLI and the TUI's run
screen): callbacks report the agent's output line by line and the memories written, so a
live view can show memory being written during the run.
"""

from __future__ import annotations

import contextlib
import os
import shlex
import shutil
import tempfile
import time
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING

from picasso_tui import settings
from picasso_tui.agent import known_agents
from picasso_tui.agent.errors import AgentCommandInvalid, AgentNotConfigured
from picasso_tui.agent.live_stream import LiveStream
from picasso_tui.agent.process import not_found, run_process
from picasso_tui.agent.worktree import changed_files, git_state, run_verification, verify_commands
from picasso_tui.errors import PicassoError
from picasso_tui.paths import PicassoPaths
from picasso_tui.store import events
from picasso_tui.store.api import MemoryStore
from picasso_tui.store.errors import StoreError
from picasso_tui.sync.errors import SyncError
from picasso_tui.writeback.classify import is_approval
from picasso_tui.writeback.kept_transcripts import last_proposed_plan, save_transcript
from picasso_tui.writeback.transcript import Transcript
from picasso_tui.writeback.write import WriteReport, reflect

if TYPE_CHECKING:
    from picasso_tui.retrieval.pipeline import RecallResult

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
    agent_error: str | None = None  # the error the agent's own stream said the run ended with (exit code or not)

    @property
    def succeeded(self) -> bool:
        """The agent exited 0 and did not report that its run failed (verification is memory, not failure)."""
        return self.exit_code == 0 and not self.agent_error


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


def agent_label(argv: list[str]) -> str:
    """The agent's name for transcripts and model notes: its executable, or the script a launcher runs.
    Never its arguments, which may hold a key."""
    at = known_agents.program_index(argv)
    return os.path.basename(argv[at].rstrip("/")) if at else os.path.basename(argv[0])


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
        raise not_found(argv[0])
    launched = known_agents.launch(argv, structured_output=bool(settings.get("agent.structuredOutput", paths)))
    if ws is not None:  # a session starts: staleness follows the code (git + hashes; one write if a score moved)
        from picasso_tui.anchors.staleness import refresh as refresh_staleness

        with contextlib.suppress(StoreError):  # read-only memory still runs; retrieval judges candidates itself
            refresh_staleness(store, ws.root)
    transcript, label = _new_transcript(argv, store)
    recalled = _inject(prompt, store, transcript)
    injected = [e.id for e in recalled.entries]
    if on_injected:
        on_injected(injected, recalled.block)
    events.emit(paths, "run-start", session=transcript.session_id, agent=agent_label(argv), injected=len(injected))

    started = time.monotonic()
    before = git_state(cwd)
    stream = LiveStream(transcript, on_output, structured=launched.structured, root=str(cwd))
    exit_code = _run_with_block(launched.argv, prompt, recalled.block, cwd, store, transcript.session_id, stream)
    result = RunResult(transcript.session_id, exit_code, injected, agent_error=stream.agent_error)
    result.verify_failed = _conclude(transcript, paths, cwd, before, result, corrections, started)

    result.transcript_path = save_transcript(transcript, paths)
    result.report = reflect(transcript, store, agent=label)
    if on_written:
        on_written(result.report)
    outcome = "success" if result.succeeded and not result.verify_failed else "failure"
    events.emit(paths, "run-end", session=transcript.session_id, exitCode=exit_code, outcome=outcome)

    want_sync = bool(settings.get("sync.cloudMemory", paths)) if sync is None else sync
    if want_sync:
        result.sync_message, result.sync_error = _sync(store)
    return result


def _new_transcript(argv: list[str], store: MemoryStore) -> tuple[Transcript, str]:
    """A transcript headed by the agent, its model and the workspace; and the label model notes use."""
    transcript = Transcript()
    agent_name = agent_label(argv)
    model_label = settings.get("agent.model", store.paths)
    transcript.header = {"agent": agent_name, **({"model": str(model_label)} if model_label else {})}
    if store.workspace:
        transcript.header["workspace"] = store.workspace.fingerprint
    return transcript, (f"{agent_name} ({model_label})" if model_label else agent_name)


def _inject(prompt: str, store: MemoryStore, transcript: Transcript) -> RecallResult:
    """Recall for ``prompt`` and note it; an approval turns the plan the previous run here proposed into a decision."""
    from picasso_tui.retrieval.pipeline import Retriever  # numpy and the embedder: only when running

    recalled = Retriever.for_store(store).recall(prompt)
    transcript.add("prompt", text=prompt)
    transcript.add("injected", ids=[e.id for e in recalled.entries])
    if is_approval(prompt):
        ws = store.workspace
        proposed = last_proposed_plan(store.paths, ws.fingerprint if ws else None)
        if proposed:
            transcript.add("plan", approved=True, **proposed)
    return recalled


def _run_with_block(
    argv: list[str],
    prompt: str,
    block: str,
    cwd: Path,
    store: MemoryStore,
    session_id: str,
    stream: LiveStream,
) -> int:
    """Run the agent with the memory block in its prompt and in a private file (``PICASSO_MEMORY_BLOCK``)."""
    paths = store.paths
    workdir = Path(tempfile.mkdtemp(prefix="picasso-run-"))
    try:
        block_file = workdir / "memory-block.md"
        fd = os.open(block_file, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
        with os.fdopen(fd, "w", encoding="utf-8") as fh:
            fh.write(block)
        full_prompt = compose_prompt(block, prompt, bool(settings.get("agent.rememberHint", paths)))
        env = {**os.environ, "PICASSO_MEMORY_BLOCK": str(block_file), "PICASSO_SESSION_ID": session_id}
        return run_process(argv, full_prompt, cwd, env, paths, stream)
    finally:
        shutil.rmtree(workdir, ignore_errors=True)


def _conclude(
    transcript: Transcript,
    paths: PicassoPaths,
    cwd: Path,
    before: tuple[str | None, dict[str, str]],
    result: RunResult,
    corrections: Iterable[str],
    started: float,
) -> list[str]:
    """Note what the run changed, verify it, add the user's corrections and the reflection; the failed checks.
    A run whose agent reported an error is a failure even when it exited 0 (Claude Code reports an API error as
    an ``is_error`` result and exit 0; Gemini CLI ends an empty or blocked answer with an error result and exit 0)."""
    changed = changed_files(cwd, before, git_state(cwd))
    if changed:
        transcript.add("files_changed", files=changed)
    failed_checks = run_verification(cwd, paths, transcript)
    for text in corrections:
        transcript.add("correction", text=text)
    outcome = "success" if result.succeeded and not failed_checks else "failure"
    checks = "no verification configured" if not verify_commands(paths) else "verification passed"
    reported = "; the agent reported an error" if result.agent_error else ""
    summary = f"exit {result.exit_code}{reported}; {len(changed)} files changed; " + (
        f"verification failed ({len(failed_checks)})" if failed_checks else checks
    )
    error = {"agentError": result.agent_error} if result.agent_error else {}
    transcript.add("reflection", outcome=outcome, exitCode=result.exit_code, summary=summary, **error,
                   durationMs=round((time.monotonic() - started) * 1000))  # fmt: skip
    return failed_checks


def _sync(store: MemoryStore) -> tuple[str, PicassoError | None]:
    """Sync after the run when asked; a failure is reported, never passed off as success."""
    from picasso_tui.sync import client  # imported here: a run that does not sync never loads it

    try:
        report = client.sync_now(store, store.paths)
    except (SyncError, StoreError) as exc:  # SyncError includes "needs sign-in", which the CLI turns into exit 3
        return f"Memory sync failed: {exc}", exc
    return f"Memory synced (pushed {report.pushed}, pulled {report.pulled}).", None
