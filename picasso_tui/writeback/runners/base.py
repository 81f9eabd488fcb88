"""What a test runner's printed output shows, line by line: a test that failed or passed, a summary that is red
or green. The readers in this package share these shapes and helpers; they only read, and keep one short
signature line of a failure, never the output around it."""

from __future__ import annotations

import re
from dataclasses import dataclass

MAX_SIGNATURE_CHARS = 120
MAX_TEST_CHARS = 160
LOOKAHEAD = 40
"""How many lines below a failing test's header its error line may be."""

FAMILY = {"jest": "js", "vitest": "js", "mocha": "js", "maven": "jvm", "gradle": "jvm"}
"""Runners whose output mixes: a summary of one family corroborates the failures of its siblings."""


@dataclass(frozen=True)
class Finding:
    kind: str
    """``fail`` or ``pass`` (one test), ``red`` or ``green`` (a run's summary)."""
    runner: str
    pos: int
    """The line it was read from."""
    test: str = ""
    signature: str = ""
    file: str = ""
    suite: str = ""
    """Where the test lives when its id does not say (a Go package)."""
    passed: int | None = None
    failed: int | None = None

    @property
    def family(self) -> str:
        return FAMILY.get(self.runner, self.runner)


def fail(runner: str, pos: int, test: str, signature: str = "", file: str = "", suite: str = "") -> Finding:
    return Finding("fail", runner, pos, one_line(test, MAX_TEST_CHARS), one_line(signature), file, suite)


def passed(runner: str, pos: int, test: str, file: str = "") -> Finding:
    return Finding("pass", runner, pos, one_line(test, MAX_TEST_CHARS), file=file)


def summary(runner: str, pos: int, n_passed: int | None, n_failed: int) -> Finding | None:
    """A red summary (something failed), a green one (tests passed, none failed), or None (nothing ran)."""
    if n_failed > 0:
        return Finding("red", runner, pos, passed=n_passed, failed=n_failed)
    if n_passed is None or n_passed > 0:
        return Finding("green", runner, pos, passed=n_passed, failed=0)
    return None


def one_line(text: str, limit: int = MAX_SIGNATURE_CHARS) -> str:
    text = " ".join(text.split())
    return text if len(text) <= limit else text[: limit - 1] + "…"


def count(body: str, word: str) -> int:
    """The number before ``word`` in a summary such as ``1 failed, 3 passed`` (0 when absent)."""
    return sum(int(n) for n in re.findall(rf"(\d+) {word}\b", body))


def next_text(lines: list[str], start: int, limit: int = LOOKAHEAD) -> tuple[int, str] | None:
    """The first non-blank line at or after ``start`` (its index and stripped text), within ``limit`` lines."""
    for i in range(start, min(len(lines), start + limit)):
        if lines[i].strip():
            return i, lines[i].strip()
    return None


_QUALIFIED = re.compile(r"^(?:[a-z_$][\w$]*\.)+(?=[A-Z][\w$]*(?::|$|\s))")


def short_exception(text: str) -> str:
    """``org.opentest4j.AssertionFailedError: x`` -> ``AssertionFailedError: x`` (the package says little)."""
    return _QUALIFIED.sub("", text.strip())
