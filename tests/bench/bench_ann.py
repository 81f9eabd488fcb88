"""Vector search benchmark: exact numpy search (retrieval/exact.py) vs the hnswlib index (retrieval/ann.py).

Run as a plain script (it is outside the default pytest run):

    .venv/bin/python tests/bench/bench_ann.py [--sizes 10000,100000] [--data clustered,minilm]
        [--queries 300] [--json out.json]
    .venv/bin/python tests/bench/bench_ann.py --crossover      # where HNSW starts to beat exact search

Data sets (dim 384, unit float32 rows):

- ``clustered``: n/50 random topic centres, each row a centre plus Gaussian noise (cosine ~0.7 to its centre,
  ~0.5 to a row of the same topic); queries are fresh draws around the same centres (not stored rows).
- ``minilm``: real all-MiniLM-L6-v2 embeddings (picasso_tui.retrieval.embedders.minilm) of generated
  developer-style sentences; queries are further generated sentences. Skipped when the model is not installed.
  Embeddings are cached in --workdir (embedding 100k sentences takes minutes).

Per size it measures, single query thread, after warm-up, each query timed interleaved across methods (so a busy
machine slows them alike):

1. exact search (``exact_search``), one query row and three merged rows (prompt + path + symbol);
2. ``HnswIndex`` build (M 16, ef_construction 100, all cores), search at ef 64 and 128, recall@8 vs exact;
3. save / load time and file size;
4. scoped search (allowed = a random 50% / 25% / 10% / 1% of labels): exact with a mask vs
   ``HnswIndex.search(allowed)``; * marks the one ``prefer_exact`` picks;
5. one-row incremental add and mark_deleted.

Set OPENBLAS_NUM_THREADS=1 to see exact search on one BLAS thread (the default uses every core).
"""

from __future__ import annotations

import argparse
import json
import os
import random
import statistics
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import numpy as np
import numpy.typing as npt

REPO = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(REPO))

from picasso_tui.retrieval.ann import HnswIndex  # noqa: E402
from picasso_tui.retrieval.exact import HNSW_MIN_ROWS, exact_search, prefer_exact  # noqa: E402

DIM = 384
K = 8
SEED = 20261130
Matrix = npt.NDArray[np.float32]


# ---------------------------------------------------------------------------------------------------------------------
# data
# ---------------------------------------------------------------------------------------------------------------------


def _unit(x: npt.NDArray[Any]) -> Matrix:
    x = np.asarray(x, dtype=np.float32)
    return (x / np.linalg.norm(x, axis=1, keepdims=True)).astype(np.float32)


def clustered(n: int, n_queries: int, seed: int = SEED) -> tuple[Matrix, Matrix]:
    rng = np.random.default_rng(seed)
    n_centres = max(20, n // 50)
    centres = _unit(rng.standard_normal((n_centres, DIM)))
    sigma = np.float32(0.052)  # |noise| ~ 1.02: cosine ~0.7 to the centre

    def draw(count: int) -> Matrix:
        picks = rng.integers(0, n_centres, count)
        return _unit(centres[picks] + sigma * rng.standard_normal((count, DIM)).astype(np.float32))

    return draw(n), draw(n_queries)


_LANGS = ["python", "typescript", "go", "rust", "java", "kotlin", "ruby", "c++", "swift", "elixir"]
_TOOLS = [
    "pytest", "vitest", "jest", "cargo test", "go test", "ruff", "eslint", "prettier", "black", "mypy", "pnpm",
    "poetry", "uv", "gradle", "maven", "bazel", "make", "docker compose", "terraform", "helm", "alembic", "prisma",
]  # fmt: skip
_DIRS = ["src", "lib", "app", "pkg", "internal", "services", "packages/web", "packages/api", "cmd", "tools"]
_MODS = [
    "auth", "billing", "search", "sync", "cache", "queue", "payments", "users", "orders", "notifications",
    "indexer", "scheduler", "gateway", "storage", "metrics", "config", "session", "upload", "export", "webhooks",
]  # fmt: skip
_EXT = {"python": "py", "typescript": "ts", "go": "go", "rust": "rs", "java": "java", "kotlin": "kt", "ruby": "rb"}
_THINGS = [
    "retry policy", "connection pool", "feature flag", "rate limiter", "database migration", "error handler",
    "logging format", "API client", "job runner", "config loader", "test fixture", "JWT validation", "cache key",
    "pagination cursor", "date parsing", "CSV export", "webhook signature", "background worker", "lock file",
]  # fmt: skip
_ERRORS = ["HTTP 503", "ECONNRESET", "E11000 duplicate key", "OOMKilled", "deadlock detected", "timeout after 30s",
           "ModuleNotFoundError", "segfault in CI", "flaky snapshot", "401 Unauthorized", "stale lockfile"]  # fmt: skip
_TEMPLATES = [
    "Use {tool} to run the {mod} checks before committing changes under {path}.",
    "The {mod} service retries {n} times with exponential backoff when it sees {err}.",
    "In {lang} code, prefer {style} for the {thing} in {path}.",
    "Never edit {path} by hand; it is generated from the {mod} schema by {tool}.",
    "We decided to replace the {thing} in the {mod} module because of repeated {err} errors.",
    "{err} in the {mod} tests usually means the {thing} was not reset between runs.",
    "Keep {lang} functions in {path} under {n} lines and give the {thing} its own file.",
    "The {thing} for {mod} lives in {path} and is configured through environment variables.",
    "Run `{tool}` from the repository root, not from {dir}, or the {mod} paths break.",
    "When {tool} fails with {err}, clear the cache directory and rerun the {mod} suite.",
    "Model notes: the agent kept breaking the {thing} in {path}; ask before touching it.",
    "Workflow: update {path}, run {tool}, then open a pull request tagged {mod}.",
    "The {mod} team prefers {style} over the old {thing} everywhere in {dir}.",
    "Function {func} in {path} must stay backwards compatible with {n} older clients.",
    "Failure pattern: {func} raises {err} when the {thing} is empty; guard it first.",
]
_STYLES = ["dataclasses", "small pure functions", "typed errors", "early returns", "dependency injection",
           "async handlers", "explicit imports", "snake_case names", "table-driven tests", "immutable records"]  # fmt: skip


def sentences(n: int, seed: int) -> list[str]:
    rng = random.Random(seed)
    out: list[str] = []
    seen: set[str] = set()
    while len(out) < n:
        lang = rng.choice(_LANGS)
        mod = rng.choice(_MODS)
        d = rng.choice(_DIRS)
        path = f"{d}/{mod}/{rng.choice(_MODS)}_{rng.choice(['client', 'service', 'utils', 'models', 'handlers'])}"
        path += f".{_EXT.get(lang, 'py')}"
        func = f"{rng.choice(['get', 'load', 'sync', 'parse', 'build', 'send'])}{rng.choice(_MODS).title()}"
        text = rng.choice(_TEMPLATES).format(
            tool=rng.choice(_TOOLS),
            mod=mod,
            path=path,
            n=rng.randint(2, 200),
            err=rng.choice(_ERRORS),
            lang=lang,
            style=rng.choice(_STYLES),
            thing=rng.choice(_THINGS),
            dir=d,
            func=func,
        )
        if text not in seen:
            seen.add(text)
            out.append(text)
    return out


def minilm(n: int, n_queries: int, workdir: Path, n_max: int = 0) -> tuple[Matrix, Matrix] | None:
    try:
        from picasso_tui.retrieval.embedders.minilm import MiniLMEmbedder, model_path
    except ImportError:
        return None
    if model_path() is None:
        return None
    workdir.mkdir(parents=True, exist_ok=True)
    embedder: Any = None

    def cached(name: str, texts: Callable[[], list[str]]) -> Matrix:
        nonlocal embedder
        file = workdir / f"minilm-{name}.npy"
        if file.exists():
            return np.load(file)
        embedder = embedder or MiniLMEmbedder()
        items = texts()
        start = time.perf_counter()
        vectors = np.ascontiguousarray(embedder.embed(items), dtype=np.float32)
        took = time.perf_counter() - start
        print(f"  embedded {len(items)} sentences in {took:.1f} s ({1000 * took / len(items):.2f} ms each)")
        np.save(file, vectors)
        return vectors

    # sentences(n) is a prefix of sentences(m) for m > n: embed the largest size once, slice the others.
    n_all = max(n, n_max)
    matrix = cached(f"rows-{n_all}", lambda: sentences(n_all, SEED))[:n]
    queries = cached(f"queries-{n_queries}", lambda: sentences(n_queries, SEED + 1))
    return np.ascontiguousarray(matrix), queries


# ---------------------------------------------------------------------------------------------------------------------
# measuring
# ---------------------------------------------------------------------------------------------------------------------


def pct(samples: list[float]) -> tuple[float, float]:
    ms = np.array(samples) * 1e3
    return float(np.percentile(ms, 50)), float(np.percentile(ms, 95))


def recall(found: list[tuple[int, float]], truth: list[tuple[int, float]]) -> float:
    want = {label for label, _ in truth}
    return len(want & {label for label, _ in found}) / max(1, len(want))


def query_sets(queries: Matrix, count: int, rows: int, seed: int) -> list[Matrix]:
    rng = np.random.default_rng(seed)
    return [np.ascontiguousarray(queries[rng.choice(len(queries), rows, replace=False)]) for _ in range(count)]


def timed_interleaved(
    methods: dict[str, Callable[[Matrix], list[tuple[int, float]]]], qsets: list[Matrix], warmup: int = 20
) -> tuple[dict[str, list[float]], dict[str, list[list[tuple[int, float]]]]]:
    for q in qsets[:warmup]:
        for fn in methods.values():
            fn(q)
    times: dict[str, list[float]] = {name: [] for name in methods}
    results: dict[str, list[list[tuple[int, float]]]] = {name: [] for name in methods}
    for q in qsets:
        for name, fn in methods.items():
            start = time.perf_counter()
            hits = fn(q)
            times[name].append(time.perf_counter() - start)
            results[name].append(hits)
    return times, results


def run_size(data: str, matrix: Matrix, queries: Matrix, args: argparse.Namespace) -> list[dict[str, Any]]:
    n = matrix.shape[0]
    labels = np.arange(n, dtype=np.int64)
    rows: list[dict[str, Any]] = []

    def row(method: str, **values: Any) -> None:
        rows.append({"data": data, "n": n, "method": method, **values})
        print("  " + format_row(rows[-1]), flush=True)

    start = time.perf_counter()
    index = HnswIndex.build(labels, matrix)
    build_s = time.perf_counter() - start

    for qrows in (1, 3):
        qsets = query_sets(queries, args.queries, qrows, SEED + qrows)
        methods: dict[str, Callable[[Matrix], list[tuple[int, float]]]] = {
            "exact": lambda q: exact_search(matrix, labels, q, K),
            "hnsw ef64": lambda q: index.search(q, K, ef=64),
            "hnsw ef128": lambda q: index.search(q, K, ef=128),
        }
        times, results = timed_interleaved(methods, qsets)
        for name in methods:
            p50, p95 = pct(times[name])
            r = statistics.fmean(recall(f, t) for f, t in zip(results[name], results["exact"], strict=True))
            row(f"{name} q{qrows}", build_s=0.0 if name == "exact" else build_s, p50=p50, p95=p95, recall=r)

    with tempfile.TemporaryDirectory(prefix="bench-ann-") as tmp:
        path = Path(tmp) / "vectors.hnsw"
        start = time.perf_counter()
        index.save(path)
        save_s = time.perf_counter() - start
        size_mb = sum(f.stat().st_size for f in Path(tmp).iterdir()) / 1e6
        start = time.perf_counter()
        loaded = HnswIndex.load(path, DIM)
        load_s = time.perf_counter() - start
        assert len(loaded) == n
        npy = Path(tmp) / "matrix.npy"
        start = time.perf_counter()
        np.save(npy, matrix)
        npy_save = time.perf_counter() - start
        start = time.perf_counter()
        np.load(npy)
        npy_load = time.perf_counter() - start
    row("persist hnsw", save_s=save_s, load_s=load_s, file_mb=size_mb)
    row("persist matrix .npy", save_s=npy_save, load_s=npy_load, file_mb=matrix.nbytes / 1e6)

    rng = np.random.default_rng(SEED)
    qsets = query_sets(queries, max(50, args.queries // 3), 1, SEED + 7)
    for fraction in (0.5, 0.25, 0.1, 0.01):
        mask = rng.random(n) < fraction
        allowed = set(np.flatnonzero(mask).tolist())
        chosen = "exact" if prefer_exact(n, len(allowed)) else "hnsw"  # marked * in the table
        methods = {
            "exact": lambda q, mask=mask: exact_search(matrix, labels, q, K, mask),
            "hnsw": lambda q, allowed=allowed: index.search(q, K, allowed),
        }
        times, results = timed_interleaved(methods, qsets, warmup=5)
        for name in methods:
            assert all(label in allowed for hits in results[name] for label, _ in hits)
            p50, p95 = pct(times[name])
            r = statistics.fmean(recall(f, t) for f, t in zip(results[name], results["exact"], strict=True))
            star = " *" if name == chosen else ""
            row(f"scoped {fraction:.0%} {name}{star}", p50=p50, p95=p95, recall=r)

    extra = _unit(rng.standard_normal((100, DIM)))
    add_t, del_t = [], []
    for i in range(extra.shape[0]):
        start = time.perf_counter()
        index.add([n + i], extra[i : i + 1])
        add_t.append(time.perf_counter() - start)
    for i in range(extra.shape[0]):
        start = time.perf_counter()
        index.mark_deleted([n + i])
        del_t.append(time.perf_counter() - start)
    row("hnsw add 1 row", p50=pct(add_t)[0], p95=pct(add_t)[1])
    row("hnsw mark_deleted 1", p50=pct(del_t)[0], p95=pct(del_t)[1])
    return rows


def format_row(r: dict[str, Any]) -> str:
    def f(key: str, fmt: str) -> str:
        return format(r[key], fmt) if key in r else ""

    return (
        f"| {r['data']} | {r['n']:,} | {r['method']} | {f('build_s', '.2f')} | {f('p50', '.3f')} | {f('p95', '.3f')} "
        f"| {f('recall', '.3f')} | {f('save_s', '.3f')} | {f('load_s', '.3f')} | {f('file_mb', '.1f')} |"
    )


HEADER = (
    "| data | rows | method | build s | p50 ms | p95 ms | recall@8 | save s | load s | file MB |\n"
    "|---|---|---|---|---|---|---|---|---|---|"
)


def crossover(args: argparse.Namespace) -> list[dict[str, Any]]:
    """Exact vs HNSW (ef 64) query time over store sizes, one and three query rows, clustered data."""
    print("\n## crossover (clustered, k 8, ef 64)\n")
    print("| rows | build s | exact q1 p50/p95 | hnsw q1 p50/p95 | exact q3 p50/p95 | hnsw q3 p50/p95 | recall@8 |")
    print("|---|---|---|---|---|---|---|")
    out = []
    for n in args.crossover_sizes:
        matrix, queries = clustered(n, 1000)
        labels = np.arange(n, dtype=np.int64)
        start = time.perf_counter()
        index = HnswIndex.build(labels, matrix)
        build_s = time.perf_counter() - start
        cells: dict[str, Any] = {"n": n, "build_s": build_s}
        for qrows in (1, 3):
            methods: dict[str, Callable[[Matrix], list[tuple[int, float]]]] = {
                "exact": lambda q, m=matrix, lb=labels: exact_search(m, lb, q, K),
                "hnsw": lambda q, ix=index: ix.search(q, K),
            }
            times, results = timed_interleaved(methods, query_sets(queries, args.queries, qrows, SEED + qrows))
            for name in methods:
                cells[f"{name}_q{qrows}"] = pct(times[name])
            cells[f"recall_q{qrows}"] = statistics.fmean(
                recall(f, t) for f, t in zip(results["hnsw"], results["exact"], strict=True)
            )
        out.append(cells)

        def pp(v: tuple[float, float]) -> str:
            return f"{v[0]:.3f} / {v[1]:.3f}"

        print(
            f"| {n:,} | {build_s:.2f} | {pp(cells['exact_q1'])} | {pp(cells['hnsw_q1'])} | {pp(cells['exact_q3'])} "
            f"| {pp(cells['hnsw_q3'])} | {cells['recall_q1']:.3f} |",
            flush=True,
        )
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--sizes", default="10000,100000")
    parser.add_argument("--data", default="clustered,minilm")
    parser.add_argument("--queries", type=int, default=300)
    parser.add_argument("--crossover", action="store_true", help="only the exact-vs-HNSW crossover table")
    parser.add_argument("--crossover-sizes", default="1000,2000,3000,5000,7500,10000,15000,20000,50000")
    parser.add_argument("--workdir", type=Path, default=Path(tempfile.gettempdir()) / "picasso-bench-ann")
    parser.add_argument("--json", type=Path)
    args = parser.parse_args()
    args.crossover_sizes = [int(s) for s in args.crossover_sizes.split(",")]
    print(
        f"# bench_ann: {os.cpu_count()} CPUs, OPENBLAS_NUM_THREADS={os.environ.get('OPENBLAS_NUM_THREADS', 'all')}, "
        f"load average {os.getloadavg()[0]:.2f}, HNSW_MIN_ROWS={HNSW_MIN_ROWS}"
    )
    report: dict[str, Any] = {}
    if args.crossover:
        report["crossover"] = crossover(args)
    else:
        rows: list[dict[str, Any]] = []
        print("\n" + HEADER)
        sizes = [int(s) for s in args.sizes.split(",")]
        for data in args.data.split(","):
            for n in sizes:
                if data == "clustered":
                    matrix, queries = clustered(n, 1000)
                elif data == "minilm":
                    got = minilm(n, 1000, args.workdir, max(sizes))
                    if got is None:
                        print(f"| minilm | {n:,} | skipped: the model is not installed | | | | | | | |")
                        continue
                    matrix, queries = got
                else:
                    raise SystemExit(f"unknown data set {data}")
                rows += run_size(data, matrix, queries, args)
        report["rows"] = rows
    print(f"\nload average at the end: {os.getloadavg()[0]:.2f}")
    if args.json:
        args.json.write_text(json.dumps(report, indent=1))


if __name__ == "__main__":
    main()
