"""Causes found on sets 97–100's run (issue 17, forty-second round): Cargo's [[test]] and [[bin]] names, an AFL
harness offered as the program to run, one *_test.rb base class hiding fifty test_*.rb files, a Makefile's
`## comment` read as prerequisites, a composer `cs` script that rewrites, and hooks run with prek."""

from __future__ import annotations

import json

from tests.profile.learned import bodies


def test_cargo_target_names_come_from_the_manifest(make_project):
    manifest = ('[package]\nname = "derive_more"\nversion = "2.0.0"\n\n[features]\nerror = []\n\n[[test]]\n'
                'name = "error"\npath = "tests/error_tests.rs"\nrequired-features = ["error"]\n\n[[test]]\n'
                'name = "boats"\npath = "tests/boat_tests.rs"\n')  # fmt: skip
    files = {"Cargo.toml": manifest, "src/lib.rs": "pub fn f() {}\n",
             "tests/error_tests.rs": "#[test]\nfn e() {}\n", "tests/boat_tests.rs": "#[test]\nfn b() {}\n"}  # fmt: skip
    one = bodies(make_project, files, name="derive_more")["workflow/test-one"]
    assert "--test boats" in one and "error_tests" not in one and "boat_tests" not in one
    workspace = {"Cargo.toml": '[workspace]\nmembers = ["redis", "afl/parser"]\n',
                 "redis/Cargo.toml": '[package]\nname = "redis"\nversion = "1.0.0"\n', "redis/src/lib.rs": "pub fn f() {}\n",
                 "afl/parser/Cargo.toml": '[package]\nname = "fuzz-target-parser"\nversion = "0.1.0"\n\n[dependencies]\n'
                                          'afl = "0.18"\n\n[[bin]]\nname = "fuzz-target"\npath = "src/main.rs"\n',
                 "afl/parser/src/main.rs": "fn main() {}\n"}  # fmt: skip
    assert "workflow/run" not in bodies(make_project, workspace, name="redis-rs")


def test_a_test_base_class_named_like_a_test_leaves_the_suite_counted(make_project):
    files = {"lib/zeitwerk.rb": "module Zeitwerk; end\n", "test/test_helper.rb": "require 'minitest/autorun'\n",
             "test/support/loader_test.rb": "class LoaderTest < Minitest::Test\n  def setup; end\nend\n",
             **{f"test/lib/test_case_{n}.rb": f"class T{n} < LoaderTest\n  test 'x' do\n  end\nend\n" for n in range(5)}}  # fmt: skip
    layout = bodies(make_project, files, name="zeitwerk")["layout/tests"]
    assert layout.startswith("5 test files, named test_*.rb")


def test_makefile_comments_are_no_prerequisites(make_project):
    makefile = ("help:\n\t@grep -E '^[a-z]+:.*##' Makefile\n\ntest:  ## Runs all the tests\ntest: test_core\n\n"
                "test_core:  ## Runs the core tests\ntest_core: vendor\n\tbin/phpunit\n\nvendor: composer.lock\n"
                "\tcomposer install\n\ncomposer.lock: composer.json\n\t@echo composer.lock is not up to date\n")  # fmt: skip
    composer = {"name": "nelmio/alice", "require-dev": {"phpunit/phpunit": "^9", "friendsofphp/php-cs-fixer": "^3"},
                "scripts": {"cs": "vendor/bin/php-cs-fixer fix --diff --verbose"}}  # fmt: skip
    files = {"Makefile": makefile, "composer.json": json.dumps(composer), "src/Loader.php": "<?php\n",
             ".php-cs-fixer.dist.php": "<?php\nreturn (new PhpCsFixer\\Config())->setRules(['@PSR12' => true]);\n",
             "tests/LoaderTest.php": "<?php\nclass LoaderTest extends TestCase {}\n"}  # fmt: skip
    learned = bodies(make_project, files, name="alice")
    assert "`make test`" in learned["tasks/make"] and "`make test_core`" in learned["tasks/make"]
    assert learned["workflow/test"].startswith("To test: `make test`")
    fixer = bodies(make_project, {n: b for n, b in files.items() if n != "Makefile"}, name="firebase-php")
    assert fixer["workflow/format"].startswith("To format: `composer cs`")
    assert "composer cs" not in fixer.get("workflow/lint", "")


def test_hooks_run_with_prek_where_the_project_runs_prek(make_project):
    config = ("repos:\n- repo: https://github.com/astral-sh/ruff-pre-commit\n  rev: v0.6.0\n  hooks:\n"
              "  - id: ruff\n  - id: ruff-format\n")  # fmt: skip
    readme = "# lektor\n\n## Development\n\n```\n$ uv run prek install\n```\n"
    files = {".pre-commit-config.yaml": config, "Makefile": "lint:\n\tuv run prek run -v -a\n", "README.md": readme,
             "pyproject.toml": '[project]\nname = "lektor"\nversion = "3"\n', "lektor/__init__.py": "x = 1\n"}  # fmt: skip
    learned = bodies(make_project, files, name="lektor")
    assert "`prek run --all-files`" in learned["workflow/format"] and "pre-commit run" not in learned["workflow/format"]
    assert "prek install" not in learned.get("workflow/run", "")


def test_an_abbreviation_ends_no_sentence_and_a_missing_test_class_runs_nothing(make_project):
    package = {"name": "cytoscape", "description": "Graph theory (a.k.a. network) library for analysis"}
    assert "(a.k.a. network) library" in bodies(make_project, {"package.json": json.dumps(package),
                                                              "src/index.mjs": "export {};\n"}, name="cy")["project/summary"]  # fmt: skip
    guide = "# Contributing\n\nRun one test class:\n\n```\nmvn -Dtest=TestMySQL test\n```\n\nRun `mvn verify`.\n"
    files = {"CONTRIBUTING.md": guide, "pom.xml": "<project><artifactId>sqlancer</artifactId></project>\n",
             "src/sqlancer/Main.java": "class Main {}\n", "test/sqlancer/dbms/TestMySQLTLP.java": "class TestMySQLTLP {}\n"}  # fmt: skip
    assert "TestMySQL " not in bodies(make_project, files, name="sqlancer").get("workflow/test-one", "")


def test_ci_keeps_a_plain_setting_the_tests_need(make_project):
    workflow = ("on: [push, pull_request]\njobs:\n  citus:\n    runs-on: ubuntu-latest\n    steps:\n"
                "      - uses: actions/checkout@v4\n      - run: CITUS_AVAILABLE=true mvn -Dtest=TestCitus test\n"
                "      - run: CFLAGS=-Werror mvn package\n")  # fmt: skip
    files = {".github/workflows/main.yml": workflow, "pom.xml": "<project><artifactId>x</artifactId></project>\n",
             "src/Main.java": "class Main {}\n", "test/TestCitus.java": "class TestCitus { @Test void t() {} }\n"}  # fmt: skip
    one = bodies(make_project, files, name="sqlancer")["workflow/test-one"]
    assert "`CITUS_AVAILABLE=true mvn -Dtest=TestCitus test`" in one


def test_consoles_gem_tasks_and_a_site_build_are_no_tests_or_build(make_project):
    readme = "# steep\n\n## Testing\n\nTo try things out, run:\n\n```\nbin/console\n```\n\nThen run `rake install`.\n"
    files = {"README.md": readme, "bin/console": "#!/usr/bin/env ruby\nrequire 'irb'\n",
             "Rakefile": "require 'bundler/gem_tasks'\nrequire 'rake/testtask'\nRake::TestTask.new(:test)\n",
             "Gemfile": "source 'https://rubygems.org'\ngemspec\n", "steep.gemspec": "Gem::Specification.new\n",
             "lib/steep.rb": "module Steep; end\n", "test/steep_test.rb": "class SteepTest < Minitest::Test\nend\n",
             "requirements.txt": "mkdocs == 1.6.1\njinja2==3.1.6\n"}  # fmt: skip
    learned = bodies(make_project, files, name="steep")
    assert "bin/console" not in learned.get("workflow/test", "") and "rake install" not in learned.get(
        "workflow/test", ""
    )
    assert "python/stack" not in learned
    workflow = ("on: [push]\njobs:\n  docs:\n    runs-on: ubuntu-latest\n    steps:\n      - uses: actions/checkout@v4\n"
                "      - run: cd website && yarn run build\n")  # fmt: skip
    site = {".github/workflows/docs.yml": workflow, "website/package.json": '{"scripts": {"build": "docusaurus build"}}',
            "composer.json": '{"name": "thecodingmachine/graphqlite"}', "src/Schema.php": "<?php\n"}  # fmt: skip
    built = bodies(make_project, site, name="graphqlite")
    assert (
        "website" not in built.get("workflow/build", "") and "`cd website && yarn run build`" in built["workflow/docs"]
    )


def test_root_format_scripts_copied_browser_libraries_and_what_generated_files_are_made_from(make_project):
    files = {".clang-format": "BasedOnStyle: LLVM\n", "format-code": "#!/bin/sh\nclang-format -i $(git ls-files '*.cc')\n",
             "libqpdf/QPDF.cc": "int x;\n", "include/qpdf/QPDF.hh": "int y;\n",
             **{f"lib/gollum/public/javascript/MathJax/m{n}.js": "var m = 1;\n" * 400 for n in range(3)},
             "lib/gollum/public/assets/editor-" + "0" * 64 + ".js": "var e = 1;\n" * 900}  # fmt: skip
    learned = bodies(make_project, files, name="qpdf")
    assert "Nothing in the repository runs it" not in learned.get("style/cpp", "")
    assert "JavaScript" not in learned["languages"]
    go = {"go.mod": "module gojq\n\ngo 1.22\n", "func.go": "package gojq\n\n//go:generate go run _tools/gen.go -i builtin.jq -o builtin.go\n",
          "builtin.jq": "def a: 1;\n", "builtin.go": "// Code generated by _tools/gen.go; DO NOT EDIT.\n\npackage gojq\n",
          "parser.go.y": "%{\n%}\n", "parser.go": "// Code generated by goyacc -o parser.go parser.go.y. DO NOT EDIT.\n\npackage gojq\n"}  # fmt: skip
    rules = bodies(make_project, go, name="gojq")["rules/config"]
    assert "builtin.go (from builtin.jq)" in rules and "parser.go (from parser.go.y)" in rules


def test_a_tox4_project_with_a_leftover_whitelist_and_ci_running_one_env(make_project):
    tox = ("[tox]\nminversion = 4.0\nenvlist = py312,isort,docs\n\n[testenv]\nwhitelist_externals = true\n"
           "commands = pytest\n\n[testenv:isort]\ncommands = isort {posargs}\n\n[testenv:docs]\n"
           "commands = sphinx-build -b html docs build\n")  # fmt: skip
    workflow = ("on: [push, pull_request]\njobs:\n  lint:\n    runs-on: ubuntu-latest\n    steps:\n"
                "      - uses: actions/checkout@v4\n      - run: tox -e isort -- --check\n")  # fmt: skip
    files = {"tox.ini": tox, ".github/workflows/lint.yml": workflow, "pyproject.toml": '[project]\nname = "gl"\n',
             "gitlab/__init__.py": "x = 1\n", "tests/test_a.py": "def test_a(): pass\n", "docs/conf.py": "x = 1\n"}  # fmt: skip
    learned = bodies(make_project, files, name="python-gitlab")
    assert learned["workflow/docs"].startswith("To build or preview the docs: `tox -e docs`")
    assert "tox -e isort" not in learned["workflow/test"] and "`tox -e isort -- --check`" in learned["workflow/lint"]
