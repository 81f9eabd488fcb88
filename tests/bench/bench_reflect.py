"""Reflection + write for a 1 MB transcript (budget: under 1 s). Not collected by pytest; run as a script:

    .venv/bin/python tests/bench/bench_reflect.py [--runs 20] [--records 1000] [--mb 1.0]

Everything goes under --workdir (default /tmp/picasso-bench-reflect) with PICASSO_HOME pointing there.
Each run starts from the same seeded memory.json (copied back, untimed) inside a git repository, and
times: parsing the JSON-lines transcript, the rule classifier, policy, redaction, reinforcement and
the one store write (lock, re-read, merge, replace, projections). A second series times the same
transcript against the store it already wrote (the reinforcement path).
"""

from __future__ import annotations

import argparse
import os
import random
import shutil
import statistics
import subprocess
import sys
import time
from pathlib import Path

import orjson


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(q * (len(ordered) - 1)))]


def make_transcript(target_bytes: int) -> bytes:
    from picasso_tui.writeback.transcript import Transcript

    rng = random.Random(7)
    t = Transcript("sess_BENCH")
    t.add("prompt", text="Refactor the billing module to use the new invoice API, keep tests green.")
    t.add("injected", ids=[f"mem_{i:026d}" for i in range(8)])
    t.add("plan", ref="plans/billing.md", approved=True,
          text="Decision: move invoice creation to src/billing/invoices.py\nRationale: one owner for invoices")  # fmt: skip
    words = [
        "invoice",
        "billing",
        "customer",
        "amount",
        "total",
        "tax",
        "refund",
        "ledger",
        "account",
        "period",
        "currency",
        "line",
        "item",
    ]
    n = size = 0
    while size < target_bytes:  # agent chatter, with a tool call (30 lines of output) every 25 lines
        n += 1
        if n % 25 == 0:
            cmd = rng.choice(
                ["pytest -q tests/billing", "npm run build", "ruff check .", "pytest -q tests/test_tax.py"]
            )
            ok = rng.random() > 0.3
            added = [t.add("tool_call", tool="bash", input={"command": cmd})]
            out = "\n".join(" ".join(rng.choices(words, k=12)) for _ in range(30))
            added.append(t.add("tool_result", tool="bash", ok=ok, exitCode=0 if ok else 1,
                  output=out + ("" if ok else "\nFAILED tests/billing/test_x.py::test_total - AssertionError")))  # fmt: skip
        else:
            added = [t.add("output", text=" ".join(rng.choices(words, k=16)))]
        size += sum(len(orjson.dumps(e.as_json())) + 1 for e in added)
    t.add("files_changed", files=[{"path": f"src/billing/m{i}.py", "status": "M"} for i in range(12)])
    t.add("verify", command="pytest -q", exitCode=0, output="120 passed", durationMs=3000)
    t.add("correction", text="Don't use float for money, use Decimal instead.")
    t.add("reflection", outcome="success", exitCode=0, summary="exit 0; 12 files changed; verification passed")
    return t.to_jsonl()


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--runs", type=int, default=20)
    ap.add_argument("--records", type=int, default=1000)
    ap.add_argument("--mb", type=float, default=1.0)
    ap.add_argument("--workdir", default="/tmp/picasso-bench-reflect")
    args = ap.parse_args()
    work = Path(args.workdir)
    shutil.rmtree(work, ignore_errors=True)
    repo = work / "repo"
    repo.mkdir(parents=True)
    os.environ["PICASSO_HOME"] = str(work / "home")
    env = {**os.environ, "GIT_AUTHOR_NAME": "b", "GIT_AUTHOR_EMAIL": "b@x", "GIT_COMMITTER_NAME": "b",
           "GIT_COMMITTER_EMAIL": "b@x"}  # fmt: skip
    subprocess.run(["git", "init", "-q", "-b", "main"], cwd=repo, check=True, env=env)
    (repo / "app.py").write_text("x = 1\n")
    subprocess.run(["git", "add", "-A"], cwd=repo, check=True, env=env)
    subprocess.run(["git", "commit", "-qm", "init"], cwd=repo, check=True, env=env)

    from picasso_tui.paths import PicassoPaths
    from picasso_tui.store.api import MemoryStore
    from picasso_tui.store.filestore import Upsert
    from picasso_tui.store.ids import new_id
    from picasso_tui.store.schema import MemoryRecord, format_timestamp, utc_now
    from picasso_tui.writeback.transcript import Transcript
    from picasso_tui.writeback.user_store import install_guards
    from picasso_tui.writeback.write import reflect

    install_guards()  # every writer hands the store its redactor, as a front end does

    paths = PicassoPaths.resolve()
    store = MemoryStore(paths, cwd=repo)
    ns = f"account:local/projects/workspace:{store.workspace.fingerprint}/"
    now = format_timestamp(utc_now())
    seed = [
        MemoryRecord.model_validate({"id": new_id(), "body": f"Seed memory {i} about module m{i % 50}.",
            "metadata": {"class": "fact", "namespace": ns + ("facts", "failures", "decisions")[i % 3],
                         "createdAt": now, "lastObservedAt": now}})
        for i in range(args.records)
    ]  # fmt: skip
    store.files.apply([Upsert(r) for r in seed], event="seed")
    seeded = paths.memory_file.read_bytes()
    data = make_transcript(int(args.mb * 1024 * 1024))
    lines = data.splitlines()

    def once() -> tuple[float, float, int]:
        t0, c0 = time.perf_counter(), time.process_time()
        transcript = Transcript.from_lines(lines)
        report = reflect(transcript, MemoryStore(paths, cwd=repo), agent="bench-agent")
        return time.perf_counter() - t0, time.process_time() - c0, len(report.written_ids)

    fresh, again, fresh_cpu, again_cpu = [], [], [], []
    written = 0
    for _ in range(args.runs):
        paths.memory_file.write_bytes(seeded)
        seconds, cpu, written = once()
        fresh.append(seconds)
        fresh_cpu.append(cpu)
        seconds, cpu, _ = once()
        again.append(seconds)
        again_cpu.append(cpu)
    print(f"transcript {len(data) / 1024 / 1024:.2f} MB, {len(lines)} lines; store {args.records} records; "
          f"{written} memories per run; python {sys.version.split()[0]}")  # fmt: skip
    print(f"load average {os.getloadavg()[0]:.1f}")
    print("| series | runs | median | p95 | CPU median | CPU p95 |")
    print("| --- | --- | --- | --- | --- | --- |")
    series = (("first reflection (adds)", fresh, fresh_cpu), ("same run again (reinforces)", again, again_cpu))
    for name, values, cpu in series:
        print(f"| {name} | {len(values)} | {statistics.median(values) * 1000:.0f} ms | "
              f"{percentile(values, 0.95) * 1000:.0f} ms | {statistics.median(cpu) * 1000:.0f} ms | "
              f"{percentile(cpu, 0.95) * 1000:.0f} ms |")  # fmt: skip


if __name__ == "__main__":
    main()
