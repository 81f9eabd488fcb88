"""Tell a front end when memory.json changed on disk (another process wrote it).

watchdog's observer runs in its own thread; bursts of events (a temp file, its rename,
the folder fsync) are debounced into one callback. The callback runs on a timer thread:
a Textual app must hand it to the UI thread (``post_message`` / ``call_from_thread``).
"""

from __future__ import annotations

import os
import threading
from collections.abc import Callable
from pathlib import Path

from watchdog.events import FileSystemEvent, FileSystemEventHandler
from watchdog.observers import Observer
from watchdog.observers.polling import PollingObserver

DEFAULT_DEBOUNCE_S = 0.02
CHANGE_EVENTS = frozenset({"created", "modified", "moved", "deleted", "closed"})


class _Handler(FileSystemEventHandler):
    def __init__(self, target: Path, fire: Callable[[], None]) -> None:
        self.name = target.name
        self.fire = fire

    def on_any_event(self, event: FileSystemEvent) -> None:
        # Opening and reading memory.json are events too (inotify reports them); reacting to
        # those would make every reload trigger the next one.
        if event.event_type not in CHANGE_EVENTS:
            return
        paths = [event.src_path, getattr(event, "dest_path", "")]
        if any(os.path.basename(os.fsdecode(p)) == self.name for p in paths if p):
            self.fire()


class StoreWatcher:
    """Calls ``on_change`` (debounced) whenever ``memory_file`` is replaced or modified."""

    def __init__(self, memory_file: Path, on_change: Callable[[], None], debounce: float = DEFAULT_DEBOUNCE_S) -> None:
        self.memory_file = memory_file
        self.on_change = on_change
        self.debounce = debounce
        self._timer: threading.Timer | None = None
        self._lock = threading.Lock()
        self._observer = Observer()
        self.polling = False

    def _fire(self) -> None:
        with self._lock:
            if self._timer is not None:
                self._timer.cancel()
            self._timer = threading.Timer(self.debounce, self.on_change)
            self._timer.daemon = True
            self._timer.start()

    def start(self) -> StoreWatcher:
        folder = self.memory_file.parent
        folder.mkdir(parents=True, exist_ok=True, mode=0o700)
        handler = _Handler(self.memory_file, self._fire)
        try:
            self._observer.schedule(handler, str(folder), recursive=False)
            self._observer.daemon = True
            self._observer.start()
        except OSError:
            # No native watcher (inotify limits, an exotic file system): poll instead.
            self._observer = PollingObserver(timeout=0.25)
            self._observer.schedule(handler, str(folder), recursive=False)
            self._observer.daemon = True
            self._observer.start()
            self.polling = True
        return self

    def stop(self) -> None:
        with self._lock:
            if self._timer is not None:
                self._timer.cancel()
        self._observer.stop()
        self._observer.join(timeout=2)

    def __enter__(self) -> StoreWatcher:
        return self.start()

    def __exit__(self, *exc: object) -> None:
        self.stop()
