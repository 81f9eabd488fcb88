"""`picasso memory clear` next to other writers: a delete or an add landing first changes what the clear
plans (under the lock), never aborts it half-way. Real processes: a CLI clear, forked deleters and an adder."""

from __future__ import annotations

import os
import random
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from picasso_tui.paths import PicassoPaths
from picasso_tui.store.codec import RawDocument, encode
from picasso_tui.store.errors import MemoryNotFound
from picasso_tui.store.filestore import Delete, FileStore
from picasso_tui.store.schema import format_timestamp, utc_now
from tests.forking import fork

pytestmark = [pytest.mark.slow, pytest.mark.skipif(not hasattr(os, "fork"), reason="needs os.fork")]

RECORDS = 3000
ROOT = Path(__file__).resolve().parents[2]


def _delete_forever(fd: int, ids: list[str], seed: int) -> None:
    files = FileStore(projections=False)
    order = list(ids)
    random.Random(seed).shuffle(order)
    os.write(fd, b"ready\n")
    for rid in order:
        try:
            files.apply([Delete(rid)], event="delete")
        except MemoryNotFound:
            continue  # the clear (or the other deleter) got there first


def _add_forever(fd: int) -> None:
    from picasso_tui.store.api import MemoryStore

    store = MemoryStore(projections=False)
    i = 0
    while True:
        record = store.add(f"Added next to the clear, number {i}.")
        os.write(fd, f"{record.id}\n".encode())
        i += 1


def first_line(fd: int) -> bytes:
    """Wait until a child has reported once; what it wrote so far (read_lines gets the rest)."""
    got = b""
    while b"\n" not in got:
        chunk = os.read(fd, 4096)
        assert chunk, "the child ended before it reported"
        got += chunk
    return got


def read_lines(fd: int, head: bytes = b"") -> list[str]:
    chunks = [head]
    while chunk := os.read(fd, 65536):
        chunks.append(chunk)
    os.close(fd)
    return b"".join(chunks).decode().split()


def test_clear_clears_everything_while_others_delete_and_add(paths: PicassoPaths) -> None:
    when = format_timestamp(utc_now())
    records = {
        f"mem_01J{i:023d}": {"id": f"mem_01J{i:023d}", "vector": [], "body": f"Memory {i} to be cleared.",
                             "metadata": {"class": "fact", "namespace": "account:local/global/facts",
                                          "createdAt": when, "lastObservedAt": when}}
        for i in range(RECORDS)
    }  # fmt: skip
    paths.root.mkdir(parents=True)
    paths.memory_file.write_bytes(encode(RawDocument(records=records)))
    originals = sorted(records)

    children = [fork(_delete_forever, originals, seed) for seed in (1, 2)] + [fork(_add_forever)]
    for _, fd in children[:2]:
        assert os.read(fd, 6) == b"ready\n"
    added_before = first_line(children[2][1])  # one add has landed: the clear must take it too, however loaded
    time.sleep(0.2)  # the deleters are busy: the clear's first look at the file goes stale at once
    env = {**os.environ, "PYTHONPATH": os.environ.get("PYTHONPATH", str(ROOT))}
    clear = subprocess.run([sys.executable, "-m", "picasso_tui.cli", "memory", "clear", "--confirm",
                            "clear-memories"], env=env, capture_output=True, text=True, timeout=120)  # fmt: skip
    for pid, _ in children:
        os.kill(pid, signal.SIGKILL)
    added = set(read_lines(children[2][1], added_before))
    for pid, fd in children:
        if pid != children[2][0]:
            read_lines(fd)
        os.waitpid(pid, 0)

    assert clear.returncode == 0, clear.stderr
    assert clear.stdout.startswith("Cleared "), clear.stdout
    assert "Traceback" not in clear.stderr
    snapshot = FileStore(paths).load()
    live = set(snapshot.live_ids())
    assert not live & set(originals), (
        f"the clear left {len(live & set(originals))} of the memories it was asked to clear"
    )
    # The adder is killed at a random moment: its last memory may have landed before it reported the
    # id. Whatever is left must be the adder's, never one of the cleared memories or anything else.
    unreported = live - added
    assert len(unreported) <= 1, "records nobody wrote appeared"
    assert all(snapshot.get(rid).body.startswith("Added next to the clear") for rid in unreported)  # type: ignore[union-attr]
    assert len(added) > 0 and len(live) < len(added), "the adder never raced the clear"
