"""TUI budgets (DESIGN §8): first frame with 10k records, a filter keystroke, and a write by
another process becoming visible. Not a timed test: run it and copy the figures into
docs/benchmarks.md.

    .venv/bin/python tests/bench/bench_tui.py [--records 10000] [--samples 30] [--size 160x45] [--skip-write]
"""

from __future__ import annotations

import argparse
import asyncio
import multiprocessing as mp
import os
import shutil
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))
os.environ.setdefault("TEXTUAL_ANIMATIONS", "none")

from picasso_tui.paths import PicassoPaths
from picasso_tui.store.codec import RawDocument, encode
from picasso_tui.store.filestore import FileStore, Upsert
from picasso_tui.store.ids import new_id
from picasso_tui.store.schema import MemoryRecord

CLASSES = [("fact", "facts"), ("decision", "decisions"), ("failure", "failures"), ("workflow", "workflows"),
           ("repo_rule", "repo_rules")]  # fmt: skip
WORDS = [
    "router",
    "handler",
    "auth",
    "token",
    "cache",
    "session",
    "migration",
    "schema",
    "vitest",
    "pytest",
    "build",
    "deploy",
    "queue",
]


def seed(paths: PicassoPaths, n: int) -> None:
    records = {}
    base_ms = int(time.time() * 1000) - n * 1000
    for i in range(n):
        cls, leaf = CLASSES[i % len(CLASSES)]
        rid = new_id(base_ms + i * 1000)
        words = " ".join(WORDS[(i + k) % len(WORDS)] for k in range(12))
        records[rid] = {
            "id": rid,
            "vector": [],
            "body": f"Memory {i}: {words} in src/module_{i % 97}/file_{i % 13}.ts",
            "metadata": {
                "class": cls,
                "namespace": f"account:local/global/{leaf}",
                "createdAt": "2026-11-01T00:00:00.000Z",
                "lastObservedAt": "2026-11-20T00:00:00.000Z",
                "pinned": i % 50 == 0,
                "edges": [{"type": "fact->file", "target": f"file:src/module_{i % 97}/file_{i % 13}.ts"}],
                "provenance": {"sourceFiles": [f"src/module_{i % 97}/file_{i % 13}.ts"]},
            },
        }
    paths.root.mkdir(parents=True, exist_ok=True)
    paths.memory_file.write_bytes(encode(RawDocument(records=records)))


def summary(samples: list[float]) -> str:
    ordered = sorted(samples)
    p95 = ordered[min(len(ordered) - 1, round(0.95 * (len(ordered) - 1)))]
    return f"median {statistics.median(ordered) * 1000:.1f} ms, p95 {p95 * 1000:.1f} ms (n={len(ordered)})"


def writer(paths_home: str, go: mp.Queue, done: mp.Queue) -> None:
    """Another process: writes one memory each time it is told to."""
    os.environ["PICASSO_HOME"] = paths_home
    from picasso_tui.writeback.user_store import install_guards

    install_guards()  # every writer hands the store its redactor (store/ingress.py)
    store = FileStore(PicassoPaths.resolve())
    while (body := go.get()) is not None:
        record = MemoryRecord.model_validate({"id": new_id(), "body": body, "metadata": {
            "class": "fact", "namespace": "account:local/global/facts",
            "createdAt": "2026-11-30T00:00:00.000Z", "lastObservedAt": "2026-11-30T00:00:00.000Z"}})  # fmt: skip
        store.apply([Upsert(record)])
        # The write lands when memory.json is replaced: its mtime is the temp file's last write, just
        # before the fsync and the rename (the projections this writer regenerates afterwards do not count).
        done.put(os.stat(store.paths.memory_file).st_mtime)


async def measure(n: int, samples: int, size: tuple[int, int] = (200, 50), skip_write: bool = False) -> None:
    from picasso_tui.store.api import MemoryStore
    from picasso_tui.tui.app import PicassoApp
    from picasso_tui.tui.widgets.record_list import RecordList

    cwd = Path(tempfile.mkdtemp(prefix="picasso-bench-cwd-"))
    store = MemoryStore(cwd=cwd)

    # 1. First frame, and records on screen.
    started = time.perf_counter()
    app = PicassoApp(store, watch=True, start_in_inspector=True)
    async with app.run_test(size=size) as pilot:
        first_frame = time.perf_counter() - started
        while not app.loaded:
            await pilot.pause(0.005)
        loaded = time.perf_counter() - started
        await pilot.pause()
        shown = sum(len(lst.records) for lst in app.screen.query(RecordList))
        print(f"records: {n}; first frame {first_frame * 1000:.0f} ms; all {shown} rows ready {loaded * 1000:.0f} ms")

        # 2. A filter keystroke: parse, filter 10k records, hand the rows to seven columns, repaint.
        box = app.screen.query_one("#filter")
        # pilot.pause() returns after a 20 ms slice with no work, so its wall time comes in 20 ms steps;
        # the moment the screen's last update is composed is timed as well ("to the frame").
        painted: list[float] = []
        screen = app.screen
        compose_frame = screen._compositor_refresh

        def timed_refresh() -> None:
            compose_frame()
            painted.append(time.perf_counter())

        screen._compositor_refresh = timed_refresh  # type: ignore[method-assign]
        times, cpu, frames = [], [], []
        text = "router src/module_4"
        for i in range(samples):
            value = text[: 1 + i % len(text)]
            painted.clear()
            t0, c0 = time.perf_counter(), time.process_time()
            box.value = value
            await pilot.pause()
            times.append(time.perf_counter() - t0)
            cpu.append(time.process_time() - c0)
            if painted:
                frames.append(painted[-1] - t0)
        screen._compositor_refresh = compose_frame  # type: ignore[method-assign]
        print(f"filter keystroke to repaint: {summary(times)}; CPU time {summary(cpu)}")
        print(f"filter keystroke to the frame: {summary(frames)}")
        box.value = ""
        await pilot.pause()

        if skip_write:
            return

        # 3. A write by another process, until its row is on screen.
        go: mp.Queue = mp.get_context("fork").Queue()
        done: mp.Queue = mp.get_context("fork").Queue()
        child = mp.get_context("fork").Process(target=writer, args=(os.environ["PICASSO_HOME"], go, done))
        child.start()
        facts = app.screen.query_one("#list-fact", RecordList)
        latencies = []
        for i in range(samples):
            body = f"External write {i}"
            go.put(body)
            sent = await asyncio.get_running_loop().run_in_executor(None, done.get)
            deadline = time.time() + 5
            while time.time() < deadline:
                await pilot.pause(0.002)
                if any(r.body == body for r in facts.records[:5]):
                    latencies.append(time.time() - sent)
                    break
            else:
                raise SystemExit(f"write {i} never appeared")
        go.put(None)
        child.join()
        print(f"external write to visible ({app.live_state}): {summary(latencies)}")


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--records", type=int, default=10_000)
    parser.add_argument("--samples", type=int, default=30)
    parser.add_argument("--size", default="200x50", help="terminal size, WIDTHxHEIGHT")
    parser.add_argument("--skip-write", action="store_true", help="first frame and keystrokes only (100k)")
    args = parser.parse_args()
    width, height = (int(part) for part in args.size.split("x"))
    home = Path(tempfile.mkdtemp(prefix="picasso-bench-tui-"))
    os.environ["PICASSO_HOME"] = str(home)
    try:
        seed(PicassoPaths.resolve(), args.records)
        asyncio.run(measure(args.records, args.samples, (width, height), args.skip_write))
    finally:
        shutil.rmtree(home, ignore_errors=True)


if __name__ == "__main__":
    main()
