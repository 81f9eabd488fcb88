"""Live: another process writes, the screen follows; a store Picasso cannot read turns it read-only."""

from __future__ import annotations

import os
import subprocess
import sys
import time

from textual.widgets import Static

from picasso_tui.store.filestore import Change, Delete, FileStore, Upsert
from picasso_tui.tui.messages import AddRequested, StoreFileChanged
from picasso_tui.tui.screens.inspector import FLASH_SECONDS, Inspector
from picasso_tui.tui.widgets.record_list import RecordList
from tests.conftest import install_fixture
from tests.tui.conftest import plain, record, settle

ROUTER_FACT = "mem_01JF0000000000000000000002"


def ids(app, cls: str) -> list[str]:
    return [r.id for r in app.screen.query_one(f"#list-{cls}", RecordList).records]


async def test_external_write_appears_flashes_and_keeps_the_selection(seeded_store, make_app) -> None:
    app = make_app(seeded_store, start_in_inspector=True)
    async with app.run_test(size=(200, 50)) as pilot:
        await settle(pilot, app)
        await pilot.press("j")
        assert app.screen.selected_id == ROUTER_FACT
        fp = seeded_store.workspace.fingerprint
        other = FileStore(seeded_store.paths)  # another writer, same file
        new = record("mem_01JF00000000000000000000AA", "Cache keys include the tenant id.", "fact", "facts", fp, days=0)
        other.apply([Upsert(new)])
        other.apply([Change("mem_01JF0000000000000000000006", lambda r: r.with_body("Run pnpm test first."))])
        app.post_message(StoreFileChanged())  # what the watcher thread posts
        await pilot.pause(0.1)
        await settle(pilot, app)
        assert new.id in ids(app, "fact")
        assert app.screen.selected_id == ROUTER_FACT  # selection survives the reload
        fact_list = app.screen.query_one("#list-fact", RecordList)
        assert fact_list.selected.id == ROUTER_FACT
        assert new.id in fact_list.flashing
        assert "mem_01JF0000000000000000000006" in app.screen.query_one("#list-workflow", RecordList).flashing
        assert any(n.message == "2 memories written" for n in app._notifications)


async def test_removed_rows_go(seeded_store, make_app) -> None:
    app = make_app(seeded_store, start_in_inspector=True)
    async with app.run_test(size=(200, 50)) as pilot:
        await settle(pilot, app)
        FileStore(seeded_store.paths).apply([Delete(ROUTER_FACT)])
        app.post_message(StoreFileChanged())
        await pilot.pause(0.1)
        await settle(pilot, app)
        assert ROUTER_FACT not in ids(app, "fact")
        assert any(n.message == "1 memory removed" for n in app._notifications)


async def test_a_real_second_process_writing_through_the_cli_shows_up(seeded_store, make_app) -> None:
    app = make_app(seeded_store, watch=True, start_in_inspector=True)
    async with app.run_test(size=(200, 50)) as pilot:
        await settle(pilot, app)
        assert app.live_state in ("live", "polling")
        cwd = seeded_store.workspace.root
        subprocess.run(
            [sys.executable, "-m", "picasso_tui.cli.main", "memory", "add", "Written by another process"],
            cwd=cwd, check=True, env={**os.environ}, capture_output=True,
        )  # fmt: skip
        deadline = time.monotonic() + 5
        while time.monotonic() < deadline:
            await pilot.pause(0.05)
            if any(
                r.body == "Written by another process" for r in app.screen.query_one("#list-fact", RecordList).records
            ):
                break
        else:
            raise AssertionError("the other process's memory never appeared on screen")


async def test_the_inspector_highlights_a_memory_another_process_added(seeded_store, make_app) -> None:
    app = make_app(seeded_store, watch=True, start_in_inspector=True)
    async with app.run_test(size=(160, 45)) as pilot:
        await settle(pilot, app)
        facts = app.screen.query_one("#list-fact", RecordList)
        subprocess.run(
            [sys.executable, "-m", "picasso_tui.cli.main", "memory", "add", "Flashed in from another process"],
            cwd=seeded_store.workspace.root, check=True, env={**os.environ}, capture_output=True,
        )  # fmt: skip
        new = None
        deadline = time.monotonic() + 5
        while new is None and time.monotonic() < deadline:
            await pilot.pause(0.02)
            new = next((r for r in facts.records if r.body == "Flashed in from another process"), None)
        assert new is not None, "the other process's memory never appeared"
        assert facts.flashing == {new.id}  # only the new card is highlighted
        row = facts.records.index(new) * facts.card_height - round(facts.scroll_y)
        glow = facts.get_component_rich_style("record-list--flash").bgcolor
        assert glow is not None and next(iter(facts.render_line(row))).style.bgcolor == glow  # drawn rose
        await pilot.pause(FLASH_SECONDS + 0.3)
        assert facts.flashing == set()  # a short highlight, then the card looks like the others


async def test_newer_schema_shows_a_banner_refuses_writes_and_recovers(workspace_store, make_app) -> None:
    paths = workspace_store.paths
    newer = install_fixture(paths, "v3-newer.json")
    app = make_app(workspace_store, start_in_inspector=True)
    async with app.run_test(size=(200, 50)) as pilot:
        await settle(pilot, app)
        banner = app.screen.query_one("#banner", Static)
        assert banner.display
        assert "written by a newer Picasso (schema 3" in plain(banner)
        await pilot.press("a")  # refused with a reason: nothing opens
        assert isinstance(app.screen, Inspector)
        app.post_message(AddRequested("should not be written"))
        await settle(pilot, app)
        assert paths.memory_file.read_bytes() == newer
        assert not list(paths.root.glob("memory.json.v*.bak"))
        # The user fixes the file (here: replaces it); the app recovers on the next change.
        paths.memory_file.write_bytes(b'{"schemaVersion": 2, "records": []}')
        app.post_message(StoreFileChanged())
        await pilot.pause(0.1)
        await settle(pilot, app)
        assert not app.screen.query_one("#banner", Static).display
        assert app.error is None


async def test_corrupt_file_banner(workspace_store, make_app) -> None:
    paths = workspace_store.paths
    paths.root.mkdir(parents=True, exist_ok=True)
    paths.memory_file.write_bytes(b'{"schemaVersion": 2, "records": [')
    app = make_app(workspace_store)
    async with app.run_test(size=(120, 36)) as pilot:
        await settle(pilot, app)
        banner = app.screen.query_one("#banner", Static)
        assert banner.display and "picasso memory recover" in plain(banner)
        assert paths.memory_file.read_bytes() == b'{"schemaVersion": 2, "records": ['
