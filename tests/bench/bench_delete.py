"""One delete at 10k records, with and without files to scrub (DESIGN §8: one write p95 under 150 ms).

Run as a plain script (it is outside the default pytest run):

    .venv/bin/python tests/bench/bench_delete.py [--records 10000] [--deletes 40]

Two stores of ``--records`` records. In "memory.json only" nothing else holds text. In "every file
holds it" each deleted record is also in a migration backup (a v1 file of all the records), in a
corrupt copy left by `recover`, and in the term cache, so every delete rewrites all three. Before each
measured delete another writer deletes a record, so the measured one re-reads the file. Timed: the
write under the lock (re-read, merge, ledger, replace, scrub of backups, corrupt copies and unsaved
edits) and the whole call (plus the term-cache scrub after the lock). Everything goes under a temp
folder with PICASSO_HOME pointing there.
"""

from __future__ import annotations

import argparse
import os
import tempfile
import time
from pathlib import Path
from typing import Any


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[int(q * (len(ordered) - 1))]


def run(records: int, deletes: int, every_file: bool) -> str:
    os.environ["PICASSO_HOME"] = str(Path(tempfile.mkdtemp(prefix="picasso-bench-delete-")) / "home")
    import orjson

    from picasso_tui.paths import PicassoPaths
    from picasso_tui.retrieval.lexical import BM25, TermCache
    from picasso_tui.store.codec import RawDocument, encode
    from picasso_tui.store.filestore import Delete, FileStore
    from picasso_tui.store.ingress import MAINTENANCE
    from picasso_tui.store.schema import format_timestamp, utc_now
    from picasso_tui.writeback.user_store import install_guards

    install_guards()  # every writer hands the store its redactor, as a front end does

    paths = PicassoPaths.resolve()
    paths.root.mkdir(parents=True)
    when = format_timestamp(utc_now())
    raws: dict[str, dict[str, Any]] = {
        f"mem_01J{i:023d}": {
            "id": f"mem_01J{i:023d}",
            "vector": [],
            "body": f"Memory {i}: the cache key for module m{i} is k{i} and tests run with pytest.",
            "metadata": {"class": "fact", "namespace": "account:local/global/facts", "createdAt": when,
                         "lastObservedAt": when, "attributes": {"tags": ["bench"]}},
        }
        for i in range(records)
    }  # fmt: skip
    paths.memory_file.write_bytes(encode(RawDocument(records=raws)))
    if every_file:
        entries = [{"id": r["id"], "body": r["body"], **r["metadata"]} for r in raws.values()]
        backup = orjson.dumps({"version": 1, "entries": entries}, option=orjson.OPT_INDENT_2)
        (paths.root / "memory.json.v1.bak").write_bytes(backup)
        (paths.root / "memory.json.corrupt-2026-01-01T000000-000Z").write_bytes(paths.memory_file.read_bytes()[:-999])
        BM25([(rid, raw["body"]) for rid, raw in raws.items()], TermCache(paths.cache_dir))
    writer, other = FileStore(paths, projections=False), FileStore(paths, projections=False)
    ids = sorted(raws)
    write_ms, call_ms = [], []
    for k in range(deletes):
        other.apply([Delete(ids[-1 - k])])
        t0 = time.perf_counter()
        with writer.locked():
            result, doc = writer._apply_locked([Delete(ids[k * 97])], MAINTENANCE, "all")
        t1 = time.perf_counter()
        writer._after_write(doc, result, "delete")
        call_ms.append((time.perf_counter() - t0) * 1000)
        write_ms.append((t1 - t0) * 1000)
    label = "every file holds it" if every_file else "memory.json only"
    return (f"| {records:,} | {label} | {percentile(write_ms, .5):.1f} | {percentile(write_ms, .95):.1f} | "
            f"{percentile(call_ms, .5):.1f} | {percentile(call_ms, .95):.1f} | {os.getloadavg()[0]:.1f} |")  # fmt: skip


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--records", type=int, default=10_000)
    parser.add_argument("--deletes", type=int, default=40)
    args = parser.parse_args()
    print("| records | scrubbed | write p50 | write p95 | with cache scrub p50 | p95 | load |")
    print("|---|---|---|---|---|---|---|")
    for every_file in (False, True):
        print(run(args.records, args.deletes, every_file), flush=True)


if __name__ == "__main__":
    main()
