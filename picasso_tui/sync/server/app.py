"""The sync server's HTTP API (Starlette). See docs/sync.md for the endpoints.

The server is treated as untrusted by the clients: it stores only ciphertext envelopes, opaque
cursors and sealed key-link envelopes. Every query is scoped by the authenticated account.
"""

from __future__ import annotations

import time

from starlette.applications import Starlette
from starlette.exceptions import HTTPException
from starlette.requests import Request
from starlette.responses import JSONResponse, Response
from starlette.routing import Route

from picasso_tui.sync.server.accounts import Accounts, account_routes
from picasso_tui.sync.server.db import Database
from picasso_tui.sync.server.key_links import KeyLinks, key_routes
from picasso_tui.sync.server.memory_sync import MemorySync, memory_routes
from picasso_tui.sync.server.problems import Problem, http_exception_response, problem_response
from picasso_tui.sync.server.sessions import Clock


class SyncServer(Accounts, MemorySync, KeyLinks):
    """Accounts, the records' push and pull, and the memory key, over one database and one clock."""


def create_app(database_url: str, *, clock: Clock = time.time) -> Starlette:
    server = SyncServer(Database(database_url), clock)
    routes = [
        Route("/v1/health", _health, methods=["GET"]),
        *account_routes(server),
        *memory_routes(server),
        *key_routes(server),
    ]
    handlers = {Problem: problem_response, HTTPException: http_exception_response}
    app = Starlette(routes=routes, exception_handlers=handlers)
    app.state.server = server
    return app


async def _health(_request: Request) -> Response:
    return JSONResponse({"ok": True})
