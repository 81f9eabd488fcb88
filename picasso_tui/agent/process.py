"""The agent as a child process: started with the prompt (as an argument, a placeholder or on stdin), its output
streamed line by line into the transcript and to the live view, and never left running on its own."""

from __future__ import annotations

import contextlib
import subprocess
from collections.abc import Callable
from pathlib import Path

from picasso_tui import settings
from picasso_tui.agent.errors import AgentNotFound
from picasso_tui.paths import PicassoPaths
from picasso_tui.writeback.transcript import Transcript, display_line, events_from_agent_line

PROMPT_PLACEHOLDER = "{prompt}"


def not_found(command: str) -> AgentNotFound:
    return AgentNotFound(
        f"The agent command `{command}` was not found; check the agent.command setting "
        f'(for example "claude -p" or "codex exec").'
    )


def run_process(
    argv: list[str],
    prompt: str,
    cwd: Path,
    env: dict[str, str],
    paths: PicassoPaths,
    transcript: Transcript,
    on_output: Callable[[str], None] | None,
) -> int:
    """Run the agent to its end; its exit code."""
    via_stdin = settings.get("agent.promptVia", paths) == "stdin"
    proc = _spawn(_arguments(argv, prompt, via_stdin), argv[0], cwd, env, via_stdin)
    try:
        if via_stdin and proc.stdin:
            with contextlib.suppress(BrokenPipeError):
                proc.stdin.write(prompt)
            with contextlib.suppress(BrokenPipeError):
                proc.stdin.close()
        assert proc.stdout is not None
        for line in proc.stdout:
            _record_line(line, transcript, on_output)
        return proc.wait()
    except BaseException:
        proc.kill()  # Ctrl-C or a failing callback: never leave the agent running on its own
        proc.wait()
        raise


def _arguments(argv: list[str], prompt: str, via_stdin: bool) -> list[str]:
    if PROMPT_PLACEHOLDER in argv:
        return [prompt if a == PROMPT_PLACEHOLDER else a for a in argv]
    return argv if via_stdin else [*argv, prompt]


def _spawn(args: list[str], command: str, cwd: Path, env: dict[str, str], via_stdin: bool) -> subprocess.Popen[str]:
    try:
        return subprocess.Popen(
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
        raise not_found(command) from None
    except PermissionError:
        raise AgentNotFound(
            f"The agent command `{command}` is not executable; check the agent.command setting."
        ) from None


def _record_line(line: str, transcript: Transcript, on_output: Callable[[str], None] | None) -> None:
    """One line of output: plain output, or the events it reports (``remember(fact): …``, a plan)."""
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
