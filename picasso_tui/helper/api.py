"""The plumbing every API route shares: JSON in and out, the work on a worker thread under the store lock, and
errors as ``{"error": "<code>", "message": "<one sentence>"}`` with the status that says whose fault it was."""

from __future__ import annotations

import asyncio
import logging
import threading
from collections.abc import Awaitable, Callable
from typing import Any

import orjson
from starlette.concurrency import run_in_threadpool
from starlette.requests import Request
from starlette.responses import Response

from picasso_tui.errors import PicassoError, UsageError
from picasso_tui.settings import SettingsError
from picasso_tui.store.errors import (
    AmbiguousId,
    EditConflict,
    InvalidImport,
    InvalidRecord,
    MemoryNotFound,
    StoreBusy,
    StoreError,
)

log = logging.getLogger("picasso.helper")
MAX_BODY = 64 * 1024 * 1024
"""The largest request body (an import of a big export); anything larger is refused before it is read whole."""

# The first class in this list that an error is an instance of decides its status and code.
STATUSES: list[tuple[type[BaseException], int, str]] = [
    (MemoryNotFound, 404, "memory/not-found"),
    (AmbiguousId, 409, "memory/ambiguous-id"),
    (EditConflict, 409, "memory/edit-conflict"),
    (InvalidRecord, 422, "memory/invalid"),
    (InvalidImport, 422, "memory/invalid-import"),
    (StoreBusy, 503, "store/busy"),
    (StoreError, 500, "store/failed"),
    (SettingsError, 400, "settings/invalid"),
    (UsageError, 400, "bad-request"),
    (PicassoError, 400, "failed"),
]


class ApiError(Exception):
    def __init__(self, status: int, code: str, message: str) -> None:
        super().__init__(message)
        self.status = status
        self.code = code


def json_response(value: Any, status: int = 200, *, indent: bool = False) -> Response:
    """orjson, not the standard library: a 100k-record list is ~50 MB of JSON. ``indent``: as the CLI's ``--json``
    prints it (``cli/fast.py`` then copies the bytes out instead of decoding and encoding them again)."""
    option = orjson.OPT_INDENT_2 if indent else None
    return Response(orjson.dumps(value, option=option), status_code=status, media_type="application/json")


def error_response(status: int, code: str, message: str) -> Response:
    return json_response({"error": code, "message": message}, status)


def status_of(exc: BaseException) -> tuple[int, str]:
    for cls, status, code in STATUSES:
        if isinstance(exc, cls):
            return status, code
    return 500, "internal"


Work = Callable[[Request, Any], Response]


def endpoint(work: Work, *, pool: str | None = "serve") -> Callable[[Request], Awaitable[Response]]:
    """An async route running ``work(request, body)`` on a worker thread, under the lock of the warm state's
    ``pool`` ("serve" or "recall"; None: no lock), with every error turned into one JSON sentence."""

    async def route(request: Request) -> Response:
        try:
            body = await read_body(request)
            if pool is None:
                return await run_in_threadpool(work, request, body)
            mutex: threading.RLock = getattr(request.app.state.warm, pool).lock
            return await run_in_threadpool(locked, mutex, work, request, body)
        except ApiError as exc:
            return error_response(exc.status, exc.code, str(exc))
        except asyncio.CancelledError:  # the helper stops while this waits (uvicorn's graceful timeout): say so
            return error_response(503, "helper/stopping", "The helper is stopping; ask again or work without it.")
        except PicassoError as exc:
            status, code = status_of(exc)
            return error_response(status, code, str(exc))
        except Exception as exc:  # a bug: one sentence for the client, the traceback in the helper's log
            log.exception("helper route %s %s failed", request.method, request.url.path)
            return error_response(500, "internal", f"The helper failed unexpectedly ({type(exc).__name__}).")

    return route


def locked(mutex: threading.RLock, work: Work, request: Request, body: Any) -> Response:
    with mutex:
        return work(request, body)


async def read_body(request: Request) -> Any:
    """The JSON body of a POST, PUT or PATCH (None when empty); anything else is a 400."""
    if request.method not in ("POST", "PUT", "PATCH"):
        return None
    size = request.headers.get("content-length")
    if size is not None and size.isdigit() and int(size) > MAX_BODY:
        raise ApiError(413, "too-large", f"The request body is over {MAX_BODY // (1024 * 1024)} MB.")
    data = await request.body()
    if not data.strip():
        return None
    try:
        return orjson.loads(data)
    except orjson.JSONDecodeError:
        raise ApiError(400, "bad-json", "The request body is not JSON.") from None


def field(body: Any, name: str, kind: type | tuple[type, ...], *, required: bool = False) -> Any:
    """One field of a JSON object body, of the given type (None when absent and not required)."""
    if body is not None and not isinstance(body, dict):
        raise ApiError(400, "bad-request", "The request body must be a JSON object.")
    value = (body or {}).get(name)
    if value is None:
        if required:
            raise ApiError(400, "bad-request", f"The request body needs a {name}.")
        return None
    if not isinstance(value, kind) or (isinstance(value, bool) and kind is int):
        raise ApiError(400, "bad-request", f"{name} has the wrong type.")
    return value


def flag(request: Request, name: str) -> bool:
    """A query flag: ``?all``, ``?all=1``, ``?all=true`` are on; absent, ``0`` and ``false`` are off."""
    value = request.query_params.get(name)
    return value is not None and value.lower() not in ("0", "false", "no", "off")
