"""Causes found in the sixty-second round: cargo aliases that run a program, a package's build, CI jobs for another
toolchain, Doxygen, guides' scaffolding targets and option lists."""

from __future__ import annotations

from tests.profile.learned import bodies, repo_bodies, workflow

CARGO = '[package]\nname = "tool"\nversion = "0.1.0"\nedition = "2021"\n'
RUST_SOURCES = {"Cargo.toml": CARGO, "src/main.rs": "fn main() {}\n#[test]\nfn works() {}\n"}


def test_a_cargo_alias_that_runs_a_program_does_the_job_its_name_says(make_project):
    # typst's `testit` runs its test wrapper, `docit` its docs generator; CI passes the generator `compile`
    config = (
        '[alias]\ntestit = "run --quiet --package=test-wrapper --"\n'
        'docit = "run --profile dev-fast --package=typst-docs --"\n'
    )
    files = RUST_SOURCES | {
        ".cargo/config.toml": config,
        ".github/workflows/ci.yml": workflow("cargo docit compile --format pdf --deny-warnings", "cargo testit regen"),
    }
    learned = bodies(make_project, files, name="runalias")
    assert learned["workflow/docs"].startswith("To build or preview the docs: `cargo docit compile"), learned[
        "workflow/docs"
    ]
    assert "`cargo docit`" not in learned["workflow/docs"], "a bare `cargo docit` stops without a subcommand"
    assert "docit" not in learned.get("workflow/build", ""), learned.get("workflow/build")
    assert "regen" not in learned["workflow/test"], learned["workflow/test"]


def test_a_run_alias_the_guide_files_under_lint_is_no_lint(make_project):
    # oxc's AGENTS.md: `cargo lint-timings   # Update linter timing data` under its lint commands
    files = RUST_SOURCES | {
        ".cargo/config.toml": '[alias]\nlint-timings = "run -p oxc_track_linter_timings --"\n',
        "CONTRIBUTING.md": "## Lint\n\n```sh\ncargo lint-timings\ncargo clippy --all-targets\n```\n",
    }
    learned = bodies(make_project, files, name="lintalias")
    assert "lint-timings" not in learned["workflow/lint"], learned["workflow/lint"]
    # fish's `cargo xtask check`: the xtask program's subcommand says what it does
    xtask = files | {".cargo/config.toml": '[alias]\nxtask = "run --package xtask --"\n',
                     "CONTRIBUTING.md": "## Lint\n\n```sh\ncargo xtask check\n```\n"}  # fmt: skip
    assert "`cargo xtask check`" in bodies(make_project, xtask, name="xtask")["workflow/lint"]
    assert "`cargo clippy --all-targets`" in learned["workflow/lint"], learned["workflow/lint"]


def test_bundlers_gem_helper_tasks_build_the_gem(make_project):
    # twilio-ruby's Rakefile: `Bundler::GemHelper.install_tasks`, not `require 'bundler/gem_tasks'`
    files = {
        "Gemfile": "source 'https://rubygems.org'\ngemspec\n",
        "x.gemspec": "Gem::Specification.new do |s|\n  s.name = 'x'\nend\n",
        "lib/x.rb": "module X; end\n",
        "Rakefile": "require 'bundler'\nBundler.setup\nBundler::GemHelper.install_tasks\n\ntask default: :spec\n",
    }
    learned = bodies(make_project, files, name="gemhelper")
    assert learned["workflow/build"].startswith("To build: `bundle exec rake build`"), learned.get("workflow/build")


PYPROJECT = """[build-system]
requires = ["{backend}"]
build-backend = "{backend}.build"

[project]
name = "pkg"
version = "1.0"
"""
PY_SOURCES = {"pkg/__init__.py": "VERSION = 1\n", "tests/test_pkg.py": "def test_it():\n    assert True\n"}


def test_a_distributable_package_builds_through_its_manager_or_pypa_build(make_project):
    dev = PYPROJECT.format(backend="hatchling") + '\n[project.optional-dependencies]\ndev = ["build", "pytest"]\n'
    plain = bodies(make_project, PY_SOURCES | {"pyproject.toml": dev}, "pybuild")
    assert plain["workflow/build"].startswith("To build: `python -m build`"), plain.get("workflow/build")
    # guessit builds with `setup.py sdist` and never brings PyPA's build; pretalx's in-tree backend runs npm first
    unbrought = bodies(make_project, PY_SOURCES | {"pyproject.toml": PYPROJECT.format(backend="hatchling")}, "nobuild")
    assert "workflow/build" not in unbrought, unbrought.get("workflow/build")
    in_tree = PYPROJECT.format(backend="setuptools").replace(
        'build-backend = "setuptools.build"', 'build-backend = "backend"\nbackend-path = ["_build"]'
    )
    locked = PY_SOURCES | {"pyproject.toml": in_tree, "uv.lock": "version = 1\n"}
    assert "workflow/build" not in bodies(make_project, locked, "intree"), "in-tree backend"
    locked = PY_SOURCES | {"pyproject.toml": PYPROJECT.format(backend="hatchling"), "uv.lock": "version = 1\n"}
    assert bodies(make_project, locked, "uvbuild")["workflow/build"].startswith("To build: `uv build`")


def test_an_unpackaged_application_gets_no_package_build(make_project):
    files = PY_SOURCES | {"pyproject.toml": '[project]\nname = "site"\nversion = "1.0"\n', "uv.lock": "version = 1\n"}
    assert "workflow/build" not in bodies(make_project, files, "pyapp")


def test_a_guide_build_stays_first_beside_the_package_build(make_project):
    files = PY_SOURCES | {
        "pyproject.toml": PYPROJECT.format(backend="setuptools"),
        "Makefile": "dist:\n\tpython setup.py sdist\n\nbuild:\n\tpython -m build --sdist\n",
    }
    learned = bodies(make_project, files, "pymake")
    assert learned["workflow/build"].startswith("To build: `make build`"), learned["workflow/build"]


MESON = {
    "meson.build": "project('rz', 'c')\nexe = executable('rz', 'main.c')\ntest('rz', exe)\n",
    "main.c": "int main(void) { return 0; }\n",
}


def test_a_ci_job_for_another_meson_or_compiler_does_not_lead(make_project):
    # rizin's muon.yml builds with muon, Meson's reimplementation; tcc.yml with the Tiny C Compiler
    files = MESON | {
        ".github/workflows/muon.yml": workflow("muon setup build", "muon -C build test"),
        ".github/workflows/tcc.yml": workflow("CC=tcc meson setup build && ninja -C build"),
    }
    learned = bodies(make_project, files, name="muon")
    assert learned["workflow/build"].startswith("To build: `meson setup build"), learned["workflow/build"]
    assert learned["workflow/test"].startswith("To test: `meson test -C build`"), learned["workflow/test"]


def test_a_release_tarball_and_a_program_ci_just_compiled_are_no_tests(make_project):
    files = MESON | {
        "test/unit/test_util.c": "int main(void) { return 0; }\n",
        ".github/workflows/ci.yml": workflow(
            "cd build && meson dist --include-subprojects --no-tests", "clang -o test test.c && ./test"
        ),
    }
    learned = bodies(make_project, files, name="mesondist")
    assert "meson dist" not in learned["workflow/test"] and "`./test`" not in learned["workflow/test"], learned[
        "workflow/test"
    ]


def test_a_root_doxyfile_builds_with_doxygen_as_the_guide_says(make_project):
    guide = "# Developers\n\nBy running `doxygen` in the root of this repository, it generates the docs.\n"
    files = MESON | {"Doxyfile": "INPUT = .\n", "DEVELOPERS.md": guide}
    assert bodies(make_project, files, "doxy")["workflow/docs"].startswith("To build or preview the docs: `doxygen`")
    assert "workflow/docs" not in bodies(make_project, MESON | {"DEVELOPERS.md": guide}, "nodoxy")


def test_a_scaffolding_target_and_a_package_named_migrate_are_no_commands_of_those_roles(make_project):
    package = '{"name": "root", "private": true, "scripts": {"test": "vitest run", "lint": "eslint ."}}'
    guide = (
        "# Contributing\n\nAdd a rule with `just new-jest-rule`.\n\n"
        "## Lint\n\n```sh\npnpm --filter rxjs --filter @rxjs/migrate run lint\n```\n"
    )
    files = {
        "package.json": package,
        "pnpm-lock.yaml": "lockfileVersion: '9.0'\n",
        "justfile": "new-jest-rule name:\n\tcargo run -p rulegen {{name}} jest\n",
        "src/a.ts": "export const a = 1\n",
        "CONTRIBUTING.md": guide,
    }
    learned = bodies(make_project, files, name="scaffold")
    assert "new-jest-rule" not in learned.get("workflow/test", ""), learned.get("workflow/test")
    assert "workflow/migrate" not in learned, learned.get("workflow/migrate")


def test_sphinx_build_with_options_alone_is_no_docs_build(make_project):
    guide = (
        "# Contributing\n\n## Docs\n\nUseful options: `sphinx-build --fresh-env`, `sphinx-build --bug-report`.\n"
        "Build with `sphinx-build -M html ./doc ./build/sphinx`.\n"
    )
    files = PY_SOURCES | {"pyproject.toml": PYPROJECT.format(backend="flit_core"), "doc/conf.py": "project = 'x'\n",
                          "CONTRIBUTING.md": guide}  # fmt: skip
    learned = bodies(make_project, files, name="sphinxopts")
    assert learned["workflow/docs"].startswith("To build or preview the docs: `sphinx-build -M html"), learned[
        "workflow/docs"
    ]
    assert "--bug-report" not in learned["workflow/docs"], learned["workflow/docs"]


GO = {"go.mod": "module example.com/tool\n\ngo 1.22\n", "main.go": "package main\n\nfunc main() {}\n",
      "main_test.go": "package main\n\nimport \"testing\"\n\nfunc TestMain2(t *testing.T) {}\n"}  # fmt: skip


def test_an_npm_package_that_ships_the_go_binary_makes_no_javascript_project(make_project):
    # changie's package.json: `bin` starts the prebuilt binary; npm/prepare-release.mjs copies them in
    package = '{"name": "tool", "bin": {"tool": "npm/tool.js"}, "files": ["npm/dist/linux-x64", "npm/tool.js"]}'
    files = GO | {"package.json": package, "npm/tool.js": "require('child_process')\n",
                  "go.mod": "module example.com/tool\n\ngo 1.22\n\nrequire github.com/spf13/cobra v1.8.0\n",
                  "npm/prepare-release.mjs": "export {}\n", "requirements.txt": "mkdocs==1.6.1\n"}  # fmt: skip
    learned = bodies(make_project, files, name="npmwrap")
    assert "javascript/packaging" not in learned, learned.get("javascript/packaging")
    assert learned["workflow/install"].startswith("To install: `go mod download`"), learned["workflow/install"]


def test_a_guides_bare_prefix_and_elided_commands_are_no_commands(make_project):
    guide = (
        "# Testing\n\nPrefix every command with `bundle exec`.\n\nRun the tests with `bundle exec rspec`, or your own "
        "lane with `bundle exec fastlane …`.\n"
    )
    files = {"Gemfile": "source 'https://rubygems.org'\ngem 'rspec'\n", "lib/x.rb": "module X; end\n",
             "spec/x_spec.rb": "describe X do\nend\n", "Testing.md": guide}  # fmt: skip
    learned = bodies(make_project, files, name="bareexec")
    assert learned["workflow/test"].startswith("To test: `bundle exec rspec`"), learned["workflow/test"]
    assert "…" not in learned["workflow/test"], learned["workflow/test"]


def test_targets_whose_recipes_do_another_job_are_not_taken_for_their_names(make_project):
    makefile = (
        "setup-hooks:\n\t@git config core.hooksPath .githooks\n\t@chmod +x .githooks/pre-push\n\t@echo done\n\n"
        "check:\n\tcargo check --workspace --all-targets\n\n"
        "test:\n\tcargo test --workspace\n\n"
        "fix-udeps:\n\tcargo udeps --workspace\n"
    )
    guide = (
        "# Contributing\n\nSet up with `make setup-hooks`. Test with `make test` and `make check`.\n"
        "Format with `make fix-udeps`.\n\nCross-compile for Windows after `sudo apt install gcc-mingw-w64-x86-64`.\n"
    )
    justfile = "install:\n    cargo install --path . --locked\n"
    files = RUST_SOURCES | {"Makefile": makefile, "CONTRIBUTING.md": guide, "justfile": justfile}
    learned = bodies(make_project, files, name="otherjob")
    install = learned.get("workflow/install", "")
    assert "setup-hooks" not in install and "just install" not in install and "mingw" not in install, install
    assert "make check" not in learned["workflow/test"], learned["workflow/test"]
    assert "fix-udeps" not in learned.get("workflow/format", ""), learned.get("workflow/format")


def test_a_lint_of_one_crate_follows_the_workspace_wide_one(make_project):
    files = RUST_SOURCES | {
        ".github/workflows/linux.yml": workflow("cargo clippy -p tool_gui"),
        ".github/workflows/quality.yml": workflow("cargo clippy --all-targets --all-features -- -D warnings"),
    }
    learned = bodies(make_project, files, name="oneclippy")
    assert learned["workflow/lint"].startswith("To lint: `cargo clippy --all-targets"), learned["workflow/lint"]


CMAKE = {"CMakeLists.txt": "project(lib C)\nadd_library(lib lib.c)\nenable_testing()\nadd_test(NAME t COMMAND t)\n",
         "lib.c": "int f(void) { return 0; }\n"}  # fmt: skip


def test_ci_steps_that_build_tests_or_consumers_are_neither_tests_nor_the_build(make_project):
    steps = (
        "cmake --build obj --config Debug --target all-tests",
        "cmake -S Test/find_package -B build/find_package && cmake --build build/find_package",
        'cmake -S. -Bbuild -G "Visual Studio 17 2022" -A x64 && cmake --build build --target install',
    )
    files = CMAKE | {"Test/find_package/CMakeLists.txt": "find_package(lib)\n",
                     ".github/workflows/ci.yml": workflow(*steps)}  # fmt: skip
    learned = bodies(make_project, files, name="cmakeci")
    assert "all-tests" not in learned["workflow/test"], learned["workflow/test"]
    assert learned["workflow/build"].startswith("To build: `cmake -S . -B build"), learned["workflow/build"]


def test_a_readmes_alternatives_in_braces_are_no_command(make_project):
    readme = "# lib\n\n## Testing\n\n```sh\nctest -C {Debug|Release|RelWithDebInfo}\n```\n"
    learned = bodies(make_project, CMAKE | {"README.md": readme}, name="braces")
    assert "{Debug" not in learned["workflow/test"], learned["workflow/test"]


def test_go_ci_steps_for_another_modules_tool_a_test_binary_or_vm_tests_do_not_lead(make_project):
    steps = (
        "./tool/go build -o /tmp/checklocks gvisor.dev/gvisor/tools/checklocks/cmd/checklocks",
        "./tool/go test -v -timeout=15m -count=1 --run-vm-tests",
        "./tool/go test -tags integrationtest -c ./ssh -o ssh/tool.test",
        "./tool/go test ./...",
    )
    files = GO | {"tool/go": '#!/bin/sh\nexec go "$@"\n', ".github/workflows/test.yml": workflow(*steps)}
    learned = bodies(make_project, files, name="goci")
    assert "checklocks" not in learned.get("workflow/build", ""), learned.get("workflow/build")
    assert learned["workflow/test"].startswith("To test: `./tool/go test ./...`"), learned["workflow/test"]
    assert " -c " not in learned["workflow/test"], learned["workflow/test"]


def test_a_summary_leaves_out_a_lead_in_to_a_feature_list(make_project):
    readme = (
        "# Typst\n\nTypst is a new markup-based typesetting system that is designed to be as powerful as LaTeX. "
        "Typst has:\n\n- Built-in markup\n- Fast compile times\n"
    )
    learned = bodies(make_project, RUST_SOURCES | {"README.md": readme}, name="typst")
    assert learned["project/summary"].endswith("as powerful as LaTeX."), learned["project/summary"]


def test_a_commented_out_lint_plugin_adds_no_tasks(make_project):
    engine = 'plugins {\n    kotlin("jvm")\n//    id("org.jlleitschuh.gradle.ktlint")\n}\n'
    files = {"settings.gradle.kts": 'include(":engine")\n', "gradlew": "#!/bin/sh\n",
             "build.gradle.kts": 'plugins {\n    kotlin("jvm")\n}\n', "engine/build.gradle.kts": engine,
             "engine/src/main/kotlin/x/Engine.kt": "package x\nclass Engine\n"}  # fmt: skip
    learned = bodies(make_project, files, name="ktlintoff")
    assert "ktlint" not in learned.get("workflow/lint", "") + learned.get("workflow/format", "")
    applied = files | {"engine/build.gradle.kts": engine.replace("//    id", "    id")}
    assert "`./gradlew ktlintCheck`" in bodies(make_project, applied, name="ktlinton")["workflow/lint"]


def test_an_upcoming_section_pull_requests_fill_is_where_a_change_goes(make_project):
    changes = "# Revision history\n\n## NEXT\n\n* Deprecate the HLSL front-end.\n\n## 16.5.0 2026-07-31\n\n* Old.\n"
    repo = make_project(RUST_SOURCES | {"CHANGES.md": changes}, name="nextsection")
    for n in range(12):  # one maintainer's releases write it …
        repo.write({"CHANGES.md": changes + f"\n## 16.{n}.0\n\n* Change {n}.\n"}).commit(f"Release 16.{n}.0")
    for n, who in enumerate(("Daniel <d@example.com>", "Diego <e@example.com>")):  # … and others' changes add lines
        repo.write({"CHANGES.md": changes.replace("## 16.5", f"* Feature {n}.\n\n## 16.5"), f"src/f{n}.rs": ""})
        repo.git("add", "-A")
        repo.git("commit", "-q", f"--author={who}", "-m", f"Implement feature {n}")
    rule = repo_bodies(repo)["rules/changelog"]
    assert "changes go under the upcoming release's heading (NEXT)" in rule, rule
    assert "does not add to it" not in rule, rule


def test_a_guide_sentence_that_shows_its_object_below_is_no_rule_without_it(make_project):
    guide = (
        "# Contributing\n\n## License\n\nIf you are adding a new file it should have a header like below.\n\n"
        "```\n/*\n * Copyright The Authors\n */\n```\n\nEvery change must come with a test that covers it.\n"
    )
    learned = bodies(make_project, RUST_SOURCES | {"CONTRIBUTING.md": guide}, name="likebelow")
    rules = learned.get("rules/CONTRIBUTING.md", "")
    assert "like below" not in rules and "must come with a test" in rules, rules


def test_a_library_one_package_of_a_monorepo_uses_is_not_what_the_project_is_built_on(make_project):
    files = {"package.json": '{"name": "root", "private": true, "workspaces": ["packages/*"]}',
             "package-lock.json": "{}"}  # fmt: skip
    for name in ("core", "operators", "testing", "migrate"):
        deps = ', "dependencies": {"zod": "^3.0.0"}' if name == "migrate" else ""
        files[f"packages/{name}/package.json"] = f'{{"name": "@x/{name}", "version": "1.0.0"{deps}}}'
        files[f"packages/{name}/src/index.ts"] = "export const x = 1\n"
    learned = bodies(make_project, files, name="monozod")
    assert "zod" not in learned["javascript/stack"], learned["javascript/stack"]


def test_a_makefile_that_only_includes_another_builds_with_its_default_target(make_project):
    files = {"Makefile": "include src/Makefile\n", "src/main.c": "int main(void) { return 0; }\n",
             "src/Makefile": "default: tool\n\ntool: src/main.c\n\t$(CC) -o tool src/main.c\n"}  # fmt: skip
    assert bodies(make_project, files, name="incl")["workflow/build"].startswith("To build: `make`")


def test_pylint_in_ci_is_the_lint(make_project):
    files = PY_SOURCES | {"pyproject.toml": PYPROJECT.format(backend="setuptools"), "pylintrc": "[MASTER]\n",
                          ".github/workflows/ci.yml": workflow("pip install pylint", "pylint pkg")}  # fmt: skip
    assert bodies(make_project, files, name="pylint")["workflow/lint"].startswith("To lint: `pylint pkg`")


def test_a_tox_section_with_factors_in_braces_is_each_of_its_envs(make_project):
    tox = "[tox]\nenvlist = py, lint-posix\n\n[testenv]\ncommands = pytest\n\n[testenv:lint{,-posix}]\ncommands = ruff check .\n"
    files = PY_SOURCES | {"pyproject.toml": PYPROJECT.format(backend="setuptools"), "tox.ini": tox}
    lint = bodies(make_project, files, name="toxbraces")["workflow/lint"]
    assert lint.startswith("To lint: `tox -e lint`") and "`tox -e lint-posix`" in lint, lint


def test_a_ci_job_that_builds_images_gives_no_build(make_project):
    files = PY_SOURCES | {"pyproject.toml": PYPROJECT.format(backend="setuptools"),
                          "tools/docker/build.sh": "#!/bin/bash\nset -eu\nTAG=$1\npython tools/strip.py\ndocker build -t x:$TAG .\n",
                          ".github/workflows/docker.yml": workflow("tools/docker/build.sh nightly amd64",
                                                                  job="docker_build")}  # fmt: skip
    assert "workflow/build" not in bodies(make_project, files, name="dockerjob")


def test_a_summary_drops_a_later_sentence_that_leads_into_a_list_and_a_stray_dash(make_project):
    readme = "# iamb\n\n`iamb` is a Matrix client for the terminal. It includes support for:\n\n- Threads\n- Spaces\n"
    assert bodies(make_project, RUST_SOURCES | {"README.md": readme}, "iamb")["project/summary"].endswith("terminal.")
    dashed = "# lnd\n\nThe Lightning Network Daemon (`lnd`) - is a complete implementation of a node.\n"
    summary = bodies(make_project, RUST_SOURCES | {"README.md": dashed}, "lnd")["project/summary"]
    assert "(lnd) is a complete implementation" in summary and " - " not in summary, summary


def test_bacon_specs_are_run_with_bacon(make_project):
    files = {"Gemfile": "source 'https://rubygems.org'\ngroup :development do\n  gem 'bacon'\nend\n",
             "lib/x.rb": "module X; end\n", "spec/integration_spec.rb": "describe 'x' do\nend\n"}  # fmt: skip
    learned = bodies(make_project, files, name="bacon")
    assert "rspec" not in learned.get("workflow/test", "") + learned["workflow/test-one"], learned
    assert learned["workflow/test-one"].startswith("To run one test: `bundle exec bacon spec/integration_spec.rb`")


def test_commands_whose_words_mislead_their_heading(make_project):
    guide = (
        "# Contributing\n\n## Setup\n\nFor hosting run `composer i -o --no-dev`; developers run `composer i -o`.\n\n"
        "## Tests\n\nLoad speakers with `bin/rails db:seed:speakers`, then run `bin/rails test`.\n"
        "Import an event with `rails runner scripts/import_event.rb`.\n\nCI runs `pnpm ci:test`.\n"
    )
    files = {"composer.json": '{"name": "x/app", "require": {"php": "^8.2"}}', "src/App.php": "<?php\n",
             "CONTRIBUTING.md": guide}  # fmt: skip
    learned = bodies(make_project, files, name="misleading")
    install = learned.get("workflow/install", "")
    assert "--no-dev" not in install and "ci:test" not in install, install
    test = learned.get("workflow/test", "")
    assert "db:seed" not in test and "rails runner" not in learned.get("workflow/run", ""), learned


def test_ci_steps_for_a_javascript_checker_and_a_tool_kept_beside_the_project(make_project):
    steps = ("biome ci --indent-style=space tests/ ports/webassembly", "cd tools/mpremote && python -m build --wheel")
    files = MESON | {"tools/mpremote/pyproject.toml": PYPROJECT.format(backend="hatchling"),
                     ".github/workflows/ci.yml": workflow(*steps)}  # fmt: skip
    learned = bodies(make_project, files, name="biome")
    assert "biome" not in learned["workflow/test"], learned["workflow/test"]
    assert "mpremote" not in learned["workflow/build"], learned["workflow/build"]


def test_runs_that_skip_or_rerun_tests_and_tools_given_no_files_are_no_commands(make_project):
    guide = (
        "# Contributing\n\n## Tests\n\nRe-run what failed with `bundle exec rspec --only-failures`.\n"
        "Run `bundle exec rspec` for the suite.\n\n## Format\n\nFormat with `gofmt -s`, or `prettier -w`.\n"
    )
    files = {"Gemfile": "source 'https://rubygems.org'\ngem 'rspec'\n", "lib/x.rb": "module X; end\n",
             "spec/x_spec.rb": "describe X do\nend\n", "CONTRIBUTING.md": guide}  # fmt: skip
    learned = bodies(make_project, files, name="reruns")
    assert "--only-failures" not in learned["workflow/test"], learned["workflow/test"]
    assert "gofmt -s`" not in learned.get("workflow/format", "") and "prettier -w`" not in learned.get(
        "workflow/format", ""
    ), learned.get("workflow/format")


def test_a_build_that_skips_the_tests_quickly_is_the_build_not_the_tests(make_project):
    pom = "<project><modelVersion>4.0.0</modelVersion><artifactId>solver</artifactId></project>\n"
    guide = "# Contributing\n\n## Build\n\nBuild with `./mvnw clean install -Dquickly`.\n"
    files = {"pom.xml": pom, "mvnw": "#!/bin/sh\n", "src/main/java/x/A.java": "package x;\nclass A {}\n",
             "CONTRIBUTING.md": guide}  # fmt: skip
    learned = bodies(make_project, files, name="quickly")
    assert "-Dquickly" not in learned.get("workflow/test", ""), learned.get("workflow/test")
    assert "`./mvnw clean install -Dquickly`" in learned["workflow/build"], learned["workflow/build"]


def test_a_windows_cross_lint_does_not_lead(make_project):
    steps = ("cargo xwin clippy --target x86_64-pc-windows-msvc", "cargo clippy --workspace -- -D warnings")
    files = RUST_SOURCES | {".github/workflows/ci.yml": workflow(*steps)}
    assert bodies(make_project, files, name="xwin")["workflow/lint"].startswith("To lint: `cargo clippy --workspace")


def test_migrations_kept_in_each_package_are_said_to_be_there(make_project):
    files = {"composer.json": '{"name": "x/shop", "require": {"laravel/framework": "^11.0"}}', "artisan": "",
             "database/migrations/2024_01_01_000000_create_jobs.php": "<?php\n"}  # fmt: skip
    for pkg in ("Core", "Sales", "Shop"):
        for n in range(2):
            files[f"packages/Webkul/{pkg}/src/Database/Migrations/2024_0{n + 1}_01_create_{pkg}.php"] = "<?php\n"
    learned = bodies(make_project, files, name="pkgmigrations")
    assert "mostly in 3 packages' migrations folders under packages/ (6 files)" in learned["layout/migrations"], (
        learned["layout/migrations"]
    )
    assert "migrations in database/migrations" not in learned["php/packaging"], learned["php/packaging"]
    # wave's one folder beside the app's: named as it is, lower case
    one = {k: v for k, v in files.items() if "/Webkul/" not in k}
    one |= {f"wave/database/migrations/2024_0{n + 1}_01_create_plans.php": "<?php\n" for n in range(3)}
    assert "mostly in wave/database/migrations/ (3 files)" in bodies(make_project, one, "wavemig")["layout/migrations"]


def test_a_bare_just_that_lists_the_recipes_is_no_test_and_a_dotless_phony_no_target(make_project):
    justfile = "_default:\n  just --list -u\n\ntest:\n  cargo test\n"
    guide = "# Contributing\n\n## Testing\n\nRun `just` to see the recipes, then `just test`.\n"
    makefile = "PHONY: .build\n\nbuild:\n\tcargo build\n"
    files = RUST_SOURCES | {"justfile": justfile, "CONTRIBUTING.md": guide, "Makefile": makefile}
    learned = bodies(make_project, files, name="justlist")
    assert learned["workflow/test"].startswith("To test: `just test`"), learned["workflow/test"]
    assert "`make PHONY`" not in learned.get("tasks/make", ""), learned.get("tasks/make")
