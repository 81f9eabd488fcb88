"""The first-session offer: asked in a new workspace, in the spec's words; Y generates, N asks again
next time, Skip is remembered for that workspace only."""

from __future__ import annotations

from textual.widgets import Button, Static

from picasso_tui.profile.offer import remember_skip, should_offer
from picasso_tui.tui.app import PicassoApp
from picasso_tui.tui.screens.profile_offer import ProfileOfferScreen

from .test_ecosystems import GO, PYTHON

SPEC_QUESTION = (
    "This looks like a new workspace. Generate a project profile so the agent remembers structure, "
    "conventions, and dependencies?"
)


async def _settle(pilot, app) -> None:
    for _ in range(4):
        await app.workers.wait_for_complete()
        await pilot.pause()


def _app(store, monkeypatch) -> PicassoApp:
    monkeypatch.setenv("TEXTUAL_ANIMATIONS", "none")
    return PicassoApp(store, watch=False, offer_profile=True)


def test_should_offer_only_in_a_new_workspace_until_skipped(make_project, paths):
    repo = make_project(PYTHON)
    ws = repo.store().workspace
    assert should_offer(paths, None) is False, "outside a repository there is nothing to profile"
    assert should_offer(paths, ws) is True
    remember_skip(paths, ws)
    assert should_offer(paths, ws) is False
    other = make_project({**GO, "README.md": "other\n"}, name="other")
    assert should_offer(paths, other.store().workspace) is True, "Skip is per workspace"


def test_a_workspace_with_a_profile_is_not_new(make_project, paths):
    repo = make_project(PYTHON)
    repo.init()
    assert should_offer(paths, repo.store().workspace) is False


async def test_the_offer_uses_the_spec_words_and_yes_generates_the_profile(make_project, monkeypatch, paths):
    repo = make_project(PYTHON)
    app = _app(repo.store(), monkeypatch)
    async with app.run_test(size=(110, 36)) as pilot:
        await _settle(pilot, app)
        assert isinstance(app.screen, ProfileOfferScreen)
        assert str(app.screen.query_one("#profile-offer-question", Static).content) == SPEC_QUESTION
        labels = [str(b.label) for b in app.screen.query(Button)]
        assert labels == ["[Y] Yes", "[N] Not now (you can run picasso memory init later)",
                          "[Skip] Don't ask again for this workspace"]  # fmt: skip
        await pilot.press("y")
        await _settle(pilot, app)
        assert not isinstance(app.screen, ProfileOfferScreen)
    keys = set(repo.by_key())
    assert {"python/stack", "workflow/test", "rules/CLAUDE.md"} <= keys
    assert should_offer(paths, repo.store().workspace) is False


async def test_not_now_writes_nothing_and_asks_again_next_time(make_project, monkeypatch, paths):
    repo = make_project(PYTHON)
    app = _app(repo.store(), monkeypatch)
    async with app.run_test(size=(110, 36)) as pilot:
        await _settle(pilot, app)
        await pilot.press("n")
        await _settle(pilot, app)
        assert not isinstance(app.screen, ProfileOfferScreen)
    assert repo.records() == []
    again = _app(repo.store(), monkeypatch)
    async with again.run_test(size=(110, 36)) as pilot:
        await _settle(pilot, again)
        assert isinstance(again.screen, ProfileOfferScreen)


async def test_skip_is_remembered_for_this_workspace(make_project, monkeypatch, paths):
    repo = make_project(PYTHON)
    app = _app(repo.store(), monkeypatch)
    async with app.run_test(size=(110, 36)) as pilot:
        await _settle(pilot, app)
        await pilot.click("#skip")
        await _settle(pilot, app)
    assert repo.records() == []
    again = _app(repo.store(), monkeypatch)
    async with again.run_test(size=(110, 36)) as pilot:
        await _settle(pilot, again)
        assert not isinstance(again.screen, ProfileOfferScreen)


async def test_no_offer_outside_a_repository(store, monkeypatch):
    app = _app(store, monkeypatch)
    async with app.run_test(size=(110, 36)) as pilot:
        await _settle(pilot, app)
        assert not isinstance(app.screen, ProfileOfferScreen)


def test_picasso_run_offers_in_a_terminal_with_the_spec_words(make_project, paths, capsys):
    from picasso_tui.cli.profile import offer_in_terminal

    repo = make_project(PYTHON)
    assert offer_in_terminal(repo.store()) is None, "no terminal (as in the tests and in scripts): never asks"
    assert offer_in_terminal(repo.store(), ask=lambda: "n") == "n"
    err = capsys.readouterr().err
    assert SPEC_QUESTION in err and "[N] Not now (you can run picasso memory init later)" in err
    assert repo.records() == []
    assert offer_in_terminal(repo.store(), ask=lambda: "skip") == "skip"
    assert offer_in_terminal(repo.store(), ask=lambda: "y") is None, "skipped: not asked again"
    other = make_project({**GO, "README.md": "other\n"}, name="other")
    assert offer_in_terminal(other.store(), ask=lambda: "y") == "y"
    assert "go/packaging" in other.by_key()
    assert "learned" in capsys.readouterr().err
