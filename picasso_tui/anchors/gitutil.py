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


def committed_at(root: Path, rel: str | None = None) -> int | None:
    """When the newest commit touching rel (or HEAD, without rel) was made, in seconds since the epoch."""
    out = (git(root, "log", "-1", "--format=%ct", *(("--", rel) if rel else ())) or "").strip()
    return int(out) if out.isdigit() else None


def untouched_for(root: Path, rel: str, days: int) -> bool:
    """rel's newest commit is more than days older than HEAD's: HEAD, not today, so an old checkout reads the same."""
    changed, now = committed_at(root, rel), committed_at(root)
    return changed is not None and now is not None and now - changed > days * 86_400


def short(commit: str | None) -> str:
    return commit[:7] if commit else "(no commit)"


def _git_dirs(root: Path) -> tuple[Path, Path] | None:
    """(this checkout's git dir, the common dir holding refs) without running git; None if unusual."""
    dot = root / ".git"
    if dot.is_dir():
        return dot, dot
    try:
        text = dot.read_text(encoding="utf-8").strip()
    except OSError:
        return None
    if not text.startswith("gitdir:"):
        return None
    gitdir = (root / text.removeprefix("gitdir:").strip()).resolve()
    try:
        common = (gitdir / (gitdir / "commondir").read_text(encoding="utf-8").strip()).resolve()
    except OSError:
        common = gitdir
    return gitdir, common


def head_fast(root: Path) -> str | None:
    """HEAD's commit by reading .git directly (microseconds), falling back to `git rev-parse`.

    Staleness checks HEAD before every retrieval; a subprocess there would cost ~5 ms each time."""
    dirs = _git_dirs(root)
    if dirs is None:
        return head(root)
    gitdir, common = dirs
    try:
        ref = (gitdir / "HEAD").read_text(encoding="utf-8").strip()
    except OSError:
        return head(root)
    if not ref.startswith("ref:"):
        return ref if len(ref) in (40, 64) else head(root)
    name = ref.removeprefix("ref:").strip()
    for folder in (gitdir, common):
        try:
            value = (folder / name).read_text(encoding="utf-8").strip()
            return value if len(value) in (40, 64) else head(root)
        except OSError:
            continue
    try:
        for line in (common / "packed-refs").read_text(encoding="utf-8").splitlines():
            if line.endswith(" " + name) and not line.startswith(("#", "^")):
                return line.split(" ", 1)[0]
    except OSError:
        pass
    return head(root)  # an unborn branch, or refs in a format we do not read (reftable)
