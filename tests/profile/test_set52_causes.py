"""Causes found on set 52's run (issue 17, thirty-fifth round, after its last set; measured in-sample only): a
requirements.txt for another package manager, a CMake file utility taken for the build, phpspec's specs, a bare task
runner given as set-up, a run recipe that needs its arguments, and a README's Rust version the manifest overrides."""

from __future__ import annotations

from picasso_tui.profile.commands import command_role
from tests.profile.learned import bodies


def test_a_cget_requirements_file_is_no_python_project_and_cmake_e_is_no_build(make_project):
    learned = bodies(make_project, {"requirements.txt": "nlohmann/json@v3.8.0\n", "CMakeLists.txt": "project(inja)\n"
                                    "add_executable(inja_test test/test.cpp)\n", "test/test.cpp": "int main() {}\n"})  # fmt: skip
    assert "python/packaging" not in learned and "pip install" not in learned.get("workflow/install", "")
    assert command_role("cmake -E remove_directory build") is None


def test_phpspec_specs_are_tests(make_project):
    files = {"composer.json": '{"require-dev": {"phpspec/phpspec": "^7"}}', "src/A.php": "<?php\n",
             "spec/ClassDiscoverySpec.php": "<?php\n", "spec/Strategy/PuliSpec.php": "<?php\n"}  # fmt: skip
    assert bodies(make_project, files)["layout/tests"].startswith("2 test files, named *Spec.php; they live in spec/")


def test_a_bare_task_runner_is_no_setup_and_a_run_recipe_that_passes_its_arguments_needs_them(make_project):
    guide = "# Contributing\n\nTo install everything and run the tests, run `just`.\nList the recipes with `just -l`.\n"
    justfile = (
        "@default: test\n\n@test *options:\n  uv run pytest {{options}}\n\n@run *options:\n  uv run {{options}}\n"
    )
    files = {"CONTRIBUTING.md": guide, "Justfile": justfile, "pyproject.toml": '[project]\nname = "s"\nversion = "1"\n',
             "s/__init__.py": "x = 1\n"}  # fmt: skip
    learned = bodies(make_project, files)
    assert "`just`" not in learned.get("workflow/install", "") and "just -l" not in learned.get("workflow/install", "")
    assert "just run" not in learned.get("workflow/run", "")


def test_a_readme_rust_version_the_manifest_overrides_is_not_said(make_project):
    readme = (
        "# rusqlite\n\nA SQLite wrapper.\n\n## Minimum supported Rust version (MSRV)\n\nLatest stable Rust version at "
        "the time of release. It might compile with older versions.\n"
    )
    cargo = '[package]\nname = "rusqlite"\nversion = "0.37.0"\nrust-version = "1.88.0"\n'
    learned = bodies(make_project, {"README.md": readme, "Cargo.toml": cargo, "src/lib.rs": "pub fn a() {}\n"})
    assert not any(k.startswith("readme/minimum") for k in learned)
    kept = bodies(make_project, {"README.md": readme.replace("Latest stable", "Rust 1.88 or the latest stable"),
                                 "Cargo.toml": cargo, "src/lib.rs": "pub fn a() {}\n"}, name="kept")  # fmt: skip
    assert any(k.startswith("readme/minimum") for k in kept)
