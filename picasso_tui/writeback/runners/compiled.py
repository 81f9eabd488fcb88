"""go test and cargo test.

go test (``cmd/go``, ``testing``): ``--- FAIL: TestX (0.00s)`` with the test's ``x_test.go:12: msg`` lines under it
(with ``-v`` they stream above it, after ``=== RUN   TestX``), a ``panic:`` line when it panicked, then ``FAIL`` and
``FAIL<TAB>example.com/pkg<TAB>0.01s``; a passing package prints ``ok  <TAB>example.com/pkg<TAB>0.01s``.
cargo test (libtest): ``test auth::tests::x ... FAILED``, the ``thread 'auth::tests::x' panicked at src/auth.rs:42:9:``
line with the message below it (before Rust 1.73: ``panicked at 'msg', src/auth.rs:42:9``), and
``test result: FAILED. 2 passed; 1 failed; ...``.
"""

from __future__ import annotations

import re

from picasso_tui.writeback.runners.base import LOOKAHEAD, Finding, fail, next_text, passed, summary

_GO_RESULT = re.compile(r"^\s*--- (?P<st>FAIL|PASS): (?P<name>\S+) \([\d.]+s\)\s*$")
_GO_RUN = re.compile(r"^=== (?:RUN|CONT|NAME)\s+(?P<name>\S+)\s*$")
_GO_LOG = re.compile(r"^\s+(?P<file>[\w./-]+\.go):\d+: (?P<msg>\S.*)$")
_GO_PANIC = re.compile(r"^panic: (?P<msg>.+?)(?: \[recovered\])?$")
_GO_PACKAGE = re.compile(r"^(?P<st>FAIL|ok)\s+(?P<pkg>[\w.\-/]+)\s+(?:[\d.]+s|\(cached\))")
_GO_BARE = re.compile(r"^(?P<st>FAIL|PASS)$")

_CARGO_TEST = re.compile(r"^test (?P<name>.+?)(?: - should panic)? \.\.\. (?P<st>ok|FAILED)$")
_CARGO_PANIC = re.compile(r"^thread '(?P<t>[^']+)' panicked at (?P<rest>.+)$")
_CARGO_LOCATION = re.compile(r"(?P<file>[\w./-]+\.rs):\d+:\d+:?$")
_CARGO_RESULT = re.compile(r"^test result: (?:ok|FAILED)\. (?P<p>\d+) passed; (?P<f>\d+) failed")


def scan_go(lines: list[str]) -> list[Finding]:
    out: list[Finding] = []
    waiting: list[int] = []  # failures printed before their package's FAIL line
    for i, line in enumerate(lines):
        if m := _GO_RESULT.match(line):
            if m.group("st") == "PASS":
                out.append(passed("go", i, m.group("name")))
                continue
            sig, file = _go_error(lines, i, m.group("name"))
            waiting.append(len(out))
            out.append(fail("go", i, m.group("name"), sig, file))
        elif m := _GO_PACKAGE.match(line):
            pkg = m.group("pkg")
            for k in waiting:
                f = out[k]
                out[k] = fail("go", f.pos, f.test, f.signature, f.file, suite=pkg)
            waiting = []
            out.append(Finding("red" if m.group("st") == "FAIL" else "green", "go", i, suite=pkg))
        elif m := _GO_BARE.match(line):
            found = summary("go", i, None, 1 if m.group("st") == "FAIL" else 0)
            if found:
                out.append(found)
    # A failing subtest fails its parent too: the subtest is the one that says what broke.
    parents = {f.test.rsplit("/", k)[0] for f in out if f.kind == "fail" for k in range(1, f.test.count("/") + 1)}
    return [f for f in out if f.kind != "fail" or f.test not in parents]


def _go_error(lines: list[str], at: int, name: str) -> tuple[str, str]:
    """The test's first log line (below ``--- FAIL``, or above it back to ``=== RUN``) or its panic."""
    for j in range(at + 1, min(len(lines), at + LOOKAHEAD)):
        line = lines[j]
        if m := _GO_LOG.match(line):
            return m.group("msg"), m.group("file")
        if m := _GO_PANIC.match(line):
            return f"panic: {m.group('msg')}", ""
        if _GO_RESULT.match(line) or _GO_PACKAGE.match(line) or _GO_BARE.match(line) or _GO_RUN.match(line):
            break
    for j in range(at - 1, max(-1, at - LOOKAHEAD), -1):
        if (m := _GO_RUN.match(lines[j])) and m.group("name") == name:
            for k in range(j + 1, at):
                if g := _GO_LOG.match(lines[k]):
                    return g.group("msg"), g.group("file")
            break
    return "", ""


def scan_cargo(lines: list[str]) -> list[Finding]:
    out: list[Finding] = []
    panics: dict[str, tuple[str, str]] | None = None
    for i, line in enumerate(lines):
        if m := _CARGO_TEST.match(line):
            if m.group("st") == "ok":
                out.append(passed("cargo", i, m.group("name")))
                continue
            panics = _cargo_panics(lines) if panics is None else panics
            sig, file = panics.get(m.group("name"), ("", ""))
            out.append(fail("cargo", i, m.group("name"), sig, file))
        elif m := _CARGO_RESULT.match(line):
            found = summary("cargo", i, int(m.group("p")), int(m.group("f")))
            if found:
                out.append(found)
    return out


def _cargo_panics(lines: list[str]) -> dict[str, tuple[str, str]]:
    """Each panicking thread's (message, file): the thread of a test is named after the test."""
    out: dict[str, tuple[str, str]] = {}
    for i, line in enumerate(lines):
        m = _CARGO_PANIC.match(line)
        if not m or m.group("t") in out:
            continue
        rest = m.group("rest")
        if rest.startswith("'"):  # before Rust 1.73: panicked at 'msg', src/x.rs:1:2 (msg may span lines)
            loc = next((_CARGO_LOCATION.search(x) for x in lines[i : i + 6] if _CARGO_LOCATION.search(x)), None)
            msg = rest[1:].split("', ")[0]
        else:
            loc = _CARGO_LOCATION.match(rest)
            below = next_text(lines, i + 1, 3)
            msg = below[1] if below else ""
            values = [x.strip() for x in lines[i + 2 : i + 4] if x.strip().startswith(("left:", "right:"))]
            msg = "; ".join([msg, ", ".join(values)]) if values else msg
        out[m.group("t")] = (msg, loc.group("file") if loc else "")
    return out
