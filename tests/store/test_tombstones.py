"""Deletion: the content goes at once, nothing older brings it back, tombstones go after 30 days,
and `clear` leaves no memories anywhere (DESIGN §3 "Tombstone", §4; spec: user-deleted entries are
hard-deleted immediately)."""

from __future__ import annotations

import json
from datetime import UTC, datetime, timedelta

import orjson
import pytest

from picasso_tui.store.api import MemoryStore
from picasso_tui.store.filestore import Delete, FileStore, Upsert
from picasso_tui.store.schema import MemoryRecord, format_timestamp, utc_now
from tests.conftest import global_fact, install_fixture

SECRET = "The staging database password rotates on Fridays via vault-kv-7731"
TITLE = "Rotation-schedule-title-4410"
TAG = "tag-unique-5521"
SOURCE_FILE = "infra/secret-rotation-9981.tf"


def file_records(paths) -> dict[str, dict]:
    return {r["id"]: r for r in orjson.loads(paths.memory_file.read_bytes())["records"]}


def listed(picasso) -> dict[str, dict]:
    res = picasso("memory", "list", "--all", "--json")
    assert res.code == 0, res.err
    return {r["id"]: r for r in json.loads(res.out)}


def add_richglobal_fact(paths) -> MemoryRecord:
    return MemoryStore(paths).add(
        SECRET,
        title=TITLE,
        tags=[TAG],
        edges=[{"type": "fact->file", "target": f"file:{SOURCE_FILE}"}],
        prevent_next_time=["Never paste it in chat."],
        provenance={"sessionId": "sess_secret", "eventIndex": 3, "sourceFiles": [SOURCE_FILE]},
        pinned=True,
    )


def all_text_under(folder, *, skip_suffixes: tuple[str, ...] = ()) -> dict[str, bytes]:
    return {
        str(p.relative_to(folder)): p.read_bytes()
        for p in folder.rglob("*")
        if p.is_file() and not p.name.endswith(skip_suffixes)
    }


def assert_is_bare_tombstone(raw: dict) -> None:
    assert set(raw) <= {"id", "vector", "body", "metadata"}
    assert raw.get("body", "") == ""
    assert raw.get("vector", []) == []
    md = raw["metadata"]
    assert set(md) == {"class", "namespace", "lastObservedAt", "attributes"}
    assert set(md["attributes"]) == {"deletedAt"}
    assert md["attributes"]["deletedAt"]


# -- delete removes the content at once -----------------------------------------------------------


def test_delete_removes_the_content_at_once(paths, picasso) -> None:
    keep = MemoryStore(paths).add("A memory that stays.")
    record = add_richglobal_fact(paths)
    before = paths.memory_file.read_bytes()
    assert SECRET.encode() in before

    res = picasso("memory", "delete", record.id[:16])
    assert res.code == 0, res.err
    assert "Traceback" not in res.err

    data = paths.memory_file.read_bytes()
    for text in (SECRET, TITLE, TAG, SOURCE_FILE, "sess_secret", "Never paste it in chat."):
        assert text.encode() not in data, text
    tomb = file_records(paths)[record.id]
    assert_is_bare_tombstone(tomb)
    assert tomb["id"] == record.id
    assert tomb["metadata"]["namespace"] == record.metadata.namespace
    assert tomb["metadata"]["class"] == record.memory_class.value
    assert tomb["metadata"]["lastObservedAt"] == tomb["metadata"]["attributes"]["deletedAt"]
    assert tomb["metadata"]["lastObservedAt"] > format_timestamp(record.metadata.last_observed_at)

    assert set(listed(picasso)) == {keep.id}
    inspect = picasso("memory", "inspect", record.id)
    assert inspect.code == 1
    assert "Traceback" not in inspect.err
    for args in (["memory", "pin", record.id], ["memory", "delete", record.id]):
        again = picasso(*args)
        assert again.code == 1
        assert "Traceback" not in again.err

    # Nothing derived from the store keeps the text either (pre-migration .bak files aside).
    leftovers = all_text_under(paths.home, skip_suffixes=(".bak",))
    for name, content in leftovers.items():
        assert SECRET.encode() not in content, name


def test_delete_wins_over_a_copy_stamped_by_a_fast_clock(paths, picasso, tmp_path) -> None:
    ahead = utc_now() + timedelta(hours=12)  # another device's clock runs ahead
    raw = {
        "id": "mem_fast_clock",
        "vector": [],
        "body": SECRET,
        "metadata": {
            "class": "fact",
            "namespace": "account:local/global/facts",
            "createdAt": format_timestamp(ahead),
            "lastObservedAt": format_timestamp(ahead),
        },
    }
    paths.root.mkdir(parents=True)
    paths.memory_file.write_bytes(orjson.dumps({"schemaVersion": 2, "records": [raw]}))
    export = tmp_path / "copy.json"
    export.write_bytes(orjson.dumps({"schemaVersion": 2, "records": [raw]}))

    assert picasso("memory", "delete", "mem_fast_clock").code == 0
    assert SECRET.encode() not in paths.memory_file.read_bytes()
    res = picasso("memory", "import", str(export))
    assert res.code == 0, res.err
    assert listed(picasso) == {}
    assert SECRET.encode() not in paths.memory_file.read_bytes()


# -- nothing older brings a deleted record back ---------------------------------------------------


def test_importing_an_older_export_does_not_resurrect(paths, picasso, tmp_path) -> None:
    record = add_richglobal_fact(paths)
    other = MemoryStore(paths).add("A memory that stays.")
    exported = picasso("memory", "export")
    assert exported.code == 0
    export = tmp_path / "export.json"
    export.write_text(exported.out)
    assert SECRET in export.read_text()

    assert picasso("memory", "delete", record.id).code == 0
    res = picasso("memory", "import", str(export), "--json")
    assert res.code == 0, res.err
    report = json.loads(res.out)
    assert record.id not in report["added"] + report["updated"]
    assert record.id in report["skipped"]

    assert set(listed(picasso)) == {other.id}
    assert SECRET.encode() not in paths.memory_file.read_bytes()
    assert_is_bare_tombstone(file_records(paths)[record.id])

    human = picasso("memory", "import", str(export))
    assert human.code == 0
    assert "0 added" in human.out
    assert set(listed(picasso)) == {other.id}


def test_importing_an_old_format_copy_does_not_resurrect(paths, picasso, tmp_path) -> None:
    install_fixture(paths, "v1-cli.json")
    rid = "mem_01J0000000000000000000000A"
    assert picasso("memory", "delete", rid).code == 0
    old = tmp_path / "old-cli-memory.json"
    old.write_bytes((paths.root / "memory.json.v1.bak").read_bytes())
    assert picasso("memory", "import", str(old)).code == 0
    assert rid not in listed(picasso)
    assert b"AgentLoop" not in paths.memory_file.read_bytes()


def test_a_stale_writer_cannot_resurrect(paths) -> None:
    record = add_richglobal_fact(paths)
    stale_copy = FileStore(paths).load().get(record.id)
    assert stale_copy is not None
    MemoryStore(paths).delete(record.id)
    tomb = file_records(paths)[record.id]

    # The same old copy, and the old copy re-stamped exactly at the deletion time (a tie).
    tie = stale_copy.with_metadata(last_observed_at=tomb["metadata"]["lastObservedAt"])
    for copy in (stale_copy, tie):
        result = FileStore(paths).apply([Upsert(copy)])
        assert result.ids("added", "updated") == []
        assert file_records(paths)[record.id] == tomb
        assert SECRET.encode() not in paths.memory_file.read_bytes()
    assert MemoryStore(paths).list(everything=True) == []


def test_a_newer_copy_after_a_deletion_is_a_new_observation(paths) -> None:
    """The rule is 'newest wins': a copy observed after the deletion is not a resurrection."""
    record = add_richglobal_fact(paths)
    MemoryStore(paths).delete(record.id)
    later = utc_now() + timedelta(minutes=1)
    FileStore(paths).apply([Upsert(record.with_metadata(last_observed_at=later))])
    assert [r.id for r in MemoryStore(paths).list(everything=True)] == [record.id]


# -- tombstones are purged after 30 days ----------------------------------------------------------


def test_tombstone_is_purged_by_the_next_write_after_30_days(paths) -> None:
    t0 = datetime(2026, 6, 1, 12, 0, 0, tzinfo=UTC)

    def at(days: float) -> FileStore:
        return FileStore(paths, clock=lambda: t0 + timedelta(days=days))

    at(0).apply([Upsert(global_fact("mem_gone", SECRET, t0 - timedelta(days=1)))])
    at(0).apply([Delete("mem_gone")])
    assert_is_bare_tombstone(file_records(paths)["mem_gone"])

    at(29).apply([Upsert(global_fact("mem_day29", "Written on day 29.", t0 + timedelta(days=29)))])
    assert "mem_gone" in file_records(paths)  # still guarding against older copies

    result = at(31).apply([Upsert(global_fact("mem_day31", "Written on day 31.", t0 + timedelta(days=31)))])
    records = file_records(paths)
    assert "mem_gone" not in records
    assert result.purged == ["mem_gone"]
    assert set(records) == {"mem_day29", "mem_day31"}
    assert SECRET.encode() not in paths.memory_file.read_bytes()
    # Only the id and the deletion time remain, outside the records, so no copy can bring it back.
    assert orjson.loads(paths.memory_file.read_bytes())["purgedIds"] == {"mem_gone": "2026-06-01T12:00:00.000Z"}

    older = global_fact("mem_gone", SECRET, t0 - timedelta(days=1))
    assert at(40).apply([Upsert(older)]).outcomes == [("mem_gone", "skipped")]
    export = {"schemaVersion": 2, "records": [older.file_form]}
    report = MemoryStore(files=at(41)).import_bytes(orjson.dumps(export), paths.root / "old-export.json")
    assert report.skipped == ["mem_gone"] and report.added == []
    assert "mem_gone" not in file_records(paths)
    assert SECRET.encode() not in paths.memory_file.read_bytes()

    newer = global_fact("mem_gone", "Written again after the deletion.", t0 + timedelta(days=35))
    assert at(42).apply([Upsert(newer)]).outcomes == [("mem_gone", "added")]  # a newer copy is a new fact
    assert "mem_gone" not in orjson.loads(paths.memory_file.read_bytes()).get("purgedIds", {})


def test_an_old_tombstone_is_purged_by_a_cli_write(paths, picasso) -> None:
    long_ago = utc_now() - timedelta(days=45)
    old = FileStore(paths, clock=lambda: long_ago)
    old.apply([Upsert(global_fact("mem_old", SECRET, long_ago - timedelta(days=1)))])
    old.apply([Delete("mem_old")])
    assert "mem_old" in file_records(paths)

    assert picasso("memory", "add", "Any write purges expired tombstones.").code == 0
    assert "mem_old" not in file_records(paths)


def test_a_recent_tombstone_survives_gc(paths, picasso) -> None:
    record = add_richglobal_fact(paths)
    MemoryStore(paths).delete(record.id)
    res = picasso("memory", "gc")
    assert res.code == 0, res.err
    assert_is_bare_tombstone(file_records(paths)[record.id])


# -- clear ----------------------------------------------------------------------------------------

PROJECTIONS = ("GLOBAL.md", "REPO.md", "DECISIONS.md", "FAILURES.md")


def test_clear_leaves_zero_memories_and_empty_projections(paths, picasso, make_repo, monkeypatch) -> None:
    repo = make_repo("acme", files={"app.py": "print('hi')\n"})
    monkeypatch.chdir(repo)
    bodies = {
        "fact": "Handlers live in src/handlers-3391.",
        "decision": "Chose SQLite over Postgres-4402 for the local cache.",
        "failure": "Forgot to run migrations-5513 before the tests.",
        "workflow": "Run make check-6624 before pushing.",
        "repo_rule": "Never commit generated-7735 files.",
        "model_performance": "Model X is slow on refactors-8846.",
    }
    for cls, body in bodies.items():
        assert picasso("memory", "add", body, "--class", cls).code == 0
    assert picasso("memory", "add", "Prefer pathlib-9957 over os.path.", "--class", "style").code == 0
    bodies["style"] = "Prefer pathlib-9957 over os.path."
    MemoryStore(paths, cwd=paths.home).add("An account-wide fact-1068.")
    bodies["global"] = "An account-wide fact-1068."
    assert len(listed(picasso)) == len(bodies)
    for name in PROJECTIONS:
        assert (paths.projections_dir / name).is_file()
    assert "Chose SQLite" in (paths.projections_dir / "DECISIONS.md").read_text()

    res = picasso("memory", "clear", "--confirm", "clear-memories")
    assert res.code == 0, res.err
    assert str(len(bodies)) in res.out

    assert listed(picasso) == {}
    assert FileStore(paths).load().live_ids() == []
    assert "No memories" in picasso("memory", "list").out
    data = paths.memory_file.read_bytes()
    for body in bodies.values():
        assert body.encode() not in data, body
    for raw in file_records(paths).values():
        assert_is_bare_tombstone(raw)

    pages = sorted(p.name for p in paths.projections_dir.glob("*.md"))
    assert set(PROJECTIONS) <= set(pages)
    for name in pages:
        text = (paths.projections_dir / name).read_text()
        assert "no memories" in text.lower(), name
        assert "not the source of truth" in text, name
        for body in bodies.values():
            assert body not in text, (name, body)


def test_clear_also_removes_pre_migration_backups(paths, picasso) -> None:
    install_fixture(paths, "v0-mac.json")
    assert picasso("memory", "add", "Triggers the migration write.").code == 0
    assert (paths.root / "memory.json.v0.bak").exists()
    res = picasso("memory", "clear", "--confirm", "clear-memories")
    assert res.code == 0, res.err
    assert listed(picasso) == {}
    assert not list(paths.root.glob("*.bak"))
    for name, content in all_text_under(paths.home).items():
        assert b"Vitest" not in content, name


def test_clear_on_an_empty_store_writes_empty_projections(paths, picasso) -> None:
    res = picasso("memory", "clear", "--confirm", "clear-memories")
    assert res.code == 0, res.err
    assert listed(picasso) == {}
    for name in PROJECTIONS:
        assert "no memories" in (paths.projections_dir / name).read_text().lower()


@pytest.mark.parametrize(
    "args",
    [["memory", "clear"], ["memory", "clear", "--confirm", "yes"], ["memory", "clear", "--confirm", "clear-memory"]],
    ids=["no-phrase", "wrong-phrase", "near-miss"],
)
def test_clear_without_the_phrase_deletes_nothing(paths, picasso, args: list[str]) -> None:
    assert picasso("memory", "add", "Keep me.").code == 0
    before = paths.memory_file.read_bytes()
    res = picasso(*args)
    assert res.code == 1
    assert "Traceback" not in res.err
    assert len(res.err.strip().splitlines()) == 1
    assert "clear-memories" in res.err
    assert paths.memory_file.read_bytes() == before
    assert len(listed(picasso)) == 1
