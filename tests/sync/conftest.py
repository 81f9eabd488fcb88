"""Sync fixtures: a real sync server on loopback (uvicorn in a thread, port 0), on SQLite and,
when PICASSO_TEST_POSTGRES_URL is set, on PostgreSQL too; and "devices" = separate Picasso homes."""

from __future__ import annotations

import os
import sys
import threading
import time
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path

import keyring
import pytest
import uvicorn
from sqlalchemy import create_engine

from picasso_tui import settings
from picasso_tui.paths import PicassoPaths
from picasso_tui.store.api import MemoryStore
from picasso_tui.sync.server.app import create_app
from picasso_tui.sync.server.db import metadata, normalize_url
from tests.sync.keyring_backend import HomeFileKeyring

REPO = Path(__file__).resolve().parents[2]
POSTGRES_URL = os.environ.get("PICASSO_TEST_POSTGRES_URL")
PASSWORD = "correct horse battery"


@pytest.fixture(autouse=True)
def test_keyring(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    previous = keyring.get_keyring()
    keyring.set_keyring(HomeFileKeyring())
    # Subprocesses (the concurrent-sync tests) load the same backend by name.
    monkeypatch.setenv("PYTHON_KEYRING_BACKEND", "tests.sync.keyring_backend.HomeFileKeyring")
    monkeypatch.setenv("PYTHONPATH", str(REPO) + os.pathsep + os.environ.get("PYTHONPATH", ""))
    yield
    keyring.set_keyring(previous)


class Clock:
    """The server's clock, movable by tests (link-request expiry) and stoppable (sign-in back-off)."""

    def __init__(self) -> None:
        self.offset = 0.0
        self.stopped_at: float | None = None

    def stop(self) -> None:
        self.stopped_at = time.time() + self.offset

    def __call__(self) -> float:
        return (self.stopped_at if self.stopped_at is not None else time.time()) + self.offset


@dataclass
class Server:
    url: str
    database_url: str
    clock: Clock
    thread: threading.Thread
    uvicorn: uvicorn.Server
    app: object = field(repr=False)

    def stop(self) -> None:
        self.uvicorn.should_exit = True
        self.thread.join(timeout=10)


def _start(database_url: str) -> Server:
    clock = Clock()
    app = create_app(database_url, clock=clock)
    config = uvicorn.Config(app, host="127.0.0.1", port=0, log_level="warning", lifespan="off")
    server = uvicorn.Server(config)
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    deadline = time.time() + 10
    while not server.started:
        if time.time() > deadline or not thread.is_alive():
            raise RuntimeError("the test sync server did not start")
        time.sleep(0.01)
    port = server.servers[0].sockets[0].getsockname()[1]
    return Server(f"http://127.0.0.1:{port}", database_url, clock, thread, server, app)


@pytest.fixture(params=["sqlite", "postgres"])
def server(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[Server]:
    if request.param == "postgres":
        if not POSTGRES_URL:
            pytest.skip("set PICASSO_TEST_POSTGRES_URL to run the server tests on PostgreSQL")
        engine = create_engine(normalize_url(POSTGRES_URL))
        metadata.drop_all(engine)  # every test starts from an empty database
        engine.dispose()
        url = POSTGRES_URL
    else:
        url = f"sqlite:///{tmp_path / 'server.db'}"
    srv = _start(url)
    yield srv
    srv.stop()
    srv.app.state.server.db.dispose()  # type: ignore[attr-defined]


@dataclass
class Device:
    """One machine: its own Picasso home (and so its own keyring file and memory.json)."""

    name: str
    home: Path
    monkeypatch: pytest.MonkeyPatch
    runner: object

    def use(self) -> Device:
        self.monkeypatch.setenv("PICASSO_HOME", str(self.home))
        return self

    def run(self, *args: str, stdin: str | None = None):
        self.use()
        return self.runner(*args, stdin=stdin)  # type: ignore[operator]

    def ok(self, *args: str, stdin: str | None = None) -> str:
        result = self.run(*args, stdin=stdin)
        assert result.code == 0, f"{self.name}: picasso {' '.join(args)} -> {result.code}: {result.err}"
        return result.out

    @property
    def paths(self) -> PicassoPaths:
        self.use()
        return PicassoPaths.resolve()

    def store(self, **options: object) -> MemoryStore:
        self.use()
        return MemoryStore(**options)  # type: ignore[arg-type]

    def bodies(self) -> set[str]:
        return {r.body for r in self.store().list(everything=True)}

    def subprocess_env(self) -> dict[str, str]:
        return {**os.environ, "PICASSO_HOME": str(self.home)}


@pytest.fixture
def device(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, picasso):
    made: list[Device] = []

    def make(name: str, cloud_memory: bool = True) -> Device:
        """A device that opted in to sync (``sync.cloudMemory on``) unless told otherwise."""
        d = Device(name, tmp_path / f"home-{name}", monkeypatch, picasso)
        if cloud_memory:
            settings.set_value("sync.cloudMemory", True, d.paths)
        made.append(d)
        return d

    yield make


def signed_in_pair(server: Server, device, email: str = "dev@example.com") -> tuple[Device, Device]:
    """Two devices signed in to one account; A created the key, B imported it from the recovery string."""
    a, b = device("A"), device("B")
    a.ok("auth", "login", "--server", server.url, "--email", email, "--create-account", "--password-stdin",
         stdin=PASSWORD + "\n")  # fmt: skip
    a.ok("memory", "sync")
    recovery = a.ok("memory", "key", "export")
    b.ok("auth", "login", "--server", server.url, "--email", email, "--password-stdin", stdin=PASSWORD + "\n")
    b.ok("memory", "key", "import", "--stdin", stdin=recovery)
    return a, b


PICASSO_EXE = [sys.executable, "-m", "picasso_tui.cli.main"]
