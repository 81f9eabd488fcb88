"""A memory a run (or `init`) observes again is fresh again: its drift is cleared and, when it was
learned from files, it is re-anchored at today's content (HEAD and the files' current hashes), so
the next staleness check measures drift from now, not from when it was first learned."""

from __future__ import annotations

from pathlib import Path

from picasso_tui.store.schema import MemoryRecord


def freshened(record: MemoryRecord, root: Path | None) -> MemoryRecord:
    md = record.file_form["metadata"]
    attrs = dict(md.get("attributes") or {})
    if attrs.get("supersededBy"):
        return record  # replaced by a newer decision: seeing the old one again does not undo that
    prov = dict(md.get("provenance") or {})
    if root is not None and (prov.get("sourceHashes") or prov.get("sourceCommit")):
        from picasso_tui.anchors.gitutil import head_fast
        from picasso_tui.anchors.hashes import hashes_for

        sources = prov.get("sourceHashes")
        if isinstance(sources, dict):
            prov["sourceHashes"] = hashes_for(root, [rel for rel in sources if isinstance(rel, str)])
        head = head_fast(root)
        if head:
            prov["sourceCommit"] = head
        prov.pop("notFoundAt", None)
    if md.get("stalenessScore", 0.0) == 0.0 and "staleReason" not in attrs and not attrs.get("stale"):
        return record if prov == (md.get("provenance") or {}) else record.with_metadata(provenance=prov)
    attrs.pop("staleReason", None)
    if "stale" in attrs:
        attrs["stale"] = False
    return record.with_metadata(staleness_score=0.0, provenance=prov, attributes=attrs)
