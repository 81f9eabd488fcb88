"""`picasso memory init` on a large repository (issue 17 point 6: 50K lines under 10 s, about 1M lines under 60 s,
with progress shown while it runs).

Run as a plain script (outside the default pytest run):

    .venv/bin/python tests/bench/bench_profile_large.py --repo /tmp/bigrepo [--runs 3] [--json out.json]

--repo is a git checkout of about a million lines (for example a JavaScript monorepo cloned to /tmp); the 50K-line
repository is the one tests/bench/bench_profile.py generates. For each: `picasso memory init --yes --json` as a
fresh process (wall clock, fresh PICASSO_HOME each run), then one in-process `investigate()` with the progress
callback timed: the seconds each step took, and the longest wait between two progress updates (what a person
watching the progress bar sees as a stall).
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]
if str(REPO) not in sys.path:
    sys.path.insert(0, str(REPO))

from tests.bench.bench_profile import count_lines, generated_repo  # noqa: E402


def init_seconds(path: Path) -> float:
    with tempfile.TemporaryDirectory(prefix="picasso-bench-large-") as home:
        env = {**os.environ, "PICASSO_HOME": home, "PYTHONPATH": str(REPO), "GIT_CONFIG_GLOBAL": os.devnull}
        start = time.perf_counter()
        subprocess.run(
            [sys.executable, "-m", "picasso_tui.cli", "memory", "init", "--yes", "--json", str(path)],
            cwd=home,  # `python -m` puts the working directory first on sys.path: this checkout's code runs
            env=env,
            check=True,
            capture_output=True,
            stdin=subprocess.DEVNULL,
        )
        return time.perf_counter() - start


def step_times(path: Path) -> tuple[list[tuple[str, float]], float]:
    """(step, seconds) in order, and the longest gap between two progress updates."""
    from picasso_tui.profile.investigator import investigate

    marks: list[tuple[str, float]] = []
    investigate(path, lambda label, done, total: marks.append((label, time.perf_counter())))
    end = time.perf_counter()
    steps = [(label, (marks[i + 1][1] if i + 1 < len(marks) else end) - t) for i, (label, t) in enumerate(marks)]
    return steps, max(s for _, s in steps)


def measure(name: str, path: Path, runs: int) -> dict[str, object]:
    files, lines = count_lines(path)
    samples = [init_seconds(path) for _ in range(runs)]
    steps, stall = step_times(path)
    return {
        "name": name,
        "files": files,
        "lines": lines,
        "median_s": statistics.median(samples),
        "max_s": max(samples),
        "runs": runs,
        "longest_step_s": stall,
        "steps": steps,
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n", 1)[0])
    parser.add_argument("--repo", type=Path, required=True, help="a git checkout of about a million lines")
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--workdir", type=Path, default=Path("/tmp/picasso-bench-profile-large"))
    parser.add_argument("--json", type=Path)
    args = parser.parse_args()
    small = generated_repo(args.workdir / "gen50k")
    results = [measure("generated 50K", small, args.runs), measure(args.repo.name, args.repo, args.runs)]
    for r in results:
        print(
            f"{r['name']}: {r['files']:,} files, {r['lines']:,} lines; init median {r['median_s']:.2f} s "
            f"(max {r['max_s']:.2f}, n={r['runs']}); longest step between progress updates {r['longest_step_s']:.2f} s"
        )
        for label, seconds in r["steps"]:  # type: ignore[union-attr]
            print(f"    {seconds:6.2f} s  {label}")
    if args.json:
        args.json.write_text(json.dumps(results, indent=2))


if __name__ == "__main__":
    main()
