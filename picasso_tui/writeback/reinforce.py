"""Reinforce, don't duplicate (spec "Write pipeline"; research: duplicates and bloat are the
second most common complaint about agent memory).

A candidate that says what an existing record in the same namespace already says (same
normalised text, or a high word overlap) refreshes that record's ``lastObservedAt`` and
provenance instead of adding a copy. A new decision about the same subject as an older one gets
a ``supersedes`` edge to it, and the older one is marked stale so retrieval ranks it down.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from picasso_tui.store.filestore import Change, Upsert
from picasso_tui.store.schema import STALE_THRESHOLD, MemoryClass, MemoryRecord
from picasso_tui.writeback.freshen import freshened
from picasso_tui.writeback.observation import UNFIXED
from picasso_tui.writeback.policy import stronger

SAME_THRESHOLD = 0.8
"""Word-set Jaccard at or above which two bodies say the same thing."""
SUPERSEDE_THRESHOLD = 0.3
"""Content-word Jaccard at or above which a new decision is about the same subject as an old one."""

_SUBJECT_RE = re.compile(r"`([^`\n]{1,300})`")
_WORD_RE = re.compile(r"[a-z0-9_]+(?:[.\-/][a-z0-9_]+)*")
_STOPWORDS = frozenset(
    {"a", "an", "and", "are", "as", "at", "be", "by", "for", "from", "has", "have", "in", "is", "it", "of", "on",
     "or", "over", "that", "the", "this", "to", "use", "used", "uses", "using", "was", "we", "will", "with", "chose",
     "choose", "decided", "decision", "instead", "rationale", "because", "not", "than", "rather"}
)  # fmt: skip


def normalize(text: str) -> str:
    return " ".join(_WORD_RE.findall(text.lower()))


def words(text: str) -> frozenset[str]:
    return frozenset(_WORD_RE.findall(text.lower()))


def content_words(text: str) -> frozenset[str]:
    return frozenset(w for w in words(text) if w not in _STOPWORDS and len(w) > 2)


def jaccard(a: frozenset[str], b: frozenset[str]) -> float:
    if not a or not b:
        return 0.0
    return len(a & b) / len(a | b)


@dataclass
class _Known:
    """What matching needs of a stored record, read from its raw dict: validating thousands of
    records with pydantic on every run would cost more than the rest of the write-back."""

    id: str
    cls: str
    norm: str
    words: frozenset[str]
    title: str
    targets: frozenset[str]
    quarantined: bool
    stale: bool
    pinned: bool
    subject: str = ""
    """A failure's subject: the test or command its body names first."""
    unfixed: bool = False
    superseded: bool = False


def _known_raw(raw: dict[str, Any]) -> _Known:
    md = raw["metadata"]
    attrs = md.get("attributes") or {}
    body = raw.get("body") or ""
    edges = md.get("edges") or []
    tokens = _WORD_RE.findall(body.lower())  # one pass serves both the exact and the overlap match
    return _Known(
        id=raw["id"],
        cls=md["class"],
        norm=" ".join(tokens),
        words=frozenset(tokens),
        title=attrs.get("title") or body.strip().split("\n", 1)[0],
        targets=frozenset(e.get("target", "") for e in edges if isinstance(e, dict)),
        quarantined=bool(attrs.get("quarantined")),
        stale=bool(attrs.get("stale")) or float(md.get("stalenessScore") or 0.0) > STALE_THRESHOLD,
        pinned=bool(md.get("pinned")),
        subject=_subject(body) if md["class"] == MemoryClass.FAILURE else "",
        unfixed=UNFIXED in (attrs.get("tags") or []),
        superseded=bool(attrs.get("supersededBy")),
    )


def _subject(body: str) -> str:
    m = _SUBJECT_RE.search(body)
    return m.group(1) if m else ""


def _known(record: MemoryRecord) -> _Known:
    return _known_raw(record.file_form)


@dataclass
class WritePlan:
    ops: list[Upsert | Change] = field(default_factory=list)
    added: list[MemoryRecord] = field(default_factory=list)
    reinforced: list[str] = field(default_factory=list)
    superseded: list[tuple[str, str]] = field(default_factory=list)
    """(older decision id, newer decision id)"""


def plan_writes(candidates: list[MemoryRecord], existing: list[dict[str, Any]], root: Path | None = None) -> WritePlan:
    """The store operations that land ``candidates`` next to ``existing`` (live records, raw file form).
    ``root``: the workspace checkout, to re-anchor a reinforced memory that was learned from files."""
    by_ns: dict[str, list[_Known]] = {}
    for raw in existing:
        by_ns.setdefault(raw["metadata"]["namespace"], []).append(_known_raw(raw))
    plan = WritePlan()
    pending: dict[str, MemoryRecord] = {}  # new records of this batch, by id (a later duplicate folds in)
    for candidate in candidates:
        ns = candidate.metadata.namespace
        known = by_ns.setdefault(ns, [])
        cand = _known(candidate)
        match = _same(cand, known)
        if match is not None:
            if match.id in pending:
                pending[match.id] = _fold(pending[match.id], candidate)
            elif match.id not in plan.reinforced:
                plan.ops.append(Change(match.id, _reinforcer(candidate, root)))
                plan.reinforced.append(match.id)
            continue
        if not cand.quarantined:
            older = _superseded(candidate, cand, known)
            if older is not None:
                candidate = candidate.with_metadata(
                    edges=[*candidate.metadata.edges, {"type": "supersedes", "target": older.id}]
                )
                plan.ops.append(Change(older.id, _mark_superseded(candidate.id)))
                plan.superseded.append((older.id, candidate.id))
                older.stale = older.superseded = True
        pending[candidate.id] = candidate
        known.append(_known(candidate))
    plan.added = list(pending.values())
    plan.ops = [Upsert(r) for r in plan.added] + plan.ops
    return plan


def _same(cand: _Known, known: list[_Known]) -> _Known | None:
    best, best_score = None, 0.0
    for k in known:
        if k.cls != cand.cls or k.quarantined != cand.quarantined or k.unfixed != cand.unfixed:
            continue  # trusted and quarantined memories never merge; a fixed failure does not refresh an unfixed one
        if (k.stale and k.cls == MemoryClass.DECISION) or k.superseded:
            continue  # a superseded decision or failure stays retired
        if k.norm == cand.norm:
            return k
        score = jaccard(k.words, cand.words)
        if score >= SAME_THRESHOLD and score > best_score:
            best, best_score = k, score
    return best


def _superseded(candidate: MemoryRecord, cand: _Known, known: list[_Known]) -> _Known | None:
    """The older record ``candidate`` replaces: a decision about the same subject, or the same failure recorded
    before a run showed it fixed."""
    if candidate.memory_class is MemoryClass.FAILURE and cand.subject and not cand.unfixed:
        return next(
            (k for k in known if k.cls == MemoryClass.FAILURE and k.unfixed and k.subject == cand.subject
             and not (k.superseded or k.quarantined or k.pinned)),
            None,
        )  # fmt: skip
    if candidate.memory_class is not MemoryClass.DECISION:
        return None
    targets = {e.target for e in candidate.metadata.edges if e.target.startswith(("file:", "module:"))}
    mine = content_words(candidate.title)
    best, best_score = None, 0.0
    for k in known:
        if k.cls != MemoryClass.DECISION or k.stale or k.quarantined or k.pinned:
            continue  # a pinned decision is the user's call: never retired automatically
        score = jaccard(mine, content_words(k.title))
        if (bool(targets & k.targets) or score >= SUPERSEDE_THRESHOLD) and max(score, 0.01) > best_score:
            best, best_score = k, max(score, 0.01)
    return best


def _reinforcer(observed: MemoryRecord, root: Path | None = None) -> Any:
    def apply(current: MemoryRecord) -> MemoryRecord:
        prov = current.metadata.provenance.model_dump(mode="json", by_alias=True)
        new = observed.metadata.provenance.model_dump(mode="json", by_alias=True)
        files = list(dict.fromkeys([*prov.get("sourceFiles", []), *new.get("sourceFiles", [])]))[:20]
        merged = {
            **prov,
            "sessionId": new.get("sessionId"),
            "eventIndex": new.get("eventIndex"),
            "sourceFiles": files,
            "sourcePlan": new.get("sourcePlan") or prov.get("sourcePlan"),
            "kind": stronger(prov.get("kind"), new.get("kind")),
        }
        edges = [e.model_dump(by_alias=True) for e in current.metadata.edges]
        for e in observed.metadata.edges:
            if e.model_dump(by_alias=True) not in edges:
                edges.append(e.model_dump(by_alias=True))
        count = int(getattr(current.metadata.attributes, "observations", 1) or 1) + 1
        reinforced = current.with_metadata(provenance=merged, edges=edges).with_attributes(observations=count)
        return freshened(reinforced, root)  # observed again: fresh again

    return apply


def _fold(kept: MemoryRecord, dup: MemoryRecord) -> MemoryRecord:
    """Two identical observations in one run: one record, seen twice."""
    count = int(getattr(kept.metadata.attributes, "observations", 1) or 1) + 1
    return kept.with_attributes(observations=count)


def _mark_superseded(newer_id: str) -> Any:
    def apply(current: MemoryRecord) -> MemoryRecord:
        return current.with_attributes(stale=True, superseded_by=newer_id)

    return apply
