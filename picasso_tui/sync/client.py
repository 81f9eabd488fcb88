"""One sync: pull what changed, merge it into the store by id, push what this device changed.

Every record travels as an AES-256-GCM envelope (envelope.py). The server keeps one row per
record with a sequence number; a push names the seq it was based on and the server refuses it
if the row moved meanwhile (compare-and-set), so the device pulls, merges (newest
``lastObservedAt`` wins, in the store's own locked write path) and pushes the winner again.
Rows only ever move forward, which is also how a replayed older copy is caught.
"""

from __future__ import annotations

import hashlib
import os
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any

import orjson

from picasso_tui import settings
from picasso_tui.paths import PicassoPaths
from picasso_tui.store import events
from picasso_tui.store.api import MemoryStore
from picasso_tui.store.codec import to_record
from picasso_tui.store.errors import CorruptStore
from picasso_tui.store.filestore import PURGED_KEY, Delete, Upsert
from picasso_tui.store.merge import TOMBSTONE_TTL
from picasso_tui.store.namespaces import LOCAL_ACCOUNT, account_prefix
from picasso_tui.store.schema import MemoryRecord, format_timestamp, parse_timestamp
from picasso_tui.sync import envelope
from picasso_tui.sync.api import ServerRefused, SyncApi
from picasso_tui.sync.auth import Session, current_session
from picasso_tui.sync.cursor import CursorFile, SyncedVersion, SyncState
from picasso_tui.sync.errors import IntegrityError, SyncError
from picasso_tui.sync.keys import KEY_BYTES, AccountKey, KeyRing, SecretStore, key_id_of

MAX_BATCH_BYTES = 1024 * 1024
MAX_BATCH_ITEMS = 500
PULL_LIMIT = 500
MAX_ROUNDS = 8


@dataclass
class SyncReport:
    account_id: str
    pushed: int = 0
    pulled: int = 0
    merged: int = 0
    deleted_here: int = 0
    purged_on_server: int = 0
    full_resync: bool = False
    rounds: int = 0
    key_created: str | None = None
    cursor: int = 0
    ids_changed_here: list[str] = field(default_factory=list)

    def to_json(self) -> dict[str, Any]:
        """The stable ``picasso memory sync --json`` shape (camelCase, like the file)."""
        return {
            "accountId": self.account_id,
            "pushed": self.pushed,
            "pulled": self.pulled,
            "merged": self.merged,
            "deletedHere": self.deleted_here,
            "purgedOnServer": self.purged_on_server,
            "fullResync": self.full_resync,
            "rounds": self.rounds,
            "keyCreated": self.key_created,
            "cursor": self.cursor,
            "idsChangedHere": self.ids_changed_here,
        }


def raw_hash(raw: dict[str, Any]) -> str:
    return hashlib.sha256(orjson.dumps(raw, option=orjson.OPT_SORT_KEYS)).hexdigest()


def _version(record: MemoryRecord, seq: int) -> SyncedVersion:
    return SyncedVersion(
        seq, record.content_hash, format_timestamp(record.metadata.last_observed_at), record.is_tombstone
    )


def ensure_key(ring: KeyRing, api: SyncApi) -> tuple[AccountKey, bool]:
    """This device's account key, created here if no device of the account has one yet."""
    active = ring.active()
    check = api.get_key_check()
    if active is None:
        if check is not None:
            raise SyncError(
                "This device does not have the account memory key yet: run `picasso memory key link --request` here "
                "and approve it on a device that has the key, or `picasso memory key import --stdin` with the "
                "recovery string."
            )
        fresh = os.urandom(KEY_BYTES)
        kid = key_id_of(fresh)
        # Claim the account on the server first: if another device won the race, keep nothing here.
        try:
            api.put_key_check(envelope.key_check(fresh, kid, ring.account_id))
        except ServerRefused as exc:
            if exc.status != 409:
                raise
            raise SyncError(
                "Another device created this account's memory key a moment ago; link this device "
                "(`picasso memory key link --request`) or import the recovery string."
            ) from None
        return ring.store(fresh), True
    if check is None:
        api.put_key_check(envelope.key_check(active.key, active.key_id, ring.account_id))
    elif check.get("kid") != active.key_id or not envelope.verify_key_check(
        active.key, active.key_id, ring.account_id, check
    ):
        raise SyncError(
            f"This device's memory key ({active.key_id}) is not the account's ({check.get('kid')}); "
            f"import the account's recovery string with `picasso memory key import --stdin`."
        )
    return active, False


class _Syncer:
    def __init__(self, store: MemoryStore, session: Session, api: SyncApi, key: AccountKey, state: SyncState) -> None:
        self.store = store
        self.account = session.account_id
        self.api = api
        self.key = key
        self.keys = {key.key_id: key.key}
        self.state = state
        self.prefix = account_prefix(self.account) + "/"

    def pull(self, report: SyncReport, *, seen: set[str] | None = None) -> None:
        """Pull every row past the cursor, verify it and merge it into the store."""
        while True:
            answer = self.api.sync({"cursor": self.state.cursor, "limit": PULL_LIMIT})
            rows = answer.get("records", [])
            head = answer.get("head", 0)
            if head < self.state.cursor:
                raise IntegrityError(
                    f"The sync server's history ends at {head}, before this device's cursor {self.state.cursor}: "
                    f"it lost or rolled back data. Nothing was merged; ask its operator, or set the cursor aside "
                    f"with `picasso memory recover-sync-lock` to resync from scratch."
                )
            self._merge_rows(rows, report, seen)
            if not answer.get("more"):
                return
            if not rows:  # "more" with nothing in it would loop forever
                raise SyncError("The sync server said more rows were waiting but sent none; try again later.")

    def _merge_rows(self, rows: list[dict[str, Any]], report: SyncReport, seen: set[str] | None) -> None:
        last = self.state.cursor
        source = self.store.paths.memory_file
        upserts: list[tuple[MemoryRecord, int]] = []
        for row in rows:
            rid, seq = row.get("id"), row.get("seq")
            if not isinstance(rid, str) or not isinstance(seq, int) or seq <= last:
                raise IntegrityError("The sync server sent rows out of order or behind the cursor; nothing was merged.")
            last = seq
            if seen is not None:
                seen.add(rid)
            known = self.state.rows.get(rid)
            if known is not None and known.seq == seq:
                continue  # this device's own push coming back: it already has exactly this version
            raw = envelope.open_record(self.keys, self.account, rid, row.get("envelope"))
            try:
                record = to_record(raw, source)
            except CorruptStore:
                raise IntegrityError(
                    f"Record {rid} from the sync server is not a valid memory; nothing was merged."
                ) from None
            version = _version(record, seq)
            if known is not None and version.precedence() < known.precedence():
                raise IntegrityError(
                    f"The sync server sent an older copy of record {rid} than this device already synced "
                    f"(a replay); nothing was merged."
                )
            upserts.append((record, seq))
        if upserts:
            result = self.store.files.apply([Upsert(r) for r, _ in upserts], event="sync")
            changed = result.ids("added", "updated")
            report.merged += len(changed)
            report.ids_changed_here += changed
        for record, seq in upserts:
            self.state.rows[record.id] = _version(record, seq)
        report.pulled += len(upserts)
        self.state.cursor = last

    def push(self, report: SyncReport) -> list[str]:
        """Push local changes in size-capped batches; returns the ids the server refused (moved on)."""
        snapshot = self.store.files.load()
        items: list[dict[str, Any]] = []
        pending: dict[str, SyncedVersion] = {}
        for rid, raw in snapshot.raw().items():
            if not raw["metadata"]["namespace"].startswith(self.prefix):
                continue
            known = self.state.rows.get(rid)
            # The hash of the raw dict equals MemoryRecord.content_hash for what the store wrote, and
            # skips validating the (many) records that did not change since the last sync.
            if known is not None and known.hash == raw_hash(raw):
                continue
            try:
                record = self.store.files.validated(raw)
            except CorruptStore:
                continue  # a record another writer damaged stays local until it is fixed or deleted
            if known is None and record.is_tombstone:
                continue  # deleted before it was ever synced: nothing to tell other devices
            items.append(
                {
                    "id": rid,
                    "base": known.seq if known else 0,
                    "envelope": envelope.seal_record(self.key.key, self.key.key_id, self.account, record.file_form),
                }
            )
            pending[rid] = _version(record, 0)
        purges = []
        for rid in snapshot.doc.extra.get(PURGED_KEY) or {}:
            known = self.state.rows.get(rid)
            if known is not None and known.seq == 0:
                del self.state.rows[rid]  # never had a server row: nothing to purge there
            elif known is not None:
                purges.append({"id": rid, "base": known.seq})
        conflicts: list[str] = []
        for batch in _batches(items):
            answer = self.api.sync({"cursor": self.state.cursor, "limit": 1, "push": batch})
            for accepted in answer.get("accepted", []):
                self.state.rows[accepted["id"]] = pending[accepted["id"]]._replace(seq=accepted["seq"])
                report.pushed += 1
            conflicts += answer.get("conflicts", [])
        if purges:
            answer = self.api.sync({"cursor": self.state.cursor, "limit": 1, "purge": purges})
            for rid in answer.get("purged", []):
                self.state.rows.pop(rid, None)
                report.purged_on_server += 1
            conflicts += answer.get("conflicts", [])
        return conflicts

    def full_resync(self, report: SyncReport, now: datetime) -> None:
        """Re-read everything from the start (DESIGN: a device offline for more than 30 days).

        A record this device once synced that the server no longer holds was deleted elsewhere and
        its tombstone purged, so the deletion is more than 30 days old. A local copy observed
        before that horizon is older than the deletion: delete it here rather than push it back.
        A copy changed here within the last 30 days is newer than the deletion and wins, as any
        newer copy does: it is pushed again as a new row."""
        report.full_resync = True
        self.state.cursor = 0
        seen: set[str] = set()
        self.pull(report, seen=seen)
        gone = [rid for rid in self.state.rows if rid not in seen]
        if not gone:
            return
        horizon = now - TOMBSTONE_TTL
        snapshot = self.store.files.load()
        deletes = []
        for rid in gone:
            del self.state.rows[rid]
            record = snapshot.get(rid)
            if record is not None and not record.is_tombstone and record.metadata.last_observed_at <= horizon:
                deletes.append(Delete(rid))
        if deletes:
            self.store.files.apply(deletes, event="sync")
            report.deleted_here += len(deletes)
        # The tombstones just made here tell no other device anything new: record them as
        # exchanged (seq 0: no server row) so they are not pushed.
        snapshot = self.store.files.load()
        for op in deletes:
            record = snapshot.get(op.id)
            if record is not None:
                self.state.rows[op.id] = _version(record, 0)


def _batches(items: list[dict[str, Any]]) -> list[list[dict[str, Any]]]:
    out: list[list[dict[str, Any]]] = []
    current: list[dict[str, Any]] = []
    size = 0
    for item in items:
        item_size = len(item["envelope"]["ct"]) + 200
        if current and (size + item_size > MAX_BATCH_BYTES or len(current) >= MAX_BATCH_ITEMS):
            out.append(current)
            current, size = [], 0
        current.append(item)
        size += item_size
    if current:
        out.append(current)
    return out


def sync_wanted(paths: PicassoPaths, run_flag: bool | None) -> bool:
    """Whether a ``picasso run`` should sync: ``--memory-sync``/``--no-memory-sync`` (True/False)
    decide for that run; without either, the opt-in setting ``sync.cloudMemory`` (default off)."""
    return bool(settings.get("sync.cloudMemory", paths)) if run_flag is None else run_flag


def sync_now(store: MemoryStore, paths: PicassoPaths | None = None, *, api: SyncApi | None = None) -> SyncReport:
    """Sync this device's memory with the signed-in account (the library entry point for
    ``picasso memory sync`` and ``picasso run --memory-sync``). Raises NeedsSignIn or SyncError;
    a failed sync is never reported as a success. Every run leaves a content-free event."""
    paths = paths or store.paths
    try:
        report = _sync(store, paths, api)
    except Exception as exc:
        events.emit(paths, "sync-failed", reason=type(exc).__name__)
        raise
    events.emit(
        paths,
        "sync",
        counts={"pushed": report.pushed, "pulled": report.pulled, "merged": report.merged,
                "deletedHere": report.deleted_here, "purgedOnServer": report.purged_on_server},
        fullResync=report.full_resync,
        rounds=report.rounds,
    )  # fmt: skip
    return report


def _sync(store: MemoryStore, paths: PicassoPaths, api: SyncApi | None) -> SyncReport:
    session = current_session(paths)  # signed out: NeedsSignIn before anything else is looked at
    secrets = SecretStore(paths)
    if store.account_id != session.account_id:
        if store.account_id != LOCAL_ACCOUNT:
            raise SyncError(
                f"The store is open for account {store.account_id}, not the signed-in {session.account_id}."
            )
        store = MemoryStore(paths, account_id=session.account_id)
    own_api = api is None
    api = api or SyncApi(session.server, session.token)
    report = SyncReport(session.account_id)
    try:
        key, created = ensure_key(KeyRing(session.account_id, secrets), api)
        if created:
            report.key_created = key.key_id
        cursor = CursorFile(paths, session.account_id)
        with cursor.locked():
            state = cursor.read()
            syncer = _Syncer(store, session, api, key, state)
            now = store.files.clock()
            offline_too_long = (
                state.last_sync_at is not None and now - parse_timestamp(state.last_sync_at) > TOMBSTONE_TTL
            )
            try:
                if offline_too_long:
                    syncer.full_resync(report, now)
                else:
                    syncer.pull(report)
                for round_no in range(1, MAX_ROUNDS + 1):
                    report.rounds = round_no
                    if not syncer.push(report):
                        break
                    syncer.pull(report)  # another device moved those rows: merge theirs, then push the winner
                else:
                    raise SyncError(
                        "Other devices kept changing the same memories during this sync; "
                        "run `picasso memory sync` again."
                    )
                state.last_sync_at = format_timestamp(now)  # only a whole sync counts as "last synced"
            finally:
                cursor.write(state)  # progress made before a failure is real progress: keep it
            report.cursor = state.cursor
    finally:
        if own_api:
            api.close()
    return report
