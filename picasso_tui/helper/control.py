"""``picasso helper start | stop | status``: a detached helper started and stopped, and what runs now."""

from __future__ import annotations

import os
import signal
import socket
import subprocess
import sys
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from picasso_tui.atomic import pid_alive
from picasso_tui.errors import PicassoError
from picasso_tui.helper.client import running
from picasso_tui.helper.files import HelperFiles, HelperInfo
from picasso_tui.paths import PicassoPaths

START_TIMEOUT_S = 20.0
STOP_GRACE_S = 5.0


class HelperFailed(PicassoError):
    """The helper did not start, or would not stop."""


@dataclass(frozen=True)
class Status:
    home: Path
    files: HelperFiles
    info: HelperInfo | None

    @property
    def page_url(self) -> str | None:
        """The loopback URL with the token, which opens the Memory page (and sets the token's cookie)."""
        if self.info is None:
            return None
        try:
            token = Path(self.info.token_file).read_text().strip()
        except OSError:
            return self.info.url + "/"
        return f"{self.info.url}/?token={token}"

    def as_json(self) -> dict[str, Any]:
        info = self.info
        return {
            "running": info is not None,
            "home": str(self.home),
            "pid": info.pid if info else None,
            "socket": info.socket if info else str(self.files.socket),
            "url": info.url if info else None,
            "pageUrl": self.page_url,
            "tokenFile": info.token_file if info else str(self.files.token),
            "startedAt": info.started_at if info else None,
            "version": info.version if info else None,
        }


def status(paths: PicassoPaths | None = None) -> Status:
    """What runs: ``helper.json`` whose process is alive and whose socket accepts a connection (a process id reused
    after a killed helper, with its socket file left behind, does not count)."""
    paths = paths or PicassoPaths.resolve()
    info = running(paths)
    return Status(paths.home, HelperFiles.of(paths), info if info is not None and answers(info.socket) else None)


def answers(path: str) -> bool:
    sock = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    sock.settimeout(2)
    try:
        sock.connect(path)
        return True
    except OSError:
        return False
    finally:
        sock.close()


def start(paths: PicassoPaths | None = None, *, timeout: float = START_TIMEOUT_S) -> tuple[Status, bool]:
    """Start a detached ``picasso helper run`` and wait until it listens; (status, whether it was started now)."""
    paths = paths or PicassoPaths.resolve()
    now = status(paths)
    if now.info is not None:
        return now, False
    files = HelperFiles.of(paths)
    files.folder.mkdir(parents=True, exist_ok=True, mode=0o700)
    with open(files.log, "ab") as log:
        os.chmod(files.log, 0o600)
        child = subprocess.Popen(
            [sys.executable, "-m", "picasso_tui.cli", "helper", "run"],
            stdin=subprocess.DEVNULL, stdout=log, stderr=log, cwd=paths.home, start_new_session=True,
        )  # fmt: skip
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        now = status(paths)
        if now.info is not None and now.info.pid == child.pid:
            return now, True
        if child.poll() is not None:
            raise HelperFailed(f"The helper did not start: {last_line(files.log)}")
        time.sleep(0.05)
    child.terminate()
    raise HelperFailed(f"The helper did not listen within {timeout:.0f} s; see {files.log}.")


def last_line(log: Path) -> str:
    try:
        lines = [line for line in log.read_text(errors="replace").splitlines() if line.strip()]
    except OSError:
        lines = []
    return lines[-1].removeprefix("picasso: ") if lines else f"see {log}."


def stop(paths: PicassoPaths | None = None, *, grace: float = STOP_GRACE_S) -> HelperInfo | None:
    """SIGTERM, then SIGKILL after ``grace`` seconds; the helper that was stopped, or None when none ran."""
    paths = paths or PicassoPaths.resolve()
    info = status(paths).info  # never a signal to a process that only reuses a dead helper's id
    if info is None:
        return None
    os.kill(info.pid, signal.SIGTERM)
    if not wait_gone(info.pid, grace):
        os.kill(info.pid, signal.SIGKILL)
        if not wait_gone(info.pid, grace):
            raise HelperFailed(f"The helper (process {info.pid}) did not stop.")
        files = HelperFiles.of(paths)  # killed: its files stay behind, and would say it runs
        for path in (files.info, files.socket, files.token):
            path.unlink(missing_ok=True)
    return info


def wait_gone(pid: int, seconds: float) -> bool:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if not pid_alive(pid):
            return True
        time.sleep(0.05)
    return not pid_alive(pid)
