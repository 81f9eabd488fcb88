"""RSpec, as its default formatters print (``rspec-core``'s ``Formatters::BaseTextFormatter``).

``Failures:`` lists ``  1) Auth#login returns 200`` with ``Failure/Error: <the line>`` and the error below it;
``3 examples, 1 failure`` sums up; ``Failed examples:`` ends with one ``rspec ./spec/x_spec.rb:12 # description``
a failure. Pending examples ("failures listed here are expected") are listed under ``Pending:`` and never there.
"""

from __future__ import annotations

import re

from picasso_tui.writeback.runners.base import Finding, fail, summary

_RERUN = re.compile(r"^rspec (?P<loc>\./\S+?(?::\d+|\[[\d:,]+\])) # (?P<desc>.+?)\s*$")
_TOTALS = re.compile(r"^(?P<n>\d+) examples?, (?P<f>\d+) failures?\b")
_FAILURES = re.compile(r"^Failures:\s*$")
_ENTRY = re.compile(r"^\s+\d+\) (?P<desc>.+?)\s*$")
_FAILURE_ERROR = re.compile(r"^\s+Failure/Error: (?P<code>.+)$")


def scan_rspec(lines: list[str]) -> list[Finding]:
    out: list[Finding] = []
    errors: dict[str, str] | None = None
    for i, line in enumerate(lines):
        if m := _RERUN.match(line):
            errors = _errors(lines) if errors is None else errors
            loc, desc = m.group("loc"), m.group("desc")
            file = re.sub(r"(?::\d+|\[[\d:,]+\])$", "", loc).removeprefix("./")
            out.append(fail("rspec", i, loc.removeprefix("./"), errors.get(desc, ""), file, suite=desc))
        elif m := _TOTALS.match(line):
            n, f = int(m.group("n")), int(m.group("f"))
            found = summary("rspec", i, n - f, f)
            if found:
                out.append(found)
    return out


def _errors(lines: list[str]) -> dict[str, str]:
    """Each failed example's error, by its description: the lines under ``Failure/Error:`` up to the location."""
    out: dict[str, str] = {}
    in_failures = False
    for i, line in enumerate(lines):
        if _FAILURES.match(line):
            in_failures = True
        elif line.startswith(("Pending:", "Finished in", "Failed examples:")):
            in_failures = False
        elif in_failures and (m := _ENTRY.match(line)) and m.group("desc") not in out:
            out[m.group("desc")] = _error_below(lines, i + 1)
    return out


def _error_below(lines: list[str], start: int) -> str:
    code = ""
    found: list[str] = []
    for line in lines[start : start + 15]:
        text = line.strip()
        if m := _FAILURE_ERROR.match(line):
            code = m.group("code").strip()
        elif not code:
            continue
        elif text.startswith("# ") or _ENTRY.match(line):
            break
        elif text and not text.startswith("(compared using"):
            found.append(text)
        if len(found) == 2:
            break
    if not found:
        return code
    return f"{found[0]} {found[1]}" if len(found) == 2 and found[0].endswith(":") else ", ".join(found)
