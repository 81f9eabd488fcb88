"""Causes found in the fifty-fourth round: pytest's warning filters named by their category's last part (limits'
`pytest.PytestUnraisableExceptionWarning` read as `pytest`), coding-style guides never read (ponyc's STYLE_GUIDE.md),
a CI check that fails on a changed tree unsaid (sops' `make vendor` then `git diff --exit-code`), a block shown as
the way not to go taken as the test command (cargo-auditable's "So instead of this:")."""

from __future__ import annotations

from tests.profile.learned import bodies, workflow

GO_MOD = "module example.com/tool\n\ngo 1.22\n"
GO_FILES = {"go.mod": GO_MOD, "main.go": "package main\n\nfunc main() {}\n", "main_test.go": "package main\n"}


def test_warning_filters_name_the_category_its_source_and_whether_it_is_hidden(make_project):
    ini = (
        "[pytest]\nfilterwarnings =\n    error\n    module::ResourceWarning\n"
        "    module::pytest.PytestUnraisableExceptionWarning\n    ignore::DeprecationWarning:redis.*\n"
    )
    said = bodies(
        make_project, {"pytest.ini": ini, "lib/__init__.py": "x = 1\n", "tests/test_a.py": "def test_a(): pass\n"}
    )
    rule = said["rules/config"]
    assert "except `ResourceWarning` and `PytestUnraisableExceptionWarning`, which it only shows" in rule, rule
    assert "`DeprecationWarning` from `redis`, which it ignores" in rule, rule
    assert "`pytest`" not in rule


def test_a_coding_style_guide_is_read_for_rules(make_project):
    guide = (
        "# Coding style\n\n## Naming\n\n- Names must follow snake_case, e.g. `submit_value`.\n"
        "- Do not use non-ASCII characters in names.\n\n## Strings\n\n"
        "The functions `strcpy` and `sprintf` must not be used.\n"
    )
    said = bodies(make_project, {"docs/coding_style.md": guide, "src/a.c": "int a;\n", "README.md": "# tool\n"})
    rule = said["rules/docs/coding_style.md"]
    assert rule.startswith("Style guide docs/coding_style.md:"), rule
    assert "snake_case" in rule and "`strcpy`" in rule


def test_a_root_page_titled_for_code_style_is_a_style_guide_and_a_conventions_page_is_not(make_project):
    notes = "# Technical notes & code style\n\n## Code style\n\n- Always use `@Override` when overriding a method.\n"
    shared = "# Conventions\n\n## Hardcoded conventions\n\nYou must require your package with composer.\n"
    said = bodies(
        make_project, {"TECHNICAL_NOTES.md": notes, "doc/conventions.md": shared, "src/A.java": "class A {}\n"}
    )
    assert "Always use `@Override`" in said["rules/TECHNICAL_NOTES.md"]
    assert "rules/doc/conventions.md" not in said


def test_a_citing_section_of_the_guide_is_no_rule(make_project):
    guide = (
        "# Contributing\n\n## Citing the tool\n\n- Include a citation to the paper in your publications.\n\n"
        "## Pull requests\n\n- Please make sure you have the rights for any code that you contribute.\n"
    )
    rule = bodies(make_project, {"CONTRIBUTING.md": guide, "src/a.py": "x = 1\n"})["rules/CONTRIBUTING.md"]
    assert "rights for any code" in rule
    assert "citation" not in rule


def test_ci_failing_on_a_changed_tree_after_a_command_is_a_rule(make_project):
    steps = workflow("make vendor", "- name: Ensure clean working tree\n  run: git diff --exit-code", "make test")
    makefile = "vendor:\n\tgo mod tidy\n\tgo mod vendor\n\ntest:\n\tgo test ./...\n"
    said = bodies(make_project, {**GO_FILES, "Makefile": makefile, ".github/workflows/cli.yml": steps})
    assert "- CI fails when `make vendor` changes a tracked file (.github/workflows/cli.yml, job `build`): run it and " \
        "commit what it changes." in said["rules/config"]  # fmt: skip


def test_the_same_line_check_names_its_paths_and_a_test_run_or_a_version_print_is_no_writer(make_project):
    steps = workflow("go version", "go test ./...", "go mod tidy && git diff --exit-code go.mod go.sum", job="tidy")
    said = bodies(make_project, {**GO_FILES, ".github/workflows/ci.yml": steps})
    rule = said["rules/config"]
    assert "CI fails when `go mod tidy` changes go.mod or go.sum (.github/workflows/ci.yml, job `tidy`)" in rule, rule
    assert "go test" not in rule and "go version" not in rule


def test_a_status_check_after_steps_in_a_folder_names_the_folder_and_an_action_between_breaks_the_chain(make_project):
    steps = workflow(
        "go generate ./...",
        "- working-directory: cmd/tool\n  run: go generate ./...",
        '- run: |\n    status=$(git status --porcelain)\n    if [ -n "$status" ]; then exit 1; fi',
        "- uses: some/codegen-action@v1",
        "- run: git diff --exit-code",
        job="generate",
    )
    files = {**GO_FILES, "cmd/tool/main.go": "package main\n", ".github/workflows/gen.yml": steps}
    rule = bodies(make_project, files)["rules/config"]
    assert "CI fails when `go generate ./...` and `cd cmd/tool && go generate ./...` change a tracked file" in rule, (
        rule
    )
    assert rule.count("CI fails when") == 1, rule


def test_a_block_shown_as_the_way_not_taken_gives_no_command(make_project):
    guide = (
        "# Contributing\n\n## Tips\n\nTo avoid running `cargo install` every time you want to rebuild and test a "
        "change, you can invoke the binary directly. So instead of this:\n\n```\ncargo install --path .\n"
        "cargo auditable FLAGS\n```\n\nyou can use\n\n```\ncargo build --release\n```\n"
    )
    cargo = '[package]\nname = "tool"\nversion = "0.1.0"\nedition = "2021"\n'
    said = bodies(make_project, {"CONTRIBUTING.md": guide, "Cargo.toml": cargo, "src/main.rs": "fn main() {}\n"})
    assert "cargo auditable FLAGS" not in said.get("workflow/test", ""), said.get("workflow/test")


def test_automake_tests_listed_through_a_variable_give_one_test_to_run(make_project):
    makefile = "check_PROGRAMS = \\\n\ttest_common \\\n\ttest_utils\n\nTESTS = $(check_PROGRAMS)\n"
    files = {"Makefile.am": makefile, "configure.ac": "AC_INIT([tool], [1.0])\n", "src/common.c": "int c;\n",
             "src/test_common.c": "int main(void) { return 0; }\n"}  # fmt: skip
    assert bodies(make_project, files)["workflow/test-one"].startswith(
        "To run one test: `make check TESTS=test_common`"
    )


def test_a_rake_test_task_named_as_a_hash_key_runs_one_minitest_file(make_project):
    rakefile = (
        'require "bundler/gem_tasks"\n\ntask :test_ruby do\nend\n\ntask test: [:test_ruby]\ntask default: [:test]\n'
    )
    gemfile = 'source "https://rubygems.org"\ngemspec\ngem "minitest"\n'
    test = 'require_relative "test_helper"\n\nclass ATest < Minitest::Test\n  def test_a\n    assert true\n  end\nend\n'
    files = {"Rakefile": rakefile, "Gemfile": gemfile, "lib/tool.rb": "module Tool; end\n", "test/a_test.rb": test,
             "test/test_helper.rb": 'require "minitest/autorun"\n'}  # fmt: skip
    said = bodies(make_project, files)
    assert said["workflow/test-one"].startswith("To run one test: `bundle exec ruby -Itest test/a_test.rb`"), said


def test_a_rust_tests_mod_file_gathering_test_folders_is_a_test_target(make_project):
    cargo = '[package]\nname = "tool"\nversion = "0.1.0"\nedition = "2021"\n'
    files = {"Cargo.toml": cargo, "src/lib.rs": "pub fn a() {}\n", "tests/mod.rs": "mod controller;\n",
             "tests/controller/mod.rs": "mod routes;\n",
             "tests/controller/routes.rs": "#[test]\nfn serves_the_root() {}\n"}  # fmt: skip
    said = bodies(make_project, files)
    assert said["workflow/test-one"].startswith("To run one test: `cargo test --test mod`"), said["workflow/test-one"]


# Read from sets 273-276's judgements and misses.


def test_unittest_test_cases_give_one_module_to_run(make_project):
    case = "import unittest\n\n\nclass ArpTests(unittest.TestCase):\n    def test_parse(self):\n        pass\n"
    files = {"setup.py": "from setuptools import setup\nsetup(name='jc')\n", "jc/__init__.py": "x = 1\n",
             "tests/__init__.py": "", "tests/test_arp.py": case}  # fmt: skip
    said = bodies(make_project, files)
    assert said["workflow/test-one"].startswith("To run one test: `python -m unittest tests.test_arp`"), said


def test_tests_registered_through_a_cmake_macro_are_run_one_by_name(make_project):
    tests = (
        'macro(add_unit_test)\n  cmake_parse_arguments(_test "" "NAME" "SOURCES" ${ARGN})\n'
        "  add_executable(${_test_NAME} ${_test_SOURCES})\n  add_test(${_test_NAME} ${_test_NAME})\nendmacro(add_unit_test)\n\n"
        "add_library(testsupport STATIC support.cpp)\n"
        "add_unit_test(NAME testgroup SOURCES TestGroup.cpp)\nadd_unit_test(NAME testentry SOURCES TestEntry.cpp)\n"
        "add_unit_test(NAME testkdbx4 SOURCES TestKdbx4.cpp)\n"
    )
    root = "cmake_minimum_required(VERSION 3.10)\nproject(kp CXX)\nenable_testing()\nadd_subdirectory(tests)\n"
    files = {"CMakeLists.txt": root, "tests/CMakeLists.txt": tests, "src/main.cpp": "int main() { return 0; }\n",
             "tests/TestGroup.cpp": "int main() { return 0; }\n"}  # fmt: skip
    said = bodies(make_project, files)
    assert said["workflow/test-one"].startswith("To run one test: `ctest --test-dir build -R testgroup`"), said


def test_a_workspace_package_running_mocha_on_a_glob_runs_one_of_its_files(make_project):
    root = '{"name": "mono", "private": true, "workspaces": ["packages/*"], "scripts": {"test": "lerna run test"}}'
    inner = '{"name": "mjml", "scripts": {"test": "mocha ./test/*.test.js"}, "devDependencies": {"mocha": "^10"}}'
    files = {"package.json": root, "yarn.lock": "", "lerna.json": "{}", "packages/mjml/package.json": inner,
             "packages/mjml/src/index.js": "module.exports = 1;\n",
             "packages/mjml/test/align.test.js": "describe('a', () => { it('b', () => {}); });\n"}  # fmt: skip
    said = bodies(make_project, files)
    assert said["workflow/test-one"].startswith(
        "To run one test: `cd packages/mjml && yarn mocha test/align.test.js`"
    ), said["workflow/test-one"]


def test_a_composer_script_passing_a_phpunit_configuration_runs_one_class_through_it(make_project):
    composer = (
        '{"name": "wp/rocket", "require-dev": {"phpunit/phpunit": "^9"}, "scripts": {"test-unit": '
        '"\\"vendor/bin/phpunit\\" --testsuite unit --configuration tests/Unit/phpunit.xml.dist"}}'
    )
    test = "<?php\nclass CacheTest extends TestCase {\n    public function testIt() {}\n}\n"
    files = {"composer.json": composer, "inc/Cache.php": "<?php\n", "tests/Unit/phpunit.xml.dist": "<phpunit/>\n",
             "tests/Unit/CacheTest.php": test}  # fmt: skip
    said = bodies(make_project, files)
    assert said["workflow/test-one"].startswith("To run one test: `composer test-unit -- --filter CacheTest`"), said


def test_a_format_check_script_gives_way_to_the_script_beside_it_that_writes(make_project):
    inner = '{"name": "lib", "scripts": {"format": "prettier --write ./src", "format.check": "prettier --check ./src"}}'
    steps = workflow("- working-directory: library\n  run: pnpm format.check", job="library_prettier")
    files = {"package.json": '{"name": "mono", "private": true}', "pnpm-lock.yaml": "", "library/package.json": inner,
             "library/src/index.ts": "export {};\n", ".github/workflows/ci.yml": steps}  # fmt: skip
    said = bodies(make_project, files)
    assert said["workflow/format"].startswith("To format: `cd library && pnpm format` (`cd library && pnpm format.check` "
                                              "only checks)"), said["workflow/format"]  # fmt: skip


def test_a_playwright_spec_is_no_example_for_vitest(make_project):
    pkg = (
        '{"name": "app", "scripts": {"test": "cross-env TZ=UTC vp test", "e2e": "playwright test"}, '
        '"devDependencies": {"vitest": "^1", "@playwright/test": "^1"}}'
    )
    files = {"package.json": pkg, "package-lock.json": "{}", "src/colors.ts": "export const a = 1;\n",
             "tests/api-key.spec.ts": "import { test } from '@playwright/test';\ntest('a', async () => {});\n",
             "src/colors.test.ts": "import { test } from 'vitest';\ntest('a', () => {});\n"}  # fmt: skip
    said = bodies(make_project, files)
    assert "tests/api-key.spec.ts" not in said["workflow/test-one"], said["workflow/test-one"]


def test_commands_a_guide_says_never_to_claim_as_passing_are_not_given(make_project):
    agents = "# Agents\n\nNever state that `go build`, `go vet` or `go test -race` pass in a pull request.\n"
    said = bodies(make_project, {**GO_FILES, "AGENTS.md": agents})
    assert "go test -race`" not in said["workflow/test"] and "`go vet`" not in said.get("workflow/lint", "")


def test_helpers_the_rake_rspec_task_requires_are_passed_to_a_bare_rspec(make_project):
    rakefile = (
        'require "rspec/core/rake_task"\nRSpec::Core::RakeTask.new do |t|\n  t.rspec_opts = "-w -rspec_helper"\nend\n'
    )
    spec = "describe Array do\n  it 'works' do\n  end\nend\n"
    files = {"Rakefile": rakefile, "Gemfile": 'gem "rspec"\n', "lib/edi.rb": "module Edi; end\n",
             "spec/spec_helper.rb": "require 'edi'\n", "spec/lib/array_spec.rb": spec}  # fmt: skip
    said = bodies(make_project, files)
    assert "`bundle exec rspec -r spec_helper spec/lib/array_spec.rb:<line>`" in said["workflow/test-one"], said


def test_a_command_takes_its_role_from_its_own_sentence(make_project):
    guide = (
        "# Contributing\n\nPlease include examples in `spec/fixtures`. This will create specs to test your definition."
        " You can remove confidential information using `bin/edi-obfuscate`.\n"
    )
    files = {"CONTRIBUTING.md": guide, "bin/edi-obfuscate": "#!/usr/bin/env ruby\n", "lib/edi.rb": "module Edi; end\n",
             "Gemfile": 'gem "rspec"\n', "spec/a_spec.rb": "describe 1 do\nend\n"}  # fmt: skip
    said = bodies(make_project, files)
    assert "edi-obfuscate" not in said["workflow/test"], said["workflow/test"]


def test_prose_that_enters_a_folder_runs_its_commands_there(make_project):
    guide = (
        "# Tour\n\nYou can run the boilerplate app. Just `cd` into the `boilerplate` folder, run `npm install` and "
        "`npx pod-install`.\n"
    )
    files = {"docs/contributing/Tour.md": guide, "package.json": '{"name": "cli"}', "package-lock.json": "{}",
             "boilerplate/package.json": '{"name": "app"}', "src/cli.ts": "export {};\n"}  # fmt: skip
    said = bodies(make_project, files)
    assert "`cd boilerplate && npx pod-install`" in said["workflow/install"], said["workflow/install"]
    assert "`npx pod-install` (" not in said["workflow/install"]


def test_trying_changes_by_hand_runs_the_program_and_no_tests(make_project):
    guide = (
        "# Contributing\n\n## Testing changes locally\n\nIf you want to test changes to the CLI that have not been "
        "published, you can run the `bin/ignite` script via node.\n"
    )
    pkg = '{"name": "ignite", "bin": {"ignite": "bin/ignite"}, "scripts": {"test": "jest"}, "devDependencies": {"jest": "^29"}}'
    files = {"docs/contributing/Contributing.md": guide, "package.json": pkg, "package-lock.json": "{}",
             "bin/ignite": "#!/usr/bin/env node\nrequire('../src/cli');\n", "src/cli.ts": "export {};\n"}  # fmt: skip
    said = bodies(make_project, files)
    assert "bin/ignite" not in said["workflow/test"], said["workflow/test"]
    assert "`bin/ignite`" in said["workflow/run"], said.get("workflow/run")


def test_symlinked_headers_are_not_counted_as_source_twice(make_project):
    files = {f"src/kernel/k{i}.cc": f"int k{i};\n" for i in range(6)}
    files |= {"CMakeLists.txt": "project(w CXX)\nadd_library(w src/kernel/k0.cc)\n", "src/kernel/k.h": "int k;\n"}
    repo = make_project(files, name="w")
    include = repo.root / "src" / "include"
    include.mkdir()
    (include / "k.h").symlink_to("../kernel/k.h")
    for i in range(6):
        (include / f"l{i}.h").symlink_to(f"../kernel/k{i}.cc")
    from picasso_tui.profile.investigator import investigate

    _, findings, _ = investigate(repo.root)
    source = next(f.body for f in findings if f.key == "layout/source")
    assert "include/" not in source and "7 C++ files" in source, source


# Read from sets 277-280's misses.


def test_one_node_test_file_runs_without_the_suites_coverage_bar(make_project):
    script = (
        "node --test --experimental-test-coverage --test-coverage-lines=100 --test-coverage-exclude=test/**/{*,.*} "
        "test/a-test.mjs test/b-test.mjs"
    )
    pkg = '{"name": "cli", "scripts": {"test": "' + script + '"}}'
    files = {"package.json": pkg, "package-lock.json": "{}", "index.mjs": "export default 1;\n",
             "test/a-test.mjs": "import test from 'node:test';\nimport x from '../index.mjs';\ntest('a', () => {});\n",
             "test/b-test.mjs": "import test from 'node:test';\ntest('b', () => {});\n"}  # fmt: skip
    said = bodies(make_project, files)
    assert said["workflow/test-one"].startswith("To run one test: `node --test test/a-test.mjs`"), said


def test_a_phpunit_configuration_in_tests_is_passed_when_the_root_has_none(make_project):
    composer = '{"name": "rc/mail", "require-dev": {"phpunit/phpunit": "^11"}}'
    test = "<?php\nclass AddressTest extends TestCase {\n    public function testIt() {}\n}\n"
    files = {"composer.json": composer, "program/lib.php": "<?php\n", "tests/phpunit.xml": "<phpunit><testsuite/></phpunit>\n",
             "tests/Browser/phpunit.xml": "<phpunit/>\n", "tests/AddressTest.php": test}  # fmt: skip
    said = bodies(make_project, files)
    assert said["workflow/test"].startswith("To test: `vendor/bin/phpunit -c tests/phpunit.xml`"), said
    assert "`vendor/bin/phpunit -c tests/phpunit.xml --filter AddressTest`" in said["workflow/test-one"]


def test_a_ci_script_that_runs_the_tests_is_offered_beside_them(make_project):
    pkg = (
        '{"name": "cal", "scripts": {"test": "vitest run", "lint": "eslint .", "build": "tsc -b", '
        '"ci": "pnpm run lint && pnpm run build && pnpm run test"}, "devDependencies": {"vitest": "^1"}}'
    )
    said = bodies(make_project, {"package.json": pkg, "pnpm-lock.yaml": "", "src/a.ts": "export {};\n"})
    assert "`pnpm run ci` (package.json scripts.ci)" in said["workflow/test"], said["workflow/test"]


def test_a_ci_format_line_that_only_checks_is_no_format_command(make_project):
    steps = workflow("yarn prettier -c .", job="lint")
    pkg = '{"name": "app", "devDependencies": {"prettier": "^3"}}'
    files = {"package.json": pkg, "yarn.lock": "", "app/a.js": "x = 1\n", ".github/workflows/ci.yml": steps}
    said = bodies(make_project, files)
    assert "prettier -c" not in said.get("workflow/format", ""), said.get("workflow/format")


def test_a_script_that_fetches_a_tool_installs_it_and_a_source_file_is_no_command(make_project):
    readme = (
        "# zrepl\n\n## Developer setup\n\nRun `build/get_golangci_lint.bash` to get the linter, then `make lint`.\n"
        "To update the tools, bump versions in `build/tools.go`.\n"
    )
    makefile = "lint:\n\tgolangci-lint run ./...\n"
    files = {**GO_FILES, "README.md": readme, "Makefile": makefile, "build/get_golangci_lint.bash": "#!/bin/bash\n",
             "build/tools.go": "package build\n"}  # fmt: skip
    said = bodies(make_project, files)
    assert "get_golangci_lint" not in said.get("workflow/lint", ""), said.get("workflow/lint")
    assert "build/tools.go`" not in " ".join(said.get(k, "") for k in ("workflow/build", "workflow/install"))


def test_checks_before_a_clean_tree_step_are_not_told_to_be_committed(make_project):
    steps = workflow(
        "buf lint proto/", "buf format --diff --exit-code", "buf generate", "git diff --exit-code", job="pb"
    )
    rule = bodies(make_project, {**GO_FILES, ".github/workflows/ci.yml": steps})["rules/config"]
    assert "CI fails when `buf generate` changes a tracked file" in rule, rule
    assert "buf lint" not in rule and "buf format" not in rule


def test_a_github_folder_without_workflows_and_a_test_files_folder_are_named_for_what_they_hold(make_project):
    files = {**GO_FILES, ".github/FUNDING.yml": "github: [me]\n", ".github/dependabot.yml": "version: 2\n",
             **{f"testfiles/case{i}.md": "# a case\n\nSome text.\n" for i in range(3)}}  # fmt: skip
    folders = bodies(make_project, files)["layout/folders"]
    assert ".github/ (GitHub settings, 2 files)" in folders, folders
    assert "testfiles/ (tests and their data, 3 files)" in folders, folders


def test_set_up_steps_before_a_clean_tree_check_are_not_told_to_be_repeated(make_project):
    steps = workflow("bin/yarn install", "bundle exec rails db:schema:load", "bundle exec annotaterb models",
                     "git diff --exit-code", job="annotate_models")  # fmt: skip
    files = {"Gemfile": 'gem "rails"\n', "app/models/user.rb": "class User; end\n", ".github/workflows/lint.yml": steps}
    rule = bodies(make_project, files)["rules/config"]
    assert "CI fails when `bundle exec annotaterb models` changes a tracked file" in rule, rule
    assert "db:schema:load" not in rule and "yarn install" not in rule


def test_a_gnulib_bootstrap_script_makes_the_configure_script(make_project):
    files = {"configure.ac": "AC_INIT([patchutils], [0.4])\n", "Makefile.am": "TESTS = tests/a.sh\n",
             "bootstrap": "#! /bin/sh\nset -e\n", "bootstrap.conf": "gnulib_modules=\n", "src/a.c": "int a;\n"}  # fmt: skip
    said = bodies(make_project, files)
    assert "`./bootstrap && ./configure && make`" in said["workflow/build"], said["workflow/build"]
    assert "autoreconf" not in said["workflow/test"]


def test_one_automake_test_in_a_subfolder_comes_after_a_full_make(make_project):
    files = {"configure.ac": "AC_INIT([gp], [2.5])\n", "Makefile.am": "SUBDIRS = lib tests\n",
             "tests/Makefile.am": "TESTS = test-endian\ncheck_PROGRAMS = test-endian\n",
             "tests/test-endian.c": "int main(void) { return 0; }\n", "lib/a.c": "int a;\n"}  # fmt: skip
    one = bodies(make_project, files)["workflow/test-one"]
    assert "`make -C tests check TESTS=test-endian` (after `autoreconf -i && ./configure && make`)" in one, one
