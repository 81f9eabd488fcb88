"""Starlette endpoints around the server's methods: who asks first, then the typed body, off the event loop."""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from typing import Any

from starlette.concurrency import run_in_threadpool
from starlette.requests import Request
from starlette.responses import JSONResponse, Response

from picasso_tui.sync.server import schemas
from picasso_tui.sync.server.bodies import parse_json, read_body
from picasso_tui.sync.server.schemas import M, parse
from picasso_tui.sync.server.sessions import Sessions

MAX_SMALL_REQUEST_BYTES = 16 * 1024  # sign-in, key check, link requests

Endpoint = Callable[[Request], Awaitable[Response]]


def authed(
    server: Sessions,
    fn: Callable[[str, Request, Any], Any],
    model: type[schemas.Body] | None = None,
    *,
    status: int = 200,
    max_bytes: int = MAX_SMALL_REQUEST_BYTES,
) -> Endpoint:
    """``fn(account, request, body)`` for a signed-in caller; it returns the payload, or (status, payload)."""

    async def endpoint(request: Request) -> Response:
        # Who asks comes first: the body of an anonymous request is never read.
        account_id = await run_in_threadpool(server.account_for, request)
        body = await _typed_body(request, model, max_bytes) if model else None
        result = await run_in_threadpool(fn, account_id, request, body)
        code, payload = result if isinstance(result, tuple) else (status, result)
        return JSONResponse(payload, status_code=code)

    return endpoint


def public(fn: Callable[[Any, Request], Any], model: type[schemas.Body], *, status: int = 200) -> Endpoint:
    """``fn(body, request)`` for anyone (signing up, signing in)."""

    async def endpoint(request: Request) -> Response:
        body = await _typed_body(request, model, MAX_SMALL_REQUEST_BYTES)
        return JSONResponse(await run_in_threadpool(fn, body, request), status_code=status)

    return endpoint


async def _typed_body(request: Request, model: type[M], max_bytes: int) -> M:
    raw = await read_body(request, max_bytes)
    return await run_in_threadpool(lambda: parse(model, parse_json(raw)))


def client_host(request: Request) -> str | None:
    """The client address (uvicorn puts the X-Forwarded-For address here for a trusted proxy)."""
    return request.client.host if request.client else None
