"""`picasso memory recover` SIGKILLed at random moments (DESIGN §4: recover is atomic and never
resurrects).

A large damaged store makes the salvage take long enough to be hit. After every kill memory.json
exists; it is either the damaged file exactly as it was (the recover had not committed: the next one
starts over, nothing lost) or a store that reads, holds every acknowledged record, and holds none of
the records deleted before the damage, although the backup recover restores still has them live.
"""

from __future__ import annotations

import os
import random
import signal
import subprocess
import sys
import time
from pathlib import Path

import orjson
import pytest

from picasso_tui.paths import PicassoPaths
from picasso_tui.store.codec import RawDocument, encode
from picasso_tui.store.filestore import Delete, FileStore
from picasso_tui.store.schema import format_timestamp, utc_now

pytestmark = [pytest.mark.slow, pytest.mark.skipif(not hasattr(signal, "SIGKILL"), reason="needs POSIX signals")]

RECORDS = 6000
DELETED = 40
KILLS = 24
ROOT = Path(__file__).resolve().parents[2]


def record(i: int, when: str) -> dict:
    return {"id": f"mem_01J{i:023d}", "vector": [], "body": f"Acknowledged memory {i}: the cache key is k{i}.",
            "metadata": {"class": "fact", "namespace": "account:local/global/facts", "createdAt": when,
                         "lastObservedAt": when, "attributes": {"tags": ["bench"]}}}  # fmt: skip


def v1_backup(records: list[dict]) -> bytes:
    """The records as an old (v1) file, as a migration backup holds them."""
    entries = [{"id": r["id"], "body": r["body"], **r["metadata"]} for r in records]
    return orjson.dumps({"version": 1, "entries": entries}, option=orjson.OPT_INDENT_2)


def recover_process(home: Path) -> subprocess.Popen[bytes]:
    env = {**os.environ, "PICASSO_HOME": str(home), "PYTHONPATH": os.environ.get("PYTHONPATH", str(ROOT))}
    return subprocess.Popen([sys.executable, "-m", "picasso_tui.cli", "memory", "recover"], env=env,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, cwd=home.parent)  # fmt: skip


def test_recover_killed_at_random_moments_never_loses_or_resurrects(paths: PicassoPaths) -> None:
    when = format_timestamp(utc_now())
    everything = [record(i, when) for i in range(RECORDS)]
    paths.root.mkdir(parents=True)
    paths.memory_file.write_bytes(encode(RawDocument(records={r["id"]: r for r in everything})))
    files = FileStore(paths, projections=False)
    gone = {r["id"] for r in everything[:: RECORDS // DELETED]}
    files.apply([Delete(rid) for rid in sorted(gone)])
    acked = {r["id"] for r in everything} - gone
    # An older backup that still has the deleted records live, and damage that takes their tombstones.
    (paths.root / "memory.json.v1.bak").write_bytes(v1_backup(everything))
    healthy = paths.memory_file.read_bytes()
    damaged = b"".join(
        b"<<torn>>\n" if any(rid.encode() in line for rid in gone) else line for line in healthy.splitlines(True)
    )
    gone_text = [f"Acknowledged memory {int(rid[7:])}:".encode() for rid in gone]

    rng = random.Random(20261202)
    outcomes = {"untouched": 0, "mid-recover": 0, "recovered": 0}
    started = time.monotonic()
    full = None
    for round_no in range(KILLS + 1):
        paths.memory_file.write_bytes(damaged)
        for old in paths.root.glob("memory.json.corrupt-*"):
            old.unlink()  # only to spare disk space: each is a 3 MB copy
        proc = recover_process(paths.home)
        if round_no == 0:  # one run to the end first: how long a whole recover takes here
            t0 = time.monotonic()
            out, err = proc.communicate(timeout=120)
            full = time.monotonic() - t0
            assert proc.returncode == 0, err.decode()
            assert f"{DELETED} deleted memories stay deleted".encode() in out, out
        else:
            # Mostly inside the recover; some around its end (the replace, the projections, the exit).
            time.sleep(rng.uniform(0.0, full) if round_no % 5 else rng.uniform(0.8 * full, 1.5 * full))
            proc.send_signal(signal.SIGKILL)
            proc.communicate(timeout=60)
        assert paths.memory_file.exists(), f"round {round_no}: no memory.json after the kill"
        data = paths.memory_file.read_bytes()
        if data == damaged:
            copied = any(p.name.startswith("memory.json.corrupt-") for p in paths.root.iterdir())
            outcomes["mid-recover" if copied else "untouched"] += 1
            continue
        outcomes["recovered"] += 1
        snapshot = FileStore(paths, projections=False).load()  # must not raise
        live = set(snapshot.live_ids())
        assert acked <= live, f"round {round_no}: acknowledged records lost: {sorted(acked - live)[:5]}"
        assert not live & gone, f"round {round_no}: deleted records came back: {sorted(live & gone)[:5]}"
        assert not any(text in data for text in gone_text), f"round {round_no}: deleted text came back"
    elapsed = time.monotonic() - started
    print(f"\n{KILLS} kills of `picasso memory recover` ({RECORDS} records, a whole recover {full:.2f} s): "
          f"{outcomes}, {elapsed:.1f} s")  # fmt: skip
    assert outcomes["mid-recover"] >= 5, f"too few kills landed inside the recover to test anything: {outcomes}"
    # After all that, one last recover of the damaged file finishes the job.
    paths.memory_file.write_bytes(damaged)
    proc = recover_process(paths.home)
    _, err = proc.communicate(timeout=120)
    assert proc.returncode == 0, err.decode()
    live = set(FileStore(paths).load().live_ids())
    assert live == acked
    assert not list(paths.root.glob(".memory.json.*.tmp")), "temp files of killed recoveries were not swept"
