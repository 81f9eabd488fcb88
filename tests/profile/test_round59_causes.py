"""Causes found in the fifty-ninth round: a package manager the lock file contradicts, guide commands run with a
manager or flags that do not hold, Hatch steps named `run`, Go packages and a licence reader left out of the source,
a fence lost to a Markdown hard break, CI lines read wrong (an echo over several lines, a retried script, a YAML
boolean), test layouts of automake and of one Cargo test crate, and build systems left out of a C project's count."""

from __future__ import annotations

import json

from picasso_tui.profile.findings import Command
from picasso_tui.profile.walk import walk
from picasso_tui.profile.workflows import keep
from tests.profile.learned import bodies, repo_bodies, workflow

JS_LIB = {"src/index.ts": "export const a = 1;\n", "tsconfig.json": "{}\n"}


def test_the_only_lock_file_names_the_manager_over_a_stale_package_manager_field(make_project):
    pkg = {"name": "grid", "packageManager": "yarn@1.22.22+sha512.abc", "scripts": {"build": "tsc", "test": "vitest"},
           "devDependencies": {"vitest": "^3", "typescript": "^5"}}  # fmt: skip
    learned = bodies(make_project, JS_LIB | {"package.json": json.dumps(pkg), "package-lock.json": "{}"}, "grid")
    assert "package manager npm (package-lock.json)" in learned["javascript/packaging"]
    assert learned["workflow/build"].startswith("To build: `npm run build`"), learned["workflow/build"]
    assert "yarn" not in learned["workflow/build"] + learned["workflow/test"]


def test_one_test_runs_in_the_workspace_package_holding_most_tests(make_project):
    pkg = {"name": "root", "private": True, "workspaces": ["packages/*"]}
    files = {"package.json": json.dumps(pkg), "package-lock.json": "{}"}
    for name, tests in (("cells", 1), ("core", 5)):
        member = {"name": f"@acme/{name}", "scripts": {"test": "vitest"}, "devDependencies": {"vitest": "^3"}}
        files[f"packages/{name}/package.json"] = json.dumps(member)
        files[f"packages/{name}/src/index.ts"] = "export const a = 1;\n"
        files |= {f"packages/{name}/test/t{i}.test.ts": "test('a', () => {});\n" for i in range(tests)}
    learned = bodies(make_project, files, "datagrid")
    assert learned["workflow/test-one"].startswith("To run one test: `npm run test -w @acme/core --"), learned[
        "workflow/test-one"
    ]


def test_a_guide_command_of_another_manager_runs_with_the_locked_one(make_project):
    pkg = {"name": "crawler", "packageManager": "pnpm@11.2.0", "scripts": {"test": "vitest run"},
           "devDependencies": {"vitest": "^3"}}  # fmt: skip
    guide = "# Contributing\n\n## Tests\n\nRun the tests with `yarn test`.\n"
    files = JS_LIB | {"package.json": json.dumps(pkg), "pnpm-lock.yaml": "", "CONTRIBUTING.md": guide}
    learned = bodies(make_project, files, "crawler")
    assert learned["workflow/test"].startswith("To test: `pnpm test` (written `yarn test`"), learned["workflow/test"]
    assert not learned["workflow/test"].startswith("To test: `yarn")


def test_a_docusaurus_site_in_a_pnpm_workspace_builds_with_pnpm(make_project):
    pkg = {"name": "crawler", "packageManager": "pnpm@11.2.0", "scripts": {"test": "vitest run"}}
    site = {"name": "site", "private": True, "scripts": {"start": "docusaurus start", "build": "docusaurus build"}}
    files = JS_LIB | {
        "package.json": json.dumps(pkg),
        "pnpm-lock.yaml": "",
        "website/package.json": json.dumps(site),
        "website/docusaurus.config.js": "module.exports = {};\n",
    }
    docs = bodies(make_project, files, "crawler")["workflow/docs"]
    assert "`cd website && pnpm build`" in docs and "npm --prefix" not in docs, docs


HATCH = """[project]
name = "dirs"
version = "1.0"

[tool.hatch.envs.test]
dependencies = ["pytest"]

[tool.hatch.envs.test.scripts]
run = "pytest tests"

[tool.hatch.envs.coverage.scripts]
run = ["coverage combine report", "coverage report"]

[tool.hatch.envs.type.scripts]
run = "mypy src/dirs"
"""


def test_a_hatch_run_script_takes_its_environments_role_and_listing_environments_tests_nothing(make_project):
    guide = (
        "# Contributing\n\nTo see a list of available environments use `hatch env show`, for example to run the "
        "test suite under Python 3.12 type `hatch run test.py3.12:run`.\n"
    )
    files = {"pyproject.toml": HATCH, "CONTRIBUTING.md": guide, "src/dirs/__init__.py": "x = 1\n",
             "tests/test_dirs.py": "def test_a():\n    pass\n"}  # fmt: skip
    learned = bodies(make_project, files, "dirs")
    assert learned["workflow/test"].startswith("To test: `hatch run test.py3.12:run`"), learned["workflow/test"]
    assert "hatch env show" not in "\n".join(learned.values())
    assert learned["workflow/typecheck"].startswith("To type-check: `hatch run type:run`"), learned[
        "workflow/typecheck"
    ]
    assert "coverage:run" not in learned.get("workflow/run", "")


GO_MOD = "module github.com/acme/updater\n\ngo 1.22\n"


def test_go_packages_under_pkg_count_whatever_their_folder_is_called(make_project):
    files = {"go.mod": GO_MOD, "main.go": "package main\n\nfunc main() {}\n"}
    for folder in ("resources/file", "resources/npm", "resources/language", "scms/github", "ci"):
        for i in range(4):
            files[f"pkg/plugins/{folder}/f{i}.go"] = f"package x\n\nfunc F{i}() {{}}\n" + "// code\n" * 20
    files["pkg/plugins/resources/file/testdata/sample.go"] = "package testdata\n"
    source = bodies(make_project, files, "updater")["layout/source"]
    assert "20 Go files" in source, source


def test_a_source_file_named_license_is_code_not_a_copied_libraries_licence(make_project):
    files = {"go.mod": GO_MOD, "cmd/flipt/main.go": "package main\n\nfunc main() {}\n",
             "cmd/flipt/license.go": "package main\n\nfunc licence() {}\n"}  # fmt: skip
    for i in range(12):
        files[f"internal/config/c{i}.go"] = f"package config\n\nfunc C{i}() {{}}\n" + "// code\n" * 20
    files["internal/config/license.go"] = "package config\n\nfunc License() {}\n"
    source = bodies(make_project, files, "flags")["layout/source"]
    assert "internal/" in source and "13 Go files" in source, source


def test_an_npm_scripts_flags_reach_it_past_a_double_dash(make_project):
    pkg = {"name": "goose", "scripts": {"lint": "eslint src", "test": "jest"}, "devDependencies": {"jest": "^29"}}
    guide = "# Contributing\n\nLint with `npm run lint`, fix what it finds with `npm run lint --fix`.\n"
    files = JS_LIB | {"package.json": json.dumps(pkg), "package-lock.json": "{}", "CONTRIBUTING.md": guide}
    said = "\n".join(bodies(make_project, files, "goose").values())
    assert "`npm run lint -- --fix`" in said and "`npm run lint --fix`" not in said
    tree = walk(make_project(files, name="goose2").root)
    kept = keep(tree, Command("test", "npm run test -- --coverage", "CI (.github/workflows/ci.yml job `build`)"))
    assert kept is not None and kept.command == "npm run test -- --coverage", kept  # already past the separator


def test_a_fence_after_a_markdown_hard_break_still_opens_a_block(make_project):
    guide = (
        "# Contributing\n\n## Basic Checks\n\n```sh\n# We rely on nightly-only formatting features\n"
        "cargo +nightly fmt --all\ncargo check --all-targets --tests\ncargo test --all-targets --tests\n```\n\n"
        "## Commits\n\n- Follow the pattern: \\\n  ```\n   <component>: Change summary\n   ```\n\n"
        "Valid components are listed in a script. In short, each\ncargo workspace member is a valid component as "
        "well as `build`, `ci`, `docs` and\n`misc`.\n"
    )
    files = {"Cargo.toml": '[package]\nname = "vmm"\nversion = "0.1.0"\n', "src/main.rs": "fn main() {}\n",
             "CONTRIBUTING.md": guide}  # fmt: skip
    learned = bodies(make_project, files, "vmm")
    said = "\n".join(learned.values())
    assert "cargo workspace member" not in said
    assert "cargo check" not in learned["workflow/format"], learned["workflow/format"]


def test_a_clean_tree_check_after_a_compile_asks_for_no_commit(make_project):
    step = '- run: cargo build --locked --release\n- run: test -z "$(git status --porcelain)"'
    files = {"Cargo.toml": '[package]\nname = "vmm"\nversion = "0.1.0"\n', "Cargo.lock": "",
             "src/main.rs": "fn main() {}\n", ".github/workflows/ci.yml": workflow(step)}  # fmt: skip
    assert "commit what" not in bodies(make_project, files, "vmm").get("rules/config", "")


def test_a_ci_echo_over_several_lines_is_no_command_and_a_tool_install_no_lint(make_project):
    step = (
        "- name: Lint with flake8\n  run: python -m uv pip install flake8\n"
        '- name: Test\n  run: |\n    echo "\n    ---\n    running the pytest command inside the workspace\n    ---\n    "\n'
        "    python -m pytest --verbose tests\n"
    )
    files = {"pyproject.toml": '[project]\nname = "prof"\nversion = "1"\n', "prof/__init__.py": "x = 1\n",
             "tests/test_prof.py": "def test_a():\n    pass\n", ".github/workflows/tests.yml": workflow(step)}  # fmt: skip
    learned = bodies(make_project, files, "prof")
    said = "\n".join(learned.values())
    assert "running the pytest command" not in said
    assert "uv pip install flake8" not in learned.get("workflow/lint", ""), learned.get("workflow/lint")


AUTOMAKE = {
    "configure.ac": "AC_INIT([louis], [3.0])\nAM_INIT_AUTOMAKE\nAC_OUTPUT\n",
    "Makefile.am": "SUBDIRS = liblouis tests\n",
    "liblouis/Makefile.am": "lib_LTLIBRARIES = liblouis.la\n",
    "liblouis/louis.c": "int louis(void) { return 0; }\n",
    "tests/Makefile.am": (
        "SUBDIRS = yaml\n\ncheckTable_SOURCES = checkTable.c\nfindTable_SOURCES = findTable.c\n\n"
        "program_TESTS = \\\n\tcheckTable \\\n\tfindTable \\\n\tlogging\n\ncheck_PROGRAMS = $(program_TESTS)\n"
        "TESTS = $(program_TESTS)\n"
    ),
    "tests/checkTable.c": "int main(void) { return 0; }\n",
    "tests/findTable.c": "int main(void) { return 0; }\n",
    "tests/logging.c": "int main(void) { return 0; }\n",
    "tests/yaml/en.yaml": "tests: []\n",
    "python/tests/test_louis.py": "def test_a():\n    pass\n",
}


def test_automake_test_programs_are_the_suite_and_a_wine_run_is_no_test(make_project):
    ci = workflow("./autogen.sh && ./configure --host=x86_64-w64-mingw32 && make", "make check WINE=wine64",
                  job="windows")  # fmt: skip
    learned = bodies(make_project, AUTOMAKE | {".github/workflows/mingw.yml": ci}, "louis")
    assert learned["layout/tests"].startswith(
        "3 test programs built by tests/Makefile.am (check_PROGRAMS, run by `make check`) from checkTable.c, "
        "findTable.c, logging.c; they live in tests/; its sub-folders yaml/ hold more of the suite."
    ), learned["layout/tests"]
    assert "WINE=" not in learned.get("workflow/test", ""), learned.get("workflow/test")


CRATE = '[package]\nname = "packer"\nversion = "0.1.0"\nedition = "2021"\n'


def test_one_cargo_test_crate_folder_is_named_as_such(make_project):
    files = {"Cargo.toml": CRATE, "src/main.rs": "fn main() {}\n", "tests/all/main.rs": "mod build;\nmod utils;\n",
             "tests/all/build.rs": "#[test]\nfn builds() {}\n", "tests/all/utils/mod.rs": "pub fn f() {}\n"}  # fmt: skip
    tests = bodies(make_project, files, "packer")["layout/tests"]
    assert "tests/all/*.rs (one integration-test crate, `cargo test --test all`)" in tests, tests


def test_a_guides_cargo_run_is_no_test_and_a_rooted_path_must_exist(make_project):
    guide = (
        "# Contributing\n\n## Testing\n\nRun the tests with `cargo test`. To test a change by hand, run "
        "`cargo run -- init /tests/fixtures/js-hello-world`.\n\nTo run one test, use `cargo run -- <args>`.\n"
    )
    files = {"Cargo.toml": CRATE, "src/main.rs": "fn main() {}\n", "tests/cli.rs": "#[test]\nfn cli() {}\n",
             "CONTRIBUTING.md": guide}  # fmt: skip
    learned = bodies(make_project, files, "packer")
    assert "cargo run" not in learned["workflow/test"] + learned["workflow/test-one"]


def test_one_integration_target_gathering_the_suite_takes_a_name_filter(make_project):
    cargo = CRATE + '\n[[test]]\nname = "integration"\npath = "tests/lib.rs"\n'
    files = {"Cargo.toml": cargo, "src/lib.rs": "pub fn f() {}\n", "tests/lib.rs": "mod balances;\nmod decode;\n",
             "tests/balances.rs": "#[test]\nfn balances() {}\n", "tests/decode.rs": "#[test]\nfn decode() {}\n"}  # fmt: skip
    one = bodies(make_project, files, "ordinal")["workflow/test-one"]
    assert one.startswith("To run one test: `cargo test --test integration "), one
    assert not one.startswith("To run one test: `cargo test --test integration`"), one


def test_a_pre_commit_config_of_commit_message_hooks_lints_no_file(make_project):
    config = (
        "default_install_hook_types: [commit-msg]\nrepos:\n-   repo: https://github.com/compilerla/conventional-pre-commit\n"
        "    rev: v2.3.0\n    hooks:\n    -   id: conventional-pre-commit\n        stages: [commit-msg]\n"
    )
    files = {"go.mod": GO_MOD, "main.go": "package main\n\nfunc main() {}\n", ".pre-commit-config.yaml": config}
    assert "pre-commit run" not in bodies(make_project, files, "flags").get("workflow/lint", "")


def test_a_packaging_script_named_for_tests_is_no_test(make_project):
    pkg = {"name": "mocks", "scripts": {"test:libs": "vitest", "package:desktop:test:win": "electron-builder --win"}}
    guide = "# Contributing\n\n## Run the tests\n\n- `npm run test:libs`\n- `npm run package:desktop:test:win`\n"
    files = JS_LIB | {"package.json": json.dumps(pkg), "package-lock.json": "{}", "CONTRIBUTING.md": guide}
    assert "package:desktop" not in bodies(make_project, files, "mocks")["workflow/test"]


def test_a_gemspec_summary_runs_to_its_own_closing_quote(make_project):
    gemspec = (
        'Gem::Specification.new do |spec|\n  spec.name = "table_sync"\n'
        '  spec.summary = "DB Table synchronization between microservices " \\\n'
        '                 "based on Model\'s event system and RabbitMQ messaging"\nend\n'
    )
    files = {"table_sync.gemspec": gemspec, "lib/table_sync.rb": "module TableSync; end\n"}
    summary = bodies(make_project, files, "table_sync")["project/summary"]
    assert summary.endswith("based on Model's event system and RabbitMQ messaging"), summary


def test_a_changelogs_older_entries_add_their_kinds_of_change(make_project):
    changelog = (
        "# Changelog\n\n## [6.1.0] - 2026-03-25\n### Added\n- Compression option\n\n## [6.0.1] - 2026-02-01\n"
        "### Fixed\n- A crash\n\n## [6.0.0] - 2026-01-01\n### Added\n- Batches\n\n## [5.9.0] - 2025-12-01\n"
        "### Added\n- Hooks\n\n## [5.0.0] - 2025-01-01\n### Changed\n- The publisher API\n### Removed\n- Ruby 2\n"
    )
    files = {"CHANGELOG.md": changelog, "lib/table_sync.rb": "module TableSync; end\n"}
    said = bodies(make_project, files, "table_sync")["rules/changelog"]
    assert "entries use the sections Added, Changed, Removed, Fixed" in said, said


def test_a_matrix_boolean_is_the_shells_word_and_an_or_false_is_dropped(make_project):
    ci = (
        "on: [push]\njobs:\n  rspec:\n    runs-on: ubuntu-latest\n    env:\n"
        '      ALLOW_FAILURES: "${{ matrix.allow_failures }}"\n    strategy:\n      matrix:\n'
        "        ruby: ['3.3']\n        allow_failures:\n          - false\n    steps:\n"
        "      - uses: actions/checkout@v4\n      - run: bundle exec rake spec || $ALLOW_FAILURES\n"
    )
    files = {"Gemfile": "source 'https://rubygems.org'\ngem 'rspec'\n", "lib/lazy.rb": "module Lazy; end\n",
             "spec/lazy_spec.rb": "describe 1 do\nend\n", ".github/workflows/rspec.yml": ci}  # fmt: skip
    said = bodies(make_project, files, "lazy")["ci"]
    assert "`bundle exec rake spec`" in said and "False" not in said and "|| false" not in said, said


def test_a_retried_ci_script_of_github_is_one_run_after_the_build_tools_own(make_project):
    steps = "- run: ./.github/scripts/run-tests.sh || ./.github/scripts/run-tests.sh"
    pom = "<project><artifactId>reaper</artifactId><packaging>jar</packaging></project>"
    files = {"pom.xml": pom, "src/main/java/io/Reaper.java": "class Reaper {}\n",
             "src/test/java/io/ReaperTest.java": "class ReaperTest {}\n", ".github/scripts/run-tests.sh": "mvn verify\n",
             ".github/workflows/ci.yml": workflow(steps, job="its")}  # fmt: skip
    test = bodies(make_project, files, "reaper")["workflow/test"]
    assert test.startswith("To test: `mvn test`"), test
    assert "|| ./.github" not in test


def test_spotless_goals_check_and_format_and_a_module_placeholder_is_no_one_test(make_project):
    guide = (
        "# Agents\n\n```bash\nmvn test                 # run all tests\nmvn spotless:check       # verify formatting\n"
        "mvn spotless:apply       # auto-fix formatting\n```\n\nRun affected tests: `mvn test -pl <module>`\n"
    )
    pom = ("<project><artifactId>sql</artifactId><packaging>pom</packaging><modules><module>pg</module></modules>"
           "</project>")  # fmt: skip
    files = {"pom.xml": pom, "AGENTS.md": guide, "pg/pom.xml": "<project><artifactId>pg</artifactId></project>",
             "pg/src/main/java/io/Pg.java": "class Pg {}\n", "pg/src/test/java/io/PgTest.java": "class PgTest {}\n"}  # fmt: skip
    learned = bodies(make_project, files, "sql")
    assert learned["workflow/lint"].startswith("To lint: `mvn spotless:check`"), learned["workflow/lint"]
    assert learned["workflow/format"].startswith("To format: `mvn spotless:apply`"), learned["workflow/format"]
    assert "<module>" not in learned.get("workflow/test-one", "")


def test_a_readmes_bazel_test_and_every_build_system_of_a_c_library(make_project):
    readme = "# tiny\n\n### Test\n\n#### Run test program\n\n```\nbazel test //:tiny_tests --test_output=all\n```\n"
    files = {
        "README.md": readme,
        "Makefile": "all:\n\t$(CC) -c src/pcm.c\n",
        "CMakeLists.txt": "cmake_minimum_required(VERSION 3.10)\nproject(tiny C)\nadd_library(tiny src/pcm.c)\n",
        "meson.build": "project('tiny', 'c')\n",
        "WORKSPACE": "",
        "BUILD": 'cc_library(name = "tiny", srcs = ["src/pcm.c"])\ncc_test(name = "tiny_tests", srcs = ["t.cc"])\n',
        "src/pcm.c": "int pcm(void) { return 0; }\n",
    }
    learned = bodies(make_project, files, "tiny")
    assert learned["workflow/test"].startswith("To test: `bazel test //:tiny_tests --test_output=all`")
    assert "4 build systems: a hand-written Makefile, CMake, Meson and Bazel" in learned["cpp/build"], learned[
        "cpp/build"
    ]


def test_woodpecker_workflows_are_read_and_a_release_or_tag_step_runs_on_no_change(make_project):
    phpunit = (
        "steps:\n  test:\n    image: php:8.2\n    commands:\n"
        '      - if [ "$PHP" = "8.2" ]; then phpunit --configuration tests/phpunit.xml --coverage-clover c.xml; '
        "else phpunit --configuration tests/phpunit.xml; fi\n"
        "  publish:\n    image: alpine\n    commands:\n      - ./bin/release.sh\n    when:\n      event: tag\n"
    )
    releaser = "steps:\n  build:\n    image: alpine\n    commands:\n      - make release\n"
    files = {
        "composer.json": '{"name": "acme/social", "require-dev": {"phpunit/phpunit": "^9"}}',
        "src/App.php": "<?php\nclass App {}\n",
        "tests/phpunit.xml": "<phpunit/>\n",
        ".woodpecker/.phpunit.yml": phpunit,
        ".woodpecker/.releaser.yml": releaser,
    }
    ci = bodies(make_project, files, "social")["ci"]
    assert ci.startswith("CI (Woodpecker CI) on a push or pull request: .woodpecker/.phpunit.yml (jobs test"), ci
    assert "`phpunit --configuration tests/phpunit.xml`" in ci and "Not read for commands: .releaser.yml" in ci, ci
    assert "release.sh" not in ci and "make release" not in ci


def test_a_suite_ci_runs_as_root_is_said_in_the_ci_fact(make_project):
    ci = workflow("sudo apt install -qq libcurl4-gnutls-dev", "make", "sudo make test", job="linux")
    files = {"Makefile": "all:\n\tcc -o clib src/clib.c\ntest:\n\t./test.sh\n", "src/clib.c": "int main(void) { return 0; }\n",
             "test.sh": "#!/bin/sh\n", ".github/workflows/tests.yml": ci}  # fmt: skip
    ci_fact = bodies(make_project, files, "clib")["ci"]
    assert "`sudo make test`" in ci_fact and "apt install" not in ci_fact, ci_fact


def test_a_compose_services_command_and_an_environments_name_keep_the_inner_commands_role(make_project):
    guide = (
        "# Contributing\n\n## Running Tests & Static Analysis\n\n```\ndocker compose run --rm php8.5 composer install\n"
        "docker compose run --rm php8.5 vendor/bin/phpunit\n```\n"
    )
    files = {"composer.json": '{"name": "acme/json", "require-dev": {"phpunit/phpunit": "^11"}}',
             "src/A.php": "<?php\nclass A {}\n", "phpunit.xml.dist": "<phpunit/>\n", ".github/CONTRIBUTING.md": guide}  # fmt: skip
    learned = bodies(make_project, files, "json")
    assert "composer install" not in learned.get("workflow/lint", "")
    ci = workflow("RAILS_ENV=test bundle exec rails assets:precompile", "bundle exec rspec")
    files = {"Gemfile": "source 'https://rubygems.org'\ngem 'rails'\ngem 'rspec-rails'\n", "app/models/a.rb": "class A; end\n",
             "spec/a_spec.rb": "describe 1 do\nend\n", ".github/workflows/ci.yml": ci}  # fmt: skip
    assert "assets:precompile" not in bodies(make_project, files, "mood")["workflow/test"]


def test_a_peer_dependency_is_what_a_library_builds_on(make_project):
    pkg = {"name": "goose", "main": "lib/index.js", "peerDependencies": {"mongoose": "~9.7.3"},
           "dependencies": {"lodash": "^4"}, "devDependencies": {"jest": "^29"}}  # fmt: skip
    files = {"package.json": json.dumps(pkg), "package-lock.json": "{}",
             "src/index.ts": "import mongoose from 'mongoose';\nimport _ from 'lodash';\n"}  # fmt: skip
    assert "Mongoose" in bodies(make_project, files, "goose")["javascript/stack"]


def test_a_travis_config_untouched_since_travis_ci_org_closed_is_said_to_maybe_run_nowhere(make_project, monkeypatch):
    monkeypatch.setenv("GIT_COMMITTER_DATE", "2018-02-10T12:00:00")
    repo = make_project({".travis.yml": "language: ruby\nscript: bundle exec rake all\n", "lib/w.rb": "module W; end\n",
                         "Gemfile": "source 'https://rubygems.org'\n"}, name="web")  # fmt: skip
    monkeypatch.setenv("GIT_COMMITTER_DATE", "2025-10-02T12:00:00")
    repo.write({"lib/x.rb": "module X; end\n"}).commit("Add X")
    monkeypatch.delenv("GIT_COMMITTER_DATE")
    ci = repo_bodies(repo)["ci"]
    assert "last changed in 2018, before travis-ci.org stopped building (June 2021)" in ci, ci


def test_summaries_skip_whose_work_a_project_is_and_take_what_an_introduction_names(make_project):
    readme = "# winnow\n\nwinnow is the fruit of the work of many contributors over the years, many thanks!\n"
    cargo = '[package]\nname = "winnow"\nversion = "1.0.0"\ndescription = "A byte-oriented, zero-copy, parser combinators library"\n'
    files = {"README.md": readme, "Cargo.toml": cargo, "src/lib.rs": "pub fn f() {}\n"}
    assert bodies(make_project, files, "winnow")["project/summary"] == (
        "Project winnow: A byte-oriented, zero-copy, parser combinators library"
    )
    readme = "# Inlyne\n\nIntroducing Inlyne, a GPU powered yet browserless tool to view markdown files.\n"
    files = {"README.md": readme, "Cargo.toml": CRATE.replace("packer", "inlyne"), "src/main.rs": "fn main() {}\n"}
    assert bodies(make_project, files, "inlyne")["project/summary"].startswith(
        "Project Inlyne: Introducing Inlyne, a GPU"
    )


def test_a_rule_for_the_makefile_itself_is_no_target_and_a_non_javascript_main_no_npm_library(make_project):
    makefile = "Makefile: ;\nall:\n\tcc -o criu criu.c\ntest:\n\t./run-tests.sh\n"
    files = {"Makefile": makefile, "criu.c": "int main(void) { return 0; }\n", "run-tests.sh": "#!/bin/sh\n"}
    assert "`make Makefile`" not in bodies(make_project, files, "criu")["tasks/make"]
    pkg = {"name": "@acme/pos", "main": "index.php", "files": ["public"], "dependencies": {"bootstrap": "^5"}}
    files = {"package.json": json.dumps(pkg), "package-lock.json": "{}", "public/js/app.js": "const a = 1;\n",
             "composer.json": '{"name": "acme/pos"}', "app/Pos.php": "<?php\nclass Pos {}\n"}  # fmt: skip
    learned = bodies(make_project, files, "pos")
    assert "a library (npm package)" not in learned.get("javascript/stack", "")


def test_setup_scripts_are_read_from_every_list_and_a_daemon_is_no_library(make_project):
    setup = (
        "from setuptools import setup\n\nclass install_scripts_f2b:\n    def run(self):\n"
        "        scripts = ['fail2ban.service', 'fail2ban.socket']\n\n"
        "setup(name='fail2ban', packages=['fail2ban'], scripts=['bin/fail2ban-client', 'bin/fail2ban-server'])\n"
    )
    files = {"setup.py": setup, "fail2ban/__init__.py": "x = 1\n", "bin/fail2ban-client": "#!/usr/bin/env python\n",
             "bin/fail2ban-server": "#!/usr/bin/env python\n"}  # fmt: skip
    stack = bodies(make_project, files, "fail2ban")["python/stack"]
    assert "with the command `fail2ban-client`" in stack and "a library" not in stack, stack


def test_modules_that_set_their_own_java_levels_are_each_said(make_project):
    files = {
        "settings.gradle": "include 'base', 'core', 'tools', 'wallettemplate'\n",
        "build.gradle": "allprojects { repositories { mavenCentral() } }\n",
        "base/build.gradle": "plugins { id 'java-library' }\ncompileJava { options.compilerArgs.addAll(['--release', '8']) }\n",
        "core/build.gradle": "plugins { id 'java-library' }\ncompileJava { options.compilerArgs.addAll(['--release', '8']) }\n",
        "tools/build.gradle": "plugins { id 'application' }\ncompileJava { options.release = 17 }\n",
        "wallettemplate/build.gradle": "plugins { id 'application' }\ncompileJava { options.release = 25 }\n",
        "core/src/main/java/org/coin/Wallet.java": "package org.coin;\n\npublic class Wallet {}\n",
    }
    packaging = bodies(make_project, files, "coin")["jvm/packaging"]
    assert "compiles its modules for Java 8 (base, core), 17 (tools), 25 (wallettemplate)" in packaging, packaging


def test_ci_gradle_flags_for_build_scans_and_logs_are_dropped_and_a_native_image_job_comes_last(make_project):
    ci = workflow(
        "gradle build --scan --init-script build-scan-agree.gradle --info --stacktrace",
        "gradle test nativeCompile --info",
        job="build",
    )
    files = {"settings.gradle": "include 'core'\n", "build.gradle": "plugins { id 'java' }\n",
             "core/build.gradle": "plugins { id 'java-library' }\n", ".github/workflows/build.yml": ci,
             "core/src/main/java/org/coin/Wallet.java": "package org.coin;\n\npublic class Wallet {}\n",
             "core/src/test/java/org/coin/WalletTest.java": "package org.coin;\n\nclass WalletTest {}\n"}  # fmt: skip
    learned = bodies(make_project, files, "coin")
    assert learned["workflow/build"].startswith("To build: `gradle build`"), learned["workflow/build"]
    assert "--scan" not in learned["workflow/build"] and "--info" not in learned["workflow/build"]
    assert not learned["workflow/test"].startswith("To test: `gradle test nativeCompile"), learned["workflow/test"]


def test_a_meson_build_that_only_installs_python_sources_is_no_c_project(make_project):
    meson = "project('meson-python')\n\npy = import('python').find_installation()\npy.install_sources('mesonpy/__init__.py')\n"
    files = {"meson.build": meson, "pyproject.toml": '[project]\nname = "meson-python"\nversion = "1"\n',
             "mesonpy/__init__.py": "x = 1\n", "tests/packages/ext/module.c": "int f(void) { return 0; }\n"}  # fmt: skip
    learned = bodies(make_project, files, "meson-python")
    assert "cpp/build" not in learned and "meson compile" not in learned.get("workflow/build", "")


def test_unit_test_modules_inside_a_crates_source_are_test_files(make_project):
    files = {"Cargo.toml": CRATE, "src/lib.rs": "#[cfg(test)]\nmod tests;\npub fn f() {}\n",
             "src/tests.rs": "#[test]\nfn logs() {}\n", "tests/issue.rs": "#[test]\nfn issue() {}\n"}  # fmt: skip
    tests = bodies(make_project, files, "logger")["layout/tests"]
    assert tests.startswith("2 test files") and "tests.rs inside src/ (the crate's unit-test modules)" in tests, tests


def test_make_targets_that_run_a_librarys_missing_binary_or_an_undeclared_feature_are_left_out(make_project):
    makefile = ".PHONY: run test build\nrun test build:\n\tcargo $@ $(CARGO_FLAGS)\n\nclippy:\n\tcargo build --features clippy\n"
    cargo = CRATE + '\n[features]\ndefault = ["std"]\nstd = []\n'
    files = {"Cargo.toml": cargo, "Makefile": makefile, "src/lib.rs": "pub fn f() {}\n"}
    learned = bodies(make_project, files, "logger")
    targets = learned["tasks/make"]
    assert "`make run`" not in targets and "`make clippy`" not in targets and "`make test`" in targets, targets
    assert "workflow/run" not in learned


def test_a_build_folder_inside_the_code_is_part_of_it(make_project):
    pkg = {"name": "chroma", "bin": {"chroma": "dist/bin.js"}, "scripts": {"test": "vitest"}}
    files = {"package.json": json.dumps(pkg), "package-lock.json": "{}", "tsconfig.json": "{}"}
    for folder in ("node-src/tasks", "node-src/tasks/build", "node-src/lib"):
        files |= {f"{folder}/m{i}.ts": f"export const m{i} = {i};\n" + "// code\n" * 30 for i in range(3)}
        files |= {f"{folder}/m{i}.test.ts": "test('a', () => {});\n" for i in range(2)}
    learned = bodies(make_project, files, "chroma")
    assert learned["layout/tests"].startswith("6 test files"), learned["layout/tests"]
    assert "9 TypeScript files" in learned["layout/source"], learned["layout/source"]


def test_a_pyproject_of_formatter_settings_is_no_python_project_and_a_bare_package_json_installs_nothing(make_project):
    pkg = {"name": "@bazel/bazelisk", "bin": {"bazelisk": "bazelisk.js"}, "main": "bazelisk.js"}
    files = {"go.mod": GO_MOD, "main.go": "package main\n\nfunc main() {}\n", "bazelisk.py": "print(1)\n",
             "pyproject.toml": "[tool.black]\nline-length = 100\n", "package.json": json.dumps(pkg),
             "bazelisk.js": "require('child_process');\n"}  # fmt: skip
    learned = bodies(make_project, files, "bazelisk")
    assert "python/packaging" not in learned
    assert "npm install" not in learned.get("workflow/install", "")


def test_a_summary_runs_past_an_abbreviation_and_a_served_librarys_folder_is_no_source(make_project):
    readme = (
        "# FeinCMS\n\nFeinCMS is an extremely stupid content management system. You can add content blocks "
        "to a region (f.e. a sidebar) as you like.\n"
    )
    files = {"README.md": readme, "setup.py": "from setuptools import setup\nsetup(name='feincms')\n",
             "feincms/__init__.py": "x = 1\n"}  # fmt: skip
    assert "(f.e. a sidebar) as you like." in bodies(make_project, files, "feincms")["project/summary"]
    files = {"go.mod": GO_MOD, "main.go": "package main\n\nfunc main() {}\n" + "// code\n" * 50}
    files |= {f"web/api/h{i}.go": "package api\n\nfunc H() {}\n" + "// code\n" * 50 for i in range(6)}
    files |= {f"client/public/js/ace/mode-{i}.js": "ace.define('m',[],function(){});" * 40 for i in range(40)}
    assert "Main language: Go" in bodies(make_project, files, "panel")["languages"]


def test_a_bare_tsc_without_a_root_tsconfig_and_a_grunt_watch_start_are_no_commands(make_project):
    pkg = {"name": "cmb", "main": "Gruntfile.js", "scripts": {"start": "grunt watch", "test": "vitest"},
           "devDependencies": {"grunt": "^1", "vitest": "^3"}}  # fmt: skip
    guide = "# Agents\n\nType-check with `tsc -b`.\n"
    files = {"package.json": json.dumps(pkg), "package-lock.json": "{}", "CLAUDE.md": guide,
             "tsconfig.base.json": "{}", "src/a.ts": "export const a = 1;\n"}  # fmt: skip
    learned = bodies(make_project, files, "cmb")
    assert "`tsc -b`" not in learned.get("workflow/typecheck", "")
    assert "workflow/run" not in learned and "Gruntfile.js" not in learned.get("javascript/entry-points", "")


def test_a_setup_py_install_target_is_a_users_install_and_changesets_run_with_the_locked_manager(make_project):
    makefile = "install:\n\t$(PYTHON) setup.py install --root $(DEST_DIR)\n\ndevelop:\n\tpip install -e .\n"
    files = {"Makefile": makefile, "setup.py": "from setuptools import setup\nsetup(name='gpio')\n",
             "gpio/__init__.py": "x = 1\n"}  # fmt: skip
    assert "make install" not in bodies(make_project, files, "gpio").get("workflow/install", "")
    pkg = {
        "name": "jx",
        "packageManager": "yarn@4.1.0",
        "scripts": {"test": "jest"},
        "devDependencies": {"jest": "^29"},
    }
    files = {"package.json": json.dumps(pkg), "yarn.lock": "", "CHANGELOG.md": "# jx\n\n## 1.0.0\n\n- Start\n",
             ".changeset/config.json": "{}", "src/index.js": "module.exports = 1;\n"}  # fmt: skip
    assert "`yarn changeset`" in bodies(make_project, files, "jx")["rules/changelog"]


def test_apps_an_integration_suite_deploys_are_no_part_of_the_project(make_project):
    files = {"go.mod": GO_MOD + "\nrequire github.com/pkg/errors v0.9.1\n", "main.go": "package main\n\nfunc main() {}\n",
             "api/api_test.go": "package api\n\nimport \"testing\"\n\nfunc TestA(t *testing.T) {}\n",
             "integration/testapps/healthcheck/go.mod": "module healthcheck\n\ngo 1.22\n",
             "integration/testapps/healthcheck/web.go": "package main\n\nfunc main() {}\n"}  # fmt: skip
    learned = bodies(make_project, files, "paas")
    assert learned["workflow/test"].startswith("To test: `go test ./...`"), learned["workflow/test"]
    assert "testapps" not in learned.get("workflow/install", "") + learned["workflow/test"]


def test_inline_rust_test_modules_are_counted_past_the_first_three_hundred_files(make_project):
    files = {"Cargo.toml": CRATE, "src/lib.rs": "pub mod m0;\n"}
    files |= {f"src/m{i}.rs": f"pub fn f{i}() {{}}\n#[cfg(test)]\nmod tests {{\n    #[test]\n    fn t() {{}}\n}}\n"
              for i in range(320)}  # fmt: skip
    files["tests/api.rs"] = "#[test]\nfn api() {}\n"
    assert "inside 320 source files" in bodies(make_project, files, "twilight")["layout/tests"]
