"""Namespaces from the command line: workspace fingerprints, main language, isolation (DESIGN §5)."""

from __future__ import annotations

import hashlib
import json
import subprocess

import pytest

from picasso_tui.store.namespaces import find_workspace
from tests.cli_helpers import add, checked, inspect_json, list_json, ok
from tests.conftest import FIXTURES, git


@pytest.fixture
def run(picasso, monkeypatch):
    monkeypatch.setenv("COLUMNS", "200")
    return checked(picasso)


def fingerprint_here(run) -> str:
    """The fingerprint the CLI files a fact under in the current directory."""
    rid = add(run, "probe fact")
    ns = inspect_json(run, rid)["metadata"]["namespace"]
    ok(run("memory", "delete", rid))
    prefix, _, leaf = ns.rpartition("/")
    assert leaf == "facts" and "/projects/workspace:" in prefix, ns
    return prefix.rsplit("workspace:", 1)[1]


def test_fact_inside_a_repo_lands_in_its_workspace(run, make_repo, monkeypatch) -> None:
    repo = make_repo("api", origin="git@github.com:acme/api.git")
    monkeypatch.chdir(repo)
    rid = add(run, "The API uses FastAPI")
    ns = inspect_json(run, rid)["metadata"]["namespace"]
    fp = find_workspace(repo.resolve()).fingerprint
    assert len(fp) == 12 and all(c in "0123456789abcdef" for c in fp)
    assert ns == f"account:local/projects/workspace:{fp}/facts"


@pytest.mark.parametrize(
    ("cls", "leaf"),
    [("decision", "decisions"), ("failure", "failures"), ("workflow", "workflows"), ("repo_rule", "repo_rules")],
)
def test_workspace_classes_use_their_class_folder(run, make_repo, monkeypatch, cls, leaf) -> None:
    monkeypatch.chdir(make_repo("api", origin="git@github.com:acme/api.git"))
    fp = fingerprint_here(run)
    rid = add(run, f"a {cls}", "--class", cls)
    assert inspect_json(run, rid)["metadata"]["namespace"] == f"account:local/projects/workspace:{fp}/{leaf}"


def test_a_subdirectory_belongs_to_the_same_workspace(run, make_repo, monkeypatch) -> None:
    repo = make_repo("api", origin="git@github.com:acme/api.git", files={"src/pkg/mod.py": "x = 1\n"})
    monkeypatch.chdir(repo)
    top = fingerprint_here(run)
    monkeypatch.chdir(repo / "src" / "pkg")
    assert fingerprint_here(run) == top


def test_style_uses_the_repos_main_language(run, make_repo, monkeypatch) -> None:
    repo = make_repo("py", files={"a.py": "", "b.py": "", "pkg/c.py": "", "README.md": "", "x.ts": ""})
    monkeypatch.chdir(repo)
    rid = add(run, "Use type hints everywhere", "--class", "style")
    rec = inspect_json(run, rid)
    assert rec["metadata"]["namespace"] == "account:local/style/python"
    assert {"type": "style->language", "target": "language:python"} in rec["metadata"]["edges"]


def test_style_language_flag_beats_the_main_language(run, make_repo, monkeypatch) -> None:
    monkeypatch.chdir(make_repo("py", files={"a.py": "", "b.py": ""}))
    rid = add(run, "Prefer interfaces", "--class", "style", "--language", "typescript")
    assert inspect_json(run, rid)["metadata"]["namespace"] == "account:local/style/typescript"


def test_style_in_a_repo_without_code_is_general_style(run, make_repo, monkeypatch) -> None:
    monkeypatch.chdir(make_repo("docs", files={"README.md": "hi", "notes.txt": "x"}))
    rid = add(run, "--class", "style", "Be terse")
    assert inspect_json(run, rid)["metadata"]["namespace"] == "account:local/global/style"


@pytest.mark.parametrize(
    ("first", "second"),
    [
        ("git@github.com:Acme/api.git", "https://github.com/Acme/api"),
        ("https://github.com/Acme/api.git", "ssh://git@github.com/Acme/api"),
        ("git@github.com:Acme/api.git", "https://github.com/acme/api"),  # GitHub owner/repo are case-insensitive
    ],
)
def test_clones_with_equivalent_origins_share_a_fingerprint(run, make_repo, monkeypatch, first, second) -> None:
    one = make_repo("one", origin=first, files={"a.txt": "1"})
    two = make_repo("two", origin=second, files={"b.txt": "2"})  # a different root commit: the origin decides
    monkeypatch.chdir(one)
    rid = add(run, "Shared between clones")
    fp_one = inspect_json(run, rid)["metadata"]["namespace"]
    monkeypatch.chdir(two)
    assert [r["id"] for r in list_json(run)] == [rid], f"a clone of {second} does not see memory of {first}"
    assert "Shared between clones" in ok(run("memory", "list")).out
    assert fingerprint_here(run) in fp_one


def test_a_different_origin_is_a_different_workspace(run, make_repo, monkeypatch) -> None:
    monkeypatch.chdir(make_repo("api", origin="git@github.com:acme/api.git"))
    api = fingerprint_here(run)
    monkeypatch.chdir(make_repo("web", origin="git@github.com:acme/web.git"))
    assert fingerprint_here(run) != api


def test_without_a_remote_the_root_commit_decides(run, make_repo, monkeypatch, tmp_path) -> None:
    repo = make_repo("local-only", files={"a.txt": "a"})
    root_commit = git(repo, "rev-list", "--max-parents=0", "HEAD").strip()
    monkeypatch.chdir(repo)
    fp = fingerprint_here(run)
    assert fp == hashlib.sha256(root_commit.encode()).hexdigest()[:12]
    # A clone elsewhere, its remote removed, has the same root commit and so the same workspace...
    clone = tmp_path / "elsewhere" / "clone"
    subprocess.run(["git", "clone", "-q", str(repo), str(clone)], check=True, capture_output=True)
    git(clone, "remote", "remove", "origin")
    find_workspace.cache_clear()
    monkeypatch.chdir(repo)
    rid = add(run, "Remembered across local clones")
    monkeypatch.chdir(clone)
    assert [r["id"] for r in list_json(run)] == [rid]
    # ... while a new repository (a different root commit) is another workspace.
    monkeypatch.chdir(make_repo("other", files={"b.txt": "b"}))
    assert list_json(run) == []


def test_workspaces_are_isolated_and_account_wide_memory_is_shared(run, make_repo, monkeypatch, tmp_path) -> None:
    api = make_repo("api", origin="git@github.com:acme/api.git", files={"main.py": ""})
    web = make_repo("web", origin="git@github.com:acme/web.git", files={"app.ts": ""})
    outside = tmp_path / "cwd"

    monkeypatch.chdir(api)
    api_fact = add(run, "API secret sauce is FastAPI")
    api_decision = add(run, "API chose Postgres", "--class", "decision")
    monkeypatch.chdir(web)
    web_fact = add(run, "Web uses Vite")
    web_failure = add(run, "Web build broke on Node 16", "--class", "failure")
    monkeypatch.chdir(outside)
    global_fact = add(run, "I work in UTC")
    style = add(run, "Prefer small functions", "--class", "style", "--language", "python")
    model = add(run, "Model X is slow on refactors", "--class", "model_performance")
    shared = {global_fact, style, model}

    monkeypatch.chdir(api)
    assert {r["id"] for r in list_json(run)} == {api_fact, api_decision} | shared
    table = ok(run("memory", "list")).out
    assert "API secret sauce" in table and "Web uses Vite" not in table and "Web build broke" not in table
    assert "acme/api" in table
    bare = ok(run()).out
    assert "API secret sauce" in bare and "Web uses Vite" not in bare
    for cls in ("fact", "decision", "failure"):
        assert not {r["id"] for r in list_json(run, "--class", cls)} & {web_fact, web_failure}

    monkeypatch.chdir(web)
    assert {r["id"] for r in list_json(run)} == {web_fact, web_failure} | shared
    assert "API secret sauce" not in ok(run("memory", "list")).out

    monkeypatch.chdir(outside)
    assert {r["id"] for r in list_json(run)} == shared

    everything = {api_fact, api_decision, web_fact, web_failure} | shared
    for where in (api, web, outside):
        monkeypatch.chdir(where)
        assert {r["id"] for r in list_json(run, "--all")} == everything
        assert "Web uses Vite" in ok(run("memory", "list", "--all")).out


def test_namespace_filter_reaches_a_named_workspace(run, make_repo, monkeypatch) -> None:
    web = make_repo("web", origin="git@github.com:acme/web.git")
    monkeypatch.chdir(web)
    fp = fingerprint_here(run)
    rid = add(run, "Web uses Vite")
    monkeypatch.chdir(make_repo("api", origin="git@github.com:acme/api.git"))
    assert [r["id"] for r in list_json(run, "--namespace", f"projects/workspace:{fp}")] == [rid]


def test_a_repos_old_memory_file_is_imported_once(run, make_repo, monkeypatch) -> None:
    old = (FIXTURES / "v1-cli.json").read_text()
    repo = make_repo("legacy", origin="git@github.com:acme/legacy.git", files={"main.py": ""})
    (repo / ".picasso").mkdir()
    (repo / ".picasso" / "memory.json").write_text(old)
    monkeypatch.chdir(repo)
    first = ok(run("memory", "list", "--all", "--json"))
    assert "imported 1 memory from" in first.err and ".picasso/memory.json" in first.err and "once" in first.err
    # The fixture's workspace records name workspace 3f9a1c2b7d4e, not this repository: a repository's
    # file may only fill its own workspace. Its account-wide style note arrives held for review.
    assert "1 held for your review" in first.err and "2 left out" in first.err
    imported = {r["id"] for r in json.loads(first.out)}
    assert imported == {"mem_01J0000000000000000000000D"}
    assert json.loads(first.out)[0]["metadata"]["attributes"]["quarantined"] is True
    assert (repo / ".picasso" / "memory.json").read_text() == old  # left in place
    assert (repo / ".picasso" / "memory.json.migrated-to-home").exists()
    second = ok(run("memory", "list", "--all", "--json"))
    assert second.err == ""
    assert {r["id"] for r in json.loads(second.out)} == imported


def test_the_main_language_is_kept_until_the_tracked_files_change(make_repo, tmp_path, monkeypatch) -> None:
    from picasso_tui.store import namespaces
    from tests.conftest import git

    repo = make_repo("mixed", files={"a.py": "", "b.py": "", "c.go": ""})
    cache = tmp_path / "cache"
    assert namespaces.main_language(repo, cache) == "python"
    listings = []
    real_git = namespaces.git.run
    monkeypatch.setattr(namespaces.git, "run", lambda *a: listings.append(a) or real_git(*a))
    assert namespaces.main_language(repo, cache) == "python"
    assert listings == []  # answered from the cache: no `git ls-files`
    for name in ("d.go", "e.go"):
        (repo / name).write_text("package main\n")
    git(repo, "add", "-A")  # git's index changed: listed again
    assert namespaces.main_language(repo, cache) == "go"
    assert len(listings) == 1
    (cache / "languages.json").write_text("{not json")
    assert namespaces.main_language(repo, cache) == "go"  # a damaged cache is only a listing more


def test_a_repository_without_tracked_files_is_not_listed_again(tmp_path, monkeypatch) -> None:
    from picasso_tui.store import namespaces
    from tests.conftest import git

    repo = tmp_path / "fresh"
    repo.mkdir()
    git(repo, "init", "-q")  # no commit, no index file yet
    cache = tmp_path / "cache"
    assert namespaces.main_language(repo, cache) is None
    listings = []
    real_git = namespaces.git.run
    monkeypatch.setattr(namespaces.git, "run", lambda *a: listings.append(a) or real_git(*a))
    assert namespaces.main_language(repo, cache) is None
    assert listings == []
    (repo / "main.go").write_text("package main\n")
    git(repo, "add", "main.go")  # the index appears: listed again
    assert namespaces.main_language(repo, cache) == "go"
    assert len(listings) == 1
