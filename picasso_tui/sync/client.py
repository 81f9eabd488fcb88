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
from typing import Any

import orjson

from picasso_tui import settings
from picasso_tui.paths import PicassoPaths
from picasso_tui.store import events
from picasso_tui.store.api import MemoryStore
from picasso_tui.store.codec import to_record
from picasso_tui.store.errors import CorruptStore
from picasso_tui.store.filestore import Upsert
from picasso_tui.store.ingress import SYNC
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
MERGE_BATCH = 2000
MAX_ROUNDS = 8


@dataclass
class SyncReport:
    account_id: str
    pushed: int = 0
    pulled: int = 0
    merged: int = 0
    refilled: int = 0
    full_resync: bool = False
    rounds: int = 0
    key_created: str | None = None
    cursor: int = 0
    ids_changed_here: list[str] = field(default_factory=list)
    redacted: int = 0
    """Secrets the store's door replaced in pulled records (they go back out redacted)."""
    refused: int = 0
    """Pulled records the door refused (another account's namespace, over a limit): not stored here."""

    def to_json(self) -> dict[str, Any]:
        """The stable ``picasso memory sync --json`` shape (camelCase, like the file)."""
        return {
            "accountId": self.account_id,
            "pushed": self.pushed,
            "pulled": self.pulled,
            "merged": self.merged,
            "redacted": self.redacted,
            "refused": self.refused,
            "refilled": self.refilled,
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
        """Pull every row past the cursor, verify it and merge it into the store.

        Verified pages are merged MERGE_BATCH records at a time (each merge is one locked store
        write), and the cursor only moves past what was merged."""
        buffer: list[tuple[MemoryRecord, SyncedVersion]] = []
        # A record can come twice in one pull when another device changed it between two pages:
        # both copies go to the store's merge; the later one is checked against the earlier.
        buffered: dict[str, SyncedVersion] = {}
        cursor = self.state.cursor
        while True:
            answer = self.api.sync({"cursor": cursor, "limit": PULL_LIMIT})
            rows = answer.get("records", [])
            head = answer.get("head", 0)
            if head < cursor:
                raise IntegrityError(
                    f"The sync server's history ends at {head}, before this device's cursor {cursor}: "
                    f"it lost or rolled back data. Nothing was merged. If its operator restored a backup, "
                    f"`picasso memory recover-sync-lock --reset-cursor` starts over from what it holds."
                )
            cursor = self._verify_rows(rows, cursor, buffer, buffered, seen)
            more = bool(answer.get("more"))
            if more and not rows:  # "more" with nothing in it would loop forever
                raise SyncError("The sync server said more rows were waiting but sent none; try again later.")
            if len(buffer) >= MERGE_BATCH or not more:
                self._merge(buffer, report)
                buffer, buffered = [], {}
                self.state.cursor = cursor
            if not more:
                return

    def _verify_rows(
        self,
        rows: list[dict[str, Any]],
        last: int,
        buffer: list[tuple[MemoryRecord, SyncedVersion]],
        buffered: dict[str, SyncedVersion],
        seen: set[str] | None,
    ) -> int:
        """Open and check one page; verified records go to ``buffer``. Returns the page's last seq."""
        source = self.store.paths.memory_file
        for row in rows:
            rid, seq = row.get("id"), row.get("seq")
            if not isinstance(rid, str) or not isinstance(seq, int) or seq <= last:
                raise IntegrityError("The sync server sent rows out of order or behind the cursor; nothing was merged.")
            last = seq
            if seen is not None:
                seen.add(rid)
            synced = self.state.rows.get(rid)
            if synced is not None and synced.seq == seq:
                continue  # this device's own push coming back: it already has exactly this version
            known = buffered.get(rid, synced)
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
                    f"(a replay); nothing was merged. If its operator restored a backup, "
                    f"`picasso memory recover-sync-lock --reset-cursor` starts over from what it holds."
                )
            buffer.append((record, version))
            buffered[rid] = version
        return last

    def _merge(self, verified: list[tuple[MemoryRecord, SyncedVersion]], report: SyncReport) -> None:
        """One locked store write for verified records: the store's per-id merge decides."""
        if verified:
            # Another device's records pass the same door as any other: a secret an older Picasso
            # let through is stored redacted here, and, being newer, pushed back redacted.
            result = self.store.files.apply(
                [Upsert(r) for r, _ in verified], event="sync", origin=SYNC, refusals="each"
            )
            changed = result.ids("added", "updated")
            report.merged += len(changed)
            report.ids_changed_here += changed
            report.redacted += sum(result.redactions.values())
            report.refused += len(result.refused)
        for record, version in verified:
            self.state.rows[record.id] = version
        report.pulled += len(verified)

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
        conflicts: list[str] = []
        for batch in _batches(items):
            answer = self.api.sync({"cursor": self.state.cursor, "limit": 1, "push": batch})
            for accepted in answer.get("accepted", []):
                self.state.rows[accepted["id"]] = pending[accepted["id"]]._replace(seq=accepted["seq"])
                report.pushed += 1
            conflicts += answer.get("conflicts", [])
        return conflicts

    def full_resync(self, report: SyncReport) -> None:
        """Re-read everything from seq 0 (a device offline for more than 30 days).

        The server keeps every tombstone, so each deletion made while this device was away
        arrives as a tombstone and wins the merge wherever it is newer, even though this store
        purges tombstones after 30 days. A record this device once synced that the server no
        longer holds at all means the server lost it (a restore from an old backup, or rows
        withheld): never a reason to delete here. It is pushed again as a new row instead."""
        report.full_resync = True
        self.state.cursor = 0
        seen: set[str] = set()
        self.pull(report, seen=seen)
        for rid in [rid for rid in self.state.rows if rid not in seen]:
            del self.state.rows[rid]
            report.refilled += 1


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
                "refilled": report.refilled},
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
        store = MemoryStore(paths, account_id=session.account_id, guards=store.files.guards)
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
                    syncer.full_resync(report)
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
