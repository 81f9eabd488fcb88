"""Helper fixtures: a real ``picasso helper run`` subprocess on a short temporary Picasso home (a Unix socket's
path must stay under ~100 bytes, which pytest's tmp_path does not promise), always stopped in teardown."""

from __future__ import annotations

import http.client
import json
import os
import shutil
import signal
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest

from picasso_tui.helper import client
from picasso_tui.helper.files import HelperFiles, HelperInfo
from picasso_tui.paths import PicassoPaths

REPO = Path(__file__).resolve().parents[2]
START_TIMEOUT_S = 30


@pytest.fixture
def short_home(monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    base = Path(tempfile.mkdtemp(prefix="ph", dir="/tmp"))
    home = base / "h"
    monkeypatch.setenv("PICASSO_HOME", str(home))
    monkeypatch.setenv("PYTHONPATH", str(REPO) + os.pathsep + os.environ.get("PYTHONPATH", ""))
    yield home
    shutil.rmtree(base, ignore_errors=True)


@dataclass
class Helper:
    process: subprocess.Popen[bytes]
    paths: PicassoPaths
    info: HelperInfo

    @property
    def files(self) -> HelperFiles:
        return HelperFiles.of(self.paths)

    @property
    def token(self) -> str:
        return self.files.token.read_text().strip()

    @property
    def port(self) -> int:
        return int(self.info.url.rsplit(":", 1)[1])

    def call(self, method: str, path: str, body: Any = None) -> tuple[int, Any]:
        """One request over the Unix socket (no token), as the front ends make it."""
        return client.request(self.paths, method, path, body, timeout=30)

    def tcp(self, method: str, path: str, headers: dict[str, str] | None = None, body: bytes | None = None):
        """One request on the loopback port with exactly these headers (Host defaults to the helper's own)."""
        conn = http.client.HTTPConnection("127.0.0.1", self.port, timeout=30)
        try:
            conn.putrequest(method, path, skip_host=True, skip_accept_encoding=True)
            for name, value in {"Host": f"127.0.0.1:{self.port}", **(headers or {})}.items():
                conn.putheader(name, value)
            conn.putheader("Content-Length", str(len(body or b"")))
            conn.endheaders(body)
            response = conn.getresponse()
            return response.status, dict(response.getheaders()), response.read()
        finally:
            conn.close()

    def stop(self) -> None:
        if self.process.poll() is None:
            self.process.send_signal(signal.SIGTERM)
            try:
                self.process.wait(10)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait(10)


def start_helper(env: dict[str, str] | None = None) -> Helper:
    paths = PicassoPaths.resolve()
    process = subprocess.Popen(
        [sys.executable, "-m", "picasso_tui.cli", "helper", "run"],
        env=env or dict(os.environ), stdin=subprocess.DEVNULL, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
    )  # fmt: skip
    deadline = time.monotonic() + START_TIMEOUT_S
    while time.monotonic() < deadline:
        info = client.running(paths)
        if info is not None and info.pid == process.pid:
            return Helper(process, paths, info)
        if process.poll() is not None:
            out, err = process.communicate()
            raise AssertionError(f"the helper exited {process.returncode}: {err.decode()} {out.decode()}")
        time.sleep(0.05)
    process.kill()
    raise AssertionError("the helper did not write helper.json in time")


@pytest.fixture
def helper(short_home: Path) -> Iterator[Helper]:
    started = start_helper()
    yield started
    started.stop()


def events_connection(helper: Helper) -> tuple[http.client.HTTPConnection, http.client.HTTPResponse]:
    """A subscriber of ``/api/events`` over the socket, past the ``: subscribed`` comment."""
    conn = client.UnixConnection(helper.info.socket, 10)
    conn.request("GET", "/api/events")
    response = conn.getresponse()
    assert response.status == 200
    assert response.getheader("content-type", "").startswith("text/event-stream")
    assert response.readline() == b": subscribed\n"
    return conn, response


def read_event(response: http.client.HTTPResponse) -> tuple[str, dict[str, Any]]:
    """The next event (comments such as pings skipped): its name and data."""
    name, data = "", ""
    while True:
        line = response.readline().decode()
        if line == "":
            raise EOFError("the event stream ended")
        line = line.rstrip("\n")
        if line.startswith("event: "):
            name = line[7:]
        elif line.startswith("data: "):
            data = line[6:]
        elif line == "" and name:
            return name, json.loads(data)
