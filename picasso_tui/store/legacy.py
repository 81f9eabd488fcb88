"""One-time imports of memory files older Picasso versions kept elsewhere (DESIGN §4).

Each source is merged by id under the store lock, is left in place, and gets a
``<file>.migrated-to-home`` marker so it is never imported twice. Every record passes the store's
door: a repository's file is untrusted (anyone who can commit can write it), so it brings records
only into that repository's own workspace; its account-wide records arrive held for review, and
records naming another workspace (or account) are left out and counted.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

import orjson

from picasso_tui.store import events
from picasso_tui.store.codec import MigrationContext, decode, to_record
from picasso_tui.store.errors import StoreError
from picasso_tui.store.filestore import FileStore, Upsert
from picasso_tui.store.ingress import LEGACY, Origin, repository
from picasso_tui.store.namespaces import fingerprint_for_path
from picasso_tui.store.schema import format_timestamp

MARKER_SUFFIX = ".migrated-to-home"


@dataclass(frozen=True)
class LegacyImport:
    source: Path
    added: int
    updated: int
    skipped: int
    quarantined: int = 0
    """Records held for review (account-wide memory from a repository, instruction-like text)."""
    refused: int = 0
    """Records left out: another workspace's or account's, or over a limit."""


def marker_for(source: Path) -> Path:
    return source.with_name(source.name + MARKER_SUFFIX)


def import_legacy_file(
    store: FileStore, source: Path, *, origin: Origin = LEGACY, default_fingerprint: str | None = None
) -> LegacyImport | None:
    """Import ``source`` once; None when there is nothing to do (absent or already marked)."""
    marker = marker_for(source)
    if not source.is_file() or marker.exists():
        return None
    ctx = MigrationContext(store.account_id, fingerprint_for_path, default_fingerprint)
    try:
        doc = decode(source.read_bytes(), source, ctx)
    except StoreError:
        events.emit(store.paths, "refusal", source="legacy-import")
        raise
    records = [to_record(raw, source) for raw in doc.records.values()]
    ops = [Upsert(r) for r in records]
    result = store.apply(ops, event="import", origin=origin, refusals="each") if records else None
    added = len(result.ids("added")) if result else 0
    updated = len(result.ids("updated")) if result else 0
    refused = len(result.refused) if result else 0
    quarantined = len(result.quarantined) if result else 0
    summary = {
        "importedAt": format_timestamp(store.clock()),
        "into": str(store.paths.memory_file),
        "records": len(records),
        "refused": refused,
        "quarantined": quarantined,
    }
    if result and result.refused:
        events.emit(store.paths, "import-refused", source=origin.source.value, ids=list(result.refused),
                    reasons=sorted({exc.kind for exc in result.refused.values()}))  # fmt: skip
    marker.write_bytes(orjson.dumps(summary) + b"\n")
    return LegacyImport(source, added, updated, len(records) - added - updated - refused, quarantined, refused)


def import_repo_memory_into_home(store: FileStore, repo_root: Path) -> LegacyImport | None:
    """``<repo>/.picasso/memory.json`` -> the user-level store (importRepoMemoryIntoHome), as untrusted input."""
    fingerprint = fingerprint_for_path(str(repo_root))
    return import_legacy_file(
        store, repo_root / ".picasso" / "memory.json", origin=repository(fingerprint), default_fingerprint=fingerprint
    )


def import_legacy_mac_memory(store: FileStore, source: Path | None = None) -> LegacyImport | None:
    """The Mac app's old ``Application Support/Picasso/memory.json`` (importLegacyMacMemory)."""
    return import_legacy_file(store, source or store.paths.legacy_mac_memory)


# The names the spec uses, for other writers' parity.
importRepoMemoryIntoHome = import_repo_memory_into_home  # noqa: N816
importLegacyMacMemory = import_legacy_mac_memory  # noqa: N816
