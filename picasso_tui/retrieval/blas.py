"""One BLAS thread for query-sized work.

OpenBLAS splits even a 14x384 by 384x1152 product over every core. On an idle machine that is a
wash for one query; with anything else running (a test suite, a build, another agent) its spinning
threads fight for the cores and one query's embedding went from 12 ms to 40-330 ms here (measured
in docs/benchmarks.md). Index builds (thousands of rows) keep all threads, and so does a query on
an idle machine.

A one-shot command goes further (``start_single_threaded``): OpenBLAS sets up its threads when numpy
is imported, ~30 ms of a cold recall here, so such a process starts with one and asks for every core
only for bulk work (``all_threads``).
"""

from __future__ import annotations

import contextlib
import os
import sys
import threading
from typing import Any

_lock = threading.Lock()
_controller: Any = None
_CORES = os.cpu_count() or 1  # read once: os.cpu_count() costs ~30 µs here, too much for every query
_started_single = False


def one_thread() -> contextlib.AbstractContextManager[Any]:
    """A context in which numpy's BLAS uses one thread when the machine is busy: with a core to spare
    (the last minute's load average under cores - 1) the threads do help, ~7 against ~12 ms a query
    here. A no-op where threadpoolctl is missing."""
    global _controller
    if _started_single:
        return contextlib.nullcontext()  # one thread already, and no threadpoolctl to import (~6 ms)
    with contextlib.suppress(OSError, AttributeError):  # getloadavg: POSIX only
        if _CORES > 1 and os.getloadavg()[0] < _CORES - 1:
            return contextlib.nullcontext()
    try:
        from threadpoolctl import ThreadpoolController
    except ImportError:
        return contextlib.nullcontext()
    with _lock:
        if _controller is None:  # inspects the loaded libraries once (a few ms)
            _controller = ThreadpoolController()
    return _controller.limit(limits=1, user_api="blas")


_THREAD_VARIABLES = ("OPENBLAS_NUM_THREADS", "OMP_NUM_THREADS", "MKL_NUM_THREADS")


def start_single_threaded() -> None:
    """Before numpy is imported, in a process that answers one query: start BLAS with one thread,
    unless the user chose a thread count."""
    global _started_single
    if "numpy" not in sys.modules and not any(name in os.environ for name in _THREAD_VARIABLES):
        os.environ["OPENBLAS_NUM_THREADS"] = "1"
        _started_single = True


def all_threads() -> contextlib.AbstractContextManager[Any]:
    """A context in which BLAS uses every core (bulk embedding) in a process ``start_single_threaded``
    limited; elsewhere (and where threadpoolctl is missing) a no-op, so a user's own limit holds."""
    global _controller
    if not _started_single:
        return contextlib.nullcontext()
    try:
        from threadpoolctl import ThreadpoolController
    except ImportError:
        return contextlib.nullcontext()
    with _lock:
        if _controller is None:
            _controller = ThreadpoolController()
    return _controller.limit(limits=_CORES, user_api="blas")
