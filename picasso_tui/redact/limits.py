"""The redactor's limits and its one error: what it refuses to scan, and the time one text may take.

Every limit fails closed: past it the text is refused (``RedactionFailed``) and the caller writes nothing.
"""

from __future__ import annotations

import time

from picasso_tui.errors import PicassoError

MAX_PASSES = 4
"""A second pass only runs when the first changed something; the loop proves the result is a fixed point."""
MAX_TEXT_CHARS = 16 * 1024 * 1024
"""Beyond this a string is refused rather than scanned: nothing the store keeps is that large."""
MAX_FINDINGS = 5000
"""A text with more secrets than this is not a note but a dump (or an attack on the redactor): refused."""
BUDGET_SECONDS = 2.0
BUDGET_SECONDS_PER_MB = 2.0
"""The time one text may take. Every pattern is linear, but a text built to hit thousands of candidates
per kilobyte could still be slow in the Python checks; past this budget it is refused (fail closed)
instead. A real 1 MB transcript takes a tenth of it (docs/benchmarks.md)."""


class RedactionFailed(PicassoError):
    """The redactor could not vouch for a text, so nothing was written (fail closed)."""

    def __init__(self, reason: str) -> None:
        self.reason = reason  # never contains the scanned text: it goes into the event log
        super().__init__(f"Secret redaction failed ({reason}), so nothing was written to memory.")


class Budget:
    """A deadline checked in the scanning loops (every few thousand steps: the clock is not free)."""

    def __init__(self, chars: int) -> None:
        self.deadline = time.perf_counter() + BUDGET_SECONDS + BUDGET_SECONDS_PER_MB * chars / 1_000_000

    def check(self) -> None:
        if time.perf_counter() > self.deadline:
            raise RedactionFailed("the text took longer than its time budget to scan")
