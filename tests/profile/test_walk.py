"""The walk sees what git sees: .gitignore (nested, negated), no vendored, generated or binary files."""

from __future__ import annotations

from picasso_tui.profile.walk import MAX_READ_BYTES, walk


def test_gitignore_nested_and_negated_patterns_are_respected(make_project):
    repo = make_project({
        ".gitignore": "*.log\n!keep.log\nsecrets/\n/top-only.txt\n",
        "app.log": "x", "keep.log": "x", "secrets/key.py": "KEY = 1\n", "top-only.txt": "x",
        "sub/top-only.txt": "x", "sub/.gitignore": "local.py\n", "sub/local.py": "x = 1\n", "sub/kept.py": "y = 2\n",
    })  # fmt: skip
    tree = walk(repo.root)
    assert "keep.log" in tree.sizes and "sub/top-only.txt" in tree.sizes and "sub/kept.py" in tree.sizes
    for gone in ("app.log", "secrets/key.py", "top-only.txt", "sub/local.py"):
        assert gone not in tree.sizes, gone


def test_vendored_generated_and_binary_files_are_skipped(make_project):
    repo = make_project({
        "src/app.js": "export {}\n", "node_modules/left-pad/index.js": "module.exports = 1\n",
        "vendor/lib/x.go": "package x\n", "dist/bundle.min.js": "x", "src/app.min.js": "x",
        "logo.png": b"\x89PNG\r\n\x1a\n\0\0", "api/service_pb2.py": "x = 1\n", ".venv/lib/site.py": "x\n",
    })  # fmt: skip
    assert sorted(walk(repo.root).sizes) == ["src/app.js"]


def test_reads_are_bounded_and_binary_content_is_refused(make_project):
    repo = make_project({"big.txt": "a" * (MAX_READ_BYTES + 5000), "blob.txt": b"text\0with nul", "ok.md": "hi\n"})
    tree = walk(repo.root)
    assert len(tree.read("big.txt") or "") == MAX_READ_BYTES
    assert tree.read("blob.txt") is None
    assert tree.read("ok.md") == "hi\n"
    assert tree.read("missing.md") is None


def test_a_nested_repository_is_another_project(make_project):
    repo = make_project({"main.py": "x = 1\n"})
    inner = repo.root / "other"
    inner.mkdir()
    (inner / ".git").mkdir()
    (inner / "theirs.py").write_text("y = 2\n")
    assert "other/theirs.py" not in walk(repo.root).sizes


def test_symlinks_inside_the_workspace_count_and_those_leading_out_do_not(make_project, tmp_path):
    secret = tmp_path / "secret.txt"
    secret.write_text("- token: hunter2\n")
    repo = make_project({"AGENTS.md": "- Use the shared rules.\n"})
    (repo.root / "CLAUDE.md").symlink_to("AGENTS.md")
    (repo.root / ".cursorrules").symlink_to(secret)
    (repo.root / "loop").symlink_to(repo.root, target_is_directory=True)
    tree = walk(repo.root)
    assert tree.read("CLAUDE.md") == "- Use the shared rules.\n"
    assert ".cursorrules" not in tree.sizes and tree.read(".cursorrules") is None
    assert not any(f.startswith("loop/") for f in tree.sizes)


def test_a_link_to_itself_or_to_nothing_is_passed_over(make_project):
    """cobalt.rs' tests/cmd/example.in/example.in links to itself: the walk goes on without it."""
    repo = make_project({"site/index.liquid": "hello\n", "main.py": "x = 1\n"})
    (repo.root / "site" / "example.in").symlink_to("example.in")
    (repo.root / "gone.md").symlink_to("missing.md")
    tree = walk(repo.root)
    assert "main.py" in tree.sizes and "site/index.liquid" in tree.sizes
    assert "site/example.in" not in tree.sizes and "gone.md" not in tree.sizes


def test_the_walk_agrees_with_git_on_what_is_ignored(make_project):
    """Random trees and .gitignore files (nested, negated, anchored, globbed): the walk keeps exactly
    the files `git ls-files --others --cached --exclude-standard` lists."""
    import random

    rng = random.Random(1130)
    names = ["a.py", "b.log", "keep.log", "c.txt", "d.md", "build.txt", "x.tmp"]
    folders = ["", "src/", "src/deep/", "docs/", "logs/", "out2/", "src/logs/"]
    patterns = ["*.log", "!keep.log", "/c.txt", "logs/", "src/deep/", "*.tmp", "!src/x.tmp", "d.*", "**/b.log",
                "out2/*", "!out2/a.py", "deep", "/src/logs/a.py", "docs/**/*.md"]  # fmt: skip
    for example in range(12):
        files = {f"{folder}{name}": "x\n" for folder in folders for name in rng.sample(names, 4)}
        files[".gitignore"] = "\n".join(rng.sample(patterns, rng.randint(1, 5))) + "\n"
        files["src/.gitignore"] = "\n".join(rng.sample(patterns, rng.randint(0, 3))) + "\n"
        repo = make_project(files, name=f"fuzz{example}")
        listed = repo.git("ls-files", "--others", "--cached", "--exclude-standard").split()
        expected = {f for f in listed if not f.endswith(".gitignore")}
        walked = {f for f in walk(repo.root).sizes if not f.endswith(".gitignore")}
        assert walked == expected, (files[".gitignore"], files["src/.gitignore"])


def test_an_unreadable_gitignore_pattern_is_skipped_and_the_rest_still_apply(make_project):
    """black's test data holds a .gitignore whose only line is `!`: git skips it; the profile must not fail."""
    repo = make_project({
        "src/app.py": "", "tests/data/bad/.gitignore": "!\nbuild-output/\n", "tests/data/bad/keep.py": "",
        "tests/data/bad/build-output/x.py": "", ".gitignore": "*.log\n", "debug.log": "",
    })  # fmt: skip
    tree = walk(repo.root)
    assert "tests/data/bad/keep.py" in tree.files and "src/app.py" in tree.files
    assert "tests/data/bad/build-output/x.py" not in tree.files and "debug.log" not in tree.files
