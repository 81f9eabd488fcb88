"""Project-profile benchmarks (DESIGN §8: a 50K-LOC repository profiled in under 10 s) and staleness at 10k records.

Run as a plain script (outside the default pytest run):

    .venv/bin/python tests/bench/bench_profile.py [--runs 7] [--records 10000] [--json out.json]

Everything goes under --workdir (default /tmp/picasso-bench-profile) with PICASSO_HOME pointing there.

1. generated  a 50K-line repository (Python + TypeScript, manifests, Makefile, CI, rules, ADRs, 60 commits):
              `generate()` in-process (walk + every module + the one write; first run adds, later runs
              reinforce), and `picasso memory init --yes` as a fresh process.
2. real       real trees of several sizes: this checkout, and site-packages trees (textual, numpy, pydantic)
              copied into fresh git repositories; `picasso memory init --yes --json` as a fresh process.
3. staleness  --records anchored records over 2,000 files of the generated repo, 5% of the files then edited:
              assess() cold (empty hash cache) and warm; refresh() (one write) on a store of that size.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import shutil
import statistics
import subprocess
import sys
import time
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]
VENV_BIN = Path(sys.executable).parent
SITE = Path(next(p for p in sys.path if p.endswith("site-packages")))
GIT_ENV = {"GIT_AUTHOR_NAME": "b", "GIT_AUTHOR_EMAIL": "b@x", "GIT_COMMITTER_NAME": "b", "GIT_COMMITTER_EMAIL": "b@x"}


def git(root: Path, *args: str) -> None:
    subprocess.run(["git", *args], cwd=root, check=True, capture_output=True, env={**os.environ, **GIT_ENV})


def summary(samples: list[float]) -> dict[str, float]:
    ordered = sorted(samples)
    p95 = ordered[min(len(ordered) - 1, round(0.95 * (len(ordered) - 1)))]
    return {"median": statistics.median(ordered), "p95": p95, "min": ordered[0], "n": len(ordered)}


def count_lines(root: Path) -> tuple[int, int]:
    from picasso_tui.profile.walk import walk

    tree = walk(root)
    lines = 0
    for rel in tree.sizes:
        with open(root / rel, "rb") as handle:
            lines += sum(chunk.count(b"\n") for chunk in iter(lambda h=handle: h.read(1 << 16), b""))
    return len(tree.sizes), lines


def generated_repo(root: Path, target_lines: int = 50_000) -> Path:
    if root.exists():
        shutil.rmtree(root)
    root.mkdir(parents=True)
    rng = random.Random(20261130)
    files = {
        "pyproject.toml": '[project]\nname = "bench"\ndependencies = ["fastapi", "sqlalchemy", "alembic"]\n'
        '[project.optional-dependencies]\ntest = ["pytest"]\n[tool.ruff]\nline-length = 110\n',
        "package.json": json.dumps({"name": "bench-web", "scripts": {"test": "vitest run", "build": "vite build"},
                                    "devDependencies": {"vitest": "1", "vite": "5", "typescript": "5"}}),
        "tsconfig.json": '{"compilerOptions": {"strict": true}}',
        "Makefile": "test:\n\tpytest -q\nlint:\n\truff check .\n",
        ".github/workflows/ci.yml": "jobs:\n  test:\n    steps:\n      - run: pip install -e '.[test]'\n      - run: pytest -q\n",
        "CLAUDE.md": "# Rules\n\n" + "".join(f"- Rule number {i}: keep module {i} small.\n" for i in range(30)),
        **{f"docs/adr/{i:04d}-decision.md": f"# Decision {i}\n\n## Status\n\nAccepted\n\n## Decision\n\nWe chose option {i}.\n"
           for i in range(1, 11)},
    }  # fmt: skip
    lines = 0
    i = 0
    while lines < target_lines:
        area = rng.choice(["api", "auth", "billing", "search", "jobs"])
        if i % 3 == 0:
            rel = f"web/src/{area}/component_{i}.ts"
            body = "".join(f"export const value{j} = {j} * {i};\n" for j in range(100))
        else:
            rel = f"src/bench/{area}/module_{i}.py"
            body = "".join(f"def function_{j}(x: int) -> int:\n    return x + {j}\n\n" for j in range(33))
        files[rel] = body
        lines += body.count("\n")
        i += 1
    for rel, text in files.items():
        (root / rel).parent.mkdir(parents=True, exist_ok=True)
        (root / rel).write_text(text)
    git(root, "init", "-q", "-b", "main")
    git(root, "add", "-A")
    git(root, "commit", "-q", "-m", "Initial import")
    py = sorted(str(p.relative_to(root)) for p in (root / "src").rglob("*.py"))
    for n in range(60):
        rel = rng.choice(py)
        with open(root / rel, "a") as handle:
            handle.write(f"# change {n}\n")
        git(root, "commit", "-qam", f"feat(api): change {n}" if n % 2 else f"Switch step {n} to the new client")
    return root


def fresh_init(root: Path, home: Path) -> tuple[float, dict]:
    env = {**os.environ, "PICASSO_HOME": str(home)}
    started = time.perf_counter()
    out = subprocess.run([str(VENV_BIN / "picasso"), "memory", "init", "--yes", "--json", str(root)],
                         capture_output=True, text=True, env=env, check=True)  # fmt: skip
    return time.perf_counter() - started, json.loads(out.stdout)


def bench_generated(work: Path, runs: int) -> dict:
    from picasso_tui.profile.investigator import generate
    from picasso_tui.store.api import MemoryStore
    from picasso_tui.writeback.user_store import install_guards

    install_guards()  # every writer hands the store its redactor, as a front end does

    root = generated_repo(work / "generated")
    files, lines = count_lines(root)
    os.environ["PICASSO_HOME"] = str(work / "home-generated")
    shutil.rmtree(work / "home-generated", ignore_errors=True)
    samples = []
    report = None
    for _ in range(runs):
        started = time.perf_counter()
        report = generate(MemoryStore(cwd=root), root)
        samples.append(time.perf_counter() - started)
    cli = [fresh_init(root, work / "home-generated")[0] for _ in range(max(3, runs // 2))]
    assert report is not None
    return {"files": files, "lines": lines, "findings": len(report.findings), "inProcess": summary(samples),
            "firstRun": samples[0], "freshProcess": summary(cli)}  # fmt: skip


EXTERNAL = (
    ("npm CLI (/usr/lib/node_modules/npm)", Path("/usr/lib/node_modules/npm")),
    ("gsutil (google-cloud-sdk)", Path("/usr/lib/google-cloud-sdk/platform/gsutil")),
    ("CPython 3.11 stdlib (/usr/lib/python3.11)", Path("/usr/lib/python3.11")),
)


def _copy_into_git(src: Path, dst: Path, name: str) -> Path:
    if not dst.exists():
        shutil.copytree(src, dst / name if name else dst, symlinks=True,
                        ignore=shutil.ignore_patterns("__pycache__", "*.so", "*.pyc"))  # fmt: skip
        git(dst, "init", "-q", "-b", "main")
        git(dst, "add", "-A")
        git(dst, "commit", "-q", "-m", f"Import {src.name}")
    return dst


def real_trees(work: Path) -> list[tuple[str, Path]]:
    out = [("this checkout (picasso_tui)", REPO)]
    for name in ("pydantic", "textual", "numpy"):
        if (SITE / name).is_dir():
            out.append((f"site-packages/{name}", _copy_into_git(SITE / name, work / f"real-{name}", name)))
    for label, src in EXTERNAL:
        if src.is_dir():
            out.append((label, _copy_into_git(src, work / f"real-{src.name}", "")))
    return out


def bench_real(work: Path, runs: int) -> list[dict]:
    rows = []
    for label, root in real_trees(work):
        files, lines = count_lines(root)
        home = work / f"home-{root.name}"
        shutil.rmtree(home, ignore_errors=True)
        times, data = [], {}
        for _ in range(runs):
            seconds, data = fresh_init(root, home)
            times.append(seconds)
        rows.append({"tree": label, "files": files, "lines": lines, "findings": len(data["findings"]),
                     "freshProcess": summary(times)})  # fmt: skip
    return rows


def bench_staleness(work: Path, n: int, runs: int) -> dict:
    from picasso_tui.anchors.gitutil import head
    from picasso_tui.anchors.hashes import clear_cache, hashes_for
    from picasso_tui.anchors.staleness import Assessor, assess, refresh
    from picasso_tui.paths import PicassoPaths
    from picasso_tui.store.filestore import FileStore, Upsert
    from picasso_tui.store.namespaces import find_workspace
    from picasso_tui.store.schema import MemoryRecord
    from picasso_tui.writeback.user_store import install_guards

    install_guards()  # every writer hands the store its redactor, as a front end does

    root = work / "generated"
    ws = find_workspace(root)
    assert ws is not None
    commit = head(root)
    rng = random.Random(7)
    pool = sorted(str(p.relative_to(root)) for p in (root / "src").rglob("*.py"))[:2000]
    hashes = hashes_for(root, pool)
    records = []
    for i in range(n):
        sources = rng.sample(pool, rng.randint(1, 3))
        records.append(MemoryRecord.model_validate({
            "id": f"mem_bench{i:08d}", "body": f"Fact {i} about {sources[0]}.",
            "metadata": {"class": "fact", "namespace": f"account:local/projects/workspace:{ws.fingerprint}/facts",
                         "lastObservedAt": "2026-11-30T12:00:00.000Z",
                         "provenance": {"sourceFiles": sources, "sourceCommit": commit, "workspace": ws.fingerprint,
                                        "sourceHashes": {s: hashes[s] for s in sources}}},
        }))  # fmt: skip
    edited = rng.sample(pool, len(pool) // 20)
    for rel in edited:
        with open(root / rel, "a") as handle:
            handle.write("# edited for the staleness benchmark\n")
    cold, warm = [], []
    for _ in range(runs):
        clear_cache()
        started = time.perf_counter()
        verdicts = assess(records, root)
        cold.append(time.perf_counter() - started)
        started = time.perf_counter()
        assess(records, root)
        warm.append(time.perf_counter() - started)
    stale = sum(1 for v in verdicts.values() if v.score > 0)
    kept = Assessor(root)
    kept.prime(records)
    candidates = []
    for _ in range(max(20, runs)):
        started = time.perf_counter()
        kept.sync()
        [kept.assess(r) for r in records[:50]]
        candidates.append(time.perf_counter() - started)
    os.environ["PICASSO_HOME"] = str(work / "home-staleness")
    shutil.rmtree(work / "home-staleness", ignore_errors=True)
    files = FileStore(PicassoPaths.resolve(), projections=False)
    files.apply([Upsert(r) for r in records])
    started = time.perf_counter()
    report = refresh(files, root)
    refresh_s = time.perf_counter() - started
    started = time.perf_counter()
    again = refresh(files, root)
    noop_s = time.perf_counter() - started
    git(root, "checkout", "-q", "--", ".")
    return {"records": n, "files": len(pool), "editedFiles": len(edited), "staleRecords": stale,
            "assessCold": summary(cold), "assessWarm": summary(warm),
            "keptAssessorSync50Candidates": summary(candidates), "refreshOneWrite": refresh_s,
            "refreshUpdated": len(report.updated), "refreshNothingChanged": noop_s,
            "refreshNothingChangedUpdated": len(again.updated)}  # fmt: skip


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--runs", type=int, default=7)
    parser.add_argument("--records", type=int, default=10_000)
    parser.add_argument("--workdir", type=Path, default=Path("/tmp/picasso-bench-profile"))
    parser.add_argument("--json", type=Path)
    args = parser.parse_args()
    args.workdir.mkdir(parents=True, exist_ok=True)
    result = {"machine": f"{os.cpu_count()} cores", "date": time.strftime("%Y-%m-%d %H:%M UTC", time.gmtime()),
              "loadavg": Path("/proc/loadavg").read_text().split()[:3]}  # fmt: skip
    result["generated"] = bench_generated(args.workdir, args.runs)
    result["real"] = bench_real(args.workdir, max(3, args.runs // 2))
    result["staleness"] = bench_staleness(args.workdir, args.records, args.runs)
    print(json.dumps(result, indent=2))
    if args.json:
        args.json.write_text(json.dumps(result, indent=2))
    gen = result["generated"]
    assert gen["freshProcess"]["p95"] < 10, "DESIGN §8: a 50K-LOC repository profiled in under 10 s"


if __name__ == "__main__":
    main()
