"""What a user sees at each terminal size: readable cards, every class reachable, nothing important
cut, a help sheet that scrolls, quiet toasts that stay off what you are working on, and a picker
for an ambiguous id prefix."""

from __future__ import annotations

import pytest
from textual.geometry import Region
from textual.widgets import Input
from textual.widgets._toast import Toast

from picasso_tui.store.api import MemoryStore
from picasso_tui.store.filestore import Upsert
from picasso_tui.tui.screens.first_light import FirstLight
from picasso_tui.tui.screens.help import HelpRow, HelpScreen
from picasso_tui.tui.screens.id_picker import IdPicker
from picasso_tui.tui.widgets.card import wrap_body
from picasso_tui.tui.widgets.class_column import STRIP_WIDTH, ClassColumn
from picasso_tui.tui.widgets.key_hints import KeyHints
from picasso_tui.tui.widgets.record_list import RecordList
from tests.tui.conftest import record, settle

LONG = {
    "fact": ("facts", "Flask's app factory pattern: create_app() in src/flask/app.py builds the application and registers blueprints lazily."),
    "style": ("style/python", "Prefers explicit type hints on every public function and dataclasses over plain dicts for configuration objects."),
    "decision": ("decisions", "Chose argon2id over bcrypt for password hashing because memory-hardness resists GPU cracking far better."),
    "failure": ("failures", "Normal CLI runs did not inject memory: the AgentLoop lacked retriever services and the config was never read."),
    "workflow": ("workflows", "Run the test suite with tox -e py312 or pytest tests/ -x; coverage config lives in pyproject.toml under tool.coverage."),
    "repo_rule": ("repo_rules", "All HTTP handlers live in src/handlers/ and are wired in src/server/router.ts via the registerRoutes helper function."),
    "model_performance": ("model_performance", "Model X omits destructive confirmation summaries when a plan touches more than three files at once in a session."),
}  # fmt: skip


def seed(store: MemoryStore, classes: list[str]) -> None:
    fp = store.workspace.fingerprint  # type: ignore[union-attr]
    records = [
        record(f"mem_01JF00000000000000000000{i:02d}", LONG[cls][1], cls, LONG[cls][0], fp, days=i + 1)
        for i, cls in enumerate(classes)
    ]
    store.files.apply([Upsert(r) for r in records])


def body_chars_shown(lines: list[str], body: str) -> int:
    """How many characters of ``body`` (from its start) the card's lines show."""
    plain_body = body.replace(" ", "")
    shown = ""
    for line in lines:
        part = line.replace(" ", "").rstrip("…")
        if part.endswith("-") and not plain_body.startswith(shown + part):
            part = part[:-1]  # a hyphen the card added to fold a long word
        shown += part
    assert plain_body.startswith(shown), (lines, body)
    seen = 0
    for i, char in enumerate(body):
        if seen == len(shown):
            return i
        seen += char != " "
    return len(body)


def card_lines(lst: RecordList, index: int = 0) -> list[str]:
    top = index * lst.card_height - int(lst.scroll_offset.y)
    return [lst.render_line(top + y).text.rstrip() for y in range(lst.body_lines)]


def inside(inner: Region, outer: Region) -> bool:
    return outer.contains_region(inner)


# -- cards and columns ---------------------------------------------------------------------------


def test_wrap_keeps_words_whole_and_ends_with_an_ellipsis() -> None:
    lines = wrap_body("All HTTP handlers live in src/handlers/ and are wired in src/server/router.ts", 22)
    assert lines == ["All HTTP handlers live", "in src/handlers/ and", "are wired in src/serv…"]
    assert wrap_body("Short one.", 22) == ["Short one."]
    assert wrap_body("a" * 50, 20, 3) == ["a" * 19 + "-", "a" * 19 + "-", "a" * 12]
    assert wrap_body("Model X omits destructive confirmation summaries", 22) == [
        "Model X omits destruc-",
        "tive confirmation",
        "summaries",
    ]


async def test_at_160_columns_every_first_card_shows_60_characters(workspace_store, make_app) -> None:
    seed(workspace_store, list(LONG))
    app = make_app(workspace_store, start_in_inspector=True)
    async with app.run_test(size=(160, 45)) as pilot:
        await settle(pilot, app)
        columns = list(app.screen.query(ClassColumn))
        assert len(columns) == 7
        for column in columns:
            assert inside(column.region, app.screen.region), column.id
            lst = column.list
            shown = body_chars_shown(card_lines(lst), lst.records[0].body)
            assert shown >= 60, (column.id, card_lines(lst))
        # the marks-and-age line closes each card: the pinned-free, fresh fact shows only its age
        facts = app.screen.query_one("#list-fact", RecordList)
        assert facts.render_line(facts.card_height - 1).text.rstrip().endswith("1d")


async def test_at_120_columns_all_seven_headings_are_on_screen(seeded_store, make_app) -> None:
    app = make_app(seeded_store, start_in_inspector=True)
    async with app.run_test(size=(120, 36)) as pilot:
        await settle(pilot, app)
        for column in app.screen.query(ClassColumn):
            heading = column.query_one(".column-heading")
            assert column.display and inside(heading.region, app.screen.region), column.id
            assert heading.region.width >= len(column.heading), column.id


async def test_empty_classes_fold_into_strips_and_give_their_width_away(workspace_store, make_app) -> None:
    seed(workspace_store, ["fact", "workflow", "repo_rule"])  # what a fresh profile of a project learns
    app = make_app(workspace_store, start_in_inspector=True)
    async with app.run_test(size=(160, 45)) as pilot:
        await settle(pilot, app)
        widths = {c.memory_class.value: c.region.width for c in app.screen.query(ClassColumn)}
        for cls in ("style", "decision", "failure", "model_performance"):
            column = app.screen.query_one(f"#column-{cls}", ClassColumn)
            assert widths[cls] == STRIP_WIDTH and column.has_class("-empty")
            assert column.query_one(".column-heading").region.height > 5  # the heading reads downwards, then 0
        assert min(widths[c] for c in ("fact", "workflow", "repo_rule")) >= 45
        assert sum(widths.values()) == 160
        lst = app.screen.query_one("#list-workflow", RecordList)
        assert body_chars_shown(card_lines(lst), lst.records[0].body) == len(lst.records[0].body)


# -- small terminals -----------------------------------------------------------------------------


async def test_at_80x24_nothing_important_is_cut(seeded_store, make_app) -> None:
    app = make_app(seeded_store, start_in_inspector=True)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, app)
        screen = app.screen
        header = str(screen.query_one("#app-header").render())
        assert "PICASSO" in header and "acme/api" in header and "not watching" in header and len(header) <= 80
        tabs = screen.query_one("#class-tabs")
        assert tabs.display and "1 FACTS 2" in str(tabs.render()) and "7 MODEL PERF 1" in str(tabs.render())
        assert screen.query_one("#detail").region.height >= 10
        facts = screen.query_one("#list-fact", RecordList)
        assert facts.region.height >= 2 * facts.card_height  # two whole cards
        await pilot.press("right")
        assert app.focused.id == "list-style" and "reverse" in str(tabs.render().spans)


async def test_the_header_gives_way_but_keeps_the_live_indicator(seeded_store, make_app) -> None:
    app = make_app(seeded_store, start_in_inspector=True)
    async with app.run_test(size=(38, 20)) as pilot:
        await settle(pilot, app)
        header = str(app.screen.query_one("#app-header").render())
        assert len(header) <= 36 and header.startswith(" PICASSO ") and header.endswith("○ off")
        assert "acme/api" in header and "Memory inspector" not in header


@pytest.mark.parametrize("width", [60, 80, 120, 200])
async def test_key_hints_wrap_and_are_never_cut(seeded_store, make_app, width: int) -> None:
    app = make_app(seeded_store, start_in_inspector=True)
    async with app.run_test(size=(width, 30)) as pilot:
        await settle(pilot, app)
        hints = app.screen.query_one(KeyHints)
        lines = str(hints.render()).splitlines()
        assert all(len(line) <= width - 2 for line in lines)
        assert hints.region.height == len(lines) and inside(hints.region, app.screen.region)
        shown = " ".join(lines)
        for key, label, _ in hints.pairs():
            assert f"{key} {label}" in shown
        assert "q Quit" in shown and "? Keys" in shown


async def test_help_sheet_scrolls_to_quit_and_the_prompt_commands(seeded_store, make_app) -> None:
    app = make_app(seeded_store, start_in_inspector=True)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, app)
        await pilot.press("question_mark")
        await pilot.pause()
        assert isinstance(app.screen, HelpScreen)
        scroll = app.screen.query_one("#help-scroll")
        quit_row = next(r for r in app.screen.query(HelpRow) if r.key == "q, ctrl+q")
        assert not inside(quit_row.region, scroll.region) or quit_row.region.height == 0
        for _ in range(40):
            await pilot.press("j")
        await pilot.pause()
        assert scroll.scroll_y > 0
        last = app.screen.query(HelpRow).last()
        assert last.key == "/quit" and inside(last.region, scroll.region)
        await pilot.press("home")
        await pilot.pause()
        for _ in range(14):
            await pilot.press("down")
        await pilot.pause()
        assert inside(quit_row.region, scroll.region)


# -- notifications ---------------------------------------------------------------------------------

LONG_NOTICE = (
    "The id prefix 'mem_01' matches 9 memories (mem_01JF0000000000000000000001, "
    "mem_01JF0000000000000000000002, mem_01JF0000000000000000000003 …); give more characters."
)


def shown_toasts(app) -> list[Toast]:
    return [t for t in app.screen.query(Toast) if t.region.area]


def toast_region(app) -> Region:
    [toast] = shown_toasts(app)  # one at a time: the newest
    return toast.region


@pytest.mark.parametrize("size", [(60, 20), (80, 24), (120, 36), (160, 45)])
async def test_a_toast_covers_neither_the_prompt_nor_the_band(seeded_store, make_app, size) -> None:
    app = make_app(seeded_store)
    async with app.run_test(size=size, notifications=True) as pilot:
        await settle(pilot, app)
        app.notify("first notice")
        app.notify(LONG_NOTICE, title="Could not delete", severity="error")
        await pilot.pause(0.2)
        assert isinstance(app.screen, FirstLight)
        region = toast_region(app)  # one toast at a time: the newest
        assert 0 < region.height <= 3
        assert not region.overlaps(app.screen.query_one("#prompt", Input).region)
        assert not region.overlaps(app.screen.query_one("#recall-band").region)
        [toast] = shown_toasts(app)
        assert "more: F1" in str(toast.render())
        assert app.notices[-1].message == LONG_NOTICE  # kept in full ...
        await pilot.press("f1")
        await pilot.pause()
        assert isinstance(app.screen, HelpScreen)  # ... and listed on the help sheet
        assert any("give more characters" in str(s.render()) for s in app.screen.query(".help-notice"))


@pytest.mark.parametrize("size", [(60, 20), (80, 24), (120, 36), (160, 45)])
async def test_a_toast_stays_off_the_filter_and_the_highlighted_card(seeded_store, make_app, size) -> None:
    app = make_app(seeded_store, start_in_inspector=True)
    async with app.run_test(size=size, notifications=True) as pilot:
        await settle(pilot, app)
        await pilot.press("l", "l", "l", "l", "l", "l", "j")  # the rightmost class, where a toast would sit
        app.notify(LONG_NOTICE, title="Could not delete", severity="error")
        await pilot.pause(0.2)
        region = toast_region(app)
        assert 0 < region.height <= 3
        assert not region.overlaps(app.screen.query_one("#filter").region)
        for column in app.screen.query(ClassColumn):
            lst = column.list
            if column.display and lst.records:
                card = Region(
                    lst.region.x, lst.region.y + lst.cursor * lst.card_height, lst.region.width, lst.card_height
                )
                assert not region.overlaps(card), column.id


# -- an ambiguous id prefix ------------------------------------------------------------------------


async def test_an_ambiguous_prefix_opens_a_picker(seeded_store, make_app) -> None:
    app = make_app(seeded_store)
    async with app.run_test(size=(80, 24), notifications=True) as pilot:
        await settle(pilot, app)
        prompt = app.screen.query_one("#prompt", Input)
        prompt.value = "/memory pin mem_01JF"
        await pilot.press("enter")
        await settle(pilot, app)
        assert isinstance(app.screen, IdPicker)
        assert len(app.screen.candidates) == 9
        await pilot.press("escape")  # cancel: nothing changes
        await settle(pilot, app)
        assert isinstance(app.screen, FirstLight)
        assert [r.id for r in seeded_store.list() if r.metadata.pinned] == ["mem_01JF0000000000000000000001"]
        prompt.value = "/memory pin mem_01JF"
        await pilot.press("enter")
        await settle(pilot, app)
        assert isinstance(app.screen, IdPicker)
        await pilot.press("j", "j", "enter")  # the third candidate
        await settle(pilot, app)
        assert isinstance(app.screen, FirstLight)
        pinned = sorted(r.id for r in seeded_store.list() if r.metadata.pinned)
        assert pinned == ["mem_01JF0000000000000000000001", "mem_01JF0000000000000000000003"]
        assert not any("matches 9 memories" in n.message for n in app.notices)  # no long toast
