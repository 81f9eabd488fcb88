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


JAVA_MAVEN = {
    "pom.xml": "<project><modelVersion>4.0.0</modelVersion><artifactId>axon</artifactId>"
    "<build><defaultGoal>clean package</defaultGoal></build></project>\n",
    "mvnw": "#!/bin/sh\n",
    "src/main/java/a/A.java": "package a;\nclass A {}\n",
    "src/test/java/a/ATest.java": "package a;\nclass ATest {}\n",
}


def test_the_maven_wrapper_named_alone_in_prose_is_no_test_command(make_project):
    # AxonFramework's CLAUDE.md: "Maven wrapper is used (`./mvnw`). Key commands:", then `./mvnw clean verify`
    claude = "# CLAUDE\n\n## Build Commands\n\nMaven wrapper is used (`./mvnw`). Key commands:\n\n```bash\n./mvnw clean verify\n```\n"
    learned = bodies(make_project, JAVA_MAVEN | {"CLAUDE.md": claude}, name="axon")
    assert learned["workflow/test"].startswith("To test: `./mvnw clean verify`"), learned["workflow/test"]


GO = {
    "go.mod": "module example.com/gw\n\ngo 1.22\n",
    "main.go": "package main\n\nfunc main() {}\n",
    "main_test.go": 'package main\n\nimport "testing"\n\nfunc TestA(t *testing.T) {}\n',
}


def test_gofmt_simplifies_when_the_projects_check_does(make_project):
    # versitygw's CI and `make check` run `gofmt -s -l .`: plain `gofmt -w .` leaves what the check rejects
    files = GO | {"Makefile": "check:\n\tgofmt -s -l .\n\tgo vet ./...\n"}
    learned = bodies(make_project, files, name="gw")
    assert learned["workflow/format"].startswith("To format: `gofmt -s -w .`"), learned["workflow/format"]


def test_a_committed_configure_builds_without_autogen(make_project):
    # sudo commits configure; its autogen.sh runs autoreconf, which needs autoconf and libtool and rewrites it
    files = {
        "configure.ac": "AC_INIT([sudo], [1.9])\nAC_OUTPUT([Makefile])\n",
        "configure": "#!/bin/sh\necho configured\n",
        "autogen.sh": "#!/bin/sh\nautoreconf -f -i\n",
        "Makefile.in": "all:\n\tcc -o sudo src/sudo.c\n",
        "src/sudo.c": "int main(void) { return 0; }\n",
    }
    learned = bodies(make_project, files, name="sudo")
    assert learned["workflow/build"].startswith("To build: `./configure && make`"), learned["workflow/build"]


def test_a_docs_check_is_no_docs_build(make_project):
    # openstatus' `check:docs` finds stale paths in the docs; rosenpass' CI runs doc/check.sh, mandoc's lint
    package = {"name": "a", "scripts": {"check:docs": "node scripts/check-doc-refs.mts"}}
    ci = workflow("pnpm check:docs", "doc/check.sh doc/rp.1", job="check")
    files = PNPM_APP | {"package.json": json.dumps(package), ".github/workflows/check.yml": ci}
    files |= {"doc/check.sh": '#!/bin/sh\nmandoc -Tlint "$1"\n', "doc/rp.1": ".TH RP 1\n"}
    learned = bodies(make_project, files, name="openstatus")
    assert "workflow/docs" not in learned, learned["workflow/docs"]


def test_a_bare_cargo_run_at_a_root_of_several_programs_is_no_run_command(make_project):
    # slint's default members hold a compiler, a language server and a viewer: `cargo run` cannot pick one
    files = {
        "Cargo.toml": '[workspace]\nmembers = ["tools/compiler", "tools/viewer"]\n'
        'default-members = ["tools/compiler", "tools/viewer"]\n',
        "tools/compiler/Cargo.toml": '[package]\nname = "compiler"\nversion = "1.0.0"\n',
        "tools/compiler/src/main.rs": "fn main() {}\n",
        "tools/viewer/Cargo.toml": '[package]\nname = "viewer"\nversion = "1.0.0"\n',
        "tools/viewer/src/main.rs": "fn main() {}\n",
        "CONTRIBUTING.md": "# Contributing\n\n## Running\n\nSlow the animations down:\n\n"
        "```sh\n# Slow animations by factor of 4\nSLINT_SLOW_ANIMATIONS=4 cargo run\n```\n",
    }
    learned = bodies(make_project, files, name="slint")
    assert "SLINT_SLOW_ANIMATIONS=4 cargo run`" not in learned.get("workflow/run", ""), learned.get("workflow/run")


def test_a_requirements_file_that_says_not_to_install_it_is_left_out(make_project):
    # great_expectations' requirements-dev.txt: "Do not `pip install -r` this file locally or in CI."
    files = {
        "pyproject.toml": '[project]\nname = "gx"\nversion = "1"\n',
        "gx/__init__.py": "",
        "requirements-dev.txt": "# Do not `pip install -r` this file locally or in CI.\n"
        "# It only exists to be used in the Dockerfile.tests file.\npytest\n",
        "tests/test_gx.py": "def test_a():\n    pass\n",
    }
    learned = bodies(make_project, files, name="gx")
    assert "requirements-dev.txt" not in learned["workflow/install"], learned["workflow/install"]


def test_an_rdoc_task_over_a_readme_the_project_lacks_builds_no_docs(make_project):
    # pageflow keeps the Rails engine generator's RDoc task, over a README.rdoc it never had
    rakefile = (
        "require 'rdoc/task'\n\nRDoc::Task.new(:rdoc) do |rdoc|\n  rdoc.rdoc_dir = 'rdoc'\n"
        "  rdoc.rdoc_files.include('README.rdoc')\n  rdoc.rdoc_files.include('lib/**/*.rb')\nend\n"
    )
    files = {
        "Gemfile": "source 'https://rubygems.org'\ngemspec\n",
        "pageflow.gemspec": "Gem::Specification.new { |s| s.name = 'pageflow' }\n",
        "Rakefile": rakefile,
        "README.md": "# Pageflow\n",
        "lib/pageflow.rb": "module Pageflow; end\n",
    }
    learned = bodies(make_project, files, name="pageflow")
    assert "rake rdoc" not in learned.get("workflow/docs", ""), learned.get("workflow/docs")
    learned = bodies(make_project, files | {"README.rdoc": "= Pageflow\n"}, name="pageflow2")
    assert "`bundle exec rake rdoc`" in learned["workflow/docs"], learned.get("workflow/docs")


def test_installing_the_github_cli_is_no_project_setup(make_project):
    # triplea's WSL notes: `sudo apt install gh`, the GitHub CLI for pull requests
    guide = "# Development\n\n## Setup\n\nOn WSL, install the GitHub CLI:\n\n```\nsudo apt install gh\n```\n"
    learned = bodies(make_project, GO | {"docs/development/README.md": guide}, name="triplea")
    assert "apt install gh" not in learned.get("workflow/install", ""), learned.get("workflow/install")


def test_a_test_tooling_package_run_as_a_program_is_no_single_test(make_project):
    # pylint's primer CI runs `python tests/primer/__main__.py prepare --make-commit-string`
    ci = workflow("python tests/primer/__main__.py prepare --make-commit-string")
    files = PY_LIB | {"tests/primer/__main__.py": "print('primer')\n", ".github/workflows/primer.yml": ci}
    learned = bodies(make_project, files, name="pylint")
    assert "__main__.py" not in learned.get("workflow/test-one", ""), learned.get("workflow/test-one")


GRADLE = {
    "gradlew": "#!/bin/sh\n",
    "src/main/java/a/A.java": "package a;\nclass A {}\n",
}


def test_test_all_and_build_all_tasks_over_included_builds_lead(make_project):
    # runelite's root registers buildAll and testAll, which reach its included builds (cache, runelite-api)
    build = 'tasks.register("buildAll") {\n    dependsOn(gradle.includedBuilds.map { it.task(":build") })\n}\n'
    build += 'tasks.register("testAll") {\n    dependsOn(gradle.includedBuilds.map { it.task(":test") })\n}\n'
    files = GRADLE | {
        "build.gradle.kts": build,
        "settings.gradle.kts": 'rootProject.name = "runelite"\nincludeBuild("cache")\n',
        "src/test/java/a/ATest.java": "package a;\nclass ATest {}\n",
        "cache/build.gradle.kts": "plugins { java }\n",
        "cache/src/test/java/c/CTest.java": "package c;\nclass CTest {}\n",
    }
    learned = bodies(make_project, files, name="runelite")
    assert learned["workflow/test"].startswith("To test: `./gradlew testAll`"), learned["workflow/test"]
    assert learned["workflow/build"].startswith("To build: `./gradlew buildAll`"), learned["workflow/build"]


def test_a_gradle_build_without_src_test_runs_its_other_test_sets_through_check(make_project):
    # jspecify's only JUnit tests are in src/integrationTest/; `./gradlew test` passes on nothing
    files = GRADLE | {
        "build.gradle": "plugins { id 'java-library' }\napply from: 'gradle/integration-test.gradle'\n",
        "settings.gradle": "rootProject.name = 'jspecify'\n",
        "gradle/integration-test.gradle": "sourceSets { integrationTest { java { srcDirs = ['src/integrationTest/java'] } } }\n",
        "src/integrationTest/java/a/NullMarkedTest.java": "package a;\nclass NullMarkedTest {}\n",
    }
    learned = bodies(make_project, files, name="jspecify")
    assert learned["workflow/test"].startswith("To test: `./gradlew check`"), learned["workflow/test"]
    assert "./gradlew test`" not in learned["workflow/test"], learned["workflow/test"]
    assert learned["workflow/test-one"].startswith("To run one test: `./gradlew integrationTest --tests")


def test_a_linters_fix_script_follows_the_formatter(make_project):
    # gitbook's CONTRIBUTING.md lists `bun lint:fix` (oxlint --fix) before `bun format` (oxfmt)
    package = {"name": "a", "scripts": {"lint:fix": "oxlint --fix --quiet", "format": "oxfmt"}}
    guide = "# Contributing\n\n## Formatting\n\n- `bun lint:fix`: fix lint issues\n- `bun format`: format the code\n"
    files = {"package.json": json.dumps(package), "bun.lock": "{}\n", "src/a.ts": "export const a = 1;\n"}
    learned = bodies(make_project, files | {"CONTRIBUTING.md": guide}, name="gitbook")
    assert learned["workflow/format"].startswith("To format: `bun format`"), learned["workflow/format"]


def test_a_native_gem_builds_its_extension_before_packaging(make_project):
    # herb's Rakefile: Bundler's gem tasks and rake-compiler's ExtensionTask; `rake build` only packages the gem
    rakefile = "require 'bundler/gem_tasks'\nrequire 'rake/extensiontask'\n\nRake::ExtensionTask.new('herb')\n"
    files = {
        "Gemfile": "source 'https://rubygems.org'\ngemspec\ngem 'rake-compiler'\n",
        "herb.gemspec": "Gem::Specification.new { |s| s.name = 'herb' }\n",
        "Rakefile": rakefile,
        "ext/herb/extension.c": "void Init_herb(void) {}\n",
        "lib/herb.rb": "module Herb; end\n",
    }
    learned = bodies(make_project, files, name="herb")
    assert learned["workflow/build"].startswith("To build: `bundle exec rake compile`"), learned["workflow/build"]


def test_a_bare_make_whose_default_target_only_formats_and_lints_is_no_build(make_project):
    # gitbutler's DEVELOPMENT.md names `make`; its `all: fmt fmt-check check clippy` builds nothing
    makefile = (
        "all: fmt fmt-check check clippy\n\nfmt:\n\tcargo fmt\n\nfmt-check:\n\tcargo fmt --check --all\n\n"
        "check:\n\tcargo check --workspace\n\nclippy:\n\tcargo clippy --workspace -- -D warnings\n"
    )
    guide = "# Development\n\n## Building\n\nBuild it:\n\n```\nmake\ncargo build\n```\n"
    files = RUST | {"Makefile": makefile, "DEVELOPMENT.md": guide}
    learned = bodies(make_project, files, name="gitbutler")
    assert learned["workflow/build"].startswith("To build: `cargo build`"), learned["workflow/build"]


def test_ctest_finds_nothing_when_the_root_never_turns_testing_on(make_project):
    # assimp registers `add_test(unittests unit)` in test/, but no enable_testing() reaches its root
    files = CPP | {
        "test/CMakeLists.txt": "add_executable(unit unit/main.cpp)\nadd_test(unittests unit)\n",
        "test/unit/main.cpp": "int main() { return 0; }\n",
    }
    files["CMakeLists.txt"] += "add_subdirectory(test)\n"
    files["AGENTS.md"] = "# AGENTS\n\n## Testing\n\n```bash\ncd build && ctest\n```\n"
    learned = bodies(make_project, files, name="assimp")
    assert "ctest" not in learned.get("workflow/test", ""), learned.get("workflow/test")
    files["CMakeLists.txt"] += "enable_testing()\n"
    learned = bodies(make_project, files, name="assimp2")
    assert "ctest --test-dir build" in learned["workflow/test"], learned.get("workflow/test")


def test_a_docs_target_in_a_folder_the_build_never_adds_gives_no_docs_command(make_project):
    # assimp's contrib/zip/CMakeLists.txt declares a Doxygen `doc` target; the root never adds contrib/zip
    zipdocs = (
        'option(ZIP_BUILD_DOCS "Generate API documentation with Doxygen" OFF)\nif(ZIP_BUILD_DOCS)\n'
        "  find_package(Doxygen)\n  add_custom_target(doc COMMAND ${DOXYGEN_EXECUTABLE} Doxyfile)\nendif()\n"
    )
    files = CPP | {"contrib/zip/CMakeLists.txt": zipdocs, "contrib/zip/src/zip.c": "int z;\n"}
    learned = bodies(make_project, files, name="assimp")
    assert "workflow/docs" not in learned, learned["workflow/docs"]


def test_a_gradle_path_through_folders_of_moved_projects_is_no_project(make_project):
    # triplea includes `:game-core` from game-app/game-core; AGENTS.md's `:game-app:game-core:test` fails
    settings = (
        'rootProject.name = "triplea"\ninclude(":game-core")\n'
        'project(":game-core").projectDir = file("game-app/game-core")\n'
    )
    agents = (
        "# AGENTS\n\n## Testing\n\n```bash\n./gradlew :game-app:game-core:test\n./gradlew :game-core:test\n```\n\n"
        "## Running\n\n```bash\n# Build & Launch the client\n./gradlew :game-core:run\n```\n"
    )
    files = {
        "gradlew": "#!/bin/sh\n",
        "build.gradle.kts": "plugins { java }\n",
        "settings.gradle.kts": settings,
        "game-app/game-core/build.gradle.kts": "plugins { application }\n",
        "game-app/game-core/src/main/java/g/Game.java": "package g;\nclass Game {}\n",
        "game-app/game-core/src/test/java/g/GameTest.java": "package g;\nclass GameTest {}\n",
        "AGENTS.md": agents,
    }
    learned = bodies(make_project, files, name="triplea")
    assert ":game-app:game-core" not in learned["workflow/test"], learned["workflow/test"]
    assert "`./gradlew :game-core:test`" in learned["workflow/test"], learned["workflow/test"]
    assert ":game-core:run" not in learned.get("workflow/build", ""), learned.get("workflow/build")
    assert learned["workflow/run"].startswith("To run: `./gradlew :game-core:run`"), learned.get("workflow/run")


def test_a_crate_dependency_is_optional_only_where_no_member_requires_it(make_project):
    # rosenpass-util makes Tokio optional; rp depends on it outright: the stack needs Tokio
    files = {
        "Cargo.toml": '[workspace]\nmembers = ["util", "rp"]\n',
        "util/Cargo.toml": '[package]\nname = "util"\nversion = "1.0.0"\n\n[dependencies]\n'
        'tokio = { version = "1", optional = true }\n',
        "util/src/lib.rs": "pub fn a() {}\n",
        "rp/Cargo.toml": '[package]\nname = "rp"\nversion = "1.0.0"\n\n[dependencies]\ntokio = "1"\n',
        "rp/src/main.rs": "fn main() {}\n",
    }
    learned = bodies(make_project, files, name="rosenpass")
    assert "Tokio" in learned["rust/stack"], learned["rust/stack"]
    assert "ptional" not in learned["rust/stack"], learned["rust/stack"]


def test_a_javascript_install_beside_another_languages_code_says_so_and_follows(make_project):
    # rspamd's package.json only brings its web UI's linters; the C daemon is set up with CMake
    files = {
        "package.json": json.dumps(
            {
                "name": "webui",
                "devDependencies": {"eslint": "^9", "stylelint": "^16", "@fortawesome/fontawesome-free": "^6"},
            }
        ),
        "package-lock.json": '{"lockfileVersion": 3}\n',
        "CMakeLists.txt": "project(rspamd C)\nadd_executable(rspamd src/m0.c)\n",
        **{f"interface/js/app{i}.js": "export const a = 1;\n" * 20 for i in range(4)},
        **{f"src/m{i}.c": "int m(void) { return 0; }\n" * 40 for i in range(30)},
    }
    learned = bodies(make_project, files, name="rspamd")
    assert "installs only the JavaScript packages beside the C code" in learned["workflow/install"], learned


def _ci_body(make_project, steps: str, on: str = "[push, pull_request]") -> str:
    ci = f"on: {on}\njobs:\n  test:\n    runs-on: ubuntu-latest\n    steps:\n      - uses: actions/checkout@v4\n"
    ci += "".join(f"      - run: {s}\n" for s in steps.splitlines())
    files = RUST | {".github/workflows/ci.yml": ci, "scripts/build.sh": "#!/bin/sh\ncargo build\n"}
    return bodies(make_project, files, name="feldera")["ci"]


def test_a_ci_option_whose_value_is_cis_own_goes_with_it(make_project):
    # feldera's `cargo test … -- --test-threads ${{ vars.CI_RUNNER_CORES || 20 }}`: the option alone takes no count
    body = _ci_body(
        make_project, "cargo test --locked --doc --workspace -- --test-threads ${{ vars.CI_RUNNER_CORES || 20 }}"
    )
    assert "--test-threads" not in body, body
    assert "`cargo test --locked --doc --workspace`" in body, body


def test_a_scripts_arguments_from_the_matrix_leave_no_command(make_project):
    # vcmi's CI runs `build.sh "${{ matrix.os }}" "${{ matrix.type }}"`: without them the script does something else
    body = _ci_body(make_project, 'cargo test\n./scripts/build.sh "${{ matrix.os }}" "${{ matrix.type }}"')
    assert "scripts/build.sh" not in body, body


def test_a_workflow_started_by_the_merge_queue_or_by_hand_runs_in_the_queue_only(make_project):
    # feldera's ci.yml: `on: merge_group` and `workflow_dispatch`, no push, no pull request
    body = _ci_body(make_project, "cargo test", on="[merge_group, workflow_dispatch]")
    assert "merge queue" in body and "on a push or pull request" not in body, body


def test_make_check_running_cargo_check_after_a_chore_is_no_test(make_project):
    # polars' `check: update-cargo-env` then `cargo check --workspace`; its CI tests a script under .github/
    makefile = "update-cargo-env:\n\t@echo ok\n\ncheck: update-cargo-env\n\tcargo check --workspace --all-targets\n"
    ci = workflow("pytest .github/scripts/test_bytecode_parser.py", "cargo test --workspace")
    files = RUST | {"Makefile": makefile, ".github/workflows/ci.yml": ci, ".github/scripts/test_bytecode_parser.py": ""}
    learned = bodies(make_project, files, name="polars")
    assert "make check" not in learned["workflow/test"], learned["workflow/test"]
    assert ".github/scripts" not in learned["workflow/test"], learned["workflow/test"]


def test_go_guides_narrow_and_bare_test_runs(make_project):
    # terramate's AGENTS.md: `make lint/install` fetches the linter; `go test ./ls/...` one package; `go test -race`
    agents = "# AGENTS\n\n## Commands\n\n```bash\nmake lint/install\ngo test ./ls/...\ngo test -race\n```\n"
    files = GO | {
        "ls/server.go": "package ls\n",
        "ls/server_test.go": 'package ls\n\nimport "testing"\n\nfunc TestA(t *testing.T) {}\n',
        "Makefile": "lint/install:\n\tgo install github.com/golangci/golangci-lint/v2/cmd/golangci-lint@v2.6.1\n",
        "AGENTS.md": agents,
    }
    learned = bodies(make_project, files, name="terramate")
    assert learned["workflow/test"].startswith("To test: `go test -race ./...`"), learned["workflow/test"]
    assert "lint/install" not in learned.get("workflow/lint", ""), learned.get("workflow/lint")


def test_a_just_recipe_with_required_parameters_is_no_command_as_named(make_project):
    # opencost's `build IMAGE_TAG RELEASE_VERSION:` stops without its values; `build-local` builds
    justfile = (
        "build-local:\n    go build ./...\n\nbuild IMAGE_TAG RELEASE_VERSION: build-local\n    docker buildx build\n"
    )
    learned = bodies(make_project, GO | {"justfile": justfile}, name="opencost")
    assert "`just build`" not in learned["workflow/build"], learned["workflow/build"]
    assert "just" not in learned["workflow/build"] or "`just build-local`" in learned["workflow/build"]


def test_phpunit_with_no_configuration_at_the_root_finds_no_suite(make_project):
    # b13/container keeps its configurations in Build/phpunit/; a bare `.Build/bin/phpunit` runs nothing
    composer = {"require-dev": {"phpunit/phpunit": "^10"}, "config": {"bin-dir": ".Build/bin"}}
    files = {
        "composer.json": json.dumps(composer),
        "Classes/Container.php": "<?php\nclass Container {}\n",
        "Build/phpunit/UnitTests.xml": "<phpunit><testsuites><testsuite name='u'><directory>../../Tests/Unit</directory>"
        "</testsuite></testsuites></phpunit>\n",
        "Tests/Unit/ContainerTest.php": "<?php\nclass ContainerTest {}\n",
    }
    learned = bodies(make_project, files, name="container")
    assert "phpunit --filter" not in learned.get("workflow/test-one", ""), learned.get("workflow/test-one")


def test_rake_server_tasks_start_the_app_and_run_no_tests(make_project):
    # avalon's README: `bundle exec rake server:development`, `bundle exec rake server:test` start services
    readme = "# Avalon\n\n## Testing\n\n```\nbundle exec rake server:test\nbundle exec rspec\n```\n"
    files = {
        "Gemfile": "source 'https://rubygems.org'\ngem 'rspec'\n",
        "Rakefile": "namespace :server do\n  task :test do\n  end\nend\n",
        "app/models/item.rb": "class Item; end\n",
        "spec/item_spec.rb": "describe 'x' do\nend\n",
        "README.md": readme,
    }
    learned = bodies(make_project, files, name="avalon")
    assert "server:test" not in learned["workflow/test"], learned["workflow/test"]


def test_package_scripts_named_test_or_lint_that_do_another_job(make_project):
    # Detox's test app: `test` is `yarn lint && yarn test:types`; `docs:lint` runs markdownlint over the docs
    package = {
        "name": "a",
        "scripts": {
            "test": "yarn lint && yarn test:types",
            "lint": "eslint .",
            "test:types": "tsc --noEmit",
            "unit": "jest",
            "docs:lint": "markdownlint docs",
        },
        "devDependencies": {"jest": "^29", "eslint": "^9"},
    }
    ci = workflow("yarn docs:lint", "yarn test", "yarn lint", "yarn unit")
    files = {"package.json": json.dumps(package), "yarn.lock": "", "src/a.js": "export const a = 1;\n"}
    learned = bodies(make_project, files | {".github/workflows/ci.yml": ci}, name="detox")
    assert learned["workflow/test"].startswith("To test: `yarn unit`"), learned["workflow/test"]
    assert learned["workflow/lint"].startswith("To lint: `yarn lint`"), learned["workflow/lint"]


def test_a_composer_script_that_also_runs_the_suites_is_no_lint(make_project):
    # tallstackui's `ci` checks the style, then runs pest's Feature and Browser suites; `ci:analyse` only checks
    scripts = {
        "ci": ["./vendor/bin/pint --test", "./vendor/bin/pest --filter=Feature"],
        "ci:analyse": ["./vendor/bin/pint --test", "./vendor/bin/phpstan analyse"],
    }
    composer = {"require-dev": {"pestphp/pest": "^3", "laravel/pint": "^1"}, "scripts": scripts}
    files = {"composer.json": json.dumps(composer), "src/Ui.php": "<?php\nclass Ui {}\n"}
    learned = bodies(make_project, files, name="tallstackui")
    assert learned["workflow/lint"].startswith("To lint: `composer ci:analyse`"), learned["workflow/lint"]


def test_maven_4_subprojects_are_modules(make_project):
    # pi4j's 4.1.0 model lists `<subprojects>`: one test runs in a module, with the others told to pass
    pom = (
        '<project xmlns="http://maven.apache.org/POM/4.1.0"><modelVersion>4.1.0</modelVersion><artifactId>p</artifactId>'
        "<subprojects><subproject>core</subproject><subproject>plugin</subproject></subprojects></project>\n"
    )
    module = "<project><modelVersion>4.1.0</modelVersion><artifactId>{}</artifactId></project>\n"
    files = {
        "pom.xml": pom,
        "mvnw": "#!/bin/sh\n",
        "core/pom.xml": module.format("core"),
        "core/src/main/java/c/Core.java": "package c;\nclass Core {}\n",
        "core/src/test/java/c/CoreTest.java": "package c;\nclass CoreTest {}\n",
        "plugin/pom.xml": module.format("plugin"),
        "plugin/src/main/java/p/Plugin.java": "package p;\nclass Plugin {}\n",
    }
    learned = bodies(make_project, files, name="pi4j")
    assert " -pl core" in learned["workflow/test-one"], learned["workflow/test-one"]


def test_a_composer_script_running_an_uninstalled_analyser_is_no_type_check(make_project):
    # laravel-livewire-tables' `psalm: vendor/bin/psalm` without Psalm; Larastan brings the PHPStan CI runs
    composer = {
        "require-dev": {"larastan/larastan": "^3.0", "phpunit/phpunit": "^11"},
        "scripts": {"psalm": "vendor/bin/psalm", "test": "vendor/bin/phpunit"},
    }
    files = {
        "composer.json": json.dumps(composer),
        "phpstan.neon": "parameters:\n    paths: [src]\n",
        "src/Table.php": "<?php\nclass Table {}\n",
        ".github/workflows/phpstan.yml": workflow("./vendor/bin/phpstan analyse"),
    }
    learned = bodies(make_project, files, name="tables")
    assert "psalm" not in learned.get("workflow/typecheck", ""), learned.get("workflow/typecheck")
    assert "phpstan analyse" in learned["workflow/typecheck"], learned.get("workflow/typecheck")


def test_harnessless_test_targets_run_one_target_at_a_time(make_project):
    # fltk's [[test]] targets set `harness = false`: each is a program, and a name filter selects none
    manifest = (
        '[package]\nname = "fltk"\nversion = "1.0.0"\n\n[[test]]\nname = "app_handle"\npath = "tests/app_handle.rs"\n'
        'harness = false\n\n[[test]]\nname = "idle"\npath = "tests/idle.rs"\nharness = false\n'
    )
    files = {
        "Cargo.toml": '[workspace]\nmembers = ["fltk", "fltk-sys"]\n',
        "fltk/Cargo.toml": manifest,
        "fltk/src/lib.rs": "pub fn a() {}\n#[cfg(test)]\nmod tests {\n    #[test]\n    fn t() {}\n}\n",
        "fltk/tests/app_handle.rs": "fn main() {}\n",
        "fltk/tests/idle.rs": "fn main() {}\n",
        "fltk-sys/Cargo.toml": '[package]\nname = "fltk-sys"\nversion = "1.0.0"\n',
        "fltk-sys/src/lib.rs": "pub fn b() {}\n",
    }
    learned = bodies(make_project, files, name="fltk-rs")
    assert "--test app_handle" in learned["workflow/test-one"], learned["workflow/test-one"]


def test_service_certificate_and_cleanup_tasks_are_no_test_or_build(make_project):
    # jira-ruby's README: `rake jira:generate_public_cert`; scihist_digicoll's `rake solr:stop`, `./bin/vite clobber`
    readme = (
        "# App\n\n## Testing\n\n```\nrake jira:generate_public_cert\nRAILS_ENV=test ./bin/rake solr:stop\n"
        "bundle exec rspec\n```\n\n## Building\n\n```\n./bin/vite clobber\n```\n"
    )
    files = {
        "Gemfile": "source 'https://rubygems.org'\ngem 'rspec'\n",
        "Rakefile": "task :default\n",
        "bin/vite": "#!/usr/bin/env ruby\n",
        "bin/rake": "#!/usr/bin/env ruby\n",
        "lib/app.rb": "module App; end\n",
        "spec/app_spec.rb": "describe 'x' do\nend\n",
        "README.md": readme,
    }
    learned = bodies(make_project, files, name="jira")
    assert "generate_public_cert" not in learned["workflow/test"], learned["workflow/test"]
    assert "solr:stop" not in learned["workflow/test"], learned["workflow/test"]
    assert "clobber" not in learned.get("workflow/build", ""), learned.get("workflow/build")


def test_a_maven_quick_profile_skips_the_tests(make_project):
    # primefaces' CLAUDE.md: `mvn clean install -Pquick`, the profile that skips tests and checks
    claude = "# CLAUDE\n\n## Testing\n\n```bash\nmvn clean install -Pquick\nmvn clean install\n```\n"
    learned = bodies(make_project, JAVA_MAVEN | {"CLAUDE.md": claude}, name="primefaces")
    assert "-Pquick" not in learned["workflow/test"], learned["workflow/test"]


def test_a_queue_workflow_that_another_calls_is_no_queue_only_workflow(make_project):
    # webdriverio's test-static.yml: `on: [merge_group, workflow_call]`, and test.yml calls it on every push
    static = "on: [merge_group, workflow_call]\njobs:\n  check:\n    runs-on: ubuntu-latest\n    steps:\n"
    static += "      - uses: actions/checkout@v4\n      - run: cargo clippy\n"
    caller = "on: [push, pull_request]\njobs:\n  static:\n    uses: ./.github/workflows/test-static.yml\n"
    files = RUST | {".github/workflows/test-static.yml": static, ".github/workflows/test.yml": caller}
    body = bodies(make_project, files, name="wdio")["ci"]
    assert "merge queue" not in body, body
