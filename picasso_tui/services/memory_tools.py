"""The agent's memory tools: ``query_memory`` and ``write_memory`` (spec "Runtime tools").

Library functions first (the MCP server and any in-process agent call these), so isolation and
policy live here and not in a front end. Both emit sanitized events: ids, counts, modes and
reasons, never memory text or the query.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from picasso_tui.retrieval.block import render as render_block
from picasso_tui.retrieval.pipeline import Retriever
from picasso_tui.services.errors import ServiceError
from picasso_tui.store import events
from picasso_tui.store.api import MemoryStore
from picasso_tui.store.ids import safe_id
from picasso_tui.store.ingress import MAX_SOURCE_FILES
from picasso_tui.store.namespaces import main_language, namespace_for, valid_language
from picasso_tui.store.schema import MemoryClass
from picasso_tui.writeback.classify import Observation, mentioned_paths
from picasso_tui.writeback.policy import POLICY_APPROVED_MIN_CONFIDENCE, ProvenanceKind, WriteMode, hijack_reason
from picasso_tui.writeback.write import MAX_BODY_CHARS, write_observations

MAX_QUERY_CHARS = 8000
MAX_PATH_CHARS = 1024


class WriteDenied(ServiceError):
    """write_memory was called outside the approved modes, or with content policy refuses."""


class OutOfScope(ServiceError):
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
    if len(query) > MAX_QUERY_CHARS:
        events.emit(store.paths, "tool-denied", tool="query_memory", reason="too-large")
        raise OutOfScope(
            f"query_memory takes a query of at most {MAX_QUERY_CHARS:,} characters; this one has {len(query):,}."
        )
    retriever = retriever or Retriever.for_store(store)
    wanted = [store.expand_namespace(ns) for ns in namespaces if ns.strip()]
    outside = [ns for ns in wanted if not retriever.scope.allows(ns)]
    if outside:
        events.emit(store.paths, "tool-denied", tool="query_memory", reason="out-of-scope", namespaces=len(outside))
        raise OutOfScope(
            f"query_memory may read only this account's memory for the current workspace and language; "
            f"{outside[0]} is outside it."
        )
    result = retriever.recall(query, files=tuple(files), budget=budget, emit=False, asked=True)
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
    """Write one memory, only under an approved mode; returns its id and what happened.

    Every argument is the caller's word: oversized ones are refused with a sentence (never cut short),
    and a session id reaches provenance and the event log only as a plain id (else its hash)."""
    session_id = caller_session_id(session_id)
    deny = _Denial(store, mode if mode in WriteMode._value2member_map_ else "invalid", session_id)
    write_mode, cls = _mode_and_class(mode, memory_class, deny)
    if not body.strip():
        raise deny("empty", "write_memory needs a non-empty body.")
    file_list = list(files)
    guidance = list(prevent_next_time)
    _check_content(body, file_list, guidance, language, confidence, write_mode, deny)
    lang, target = _destination(store, cls, language, namespace, deny)
    file_list = file_list or mentioned_paths(body)
    obs = Observation(
        cls,
        body,
        _MODE_KIND[write_mode],
        language=lang,
        prevent_next_time=guidance,
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


@dataclass(frozen=True)
class _Denial:
    """Refuses one write_memory call: the event log gets the reason (never the text), the caller a sentence."""

    store: MemoryStore
    mode: str
    session_id: str | None

    def __call__(self, reason: str, message: str) -> WriteDenied:
        events.emit(
            self.store.paths, "tool-denied", tool="write_memory", mode=self.mode, reason=reason, session=self.session_id
        )
        return WriteDenied(message)


def _mode_and_class(mode: str, memory_class: str, deny: _Denial) -> tuple[WriteMode, MemoryClass]:
    try:
        write_mode = WriteMode(mode)
    except ValueError:
        modes = ", ".join(m.value for m in WriteMode)
        raise deny("mode", f"write_memory is allowed only in the modes {modes}.") from None
    try:
        cls = MemoryClass(memory_class)
    except ValueError:
        classes = ", ".join(c.value for c in MemoryClass)
        raise deny("class", f"'{memory_class}' is not a memory class; use one of {classes}.") from None
    return write_mode, cls


def _check_content(
    body: str,
    files: list[str],
    guidance: list[str],
    language: str | None,
    confidence: float | None,
    write_mode: WriteMode,
    deny: _Denial,
) -> None:
    """Refuse what the caller asks to write when it is oversized, unsure, or reads like an instruction."""
    if problem := _oversized(body, files, guidance):
        raise deny("too-large", f"write_memory refused an oversized argument: {problem}; nothing was written.")
    if language is not None and not valid_language(language.lower()):
        raise deny("language", "language must be a short lowercase name such as python or typescript.")
    if write_mode is WriteMode.POLICY_APPROVED and (confidence or 0.0) < POLICY_APPROVED_MIN_CONFIDENCE:
        raise deny(
            "low-confidence",
            f"A policy-approved write needs a confidence of at least {POLICY_APPROVED_MIN_CONFIDENCE}; "
            f"this one has {confidence or 0.0}.",
        )
    hijack = hijack_reason(body)
    if hijack:  # the mode is the caller's word: text that steers agents is refused whatever it claims
        raise deny(hijack, "write_memory refused text that reads like an instruction to an agent (quarantine rule).")


def _destination(
    store: MemoryStore, cls: MemoryClass, language: str | None, namespace: str | None, deny: _Denial
) -> tuple[str | None, str]:
    """(language, namespace) of the memory: the caller's own, whatever namespace it names."""
    ws = store.workspace
    lang = (language or "").lower() or None
    if cls is MemoryClass.STYLE and lang is None:
        lang = (
            main_language(ws.root, store.paths.cache_dir) if ws else None
        )  # retrieval reads style/<the workspace's language>
        if lang is None:
            raise deny("language", 'A style memory needs a language (for example language="python").')
    if cls is MemoryClass.STYLE and not valid_language(lang):
        raise deny("language", "language must be a short lowercase name such as python or typescript.")
    target = namespace_for(cls, store.account_id, fingerprint=ws.fingerprint if ws else None, language=lang)
    if namespace and store.expand_namespace(namespace) != target:
        raise deny(
            "out-of-scope", f"write_memory writes only to the caller's own namespace for a {cls.value} ({target})."
        )
    return lang, target


def caller_session_id(session_id: str | None) -> str | None:
    """A caller's session id as it may be kept: a plain id with no secret in it, else its hash."""
    if session_id is None:
        return None
    from picasso_tui.redact.redact import redact_text

    if redact_text(session_id).findings:
        return safe_id("\x00" + session_id)  # never the id itself: it holds a secret
    return safe_id(session_id)


def _oversized(body: str, files: list[str], guidance: list[str]) -> str | None:
    if len(body) > MAX_BODY_CHARS:
        return f"the body has {len(body):,} characters, the limit is {MAX_BODY_CHARS:,} (keep a memory to the point)"
    if len(files) > MAX_SOURCE_FILES:
        return f"{len(files):,} files were given, the limit is {MAX_SOURCE_FILES}"
    if any(len(f) > MAX_PATH_CHARS for f in files):
        return f"a file path is longer than {MAX_PATH_CHARS:,} characters"
    if len(guidance) > 16 or any(len(g) > 500 for g in guidance):
        return "prevent_next_time takes at most 16 items of at most 500 characters"
    return None


def _file_edge(cls: MemoryClass) -> str | None:
    return {
        MemoryClass.FACT: "fact->file",
        MemoryClass.DECISION: "decision->file",
        MemoryClass.FAILURE: "failure->file",
    }.get(cls)
