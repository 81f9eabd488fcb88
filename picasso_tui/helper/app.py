"""The helper's starlette app: the API routes, the event stream and the Memory page (``page/``)."""

from __future__ import annotations

import os
from pathlib import Path

from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import FileResponse, Response
from starlette.routing import Mount, Route
from starlette.staticfiles import StaticFiles
from starlette.types import Scope

from picasso_tui.helper.api import error_response
from picasso_tui.helper.events import Broadcaster
from picasso_tui.helper.routes_memory import ROUTES as MEMORY_ROUTES
from picasso_tui.helper.routes_more import ROUTES as MORE_ROUTES
from picasso_tui.helper.routes_more import HookRunner
from picasso_tui.helper.routes_tools import ROUTES as TOOL_ROUTES
from picasso_tui.helper.state import Warm

PAGE_DIR = Path(__file__).parent / "page"
PAGE_POLICY = "default-src 'self'; img-src 'self'; object-src 'none'; base-uri 'none'; frame-ancestors 'none'"
"""The page runs only its own files: a second lock, after escaping, against a memory body that holds HTML."""


class PageFiles(StaticFiles):
    """The page's files; its scripts are ES modules, which a browser runs only when sent as JavaScript."""

    def file_response(
        self, full_path: str | os.PathLike[str], stat_result: os.stat_result, scope: Scope, status_code: int = 200
    ) -> Response:
        response = super().file_response(full_path, stat_result, scope, status_code)
        # The type would come from mimetypes, which a machine's own table (the Windows registry) may map to text/plain.
        if str(full_path).endswith(".js") and isinstance(response, FileResponse):
            response.headers["content-type"] = "text/javascript; charset=utf-8"
        return response


async def page(request: Request) -> Response:
    index = PAGE_DIR / "index.html"
    if not index.is_file():
        return error_response(404, "page/missing", "The Memory page is not installed with this Picasso.")
    return FileResponse(index, headers={"cache-control": "no-store", "content-security-policy": PAGE_POLICY})


async def not_found(request: Request, exc: Exception) -> Response:
    return error_response(404, "not-found", f"The helper has no {request.url.path[:100]}.")


async def not_allowed(request: Request, exc: Exception) -> Response:
    return error_response(405, "method-not-allowed", f"{request.url.path[:100]} does not take {request.method}.")


def create_app(warm: Warm, broadcaster: Broadcaster, hook_runner: HookRunner | None = None) -> Starlette:
    routes = [
        *MEMORY_ROUTES,
        *MORE_ROUTES,
        *TOOL_ROUTES,
        Route("/", page, methods=["GET"]),
        Mount("/static", PageFiles(directory=PAGE_DIR, check_dir=False), name="static"),
    ]
    app = Starlette(routes=routes, exception_handlers={404: not_found, 405: not_allowed})
    app.state.warm = warm
    app.state.broadcaster = broadcaster
    app.state.hook_runner = hook_runner
    return app
