"""Causes found in the sixty-ninth round."""

from __future__ import annotations

import json

from tests.profile.learned import bodies, repo_bodies, workflow

CASE = "def test_one():\n    assert True\n"
HOOKS = (
    "repos:\n  - repo: https://github.com/astral-sh/ruff-pre-commit\n    rev: v0.6.0\n    hooks:\n"
    "      - id: ruff-check\n      - id: ruff-format\n"
)


def test_a_target_or_tox_env_running_a_hook_the_config_no_longer_declares_is_dropped(make_project):
    # BentoML's `make lint` runs `pre-commit run --all-files ruff` and napari's `tox -e ruff` runs `prek run ruff`,
    # both after the hook became ruff-check: pre-commit stops with "No hook with id `ruff`"
    files = {
        ".pre-commit-config.yaml": HOOKS,
        "Makefile": "lint:\n\t@echo linting\n\t@pre-commit run --all-files ruff\n"
        "type:\n\t@pre-commit run typecheck --all-files\n",
        "tox.ini": "[tox]\nenvlist = py312\n\n[testenv]\ncommands = pytest\n\n[testenv:ruff]\nskip_install = True\n"
        "deps = prek\ncommands = prek run ruff --all-files\n",
        "CONTRIBUTING.md": "# Contributing\n\nLint with `make lint` or `tox -e ruff`; type-check with `make type`.\n",
        "pyproject.toml": '[project]\nname = "bento"\n',
        "bento/__init__.py": "",
        "tests/test_bento.py": CASE,
    }
    learned = bodies(make_project, files, name="bento")
    lint = learned.get("workflow/lint", "")
    assert "`make lint`" not in lint and "`tox -e ruff`" not in lint, lint
    assert "`make type`" not in learned.get("workflow/typecheck", ""), learned.get("workflow/typecheck")


def test_a_hook_config_that_only_scans_for_secrets_and_fixes_whitespace_gives_no_lint_command(make_project):
    # passbolt's one hook is gitleaks; risingwave's are whitespace fixers, typos and rustfmt: no linter of the code
    config = (
        "repos:\n  - repo: https://github.com/gitleaks/gitleaks\n    rev: v8.18.0\n    hooks:\n      - id: gitleaks\n"
        "  - repo: https://github.com/pre-commit/pre-commit-hooks\n    rev: v4.6.0\n    hooks:\n"
        "      - id: trailing-whitespace\n  - repo: https://github.com/crate-ci/typos\n    rev: v1.0.0\n    hooks:\n"
        "      - id: typos\n"
    )
    files = {
        ".pre-commit-config.yaml": config,
        "composer.json": json.dumps({"name": "pass/api", "scripts": {"cs-check": "phpcs -p src"}}),
        "src/App.php": "<?php\nclass App {}\n",
    }
    lint = bodies(make_project, files, name="api").get("workflow/lint", "")
    assert "pre-commit run --all-files" not in lint, lint
    assert lint.startswith("To lint: `composer cs-check`"), lint


def test_tasks_that_set_up_or_tear_down_the_test_environment_are_not_the_test_command(make_project):
    # werf's `task test:setup:environment` starts kind and a registry; `task test:unit` runs the tests
    guide = (
        "# Contributing\n\n## Testing\n\nPrepare the environment with `task test:setup:environment`, run the tests "
        "with `task test:unit`, and clean up with `task test:cleanup:environment`.\n"
    )
    taskfile = (
        "version: '3'\ntasks:\n  test:setup:environment:\n    cmds:\n      - kind create cluster\n"
        "  test:unit:\n    cmds:\n      - go test ./pkg/...\n  test:cleanup:environment:\n    cmds:\n"
        "      - kind delete cluster\n"
    )
    files = {
        "CONTRIBUTING.md": guide,
        "Taskfile.yaml": taskfile,
        "go.mod": "module example.com/werf\n\ngo 1.22\n",
        "pkg/a/a.go": "package a\n",
        "pkg/a/a_test.go": 'package a\n\nimport "testing"\n\nfunc TestA(t *testing.T) {}\n',
    }
    test = bodies(make_project, files, name="werf")["workflow/test"]
    assert test.startswith("To test: `task test:unit`"), test
    assert "environment" not in test, test


def test_a_dev_server_script_in_the_guides_testing_steps_is_no_test(make_project):
    # sanity's AGENTS.md "Running e2e tests", step 4: start the studio with `pnpm --filter studio-e2e-testing dev`
    guide = (
        "# Agents\n\n## Testing\n\nRun all tests with `pnpm test`.\n\n### Running e2e tests\n\n"
        "1. **Start the studio** on port 3339:\n\n   ```bash\n   pnpm --filter studio-e2e-testing dev\n   ```\n\n"
        "2. Run the specs: `pnpm test:e2e`.\n"
    )
    files = {
        "AGENTS.md": guide,
        "package.json": json.dumps(
            {"name": "studio", "scripts": {"test": "vitest run", "test:e2e": "playwright test"}}
        ),
        "pnpm-lock.yaml": "lockfileVersion: '9.0'\n",
        "pnpm-workspace.yaml": "packages:\n  - dev/*\n",
        "dev/studio-e2e-testing/package.json": json.dumps({"name": "studio-e2e-testing", "scripts": {"dev": "vite"}}),
        "src/index.ts": "export const a = 1;\n",
        "src/index.test.ts": "import { test } from 'vitest';\ntest('a', () => {});\n",
    }
    learned = bodies(make_project, files, name="studio")
    assert "studio-e2e-testing" not in learned.get("workflow/test-one", ""), learned.get("workflow/test-one")
    assert "studio-e2e-testing" not in learned.get("workflow/test", ""), learned.get("workflow/test")


def test_a_bare_script_under_single_test_words_is_not_one_test(make_project):
    # joint's "To run a single test suite": `yarn test-client` runs every client test in every package
    guide = "# Contributing\n\n## Tests\n\nTo run a specific test, use `yarn test-client`.\n"
    files = {
        "CONTRIBUTING.md": guide,
        "package.json": json.dumps({"name": "joint", "scripts": {"test": "jest", "test-client": "jest client"}}),
        "yarn.lock": "",
        "src/a.js": "module.exports = 1;\n",
        "test/a.test.js": "test('a', () => {});\n",
    }
    learned = bodies(make_project, files, name="joint")
    assert "test-client" not in learned.get("workflow/test-one", ""), learned.get("workflow/test-one")


def test_a_lint_fix_script_is_no_format_command_where_prettier_formats(make_project):
    # payload's CLAUDE.md "format: `pnpm run lint:fix`", which runs eslint --fix with prettier's rules turned off
    guide = "# Claude\n\n## Formatting\n\nFormat with `pnpm run lint:fix`.\n"
    package = {
        "name": "cms",
        "scripts": {"lint": "eslint .", "lint:fix": "eslint . --fix", "format": "prettier --write ."},
        "devDependencies": {"eslint": "9", "prettier": "3"},
    }
    files = {
        "CLAUDE.md": guide,
        "package.json": json.dumps(package),
        "pnpm-lock.yaml": "lockfileVersion: '9.0'\n",
        ".prettierrc": "{}\n",
        "src/index.ts": "export const a = 1;\n",
    }
    fmt = bodies(make_project, files, name="cms")["workflow/format"]
    assert "lint:fix" not in fmt, fmt
    assert "`pnpm run format`" in fmt or "`pnpm format`" in fmt, fmt


def test_a_composer_script_that_only_echoes_checks_nothing(make_project):
    # log-viewer's `composer analyse`: `echo "Static analysis not configured yet." && exit 0`
    scripts = {"analyse": 'echo "Static analysis not configured yet." && exit 0', "test": "vendor/bin/pest"}
    files = {
        "composer.json": json.dumps({"name": "opcodes/log-viewer", "scripts": scripts}),
        "src/Viewer.php": "<?php\nclass Viewer {}\n",
        "tests/ViewerTest.php": "<?php\nit('works', fn () => true);\n",
    }
    learned = bodies(make_project, files, name="log-viewer")
    assert "analyse" not in learned.get("workflow/typecheck", ""), learned.get("workflow/typecheck")


def test_a_go_make_install_that_installs_the_binaries_is_no_set_up(make_project):
    # tyk's `make install` is `$(GOINSTALL) -tags …`: the gateway lands in GOPATH/bin, nothing is set up
    makefile = (
        'GOCMD=go\nGOINSTALL=$(GOCMD) install\n\ninstall:\n\t$(GOINSTALL) -tags "goplugin"\n\ntest:\n\tgo test ./...\n'
    )
    files = {
        "Makefile": makefile,
        "go.mod": "module example.com/tyk\n\ngo 1.22\n",
        "main.go": "package main\n\nfunc main() {}\n",
        "gateway/g_test.go": 'package gateway\n\nimport "testing"\n\nfunc TestG(t *testing.T) {}\n',
    }
    learned = bodies(make_project, files, name="tyk")
    assert "make install" not in learned.get("workflow/install", ""), learned.get("workflow/install")


def test_a_workflow_run_only_when_called_says_so_whatever_its_callers_run_on(make_project):
    # napari's reusable_run_tox_test.yml is `on: workflow_call`, called from a workflow run on pushes and pulls
    caller = (
        "on: [push, pull_request]\njobs:\n  tests:\n    uses: ./.github/workflows/reusable_tests.yml\n"
        "  lint:\n    runs-on: ubuntu-latest\n    steps:\n      - uses: actions/checkout@v4\n      - run: ruff check .\n"
    )
    called = (
        "on:\n  workflow_call:\njobs:\n  tox:\n    runs-on: ubuntu-latest\n    steps:\n"
        "      - uses: actions/checkout@v4\n      - run: tox -e py312\n"
    )
    files = {
        ".github/workflows/test_pull_requests.yml": caller,
        ".github/workflows/reusable_tests.yml": called,
        "tox.ini": "[tox]\nenvlist = py312\n\n[testenv]\ncommands = pytest\n",
        "pyproject.toml": '[project]\nname = "nap"\n',
        "nap/__init__.py": "",
        "tests/test_nap.py": CASE,
    }
    ci = bodies(make_project, files, name="nap")["ci"]
    assert "reusable_tests.yml (jobs tox), run when test_pull_requests.yml calls it" in ci, ci


def _crate(name: str, extra: str = "") -> str:
    return f'[package]\nname = "{name}"\nversion = "0.1.0"\nedition = "2021"\n{extra}'


def test_cargo_run_skips_a_testing_binary_and_one_that_needs_features(make_project):
    # IronCalc's xlsx `test` binary is a QA tool; zebra-utils' zebra-checkpoints requires its feature
    files = {
        "Cargo.toml": '[workspace]\nmembers = ["calc", "utils"]\n',
        "calc/Cargo.toml": _crate("calc"),
        "calc/src/lib.rs": "pub fn a() {}\n",
        "calc/src/bin/test.rs": "fn main() {}\n",
        "utils/Cargo.toml": _crate(
            "utils",
            '\n[[bin]]\nname = "checkpoints"\npath = "src/bin/checkpoints.rs"\nrequired-features = ["checkpoints"]\n\n'
            '[[bin]]\nname = "utils"\npath = "src/main.rs"\n\n[features]\ncheckpoints = []\n',
        ),
        "utils/src/main.rs": "fn main() {}\n",
        "utils/src/bin/checkpoints.rs": "fn main() {}\n",
    }
    run = bodies(make_project, files, name="calc")["workflow/run"]
    assert "--bin test" not in run and "checkpoints" not in run, run
    assert "`cargo run -p utils --bin utils`" in run, run


def test_a_bench_feature_one_members_bench_needs_is_asked_for_that_bench_alone(make_project):
    # zebra-chain's `block` bench requires the feature bench, which zebra-consensus does not have
    bench = "fn main() {}\n"
    files = {
        "Cargo.toml": '[workspace]\nmembers = ["chain", "consensus"]\n',
        "chain/Cargo.toml": _crate(
            "chain",
            '\n[features]\nbench = []\n\n[[bench]]\nname = "block"\nharness = false\nrequired-features = ["bench"]\n\n'
            '[[bench]]\nname = "pallas"\nharness = false\n',
        ),
        "chain/src/lib.rs": "pub fn a() {}\n",
        "chain/benches/block.rs": bench,
        "chain/benches/pallas.rs": bench,
        "consensus/Cargo.toml": _crate("consensus"),
        "consensus/src/lib.rs": "pub fn b() {}\n",
        "consensus/benches/halo.rs": bench,
    }
    said = bodies(make_project, files, name="zebra")["rust/benchmarks"]
    assert "they need the feature" not in said, said
    assert "`cargo bench -p chain --bench block --features bench` for chain/benches/block.rs" in said, said


def test_a_summary_whose_sentence_opens_a_list_loses_the_lead_in(make_project):
    # kcp's "kcp is a Kubernetes-like control plane focusing on:" and forest's "With Forest, you can:"
    readme = "# kcp\n\nkcp is a Kubernetes-like control plane focusing on:\n\n- workspaces\n- APIs\n"
    said = bodies(make_project, {"README.md": readme, "main.go": "package main\n"}, name="kcp")["project/summary"]
    assert said == "Project kcp: kcp is a Kubernetes-like control plane.", said
    readme = "# Forest\n\nForest is a Filecoin node written in Rust. With Forest, you can:\n\n- sync\n- mine\n"
    said = bodies(make_project, {"README.md": readme, "src/main.rs": "fn main() {}\n"}, name="forest")[
        "project/summary"
    ]
    assert said == "Project Forest: Forest is a Filecoin node written in Rust.", said


def test_a_private_root_packages_description_is_not_the_projects(make_project):
    # kolibri's root package.json "kolibri-root": "Development utilities for Kolibri"
    package = {"name": "kolibri-root", "private": True, "description": "Development utilities for Kolibri"}
    files = {
        "package.json": json.dumps(package),
        "setup.py": "from setuptools import setup\nsetup(name='kolibri', description='The offline app for universal "
        "education')\n",
        "kolibri/__init__.py": "",
        "kolibri/app.js": "export const a = 1;\n",
    }
    said = bodies(make_project, files, name="kolibri").get("project/summary", "")
    assert "Development utilities" not in said, said


def test_a_guide_line_that_leans_on_the_sentence_before_it_is_not_a_rule(make_project):
    # kcp's README: "… the Code of Conduct. Please make sure to follow it." kept alone, "it" names nothing
    guide = (
        "# Contributing\n\n## Rules\n\n- Sign off every commit with `git commit -s`.\n"
        "- Please make sure to follow it.\n- Beside that, what governs the project is written elsewhere.\n"
        "- Its manifests should allow custom builds.\n"
    )
    files = {"CONTRIBUTING.md": guide, "go.mod": "module example.com/kcp\n\ngo 1.22\n", "main.go": "package main\n"}
    rules = bodies(make_project, files, name="kcp")["rules/CONTRIBUTING.md"]
    assert "git commit -s" in rules, rules
    assert "follow it" not in rules and "Beside that" not in rules and "Its manifests" not in rules, rules


def test_uv_sync_names_the_extras_where_the_project_declares_conflicting_ones(make_project):
    # lm-evaluation-harness' [tool.uv] conflicts: `uv sync --all-extras` stops, the extras clash
    pyproject = (
        '[project]\nname = "evalh"\nrequires-python = ">=3.10"\n\n[project.optional-dependencies]\n'
        'dev = ["pytest"]\ngptq = ["auto-gptq"]\nvllm = ["vllm"]\n\n'
        '[tool.uv]\nconflicts = [[{ extra = "gptq" }, { extra = "vllm" }]]\n'
    )
    files = {"pyproject.toml": pyproject, "uv.lock": "version = 1\n", "evalh/__init__.py": "", "tests/test_e.py": CASE}
    install = bodies(make_project, files, name="evalh")["workflow/install"]
    assert "--all-extras" not in install, install
    assert "`uv sync --extra dev`" in install, install


def test_requiring_the_package_itself_with_composer_is_no_set_up_of_its_clone(make_project):
    # log-viewer's guide, step 6: `composer require opcodesio/log-viewer` in a separate Laravel app
    guide = (
        "# Contributing\n\n## Setup\n\n1. Install the dependencies: `composer install`\n"
        "2. In your Laravel app, install the package: `composer require opcodesio/log-viewer`\n"
    )
    files = {
        "CONTRIBUTING.md": guide,
        "composer.json": json.dumps({"name": "opcodesio/log-viewer", "require": {"php": "^8.1"}}),
        "src/Viewer.php": "<?php\nclass Viewer {}\n",
    }
    install = bodies(make_project, files, name="log-viewer")["workflow/install"]
    assert "composer require" not in install, install
    assert install.startswith("To install: `composer install`"), install


def test_javadoc_switched_off_by_the_poms_skip_property_is_no_docs_command(make_project):
    # sofa-rpc sets <maven.javadoc.skip>true</maven.javadoc.skip>: `mvn javadoc:javadoc` skips; only its release
    # profile turns it on
    pom = (
        '<project xmlns="http://maven.apache.org/POM/4.0.0">\n  <modelVersion>4.0.0</modelVersion>\n'
        "  <groupId>com.alipay</groupId>\n  <artifactId>rpc</artifactId>\n  <version>1.0</version>\n"
        "  <properties>\n    <maven.javadoc.skip>true</maven.javadoc.skip>\n  </properties>\n"
        "  <build>\n    <plugins>\n      <plugin>\n        <artifactId>maven-javadoc-plugin</artifactId>\n"
        "        <configuration>\n          <skip>${maven.javadoc.skip}</skip>\n        </configuration>\n"
        "      </plugin>\n    </plugins>\n  </build>\n</project>\n"
    )
    files = {"pom.xml": pom, "src/main/java/com/alipay/Rpc.java": "package com.alipay;\npublic class Rpc {}\n"}
    learned = bodies(make_project, files, name="rpc")
    assert "javadoc" not in learned.get("workflow/docs", ""), learned.get("workflow/docs")


def test_spins_declared_commands_are_the_projects_build_test_lint_and_docs(make_project):
    # scipy's [tool.spin.commands]: `spin build`, `spin test`, `spin lint`, `spin docs`, `spin bench`
    pyproject = (
        '[project]\nname = "sci"\n\n[tool.spin]\npackage = "sci"\n\n[tool.spin.commands]\n'
        '"Build" = [".spin/cmds.py:build", ".spin/cmds.py:test", ".spin/cmds.py:lint", "spin.cmds.pip.install"]\n'
        '"Documentation" = [".spin/cmds.py:docs", ".spin/cmds.py:smoke_docs"]\n'
    )
    files = {
        "pyproject.toml": pyproject,
        ".spin/cmds.py": "import click\n",
        "meson.build": "project('sci', 'c')\n",
        "sci/__init__.py": "",
        "sci/tests/test_sci.py": CASE,
    }
    learned = bodies(make_project, files, name="sci")
    assert "`spin test`" in learned["workflow/test"], learned["workflow/test"]
    assert learned["workflow/test-one"].startswith("To run one test: `spin test -t "), learned["workflow/test-one"]
    assert "`spin lint`" in learned["workflow/lint"], learned["workflow/lint"]
    assert "`spin docs`" in learned["workflow/docs"], learned["workflow/docs"]
    assert "spin install" not in learned.get("workflow/install", ""), learned.get("workflow/install")


def test_a_runner_script_in_the_test_folder_runs_the_suite(make_project):
    # robotframework's utest/run.py, Django's tests/runtests.py: the suite's own runner, not a bare unittest discover
    runner = (
        "import sys\nimport unittest\n\nif __name__ == '__main__':\n    unittest.main(module=None, argv=sys.argv)\n"
    )
    files = {
        "setup.py": "from setuptools import setup\nsetup(name='robot')\n",
        "src/robot/__init__.py": "",
        "utest/__init__.py": "",
        "utest/run.py": runner,
        "utest/api/__init__.py": "",
        "utest/api/test_api.py": "import unittest\n\nclass TestApi(unittest.TestCase):\n    def test_a(self):\n"
        "        pass\n",
    }
    test = bodies(make_project, files, name="robot")["workflow/test"]
    assert test.startswith("To test: `python utest/run.py`"), test


def test_a_folder_of_qt_linguist_files_is_not_called_typescript(make_project):
    # tiled's translations/*.ts are Qt Linguist's XML, beside a package.json elsewhere in the tree
    linguist = '<?xml version="1.0" encoding="utf-8"?>\n<!DOCTYPE TS>\n<TS version="2.1" language="de">\n</TS>\n'
    files = {
        "CMakeLists.txt": "project(tiled CXX)\nadd_executable(tiled src/main.cpp)\n",
        **{f"src/f{n}.cpp": "int f() { return 1; }\n" for n in range(4)},
        "src/main.cpp": "int main() { return 0; }\n",
        **{f"translations/tiled_{lang}.ts": linguist for lang in ("de", "fr", "it", "nl")},
        "docs/package.json": '{"name": "docs"}\n',
    }
    folders = bodies(make_project, files, name="tiled")["layout/folders"]
    assert "translations/ (4 files)" in folders, folders


def test_codeception_cest_files_are_counted_as_tests(make_project):
    # WordPress-Simple-History's 29 *Cest.php acceptance and functional tests beside its *Test.php ones
    files = {
        "composer.json": '{"name": "bonny/history", "require-dev": {"codeception/codeception": "^5"}}\n',
        "src/History.php": "<?php\nclass History {}\n",
        "tests/wpunit/HistoryTest.php": "<?php\nclass HistoryTest {}\n",
        "tests/acceptance/LoginCest.php": "<?php\nclass LoginCest {}\n",
        "tests/acceptance/LogCest.php": "<?php\nclass LogCest {}\n",
    }
    said = bodies(make_project, files, name="history")["layout/tests"]
    assert said.startswith("3 test files, named "), said
    assert "*Cest.php (Codeception)" in said, said


def test_a_root_package_json_for_the_docs_site_sets_up_no_java_project(make_project):
    # openrouteservice's package.json holds VitePress alone: `npm install` and `npm run build-preview` are the docs'
    guide = (
        "# Backend documentation\n\nInstall the dependencies with `npm install` and build with "
        "`npm run build-preview`.\n"
    )
    package = {
        "devDependencies": {"vitepress": "^1.6.3", "mermaid": "^11"},
        "scripts": {"docs:build": "vitepress build docs", "build-preview": "vitepress build docs && vitepress preview"},
    }
    files = {
        "docs/contributing/backend-documentation.md": guide,
        "CONTRIBUTING.md": "# Contributing\n\nSee docs/contributing/backend-documentation.md for the docs.\n",
        "package.json": json.dumps(package),
        "pom.xml": "<project><modelVersion>4.0.0</modelVersion><groupId>org.h</groupId><artifactId>ors</artifactId>"
        "<version>1</version></project>\n",
        **{f"src/main/java/org/h/C{n}.java": f"package org.h;\npublic class C{n} {{}}\n" for n in range(3)},
    }
    learned = bodies(make_project, files, name="ors")
    assert "npm" not in learned.get("workflow/install", ""), learned.get("workflow/install")
    assert "npm" not in learned.get("workflow/build", ""), learned.get("workflow/build")


def test_a_ci_test_run_keeps_its_test_class_from_the_matrix_as_a_placeholder(make_project):
    # openrouteservice's `./mvnw -pl ors-test-scenarios -Dtest=${{ matrix.test-class }} test`: dropped, the run
    # would be every test of the module
    step = (
        "- run: ./mvnw -pl scenarios -Dtest=${{ matrix.test-class }} test -Dcontainer.run.scenario="
        "${{ matrix.test-scenario }}"
    )
    workflow_text = (
        "on: [push]\njobs:\n  it:\n    runs-on: ubuntu-latest\n    strategy:\n      matrix:\n"
        "        test-class: [GeoTest, RepoTest]\n        test-scenario: [jar]\n    steps:\n"
        "      - uses: actions/checkout@v4\n      " + step + "\n"
    )
    files = {
        ".github/workflows/it.yml": workflow_text,
        "pom.xml": "<project><modelVersion>4.0.0</modelVersion><groupId>org.h</groupId><artifactId>ors</artifactId>"
        "<version>1</version><modules><module>scenarios</module></modules></project>\n",
        "scenarios/pom.xml": "<project><artifactId>scenarios</artifactId></project>\n",
        "scenarios/src/test/java/GeoTest.java": "public class GeoTest {}\n",
    }
    ci = bodies(make_project, files, name="ors")["ci"]
    assert "-Dtest=<test-class> test" in ci, ci


def test_a_style_checker_given_the_test_folder_is_no_test_run(make_project):
    # exment's CI `php php-cs-fixer fix --dry-run -v --diff ./tests`: the tests' style checked, none run
    files = {
        ".github/workflows/style.yml": workflow(
            "php php-cs-fixer fix --dry-run -v --diff ./src", "php php-cs-fixer fix --dry-run -v --diff ./tests"
        ),
        "composer.json": json.dumps({"name": "exceedone/exment", "require-dev": {"phpunit/phpunit": "^10"}}),
        "phpunit.xml": "<phpunit><testsuites><testsuite name='u'><directory>tests</directory></testsuite>"
        "</testsuites></phpunit>\n",
        "src/Exment.php": "<?php\nclass Exment {}\n",
        "tests/ExmentTest.php": "<?php\nclass ExmentTest {}\n",
    }
    test = bodies(make_project, files, name="exment")["workflow/test"]
    assert "php-cs-fixer" not in test, test


GRADLE_APP = {
    "settings.gradle": "include ':app'\n",
    "build.gradle": "plugins { id 'java' }\n",
    "gradlew": "#!/bin/sh\n",
    "app/build.gradle": "plugins { id 'java' }\n",
    "app/src/main/java/org/f/App.java": "package org.f;\npublic class App {}\n",
    "app/src/test/java/org/f/AppTest.java": "package org.f;\nimport org.junit.Test;\npublic class AppTest {\n"
    "  @Test public void a() {}\n}\n",
}
"""An Android-style Gradle app with one JUnit test (fdroidclient's shape)."""


def test_a_gradle_task_that_records_screenshots_anew_is_no_test_run(make_project):
    # fdroidclient's `./gradlew :app:updateBasicDefaultDebugScreenshotTest` rewrites the reference images
    guide = (
        "# Contributing\n\n## Tests\n\nRun the tests with `./gradlew :app:testBasicDefaultDebugUnitTest`. After a UI "
        "change, run `./gradlew :app:updateBasicDefaultDebugScreenshotTest` for the screenshot tests.\n"
    )
    files = {"CONTRIBUTING.md": guide, **GRADLE_APP}
    test = bodies(make_project, files, name="fdroid")["workflow/test"]
    assert "updateBasicDefaultDebugScreenshotTest" not in test, test


def test_a_guides_test_filter_matching_no_class_is_no_single_test(make_project):
    # fdroidclient's CONTRIBUTING: `--tests *LocaleSelectionTest*`, a class that no longer exists
    guide = "# Contributing\n\n## Tests\n\nTo run a single test: `./gradlew :app:test --tests *LocaleSelectionTest*`\n"
    files = {"CONTRIBUTING.md": guide, **GRADLE_APP}
    one = bodies(make_project, files, name="fdroid").get("workflow/test-one", "")
    assert "LocaleSelectionTest" not in one, one


def test_snapshot_rewrites_docs_sites_and_format_checks_keep_out_of_the_wrong_roles(make_project):
    # great-tables' `pytest --snapshot-update` and `great-docs build`; lune's scripts/format-check.sh
    guide = (
        "# Contributing\n\n## Tests\n\nRun `pytest`. After a change to the output, run `pytest --snapshot-update`.\n\n"
        "## Build\n\nBuild with `great-docs build`.\n\n## Format\n\nFormat with `scripts/format.sh`; "
        "`scripts/format-check.sh` checks it.\n"
    )
    files = {
        "CONTRIBUTING.md": guide,
        "pyproject.toml": '[project]\nname = "tables"\n\n[tool.pytest.ini_options]\ntestpaths = ["tests"]\n',
        "scripts/format.sh": "#!/bin/sh\nruff format .\n",
        "scripts/format-check.sh": "#!/bin/sh\nruff format --check .\n",
        "tables/__init__.py": "",
        "tests/test_tables.py": CASE,
    }
    learned = bodies(make_project, files, name="tables")
    assert "snapshot-update" not in learned["workflow/test"], learned["workflow/test"]
    assert "great-docs" not in learned.get("workflow/build", ""), learned.get("workflow/build")
    assert "format-check" not in learned["workflow/format"], learned["workflow/format"]


def test_a_ci_job_that_pushes_docker_images_is_no_test_run(make_project):
    # kafdrop's master.yml: `mvn -B clean integration-test package assembly:single docker:build docker:push`
    files = {
        ".github/workflows/master.yml": workflow(
            "mvn -B clean integration-test package assembly:single docker:build docker:push"
        ),
        "pom.xml": "<project><modelVersion>4.0.0</modelVersion><groupId>o</groupId><artifactId>kafdrop</artifactId>"
        "<version>1</version></project>\n",
        "src/main/java/k/App.java": "package k;\npublic class App {}\n",
        "src/test/java/k/AppTest.java": "package k;\nimport org.junit.jupiter.api.Test;\nclass AppTest {\n"
        "  @Test void a() {}\n}\n",
    }
    test = bodies(make_project, files, name="kafdrop")["workflow/test"]
    assert "docker:push" not in test, test


def test_a_members_default_feature_is_not_asked_for_and_a_bench_keeps_its_declared_name(make_project):
    # cosmwasm-crypto's bench needs `std`, on by its default; zebra-like `block` bench is declared as `main`
    files = {
        "Cargo.toml": '[workspace]\nmembers = ["crypto", "vm"]\n',
        "crypto/Cargo.toml": _crate(
            "crypto",
            '\n[features]\ndefault = ["std"]\nstd = []\n\n[[bench]]\nname = "main"\nharness = false\n'
            'required-features = ["std"]\n',
        ),
        "crypto/src/lib.rs": "pub fn a() {}\n",
        "crypto/benches/main.rs": "fn main() {}\n",
        "vm/Cargo.toml": _crate(
            "vm",
            '\n[features]\nslow = []\n\n[[bench]]\nname = "engine"\npath = "benches/main.rs"\nharness = false\n'
            'required-features = ["slow"]\n',
        ),
        "vm/src/lib.rs": "pub fn b() {}\n",
        "vm/benches/main.rs": "fn main() {}\n",
    }
    said = bodies(make_project, files, name="cosm")["rust/benchmarks"]
    assert "feature std" not in said and "--features std" not in said, said
    assert "`cargo bench -p vm --bench engine --features slow` for vm/benches/main.rs" in said, said


def test_a_go_example_that_reads_its_configs_folder_runs_from_inside_it(make_project):
    # gofr's examples/http-server reads configs/.env from the folder it runs in
    main = "package main\n\nfunc main() {}\n"
    files = {
        "go.mod": "module example.com/gofr\n\ngo 1.22\n",
        "pkg/app.go": "package pkg\n",
        "examples/http-server/main.go": main,
        "examples/http-server/configs/.env": "APP_NAME=demo\n",
        "examples/grpc/main.go": main,
    }
    said = bodies(make_project, files, name="gofr")["go/examples"]
    assert "run one with `go run ./examples/grpc`" in said, said  # no configs of its own: from the root
    files.pop("examples/grpc/main.go")
    said = bodies(make_project, files, name="gofr2")["go/examples"]
    assert said.endswith("run one with `cd examples/http-server && go run .`."), said


def test_a_checked_in_sbt_launcher_and_a_compile_without_tests_and_disabled_workflows(make_project):
    # unitycatalog: build/sbt is its launcher; "compile all the code without running tests" is no test run; its
    # disabled_*.yml workflows are switched off
    readme = (
        "# Unity\n\n## Compiling and testing\n\n- To compile all the code without running tests, run the following:\n"
        "  ```sh\n  build/sbt clean compile\n  ```\n- To compile and execute tests, run the following:\n  ```sh\n"
        "  build/sbt clean test\n  ```\n"
    )
    files = {
        "README.md": readme,
        "build.sbt": 'lazy val server = (project in file("server"))\n',
        "build/sbt": "#!/usr/bin/env bash\n",
        "server/src/main/java/io/u/Server.java": "package io.u;\npublic class Server {}\n",
        ".github/workflows/disabled_mlflow-tests.yml": workflow("pytest tests/test_mlflow.py"),
        ".github/workflows/unit-tests.yml": workflow("build/sbt -J-Xmx2G test"),
    }
    learned = bodies(make_project, files, name="unity")
    assert learned["workflow/test"].startswith("To test: `build/sbt clean test`"), learned["workflow/test"]
    assert "`build/sbt compile`" in learned["workflow/build"], learned["workflow/build"]
    assert "mlflow" not in learned.get("workflow/test-one", ""), learned.get("workflow/test-one")
    assert "disabled_mlflow-tests.yml (jobs" not in learned["ci"], learned["ci"]


def test_a_gradle_build_wrapping_a_cpp_project_for_android_is_no_java_project(make_project):
    # ppsspp: a C++ emulator whose root build.gradle.kts builds its Android frontend in android/
    files = {
        "CMakeLists.txt": "project(ppsspp CXX)\nadd_executable(ppsspp Core/main.cpp)\n",
        **{f"Core/f{n}.cpp": "int f() { return 1; }\n" for n in range(8)},
        "Core/main.cpp": "int main() { return 0; }\n",
        "build.gradle.kts": 'plugins {\n    id("com.android.application") version "8.0.0" apply false\n}\n',
        "settings.gradle.kts": 'include(":android")\n',
        "gradlew": "#!/bin/sh\n",
        "android/build.gradle.kts": 'plugins {\n    id("com.android.application")\n}\n',
        "android/src/org/ppsspp/NativeActivity.java": "package org.ppsspp;\npublic class NativeActivity {}\n",
    }
    said = bodies(make_project, files, name="ppsspp")["jvm/packaging"]
    assert " part: build tool Gradle" in said and " project:" not in said, said


def test_a_coverage_report_target_is_no_build(make_project):
    # valhalla's CONTRIBUTING: coverage reports "you can also build them locally by … running `make coverage`"
    guide = (
        "# Contributing\n\n## Building\n\nBuild with `cmake -B build && make -C build`.\n\n## Tests\n\n"
        "Coverage reports are generated for each pull request, but you can also build them locally by passing "
        "`-DENABLE_COVERAGE=On` and running `make coverage`.\n"
    )
    files = {
        "CONTRIBUTING.md": guide,
        "CMakeLists.txt": "project(valhalla CXX)\nadd_executable(valhalla src/main.cpp)\n",
        "src/main.cpp": "int main() { return 0; }\n",
    }
    build = bodies(make_project, files, name="valhalla")["workflow/build"]
    assert "make coverage" not in build, build


def test_mavens_update_snapshots_flag_keeps_a_test_run_and_a_report_only_goal_is_none(make_project):
    # dhis2's CI: `mvn clean test --update-snapshots …` (SNAPSHOT dependencies refreshed), then
    # `mvn surefire-report:report-only`, which only writes the report
    files = {
        ".github/workflows/tests.yml": workflow(
            "mvn clean test --batch-mode --update-snapshots --file ./dhis-2/pom.xml",
            "mvn surefire-report:report-only -Daggregate=true --file ./dhis-2/pom.xml",
        ),
        "dhis-2/pom.xml": "<project><modelVersion>4.0.0</modelVersion><groupId>o</groupId><artifactId>dhis</artifactId>"
        "<version>1</version></project>\n",
        "dhis-2/src/main/java/o/App.java": "package o;\npublic class App {}\n",
    }
    test = bodies(make_project, files, name="dhis2")["workflow/test"]
    assert test.startswith("To test: `mvn clean test --batch-mode --update-snapshots"), test
    assert "report-only" not in test, test


def test_signed_off_commits_with_an_agent_file_forbidding_an_ai_sign_off_say_who_signs(make_project):
    # bootc's AGENTS.md: "If you are a LLM, you MUST NOT include a `Signed-off-by`" though every commit has one
    agents = "# Agents\n\nIf you are a LLM, you MUST NOT include a `Signed-off-by` on generated commits.\n"
    repo = make_project(
        {"AGENTS.md": agents, "src/a.c": "int a;\n"}, name="bootc", message="Start\n\nSigned-off-by: A <a@x.org>"
    )
    for i in range(12):
        repo.write({f"src/f{i}.c": f"int f{i};\n"}).commit(f"core: change {i}\n\nSigned-off-by: A <a@x.org>")
    said = repo_bodies(repo)["git/conventions"]
    assert "an AI agent must not add one (AGENTS.md)" in said, said
    assert "git commit -s" not in said, said


def test_a_nox_session_that_only_collects_the_tests_is_no_test_run(make_project):
    # fides' CI `uv run nox -s collect_tests`: pytest --collect-only, nothing runs
    sessions = (
        "import nox\n\n@nox.session\ndef collect_tests(session):\n    session.run('pytest', '--collect-only')\n\n"
        "@nox.session\ndef unit(session):\n    session.run('pytest', 'tests')\n"
    )
    files = {
        ".github/workflows/ci.yml": workflow("uv run nox -s collect_tests", "uv run nox -s unit"),
        "noxfile.py": "from noxfiles.ci_nox import *  # noqa\n",
        "noxfiles/ci_nox.py": sessions,
        "pyproject.toml": '[project]\nname = "fides"\n',
        "fides/__init__.py": "",
        "tests/test_fides.py": CASE,
    }
    test = bodies(make_project, files, name="fides")["workflow/test"]
    assert "collect_tests" not in test, test
