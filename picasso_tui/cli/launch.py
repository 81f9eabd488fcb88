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
- When the local helper runs, ``picasso hook``, ``picasso memory recall`` and ``picasso memory list --json`` ask it
  first (``cli/fast.py``) and import neither the CLI nor the hooks; without it they go on as above.
"""

from __future__ import annotations

import gc
import os
import sys
import time

TYPE_CHECKING = False
if TYPE_CHECKING:  # not at run time: typing costs a hook through the helper ~5 ms of its 50
    from collections.abc import Callable
    from typing import Any


def main() -> None:
    started = time.perf_counter()
    args = sys.argv[1:]
    if args[:1] == ["hook"]:
        from picasso_tui.cli import fast

        payload = fast.hook(args[1:], started)  # ends the process when the helper answered
        _import_lean(_hook)(args[1:], started, payload)
        return
    if args[:2] in (["memory", "recall"], ["memory", "list"]):
        from picasso_tui.cli import fast

        if fast.memory(args[1:]):
            return
    _import_lean(_cli)()


def _cli() -> Callable[[], None]:
    from picasso_tui.cli.main import main as run

    return run


def _hook() -> Callable[[list[str], float, str | None], None]:
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
