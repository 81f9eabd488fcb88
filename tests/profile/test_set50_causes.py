"""Causes found on set 50's run (issue 17, thirty-fifth round): a workspace's root CI line behind its per-crate
copies, JaCoCo's coverage minimums, test libraries only the tests import, a build-and-release workflow that tests
every pull request, and a pre-commit hook install taken for the linter."""

from __future__ import annotations

from tests.profile.learned import bodies

RUST_CI = (
    "name: CI\non: [push, pull_request]\njobs:\n  Package:\n    runs-on: ubuntu-latest\n    strategy:\n      matrix:\n"
    "        package: [askama, askama_derive]\n    steps:\n"
    "      - run: cd ${{ matrix.package }} && cargo clippy --all-targets -- -D warnings\n"
    "  Lint:\n    runs-on: ubuntu-latest\n    steps:\n      - run: cargo clippy --all-targets -- -D warnings\n"
)


def test_the_workspace_ci_line_leads_its_per_crate_copies(make_project):
    files = {".github/workflows/rust.yml": RUST_CI, "Cargo.toml": '[workspace]\nmembers = ["askama", "askama_derive"]\n',
             "askama/Cargo.toml": '[package]\nname = "askama"\n', "askama/src/lib.rs": "pub fn a() {}\n",
             "askama_derive/Cargo.toml": '[package]\nname = "askama_derive"\n',
             "askama_derive/src/lib.rs": "pub fn b() {}\n"}  # fmt: skip
    lint = bodies(make_project, files)["workflow/lint"]
    assert lint.startswith("To lint: `cargo clippy --all-targets -- -D warnings` — from CI")


def test_jacoco_coverage_minimums_are_a_rule(make_project):
    limit = "<limit><counter>{}</counter><value>COVEREDRATIO</value><minimum>1.0</minimum></limit>"
    pom = (
        "<project><build><plugins><plugin><artifactId>jacoco-maven-plugin</artifactId><executions><execution>"
        "<goals><goal>check</goal></goals><configuration><rules><rule><limits>"
        + limit.format("LINE")
        + limit.format("BRANCH")
        + "</limits></rule></rules></configuration></execution></executions></plugin></plugins></build></project>\n"
    )
    learned = bodies(make_project, {"pom.xml": pom, "src/main/java/A.java": "class A {}\n"})
    assert "Line and branch coverage must stay at 100% (JaCoCo's `check` goal" in learned["rules/config"]
    # junit-quickcheck: JaCoCo's rules set, but the only `check` goal bound is spotbugs'
    spotbugs = pom.replace("<goals><goal>check</goal></goals>", "").replace(
        "</plugins>",
        "<plugin><artifactId>spotbugs-maven-plugin</artifactId><executions><execution><goals>"
        "<goal>check</goal></goals></execution></executions></plugin></plugins>",
    )
    unbound = bodies(make_project, {"pom.xml": spotbugs, "src/main/java/A.java": "class A {}\n"}, name="unbound")
    assert "JaCoCo" not in unbound.get("rules/config", "")


def test_test_libraries_the_tests_import_are_named(make_project):
    package = (
        '{"name": "nock", "scripts": {"test": "mocha tests"}, "devDependencies": {"mocha": "^11", "chai": "^4", '
        '"sinon": "^17", "lodash": "^4"}}'
    )
    files = {"package.json": package, "lib/index.js": "module.exports = {};\n",
             "tests/test_a.js": "const { expect } = require('chai')\nconst sinon = require('sinon')\n"}  # fmt: skip
    stack = bodies(make_project, files)["javascript/stack"]
    assert "Test tools: Mocha, Chai, Sinon" in stack
    unused = {**files, "tests/test_a.js": "const assert = require('assert')\n"}
    assert "Chai" not in bodies(make_project, unused, name="unused")["javascript/stack"]


BUILD_RELEASE = (
    "name: build\non:\n  push:\n    branches: ['main']\n    tags: ['*']\n  pull_request:\njobs:\n  tests:\n"
    "    runs-on: ubuntu-latest\n    steps:\n      - run: uv run tox -e py310\n  build:\n    runs-on: ubuntu-latest\n"
    "    steps:\n      - run: uv build\n  publish-to-pypi:\n    if: startsWith(github.ref, 'refs/tags/')\n"
    "    runs-on: ubuntu-latest\n    steps:\n      - run: uv publish\n"
)


def test_a_build_and_release_workflow_that_tests_pull_requests_is_ci(make_project):
    guide = "# Contributing\n\n```\nuv sync\nuv run pre-commit install\n```\n\nRun `uv run tox -e lint` to lint.\n"
    files = {".github/workflows/build-release.yml": BUILD_RELEASE, "CONTRIBUTING.md": guide,
             "pyproject.toml": '[project]\nname = "environs"\nversion = "1"\n', "src/environs/__init__.py": "x = 1\n",
             "tox.ini": "[tox]\nenvlist = py310\n\n[testenv]\ncommands = pytest\n\n[testenv:lint]\ncommands = ruff check\n"}  # fmt: skip
    learned = bodies(make_project, files)
    assert ".github/workflows/build-release.yml" in learned["ci"] and "uv publish" not in learned["ci"]
    assert learned["workflow/build"].startswith("To build: `uv build` — from CI")
    assert "pre-commit install" not in learned["workflow/lint"]
    assert "`uv run pre-commit install`" in learned["workflow/install"]
