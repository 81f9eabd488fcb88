"""Bad input never damages memory.json: a typed error, one clear sentence, the file untouched.

Security anchors §4.2 rows B1 (bad bytes), B4 (bad records) and F5 (permissions).
"""

from __future__ import annotations

import os
import re
import shutil
import stat
import subprocess
import sys
import tempfile
from pathlib import Path

import orjson
import pytest

from picasso_tui.store.api import MemoryStore
from picasso_tui.store.errors import CorruptStore, InvalidRecord, StoreError, StoreUnreadable, StoreUnwritable
from picasso_tui.store.filestore import FileStore, Upsert
from picasso_tui.store.schema import MAX_BODY_BYTES, MemoryRecord

NS = "account:local/global/facts"
T0 = "2026-01-01T00:00:00.000Z"


def raw_record(rid: str, body: str = "a note", **metadata: object) -> dict:
    md = {"class": "fact", "namespace": NS, "createdAt": T0, "lastObservedAt": T0, **metadata}
    return {"id": rid, "vector": [], "body": body, "metadata": md}


def v2(records: list, **extra: object) -> bytes:
    return orjson.dumps({"schemaVersion": 2, "records": records, **extra})


def put(paths, data: bytes) -> None:
    paths.root.mkdir(parents=True, exist_ok=True)
    paths.memory_file.write_bytes(data)


def assert_clean_error(res, *, code: int = 1) -> str:
    """Exit ``code``, one line on stderr, no traceback, not the catch-all 'unexpected error'."""
    assert res.code == code, (res.code, res.out, res.err)
    assert "Traceback" not in res.err
    assert "unexpected error" not in res.err, res.err
    lines = res.err.strip().splitlines()
    assert len(lines) == 1, res.err
    return lines[0]


def fresh_record(body: str = "a new note") -> MemoryRecord:
    from picasso_tui.store.ids import new_id

    return MemoryRecord.model_validate(raw_record(new_id(), body))


# -- a 3-record file truncated at every byte offset -------------------------------------------------


@pytest.fixture
def three_records(paths) -> bytes:
    store = MemoryStore(paths)
    store.add("Test runner is pytest; tests live in tests/.", tags=["testing"])
    store.add("Chose orjson over json for speed.", title="Serialisation")
    store.add("Never call the network from unit tests.")
    data = paths.memory_file.read_bytes()
    assert len(orjson.loads(data)["records"]) == 3
    return data


_POSITION = re.compile(r"byte (\d+)")


def test_truncated_at_every_offset_is_refused_and_never_written(paths, three_records) -> None:
    data = three_records
    whole = data.strip()
    store = MemoryStore(paths)
    checked = 0
    for n in range(len(data)):
        prefix = data[:n]
        if prefix.strip() == whole:
            continue  # only trailing whitespace is missing: the same document, not a truncation
        paths.memory_file.write_bytes(prefix)
        with pytest.raises(CorruptStore) as read_err:
            FileStore(paths).load()
        message = str(read_err.value)
        assert str(paths.memory_file) in message, (n, message)
        position = _POSITION.search(message)
        assert position is not None, (n, message)
        assert int(position.group(1)) <= n, (n, message)
        with pytest.raises(CorruptStore):
            store.add(f"write attempt at offset {n}")
        assert paths.memory_file.read_bytes() == prefix, n
        checked += 1
    assert checked >= len(data) - 2


@pytest.mark.parametrize("fraction", [0.0, 0.01, 0.1, 0.33, 0.5, 0.66, 0.9, 0.99])
def test_truncated_file_through_the_cli(picasso, paths, three_records, fraction: float) -> None:
    prefix = three_records[: int(len(three_records.strip()) * fraction)]
    paths.memory_file.write_bytes(prefix)
    for args in (["memory", "list"], ["memory", "add", "another note"], []):
        line = assert_clean_error(picasso(*args))
        assert str(paths.memory_file) in line
        assert "picasso memory recover" in line
        assert paths.memory_file.read_bytes() == prefix


# -- bad bytes and wrong shapes -------------------------------------------------------------------

GOOD = raw_record("mem_good", "A good note.")
BAD_FILES = {
    "bom": b"\xef\xbb\xbf" + v2([GOOD]),
    "nan": v2([GOOD]).replace(b'"lastObservedAt"', b'"stalenessScore":NaN,"lastObservedAt"'),
    "infinity": v2([GOOD]).replace(b'"lastObservedAt"', b'"stalenessScore":Infinity,"lastObservedAt"'),
    "duplicate ids": v2([GOOD, raw_record("mem_good", "Another body.")]),
    "invalid utf-8": v2([GOOD]).replace(b"A good note.", b"A good \xff\xfe note."),
    "empty": b"",
    "only whitespace": b" \n\t\n",
    "deep nesting": b'{"schemaVersion":2,"x":' + b"[" * 10_000 + b"]" * 10_000 + b',"records":[]}',
    "deep nesting in a record": v2([GOOD]).replace(b'"body"', b'"deep":' + b"[" * 5000 + b"]" * 5000 + b',"body"'),
    "trailing garbage": v2([GOOD]) + b"\ngarbage",
    "not json": b"memories: [a, b]\n",
    "top level null": b"null",
    "top level string": b'"memories"',
    "records not a list": orjson.dumps({"schemaVersion": 2, "records": {"mem_good": GOOD}}),
    "records missing": orjson.dumps({"schemaVersion": 2}),
    "schemaVersion a string": orjson.dumps({"schemaVersion": "2", "records": [GOOD]}),
    "schemaVersion zero": orjson.dumps({"schemaVersion": 0, "records": [GOOD]}),
    "record not an object": v2([GOOD, "mem_x"]),
    "record without id": v2([GOOD, {k: v for k, v in raw_record("x").items() if k != "id"}]),
    "record with empty id": v2([raw_record("")]),
    "record with numeric id": v2([raw_record(7)]),  # type: ignore[arg-type]
    "record without metadata": v2([{"id": "mem_x", "body": "x"}]),
    "unknown class": v2([GOOD, raw_record("mem_x", **{"class": "gossip"})]),
    "missing namespace": v2([GOOD, {**GOOD, "id": "mem_x", "metadata": {"class": "fact", "lastObservedAt": T0}}]),
    "empty namespace": v2([raw_record("mem_x", namespace="")]),
    "body not text": v2([{**GOOD, "body": ["a", "b"]}]),
    "unparsable lastObservedAt": v2([raw_record("mem_x", lastObservedAt="last tuesday")]),
    "missing lastObservedAt": v2([{**GOOD, "metadata": {"class": "fact", "namespace": NS}}]),
    "attributes not an object": v2([raw_record("mem_x", attributes=["pinned"])]),
    "v0 array of numbers": b"[1, 2, 3]",
    "v1 entries not a list": orjson.dumps({"version": 1, "entries": {"a": 1}}),
    "object of another program": orjson.dumps({"name": "my-package", "version": "1.0.0"}),
}


@pytest.mark.parametrize("case", sorted(BAD_FILES))
def test_bad_file_gets_a_typed_error_and_is_never_changed(paths, case: str) -> None:
    data = BAD_FILES[case]
    put(paths, data)
    with pytest.raises(CorruptStore) as err:
        FileStore(paths).load()
    assert str(paths.memory_file) in str(err.value)
    with pytest.raises(CorruptStore):
        FileStore(paths).apply([Upsert(fresh_record())])
    with pytest.raises(CorruptStore):
        MemoryStore(paths).add("write attempt")
    assert paths.memory_file.read_bytes() == data
    assert sorted(p.name for p in paths.root.glob("memory.json*")) == ["memory.json", "memory.json.lock"]


@pytest.mark.parametrize("case", sorted(BAD_FILES))
def test_bad_file_through_the_cli(picasso, paths, case: str) -> None:
    data = BAD_FILES[case]
    put(paths, data)
    for args in (["memory", "list", "--all"], ["memory", "add", "a new note"], ["memory", "export"]):
        res = picasso(*args)
        line = assert_clean_error(res)
        assert str(paths.memory_file) in line
        assert "picasso memory recover" in line
        assert paths.memory_file.read_bytes() == data
    assert not list(paths.root.glob("*.bak"))


# A file whose JSON and ids are fine but whose fields have the wrong type or range. Whatever the
# policy (refuse the file, or quarantine the record), reading and writing must agree, the error must
# be typed, and advice to run `picasso memory recover` must lead somewhere.
BAD_FIELDS = {
    "stalenessScore out of range": {"stalenessScore": 5},
    "edges not a list": {"edges": "file:src/app.py"},
    "unparsable createdAt": {"createdAt": "garbage"},
    "unparsable deletedAt": {"attributes": {"deletedAt": "nope"}},
    "unparsable archivedAt": {"attributes": {"archivedAt": "nope"}},
}


@pytest.mark.parametrize("case", sorted(BAD_FIELDS))
def test_wrongly_typed_field_reads_and_writes_agree(picasso, paths, case: str) -> None:
    data = v2([raw_record("mem_a", "First note."), raw_record("mem_b", "Second note.", **BAD_FIELDS[case])])
    put(paths, data)
    listed = picasso("memory", "list", "--all", "--json")
    added = picasso("memory", "add", "a note added afterwards")
    for res in (listed, added):
        assert "Traceback" not in res.err
        assert "unexpected error" not in res.err, f"{case}: not a typed error: {res.err}"
    if listed.code != 0:
        # The store was reported unreadable: writes must refuse too, and the file stay as it was.
        assert_clean_error(listed)
        assert str(paths.memory_file) in listed.err
        assert added.code == 1, f"{case}: `list` refuses the file but `add` wrote to it"
        assert paths.memory_file.read_bytes() == data
        if "picasso memory recover" in listed.err:
            recovered = picasso("memory", "recover")
            assert recovered.code == 0, f"{case}: `list` says to run recover, but recover says: {recovered.err}"
    else:
        assert added.code == 0, added.err
        assert "First note." in listed.out


def test_record_with_control_characters_from_another_writer_prints_safely(picasso, paths) -> None:
    evil = "Build with make.\x1b]0;pwned\x07\x1b[2J\x9b31m"
    put(paths, v2([raw_record("mem_evil", evil, attributes={"title": "Title\x1b[31m red"})]))
    for args in (["memory", "list"], ["memory", "inspect", "mem_evil"], []):
        res = picasso(*args)
        assert res.code == 0, res.err
        assert "mem_evil" in res.out
        assert "Title" in res.out
        if "inspect" in args:
            assert "Build with make." in res.out
        for ch in ("\x1b", "\x07", "\x9b"):
            assert ch not in res.out, (args, res.out)


# -- limits on what a user or writer offers -------------------------------------------------------

ONE_MB = "x" * (1024 * 1024)


@pytest.fixture
def seeded(paths) -> bytes:
    MemoryStore(paths).add("An existing memory.")
    return paths.memory_file.read_bytes()


def test_max_body_is_a_documented_limit_well_below_1mb() -> None:
    assert 1024 <= MAX_BODY_BYTES < len(ONE_MB)


def test_one_megabyte_body_through_add_is_refused(picasso, paths, seeded) -> None:
    for args, stdin in ((["memory", "add", ONE_MB], None), (["memory", "add", "-"], ONE_MB)):
        res = picasso(*args, stdin=stdin)
        line = assert_clean_error(res)
        assert "limit" in line
        assert f"{MAX_BODY_BYTES:,}" in line or str(MAX_BODY_BYTES) in line
        assert ONE_MB[:1000] not in res.err
        assert paths.memory_file.read_bytes() == seeded


def test_one_megabyte_body_through_add_on_a_fresh_machine_writes_nothing(picasso, paths) -> None:
    assert_clean_error(picasso("memory", "add", ONE_MB))
    assert not paths.memory_file.exists()


def test_one_megabyte_body_through_the_api_is_refused(paths, seeded) -> None:
    with pytest.raises(InvalidRecord):
        MemoryStore(paths).add(ONE_MB)
    with pytest.raises(InvalidRecord):
        FileStore(paths).apply([Upsert(fresh_record(ONE_MB))])
    assert paths.memory_file.read_bytes() == seeded


def test_one_megabyte_body_through_import_is_refused_whole(picasso, paths, seeded, tmp_path) -> None:
    export = tmp_path / "export.json"
    export.write_bytes(v2([raw_record("mem_small", "A small note."), raw_record("mem_huge", ONE_MB)]))
    line = assert_clean_error(picasso("memory", "import", str(export)))
    assert "limit" in line
    assert paths.memory_file.read_bytes() == seeded  # not even the small record was added
    assert "mem_small" not in picasso("memory", "list", "--all", "--json").out


@pytest.mark.parametrize("char", ["\x1b", "\x00", "\x07", "\x08", "\x7f", "\x9b"], ids=repr)
def test_control_characters_in_a_body_are_refused(picasso, paths, seeded, tmp_path, char: str) -> None:
    body = f"Colour the output{char}[31m red"
    line = assert_clean_error(picasso("memory", "add", body))
    assert "control character" in line
    assert char not in line
    assert paths.memory_file.read_bytes() == seeded

    export = tmp_path / "export.json"
    export.write_bytes(v2([raw_record("mem_ctl", body)]))
    line = assert_clean_error(picasso("memory", "import", str(export)))
    assert char not in line
    assert paths.memory_file.read_bytes() == seeded

    with pytest.raises(InvalidRecord):
        MemoryStore(paths).add(body)
    assert paths.memory_file.read_bytes() == seeded


def test_tabs_and_newlines_are_not_control_characters(picasso) -> None:
    res = picasso("memory", "add", "Line one\n\tindented line two")
    assert res.code == 0, res.err


# -- the file system says no ----------------------------------------------------------------------

ALL_COMMANDS = [
    [],
    ["memory", "list"],
    ["memory", "list", "--all", "--json"],
    ["memory", "add", "a note"],
    ["memory", "inspect", "mem_x"],
    ["memory", "delete", "mem_x"],
    ["memory", "pin", "mem_x"],
    ["memory", "export"],
    ["memory", "gc"],
    ["memory", "gc", "--dry-run"],
    ["memory", "clear", "--confirm", "clear-memories"],
    ["memory", "recover"],
]


def test_memory_json_as_a_directory(picasso, paths) -> None:
    paths.memory_file.mkdir(parents=True)
    (paths.memory_file / "keep.txt").write_text("mine")
    with pytest.raises(StoreUnreadable):
        FileStore(paths).load()
    with pytest.raises(StoreError):
        FileStore(paths).apply([Upsert(fresh_record())])
    for args in ALL_COMMANDS:
        line = assert_clean_error(picasso(*args))
        assert str(paths.memory_file) in line, (args, line)
        assert "directory" in line, (args, line)
    assert paths.memory_file.is_dir()
    assert [p.name for p in paths.memory_file.iterdir()] == ["keep.txt"]
    assert (paths.memory_file / "keep.txt").read_text() == "mine"


def test_import_of_a_directory_or_missing_file_is_a_clean_error(picasso, tmp_path) -> None:
    res = picasso("memory", "import", str(tmp_path / "missing.json"))
    assert res.code in (1, 2)
    assert "missing.json" in res.err
    assert "Traceback" not in res.err
    folder = tmp_path / "folder.json"
    folder.mkdir()
    res = picasso("memory", "import", str(folder))
    assert res.code in (1, 2)
    assert "Traceback" not in res.err


@pytest.mark.parametrize("target_exists", [False, True], ids=["dangling", "into-another-tree"])
def test_symlinked_memory_json_is_not_followed_by_a_write(picasso, paths, tmp_path, target_exists: bool) -> None:
    other = tmp_path / "another-tree"
    other.mkdir()
    target = other / "memory.json"
    if target_exists:
        target.write_bytes(v2([GOOD]))
    before = target.read_bytes() if target_exists else None
    paths.root.mkdir(parents=True)
    paths.memory_file.symlink_to(target)

    with pytest.raises(StoreUnwritable):
        FileStore(paths).apply([Upsert(fresh_record())])
    line = assert_clean_error(picasso("memory", "add", "a note"))
    assert "symbolic link" in line or "symlink" in line
    assert str(paths.memory_file) in line

    assert paths.memory_file.is_symlink()
    assert os.readlink(paths.memory_file) == str(target)
    if target_exists:
        assert target.read_bytes() == before
    else:
        assert not target.exists()
    assert sorted(p.name for p in other.iterdir()) == (["memory.json"] if target_exists else [])


# -- a read-only memory folder ---------------------------------------------------------------------

NOBODY = 65534

# Started as root, the interpreter imports the CLI, then drops to NOBODY before main() runs. Used
# only when NOBODY cannot execute the interpreter itself (for instance when it lives under /root).
_DROP_AND_RUN = """
import os, sys
import picasso_tui.cli.main as cli
import picasso_tui.store.projections, picasso_tui.store.retention, picasso_tui.store.edit_text
import rich.console, rich.table, rich.text, portalocker  # imported where used, so: before the user can no longer read them
import pwd, traceback, secrets, errno, fcntl, hashlib, json
uid = int(sys.argv[1])
os.setgroups([])
os.setgid(uid)
os.setuid(uid)
cli.main(sys.argv[2:])
"""


def _run_cli_as(uid: int, args: list[str], env: dict[str, str], cwd: Path) -> subprocess.CompletedProcess[str]:
    options = {"env": env, "cwd": cwd, "capture_output": True, "text": True, "timeout": 120}
    try:
        return subprocess.run(
            [sys.executable, "-m", "picasso_tui.cli.main", *args],
            user=uid,
            group=uid,
            extra_groups=[],
            check=False,
            **options,  # type: ignore[arg-type]
        )
    except PermissionError:
        return subprocess.run([sys.executable, "-c", _DROP_AND_RUN, str(uid), *args], check=False, **options)  # type: ignore[arg-type]


@pytest.mark.parametrize("lock_exists", [False, True], ids=["no-lock-yet", "lock-from-earlier-write"])
def test_read_only_memory_folder(picasso, paths, lock_exists: bool) -> None:
    original = v2([raw_record("mem_ro", "Read-only memories still list.")])
    if os.geteuid() != 0:
        put(paths, original)
        if lock_exists:
            paths.lock_file.touch()
        mode = paths.root.stat().st_mode
        paths.root.chmod(0o555)
        try:
            listed = picasso("memory", "list")
            added = picasso("memory", "add", "a new note")
        finally:
            paths.root.chmod(stat.S_IMODE(mode))
        listed_out, listed_code = listed.out, listed.code
        added_err, added_code = added.err, added.code
        memory_file = paths.memory_file
        after = paths.memory_file.read_bytes()
        leftovers = sorted(p.name for p in paths.root.iterdir())
    else:
        # Root ignores permission bits, so run the real CLI as an unprivileged user instead.
        base = Path(tempfile.mkdtemp(prefix="picasso-ro-"))
        try:
            base.chmod(0o755)
            home = base / "home"
            home.mkdir()
            (home / "memory.json").write_bytes(original)
            if lock_exists:
                (home / "memory.json.lock").touch()
            for p in (home, *home.iterdir()):
                os.chown(p, NOBODY, NOBODY)
            (home / "memory.json").chmod(0o644)
            home.chmod(0o555)
            env = {**os.environ, "PICASSO_HOME": str(home), "HOME": str(base)}
            env.pop("PICASSO_MEMORY_ROOT", None)
            listed_p = _run_cli_as(NOBODY, ["memory", "list"], env, base)
            added_p = _run_cli_as(NOBODY, ["memory", "add", "a new note"], env, base)
            listed_out, listed_code = listed_p.stdout, listed_p.returncode
            added_err, added_code = added_p.stderr, added_p.returncode
            assert listed_code == 0, listed_p.stderr
            memory_file = home / "memory.json"
            after = memory_file.read_bytes()
            leftovers = sorted(p.name for p in home.iterdir())
        finally:
            shutil.rmtree(base, ignore_errors=True)
    assert listed_code == 0
    assert "Read-only memories still list." in listed_out
    assert added_code == 1, added_err
    assert "Traceback" not in added_err
    assert "unexpected error" not in added_err
    lines = added_err.strip().splitlines()
    assert len(lines) == 1, added_err
    assert "permission denied" in lines[0].lower()
    assert str(memory_file.parent) in lines[0]
    assert after == original
    assert leftovers == sorted(["memory.json", *(["memory.json.lock"] if lock_exists else [])])


def test_main_module_runs_the_cli() -> None:
    res = subprocess.run(
        [sys.executable, "-m", "picasso_tui.cli.main", "--version"], capture_output=True, text=True, check=False
    )
    assert res.returncode == 0, res.stderr
    assert "picasso" in res.stdout
