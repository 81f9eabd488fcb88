"""One helper thread for a query's independent work (BM25 while the model runs).

numpy releases the GIL in its matmuls, so the lexical search can run on the other core while the
query is embedded. The caller never waits for a helper that has not started: ``Task.result`` runs
the work itself if the helper thread has not claimed it yet (a busy machine, a forked child without
the thread), so the worst case is the serial time plus a queue put.
"""

from __future__ import annotations

import os
import queue
import threading
from collections.abc import Callable
from typing import Generic, TypeVar

T = TypeVar("T")

_lock = threading.Lock()
_tasks: queue.SimpleQueue[Task[object]] | None = None


def _forget_after_fork() -> None:
    """A forked child has no helper thread (and maybe a lock some other thread held): start afresh."""
    global _lock, _tasks
    _lock, _tasks = threading.Lock(), None


os.register_at_fork(after_in_child=_forget_after_fork)


class Task(Generic[T]):
    __slots__ = ("_claim", "_done", "_error", "_fn", "_value")

    def __init__(self, fn: Callable[[], T]) -> None:
        self._fn = fn
        self._claim = threading.Lock()
        self._done = threading.Event()
        self._value: T | None = None
        self._error: BaseException | None = None

    def run(self) -> None:
        """Run it unless the other thread already has (or is running it)."""
        if not self._claim.acquire(blocking=False):
            return
        try:
            self._value = self._fn()
        except BaseException as exc:  # handed to the caller in result()
            self._error = exc
        finally:
            self._done.set()

    def result(self) -> T:
        self.run()
        self._done.wait()
        if self._error is not None:
            raise self._error
        return self._value  # type: ignore[return-value]  # set by run() when no error


def _serve(tasks: queue.SimpleQueue[Task[object]]) -> None:
    while True:
        tasks.get().run()


def submit(fn: Callable[[], T]) -> Task[T]:
    """Start ``fn`` on the helper thread (started on first use, again in a forked child)."""
    global _tasks
    task = Task(fn)
    with _lock:
        if _tasks is None:
            _tasks = queue.SimpleQueue()
            threading.Thread(target=_serve, args=(_tasks,), name="picasso-retrieval-helper", daemon=True).start()
        _tasks.put(task)  # type: ignore[arg-type]
    return task
