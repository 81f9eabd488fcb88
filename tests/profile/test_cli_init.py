"""`picasso memory init [--yes] [PATH]`: a summary of what it learned, projections regenerated, clean errors."""

from __future__ import annotations

import json

from .test_ecosystems import PYTHON


def test_init_prints_a_summary_and_regenerates_projections(make_project, picasso, paths, monkeypatch):
    repo = make_project(PYTHON)
    monkeypatch.chdir(repo.root)
    result = picasso("memory", "init", "--yes")
    assert result.code == 0, result.err
    assert f"about {repo.root.name} at {repo.head()[:7]}" in result.out
    for heading in ("Codebase facts (", "Workflows (", "Repo rules (1)", "Style hints (1)"):
        assert heading in result.out
    assert "Test: make test" in result.out
    assert "new, 0 reinforced" in result.out
    repo_md = (paths.projections_dir / "REPO.md").read_text()
    assert "make test" in repo_md
    again = picasso("memory", "init", "--yes")
    assert "0 new" in again.out and "reinforced" in again.out


def test_init_takes_a_path_and_prints_json(make_project, picasso):
    repo = make_project(PYTHON)
    result = picasso("memory", "init", "--yes", "--json", str(repo.root / "src"))
    assert result.code == 0, result.err
    data = json.loads(result.out)
    assert data["workspace"]["root"] == str(repo.root)
    assert data["commit"] == repo.head()
    assert len(data["added"]) == len(data["findings"]) > 10
    assert {"key": "rules/CLAUDE.md", "class": "repo_rule"}.items() <= next(
        f for f in data["findings"] if f["key"] == "rules/CLAUDE.md"
    ).items()


def test_init_outside_a_repository_is_one_sentence_and_exit_1(picasso, tmp_path):
    result = picasso("memory", "init", "--yes", str(tmp_path))
    assert result.code == 1
    assert result.err.startswith("picasso: ") and "is not inside a git repository" in result.err
    assert "Traceback" not in result.err


def test_init_on_a_missing_path_is_a_usage_error(picasso, tmp_path):
    result = picasso("memory", "init", "--yes", str(tmp_path / "nope"))
    assert result.code == 2
    assert "does not exist" in result.err


def test_staleness_command_saves_scores_and_says_why(make_project, picasso, monkeypatch):
    repo = make_project(PYTHON)
    monkeypatch.chdir(repo.root)
    assert picasso("memory", "init", "--yes").code == 0
    fresh = picasso("memory", "staleness")
    assert fresh.code == 0 and "0 stale or from another branch" in fresh.out
    (repo.root / "CLAUDE.md").unlink()
    result = picasso("memory", "staleness")
    assert result.code == 0, result.err
    # the rule memory and the test command it gives (`make test`, cited from CLAUDE.md too) both rest on the file
    assert "2 stale or from another branch, 2 scores updated" in result.out
    assert "1.00  stale: CLAUDE.md deleted since " + repo.head()[:7] in result.out
    listed = picasso("memory", "list", "--class", "repo_rule")
    assert "stale" in listed.out
    data = json.loads(picasso("memory", "staleness", "--json").out)
    assert data["updated"] == [] and any(r["deleted"] == ["CLAUDE.md"] for r in data["records"])


def test_staleness_outside_a_repository_is_one_sentence(picasso):
    result = picasso("memory", "staleness")
    assert result.code == 1 and "not inside a git repository" in result.err
