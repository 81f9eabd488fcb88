"""One-time imports of old memory files into the user-level store (DESIGN §4, last paragraph).

importRepoMemoryIntoHome (<repo>/.picasso/memory.json) and importLegacyMacMemory (the Mac's old
Application Support file): merged by id, namespaces kept, the source left in place with a
``<file>.migrated-to-home`` marker beside it, never imported twice.
"""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import orjson
import pytest

from picasso_tui.store import legacy
from picasso_tui.store.api import MemoryStore
from picasso_tui.store.errors import CorruptStore, NewerSchema
from picasso_tui.store.filestore import FileStore
from picasso_tui.store.namespaces import find_workspace
from tests.conftest import FIXTURES

MAC_TEST_RUNNER = "5B1E2C9A-7F4D-4C53-9C1E-2A7D3E0B9F11"
MAC_DECISION = "0C77D1B2-1A2B-4C3D-8E9F-001122334455"
MAC_STYLE = "9A8B7C6D-5E4F-4A3B-2C1D-0E9F8A7B6C5D"
OTHER_WS = "account:local/projects/workspace:0123456789ab/facts"


def record(rid: str, body: str, namespace: str, observed: str = "2026-03-01T00:00:00.000Z", **md: object) -> dict:
    metadata = {"class": "fact", "namespace": namespace, "createdAt": observed, "lastObservedAt": observed, **md}
    return {"id": rid, "vector": [], "body": body, "metadata": metadata}


def write_repo_file(repo: Path, data: bytes) -> Path:
    source = repo / ".picasso" / "memory.json"
    source.parent.mkdir(parents=True, exist_ok=True)
    source.write_bytes(data)
    return source


def live(paths) -> dict[str, dict]:
    snap = FileStore(paths).load()
    return {rid: snap.raw()[rid] for rid in snap.live_ids()}


def listed(picasso, *extra: str) -> dict[str, dict]:
    res = picasso("memory", "list", "--json", *extra)
    assert res.code == 0, res.err
    return {r["id"]: r for r in json.loads(res.out)}


# -- importRepoMemoryIntoHome ---------------------------------------------------------------------


def test_repo_file_is_merged_by_id_into_its_own_workspace_only(paths, files, make_repo) -> None:
    repo = make_repo("acme")
    fp = find_workspace(repo).fingerprint
    ws_facts = f"account:local/projects/workspace:{fp}/facts"
    repo_doc = {
        "schemaVersion": 2,
        "records": [
            record("mem_repo_fact", "Handlers live in src/handlers.", ws_facts),
            record("mem_repo_style", "Prefer pathlib.", "account:local/style/python", **{"class": "style"}),
            record("mem_other_ws", "Belongs to another workspace.", OTHER_WS),
            record("mem_shared", "Old copy from the repo file.", ws_facts, "2026-01-01T00:00:00.000Z"),
            record("mem_stale_home", "Newer copy from the repo file.", ws_facts, "2026-06-01T00:00:00.000Z"),
        ],
    }
    source = write_repo_file(repo, orjson.dumps(repo_doc))
    source_bytes = source.read_bytes()
    # The home store already knows two of the ids: one newer than the repo's copy, one older.
    paths.root.mkdir(parents=True)
    paths.memory_file.write_bytes(
        orjson.dumps(
            {
                "schemaVersion": 2,
                "records": [
                    record("mem_shared", "Newer copy at home.", ws_facts, "2026-05-01T00:00:00.000Z"),
                    record("mem_stale_home", "Older copy at home.", ws_facts, "2026-02-01T00:00:00.000Z"),
                    record("mem_home_only", "Only at home.", "account:local/global/facts"),
                ],
            }
        )
    )

    done = legacy.import_repo_memory_into_home(files, repo)
    assert done is not None
    assert (done.added, done.updated, done.skipped, done.refused, done.quarantined) == (2, 1, 1, 1, 1)

    records = live(paths)
    assert set(records) == {"mem_repo_fact", "mem_repo_style", "mem_shared", "mem_stale_home", "mem_home_only"}
    assert records["mem_repo_fact"]["metadata"]["namespace"] == ws_facts
    assert "quarantined" not in records["mem_repo_fact"]["metadata"]["attributes"]
    # Account-wide memory from a repository's file reaches every workspace: held for review first.
    assert records["mem_repo_style"]["metadata"]["namespace"] == "account:local/style/python"
    assert records["mem_repo_style"]["metadata"]["attributes"]["quarantined"] is True
    assert records["mem_shared"]["body"] == "Newer copy at home."
    assert records["mem_stale_home"]["body"] == "Newer copy from the repo file."
    assert records["mem_home_only"]["body"] == "Only at home."

    assert source.read_bytes() == source_bytes  # left in place, untouched
    marker = source.with_name("memory.json.migrated-to-home")
    assert marker.is_file()
    assert sorted(p.name for p in source.parent.iterdir()) == ["memory.json", "memory.json.migrated-to-home"]


def test_old_shaped_repo_file_is_filed_under_that_repo(paths, files, make_repo, picasso, monkeypatch) -> None:
    repo = make_repo("acme")
    fp = find_workspace(repo).fingerprint
    flat = [
        {
            "id": "mac-1",
            "title": "Runner",
            "body": "Tests run with pytest -q.",
            "scope": "workspace",
            "source": "mac",
            "tags": ["testing"],
            "createdAt": "2026-03-02T10:11:12Z",
            "updatedAt": "2026-03-05T08:00:00Z",
        },
        {
            "id": "mac-2",
            "body": "Chose click for the CLI.",
            "scope": "workspace",
            "tags": ["decision"],
            "createdAt": "2026-03-02T10:11:12Z",
            "updatedAt": "2026-03-05T08:00:00Z",
        },
    ]
    source = write_repo_file(repo, json.dumps(flat).encode())
    assert legacy.import_repo_memory_into_home(files, repo) is not None
    records = live(paths)
    assert records["mac-1"]["metadata"]["namespace"] == f"account:local/projects/workspace:{fp}/facts"
    assert records["mac-2"]["metadata"]["namespace"] == f"account:local/projects/workspace:{fp}/decisions"
    assert source.read_bytes() == json.dumps(flat).encode()

    # What the user sees from inside that repository: its memories, and no second import.
    monkeypatch.chdir(repo)
    res = picasso("memory", "list", "--json")
    assert res.code == 0, res.err
    assert {r["id"] for r in json.loads(res.out)} == {"mac-1", "mac-2"}
    assert "Imported" not in res.err


def test_repo_file_is_never_imported_twice(paths, files, make_repo) -> None:
    repo = make_repo("acme")
    fp = find_workspace(repo).fingerprint
    ns = f"account:local/projects/workspace:{fp}/facts"
    source = write_repo_file(
        repo,
        orjson.dumps({"schemaVersion": 2, "records": [record("mem_a", "First.", ns), record("mem_b", "Second.", ns)]}),
    )
    assert legacy.import_repo_memory_into_home(files, repo) is not None
    assert set(live(paths)) == {"mem_a", "mem_b"}

    MemoryStore(paths).delete("mem_a")
    after_delete = paths.memory_file.read_bytes()
    assert legacy.import_repo_memory_into_home(FileStore(paths), repo) is None
    assert set(live(paths)) == {"mem_b"}
    assert paths.memory_file.read_bytes() == after_delete  # no write at all

    # Even a store started afresh (no tombstones to stop it) does not take the old file in again.
    for p in paths.root.glob("memory.json*"):
        if p.is_file():
            p.unlink()
    assert legacy.import_repo_memory_into_home(FileStore(paths), repo) is None
    assert not paths.memory_file.exists() or live(paths) == {}
    assert source.is_file()


def test_a_command_inside_the_repo_imports_it_once(paths, picasso, make_repo, monkeypatch) -> None:
    repo = make_repo("acme")
    fp = find_workspace(repo).fingerprint
    ns = f"account:local/projects/workspace:{fp}/facts"
    source = write_repo_file(
        repo,
        orjson.dumps(
            {"schemaVersion": 2, "records": [record("mem_a", "Repo fact A.", ns), record("mem_b", "Repo fact B.", ns)]}
        ),
    )
    marker = source.with_name("memory.json.migrated-to-home")

    # Outside the repository nothing is imported.
    assert listed(picasso, "--all") == {}
    assert not marker.exists()

    monkeypatch.chdir(repo)
    find_workspace.cache_clear()
    first = picasso("memory", "list", "--json")
    assert first.code == 0, first.err
    assert {r["id"] for r in json.loads(first.out)} == {"mem_a", "mem_b"}
    assert "imported 2 memories" in first.err
    assert str(source) in first.err
    assert "Traceback" not in first.err
    assert marker.is_file()

    second = picasso("memory", "list", "--json")
    assert second.code == 0
    assert "imported" not in second.err

    deleted = picasso("memory", "delete", "mem_a")
    assert deleted.code == 0, deleted.err
    for args in (["memory", "list", "--json"], ["memory", "add", "Another fact."], ["memory", "list", "--json"]):
        res = picasso(*args)
        assert res.code == 0, res.err
        assert "Imported" not in res.err
    assert "mem_a" not in listed(picasso)
    assert set(listed(picasso)) >= {"mem_b"}
    assert source.is_file()


def test_a_corrupt_repo_file_is_reported_and_not_marked(paths, picasso, make_repo, monkeypatch) -> None:
    repo = make_repo("acme")
    broken = b'{"schemaVersion": 2, "records": [{"id": "mem_a", "bo'
    source = write_repo_file(repo, broken)
    assert picasso("memory", "add", "A memory at home.").code == 0
    home_before = paths.memory_file.read_bytes()

    with pytest.raises(CorruptStore):
        legacy.import_repo_memory_into_home(FileStore(paths), repo)

    monkeypatch.chdir(repo)
    find_workspace.cache_clear()
    res = picasso("memory", "list", "--all", "--json")
    assert res.code == 0, res.err  # the user's own store still works
    assert "Traceback" not in res.err
    assert str(source) in res.err
    assert len(json.loads(res.out)) == 1
    assert source.read_bytes() == broken
    assert not source.with_name("memory.json.migrated-to-home").exists()
    assert paths.memory_file.read_bytes() == home_before


def test_a_newer_repo_file_is_refused_and_not_marked(paths, files, make_repo) -> None:
    repo = make_repo("acme")
    newer = (FIXTURES / "v3-newer.json").read_bytes()
    source = write_repo_file(repo, newer)
    with pytest.raises(NewerSchema):
        legacy.import_repo_memory_into_home(files, repo)
    assert source.read_bytes() == newer
    assert not source.with_name("memory.json.migrated-to-home").exists()
    assert not paths.memory_file.exists()


def test_no_repo_file_means_nothing_happens(paths, files, make_repo) -> None:
    repo = make_repo("acme")
    assert legacy.import_repo_memory_into_home(files, repo) is None
    assert not (repo / ".picasso").exists()
    assert not paths.memory_file.exists()


# -- importLegacyMacMemory ------------------------------------------------------------------------


@pytest.fixture
def mac_source(tmp_path) -> Path:
    source = tmp_path / "mac-home" / "Library" / "Application Support" / "Picasso" / "memory.json"
    source.parent.mkdir(parents=True)
    shutil.copyfile(FIXTURES / "v0-mac.json", source)
    return source


def test_mac_file_is_imported_once_with_its_namespaces(paths, files, mac_source) -> None:
    original = mac_source.read_bytes()
    # The home store already has a newer copy of one Mac record (the user edited it since).
    paths.root.mkdir(parents=True)
    newer = record(MAC_STYLE, "Edited at home.", "account:local/style/typescript", "2027-01-01T00:00:00.000Z")
    newer["metadata"]["class"] = "style"
    paths.memory_file.write_bytes(orjson.dumps({"schemaVersion": 2, "records": [newer]}))

    done = legacy.import_legacy_mac_memory(files, mac_source)
    assert done is not None
    assert done.source == mac_source
    assert (done.added, done.updated, done.skipped) == (2, 0, 1)

    records = live(paths)
    assert set(records) == {MAC_TEST_RUNNER, MAC_DECISION, MAC_STYLE}
    assert records[MAC_STYLE]["body"] == "Edited at home."
    assert records[MAC_TEST_RUNNER]["metadata"]["namespace"].endswith("/facts")
    assert "/projects/workspace:" in records[MAC_TEST_RUNNER]["metadata"]["namespace"]
    assert records[MAC_DECISION]["metadata"]["namespace"].endswith("/decisions")
    assert records[MAC_TEST_RUNNER]["metadata"]["pinned"] is True
    assert records[MAC_TEST_RUNNER]["metadata"]["attributes"]["workspacePath"] == "/Users/ada/src/acme-api"

    assert mac_source.read_bytes() == original
    assert mac_source.with_name("memory.json.migrated-to-home").is_file()

    MemoryStore(paths).delete(MAC_DECISION)
    assert legacy.import_legacy_mac_memory(FileStore(paths), mac_source) is None
    assert MAC_DECISION not in live(paths)
    assert mac_source.read_bytes() == original


def test_mac_file_marker_holds_even_after_the_store_is_cleared(paths, picasso, mac_source) -> None:
    assert legacy.import_legacy_mac_memory(FileStore(paths), mac_source) is not None
    assert picasso("memory", "clear", "--confirm", "clear-memories").code == 0
    assert legacy.import_legacy_mac_memory(FileStore(paths), mac_source) is None
    assert listed(picasso, "--all") == {}


def test_spec_names_are_the_same_functions() -> None:
    assert legacy.importRepoMemoryIntoHome is legacy.import_repo_memory_into_home
    assert legacy.importLegacyMacMemory is legacy.import_legacy_mac_memory
