"""The use cases every front end calls: what a user would see change in their home."""

from __future__ import annotations

import json
from pathlib import Path

from picasso_tui.paths import PicassoPaths
from picasso_tui.services import exchange, memory_ops
from picasso_tui.store.api import MemoryStore


def _transcript(paths: PicassoPaths, session: str, workspace: str | None) -> Path:
    path = paths.home / "transcripts" / f"{session}.jsonl"
    path.parent.mkdir(parents=True, exist_ok=True)
    header = {"type": "header", "sessionId": session, **({"workspace": workspace} if workspace else {})}
    path.write_text(json.dumps(header) + "\n", encoding="utf-8")
    return path


def test_clearing_everything_also_forgets_transcripts_caches_and_the_error_report(
    store: MemoryStore, paths: PicassoPaths
) -> None:
    memory_ops.add_memory(store, "Deploys go through make deploy after the smoke tests.")
    transcript = _transcript(paths, "sess_01J0000000000000000000000A", None)
    (paths.cache_dir / "lexical").mkdir(parents=True, exist_ok=True)
    (paths.cache_dir / "lexical" / "terms-v1.json").write_text("{}", encoding="utf-8")
    paths.logs_dir.mkdir(parents=True, exist_ok=True)
    (paths.logs_dir / "last-error.txt").write_text("Traceback: Deploys go through make deploy", encoding="utf-8")

    cleared = memory_ops.clear_memories(store, None)

    assert cleared.deleted == 1
    assert "1 transcript" in cleared.removed
    assert store.list(everything=True) == []
    assert not transcript.exists()
    assert not (paths.cache_dir / "lexical").exists()
    assert not (paths.logs_dir / "last-error.txt").exists()


def test_importing_an_old_export_does_not_bring_back_what_was_cleared_since(
    store: MemoryStore, paths: PicassoPaths
) -> None:
    memory_ops.add_memory(store, "The release branch is cut on Tuesdays.")
    data, count = exchange.export_json(store)
    assert count == 1
    memory_ops.clear_memories(store, None)

    imported = exchange.import_data(store, data, Path("export.json"))

    assert [r.body for r in store.list(everything=True)] == []  # cleared means tombstoned: an old copy stays out
    assert len(imported.report.skipped) == 1
