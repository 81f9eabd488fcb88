"""`picasso memory recover`: set a corrupt memory.json aside and restore the newest backup or start empty.

DESIGN §3 ("Corrupt file") and security anchors §4.2 row B1.
"""

from __future__ import annotations

import json
import os
import re
from datetime import UTC, datetime

import orjson
import pytest

from picasso_tui.store.api import MemoryStore
from picasso_tui.store.errors import CorruptStore, InvalidRecord, StoreError
from picasso_tui.store.filestore import FileStore, Upsert
from picasso_tui.store.schema import MemoryRecord
from tests.conftest import FIXTURES, install_fixture

CORRUPT = b'{"schemaVersion":2,"records":[\n{"id":"mem_a","vector":[],"body":"half a rec'
ASIDE = re.compile(r"^memory\.json\.corrupt-(\d{4})\S*$")
MAC_IDS = {
    "5B1E2C9A-7F4D-4C53-9C1E-2A7D3E0B9F11",
    "0C77D1B2-1A2B-4C3D-8E9F-001122334455",
    "9A8B7C6D-5E4F-4A3B-2C1D-0E9F8A7B6C5D",
}
V1_IDS = {"mem_01J0000000000000000000000A", "mem_01J0000000000000000000000B", "mem_01J0000000000000000000000D"}


def set_aside(paths) -> list:
    return sorted(p for p in paths.root.iterdir() if p.name.startswith("memory.json.corrupt-"))


def live_ids(picasso) -> set[str]:
    res = picasso("memory", "list", "--all", "--json")
    assert res.code == 0, res.err
    return {r["id"] for r in json.loads(res.out)}


def one_line(err: str) -> str:
    assert "Traceback" not in err
    assert "unexpected error" not in err
    lines = err.strip().splitlines()
    assert len(lines) == 1, err
    return lines[0]


def test_recover_restores_the_backup_left_by_a_migration(paths, picasso) -> None:
    original = install_fixture(paths, "v0-mac.json")
    assert picasso("memory", "add", "A note written after the migration.").code == 0
    bak = paths.root / "memory.json.v0.bak"
    assert bak.read_bytes() == original

    paths.memory_file.write_bytes(CORRUPT)
    assert picasso("memory", "list").code == 1  # the store is reported unreadable ...
    res = picasso("memory", "recover")  # ... until the user recovers
    assert res.code == 0, res.err
    assert "Traceback" not in res.err

    aside = set_aside(paths)
    assert len(aside) == 1
    m = ASIDE.match(aside[0].name)
    assert m is not None, aside[0].name
    assert 2024 <= int(m.group(1)) <= datetime.now(UTC).year + 1
    assert aside[0].read_bytes() == CORRUPT
    assert aside[0].name in res.out
    assert bak.name in res.out

    assert bak.read_bytes() == original
    assert live_ids(picasso) == MAC_IDS  # the backup's records are back (the note written later is lost)
    assert FileStore(paths).load().live_ids()
    added = picasso("memory", "add", "Writes work again.")
    assert added.code == 0, added.err
    assert added.out.strip() in live_ids(picasso)


@pytest.mark.parametrize("newest", ["memory.json.v0.bak", "memory.json.v1.bak"])
def test_recover_picks_the_newest_backup(paths, picasso, newest: str) -> None:
    paths.root.mkdir(parents=True)
    backups = {
        "memory.json.v0.bak": (FIXTURES / "v0-mac.json").read_bytes(),
        "memory.json.v1.bak": (FIXTURES / "v1-cli.json").read_bytes(),
    }
    for i, (name, data) in enumerate(sorted(backups.items(), key=lambda kv: kv[0] == newest)):
        (paths.root / name).write_bytes(data)
        os.utime(paths.root / name, (1_700_000_000 + i * 3600, 1_700_000_000 + i * 3600))
    paths.memory_file.write_bytes(CORRUPT)

    res = picasso("memory", "recover")
    assert res.code == 0, res.err
    assert newest in res.out
    assert live_ids(picasso) == (MAC_IDS if newest.endswith("v0.bak") else V1_IDS)
    for name, data in backups.items():
        assert (paths.root / name).read_bytes() == data
    assert [p.read_bytes() for p in set_aside(paths)] == [CORRUPT]


def test_recover_keeps_whole_records_still_readable_in_the_damaged_file(paths, picasso) -> None:
    ids = [picasso("memory", "add", f"Memory number {i}.").out.strip() for i in range(3)]
    data = paths.memory_file.read_bytes()
    cut = data.index(ids[2].encode()) + 10  # inside the third record's line
    paths.memory_file.write_bytes(data[:cut])
    res = picasso("memory", "recover")
    assert res.code == 0, res.err
    assert live_ids(picasso) == set(ids[:2])
    assert [p.read_bytes() for p in set_aside(paths)] == [data[:cut]]


def test_recover_start_empty_ignores_backups(paths, picasso) -> None:
    original = install_fixture(paths, "v1-cli.json")
    assert picasso("memory", "add", "A note.").code == 0
    paths.memory_file.write_bytes(CORRUPT)

    res = picasso("memory", "recover", "--start-empty")
    assert res.code == 0, res.err
    assert live_ids(picasso) == set()
    assert orjson.loads(paths.memory_file.read_bytes()) == {"schemaVersion": 2, "records": []}
    assert [p.read_bytes() for p in set_aside(paths)] == [CORRUPT]
    assert (paths.root / "memory.json.v1.bak").read_bytes() == original
    for projection in (paths.projections_dir / "GLOBAL.md", paths.projections_dir / "FAILURES.md"):
        if projection.exists():
            assert "AgentLoop" not in projection.read_text()
    assert picasso("memory", "add", "A fresh start.").code == 0


def test_recover_without_a_backup_starts_empty(paths, picasso) -> None:
    paths.root.mkdir(parents=True)
    paths.memory_file.write_bytes(CORRUPT)
    res = picasso("memory", "recover")
    assert res.code == 0, res.err
    assert live_ids(picasso) == set()
    assert [p.read_bytes() for p in set_aside(paths)] == [CORRUPT]
    assert picasso("memory", "add", "A fresh start.").code == 0


@pytest.mark.parametrize(
    "corrupt",
    [b"", b"\xef\xbb\xbf{}", b"[1, 2", b'{"schemaVersion": 2, "records": [{"id": "x"}]}', b"\x00\xff\xfe"],
    ids=["empty", "bom", "truncated", "wrong-shape", "binary"],
)
def test_recover_handles_every_kind_of_corrupt_file(paths, picasso, corrupt: bytes) -> None:
    paths.root.mkdir(parents=True)
    paths.memory_file.write_bytes(corrupt)
    res = picasso("memory", "recover")
    assert res.code == 0, res.err
    assert [p.read_bytes() for p in set_aside(paths)] == [corrupt]
    assert live_ids(picasso) == set()


def test_recover_refuses_a_healthy_file(paths, picasso) -> None:
    assert picasso("memory", "add", "A healthy memory.").code == 0
    before = paths.memory_file.read_bytes()
    res = picasso("memory", "recover")
    assert res.code == 1
    line = one_line(res.err)
    assert str(paths.memory_file) in line
    assert paths.memory_file.read_bytes() == before
    assert set_aside(paths) == []
    assert len(live_ids(picasso)) == 1


def test_recover_refuses_a_healthy_old_file_without_migrating_it(paths, picasso) -> None:
    original = install_fixture(paths, "v0-plugin.json")
    res = picasso("memory", "recover", "--start-empty")
    assert res.code == 1
    one_line(res.err)
    assert paths.memory_file.read_bytes() == original
    assert set_aside(paths) == []
    assert not list(paths.root.glob("*.bak"))


def test_recover_refuses_a_newer_schema_file(paths, picasso) -> None:
    original = install_fixture(paths, "v3-newer.json")
    for args in (["memory", "recover"], ["memory", "recover", "--start-empty"]):
        res = picasso(*args)
        assert res.code == 1
        line = one_line(res.err)
        assert "written by a newer Picasso (schema 3" in line
        assert line.endswith("Update Picasso.")
        assert paths.memory_file.read_bytes() == original
        assert set_aside(paths) == []
        assert not list(paths.root.glob("*.bak"))


def test_the_corrupt_file_message_points_to_a_command_that_works(paths, picasso) -> None:
    paths.root.mkdir(parents=True)
    paths.memory_file.write_bytes(CORRUPT)
    res = picasso("memory", "list")
    assert res.code == 1
    assert "picasso memory recover" in one_line(res.err)
    assert picasso("memory", "recover").code == 0
    assert picasso("memory", "list").code == 0


def test_a_record_another_writer_damaged_is_quarantined_not_lost(paths, picasso) -> None:
    """A record whose inner fields break the schema is skipped by readers with a warning, kept
    byte-for-byte through writes, and can still be deleted; the rest of the store stays usable."""
    paths.root.mkdir(parents=True)
    bad = {
        "id": "mem_bad",
        "vector": [],
        "body": "Staleness out of range.",
        "metadata": {
            "class": "fact",
            "namespace": "account:local/global/facts",
            "lastObservedAt": "2026-01-01T00:00:00.000Z",
            "stalenessScore": 5,
        },
    }
    paths.memory_file.write_bytes(orjson.dumps({"schemaVersion": 2, "records": [bad]}))
    listed = picasso("memory", "list", "--json")
    assert listed.code == 0
    assert "mem_bad" in listed.err and "stalenessScore" in listed.err and "Traceback" not in listed.err
    assert picasso("memory", "add", "a good note").code == 0
    kept = [r for r in orjson.loads(paths.memory_file.read_bytes())["records"] if r["id"] == "mem_bad"]
    assert kept == [bad]
    assert "a good note" in picasso("memory", "list").out
    assert picasso("memory", "inspect", "mem_bad").code == 1  # it cannot be shown...
    deleted = picasso("memory", "delete", "mem_bad")  # ...but it can be deleted, leaving a plain tombstone
    assert deleted.code == 0, deleted.err
    [tomb] = [r for r in orjson.loads(paths.memory_file.read_bytes())["records"] if r["id"] == "mem_bad"]
    assert tomb["body"] == "" and tomb["metadata"]["attributes"]["deletedAt"]


def test_two_recoveries_in_the_same_instant_keep_both_corrupt_copies(paths) -> None:
    fixed = datetime(2026, 11, 30, 12, 0, 0, tzinfo=UTC)
    store = MemoryStore(files=FileStore(paths, clock=lambda: fixed))
    paths.root.mkdir(parents=True)
    paths.memory_file.write_bytes(CORRUPT)
    store.recover(start_empty=True)
    paths.memory_file.write_bytes(b"second corruption")
    store.recover(start_empty=True)
    assert sorted(p.read_bytes() for p in set_aside(paths)) == sorted([CORRUPT, b"second corruption"])


def test_recover_through_the_api(paths) -> None:
    paths.root.mkdir(parents=True)
    paths.memory_file.write_bytes(CORRUPT)
    with pytest.raises(CorruptStore):
        FileStore(paths).load()
    report = MemoryStore(paths).recover()
    assert report.restored_from is None
    assert report.set_aside.read_bytes() == CORRUPT
    assert FileStore(paths).load().live_ids() == []
    with pytest.raises(StoreError):
        MemoryStore(paths).recover()


# -- deletions stay deleted, whichever backup recover uses ----------------------------------------

DELETED = "mem_01J0000000000000000000000A"
DELETED_TEXT = "the AgentLoop was created without retriever/writer services"


@pytest.mark.parametrize("start_empty", [False, True], ids=["newest-backup", "start-empty"])
def test_a_record_deleted_after_the_backup_was_made_never_comes_back(paths, picasso, start_empty: bool) -> None:
    original = install_fixture(paths, "v1-cli.json")
    assert picasso("memory", "add", "A note written after the migration.").code == 0
    bak = paths.root / "memory.json.v1.bak"
    assert DELETED_TEXT.encode() in bak.read_bytes()
    assert picasso("memory", "delete", DELETED).code == 0
    assert DELETED_TEXT.encode() not in bak.read_bytes()  # the backup no longer holds it ...
    bak.write_bytes(original)  # ... but say an older copy of the backup is put back by hand
    # The damage takes the tombstone's line with it: only the ledger still knows of the deletion.
    data = paths.memory_file.read_bytes()
    paths.memory_file.write_bytes(
        b"".join(line for line in data.splitlines(True) if DELETED.encode() not in line)[:-40]
    )

    args = ["memory", "recover"] + (["--start-empty"] if start_empty else [])
    res = picasso(*args)
    assert res.code == 0, res.err
    assert DELETED not in live_ids(picasso)
    assert DELETED_TEXT.encode() not in paths.memory_file.read_bytes()
    if not start_empty:
        assert "1 deleted memory stays deleted" in res.out
        assert live_ids(picasso) == V1_IDS - {DELETED}
    # And it stays deleted for good: an old export of it is skipped too.
    assert picasso("memory", "import", str(FIXTURES / "v1-cli.json")).code == 0
    assert DELETED not in live_ids(picasso)


def test_the_ledger_holds_no_text_and_survives_a_clear(paths, picasso) -> None:
    ids = [picasso("memory", "add", f"Secret plan number {i}.").out.strip() for i in range(3)]
    assert picasso("memory", "delete", ids[0]).code == 0
    assert picasso("memory", "clear", "--confirm", "clear-memories").code == 0
    ledger = paths.root / "memory.json.deletions"
    lines = [orjson.loads(line) for line in ledger.read_bytes().splitlines()]
    assert {entry["id"] for entry in lines} == set(ids)
    assert all(set(entry) == {"id", "at", "namespace", "class"} for entry in lines)
    assert b"Secret plan" not in ledger.read_bytes()
    assert oct(ledger.stat().st_mode & 0o777) == "0o600"


# -- records that cannot be written back ------------------------------------------------------------


def nested(levels: int) -> dict:
    out: dict = {}
    for _ in range(levels):
        out = {"inner": out}
    return out


def damaged_record(kind: str) -> dict:
    record = {"id": "mem_bad", "vector": [], "body": "An odd record from another tool.", "metadata": {
        "class": "fact", "namespace": "account:local/global/facts", "lastObservedAt": "2026-01-01T00:00:00.000Z"}}  # fmt: skip
    if kind == "deep":
        record["metadata"]["toolState"] = nested(300)  # orjson cannot encode this: it used to wedge every write
    else:
        record["body"] = "x" * (1100 * 1024)
    return record


@pytest.mark.parametrize("layout", ["picasso", "another-writer"])
@pytest.mark.parametrize("kind", ["deep", "oversized"])
def test_a_record_that_cannot_be_written_back_is_named_skipped_and_set_aside(
    paths, picasso, kind: str, layout: str
) -> None:
    good = picasso("memory", "add", "A good note.").out.strip()
    records = orjson.loads(paths.memory_file.read_bytes())["records"] + [damaged_record(kind)]
    records.sort(key=lambda r: r["id"])
    if layout == "picasso":  # one record per line; the damaged one is on line 3
        lines = [json.dumps(r, separators=(",", ":")) for r in records]
        data = ('{"schemaVersion":2,"records":[\n' + ",\n".join(lines) + "\n]}\n").encode()
    else:
        data = json.dumps({"schemaVersion": 2, "records": records}).encode()
    paths.memory_file.write_bytes(data)
    line = "line 3" if layout == "picasso" else "line 1"

    listed = picasso("memory", "list", "--json")
    assert listed.code == 0
    assert [r["id"] for r in json.loads(listed.out)] == [good]
    warning = one_line(listed.err)
    assert "mem_bad" in warning and line in warning and "picasso memory delete mem_bad" in warning

    exported = picasso("memory", "export")
    assert exported.code == 0
    assert [r["id"] for r in json.loads(exported.out)["records"]] == [good]
    assert "mem_bad" in one_line(exported.err)

    refused = picasso("memory", "add", "Another note.")
    assert refused.code == 1
    message = one_line(refused.err)
    assert "mem_bad" in message and line in message
    assert "`picasso memory delete mem_bad`" in message and "`picasso memory recover`" in message
    assert paths.memory_file.read_bytes() == data

    recovered = picasso("memory", "recover")
    assert recovered.code == 0, recovered.err
    assert "mem_bad" in recovered.out
    [aside] = set_aside(paths)
    assert aside.read_bytes() == data  # the record is kept, aside
    assert live_ids(picasso) == {good}
    assert b"mem_bad" not in paths.memory_file.read_bytes()
    assert picasso("memory", "add", "Writes work again.").code == 0


def test_deleting_the_record_that_cannot_be_written_back_unwedges_the_store(paths, picasso) -> None:
    good = picasso("memory", "add", "A good note.").out.strip()
    records = orjson.loads(paths.memory_file.read_bytes())["records"] + [damaged_record("deep")]
    paths.memory_file.write_bytes(json.dumps({"schemaVersion": 2, "records": records}).encode())
    assert picasso("memory", "add", "Refused for now.").code == 1
    deleted = picasso("memory", "delete", "mem_bad")
    assert deleted.code == 0, deleted.err
    assert picasso("memory", "add", "Accepted now.").code == 0
    assert len(live_ids(picasso)) == 2 and good in live_ids(picasso)
    [tomb] = [r for r in orjson.loads(paths.memory_file.read_bytes())["records"] if r["id"] == "mem_bad"]
    assert tomb["body"] == "" and "toolState" not in tomb["metadata"]


def test_a_write_never_puts_a_record_that_cannot_be_read_back_into_the_file(paths) -> None:
    store = MemoryStore(paths)
    store.add("A good note.")
    before = paths.memory_file.read_bytes()
    record = damaged_record("deep")
    record["metadata"]["toolState"] = nested(40)  # encodable, but past the limit every reader applies
    with pytest.raises(InvalidRecord, match="mem_bad"):
        store.files.apply([Upsert(MemoryRecord.model_validate(record))])
    assert paths.memory_file.read_bytes() == before


def test_a_delete_that_fails_leaves_no_deletion_in_the_ledger(paths, monkeypatch) -> None:
    import errno

    from picasso_tui.store import commit
    from picasso_tui.store.errors import StoreUnwritable

    store = MemoryStore(paths)
    kept = store.add("A note whose deletion fails.")
    store.add("Another note.")  # the ledger exists from the first write on
    ledger = paths.root / "memory.json.deletions"
    before = ledger.read_bytes()

    def disk_full(*args, **kwargs):
        raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))

    monkeypatch.setattr(commit, "write_atomic", disk_full)
    with pytest.raises(StoreUnwritable, match="No space left"):
        store.delete(kept.id)
    monkeypatch.undo()
    assert ledger.read_bytes() == before
    assert kept.id in FileStore(paths).load().live_ids()
    store.delete(kept.id)
    assert kept.id.encode() in ledger.read_bytes()


def test_scrubbing_a_backup_keeps_its_time_so_recover_still_picks_the_newest(paths, picasso) -> None:
    install_fixture(paths, "v0-mac.json")
    assert picasso("memory", "add", "A note.").code == 0
    v0, v1 = paths.root / "memory.json.v0.bak", paths.root / "memory.json.v1.bak"
    v1.write_bytes((FIXTURES / "v1-cli.json").read_bytes())
    os.utime(v0, (1_700_000_000, 1_700_000_000))
    os.utime(v1, (1_700_003_600, 1_700_003_600))
    gone = sorted(MAC_IDS)[0]
    assert gone.encode() in v0.read_bytes()
    assert picasso("memory", "delete", gone).code == 0
    assert gone.encode() not in v0.read_bytes() and v0.stat().st_mtime == 1_700_000_000
    paths.memory_file.write_bytes(CORRUPT)
    res = picasso("memory", "recover")
    assert res.code == 0, res.err
    assert "memory.json.v1.bak" in res.out
    assert gone not in live_ids(picasso)


def test_a_recover_after_an_interrupted_one_reuses_its_copy_of_the_damaged_file(paths, picasso) -> None:
    paths.root.mkdir(parents=True)
    paths.memory_file.write_bytes(CORRUPT)
    left = paths.root / "memory.json.corrupt-2026-12-01T000000-000Z"  # the copy an interrupted recover kept
    left.write_bytes(CORRUPT)
    res = picasso("memory", "recover")
    assert res.code == 0, res.err
    assert set_aside(paths) == [left] and left.name in res.out


def test_a_recover_that_cannot_write_says_so_and_leaves_the_damaged_file(paths, picasso, monkeypatch) -> None:
    import errno

    from picasso_tui.store import maintenance

    paths.root.mkdir(parents=True)
    paths.memory_file.write_bytes(CORRUPT)

    def disk_full(*args, **kwargs):
        raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))

    monkeypatch.setattr(maintenance, "write_atomic", disk_full)
    res = picasso("memory", "recover")
    assert res.code == 1
    assert "No space left on device" in one_line(res.err)
    assert paths.memory_file.read_bytes() == CORRUPT
