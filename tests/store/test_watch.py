"""A front end hears about writes made by another process, once per burst."""

import subprocess
import sys
import threading
import time

from picasso_tui.store.watch import StoreWatcher


def test_external_write_is_reported(paths, store) -> None:
    store.add("first")
    heard = threading.Event()
    calls: list[float] = []

    def on_change() -> None:
        calls.append(time.monotonic())
        heard.set()

    with StoreWatcher(paths.memory_file, on_change):
        time.sleep(0.1)
        started = time.monotonic()
        subprocess.run([sys.executable, "-m", "picasso_tui.cli.main", "memory", "add", "written elsewhere"], check=True)
        assert heard.wait(5), "no change reported after another process wrote memory.json"
        time.sleep(0.3)
    assert calls[0] - started < 5
    # One add is a temp file, a rename and projection files: the watcher folds it into few calls.
    assert 1 <= len(calls) <= 2
    assert any(r.body == "written elsewhere" for r in store.list())


def test_unrelated_files_are_ignored(paths, store) -> None:
    store.add("first")
    calls: list[int] = []
    with StoreWatcher(paths.memory_file, lambda: calls.append(1)):
        time.sleep(0.1)
        (paths.root / "notes.txt").write_text("not memory")
        time.sleep(0.3)
    assert calls == []


def test_reading_the_store_is_not_a_change(paths, store) -> None:
    """inotify reports opens and reads too; a watcher that reloaded on them would loop forever."""
    store.add("first")
    calls: list[int] = []
    with StoreWatcher(paths.memory_file, lambda: calls.append(1)):
        time.sleep(0.1)
        for _ in range(5):
            store.files._cache = None  # force a real read from disk
            store.list()
        time.sleep(0.3)
    assert calls == []


def test_falls_back_to_polling_without_a_native_watcher(paths, store, monkeypatch) -> None:
    from watchdog.observers import Observer

    def no_inotify(self, *args, **kwargs):
        raise OSError(24, "inotify instance limit reached")

    monkeypatch.setattr(Observer, "schedule", no_inotify)
    store.add("first")
    heard = threading.Event()
    watcher = StoreWatcher(paths.memory_file, heard.set).start()
    try:
        assert watcher.polling
        time.sleep(0.3)
        store.add("second")
        assert heard.wait(5), "the polling observer never reported the write"
    finally:
        watcher.stop()
