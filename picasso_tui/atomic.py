"""Crash-safe replacement of a file: temp in the same folder, fsync, os.replace, fsync folder.

A reader (or a crash) only ever sees the old bytes or the new bytes, never a mix.
"""

from __future__ import annotations

import contextlib
import errno
import os
import secrets
import sys
import time
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    import portalocker

TEMP_MAX_AGE_S = 600.0


class FolderSyncFailed(OSError):
    """The new file is in place, but the folder entry may not survive a power cut."""


def temp_name(target: Path) -> Path:
    return target.with_name(f".{target.name}.{os.getpid()}.{secrets.token_hex(4)}.tmp")


def _fsync(fd: int) -> None:
    if sys.platform == "darwin":  # fsync alone does not reach the platter on macOS
        import fcntl

        with contextlib.suppress(OSError):
            fcntl.fcntl(fd, fcntl.F_FULLFSYNC)
            return
    os.fsync(fd)


def fsync_file(fd: int) -> None:
    """Flush a file's data to the disk (on macOS as far as the platter)."""
    _fsync(fd)


def fsync_dir(folder: Path) -> None:
    if sys.platform == "win32":
        return
    fd = os.open(folder, os.O_RDONLY)
    try:
        os.fsync(fd)
    finally:
        os.close(fd)


def write_atomic(target: Path, data: bytes, mode: int = 0o600, *, durable: bool = True) -> None:
    """Replace ``target`` with ``data``; on any failure the old file is untouched and no temp remains.

    ``durable=False`` skips the fsyncs: for derived files (projections) that the next write
    regenerates anyway, atomicity matters and durability does not."""
    tmp = temp_name(target)
    fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_BINARY", 0), mode)
    try:
        try:
            view = memoryview(data)
            while view:
                view = view[os.write(fd, view) :]
            if durable:
                _fsync(fd)
        finally:
            os.close(fd)
        _replace(tmp, target)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(tmp)
        raise
    if not durable:
        return
    try:
        fsync_dir(target.parent)
    except OSError as exc:  # after the replace: the write happened, so say exactly that
        raise FolderSyncFailed(exc.errno, exc.strerror) from exc


def _replace(src: Path, dst: Path) -> None:
    # Windows refuses a replace while any process (an indexer, a virus scanner) has the
    # target open; a bounded retry covers that and still surfaces a real permission error.
    for attempt in range(10):
        try:
            os.replace(src, dst)
            return
        except PermissionError as exc:
            if sys.platform != "win32" or getattr(exc, "winerror", None) not in (5, 32, 33) or attempt == 9:
                raise
            time.sleep(0.01 * (attempt + 1))


def pid_alive(pid: int) -> bool:
    """Whether a process with this id runs (someone else's counts; a zombie nobody reaped yet does not)."""
    if pid <= 0:
        return False
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except OSError as exc:  # EPERM: alive, someone else's
        return exc.errno == errno.EPERM
    try:  # a killed writer its parent has not reaped yet is a zombie: dead for our purpose
        with open(f"/proc/{pid}/stat", "rb") as stat:
            return stat.read().rsplit(b")", 1)[1].split()[0] != b"Z"
    except (OSError, IndexError):
        return True


def sweep_temps(target: Path, now: float | None = None, pattern: str | None = None) -> list[Path]:
    """Remove temp files a dead writer left behind (they may hold memory text that has since
    been deleted). Call only while holding the lock that guards ``target``'s writers."""
    now = time.time() if now is None else now
    removed: list[Path] = []
    for tmp in target.parent.glob(pattern or f".{target.name}.*.tmp"):
        parts = tmp.name.split(".")
        pid = int(parts[-3]) if len(parts) >= 4 and parts[-3].isdigit() else None
        try:
            old = now - tmp.stat().st_mtime > TEMP_MAX_AGE_S
        except FileNotFoundError:
            continue
        if old or pid is None or (pid != os.getpid() and not pid_alive(pid)):
            with contextlib.suppress(FileNotFoundError):
                tmp.unlink()
                removed.append(tmp)
    return removed


def exclusive_lock(path: Path, timeout: float, check_interval: float = 0.05) -> portalocker.Lock:
    """An exclusive lock on ``path`` that polls until ``timeout``; its ``acquire()`` raises
    ``portalocker.AlreadyLocked`` then. Polling (not a blocking ``flock``) keeps the wait bounded."""
    import portalocker  # here: readers that never lock do not pay for the import

    return portalocker.Lock(
        path,
        mode="a",
        timeout=timeout,
        check_interval=check_interval,
        flags=portalocker.LockFlags.EXCLUSIVE | portalocker.LockFlags.NON_BLOCKING,
    )
