"""Staleness where the user meets it: retrieval leaves out what was learned on another branch and
marks what drifted, and the TUI says why a memory is stale when it opens."""

from __future__ import annotations

from textual.widgets import Static

from picasso_tui.retrieval.embedders.hashing import HashEmbedder
from picasso_tui.retrieval.pipeline import Retriever
from picasso_tui.tui.app import PicassoApp
from tests.tui.conftest import plain, settle

from .test_ecosystems import PYTHON

RULE = "Never edit generated files in src/acme/gen."


def recall(repo, prompt: str):
    return Retriever.for_store(repo.store(), embedder=HashEmbedder()).recall(prompt, emit=False)


def test_a_rule_learned_on_an_unmerged_branch_is_not_injected_on_main(make_project) -> None:
    repo = make_project(PYTHON)
    repo.git("checkout", "-q", "-b", "feature/agents")
    repo.write({"AGENTS.md": "- Always call the billing service through the new BillingClient wrapper.\n"})
    repo.commit("add AGENTS.md on the feature branch")
    repo.init()
    agents_id = repo.by_key()["rules/AGENTS.md"].id
    prompt = "call the billing service through the BillingClient wrapper"
    assert agents_id in [e.id for e in recall(repo, prompt).entries]

    repo.git("checkout", "-q", "main")
    on_main = recall(repo, prompt)
    assert agents_id not in [e.id for e in on_main.entries]
    assert (agents_id, "other branch") in on_main.omitted

    repo.git("merge", "-q", "--no-ff", "-m", "merge feature", "feature/agents")
    assert agents_id in [e.id for e in recall(repo, prompt).entries]


def test_a_rule_whose_file_was_rewritten_is_injected_marked_stale(make_project) -> None:
    repo = make_project(PYTHON)
    repo.init()
    rule_id = repo.by_key()["rules/CLAUDE.md"].id
    fresh = recall(repo, RULE)
    assert rule_id in [e.id for e in fresh.entries] and "(stale)" not in fresh.block
    repo.write({"CLAUDE.md": "# Rules\n\n" + "".join(f"- Rule {i} about something else.\n" for i in range(30))})
    drifted = recall(repo, RULE)  # nothing re-written in memory.json: judged at query time from the files
    entry = next(e for e in drifted.entries if e.id == rule_id)
    assert entry.components["staleness"] > 0.7
    assert any("Never edit generated files" in line and line.endswith("(stale)")
               for line in drifted.block.splitlines())  # fmt: skip


async def test_the_inspector_says_why_a_memory_is_stale(make_project, monkeypatch) -> None:
    monkeypatch.setenv("TEXTUAL_ANIMATIONS", "none")
    repo = make_project(PYTHON)
    learned_at = repo.head()
    repo.init()
    rule_id = repo.by_key()["rules/CLAUDE.md"].id
    (repo.root / "CLAUDE.md").unlink()
    store = repo.store()
    app = PicassoApp(store, watch=False, start_in_inspector=True)
    async with app.run_test(size=(200, 50)) as pilot:
        await settle(pilot, app)  # opening the TUI recomputes staleness from the checkout
        await settle(pilot, app)
        rules = app.screen.query_one("#list-repo_rule")
        assert rules.select_id(rule_id)
        await pilot.pause()
        app.screen.selected_id = rule_id
        app.screen._show_selected()
        detail = plain(app.screen.query_one("#detail-body", Static))
        assert f"stale: CLAUDE.md deleted since {learned_at[:7]}" in detail
    assert store.resolve(rule_id).is_stale  # and the score was saved, for every other reader
