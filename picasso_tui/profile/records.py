"""Findings become records: deterministic ids, namespaces, provenance for staleness, typed edges."""

from __future__ import annotations

import hashlib
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path
from typing import Any

from picasso_tui.anchors.hashes import hashes_for
from picasso_tui.profile.findings import SOURCE, Finding
from picasso_tui.redact.redact import redact_text
from picasso_tui.store.namespaces import namespace_for
from picasso_tui.store.schema import MemoryClass, MemoryRecord
from picasso_tui.text import without_controls

ID_PREFIX = "mem_prof_"
LEARNED_BY = "picasso memory init"
MAX_EDGES = 8
MAX_BODY_CHARS = 8000
_ALPHABET = "0123456789abcdefghjkmnpqrstvwxyz"
EDGE_FOR = {MemoryClass.DECISION: "decision->file"}


def profile_id(fingerprint: str, key: str) -> str:
    """The same finding in the same workspace always gets the same id: re-runs reinforce, never duplicate."""
    value = int.from_bytes(hashlib.sha256(f"{fingerprint}\0{key}".encode()).digest()[:13], "big")
    chars = []
    for _ in range(20):
        chars.append(_ALPHABET[value & 31])
        value >>= 5
    return ID_PREFIX + "".join(chars)


def clean(text: str) -> str:
    """Text from a repository, safe to store and print: control characters (escape sequences that could
    rewrite a terminal, which the store refuses) become spaces, the size stays a note's, and secrets
    (a token pasted in a CI step or an agent file) are redacted like every other write-back. Fails closed:
    if redaction fails, ``RedactionFailed`` stops the write."""
    text = without_controls(text.replace("\r\n", "\n"), " ")[:MAX_BODY_CHARS].strip() or "(empty)"
    return redact_text(text).text


def body_hash(body: str) -> str:
    return hashlib.sha256(body.encode("utf-8")).hexdigest()[:16]


@dataclass(frozen=True)
class Context:
    root: Path
    account_id: str
    fingerprint: str
    head: str | None


def provenance(f: Finding, ctx: Context) -> dict[str, Any]:
    """Standard provenance plus the fields staleness needs (docs/file-format.md)."""
    return {
        "sourceFiles": list(f.sources),
        "sourceCommit": ctx.head,
        "sourceHashes": hashes_for(ctx.root, f.sources),
        "workspace": ctx.fingerprint,
        "findingKey": f.key,
        "learnedBy": LEARNED_BY,
        "bodyHash": body_hash(clean(f.body)),
    }


def edges(f: Finding, fingerprint: str) -> list[dict[str, str]]:
    kind = EDGE_FOR.get(f.cls, "fact->file")
    out = [{"type": kind, "target": f"file:{p}"} for p in f.sources[:MAX_EDGES]]
    out += [{"type": edge, "target": profile_id(fingerprint, key)} for edge, key in f.links]
    if f.cls is MemoryClass.STYLE and f.language:
        out.insert(0, {"type": "style->language", "target": f"language:{f.language}"})
    return out


def new_record(f: Finding, ctx: Context, now: datetime) -> MemoryRecord:
    return MemoryRecord.new(
        profile_id(ctx.fingerprint, f.key),
        clean(f.body),
        f.cls,
        namespace_for(f.cls, ctx.account_id, fingerprint=ctx.fingerprint, language=f.language),
        now,
        edges=edges(f, ctx.fingerprint),
        provenance=provenance(f, ctx),
        attributes={"title": clean(f.title), "source": SOURCE, "tags": ["profile", *f.tags]},
    )


def reobserved(current: MemoryRecord, f: Finding, ctx: Context, now: datetime) -> MemoryRecord:
    """The record as this run sees it again: fresh, re-anchored to HEAD; a body the user edited is kept."""
    prov = current.file_form["metadata"].get("provenance") or {}
    edited = prov.get("bodyHash") not in (None, body_hash(current.body))
    attrs = current.file_form["metadata"].get("attributes") or {}
    tags = list(dict.fromkeys([*attrs.get("tags", []), "profile", *f.tags]))
    body = clean(f.body)
    record = current if edited or current.body == body else current.with_body(body)
    attributes = {**attrs, "title": attrs.get("title") if edited else clean(f.title), "stale": False, "tags": tags}
    attributes.pop("staleReason", None)
    new_prov = {k: v for k, v in prov.items() if k != "notFoundAt"} | provenance(f, ctx)
    return record.with_metadata(
        last_observed_at=now,
        staleness_score=0.0,
        edges=edges(f, ctx.fingerprint),
        provenance=new_prov,
        attributes=attributes,
    )


def retired(current: MemoryRecord, ctx: Context) -> MemoryRecord:
    """A profile record this run no longer finds: kept (the user may rely on it) but marked stale, with why."""
    md = current.file_form["metadata"]
    reason = f"stale: no longer found by `{LEARNED_BY}` at {ctx.head[:7] if ctx.head else 'the working tree'}"
    return current.with_metadata(
        staleness_score=1.0,
        provenance={**(md.get("provenance") or {}), "notFoundAt": ctx.head or "worktree"},
        attributes={**(md.get("attributes") or {}), "stale": True, "staleReason": reason},
    )
