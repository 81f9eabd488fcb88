"""Causes found on set 76's run (issue 17, fortieth round): CI lines whose option takes a service's variable, an
action that only installs (`args: --help`), `migrate-get`, Biome with its formatter off, CI branches a clone does not
have, an amalgamated single header, a CMake build that compiles nothing without its tests' option, nested options,
a docs folder's Doxygen target, Poku and its shared helper file, a Composer package's own program, a nox session
that sets up one tool, `pytest` aimed at a folder of no Python, a changelog a workflow writes and a leftover black
table."""

from __future__ import annotations

import json
import subprocess

from tests.profile.learned import bodies

RIVER_CI = """\
on: [push, pull_request]
jobs:
  cli:
    runs-on: ubuntu-latest
    steps:
      - run: river migrate-get --all --exclude-version 1 --down
      - run: river migrate-up --database-url $DATABASE_URL
  golangci:
    runs-on: ubuntu-latest
    steps:
      - uses: golangci/golangci-lint-action@v8
        with:
          args: --help
      - run: make lint
"""


def test_ci_lines_that_need_a_service_an_installing_action_and_migrate_get(make_project):
    files = {"go.mod": "module github.com/riverqueue/river\n\ngo 1.25\n", "river.go": "package river\n",
             ".github/workflows/ci.yaml": RIVER_CI, "Makefile": "lint:\n\tgolangci-lint run\n"}  # fmt: skip
    learned = bodies(make_project, files, name="river")
    assert "--database-url" not in learned["ci"] and "--help" not in learned["ci"]
    assert "workflow/migrate" not in learned and "--help" not in learned.get("workflow/lint", "")


def test_biome_without_its_formatter_and_ci_branches_the_clone_lacks(make_project):
    biome = '{"formatter": {"enabled": false}, "linter": {"enabled": true}}'
    workflow = "on:\n  push:\n    branches: [main, master]\njobs:\n  t:\n    steps:\n      - run: npm test\n"
    files = {"package.json": '{"name": "mysql2", "scripts": {"test": "poku"}, "devDependencies": {"poku": "^4"}}',
             "biome.json": biome, "index.ts": "export {}\n", ".github/workflows/ci.yml": workflow,
             "test/common.test.mts": "export const c = 1\n",
             "test/unit/query.test.mts": "import { it } from 'poku'\nit('q', () => {})\n"}  # fmt: skip
    repo = make_project(files, name="node-mysql2")
    subprocess.run(["git", "-C", str(repo.root), "branch", "-m", "master"], check=True)
    subprocess.run(["git", "-C", str(repo.root), "branch", "feature-x"], check=True)
    from picasso_tui.profile.investigator import investigate

    learned = {f.key: f.body for f in investigate(repo.root)[1]}
    assert "Biome linter" in learned["style/typescript"] and "Biome formatter" not in learned["style/typescript"]
    assert "CI runs on pushes to `master`." in learned["git/branches"]
    assert "Poku" in learned["javascript/stack"] and "common.test" not in learned["workflow/test-one"]


ENTT_CMAKE = """\
cmake_minimum_required(VERSION 3.28)
project(EnTT VERSION 3.16.0 LANGUAGES CXX)
add_library(EnTT INTERFACE)
option(ENTT_BUILD_TESTING "Enable building tests." OFF)
if(ENTT_BUILD_TESTING)
    option(ENTT_BUILD_BENCHMARK "Build benchmark." OFF)
    enable_testing()
    add_subdirectory(test)
endif()
option(ENTT_BUILD_DOCS "Enable building with documentation." OFF)
if(ENTT_BUILD_DOCS)
    add_subdirectory(docs)
endif()
"""


def test_a_header_library_whose_build_needs_its_tests_option(make_project):
    docs = (
        "find_package(Doxygen 1.14)\nadd_custom_target(\n    docs ALL\n    COMMAND ${DOXYGEN_EXECUTABLE} doxy.cfg\n)\n"
    )
    files = {"CMakeLists.txt": ENTT_CMAKE, "docs/CMakeLists.txt": docs,
             "test/CMakeLists.txt": "add_executable(core core.cpp)\nadd_test(NAME core COMMAND core)\n",
             "test/core.cpp": "#include <gtest/gtest.h>\nTEST(Core, A) {}\n",
             **{f"src/entt/core/h{i}.hpp": "#pragma once\n" * 40 for i in range(6)},
             "single_include/entt/entt.hpp": "#pragma once\n" * 2000}  # fmt: skip
    learned = bodies(make_project, files, name="entt")
    assert learned["workflow/build"].startswith("To build: `cmake -S . -B build -DENTT_BUILD_TESTING=ON && cmake")
    assert "-DENTT_BUILD_TESTING=ON -DENTT_BUILD_BENCHMARK=ON" in learned["cpp/benchmarks"]
    assert "-DENTT_BUILD_DOCS=ON" in learned["workflow/docs"]
    assert learned["layout/source"].startswith("Main source in src/entt/")


def test_a_packages_own_program_setup_sessions_pytest_on_rust_tests_and_leftover_tables(make_project):
    composer = {"name": "squizlabs/php_codesniffer", "bin": ["bin/phpcs", "bin/phpcbf"]}
    guide = "# Contributing\n\nCheck the code style:\n\n```bash\nphpcs\n```\n\nDocs for a standard:\n\n```bash\n" \
            "phpcs --standard=PSR12 --generator=Text\n```\n"  # fmt: skip
    files = {"composer.json": json.dumps(composer), "bin/phpcs": "<?php\n", "bin/phpcbf": "<?php\n",
             ".github/CONTRIBUTING.md": guide, "src/Runner.php": "<?php\n"}  # fmt: skip
    learned = bodies(make_project, files, name="PHP_CodeSniffer")
    assert (
        learned["workflow/lint"].startswith("To lint: `php bin/phpcs`") and "generator" not in learned["workflow/lint"]
    )
    noxfile = "import nox\n\n@nox.session(name='setup-pyodide')\ndef setup_pyodide(session):\n    pass\n"
    agents = "# Agents\n\nRun the tests with `pytest tests/` and `cargo test --all-features`.\n"
    pyproject = '[build-system]\nrequires = ["maturin"]\n\n[project]\nname = "maturin"\n\n[tool.black]\n' \
                'target-version = ["py37"]\n\n[tool.ruff]\nline-length = 120\n'  # fmt: skip
    hooks = "repos:\n  - repo: https://github.com/astral-sh/ruff-pre-commit\n    hooks:\n      - id: ruff-format\n"
    files = {"noxfile.py": noxfile, "AGENTS.md": agents, "Cargo.toml": '[package]\nname = "maturin"\n',
             "src/main.rs": "fn main() {}\n", "tests/cli.rs": "#[test]\nfn a() {}\n", "pyproject.toml": pyproject,
             ".pre-commit-config.yaml": hooks, "maturin/__init__.py": ""}  # fmt: skip
    learned = bodies(make_project, files, name="maturin")
    assert "setup-pyodide" not in learned.get("workflow/install", "")
    assert "pytest tests/" not in learned["workflow/test"]
    assert "black" not in learned["style/python"]
    files = {"build.gradle.kts": "plugins { kotlin(\"jvm\") }\n", "CHANGELOG.md": "# Changelog\n\n## [1.8.0]\n\n- x\n",
             ".github/workflows/generate-changelog.yml": "on: workflow_dispatch\njobs: {}\n",
             "src/main/kotlin/Main.kt": "fun main() {}\n"}  # fmt: skip
    assert "generate-changelog.yml workflow" in bodies(make_project, files, name="ktlint")["rules/changelog"]
