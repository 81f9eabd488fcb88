"""Old files migrate on read, unknown fields survive, reads never write, newer files are refused.

DESIGN §3 ("Older shapes migrate on read", "Unknown fields survive", "Newer schema refused") and
security anchors §1.7 and §4.2 rows B2 and B3.
"""

from __future__ import annotations

import hashlib
import json
import os
import re
import sys
from pathlib import Path

import orjson
import pytest

from picasso_tui.store.api import MemoryStore
from picasso_tui.store.errors import NewerSchema
from picasso_tui.store.filestore import Change, FileStore, Upsert
from picasso_tui.store.schema import MemoryRecord
from tests.conftest import FIXTURES, install_fixture

ACME = "/Users/ada/src/acme-api"
MAC_TEST_RUNNER = "5B1E2C9A-7F4D-4C53-9C1E-2A7D3E0B9F11"
MAC_DECISION = "0C77D1B2-1A2B-4C3D-8E9F-001122334455"
MAC_STYLE = "9A8B7C6D-5E4F-4A3B-2C1D-0E9F8A7B6C5D"
PLUGIN_ID = "mem_01HZX3Q4M7V2K8R5T6Y9W0A1B2"
V1_FAILURE = "mem_01J0000000000000000000000A"
V1_DECISION = "mem_01J0000000000000000000000B"
V1_STYLE = "mem_01J0000000000000000000000D"
OLD_FIXTURES = {"v0-mac.json": 0, "v0-plugin.json": 0, "v1-cli.json": 1}
FIXTURE_IDS = {
    "v0-mac.json": {MAC_TEST_RUNNER, MAC_DECISION, MAC_STYLE},
    "v0-plugin.json": {PLUGIN_ID},
    "v1-cli.json": {V1_FAILURE, V1_DECISION, V1_STYLE},
}
STAMP = re.compile(r"^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$")


def file_records(paths) -> dict[str, dict]:
    """memory.json as written, by id (asserting it is the v2 shape)."""
    doc = orjson.loads(paths.memory_file.read_bytes())
    assert doc["schemaVersion"] == 2
    return {r["id"]: r for r in doc["records"]}


def loaded(paths) -> dict[str, MemoryRecord]:
    return {r.id: r for r in FileStore(paths).load().records()}


def listed_ids(picasso) -> set[str]:
    res = picasso("memory", "list", "--all", "--json")
    assert res.code == 0, res.err
    return {r["id"] for r in json.loads(res.out)}


def contains(value: object, key: str) -> bool:
    if isinstance(value, dict):
        return key in value or any(contains(v, key) for v in value.values())
    if isinstance(value, list):
        return any(contains(v, key) for v in value)
    return False


# -- what each old shape becomes -------------------------------------------------------------------


def test_v0_mac_records_migrate(paths, picasso) -> None:
    install_fixture(paths, "v0-mac.json")
    records = loaded(paths)
    assert set(records) == FIXTURE_IDS["v0-mac.json"]

    fingerprint = hashlib.sha256(os.path.realpath(ACME).encode()).hexdigest()[:12]
    runner = records[MAC_TEST_RUNNER].file_form
    assert runner["metadata"]["class"] == "fact"
    assert runner["metadata"]["namespace"] == f"account:local/projects/workspace:{fingerprint}/facts"
    assert runner["metadata"]["pinned"] is True
    assert runner["metadata"]["createdAt"] == "2026-03-02T10:11:12.000Z"
    assert runner["metadata"]["lastObservedAt"] == "2026-03-05T08:00:00.000Z"  # from updatedAt
    assert runner["body"] == "Test runner is Vitest. Tests live alongside source in *.test.ts files."
    attrs = runner["metadata"]["attributes"]
    assert attrs["title"] == "Test runner"
    assert attrs["scope"] == "workspace"
    assert attrs["source"] == "mac"
    assert attrs["stale"] is False
    assert attrs["tags"] == ["testing"]
    assert attrs["workspacePath"] == ACME
    assert runner["vector"] == []

    decision = records[MAC_DECISION].file_form
    assert decision["metadata"]["class"] == "decision"
    assert decision["metadata"]["namespace"] == f"account:local/projects/workspace:{fingerprint}/decisions"
    assert decision["metadata"]["pinned"] is False
    assert decision["metadata"]["attributes"]["stale"] is True
    assert decision["metadata"]["attributes"]["tags"] == ["decision", "security"]
    assert records[MAC_DECISION].is_stale

    style = records[MAC_STYLE].file_form
    assert style["metadata"]["class"] == "style"
    assert style["metadata"]["namespace"] == "account:local/style/typescript"
    assert style["metadata"]["createdAt"] == "2026-02-01T12:00:00.000Z"
    assert style["metadata"]["lastObservedAt"] == "2026-05-20T17:30:00.000Z"
    assert style["metadata"]["attributes"]["scope"] == "global"
    assert style["metadata"]["attributes"]["title"] == "Async style"

    for r in records.values():
        for key in ("createdAt", "lastObservedAt"):
            assert STAMP.match(r.file_form["metadata"][key])
        # The Mac's own field names do not linger at the record's top level.
        assert not {"title", "scope", "workspacePath", "updatedAt", "tags"} & set(r.file_form)

    assert listed_ids(picasso) == FIXTURE_IDS["v0-mac.json"]


def test_v0_plugin_records_migrate(paths, picasso) -> None:
    install_fixture(paths, "v0-plugin.json")
    r = loaded(paths)[PLUGIN_ID]
    form = r.file_form
    assert form["vector"] == [0.125, -0.5, 0.25, 0.0]
    assert form["metadata"]["class"] == "fact"
    assert form["metadata"]["namespace"] == "account:local/projects/workspace:3f9a1c2b7d4e/facts"
    assert form["metadata"]["createdAt"] == "2026-01-15T08:00:00.000Z"
    assert form["metadata"]["lastObservedAt"] == "2026-06-01T08:00:00.000Z"
    assert form["metadata"]["stalenessScore"] == 0.1
    assert form["metadata"]["pinned"] is False
    assert form["metadata"]["edges"] == [{"type": "fact->file", "target": "file:src/server/router.ts"}]
    assert form["metadata"]["provenance"]["sessionId"] == "sess_0001"
    assert form["metadata"]["provenance"]["sourceFiles"] == ["src/server/router.ts"]
    assert form["metadata"]["pluginPrivateField"] == {"kept": "unknown fields must survive a round trip"}
    assert listed_ids(picasso) == {PLUGIN_ID}


def test_v1_cli_records_migrate(paths, picasso) -> None:
    install_fixture(paths, "v1-cli.json")
    records = loaded(paths)
    assert set(records) == FIXTURE_IDS["v1-cli.json"]

    failure = records[V1_FAILURE].file_form
    assert failure["vector"] == [0.0, 0.5, -0.25, 0.125]  # v1 "embedding" becomes "vector"
    assert failure["metadata"]["class"] == "failure"
    assert failure["metadata"]["namespace"] == "account:local/projects/workspace:3f9a1c2b7d4e/failures"
    assert failure["metadata"]["preventNextTime"] == [
        "Verify normal agent run paths, not only package-level primitives."
    ]
    assert failure["metadata"]["provenance"]["eventIndex"] == 12
    assert failure["metadata"]["lastObservedAt"] == "2026-05-03T11:00:00.000Z"
    assert "embedding" not in failure or failure.get("embedding") is None
    assert not isinstance(failure["metadata"].get("embedding"), list)

    decision = records[V1_DECISION].file_form
    assert decision["vector"] == []
    assert decision["metadata"]["class"] == "decision"
    assert decision["metadata"]["pinned"] is True
    assert decision["metadata"]["stalenessScore"] == 0.2
    assert decision["metadata"]["provenance"]["sourcePlan"] == "plan_77"
    assert {"type": "supersedes", "target": "mem_01J0000000000000000000000C"} in decision["metadata"]["edges"]

    style = records[V1_STYLE].file_form
    assert style["metadata"]["class"] == "style"
    assert style["metadata"]["namespace"] == "account:local/style/typescript"
    assert listed_ids(picasso) == FIXTURE_IDS["v1-cli.json"]


@pytest.mark.parametrize("fixture", sorted(OLD_FIXTURES))
def test_migrated_records_are_the_same_after_the_first_write(paths, picasso, fixture: str) -> None:
    """Migrating on read and then writing is idempotent: the written v2 records are what was read."""
    install_fixture(paths, fixture)
    before = {rid: r.file_form for rid, r in loaded(paths).items()}
    assert picasso("memory", "add", "A note that triggers the first write.").code == 0
    after = {rid: r.file_form for rid, r in loaded(paths).items()}
    assert {rid: after[rid] for rid in before} == before
    assert set(file_records(paths)) >= set(before)


# -- .v<n>.bak: once, byte-identical ---------------------------------------------------------------


@pytest.mark.parametrize("fixture", sorted(OLD_FIXTURES))
def test_first_write_after_migration_leaves_one_identical_backup(paths, picasso, fixture: str) -> None:
    original = install_fixture(paths, fixture)
    bak = paths.root / f"memory.json.v{OLD_FIXTURES[fixture]}.bak"

    first = picasso("memory", "add", "First write after the migration.")
    assert first.code == 0, first.err
    assert bak.read_bytes() == original
    assert orjson.loads(paths.memory_file.read_bytes())["schemaVersion"] == 2
    assert set(file_records(paths)) >= FIXTURE_IDS[fixture]
    stamp = bak.stat().st_mtime_ns
    os.utime(bak, ns=(stamp - 10**9, stamp - 10**9))
    stamp = bak.stat().st_mtime_ns

    for args in (["memory", "add", "Second write."], ["memory", "pin", sorted(FIXTURE_IDS[fixture])[0]]):
        res = picasso(*args)
        assert res.code == 0, res.err
    assert bak.read_bytes() == original
    assert bak.stat().st_mtime_ns == stamp
    assert [p.name for p in paths.root.glob("*.bak*")] == [bak.name]


def test_backup_is_written_by_an_api_write_too(paths) -> None:
    original = install_fixture(paths, "v1-cli.json")
    result = FileStore(paths).apply([Change(V1_STYLE, lambda r: r.with_metadata(pinned=True))])
    assert result.written
    assert (paths.root / "memory.json.v1.bak").read_bytes() == original
    assert loaded(paths)[V1_STYLE].metadata.pinned is True


# -- a read alone never writes ---------------------------------------------------------------------

V2_FILE = orjson.dumps(
    {
        "schemaVersion": 2,
        "records": [
            {
                "id": "mem_v2only",
                "vector": [],
                "body": "A plain v2 record.",
                "metadata": {
                    "class": "fact",
                    "namespace": "account:local/global/facts",
                    "lastObservedAt": "2026-01-01T00:00:00Z",
                },
            }
        ],
    },
    option=orjson.OPT_INDENT_2,
)


@pytest.mark.parametrize("fixture", [*sorted(OLD_FIXTURES), "v2"])
def test_reads_never_rewrite_the_file(paths, picasso, fixture: str) -> None:
    if fixture == "v2":
        paths.root.mkdir(parents=True)
        paths.memory_file.write_bytes(V2_FILE)
        original, ids = V2_FILE, {"mem_v2only"}
    else:
        original, ids = install_fixture(paths, fixture), FIXTURE_IDS[fixture]
    os.utime(paths.memory_file, (1_600_000_000, 1_600_000_000))
    mtime = paths.memory_file.stat().st_mtime_ns
    some_id = sorted(ids)[0]

    for args in (
        [],
        ["memory", "list"],
        ["memory", "list", "--all"],
        ["memory", "list", "--all", "--json"],
        ["memory", "inspect", some_id],
        ["memory", "inspect", some_id, "--json"],
        ["memory", "export"],
        ["memory", "gc", "--dry-run"],
    ):
        res = picasso(*args)
        assert res.code == 0, (args, res.err)
    store = MemoryStore(paths)
    store.list(everything=True)
    store.resolve(some_id)
    store.export()
    FileStore(paths).load().records()

    assert paths.memory_file.read_bytes() == original
    assert paths.memory_file.stat().st_mtime_ns == mtime
    assert not list(paths.root.glob("*.bak*"))
    assert not list(paths.root.glob(".memory.json.*.tmp"))


# -- unknown fields at any level survive -----------------------------------------------------------

EXOTIC = {
    "id": "mem_exotic",
    "vector": [0.5, 0.25],
    "body": "Records from other writers keep every field.",
    "recordLevelUnknown": {"from": "another writer", "n": [1, 2, 3]},
    "metadata": {
        "class": "decision",
        "namespace": "account:local/global/decisions",
        "createdAt": "2026-02-02T02:02:02.000Z",
        "lastObservedAt": "2026-02-03T03:03:03.000Z",
        "stalenessScore": 0.3,
        "pinned": False,
        "edges": [{"type": "decision->file", "target": "file:src/a.py", "weight": 0.7, "why": {"k": "v"}}],
        "preventNextTime": ["Check twice."],
        "provenance": {"sessionId": "sess_9", "eventIndex": 1, "sourceFiles": ["src/a.py"], "tool": "grep"},
        "embedding": {"model": "other-model", "dim": 2, "normalised": True},
        "attributes": {"title": "Exotic", "tags": ["x"], "color": "rose", "nested": {"deep": [None, True]}},
        "metadataLevelUnknown": "kept",
    },
}
EXOTIC_FILE = {"schemaVersion": 2, "records": [EXOTIC], "writer": {"name": "mac-app", "build": 77}, "z": None}


def without_user_stamps(record: dict) -> dict:
    md = {k: v for k, v in record["metadata"].items() if k not in ("lastObservedAt", "pinned")}
    return {**record, "metadata": md}


def assert_preserved(original: object, now: object, where: str = "record") -> None:
    """Every key and value of ``original`` is still in ``now`` (a writer may add defaults)."""
    if isinstance(original, dict):
        assert isinstance(now, dict), where
        for key, value in original.items():
            assert key in now, f"{where}.{key} was dropped"
            assert_preserved(value, now[key], f"{where}.{key}")
    elif isinstance(original, list):
        assert isinstance(now, list) and len(now) == len(original), where
        for i, (a, b) in enumerate(zip(original, now, strict=True)):
            assert_preserved(a, b, f"{where}[{i}]")
    else:
        assert now == original, f"{where}: {original!r} became {now!r}"


def test_unknown_fields_survive_an_unrelated_write(paths, picasso) -> None:
    paths.root.mkdir(parents=True)
    paths.memory_file.write_bytes(orjson.dumps(EXOTIC_FILE))
    assert picasso("memory", "add", "An unrelated note.").code == 0
    doc = orjson.loads(paths.memory_file.read_bytes())
    assert doc["writer"] == {"name": "mac-app", "build": 77}
    assert doc["z"] is None
    assert file_records(paths)["mem_exotic"] == EXOTIC


def test_unknown_fields_survive_changes_to_the_record_itself(paths, picasso, monkeypatch, tmp_path) -> None:
    paths.root.mkdir(parents=True)
    paths.memory_file.write_bytes(orjson.dumps(EXOTIC_FILE))

    assert picasso("memory", "pin", "mem_exotic").code == 0
    pinned = file_records(paths)["mem_exotic"]
    assert pinned["metadata"]["pinned"] is True
    assert_preserved(without_user_stamps(EXOTIC), pinned)

    assert picasso("memory", "unpin", "mem_exotic").code == 0
    assert_preserved(without_user_stamps(EXOTIC), file_records(paths)["mem_exotic"])

    editor = tmp_path / "editor.py"
    editor.write_text(
        "import sys, pathlib\n"
        "p = pathlib.Path(sys.argv[1])\n"
        "p.write_text(p.read_text().replace('keep every field.', 'keep every field, edited.'))\n"
    )
    monkeypatch.setenv("EDITOR", f"{sys.executable} {editor}")
    monkeypatch.delenv("VISUAL", raising=False)
    res = picasso("memory", "edit", "mem_exotic")
    assert res.code == 0, res.err
    edited = file_records(paths)["mem_exotic"]
    assert edited["body"] == "Records from other writers keep every field, edited."
    assert_preserved(without_user_stamps(EXOTIC), {**edited, "body": EXOTIC["body"]})

    doc = orjson.loads(paths.memory_file.read_bytes())
    assert doc["writer"] == {"name": "mac-app", "build": 77}


def test_unknown_fields_survive_export_and_import(paths, picasso, tmp_path) -> None:
    paths.root.mkdir(parents=True)
    paths.memory_file.write_bytes(orjson.dumps(EXOTIC_FILE))
    res = picasso("memory", "export")
    assert res.code == 0
    exported = json.loads(res.out)
    assert exported["schemaVersion"] == 2
    assert [r["id"] for r in exported["records"]] == ["mem_exotic"]
    assert_preserved(EXOTIC, exported["records"][0])

    export = tmp_path / "export.json"
    export.write_text(res.out)
    paths.memory_file.unlink()
    assert picasso("memory", "import", str(export)).code == 0
    assert_preserved(EXOTIC, file_records(paths)["mem_exotic"])


def test_plugin_private_field_survives_writes(paths, picasso) -> None:
    install_fixture(paths, "v0-plugin.json")
    private = {"kept": "unknown fields must survive a round trip"}
    assert picasso("memory", "add", "An unrelated note.").code == 0
    assert file_records(paths)[PLUGIN_ID]["metadata"]["pluginPrivateField"] == private
    assert picasso("memory", "pin", PLUGIN_ID).code == 0
    record = file_records(paths)[PLUGIN_ID]
    assert record["metadata"]["pinned"] is True
    assert record["metadata"]["pluginPrivateField"] == private


def test_unknown_v1_entry_fields_survive(paths, picasso) -> None:
    doc = json.loads((FIXTURES / "v1-cli.json").read_text())
    doc["entries"][0]["cliPrivate"] = {"kept": True}
    paths.root.mkdir(parents=True)
    paths.memory_file.write_text(json.dumps(doc))
    assert picasso("memory", "add", "An unrelated note.").code == 0
    assert contains(file_records(paths)[V1_FAILURE], "cliPrivate")
    assert picasso("memory", "pin", V1_FAILURE).code == 0
    assert contains(file_records(paths)[V1_FAILURE], "cliPrivate")


# -- vectors ---------------------------------------------------------------------------------------


def test_vectors_from_other_writers_are_kept_and_new_records_have_none(paths, picasso) -> None:
    install_fixture(paths, "v1-cli.json")
    res = picasso("memory", "add", "A note of ours.")
    assert res.code == 0
    ours = res.out.strip()
    assert picasso("memory", "pin", V1_FAILURE).code == 0
    records = file_records(paths)
    assert records[V1_FAILURE]["vector"] == [0.0, 0.5, -0.25, 0.125]
    assert records[ours]["vector"] == []

    # Another writer supplies a vector with a newer copy: it lands as given.
    newer = loaded(paths)[V1_DECISION].file_form
    newer = {
        **newer,
        "vector": [0.1, 0.2, 0.3],
        "metadata": {**newer["metadata"], "lastObservedAt": "2030-01-01T00:00:00.000Z"},
    }
    FileStore(paths).apply([Upsert(MemoryRecord.model_validate(newer))])
    assert file_records(paths)[V1_DECISION]["vector"] == [0.1, 0.2, 0.3]
    assert picasso("memory", "add", "Another note.").code == 0
    assert file_records(paths)[V1_DECISION]["vector"] == [0.1, 0.2, 0.3]


# -- a file from a newer Picasso ------------------------------------------------------------------


def _every_command(tmp_path: Path) -> list[list[str]]:
    export = tmp_path / "export.json"
    export.write_bytes(V2_FILE)
    return [
        [],
        ["memory", "list"],
        ["memory", "list", "--all", "--json"],
        ["memory", "add", "a note"],
        ["memory", "add", "a pinned style note", "--class", "style", "--language", "python", "--pin"],
        ["memory", "inspect", "mem_future"],
        ["memory", "inspect", "mem_future", "--json"],
        ["memory", "edit", "mem_future"],
        ["memory", "delete", "mem_future"],
        ["memory", "pin", "mem_future"],
        ["memory", "unpin", "mem_future"],
        ["memory", "export"],
        ["memory", "import", str(export)],
        ["memory", "gc"],
        ["memory", "gc", "--dry-run"],
        ["memory", "clear", "--confirm", "clear-memories"],
        ["memory", "recover"],
        ["memory", "recover", "--start-empty"],
    ]


def test_newer_schema_is_refused_by_every_command(paths, picasso, tmp_path, monkeypatch) -> None:
    monkeypatch.setenv("EDITOR", f"{sys.executable} -c pass")
    original = install_fixture(paths, "v3-newer.json")
    names = sorted(p.name for p in paths.root.iterdir())
    for args in _every_command(tmp_path):
        res = picasso(*args)
        label = " ".join(args) or "picasso"
        assert res.code == 1, (label, res.out, res.err)
        assert "written by a newer Picasso (schema 3" in res.err, (label, res.err)
        assert res.err.strip().endswith("Update Picasso."), (label, res.err)
        assert "Traceback" not in res.err
        assert len(res.err.strip().splitlines()) == 1, (label, res.err)
        assert "No memories" not in res.out, label  # never read as empty
        assert "mem_future" not in res.out, label
        assert paths.memory_file.read_bytes() == original, label
    after = sorted(p.name for p in paths.root.iterdir() if p.name not in ("memory.json.lock", "logs"))
    assert after == names
    assert not list(paths.root.glob("*.bak*"))
    assert not list(paths.root.glob("*corrupt*"))


def test_newer_schema_is_refused_by_the_api(paths) -> None:
    original = install_fixture(paths, "v3-newer.json")
    with pytest.raises(NewerSchema) as err:
        FileStore(paths).load()
    assert "written by a newer Picasso (schema 3" in str(err.value)
    assert str(err.value).endswith("Update Picasso.")
    store = MemoryStore(paths)
    for attempt in (
        lambda: store.add("a note"),
        lambda: store.list(everything=True),
        lambda: store.clear(),
        lambda: store.recover(),
        lambda: FileStore(paths).apply([]),
    ):
        with pytest.raises(NewerSchema):
            attempt()
    assert paths.memory_file.read_bytes() == original
    assert not list(paths.root.glob("*.bak*"))


def test_importing_a_newer_file_is_refused(paths, picasso, tmp_path) -> None:
    assert picasso("memory", "add", "An existing memory.").code == 0
    before = paths.memory_file.read_bytes()
    newer = tmp_path / "from-the-future.json"
    newer.write_bytes((FIXTURES / "v3-newer.json").read_bytes())
    res = picasso("memory", "import", str(newer))
    assert res.code == 1
    assert "written by a newer Picasso (schema 3" in res.err
    assert res.err.strip().endswith("Update Picasso.")
    assert "Traceback" not in res.err
    assert paths.memory_file.read_bytes() == before
