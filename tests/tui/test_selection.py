"""Every key acts on exactly the highlighted, visible memory; with none, it says so and does nothing.
And the write paths the TUI shares with the CLI: an edit that cannot land is kept, read-only says why."""

from __future__ import annotations

from pathlib import Path

from textual import events
from textual.widgets import Input, Static

from picasso_tui.store.filestore import Delete
from picasso_tui.tui.screens.add_memory import AddMemoryScreen
from picasso_tui.tui.screens.confirm import ConfirmScreen
from picasso_tui.tui.screens.inspector import Inspector
from tests.conftest import install_fixture
from tests.tui.conftest import plain, settle

WORKFLOW = "mem_01JF0000000000000000000006"
MODEL_NOTE = "mem_01JF0000000000000000000009"
ARGON = "mem_01JF0000000000000000000003"
BCRYPT = "mem_01JF0000000000000000000004"


def notices(app) -> list[str]:
    """Every notice in full (a toast shows at most three lines of it)."""
    return [n.message for n in app.notices]


def detail_text(app) -> str:
    return plain(app.screen.query_one("#detail-body", Static))


def graph_text(app) -> str:
    return plain(app.screen.query_one("#graph", Static))


async def test_keys_on_an_empty_column_say_nothing_is_selected_and_touch_nothing(seeded_store, make_app) -> None:
    seeded_store.files.apply([Delete(MODEL_NOTE)])
    before = seeded_store.files.file.read_bytes()
    app = make_app(seeded_store, start_in_inspector=True)
    async with app.run_test(size=(200, 50)) as pilot:
        await settle(pilot, app)
        await pilot.press("l", "l", "l", "l")  # facts -> style -> decisions -> failures -> workflows
        assert app.focused.id == "list-workflow" and app.screen.selected_id == WORKFLOW
        await pilot.press("l", "l")  # REPO RULES, then MODEL PERF: empty
        assert app.focused.id == "list-model_performance"
        assert app.screen.selected is None
        assert "Nothing selected: MODEL PERF has no memories." in detail_text(app)
        assert "Nothing selected" in graph_text(app) and "workflow:" not in graph_text(app)
        await pilot.press("p", "d", "e", "y")
        await settle(pilot, app)
        assert isinstance(app.screen, Inspector)  # no delete dialog for a memory of another column
        assert seeded_store.files.file.read_bytes() == before  # nothing pinned, nothing deleted
        assert notices(app).count("Nothing selected: MODEL PERF has no memories.") == 4


async def test_a_filter_that_hides_the_highlight_moves_it_or_leaves_nothing_selected(seeded_store, make_app) -> None:
    before = seeded_store.files.file.read_bytes()
    app = make_app(seeded_store, start_in_inspector=True)
    async with app.run_test(size=(200, 50)) as pilot:
        await settle(pilot, app)
        await pilot.press("l", "l", "j")  # DECISIONS, on the bcrypt one
        assert app.screen.selected_id == BCRYPT
        await pilot.press("slash", *"argon")  # hides bcrypt: the highlight moves to what is visible
        await pilot.pause(0.2)  # the panes follow once typing pauses
        assert app.screen.selected_id == ARGON
        assert "argon2id" in detail_text(app)
        await pilot.press("enter", "d")
        assert isinstance(app.screen, ConfirmScreen)
        assert ARGON in plain(app.screen.query_one("#confirm-question", Static))
        await pilot.press("n")
        await pilot.press("slash")
        app.screen.query_one("#filter", Input).value = "class:failure"  # hides every decision
        await pilot.pause(0.2)
        assert app.screen.selected is None
        assert "Nothing selected: the filter hides every memory in DECISIONS." in detail_text(app)
        await pilot.press("enter", "d", "p")
        await settle(pilot, app)
        assert isinstance(app.screen, Inspector)
        assert seeded_store.files.file.read_bytes() == before
        assert "Nothing selected: the filter hides every memory in DECISIONS." in notices(app)


async def test_a_memory_deleted_while_in_the_editor_keeps_the_text_in_unsaved_edits(seeded_store, make_app) -> None:
    typed = "Workflow: run the package tests, then the CLI tests, then lint."

    def editor(path: Path) -> None:
        seeded_store.delete(WORKFLOW)  # another process deletes the memory meanwhile
        head, _, _ = path.read_text().partition("\n---\n")
        path.write_text(f"{head}\n---\n{typed}\n")

    app = make_app(seeded_store, start_in_inspector=True, editor_runner=editor)
    async with app.run_test(size=(200, 50)) as pilot:
        await settle(pilot, app)
        await pilot.press("l", "l", "l", "l", "e")
        await settle(pilot, app)
        [kept] = list((seeded_store.paths.home / "unsaved-edits").glob(f"{WORKFLOW}-*.md"))
        assert typed in kept.read_text()
        assert any(f"your text is saved in {kept}" in n for n in notices(app))
        assert WORKFLOW not in [r.id for r in seeded_store.list()]


async def test_write_keys_on_a_read_only_store_say_why(workspace_store, make_app) -> None:
    paths = workspace_store.paths
    newer = install_fixture(paths, "v3-newer.json")
    app = make_app(workspace_store, start_in_inspector=True)
    async with app.run_test(size=(200, 50)) as pilot:
        await settle(pilot, app)
        await pilot.press("a")
        assert not isinstance(app.screen, AddMemoryScreen)
        await pilot.press("p", "d", "e")
        await settle(pilot, app)
        assert isinstance(app.screen, Inspector)
        why = "Memory is read-only until Picasso is updated: memory.json was written by a newer version."
        assert notices(app).count(why) == 4
        assert paths.memory_file.read_bytes() == newer


async def test_write_keys_on_a_corrupt_store_say_how_to_recover(workspace_store, make_app) -> None:
    paths = workspace_store.paths
    paths.root.mkdir(parents=True, exist_ok=True)
    paths.memory_file.write_bytes(b'{"schemaVersion": 2, "records": [')
    app = make_app(workspace_store, start_in_inspector=True)
    async with app.run_test(size=(200, 50)) as pilot:
        await settle(pilot, app)
        await pilot.press("a")
        assert isinstance(app.screen, Inspector)
        assert "Memory is read-only until memory.json is repaired: run `picasso memory recover`." in notices(app)


async def test_keys_typed_faster_than_focus_moves_still_count_from_the_column_reached(seeded_store, make_app) -> None:
    seeded_store.files.apply([Delete(MODEL_NOTE)])
    before = seeded_store.files.file.read_bytes()
    app = make_app(seeded_store, start_in_inspector=True)
    async with app.run_test(size=(200, 50)) as pilot:
        await settle(pilot, app)
        for key in "llllllp":  # queued at once, as a fast typist or a terminal's key repeat sends them
            app.post_message(events.Key(key, key))
        await settle(pilot, app)
        assert app.focused.id == "list-model_performance"
        assert seeded_store.files.file.read_bytes() == before  # p on the empty column pinned nothing
        assert "Nothing selected: MODEL PERF has no memories." in notices(app)
