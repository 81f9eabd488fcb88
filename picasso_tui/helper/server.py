"""``picasso helper run``: the helper in the foreground (what systemd and launchd run).

One helper per Picasso home: ``helper.lock`` (portalocker) is held for the process's whole life, so a second one
refuses in one sentence. The API is served twice from one event loop, by two uvicorn servers: on the Unix socket
(0600, no token) and on 127.0.0.1 (through ``guard.TcpGuard``). Both sockets are bound here, before uvicorn sees
them, so the socket's mode is 0600 from its first moment and the port is known before the guard is built.
``helper.json`` is written once both listen and removed on a clean exit; a killed helper leaves it behind, and
the next one, holding the lock, knows it is stale and replaces it.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import os
import secrets
import signal
import socket
import sys
import threading
from collections.abc import Iterator
from datetime import UTC, datetime
from typing import IO, Any

import orjson
import uvicorn

from picasso_tui import __version__, settings
from picasso_tui.atomic import write_atomic
from picasso_tui.errors import PicassoError, UsageError
from picasso_tui.helper.app import create_app
from picasso_tui.helper.events import Broadcaster
from picasso_tui.helper.files import SOCKET_PATH_MAX, HelperFiles, HelperInfo, read_info
from picasso_tui.helper.guard import TcpGuard
from picasso_tui.helper.routes_more import HookRunner
from picasso_tui.helper.state import Warm
from picasso_tui.paths import PicassoPaths

log = logging.getLogger("picasso.helper")


class HelperRefused(UsageError):
    """The helper cannot start: another one runs, or its socket or port cannot be had."""


class QuietServer(uvicorn.Server):
    """A uvicorn server that leaves the signals alone: the helper's own handlers stop both servers at once."""

    @contextlib.contextmanager
    def capture_signals(self) -> Iterator[None]:
        yield


def run(paths: PicassoPaths | None = None, hook_runner: HookRunner | None = None) -> None:
    """Serve until SIGTERM or SIGINT. Raises HelperRefused when another helper runs for this home."""
    paths = paths or PicassoPaths.resolve()
    files = HelperFiles.of(paths)
    files.folder.mkdir(parents=True, exist_ok=True, mode=0o700)
    os.chmod(files.folder, 0o700)
    with hold_lock(files, paths):
        token = secrets.token_urlsafe(32)
        write_atomic(files.token, token.encode() + b"\n", 0o600)
        unix, tcp = bind_unix(files), bind_tcp(paths)
        try:
            asyncio.run(serve(paths, files, token, unix, tcp, hook_runner))
        finally:
            clean_up(files)
    leave_promptly()


@contextlib.contextmanager
def hold_lock(files: HelperFiles, paths: PicassoPaths) -> Iterator[None]:
    import portalocker

    lock = portalocker.Lock(files.lock, mode="a", timeout=0, fail_when_locked=True,
                            flags=portalocker.LockFlags.EXCLUSIVE | portalocker.LockFlags.NON_BLOCKING)  # fmt: skip
    try:
        handle: IO[Any] = lock.acquire()
    except portalocker.exceptions.BaseLockException:
        raise HelperRefused(f"A Picasso helper already runs for {paths.home} (process {holder(files)}).") from None
    try:
        os.chmod(files.lock, 0o600)
        handle.seek(0)
        handle.truncate()
        handle.write(f"{os.getpid()}\n")
        handle.flush()
        yield
    finally:
        lock.release()


def holder(files: HelperFiles) -> str:
    """The running helper's process id, as its lock file (or helper.json) says."""
    with contextlib.suppress(OSError, ValueError):
        return str(int(files.lock.read_text().split()[0]))
    info = read_info(files)
    return str(info.pid) if info else "unknown"


def bind_unix(files: HelperFiles) -> socket.socket:
    path = str(files.socket)
    if len(os.fsencode(path)) > SOCKET_PATH_MAX:
        raise HelperRefused(
            f"The helper's socket path {path} is too long for a Unix socket; use a shorter PICASSO_HOME."
        )
    files.socket.unlink(missing_ok=True)  # a killed helper's (we hold the lock, so no live helper uses it)
    sock = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    old = os.umask(0o177)  # created 0600: no moment when another account could connect
    try:
        sock.bind(path)
    finally:
        os.umask(old)
    os.chmod(path, 0o600)
    sock.listen(128)
    sock.setblocking(False)
    return sock


def bind_tcp(paths: PicassoPaths) -> socket.socket:
    port = int(settings.get("helper.port", paths))
    sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    try:
        sock.bind(("127.0.0.1", port))  # loopback only, whatever the settings say
    except OSError as exc:
        sock.close()
        raise HelperRefused(f"Cannot listen on 127.0.0.1:{port} ({exc.strerror or exc}); "
                            f"change helper.port or set it to 0.") from None  # fmt: skip
    sock.listen(128)
    sock.setblocking(False)
    return sock


def server_for(app: Any) -> QuietServer:
    config = uvicorn.Config(app, lifespan="off", log_level="warning", access_log=False, proxy_headers=False,
                            server_header=False, timeout_graceful_shutdown=2)  # fmt: skip
    return QuietServer(config)


async def serve(
    paths: PicassoPaths,
    files: HelperFiles,
    token: str,
    unix: socket.socket,
    tcp: socket.socket,
    hook_runner: HookRunner | None,
) -> None:
    warm = Warm(paths)

    def read_document() -> Any:
        with warm.serve.lock:
            return warm.serve.files().read_document()

    broadcaster = Broadcaster(paths, read_document)
    app = create_app(warm, broadcaster, hook_runner)
    port = tcp.getsockname()[1]
    servers = [server_for(app), server_for(TcpGuard(app, port, token))]
    loop = asyncio.get_running_loop()

    def stop() -> None:
        broadcaster.stop()
        for server in servers:
            server.should_exit = True

    for sig in (signal.SIGTERM, signal.SIGINT):
        loop.add_signal_handler(sig, stop)
    tasks = [asyncio.create_task(servers[0].serve([unix])), asyncio.create_task(servers[1].serve([tcp]))]
    while not all(s.started for s in servers):
        if any(t.done() for t in tasks):
            stop()
            break
        await asyncio.sleep(0.01)
    else:
        broadcaster.start(loop)
        write_info(files, port)
        threading.Thread(target=warm_up, args=(warm,), daemon=True, name="helper-warm-up").start()
    await asyncio.gather(*tasks)
    broadcaster.stop()


def warm_up(warm: Warm) -> None:
    try:
        warm.warm_up()
    except PicassoError as exc:  # the first request says the same to its client
        log.warning("picasso helper: warm-up skipped: %s", exc)
    except Exception:
        log.exception("picasso helper: warm-up failed")


def write_info(files: HelperFiles, port: int) -> None:
    started = datetime.now(UTC).isoformat(timespec="seconds")
    info = HelperInfo(
        os.getpid(), str(files.socket), f"http://127.0.0.1:{port}", str(files.token), started, __version__
    )
    write_atomic(files.info, orjson.dumps(info.as_json(), option=orjson.OPT_INDENT_2) + b"\n", 0o600)


def clean_up(files: HelperFiles) -> None:
    """On a clean exit: nothing left that says a helper runs (only ours: the lock is still held)."""
    info = read_info(files)
    if info is None or info.pid == os.getpid():
        files.info.unlink(missing_ok=True)
    files.socket.unlink(missing_ok=True)
    files.token.unlink(missing_ok=True)


def leave_promptly(grace: float = 2.0) -> None:
    """Exit now even if a worker thread is still busy (a recall waiting for the warm-up's first embedding of a large
    store can take minutes): stopping must not wait for it, and a write cut short is as safe as a killed helper's
    (every file is replaced atomically)."""
    import time

    deadline = time.monotonic() + grace
    busy = [t for t in threading.enumerate() if t is not threading.main_thread() and not t.daemon]
    for thread in busy:
        thread.join(max(0.0, deadline - time.monotonic()))
    if any(t.is_alive() for t in busy):
        sys.stdout.flush()
        sys.stderr.flush()
        os._exit(0)


def configure_logging() -> None:
    """Warnings and bugs on stderr (``picasso helper start`` sends it to helper.log); never memory text."""
    logging.basicConfig(level=logging.WARNING, stream=sys.stderr, format="%(asctime)s %(name)s: %(message)s")
