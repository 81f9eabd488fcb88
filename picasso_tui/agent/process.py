"""The agent as a child process: started with the prompt (as an argument, a placeholder or on stdin), its output
streamed line by line into the transcript and to the live view (``live_stream``), and never left running on its
own."""

from __future__ import annotations

import contextlib
import subprocess
from pathlib import Path

from picasso_tui import settings
from picasso_tui.agent.errors import AgentNotFound
from picasso_tui.agent.live_stream import LiveStream
from picasso_tui.paths import PicassoPaths

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
    stream: LiveStream,
) -> int:
    """Run the agent to its end, its output into ``stream``; its exit code."""
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
            stream.feed(line)
        stream.close()
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
