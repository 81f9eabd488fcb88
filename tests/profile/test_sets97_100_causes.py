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
