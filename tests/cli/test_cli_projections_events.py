"""What the CLI leaves beside the store: the memory/*.md projections and the sanitized event log."""

from __future__ import annotations

import json

import pytest

from tests.cli_helpers import (
    PROJECTION_FILES,
    add,
    checked,
    days_ago,
    events,
    ok,
    projections,
    record,
    use_editor,
    workspace_of,
    write_export,
)


@pytest.fixture
def run(picasso):
    return checked(picasso)


def assert_notice(text: str) -> None:
    head = "\n".join(text.splitlines()[:4])
    assert "Generated" in head and "not the source of truth" in head, head


# -- projections ----------------------------------------------------------------------------------


def test_projections_after_add(run, make_repo, monkeypatch, picasso_home) -> None:
    repo = make_repo("api", origin="git@github.com:acme/api.git", files={"main.py": ""})
    monkeypatch.chdir(repo)
    fact = add(run, "API runs on uvicorn")
    fp = workspace_of(run, fact)
    add(run, "We picked Postgres for JSONB", "--class", "decision")
    add(run, "Flaky test when TZ unset", "--class", "failure")
    add(run, "Prefer dataclasses", "--class", "style")
    add(run, "Model X writes verbose code", "--class", "model_performance")

    pages = projections(picasso_home)
    assert set(pages) == set(PROJECTION_FILES)
    for text in pages.values():
        assert_notice(text)
    assert "API runs on uvicorn" in pages["REPO.md"]
    assert f"workspace:{fp}" in pages["REPO.md"]
    assert fact in pages["REPO.md"]
    assert "We picked Postgres for JSONB" in pages["DECISIONS.md"]
    assert "Flaky test when TZ unset" in pages["FAILURES.md"]
    assert "Prefer dataclasses" in pages["GLOBAL.md"]
    assert "Model X writes verbose code" in pages["GLOBAL.md"]
    # Workspace memory is not account-wide memory, and the other way round.
    assert "API runs on uvicorn" not in pages["GLOBAL.md"]
    assert "Prefer dataclasses" not in pages["REPO.md"]
    assert "API runs on uvicorn" not in pages["DECISIONS.md"]


def test_projections_follow_pin_and_edit(run, picasso_home, tmp_path, monkeypatch) -> None:
    rid = add(run, "Global fact to pin")
    ok(run("memory", "pin", rid))
    assert "Global fact to pin (pinned)" in projections(picasso_home)["GLOBAL.md"]
    use_editor(tmp_path, monkeypatch, "text = text.replace('Global fact to pin', 'Edited global fact')")
    ok(run("memory", "edit", rid))
    page = projections(picasso_home)["GLOBAL.md"]
    assert "Edited global fact" in page and "Global fact to pin" not in page


def test_projections_after_delete(run, picasso_home) -> None:
    keep = add(run, "Decision to keep", "--class", "decision")
    gone = add(run, "Decision to delete", "--class", "decision")
    assert "Decision to delete" in projections(picasso_home)["DECISIONS.md"]
    ok(run("memory", "delete", gone))
    pages = projections(picasso_home)
    assert "Decision to delete" not in "".join(pages.values())
    assert gone not in "".join(pages.values())
    assert "Decision to keep" in pages["DECISIONS.md"] and keep in pages["DECISIONS.md"]


def test_projections_after_import(run, picasso_home, tmp_path) -> None:
    recs = [
        record("Imported failure", cls="failure", namespace="account:local/global/failures"),
        record("Imported style", cls="style", namespace="account:local/style/rust"),
    ]
    ok(run("memory", "import", str(write_export(tmp_path / "x.json", recs))))
    pages = projections(picasso_home)
    for text in pages.values():
        assert_notice(text)
    assert "Imported failure" in pages["FAILURES.md"]
    assert "Imported style" in pages["GLOBAL.md"]


def test_projections_live_under_the_memory_root(run, monkeypatch, tmp_path, picasso_home) -> None:
    root = tmp_path / "memory-root"
    monkeypatch.setenv("PICASSO_MEMORY_ROOT", str(root))
    add(run, "Lives under the memory root")
    assert (root / "memory.json").exists()
    assert "Lives under the memory root" in (root / "memory" / "GLOBAL.md").read_text()
    assert not (picasso_home / "memory.json").exists()
    # The event log stays in the Picasso home.
    assert [e["event"] for e in events(picasso_home)] == ["add"]


# -- the event log --------------------------------------------------------------------------------

SECRET = "SECRET-BODY-do-not-log-7f3a"


def test_every_write_is_logged_with_ids_and_counts_never_text(run, picasso_home, tmp_path, monkeypatch) -> None:
    a = add(run, f"{SECRET} one", "--tag", "secret-tag")
    b = add(run, f"{SECRET} two", "--class", "decision")
    ok(run("memory", "pin", a))
    ok(run("memory", "unpin", a))
    use_editor(tmp_path, monkeypatch, f"text = text.replace('{SECRET} one', '{SECRET} edited')")
    ok(run("memory", "edit", a))
    ok(run("memory", "delete", b))
    export = tmp_path / "export.json"
    export.write_text(ok(run("memory", "export")).out)
    aged = [record(f"{SECRET} aged", observed=days_ago(200), staleness=0.9), record(f"{SECRET} new")]
    ok(run("memory", "import", str(write_export(tmp_path / "aged.json", aged))))
    ok(run("memory", "gc"))
    ok(run("memory", "clear", "--confirm", "clear-memories"))

    log = (picasso_home / "logs" / "memory-events.jsonl").read_text()
    assert SECRET not in log
    assert "secret-tag" not in log
    lines = events(picasso_home)
    assert [e["event"] for e in lines] == ["add", "add", "pin", "unpin", "edit", "delete", "import", "gc", "clear"]
    for e in lines:
        assert e["ts"] and isinstance(e["pid"], int)
        assert e.get("ids") or e.get("counts"), e
    by_event = {e["event"]: e for e in lines}
    assert by_event["add"]["ids"] == [b]
    assert by_event["pin"]["ids"] == [a] and by_event["edit"]["ids"] == [a]
    assert by_event["delete"]["ids"] == [b]
    assert by_event["import"]["counts"] == {"added": 2}
    assert sorted(by_event["import"]["ids"]) == sorted(r["id"] for r in aged)
    assert by_event["gc"]["ids"] == [aged[0]["id"]]
    assert by_event["clear"]["counts"] == {"deleted": 3}  # the edited one and both imported (one archived)


def test_the_log_never_holds_text_even_on_failure(run, picasso_home, tmp_path, monkeypatch) -> None:
    rid = add(run, f"{SECRET} base")
    use_editor(tmp_path, monkeypatch, f"text = text.replace('class: fact', 'class: nope') + '{SECRET} more'")
    assert run("memory", "edit", rid).code == 1
    assert run("memory", "add", f"{SECRET} \x07 bell").code == 1
    assert SECRET not in (picasso_home / "logs" / "memory-events.jsonl").read_text()


def test_noop_import_and_gc_are_still_logged(run, picasso_home, tmp_path) -> None:
    export = write_export(tmp_path / "x.json", [record("Imported twice")])
    ok(run("memory", "import", str(export)))
    ok(run("memory", "import", str(export)))  # everything skipped
    ok(run("memory", "gc"))  # nothing to clean up
    lines = events(picasso_home)
    assert [e["event"] for e in lines] == ["import", "import", "gc"], json.dumps(lines)
    assert lines[1].get("counts", {}).get("skipped") == 1 or lines[1].get("ids"), lines[1]
