"""Jest, Vitest and Mocha, as their default reporters print.

Jest (``@jest/reporters``, ``jest-message-util``): `` FAIL  src/x.test.ts`` then ``● Suite › test`` with the error
below it, ``✕ test (5 ms)`` and ``✓ test`` in the file's list, ``Tests:       1 failed, 3 passed, 4 total``. Vitest
(``packages/vitest/src/node/reporters``): ``× suite > test``, `` FAIL  src/x.test.ts > suite > test`` above its error,
``Tests  1 failed | 3 passed (4)``. Mocha's spec reporter (``lib/reporters/spec.js``, ``base.js``): ``✔ test``,
``N passing``, ``N failing``, then ``1) suite`` / ``test:`` and the error.
"""

from __future__ import annotations

import re

from picasso_tui.writeback.runners.base import Finding, count, fail, next_text, passed, summary

_EXT = r"\.[cm]?[jt]sx?"
_JEST_FILE = re.compile(rf"^\s*(?P<st>FAIL|PASS)\s+(?P<file>\S+{_EXT})(?:\s+\([^)]*\))?\s*$")
_VITEST_FAIL = re.compile(rf"^\s*FAIL\s+(?P<file>\S+{_EXT}) > (?P<title>.+?)\s*$")
_BULLET = re.compile(r"^\s*● (?P<title>.+?)\s*$")
_DURATION = r"(?:\s+\(?\d+(?:\.\d+)?\s*m?s\)?)?"
_CROSS = re.compile(rf"^\s*[✕×✗]\s+(?P<title>.+?){_DURATION}\s*$")
_CHECK = re.compile(rf"^\s*[✓✔√]\s+(?P<title>.+?){_DURATION}\s*$")
_JS_COUNTS = re.compile(r"^\s*Tests(?P<colon>:)?\s+(?P<body>(?:\d+ (?:failed|passed|skipped|todo|total)[,| ]*)+.*)$")
_MOCHA_PASSING = re.compile(r"^\s*(?P<n>\d+) passing\b")
_MOCHA_FAILING = re.compile(r"^\s*(?P<n>\d+) failing\s*$")
_MOCHA_ENTRY = re.compile(r"^\s{1,6}(?P<n>\d+)\) (?P<title>.+?)\s*$")
_STACK_FILE = re.compile(rf"\(?(?P<file>[^\s()]+{_EXT}):\d+:\d+\)?")
_NOT_TITLES = ("Console", "Test suite failed to run")


def scan_jest_vitest(lines: list[str]) -> list[Finding]:
    out: list[Finding] = []
    crosses: list[Finding] = []
    file = ""
    for i, line in enumerate(lines):
        if m := _VITEST_FAIL.match(line):
            test = f"{m.group('file')} > {m.group('title')}"
            out.append(fail("vitest", i, test, _js_error(lines, i + 1), m.group("file")))
        elif m := _JEST_FILE.match(line):
            file = m.group("file") if m.group("st") == "FAIL" else ""
        elif file and (m := _BULLET.match(line)) and not m.group("title").startswith("Console"):
            title = m.group("title")
            test = file if title == "Test suite failed to run" else f"{file} › {title}"
            out.append(fail("jest", i, test, _js_error(lines, i + 1), file))
        elif m := _CROSS.match(line):
            crosses.append(fail("vitest" if "×" in line[:8] else "jest", i, m.group("title"), file=file))
        elif m := _CHECK.match(line):
            out.append(passed("jest", i, m.group("title")))
        elif m := _JS_COUNTS.match(line):
            body = m.group("body")
            found = summary("jest" if m.group("colon") else "vitest", i, count(body, "passed"), count(body, "failed"))
            if found:
                out.append(found)
    # The list's ✕ lines name a test the detailed ● / FAIL block names again: only those without one count.
    named = {tail for f in out if f.kind == "fail" for tail in _tails(f.test)}
    return out + [c for c in crosses if c.test not in named]


def _tails(test: str) -> list[str]:
    """``file › suite › test`` -> itself, ``suite › test``, ``test`` (a list line names a test without its file)."""
    parts = re.split(r"( › | > )", test)
    return ["".join(parts[i:]) for i in range(0, len(parts), 2)]


def _js_error(lines: list[str], start: int) -> str:
    """The error under a failing test's heading; a matcher line gets its ``Expected:`` / ``Received:`` values."""
    found = next_text(lines, start, 6)
    if not found:
        return ""
    i, text = found
    text = re.sub(r"\s+// [\w. ]+$", "", text)  # the matcher's comment ("// Object.is equality") says nothing
    if not text.startswith("expect("):
        return text
    values = []
    for j in range(i + 1, min(len(lines), i + 10)):
        label, _, value = lines[j].strip().partition(": ")
        if label in ("Expected", "Received") and value:
            values.append(f"{label.lower()} {value.strip()}")
    return ", ".join([text, *values])


def scan_mocha(lines: list[str]) -> list[Finding]:
    out: list[Finding] = []
    last_passing: int | None = None
    for i, line in enumerate(lines):
        if m := _MOCHA_PASSING.match(line):
            last_passing = int(m.group("n"))
            if not any(_MOCHA_FAILING.match(x) for x in lines[i + 1 : i + 4]):
                found = summary("mocha", i, last_passing, 0)
                if found:
                    out.append(found)
        elif m := _MOCHA_FAILING.match(line):
            found = summary("mocha", i, last_passing, int(m.group("n")))
            if found:
                out.append(found)
            out += _mocha_failures(lines, i + 1, int(m.group("n")))
    return out


def _mocha_failures(lines: list[str], start: int, n: int) -> list[Finding]:
    """The numbered failures after ``N failing``: ``1) suite`` / ``   test:`` (the title ends with a colon)."""
    out: list[Finding] = []
    want, i = 1, start
    while want <= n and i < min(len(lines), start + 200 * n):
        m = _MOCHA_ENTRY.match(lines[i])
        if not m or int(m.group("n")) != want:
            i += 1
            continue
        parts, j = [m.group("title")], i + 1
        while not parts[-1].endswith(":") and j < min(len(lines), i + 6) and lines[j].strip():
            parts.append(lines[j].strip())
            j += 1
        title = " ".join(parts).rstrip(":").strip().strip('"')
        error = next_text(lines, j, 6)
        sig = error[1] if error else ""
        if error and sig.endswith(":") and (more := next_text(lines, error[0] + 1, 4)):
            sig = f"{sig} {more[1]}"
        out.append(fail("mocha", i, title, sig, _stack_file(lines, j)))
        want, i = want + 1, j
    return out


def _stack_file(lines: list[str], start: int) -> str:
    """The first stack frame in the project's own files (not node_modules, not node's internals)."""
    for line in lines[start : start + 30]:
        if not line.strip().startswith("at "):
            continue
        m = _STACK_FILE.search(line)
        if m and "node_modules" not in m.group("file") and not m.group("file").startswith("node:"):
            return m.group("file")
    return ""
