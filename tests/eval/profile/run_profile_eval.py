"""Runs the real `picasso memory init --yes --json` on public repositories and scores each profile
against what its maintainers would expect (issue 17). A script, not a pytest module.

    PYTHONPATH=$PWD .venv/bin/python tests/eval/profile/run_profile_eval.py --repos /tmp/profeval

Each checkout is `<repos>/<name>` (the repository's name after the slash), at the commit recorded in
its expected/<owner>__<name>.json; init runs in a fresh PICASSO_HOME, as a fresh process, timed.
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[3]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from tests.eval.profile.scoring import (  # noqa: E402
    COMMON,
    EXPECTED_DIR,
    JUDGED_DIR,
    Expectations,
    Score,
    add_unjudged,
    load,
    score,
)


@dataclass
class Run:
    exp: Expectations
    path: Path
    head: str
    seconds: float
    lines: int
    files: int
    result: Score
    ecosystem: str = ""


def init_profile(path: Path, python: str = sys.executable) -> tuple[dict[str, Any], float]:
    """`picasso memory init --yes --json <path>` from this checkout, in a throwaway home. The hash seed is
    fixed because tied counts in git/active-areas come out in set order, which would change a body's hash."""
    with tempfile.TemporaryDirectory(prefix="picasso-profeval-") as home:
        env = {**os.environ, "PICASSO_HOME": home, "PYTHONPATH": str(ROOT), "GIT_CONFIG_GLOBAL": os.devnull}
        env["PYTHONHASHSEED"] = "0"
        env.pop("PICASSO_MEMORY_ROOT", None)
        cmd = [python, "-m", "picasso_tui.cli", "memory", "init", "--yes", "--json", str(path)]
        start = time.perf_counter()
        # cwd is the throwaway home: `python -m` puts the working directory first on sys.path, so a run started in
        # another checkout would import that checkout's code instead of this one's
        done = subprocess.run(
            cmd, cwd=home, env=env, capture_output=True, text=True, check=False, stdin=subprocess.DEVNULL
        )
        seconds = time.perf_counter() - start
    if done.returncode != 0:
        raise RuntimeError(f"init failed on {path}: {done.stderr.strip()[-500:]}")
    return json.loads(done.stdout), seconds


def count_lines(path: Path) -> tuple[int, int]:
    """Lines and files of the tracked text files (a file with a NUL byte in its first 8 KiB is binary)."""
    listed = subprocess.run(["git", "-C", str(path), "ls-files", "-z"], capture_output=True, check=True).stdout
    lines = files = 0
    for rel in filter(None, listed.decode().split("\0")):
        try:
            data = (path / rel).read_bytes()
        except OSError:
            continue
        if b"\0" in data[:8192]:
            continue
        files += 1
        lines += data.count(b"\n") + (1 if data and not data.endswith(b"\n") else 0)
    return lines, files


def evaluate(exp: Expectations, path: Path, python: str) -> Run:
    head = subprocess.run(["git", "-C", str(path), "rev-parse", "HEAD"], capture_output=True, text=True).stdout.strip()
    report, seconds = init_profile(path, python)
    lines, files = count_lines(path)
    return Run(exp, path, head, seconds, lines, files, score(report["findings"], exp))


def fmt(x: float | None) -> str:
    return "—" if x is None else f"{x:.2f}"


def table(runs: list[Run]) -> str:
    rows = [
        "| repository | ecosystem | precision | recall | memories (endorsed) | expected (matched) | seconds | lines |",
        "| --- | --- | ---: | ---: | ---: | ---: | ---: | ---: |",
    ]
    for r in runs:
        s = r.result
        rows.append(
            f"| {r.exp.repo} | {r.ecosystem} | {fmt(s.precision)} | {s.recall:.2f} | {s.memories} ({s.endorsed}) "
            f"| {len(s.matched) + len(s.missed)} ({len(s.matched)}) | {r.seconds:.2f} | {r.lines:,} |"
        )
    mems = sum(r.result.memories for r in runs)
    ends = sum(r.result.endorsed for r in runs)
    pts = sum(len(r.result.matched) + len(r.result.missed) for r in runs)
    hit = sum(len(r.result.matched) for r in runs)
    judged = all(r.result.precision is not None for r in runs)
    precs = [r.result.precision or 0.0 for r in runs]
    rows.append(
        f"| **all {len(runs)}** (pooled; mean per repo) | | **{fmt(ends / mems if judged and mems else None)}**"
        f" ({fmt(sum(precs) / len(runs) if judged and runs else None)}) | **{hit / pts if pts else 0:.2f}**"
        f" ({sum(r.result.recall for r in runs) / max(len(runs), 1):.2f}) | {mems} ({ends}) | {pts} ({hit})"
        f" | {sum(r.seconds for r in runs):.1f} | {sum(r.lines for r in runs):,} |"
    )
    return "\n".join(rows)


def details(run: Run, show_memories: bool, show_misses: bool) -> list[str]:
    out = [f"== {run.exp.repo} @ {run.head[:12]} ({run.path})"]
    if run.exp.commit and run.head != run.exp.commit:
        out.append(f"   warning: checkout is at {run.head[:12]}, expectations were written at {run.exp.commit[:12]}")
    for v in run.result.verdicts:
        mark = {True: "+", False: "-", None: "?"}[v.endorsed]
        if show_memories or v.endorsed is not True:
            out.append(f"   {mark} {v.key}: {v.body[:160]!r}")
            out.append(f"       {v.why or 'UNJUDGED'}")
    if show_misses:
        for p in run.result.missed:
            out.append(f"   missed {p.id} ({p.kind}): {p.statement}")
    return out


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--repos", type=Path, default=Path("/tmp/profeval"), help="folder of the checkouts")
    parser.add_argument("--only", action="append", default=[], help="a repository name (repeatable)")
    parser.add_argument("--python", default=sys.executable, help="interpreter that runs picasso")
    parser.add_argument("--show-memories", action="store_true", help="every memory with its verdict")
    parser.add_argument("--show-misses", action="store_true", help="the expected points no memory states")
    parser.add_argument("--write-unjudged", action="store_true", help="add undecided memories to judged/*.json")
    parser.add_argument("--judge-tag", default="", help="write new judgements to judged/<repo>.<tag>.json")
    parser.add_argument("--json", type=Path, help="write the figures here")
    parser.add_argument("--expected-dir", type=Path, default=EXPECTED_DIR, help="expectations (e.g. expected_holdout/)")
    parser.add_argument("--judged-dir", type=Path, default=JUDGED_DIR, help="hand judgements for --expected-dir")
    args = parser.parse_args(argv)
    runs: list[Run] = []
    # A set without its own _common.json (a held-out set) is judged by the common patterns of expected/.
    common = args.expected_dir / f"{COMMON}.json"
    common = common if common.exists() else EXPECTED_DIR / f"{COMMON}.json"
    for path in sorted(args.expected_dir.glob("*.json")):
        if path.stem == COMMON:
            continue
        exp = load(path, args.judged_dir, common)
        name = exp.repo.split("/", 1)[1]
        if args.only and name not in args.only:
            continue
        checkout = args.repos / name
        if not (checkout / ".git").exists():
            print(f"skipped {exp.repo}: no checkout at {checkout}", file=sys.stderr)
            continue
        run = evaluate(exp, checkout, args.python)
        run.ecosystem = json.loads(path.read_text()).get("ecosystem", "")
        runs.append(run)
        print("\n".join(details(run, args.show_memories, args.show_misses)))
        if args.write_unjudged and run.result.unjudged:
            added = add_unjudged(run.result, exp, args.judged_dir, tag=args.judge_tag)
            print(
                f"   {added} added to {args.judged_dir.name}/{exp.slug}{'.' + args.judge_tag if args.judge_tag else ''}.json"
            )
    print()
    print(table(runs))
    unjudged = sum(len(r.result.unjudged) for r in runs)
    if unjudged:
        print(f"\n{unjudged} memories are UNJUDGED: no precision is printed for their repositories.")
    if args.json:
        args.json.write_text(json.dumps([summary(r) for r in runs], indent=2) + "\n")
    return 0


def summary(run: Run) -> dict[str, Any]:
    s = run.result
    return {
        "repo": run.exp.repo,
        "commit": run.head,
        "precision": s.precision,
        "recall": s.recall,
        "memories": s.memories,
        "endorsed": s.endorsed,
        "unjudged": len(s.unjudged),
        "expected": len(s.matched) + len(s.missed),
        "matched": sorted(s.matched),
        "missed": [p.id for p in s.missed],
        "rejected": [{"key": v.key, "why": v.why} for v in s.verdicts if v.endorsed is False],
        "seconds": round(run.seconds, 3),
        "lines": run.lines,
        "files": run.files,
    }


if __name__ == "__main__":
    sys.exit(main())
