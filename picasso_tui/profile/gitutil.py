"""The few git questions the profile asks, each one subprocess (read-only, no network, no prompts)."""

from __future__ import annotations

import os
import subprocess
from pathlib import Path

GIT_ENV = {"GIT_TERMINAL_PROMPT": "0", "GIT_OPTIONAL_LOCKS": "0", "LC_ALL": "C"}


def git(root: Path, *args: str, timeout: float = 30, input_text: str | None = None) -> str | None:
    """stdout of a git command, or None when git is missing or the command fails."""
    try:
        out = subprocess.run(
            ["git", *args], cwd=root, capture_output=True, text=True, timeout=timeout, check=False,
            env={**os.environ, **GIT_ENV}, input=input_text, errors="replace",
        )  # fmt: skip
    except (OSError, subprocess.SubprocessError):
        return None
    return out.stdout if out.returncode == 0 else None


def head(root: Path) -> str | None:
    out = git(root, "rev-parse", "--verify", "-q", "HEAD")
    return out.strip() if out else None


def short(commit: str | None) -> str:
    return commit[:7] if commit else "(no commit)"
