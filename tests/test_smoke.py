from tests.conftest import install_fixture


def test_add_list_roundtrip(picasso) -> None:
    added = picasso("memory", "add", "Test runner is pytest", "--pin")
    assert added.code == 0, added.err
    rid = added.out.strip()
    listed = picasso("memory", "list", "--json")
    assert [r["id"] for r in __import__("json").loads(listed.out)] == [rid]


def test_newer_schema_refused(picasso, paths) -> None:
    before = install_fixture(paths, "v3-newer.json")
    res = picasso("memory", "list")
    assert res.code == 1
    assert "written by a newer Picasso (schema 3" in res.err
    assert res.err.strip().endswith("Update Picasso.")
    assert paths.memory_file.read_bytes() == before
