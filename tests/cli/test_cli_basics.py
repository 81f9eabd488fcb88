"""`picasso memory` add / list / inspect / pin / unpin / delete, id prefixes, usage errors."""

from __future__ import annotations

import json
import time

import pytest

from picasso_tui import __version__
from picasso_tui.store.filestore import Change, FileStore
from picasso_tui.store.schema import utc_now
from tests.cli_helpers import ID_RE, add, checked, inspect_json, list_json, ok, one_sentence, record, write_export


@pytest.fixture
def run(picasso, monkeypatch):
    monkeypatch.setenv("COLUMNS", "200")
    return checked(picasso)


# -- add ------------------------------------------------------------------------------------------


def test_add_prints_only_the_new_id(run) -> None:
    res = ok(run("memory", "add", "Tests", "run", "with", "pytest"))
    assert ID_RE.match(res.out.rstrip("\n")), res.out
    assert res.out.count("\n") == 1
    assert res.err == ""
    [rec] = list_json(run)
    assert rec["id"] == res.out.strip()
    assert rec["body"] == "Tests run with pytest"
    assert rec["metadata"]["class"] == "fact"
    assert rec["metadata"]["pinned"] is False
    assert rec["metadata"]["attributes"]["source"] == "cli"


def test_two_adds_give_two_distinct_ids(run) -> None:
    assert add(run, "one") != add(run, "two")
    assert len(list_json(run)) == 2


def test_add_class_pin_and_tags(run) -> None:
    rid = add(run, "We chose SQLite over Postgres", "--class", "decision", "--pin", "--tag", "db", "--tag", "arch")
    rec = inspect_json(run, rid)
    assert rec["metadata"]["class"] == "decision"
    assert rec["metadata"]["pinned"] is True
    assert rec["metadata"]["attributes"]["tags"] == ["db", "arch"]
    # Outside a git repository a workspace class is filed account-wide.
    assert rec["metadata"]["namespace"] == "account:local/global/decisions"


def test_add_style_with_language(run) -> None:
    rid = add(run, "Prefer pathlib over os.path", "--class", "style", "--language", "Python")
    rec = inspect_json(run, rid)
    assert rec["metadata"]["namespace"] == "account:local/style/python"
    assert {"type": "style->language", "target": "language:python"} in rec["metadata"]["edges"]


def test_add_reads_the_note_from_stdin(run) -> None:
    res = ok(run("memory", "add", "-", stdin="First line from stdin\nsecond line\n"))
    rid = res.out.strip()
    assert ID_RE.match(rid)
    assert inspect_json(run, rid)["body"] == "First line from stdin\nsecond line"


def test_add_style_outside_a_repo_without_language_is_general_style(run) -> None:
    rid = add(run, "--class", "style", "Use tabs")
    rec = inspect_json(run, rid)
    assert rec["metadata"]["namespace"] == "account:local/global/style"
    assert not any(e["type"] == "style->language" for e in rec["metadata"]["edges"])
    assert [r["id"] for r in list_json(run)] == [rid]  # account-wide: listed from anywhere


def test_add_empty_note_fails_in_one_sentence(run) -> None:
    res = run("memory", "add", "   ")
    assert res.code == 1
    one_sentence(res.err)
    assert list_json(run, "--all") == []


def test_add_control_characters_refused(run) -> None:
    res = run("memory", "add", "evil \x1b[2J note")
    assert res.code == 1
    assert "control character" in one_sentence(res.err)
    assert list_json(run, "--all") == []


def test_add_oversized_body_refused(run) -> None:
    res = run("memory", "add", "-", stdin="x" * (1024 * 1024))
    assert res.code == 1
    assert "limit" in one_sentence(res.err)
    assert list_json(run, "--all") == []


# -- list -----------------------------------------------------------------------------------------


def test_list_table_shows_each_memory(run) -> None:
    a = add(run, "Tests run with pytest")
    b = add(run, "Indent with four spaces", "--class", "style", "--language", "python")
    res = ok(run("memory", "list"))
    assert "2 memories" in res.out
    for header in ("ID", "CLASS", "WHERE", "AGE", "FLAGS", "MEMORY"):
        assert header in res.out
    assert "Tests run with pytest" in res.out
    assert "Indent with four spaces" in res.out
    assert "style/python" in res.out
    assert "global/facts" in res.out
    assert a[:12] in res.out and b[:12] in res.out


def test_list_empty_says_so(run) -> None:
    res = ok(run("memory", "list"))
    assert "No memories" in res.out
    assert "picasso memory add" in res.out


def test_list_json_is_an_array_of_file_form_records(run) -> None:
    rid = add(run, "Tests run with pytest", "--tag", "t")
    listed = list_json(run)
    assert isinstance(listed, list) and len(listed) == 1
    rec = listed[0]
    assert set(rec) >= {"id", "vector", "body", "metadata"}
    assert rec["id"] == rid and rec["vector"] == []
    md = rec["metadata"]
    for key in ("class", "namespace", "createdAt", "lastObservedAt", "stalenessScore", "pinned", "edges",
                "preventNextTime", "provenance", "attributes"):  # fmt: skip
        assert key in md, key
    assert md["createdAt"].endswith("Z") and len(md["createdAt"]) == len("2026-01-01T00:00:00.000Z")
    assert md["attributes"]["tags"] == ["t"]


def test_list_json_empty_is_an_empty_array(run) -> None:
    assert ok(run("memory", "list", "--json")).out.strip() == "[]"


def test_list_filters_by_namespace_short_and_full(run) -> None:
    fact = add(run, "A global fact")
    py = add(run, "Use f-strings", "--class", "style", "--language", "python")
    go = add(run, "Use gofmt", "--class", "style", "--language", "go")
    assert {r["id"] for r in list_json(run, "--namespace", "style")} == {py, go}
    assert [r["id"] for r in list_json(run, "--namespace", "style/python")] == [py]
    assert [r["id"] for r in list_json(run, "--namespace", "account:local/style/go")] == [go]
    assert [r["id"] for r in list_json(run, "--namespace", "global")] == [fact]
    assert list_json(run, "--namespace", "account:someone-else/style") == []
    table = ok(run("memory", "list", "--namespace", "style"))
    assert "Use f-strings" in table.out and "A global fact" not in table.out


def test_list_filters_by_class(run) -> None:
    add(run, "A fact")
    dec = add(run, "A decision", "--class", "decision")
    assert [r["id"] for r in list_json(run, "--class", "decision")] == [dec]
    assert list_json(run, "--class", "failure") == []


def test_list_is_newest_first(run) -> None:
    first = add(run, "first")
    time.sleep(0.005)  # ids made in the same millisecond do not sort by creation
    second = add(run, "second")
    assert [r["id"] for r in list_json(run)] == [second, first]


def test_default_list_hides_archived_and_all_includes_them(run, paths) -> None:
    keep = add(run, "Still relevant")
    gone = add(run, "Archived one")
    FileStore(paths).apply([Change(gone, lambda r: r.with_attributes(archived_at=utc_now()))])
    assert [r["id"] for r in list_json(run)] == [keep]
    assert "Archived one" not in ok(run("memory", "list")).out
    everything = list_json(run, "--all")
    assert {r["id"] for r in everything} == {keep, gone}
    table = ok(run("memory", "list", "--all"))
    assert "Archived one" in table.out and "archived" in table.out


def test_bare_picasso_prints_the_list(run) -> None:
    add(run, "Visible on a bare picasso")
    res = ok(run())
    assert "Visible on a bare picasso" in res.out
    assert "1 memory" in res.out


def test_version(run) -> None:
    res = ok(run("--version"))
    assert __version__ in res.out
    assert "picasso" in res.out


# -- inspect and ids ------------------------------------------------------------------------------


def test_inspect_table(run) -> None:
    rid = add(run, "Tests live beside the source", "--tag", "tests", "--class", "decision")
    res = ok(run("memory", "inspect", rid))
    assert rid in res.out
    assert "decision" in res.out
    assert "account:local/global/decisions" in res.out
    assert "Tests live beside the source" in res.out
    assert "tests" in res.out
    assert "pinned" in res.out and "no" in res.out


def test_inspect_json_is_the_file_form(run) -> None:
    rid = add(run, "Tests live beside the source")
    rec = inspect_json(run, rid)
    assert rec == list_json(run)[0]


@pytest.mark.parametrize("strip_mem", [False, True])
def test_inspect_by_unique_prefix(run, strip_mem) -> None:
    rid = add(run, "only one")
    prefix = rid[:10]
    if strip_mem:
        prefix = prefix.removeprefix("mem_")
    assert inspect_json(run, prefix)["id"] == rid


def test_short_id_shown_in_list_works_as_an_id(run) -> None:
    rid = add(run, "find me by the listed id")
    table = ok(run("memory", "list")).out
    shown = next(word for line in table.splitlines() for word in line.split() if rid.startswith(word) and word)
    assert len(shown) < len(rid)
    assert inspect_json(run, shown)["id"] == rid


def test_ambiguous_prefix_lists_candidates(run, tmp_path) -> None:
    a = "mem_01ABCDEFGH0000000000000001"
    b = "mem_01ABCDEFGH0000000000000002"
    ok(run("memory", "import", str(write_export(tmp_path / "x.json", [record("a", rid=a), record("b", rid=b)]))))
    for prefix in ("01ABCDEFGH", "mem_01ABCDEFGH"):
        res = run("memory", "inspect", prefix)
        assert res.code == 1
        line = one_sentence(res.err)
        assert a in line and b in line
        assert res.out == ""
    assert inspect_json(run, "01ABCDEFGH0000000000000002")["body"] == "b"


@pytest.mark.parametrize("command", ["inspect", "pin", "unpin", "delete", "edit"])
def test_unknown_id_exits_1(run, command) -> None:
    add(run, "something")
    res = run("memory", command, "mem_ZZZZ")
    assert res.code == 1
    assert "mem_ZZZZ" in one_sentence(res.err)


# -- pin, unpin, delete ---------------------------------------------------------------------------


def test_pin_and_unpin(run) -> None:
    rid = add(run, "Pin me")
    res = ok(run("memory", "pin", rid[:12]))
    assert rid in res.out
    assert inspect_json(run, rid)["metadata"]["pinned"] is True
    row = next(line for line in ok(run("memory", "list")).out.splitlines() if rid[:12] in line)
    assert "pinned" in row
    assert "yes" in ok(run("memory", "inspect", rid)).out
    res = ok(run("memory", "unpin", rid))
    assert rid in res.out
    assert inspect_json(run, rid)["metadata"]["pinned"] is False
    row = next(line for line in ok(run("memory", "list")).out.splitlines() if rid[:12] in line)
    assert "pinned" not in row


def test_pin_stamps_last_observed(run) -> None:
    rid = add(run, "Pin me")
    before = inspect_json(run, rid)["metadata"]["lastObservedAt"]
    ok(run("memory", "pin", rid))
    assert inspect_json(run, rid)["metadata"]["lastObservedAt"] > before


def test_pin_brings_an_archived_memory_back(run, paths) -> None:
    rid = add(run, "Archived then pinned")
    FileStore(paths).apply([Change(rid, lambda r: r.with_attributes(archived_at=utc_now()))])
    assert list_json(run) == []
    ok(run("memory", "pin", rid))
    assert [r["id"] for r in list_json(run)] == [rid]


def test_delete_then_inspect_is_not_found(run, paths) -> None:
    keep = add(run, "Keep me")
    rid = add(run, "Delete me please")
    res = ok(run("memory", "delete", rid[:14]))
    assert rid in res.out
    assert [r["id"] for r in list_json(run, "--all")] == [keep]
    res = run("memory", "inspect", rid)
    assert res.code == 1
    one_sentence(res.err)
    # The content is gone from the file at once (only a tombstone remains).
    assert "Delete me please" not in paths.memory_file.read_text()
    # Deleting again is a clear failure, not a crash.
    again = run("memory", "delete", rid)
    assert again.code == 1
    one_sentence(again.err)


# -- usage errors ---------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "args",
    [
        ("nonsense",),
        ("memory", "nonsense"),
        ("memory", "inspect"),
        ("memory", "add"),
        ("memory", "delete"),
        ("memory", "import"),
        ("memory", "add", "--class", "opinion", "x"),
        ("memory", "list", "--class", "opinion"),
        ("memory", "list", "--bogus-flag"),
    ],
)
def test_usage_errors_exit_2(run, args) -> None:
    res = run(*args)
    assert res.code == 2, res
    assert "Usage:" in res.err or "Error:" in res.err
    assert res.out == ""


def test_help_exits_0(run) -> None:
    res = ok(run("memory", "--help"))
    for command in ("list", "add", "inspect", "edit", "delete", "pin", "unpin", "export", "import", "gc", "clear"):
        assert command in res.out


def test_list_json_output_is_valid_json_even_with_odd_bodies(run) -> None:
    add(run, 'quotes " and [bold]markup[/bold] and ünïcødé')
    [rec] = json.loads(ok(run("memory", "list", "--json")).out)
    assert rec["body"] == 'quotes " and [bold]markup[/bold] and ünïcødé'
    assert "[bold]markup[/bold]" in ok(run("memory", "list")).out


# -- failures of the store itself -----------------------------------------------------------------


def test_an_unexpected_error_is_one_sentence_and_saved(picasso, monkeypatch, picasso_home) -> None:
    from picasso_tui.store.api import MemoryStore

    def boom(self, **kwargs):
        raise RuntimeError("kaboom")

    monkeypatch.setattr(MemoryStore, "list", boom)
    res = picasso("memory", "list")
    assert res.code == 1
    assert "Traceback" not in res.err
    line = one_sentence(res.err)
    assert "kaboom" in line
    saved = picasso_home / "logs" / "last-error.txt"
    assert str(saved) in line
    assert "Traceback" in saved.read_text()


def test_a_corrupt_store_is_reported_and_recoverable(run, paths) -> None:
    add(run, "Before the damage")
    paths.memory_file.write_text('{"schemaVersion": 2, "records": [')
    damaged = paths.memory_file.read_bytes()
    for args in (("memory", "list"), ("memory", "add", "more"), ("memory", "export")):
        res = run(*args)
        assert res.code == 1, args
        assert str(paths.memory_file) in res.err and "picasso memory recover" in res.err
        assert paths.memory_file.read_bytes() == damaged
    res = ok(run("memory", "recover"))
    assert "memory.json.corrupt-" in res.out
    [aside] = paths.root.glob("memory.json.corrupt-*")
    assert aside.read_bytes() == damaged
    ok(run("memory", "list"))
    add(run, "After the recovery")


def test_recover_on_a_healthy_store_changes_nothing(run, paths) -> None:
    rid = add(run, "Healthy")
    before = paths.memory_file.read_bytes()
    res = run("memory", "recover")
    assert res.code == 1
    one_sentence(res.err)
    assert paths.memory_file.read_bytes() == before
    assert inspect_json(run, rid)["body"] == "Healthy"


def test_memory_json_as_a_directory(run, paths) -> None:
    paths.memory_file.mkdir(parents=True)
    res = run("memory", "list")
    assert res.code == 1
    assert "directory" in one_sentence(res.err)


def test_a_busy_store_says_so(run, paths, monkeypatch) -> None:
    import portalocker

    add(run, "first")
    monkeypatch.setenv("PICASSO_LOCK_TIMEOUT", "0.2")
    with portalocker.Lock(paths.lock_file, mode="a", flags=portalocker.LockFlags.EXCLUSIVE):
        res = run("memory", "add", "second")
    assert res.code == 1
    assert "busy" in one_sentence(res.err)
    assert [r["body"] for r in list_json(run)] == ["first"]


@pytest.mark.parametrize("columns", ["80", "100", "120"])
def test_list_table_keeps_ids_and_classes_whole_on_a_narrow_terminal(run, monkeypatch, columns) -> None:
    long = "Tests run with pytest; fixtures live in tests/conftest.py and every test gets its own temporary home"
    ids = {add(run, long): "fact", add(run, long, "--class", "decision", "--pin"): "decision"}
    ids[add(run, long, "--class", "workflow")] = "workflow"
    monkeypatch.setenv("COLUMNS", columns)
    out = ok(run("memory", "list")).out
    rows = [line.split("│") for line in out.splitlines() if "│" in line]
    assert len(rows) == 3, out
    for cells in rows:
        shown, cls = cells[0].strip(), cells[1].strip()
        assert "…" not in shown, f"the id column is cut at {columns} columns:\n{out}"
        [rid] = [rid for rid in ids if rid.startswith(shown)]
        assert len(shown) >= 12
        assert cls == ids[rid], f"the class column is cut at {columns} columns:\n{out}"
        assert inspect_json(run, shown)["id"] == rid
