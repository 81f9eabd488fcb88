"""The only writer of memory.json (DESIGN §4).

lock (sidecar, never replaced) -> re-read -> migrate -> apply deltas (``ops``) -> per-id merge ->
purge old tombstones (``purge``) -> commit (``commit``: ledger, temp + fsync, os.replace, fsync
folder) -> unlock -> projections -> event. Readers take no lock: os.replace means they always see a
whole file.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from datetime import datetime, timedelta
from typing import Any

from picasso_tui.atomic import FolderSyncFailed, exclusive_lock, sweep_temps, write_atomic
from picasso_tui.paths import PicassoPaths
from picasso_tui.store import events, forgetting
from picasso_tui.store.codec import MigrationContext, RawDocument, decode, deleted_at, encode, to_record
from picasso_tui.store.codec import timestamp_of as codec_timestamp
from picasso_tui.store.commit import commit
from picasso_tui.store.errors import (
    CorruptStore,
    DamagedRecord,
    MemoryNotFound,
    StoreBusy,
    StoreError,
    StoreUnreadable,
    StoreUnwritable,
)
from picasso_tui.store.ingress import MAINTENANCE, Door, Guards, Origin, Refused
from picasso_tui.store.merge import merge_record, raw_tombstone, tombstone_of
from picasso_tui.store.namespaces import current_account_id, fingerprint_for_path
from picasso_tui.store.ops import Change, Delete, Op, Outcome, Refusals, Upsert, WriteResult, op_id
from picasso_tui.store.purge import purge_expired, purged_ids, with_purged
from picasso_tui.store.schema import MemoryRecord, parse_timestamp, utc_now
from picasso_tui.store.snapshot import Snapshot

# Writers take the operations and the snapshot from here, beside the store that applies them.
__all__ = ["Change", "Delete", "FileStore", "Op", "Snapshot", "Upsert", "WriteResult"]

DEFAULT_LOCK_TIMEOUT_S = 10.0
ONE_MS = timedelta(milliseconds=1)


class FileStore:
    def __init__(
        self,
        paths: PicassoPaths | None = None,
        *,
        lock_timeout: float | None = None,
        clock: Callable[[], datetime] = utc_now,
        account_id: str | None = None,
        projections: bool = True,
        guards: Guards | None = None,
    ) -> None:
        """``guards``: the secret redactor and instruction screen every incoming record passes
        (default: the ones the front end installed with ``ingress.install``; with none, nothing
        with content is written)."""
        self.paths = paths or PicassoPaths.resolve()
        env_timeout = os.environ.get("PICASSO_LOCK_TIMEOUT")
        self.lock_timeout = lock_timeout if lock_timeout is not None else float(env_timeout or DEFAULT_LOCK_TIMEOUT_S)
        self.clock = clock
        self.account_id = account_id or current_account_id()
        self.context = MigrationContext(self.account_id, fingerprint_for_path)
        self.guards = guards
        self.door = Door(self.account_id, guards)
        self.projections = projections
        self._cache: tuple[bytes, RawDocument] | None = None
        self._refused: bytes | None = None
        self._models: dict[str, tuple[dict[str, Any], MemoryRecord]] = {}
        self._damaged: dict[int, tuple[dict[str, Any], DamagedRecord]] = {}
        """The last read's records that break a limit on their shape, by identity: ``validated`` refuses them."""

    @property
    def file(self):  # noqa: ANN201 - Path, kept short for callers
        return self.paths.memory_file

    # -- reading --------------------------------------------------------------------------------

    def read_document(self) -> RawDocument:
        path = self.paths.memory_file
        try:
            data = path.read_bytes()
        except FileNotFoundError:
            return RawDocument()
        except IsADirectoryError:
            raise StoreUnreadable(path, "it is a directory, not a file") from None
        except PermissionError:
            raise StoreUnreadable(path, "permission denied") from None
        except OSError as exc:
            raise StoreUnreadable(path, exc.strerror or str(exc)) from None
        if self._cache is not None and self._cache[0] == data:
            return self._cache[1]
        try:
            previous = self._cache[1] if self._cache else None
            doc = decode(data, path, self.context, previous and previous.lines, previous and previous.problems)
        except StoreError as exc:
            if self._refused != data:  # one event per bad file, not one per poll of a watcher
                self._refused = data
                events.emit(self.paths, "refusal", reason=type(exc).__name__, where=getattr(exc, "where", None))
            raise
        self._cache = (data, doc)
        self._damaged = {id(doc.records[rid]): (doc.records[rid], exc) for rid, exc in doc.problems.items()}
        return doc

    def load(self) -> Snapshot:
        return Snapshot(self.validated, self.read_document())

    def validated(self, raw: dict[str, Any]) -> MemoryRecord:
        damaged = self._damaged.get(id(raw))
        if damaged is not None and damaged[0] is raw:
            raise damaged[1]
        rid = raw["id"]
        hit = self._models.get(rid)
        if hit is not None and (hit[0] is raw or hit[0] == raw):
            return hit[1]
        model = to_record(raw, self.paths.memory_file)
        self._models[rid] = (raw, model)
        return model

    # -- writing --------------------------------------------------------------------------------

    @contextmanager
    def locked(self) -> Iterator[None]:
        """Hold the store's exclusive lock (for writers that must read-then-write as one step)."""
        import portalocker  # here: readers (a one-shot recall) never lock, and it costs ~10 ms to import

        root = self.paths.root
        try:
            root.mkdir(parents=True, exist_ok=True, mode=0o700)
            lock = exclusive_lock(self.paths.lock_file, self.lock_timeout, check_interval=0.005)
            handle = lock.acquire()
        except portalocker.AlreadyLocked:
            raise StoreBusy(self.paths.lock_file, self.lock_timeout) from None
        except PermissionError:
            raise StoreUnwritable(root, "permission denied") from None
        except OSError as exc:
            raise StoreUnwritable(root, exc.strerror or str(exc)) from None
        del handle
        try:
            yield
        finally:
            lock.release()

    def apply(
        self, ops: Sequence[Op], *, event: str = "write", origin: Origin = MAINTENANCE, refusals: Refusals = "all"
    ) -> WriteResult:
        """Write ``ops`` as one step; every record they bring passes the door as coming from ``origin``."""
        with self.locked():
            result, doc = self._apply_locked(ops, origin, refusals)
        if result.written:
            self._after_write(doc, result, event)
        return result

    def apply_planned(
        self,
        plan: Callable[[Snapshot], Sequence[Op]],
        *,
        event: str = "write",
        origin: Origin = MAINTENANCE,
        refusals: Refusals = "all",
    ) -> WriteResult:
        """Read, plan and write as one step under the lock: ``plan`` sees the file as it is now, so a
        writer that decides from the current records (e.g. "reinforce, don't duplicate") cannot race
        another writer deciding the same thing."""
        with self.locked():
            ops = plan(self.load())
            result, doc = self._apply_locked(ops, origin, refusals)
        if result.written:
            self._after_write(doc, result, event)
        return result

    def replace_locked(self, doc: RawDocument) -> None:
        """Replace memory.json with ``doc`` whole, the caller holding the lock (``recover`` only: every
        other write is deltas, committed by ``commit``). Only the file store replaces the file, here or
        through ``commit``, so it remains the file's one writer."""
        path = self.paths.memory_file
        sweep_temps(path)
        data = encode(doc)
        try:
            write_atomic(path, data)
        except FolderSyncFailed as exc:  # replaced already: it happened, its durability is uncertain
            events.emit(self.paths, "durability-warning", reason=exc.strerror)
        self._cache = None  # the next read decodes what was written

    def _apply_locked(self, ops: Sequence[Op], origin: Origin, refusals: Refusals) -> tuple[WriteResult, RawDocument]:
        path = self.paths.memory_file
        if path.is_symlink():
            raise StoreUnwritable(path, "it is a symbolic link; point PICASSO_MEMORY_ROOT at the real folder instead")
        doc = self.read_document()
        records = dict(doc.records)
        purged = purged_ids(doc.extra)
        now = self.clock()
        result = self._apply_all(ops, records, now, purged, origin, refusals)
        result.purged = purge_expired(records, purged, now)
        new_doc = RawDocument(records=records, extra=with_purged(doc.extra, purged))
        if doc.problems and _unchanged(doc, records, new_doc.extra):
            return result, doc  # nothing to write, so nothing to refuse
        _refuse_writing_back_damage(doc, records)
        data = encode(new_doc, doc.lines)
        if data == doc.original:
            return result, doc
        result.deleted = _newly_deleted(doc.records, records, result)
        result.backup = commit(self.paths, doc, records, purged, data, result.deleted, self.clock)
        new_doc.original = data
        self._cache = (data, new_doc)
        self._damaged = {}
        result.written = True
        return result, new_doc

    def _apply_all(
        self,
        ops: Sequence[Op],
        records: dict[str, dict[str, Any]],
        now: datetime,
        purged: dict[str, str],
        origin: Origin,
        refusals: Refusals,
    ) -> WriteResult:
        """Apply ``ops`` in order to ``records``; a refused record fails them all or only itself (``refusals``)."""
        result = WriteResult()
        for op in ops:
            try:
                outcome = self._apply_one(op, records, now, purged, origin, result)
            except Refused as exc:
                if refusals == "all":
                    raise
                result.refused[op_id(op)] = exc
                outcome = "refused"
            result.outcomes.append((op_id(op), outcome))
        return result

    def _apply_one(
        self,
        op: Op,
        records: dict[str, dict[str, Any]],
        now: datetime,
        purged: dict[str, str],
        origin: Origin,
        result: WriteResult,
    ) -> Outcome:
        raw = records.get(op_id(op))
        if raw is not None and isinstance(op, Delete) and deleted_at(raw) is None:
            # A record another writer damaged can still be deleted: the tombstone needs only
            # the fields every record is checked for on read.
            try:
                self.validated(raw)
            except CorruptStore:
                stamp = max(now, codec_timestamp(raw) + ONE_MS)
                records[op.id] = raw_tombstone(raw, stamp)
                return "deleted"
        current = None if raw is None else self.validated(raw)
        if isinstance(op, Upsert):
            incoming = self._admit(op.record, origin, current, result)
            if current is None:
                gone = purged.get(incoming.id)
                if gone is not None and incoming.metadata.last_observed_at <= parse_timestamp(gone):
                    return "skipped"  # deleted, tombstone since purged: an older copy stays gone
                purged.pop(incoming.id, None)
                records[incoming.id] = incoming.file_form
                return "added"
            winner = merge_record(current, incoming)
            if winner is current or winner.content_hash == current.content_hash:
                return "unchanged" if winner.content_hash == incoming.content_hash else "skipped"
            records[incoming.id] = winner.file_form
            return "updated"
        if current is None or current.is_tombstone:
            raise MemoryNotFound(f"No memory has the id {op_id(op)} (it may have been deleted meanwhile).")
        # A user's action must win the merge even against a copy stamped by a fast clock.
        stamp = max(now, current.metadata.last_observed_at + ONE_MS)
        if isinstance(op, Delete):
            records[op.id] = tombstone_of(current, stamp).file_form
            return "deleted"
        changed = op.apply(current)
        if changed.file_form == current.file_form:
            return "unchanged"
        if op.stamp:
            changed = changed.with_metadata(last_observed_at=stamp)
        changed = self._admit(changed, origin, current, result)
        records[op.id] = changed.file_form
        return "updated"

    def _admit(
        self, record: MemoryRecord, origin: Origin, current: MemoryRecord | None, result: WriteResult
    ) -> MemoryRecord:
        admitted = self.door.admit(record, origin, current)
        for rule in admitted.redactions:
            result.redactions[rule] = result.redactions.get(rule, 0) + 1
        if admitted.quarantined:
            result.quarantined[record.id] = admitted.quarantined
        result.records[record.id] = admitted.record
        return admitted.record

    def _after_write(self, doc: RawDocument, result: WriteResult, event: str) -> None:
        counts: dict[str, int] = {}
        for _, kind in result.outcomes:
            counts[kind] = counts.get(kind, 0) + 1
        if result.purged:
            counts["purged"] = len(result.purged)
        if result.backup:
            events.emit(self.paths, "migration", backup=result.backup, records=len(doc.records))
        events.emit(self.paths, event, counts=counts, ids=[rid for rid, _ in result.outcomes])
        if result.deleted:
            try:
                forgetting.scrub_text_caches(self.paths, result.deleted)
            except OSError as exc:
                events.emit(self.paths, "scrub-failed", reason=exc.strerror or str(exc))
        if self.projections:
            import portalocker  # here, as in ``locked``: a reader never pays for importing it

            from picasso_tui.store.projections import regenerate

            try:
                regenerate(self)
            except (StoreError, OSError, portalocker.LockException) as exc:
                # The write itself succeeded: projections are a view, regenerated by the next write.
                events.emit(self.paths, "projection-failed", reason=type(exc).__name__)


def _unchanged(doc: RawDocument, records: dict[str, dict[str, Any]], extra: dict[str, Any]) -> bool:
    return (
        extra == doc.extra
        and len(records) == len(doc.records)
        and all(records.get(rid) is raw for rid, raw in doc.records.items())
    )


def _refuse_writing_back_damage(doc: RawDocument, records: dict[str, dict[str, Any]]) -> None:
    """A record another writer damaged, still there as it was read, cannot be written back."""
    for rid, problem in doc.problems.items():
        if records.get(rid) is doc.records[rid]:
            raise problem


def _newly_deleted(
    before: dict[str, dict[str, Any]], after: dict[str, dict[str, Any]], result: WriteResult
) -> list[str]:
    """The ids this write's ops turned into tombstones: a Delete, or a tombstone that won the merge (an
    import, a sync pull), including one for a record this file never had (a backup may hold it)."""
    out: dict[str, None] = {}
    for rid, _ in result.outcomes:
        now, then = after.get(rid), before.get(rid)
        if now is not None and deleted_at(now) is not None and (then is None or deleted_at(then) is None):
            out[rid] = None
    return list(out)
