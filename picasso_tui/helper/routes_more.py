"""The rest of the API: recall, export, import, gc, settings, the spec's ``/desktop/memory/sync``, the event
stream, health and the agent hooks."""

from __future__ import annotations

import os
from collections.abc import Callable
from pathlib import Path
from typing import Any

from starlette.requests import Request
from starlette.responses import Response, StreamingResponse
from starlette.routing import Route

from picasso_tui import __version__, settings
from picasso_tui.helper.api import ApiError, endpoint, field, flag, json_response
from picasso_tui.helper.routes_memory import store_of, warm_of
from picasso_tui.helper.state import Warm
from picasso_tui.services import exchange, memory_ops, shapes

HookRunner = Callable[[Warm, str, str, bytes], dict[str, Any]]
"""(the warm state, agent, event, the agent's payload) -> ``{"stdout": what the hook prints, "outcome": ok |
skipped, "reason": ...}``: wired in by ``picasso helper run``. A failure raises (the client then runs the hook
itself)."""


def recall(request: Request, body: Any) -> Response:
    prompt = field(body, "prompt", str, required=True)
    budget = field(body, "budget", int)
    if budget is not None and not 50 <= budget <= 100_000:
        raise ApiError(400, "bad-request", "budget must be a whole number from 50 to 100,000.")
    files = field(body, "files", list) or []
    store = store_of(request, body, pool="recall")
    retriever = warm_of(request).recall.retriever(store)
    plan = field(body, "plan", str)
    result = retriever.recall(prompt, plan=plan, files=tuple(str(f) for f in files), budget=budget)
    out = result.as_json()
    if field(body, "explain", bool):  # what the CLI prints besides the JSON, for a front end that shows it
        out["explain"] = explain_text(result, bool(retriever.scope.workspace))
    if field(body, "text", bool):  # what the plain `picasso memory recall` prints besides the block
        from picasso_tui.retrieval import explain

        out["note"] = result.note
        out["nothingApplies"] = explain.nothing_applies(bool(retriever.scope.workspace))
    return json_response(out, indent=bool(field(body, "indent", bool)))


def explain_text(result: Any, has_workspace: bool) -> dict[str, Any]:
    from rich.console import Console

    from picasso_tui.retrieval import explain

    console = Console(width=140, record=True, file=open(os.devnull, "w"), highlight=False)  # noqa: SIM115
    for part in explain.explain(result):
        console.print(part)
    console.file.close()
    return {"text": console.export_text(), "nothingApplies": explain.nothing_applies(has_workspace)}


def export(request: Request, _body: Any) -> Response:
    data, _count = exchange.export_json(store_of(request))
    return Response(data, media_type="application/json")


def import_(request: Request, body: Any) -> Response:
    if not isinstance(body, dict):
        raise ApiError(
            400, "bad-request", 'The request body must be an export: {"schemaVersion": 2, "records": [...]}.'
        )
    import orjson

    imported = exchange.import_data(store_of(request, body), orjson.dumps(body), Path("<helper request>"))
    return json_response(shapes.import_json(imported.report))


def gc(request: Request, body: Any) -> Response:
    store = store_of(request, body)
    dry_run = bool(field(body, "dryRun", bool)) or flag(request, "dryRun")
    plan = store.gc_plan() if dry_run else memory_ops.clean_up(store)
    return json_response(shapes.gc_json(plan, dry_run))


def known_key(key: str) -> str:
    if key not in settings.DEFAULTS:
        raise ApiError(404, "settings/unknown", f"Picasso has no setting {key[:80]}.")
    return key


def get_setting(request: Request, _body: Any) -> Response:
    key = known_key(request.path_params["key"])
    return json_response({"key": key, "value": settings.get(key, warm_of(request).paths)})


def put_setting(request: Request, body: Any) -> Response:
    key = known_key(request.path_params["key"])
    if not isinstance(body, dict) or "value" not in body:
        raise ApiError(400, "bad-request", 'The request body must be {"value": ...}.')
    value = body["value"]
    if isinstance(settings.DEFAULTS[key], bool) and not isinstance(value, bool):
        raise ApiError(400, "settings/invalid", f"{key} is on or off (true or false).")
    paths = warm_of(request).paths
    settings.set_value(key, value, paths)
    return json_response({"key": key, "value": settings.get(key, paths)})


def sync_flag(request: Request, _body: Any) -> Response:
    return json_response({"enabled": bool(settings.get("sync.cloudMemory", warm_of(request).paths))})


def sync(request: Request, _body: Any) -> Response:
    """The spec's statuses: 200 with the counts, 409 signed out (or sync turned off), 502 when it failed."""
    from picasso_tui.sync.auth import current_session
    from picasso_tui.sync.client import sync_now
    from picasso_tui.sync.errors import NeedsSignIn

    store = store_of(request)
    try:
        current_session(store.paths)
    except NeedsSignIn as exc:
        raise ApiError(409, "memory/signed-out", str(exc)) from None
    if not settings.get("sync.cloudMemory", store.paths):
        raise ApiError(
            409, "memory/sync-off", "Memory sync is off on this device (sync.cloudMemory), so nothing was sent."
        )
    try:
        report = sync_now(store)
    except NeedsSignIn as exc:
        raise ApiError(409, "memory/signed-out", str(exc)) from None
    except Exception as exc:  # any failure is an error with its sentence, never a silent success
        raise ApiError(502, "memory/sync-failed", one_sentence(exc)) from None
    return json_response(report.to_json())


def one_sentence(exc: Exception) -> str:
    text = str(exc).strip() or type(exc).__name__
    return text if text.endswith(".") else f"Memory sync failed: {text}."


async def events(request: Request) -> Response:
    stream = request.app.state.broadcaster.stream()
    headers = {"cache-control": "no-store", "x-accel-buffering": "no"}
    return StreamingResponse(stream, media_type="text/event-stream", headers=headers)


def health(request: Request, _body: Any) -> Response:
    ready = warm_of(request).recall_ready.is_set()
    return json_response({"ok": True, "pid": os.getpid(), "version": __version__, "recallReady": ready})


def hook(request: Request, body: Any) -> Response:
    runner: HookRunner | None = request.app.state.hook_runner
    if runner is None:
        raise ApiError(404, "hook/unavailable", "This helper does not run agent hooks.")
    import orjson

    payload = orjson.dumps(body) if body is not None else b""
    return json_response(runner(warm_of(request), request.path_params["agent"], request.path_params["event"], payload))


ROUTES = [
    Route("/api/recall", endpoint(recall, pool="recall"), methods=["POST"]),
    Route("/api/export", endpoint(export), methods=["GET"]),
    Route("/api/import", endpoint(import_), methods=["POST"]),
    Route("/api/gc", endpoint(gc), methods=["POST"]),
    Route("/api/settings/{key}", endpoint(get_setting), methods=["GET"]),
    Route("/api/settings/{key}", endpoint(put_setting), methods=["PUT"]),
    Route("/desktop/memory/sync", endpoint(sync_flag), methods=["GET"]),
    Route("/desktop/memory/sync", endpoint(sync), methods=["POST"]),
    Route("/api/events", events, methods=["GET"]),
    Route("/api/health", endpoint(health, pool=None), methods=["GET"]),
    Route("/api/hooks/{agent}/{event}", endpoint(hook, pool=None), methods=["POST"]),
]
