"""Causes found in the sixty-fifth round."""

from __future__ import annotations

import json

from tests.profile.learned import bodies, workflow

PNPM_APP = {
    "pnpm-lock.yaml": "lockfileVersion: '9.0'\n",
    "src/index.ts": "export const a = 1;\n",
}


def test_a_command_a_guide_says_to_avoid_in_prose_is_no_command(make_project):
    # atproto's AGENTS.md: "Avoid `pnpm run style:fix` (whole-repo prettier) unless the user explicitly asks …"
    agents = (
        "# AGENTS\n\nFormat one file with `pnpm exec prettier --write <path>`.\n\n"
        "Avoid `pnpm run style:fix` (whole-repo prettier) unless the user explicitly asks for a repo-wide pass.\n"
    )
    package = {"name": "a", "scripts": {"style:fix": "prettier -w ."}}
    files = PNPM_APP | {"package.json": json.dumps(package), "AGENTS.md": agents}
    learned = bodies(make_project, files, name="atp")
    assert "style:fix" not in learned.get("workflow/format", ""), learned.get("workflow/format")


def test_the_answer_to_a_security_question_is_no_contribution_rule(make_project):
    # atproto's CONTRIBUTING.md: "Found a security vulnerability? Don't open an issue or a PR. Email …"
    guide = (
        "# Contributing\n\n> **Found a security vulnerability?** Don't open an issue or a PR. Email security@a.b.\n\n"
        "## Rules\n\n- Every package your change touches needs a changeset entry under .changeset/.\n"
    )
    files = PNPM_APP | {"package.json": json.dumps({"name": "a"}), "CONTRIBUTING.md": guide}
    learned = bodies(make_project, files, name="atp")
    assert "changeset entry" in learned["rules/CONTRIBUTING.md"], learned["rules/CONTRIBUTING.md"]
    assert "Don't open an issue" not in learned["rules/CONTRIBUTING.md"], learned["rules/CONTRIBUTING.md"]


PY_LIB = {
    "pyproject.toml": '[project]\nname = "flair"\nversion = "1"\ndependencies = ["alembic"]\n',
    "flair/__init__.py": "",
    "flair/models.py": "class Model: ...\n",
    "tests/test_models.py": "def test_a():\n    pass\n",
}


def test_ruff_given_a_path_without_a_subcommand_runs_as_ruff_check(make_project):
    # flair's CONTRIBUTING.md: `black . && ruff --fix .`; ruff 0.5 removed that form, `ruff check --fix .` runs
    guide = "# Contributing\n\n## Code formatting\n\nFormat the code before a pull request:\n\n```\nblack . && ruff --fix .\n```\n"
    learned = bodies(make_project, PY_LIB | {"CONTRIBUTING.md": guide}, name="flair")
    assert "`black . && ruff check --fix .`" in learned["workflow/format"], learned["workflow/format"]


def test_alembic_upgrade_needs_an_alembic_config_at_the_root(make_project):
    # indico depends on alembic but keeps alembic.ini in indico/migrations/ and upgrades with its own command
    files = PY_LIB | {"flair/migrations/alembic.ini": "[alembic]\n", "flair/migrations/env.py": "import alembic\n"}
    learned = bodies(make_project, files, name="indico")
    assert "workflow/migrate" not in learned, learned["workflow/migrate"]
    learned = bodies(
        make_project, PY_LIB | {"alembic.ini": "[alembic]\n", "migrations/env.py": "import alembic\n"}, name="app"
    )
    assert "`alembic upgrade head`" in learned["workflow/migrate"], learned.get("workflow/migrate")


RUST = {
    "Cargo.toml": '[package]\nname = "roapi"\nversion = "0.1.0"\nedition = "2021"\n',
    "src/main.rs": "fn main() {}\n",
    "tests/api_test.rs": "#[test]\nfn t() {}\n",
}


def test_a_ci_build_through_the_mold_linker_is_the_plain_build(make_project):
    # roapi's CI installs mold (rui314/setup-mold) and runs `mold -run cargo build`: no contributor has it
    ci = workflow("- uses: rui314/setup-mold@v1", "mold -run cargo build", "mold -run cargo test")
    learned = bodies(make_project, RUST | {".github/workflows/build.yml": ci}, name="roapi")
    assert learned["workflow/build"].startswith("To build: `cargo build`"), learned["workflow/build"]
    assert "mold" not in learned["workflow/test"], learned["workflow/test"]


CPP = {
    "CMakeLists.txt": "cmake_minimum_required(VERSION 3.20)\nproject(scad CXX)\nadd_executable(scad src/main.cc)\n",
    "src/main.cc": "int main() { return 0; }\n",
}


def test_cmake_build_without_its_folder_and_a_named_data_file_are_no_commands(make_project):
    # openscad's README names `cmake --build` in prose; frr's topotests.rst names `tools/valgrind.supp`
    readme = (
        "# scad\n\n## Building\n\nConfigure with `cmake -B build`, then run `cmake --build` in it:\n\n"
        "```\ncmake -B build\ncmake --build build\n```\n\n## Testing\n\nRun under valgrind with `tools/valgrind.supp`.\n"
    )
    files = CPP | {"README.md": readme, "tools/valgrind.supp": "{\n}\n"}
    learned = bodies(make_project, files, name="scad")
    assert "`cmake --build`" not in learned["workflow/build"], learned["workflow/build"]
    assert "valgrind.supp" not in learned.get("workflow/test", ""), learned.get("workflow/test")


def test_a_guides_make_target_whose_recipe_runs_a_missing_script_is_left_out(make_project):
    # scaleway-cli's CLAUDE.md gives `make test`; the target runs ./scripts/test.sh, gone since run-tests.sh
    files = {
        "go.mod": "module example.com/scw\n\ngo 1.22\n",
        "main.go": "package main\n\nfunc main() {}\n",
        "main_test.go": 'package main\n\nimport "testing"\n\nfunc TestA(t *testing.T) {}\n',
        "Makefile": "test:\n\t./scripts/test.sh\n",
        "scripts/run-tests.sh": "#!/bin/sh\ngo test ./...\n",
        "CLAUDE.md": "# CLAUDE\n\n## Commands\n\n```bash\nmake test\n./scripts/run-tests.sh -g\n```\n",
    }
    learned = bodies(make_project, files, name="scw")
    assert "make test" not in learned["workflow/test"], learned["workflow/test"]
    assert "`./scripts/run-tests.sh -g`" in learned["workflow/test"], learned["workflow/test"]


def test_dprint_from_an_npm_dependency_runs_through_the_package_manager(make_project):
    # effect's dprint is a devDependency: `dprint fmt` is on no PATH, `pnpm exec dprint fmt` runs it
    package = {"name": "a", "devDependencies": {"dprint": "^0.50"}}
    files = PNPM_APP | {"package.json": json.dumps(package), "dprint.json": '{"plugins": []}\n'}
    learned = bodies(make_project, files, name="effect")
    assert learned["workflow/format"].startswith("To format: `pnpm exec dprint fmt`"), learned["workflow/format"]


def test_a_bare_tool_runs_as_the_script_over_the_whole_project(make_project):
    # atproto's AGENTS.md names `tsc`; `build:tooling` compiles two packages, `build:ts` the whole project graph
    scripts = {
        "build:tooling": "tsc --build ./packages/lex/tsconfig.build.json",
        "build:ts": "tsc --build tsconfig.json",
    }
    agents = "# AGENTS\n\n## Type-checking\n\nType-check the code with `tsc`.\n"
    files = PNPM_APP | {"package.json": json.dumps({"name": "a", "scripts": scripts}), "AGENTS.md": agents}
    learned = bodies(make_project, files, name="atp")
    assert learned["workflow/typecheck"].startswith("To type-check: `pnpm run build:ts`"), learned["workflow/typecheck"]


def test_a_phpstan_script_with_no_paths_and_no_config_is_no_type_check(make_project):
    # phpCAS' composer script `phpstan: phpstan`, with no phpstan.neon: PHPStan asks for paths and stops
    composer = {"require-dev": {"phpstan/phpstan": "^1.5"}, "scripts": {"phpstan": "phpstan"}}
    files = {"composer.json": json.dumps(composer), "source/CAS.php": "<?php\nclass CAS {}\n"}
    learned = bodies(make_project, files, name="phpcas")
    assert "composer phpstan" not in learned.get("workflow/typecheck", ""), learned.get("workflow/typecheck")
    learned = bodies(make_project, files | {"phpstan.neon": "parameters:\n  paths: [source]\n"}, name="phpcas2")
    assert "`composer phpstan`" in learned["workflow/typecheck"], learned.get("workflow/typecheck")


def test_a_rake_default_task_that_lists_the_tasks_runs_no_tests(make_project):
    # openvox's `task :default do sh %{rake -T} end`; its CI's checks job runs `bundle exec rake`
    files = {
        "Gemfile": "source 'https://rubygems.org'\ngem 'rspec'\n",
        "Rakefile": "task :default do\n  sh %{rake -T}\nend\n",
        "lib/openvox.rb": "module Openvox; end\n",
        "spec/openvox_spec.rb": "describe 'x' do\nend\n",
        ".github/workflows/tests.yaml": workflow("bundle exec rake", job="checks"),
    }
    learned = bodies(make_project, files, name="openvox")
    assert "`bundle exec rake`" not in learned["workflow/test"], learned["workflow/test"]
    assert "`bundle exec rspec`" in learned["workflow/test"], learned["workflow/test"]


def test_a_cli_toolkit_counts_for_the_run_only_when_main_imports_the_package_using_it(make_project):
    # rudder-server requires urfave/cli for cmd/devtool; its main.go starts the server and parses no options
    files = {
        "go.mod": "module github.com/r/server\n\ngo 1.22\n\nrequire github.com/urfave/cli/v2 v2.27.7\n",
        "main.go": 'package main\n\nimport "github.com/r/server/runner"\n\nfunc main() { runner.Run() }\n',
        "runner/runner.go": "package runner\n\nfunc Run() {}\n",
        "cmd/devtool/main.go": 'package main\n\nimport "github.com/urfave/cli/v2"\n\nfunc main() { _ = cli.App{} }\n',
    }
    learned = bodies(make_project, files, name="server")
    assert "--help" not in learned["workflow/run"], learned["workflow/run"]
    # a main that hands over to its own commands package, built on cobra, takes options: --help shows them
    files |= {
        "go.mod": "module github.com/r/server\n\ngo 1.22\n\nrequire github.com/spf13/cobra v1.8.0\n",
        "runner/runner.go": 'package runner\n\nimport "github.com/spf13/cobra"\n\nfunc Run() { _ = cobra.Command{} }\n',
    }
    learned = bodies(make_project, files, name="server2")
    assert learned["workflow/run"].startswith("To run: `go run . --help`"), learned["workflow/run"]


def test_a_cmake_option_declared_without_a_value_starts_off_and_gates_the_tests(make_project):
    # OpenRCT2's `option(WITH_TESTS "Build tests")` has no value: CMake starts it OFF, so ctest finds nothing
    cmake = (
        'cmake_minimum_required(VERSION 3.20)\nproject(game CXX)\noption(WITH_TESTS "Build tests")\n'
        "add_executable(game src/main.cpp)\nif (WITH_TESTS)\n  enable_testing()\n  add_subdirectory(test)\nendif()\n"
    )
    files = {
        "CMakeLists.txt": cmake,
        "src/main.cpp": "int main() { return 0; }\n",
        "test/CMakeLists.txt": "add_executable(t t.cpp)\nadd_test(NAME t COMMAND t)\n",
        "test/t.cpp": "int main() { return 0; }\n",
    }
    learned = bodies(make_project, files, name="game")
    assert "-DWITH_TESTS=ON" in learned["workflow/test"], learned["workflow/test"]


def test_a_docs_target_whose_doxygen_run_is_added_under_an_off_option_needs_it_on(make_project):
    # klee's docs/CMakeLists.txt: `add_custom_target(docs)`, then the Doxygen target and its dependency inside
    # if (ENABLE_DOXYGEN), declared OFF in the same file
    docs = (
        'add_custom_target(docs)\noption(ENABLE_DOXYGEN "Enable doxygen" OFF)\nif (ENABLE_DOXYGEN)\n'
        "  find_package(Doxygen)\n  add_custom_target(doc-doxygen COMMAND Doxygen::doxygen doxygen.cfg)\n"
        "  add_dependencies(docs doc-doxygen)\nendif()\n"
    )
    files = CPP | {"docs/CMakeLists.txt": docs, "docs/doxygen.cfg.in": "INPUT = src\n"}
    files["CMakeLists.txt"] += "add_subdirectory(docs)\n"
    learned = bodies(make_project, files, name="klee")
    assert "-DENABLE_DOXYGEN=ON" in learned["workflow/docs"], learned["workflow/docs"]
