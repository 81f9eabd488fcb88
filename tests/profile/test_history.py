"""`git/active-areas`: ties in a fixed order (a re-run writes nothing new) and only folders that still exist."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

from picasso_tui.profile import history


def _busy_repo(make_project):
    folders = ("zeta", "alpha", "mid", "beta", "gone", "omega", "kappa")
    repo = make_project({f"{name}/f.txt": "1\n" for name in folders})  # one commit touches all: a tie
    for i in range(5):
        repo.write({"README.md": f"{i}\n"})
        repo.commit(f"readme {i}")
    repo.git("rm", "-q", "-r", "gone")
    repo.commit("remove gone/")
    return repo


def test_active_areas_sort_ties_by_name_and_leave_out_folders_gone_at_head(make_project):
    repo = _busy_repo(make_project)
    body = next(f.body for f in history.investigate(repo.root).findings if f.key == "git/active-areas")
    assert "gone" not in body
    assert body == (
        "Most active areas in the last 7 commits: (top level) (5 commits), alpha (1 commit), beta (1 commit), "
        "kappa (1 commit), mid (1 commit), omega (1 commit)."
    )


def _init(root: Path, home: Path, seed: int) -> dict:
    env = {**os.environ, "PICASSO_HOME": str(home), "PYTHONHASHSEED": str(seed)}
    env["PYTHONPATH"] = str(Path(__file__).resolve().parents[2])
    out = subprocess.run(
        [sys.executable, "-m", "picasso_tui.cli", "memory", "init", "--yes", "--json", str(root)],
        env=env, capture_output=True, text=True, check=True, cwd=root,
    )  # fmt: skip
    return json.loads(out.stdout)


def test_init_twice_in_two_processes_with_different_hash_seeds_writes_nothing_new(make_project, tmp_path):
    repo = _busy_repo(make_project)
    home = tmp_path / "home"
    first = _init(repo.root, home, seed=1)
    second = _init(repo.root, home, seed=2)
    assert first["added"] and second["added"] == []
    bodies = {f["key"]: f["body"] for f in first["findings"]}
    assert {f["key"]: f["body"] for f in second["findings"]} == bodies, "every finding's body is the same"


def _conventions(make_project, subjects: list[str], name: str) -> str:
    repo = make_project({"a.txt": "0\n"}, name=name)
    for i, subject in enumerate(subjects):
        repo.write({"a.txt": f"{i}\n"})
        repo.commit(subject)
    return {f.key: f.body for f in history.investigate(repo.root).findings}["git/conventions"]


def test_gitmoji_and_area_prefixes_are_conventions_and_plain_subjects_are_free_form(make_project):
    emoji = _conventions(make_project, [":sparkles: Add x", "✨ Add y", ":bug: Fix z", ":memo: Docs", "Tidy"], "e")
    assert "gitmoji" in emoji and "free-form" not in emoji
    crates = ["tracing-core: fix span", "core: speed up", "tracing-core: docs", "subscriber: add filter", "Tidy"]
    area = _conventions(make_project, crates, "a")
    assert "an area prefix" in area and "tracing-core:" in area and "free-form" not in area
    plain = _conventions(make_project, ["Fix span", "Speed up core", "Add docs", "Note: later", "Tidy up"], "p")
    assert "free-form" in plain and "gitmoji" not in plain


def test_a_scope_example_is_one_the_history_uses_and_release_commits_do_not_count(make_project):
    """ufo's scopes name functions; it never wrote feat(api):, so the memory must not say it does."""
    scoped = ["fix(parseURL): keep port", "feat(hasProtocol): accept //", "fix(parseURL): trim", "fix(withBase): /"]
    said = _conventions(make_project, [*scoped, "docs: typo", "chore: deps"], "s")
    assert "usually with a scope, e.g. fix(parseURL):, " in said and "feat(hasProtocol):" in said
    assert "feat(api)" not in said
    releases = [f"chore(release): v1.{i}" for i in range(4)] + ["fix: a", "feat: b", "fix(x): c", "docs: d"]
    assert "scope" not in _conventions(make_project, releases, "r")  # one real scope in eight subjects
