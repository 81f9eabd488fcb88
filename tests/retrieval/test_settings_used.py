"""Every retrieval setting that `picasso settings set` accepts changes what a recall gives the agent."""

from __future__ import annotations

import json

import pytest

from picasso_tui import settings

HANDLER_NOTES = (
    "All HTTP handlers live in src/handlers/ and are wired through src/server/router.ts.",
    "HTTP handlers validate their input with zod schemas kept next to each handler.",
    "Every HTTP handler returns errors as RFC 7807 problem documents from src/handlers/errors.ts.",
    "HTTP handler tests live beside each handler as *.test.ts and run with vitest.",
)
PROMPT = "add an HTTP handler for the invoices endpoint"


@pytest.fixture
def handlers_repo(picasso, make_repo, monkeypatch):
    repo = make_repo("api", origin="git@github.com:acme/api.git")
    monkeypatch.chdir(repo)
    for note in HANDLER_NOTES:
        assert picasso("memory", "add", note).code == 0
    return repo


def recalled(picasso) -> dict:
    res = picasso("memory", "recall", PROMPT, "--json")
    assert res.code == 0, res.err
    return json.loads(res.out)


def test_top_k_bounds_what_a_recall_returns(picasso, paths, handlers_repo) -> None:
    assert len(recalled(picasso)["entries"]) >= 3
    assert picasso("settings", "set", "retrieval.topK", "1").code == 0
    answer = recalled(picasso)
    assert len(answer["entries"]) == 1
    assert any(o["reason"] == "below top-k" for o in answer["omitted"])


def test_the_budget_setting_is_the_block_budget(picasso, paths, handlers_repo) -> None:
    full = recalled(picasso)
    assert picasso("settings", "set", "retrieval.budgetTokens", "60").code == 0
    tight = recalled(picasso)
    assert len(tight["entries"]) < len(full["entries"])
    assert len(tight["block"]) < len(full["block"])
    # --budget still overrides the setting for one recall
    wide = json.loads(picasso("memory", "recall", PROMPT, "--json", "--budget", "1200").out)
    assert len(wide["entries"]) == len(full["entries"])


@pytest.mark.parametrize("value", ["0", "65", "1.5", "many", "true"])
def test_a_top_k_out_of_range_is_refused_in_one_sentence(picasso, paths, value) -> None:
    res = picasso("settings", "set", "retrieval.topK", value)
    assert res.code == 1
    assert res.err.count("\n") == 1 and "retrieval.topK must be a whole number from 1 to 64" in res.err
    assert settings.get("retrieval.topK", paths) == 8


def test_a_bad_value_written_into_the_file_is_named_not_used(picasso, paths, handlers_repo) -> None:
    paths.settings_file.parent.mkdir(parents=True, exist_ok=True)
    paths.settings_file.write_text('{"retrieval": {"topK": 0}}')
    res = picasso("memory", "recall", PROMPT)
    assert res.code == 1
    assert "retrieval.topK must be a whole number from 1 to 64; it is 0." in res.err


def test_a_change_made_by_another_process_is_seen(paths) -> None:
    assert settings.get("retrieval.topK", paths) == 8
    settings.set_value("retrieval.topK", 3, paths)
    assert settings.get("retrieval.topK", paths) == 3
    paths.settings_file.write_text('{"retrieval": {"topK": 5, "budgetTokens": 300}}')  # another writer
    assert settings.get("retrieval.topK", paths) == 5 and settings.get("retrieval.budgetTokens", paths) == 300
