"""`picasso memory` export / import / gc / clear."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from picasso_tui.store.filestore import Change, FileStore
from picasso_tui.store.schema import utc_now
from tests.cli_helpers import (
    add,
    checked,
    days_ago,
    inspect_json,
    list_json,
    ok,
    one_sentence,
    projections,
    record,
    workspace_of,
    write_export,
)
from tests.conftest import install_fixture


@pytest.fixture
def run(picasso, monkeypatch):
    monkeypatch.setenv("COLUMNS", "200")
    return checked(picasso)


def switch_home(monkeypatch, tmp_path: Path, name: str) -> Path:
    home = tmp_path / name
    monkeypatch.setenv("PICASSO_HOME", str(home))
    return home


# -- export / import ------------------------------------------------------------------------------


def test_export_prints_the_whole_store(run, paths) -> None:
    a = add(run, "Fact one", "--tag", "x")
    b = add(run, "Style one", "--class", "style", "--language", "python", "--pin")
    gone = add(run, "Deleted one")
    archived = add(run, "Archived one")
    ok(run("memory", "delete", gone))
    FileStore(paths).apply([Change(archived, lambda r: r.with_attributes(archived_at=utc_now()))])
    res = ok(run("memory", "export"))
    doc = json.loads(res.out)
    assert set(doc) == {"schemaVersion", "records"}
    assert doc["schemaVersion"] == 2
    by_id = {r["id"]: r for r in doc["records"]}
    assert set(by_id) == {a, b, archived}  # live records, archived included; deleted ones are not exported
    assert by_id[a] == inspect_json(run, a)
    assert by_id[b]["metadata"]["pinned"] is True
    assert "Deleted one" not in res.out


def test_export_of_an_empty_store(run) -> None:
    assert json.loads(ok(run("memory", "export")).out) == {"schemaVersion": 2, "records": []}


def test_import_into_a_fresh_home_then_again(run, monkeypatch, tmp_path) -> None:
    ids = {add(run, "Fact one"), add(run, "Decision one", "--class", "decision")}
    export = tmp_path / "export.json"
    export.write_text(ok(run("memory", "export")).out)

    fresh = switch_home(monkeypatch, tmp_path, "fresh-home")
    assert list_json(run, "--all") == []
    res = ok(run("memory", "import", str(export)))
    assert "2 added, 0 updated, 0 skipped" in res.out
    assert {r["id"] for r in list_json(run, "--all")} == ids
    assert (fresh / "memory.json").exists()

    res = ok(run("memory", "import", str(export)))
    assert "0 added, 0 updated, 2 skipped" in res.out
    assert len(list_json(run, "--all")) == 2


def test_import_json_shape(run, monkeypatch, tmp_path) -> None:
    a = add(run, "Fact one")
    b = add(run, "Fact two")
    export = tmp_path / "export.json"
    export.write_text(ok(run("memory", "export")).out)
    switch_home(monkeypatch, tmp_path, "fresh-home")
    first = json.loads(ok(run("memory", "import", str(export), "--json")).out)
    assert set(first) == {"added", "updated", "skipped", "redacted"} and first["redacted"] == 0
    assert sorted(first["added"]) == sorted([a, b])
    assert first["updated"] == [] and first["skipped"] == []
    second = json.loads(ok(run("memory", "import", str(export), "--json")).out)
    assert second["added"] == [] and second["updated"] == [] and sorted(second["skipped"]) == sorted([a, b])


def test_import_of_a_newer_copy_updates(run, monkeypatch, tmp_path) -> None:
    home_a = tmp_path / "picasso-home"
    rid = add(run, "Fact one")
    other = add(run, "Fact two")
    old = tmp_path / "old.json"
    old.write_text(ok(run("memory", "export")).out)

    switch_home(monkeypatch, tmp_path, "home-b")
    ok(run("memory", "import", str(old)))

    monkeypatch.setenv("PICASSO_HOME", str(home_a))
    ok(run("memory", "pin", rid))
    new = tmp_path / "new.json"
    new.write_text(ok(run("memory", "export")).out)

    switch_home(monkeypatch, tmp_path, "home-b")
    report = json.loads(ok(run("memory", "import", str(new), "--json")).out)
    assert report == {"added": [], "updated": [rid], "skipped": [other], "redacted": 0}
    assert inspect_json(run, rid)["metadata"]["pinned"] is True
    # The older export never rolls the newer copy back.
    report = json.loads(ok(run("memory", "import", str(old), "--json")).out)
    assert report["updated"] == [] and rid in report["skipped"]
    assert inspect_json(run, rid)["metadata"]["pinned"] is True


def test_import_never_resurrects_a_deleted_memory(run, tmp_path) -> None:
    rid = add(run, "Soon gone")
    export = tmp_path / "export.json"
    export.write_text(ok(run("memory", "export")).out)
    ok(run("memory", "delete", rid))
    report = json.loads(ok(run("memory", "import", str(export), "--json")).out)
    assert report["skipped"] == [rid]
    assert run("memory", "inspect", rid).code == 1


def test_import_from_stdin(run, tmp_path) -> None:
    doc = json.dumps({"schemaVersion": 2, "records": [record("From a pipe")]})
    res = ok(run("memory", "import", "-", stdin=doc))
    assert "1 added" in res.out
    assert list_json(run)[0]["body"] == "From a pipe"


def test_import_an_old_v1_file(run, paths, tmp_path) -> None:
    src = tmp_path / "old.json"
    src.write_bytes(install_fixture(paths, "v1-cli.json"))
    paths.memory_file.unlink()
    report = json.loads(ok(run("memory", "import", str(src), "--json")).out)
    assert report["added"]
    assert len(list_json(run, "--all")) == len(report["added"])


def test_import_a_missing_file_fails(run, tmp_path) -> None:
    res = run("memory", "import", str(tmp_path / "nope.json"))
    assert res.code == 1
    assert "nope.json" in one_sentence(res.err)


def test_import_a_corrupt_file_fails_without_pointing_at_recover(run, tmp_path) -> None:
    rid = add(run, "Keep me")
    bad = tmp_path / "bad.json"
    bad.write_text('{"schemaVersion": 2, "records": [')
    res = run("memory", "import", str(bad))
    assert res.code == 1
    assert "bad.json" in res.err
    # `recover` repairs memory.json, which is fine here: suggesting it for a bad import file misleads.
    assert "recover" not in res.err, res.err
    assert [r["id"] for r in list_json(run)] == [rid]


def test_import_a_newer_schema_is_refused(run, paths, tmp_path) -> None:
    newer = tmp_path / "newer.json"
    newer.write_bytes(install_fixture(paths, "v3-newer.json"))
    paths.memory_file.unlink()
    res = run("memory", "import", str(newer))
    assert res.code == 1
    assert "written by a newer Picasso (schema 3" in res.err
    assert list_json(run, "--all") == []


def test_import_refuses_a_record_dated_in_the_future(run, tmp_path) -> None:
    recs = [record("From today"), record("From the future", observed=days_ago(-10))]
    res = run("memory", "import", str(write_export(tmp_path / "f.json", recs)))
    assert res.code == 1
    assert recs[1]["id"] in one_sentence(res.err)
    assert list_json(run, "--all") == []  # all or nothing


def test_import_with_an_invalid_record_imports_nothing(run, tmp_path) -> None:
    recs = [record("Fine"), record("   ")]
    res = run("memory", "import", str(write_export(tmp_path / "e.json", recs)))
    assert res.code == 1
    assert "empty body" in one_sentence(res.err)
    assert list_json(run, "--all") == []


# -- gc -------------------------------------------------------------------------------------------


@pytest.fixture
def aged(run, tmp_path):
    """A store with memories of every retention fate, imported from a crafted export."""
    recs = {
        "stale": record("Stale and idle", observed=days_ago(200), staleness=0.9),
        "pinned": record("Stale but pinned", observed=days_ago(200), staleness=0.95, pinned=True),
        "fresh": record("Stale but seen lately", observed=days_ago(10), staleness=0.9),
        "healthy": record("Idle but not stale", observed=days_ago(200), staleness=0.2),
        "middle": record("Stale, idle for 60 days", observed=days_ago(60), staleness=0.9),
        "old_archive": record("Archived long ago", observed=days_ago(600), staleness=0.9, archived=days_ago(400)),
        "pinned_archive": record(
            "Archived, pinned", observed=days_ago(600), staleness=0.9, archived=days_ago(400), pinned=True
        ),
        "new_archive": record("Archived lately", observed=days_ago(200), staleness=0.9, archived=days_ago(20)),
    }
    ok(run("memory", "import", str(write_export(tmp_path / "aged.json", list(recs.values())))))
    return {k: v["id"] for k, v in recs.items()}


def test_gc_dry_run_lists_actions_with_reasons_and_changes_nothing(run, paths, aged) -> None:
    before = paths.memory_file.read_bytes()
    res = ok(run("memory", "gc", "--dry-run"))
    lines = res.out.strip().splitlines()
    assert len(lines) == 2, res.out
    archive = next(line for line in lines if aged["stale"] in line)
    assert archive.startswith("would archive") and "0.90" in archive and "200 days" in archive
    delete = next(line for line in lines if aged["old_archive"] in line)
    assert delete.startswith("would delete") and "archived 400 days ago" in delete
    assert paths.memory_file.read_bytes() == before


def test_gc_dry_run_json(run, paths, aged) -> None:
    before = paths.memory_file.read_bytes()
    out = json.loads(ok(run("memory", "gc", "--dry-run", "--json")).out)
    assert out["dryRun"] is True
    assert {(a["id"], a["action"]) for a in out["actions"]} == {
        (aged["stale"], "archive"),
        (aged["old_archive"], "delete"),
    }
    for action in out["actions"]:
        assert set(action) == {"id", "action", "reason"} and action["reason"]
    assert paths.memory_file.read_bytes() == before


def test_gc_applies_the_plan(run, aged) -> None:
    res = ok(run("memory", "gc"))
    assert f"archived {aged['stale']}" in res.out
    assert f"deleted {aged['old_archive']}" in res.out
    listed = {r["id"] for r in list_json(run)}
    assert aged["stale"] not in listed  # archived: out of the default list
    assert {aged["pinned"], aged["fresh"], aged["healthy"], aged["middle"]} <= listed
    everything = {r["id"]: r for r in list_json(run, "--all")}
    assert aged["pinned_archive"] in everything  # archived, but pinned: never deleted
    assert aged["new_archive"] in everything  # archived less than a year ago
    assert everything[aged["stale"]]["metadata"]["attributes"]["archivedAt"]
    assert aged["old_archive"] not in everything
    assert run("memory", "inspect", aged["old_archive"]).code == 1
    assert everything[aged["pinned"]]["metadata"]["attributes"]["archivedAt"] is None
    assert "archived" in ok(run("memory", "inspect", aged["stale"])).out
    # Nothing left to do the second time.
    assert ok(run("memory", "gc")).out.strip() == "Nothing to clean up."


def test_gc_json(run, aged) -> None:
    out = json.loads(ok(run("memory", "gc", "--json")).out)
    assert out["dryRun"] is False
    assert {(a["id"], a["action"]) for a in out["actions"]} == {
        (aged["stale"], "archive"),
        (aged["old_archive"], "delete"),
    }
    assert json.loads(ok(run("memory", "gc", "--json")).out) == {"dryRun": False, "actions": []}


def test_gc_never_archives_pinned(run, tmp_path) -> None:
    recs = [record(f"Pinned {i}", observed=days_ago(365 * 3), staleness=1.0, pinned=True) for i in range(3)]
    ok(run("memory", "import", str(write_export(tmp_path / "p.json", recs))))
    assert ok(run("memory", "gc", "--dry-run")).out.strip() == "Nothing to clean up."
    ok(run("memory", "gc"))
    assert len(list_json(run)) == 3


# -- clear ----------------------------------------------------------------------------------------


def test_clear_without_confirm_refuses_when_not_a_terminal(run) -> None:
    rid = add(run, "Do not lose me")
    res = run("memory", "clear")
    assert res.code == 1
    assert "--confirm clear-memories" in one_sentence(res.err)
    assert [r["id"] for r in list_json(run)] == [rid]


def test_clear_with_the_wrong_phrase_refuses(run) -> None:
    rid = add(run, "Do not lose me")
    res = run("memory", "clear", "--confirm", "yes")
    assert res.code == 1
    one_sentence(res.err)
    assert [r["id"] for r in list_json(run)] == [rid]


def test_clear_everything(run, make_repo, monkeypatch, picasso_home, paths) -> None:
    monkeypatch.chdir(make_repo("api", origin="git@github.com:acme/api.git"))
    add(run, "Workspace fact")
    add(run, "Workspace decision", "--class", "decision")
    add(run, "Workspace failure", "--class", "failure")
    add(run, "Style note", "--class", "style", "--language", "python")
    res = ok(run("memory", "clear", "--confirm", "clear-memories"))
    assert "Cleared 4 memories" in res.out
    assert list_json(run, "--all") == []
    assert "No memories" in ok(run("memory", "list", "--all")).out
    for name, text in projections(picasso_home).items():
        assert "_No memories._" in text, name
        for body in ("Workspace fact", "Workspace decision", "Workspace failure", "Style note"):
            assert body not in text, (name, body)
    assert "Workspace fact" not in paths.memory_file.read_text()


def test_clear_an_empty_store_succeeds(run, picasso_home) -> None:
    res = ok(run("memory", "clear", "--confirm", "clear-memories"))
    assert "Cleared 0 memories" in res.out
    for text in projections(picasso_home).values():
        assert "_No memories._" in text


def test_clear_removes_pre_migration_backups(run, paths) -> None:
    install_fixture(paths, "v1-cli.json")
    add(run, "Triggers the migration backup")
    assert list(paths.root.glob("memory.json.v*.bak"))
    res = ok(run("memory", "clear", "--confirm", "clear-memories"))
    assert "memory.json.v1.bak" in res.out
    assert not list(paths.root.glob("memory.json.v*.bak"))
    assert list_json(run, "--all") == []


def test_clear_one_workspace(run, make_repo, monkeypatch, tmp_path) -> None:
    api = make_repo("api", origin="git@github.com:acme/api.git")
    web = make_repo("web", origin="git@github.com:acme/web.git")
    monkeypatch.chdir(api)
    api_fact = add(run, "API fact")
    api_fp = workspace_of(run, api_fact)
    monkeypatch.chdir(web)
    web_fact = add(run, "Web fact")
    monkeypatch.chdir(tmp_path / "cwd")
    global_fact = add(run, "Global fact")

    res = ok(run("memory", "clear", "--workspace", api_fp, "--confirm", "clear-memories"))
    assert f"Cleared 1 memory from workspace {api_fp}" in res.out
    assert {r["id"] for r in list_json(run, "--all")} == {web_fact, global_fact}
    monkeypatch.chdir(api)
    assert {r["id"] for r in list_json(run)} == {global_fact}


def test_clear_current_workspace(run, make_repo, monkeypatch, tmp_path) -> None:
    monkeypatch.chdir(tmp_path / "cwd")
    global_fact = add(run, "Global fact")
    monkeypatch.chdir(make_repo("api", origin="git@github.com:acme/api.git"))
    add(run, "API fact")
    ok(run("memory", "clear", "--workspace", "current", "--confirm", "clear-memories"))
    assert {r["id"] for r in list_json(run, "--all")} == {global_fact}


def test_clear_unknown_workspace_fails(run) -> None:
    rid = add(run, "Global fact")
    res = run("memory", "clear", "--workspace", "0123456789ab", "--confirm", "clear-memories")
    assert res.code == 1
    assert "0123456789ab" in one_sentence(res.err)
    assert [r["id"] for r in list_json(run, "--all")] == [rid]


def test_clear_workspace_without_confirm_refuses(run, make_repo, monkeypatch) -> None:
    monkeypatch.chdir(make_repo("api", origin="git@github.com:acme/api.git"))
    rid = add(run, "API fact")
    fp = workspace_of(run, rid)
    res = run("memory", "clear", "--workspace", fp)
    assert res.code == 1
    one_sentence(res.err)
    assert [r["id"] for r in list_json(run)] == [rid]


def keep_transcript(paths, workspace: str | None, text: str) -> Path:
    from picasso_tui.writeback.transcript import Transcript

    transcript = Transcript(header={"workspace": workspace} if workspace else {})
    transcript.add("prompt", text=text)
    path = paths.home / "transcripts" / f"{transcript.session_id}.jsonl"
    transcript.save(path)
    return path


def test_clear_everything_leaves_no_transcript_or_index_behind(run, paths, make_repo, monkeypatch) -> None:
    monkeypatch.chdir(make_repo("api", origin="git@github.com:acme/api.git"))
    add(run, "The billing service retries webhooks three times")
    ok(run("memory", "recall", "how often are webhooks retried"))  # builds the vector and term caches
    assert any(paths.cache_dir.rglob("*.json"))
    keep_transcript(paths, None, "the billing webhook secret rotation")
    res = ok(run("memory", "clear", "--confirm", "clear-memories"))
    assert "removed 1 transcript" in res.out
    assert not list((paths.home / "transcripts").glob("*.jsonl"))
    assert not paths.cache_dir.exists()
    assert ok(run("memory", "recall", "how often are webhooks retried")).out == ""  # and recall still works


def test_clear_one_workspace_takes_its_transcripts_and_words_only(run, paths, make_repo, monkeypatch) -> None:
    api = make_repo("api", origin="git@github.com:acme/api.git")
    web = make_repo("web", origin="git@github.com:acme/web.git")
    monkeypatch.chdir(api)
    api_fact = add(run, "Zephyrine queues drain before deploys")
    api_fp = workspace_of(run, api_fact)
    ok(run("memory", "recall", "when do zephyrine queues drain"))
    terms = next(paths.cache_dir.glob("lexical/terms-*.json"))
    assert "zephyrin" in terms.read_text()  # the stemmed word is on disk
    monkeypatch.chdir(web)
    web_fp = workspace_of(run, add(run, "Web fact"))
    api_run = keep_transcript(paths, api_fp, "zephyrine")
    web_run = keep_transcript(paths, web_fp, "web")
    res = ok(run("memory", "clear", "--workspace", api_fp, "--confirm", "clear-memories"))
    assert "removed 1 transcript" in res.out
    assert not api_run.exists() and web_run.exists()
    assert not any(b"zephyrin" in p.read_bytes() for p in paths.cache_dir.rglob("*") if p.is_file())
