"""Scene 06: every key action, the filter tokens, the confirm dialog and the editor flow."""

from __future__ import annotations

from pathlib import Path

from textual.widgets import Input, Static

from picasso_tui.store.filestore import Change
from picasso_tui.tui.screens.add_memory import AddMemoryScreen
from picasso_tui.tui.screens.confirm import ConfirmScreen
from picasso_tui.tui.screens.first_light import FirstLight
from picasso_tui.tui.screens.help import HelpScreen
from picasso_tui.tui.screens.inspector import Inspector
from picasso_tui.tui.widgets.record_list import RecordList
from tests.tui.conftest import plain, settle

PINNED_FACT = "mem_01JF0000000000000000000001"
ROUTER_FACT = "mem_01JF0000000000000000000002"
ARGON = "mem_01JF0000000000000000000003"
BCRYPT = "mem_01JF0000000000000000000004"


def column_ids(app, cls: str) -> list[str]:
    return [r.id for r in app.screen.query_one(f"#list-{cls}", RecordList).records]


def detail_text(app) -> str:
    return plain(app.screen.query_one("#detail-body", Static))


async def open_inspector(make_app, store, **kwargs):
    app = make_app(store, start_in_inspector=True, **kwargs)
    return app


async def test_columns_group_by_class_with_counts(seeded_store, make_app) -> None:
    app = await open_inspector(make_app, seeded_store)
    async with app.run_test(size=(200, 50)) as pilot:
        await settle(pilot, app)
        assert isinstance(app.screen, Inspector)
        assert column_ids(app, "fact") == [PINNED_FACT, ROUTER_FACT]
        assert column_ids(app, "decision") == [ARGON, BCRYPT]
        for cls in ("style", "failure", "workflow", "repo_rule", "model_performance"):
            assert len(column_ids(app, cls)) == 1
        heading = plain(app.screen.query_one("#column-decision .column-heading", Static)).strip()
        assert heading == "DECISIONS 2"


async def test_movement_keys_and_detail(seeded_store, make_app) -> None:
    app = await open_inspector(make_app, seeded_store)
    async with app.run_test(size=(200, 50)) as pilot:
        await settle(pilot, app)
        assert app.focused.id == "list-fact"
        assert "Test runner is Vitest" in detail_text(app)
        await pilot.press("j")
        assert app.screen.selected_id == ROUTER_FACT
        assert "src/handlers/" in detail_text(app)
        await pilot.press("k")
        assert app.screen.selected_id == PINNED_FACT
        await pilot.press("G")
        assert app.screen.selected_id == ROUTER_FACT
        await pilot.press("g")
        assert app.screen.selected_id == PINNED_FACT
        await pilot.press("l", "l")  # facts -> style -> decisions
        assert app.focused.id == "list-decision"
        assert app.screen.selected_id == ARGON
        text = detail_text(app)
        assert "sess_287" in text and "plan_77" in text and "decision->module → module:src/auth" in text
        await pilot.press("h")
        assert app.focused.id == "list-style"
        await pilot.press("tab")
        assert app.focused.id == "list-decision"
        lower = app.screen.query_one("#lower")
        await pilot.press("enter")
        assert lower.has_class("-expanded")
        await pilot.press("enter")
        assert not lower.has_class("-expanded")


async def test_relation_graph_shows_edges_supersedes_and_shared_files(seeded_store, make_app) -> None:
    app = await open_inspector(make_app, seeded_store)
    async with app.run_test(size=(200, 50)) as pilot:
        await settle(pilot, app)
        await pilot.press("l", "l", "j")  # the bcrypt decision, superseded by argon2id
        graph = plain(app.screen.query_one("#graph", Static))
        assert "superseded by → decision: Chose argon2id" in graph
        await pilot.press("h", "h", "j")  # the router fact shares router.ts with a failure
        graph = plain(app.screen.query_one("#graph", Static))
        assert "fact->file → file:src/server/router.ts" in graph
        assert "shares src/server/router.ts → failure: Normal CLI runs" in graph


async def test_filter_words_and_tokens(seeded_store, make_app) -> None:
    app = await open_inspector(make_app, seeded_store)
    async with app.run_test(size=(200, 50)) as pilot:
        await settle(pilot, app)
        box = app.screen.query_one("#filter", Input)

        async def search(text: str) -> dict[str, list[str]]:
            await pilot.press("slash")
            assert box.has_focus
            box.value = text
            await pilot.pause()
            return {c: column_ids(app, c) for c in ("fact", "decision", "failure", "style", "workflow")}

        shown = await search("router")  # words match bodies and the files a memory touches
        assert shown["fact"] == [ROUTER_FACT] and shown["decision"] == [] and len(shown["failure"]) == 1
        shown = await search("argon2id hashing")  # every word must match
        assert shown["decision"] == [ARGON] and shown["fact"] == []
        shown = await search("file:src/server/router.ts")
        assert shown["fact"] == [ROUTER_FACT] and len(shown["failure"]) == 1
        shown = await search("class:decision")
        assert shown["fact"] == [] and shown["decision"] == [ARGON, BCRYPT]
        shown = await search("pinned")
        assert shown["fact"] == [PINNED_FACT] and shown["decision"] == []
        shown = await search("stale")
        assert shown["decision"] == [BCRYPT] and shown["fact"] == []
        shown = await search("typescript")  # namespaces match too
        assert len(shown["style"]) == 1 and shown["fact"] == []
        decisions = app.screen.query_one("#column-decision")
        assert decisions.has_class("-empty")  # folded into a strip that reads downwards, then 0
        assert plain(decisions.query_one(".column-heading", Static)).split() == [*"DECISIONS", "0"]
        assert decisions.count == "0/2"
        await pilot.press("escape")
        assert box.value == "" and not box.has_focus
        assert column_ids(app, "fact") == [PINNED_FACT, ROUTER_FACT]


async def test_letter_keys_do_not_fire_while_filtering(seeded_store, make_app) -> None:
    app = await open_inspector(make_app, seeded_store)
    async with app.run_test(size=(200, 50)) as pilot:
        await settle(pilot, app)
        await pilot.press("slash", "p", "d", "q", "e")
        await settle(pilot, app)
        assert app.screen.query_one("#filter", Input).value == "pdqe"
        assert isinstance(app.screen, Inspector)  # no confirm dialog, no quit
        assert not any(r.metadata.pinned for r in seeded_store.list() if r.id != PINNED_FACT)


async def test_pin_toggles(seeded_store, make_app) -> None:
    app = await open_inspector(make_app, seeded_store)
    async with app.run_test(size=(200, 50)) as pilot:
        await settle(pilot, app)
        await pilot.press("j", "p")
        await settle(pilot, app)
        assert seeded_store.resolve(ROUTER_FACT).metadata.pinned
        await pilot.press("p")
        await settle(pilot, app)
        assert not seeded_store.resolve(ROUTER_FACT).metadata.pinned
        assert app.screen.selected_id == ROUTER_FACT  # the selection survives the reloads


async def test_delete_asks_and_defaults_to_no(seeded_store, make_app) -> None:
    app = await open_inspector(make_app, seeded_store)
    async with app.run_test(size=(200, 50)) as pilot:
        await settle(pilot, app)
        await pilot.press("j", "d")
        assert isinstance(app.screen, ConfirmScreen)
        await pilot.press("enter")  # the focused default is No
        await settle(pilot, app)
        assert isinstance(app.screen, Inspector)
        assert seeded_store.resolve(ROUTER_FACT)
        await pilot.press("d", "escape")
        await settle(pilot, app)
        assert seeded_store.resolve(ROUTER_FACT)
        await pilot.press("d", "y")
        await settle(pilot, app)
        assert ROUTER_FACT not in [r.id for r in seeded_store.list()]
        assert ROUTER_FACT not in column_ids(app, "fact")


async def test_add_dialog(seeded_store, make_app) -> None:
    app = await open_inspector(make_app, seeded_store)
    async with app.run_test(size=(200, 50)) as pilot:
        await settle(pilot, app)
        await pilot.press("a")
        assert isinstance(app.screen, AddMemoryScreen)
        await pilot.press(*"Staging deploys need the VPN")
        await pilot.press("enter")
        await settle(pilot, app)
        assert isinstance(app.screen, Inspector)
        bodies = [r.body for r in seeded_store.list()]
        assert "Staging deploys need the VPN" in bodies
        await pilot.press("a", "escape")
        assert isinstance(app.screen, Inspector)


def rewriting_editor(new_body: str, before_save=None):
    def run(path: Path) -> None:
        head, _, _ = path.read_text().partition("\n---\n")
        if before_save:
            before_save()
        path.write_text(f"{head}\n---\n{new_body}\n")

    return run


async def test_edit_in_editor(seeded_store, make_app) -> None:
    app = await open_inspector(make_app, seeded_store, editor_runner=rewriting_editor("Test runner is Vitest 3."))
    async with app.run_test(size=(200, 50)) as pilot:
        await settle(pilot, app)
        await pilot.press("e")
        await settle(pilot, app)
        assert seeded_store.resolve(PINNED_FACT).body == "Test runner is Vitest 3."
        assert "Vitest 3." in detail_text(app)


async def test_edit_merges_a_concurrent_pin_and_refuses_a_conflict(seeded_store, make_app, picasso_home) -> None:
    def pin_elsewhere() -> None:
        seeded_store.files.apply([Change(ROUTER_FACT, lambda r: r.with_metadata(pinned=True))])

    app = await open_inspector(
        make_app, seeded_store, editor_runner=rewriting_editor("Handlers: src/handlers/.", pin_elsewhere)
    )
    async with app.run_test(size=(200, 50)) as pilot:
        await settle(pilot, app)
        await pilot.press("j", "e")
        await settle(pilot, app)
        merged = seeded_store.resolve(ROUTER_FACT)
        assert merged.body == "Handlers: src/handlers/." and merged.metadata.pinned

    def change_body_elsewhere() -> None:
        seeded_store.files.apply([Change(ROUTER_FACT, lambda r: r.with_body("Someone else's text"))])

    app = await open_inspector(make_app, seeded_store, editor_runner=rewriting_editor("My text", change_body_elsewhere))
    async with app.run_test(size=(200, 50)) as pilot:
        await settle(pilot, app)
        assert app.screen.query_one("#list-fact", RecordList).select_id(ROUTER_FACT)
        await pilot.press("e")
        await settle(pilot, app)
        assert seeded_store.resolve(ROUTER_FACT).body == "Someone else's text"  # not clobbered
        saved = list((picasso_home / "unsaved-edits").glob(f"{ROUTER_FACT}-*.md"))
        assert len(saved) == 1 and "My text" in saved[0].read_text()
        assert any("changed its body while you were editing" in n.message for n in app.notices)  # in full


async def test_edit_without_editor_says_how(seeded_store, make_app, monkeypatch) -> None:
    monkeypatch.delenv("EDITOR", raising=False)
    monkeypatch.delenv("VISUAL", raising=False)
    app = await open_inspector(make_app, seeded_store)
    async with app.run_test(size=(200, 50)) as pilot:
        await settle(pilot, app)
        before = seeded_store.files.file.read_bytes()
        await pilot.press("e")
        await settle(pilot, app)
        assert any("Set $EDITOR" in n.message for n in app._notifications)
        assert seeded_store.files.file.read_bytes() == before


async def test_help_back_and_quit(seeded_store, make_app) -> None:
    app = await open_inspector(make_app, seeded_store)
    async with app.run_test(size=(200, 50)) as pilot:
        await settle(pilot, app)
        await pilot.press("question_mark")
        assert isinstance(app.screen, HelpScreen)
        await pilot.press("escape")
        assert isinstance(app.screen, Inspector)
        await pilot.press("escape")
        assert isinstance(app.screen, FirstLight)
        await pilot.press("f2")
        assert isinstance(app.screen, Inspector)
        await pilot.press("q")
    assert app.return_code == 0


async def test_narrow_terminal_shows_one_class_at_a_time(seeded_store, make_app) -> None:
    app = await open_inspector(make_app, seeded_store)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, app)
        shown = [c.id for c in app.screen.query(".class-column") if c.display]
        assert shown == ["column-fact"]
        for _ in range(6):
            await pilot.press("l")
        await pilot.pause()
        assert app.focused.id == "list-model_performance"
        shown = [c for c in app.screen.query(".class-column") if c.display]
        assert [c.id for c in shown] == ["column-model_performance"]
        assert shown[0].region.right <= app.screen.size.width and shown[0].region.width > 60
        await pilot.press("3")  # number keys jump to a class
        assert app.focused.id == "list-decision"
        assert app.screen.selected_id == ARGON


async def test_reload_key_reads_changes_made_elsewhere(seeded_store, make_app) -> None:
    from picasso_tui.store.filestore import FileStore, Upsert
    from tests.tui.conftest import record

    app = await open_inspector(make_app, seeded_store)  # watch=False: only `r` can bring it in
    async with app.run_test(size=(200, 50)) as pilot:
        await settle(pilot, app)
        fp = seeded_store.workspace.fingerprint
        new = record("mem_01JF00000000000000000000BB", "Reloaded by hand.", "workflow", "workflows", fp, days=0)
        FileStore(seeded_store.paths).apply([Upsert(new)])
        await settle(pilot, app)
        assert new.id not in column_ids(app, "workflow")
        await pilot.press("r")
        await settle(pilot, app)
        assert column_ids(app, "workflow")[0] == new.id


async def test_a_filter_longer_than_the_box_scrolls_to_keep_the_cursor_in_view(seeded_store, make_app) -> None:
    # The filter box sets its size without a screen layout on each key (LineInput); it must still scroll.
    app = await open_inspector(make_app, seeded_store)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, app)
        await pilot.press("slash", *"router" * 20)
        await pilot.pause()
        box = app.screen.query_one("#filter", Input)
        assert box.value == "router" * 20
        assert box.scroll_offset.x > 0 and box.cursor_position == 120
        await pilot.press("home")
        await pilot.pause()
        assert box.scroll_offset.x == 0


async def test_a_memory_held_for_review_is_found_by_the_held_filter_and_approved_with_y(seeded_store, make_app) -> None:
    seeded_store.files.apply([Change(ROUTER_FACT, lambda r: r.with_attributes(quarantined=True,
                              quarantine_reason="account-wide memory from a repository's file"))])  # fmt: skip
    app = await open_inspector(make_app, seeded_store)
    async with app.run_test(size=(200, 50)) as pilot:
        await settle(pilot, app)
        await pilot.press("slash", *"held", "enter")
        await settle(pilot, app)
        assert column_ids(app, "fact") == [ROUTER_FACT]
        assert column_ids(app, "decision") == []
        assert "held for your review, never injected" in detail_text(app)
        app.screen.query_one("#list-fact", RecordList).focus()
        await pilot.press("y")
        await settle(pilot, app)
        assert not seeded_store.resolve(ROUTER_FACT).is_quarantined
        assert column_ids(app, "fact") == []  # approved: no longer held
