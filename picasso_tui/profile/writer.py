"""One store write for a whole profile run: new findings added, old ones reinforced, vanished ones marked stale."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from picasso_tui.profile.findings import SOURCE, Finding
from picasso_tui.profile.records import Context, new_record, profile_id, reobserved, retired
from picasso_tui.store.codec import deleted_at
from picasso_tui.store.errors import MemoryNotFound
from picasso_tui.store.filestore import Change, FileStore, Op, Upsert
from picasso_tui.store.ingress import PROFILE

PURGED_KEY = "purgedIds"


@dataclass
class WriteSummary:
    added: list[str] = field(default_factory=list)
    reinforced: list[str] = field(default_factory=list)
    retired: list[str] = field(default_factory=list)
    left_deleted: list[str] = field(default_factory=list)
    """Findings whose record the user deleted: a profile run never brings a deleted memory back."""


def is_profile_record(raw: dict[str, Any], fingerprint: str) -> bool:
    md = raw.get("metadata") or {}
    prov = md.get("provenance") or {}
    return (md.get("attributes") or {}).get("source") == SOURCE and prov.get("workspace") == fingerprint


def plan(files: FileStore, findings: list[Finding], ctx: Context) -> tuple[list[Op], WriteSummary]:
    snapshot = files.load()
    raw = snapshot.raw()
    purged = snapshot.doc.extra.get(PURGED_KEY) or {}
    now = files.clock()
    ops: list[Op] = []
    summary = WriteSummary()
    found: set[str] = set()
    for f in findings:
        rid = profile_id(ctx.fingerprint, f.key)
        found.add(rid)
        current = raw.get(rid)
        if (current is not None and deleted_at(current) is not None) or (current is None and rid in purged):
            summary.left_deleted.append(rid)
        elif current is None:
            ops.append(Upsert(new_record(f, ctx, now)))
            summary.added.append(rid)
        else:
            ops.append(Change(rid, lambda cur, f=f: reobserved(cur, f, ctx, files.clock())))
            summary.reinforced.append(rid)
    for rid, record in raw.items():
        if rid in found or deleted_at(record) is not None or not is_profile_record(record, ctx.fingerprint):
            continue
        prov = record["metadata"].get("provenance") or {}
        if prov.get("notFoundAt") or str(prov.get("findingKey", "")).startswith("decision/commit/"):
            continue  # already marked; a decision an earlier version read from a commit is not init's to retire
        ops.append(Change(rid, lambda cur: retired(cur, ctx), stamp=False))
        summary.retired.append(rid)
    return ops, summary


def write(files: FileStore, findings: list[Finding], ctx: Context) -> WriteSummary:
    """Everything in ONE FileStore.apply; replanned once if a record was deleted in between."""
    for attempt in range(2):
        ops, summary = plan(files, findings, ctx)
        try:
            if ops:
                files.apply(ops, event="profile", origin=PROFILE)
            return summary
        except MemoryNotFound:
            if attempt:
                raise
    raise AssertionError("unreachable")
