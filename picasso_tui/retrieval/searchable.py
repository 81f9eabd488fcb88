"""Which records of memory.json a retriever indexes, and the text each is searched by, read straight
from the file's dicts: indexing 10k records must not cost a model validation each (~40 µs); only the
records a query returns are validated (``LazyRecords``)."""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping
from typing import Any

from picasso_tui.retrieval.scope import Scope
from picasso_tui.store.codec import deleted_at
from picasso_tui.store.document import RawDocument
from picasso_tui.store.errors import CorruptStore
from picasso_tui.store.schema import MemoryRecord


def raw_embed_text(raw: dict[str, Any]) -> str:
    """What a record is searched by: its title, body, tags and the files it names."""
    md = raw.get("metadata") or {}
    attrs = md.get("attributes") or {}
    prov = md.get("provenance") or {}
    title, body = attrs.get("title"), raw.get("body")
    parts = [
        title if isinstance(title, str) else "",
        body if isinstance(body, str) else "",
        " ".join(t for t in attrs.get("tags") or () if isinstance(t, str)),
        " ".join(f for f in prov.get("sourceFiles") or () if isinstance(f, str)),
    ]
    return "\n".join(p for p in parts if p)


def searchable_records(doc: RawDocument, scope: Scope) -> tuple[list[tuple[str, str]], dict[str, dict[str, Any]]]:
    """(id, text) of every live record, and the raw records ``scope`` allows among them."""
    live: list[tuple[str, str]] = []
    scoped: dict[str, dict[str, Any]] = {}
    for rid, raw in doc.records.items():
        attrs = raw["metadata"].get("attributes") or {}
        if deleted_at(raw) is not None or attrs.get("archivedAt") or attrs.get("quarantined"):
            continue  # archived, deleted and quarantined records are never returned
        if rid in doc.problems:
            continue  # a record that breaks a limit on its shape: every reader skips it
        text = raw_embed_text(raw)
        live.append((rid, text))
        if scope.allows(raw["metadata"]["namespace"]):  # scope first: nothing else is even indexed
            scoped[rid] = raw
    return live, scoped


class LazyRecords(Mapping[str, MemoryRecord]):
    """The records in scope, validated on first use. A record another writer damaged raises KeyError
    (so ``get`` gives None), as every other reader skips it."""

    def __init__(self, raws: Mapping[str, dict[str, Any]], validate: Callable[[dict[str, Any]], MemoryRecord]) -> None:
        self._raws = raws
        self._validate = validate

    def __getitem__(self, rid: str) -> MemoryRecord:
        try:
            return self._validate(self._raws[rid])
        except CorruptStore:
            raise KeyError(rid) from None

    def __contains__(self, rid: object) -> bool:
        return rid in self._raws

    def __iter__(self) -> Iterator[str]:
        return iter(self._raws)

    def __len__(self) -> int:
        return len(self._raws)
