"""Asking git for the few facts the store needs of a workspace: its top level, its origin, its files."""

from __future__ import annotations

import os
import subprocess
from pathlib import Path


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


def workspace_answers(path: Path) -> tuple[str | None, str | None]:
    """(top level, origin URL) of the repository containing ``path``; None for what git could not say.
    Both asked at once (each git start is ~5 ms); the remote is read from ``path`` itself, which names
    the same repository as its top level."""
    top, remote = start(path, "rev-parse", "--show-toplevel"), start(path, "remote", "get-url", "origin")
    return output(top), output(remote)
