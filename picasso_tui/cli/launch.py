"""The ``picasso`` command's entry point: the CLI is imported with the garbage collector paused.

Importing it builds a few hundred thousand objects (click, pydantic's models and their validators)
that live as long as the process; the collector scanned them again and again while they were being
built, ~50 ms of CPU in a 0.4 s ``picasso memory recall`` here. After the import they are frozen
(``gc.freeze``: left out of every later collection) and collection resumes before any command runs.
"""

from __future__ import annotations

import gc


def main() -> None:
    gc.disable()
    try:
        from picasso_tui.cli.main import main as run
    finally:
        gc.freeze()
        gc.enable()
    run()
