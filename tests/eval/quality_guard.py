"""The retrieval quality guard (issue 15, point 6): a fixed subset of the development set through the real
pipeline with the local model, against the figures recorded in docs/benchmarks.md.

    .venv/bin/python tests/eval/quality_guard.py            # measure, compare, exit 1 on a regression
    .venv/bin/python tests/eval/quality_guard.py --update   # measure and rewrite the recorded figures

The default test run enforces it (tests/retrieval/test_quality_guard.py); ``--update`` is the one command that
refreshes the figures after an intended change to ranking or the gate. Only the subset's records are seeded (its
workspaces and the ``style/<language>`` namespaces of their languages): every prompt's scope is one workspace and
one language, and the pipeline searches (exact below ``exact.HNSW_MIN_ROWS``) and builds BM25 within the scope, so
each prompt gets what it gets in the whole-set run, with less than half the records to embed.

The figures are those of the shipped constants (``picasso_tui/retrieval/rank.py``). Those constants are fitted on
the whole development set; the leave-one-workspace-out figures of the whole set, which say how much that fitting
flatters them, are in the issue-15 section of docs/benchmarks.md. This guard only says "no worse than when the
figures were recorded".
"""

from __future__ import annotations

import argparse
import os
import platform
import re
import sys
import tempfile
import time
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parents[1]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from tests.eval.run_eval import (  # noqa: E402
    PipelineSystem,
    allowed_namespaces,
    evaluate,
    in_scope,
    load_queries,
    load_records,
    seed_home,
)

BENCHMARKS = ROOT / "docs" / "benchmarks.md"
EMBEDDER = "minilm"

SUBSET = (
    "openai/codex",
    "microsoft/vscode",
    "home-assistant/core",
    "godotengine/godot",
    "android/nowinandroid",
    "flutter/flutter",
    "laravel/framework",
    "spring-projects/spring-boot",
)
"""Eight of the twenty workspaces, every prompt of each, drawn once, with the workspaces in queries.json's order:
``random.Random(15).sample(first_ten, 3)`` (the issue-4 set) and ``random.Random(15).sample(last_ten, 5)`` (added
for issue 15). Eight languages (rust, typescript, python, cpp, kotlin, dart, php, java): 383 records, 143
answerable and 59 nothing-applies prompts. Fixed: changing it means recording the figures again."""

MAX_HIT_DROP = 0.02
MAX_FALSE_RISE = 0.05
HIT_ROW = "subset hit@3"
FALSE_ROW = "subset false injection"
PRECISION_ROW = "subset precision@3"
BEGIN = "<!-- quality-guard:begin (rewritten by tests/eval/quality_guard.py --update; the guard test parses it) -->"
END = "<!-- quality-guard:end -->"
UPDATE_COMMAND = ".venv/bin/python tests/eval/quality_guard.py --update"


@dataclass(frozen=True)
class Figures:
    hit_at_3: float
    false_injection: float
    precision_at_3: float
    records: int = 0
    answerable: int = 0
    nothing_applies: int = 0
    seconds: float = 0.0


def measure(home: Path) -> Figures:
    """The subset's figures with MiniLM, from a fresh home at ``home`` (seeded, embedded, recalled: nothing cached).

    Raises ``EmbedderUnavailable`` when the model is not installed. Sets PICASSO_HOME and PICASSO_MEMORY_ROOT
    (``run_eval.seed_home``); a caller that needs them back restores them.
    """
    start = time.perf_counter()
    queries = [q for q in load_queries() if q.repo in SUBSET]
    missing = set(SUBSET) - {q.repo for q in queries}
    if missing:
        raise ValueError(f"the guard's subset names workspaces queries.json does not have: {sorted(missing)}")
    scopes = {allowed_namespaces(q) for q in queries}
    records = [r for r in load_records() if any(in_scope(r.metadata.namespace, s) for s in scopes)]
    paths = seed_home(home, records)
    system = PipelineSystem(paths, EMBEDDER)
    report = evaluate(system, queries, {r.id: r.metadata.namespace for r in records})
    m = report.metrics()
    return Figures(
        hit_at_3=m["hit_at_3"],
        false_injection=m["false_injection_rate"],
        precision_at_3=m["precision_at_3"],
        records=len(records),
        answerable=m["answerable"],
        nothing_applies=m["nothing_applies"],
        seconds=time.perf_counter() - start,
    )


def recorded(text: str | None = None) -> dict[str, float]:
    """The figures of the guard's table in docs/benchmarks.md, by row name."""
    text = BENCHMARKS.read_text(encoding="utf-8") if text is None else text
    if BEGIN not in text or END not in text:
        raise ValueError(f"{BENCHMARKS.relative_to(ROOT)} has no quality-guard table; run `{UPDATE_COMMAND}`")
    block = text.split(BEGIN, 1)[1].split(END, 1)[0]
    rows = dict(re.findall(r"^\| *([^|]+?) *\| *([0-9]+\.[0-9]+) *\|", block, re.M))
    out = {name: float(value) for name, value in rows.items()}
    for name in (HIT_ROW, FALSE_ROW):
        if name not in out:
            raise ValueError(f"the quality-guard table in {BENCHMARKS.relative_to(ROOT)} has no {name!r} row")
    return out


def regressions(measured: Figures, recorded_figures: dict[str, float]) -> list[str]:
    """One line per guarded figure that moved past its allowed drift; [] when none did."""
    out = []
    hit, false = recorded_figures[HIT_ROW], recorded_figures[FALSE_ROW]
    if measured.hit_at_3 < hit - MAX_HIT_DROP - 1e-9:
        out.append(
            f"{HIT_ROW} dropped: measured {measured.hit_at_3:.3f}, recorded {hit:.3f}, "
            f"allowed drop {MAX_HIT_DROP:.2f} (at least {hit - MAX_HIT_DROP:.3f})"
        )
    if measured.false_injection > false + MAX_FALSE_RISE + 1e-9:
        out.append(
            f"{FALSE_ROW} rose: measured {measured.false_injection:.3f}, recorded {false:.3f}, "
            f"allowed rise {MAX_FALSE_RISE:.2f} (at most {false + MAX_FALSE_RISE:.3f})"
        )
    return out


def failure_message(measured: Figures, lines: list[str]) -> str:
    return (
        f"retrieval quality regressed on the guard's subset ({len(SUBSET)} workspaces of tests/eval, "
        f"all-MiniLM-L6-v2) against docs/benchmarks.md, 'Quality guard (issue 15)':\n  "
        + "\n  ".join(lines)
        + f"\nIf the change is meant to trade these figures, record the new ones with `{UPDATE_COMMAND}`."
    )


def _machine() -> str:
    cpu = platform.processor() or platform.machine()
    try:
        for line in Path("/proc/cpuinfo").read_text(encoding="utf-8").splitlines():
            if line.startswith("model name"):
                cpu = line.split(":", 1)[1].strip()
                break
    except OSError:
        pass
    load = f", load average {os.getloadavg()[0]:.1f}" if hasattr(os, "getloadavg") else ""
    return f"{cpu}, {os.cpu_count()} CPUs, {platform.system()} {platform.machine()}, Python {platform.python_version()}{load}"


def table(measured: Figures) -> str:
    now = datetime.now(UTC).strftime("%Y-%m-%d %H:%M UTC")
    return "\n".join(
        [
            BEGIN,
            f"Recorded {now} by `{UPDATE_COMMAND}` on {_machine()}: "
            f"{measured.records} records seeded and embedded, {measured.answerable} answerable and "
            f"{measured.nothing_applies} nothing-applies prompts, {measured.seconds:.1f} s.",
            "",
            "| figure | recorded | the guard fails when |",
            "| --- | --- | --- |",
            f"| {HIT_ROW} | {measured.hit_at_3:.3f} | it drops by more than {MAX_HIT_DROP:.2f} |",
            f"| {FALSE_ROW} | {measured.false_injection:.3f} | it rises by more than {MAX_FALSE_RISE:.2f} |",
            f"| {PRECISION_ROW} | {measured.precision_at_3:.3f} | (not guarded) |",
            END,
        ]
    )


def update(measured: Figures) -> None:
    text = BENCHMARKS.read_text(encoding="utf-8")
    if BEGIN not in text or END not in text:
        raise SystemExit(f"{BENCHMARKS} has no quality-guard markers to rewrite between ({BEGIN} ... {END})")
    head, rest = text.split(BEGIN, 1)
    tail = rest.split(END, 1)[1]
    BENCHMARKS.write_text(head + table(measured) + tail, encoding="utf-8")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--update", action="store_true", help="rewrite the recorded figures in docs/benchmarks.md")
    args = parser.parse_args(argv)
    with tempfile.TemporaryDirectory(prefix="picasso-guard-") as tmp:
        measured = measure(Path(tmp) / "home")
    print(
        f"subset of {len(SUBSET)} workspaces, {measured.records} records, {measured.answerable} answerable / "
        f"{measured.nothing_applies} nothing-applies prompts, {measured.seconds:.1f} s: hit@3 "
        f"{measured.hit_at_3:.3f}, false injection {measured.false_injection:.3f}, precision@3 "
        f"{measured.precision_at_3:.3f}"
    )
    if args.update:
        update(measured)
        print(f"rewrote the quality-guard table in {BENCHMARKS.relative_to(ROOT)}")
        return 0
    lines = regressions(measured, recorded())
    if lines:
        print(failure_message(measured, lines), file=sys.stderr)
        return 1
    print("within the allowed drift of the recorded figures")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
