"""Scene 01: the Memory Recall band and the prompt's slash commands."""

from __future__ import annotations

from textual.widgets import Input, Select, Static

from picasso_tui.store.schema import MemoryClass
from picasso_tui.tui.screens.confirm import ConfirmScreen
from picasso_tui.tui.screens.first_light import FirstLight
from picasso_tui.tui.screens.help import HelpScreen
from picasso_tui.tui.screens.id_picker import IdPicker
from picasso_tui.tui.screens.inspector import Inspector
from picasso_tui.tui.widgets.record_list import RecordList
from tests.tui.conftest import plain, settle


def band_text(app) -> str:
    return plain(app.screen.query_one("#recall-lines", Static))


async def type_prompt(pilot, app, text: str) -> None:
    prompt = app.screen.query_one("#prompt", Input)
    prompt.value = text
    await pilot.press("enter")
    await settle(pilot, app)


async def test_band_shows_pinned_then_recent_and_counts(seeded_store, make_app) -> None:
    app = make_app(seeded_store)
    async with app.run_test(size=(120, 36)) as pilot:
        await settle(pilot, app)
        lines = band_text(app).splitlines()
        assert "Test runner is Vitest" in lines[0]  # pinned first, although not the newest
        assert "Use apply_patch" in lines[1]  # then the most recently observed
        summary = plain(app.screen.query_one("#recall-summary", Static)).strip()
        assert summary == "2 facts · 1 style note · 2 decisions · 1 failure · 1 workflow · 1 rule · 1 model note"
        assert "MEMORY RECALL" in plain(app.screen.query_one("#recall-eyebrow", Static))


async def test_empty_store_says_how_to_start(workspace_store, make_app) -> None:
    app = make_app(workspace_store)
    async with app.run_test(size=(120, 36)) as pilot:
        await settle(pilot, app)
        text = band_text(app)
        assert "picasso memory init" in text and "/memory add" in text
        assert "no memories yet" in plain(app.screen.query_one("#recall-summary", Static)).strip()


async def test_memory_add_pin_unpin_delete_from_the_prompt(workspace_store, make_app) -> None:
    app = make_app(workspace_store)
    async with app.run_test(size=(120, 36)) as pilot:
        await settle(pilot, app)
        await type_prompt(pilot, app, "/memory add Deploys go through the release branch only")
        [added] = workspace_store.list()
        assert added.body == "Deploys go through the release branch only"
        assert "Deploys go through the release branch" in band_text(app)
        await type_prompt(pilot, app, f"/memory pin {added.id[:12]}")
        assert workspace_store.resolve(added.id).metadata.pinned
        await type_prompt(pilot, app, f"/memory unpin {added.id}")
        assert not workspace_store.resolve(added.id).metadata.pinned
        await type_prompt(pilot, app, f"/memory delete {added.id}")
        assert isinstance(app.screen, ConfirmScreen)  # asks first, like `d` in the inspector
        await pilot.press("y")
        await settle(pilot, app)
        assert workspace_store.list() == []
        assert app.screen.query_one("#prompt", Input).value == ""


async def test_slash_memory_opens_the_inspector_and_help_opens_keys(seeded_store, make_app) -> None:
    app = make_app(seeded_store)
    async with app.run_test(size=(120, 36)) as pilot:
        await settle(pilot, app)
        await type_prompt(pilot, app, "/memory")
        assert isinstance(app.screen, Inspector)
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(app.screen, FirstLight)
        await type_prompt(pilot, app, "/help")
        assert isinstance(app.screen, HelpScreen)


async def test_bad_slash_command_changes_nothing(seeded_store, make_app) -> None:
    app = make_app(seeded_store)
    async with app.run_test(size=(120, 36)) as pilot:
        await settle(pilot, app)
        before = seeded_store.files.file.read_bytes()
        await type_prompt(pilot, app, "/memory frobnicate x")
        # the bad command stays in the prompt so the user can fix it
        assert app.screen.query_one("#prompt", Input).value == "/memory frobnicate x"
        await type_prompt(pilot, app, "/memory pin mem_doesnotexist")
        assert seeded_store.files.file.read_bytes() == before


async def test_completion_suggests_commands_and_ids(seeded_store, make_app) -> None:
    app = make_app(seeded_store)
    async with app.run_test(size=(120, 36)) as pilot:
        await settle(pilot, app)
        prompt = app.screen.query_one("#prompt", Input)
        prompt.focus()
        await pilot.press(*"/mem")
        await pilot.pause(0.1)
        await pilot.press("right")  # accept the suggestion
        assert prompt.value == "/memory"
        prompt.value = ""
        await pilot.press(*"/memory pin mem_01JF00000000000000000000")
        await pilot.pause(0.1)
        await pilot.press("right")
        assert prompt.value == "/memory pin mem_01JF0000000000000000000001"


async def test_quit_command_exits(seeded_store, make_app) -> None:
    app = make_app(seeded_store)
    async with app.run_test(size=(120, 36)) as pilot:
        await settle(pilot, app)
        await type_prompt(pilot, app, "/quit")
    assert app.return_code == 0


async def test_band_follows_the_prompt_draft(seeded_store, make_app) -> None:
    app = make_app(seeded_store)
    async with app.run_test(size=(120, 36)) as pilot:
        await settle(pilot, app)
        prompt = app.screen.query_one("#prompt", Input)
        prompt.focus()
        prompt.value = "where are the HTTP handlers wired in the router"
        await pilot.pause(0.3)
        await settle(pilot, app)
        lines = band_text(app)
        assert "All HTTP handlers live in src/handlers/" in lines.splitlines()[0]
        assert "Use apply_patch" not in lines  # not about that: retrieval left it out
        prompt.value = "what is the capital of Mongolia"
        await pilot.pause(0.3)
        await settle(pilot, app)
        assert "Nothing in memory applies to this prompt" in band_text(app)
        prompt.value = ""
        await pilot.pause()
        assert "Test runner is Vitest" in band_text(app).splitlines()[0]  # back to pinned and recent


def prompt_value(app) -> str:
    return app.screen.query_one("#prompt", Input).value


async def test_slash_memory_delete_confirms_with_the_same_dialog_as_d_and_no_keeps_it(seeded_store, make_app) -> None:
    app = make_app(seeded_store)
    async with app.run_test(size=(120, 36)) as pilot:
        await settle(pilot, app)
        await type_prompt(pilot, app, "/memory delete mem_01JF0000000000000000000006")
        assert isinstance(app.screen, ConfirmScreen)
        assert "mem_01JF0000000000000000000006" in plain(app.screen.query_one("#confirm-question", Static))
        await pilot.press("enter")  # the focused default is No
        await settle(pilot, app)
        assert isinstance(app.screen, FirstLight)
        assert seeded_store.resolve("mem_01JF0000000000000000000006")
        assert prompt_value(app) == "/memory delete mem_01JF0000000000000000000006"  # not done: kept


async def test_a_failed_memory_command_keeps_the_typed_text(seeded_store, make_app) -> None:
    app = make_app(seeded_store)
    async with app.run_test(size=(120, 36)) as pilot:
        await settle(pilot, app)
        before = seeded_store.files.file.read_bytes()
        refused = "/memory add " + "x" * 70_000  # over the body limit: the store refuses it
        await type_prompt(pilot, app, refused)
        assert prompt_value(app) == refused
        for command in ("/memory delete mem_doesnotexist", "/memory pin mem_01JF", "/memory delete mem_01JF"):
            await type_prompt(pilot, app, command)  # an unknown id, an ambiguous prefix
            if isinstance(app.screen, IdPicker):  # several memories share the prefix: cancel the pick
                await pilot.press("escape")
                await settle(pilot, app)
            assert isinstance(app.screen, FirstLight)
            assert prompt_value(app) == command
        assert seeded_store.files.file.read_bytes() == before


async def test_a_style_note_without_a_language_is_filed_as_general_style(workspace_store, make_app) -> None:
    app = make_app(workspace_store, start_in_inspector=True)
    async with app.run_test(size=(200, 50)) as pilot:
        await settle(pilot, app)
        await pilot.press("a")
        app.screen.query_one("#add-class", Select).value = MemoryClass.STYLE
        await pilot.press(*"Prefer short sentences", "enter")
        await settle(pilot, app)
        [saved] = workspace_store.list()  # the test repository holds no code: no language to guess
        assert saved.memory_class is MemoryClass.STYLE
        assert saved.metadata.namespace == f"account:{workspace_store.account_id}/global/style"
        assert [r.id for r in app.screen.query_one("#list-style", RecordList).records] == [saved.id]
