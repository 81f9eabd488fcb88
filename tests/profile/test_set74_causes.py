"""Causes found on set 74's run (issue 17, fortieth round): the CI fact leaves out what a change is tested across
(node-postgres' Node × PostgreSQL matrix and its postgres service, falcon's tox environments)."""

from __future__ import annotations

from tests.profile.learned import bodies

NODE_PG_CI = """\
name: CI
on: [push, pull_request]
jobs:
  lint:
    runs-on: ubuntu-latest
    steps:
      - run: yarn lint
  build:
    runs-on: ubuntu-latest
    services:
      postgres:
        image: ghcr.io/railwayapp-templates/postgres-ssl:${{ matrix.postgres }}
    strategy:
      matrix:
        node: ['16', '18', '20', '22', '24']
        postgres: ['18']
        include:
          - node: '26'
            postgres: '13'
          - node: '26'
            postgres: '14'
        os: [ubuntu-latest]
        cxxflags: ['-fsanitize=leak -fno-sanitize-recover=all']
    steps:
      - run: yarn test
"""

FALCON_CI = """\
on: [push, pull_request]
jobs:
  run-tox:
    runs-on: ${{ matrix.tox.os || 'ubuntu-latest' }}
    strategy:
      matrix:
        python-version: ["3.12"]
        tox:
          - env: pep8
          - env: py39
            python-version: "3.9"
          - env: py312_cython
    steps:
      - run: tox -e ${{ matrix.tox.env }}
"""


def test_the_ci_fact_says_what_a_change_is_tested_across(make_project):
    files = {"package.json": '{"name": "pg", "scripts": {"test": "mocha", "lint": "eslint ."}}', "index.js": "",
             ".github/workflows/ci.yml": NODE_PG_CI}  # fmt: skip
    ci = bodies(make_project, files, name="node-postgres")["ci"]
    assert "matrix node 16, 18, 20, 22, 24, 26; postgres 13, 14, 18; services postgres" in ci
    assert "os " not in ci and "fsanitize" not in ci  # one value is no axis; a string of options names no version
    files = {"tox.ini": "[tox]\nenvlist = py39\n", "falcon/__init__.py": "", ".github/workflows/tests.yaml": FALCON_CI}
    ci = bodies(make_project, files, name="falcon")["ci"]
    assert "(jobs run-tox, matrix tox env pep8, py39, py312_cython)" in ci


def test_composer_scripts_read_by_what_they_run_and_the_packages_program(make_project):
    composer = (
        '{"name": "deployer/deployer", "bin": ["bin/dep"], "require-dev": {"phpunit/phpunit": "^12"}, "scripts": '
        '{"test": "phpunit", "check": "php-cs-fixer check", "fix": "php-cs-fixer fix", "docgen": "php bin/docgen"}}'
    )
    files = {"composer.json": composer, "bin/dep": "#!/usr/bin/env php\n<?php\n", "bin/docgen": "<?php\n",
             "src/Deployer.php": "<?php\n", "tests/DeployerTest.php": "<?php\n"}  # fmt: skip
    learned = bodies(make_project, files, name="deployer")
    assert learned["workflow/lint"].startswith("To lint: `composer check`")
    assert learned["workflow/docs"].startswith("To build or preview the docs: `composer docgen`")
    assert learned["workflow/run"].startswith("To run: `php bin/dep`")


def test_tests_found_by_their_cases_by_node_names_and_by_cargos_layout(make_project):
    case = '#include <catch.hpp>\n\nTEST_CASE("JsonArray::add()") {\n  REQUIRE(true);\n}\n'
    files = {"src/ArduinoJson.hpp": "#pragma once\n" * 20, "extras/tests/JsonArray/add.cpp": case,
             "extras/tests/JsonArray/clear.cpp": case, "extras/tests/CMakeLists.txt": "add_subdirectory(JsonArray)\n"}  # fmt: skip
    assert bodies(make_project, files, name="ArduinoJson")["layout/tests"].startswith(
        "2 test files, named for what they test; they live in extras/tests/"
    )
    files = {"package.json": '{"name": "pg", "scripts": {"test": "make test-all"}}', "lib/client.js": "",
             "test/unit/client/query-tests.js": "", "test/unit/client/config-tests.js": ""}  # fmt: skip
    assert "named *-tests.js" in bodies(make_project, files, name="node-postgres")["layout/tests"]
    cargo = '[package]\nname = "redb"\nversion = "4.0.0"\n\n[workspace]\nmembers = [".", "crates/redb-derive"]\n\n' \
            '[dev-dependencies]\nredb2_6 = { version = "=2.6.0", package = "redb" }\n'  # fmt: skip
    files = {"Cargo.toml": cargo, "src/lib.rs": "pub fn f() {}\n", "tests/basic_tests.rs": "#[test]\nfn a() {}\n",
             "crates/redb-derive/Cargo.toml": '[package]\nname = "redb-derive"\n',
             "crates/redb-derive/src/lib.rs": "pub fn g() {}\n"}  # fmt: skip
    learned = bodies(make_project, files, name="redb")
    assert "they live in tests/" in learned["layout/tests"] and "tests/*.rs" in learned["layout/tests"]
    assert learned["workflow/test-one"].startswith("To run one test: `cargo test --test basic_tests`")


def test_a_guides_plain_target_before_its_variants_and_checkstyle_as_the_linter(make_project):
    agents = (
        "# Agents\n\nPython tests (`just test_py`) need maturin.\n\n**Always run `just test`** before you are done.\n"
    )
    files = {"Cargo.toml": '[package]\nname = "redb"\n', "src/lib.rs": "", "AGENTS.md": agents,
             "justfile": "test:\n    cargo test\n\ntest_py:\n    pytest\n"}  # fmt: skip
    assert bodies(make_project, files, name="redb")["workflow/test"].startswith("To test: `just test` — from AGENTS.md")
    pom = ("<project><artifactId>dnsjava</artifactId><build><plugins><plugin><artifactId>maven-checkstyle-plugin"
           "</artifactId><configuration><configLocation>checkstyle/checkstyle-config.xml</configLocation>"
           "</configuration></plugin><plugin><groupId>com.diffplug.spotless</groupId><artifactId>spotless-maven-plugin"
           "</artifactId></plugin></plugins></build></project>")  # fmt: skip
    files = {"pom.xml": pom, "src/main/java/org/xbill/DNS/Message.java": "package org.xbill.DNS;\n"}
    assert bodies(make_project, files, name="dnsjava")["workflow/lint"].startswith("To lint: `mvn checkstyle:check`")


def test_changelogs_written_by_tools_or_asked_for_by_the_agent_file(make_project):
    rakefile = 'task :release do\n  system! ENV, "bundle exec github_changelog_generator --user me"\nend\n'
    files = {"Gemfile": "source 'https://rubygems.org'\n", "lib/good_job.rb": "", "Rakefile": rakefile,
             "CHANGELOG.md": "# Changelog\n\n## v4.0.0\n\n- Change (#12)\n"}  # fmt: skip
    assert "generated by github_changelog_generator" in bodies(make_project, files, name="good_job")["rules/changelog"]
    pyproject = '[project]\nname = "falcon"\n\n[tool.towncrier]\nfilename = "docs/changes/4.4.0.rst"\n' \
                'directory = "docs/_newsfragments"\n'  # fmt: skip
    files = {"pyproject.toml": pyproject, "falcon/__init__.py": "", "CHANGES.rst": "To find our changes, see docs.\n",
             "docs/_newsfragments/1.bugfix.rst": "Fixed.\n"}  # fmt: skip
    assert bodies(make_project, files, name="falcon")["rules/changelog"].startswith(
        "docs/changes/4.4.0.rst is built by towncrier"
    )


def test_an_agent_file_that_points_elsewhere_an_rst_link_a_shipped_test_helper_and_a_repeated_editorconfig(
    make_project,
):
    readme = "The Falcon Web Framework\n========================\n\n`Falcon <https://falconframework.org>`__ is " \
             "a minimalist ASGI/WSGI framework for building REST APIs.\n"  # fmt: skip
    helper = '"""Base class.\n\n    Example::\n\n        class TestMe(TestCase):\n            def test_get(self):\n' \
             '                pass\n"""\nclass TestCase:\n    pass\n'  # fmt: skip
    files = {"README.rst": readme, "pyproject.toml": '[project]\nname = "falcon"\n', "falcon/__init__.py": "",
             "falcon/testing/__init__.py": "", "falcon/testing/test_case.py": helper,
             "tests/test_app.py": "def test_a():\n    pass\n", "AGENTS.md": "Go read the technical notes in "
             "CONTRIBUTING.md\n", "CONTRIBUTING.md": "# Contributing\n\n- Run the tests before you push.\n",
             ".editorconfig": "root = true\n\n[*]\nindent_style = space\nindent_size = 4\n",
             "falcon/static/app.js": "var a = 1;\n"}  # fmt: skip
    learned = bodies(make_project, files, name="falcon")
    assert learned["project/summary"].startswith("Project Falcon: Falcon is a minimalist")
    assert "falcon/testing" not in learned["layout/tests"]
    assert "rules/AGENTS.md" not in learned
    assert "style/javascript" not in learned


ARDUINO_CI = """\
on: [push, pull_request]
jobs:
  arduino:
    runs-on: ubuntu-latest
    steps:
      - run: arduino-cli compile --library . --warnings all -b ${{ matrix.board }} "examples/Json/Json.ino"
  esp-idf:
    runs-on: ubuntu-latest
    steps:
      - run: cd extras/ci/espidf && idf.py build
  amalgamate:
    runs-on: ubuntu-latest
    steps:
      - run: extras/scripts/build-single-header.sh "src/ArduinoJson.h"
      - run: |
          g++ -x c++ - <<END
          #include "ArduinoJson.h"
          int main() {
            JsonDocument doc;
          }
          END
"""


def test_ci_snippets_example_sketches_and_packaging_jobs_are_not_commands(make_project):
    cmake = "cmake_minimum_required(VERSION 3.15)\nproject(ArduinoJson)\nadd_library(ArduinoJson INTERFACE)\n" \
            "include(CTest)\nif(BUILD_TESTING)\n  add_subdirectory(extras/tests)\nendif()\n"  # fmt: skip
    files = {"CMakeLists.txt": cmake, "src/ArduinoJson.h": "#pragma once\n" * 20, ".github/workflows/ci.yml": ARDUINO_CI,
             "extras/tests/CMakeLists.txt": "set(CMAKE_CXX_STANDARD 11)\n",
             "extras/tests/Cpp20/CMakeLists.txt": "set(CMAKE_CXX_STANDARD 20)\n",
             "extras/tests/JsonArray/add.cpp": 'TEST_CASE("add") {\n}\n' * 10}  # fmt: skip
    learned = bodies(make_project, files, name="ArduinoJson")
    assert "workflow/docs" not in learned  # `JsonDocument doc;` is C++ fed to the compiler
    assert learned["workflow/build"].startswith("To build: `cmake -S . -B build && cmake --build build")
    assert "when an option asks" not in learned["cpp/build"]


def test_a_wrapper_folder_a_tagged_fuzz_target_a_per_package_changelog_and_a_test_package(make_project):
    fuzz = "//go:build vfs\n\npackage main_test\n\nfunc FuzzVFS(f *testing.F) {}\n"
    files = {"go.mod": "module github.com/benbjohnson/litestream\n\ngo 1.25\n", "db.go": "package litestream\n" * 30,
             "replica.go": "package litestream\n" * 30, "cmd/litestream-vfs/fuzz_test.go": fuzz,
             "restore_fuzz_test.go": "package litestream\n\nfunc FuzzRestore(f *testing.F) {}\n",
             "packages/npm/litestream-vfs/index.js": "module.exports = 1\n",
             "packages/npm/litestream-vfs/package.json": '{"name": "litestream-vfs"}',
             "packages/python/setup.py": "from setuptools import setup\n"}  # fmt: skip
    learned = bodies(make_project, files, name="litestream")
    assert "monorepo" not in learned["layout/folders"]
    assert "-fuzz '^FuzzRestore$'" in learned["go/fuzz"] and " ." in learned["go/fuzz"]
    changelog = "# Changelog\n\n## pg@8.23.0\n\n- Add pipelining.\n\n## pg@8.0.0\n\n- Drop node 8.\n\n" \
                "### 7.0.0\n\n- Remove `pg.connect` singleton methods.\n- Error fields no longer differ.\n"  # fmt: skip
    root = '{"name": "node-postgres", "private": true, "workspaces": ["packages/*"]}'
    files = {"package.json": root, "CHANGELOG.md": changelog, "packages/pg/package.json": '{"name": "pg"}',
             "packages/pg/lib/index.js": "module.exports = {}\n" * 20,
             "packages/pg-bundler-test/package.json": '{"name": "pg-bundler-test", "private": true, '
             '"devDependencies": {"vite": "^5", "rollup": "^4", "webpack": "^5", "esbuild": "^0.20"}}'}  # fmt: skip
    learned = bodies(make_project, files, name="node-postgres")
    assert "history/major-release" not in learned
    assert "Vite" not in learned.get("javascript/stack", "") and "webpack" not in learned.get("javascript/stack", "")
