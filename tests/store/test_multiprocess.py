"""Several processes sharing one memory.json (security-anchors §4.2 rows L1, L2, L3, L6, L7).

Every child is a real process (``os.fork``: the modules are already imported, so a child
starts in milliseconds) that builds its own store from ``PICASSO_HOME`` and reports what
the store acknowledged through a pipe. The parent then checks the file against those
acknowledgements: nothing acknowledged may be missing, nothing may appear twice.
"""

from __future__ import annotations

import contextlib
import os
import select
import signal
import time
from collections.abc import Callable
from datetime import timedelta
from pathlib import Path
from typing import Any

import orjson
import pytest

from picasso_tui.paths import PicassoPaths
from picasso_tui.store.api import MemoryStore
from picasso_tui.store.errors import StoreBusy
from picasso_tui.store.filestore import Change, FileStore, Upsert
from picasso_tui.store.schema import MemoryRecord, utc_now
from tests.forking import fork

pytestmark = pytest.mark.skipif(not hasattr(os, "fork"), reason="needs os.fork and POSIX signals")

PROCESSES = 8


# -- child processes ------------------------------------------------------------------------


class Child:
    """A forked process running ``target(report_fd, *args)``; it reports lines through a pipe."""

    def __init__(self, target: Callable[..., None], *args: Any) -> None:
        pid, read_fd = fork(target, *args)
        self.pid = pid
        self.fd = read_fd
        self._buffer = b""
        self._eof = False
        self.code: int | None = None

    def _fill(self, timeout: float | None) -> bool:
        ready, _, _ = select.select([self.fd], [], [], timeout)
        if not ready:
            return False
        chunk = os.read(self.fd, 65536)
        if not chunk:
            self._eof = True
        self._buffer += chunk
        return True

    def readline(self, timeout: float = 10.0) -> str:
        deadline = time.monotonic() + timeout
        while b"\n" not in self._buffer:
            if self._eof or not self._fill(max(0.0, deadline - time.monotonic())):
                raise AssertionError(f"child {self.pid} sent no line within {timeout} s (got {self._buffer!r})")
        line, self._buffer = self._buffer.split(b"\n", 1)
        return line.decode()

    def finish(self, timeout: float = 60.0) -> list[str]:
        """Every remaining line, once the child has exited; sets ``code`` (negative: killed by that signal)."""
        deadline = time.monotonic() + timeout
        while not self._eof:
            if not self._fill(max(0.0, deadline - time.monotonic())):
                self.kill()
                raise AssertionError(f"child {self.pid} did not finish within {timeout} s")
        os.close(self.fd)
        _, status = os.waitpid(self.pid, 0)
        self.code = os.waitstatus_to_exitcode(status)
        return [line.decode() for line in self._buffer.splitlines()]

    def kill(self) -> None:
        with contextlib.suppress(ProcessLookupError):
            os.kill(self.pid, signal.SIGKILL)


def report(fd: int, text: str) -> None:
    """One line per os.write: well under PIPE_BUF, so it arrives whole or not at all."""
    os.write(fd, (text + "\n").encode())


def finish_all(children: list[Child]) -> list[list[str]]:
    out = [child.finish() for child in children]
    failed = [(c.pid, c.code) for c in children if c.code != 0]
    assert not failed, f"children exited abnormally (see captured stderr): {failed}"
    return out


def probe(body: str, rid: str = "mem_01J00000000000000000PROBE") -> MemoryRecord:
    now = utc_now()
    return MemoryRecord.model_validate(
        {
            "id": rid,
            "body": body,
            "metadata": {"class": "fact", "namespace": "account:local/global/facts", "lastObservedAt": now},
        }
    )


# -- L1: no lost or duplicated records ------------------------------------------------------


def _add_many(fd: int, count: int, tag: int) -> None:
    store = MemoryStore(projections=False)
    for i in range(count):
        record = store.add(f"writer {tag} note {i}")
        report(fd, record.id)  # only after add() returned: this id is acknowledged


@pytest.mark.slow
def test_concurrent_adds_keep_every_acknowledged_record(paths: PicassoPaths) -> None:
    per_process = 200
    MemoryStore(paths).add("seed so that the lock file exists before the writers start")
    lock_inode = paths.lock_file.stat().st_ino
    seed_ids = set(FileStore(paths).load().live_ids())

    children = [Child(_add_many, per_process, tag) for tag in range(PROCESSES)]
    reported = [rid for lines in finish_all(children) for rid in lines]

    assert len(reported) == PROCESSES * per_process
    assert len(set(reported)) == len(reported), "the store handed out the same id twice"
    top = orjson.loads(paths.memory_file.read_bytes())
    on_disk = [r["id"] for r in top["records"]]
    assert len(on_disk) == len(set(on_disk)), "memory.json holds an id twice"
    live = set(FileStore(paths).load().live_ids())
    missing = set(reported) - live
    assert not missing, f"{len(missing)} acknowledged records were lost, e.g. {sorted(missing)[:3]}"
    assert live == set(reported) | seed_ids
    assert len(live) == PROCESSES * per_process + 1
    bodies = {r.body for r in FileStore(paths).load().records()}
    assert {f"writer {t} note {i}" for t in range(PROCESSES) for i in range(per_process)} <= bodies
    assert paths.lock_file.stat().st_ino == lock_inode, "the lock file was replaced while writers used it"


# -- L2: read-modify-write of one record ----------------------------------------------------


def _counter_value(record: MemoryRecord) -> int:
    word, value = record.body.split()
    assert word == "counter", record.body
    return int(value)


def _increment(record: MemoryRecord) -> MemoryRecord:
    value = _counter_value(record)
    time.sleep(0.0005)  # widen the window in which another writer could slip in
    return record.with_body(f"counter {value + 1}")


def _count_under_lock(fd: int, rid: str, times: int) -> None:
    files = FileStore(projections=False)
    for _ in range(times):
        result = files.apply([Change(rid, _increment)], event="count")
        assert result.outcomes == [(rid, "updated")], result.outcomes
    report(fd, "done")


def _count_without_lock(fd: int, rid: str, times: int) -> None:
    """The stale-snapshot mistake: read, think, then write the whole record back."""
    files = FileStore(projections=False)
    for _ in range(times):
        current = files.load().get(rid)
        assert current is not None
        time.sleep(0.002)
        changed = current.with_body(f"counter {_counter_value(current) + 1}")
        stamp = max(utc_now(), current.metadata.last_observed_at + timedelta(milliseconds=1))
        files.apply([Upsert(changed.with_metadata(last_observed_at=stamp))], event="count")
    report(fd, "done")


def _start_counter(paths: PicassoPaths) -> str:
    files = FileStore(paths, projections=False)
    record = probe("counter 0", rid="mem_01J0000000000000000COUNTER")
    files.apply([Upsert(record)])
    return record.id


def _final_count(paths: PicassoPaths, rid: str) -> int:
    record = FileStore(paths).load().get(rid)
    assert record is not None
    return _counter_value(record)


@pytest.mark.slow
def test_counter_under_the_lock_loses_no_update(paths: PicassoPaths) -> None:
    times = 50
    rid = _start_counter(paths)
    finish_all([Child(_count_under_lock, rid, times) for _ in range(PROCESSES)])
    assert _final_count(paths, rid) == PROCESSES * times


@pytest.mark.slow
def test_counter_control_without_the_lock_loses_updates(paths: PicassoPaths) -> None:
    """Proves the counter test can see lost updates: the same increments, read outside the lock."""
    times = 20
    rid = _start_counter(paths)
    finish_all([Child(_count_without_lock, rid, times) for _ in range(PROCESSES)])
    final = _final_count(paths, rid)
    assert 0 < final < PROCESSES * times


# -- L3: readers never see a partial file ---------------------------------------------------


def _read_loop(fd: int, stop: str) -> None:
    files = FileStore(projections=False)
    stop_file = Path(stop)
    loads = errors = went_back = 0
    last = 0
    while not stop_file.exists():
        try:
            orjson.loads(files.file.read_bytes())
            count = len(files.load().live_ids())
        except Exception as exc:  # any failure to read is what this test counts
            errors += 1
            if errors <= 3:
                report(fd, f"error {type(exc).__name__}: {exc}")
            continue
        went_back += count < last
        last = count
        loads += 1
    report(fd, f"loads={loads} errors={errors} went_back={went_back}")


@pytest.mark.slow
def test_readers_never_see_a_partial_file(paths: PicassoPaths, tmp_path: Path) -> None:
    writes = 300
    store = MemoryStore(paths, projections=False)
    store.add("the file exists before the readers start")
    stop = tmp_path / "stop-readers"
    readers = [Child(_read_loop, str(stop)) for _ in range(4)]
    try:
        for i in range(writes):
            store.add(f"note {i} " + "x" * 200)
    finally:
        stop.touch()
    results = finish_all(readers)
    for lines in results:
        assert len(lines) == 1, f"a reader hit errors: {lines}"
        stats = dict(part.split("=") for part in lines[0].split())
        assert stats["errors"] == "0", lines
        assert stats["went_back"] == "0", f"a reader saw an older file after a newer one: {lines}"
        assert int(stats["loads"]) >= 20, f"a reader barely ran, so the test proved little: {lines}"
    assert len(FileStore(paths).load().live_ids()) == writes + 1


# -- L6, L7: the lock -----------------------------------------------------------------------


def _hold_lock(fd: int, seconds: float) -> None:
    files = FileStore()
    with files.locked():
        report(fd, "locked")
        time.sleep(seconds)


@pytest.mark.slow
def test_busy_store_fails_after_the_timeout_and_writes_nothing(paths: PicassoPaths) -> None:
    MemoryStore(paths).add("already here")
    before = paths.memory_file.read_bytes()
    holder = Child(_hold_lock, 30.0)
    try:
        assert holder.readline() == "locked"
        impatient = MemoryStore(paths, lock_timeout=0.5)
        assert impatient.workspace is None  # resolved up front so that only the write is timed
        started = time.monotonic()
        with pytest.raises(StoreBusy) as caught:
            impatient.add("must not be written")
        waited = time.monotonic() - started
    finally:
        holder.kill()
        holder.finish()
    assert 0.45 <= waited <= 1.0, f"gave up after {waited:.3f} s with a 0.5 s timeout"
    assert "busy" in str(caught.value)
    assert str(paths.lock_file) in str(caught.value)
    assert paths.memory_file.read_bytes() == before
    assert "must not be written" not in {r.body for r in FileStore(paths).load().records()}


@pytest.mark.slow
def test_killed_lock_holder_does_not_block_the_next_writer(paths: PicassoPaths) -> None:
    rounds = 20
    store = MemoryStore(paths, lock_timeout=5.0)
    store.add("first")
    lock = paths.lock_file.stat()
    slowest = 0.0
    for i in range(rounds):
        holder = Child(_hold_lock, 30.0)
        assert holder.readline() == "locked"
        holder.kill()
        holder.finish()
        assert holder.code == -signal.SIGKILL
        started = time.monotonic()
        record = store.add(f"after kill {i}")
        slowest = max(slowest, time.monotonic() - started)
        assert FileStore(paths).load().get(record.id) is not None
    # A dead holder's flock is gone at once; 2 s leaves room for a loaded CI machine, the 5 s timeout does not.
    assert slowest < 2.0, f"a writer waited {slowest:.3f} s for a lock whose holder was dead"
    after = paths.lock_file.stat()
    assert (after.st_dev, after.st_ino) == (lock.st_dev, lock.st_ino), "the lock file was deleted or replaced"
    assert len(FileStore(paths).load().live_ids()) == rounds + 1


def test_lock_file_is_never_replaced(paths: PicassoPaths) -> None:
    store = MemoryStore(paths)
    first = store.add("one")
    lock = paths.lock_file.stat()
    for i in range(5):
        store.add(f"more {i}")
    store.pin(first.id)
    store.delete(first.id)
    store.gc()
    after = paths.lock_file.stat()
    assert (after.st_dev, after.st_ino) == (lock.st_dev, lock.st_ino)
