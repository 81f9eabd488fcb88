"""Causes found in the sixty-ninth round."""

from __future__ import annotations

import json

from tests.profile.learned import bodies

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
