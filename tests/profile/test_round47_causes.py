"""Causes found in the forty-seventh round by reading the judgements of sets 111–184: CI's own steps repeated
beside the command the maintainers wrote (kin-openapi's modernize run, ghz's root-only `go test`), a CircleCI
parameter read as a redirection, and a changelog written at release filed as a contributor rule (sets 185–188)."""

from __future__ import annotations

import json
import os
import subprocess

from tests.profile.learned import bodies

GO_MOD = "module example.com/ghz\n\ngo 1.22\n"
CI = (
    "name: test\non: [push]\njobs:\n  test:\n    runs-on: ubuntu-latest\n    steps:\n"
    "      - run: go test -failfast -race\n"
)


def test_ci_steps_are_not_repeated_beside_a_command_the_maintainers_wrote(make_project):
    # ghz's `make test` runs every package; CI's `go test -failfast -race` from the root tests only doc.go's package
    files = {"go.mod": GO_MOD, "doc.go": "package ghz\n", "runner/run.go": "package runner\n",
             "runner/run_test.go": "package runner\n", ".github/workflows/test.yml": CI,
             "Makefile": "test:\n\tgo test -race $$(go list ./...)\n"}  # fmt: skip
    test = bodies(make_project, files, name="ghz")["workflow/test"]
    assert test.startswith("To test: `make test` — from Makefile target `test`")
    assert "-failfast" not in test


def test_ci_steps_stay_beside_a_guessed_default(make_project):
    files = {"go.mod": GO_MOD, "doc.go": "package ghz\n", "runner/run.go": "package runner\n",
             "runner/run_test.go": "package runner\n", ".github/workflows/test.yml": CI}  # fmt: skip
    assert "`go test -failfast -race`" in bodies(make_project, files, name="ghz_ci")["workflow/test"]


CIRCLECI = """version: 2.1
jobs:
  test:
    parameters:
      database:
        type: string
      bundler:
        type: string
        default: "2.5"
    docker:
      - image: ruby:3.3
    steps:
      - checkout
      - run: gem install bundler -v << parameters.bundler >>
      - run:
          name: rspec
          command: DB=<< parameters.database >> rspec spec
workflows:
  test:
    jobs:
      - test:
          matrix:
            parameters:
              database: ["postgresql", "sqlite3"]
"""


def test_a_circleci_parameter_is_filled_in_or_left_out_never_read_as_a_redirection(make_project):
    # counter_culture's `DB=<< parameters.database >> rspec spec` had become `parameters.database >> rspec spec`
    files = {".circleci/config.yml": CIRCLECI, "Gemfile": "source 'https://rubygems.org'\ngemspec\n",
             "lib/counter.rb": "module Counter; end\n", "spec/counter_spec.rb": "describe 'x' do; end\n"}  # fmt: skip
    learned = bodies(make_project, files, name="counter_culture")
    assert "`rspec spec`" in learned["ci"] and "parameters" not in learned["ci"]
    assert "parameters" not in learned.get("workflow/test", "") + learned.get("workflow/install", "")


STAMP = {"GIT_AUTHOR_NAME": "dev", "GIT_AUTHOR_EMAIL": "d@x", "GIT_COMMITTER_NAME": "dev", "GIT_COMMITTER_EMAIL": "d@x"}


def _changelog_after(repo: object, subjects: list[str]) -> str:
    root = repo.root  # type: ignore[attr-defined]
    for i, subject in enumerate(subjects):
        (root / "CHANGELOG.md").write_text(f"# Changelog\n\n## 0.{i}.0\n\n* Entry {i}.\n")
        subprocess.run(["git", "-C", str(root), "commit", "-qam", subject], check=True, env={**os.environ, **STAMP})
    from picasso_tui.profile.investigator import investigate

    return {f.key: f.body for f in investigate(root)[1]}["rules/changelog"]


def test_release_commits_with_an_area_or_a_prep_subject_write_the_changelog(make_project):
    # delve's "*: v1.27.1 (#4403)", counter_culture's "Prep for v3.13.2 release": no pull request adds to it
    files = {"go.mod": "module x\n\ngo 1.22\n", "main.go": "package main\n", "CHANGELOG.md": "# Changelog\n"}
    subjects = ["*: v1.20.0 (#1)", "*: release version 1.20.1 (#2)", "Prep for v1.21.0 release", "Fix a thing",
                "*: 1.22.0", "Prep for gem release", "v1.23.0 (#9)", "Prepare release v1.24.0", "*: v1.25.0",
                "Prep for release", "Add a note"]  # fmt: skip
    assert "written at release time" in _changelog_after(make_project(files, name="delve"), subjects)


def test_a_guide_that_mentions_the_changelog_without_asking_for_entries_leaves_it_to_the_history(make_project):
    # ohai's agent file draws CHANGELOG.md in a folder tree; snafu's guide says not to worry about the changelog
    guide = ("# Contributing\n\n```\n├── CHANGELOG.md  # Version history\n```\n\n"
             "Don't worry about updating the version number or changelog. They're done before a release.\n")  # fmt: skip
    files = {"go.mod": "module x\n\ngo 1.22\n", "main.go": "package main\n", "CHANGELOG.md": "# Changelog\n",
             "CONTRIBUTING.md": guide}  # fmt: skip
    subjects = [f"Bump version to 1.{i}.0" for i in range(11)]
    assert "written at release time" in _changelog_after(make_project(files, name="ohai"), subjects)
    asking = files | {"CONTRIBUTING.md": "# Contributing\n\nAdd an entry to CHANGELOG.md for every change.\n"}
    assert "written at release time" not in _changelog_after(make_project(asking, name="asking"), subjects)


def test_generated_parser_code_is_not_the_main_language(make_project):
    # melody's IntelliJ plugin holds Grammar-Kit's parser: more bytes of Java than the Rust compiler has
    generated = "// This is a generated file. Not intended for manual editing.\npackage p;\n" + "class A {}\n" * 400
    files = {"Cargo.toml": '[package]\nname = "melody"\nversion = "0.1.0"\n', "src/lib.rs": "pub fn f() {}\n" * 150,
             **{f"extensions/intellij/src/main/gen/p/Parser{i}.java": generated for i in range(3)}}  # fmt: skip
    said = bodies(make_project, files, name="melody")["languages"]
    assert said.endswith("Main language: Rust (by the code outside tests, scripts and bundled files)."), said


def test_interpreter_installs_coverage_uploads_and_scaffolding_are_no_commands_of_their_role():
    from picasso_tui.profile.commands import command_role

    assert command_role("uv python install 3.12") is None  # altair's guide, before `uv sync --all-extras`
    assert command_role("bundle exec codeclimate-test-reporter") is None  # bibliothecary's CI uploads coverage
    assert command_role("php artisan make:test UserTest") is None  # koel's CLAUDE.md scaffolds a test class
    assert command_role("hatch env run -e test -- pip install 'pip>=24.2'") is None  # nbconvert's CI
    assert command_role('go test -coverprofile="codecov.report" ./...') == "test"


def test_a_hatch_script_is_written_by_the_maintainers_so_ci_steps_are_not_repeated_beside_it(make_project):
    pyproject = ('[project]\nname = "nbc"\n[tool.hatch.envs.test]\nfeatures = ["test"]\n'
                 '[tool.hatch.envs.test.scripts]\ntest = "python -m pytest -vv {args}"\n')  # fmt: skip
    ci = ("on: [push]\njobs:\n  minimum:\n    runs-on: ubuntu-latest\n    steps:\n"
          "      - run: xvfb-run --auto-servernum hatch run test:nowarn\n")  # fmt: skip
    files = {"pyproject.toml": pyproject, "nbc/__init__.py": "", "tests/test_a.py": "def test_a(): pass\n",
             ".github/workflows/tests.yml": ci}  # fmt: skip
    test = bodies(make_project, files, name="nbconvert")["workflow/test"]
    assert test.startswith("To test: `hatch run test:test`") and "xvfb-run" not in test


def test_a_bare_ctest_gives_way_to_the_same_run_in_the_build_tree(make_project):
    guide = ("# Agents\n\n- Test: `ctest --test-dir build --output-on-failure` runs the suite.\n"
             "- Confirm `ctest` and formatting succeed before requesting review.\n")  # fmt: skip
    cmake = "cmake_minimum_required(VERSION 3.20)\nproject(conky CXX)\nenable_testing()\nadd_subdirectory(tests)\n"
    files = {"CMakeLists.txt": cmake, "CLAUDE.md": guide, "src/main.cc": "int main() { return 0; }\n",
             "tests/CMakeLists.txt": "add_executable(t t.cc)\nadd_test(NAME t COMMAND t)\n", "tests/t.cc": "\n"}  # fmt: skip
    test = bodies(make_project, files, name="conky")["workflow/test"]
    assert test.startswith("To test: `ctest --test-dir build --output-on-failure`") and "`ctest`" not in test


def test_a_dev_script_that_only_rebuilds_the_library_is_no_way_to_run_it(make_project):
    # svelte-preprocess' `dev` is `pnpm build -w`; vexflow's `start` is `grunt`, whose default task builds
    package = {"name": "svelte-preprocess", "main": "dist/index.js", "scripts": {"build": "tsc", "dev": "pnpm build -w",
               "test": "vitest run"}, "devDependencies": {"typescript": "5", "vitest": "1"}}  # fmt: skip
    files = {"package.json": json.dumps(package), "pnpm-lock.yaml": "lockfileVersion: '9.0'\n",
             "src/index.ts": "export const a = 1;\n", "test/a.test.ts": "it('a', () => {});\n"}  # fmt: skip
    assert "workflow/run" not in bodies(make_project, files, name="svelte-preprocess")
    served = package | {"scripts": {**package["scripts"], "dev": "vite"}, "devDependencies": {"vite": "5"}}
    assert (
        "`pnpm dev`" in bodies(make_project, files | {"package.json": json.dumps(served)}, name="app")["workflow/run"]
    )


def test_release_subjects_that_name_the_project_or_the_release_changelog_are_release_commits():
    from picasso_tui.profile.changelog import RELEASE_COMMIT

    for subject in ("Smack 4.4.8", "Changelog for the 3.0.0 release", "*: v1.27.1 (#4403)", "Prep for release"):
        assert RELEASE_COMMIT.match(subject), subject
    for subject in ("Fix a crash in the parser", "Add text decorator, solves #679", "Update changelog"):
        assert not RELEASE_COMMIT.match(subject), subject
