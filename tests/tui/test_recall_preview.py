"""The recall preview (F3, or the palette): the block a prompt would get and why, the same account as
`picasso memory recall --explain` gives for the same prompt and store, updated as the user types."""

from __future__ import annotations

import json

from textual.widgets import Input, Static

from picasso_tui.retrieval.explain import where
from picasso_tui.tui.screens.first_light import FirstLight
from picasso_tui.tui.screens.recall_preview import RecallPreview
from tests.tui.conftest import plain, settle

ON_TOPIC = "how do we hash passwords with argon2id?"
OFF_TOPIC = "what is the capital of Mongolia"


async def type_prompt(pilot, app, text: str) -> RecallPreview:
    screen = app.screen
    assert isinstance(screen, RecallPreview)
    screen.query_one("#preview-prompt", Input).value = ""
    await pilot.press(*text.replace(" ", "\0").split("\0")[0])  # keystrokes, then the rest at once
    screen.query_one("#preview-prompt", Input).value = text
    for _ in range(250):  # the debounce, then retrieval on a worker (the model loads on the first)
        await pilot.pause(0.02)
        if screen.shown_for == text:
            break
    assert screen.shown_for == text, "the preview never answered the last text typed"
    return screen


def why_these(text: str, ids: list[str]) -> list[str]:
    """The ids of the "Why these" table, in its order (what is "Left out" follows it)."""
    table = text[text.index("Why these") :]
    table = table[: table.index("Left out")] if "Left out" in table else table
    return sorted((i for i in ids if i in table), key=table.index)


async def test_the_preview_says_what_recall_explain_says(seeded_store, make_app, picasso, monkeypatch) -> None:
    monkeypatch.chdir(seeded_store.workspace.root)
    cli = json.loads(picasso("memory", "recall", ON_TOPIC, "--json").out)
    explained = picasso("memory", "recall", ON_TOPIC, "--explain").out
    expected = [e["id"] for e in cli["entries"]]
    assert expected and cli["gate"]["open"]
    app = make_app(seeded_store)
    async with app.run_test(size=(120, 36)) as pilot:
        await settle(pilot, app)
        await pilot.press("f3")
        screen = await type_prompt(pilot, app, ON_TOPIC)
        why = plain(screen.query_one("#preview-explain", Static))
        assert why_these(why, list(app.view.by_id)) == expected == why_these(explained, list(app.view.by_id))
        for e in cli["entries"]:  # each entry's class and namespace, as the CLI names them
            for text in (why, explained):
                row = next(
                    line for line in text.splitlines() if line.lstrip().startswith(f"{e['rank']} ") and e["id"] in line
                )
                assert f"│{e['class']} " in row and f"│{where(e['namespace'])} " in row
        gate = next(line for line in explained.splitlines() if line.startswith("relevance gate "))
        assert gate.startswith("relevance gate open: coverage") and gate in why
        verdict = plain(screen.query_one("#preview-verdict", Static))
        assert f"{len(expected)} memor" in verdict and "would be injected" in verdict
        block = plain(screen.query_one("#preview-block", Static))
        assert block.startswith("Memory context for this session:") and "argon2id" in block


async def test_an_off_topic_prompt_shows_that_nothing_applies_and_why(
    seeded_store, make_app, picasso, monkeypatch
) -> None:
    monkeypatch.chdir(seeded_store.workspace.root)
    cli = picasso("memory", "recall", OFF_TOPIC, "--explain")
    gate = next(line for line in cli.out.splitlines() if line.startswith("relevance gate "))
    assert cli.out.startswith("Why these") and gate.endswith(": nothing is injected")
    assert gate.startswith('relevance gate shut by an explanation cue ("what is the")')  # which cue shut it
    app = make_app(seeded_store)
    async with app.run_test(size=(120, 36)) as pilot:
        await settle(pilot, app)
        await pilot.press("f3")
        screen = await type_prompt(pilot, app, OFF_TOPIC)
        verdict = plain(screen.query_one("#preview-verdict", Static))
        assert "Nothing in this workspace's memory applies to that prompt, so nothing would be injected." in verdict
        assert "Nothing in this workspace's memory applies" in cli.err and gate in verdict
        assert plain(screen.query_one("#preview-block", Static)).strip() == "(nothing)"


async def test_the_preview_follows_typing_and_starts_from_the_prompt(seeded_store, make_app) -> None:
    app = make_app(seeded_store)
    async with app.run_test(size=(120, 36)) as pilot:
        await settle(pilot, app)
        app.screen.query_one("#prompt", Input).value = ON_TOPIC
        await pilot.press("f3")  # from First Light, with a draft: the preview starts from it
        screen = app.screen
        assert isinstance(screen, RecallPreview) and screen.query_one("#preview-prompt", Input).value == ON_TOPIC
        screen = await type_prompt(pilot, app, OFF_TOPIC)  # typing on: the last text wins
        assert "Nothing in this workspace's memory applies" in plain(screen.query_one("#preview-verdict", Static))
        screen.query_one("#preview-prompt", Input).value = ""
        await pilot.pause()
        assert "Type a prompt" in plain(screen.query_one("#preview-verdict", Static))
        await pilot.press("escape")
        assert isinstance(app.screen, FirstLight)


async def test_the_preview_says_why_it_has_no_answer(seeded_store, make_app) -> None:
    app = make_app(seeded_store)
    async with app.run_test(size=(120, 36)) as pilot:
        await settle(pilot, app)
        await pilot.press("f3")
        await settle(pilot, app)
        assert isinstance(app.screen, RecallPreview)
        await pilot.press(*"/memory add x")
        await pilot.pause(0.3)
        await settle(pilot, app)
        verdict = plain(app.screen.query_one("#preview-verdict"))
        assert "A slash command is not a prompt: nothing would be injected" in verdict
