"""Asking git for the few facts the store needs of a workspace: its top level and its origin.

Each git start costs ~14 ms, and a fresh ``picasso`` process needs two before it can name its
workspace. ``prefetch_workspace`` starts both at process start, before the CLI's ~0.2 s of imports,
and ``workspace_answers`` collects them: git runs on another core meanwhile. Light on purpose
(standard library only): the launcher imports it first.
"""

from __future__ import annotations

import os
import subprocess
from pathlib import Path

_prefetched: dict[str, tuple[subprocess.Popen[str] | None, subprocess.Popen[str] | None]] = {}


def start(cwd: Path | str, *args: str) -> subprocess.Popen[str] | None:
    try:
        return subprocess.Popen(
            ["git", *args], cwd=cwd, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True,
            env={**os.environ, "GIT_TERMINAL_PROMPT": "0", "GIT_OPTIONAL_LOCKS": "0"},
        )  # fmt: skip
    except OSError:
        return None


def output(proc: subprocess.Popen[str] | None) -> str | None:
    """What git printed, stripped; None when it failed or hung."""
    if proc is None:
        return None
    try:
        out, _ = proc.communicate(timeout=10)
    except subprocess.SubprocessError:
        proc.kill()
        proc.communicate()
        return None
    return out.strip() if proc.returncode == 0 else None


def run(cwd: Path | str, *args: str) -> str | None:
    return output(start(cwd, *args))


def _ask_workspace(path: Path | str) -> tuple[subprocess.Popen[str] | None, subprocess.Popen[str] | None]:
    # The remote is read from ``path`` itself, which names the same repository as its top level.
    return start(path, "rev-parse", "--show-toplevel"), start(path, "remote", "get-url", "origin")


def prefetch_workspace(path: str) -> None:
    """Start asking about the workspace at ``path`` now; a later ``workspace_answers`` collects it."""
    _prefetched[os.path.realpath(path)] = _ask_workspace(path)


def workspace_answers(path: Path) -> tuple[str | None, str | None]:
    """(top level, origin URL) of the repository containing ``path``; None for what git could not say."""
    asked = _prefetched.pop(os.path.realpath(path), None) or _ask_workspace(path)
    return output(asked[0]), output(asked[1])
