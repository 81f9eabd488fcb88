"""A secret a user pastes into a memory (CLI add or edit, the TUI) is redacted before it is written,
like everything the write-back stores, and the user is told."""

from __future__ import annotations

import secrets
import string

from picasso_tui.redact.redact import contains_secret
from picasso_tui.store.filestore import FileStore
from picasso_tui.tui.app import PicassoApp
from picasso_tui.tui.messages import AddRequested


def fake_github_token() -> str:
    return "ghp_" + "".join(secrets.choice(string.ascii_letters + string.digits) for _ in range(36))


def test_memory_add_redacts_a_pasted_token_and_says_so(picasso, paths) -> None:
    token = fake_github_token()
    res = picasso("memory", "add", f"The staging deploy token is {token}")
    assert res.code == 0
    assert "1 secret redacted before saving (github-token)" in res.err
    assert token not in paths.memory_file.read_text()
    [record] = FileStore(paths).load().records()
    assert record.body == "The staging deploy token is [REDACTED:github-token]"
    assert not contains_secret(paths.memory_file.read_text())


def test_memory_edit_redacts_what_the_editor_added(picasso, paths, monkeypatch) -> None:
    rid = picasso("memory", "add", "Deploys need the staging token").out.strip()
    token = fake_github_token()
    monkeypatch.setattr("click.edit", lambda text, **_: text.replace("staging token", f"staging token {token}"))
    res = picasso("memory", "edit", rid)
    assert res.code == 0 and "secret redacted" in res.err
    assert token not in paths.memory_file.read_text()


def test_a_note_without_secrets_is_saved_as_typed(picasso, paths) -> None:
    res = picasso("memory", "add", "Use uuid4 ids like 1b4e28ba-2fa1-11d2-883f-0016cb2e7f4d in fixtures")
    assert res.code == 0 and res.err == ""
    [record] = FileStore(paths).load().records()
    assert record.body == "Use uuid4 ids like 1b4e28ba-2fa1-11d2-883f-0016cb2e7f4d in fixtures"


async def test_the_tui_add_redacts_too(paths, monkeypatch, tmp_path) -> None:
    monkeypatch.setenv("TEXTUAL_ANIMATIONS", "none")
    monkeypatch.chdir(tmp_path)
    token = fake_github_token()
    app = PicassoApp(watch=False)
    async with app.run_test(size=(120, 36)) as pilot:
        await app.workers.wait_for_complete()
        await pilot.pause()
        app.post_message(AddRequested(f"CI reads {token} from the vault"))
        await pilot.pause()
        await app.workers.wait_for_complete()
        await pilot.pause()
        assert any("secret redacted" in n.message for n in app._notifications)
    assert token not in paths.memory_file.read_text()
