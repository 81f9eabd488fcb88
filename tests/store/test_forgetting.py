"""Deleted means gone everywhere (DESIGN §4): after `delete` (or a tombstone an import brings), the
memory's text is in no file under the Picasso home; after `clear`, nothing of the cleared memories is.

Every test first makes each kind of file that can hold a memory's text exist, and checks the marker
word is in each: memory.json, a migration backup, a corrupt copy left by `recover`, an unsaved edit,
the projections, the term cache and the saved recall index (a recall was done), and for `clear` a
kept transcript. Then it walks every file under the home, binary ones too.
"""

from __future__ import annotations

import json
import sys
import textwrap
from pathlib import Path
from typing import Any

import orjson
import pytest

from picasso_tui import settings
from picasso_tui.paths import PicassoPaths
from picasso_tui.retrieval.lexical import stem
from picasso_tui.store.api import MemoryStore
from picasso_tui.store.schema import format_timestamp, utc_now
from tests.cli_helpers import checked, list_json, ok

MARKER = "quokkabrine"  # the deleted memory's word: must vanish
OTHER = "wombatfjord"  # a memory that stays: must stay where it was
DELETED_ID = "mem_01J00000000000000000QUOKKA"
KEPT_ID = "mem_01J00000000000000000WOMBAT"
FAKE_AGENT = textwrap.dedent(
    """
    import os
    from pathlib import Path
    print(Path(os.environ["PICASSO_MEMORY_BLOCK"]).read_text(), flush=True)
    """
)


def files_holding(home: Path, *words: str) -> list[str]:
    """Every file under ``home`` whose bytes contain any of ``words`` (or their stems), case-insensitively."""
    needles = {w.lower().encode() for word in words for w in (word, stem(word))}
    found = []
    for path in sorted(home.rglob("*")):
        if path.is_file() and not path.is_symlink():
            data = path.read_bytes().lower()
            if any(n in data for n in needles):
                found.append(str(path.relative_to(home)))
    return found


def v1_entry(rid: str, body: str, fingerprint: str) -> dict[str, Any]:
    return {
        "id": rid,
        "body": body,
        "class": "fact",
        "namespace": f"projects/workspace:{fingerprint}/facts",
        "createdAt": "2026-05-01T10:00:00.000Z",
        "lastObservedAt": "2026-05-01T10:00:00.000Z",
    }


@pytest.fixture
def every_kind_of_file(make_repo: Any, monkeypatch: pytest.MonkeyPatch, paths: PicassoPaths, picasso: Any) -> Any:
    """A home where the marker sits in every kind of file Picasso writes; returns the checked runner."""
    run = checked(picasso)
    repo = make_repo("proj", origin="https://github.com/acme/proj.git")
    monkeypatch.chdir(repo)
    fingerprint = MemoryStore(paths).workspace.fingerprint  # type: ignore[union-attr]
    settings.set_value("retrieval.embedder", "hash", paths)
    # An old (v1) file: the first write migrates it and leaves the original as memory.json.v1.bak.
    paths.root.mkdir(parents=True, exist_ok=True)
    entries = [
        v1_entry(DELETED_ID, f"Staging deploys use the {MARKER} pipeline and its canary.", fingerprint),
        v1_entry(KEPT_ID, f"Release notes live in the {OTHER} folder of the docs site.", fingerprint),
    ]
    paths.memory_file.write_text(json.dumps({"version": 1, "entries": entries}))
    ok(run("memory", "add", "Tests run with pytest -q before every commit."))
    # Damage memory.json, then recover: the damaged bytes stay as memory.json.corrupt-<time>.
    data = paths.memory_file.read_bytes()
    head, rest = data.split(b"\n", 1)
    paths.memory_file.write_bytes(head + b"\n<<a torn write>>\n" + rest)
    ok(run("memory", "recover"))
    assert {r["id"] for r in list_json(run)} >= {DELETED_ID, KEPT_ID}
    # An edit that could not be applied, kept so the user does not lose it.
    MemoryStore(paths).save_unsaved_edit(DELETED_ID, f"Staging deploys use the {MARKER} pipeline (edited).")
    # A recall, so that the term cache and the saved recall index hold the memories' words.
    assert MARKER in ok(run("memory", "recall", f"how does the {MARKER} pipeline deploy staging")).out
    holding = files_holding(paths.home, MARKER)
    kinds = {"memory.json", "memory.json.v1.bak", "unsaved-edits", "memory/REPO.md", "cache/lexical", "cache/recall"}
    for kind in kinds:
        assert any(name.startswith(kind) for name in holding), f"no {kind} holds the marker yet: {holding}"
    assert any(name.startswith("memory.json.corrupt-") for name in holding), holding
    return run


def test_after_delete_the_text_is_in_no_file_under_the_home(every_kind_of_file: Any, paths: PicassoPaths) -> None:
    run = every_kind_of_file
    ok(run("memory", "delete", DELETED_ID))
    assert files_holding(paths.home, MARKER) == []
    # Surgical, not scorched earth: the memory that stays is still in the backup, the corrupt copy,
    # the term cache and the projections.
    kept = files_holding(paths.home, OTHER)
    for kind in ("memory.json", "memory.json.v1.bak", "memory.json.corrupt-", "cache/lexical", "memory/REPO.md"):
        assert any(name.startswith(kind) for name in kept), f"{kind} lost the memory that stays: {kept}"
    assert DELETED_ID not in {r["id"] for r in list_json(run)}
    # The caches still serve: the next recall finds the other memory.
    assert OTHER in ok(run("memory", "recall", f"where do the {OTHER} release notes live")).out


def test_a_tombstone_arriving_by_import_scrubs_as_a_delete_does(
    every_kind_of_file: Any, paths: PicassoPaths, tmp_path: Path
) -> None:
    """The path a sync pull takes too: another writer's tombstone wins the merge."""
    run = every_kind_of_file
    [mine] = [r for r in list_json(run) if r["id"] == DELETED_ID]
    when = format_timestamp(utc_now())  # deleted on another device, after this copy was observed
    assert mine["metadata"]["lastObservedAt"] < when
    tombstone = {"id": DELETED_ID, "vector": [], "body": "", "metadata": {
        "class": "fact", "namespace": mine["metadata"]["namespace"], "lastObservedAt": when,
        "attributes": {"deletedAt": when}}}  # fmt: skip
    export = tmp_path / "from-another-device.json"
    export.write_bytes(orjson.dumps({"schemaVersion": 2, "records": [tombstone]}))
    ok(run("memory", "import", str(export)))
    assert DELETED_ID not in {r["id"] for r in list_json(run)}
    assert files_holding(paths.home, MARKER) == []


def test_after_clear_nothing_of_the_cleared_memories_is_left(
    every_kind_of_file: Any, paths: PicassoPaths, tmp_path: Path
) -> None:
    run = every_kind_of_file
    agent = tmp_path / "echo_agent.py"
    agent.write_text(FAKE_AGENT)
    settings.set_value("agent.command", [sys.executable, str(agent)], paths)
    ok(run("run", f"tidy the {MARKER} pipeline and the {OTHER} release notes"))
    transcripts = list((paths.home / "transcripts").glob("sess_*.jsonl"))
    assert transcripts and MARKER in transcripts[0].read_text()
    ok(run("memory", "clear", "--confirm", "clear-memories"))
    assert files_holding(paths.home, MARKER, OTHER) == []
    assert list_json(run, "--all") == []
    assert ok(run("memory", "add", "A fresh start after the clear.")).out.strip()


# -- the scrub of each kind of file, one deletion after another -------------------------------------


def mac_item(i: int) -> dict[str, Any]:
    return {"title": f"note {i}", "body": f"Mac note {i} about {MARKER}{i}.", "id": f"MAC-{i}", "tags": ["fact"],
            "updatedAt": "2026-01-01T00:00:00Z"}  # fmt: skip


@pytest.mark.parametrize("shape", ["v0", "v1"])
def test_a_backup_loses_each_deleted_record_and_stays_the_same_json_shape(paths: PicassoPaths, shape: str) -> None:
    from picasso_tui.store.forgetting import scrub_owned_files

    items = [mac_item(i) for i in range(4)]
    doc: Any = items if shape == "v0" else {"version": 1, "entries": items}
    bak = paths.root / f"memory.json.{shape}.bak"
    paths.root.mkdir(parents=True)
    bak.write_text(json.dumps(doc, indent=2))
    for gone in (["MAC-1"], ["MAC-3"], ["MAC-0", "MAC-2"]):  # parsed first, then lines cut, the last one included
        scrub_owned_files(paths, gone)
        left = json.loads(bak.read_text())
        kept = left if shape == "v0" else left["entries"]
        assert shape == "v0" or left["version"] == 1
        for rid in gone:
            assert rid not in bak.read_text() and f"{MARKER}{rid[-1]}" not in bak.read_text()
        assert all(item in items for item in kept)
    assert kept == []


@pytest.mark.parametrize("layout", ["picasso", "indented", "indented-truncated"])
def test_a_corrupt_copy_loses_the_deleted_records_and_keeps_the_rest(paths: PicassoPaths, layout: str) -> None:
    from picasso_tui.store.forgetting import scrub_owned_files

    records = [{"id": f"mem_{i}", "body": f"Note {i}: {MARKER}{i}.", "metadata": {"edges": [{"target": "mem_0"}]}}
               for i in range(4)]  # fmt: skip
    if layout == "picasso":
        data = b'{"schemaVersion":2,"records":[\n' + b",\n".join(orjson.dumps(r) for r in records) + b"\n<<torn"
    else:
        data = json.dumps({"schemaVersion": 2, "records": records}, indent=2).encode()
        data = data[:-40] if layout.endswith("truncated") else data + b"\n<<garbage>>"
    copy = paths.root / "memory.json.corrupt-2026-01-01T000000-000Z"
    paths.root.mkdir(parents=True)
    copy.write_bytes(data)
    scrub_owned_files(paths, ["mem_1", "mem_3"])
    left = copy.read_bytes()
    assert f"{MARKER}1".encode() not in left and f"{MARKER}3".encode() not in left
    assert f"{MARKER}0".encode() in left and f"{MARKER}2".encode() in left
    scrub_owned_files(paths, ["mem_0"])  # every other record names it in an edge: they stay
    left = copy.read_bytes()
    assert f"{MARKER}0".encode() not in left and f"{MARKER}2".encode() in left
