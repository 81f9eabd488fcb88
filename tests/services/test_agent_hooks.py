"""The agent hooks' use cases in process: what the session brief holds and in which order, and the ledger that
keeps a transcript from being learnt from twice."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import orjson
import pytest

from picasso_tui import settings
from picasso_tui.paths import PicassoPaths
from picasso_tui.profile.findings import Finding
from picasso_tui.profile.records import Context, new_record
from picasso_tui.services import agent_hooks
from picasso_tui.services.hook_ledger import KEEP, HookLedger, transcript_key
from picasso_tui.store.api import MemoryStore
from picasso_tui.store.filestore import FileStore, Upsert
from picasso_tui.store.ingress import PROFILE
from picasso_tui.store.schema import MemoryClass, utc_now


@pytest.fixture
def repo(make_repo: Callable[..., Path]) -> Path:
    return make_repo("app", origin="git@github.com:acme/app.git")


def add_profile(paths: PicassoPaths, store: MemoryStore, *findings: Finding) -> None:
    ws = store.workspace
    assert ws is not None
    ctx = Context(ws.root, store.account_id, ws.fingerprint, None)
    FileStore(paths).apply([Upsert(new_record(f, ctx, utc_now())) for f in findings], origin=PROFILE)


def test_the_brief_holds_rules_pins_and_the_profiles_essentials_in_that_order(repo: Path, paths: PicassoPaths,
                                                                              make_repo: Callable[..., Path]) -> None:  # fmt: skip
    store = MemoryStore(paths, cwd=repo)
    add_profile(paths, store,
                Finding("workflow/test", MemoryClass.WORKFLOW, "Test", "To run the tests: `make test` — from Makefile."),
                Finding("project/summary", MemoryClass.FACT, "Project", "Project app: a billing service."),
                Finding("git/active-areas", MemoryClass.FACT, "Active", "Most commits touch src/billing/."))  # fmt: skip
    store.add("Never commit generated protobuf files.", memory_class=MemoryClass.REPO_RULE)
    store.add("The invoice total is computed in cents, never floats.", pinned=True)
    store.add("The billing cron runs at 02:00 UTC.")  # neither a rule, a pin nor the profile's
    store.add("Prefer small pull requests.", pinned=True, memory_class=MemoryClass.STYLE)  # account-wide style
    archived = store.add("An archived pinned note about the old ledger.", pinned=True)
    store.change(archived.id, lambda r: r.with_metadata(attributes={"archivedAt": "2026-12-01T00:00:00.000Z"}),
                 event="archive")  # fmt: skip
    other = make_repo("other")
    MemoryStore(paths, cwd=other).add("The other repo deploys with fly.io.", pinned=True)

    brief = agent_hooks.session_brief(store)
    text = brief.context
    assert "Never commit generated protobuf files." in text
    assert "invoice total is computed in cents" in text
    assert "Project app: a billing service." in text and "`make test`" in text
    assert "Most commits touch" not in text and "billing cron" not in text
    assert "fly.io" not in text and "old ledger" not in text  # another workspace's pin; an archived one
    assert text.index("Repo rules:") < text.index("Codebase facts:") < text.index("Workflows:")
    assert len(brief.ids) == 5 and text.endswith(agent_hooks.REMEMBER_HINT)


def test_the_budget_keeps_rules_before_the_profile(repo: Path, paths: PicassoPaths) -> None:
    store = MemoryStore(paths, cwd=repo)
    add_profile(paths, store, Finding("project/summary", MemoryClass.FACT, "Project", "Project app: " + "words " * 60))
    store.add("Never commit generated protobuf files.", memory_class=MemoryClass.REPO_RULE)
    assert "Project app" in agent_hooks.session_brief(store, 400).context
    narrow = agent_hooks.session_brief(store, 60).context
    assert "protobuf" in narrow and "Project app" not in narrow


def test_no_hint_when_the_user_turned_it_off(repo: Path, paths: PicassoPaths) -> None:
    store = MemoryStore(paths, cwd=repo)
    assert agent_hooks.session_brief(store).context == agent_hooks.REMEMBER_HINT  # nothing to brief yet
    settings.set_value("agent.rememberHint", False)
    assert agent_hooks.session_brief(store).context == ""


def test_outside_a_repository_there_is_no_profile_offer(tmp_path: Path, paths: PicassoPaths) -> None:
    assert agent_hooks.session_brief(MemoryStore(paths, cwd=tmp_path)).offer is None


def test_the_ledger_remembers_offsets_per_transcript_and_no_text(paths: PicassoPaths, tmp_path: Path) -> None:
    a = transcript_key("claude", "sess-1", tmp_path / "a.jsonl")
    assert a == transcript_key("claude", "sess-1", tmp_path / "a.jsonl")
    assert a != transcript_key("gemini", "sess-1", tmp_path / "a.jsonl") != transcript_key("claude", "sess-1", tmp_path)
    with HookLedger(paths).locked() as ledger:
        assert ledger.consumed(a) == 0
        ledger.record(a, 1234)
    with HookLedger(paths).locked() as ledger:
        assert ledger.consumed(a) == 1234
    data = (paths.hooks_dir / "absorbed.json").read_bytes()
    assert b"sess-1" not in data and str(tmp_path).encode() not in data


def test_a_damaged_ledger_starts_over(paths: PicassoPaths) -> None:
    paths.hooks_dir.mkdir(parents=True)
    (paths.hooks_dir / "absorbed.json").write_text("{ torn")
    with HookLedger(paths).locked() as ledger:
        assert ledger.consumed("k") == 0
        ledger.record("k", 7)
    assert orjson.loads((paths.hooks_dir / "absorbed.json").read_bytes())["transcripts"]["k"]["consumed"] == 7


def test_the_ledger_keeps_the_newest_transcripts(paths: PicassoPaths) -> None:
    paths.hooks_dir.mkdir(parents=True)
    old = {f"k{i}": {"consumed": i, "at": f"2026-01-01T00:{i // 60 % 60:02d}:{i % 60:02d}+00:00"} for i in range(KEEP)}
    (paths.hooks_dir / "absorbed.json").write_bytes(orjson.dumps({"version": 1, "transcripts": old}))
    with HookLedger(paths).locked() as ledger:
        ledger.record("new", 1)
    kept = orjson.loads((paths.hooks_dir / "absorbed.json").read_bytes())["transcripts"]
    assert len(kept) == KEEP and "new" in kept and "k0" not in kept
