"""Staleness follows the code: edits, deletions and branch switches, recomputed from git and file hashes."""

from __future__ import annotations

import json

from picasso_tui.anchors.staleness import assess, refresh

from .test_ecosystems import PYTHON

BIG_PYPROJECT = PYTHON["pyproject.toml"] + "".join(f"# note {i}\n" for i in range(200))


def _events(paths, name: str) -> list[dict]:
    if not paths.events_log.exists():
        return []
    return [e for e in map(json.loads, paths.events_log.read_text().splitlines()) if e["event"] == name]


def test_untouched_workspace_is_fresh(make_project):
    repo = make_project(PYTHON)
    repo.init()
    verdicts = assess(repo.store(), repo.root)
    assert verdicts and all(v.fresh and v.reason is None for v in verdicts.values())


def test_an_edit_makes_records_from_that_file_stale_weighted_by_how_much(make_project):
    repo = make_project({**PYTHON, "pyproject.toml": BIG_PYPROJECT})
    learned_at = repo.head()
    repo.init()
    stack_id = repo.by_key()["python/stack"].id
    rules_id = repo.by_key()["rules/CLAUDE.md"].id
    repo.write({"pyproject.toml": BIG_PYPROJECT.replace("# note 1\n", "# a small edit\n", 1)})  # uncommitted
    small = assess(repo.store(), repo.root)
    assert small[rules_id].fresh, "records from other files stay fresh"
    assert 0.3 <= small[stack_id].score < 0.4
    assert small[stack_id].reason == f"stale: pyproject.toml changed since {learned_at[:7]}"
    assert not small[stack_id].off_branch
    repo.write({"pyproject.toml": "[project]\nname = 'acme-api'\ndependencies = ['django']\n"})
    repo.commit("rewrite pyproject")
    large = assess(repo.store(), repo.root)
    assert large[stack_id].score > 0.9
    assert large[stack_id].reason == f"stale: pyproject.toml changed since {learned_at[:7]}"


def test_a_deleted_source_file_is_fully_stale(make_project):
    repo = make_project(PYTHON)
    repo.init()
    rules_id = repo.by_key()["rules/CLAUDE.md"].id
    (repo.root / "CLAUDE.md").unlink()
    verdict = assess(repo.store(), repo.root)[rules_id]
    assert verdict.score == 1.0
    assert verdict.deleted == ("CLAUDE.md",)
    assert verdict.reason.startswith("stale: CLAUDE.md deleted since ")


def test_several_files_are_summarised_in_the_reason(make_project):
    repo = make_project(PYTHON)
    repo.init()
    ci_test = repo.by_key()["workflow/test"]
    sources = ci_test.metadata.provenance.source_files
    assert len(sources) >= 2
    for rel in sources:
        (repo.root / rel).write_text((repo.root / rel).read_text() + "\n# changed\n")
    verdict = assess(repo.store(), repo.root)[ci_test.id]
    assert verdict.reason.startswith(f"stale: {sources[0]} and {len(sources) - 1} more changed since ")


def test_reobserving_makes_a_stale_record_fresh_again(make_project):
    repo = make_project(PYTHON)
    repo.init()
    stack_id = repo.by_key()["python/stack"].id
    repo.write({"pyproject.toml": PYTHON["pyproject.toml"] + "\n# more\n"})
    repo.commit("touch pyproject")
    assert assess(repo.store(), repo.root)[stack_id].score > 0
    repo.init()
    assert assess(repo.store(), repo.root)[stack_id].fresh


def test_records_learned_on_an_unmerged_branch_are_off_branch_elsewhere(make_project):
    repo = make_project(PYTHON)
    repo.git("checkout", "-q", "-b", "feature/agents")
    repo.write({"AGENTS.md": "- Feature branch rule: always use the new client.\n"})
    repo.commit("add AGENTS.md on the feature branch")
    repo.init()
    by_key = repo.by_key()
    agents_id, stack_id = by_key["rules/AGENTS.md"].id, by_key["python/stack"].id
    on_feature = assess(repo.store(), repo.root)
    assert not on_feature[agents_id].off_branch and on_feature[agents_id].fresh

    repo.git("checkout", "-q", "main")
    on_main = assess(repo.store(), repo.root)
    assert on_main[agents_id].off_branch, "learned on feature/agents, which main does not contain"
    # pyproject.toml is byte-identical on main: that evidence holds here too, so it is not hidden.
    assert not on_main[stack_id].off_branch and on_main[stack_id].fresh

    repo.git("merge", "-q", "--no-ff", "-m", "merge feature", "feature/agents")
    merged = assess(repo.store(), repo.root)
    assert not merged[agents_id].off_branch and merged[agents_id].fresh


def test_a_commit_this_clone_does_not_have_is_off_branch_with_a_reason(make_project):
    repo = make_project(PYTHON)
    repo.init()
    store = repo.store()
    decision = store.add("Chose gRPC for internal calls.", provenance={"sourceCommit": "f" * 40})
    verdict = assess(store, repo.root)[decision.id]
    assert verdict.off_branch
    assert verdict.reason == "learned on another branch: fffffff is not in this clone"


def test_refresh_persists_changed_scores_in_one_write_and_only_when_they_change(make_project):
    repo = make_project(PYTHON)
    repo.init()
    store = repo.store()
    stack = repo.by_key()["python/stack"]
    (repo.root / "pyproject.toml").unlink()
    (repo.root / "CLAUDE.md").write_text("- A different rule.\n")
    before = len(_events(store.paths, "staleness"))
    report = refresh(store, repo.root)
    assert len(_events(store.paths, "staleness")) == before + 1, "one write for all changed records"
    assert len(report.updated) >= 2
    stored = store.resolve(stack.id)
    assert stored.metadata.staleness_score == 1.0 and stored.is_stale
    assert stored.metadata.attributes.model_extra["staleReason"].startswith("stale: pyproject.toml deleted since ")
    assert stored.metadata.last_observed_at == stack.metadata.last_observed_at, "a refresh is not an observation"
    again = refresh(store, repo.root)
    assert again.updated == [] and len(_events(store.paths, "staleness")) == before + 1


def test_assess_only_judges_records_of_this_workspace(make_project):
    one = make_project(PYTHON, name="one")
    two = make_project({**PYTHON, "README.md": "Two.\n"}, name="two")
    one.init()
    two.init()
    records = one.store().list(everything=True)
    judged = assess(records, one.root)
    assert set(judged) == {r.id for r in one.records()}


def test_head_is_read_from_git_files_in_every_layout(make_project, tmp_path):
    from picasso_tui.anchors.gitutil import head, head_fast

    repo = make_project(PYTHON)
    assert head_fast(repo.root) == head(repo.root) == repo.head()
    repo.git("pack-refs", "--all")
    assert head_fast(repo.root) == repo.head()
    first = repo.head()
    repo.write({"x.py": "x = 1\n"})
    repo.commit("second")
    repo.git("checkout", "-q", "--detach", first)
    assert head_fast(repo.root) == first
    repo.git("checkout", "-q", "main")
    linked = tmp_path / "linked"
    repo.git("worktree", "add", "-q", "-b", "other", str(linked), first)
    assert head_fast(linked) == first and head_fast(repo.root) == repo.head()


def test_a_kept_assessor_follows_branch_switches_and_edits_after_sync(make_project):
    from picasso_tui.anchors.staleness import Assessor

    repo = make_project(PYTHON)
    repo.git("checkout", "-q", "-b", "feature")
    repo.write({"AGENTS.md": "- Feature rule.\n"})
    repo.commit("feature rules")
    repo.init()
    agents = repo.by_key()["rules/AGENTS.md"]
    assessor = Assessor(repo.root)
    assert assessor.assess(agents).fresh
    repo.git("checkout", "-q", "main")
    assessor.sync()
    assert assessor.assess(agents).off_branch
    repo.git("checkout", "-q", "feature")
    (repo.root / "AGENTS.md").write_text("- Feature rule, now changed.\n")
    assessor.sync()
    verdict = assessor.assess(agents)
    assert not verdict.off_branch and verdict.changed == ("AGENTS.md",) and verdict.score > 0.3


def test_refresh_workspace_is_a_no_op_outside_a_repository(make_project, store):
    from picasso_tui.anchors.staleness import refresh_workspace

    assert refresh_workspace(store) is None
    repo = make_project(PYTHON)
    repo.init()
    (repo.root / "CLAUDE.md").unlink()
    report = refresh_workspace(repo.store())
    resting = {repo.by_key()[key].id for key in ("rules/CLAUDE.md", "workflow/test")}  # both cite CLAUDE.md
    assert report is not None and set(report.updated) == resting


def test_provenance_from_elsewhere_cannot_put_options_on_gits_command_line(make_project, tmp_path):
    repo = make_project(PYTHON)
    store = repo.store()
    target = tmp_path / "written-by-git.txt"
    hostile = store.add(
        "A record that arrived from an import.",
        provenance={"sourceCommit": f"--output={target}", "sourceHashes": {"pyproject.toml": "0" * 20,
                    "../outside.txt": "1" * 20, "-rf": "2" * 20}},
    )  # fmt: skip
    verdict = assess(store, repo.root)[hostile.id]
    assert not target.exists()
    assert verdict.changed == ("pyproject.toml",) and verdict.deleted == ()
    assert verdict.reason == "stale: pyproject.toml changed"
