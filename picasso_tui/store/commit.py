"""The durable half of a write, under the store's lock: what must precede, and then do, the replace.

backup of a file in an older schema -> sweep of dead writers' temps -> deletion ledger -> deleted
text out of the files the store owns -> temp + fsync -> os.replace -> fsync folder.
"""

from __future__ import annotations

from collections.abc import Callable
from datetime import datetime
from pathlib import Path
from typing import Any

from picasso_tui.atomic import FolderSyncFailed, sweep_temps, write_atomic
from picasso_tui.paths import PicassoPaths
from picasso_tui.store import events, forgetting, ledger
from picasso_tui.store.codec import RawDocument
from picasso_tui.store.errors import StoreUnwritable
from picasso_tui.store.schema import format_timestamp


def commit(
    paths: PicassoPaths,
    before: RawDocument,
    records: dict[str, dict[str, Any]],
    purged: dict[str, str],
    data: bytes,
    deleted: list[str],
    clock: Callable[[], datetime],
) -> str | None:
    """Replace memory.json (read as ``before``) with ``data``, the encoding of ``records`` and ``purged``;
    ``deleted``: the ids this write turned into tombstones. Returns the backup's name when ``before``
    was migrated (its original bytes are kept), else None."""
    path = paths.memory_file
    ledger_file = paths.deletion_ledger
    backup = None
    try:
        if before.migrated:
            backup = _backup_original(path, before, clock)  # before the commit: any failure here is a failure
        sweep_temps(path)
        ledger_size = _ledger_deletions(ledger_file, records, purged, deleted)
    except OSError as exc:
        raise StoreUnwritable(path, exc.strerror or str(exc)) from None
    if deleted:
        # Before the replace too, so that a writer killed after it leaves no text in a backup. Should the
        # replace fail, the record stays in memory.json and is gone from the backups: as the user asked.
        try:
            forgetting.scrub_owned_files(paths, deleted)
        except OSError as exc:
            events.emit(paths, "scrub-failed", reason=exc.strerror or str(exc), ids=deleted)
    try:
        write_atomic(path, data)
    except FolderSyncFailed as exc:
        # memory.json was replaced: the write happened. Failing it now would invite a retry
        # that duplicates the memory; record that durability is uncertain instead.
        events.emit(paths, "durability-warning", reason=exc.strerror)
    except BaseException as exc:
        if ledger_size is not None:  # the deletions did not happen: the ledger must not say they did
            ledger.cut_back(ledger_file, ledger_size)
        if isinstance(exc, OSError):
            raise StoreUnwritable(path, exc.strerror or str(exc)) from None
        raise
    return backup


def _ledger_deletions(
    ledger_file: Path, records: dict[str, dict[str, Any]], purged: dict[str, str], deleted: list[str]
) -> int | None:
    """Append this write's deletions to the ledger; returns its size before (None: nothing appended)."""
    # Before the replace: no instant shows a tombstone the ledger lacks. The first write that finds
    # no ledger seeds it with the deletions the file already holds.
    seeding = not ledger_file.exists()
    deletions = ledger.seed(records, purged) if seeding else [ledger.of_tombstone(records[r]) for r in deleted]
    return ledger.append(ledger_file, deletions) if deletions or seeding else None


def _backup_original(path: Path, doc: RawDocument, clock: Callable[[], datetime]) -> str:
    """Keep the bytes of ``doc``, a file in an older schema, beside ``path`` before it is migrated."""
    bak = path.with_name(f"memory.json.v{doc.version}.bak")
    if bak.exists():
        if bak.read_bytes() == doc.original:
            return bak.name
        # A second old file was put in place after an earlier migration: keep both originals.
        bak = bak.with_name(f"memory.json.v{doc.version}.{format_timestamp(clock()).replace(':', '')}.bak")
    write_atomic(bak, doc.original)
    return bak.name
