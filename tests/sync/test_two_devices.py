"""Two devices (two Picasso homes) and a real sync server on loopback."""

from __future__ import annotations

import json
import subprocess
from datetime import timedelta

import pytest
from sqlalchemy import create_engine, select, text, update

from picasso_tui.store.api import MemoryStore
from picasso_tui.store.schema import utc_now
from picasso_tui.sync.client import sync_now
from picasso_tui.sync.server.db import accounts, normalize_url, records
from tests.sync.conftest import PASSWORD, PICASSO_EXE, signed_in_pair

SIGNED_OUT = "Memory sync needs a signed-in Picasso account. Run picasso auth login."


def test_signed_out_sync_exits_3_with_the_exact_sentence(device) -> None:
    a = device("A")
    result = a.run("memory", "sync")
    assert result.code == 3
    assert result.err.strip() == SIGNED_OUT
    assert a.run("memory", "key", "status").code == 3


def test_add_on_a_sync_see_on_b_then_delete_on_b_gone_on_a(server, device) -> None:
    a, b = signed_in_pair(server, device)
    rid = a.ok("memory", "add", "Deploys go through the blue-green script in ops/deploy.sh").strip()
    a.ok("memory", "sync")
    assert "Deploys go through the blue-green script in ops/deploy.sh" not in b.bodies()
    out = b.ok("memory", "sync")
    assert "pulled" in out
    assert "Deploys go through the blue-green script in ops/deploy.sh" in b.bodies()
    b.ok("memory", "delete", rid)
    b.ok("memory", "sync")
    a.ok("memory", "sync")
    assert "Deploys go through the blue-green script in ops/deploy.sh" not in a.bodies()
    assert a.run("memory", "inspect", rid).code == 1


def test_edits_win_by_newest_observation_on_both_sides(server, device) -> None:
    a, b = signed_in_pair(server, device)
    rid = a.ok("memory", "add", "Tests use pytest").strip()
    a.ok("memory", "sync")
    b.ok("memory", "sync")
    b.ok("memory", "pin", rid)
    b.ok("memory", "sync")
    a.ok("memory", "sync")
    assert json.loads(a.ok("memory", "inspect", rid, "--json"))["metadata"]["pinned"] is True


def test_a_device_without_the_key_is_told_how_to_get_it(server, device) -> None:
    a, b = device("A"), device("B")
    a.ok("auth", "login", "--server", server.url, "--email", "k@example.com", "--create-account", "--password-stdin",
         stdin=PASSWORD + "\n")  # fmt: skip
    a.ok("memory", "sync")
    b.ok("auth", "login", "--server", server.url, "--email", "k@example.com", "--password-stdin", stdin=PASSWORD + "\n")
    result = b.run("memory", "sync")
    assert result.code == 1
    assert "link --request" in result.err and "key import" in result.err


def test_a_wrong_recovery_string_is_refused_by_the_key_check(server, device) -> None:
    from picasso_tui.sync import recovery

    _a, b = signed_in_pair(server, device)
    other = recovery.display(bytes(range(32)))
    result = b.run("memory", "key", "import", "--stdin", stdin=other)
    assert result.code == 1 and "nothing was imported" in result.err


def _server_text(server) -> str:
    """Everything the server's database holds, as text (plus the raw SQLite files)."""
    engine = create_engine(normalize_url(server.database_url))
    chunks = []
    with engine.connect() as conn:
        for table in ("accounts", "sessions", "records", "key_checks", "key_requests"):
            chunks += [repr(tuple(row)) for row in conn.execute(text(f"SELECT * FROM {table}"))]
    engine.dispose()
    if server.database_url.startswith("sqlite:///"):
        from pathlib import Path

        db = Path(server.database_url.removeprefix("sqlite:///"))
        for path in db.parent.glob(db.name + "*"):
            chunks.append(path.read_bytes().decode("latin-1"))
    return "\n".join(chunks)


def test_the_server_database_holds_no_plaintext(server, device) -> None:
    a, b = signed_in_pair(server, device)
    bodies = [f"Secret plan number {i}: migrate billing to the ledger service" for i in range(5)]
    for body in bodies:
        a.ok("memory", "add", body, "--tag", "confidential-tag")
    a.ok("memory", "sync")
    b.ok("memory", "sync")
    dump = _server_text(server)
    assert "records" in dump or "acct_" in dump  # the dump really read the database
    for needle in [*bodies, "migrate billing", "ledger service", "confidential-tag"]:
        assert needle not in dump
    recovery = a.ok("memory", "key", "export").strip()
    assert recovery.replace("-", "")[4:20] not in dump.replace("-", "")


def _engine(server):
    return create_engine(normalize_url(server.database_url))


def _bump(conn, account_id: str) -> int:
    return conn.execute(
        update(accounts).where(accounts.c.id == account_id).values(seq=accounts.c.seq + 1).returning(accounts.c.seq)
    ).scalar_one()


def test_a_server_that_swaps_ciphertexts_between_records_is_detected(server, device) -> None:
    a, b = signed_in_pair(server, device)
    x = a.ok("memory", "add", "Record X body").strip()
    y = a.ok("memory", "add", "Record Y body").strip()
    a.ok("memory", "sync")
    engine = _engine(server)
    with engine.begin() as conn:
        rows = {r.record_id: r for r in conn.execute(select(records).where(records.c.record_id.in_([x, y])))}
        account_id = rows[x].account_id
        for rid, other in ((x, y), (y, x)):
            conn.execute(
                update(records)
                .where(records.c.account_id == account_id, records.c.record_id == rid)
                .values(envelope=rows[other].envelope, seq=_bump(conn, account_id))
            )
    engine.dispose()
    result = b.run("memory", "sync")
    assert result.code == 1
    assert "does not authenticate" in result.err
    assert "Record X body" not in b.bodies() and "Record Y body" not in b.bodies()


def test_a_server_that_replays_an_old_copy_is_detected(server, device) -> None:
    a, b = signed_in_pair(server, device)
    rid = a.ok("memory", "add", "Version one").strip()
    a.ok("memory", "sync")
    b.ok("memory", "sync")
    engine = _engine(server)
    with engine.connect() as conn:
        old = conn.execute(select(records).where(records.c.record_id == rid)).one()
    a.ok("memory", "pin", rid)  # a newer version
    a.ok("memory", "sync")
    b.ok("memory", "sync")
    with engine.begin() as conn:
        conn.execute(
            update(records)
            .where(records.c.account_id == old.account_id, records.c.record_id == rid)
            .values(envelope=old.envelope, seq=_bump(conn, old.account_id))
        )
    engine.dispose()
    result = b.run("memory", "sync")
    assert result.code == 1
    assert "older copy" in result.err
    assert json.loads(b.ok("memory", "inspect", rid, "--json"))["metadata"]["pinned"] is True


def test_concurrent_syncs_from_both_devices_converge(server, device) -> None:
    a, b = signed_in_pair(server, device)
    shared = a.ok("memory", "add", "Shared record").strip()
    a.ok("memory", "sync")
    b.ok("memory", "sync")
    a_store, b_store = a.store(), b.store()
    for i in range(30):
        a.use()
        a_store.add(f"from A number {i}")
        b.use()
        b_store.add(f"from B number {i}")
    b.ok("memory", "pin", shared)  # B's change is the newest
    procs = []
    for _round in range(3):
        for d in (a, b):
            procs.append(
                subprocess.Popen(
                    [*PICASSO_EXE, "memory", "sync"],
                    env=d.subprocess_env(),
                    stdout=subprocess.PIPE,
                    stderr=subprocess.PIPE,
                    text=True,
                )
            )
    for p in procs:
        _out, err = p.communicate(timeout=120)
        assert p.returncode == 0, err
    a.ok("memory", "sync")
    b.ok("memory", "sync")
    a.ok("memory", "sync")
    expected = {f"from A number {i}" for i in range(30)} | {f"from B number {i}" for i in range(30)} | {"Shared record"}
    assert a.bodies() == expected
    assert b.bodies() == expected
    for d in (a, b):
        assert json.loads(d.ok("memory", "inspect", shared, "--json"))["metadata"]["pinned"] is True


def test_pushes_and_pulls_go_in_capped_batches(server, device, monkeypatch: pytest.MonkeyPatch) -> None:
    from picasso_tui.sync import client
    from picasso_tui.sync.api import SyncApi

    a, b = signed_in_pair(server, device)
    store = a.store()
    for i in range(25):
        store.add(f"batch record {i}")
    calls: list[dict] = []
    original = SyncApi.sync

    def counting(self, body):
        calls.append(body)
        return original(self, body)

    monkeypatch.setattr(SyncApi, "sync", counting)
    monkeypatch.setattr(client, "MAX_BATCH_ITEMS", 10)
    monkeypatch.setattr(client, "PULL_LIMIT", 7)
    a.ok("memory", "sync")
    assert [len(c["push"]) for c in calls if c.get("push")] == [10, 10, 5]
    calls.clear()
    b.ok("memory", "sync")
    pulls = [c for c in calls if not c.get("push")]
    assert len(pulls) >= 4  # 25 records, 7 at a time
    assert {f"batch record {i}" for i in range(25)} <= b.bodies()


def test_offline_for_more_than_30_days_does_a_full_resync_and_deleted_records_stay_gone(server, device) -> None:
    a, b = signed_in_pair(server, device)
    rid = a.ok("memory", "add", "Soon deleted").strip()
    keep = a.ok("memory", "add", "Stays").strip()
    a.ok("memory", "sync")
    b.ok("memory", "sync")
    a.ok("memory", "delete", rid)
    a.ok("memory", "sync")
    later = utc_now() + timedelta(days=31)
    a.use()
    a_store = MemoryStore(clock=lambda: later)
    a_store.add("Written a month later")  # this write purges A's 31-day-old tombstone
    report = sync_now(a_store)
    assert report.full_resync  # A's own last sync is now 31 days old too
    assert report.purged_on_server == 1
    assert {"Stays", "Written a month later"} == a.bodies()  # a full resync keeps what the server holds
    # B slept through all of it: more than 30 days since its last sync.
    b.use()
    b_report = sync_now(MemoryStore(clock=lambda: later + timedelta(hours=1)))
    assert b_report.full_resync
    assert "Soon deleted" not in b.bodies()
    assert {"Stays", "Written a month later"} <= b.bodies()
    a.ok("memory", "sync")
    assert "Soon deleted" not in a.bodies()
    assert keep


def test_a_failed_sync_is_an_error_not_a_silent_success(server, device) -> None:
    a, _ = signed_in_pair(server, device)
    server.stop()
    result = a.run("memory", "sync")
    assert result.code == 1
    assert "Cannot reach the sync server" in result.err


def test_a_second_sync_with_nothing_new_moves_nothing(server, device) -> None:
    a, b = signed_in_pair(server, device)
    for i in range(5):
        a.ok("memory", "add", f"steady record {i}")
    first = json.loads(a.ok("memory", "sync", "--json"))
    assert first["pushed"] == 5
    again = json.loads(a.ok("memory", "sync", "--json"))
    assert (again["pushed"], again["pulled"], again["merged"]) == (0, 0, 0)
    b.ok("memory", "sync")
    assert json.loads(b.ok("memory", "sync", "--json"))["pushed"] == 0


def test_after_a_full_resync_a_copy_changed_within_30_days_wins_over_an_old_deletion(server, device) -> None:
    a, b = signed_in_pair(server, device)
    rid = a.ok("memory", "add", "Edited while offline").strip()
    a.ok("memory", "sync")
    b.ok("memory", "sync")
    a.ok("memory", "delete", rid)
    a.ok("memory", "sync")
    later = utc_now() + timedelta(days=31)
    a.use()
    a_store = MemoryStore(clock=lambda: later)
    a_store.add("purges the old tombstone")
    assert sync_now(a_store).purged_on_server == 1
    b.use()
    b_store = MemoryStore(clock=lambda: later + timedelta(hours=1))
    b_store.pin(rid)  # B, offline all along, changes it now: newer than a deletion 31 days old
    report = sync_now(b_store)
    assert report.full_resync and report.deleted_here == 0 and report.pushed >= 1
    a.use()
    sync_now(MemoryStore(clock=lambda: later + timedelta(hours=2)))
    assert "Edited while offline" in a.bodies()


def test_tombstones_made_by_a_full_resync_purge_cleanly_later(server, device) -> None:
    a, b = signed_in_pair(server, device)
    rid = a.ok("memory", "add", "Gone everywhere").strip()
    a.ok("memory", "sync")
    b.ok("memory", "sync")
    a.ok("memory", "delete", rid)
    a.ok("memory", "sync")
    day31 = utc_now() + timedelta(days=31)
    a.use()
    a_store = MemoryStore(clock=lambda: day31)
    a_store.add("later")
    sync_now(a_store)
    b.use()
    assert sync_now(MemoryStore(clock=lambda: day31)).deleted_here == 1
    day62 = day31 + timedelta(days=31)
    b_store = MemoryStore(clock=lambda: day62)
    b_store.add("much later")  # purges the tombstone the full resync left
    report = sync_now(b_store)  # must not loop on a purge of a row the server never had
    assert report.rounds == 1
    assert "Gone everywhere" not in b.bodies()
