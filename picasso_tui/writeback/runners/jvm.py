"""JUnit and TestNG tests run by Maven (Surefire / Failsafe) or Gradle.

Surefire (``maven-surefire-common``; the one-line summary is documented in ``newerrorsummary.md``): per test
``[ERROR] com.acme.AuthTest.testLogin -- Time elapsed: 0.01 s <<< FAILURE!`` (before 3.0:
``testLogin(com.acme.AuthTest)  Time elapsed: ... <<< FAILURE!``) with the exception on the next line; then
``[ERROR] Failures:`` / ``[ERROR]   AuthTest.testLogin:42 expected: <200> but was: <500>`` and the totals
``[ERROR] Tests run: 4, Failures: 1, Errors: 0, Skipped: 0``. Gradle (``TestEventLogger``): ``AuthTest > testLogin()
FAILED`` with the exception indented below (``ShortExceptionFormatter``: ``java.lang.AssertionError at
AuthTest.java:42``), ``4 tests completed, 1 failed``, ``BUILD SUCCESSFUL`` once it passes.
"""

from __future__ import annotations

import re

from picasso_tui.writeback.runners.base import Finding, fail, next_text, passed, short_exception, summary

_LEVEL = r"^(?:\[(?:ERROR|INFO|WARNING)\]\s?)?"
_MVN_CASE_OLD = re.compile(_LEVEL + r"(?P<m>[\w$]+)\((?P<cls>[\w$.]+)\)\s+Time elapsed:.*<<< (?:FAILURE|ERROR)!\s*$")
_MVN_CASE = re.compile(
    _LEVEL + r"(?P<cls>[\w$.]+)\.(?P<m>[\w$]+)(?:\([^)]*\))?(?:\[[^\]]*\])?\s+(?:--\s+)?Time elapsed:.*"
    r"<<< (?:FAILURE|ERROR)!\s*$"
)
_MVN_SECTION = re.compile(_LEVEL + r"(?:Failures|Errors|Failed tests|Tests in error):\s*$")
_MVN_ENTRY = re.compile(
    _LEVEL + r"\s{2,}(?P<cls>[\w$]+)(?:>[\w$]+)?\.(?P<m>[\w$]+)(?:\([^)]*\))?(?:\[[^\]]*\])?(?::\d+)?(?:->\S+)?"
    r"(?:\s+»?\s*(?P<msg>\S.*))?$"
)
_MVN_TOTALS = re.compile(
    _LEVEL + r"Tests run: (?P<n>\d+), Failures: (?P<f>\d+), Errors: (?P<e>\d+), Skipped: \d+(?P<rest>.*)$"
)
_MVN_CONTINUED = re.compile(_LEVEL + r"(?:\s*$|\s{2,}\S)")
_MVN_BUILD = re.compile(_LEVEL + r"BUILD (?P<st>SUCCESS|FAILURE)\s*$")
_JAVA_FRAME = re.compile(r"^\s*at .*\((?P<file>[\w$]+\.(?:java|kt|groovy|scala)):\d+\)\s*$")
_SHORT_AT = re.compile(r"^(?P<exc>\S+) at (?P<file>[\w$]+\.(?:java|kt|groovy|scala)):\d+$")

_GRADLE_CASE = re.compile(r"^(?P<cls>[A-Za-z_$][\w.$]*(?: > [^>\n]+?)*?) > (?P<m>[^>\n]+?) (?P<st>FAILED|PASSED)\s*$")
_GRADLE_TOTALS = re.compile(r"^(?P<n>\d+) tests? completed, (?P<f>\d+) failed")
_GRADLE_RED = re.compile(r"^(?:> Task \S*:\w*[tT]est\w* FAILED|> There were failing tests\b.*)\s*$")
_GRADLE_BUILD_OK = re.compile(r"^BUILD SUCCESSFUL\b")


def scan_maven(lines: list[str]) -> list[Finding]:
    out: list[Finding] = []
    in_section = False
    for i, line in enumerate(lines):
        if m := _MVN_CASE_OLD.match(line) or _MVN_CASE.match(line):
            cls = m.group("cls").rsplit(".", 1)[-1]
            error = _exception_below(lines, i + 1, cls)
            out.append(fail("maven", i, f"{cls}.{m.group('m')}", error[0], error[1] or f"{cls}.java"))
        elif _MVN_SECTION.match(line):
            in_section = True
        elif in_section and (m := _MVN_ENTRY.match(line)):
            cls = m.group("cls")
            out.append(fail("maven", i, f"{cls}.{m.group('m')}", m.group("msg") or "", f"{cls}.java"))
        elif m := _MVN_TOTALS.match(line):
            in_section = False
            failed = int(m.group("f")) + int(m.group("e"))
            if failed or not m.group("rest").strip():  # a class's own line, once it passed, says nothing of the run
                found = summary("maven", i, int(m.group("n")) - failed, failed)
                if found:
                    out.append(found)
        elif m := _MVN_BUILD.match(line):
            in_section = False
            out.append(Finding("green" if m.group("st") == "SUCCESS" else "red", "maven", i))
        elif in_section and not _MVN_CONTINUED.match(line):
            in_section = False
    return out


def _exception_below(lines: list[str], start: int, cls: str) -> tuple[str, str]:
    """The exception line under a failed test, shortened, and the test class's file as its stack names it."""
    found = next_text(lines, start, 3)
    if not found or found[1].startswith("["):
        return "", ""
    text = found[1]
    if m := _SHORT_AT.match(text):  # Gradle's short form: the class and where, no message
        return short_exception(m.group("exc")), m.group("file")
    file = ""
    for line in lines[found[0] + 1 : found[0] + 25]:
        if frame := _JAVA_FRAME.match(line):
            if frame.group("file").split(".")[0] == cls:
                file = frame.group("file")
                break
        elif line.strip() and not line.strip().startswith(("at ", "...", "Caused by")):
            break
    return short_exception(text), file


def scan_gradle(lines: list[str]) -> list[Finding]:
    out: list[Finding] = []
    for i, line in enumerate(lines):
        if m := _GRADLE_CASE.match(line):
            test = f"{m.group('cls')} > {m.group('m')}"
            if m.group("st") == "PASSED":
                out.append(passed("gradle", i, test))
                continue
            cls = m.group("cls").split(" > ")[0].rsplit(".", 1)[-1]
            error = _exception_below(lines, i + 1, cls)
            out.append(fail("gradle", i, test, error[0], error[1] or f"{cls}.java"))
        elif m := _GRADLE_TOTALS.match(line):
            found = summary("gradle", i, int(m.group("n")) - int(m.group("f")), int(m.group("f")))
            if found:
                out.append(found)
        elif _GRADLE_RED.match(line):
            out.append(Finding("red", "gradle", i))
        elif _GRADLE_BUILD_OK.match(line):
            out.append(Finding("green", "gradle", i))
    return out
