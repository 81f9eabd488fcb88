"""The ``picasso`` command's entry point: what a fresh process does before the CLI is imported.

- The CLI is imported with the garbage collector paused. Importing it builds a few hundred thousand
  objects (click, pydantic's models and their validators) that live as long as the process; the
  collector scanned them again and again while they were being built, ~50 ms of CPU in a 0.4 s
  ``picasso memory recall`` here. After the import they are frozen (``gc.freeze``: left out of every
  later collection) and collection resumes before any command runs.
- The store's models are built with pydantic's plugins off (``PYDANTIC_DISABLE_PLUGINS``, pydantic's
  own switch): looking them up scans every installed package's entry points (~13 ms), and no
  third-party validation hook (a telemetry plugin, say) should see memory text. The setting is
  restored after the import, so processes that ``picasso run`` starts see the user's own.
- ``picasso hook <agent> <event>`` goes to the hooks' own entry point (``hooks/main.py``) without importing
  click or the CLI: an agent runs it at every prompt, and its budget counts from the process's start.
"""

from __future__ import annotations

import gc
import os
import sys
import time
from collections.abc import Callable
from typing import Any


def main() -> None:
    started = time.perf_counter()
    if sys.argv[1:2] == ["hook"]:
        _import_lean(_hook)(sys.argv[2:], started)
        return
    _import_lean(_cli)()


def _cli() -> Callable[[], None]:
    from picasso_tui.cli.main import main as run

    return run


def _hook() -> Callable[[list[str], float], None]:
    from picasso_tui.hooks.main import main as run

    return run


def _import_lean(load: Callable[[], Any]) -> Any:
    """``load()``, with the collector paused and pydantic's plugins off while it imports."""
    plugins = os.environ.get("PYDANTIC_DISABLE_PLUGINS")
    os.environ["PYDANTIC_DISABLE_PLUGINS"] = "__all__"
    gc.disable()
    try:
        return load()
    finally:
        gc.freeze()
        gc.enable()
        if plugins is None:
            del os.environ["PYDANTIC_DISABLE_PLUGINS"]
        else:
            os.environ["PYDANTIC_DISABLE_PLUGINS"] = plugins
