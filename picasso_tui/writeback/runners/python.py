"""pytest and unittest, as they print to a terminal.

pytest (``_pytest/terminal.py``): ``FAILED tests/test_x.py::test_y - AssertionError: msg`` in the short test summary,
``tests/test_x.py::test_y FAILED`` / ``PASSED`` with ``-v``, the failure's section ``____ test_y ____`` with its
``E   `` lines, and the count line ``1 failed, 3 passed in 0.12s`` (xfail counts as ``xfailed``, never ``failed``).
unittest (``unittest/runner.py``): ``FAIL: test_y (pkg.mod.Class.test_y)`` above a traceback whose last line is the
error, ``Ran 4 tests in 0.003s`` then ``FAILED (failures=1)`` or ``OK``.
"""

from __future__ import annotations

import re

from picasso_tui.writeback.runners.base import LOOKAHEAD, Finding, count, fail, passed, summary

_ID = r"(?P<id>[^\s:]+\.py(?:::[^\s\[:]+)*(?:\[[^\]\n]*\])?)"
_PYTEST_SHORT = re.compile(rf"^(?:\[gw\d+\] \[\s*\d+%\] )?(?P<st>FAILED|ERROR|PASSED) {_ID}(?: - (?P<msg>.+))?\s*$")
_PYTEST_VERBOSE = re.compile(rf"^{_ID} (?P<st>PASSED|FAILED|ERROR)\b")
_PYTEST_COUNTS = re.compile(
    r"^=*\s*(?P<body>\d+ (?:failed|passed|errors?|skipped|xfailed|xpassed|deselected|warnings?|rerun)"
    r"(?:, \d+ (?:failed|passed|errors?|skipped|xfailed|xpassed|deselected|warnings?|rerun))*)"
    r"(?: in [\d.]+s\b[^=]*)?\s*=*\s*$"
)
_PYTEST_SECTION = re.compile(r"^_{3,} (?P<name>\S.*?) _{3,}$")
_PYTEST_E = re.compile(r"^E\s+(?P<msg>\S.*)$")

_UT_HEADER = re.compile(r"^(?P<st>FAIL|ERROR): (?P<name>\w+) \((?P<where>[\w.]+)\)")
_UT_VERBOSE_OK = re.compile(r"^(?P<name>\w+) \((?P<where>[\w.]+)\)(?: \S.*)? \.\.\. ok$")
_UT_RAN = re.compile(r"^Ran (?P<n>\d+) tests? in [\d.]+s$")
_UT_RED = re.compile(r"^FAILED \((?P<body>(?:failures|errors|skipped|expected failures|unexpected successes)=\d+.*)\)$")
_UT_OK = re.compile(r"^OK(?: \([^)]*\))?$")
_UT_RULE = re.compile(r"^(?:={20,}|-{20,})$")


def scan_pytest(lines: list[str]) -> list[Finding]:
    out: list[Finding] = []
    errors: dict[str, str] | None = None  # the sections' first E lines, read once if a summary line lacks one
    for i, line in enumerate(lines):
        m = _PYTEST_SHORT.match(line) or _PYTEST_VERBOSE.match(line)
        if m and m.group("st") == "PASSED":
            out.append(passed("pytest", i, m.group("id")))
        elif m:
            sig = m.groupdict().get("msg") or ""
            if not sig:
                errors = _pytest_section_errors(lines) if errors is None else errors
                sig = errors.get(m.group("id").split("::")[-1], "")
            out.append(fail("pytest", i, m.group("id"), sig, m.group("id").split("::")[0]))
        elif m := _PYTEST_COUNTS.match(line.strip()):
            body = m.group("body")
            found = summary("pytest", i, count(body, "passed"), count(body, "failed") + count(body, "errors?"))
            if found:
                out.append(found)
    return out


def _pytest_section_errors(lines: list[str]) -> dict[str, str]:
    """Each failure section's (``____ test_y ____``, ``____ Class.test_y ____``) first ``E`` line, by test name."""
    out: dict[str, str] = {}
    name = None
    for line in lines:
        if m := _PYTEST_SECTION.match(line):
            head, bracket, params = m.group("name").split(" ")[-1].partition("[")
            name = head.split(".")[-1] + bracket + params
        elif name and (e := _PYTEST_E.match(line)):
            out.setdefault(name, e.group("msg"))
            name = None
    return out


def scan_unittest(lines: list[str]) -> list[Finding]:
    out: list[Finding] = []
    for i, line in enumerate(lines):
        if m := _UT_HEADER.match(line):
            test = _unittest_id(m.group("name"), m.group("where"))
            out.append(fail("unittest", i, test, _traceback_error(lines, i + 1), _module_file(test)))
        elif m := _UT_VERBOSE_OK.match(line):
            out.append(passed("unittest", i, _unittest_id(m.group("name"), m.group("where"))))
        elif m := _UT_RED.match(line):
            ran = _ran_before(lines, i)
            failed = sum(int(n) for n in re.findall(r"\b(?:failures|errors)=(\d+)", m.group("body")))
            found = summary("unittest", i, None if ran is None else max(ran - failed, 0), failed)
            if found:
                out.append(found)
        elif _UT_OK.match(line) and (ran := _ran_before(lines, i)) is not None:
            found = summary("unittest", i, ran, 0)
            if found:
                out.append(found)
    return out


def _unittest_id(name: str, where: str) -> str:
    """``test_y (pkg.mod.Class.test_y)`` (3.11+) and ``test_y (pkg.mod.Class)`` (before) -> ``pkg.mod.Class.test_y``."""
    return where if where.endswith("." + name) else f"{where}.{name}"


def _module_file(test_id: str) -> str:
    """``tests.test_auth.AuthTest.test_login`` -> ``tests/test_auth.py``: the dotted parts before the class."""
    parts = test_id.split(".")
    module = [p for p in parts[: next((k for k, p in enumerate(parts) if p[:1].isupper()), len(parts) - 1)]]
    return "/".join(module) + ".py" if module else ""


def _ran_before(lines: list[str], i: int) -> int | None:
    for j in range(max(0, i - 3), i):
        if m := _UT_RAN.match(lines[j]):
            return int(m.group("n"))
    return None


def _traceback_error(lines: list[str], start: int) -> str:
    """The error a unittest failure block ends with: the first unindented line after its last ``Traceback``."""
    last_traceback, error = None, ""
    for j in range(start, min(len(lines), start + 4 * LOOKAHEAD)):
        line = lines[j]
        if _UT_RULE.match(line) and j > start + 1:
            break
        if line.startswith("Traceback (most recent call last)"):
            last_traceback, error = j, ""
        elif last_traceback is not None and not error and line.strip() and not line[:1].isspace():
            error = "" if line.startswith(("During handling", "The above exception")) else line.strip()
    return error
