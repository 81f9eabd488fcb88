"""``/api/memories``: list, inspect, add, edit, delete, pin and unpin, through the same services as
``picasso memory …`` and answering with the same JSON as its ``--json``."""

from __future__ import annotations

from typing import Any

from starlette.requests import Request
from starlette.responses import Response
from starlette.routing import Route

from picasso_tui.helper.api import ApiError, endpoint, field, flag, json_response
from picasso_tui.helper.state import Warm
from picasso_tui.services import memory_edit, memory_ops, shapes
from picasso_tui.services.memory_edit import EditOutcome
from picasso_tui.store.api import MemoryStore
from picasso_tui.store.schema import MemoryClass, MemoryRecord

CLASSES = frozenset(c.value for c in MemoryClass)


def warm_of(request: Request) -> Warm:
    return request.app.state.warm


def store_of(request: Request, body: Any = None, *, pool: str = "serve") -> MemoryStore:
    """The store seen from the client's ``cwd`` (query, or the body of a write), from the warm state's ``pool``."""
    cwd = request.query_params.get("cwd")
    if cwd is None and isinstance(body, dict):
        cwd = field(body, "cwd", str)
    return getattr(warm_of(request), pool).store(cwd)


def memory_class(value: str | None) -> MemoryClass | None:
    if value is None or value == "":
        return None
    if value not in CLASSES:
        raise ApiError(400, "bad-request", f"class must be one of {', '.join(sorted(CLASSES))}.")
    return MemoryClass(value)


def list_memories(request: Request, _body: Any) -> Response:
    """Rendered once per state of memory.json and query (``Warm.answer``)."""
    store = store_of(request)
    key = ("list", str(store.cwd), tuple(sorted(request.query_params.multi_items())))
    data = warm_of(request).answer(key, lambda: render_list(request, store))
    return Response(data, media_type="application/json")


def render_list(request: Request, store: MemoryStore) -> bytes:
    q = request.query_params
    records = store.list(
        namespace=q.get("namespace") or None,
        memory_class=memory_class(q.get("class")),
        everything=flag(request, "all"),
        quarantined=True if flag(request, "quarantined") else None,
    )
    text = (q.get("q") or "").strip().casefold()
    if text:
        records = [r for r in records if matches(r, text)]
    return json_response(shapes.records_json(records), indent=flag(request, "indent")).body


def matches(record: MemoryRecord, text: str) -> bool:
    """The Memory page's filter: a case-insensitive piece of the body, the title, a tag or the id."""
    attrs = record.metadata.attributes
    haystack = (record.body, attrs.title or "", record.id, *attrs.tags)
    return any(text in part.casefold() for part in haystack)


def inspect_memory(request: Request, _body: Any) -> Response:
    record = memory_ops.resolve_memory(store_of(request), request.path_params["rid"])
    return json_response(shapes.record_json(record))


def add_memory(request: Request, body: Any) -> Response:
    text = field(body, "body", str, required=True)
    tags = field(body, "tags", list) or []
    if not all(isinstance(t, str) for t in tags):
        raise ApiError(400, "bad-request", "tags must be a list of strings.")
    saved = memory_ops.add_memory(
        store_of(request, body),
        text,
        memory_class=memory_class(field(body, "class", str)) or MemoryClass.FACT,
        pinned=bool(field(body, "pin", bool)),
        language=field(body, "language", str),
        tags=tags,
        source="helper",
    )
    return json_response(with_notice(shapes.record_json(saved.record), saved.redaction_notice), 201)


def with_notice(record: dict[str, Any], notice: str | None) -> dict[str, Any]:
    """The record, and beside it the sentence about secrets redacted on the way in (the CLI's stderr line)."""
    return {**record, "redactionNotice": notice} if notice else record


def edit_memory(request: Request, body: Any) -> Response:
    text = field(body, "body", str)
    cls = memory_class(field(body, "class", str))
    if text is None and cls is None:
        raise ApiError(400, "bad-request", "Give a body or a class to change.")
    store = store_of(request, body)
    result = memory_edit.edit_fields(
        store, request.path_params["rid"], body=text, memory_class=cls.value if cls else None
    )
    if result.outcome is EditOutcome.EMPTIED:
        raise ApiError(400, "memory/empty-body", "The body was empty, so nothing was changed.")
    record = result.record or memory_ops.resolve_memory(store, request.path_params["rid"])
    return json_response(with_notice(shapes.record_json(record), result.redaction_notice))


def delete_memory(request: Request, _body: Any) -> Response:
    memory_ops.delete_memory(store_of(request), request.path_params["rid"])
    return Response(status_code=204)


def pin(request: Request, _body: Any) -> Response:
    record = memory_ops.set_pinned(store_of(request), request.path_params["rid"], request.method == "POST")
    return json_response(shapes.record_json(record))


ROUTES = [
    Route("/api/memories", endpoint(list_memories), methods=["GET"]),
    Route("/api/memories", endpoint(add_memory), methods=["POST"]),
    Route("/api/memories/{rid}", endpoint(inspect_memory), methods=["GET"]),
    Route("/api/memories/{rid}", endpoint(edit_memory), methods=["PATCH"]),
    Route("/api/memories/{rid}", endpoint(delete_memory), methods=["DELETE"]),
    Route("/api/memories/{rid}/pin", endpoint(pin), methods=["POST", "DELETE"]),
]
