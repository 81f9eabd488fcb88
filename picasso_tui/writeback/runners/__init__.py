"""Readers of test runners' printed output: which tests failed (with a one-line error), which passed, and whether
a run's summary was red or green; and the commands an agent echoes with their exit codes. ``test_output.py``
turns what they find into failure observations."""

from __future__ import annotations

from collections.abc import Callable

from picasso_tui.writeback.runners.base import Finding
from picasso_tui.writeback.runners.commands import CommandRun, scan_commands
from picasso_tui.writeback.runners.compiled import scan_cargo, scan_go
from picasso_tui.writeback.runners.js import scan_jest_vitest, scan_mocha
from picasso_tui.writeback.runners.jvm import scan_gradle, scan_maven
from picasso_tui.writeback.runners.python import scan_pytest, scan_unittest
from picasso_tui.writeback.runners.ruby import scan_rspec

__all__ = ["CommandRun", "Finding", "scan_commands", "scan_runners"]

_READERS: list[tuple[tuple[str, ...], Callable[[list[str]], list[Finding]]]] = [
    # Words a runner's output cannot lack: most output is no runner's, and skipping a reader is cheaper than running it.
    ((" passed", " failed", "FAILED ", "PASSED", "ERROR "), scan_pytest),
    (("Ran ",), scan_unittest),
    (("Tests", "FAIL "), scan_jest_vitest),
    ((" passing", " failing"), scan_mocha),
    (("--- FAIL", "--- PASS", "FAIL\t", "ok  "), scan_go),
    (("test result:", " ... "), scan_cargo),
    (("examples, ", "example, "), scan_rspec),
    (("Tests run:", "<<< ", "BUILD "), scan_maven),
    ((" FAILED", "PASSED", "tests completed", "BUILD "), scan_gradle),
]


def scan_runners(lines: list[str]) -> list[Finding]:
    """Every runner's findings in ``lines``, in the order of the lines."""
    text = "\n".join(lines)
    out: list[Finding] = []
    for words, read in _READERS:
        if any(w in text for w in words):
            out += read(lines)
    return sorted(out, key=lambda f: f.pos)
