"""Random interleavings of adds, edits, pins, deletes and syncs on three devices always converge."""

from __future__ import annotations

import random

import pytest

from picasso_tui.sync.client import sync_now
from tests.sync.conftest import signed_in_pair


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_three_devices_converge_after_random_work(server, device, seed: int) -> None:
    rng = random.Random(seed)
    a, b = signed_in_pair(server, device, email=f"conv{seed}@example.com")
    c = device("C")
    c.ok("auth", "login", "--server", server.url, "--email", f"conv{seed}@example.com", "--password-stdin",
         stdin="correct horse battery\n")  # fmt: skip
    c.ok("memory", "key", "import", "--stdin", stdin=a.ok("memory", "key", "export"))
    devices = [a, b, c]
    deleted_at: dict[str, int] = {}
    changed_at: dict[str, int] = {}
    for step in range(40):
        d = rng.choice(devices)
        store = d.store()
        live = [r.id for r in store.list(everything=True)]
        action = rng.choice(["add", "add", "pin", "edit", "delete", "sync", "sync"])
        if action == "add" or not live:
            store.add(f"memory {step} from {d.name}")
        elif action == "pin":
            rid, pinned = rng.choice(live), rng.random() < 0.5
            if store.resolve(rid).metadata.pinned != pinned:
                store.pin(rid, pinned)
                changed_at[rid] = step
        elif action == "edit":
            rid = rng.choice(live)
            store.change(rid, lambda r, s=step: r.with_body(f"{r.body} / edited at {s}"), event="edit")
            changed_at[rid] = step
        elif action == "delete":
            rid = rng.choice(live)
            store.delete(rid)
            deleted_at[rid] = step
        else:
            sync_now(store)
    for _ in range(2):  # two full rounds: everything reaches everyone
        for d in devices:
            sync_now(d.store())
    views = []
    for d in devices:
        records = d.store().list(everything=True)
        views.append(sorted((r.id, r.body, r.metadata.pinned) for r in records))
        # Newest observation wins: a deletion holds everywhere unless a device that had not seen it
        # changed the memory later.
        gone = {rid for rid, when in deleted_at.items() if when > changed_at.get(rid, -1)}
        assert not gone & {r.id for r in records}
    assert views[0] == views[1] == views[2]
    assert views[0]  # the run did leave memories behind
