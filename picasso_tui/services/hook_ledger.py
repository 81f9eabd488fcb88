"""How far each agent transcript has been absorbed: ``<home>/hooks/absorbed.json``.

An agent's end-of-turn and end-of-session hooks (Claude Code's Stop then SessionEnd, a resumed session, a second
Stop on the same file) hand Picasso the same transcript again and again. The ledger maps each transcript to the
point up to which its content has been reflected, so each part is learnt once. It holds keys (hashes of the agent,
its session id and the file's path), offsets, times and fingerprints (hashes) of the failure lessons written:
never memory text, never a path in the clear.

Writers hold ``absorbed.json.lock`` (portalocker) from reading the offset to recording the new one, so two hooks
racing on one transcript reflect its new part once; the file is replaced atomically.
"""

from __future__ import annotations

import contextlib
import hashlib
import os
from collections.abc import Iterable, Iterator
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import orjson

from picasso_tui.atomic import exclusive_lock, write_atomic
from picasso_tui.paths import PicassoPaths
from picasso_tui.services.errors import ServiceError

FILE_NAME = "absorbed.json"
KEEP = 2000
"""Transcripts remembered; the oldest beyond this are forgotten (a very old session resumed is read again, and
reinforcement, not a copy, meets what it re-learns)."""
LOCK_TIMEOUT_S = 10.0
MAX_FAILURES = 500
"""Failure fingerprints remembered per transcript (a session with more failure lessons than this is unheard of)."""


class LedgerBusy(ServiceError):
    pass


def transcript_key(agent: str, session_id: str, transcript: Path) -> str:
    """The ledger's name for one transcript file of one session of one agent."""
    raw = f"{agent}\0{session_id}\0{os.path.abspath(transcript)}".encode()
    return hashlib.sha256(raw).hexdigest()[:32]


class HookLedger:
    def __init__(self, paths: PicassoPaths) -> None:
        self.file = paths.hooks_dir / FILE_NAME
        self.lock_file = paths.hooks_dir / f"{FILE_NAME}.lock"
        self._entries: dict[str, dict[str, Any]] = {}

    @contextlib.contextmanager
    def locked(self, timeout: float = LOCK_TIMEOUT_S) -> Iterator[HookLedger]:
        """Hold the ledger's lock and its content as read under it."""
        import portalocker  # only the write-back hooks need it

        self.file.parent.mkdir(parents=True, exist_ok=True, mode=0o700)
        lock = exclusive_lock(self.lock_file, timeout)
        try:
            lock.acquire()
        except portalocker.AlreadyLocked:
            raise LedgerBusy(f"Another agent hook holds {self.lock_file}; this one gives way.") from None
        try:
            self._entries = self._read()
            yield self
        finally:
            lock.release()

    def consumed(self, key: str) -> int:
        entry = self._entries.get(key)
        value = entry.get("consumed") if isinstance(entry, dict) else None
        return value if isinstance(value, int) and value >= 0 else 0

    def failures(self, key: str) -> set[str]:
        """Fingerprints of the failure lessons already written from this transcript."""
        entry = self._entries.get(key)
        value = entry.get("failures") if isinstance(entry, dict) else None
        return {v for v in value if isinstance(v, str)} if isinstance(value, list) else set()

    def record(self, key: str, consumed: int, failures: Iterable[str] = ()) -> None:
        """Note how far the transcript is absorbed now, and the failure lessons written from it so far (call with the
        lock held)."""
        written = sorted(self.failures(key) | set(failures))[-MAX_FAILURES:]
        self._entries[key] = {"consumed": consumed, "at": datetime.now(UTC).isoformat(timespec="seconds")}
        if written:
            self._entries[key]["failures"] = written
        newest = sorted(self._entries.items(), key=lambda kv: str(kv[1].get("at", "")), reverse=True)[:KEEP]
        data = orjson.dumps({"version": 1, "transcripts": dict(newest)}, option=orjson.OPT_SORT_KEYS)
        write_atomic(self.file, data + b"\n")
        self._entries = dict(newest)

    def _read(self) -> dict[str, dict[str, Any]]:
        try:
            data = orjson.loads(self.file.read_bytes())
        except FileNotFoundError:
            return {}
        except (OSError, orjson.JSONDecodeError):
            # Damaged: start over. Re-reading a transcript costs time, and reinforcement, not a copy, meets what
            # is learnt again; refusing would stop every hook from learning anything.
            return {}
        entries = data.get("transcripts") if isinstance(data, dict) else None
        return {k: v for k, v in entries.items() if isinstance(v, dict)} if isinstance(entries, dict) else {}
