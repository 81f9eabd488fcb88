"""Causes found on set 46's run (issue 17, thirty-fourth round): a spec folder that is not RSpec's, a built program
and a dependency install taken for the build and the tests, a CI option stripped of its value, a command the
maintainers forbid bare, Gradle folders the build leaves out, integration modules taken for an application, a
coverage threshold one test cannot meet, a format script that writes nothing, a README written from doc comments,
a table of contents and a placeholder read as rules."""

from __future__ import annotations

from tests.profile.learned import bodies

GEMSPEC = "Gem::Specification.new { |s| s.name = 'l' }\n"

SUITE = '<phpunit><testsuites><testsuite name="unit"><directory>tests</directory></testsuite></testsuites></phpunit>\n'


def test_a_spec_folder_without_spec_files_is_not_rspec(make_project):
    learned = bodies(make_project, {"Gemfile": "source 'https://rubygems.org'\ngemspec\ngem 'minitest'\n",
                                    "l.gemspec": GEMSPEC, "lib/l.rb": "module L; end\n",
                                    "Rakefile": "require 'rake/testtask'\nRake::TestTask.new(:test)\ntask default: :test\n",
                                    "test/l_test.rb": "require 'minitest/autorun'\n", "spec/ruby_l.rb": "# adapter\n"})  # fmt: skip
    assert "rspec" not in learned["workflow/test"]


def _cmake_ci() -> str:
    return (
        "name: CI\non: [push, pull_request]\njobs:\n  build:\n    runs-on: ubuntu-latest\n    strategy:\n"
        "      matrix:\n        config:\n          - {name: gcc, gcov-tool: gcov-12}\n    steps:\n"
        "      - uses: actions/checkout@v4\n      - run: vcpkg install boost-test\n"
        "      - run: cmake -S tests -B build\n      - run: cmake --build build --verbose\n"
        "      - run: build/tsl_tests\n"
        "      - run: lcov -c -d build -o coverage.info --gcov-tool ${{ matrix.config.gcov-tool }}\n"
    )


def test_a_built_test_program_tests_and_an_install_or_a_coverage_report_neither_builds_nor_tests(make_project):
    learned = bodies(make_project, {".github/workflows/ci.yml": _cmake_ci(), "include/t/map.h": "#pragma once\n",
                                    "tests/CMakeLists.txt": "project(t_tests CXX)\nadd_executable(tsl_tests main.cpp)\n",
                                    "tests/main.cpp": "int main() { return 0; }\n"})  # fmt: skip
    assert learned["workflow/test"].startswith("To test: `build/tsl_tests`")
    assert "vcpkg" not in learned["workflow/test"] and "lcov" not in learned.get("workflow/build", "")
    assert "--gcov-tool`" not in learned["ci"]


def test_a_command_the_agent_file_forbids_bare_runs_through_the_composer_script(make_project):
    agents = "Run tests via `make test` (or `composer test`), never bare `vendor/bin/phpunit`: the script sets ini.\n"
    learned = bodies(make_project, {".ai/AGENTS.md": agents, "phpunit.xml.dist": SUITE,
                                    "composer.json": '{"name": "w/g", "scripts": {"test": "php -d zend.assertions=1 '
                                    'vendor/bin/phpunit"}, "require-dev": {"phpunit/phpunit": "^11"}}',
                                    "src/A.php": "<?php class A {}\n", "tests/ATest.php": "<?php\n"})  # fmt: skip
    assert learned["workflow/test-one"].startswith("To run one test: `composer test -- --filter '<test name>'`")
    assert "vendor/bin/phpunit`" not in learned["workflow/test"]


def test_gradle_folders_the_settings_leave_out_are_not_built(make_project):
    files = {"settings.gradle": 'rootProject.name = "r"\ninclude("r-core")\ninclude("r-spring6")\n',
             "build.gradle": "plugins { id 'java-library' }\n", "gradlew": "#!/bin/sh\n"}  # fmt: skip
    for module in ("r-core", "r-spring6", "r-spring"):
        files[f"{module}/build.gradle"] = "plugins { id 'java-library' }\n"
        files[f"{module}/src/main/java/r/{module[2:].title()}.java"] = "package r; class X {}\n" * 5
        files[f"{module}/src/test/java/r/{module[2:].title()}Test.java"] = "package r; class XTest {}\n"
    learned = bodies(make_project, files)
    assert "r-spring/ (3 files; not in settings.gradle, so not built)" in learned["layout/folders"]
    assert "r-spring/" not in learned["layout/tests"]


def test_integration_modules_for_a_framework_do_not_make_an_application(make_project):
    files = {"settings.gradle": 'include("r-core")\ninclude("r-spring-boot3")\ninclude("r-micronaut")\n',
             "build.gradle": "plugins { id 'java-library'\n id 'maven-publish' }\n", "gradlew": "#!/bin/sh\n"}  # fmt: skip
    for module in ("r-core", "r-spring-boot3", "r-micronaut"):
        deps = (
            "org.springframework.boot:spring-boot-autoconfigure"
            if "spring" in module
            else "io.micronaut:micronaut-runtime"
        )
        files[f"{module}/build.gradle"] = (
            f"plugins {{ id 'java-library' }}\ndependencies {{ implementation '{deps}:1.0' }}\n"
        )
        files[f"{module}/src/main/java/r/A.java"] = "package r; class A {}\n"
    assert "application" not in bodies(make_project, files)["jvm/packaging"]


def test_one_jest_file_runs_without_the_coverage_thresholds_and_a_format_that_writes_nothing_is_none(make_project):
    jest = "export default { collectCoverage: true, coverageThreshold: { global: { lines: 100 } } };\n"
    learned = bodies(make_project, {"package.json": '{"name": "ms", "scripts": {"test": "jest --env node", '
                                    '"format": "biome format"}, "devDependencies": {"jest": "^29"}}',
                                    "pnpm-lock.yaml": "lockfileVersion: '9.0'\n", "jest.config.ts": jest,
                                    "src/index.ts": "export const a = 1;\n",
                                    "src/format.test.ts": "it('formats', () => {});\n"})  # fmt: skip
    assert "--coverage=false`" in learned["workflow/test-one"]
    assert "workflow/format" not in learned


def test_a_readme_the_makefile_writes_from_doc_comments_is_the_docs_build(make_project):
    makefile = "generate: ## Generate README.md\n\tgodocdown >| README.md\n\ntest: generate\n\tgo test ./...\n"
    learned = bodies(make_project, {"go.mod": "module github.com/a/retry\n\ngo 1.20\n", "Makefile": makefile,
                                    "retry.go": "// Package retry retries.\npackage retry\n"})  # fmt: skip
    assert learned["go/docs"].endswith(
        "`make generate` writes README.md from them with godocdown: edit the comments, not the file."
    )


def test_a_table_of_contents_and_a_placeholder_are_no_rules(make_project):
    guide = (
        "# Contributing\n\n## How do I...\n\n* [Use This Guide](#introduction)?\n* Ask or Say Something?\n"
        "  * [Request Support](#request-support)\n  * [Report an Error or Bug](#report-an-error-or-bug)\n\n"
        "## Code\n\n- Write tests that verify that your contribution works as expected.\n\n"
        "## Clean Up\n\n- In these cases, they should be closed until they're brought up again.\n\n"
        "## Merge\n\n- TBD - need to hash out a bit more of this process.\n"
    )
    learned = bodies(make_project, {"CONTRIBUTING.md": guide, "src/lib.rs": "pub fn a() {}\n"})
    assert learned["rules/CONTRIBUTING.md"] == (
        "Contributor guide CONTRIBUTING.md:\nCode:\n- Write tests that verify that your contribution works as expected."
    )
