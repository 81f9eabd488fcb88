"""Fifth round of general fixes found on held-out repositories (issue 17): release-only CI jobs, command roles
that their words contradict, a `cd` that holds across a guide's code blocks, prose rules with their referents,
a one-test example pytest really collects, and claims the evidence does not carry (commit case, one database)."""

from __future__ import annotations

from picasso_tui.profile import history, rules
from picasso_tui.profile.commands import command_role
from picasso_tui.profile.investigator import investigate
from picasso_tui.profile.walk import walk
from tests.profile.learned import bodies

CI_WITH_RELEASE_JOB = """\
on: [push, pull_request]
jobs:
  test:
    runs-on: ubuntu-latest
    steps:
      - run: make test
  goreleaser:
    needs: [test]
    if: ${{ success() && startsWith(github.ref, 'refs/tags/v') }}
    steps:
      - run: package_cloud push acme/tool/ubuntu dist/tool.deb
  ship:
    environment: production
    steps:
      - run: make upload-artifacts
  docs:
    if: ${{ !startsWith(github.ref, 'refs/tags/') }}
    steps:
      - run: make docs
"""


def test_a_job_that_runs_only_on_a_tag_or_deploys_is_not_what_ci_runs(make_project):
    learned = bodies(make_project, {
        "go.mod": "module example.com/tool\n\ngo 1.22\n", "main.go": "package main\n",
        "Makefile": "test:\n\tgo test ./...\ndocs:\n\tgodoc\n", ".github/workflows/ci.yaml": CI_WITH_RELEASE_JOB,
    })  # fmt: skip
    ci = learned["ci"]
    assert "make test" in ci and "make docs" in ci  # a negated tag condition runs on every change
    assert "package_cloud" not in ci and "goreleaser" not in ci and "ship" not in ci
    assert not any("package_cloud" in body for body in learned.values())


def test_command_words_that_contradict_a_role_win_over_it():
    # Variables that pick drivers are not a test name; a coverage page and a server stop are not the docs.
    assert command_role("make test-short SOURCE='file' DATABASE='postgres'") == "test"
    assert command_role("make test TEST_NAME") == "test-one"
    assert command_role("make html-coverage") is None
    assert command_role("make kill-docs") is None
    assert command_role("make docs") == "docs"
    assert command_role("pre-commit install --allow-missing-config") == "install"
    assert command_role("npm run check") != "run" and command_role("npm run dev") == "run"
    assert command_role("cargo run") == "run"
    assert command_role("npm run fix") == "format"


SIDEKIQ_LIKE_GUIDE = """\
# Contributing

## Code

It's always best to open an issue before investing a lot of time into a fix.

#### 4. Navigate to your checkout

```
cd project/
```

#### 7. Navigate to myapp (the Rails app used for development)

```
cd myapp/
```

#### 9. Run the migrations

```
rake db:migrate
```

## Legal

If you cannot or do not want to reassign those rights, you should not submit a PR.
"""


def test_a_cd_holds_into_the_next_code_blocks_and_the_clone_folder_is_the_root(make_project):
    learned = bodies(make_project, {
        "project.gemspec": "Gem::Specification.new { |s| s.name = 'project' }\n", "lib/project.rb": "",
        "myapp/Gemfile": "gem 'rails'\n", "myapp/db/migrate/001_jobs.rb": "", "CONTRIBUTING.md": SIDEKIQ_LIKE_GUIDE,
    })  # fmt: skip
    assert "`cd myapp && rake db:migrate`" in learned["workflow/migrate"]


def test_prose_rules_are_read_with_their_referents(make_project):
    repo = make_project({"CONTRIBUTING.md": SIDEKIQ_LIKE_GUIDE})
    body = rules.investigate(walk(repo.root)).findings[0].body
    assert "open an issue before investing" in body
    assert "those rights" not in body  # the sentence saying which rights is not there


JUNIT_LIKE_GUIDE = """\
## Building

You need to have Maven and a JDK installed.

## How to submit a pull request

1. You need to have Maven and a JDK installed.
2. Please submit pull requests against the develop branch.

## Limitations

The team is not accepting changes to the code under the following paths:

* `src/main/java/legacy`
* `src/test/java/legacy`

The reasoning is that users should focus on the new API.
"""

RST_GUIDE = """\
Git Branch Structure
++++++++++++++++++++

``dev``
    Current development branch. **New features should branch off here**.

Pull Requests
+++++++++++++

3. Before submitting a pull request, check the following:

- If the pull request adds functionality, it is tested and the docs are updated.
- You've added yourself to ``AUTHORS.rst``.

4. Submit a pull request to ``dev``.
"""


def test_a_rule_is_said_once_with_its_list_and_without_the_explanation_alone(make_project):
    repo = make_project({"CONTRIBUTING.md": JUNIT_LIKE_GUIDE})
    body = rules.investigate(walk(repo.root)).findings[0].body
    assert body.count("You need to have Maven") == 1
    assert "Please submit pull requests against the develop branch." in body
    assert "not accepting changes to the code under the following paths: `src/main/java/legacy`" in body
    assert "The reasoning is" not in body


def test_a_restructuredtext_branch_model_and_checklist_keep_their_subjects(make_project):
    repo = make_project({"CONTRIBUTING.rst": RST_GUIDE})
    body = rules.investigate(walk(repo.root)).findings[0].body
    assert "`dev` Current development branch. New features should branch off here." in body
    assert "check the following: If the pull request adds functionality" in body and "`AUTHORS.rst`" in body
    assert "- Submit a pull request to `dev`." in body  # the next step is not swallowed by the checklist


def test_the_one_test_example_is_a_file_pytest_collects(make_project):
    learned = bodies(make_project, {
        "pyproject.toml": '[project]\nname = "shapes"\n[tool.pytest.ini_options]\n'
        'norecursedirs = ".git docs tests/mypy_cases"\n',
        "src/shapes/__init__.py": "",
        "tests/mypy_cases/test_typing.py": "reveal_type(1)\n",
        "tests/helpers/test_utils_data.py": "DATA = 1\n",
        "tests/test_schema.py": "def test_dump():\n    assert True\n",
    })  # fmt: skip
    assert "`pytest tests/test_schema.py::test_dump`" in learned["workflow/test-one"]


def test_commit_case_is_named_only_when_one_case_clearly_dominates(make_project, tmp_path):
    def conventions(subjects: list[str], name: str) -> str:
        repo = make_project({"a.txt": "1\n"}, name=name)
        for subject in subjects:
            repo.commit(subject)
        return {f.key: f.body for f in history.investigate(repo.root).findings}["git/conventions"]

    mixed = conventions(["Fix a", "fix b", "Add c", "add d", "Tidy e", "tidy f", "Bump g"], "m")
    assert "capitalised" not in mixed and "lower-case" not in mixed
    capital = conventions(["Fix a", "Fix b", "Add c", "Add d", "Tidy e", "Tidy f", "Bump g", "Add h", "tidy i"], "c")
    assert "capitalised" in capital, "8 of 10 subjects (the initial commit's too) start with a capital"
    most = conventions(["Fix a", "Fix b", "Add c", "Add d", "Tidy e", "Tidy f", "tidy g", "add h", "fix i"], "w")
    assert "capitalised" not in most, "6 of 10 is a lean, not a convention (will_paginate's 58%)"


def test_a_tool_with_many_database_drivers_names_none_as_its_database(make_project):
    drivers = ["github.com/jackc/pgx/v5", "github.com/go-sql-driver/mysql", "github.com/mattn/go-sqlite3",
               "go.mongodb.org/mongo-driver", "github.com/gocql/gocql"]  # fmt: skip
    others = [f"github.com/acme/lib{i}" for i in range(12)]
    require = "".join(f"\t{m} v1.0.0\n" for m in sorted(drivers + others))
    learned = bodies(make_project, {
        "go.mod": f"module example.com/migrate\n\ngo 1.22\n\nrequire (\n{require})\n",
        "migrate.go": "package migrate\n", "cmd/migrate/main.go": "package main\n",
        "Makefile": "build:\n\tgo build -tags '$(DATABASE)' ./cmd/migrate\n",
    })  # fmt: skip
    stack = learned["go/stack"]
    assert "Database / ORM" not in stack and "drivers for 5 databases" in stack
    assert "acme/lib0" not in stack  # go.mod is sorted: its first entries are not what the tool is built on
    assert "workflow/run" not in learned  # `go run` without the build tags opens no database


def test_a_tracked_file_counts_even_where_a_gitignore_rule_matches_it(make_project):
    """zod's packages/zod/.gitignore ignores `**/package.json` (build output) and tracks its own manifest."""
    repo = make_project({
        "package.json": '{"name": "root", "private": true, "workspaces": ["packages/*"]}',
        "packages/lib/.gitignore": "**/package.json\n", "packages/lib/package.json": '{"name": "lib"}',
        "packages/lib/src/index.ts": "export {}\n", "packages/cli/package.json": '{"name": "cli"}',
    })  # fmt: skip
    repo.git("add", "-f", "packages/lib/package.json")
    repo.commit("track the package's own manifest")
    _, findings, _ = investigate(repo.root)
    packaging = next(f.body for f in findings if f.key == "javascript/packaging")
    assert "public under packages/: cli, lib" in packaging


SERDE_LIKE_GUIDE = """\
## Running the test suite

##### In the [`core`] directory

```sh
cargo test
```

##### In the [`test_suite`] directory

```sh
cargo +nightly test --features unstable
```

## Lint

```sh
cargo clippy
```
"""


def test_a_heading_naming_a_folder_runs_its_block_there_until_the_next_heading(make_project):
    learned = bodies(make_project, {
        "Cargo.toml": '[workspace]\nmembers = ["core", "test_suite"]\n',
        "core/Cargo.toml": '[package]\nname = "core"\n', "core/src/lib.rs": "",
        "test_suite/Cargo.toml": '[package]\nname = "test_suite"\n', "test_suite/tests/a.rs": "",
        "CONTRIBUTING.md": SERDE_LIKE_GUIDE,
    })  # fmt: skip
    assert "`cd core && cargo test`" in learned["workflow/test"]
    assert "`cd test_suite && cargo +nightly test --features unstable`" in learned["workflow/test"]
    assert "`cargo clippy`" in learned["workflow/lint"]


def test_cargo_check_of_the_tests_is_not_a_test_run():
    assert command_role("cargo check --all --tests --benches") != "test-one"
    assert command_role("cargo check --all --tests --benches") != "test"
    assert command_role("./gradlew test --tests 'com.acme.FooTest'") == "test-one"


def test_a_workspace_built_on_its_own_crates_does_not_say_it_has_no_dependencies(make_project):
    learned = bodies(make_project, {
        "Cargo.toml": '[workspace]\nmembers = ["serdex", "serdex_core", "serdex_derive"]\n',
        "serdex/Cargo.toml": '[package]\nname = "serdex"\n[dependencies]\nserdex_core = { path = "../serdex_core" }\n'
        'serdex_derive = { path = "../serdex_derive", optional = true }\n',
        "serdex/src/lib.rs": "", "serdex_core/Cargo.toml": '[package]\nname = "serdex_core"\n',
        "serdex_core/src/lib.rs": "", "serdex_derive/Cargo.toml": '[package]\nname = "serdex_derive"\n'
        '[lib]\nproc-macro = true\n[dependencies]\nsyn = "2"\n', "serdex_derive/src/lib.rs": "",
    }, name="serdex")  # fmt: skip
    stack = learned["rust/stack"]
    assert "no runtime dependencies" not in stack and "its own crates serdex_core" in stack


def test_editor_and_hook_folders_and_generated_site_notes_stay_out_of_the_layout(make_project):
    learned = bodies(make_project, {
        "src/a.py": "", "src/b.py": "", ".vscode/settings.json": "{}", ".husky/pre-commit": "npx lint-staged\n",
        ".github/workflows/ci.yml": "on: push\njobs: {}\n", "docs/index.md": "# Docs\n",
        "docs/README.md": "This branch is automatically generated by Jekyll. Don't commit to it.\n",
    })  # fmt: skip
    folders = learned["layout/folders"]
    assert ".vscode" not in folders and ".husky" not in folders and ".github/" in folders
    assert "Jekyll" not in folders


def commit_decisions(make_project, *messages: str) -> list[str]:
    """The decision records of a repository with some history and then these commits."""
    repo = make_project({"a.txt": "1\n"})
    for i in range(6):
        repo.write({"a.txt": f"{i}\n"}).commit(f"change {i}")
    for n, message in enumerate(messages):
        repo.write({"a.txt": f"last {n}\n"}).commit(message)
    _, findings, _ = investigate(repo.root)
    return [f.body for f in findings if f.key.startswith("decision/commit/")]


def test_clippy_is_offered_only_where_the_project_configures_it(make_project):
    crate = {"Cargo.toml": '[package]\nname = "grep"\n', "src/lib.rs": "pub fn a() {}\n"}
    assert "workflow/lint" not in bodies(make_project, crate, name="plain")
    configured = {**crate, "Cargo.toml": '[package]\nname = "grep"\n[lints.clippy]\nall = "warn"\n'}
    assert (
        "`cargo clippy --all-targets` — from Cargo.toml"
        in bodies(make_project, configured, name="linted")["workflow/lint"]
    )


def test_flags_tool_installs_and_file_paths_do_not_give_a_command_its_role():
    assert command_role("bundle exec rubocop --format progress") == "lint"  # --format picks the report style
    assert command_role("vendor/bin/psalm.phar --output-format=github") == "typecheck"
    assert command_role("composer bin phpstan update --no-interaction") == "install"
    assert command_role("make jq.1.prebuilt tests/man.test tests/manonig.test") is None
    assert command_role("./scripts/test") == "test"
    assert command_role("bundle exec ruby -Itest test/spec_request.rb") == "test-one"
    assert command_role("tox -e generate_schema") is None and command_role("tox -e py311-django4") == "test"


def test_an_optional_clean_step_does_not_join_the_configure_line():
    from picasso_tui.profile.guide_blocks import block_commands, chain_configure

    readme = "```\n./configure --with-oniguruma=builtin\nmake clean   # if upgrading\nmake -j8\nmake check\n```\n"
    pairs = chain_configure(block_commands(readme, False))
    assert pairs[0][0] == "./configure --with-oniguruma=builtin && make -j8"
    assert all("clean" not in command for command, _ in pairs)


def test_tox_envlist_brace_products_are_expanded():
    from picasso_tui.profile.ecosystems.tox_config import expand_envlist

    assert expand_envlist("{,ci-}py{310,311},fuzz\n    lint") == [
        "py310", "py311", "ci-py310", "ci-py311", "fuzz", "lint",
    ]  # fmt: skip


def test_a_readme_section_that_sells_the_tool_is_not_a_decision(make_project):
    readme = (
        "# grepx\n\ngrepx is a search tool.\n\n## Why should I use grepx?\n\n"
        "It replaces other tools because it contains most of their features.\n\n"
        "## Why no plugins?\n\nWe keep one code path so that every release is tested as shipped.\n"
    )
    learned = bodies(make_project, {"README.md": readme}, name="grepx")
    assert "decision/readme/why-no-plugins" in learned
    assert not any("replaces other tools" in body for body in learned.values())


def test_a_page_of_a_contributing_folder_is_a_guide_and_a_release_page_is_not(make_project):
    learned = bodies(make_project, {
        "pyproject.toml": '[project]\nname = "fmtx"\n', "src/fmtx/__init__.py": "", "tox.ini": "[testenv]\n",
        "docs/contributing/the_basics.md": "# The basics\n\n## Testing\n\nAll style changes should be tested.\n\n"
        "```console\n$ tox -e py\n```\n",
        "docs/contributing/release_process.md": "# Releasing\n\nYou must tag the release on main.\n",
    })  # fmt: skip
    assert "All style changes should be tested." in learned["rules/docs/contributing/the_basics.md"]
    assert "rules/docs/contributing/release_process.md" not in learned
    assert "`tox -e py` — from docs/contributing/the_basics.md" in learned["workflow/test"]


def test_a_package_json_that_only_serves_the_docs_of_a_ruby_gem_is_not_a_javascript_project(make_project):
    learned = bodies(make_project, {
        "faradayx.gemspec": "Gem::Specification.new { |s| s.name = 'faradayx' }\n", "lib/faradayx.rb": "module F; end\n",
        "lib/faradayx/conn.rb": "module F; end\n", "package.json": '{"name": "faradayx-docs", "main": "index.js", '
        '"scripts": {"docs": "docsify serve ./docs"}, "dependencies": {"docsify-cli": "4"}}',
        "package-lock.json": "{}", ".prettierrc.yaml": "printWidth: 88\n",
    }, name="faradayx")  # fmt: skip
    assert not any(key.startswith(("javascript/", "style/javascript")) for key in learned)
    assert "npm install" not in learned.get("workflow/install", "")
    assert "`npm run docs`" in learned["workflow/docs"]


def test_tests_junit_and_folders_are_read_from_what_the_files_are(make_project):
    learned = bodies(make_project, {
        "pom.xml": "<project><dependencyManagement><dependency><artifactId>junit-jupiter</artifactId>"
        "</dependency><dependency><artifactId>junit</artifactId></dependency></dependencyManagement></project>",
        "src/main/java/a/A.java": "class A {}\n",
        **{f"src/test/java/a/T{i}Test.java": "import org.junit.Test;\nclass T {}\n" for i in range(6)},
        "pkg/brew/tool.rb": "class Tool < Formula; end\n", "examples/client_test.java": "class X {}\n",
    })  # fmt: skip
    assert "JUnit 4" in learned["jvm/packaging"] and "JUnit 5" not in learned["jvm/packaging"]
    assert "pkg/ (Go packages" not in learned["layout/folders"]
    assert "beside the source" not in learned["layout/tests"]


FARADAY_LIKE_GUIDE = """\
### Required Checks

Before pushing your code, we recommend you run the following checks to avoid a failing workflow.

```bash
# Run unit tests
$ bundle exec rspec
```

### New Features

When adding a feature:

1. also add tests to cover your new feature.
2. start opening an issue describing the feature, and only after the green light start the PR.
"""


def test_a_sentence_keeps_the_commands_it_points_to_and_a_when_lead_keeps_its_steps(make_project):
    repo = make_project({"CONTRIBUTING.md": FARADAY_LIKE_GUIDE})
    body = rules.investigate(walk(repo.root)).findings[0].body
    assert "run the following checks to avoid a failing workflow: `bundle exec rspec`" in body
    assert "When adding a feature: also add tests to cover your new feature; start opening an issue" in body


def test_a_lone_harness_named_like_a_test_points_to_the_suite_folder(make_project):
    learned = bodies(make_project, {
        "configure.ac": "AC_INIT([jqx], [1.0])\n", "src/main.c": "int main(void) { return 0; }\n",
        "src/jqx_test.c": "int run_tests(void) { return 0; }\n",
        **{f"tests/{n}.test": "1\n" for n in ("base", "onig", "man")},
    }, name="jqx")  # fmt: skip
    assert learned["layout/tests"] == "The tests live in tests/ (3 files)."


def test_a_contributors_story_in_a_commit_body_is_not_the_decision(make_project):
    story = (
        "Remove the graph package\n\nI have been experimenting with using the constructor instead of the "
        "factory because it is faster."
    )
    assert commit_decisions(make_project, story) == []


def test_a_build_folder_the_guide_creates_keeps_its_mkdir(make_project):
    readme = "## Build\n\n```console\n$ git clone https://x/spd.git\n$ cd spd && mkdir build && cd build\n" \
        "$ cmake .. && make -j\n```\n"  # fmt: skip
    learned = bodies(make_project, {
        "CMakeLists.txt": "cmake_minimum_required(VERSION 3.10)\nproject(spd LANGUAGES CXX)\n"
        "if(SPD_USE_STD_FORMAT)\n  set(CMAKE_CXX_STANDARD 20)\nelse()\n  set(CMAKE_CXX_STANDARD 11)\nendif()\n"
        "add_library(spd src/a.cpp)\n", "src/a.cpp": "int a() { return 1; }\n", "CONTRIBUTING.md": readme,
        ".clang-tidy": "Checks: '-*'\n",
    }, name="spd")  # fmt: skip
    assert learned["workflow/build"].startswith("To build: `mkdir -p build && cd build && cmake .. && make -j`")
    assert "C++11 (C++20 when an option asks for it)" in learned["cpp/build"]
    assert "workflow/lint" not in learned  # .clang-tidy alone: no compilation database, no command


def test_ci_shell_checks_conditional_steps_merge_queue_and_notifiers(make_project):
    queue = "on:\n  merge_group:\njobs:\n  test:\n    steps:\n      - run: cargo test --package core\n" \
        "      - run: cargo test --package demo\n        if: matrix.rust == 'nightly'\n"  # fmt: skip
    notify = "on:\n  push:\njobs:\n  send_notification:\n    steps:\n      - run: gh api graphql -f query=x\n"
    pr = "on: [pull_request]\njobs:\n  build:\n    steps:\n      - run: cargo build\n" \
        "      - run: |\n          test -f \"$CONFIG\" || {\n            exit 1\n          }\n"  # fmt: skip
    learned = bodies(make_project, {
        "Cargo.toml": '[package]\nname = "core"\n', "src/lib.rs": "",
        ".github/workflows/ci.yaml": queue, ".github/workflows/readmechanged.yml": notify,
        ".github/workflows/pr.yaml": pr,
    }, name="core")  # fmt: skip
    ci = learned["ci"]
    assert "ci.yaml (jobs test), in the merge queue only, runs `cargo test --package core`" in ci
    assert "demo" not in ci and "test ||" not in ci and "{" not in ci
    assert ci.endswith("Not read for commands: readmechanged.yml.")  # named, so the list never looks complete


def test_a_tools_guessed_default_is_not_offered_beside_the_written_lint_command(make_project):
    learned = bodies(make_project, {
        "pyproject.toml": '[project]\nname = "richx"\n[tool.poetry.group.dev.dependencies]\nmypy = "*"\n',
        "src/richx/__init__.py": "", "tox.ini": "[tox]\nenvlist = lint\n[testenv:lint]\ncommands = ruff check\n",
        ".flake8": "[flake8]\nmax-line-length = 88\n",
    }, name="richx")  # fmt: skip
    lint = learned["workflow/lint"]
    assert lint.startswith("To lint: `tox -e lint`") and "flake8" not in lint


def test_build_facts_come_from_the_projects_own_modules(make_project):
    learned = bodies(make_project, {
        "settings.gradle.kts": 'include("core")\ninclude(\n    "ext:one",\n    "ext:two",\n)\n',
        "build.gradle.kts": 'plugins {\n    id("com.android.application") apply false\n}\n',
        "buildSrc/src/main/kotlin/java-conventions.gradle.kts": "val javaReleaseVersion = 11\n",
        "core/build.gradle.kts": "if (JavaVersion.current() >= JavaVersion.VERSION_18) { }\n",
        "core/src/main/java/a/A.java": "class A {}\n", "core/src/test/java/a/ATest.java": "import org.junit.Test;\n",
        "integration-tests/android/build.gradle.kts": 'plugins { id("com.android.application") }\n',
        "lib/Lang/en.java": "class En {}\n",
    })  # fmt: skip
    jvm = learned["jvm/packaging"]
    assert "compiles for Java 11" in jvm and "3 modules: core, ext/one, ext/two" in jvm
    assert "Android" not in jvm and "an application" not in jvm


def test_locale_files_are_data_not_the_main_source(make_project):
    files = {"composer.json": '{"name": "acme/carbonx"}'}
    files |= {f"src/Carbonx/{n}.php": "<?php class A {}\n" * 30 for n in ("Carbonx", "Interval", "Period")}
    files |= {f"src/Carbonx/Lang/{n}.php": "<?php return [];\n" for n in ("en", "fr", "de", "uk", "ru", "ka", "be")}
    assert bodies(make_project, files)["layout/source"].startswith("Main source in src/Carbonx/: 3 PHP files")


def test_commit_style_is_read_from_the_newest_commits_and_bots_are_left_out(make_project, monkeypatch):
    monkeypatch.setattr(history, "RECENT", 6)
    repo = make_project({"a.txt": "0\n"})
    for i in range(8):
        repo.write({"a.txt": f"old {i}\n"}).commit(f"Tidy things {i}")
    for i in range(6):
        repo.write({"a.txt": f"new {i}\n"}).commit(f"fix(core): handle case {i}")
    body = {f.key: f.body for f in history.investigate(repo.root).findings}["git/conventions"]
    assert "Conventional Commits" in body and "free-form" not in body


def test_the_cd_after_a_clone_enters_the_checkout_even_where_a_package_has_that_name(make_project):
    guide = "```bash\ngit clone git@github.com:you/httpx.git\ncd httpx\nmake test\n```\n"
    learned = bodies(make_project, {
        "setup.cfg": "[options.entry_points]\nconsole_scripts =\n    httpx = httpx.__main__:main\n",
        "setup.py": "from setuptools import setup\nsetup()\n", "httpx/__init__.py": "", "httpx/client.py": "x = 1\n" * 20,
        "Makefile": "test:\n\tpytest\n", "CONTRIBUTING.md": guide,
    }, name="httpx")  # fmt: skip
    assert learned["workflow/test"].startswith("To test: `make test` — from CONTRIBUTING.md")
    assert "a command-line tool (`httpx`)" in learned["python/stack"]


def test_ci_commands_in_a_build_tree_ci_creates_are_left_out(make_project):
    workflow = "on: [push]\njobs:\n  linux:\n    steps:\n      - run: |\n          mkdir -p build\n          cd build\n" \
        "          cmake ..\n          make test\n      - run: make lint\n"  # fmt: skip
    learned = bodies(make_project, {
        "CMakeLists.txt": "project(cj C)\nadd_library(cj cj.c)\n", "cj.c": "int a;\n",
        ".github/workflows/CI.yml": workflow,
        "Makefile": "PREFIX ?= /usr/local\ninstall: install-lib\ninstall-lib:\n\tcp libcj.a $(PREFIX)/lib\nlint:\n\tcc -Wall\n",
    }, name="cj")  # fmt: skip
    assert "make test" not in learned.get("ci", "") and "`make lint`" in learned["ci"]
    assert "make install" not in learned.get("workflow/install", "")


def test_tools_helpers_and_translations_are_not_taken_for_what_they_are_not(make_project):
    learned = bodies(make_project, {
        "package.json": '{"name": "koax", "main": "lib/application.js"}',
        **{f"lib/{n}.js": "module.exports = 1\n" * 10 for n in ("application", "context", "request")},
        "test-helpers/context.js": "module.exports = 2\n" * 40, ".rubocop.yml": "AllCops: {}\n",
        ".editorconfig": "[*]\nindent_style = space\n[vendor/*]\nindent_style = unset\n",
    }, name="koax")  # fmt: skip
    assert learned["layout/source"].startswith("Main source in lib/: 3 JavaScript files")
    assert "test-helpers" not in learned["layout/source"]
    assert learned["javascript/packaging"].startswith("JavaScript project:")
    assert "unset" not in learned["style/javascript"]
    assert "workflow/lint" not in learned  # a .rubocop.yml with no gem that brings RuboCop runs nowhere


def test_a_stub_makefile_that_asks_for_configure_gives_no_targets(make_project):
    learned = bodies(make_project, {
        "configure": "#!/bin/sh\n", "Makefile": "all:\n\t-@echo \"Please use ./configure first.\"\ntest: all\n",
        "zlib.c": "int a;\n", "zutil.c": "int b;\n", "contrib/minizip/zip.c": "int c;\n" * 50,
    }, name="zlibx")  # fmt: skip
    assert "tasks/make" not in learned and "make test" not in learned.get("workflow/test", "")
    assert "contrib" not in learned.get("layout/source", "")


def test_bare_nox_is_the_test_command_only_when_its_default_sessions_test(make_project):
    noxfile = 'import nox\nnox.options.sessions = ["lint"]\n\n@nox.session\ndef lint(session):\n    pass\n\n' \
        "@nox.session\ndef tests(session):\n    pass\n"  # fmt: skip
    learned = bodies(make_project, {"noxfile.py": noxfile, "src/pkgx/__init__.py": ""})
    assert learned["workflow/test"].startswith("To test: `nox -s tests`")


def test_a_lint_script_is_a_formatter_only_when_its_text_formats(make_project):
    guide = "To run the auto-formatting:\n\n```shell\n$ npm run lint\n```\n"
    pkg = '{"name": "mochax", "scripts": {"lint": "eslint .", "clean": "rimraf dist", "test": "mocha"}}'
    learned = bodies(make_project, {"package.json": pkg, "lib/a.js": "1\n", "CONTRIBUTING.md": guide}, name="mochax")
    assert "npm run lint" not in learned.get("workflow/format", "")
    assert "npm run clean" not in "".join(learned.values())


def test_nightly_ci_flags_and_spec_cjs_tests(make_project):
    workflow = "on: [push]\njobs:\n  test:\n    steps:\n      - run: cargo build -Z avoid-dev-deps\n" \
        "      - run: cargo test\n"  # fmt: skip
    learned = bodies(make_project, {
        "Cargo.toml": '[package]\nname = "logx"\n', "src/lib.rs": "", ".github/workflows/ci.yml": workflow,
        "test/unit/a.spec.cjs": "", "test/unit/b.spec.cjs": "",
    }, name="logx")  # fmt: skip
    assert "-Z" not in learned["ci"] and "`cargo test`" in learned["ci"]
    assert learned["layout/tests"].startswith("2 test files, named *.spec.*")


def test_go_one_test_prefers_the_root_package_and_examples_generate_nothing(make_project):
    learned = bodies(make_project, {
        "go.mod": "module example.com/validx\n\ngo 1.22\n", "validator.go": "package validx\n",
        "validator_test.go": "package validx\n", "non-standard/validators/notblank_test.go": "package validators\n",
        "_examples/validate_fn/go.mod": "module example.com/x\n",
        "_examples/validate_fn/main.go": "package main\nimport \"os\"\nfunc main() { os.WriteFile(\"a\", nil, 0) }\n",
    }, name="validx")  # fmt: skip
    assert learned["workflow/test-one"].startswith("To run one test: `go test . -run <TestName>`")
    assert "code generator" not in learned["go/packaging"]


def test_a_versioned_copy_of_another_project_is_vendored(make_project):
    learned = bodies(make_project, {
        "CMakeLists.txt": "project(yamlx CXX)\nadd_library(yamlx src/a.cpp)\n", "src/a.cpp": "int a;\n" * 50,
        "test/googletest-1.16.0/googletest/src/gtest.cc": "int g;\n" * 400,
        "test/googletest-1.16.0/googletest/test/gtest_unittest.cc": "int t;\n",
        "test/node_test.cpp": "int n;\n", "test/parser_test.cpp": "int p;\n",
    }, name="yamlx")  # fmt: skip
    assert "googletest" not in learned["layout/tests"] and learned["layout/tests"].startswith("2 test files")
