"""Odd repositories: broken manifests, hostile text, no commits yet. Init stays read-only and never fails
the whole profile over one file."""

from __future__ import annotations

import subprocess

from picasso_tui.profile.investigator import generate
from picasso_tui.store.api import MemoryStore
from picasso_tui.store.namespaces import find_workspace

from .test_ecosystems import PYTHON


def test_broken_manifests_and_hostile_text_do_not_break_the_profile(make_project):
    repo = make_project({
        "pyproject.toml": "[project\nname = broken",
        "package.json": "{not json",
        "Cargo.toml": "[package]\nname = 'x'\n",
        "composer.json": "[1, 2]",
        "README.md": "# Evil\n\nEvil is a tool that \x1b[2J\x1b[31mclears your screen\x07 and rings.\n",
        "CLAUDE.md": "- " + "very long rule " * 2000 + "\n",
        "main.py": "print('hi')\n",
    })  # fmt: skip
    report = repo.init()
    assert report.warnings == []
    bodies = {r.metadata.provenance.model_extra["findingKey"]: r.body for r in repo.records()}
    assert "\x1b" not in bodies["project/summary"] and "clears your screen" in bodies["project/summary"]
    assert len(bodies["rules/CLAUDE.md"]) < 4000
    assert "python/packaging" in bodies and "rust/packaging" in bodies


def test_init_is_read_only_towards_the_workspace(make_project):
    repo = make_project(PYTHON)
    before = {p: p.stat().st_mtime_ns for p in repo.root.rglob("*") if ".git" not in p.parts}
    repo.init()
    after = {p: p.stat().st_mtime_ns for p in repo.root.rglob("*") if ".git" not in p.parts}
    assert before == after
    assert repo.git("status", "--porcelain") == ""


def test_a_repository_without_commits_gets_a_profile_without_a_commit_anchor(tmp_path):
    root = tmp_path / "fresh"
    root.mkdir()
    subprocess.run(["git", "init", "-q", "-b", "main"], cwd=root, check=True)
    (root / "go.mod").write_text("module example.com/fresh\n\ngo 1.22\n")
    (root / "main.go").write_text("package main\n")
    find_workspace.cache_clear()
    store = MemoryStore(cwd=root)
    report = generate(store, root)
    assert report.head is None
    keys = {f.key for f in report.findings}
    assert {"go/packaging", "workflow/test"} <= keys
    record = next(r for r in store.list() if r.title == "Go module example.com/fresh")
    assert record.metadata.provenance.model_extra["sourceCommit"] is None


def test_a_uv_workspace_lists_its_members_and_how_to_test_one(make_project):
    repo = make_project({
        "pyproject.toml": '[project]\nname = "root"\n[tool.uv.workspace]\nmembers = ["packages/core", "packages/cli"]\n'
                          '[tool.pytest.ini_options]\n',
        "uv.lock": "version = 1\n",
        "packages/core/pyproject.toml": '[project]\nname = "acme-core"\n',
        "packages/cli/pyproject.toml": '[project]\nname = "cli"\n',
        "packages/core/tests/test_core.py": "def test_x():\n    pass\n",
    })  # fmt: skip
    learned = {f.key: f.body for f in repo.init().findings}
    assert "uv workspace members: packages/core, packages/cli" in learned["python/packaging"]
    assert "`uv run --package acme-core pytest`" in learned["workflow/test"], "one member's suite"
    assert "--package" not in learned["workflow/test-one"], "a member's whole suite is no one test"


def test_secrets_in_repository_text_are_redacted_before_they_reach_memory(make_project, paths):
    token = "ghp_R7kLm2Qx9TzV4nB8wC1pH6sJ3dF5gY0aE2uK"  # a low-entropy fake would be taken for a placeholder
    repo = make_project({
        "CLAUDE.md": f"- Deploy with the bot token {token} when CI is down.\n",
        ".github/workflows/ci.yml": f"jobs:\n  test:\n    steps:\n      - run: make test TOKEN={token}\n",
        "main.py": "print(1)\n",
    })  # fmt: skip
    repo.init()
    assert token not in paths.memory_file.read_text()
    bodies = {k: r.body for k, r in repo.by_key().items()}
    assert "[REDACTED:github-token]" in bodies["rules/CLAUDE.md"] and "[REDACTED:" in bodies["ci"]
    assert repo.init().summary.reinforced, "a re-run still reinforces (the redacted body is the generated one)"
    assert {k: r.body for k, r in repo.by_key().items()} == bodies


def test_progress_is_reported_step_by_step_to_the_end(make_project):
    from picasso_tui.profile.investigator import TOTAL_STEPS

    repo = make_project(PYTHON)
    seen: list[tuple[str, int, int]] = []
    generate(repo.store(), repo.root, lambda label, done, total: seen.append((label, done, total)))
    assert [d for _, d, _ in seen] == list(range(TOTAL_STEPS + 1))
    assert {t for _, _, t in seen} == {TOTAL_STEPS}
    assert seen[0][0] == "Walking files" and seen[-2][0] == "Writing the profile" and seen[-1][0] == "Done"
