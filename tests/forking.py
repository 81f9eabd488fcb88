"""Forked children for the multi-process and crash tests (fork: the store is already imported)."""

from __future__ import annotations

import os
import traceback
from collections.abc import Callable
from typing import Any


def fork(target: Callable[..., None], *args: Any) -> tuple[int, int]:
    """Run ``target(write_fd, *args)`` in a forked child; returns (pid, read_fd)."""
    read_fd, write_fd = os.pipe()
    pid = os.fork()
    if pid == 0:  # pragma: no cover - runs in the child
        code = 0
        try:
            os.close(read_fd)
            target(write_fd, *args)
        except BaseException:
            traceback.print_exc()
            code = 1
        finally:
            os._exit(code)
    os.close(write_fd)
    return pid, read_fd
