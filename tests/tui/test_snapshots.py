"""SVG snapshots of the scenes (snapshots/*.svg): fixed clock, fixed data, animations off.

Review a change with `pytest tests/tui/test_snapshots.py --snapshot-update` and the HTML report."""

from __future__ import annotations

import secrets
import shutil
import string
from collections.abc import Iterator
from pathlib import Path

import pytest
from pytest_textual_snapshot import SVGImageExtension
from textual.widgets import Input

from picasso_tui.store.api import MemoryStore
from picasso_tui.store.filestore import Upsert
from picasso_tui.store.namespaces import find_workspace
from picasso_tui.tui.app import PicassoApp
from tests.conftest import FIXTURES
from tests.tui.conftest import fixed_clock, sample_records

# The name every snapshot gives the store's home: the newer-schema banner shows the file's full path.
# Each test's real home is a new folder shaped like it (tmp_path is longer and would wrap the banner).
SHOWN_HOME = "/tmp/picasso-snapshot-home"


def private_home() -> Path:
    """A new home of this test's own, shaped like SHOWN_HOME (same length, dashes in the same places,
    letters only), so that text naming it wraps exactly as text naming SHOWN_HOME does."""
    stem = SHOWN_HOME.removesuffix("home")
    for _ in range(100):
        home = Path(stem + "".join(secrets.choice(string.ascii_lowercase) for _ in range(4)))
        if str(home) == SHOWN_HOME:
            continue  # checkouts from before private homes still lock and wipe that folder
        try:
            home.mkdir(mode=0o700)
        except FileExistsError:
            continue  # another run holds this name: draw again
        return home
    raise FileExistsError(f"no free name like {SHOWN_HOME}")


@pytest.fixture
def snap_store(make_repo, monkeypatch: pytest.MonkeyPatch) -> Iterator[MemoryStore]:
    # Each test writes only its own home, so concurrent runs (two worktrees) cannot see each other's
    # memory.json; the SVG names that home SHOWN_HOME, so the snapshots stay the same on every run.
    home = private_home()
    serialize = SVGImageExtension.serialize
    monkeypatch.setattr(
        SVGImageExtension, "serialize", lambda ext, *a, **kw: serialize(ext, *a, **kw).replace(str(home), SHOWN_HOME)
    )
    monkeypatch.setenv("PICASSO_HOME", str(home))
    monkeypatch.setenv("TEXTUAL_ANIMATIONS", "none")
    repo = make_repo("acme-api", origin="git@github.com:acme/api.git")
    find_workspace.cache_clear()
    try:
        yield MemoryStore(cwd=repo, clock=fixed_clock)
    finally:
        shutil.rmtree(home, ignore_errors=True)


def seeded(store: MemoryStore) -> MemoryStore:
    store.files.apply([Upsert(r) for r in sample_records(store.workspace.fingerprint)])  # type: ignore[union-attr]
    return store


async def steady(pilot) -> None:
    """Wait for the first read and stop cursors blinking."""
    for _ in range(3):
        await pilot.app.workers.wait_for_complete()
        await pilot.pause()
    for box in pilot.app.screen.query(Input):
        box.cursor_blink = False


def app_for(store: MemoryStore, **kwargs: object) -> PicassoApp:
    return PicassoApp(store, clock=fixed_clock, watch=False, **kwargs)  # type: ignore[arg-type]


SIZES = pytest.mark.parametrize("size", [(80, 24), (120, 36), (160, 45)], ids=["80x24", "120x36", "160x45"])


@SIZES
def test_first_light(snap_compare, snap_store, size) -> None:
    assert snap_compare(app_for(seeded(snap_store)), terminal_size=size, run_before=steady)


def test_first_light_empty(snap_compare, snap_store) -> None:
    assert snap_compare(app_for(snap_store), terminal_size=(120, 36), run_before=steady)


@SIZES
def test_inspector(snap_compare, snap_store, size) -> None:
    """Cards in seven columns from 120 columns up; one class under tabs below (here the third, `l l`)."""
    app = app_for(seeded(snap_store), start_in_inspector=True)
    assert snap_compare(app, terminal_size=size, run_before=steady, press=["l", "l"])


def test_inspector_empty_classes_fold_into_strips(snap_compare, snap_store) -> None:
    store = snap_store
    keep = {"fact", "workflow", "repo_rule"}  # what a fresh project profile mostly learns
    store.files.apply([Upsert(r) for r in sample_records(store.workspace.fingerprint) if r.memory_class.value in keep])  # type: ignore[union-attr]
    assert snap_compare(app_for(store, start_in_inspector=True), terminal_size=(160, 45), run_before=steady)


@SIZES
def test_help_sheet(snap_compare, snap_store, size) -> None:
    app = app_for(seeded(snap_store), start_in_inspector=True)
    assert snap_compare(app, terminal_size=size, run_before=steady, press=["question_mark"])


def test_ambiguous_id_picker(snap_compare, snap_store) -> None:
    async def run_before(pilot) -> None:
        await steady(pilot)
        pilot.app.screen.query_one("#prompt", Input).value = "/memory delete mem_01JF"
        await pilot.press("enter")
        await steady(pilot)

    assert snap_compare(app_for(seeded(snap_store)), terminal_size=(80, 24), run_before=run_before)


def test_inspector_filter_active(snap_compare, snap_store) -> None:
    async def run_before(pilot) -> None:
        await steady(pilot)
        await pilot.press("slash", *"router")
        await pilot.pause(0.2)  # the detail pane follows the selection once typing pauses

    app = app_for(seeded(snap_store), start_in_inspector=True)
    assert snap_compare(app, terminal_size=(200, 50), run_before=run_before)


def test_inspector_detail_with_graph(snap_compare, snap_store) -> None:
    app = app_for(seeded(snap_store), start_in_inspector=True)
    assert snap_compare(app, terminal_size=(160, 44), run_before=steady, press=["l", "l", "enter"])


def test_delete_confirmation(snap_compare, snap_store) -> None:
    app = app_for(seeded(snap_store), start_in_inspector=True)
    assert snap_compare(app, terminal_size=(120, 36), run_before=steady, press=["j", "d"])


def test_newer_schema_banner(snap_compare, snap_store) -> None:
    snap_store.paths.root.mkdir(parents=True, exist_ok=True)
    snap_store.paths.memory_file.write_bytes((FIXTURES / "v3-newer.json").read_bytes())
    app = app_for(snap_store, start_in_inspector=True)
    assert snap_compare(app, terminal_size=(120, 36), run_before=steady)


@SIZES
def test_run_screen_after_the_agent_finished(snap_compare, snap_store, tmp_path, size) -> None:
    import sys
    import textwrap

    from picasso_tui import settings
    from picasso_tui.tui.screens.run import RunScreen

    agent = tmp_path / "agent.py"
    agent.write_text(textwrap.dedent("""
        print("Reading src/server/router.ts", flush=True)
        print("remember(fact): Password reset tokens expire after 15 minutes.", flush=True)
        print("Done.", flush=True)
    """))  # fmt: skip
    settings.set_value("agent.command", [sys.executable, str(agent)], snap_store.paths)

    async def run_before(pilot) -> None:
        await steady(pilot)
        pilot.app.screen.query_one("#prompt", Input).value = "where are HTTP handlers registered?"
        await pilot.press("enter")
        for _ in range(3000):  # up to 60 s: a loaded CI machine starts python, the model and the agent slowly
            if isinstance(pilot.app.screen, RunScreen) and pilot.app.screen.finished:
                break
            await pilot.pause(0.02)
        await steady(pilot)

    assert snap_compare(app_for(seeded(snap_store)), terminal_size=size, run_before=run_before)


def test_command_palette(snap_compare, snap_store) -> None:
    """ctrl+p over the inspector: Picasso's commands first, matched as typed."""

    async def run_before(pilot) -> None:
        from textual.command import CommandList

        await steady(pilot)
        await pilot.press("ctrl+p")
        await pilot.pause()
        await pilot.press(*"memory")
        for _ in range(100):
            await pilot.pause(0.02)
            if pilot.app.screen.query_one(CommandList).option_count >= 10 and not pilot.app.screen._show_busy:
                break
        await pilot.pause(0.2)
        for box in pilot.app.screen.query(Input):
            box.cursor_blink = False

    app = app_for(seeded(snap_store), start_in_inspector=True)
    assert snap_compare(app, terminal_size=(120, 36), run_before=run_before)


def test_recall_preview(snap_compare, snap_store) -> None:
    """F3 with a prompt: the block it would get, the gate, and why each memory is there."""

    async def run_before(pilot) -> None:
        await steady(pilot)
        pilot.app.screen.query_one("#prompt", Input).value = "how do we hash passwords with argon2id?"
        await pilot.press("f3")
        for _ in range(500):
            await pilot.pause(0.02)
            if pilot.app.screen.shown_for:
                break
        await steady(pilot)

    assert snap_compare(app_for(seeded(snap_store)), terminal_size=(120, 36), run_before=run_before)
