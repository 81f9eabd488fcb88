"""Causes found on sets 87 and 88's runs (issue 17, forty-first round, both on `a4c32edb`): a `./do` script of
shell functions as the task runner, and tools Phive installs into tools/ named bare in a guide."""

from __future__ import annotations

from tests.profile.learned import bodies

DO = """#!/usr/bin/env bash
set -o errexit -o nounset -o pipefail

binary() {
    go build -o dist/gotestsum .
}

lint() {
    golangci-lint run -v --config .project/golangci-lint.yml
}

_helper() {
    echo hidden
}

"$@"
"""


def test_a_do_script_of_shell_functions_is_a_task_runner(make_project):
    files = {"go.mod": "module gotest.tools/gotestsum\n\ngo 1.24\n", "main.go": "package main\n\nfunc main() {}\n",
             "do": DO}  # fmt: skip
    learned = bodies(make_project, files, name="gotestsum")
    assert learned["workflow/lint"].startswith("To lint: `./do lint`")
    assert "_helper" not in learned["tasks/do"] and "`./do binary`" in learned["tasks/do"]


def test_phive_tools_run_from_where_phive_puts_them(make_project):
    phive = '<?xml version="1.0"?>\n<phive xmlns="https://phar.io/phive">\n  <phar name="phpunit" version="^10.0" ' \
            'location="./tools/phpunit" copy="true"/>\n  <phar name="phpstan" version="^1.0" location="./tools/' \
            'phpstan" copy="true"/>\n</phive>\n'  # fmt: skip
    guide = "# Contributing\n\nBefore a pull request, check the code with `phpstan`.\n"
    files = {"composer.json": '{"name": "captainhook/captainhook"}', "phive.xml": phive, "CONTRIBUTING.md": guide,
             "phpunit.xml": "<phpunit/>", "src/App.php": "<?php\nclass App {}\n",
             "tests/AppTest.php": "<?php\nclass AppTest {}\n"}  # fmt: skip
    learned = bodies(make_project, files, name="captainhook")
    assert learned["workflow/typecheck"].startswith("To type-check: `tools/phpstan` (after `phive install`)")
    assert learned["workflow/test-one"].startswith("To run one test: `tools/phpunit --filter '<test name>'`")
