"""The only writer of memory.json (DESIGN §4).

lock (sidecar, never replaced) -> re-read -> migrate -> apply deltas -> per-id merge ->
purge old tombstones -> temp + fsync -> os.replace -> fsync folder -> unlock ->
projections -> event. Readers take no lock: os.replace means they always see a whole file.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, field
from datetime import datetime, timedelta
from typing import Any, Literal

from picasso_tui.paths import PicassoPaths
from picasso_tui.store import events, forgetting, ledger
from picasso_tui.store.atomic import FolderSyncFailed, sweep_temps, write_atomic
from picasso_tui.store.codec import MigrationContext, RawDocument, decode, deleted_at, encode, to_record
from picasso_tui.store.codec import timestamp_of as codec_timestamp
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
from picasso_tui.store.merge import TOMBSTONE_TTL, merge_record, raw_tombstone, tombstone_of
from picasso_tui.store.namespaces import current_account_id, fingerprint_for_path
from picasso_tui.store.schema import MemoryRecord, format_timestamp, parse_timestamp, utc_now

DEFAULT_LOCK_TIMEOUT_S = 10.0
ONE_MS = timedelta(milliseconds=1)

Outcome = Literal["added", "updated", "unchanged", "skipped", "deleted", "refused"]
Refusals = Literal["all", "each"]
"""``all``: one refused record refuses the whole write (a user's import); ``each``: refused records are
left out and reported, the rest lands (a repository's file, a sync pull)."""


@dataclass(frozen=True)
class Upsert:
    """A writer's copy of a record; it lands only if it wins the per-id merge."""

    record: MemoryRecord


@dataclass(frozen=True)
class Delete:
    id: str


@dataclass(frozen=True)
class Change:
    """A user's change, applied to the copy re-read under the lock (never to a stale one)."""

    id: str
    apply: Callable[[MemoryRecord], MemoryRecord]
    stamp: bool = True
    """A user's change is stamped "observed now" so that it wins; gc's archiving is not."""


Op = Upsert | Delete | Change


@dataclass
class WriteResult:
    outcomes: list[tuple[str, Outcome]] = field(default_factory=list)
    purged: list[str] = field(default_factory=list)
    written: bool = False
    backup: str | None = None
    records: dict[str, MemoryRecord] = field(default_factory=dict)
    """The records as the door admitted them (redacted, maybe quarantined), by id."""
    redactions: dict[str, int] = field(default_factory=dict)
    """Secrets the door replaced, counted by rule."""
    quarantined: dict[str, str] = field(default_factory=dict)
    """Records the door held for review, with the reason."""
    refused: dict[str, Refused] = field(default_factory=dict)
    deleted: list[str] = field(default_factory=list)
    """Ids this write turned into tombstones (by Delete, or a winning tombstone from elsewhere)."""

    def ids(self, *kinds: Outcome) -> list[str]:
        return [rid for rid, kind in self.outcomes if kind in kinds]


class Snapshot:
    """One consistent read of the store; records validated on first use."""

    def __init__(self, store: FileStore, doc: RawDocument) -> None:
        self._store = store
        self.doc = doc
        self.unreadable: list[CorruptStore] = []
        """Records another writer damaged: skipped here, kept untouched in the file."""

    @property
    def version(self) -> int:
        return self.doc.version

    def raw(self) -> dict[str, dict[str, Any]]:
        return self.doc.records

    def get(self, rid: str) -> MemoryRecord | None:
        raw = self.doc.records.get(rid)
        if raw is not None and rid in self.doc.problems:
            raise self.doc.problems[rid]
        return None if raw is None else self._store.validated(raw)

    def records(self, keep: Callable[[dict[str, Any]], bool] | None = None) -> list[MemoryRecord]:
        """Live records (no tombstones), optionally pre-filtered on the raw dict to skip validation."""
        out = []
        self.unreadable = []
        problems = self.doc.problems
        for rid, raw in self.doc.records.items():
            if deleted_at(raw) is None and (keep is None or keep(raw)):
                try:
                    if rid in problems:
                        raise problems[rid]
                    out.append(self._store.validated(raw))
                except CorruptStore as exc:
                    self.unreadable.append(exc)
        return out

    def live_ids(self) -> list[str]:
        return [rid for rid, raw in self.doc.records.items() if deleted_at(raw) is None]


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
        return Snapshot(self, self.read_document())

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
            lock = portalocker.Lock(
                self.paths.lock_file,
                mode="a",
                timeout=self.lock_timeout,
                check_interval=0.005,
                flags=portalocker.LockFlags.EXCLUSIVE | portalocker.LockFlags.NON_BLOCKING,
            )
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
        other write is deltas). The atomic replace stays here, so this remains the file's one writer."""
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
        result = WriteResult()
        for op in ops:
            try:
                outcome = self._apply_one(op, records, now, purged, origin, result)
            except Refused as exc:
                if refusals == "all":
                    raise
                result.refused[_op_id(op)] = exc
                outcome = "refused"
            result.outcomes.append((_op_id(op), outcome))
        for rid in [rid for rid, raw in records.items() if _expired(raw, now)]:
            purged[rid] = records[rid]["metadata"]["attributes"]["deletedAt"]
            del records[rid]
            result.purged.append(rid)
        extra = {**doc.extra, PURGED_KEY: purged} if purged else {k: v for k, v in doc.extra.items() if k != PURGED_KEY}
        if doc.problems:
            if _unchanged(doc, records, extra):
                return result, doc  # nothing to write, so nothing to refuse
            for rid, problem in doc.problems.items():
                if records.get(rid) is doc.records[rid]:  # still there as it was: it cannot be written back
                    raise problem
        new_doc = RawDocument(records=records, extra=extra)
        data = encode(new_doc, doc.lines)
        if data == doc.original:
            return result, doc
        result.deleted = _newly_deleted(doc.records, records, result)
        ledger_file = self.paths.deletion_ledger
        try:
            if doc.migrated:
                result.backup = self._backup(doc)  # before the commit: any failure here is a failure
            sweep_temps(path)
            # Before the replace: no instant shows a tombstone the ledger lacks. The first write that finds
            # no ledger seeds it with the deletions the file already holds.
            seeding = not ledger_file.exists()
            deletions = (
                ledger.seed(records, purged) if seeding else [ledger.of_tombstone(records[r]) for r in result.deleted]
            )
            ledger_size = ledger.append(ledger_file, deletions) if deletions or seeding else None
        except OSError as exc:
            raise StoreUnwritable(path, exc.strerror or str(exc)) from None
        if result.deleted:
            # Before the replace too, so that a writer killed after it leaves no text in a backup. Should the
            # replace fail, the record stays in memory.json and is gone from the backups: as the user asked.
            try:
                forgetting.scrub_owned_files(self.paths, result.deleted)
            except OSError as exc:
                events.emit(self.paths, "scrub-failed", reason=exc.strerror or str(exc), ids=result.deleted)
        try:
            write_atomic(path, data)
        except FolderSyncFailed as exc:
            # memory.json was replaced: the write happened. Failing it now would invite a retry
            # that duplicates the memory; record that durability is uncertain instead.
            events.emit(self.paths, "durability-warning", reason=exc.strerror)
        except BaseException as exc:
            if ledger_size is not None:  # the deletions did not happen: the ledger must not say they did
                ledger.cut_back(ledger_file, ledger_size)
            if isinstance(exc, OSError):
                raise StoreUnwritable(path, exc.strerror or str(exc)) from None
            raise
        new_doc.original = data
        self._cache = (data, new_doc)
        self._damaged = {}
        result.written = True
        return result, new_doc

    def _apply_one(
        self,
        op: Op,
        records: dict[str, dict[str, Any]],
        now: datetime,
        purged: dict[str, str],
        origin: Origin,
        result: WriteResult,
    ) -> Outcome:
        raw = records.get(_op_id(op))
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
            raise MemoryNotFound(f"No memory has the id {_op_id(op)} (it may have been deleted meanwhile).")
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

    def _backup(self, doc: RawDocument) -> str:
        bak = self.paths.memory_file.with_name(f"memory.json.v{doc.version}.bak")
        if bak.exists():
            if bak.read_bytes() == doc.original:
                return bak.name
            # A second old file was put in place after an earlier migration: keep both originals.
            bak = bak.with_name(f"memory.json.v{doc.version}.{format_timestamp(self.clock()).replace(':', '')}.bak")
        write_atomic(bak, doc.original)
        return bak.name

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
            import portalocker

            from picasso_tui.store.projections import regenerate

            try:
                regenerate(self)
            except (StoreError, OSError, portalocker.LockException) as exc:
                # The write itself succeeded: projections are a view, regenerated by the next write.
                events.emit(self.paths, "projection-failed", reason=type(exc).__name__)


def _op_id(op: Op) -> str:
    return op.record.id if isinstance(op, Upsert) else op.id


def _unchanged(doc: RawDocument, records: dict[str, dict[str, Any]], extra: dict[str, Any]) -> bool:
    return (
        extra == doc.extra
        and len(records) == len(doc.records)
        and all(records.get(rid) is raw for rid, raw in doc.records.items())
    )


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


PURGED_KEY = "purgedIds"
"""Top-level map of id -> deletion time for tombstones purged after 30 days: ids and times only,
no content, so that an older copy (an old export, a stale writer) can never bring a record back."""


def purged_ids(extra: dict[str, Any]) -> dict[str, str]:
    value = extra.get(PURGED_KEY)
    if not isinstance(value, dict):
        return {}
    out = {}
    for rid, when in value.items():
        try:
            parse_timestamp(when)
        except (ValueError, TypeError):
            continue  # an entry another writer damaged protects nothing; drop it
        out[rid] = when
    return out


def _expired(raw: dict[str, Any], now: datetime) -> bool:
    deleted = deleted_at(raw)
    return deleted is not None and now - deleted > TOMBSTONE_TTL
