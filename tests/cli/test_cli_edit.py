"""`picasso memory edit` in $EDITOR: validation, saved text on failure, merging concurrent changes."""

from __future__ import annotations

import json
import os
import shlex
import sys
from pathlib import Path

import pytest

from tests.cli_helpers import add, checked, inspect_json, ok, one_sentence, use_editor


@pytest.fixture
def run(picasso):
    return checked(picasso)


def unsaved(home: Path) -> list[Path]:
    folder = home / "unsaved-edits"
    return sorted(folder.iterdir()) if folder.exists() else []


def test_the_edit_text_shows_the_fields_and_the_body(run, tmp_path, monkeypatch) -> None:
    rid = add(run, "Body line one\nBody line two", "--class", "decision", "--tag", "a", "--tag", "b", "--pin")
    seen = tmp_path / "seen.txt"
    use_editor(tmp_path, monkeypatch, f"open({str(seen)!r}, 'w').write(text)")
    ok(run("memory", "edit", rid))
    text = seen.read_text()
    assert f"# Editing memory {rid} in account:local/global/decisions" in text
    for line in ("class: decision", "title: ", "tags: a, b", "pinned: yes", "prevent: ", "---"):
        assert line in text.splitlines(), line
    assert text.split("\n---\n", 1)[1] == "Body line one\nBody line two\n"


def test_edit_body_is_applied(run, tmp_path, monkeypatch) -> None:
    rid = add(run, "Tests use unittest")
    before = inspect_json(run, rid)["metadata"]["lastObservedAt"]
    use_editor(tmp_path, monkeypatch, "text = text.replace('Tests use unittest', 'Tests use pytest')")
    res = ok(run("memory", "edit", rid[:12]))
    assert f"Updated {rid}." in res.out
    rec = inspect_json(run, rid)
    assert rec["body"] == "Tests use pytest"
    assert rec["metadata"]["lastObservedAt"] > before
    assert unsaved(Path(os.environ["PICASSO_HOME"])) == []


def test_edit_fields(run, tmp_path, monkeypatch) -> None:
    rid = add(run, "Run migrations before tests")
    use_editor(
        tmp_path,
        monkeypatch,
        "text = text.replace('class: fact', 'class: workflow').replace('tags: ', 'tags: db, ci')"
        ".replace('pinned: no', 'pinned: yes').replace('title: ', 'title: Migrations first')"
        ".replace('prevent: ', 'prevent: run alembic upgrade head')",
    )
    ok(run("memory", "edit", rid))
    rec = inspect_json(run, rid)
    md = rec["metadata"]
    assert md["class"] == "workflow"
    assert md["namespace"] == "account:local/global/workflows"
    assert md["attributes"]["tags"] == ["db", "ci"]
    assert md["attributes"]["title"] == "Migrations first"
    assert md["pinned"] is True
    assert md["preventNextTime"] == ["run alembic upgrade head"]
    assert rec["body"] == "Run migrations before tests"


def test_invalid_class_fails_and_saves_the_text(run, tmp_path, monkeypatch, picasso_home) -> None:
    rid = add(run, "Original body")
    use_editor(
        tmp_path, monkeypatch, "text = text.replace('class: fact', 'class: opinion').replace('Original', 'Edited')"
    )
    res = run("memory", "edit", rid)
    assert res.code == 1
    line = one_sentence(res.err)
    assert "opinion" in line
    [saved] = unsaved(picasso_home)
    assert str(saved) in line
    assert "class: opinion" in saved.read_text() and "Edited body" in saved.read_text()
    assert inspect_json(run, rid)["body"] == "Original body"
    assert inspect_json(run, rid)["metadata"]["class"] == "fact"


@pytest.mark.parametrize(
    "code",
    [
        "text = text.replace('---', '===')",  # no separator
        "text = text.replace('pinned: no', 'pinned: maybe')",
        "text = text.replace('tags: ', 'colour: red\\ntags: ')",  # unknown field
        "text = text.replace('class: fact\\n', '')",  # lost its class line
    ],
)
def test_malformed_edits_fail_and_save_the_text(run, tmp_path, monkeypatch, picasso_home, code) -> None:
    rid = add(run, "Original body")
    before = inspect_json(run, rid)
    use_editor(tmp_path, monkeypatch, code + "\ntext = text.replace('Original', 'Mine')")
    res = run("memory", "edit", rid)
    assert res.code == 1
    one_sentence(res.err)
    [saved] = unsaved(picasso_home)
    assert "Mine body" in saved.read_text()
    assert inspect_json(run, rid) == before


def test_style_cannot_become_a_fact(run, tmp_path, monkeypatch, picasso_home) -> None:
    rid = add(run, "Use tabs", "--class", "style", "--language", "go")
    use_editor(tmp_path, monkeypatch, "text = text.replace('class: style', 'class: fact')")
    res = run("memory", "edit", rid)
    assert res.code == 1
    one_sentence(res.err)
    assert len(unsaved(picasso_home)) == 1
    assert inspect_json(run, rid)["metadata"]["namespace"] == "account:local/style/go"


def test_unchanged_text_is_no_changes(run, tmp_path, monkeypatch, picasso_home) -> None:
    rid = add(run, "Leave me be")
    before = inspect_json(run, rid)
    use_editor(tmp_path, monkeypatch, "pass")  # rewrites the very same text
    res = ok(run("memory", "edit", rid))
    assert res.out.strip() == "No changes."
    assert inspect_json(run, rid) == before


def test_quitting_without_saving_is_no_changes(run, tmp_path, monkeypatch) -> None:
    rid = add(run, "Leave me be")
    before = inspect_json(run, rid)
    script = tmp_path / "noop.py"
    script.write_text("pass\n")
    monkeypatch.setenv("EDITOR", f"{shlex.quote(sys.executable)} {shlex.quote(str(script))}")
    monkeypatch.delenv("VISUAL", raising=False)
    res = ok(run("memory", "edit", rid))
    assert res.out.strip() == "No changes."
    assert inspect_json(run, rid) == before


def test_empty_body_cancels(run, tmp_path, monkeypatch) -> None:
    rid = add(run, "Keep this body")
    use_editor(tmp_path, monkeypatch, "text = text.split('\\n---\\n')[0] + '\\n---\\n\\n'")
    res = ok(run("memory", "edit", rid))
    assert "nothing was changed" in res.out
    assert inspect_json(run, rid)["body"] == "Keep this body"


def test_concurrent_pin_and_body_edit_both_survive(run, tmp_path, monkeypatch, picasso_home) -> None:
    rid = add(run, "Body before")
    use_editor(
        tmp_path,
        monkeypatch,
        "run_picasso('memory', 'pin', rid)\ntext = text.replace('Body before', 'Body after')",
    )
    res = ok(run("memory", "edit", rid))
    assert f"Updated {rid}." in res.out
    rec = inspect_json(run, rid)
    assert rec["body"] == "Body after"
    assert rec["metadata"]["pinned"] is True
    assert unsaved(picasso_home) == []


def test_concurrent_tag_change_and_body_edit_both_survive(run, tmp_path, monkeypatch) -> None:
    rid = add(run, "Body before", "--tag", "old")
    use_editor(
        tmp_path,
        monkeypatch,
        "python('from picasso_tui.writeback.user_store import open_user_store\\n"
        'open_user_store().change(\' + repr(rid) + \', lambda r: r.with_attributes(tags=["theirs"]), event="tag")\')\n'
        "text = text.replace('Body before', 'Body after')",
    )
    ok(run("memory", "edit", rid))
    rec = inspect_json(run, rid)
    assert rec["body"] == "Body after"
    assert rec["metadata"]["attributes"]["tags"] == ["theirs"]


def test_concurrent_delete_fails_cleanly_and_saves_the_text(run, tmp_path, monkeypatch, picasso_home) -> None:
    rid = add(run, "Body before")
    use_editor(
        tmp_path,
        monkeypatch,
        "run_picasso('memory', 'delete', rid)\ntext = text.replace('Body before', 'Body after')",
    )
    res = run("memory", "edit", rid)
    assert res.code == 1
    one_sentence(res.err)
    assert run("memory", "inspect", rid).code == 1  # the delete stands: an edit never resurrects
    [saved] = unsaved(picasso_home)
    assert "Body after" in saved.read_text()


def test_conflicting_concurrent_body_change_is_refused_and_saved(run, tmp_path, monkeypatch, picasso_home) -> None:
    rid = add(run, "Body before")
    use_editor(
        tmp_path,
        monkeypatch,
        "python('from picasso_tui.writeback.user_store import open_user_store\\n"
        'open_user_store().change(\' + repr(rid) + \', lambda r: r.with_body("Their body"), event="edit")\')\n'
        "text = text.replace('Body before', 'My body')",
    )
    res = run("memory", "edit", rid)
    assert res.code == 1
    line = one_sentence(res.err)
    assert "body" in line
    [saved] = unsaved(picasso_home)
    assert str(saved) in line
    assert "My body" in saved.read_text()
    assert inspect_json(run, rid)["body"] == "Their body"  # nothing clobbered


def test_same_change_made_concurrently_is_not_a_conflict(run, tmp_path, monkeypatch) -> None:
    rid = add(run, "Body before")
    use_editor(
        tmp_path,
        monkeypatch,
        "python('from picasso_tui.writeback.user_store import open_user_store\\n"
        'open_user_store().change(\' + repr(rid) + \', lambda r: r.with_body("Same body"), event="edit")\')\n'
        "text = text.replace('Body before', 'Same body')",
    )
    ok(run("memory", "edit", rid))
    assert inspect_json(run, rid)["body"] == "Same body"


def test_model_note_cannot_become_a_stray_fact(run, tmp_path, monkeypatch) -> None:
    rid = add(run, "Model X is slow on refactors", "--class", "model_performance")
    use_editor(tmp_path, monkeypatch, "text = text.replace('class: model_performance', 'class: fact')")
    res = run("memory", "edit", rid)
    ns = inspect_json(run, rid)["metadata"]["namespace"]
    if res.code == 0:  # moved: then to where an account-wide fact lives, still visible
        assert ns == "account:local/global/facts", f"the edit filed the memory under {ns}"
    else:  # or refused, like style -> fact
        assert res.code == 1
        one_sentence(res.err)
        assert ns == "account:local/model_performance"
    assert rid in {r["id"] for r in json.loads(ok(run("memory", "list", "--json")).out)}
