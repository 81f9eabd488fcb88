"""The two operations that rewrite the store as a whole: ``recover`` a damaged memory.json, ``clear``.

``recover`` is atomic: the damaged bytes are first *copied* aside (``memory.json.corrupt-<time>``,
fsynced), then the recovered store is written beside memory.json and ``os.replace``d over it. At
every instant memory.json exists, holding either the damaged bytes (every acknowledged record still
in it, ready for another ``recover``) or the recovered store; a recover killed half-way loses nothing.
It never brings a deleted record back: whatever the backup and the salvage hold, the deletion ledger
(store/ledger.py) is applied to it before it is written.

``clear`` plans its deletions under the store's lock (``FileStore.apply_planned``), so a delete or an
add that lands first changes the plan instead of failing it.
"""

from __future__ import annotations

import contextlib
import shutil
from dataclasses import dataclass, field
from datetime import datetime
from pathlib import Path
from typing import Any

from picasso_tui.atomic import write_atomic
from picasso_tui.store import events, forgetting, ledger
from picasso_tui.store.codec import MigrationContext, RawDocument, decode, deleted_at, salvage, to_record
from picasso_tui.store.errors import CorruptStore, StoreError, StoreUnwritable
from picasso_tui.store.filestore import Delete, FileStore, Snapshot
from picasso_tui.store.ingress import MAINTENANCE, Refused
from picasso_tui.store.merge import merge_maps
from picasso_tui.store.namespaces import fingerprint_for_path, workspace_prefix
from picasso_tui.store.purge import PURGED_KEY, purged_ids
from picasso_tui.store.schema import MemoryRecord, format_timestamp


@dataclass(frozen=True)
class RecoverReport:
    set_aside: Path
    restored_from: Path | None
    salvaged: int = 0
    damaged: list[str] = field(default_factory=list)
    """Records of a readable file set aside because they break a limit on their shape (record_limits)."""
    deleted_again: int = 0
    """Deleted records the backup or the salvage held live, deleted again from the ledger."""


@dataclass(frozen=True)
class ClearReport:
    deleted: int
    backups_removed: list[str]


def recover(files: FileStore, *, start_empty: bool = False) -> RecoverReport:
    """Recover memory.json: an unreadable file is replaced by the newest backup (or nothing, with
    ``start_empty``) merged with every whole record still readable in it; a readable file that holds
    records breaking a limit loses just those. Either way the old bytes are kept aside."""
    path = files.paths.memory_file
    with files.locked():
        try:
            doc: RawDocument | None = files.read_document()
        except CorruptStore:
            doc = None
        if doc is not None and not doc.problems:
            raise StoreError(f"{path} reads fine, so there is nothing to recover; it was left as it is.")
        try:
            report = _recover_locked(files, doc, start_empty)
        except OSError as exc:  # memory.json is still the file it was: nothing was replaced
            raise StoreUnwritable(path, exc.strerror or str(exc)) from None
    events.emit(files.paths, "recover", restored=report.restored_from.name if report.restored_from else None,
                salvaged=report.salvaged, setAside=report.damaged, deletedAgain=report.deleted_again)  # fmt: skip
    with contextlib.suppress(StoreError, OSError):
        from picasso_tui.store.projections import regenerate

        regenerate(files)
    return report


def _recover_locked(files: FileStore, doc: RawDocument | None, start_empty: bool) -> RecoverReport:
    """The recovery itself, with memory.json.lock held; ``doc`` is the file as read (None: unreadable)."""
    path = files.paths.memory_file
    damaged = path.read_bytes()
    now = files.clock()
    aside = _copy_aside(path, damaged, now)
    source: Path | None = None
    salvaged = 0
    if doc is not None:
        records = {rid: raw for rid, raw in doc.records.items() if rid not in doc.problems}
        purged = purged_ids(doc.extra)
        extra = {k: v for k, v in doc.extra.items() if k != PURGED_KEY}
    else:
        ctx = MigrationContext(files.account_id, fingerprint_for_path)
        source = None if start_empty else _newest_backup(files.paths.root)
        restored = decode(source.read_bytes(), source, ctx) if source else RawDocument()
        found = {} if start_empty else salvage(damaged, aside, ctx)
        salvaged = len(found)
        merged = merge_maps(
            {rid: to_record(raw, path) for rid, raw in restored.records.items() if rid not in restored.problems},
            {rid: to_record(raw, aside) for rid, raw in found.items()},
        )
        records, refused = _through_the_door(files, merged)
        purged, extra = {}, {}
    known = ledger.read(files.paths.deletion_ledger)
    again = ledger.apply(records, purged, known, now)
    if purged:
        extra[PURGED_KEY] = purged
    unlisted = [d for d in ledger.seed(records, purged) if d.id not in known]
    if unlisted:  # tombstones the salvage found that the ledger lacks (written before it existed)
        ledger.append(files.paths.deletion_ledger, unlisted)
    files.replace_locked(RawDocument(records=records, extra=extra))
    problems = sorted(doc.problems) if doc is not None else refused
    return RecoverReport(aside, source, salvaged, problems, len(again))


def _through_the_door(files: FileStore, merged: dict[str, MemoryRecord]) -> tuple[dict[str, Any], list[str]]:
    """What a backup and the salvage bring back re-enters the store like any record: through the door
    (limits, namespace grammar, the redactor). A refused record stays only in the corrupt copy."""
    records: dict[str, Any] = {}
    refused: list[str] = []
    for rid, record in merged.items():
        try:
            records[rid] = files.door.admit(record, MAINTENANCE).record.file_form
        except Refused:
            refused.append(rid)
    return records, sorted(refused)


def _copy_aside(path: Path, data: bytes, now: datetime) -> Path:
    """Keep the damaged bytes under a name no other recovery took (two in one millisecond included);
    a copy of the same bytes kept by a recover that was interrupted serves again."""
    for earlier in forgetting.corrupt_copies(path.parent):
        with contextlib.suppress(OSError):
            if earlier.stat().st_size == len(data) and earlier.read_bytes() == data:
                return earlier
    stamp = format_timestamp(now).replace(":", "").replace(".", "-")
    aside = path.with_name(f"memory.json.corrupt-{stamp}")
    n = 1
    while aside.exists():
        n += 1
        aside = path.with_name(f"memory.json.corrupt-{stamp}-{n}")
    write_atomic(aside, data)
    return aside


def _newest_backup(root: Path) -> Path | None:
    found = forgetting.backups(root)
    return max(found, key=lambda p: p.stat().st_mtime) if found else None


def clear(files: FileStore, account_id: str, fingerprint: str | None = None) -> ClearReport:
    """Delete every live memory (or one workspace's). A full clear also removes the backups, the
    corrupt copies and the unsaved edits, which hold memory text too."""
    prefix = workspace_prefix(account_id, fingerprint) if fingerprint else ""

    def plan(snapshot: Snapshot) -> list[Delete]:
        return [Delete(rid) for rid, raw in snapshot.raw().items() if _matches(raw, prefix)]

    result = files.apply_planned(plan, event="clear")
    removed: list[str] = []
    if fingerprint is None:
        with files.locked():  # written and read under this lock (migrations, recover)
            for old in forgetting.backups(files.paths.root) + forgetting.corrupt_copies(files.paths.root):
                old.unlink(missing_ok=True)
                removed.append(old.name)
        edits = forgetting.forget_unsaved_edits(files.paths, None)
        if edits:
            removed.append(f"{edits} unsaved edit{'s' * (edits != 1)}")
        with contextlib.suppress(OSError):
            shutil.rmtree(files.paths.unsaved_edits_dir)
    if not result.written:
        from picasso_tui.store.projections import regenerate

        regenerate(files)
        events.emit(files.paths, "clear", counts={"deleted": 0})
    return ClearReport(len(result.ids("deleted")), removed)


def _matches(raw: dict[str, Any], prefix: str) -> bool:
    return deleted_at(raw) is None and raw["metadata"]["namespace"].startswith(prefix)
