"""Sync benchmark: two devices and a loopback sync server (SQLite, or PostgreSQL by URL).

Run as a plain script (outside the default pytest run):

    .venv/bin/python tests/bench/bench_sync.py [--sizes 1000,10000] [--incremental 20]
        [--database postgresql://picasso:picasso@127.0.0.1/picasso_bench]

Per size: device A pushes N new records (first sync, key creation included); device B pulls them
all (first sync); then --incremental rounds of "A edits one record, A syncs, B syncs", timed per
sync (median and p95); and the cost of sealing and opening one envelope.
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import tempfile
import threading
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

import keyring  # noqa: E402
import uvicorn  # noqa: E402

from picasso_tui.store.api import MemoryStore  # noqa: E402
from picasso_tui.store.filestore import Upsert  # noqa: E402
from picasso_tui.store.ids import new_id  # noqa: E402
from picasso_tui.store.schema import MemoryRecord, format_timestamp, utc_now  # noqa: E402
from picasso_tui.sync import auth  # noqa: E402
from picasso_tui.sync.client import sync_now  # noqa: E402
from picasso_tui.sync.envelope import open_record, seal_record  # noqa: E402
from picasso_tui.sync.server.app import create_app  # noqa: E402
from picasso_tui.writeback.user_store import install_guards  # noqa: E402

install_guards()  # every writer hands the store its redactor, as a front end does
from picasso_tui.sync.server.db import metadata, normalize_url  # noqa: E402
from tests.sync.keyring_backend import HomeFileKeyring  # noqa: E402


def p95(values: list[float]) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(0.95 * (len(ordered) - 1)))]


def start_server(url: str) -> tuple[str, uvicorn.Server]:
    server = uvicorn.Server(uvicorn.Config(create_app(url), host="127.0.0.1", port=0, log_level="warning"))
    threading.Thread(target=server.run, daemon=True).start()
    while not server.started:
        time.sleep(0.01)
    return f"http://127.0.0.1:{server.servers[0].sockets[0].getsockname()[1]}", server


def use(home: Path) -> MemoryStore:
    os.environ["PICASSO_HOME"] = str(home)
    return MemoryStore(projections=False)


def run(size: int, rounds: int, database: str | None, work: Path) -> None:
    if database:
        from sqlalchemy import create_engine

        engine = create_engine(normalize_url(database))
        metadata.drop_all(engine)
        engine.dispose()
    url, server = start_server(database or f"sqlite:///{work / f'server-{size}.db'}")
    a_home, b_home = work / f"a-{size}", work / f"b-{size}"
    use(a_home)
    a_paths = MemoryStore().paths
    auth.login(a_paths, url, f"bench{size}@example.com", "benchmark password", create=True)
    a = use(a_home)
    stamp = format_timestamp(utc_now())
    a.files.apply(
        [
            Upsert(
                MemoryRecord.model_validate(
                    {
                        "id": new_id(),
                        "body": f"Benchmark memory {i}: the service {i % 97} owns the table t{i % 31} "
                        f"and retries {i % 5} times.",
                        "metadata": {
                            "class": "fact",
                            "namespace": f"account:{a.account_id}/global/facts",
                            "createdAt": stamp,
                            "lastObservedAt": stamp,
                        },
                    }
                )
            )
            for i in range(size)
        ]
    )  # one write: adding 10k memories one command at a time is not what is measured here
    t0 = time.perf_counter()
    first = sync_now(use(a_home))
    push_s = time.perf_counter() - t0
    os.environ["PICASSO_HOME"] = str(b_home)
    b_paths = MemoryStore().paths
    auth.login(b_paths, url, f"bench{size}@example.com", "benchmark password")
    from picasso_tui.sync.keys import KeyRing, SecretStore

    use(a_home)
    key = KeyRing(first.account_id, SecretStore(a_paths)).active()
    use(b_home)
    KeyRing(first.account_id, SecretStore(b_paths)).store(key.key)
    t0 = time.perf_counter()
    sync_now(use(b_home))
    pull_s = time.perf_counter() - t0
    a_store, b_store = use(a_home), use(b_home)
    ids = [r.id for r in a_store.list(everything=True)[:rounds]]
    a_times, b_times = [], []
    for rid in ids:
        use(a_home)
        a_store.pin(rid)
        t0 = time.perf_counter()
        sync_now(a_store)
        a_times.append(time.perf_counter() - t0)
        use(b_home)
        t0 = time.perf_counter()
        sync_now(b_store)
        b_times.append(time.perf_counter() - t0)
    record = a_store.list(everything=True)[0].file_form
    seal = []
    for _ in range(2000):
        t0 = time.perf_counter()
        env = seal_record(key.key, key.key_id, first.account_id, record)
        seal.append(time.perf_counter() - t0)
    opened = []
    for _ in range(2000):
        t0 = time.perf_counter()
        open_record({key.key_id: key.key}, first.account_id, record["id"], env)
        opened.append(time.perf_counter() - t0)
    server.should_exit = True
    ms = 1000
    print(f"| {size:,} | {push_s:.2f} s | {pull_s:.2f} s | {statistics.median(a_times) * ms:.0f} / {p95(a_times) * ms:.0f} ms "
          f"| {statistics.median(b_times) * ms:.0f} / {p95(b_times) * ms:.0f} ms "
          f"| {statistics.median(seal) * 1e6:.0f} / {statistics.median(opened) * 1e6:.0f} µs |")  # fmt: skip


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--sizes", default="1000,10000")
    parser.add_argument("--incremental", type=int, default=20)
    parser.add_argument("--database", default=None)
    args = parser.parse_args()
    os.environ["PICASSO_ALLOW_TEST_KEYS"] = "1"
    keyring.set_keyring(HomeFileKeyring())
    print(
        "| records | first push (A) | first pull (B) | edit-one sync on A, median / p95 | then on B | seal / open one |"
    )
    print("| --- | --- | --- | --- | --- | --- |")
    with tempfile.TemporaryDirectory(prefix="picasso-bench-sync-") as tmp:
        for size in (int(s) for s in args.sizes.split(",")):
            run(size, args.incremental, args.database, Path(tmp))


if __name__ == "__main__":
    main()
