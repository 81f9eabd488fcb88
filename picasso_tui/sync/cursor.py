"""The sync cursor and what this device last synced, under a lock of their own.

``<picasso home>/sync/<account>/state.json`` holds the server cursor, the time of the last
successful sync, and for every synced record the server seq and the version exchanged (so that
a later sync knows what to push and can spot a server replaying an older copy). Only sync takes
``state.json.lock`` (portalocker, like the store); it never holds the store's lock for long.
"""

from __future__ import annotations

import contextlib
import os
import socket
import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from datetime import datetime
from pathlib import Path
from typing import Any, NamedTuple

import orjson
import portalocker

from picasso_tui.atomic import exclusive_lock, pid_alive, write_atomic
from picasso_tui.paths import PicassoPaths
from picasso_tui.store.schema import format_timestamp, parse_timestamp
from picasso_tui.sync.errors import SyncError, SyncLockBusy

LOCK_TIMEOUT_S = 30.0


class SyncedVersion(NamedTuple):
    """The version of one record last exchanged with the server (a tuple: 10k of them load fast)."""

    seq: int
    hash: str
    at: str  # lastObservedAt of the version exchanged
    tomb: bool

    def precedence(self) -> tuple[datetime, bool, str]:
        return (parse_timestamp(self.at), self.tomb, self.hash)


@dataclass
class SyncState:
    cursor: int = 0
    last_sync_at: str | None = None
    rows: dict[str, SyncedVersion] = field(default_factory=dict)

    def to_json(self) -> bytes:
        return orjson.dumps(
            {
                "version": 1,
                "cursor": self.cursor,
                "lastSyncAt": self.last_sync_at,
                "rows": {rid: list(v) for rid, v in self.rows.items()},
            }
        )

    @classmethod
    def from_json(cls, data: bytes, path: Path) -> SyncState:
        try:
            doc = orjson.loads(data)
            rows = {rid: SyncedVersion(*v) for rid, v in doc["rows"].items()}
            if not all(type(v.seq) is int and type(v.hash) is str and type(v.at) is str for v in rows.values()):
                raise ValueError("a row of the wrong shape")
            last = doc.get("lastSyncAt")
            if last is not None:
                parse_timestamp(last)
            return cls(int(doc["cursor"]), last, rows)
        except (orjson.JSONDecodeError, KeyError, TypeError, ValueError):
            raise SyncError(
                f"The sync cursor file {path} is damaged; `picasso memory recover-sync-lock` sets it aside "
                f"(the next sync is then a full resync)."
            ) from None


def state_dir(paths: PicassoPaths, account_id: str) -> Path:
    return paths.home / "sync" / account_id


class CursorFile:
    def __init__(self, paths: PicassoPaths, account_id: str) -> None:
        self.dir = state_dir(paths, account_id)
        self.file = self.dir / "state.json"
        self.lock_file = self.dir / "state.json.lock"
        self.holder_file = self.dir / "state.json.lock.holder"

    def read(self) -> SyncState:
        try:
            return SyncState.from_json(self.file.read_bytes(), self.file)
        except FileNotFoundError:
            return SyncState()

    def write(self, state: SyncState) -> None:
        write_atomic(self.file, state.to_json())

    @contextmanager
    def locked(self, timeout: float | None = None) -> Iterator[None]:
        if timeout is None:
            timeout = float(os.environ.get("PICASSO_SYNC_LOCK_TIMEOUT") or LOCK_TIMEOUT_S)
        self.dir.mkdir(parents=True, exist_ok=True, mode=0o700)
        lock = exclusive_lock(self.lock_file, timeout)
        try:
            lock.acquire()
        except portalocker.AlreadyLocked:
            holder = self.holder()
            who = (
                f" (process {holder.get('pid')} on {holder.get('host')} since {holder.get('since')})" if holder else ""
            )
            raise SyncLockBusy(
                f"Another memory sync holds {self.lock_file}{who}; wait for it to finish, or stop it and run "
                f"`picasso memory recover-sync-lock`."
            ) from None
        try:
            self.holder_file.write_bytes(
                orjson.dumps({"pid": os.getpid(), "host": socket.gethostname(), "since": _now_text()})
            )
            yield
        finally:
            with contextlib.suppress(OSError):
                self.holder_file.unlink()
            lock.release()

    def holder(self) -> dict[str, Any] | None:
        try:
            data = orjson.loads(self.holder_file.read_bytes())
        except (OSError, orjson.JSONDecodeError):
            return None
        return data if isinstance(data, dict) else None


@dataclass(frozen=True)
class LockInspection:
    held: bool
    holder: dict[str, Any] | None
    holder_alive: bool | None
    quarantined: list[Path]


def recover_sync_lock(paths: PicassoPaths, account_id: str, *, reset_cursor: bool = False) -> LockInspection:
    """Inspect the cursor lock. A lock still held is left alone (its holder is reported). Once no
    process holds it, set the lock aside, and with it a damaged cursor file, or any cursor file
    when ``reset_cursor`` (the next sync then starts over from what the server holds)."""
    cursor = CursorFile(paths, account_id)
    holder = cursor.holder()
    alive = _pid_alive(holder.get("pid")) if holder and holder.get("host") == socket.gethostname() else None
    probe = None
    if cursor.lock_file.exists():
        probe = portalocker.Lock(
            cursor.lock_file,
            mode="a",
            timeout=0,
            flags=portalocker.LockFlags.EXCLUSIVE | portalocker.LockFlags.NON_BLOCKING,
        )
        try:
            probe.acquire()
        except portalocker.AlreadyLocked:
            return LockInspection(True, holder, alive, [])
    stamp = _now_text().replace(":", "")
    moved: list[Path] = []
    try:
        for path in (cursor.lock_file, cursor.holder_file):
            if path.exists():
                aside = path.with_name(f"{path.name}.quarantined-{stamp}")
                os.replace(path, aside)
                moved.append(aside)
        try:
            cursor.read()
            damaged = False
        except SyncError:
            damaged = True
        if (damaged or reset_cursor) and cursor.file.exists():
            aside = cursor.file.with_name(f"state.json.quarantined-{stamp}")
            os.replace(cursor.file, aside)
            moved.append(aside)
    finally:
        if probe is not None:
            probe.release()
    return LockInspection(False, holder, alive, moved)


def _pid_alive(pid: Any) -> bool | None:
    return pid_alive(pid) if isinstance(pid, int) else None


def _now_text() -> str:
    return format_timestamp(datetime.fromtimestamp(time.time()).astimezone())
