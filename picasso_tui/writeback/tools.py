"""The agent's memory tools: ``query_memory`` and ``write_memory`` (spec "Runtime tools").

Library functions first (the MCP server and any in-process agent call these), so isolation and
policy live here and not in a front end. Both emit sanitized events: ids, counts, modes and
reasons, never memory text or the query.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from picasso_tui.retrieval.block import render as render_block
from picasso_tui.retrieval.pipeline import Retriever
from picasso_tui.store import events
from picasso_tui.store.api import MemoryStore
from picasso_tui.store.errors import StoreError
from picasso_tui.store.namespaces import main_language, namespace_for
from picasso_tui.store.schema import MemoryClass
from picasso_tui.writeback.classify import Observation, mentioned_paths
from picasso_tui.writeback.policy import POLICY_APPROVED_MIN_CONFIDENCE, ProvenanceKind, WriteMode, hijack_reason
from picasso_tui.writeback.write import write_observations

MAX_QUERY_CHARS = 8000


class WriteDenied(StoreError):
    """write_memory was called outside the approved modes, or with content policy refuses."""


class OutOfScope(StoreError):
    """A tool asked for a namespace outside the caller's account and workspace."""


def query_memory(
    query: str,
    *,
    store: MemoryStore,
    files: Iterable[str] = (),
    namespaces: Iterable[str] = (),
    budget: int | None = None,
    retriever: Retriever | None = None,
) -> dict[str, Any]:
    """The memories relevant to ``query`` within the caller's namespaces, and the block to inject."""
    retriever = retriever or Retriever.for_store(store)
    wanted = [store.expand_namespace(ns) for ns in namespaces if ns.strip()]
    outside = [ns for ns in wanted if not retriever.scope.allows(ns)]
    if outside:
        events.emit(store.paths, "tool-denied", tool="query_memory", reason="out-of-scope", namespaces=len(outside))
        raise OutOfScope(
            f"query_memory may read only this account's memory for the current workspace and language; "
            f"{outside[0]} is outside it."
        )
    result = retriever.recall(query[:MAX_QUERY_CHARS], files=tuple(files), budget=budget, emit=False)
    entries = [e for e in result.entries if not wanted or _within(e.record.metadata.namespace, wanted)]
    events.emit(store.paths, "tool", tool="query_memory", ids=[e.id for e in entries], omitted=len(result.omitted))
    block = result.block
    if len(entries) != len(result.entries):  # narrowed: the block shows only what the caller asked for
        block = render_block(
            [e.record for e in entries], retriever.clock(), budget or retriever.budget, retriever.scope.language
        ).text
    return {
        "block": block,
        "entries": [
            {
                "id": e.id,
                "class": e.record.memory_class.value,
                "namespace": e.record.metadata.namespace,
                "body": e.record.body,
                "preventNextTime": e.record.metadata.prevent_next_time,
                "score": round(e.score, 4),
            }
            for e in entries
        ],
    }


def _within(namespace: str, wanted: list[str]) -> bool:
    return any(namespace == w or namespace.startswith(w.rstrip("/") + "/") for w in wanted)


_MODE_KIND = {
    WriteMode.USER_INSTRUCTION: ProvenanceKind.USER_STATED,
    WriteMode.POST_RUN_REFLECTION: ProvenanceKind.AGENT_INFERRED,
    WriteMode.POLICY_APPROVED: ProvenanceKind.AGENT_INFERRED,
}


def write_memory(
    body: str,
    memory_class: str,
    *,
    mode: str,
    store: MemoryStore,
    language: str | None = None,
    confidence: float | None = None,
    files: Iterable[str] = (),
    prevent_next_time: Iterable[str] = (),
    namespace: str | None = None,
    session_id: str | None = None,
    source: str = "tool",
) -> dict[str, Any]:
    """Write one memory, only under an approved mode; returns its id and what happened."""

    def deny(reason: str, message: str) -> WriteDenied:
        events.emit(store.paths, "tool-denied", tool="write_memory", mode=str(mode), reason=reason, session=session_id)
        return WriteDenied(message)

    try:
        write_mode = WriteMode(mode)
    except ValueError:
        modes = ", ".join(m.value for m in WriteMode)
        raise deny("mode", f"write_memory is allowed only in the modes {modes}; '{mode}' is not one.") from None
    try:
        cls = MemoryClass(memory_class)
    except ValueError:
        classes = ", ".join(c.value for c in MemoryClass)
        raise deny("class", f"'{memory_class}' is not a memory class; use one of {classes}.") from None
    if not body.strip():
        raise deny("empty", "write_memory needs a non-empty body.")
    if write_mode is WriteMode.POLICY_APPROVED and (confidence or 0.0) < POLICY_APPROVED_MIN_CONFIDENCE:
        raise deny(
            "low-confidence",
            f"A policy-approved write needs a confidence of at least {POLICY_APPROVED_MIN_CONFIDENCE}; "
            f"this one has {confidence or 0.0}.",
        )
    hijack = hijack_reason(body)
    if hijack:  # the mode is the caller's word: text that steers agents is refused whatever it claims
        raise deny(hijack, "write_memory refused text that reads like an instruction to an agent (quarantine rule).")
    ws = store.workspace
    lang = (language or "").lower() or None
    if cls is MemoryClass.STYLE and lang is None:
        lang = (
            main_language(ws.root, store.paths.cache_dir) if ws else None
        )  # retrieval reads style/<the workspace's language>
        if lang is None:
            raise deny("language", 'A style memory needs a language (for example language="python").')
    target = namespace_for(cls, store.account_id, fingerprint=ws.fingerprint if ws else None, language=lang)
    if namespace and store.expand_namespace(namespace) != target:
        raise deny(
            "out-of-scope", f"write_memory writes only to the caller's own namespace for a {cls.value} ({target})."
        )
    file_list = list(files) or mentioned_paths(body)
    obs = Observation(
        cls,
        body,
        _MODE_KIND[write_mode],
        language=lang,
        prevent_next_time=list(prevent_next_time),
        files=file_list,
        edges=[{"type": _file_edge(cls), "target": f"file:{p}"} for p in file_list if _file_edge(cls)],
        confidence=confidence if confidence is not None else 1.0,
        rule=f"tool:{write_mode.value}",
    )
    report = write_observations([obs], store, session_id=session_id, source=source)
    events.emit(store.paths, "tool", tool="write_memory", mode=write_mode.value, ids=report.written_ids)
    if report.added:
        record = report.added[0]
        status = "quarantined" if record.id in report.quarantined else "added"
        return {"id": record.id, "status": status, "namespace": record.metadata.namespace}
    return {"id": report.reinforced[0], "status": "reinforced", "namespace": target}


def _file_edge(cls: MemoryClass) -> str | None:
    return {
        MemoryClass.FACT: "fact->file",
        MemoryClass.DECISION: "decision->file",
        MemoryClass.FAILURE: "failure->file",
    }.get(cls)
