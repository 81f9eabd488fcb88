"""A memory learned from files that a later run observes again becomes fresh again, and its drift is
measured from that moment on (issue 6)."""

from __future__ import annotations

from picasso_tui.anchors.staleness import assess
from picasso_tui.store.ids import new_id
from picasso_tui.store.schema import MemoryRecord
from picasso_tui.writeback.reinforce import plan_writes

from .test_ecosystems import PYTHON


def observation_like(record: MemoryRecord) -> MemoryRecord:
    md = record.metadata
    return MemoryRecord.model_validate({"id": new_id(), "body": record.body, "metadata": {
        "class": md.class_.value, "namespace": md.namespace, "createdAt": "2026-11-30T12:00:00.000Z",
        "lastObservedAt": "2026-11-30T12:00:00.000Z", "provenance": {"sessionId": "sess_test", "kind": "agent-inferred"}}})  # fmt: skip


def test_a_stale_rule_observed_again_by_a_run_is_fresh_and_reanchored(make_project) -> None:
    repo = make_project(PYTHON)
    repo.init()
    rule = repo.by_key()["rules/CLAUDE.md"]
    repo.write({"CLAUDE.md": PYTHON["CLAUDE.md"] + "- Keep handlers thin.\n"})
    head = repo.commit("a new rule")
    store = repo.store()
    from picasso_tui.anchors.staleness import refresh

    refresh(store, repo.root)
    assert store.resolve(rule.id).metadata.staleness_score > 0

    existing = list(store.files.load().raw().values())
    plan = plan_writes([observation_like(rule)], existing, repo.root)
    assert plan.reinforced == [rule.id]
    store.files.apply(plan.ops)

    again = store.resolve(rule.id)
    assert again.metadata.staleness_score == 0.0
    assert "staleReason" not in (again.file_form["metadata"].get("attributes") or {})
    assert again.metadata.provenance.model_extra["sourceCommit"] == head
    assert assess(store, repo.root)[rule.id].fresh  # the next check measures from now
    repo.write({"CLAUDE.md": "# Rules\n\n- Something else entirely.\n"})
    assert assess(store, repo.root)[rule.id].reason.startswith(f"stale: CLAUDE.md changed since {head[:7]}")
