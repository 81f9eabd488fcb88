"""Re-running init reinforces what still holds (same ids, no duplicates) and marks what no longer holds."""

from __future__ import annotations

from picasso_tui.profile.records import profile_id
from picasso_tui.store.filestore import Change

from .test_ecosystems import PYTHON


def test_a_rerun_reinforces_without_duplicates_and_updates_last_observed(make_project):
    repo = make_project(PYTHON)
    first = repo.init()
    before = {r.id: r for r in repo.records()}
    assert len(before) == len(first.findings) and set(first.summary.added) == set(before)
    second = repo.init()
    after = {r.id: r for r in repo.records()}
    assert set(after) == set(before), "a re-run must not add or lose records"
    assert second.summary.added == [] and set(second.summary.reinforced) == set(before)
    for rid, record in after.items():
        assert record.metadata.last_observed_at > before[rid].metadata.last_observed_at
        assert record.metadata.created_at == before[rid].metadata.created_at
        assert record.body == before[rid].body


def test_ids_are_derived_from_workspace_and_finding(make_project):
    repo = make_project(PYTHON)
    repo.init()
    fp = repo.store().workspace.fingerprint
    assert repo.by_key()["workflow/test"].id == profile_id(fp, "workflow/test")
    other = make_project({**PYTHON, "README.md": "Another project.\n"}, name="other-project")
    other.init()
    assert repo.by_key()["workflow/test"].id != other.by_key()["workflow/test"].id  # two workspaces, two records


def test_what_no_longer_holds_is_marked_stale_and_comes_back_fresh_when_found_again(make_project):
    repo = make_project(PYTHON)
    repo.init()
    rules_id = repo.by_key()["rules/CLAUDE.md"].id
    claude = (repo.root / "CLAUDE.md").read_text()
    (repo.root / "CLAUDE.md").unlink()
    repo.commit("drop CLAUDE.md")
    report = repo.init()
    assert report.summary.retired == [rules_id]
    stale = repo.store().resolve(rules_id)
    assert stale.is_stale and stale.metadata.staleness_score == 1.0
    assert stale.metadata.attributes.model_extra["staleReason"].startswith(
        "stale: no longer found by `picasso memory init` at "
    )
    assert repo.init().summary.retired == [], "an already-marked record is not marked again"
    repo.write({"CLAUDE.md": claude})
    repo.commit("restore CLAUDE.md")
    repo.init()
    fresh = repo.store().resolve(rules_id)
    assert not fresh.is_stale and fresh.metadata.staleness_score == 0.0
    assert "staleReason" not in (fresh.metadata.attributes.model_extra or {})
    assert "notFoundAt" not in fresh.metadata.provenance.model_extra


def test_a_changed_finding_updates_the_same_record(make_project):
    repo = make_project(PYTHON)
    repo.init()
    rid = repo.by_key()["python/stack"].id
    repo.write({"pyproject.toml": PYTHON["pyproject.toml"].replace('"alembic"', '"alembic", "celery"')})
    repo.commit("add celery")
    repo.init()
    record = repo.store().resolve(rid)
    assert "Celery" in record.body
    assert record.metadata.provenance.model_extra["sourceCommit"] == repo.head()


def test_user_choices_survive_a_rerun(make_project):
    repo = make_project(PYTHON)
    repo.init()
    store = repo.store()
    by_key = repo.by_key()
    deleted, pinned, edited = by_key["workflow/lint"].id, by_key["workflow/test"].id, by_key["python/stack"].id
    store.delete(deleted)
    store.pin(pinned)
    store.files.apply([Change(edited, lambda r: r.with_body("We use FastAPI; ask Ana before adding a framework."))])
    report = repo.init()
    assert report.summary.left_deleted == [deleted]
    live = {r.id: r for r in repo.records()}
    assert deleted not in live, "a memory the user deleted is never brought back"
    assert live[pinned].metadata.pinned
    assert live[edited].body == "We use FastAPI; ask Ana before adding a framework."


def test_a_deleted_profile_record_stays_gone_after_its_tombstone_is_purged(make_project):
    from datetime import timedelta

    from picasso_tui.profile.investigator import generate
    from picasso_tui.store.api import MemoryStore
    from picasso_tui.store.schema import utc_now

    repo = make_project(PYTHON)
    repo.init()
    gone = repo.by_key()["workflow/lint"].id
    repo.store().delete(gone)
    later = MemoryStore(cwd=repo.root, clock=lambda: utc_now() + timedelta(days=31))
    later.add("A note written a month later; this write purges the old tombstone.")
    assert gone not in later.files.load().raw(), "the tombstone was purged"
    report = generate(later, repo.root)
    assert gone in report.summary.left_deleted
    assert gone not in {r.id for r in later.list(everything=True)}
