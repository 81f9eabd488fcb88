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
