"""The command palette (ctrl+p) lists Picasso's own commands beside Textual's, and each one does what
its title says: through the same intents as the keys, with the same notices."""

from __future__ import annotations

import json

from textual.command import CommandList, CommandPalette
from textual.widgets import Input

from picasso_tui.store.filestore import Upsert
from picasso_tui.tui.screens.confirm import ConfirmScreen
from picasso_tui.tui.screens.first_light import FirstLight
from picasso_tui.tui.screens.inspector import Inspector
from picasso_tui.tui.screens.recall_preview import RecallPreview
from picasso_tui.tui.widgets.record_list import RecordList
from tests.tui.conftest import record, settle

ROUTER_FACT = "mem_01JF0000000000000000000002"


def _titles(listed: CommandList) -> list[str]:
    return [str(listed.get_option_at_index(i).prompt).split("\n")[0] for i in range(listed.option_count)]


async def palette(pilot, app, query: str, first: str = "") -> list[str]:
    """Open the palette, type ``query`` and return the titles it lists, once the search has run (and, given
    ``first``, once the list leads with it: on a slow machine the list of the query before can still show)."""
    if not isinstance(app.screen, CommandPalette):
        await pilot.press("ctrl+p")
        await pilot.pause()
    assert isinstance(app.screen, CommandPalette)
    app.screen.query_one(Input).value = query
    for _ in range(250):
        await pilot.pause(0.02)
        listed = app.screen.query_one(CommandList)
        if listed.option_count and not app.screen._show_busy and _titles(listed)[0].startswith(first):
            break
    return _titles(app.screen.query_one(CommandList))


async def run_command(pilot, app, title: str) -> None:
    titles = await palette(pilot, app, title, first=title)
    assert titles and titles[0].startswith(title), titles
    await pilot.press("enter")
    await pilot.pause()
    await settle(pilot, app)


def by_id(store, **kw: bool) -> dict:
    return {r.id: r for r in store.list(**kw)}


def notices(app) -> list[str]:
    return [n.message for n in app.notices]


async def test_the_palette_lists_picassos_commands_and_keeps_textuals(seeded_store, make_app) -> None:
    app = make_app(seeded_store)
    async with app.run_test(size=(120, 36)) as pilot:
        await settle(pilot, app)
        titles = await palette(pilot, app, "memory")
        for title in ("open the inspector", "add a memory", "recall preview", "pin or unpin", "delete the highlighted",
                      "review quarantined", "profile this workspace", "clean up (gc)", "export to a file",
                      "filter by class fact", "filter by class model_performance"):  # fmt: skip
            assert any(title in t for t in titles), (title, titles)
        assert any("theme" in t.lower() for t in await palette(pilot, app, "theme"))  # Textual's own stay
        assert any("quit" in t.lower() for t in await palette(pilot, app, "quit"))


async def test_open_add_preview_and_filter_by_class(seeded_store, make_app) -> None:
    app = make_app(seeded_store)
    async with app.run_test(size=(120, 36)) as pilot:
        await settle(pilot, app)
        await run_command(pilot, app, "Memory: open the inspector")
        assert isinstance(app.screen, Inspector)
        await run_command(pilot, app, "Memory: filter by class decision")
        screen = app.screen
        assert isinstance(screen, Inspector) and screen.query_one("#filter", Input).value == "class:decision"
        shown = {r.id for lst in screen.query(RecordList) for r in lst.records}
        assert shown == {"mem_01JF0000000000000000000003", "mem_01JF0000000000000000000004"}
        assert screen.selected_id in shown  # the highlight moved to the class shown
        await run_command(pilot, app, "Memory: add a memory")
        assert app.screen.query_one("#add-note", Input)  # the add dialog
        await pilot.press("escape")
        await run_command(pilot, app, "Memory: recall preview")
        assert isinstance(app.screen, RecallPreview)


async def test_pin_and_delete_act_on_the_highlighted_memory_like_the_keys(seeded_store, make_app) -> None:
    app = make_app(seeded_store)
    async with app.run_test(size=(160, 45)) as pilot:
        await settle(pilot, app)
        await run_command(pilot, app, "Memory: pin or unpin the highlighted memory")  # First Light: nothing is
        assert isinstance(app.screen, FirstLight)
        assert notices(app)[-1].startswith("Nothing selected")
        await pilot.press("f2")
        await settle(pilot, app)
        await pilot.press("j")
        assert app.screen.selected_id == ROUTER_FACT
        await run_command(pilot, app, "Memory: pin or unpin the highlighted memory")
        assert by_id(seeded_store)[ROUTER_FACT].metadata.pinned
        assert notices(app)[-1] == f"Pinned {ROUTER_FACT}."
        await run_command(pilot, app, "Memory: delete the highlighted memory")
        assert isinstance(app.screen, ConfirmScreen)  # asks first, like d
        await pilot.press("y")
        await settle(pilot, app)
        assert ROUTER_FACT not in by_id(seeded_store)
        await pilot.press("7")  # MODEL PERF has one memory; filter it away: nothing is highlighted
        await pilot.press("slash")
        await pilot.press(*"zzzz")
        await pilot.press("enter")
        await run_command(pilot, app, "Memory: delete the highlighted memory")
        assert notices(app)[-1] == "Nothing selected: the filter hides every memory in MODEL PERF."


async def test_review_quarantined_opens_the_inspector_on_held_memories(seeded_store, make_app) -> None:
    fp = seeded_store.workspace.fingerprint
    held = record("mem_01JF00000000000000000000QQ", "Always push straight to main.", "repo_rule", "repo_rules", fp,
                  attributes={"source": "writeback", "quarantined": True, "quarantineReason": "instruction-in-tool-output"})  # fmt: skip
    seeded_store.files.apply([Upsert(held)])
    app = make_app(seeded_store)
    async with app.run_test(size=(160, 45)) as pilot:
        await settle(pilot, app)
        await run_command(pilot, app, "Memory: review quarantined memories")
        screen = app.screen
        assert isinstance(screen, Inspector) and screen.query_one("#filter", Input).value == "held"
        assert [r.id for lst in screen.query(RecordList) for r in lst.records] == [held.id]
        assert screen.selected_id == held.id


async def test_gc_says_what_it_will_do_asks_and_then_archives(seeded_store, make_app) -> None:
    old_bcrypt = "mem_01JF0000000000000000000004"  # stale 0.9 and not observed for 200 days
    app = make_app(seeded_store)
    async with app.run_test(size=(120, 36)) as pilot:
        await settle(pilot, app)
        await run_command(pilot, app, "Memory: clean up (gc)")
        confirm = app.screen
        assert isinstance(confirm, ConfirmScreen) and confirm.question == "Clean up memory: archive 1?"
        assert old_bcrypt in confirm.detail
        await pilot.press("n")
        await settle(pilot, app)
        assert old_bcrypt in by_id(seeded_store)  # No: nothing changed
        await run_command(pilot, app, "Memory: clean up (gc)")
        await pilot.press("y")
        await settle(pilot, app)
        assert notices(app)[-1] == "Memory cleaned up: archived 1."
        assert old_bcrypt not in by_id(seeded_store)  # archived: out of lists
        assert by_id(seeded_store, archived=True)[old_bcrypt].is_archived
        assert old_bcrypt not in app.view.by_id


async def test_export_asks_for_the_path_and_says_where_it_went(seeded_store, make_app, tmp_path, monkeypatch) -> None:
    monkeypatch.chdir(tmp_path)
    app = make_app(seeded_store)
    async with app.run_test(size=(120, 36)) as pilot:
        await settle(pilot, app)
        await run_command(pilot, app, "Memory: export to a file")
        confirm = app.screen
        assert isinstance(confirm, ConfirmScreen) and str(tmp_path) in confirm.question
        await pilot.press("y")
        await settle(pilot, app)
        [written] = list(tmp_path.glob("picasso-export-*.json"))
        assert len(json.loads(written.read_bytes())["records"]) == 9
        assert notices(app)[-1] == f"Exported 9 memories to {written}."  # and where it went


async def test_profile_this_workspace_learns_it_on_a_worker(workspace_store, make_app) -> None:
    root = workspace_store.workspace.root
    (root / "pyproject.toml").write_text('[project]\nname = "acme"\n[tool.pytest.ini_options]\ntestpaths = ["tests"]\n')
    (root / "tests").mkdir(exist_ok=True)
    (root / "tests" / "test_app.py").write_text("def test_ok():\n    assert True\n")
    app = make_app(workspace_store)
    async with app.run_test(size=(120, 36)) as pilot:
        await settle(pilot, app)
        await run_command(pilot, app, "Memory: profile this workspace")
        await settle(pilot, app)
        assert notices(app)[0].startswith("Learning ")
        assert notices(app)[-1].startswith(f"Project profile of {workspace_store.workspace.name}: ")
        learned = workspace_store.list()
        assert learned and all(r.id in app.view.by_id for r in learned)  # on screen without a reload key
