"""The lean client of the local helper: is one running, and one request to it over its Unix socket.

Standard library only (``http.client`` over ``AF_UNIX``, ``json``): a CLI call or an agent hook asks the helper
before it imports anything heavy, and falls back to doing the work itself when ``running`` says None or
``request`` raises ``HelperUnavailable``.
"""

from __future__ import annotations

import http.client
import json
import os
import socket
import stat
from typing import Any

from picasso_tui.atomic import pid_alive
from picasso_tui.errors import PicassoError
from picasso_tui.helper.files import HelperFiles, HelperInfo, read_info
from picasso_tui.paths import PicassoPaths

DEFAULT_TIMEOUT_S = 5.0


class HelperUnavailable(PicassoError):
    """No helper answered (none runs, it died, or it did not answer in time): do the work without it."""


class UnixConnection(http.client.HTTPConnection):
    """``http.client`` over a Unix socket (the Host header says ``localhost``; the socket needs no token)."""

    def __init__(self, path: str, timeout: float) -> None:
        super().__init__("localhost", timeout=timeout)
        self.socket_path = path

    def connect(self) -> None:
        sock = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        sock.settimeout(self.timeout)
        try:
            sock.connect(self.socket_path)
        except OSError:
            sock.close()
            raise
        self.sock = sock


def running(paths: PicassoPaths | None = None) -> HelperInfo | None:
    """The running helper's ``helper.json``, or None: no file, its process gone, or its socket gone."""
    files = HelperFiles.of(paths or PicassoPaths.resolve())
    info = read_info(files)
    if info is None or not pid_alive(info.pid):
        return None
    return info if socket_exists(info.socket) else None


def socket_exists(path: str) -> bool:
    try:
        return stat.S_ISSOCK(os.stat(path).st_mode)
    except OSError:
        return False


def request_raw(
    paths: PicassoPaths | None,
    method: str,
    path: str,
    body: Any = None,
    *,
    timeout: float = DEFAULT_TIMEOUT_S,
    info: HelperInfo | None = None,
) -> tuple[int, bytes]:
    """(status, response bytes) of one request; ``body`` is sent as JSON (bytes as they are)."""
    info = info or running(paths)
    if info is None:
        raise HelperUnavailable("No Picasso helper runs; `picasso helper start` starts one.")
    data = body if isinstance(body, bytes) or body is None else json.dumps(body).encode()
    headers = {"Content-Type": "application/json"} if data is not None else {}
    conn = UnixConnection(info.socket, timeout)
    try:
        conn.request(method, path, body=data, headers=headers)
        response = conn.getresponse()
        return response.status, response.read()
    except (OSError, http.client.HTTPException) as exc:
        raise HelperUnavailable(f"The Picasso helper did not answer ({type(exc).__name__}).") from None
    finally:
        conn.close()


def request(
    paths: PicassoPaths | None,
    method: str,
    path: str,
    body: Any = None,
    *,
    timeout: float = DEFAULT_TIMEOUT_S,
    info: HelperInfo | None = None,
) -> tuple[int, Any]:
    """(status, the decoded JSON answer: a dict, a list, or None for an empty answer such as a 204)."""
    status, data = request_raw(paths, method, path, body, timeout=timeout, info=info)
    if not data:
        return status, None
    try:
        return status, json.loads(data)
    except ValueError:
        raise HelperUnavailable(f"The Picasso helper answered {status} with something that is not JSON.") from None
