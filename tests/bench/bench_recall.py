"""Retrieval budgets (DESIGN §8): query to block in a resident process, and a cold
`picasso memory recall`, at N records in one workspace. Not a timed test: copy the figures into
docs/benchmarks.md.

    .venv/bin/python tests/bench/bench_recall.py [--records 10000] [--embedder minilm|hash] [--queries 100] [--cold 20]
"""

from __future__ import annotations

import argparse
import compileall
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import picasso_tui
from picasso_tui.paths import PicassoPaths
from picasso_tui.store.codec import RawDocument, encode
from picasso_tui.store.ids import new_id
from picasso_tui.store.namespaces import find_workspace

TOPICS = ["router", "handler", "auth token", "cache", "session", "migration", "schema", "vitest", "pytest",
          "build", "deploy", "queue", "retry", "logging", "config", "database", "release", "lint"]  # fmt: skip
PROMPTS = [f"how should I change the {t} code in module {i}" for i, t in enumerate(TOPICS * 6)]


def summary(samples: list[float]) -> str:
    ordered = sorted(samples)
    p95 = ordered[min(len(ordered) - 1, round(0.95 * (len(ordered) - 1)))]
    return f"median {statistics.median(ordered):.1f} ms, p95 {p95:.1f} ms (n={len(ordered)})"


def seed(paths: PicassoPaths, fingerprint: str, n: int) -> None:
    classes = [("fact", "facts"), ("decision", "decisions"), ("failure", "failures"), ("workflow", "workflows"),
               ("repo_rule", "repo_rules")]  # fmt: skip
    base = int(time.time() * 1000) - n * 1000
    records = {}
    for i in range(n):
        cls, leaf = classes[i % len(classes)]
        rid = new_id(base + i * 1000)
        topic = TOPICS[i % len(TOPICS)]
        records[rid] = {"id": rid, "vector": [], "body": f"Note {i}: the {topic} code in module {i % 50} follows rule {i % 7}.",
                        "metadata": {"class": cls, "namespace": f"account:local/projects/workspace:{fingerprint}/{leaf}",
                                     "createdAt": "2026-11-01T00:00:00.000Z", "lastObservedAt": "2026-11-20T00:00:00.000Z"}}  # fmt: skip
    paths.root.mkdir(parents=True, exist_ok=True)
    paths.memory_file.write_bytes(encode(RawDocument(records=records)))


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--records", type=int, default=10_000)
    parser.add_argument("--embedder", default="minilm")
    parser.add_argument("--queries", type=int, default=100)
    parser.add_argument("--cold", type=int, default=20, help="Fresh `picasso memory recall` processes to time.")
    parser.add_argument("--home", type=Path, help="Keep the seeded home and its vector cache here and reuse them "
                        "(embedding 100k records takes many minutes; later runs then measure a warm cache).")  # fmt: skip
    args = parser.parse_args()
    keep = args.home is not None
    home = args.home or Path(tempfile.mkdtemp(prefix="picasso-bench-recall-"))
    repo = home / "repo"
    if not repo.exists():
        repo.mkdir(parents=True)
        subprocess.run(["git", "init", "-q", str(repo)], check=True)
        subprocess.run(["git", "-C", str(repo), "remote", "add", "origin", "git@github.com:acme/bench.git"], check=True)
        for i in range(50):  # a workspace with tracked files, as a real one has (its main language: python)
            (repo / f"module_{i}.py").write_text(f"VALUE = {i}\n")
        subprocess.run(["git", "-C", str(repo), "add", "-A"], check=True)
    os.environ["PICASSO_HOME"] = str(home / "home")
    try:
        from picasso_tui import settings
        from picasso_tui.retrieval.pipeline import Retriever
        from picasso_tui.store.api import MemoryStore

        paths = PicassoPaths.resolve()
        settings.set_value("retrieval.embedder", args.embedder, paths)
        ws = find_workspace(repo)
        assert ws is not None
        if not paths.memory_file.exists():
            seed(paths, ws.fingerprint, args.records)
        store = MemoryStore(paths, cwd=repo)
        t0 = time.perf_counter()
        retriever = Retriever.for_store(store, language="python", graph=False)
        retriever.refresh()
        print(f"{args.records} records, embedder {retriever.embedder.model_id}: index build (embed what the cache "
              f"lacks) {time.perf_counter() - t0:.1f} s; embedded {retriever.last_sync.embedded}")  # fmt: skip
        t0 = time.perf_counter()
        again = Retriever.for_store(store, language="python", graph=False)
        again.refresh()
        print(f"reopen from the cache: {time.perf_counter() - t0:.2f} s (embedded {again.last_sync.embedded})")
        t0 = time.perf_counter()
        graphed = Retriever.for_store(store, language="python")
        graphed.refresh()
        if graphed.vectors._building is not None:
            graphed.vectors._building.join()  # resident processes build it in the background; wait here
        print(f"hnsw graph ready (loaded or built) in {time.perf_counter() - t0:.1f} s")
        for name, r in (("exact", retriever), ("hnsw", graphed)):
            r.query_vectors.capacity = 0  # every query pays for its forward pass, repeated prompt or not
            for prompt in PROMPTS[:5]:
                r.recall(prompt, emit=False)  # warm-up
            if getattr(r.embedder, "_building", None) is not None:
                r.embedder._building.join()  # the weight panels a resident embedder builds in the background
            parts: dict[str, list[float]] = {}
            modes = set()
            for i in range(args.queries):
                result = r.recall(PROMPTS[i % len(PROMPTS)], emit=False)
                modes.add(result.search)
                for key, value in result.timings_ms.items():
                    parts.setdefault(key, []).append(value)
            detail = ", ".join(f"{k} {statistics.median(v):.1f}" for k, v in parts.items() if k != "total")
            print(f"resident ({name}, searched {'/'.join(sorted(modes))}), query to block: {summary(parts['total'])}; "
                  f"medians: {detail}")  # fmt: skip

        # What an installed package has: bytecode for every module. A checkout's may be stale or missing
        # (PYTHONDONTWRITEBYTECODE), and compiling the changed modules in every process would be timed.
        compileall.compile_dir(Path(picasso_tui.__file__).parent, quiet=1)

        def cold_recall(prompt: str) -> float:
            started = time.perf_counter()
            # -m picasso_tui.cli: what the `picasso` script runs (picasso_tui.cli.launch)
            subprocess.run([sys.executable, "-m", "picasso_tui.cli", "memory", "recall", prompt], cwd=repo,
                           check=True, capture_output=True)  # fmt: skip
            return (time.perf_counter() - started) * 1000

        saved = paths.cache_dir / "recall"
        first = []
        for i in range(min(5, args.cold)):  # the first recall after memory.json changed: full refresh, then save
            shutil.rmtree(saved, ignore_errors=True)
            first.append(cold_recall(PROMPTS[i]))
        print(f"cold `picasso memory recall`, first after a change (decodes memory.json, saves its index): "
              f"{summary(first)}")  # fmt: skip
        cold = [cold_recall(PROMPTS[i % len(PROMPTS)]) for i in range(args.cold)]
        print(f"cold `picasso memory recall` (process start to block, from the saved index): {summary(cold)}; "
              f"load average {' '.join(f'{x:.2f}' for x in os.getloadavg())}")  # fmt: skip
    finally:
        if not keep:
            shutil.rmtree(home, ignore_errors=True)


if __name__ == "__main__":
    main()
