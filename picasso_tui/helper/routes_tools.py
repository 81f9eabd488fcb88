"""The agent's memory tools over the helper (``query_memory``, ``write_memory``): ``picasso mcp`` asks these when a
helper runs, so an MCP server per agent session neither loads the model nor builds an index of its own. The same
service functions as the in-process tools, with the same policy and the same door."""

from __future__ import annotations

from typing import Any

from starlette.requests import Request
from starlette.responses import Response
from starlette.routing import Route

from picasso_tui.helper.api import ApiError, endpoint, field, json_response
from picasso_tui.helper.routes_memory import store_of, warm_of
from picasso_tui.services import memory_tools as tools


def _strings(body: Any, name: str) -> list[str]:
    values = field(body, name, list) or []
    if not all(isinstance(v, str) for v in values):
        raise ApiError(400, "bad-request", f"{name} must be a list of strings.")
    return values


def query_memory(request: Request, body: Any) -> Response:
    store = store_of(request, body, pool="recall")
    retriever = warm_of(request).recall.retriever(store)
    try:
        answer = tools.query_memory(field(body, "query", str, required=True), store=store,
                                    files=_strings(body, "files"), namespaces=_strings(body, "namespaces"),
                                    budget=field(body, "budget", int), retriever=retriever)  # fmt: skip
    except tools.OutOfScope as exc:
        raise ApiError(403, "tool/out-of-scope", str(exc)) from None
    return json_response(answer)


def write_memory(request: Request, body: Any) -> Response:
    store = store_of(request, body)
    confidence = field(body, "confidence", (int, float))
    try:
        answer = tools.write_memory(
            field(body, "body", str, required=True), field(body, "memory_class", str, required=True),
            mode=field(body, "mode", str, required=True), store=store, language=field(body, "language", str),
            confidence=float(confidence) if confidence is not None else None, files=_strings(body, "files"),
            prevent_next_time=_strings(body, "prevent_next_time"), session_id=field(body, "session_id", str),
            source="mcp",
        )  # fmt: skip
    except tools.WriteDenied as exc:
        raise ApiError(400, "tool/denied", str(exc)) from None
    return json_response(answer)


ROUTES = [
    Route("/api/tools/query_memory", endpoint(query_memory, pool="recall"), methods=["POST"]),
    Route("/api/tools/write_memory", endpoint(write_memory), methods=["POST"]),
]
