"""The ``store-changed`` event stream: the store's watcher notices memory.json replaced (by the helper itself or by
any other writer) and every subscriber of ``GET /api/events`` gets the ids whose records changed."""

from __future__ import annotations

import asyncio
import hashlib
import threading
from collections.abc import AsyncIterator, Callable
from datetime import UTC, datetime
from typing import Any

import orjson

from picasso_tui.paths import PicassoPaths
from picasso_tui.store.document import RawDocument
from picasso_tui.store.watch import StoreWatcher

PING_S = 15.0
QUEUE_MAX = 256
"""Events a slow subscriber may fall behind by; past it the subscriber is dropped (its page reconnects)."""


def fingerprints(document: RawDocument) -> dict[str, str]:
    """Each record's content hash, to name the ids a change touched."""
    return {rid: hashlib.blake2b(orjson.dumps(raw), digest_size=8).hexdigest() for rid, raw in document.records.items()}


class Broadcaster:
    """Fans ``store-changed`` events out to subscribers' queues on the server's event loop."""

    def __init__(self, paths: PicassoPaths, read: Callable[[], RawDocument]) -> None:
        self.paths = paths
        self.read = read
        self.loop: asyncio.AbstractEventLoop | None = None
        self.queues: set[asyncio.Queue[bytes | None]] = set()
        self._known: dict[str, str] = {}
        self._mutex = threading.Lock()
        self._watcher: StoreWatcher | None = None

    def start(self, loop: asyncio.AbstractEventLoop) -> None:
        self.loop = loop
        self._known = self._fingerprints()
        self._watcher = StoreWatcher(self.paths.memory_file, self.changed, debounce=0.05).start()

    def stop(self) -> None:
        if self._watcher is not None:
            self._watcher.stop()
        if self.loop is not None and not self.loop.is_closed():
            for queue in list(self.queues):
                self.loop.call_soon_threadsafe(queue.put_nowait, None)

    def _fingerprints(self) -> dict[str, str]:
        try:
            return fingerprints(self.read())
        except Exception:  # a damaged file: the next readable version names every id as changed
            return {}

    def changed(self) -> None:
        """On the watcher's thread: which ids differ from the last version seen, sent to every subscriber."""
        with self._mutex:
            now = self._fingerprints()
            before, self._known = self._known, now
        ids = sorted(rid for rid in before.keys() | now.keys() if before.get(rid) != now.get(rid))
        if not ids:
            return
        at = datetime.now(UTC).isoformat(timespec="milliseconds")
        message = b"event: store-changed\ndata: " + orjson.dumps({"ids": ids, "at": at}) + b"\n\n"
        if self.loop is not None and not self.loop.is_closed():
            self.loop.call_soon_threadsafe(self._publish, message)

    def _publish(self, message: bytes) -> None:
        for queue in list(self.queues):
            try:
                queue.put_nowait(message)
            except asyncio.QueueFull:  # too slow a reader: end its stream rather than hold memory for it
                self.queues.discard(queue)
                queue.get_nowait()
                queue.put_nowait(None)

    async def stream(self) -> AsyncIterator[bytes]:
        queue: asyncio.Queue[bytes | None] = asyncio.Queue(QUEUE_MAX)
        self.queues.add(queue)
        try:
            yield b": subscribed\n\n"
            while True:
                try:
                    message = await asyncio.wait_for(queue.get(), PING_S)
                except TimeoutError:
                    yield b": ping\n\n"
                    continue
                if message is None:
                    return
                yield message
        finally:
            self.queues.discard(queue)

    def describe(self) -> dict[str, Any]:
        return {"subscribers": len(self.queues), "polling": bool(self._watcher and self._watcher.polling)}
