"""Fixed data, a fixed clock and a workspace with a stable fingerprint for the TUI tests."""

from __future__ import annotations

import io
from collections.abc import Callable
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest
from pytest_textual_snapshot import SVGImageExtension
from rich.console import Console
from rich.text import Text
from textual.widgets import Static

from picasso_tui.store.api import MemoryStore
from picasso_tui.store.filestore import Upsert
from picasso_tui.store.namespaces import find_workspace
from picasso_tui.store.schema import MemoryRecord
from picasso_tui.tui.app import PicassoApp

ROOT = Path(__file__).resolve().parents[2]
NOW = datetime(2026, 11, 30, 12, 0, 0, tzinfo=UTC)

# Snapshots live in the top-level snapshots/ folder (one SVG per scene), not under tests/.
SVGImageExtension.dirname = classmethod(lambda cls, *, test_location: str(ROOT / "snapshots"))  # type: ignore[method-assign]


def fixed_clock() -> datetime:
    return NOW


def record(
    rid: str, body: str, cls: str, ns_leaf: str, fingerprint: str, *, days: float = 1, **md: object
) -> MemoryRecord:
    namespace = (
        f"account:local/projects/workspace:{fingerprint}/{ns_leaf}"
        if ns_leaf in ("facts", "decisions", "failures", "workflows", "repo_rules")
        else f"account:local/{ns_leaf}"
    )
    when = (NOW - timedelta(days=days)).isoformat()
    metadata = {"class": cls, "namespace": namespace, "createdAt": when, "lastObservedAt": when, **md}
    return MemoryRecord.model_validate({"id": rid, "body": body, "metadata": metadata})


def sample_records(fp: str) -> list[MemoryRecord]:
    return [
        record("mem_01JF0000000000000000000001", "Test runner is Vitest. Tests live beside source in *.test.ts.", "fact", "facts", fp, days=2, pinned=True),
        record("mem_01JF0000000000000000000002", "All HTTP handlers live in src/handlers/ and are wired in src/server/router.ts.", "fact", "facts", fp, days=5,
               edges=[{"type": "fact->file", "target": "file:src/server/router.ts"}], provenance={"sourceFiles": ["src/server/router.ts"]}),
        record("mem_01JF0000000000000000000003", "Chose argon2id over bcrypt for password hashing: memory-hardness.", "decision", "decisions", fp, days=20,
               edges=[{"type": "decision->file", "target": "file:src/auth/hash.ts"}, {"type": "decision->module", "target": "module:src/auth"},
                      {"type": "supersedes", "target": "mem_01JF0000000000000000000004"}],
               provenance={"sessionId": "sess_287", "sourceFiles": ["src/auth/hash.ts"], "sourcePlan": "plan_77"}),
        record("mem_01JF0000000000000000000004", "Use bcrypt with cost 12 for passwords.", "decision", "decisions", fp, days=200, stalenessScore=0.9),
        record("mem_01JF0000000000000000000005", "Normal CLI runs did not inject memory: the AgentLoop lacked retriever services.", "failure", "failures", fp, days=3,
               preventNextTime=["Verify normal agent run paths, not only package-level primitives."],
               edges=[{"type": "failure->file", "target": "file:src/server/router.ts"}]),
        record("mem_01JF0000000000000000000006", "Run package tests with pnpm --filter <package> test before the CLI tests.", "workflow", "workflows", fp, days=7),
        record("mem_01JF0000000000000000000007", "Use apply_patch for manual source edits.", "repo_rule", "repo_rules", fp, days=1),
        record("mem_01JF0000000000000000000008", "Prefers explicit return types on exported functions.", "style", "style/typescript", fp, days=4),
        record("mem_01JF0000000000000000000009", "Model X omits destructive confirmation summaries.", "model_performance", "model_performance", fp, days=9),
    ]  # fmt: skip


@pytest.fixture
def workspace_store(make_repo: Callable[..., Path]) -> MemoryStore:
    """A store seen from inside a repository whose fingerprint does not depend on time."""
    repo = make_repo("acme-api", origin="git@github.com:acme/api.git")
    find_workspace.cache_clear()
    return MemoryStore(cwd=repo, clock=fixed_clock)


@pytest.fixture
def seeded_store(workspace_store: MemoryStore) -> MemoryStore:
    ws = workspace_store.workspace
    assert ws is not None
    workspace_store.files.apply([Upsert(r) for r in sample_records(ws.fingerprint)])
    return workspace_store


@pytest.fixture
def make_app(monkeypatch: pytest.MonkeyPatch) -> Callable[..., PicassoApp]:
    monkeypatch.setenv("TEXTUAL_ANIMATIONS", "none")

    def make(store: MemoryStore, **kwargs: object) -> PicassoApp:
        kwargs.setdefault("watch", False)
        return PicassoApp(store, clock=fixed_clock, **kwargs)  # type: ignore[arg-type]

    return make


def plain(widget: Static) -> str:
    """What a Static shows, as plain text (works for strings, Text and rich tables alike)."""
    console = Console(width=200, file=io.StringIO(), record=True, color_system=None)
    content = widget.content
    console.print(content if not isinstance(content, str) else Text.from_markup(content))
    return console.export_text()


async def settle(pilot, app: PicassoApp) -> None:
    """Wait until the reload and write workers have finished and their messages are handled."""
    for _ in range(3):
        await app.workers.wait_for_complete()
        await pilot.pause()
