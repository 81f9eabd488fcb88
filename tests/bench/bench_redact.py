"""Redaction benchmark (issue 5): redact a 1 MB agent transcript, and 1 MB of small strings.

Run as a plain script (it is outside the default pytest run):

    .venv/bin/python tests/bench/bench_redact.py [--runs 30] [--secret-rate 0.02] [--json out.json]

The transcript is JSON lines of tool results built from the redaction corpus (tests/writeback/
redaction_corpus): realistic negatives (code, commands, logs, ids, hashes, placeholders) with a
generated positive (a fake secret in JSON, shell history, .env, Markdown or a URL) on 2% of lines.
Three series:

1. text     ``redact_text`` on the whole 1 MB transcript as one string;
2. clean    the same without any positive (the common case: nothing to redact, one pass);
3. values   ``redact_value`` on the transcript's ~9k events as dicts (many small strings, so per-call
            overhead counts);
4. kept     the same text as a plain agent prints it, one ``output`` event a line, kept the way
            ``picasso run`` keeps a transcript (``writeback.kept_transcripts.save_transcript``): each run of output lines
            redacted as a whole (``redact_output_runs``, where the checkout has it), then every event alone.

Wall-clock and CPU (this process) median and p95 are printed as a markdown table; docs/benchmarks.md
records a run. CPU time is the contention-resistant figure on a shared machine.

``--against REV`` times another revision's redactor in the same process, run for run alternately (its
``picasso_tui/redact`` taken from git into a temporary package), and prints the CPU ratio this/REV per
series: the fair before/after comparison on a machine whose load changes.
"""

from __future__ import annotations

import argparse
import importlib
import io
import json
import random
import re
import statistics
import subprocess
import sys
import tarfile
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

REPO = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(REPO))

from picasso_tui.redact.redact import redact_text, redact_value  # noqa: E402
from picasso_tui.writeback.transcript import Event  # noqa: E402
from tests.writeback.redaction_corpus.negatives import negatives  # noqa: E402
from tests.writeback.redaction_corpus.positives import positives  # noqa: E402

SIZE = 1_000_000


def transcript(secret_rate: float, seed: int = 20261130) -> list[dict[str, Any]]:
    rng = random.Random(seed)
    neg, pos = negatives(), [c.text for c in positives(seeds=(1, 2, 3))]
    events: list[dict[str, Any]] = []
    size = 0
    while size < SIZE:
        text = rng.choice(pos) if rng.random() < secret_rate else rng.choice(neg)
        event = {"i": len(events), "type": "tool_result", "tool": "bash", "exitCode": 0, "output": text}
        events.append(event)
        size += len(json.dumps(event)) + 1
    return events


def output_events(events: list[dict[str, Any]]) -> list[Event]:
    """The transcript's text as a plain agent prints it: one ``output`` event a line."""
    lines = [line for e in events for line in e["output"].split("\n")]
    return [Event(i, "output", {"at": "2026-12-01T00:00:00Z", "text": line}) for i, line in enumerate(lines)]


def keep(events: list[Event]) -> None:
    """What ``picasso run`` does to keep a transcript (an older checkout: each event alone)."""
    try:
        from picasso_tui.writeback.transcript import redact_output_runs
    except ImportError:
        joined: dict[int, str] = {}
    else:
        joined = redact_output_runs(events)
    for event in events:
        text = joined.get(event.index)
        if text is None:
            redact_value(event.data)
        else:
            redact_value({k: v for k, v in event.data.items() if k != "text"})


def timed(fn: Callable[[], object], runs: int) -> dict[str, float]:
    fn()  # warm-up: compiled patterns, caches
    wall, cpu = [], []
    for _ in range(runs):
        w, c = time.perf_counter(), time.process_time()
        fn()
        wall.append(time.perf_counter() - w)
        cpu.append(time.process_time() - c)

    def p95(xs: list[float]) -> float:
        return sorted(xs)[max(0, round(0.95 * len(xs)) - 1)]

    return {
        "median_ms": statistics.median(wall) * 1000,
        "p95_ms": p95(wall) * 1000,
        "cpu_median_ms": statistics.median(cpu) * 1000,
        "cpu_p95_ms": p95(cpu) * 1000,
    }


def other_revision(rev: str, into: Path) -> Any:
    """The ``redact`` module of git revision ``rev``, importable beside this checkout's (its package renamed)."""
    name = "redact_" + re.sub(r"\W", "_", rev)
    archive = subprocess.run(
        ["git", "-C", str(REPO), "archive", rev, "picasso_tui/redact"], capture_output=True, check=True
    ).stdout
    package = into / name
    package.mkdir()
    with tarfile.open(fileobj=io.BytesIO(archive)) as tar:
        for member in tar.getmembers():
            if member.isfile() and member.name.endswith(".py"):
                source = tar.extractfile(member).read().decode("utf-8")  # type: ignore[union-attr]
                source = source.replace("picasso_tui.redact", name)
                (package / Path(member.name).name).write_text(source, encoding="utf-8")
    sys.path.insert(0, str(into))
    return importlib.import_module(f"{name}.redact")


def alternately(fns: dict[str, Callable[[], object]], runs: int) -> dict[str, list[float]]:
    """CPU seconds of each function, run for run in turn (so a change of load falls on all alike)."""
    for fn in fns.values():
        fn()
    cpu: dict[str, list[float]] = {k: [] for k in fns}
    for _ in range(runs):
        for name, fn in fns.items():
            c = time.process_time()
            fn()
            cpu[name].append(time.process_time() - c)
    return cpu


def compare(rev: str, runs: int, text: str, clean: str, events: list[dict[str, Any]]) -> None:
    with tempfile.TemporaryDirectory() as tmp:
        other = other_revision(rev, Path(tmp))
        cases = {
            "text: one 1 MB string, 2% secrets": (lambda: redact_text(text), lambda: other.redact_text(text)),
            "clean: one 1 MB string, no secret": (lambda: redact_text(clean), lambda: other.redact_text(clean)),
            "values: the events via redact_value": (lambda: redact_value(events), lambda: other.redact_value(events)),
        }
        print(f"\nthis checkout against {rev}, {runs} alternating runs (CPU)\n")
        print(
            "| series | this, CPU median | {rev}, CPU median | ratio |\n| --- | --- | --- | --- |".replace("{rev}", rev)
        )
        for name, (this, that) in cases.items():
            cpu = alternately({"this": this, "that": that}, runs)
            a, b = statistics.median(cpu["this"]), statistics.median(cpu["that"])
            print(f"| {name} | {a * 1000:.0f} ms | {b * 1000:.0f} ms | {a / b:.2f}x |")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--runs", type=int, default=30)
    parser.add_argument("--secret-rate", type=float, default=0.02)
    parser.add_argument("--json", type=Path)
    parser.add_argument("--against", metavar="REV", help="also time git revision REV's redactor, alternately")
    args = parser.parse_args()

    events = transcript(args.secret_rate)
    text = "\n".join(json.dumps(e) for e in events)
    clean = "\n".join(json.dumps(e) for e in transcript(0.0))
    if args.against:
        compare(args.against, args.runs, text, clean, events)
        return
    found = len(redact_text(text).findings)
    lines = output_events(events)
    series = {
        f"text: one 1 MB string, {found} secrets": timed(lambda: redact_text(text), args.runs),
        "clean: one 1 MB string, no secret": timed(lambda: redact_text(clean), args.runs),
        f"values: {len(events):,} events via redact_value": timed(lambda: redact_value(events), args.runs),
        f"kept: {len(lines):,} output lines as picasso run keeps them": timed(lambda: keep(lines), args.runs),
    }
    with open("/proc/loadavg") as f:
        load = f.read().split()[0]
    print(f"{len(text) / 1e6:.2f} MB, {args.runs} runs, load average {load}\n")
    print("| series | median | p95 | CPU median | CPU p95 |\n| --- | --- | --- | --- | --- |")
    for name, r in series.items():
        print(
            f"| {name} | {r['median_ms']:.0f} ms | {r['p95_ms']:.0f} ms | "
            f"{r['cpu_median_ms']:.0f} ms | {r['cpu_p95_ms']:.0f} ms |"
        )
    if args.json:
        args.json.write_text(json.dumps({"load": load, "series": series}, indent=2))


if __name__ == "__main__":
    main()
