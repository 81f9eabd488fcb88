"""The write-back quality guard: the manifest's ``guard`` cases, against floors kept in docs/benchmarks.md.

    .venv/bin/python tests/eval/writeback/guard.py            # measure, compare, exit 1 below a floor
    .venv/bin/python tests/eval/writeback/guard.py --update   # measure and rewrite the floors table

tests/writeback/test_writeback_quality.py runs the same measurement in the default test run.
"""

from __future__ import annotations

import argparse
import math
import platform
import re
import subprocess
import sys
import time
from datetime import UTC, datetime
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))

from run_writeback_eval import ROOT, CaseResult, evaluate, figures  # noqa: E402

DOC = ROOT / "docs" / "benchmarks.md"
BEGIN = "<!-- writeback-guard:begin (rewritten by tests/eval/writeback/guard.py --update; the guard test parses it) -->"
END = "<!-- writeback-guard:end -->"
ROW = re.compile(r"^\| (precision|recall) \(floor\) \| ([0-9.]+) \|", re.MULTILINE)


def recorded(doc: Path = DOC) -> dict[str, float]:
    """{"precision": floor, "recall": floor} from the table between the markers."""
    text = doc.read_text()
    start, end = text.find(BEGIN), text.find(END)
    if start < 0 or end < start:
        raise ValueError(f"{doc.name} has no write-back guard table (markers {BEGIN!r} ... {END!r}).")
    found = {name: float(value) for name, value in ROW.findall(text[start:end])}
    if set(found) != {"precision", "recall"}:
        raise ValueError(f"{doc.name}: the write-back guard table needs a precision and a recall floor row.")
    return found


def measure() -> tuple[str, list[CaseResult], float]:
    started = time.perf_counter()
    kind, results = evaluate(guard=True)
    return kind, results, time.perf_counter() - started


def shortfalls(results: list[CaseResult], floors: dict[str, float]) -> list[str]:
    f = figures(results)
    lines = []
    if f.precision < floors["precision"]:
        lines.append(
            f"guard precision fell: measured {f.precision:.3f} ({f.worth}/{f.written}), floor {floors['precision']:.3f}"
        )
    if f.recall < floors["recall"]:
        lines.append(
            f"guard recall fell: measured {f.recall:.3f} ({f.recalled}/{f.labels}), floor {floors['recall']:.3f}"
        )
    forbidden = [(r.name, w.forbidden) for r in results for w in r.written if w.forbidden]
    lines += [f"{name} wrote a forbidden record: {', '.join(why)}" for name, why in forbidden]
    return lines


def floor3(x: float) -> str:
    """Rounded down, so a figure equal to the recorded one never reads as below its floor."""
    return f"{math.floor(x * 1000 + 1e-9) / 1000:.3f}"


def table(kind: str, results: list[CaseResult], seconds: float) -> str:
    commit = subprocess.run(
        ["git", "rev-parse", "--short", "HEAD"], cwd=ROOT, capture_output=True, text=True
    ).stdout.strip()
    f = figures(results)
    stamp = datetime.now(UTC).strftime("%Y-%m-%d %H:%M UTC")
    rows = [
        BEGIN,
        f"Recorded {stamp} at commit `{commit}` by `.venv/bin/python tests/eval/writeback/guard.py --update` "
        f"(reader: `{kind}`, Python {platform.python_version()}, {seconds:.1f} s for {len(results)} cases).",
        "",
        "| case | written | worth keeping | labels | recalled |",
        "| --- | ---: | ---: | ---: | ---: |",
    ]
    for r in results:
        c = figures([r])
        rows.append(f"| {r.name} | {c.written} | {c.worth} | {c.labels} | {c.recalled} |")
    rows += [
        "",
        "| figure | value | the guard fails when |",
        "| --- | --- | --- |",
        f"| precision (floor) | {floor3(f.precision)} | the subset's precision falls below it, or any record matches a forbidden pattern |",
        f"| recall (floor) | {floor3(f.recall)} | the subset's recall falls below it |",
        END,
    ]
    return "\n".join(rows)


def update(kind: str, results: list[CaseResult], seconds: float, doc: Path = DOC) -> None:
    text = doc.read_text()
    start, end = text.find(BEGIN), text.find(END)
    if start < 0 or end < start:
        raise SystemExit(f"{doc} has no write-back guard markers; add {BEGIN} and {END} first.")
    doc.write_text(text[:start] + table(kind, results, seconds) + text[end + len(END) :])


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--update", action="store_true")
    args = ap.parse_args()
    kind, results, seconds = measure()
    if args.update:
        update(kind, results, seconds)
        print(table(kind, results, seconds))
        return
    lines = shortfalls(results, recorded())
    print("\n".join(lines) or f"ok: {figures(results).precision:.3f} / {figures(results).recall:.3f}")
    raise SystemExit(1 if lines else 0)


if __name__ == "__main__":
    main()
