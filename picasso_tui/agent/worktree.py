"""What an agent run did to the working tree: the files it changed (git status and, if it committed, the diff) and
the verification commands the workspace configures, run after it."""

from __future__ import annotations

import subprocess
import time
from pathlib import Path

from picasso_tui import settings
from picasso_tui.paths import PicassoPaths
from picasso_tui.writeback.transcript import Transcript

VERIFY_OUTPUT_CHARS = 8000
"""What the transcript keeps of a verification command's output: its tail, where errors are."""
DEFAULT_VERIFY_TIMEOUT_S = 600


def verify_commands(paths: PicassoPaths) -> list[str]:
    value = settings.get("agent.verify", paths)
    if isinstance(value, str):
        return [value] if value.strip() else []
    return [str(v) for v in value or [] if str(v).strip()]


def _git(cwd: Path, *args: str) -> str | None:
    """git's output as written: porcelain status lines start with a space that stripping would lose."""
    try:
        out = subprocess.run(["git", *args], cwd=cwd, capture_output=True, text=True, timeout=30, check=False)
    except (OSError, subprocess.SubprocessError):
        return None
    return out.stdout if out.returncode == 0 else None


def git_state(cwd: Path) -> tuple[str | None, dict[str, str]]:
    """HEAD and the porcelain status of every changed path (None outside a repository)."""
    head = _git(cwd, "rev-parse", "HEAD")
    status = _git(cwd, "status", "--porcelain=v1", "--untracked-files=all")
    entries: dict[str, str] = {}
    for line in (status or "").splitlines():
        if len(line) > 3:
            path = line[3:].split(" -> ")[-1].strip('"')
            entries[path] = line[:2].strip() or "M"
    return (head.strip() if head else None), entries


def changed_files(
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


def run_verification(cwd: Path, paths: PicassoPaths, transcript: Transcript) -> list[str]:
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
