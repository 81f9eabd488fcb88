"""Causes found in the seventieth round."""

from __future__ import annotations

from tests.profile.learned import bodies, workflow

GO_TEST = 'package {0}\n\nimport "testing"\n\nfunc Test{1}(t *testing.T) {{}}\n'


def go_test(package: str, name: str, tag: str = "") -> str:
    return (f"//go:build {tag}\n\n" if tag else "") + GO_TEST.format(package, name)


def test_a_guide_task_the_taskfile_no_longer_declares_is_dropped(make_project):
    # semaphore's CONTRIBUTING.md says `task compile` and `task watch`; its Taskfile has build, test and deps
    guide = (
        "# Contributing\n\nInstall with `task deps`, build with `task build`, then `task compile` and `task watch`.\n"
    )
    taskfile = (
        "version: '3'\ntasks:\n  deps:\n    cmds:\n#      - go install old/tool\n      - go mod download\n"
        "  build:\n    aliases: [b]\n    cmds:\n      - go build ./...\n  test:\n    cmds:\n      - go test ./...\n"
    )
    files = {
        "CONTRIBUTING.md": guide,
        "Taskfile.yml": taskfile,
        "go.mod": "module example.com/semaphore\n\ngo 1.22\n",
        "api/api.go": "package api\n",
        "api/api_test.go": go_test("api", "Api"),
    }
    build = bodies(make_project, files, name="semaphore")["workflow/build"]
    assert build.startswith("To build: `task build`"), build
    assert "task compile" not in build and "task watch" not in build, build


def test_a_make_variable_that_names_the_test_program_or_packages_is_no_test_selector(make_project):
    # django-oscar's `test:` recipe is `$(PYTEST)`, PYTEST the venv's py.test; kruise's ENVTEST is setup-envtest's
    # path; tinkerbell's TEST_PKGS is built from TEST_PKG: `make test PYTEST=<test>` selects nothing
    for name, makefile in (
        ("oscar", "PYTEST = $(PWD)/$(VENV)/bin/py.test\n\ntest:\n\t$(PYTEST)\n"),
        ("kruise", "ENVTEST ?= $(TESTBIN)/setup-envtest\n\ntest:\n\techo $(ENVTEST)\n\tgo test ./... $(ENVTEST)\n"),
        ("tink", "TEST_PKGS := ./...\n\ntest:\n\tgo test -race -v ${TEST_ARGS} ${TEST_PKGS}\n"),
    ):
        files = {
            "Makefile": makefile,
            "go.mod": f"module example.com/{name}\n\ngo 1.22\n",
            "pkg/a/a.go": "package a\n",
            "pkg/a/a_test.go": go_test("a", "Alpha"),
        }
        one = bodies(make_project, files, name=name).get("workflow/test-one", "")
        assert "=<test>" not in one, (name, one)


def test_one_go_test_is_taken_from_a_package_that_builds_without_a_tag(make_project):
    # kube-vip's testing/e2e holds the most test files, each `//go:build e2e`: `go test ./testing/e2e/ -run X`
    # compiles none of them
    files = {
        "go.mod": "module example.com/kubevip\n\ngo 1.22\n",
        "pkg/vip/vip.go": "package vip\n",
        "pkg/vip/vip_test.go": go_test("vip", "Address"),
        **{f"testing/e2e/e{i}_test.go": go_test("e2e", f"Cluster{i}", tag="e2e") for i in range(4)},
    }
    one = bodies(make_project, files, name="kubevip")["workflow/test-one"]
    assert "./pkg/vip/" in one and "TestAddress" in one, one
    assert "testing/e2e" not in one, one


def test_a_guide_go_test_on_a_folder_whose_tests_all_need_a_tag_is_dropped(make_project):
    # ziti's guide names `go test ./tests/suites/common/ -run TestName` without -tags: each file is
    # `//go:build integration`, so it compiles no test
    guide = (
        "# Contributing\n\nRun unit tests with `go test ./...`.\n\nRun one integration test with "
        "`go test -tags integration ./tests/suites/common/ -run TestHello` or `go test ./tests/suites/common/ -run "
        "TestHello`.\n"
    )
    files = {
        "CONTRIBUTING.md": guide,
        "go.mod": "module example.com/ziti\n\ngo 1.22\n",
        "router/router.go": "package router\n",
        "router/router_test.go": go_test("router", "Route"),
        "tests/suites/common/hello_test.go": go_test("common", "Hello", tag="integration"),
    }
    one = bodies(make_project, files, name="ziti")["workflow/test-one"]
    assert "`go test -tags integration ./tests/suites/common/ -run TestHello`" in one, one
    assert "`go test ./tests/suites/common/ -run TestHello`" not in one, one


def test_a_binary_inspector_and_a_check_target_are_no_build(make_project):
    # proxmark3's wsl job builds the client with CMake in client/build/, then `make client/check CHECKARGS=…` runs
    # its tests; ppsspp's AppImage job runs `ldd ./build/PPSSPPSDL` after its build
    ci = workflow(
        "make clean",
        "make -j4",
        "make check",
        "- name: Initiate cmake\n  run: cmake ..\n  working-directory: client/build/",
        "- name: Build cmake\n  run: make -j4 VERBOSE=1\n  working-directory: client/build/",
        '- name: Test cmake\n  run: make client/check CHECKARGS="--clientbin ./client/build/pm3"',
        "ldd ./client/build/pm3",
        job="wsl",
    )
    files = {
        "Makefile": "all:\n\t$(MAKE) -C client\n\ncheck: client/check\n\nclient/check: FORCE\n"
        "\tbash tools/pm3_tests.sh $(CHECKARGS) client\n\nclean:\n\trm -f client/pm3\n\nFORCE:\n",
        ".github/workflows/ci.yml": ci,
        "client/Makefile": "all:\n\tcc -o pm3 main.c\n",
        "client/CMakeLists.txt": "cmake_minimum_required(VERSION 3.10)\nproject(pm3 C)\nadd_executable(pm3 main.c)\n",
        "client/main.c": "int main(void) { return 0; }\n",
        "tools/pm3_tests.sh": "#!/bin/sh\necho ok\n",
    }
    build = bodies(make_project, files, name="proxmark")["workflow/build"]
    assert "`make" in build, build
    assert "client/check" not in build and "ldd" not in build, build


def test_builds_from_a_vulnerability_scanning_workflow_are_not_the_build(make_project):
    # openrouteservice's build came from vulnerability-scanning.yml's Trivy job: `./mvnw package -PbuildWar`
    scan = workflow("./mvnw -B package -DskipTests -PbuildWar", "trivy fs target/", job="trivy_war_build_scan")
    files = {
        ".github/workflows/vulnerability-scanning.yml": scan,
        "pom.xml": "<project><modelVersion>4.0.0</modelVersion><artifactId>ors</artifactId></project>\n",
        "mvnw": "#!/bin/sh\n",
        ".mvn/wrapper/maven-wrapper.properties": "distributionUrl=https://repo/maven.zip\n",
        "src/main/java/org/ors/App.java": "package org.ors;\nclass App {}\n",
        "src/test/java/org/ors/AppTest.java": "package org.ors;\nclass AppTest {}\n",
    }
    build = bodies(make_project, files, name="ors")["workflow/build"]
    assert "-PbuildWar" not in build, build


def test_bare_bazel_test_and_a_one_tool_system_package_are_dropped(make_project):
    # nativelink's guide says `bazel test` in prose; hyperion.ng's guide installs gdb for VS Code debugging
    guide = (
        "# Contributing\n\nInstall the build tools with `sudo apt-get install cmake ninja-build qtbase5-dev`.\n\n"
        "To debug in VS Code, install gdb: `sudo apt-get install gdb`.\n\n"
        "Formatting is checked when you run `bazel test`; run everything with `bazel test //...`.\n"
    )
    files = {
        "CONTRIBUTING.md": guide,
        "MODULE.bazel": 'module(name = "nl")\n',
        "BUILD.bazel": 'cc_binary(name = "nl", srcs = ["main.cc"])\n',
        "main.cc": "int main() { return 0; }\n",
    }
    learned = bodies(make_project, files, name="nl")
    test = learned["workflow/test"]
    assert test.startswith("To test: `bazel test //...`"), test
    assert "`bazel test`" not in test, test
    assert "install gdb" not in learned.get("workflow/install", ""), learned.get("workflow/install")


def test_the_docs_dependencies_and_go_mod_tidy_are_not_the_set_up(make_project):
    # valhalla's guide: `pip install --group docs` for the MkDocs site; fission's CLAUDE.md warns about `go mod tidy`
    guide = (
        "# Contributing\n\n## Documentation\n\nInstall the docs tools with `pip install --group docs`, then "
        "`mkdocs serve`.\n\n## Go modules\n\nNote that `go mod tidy` does not keep the require blocks apart.\n"
    )
    files = {
        "CONTRIBUTING.md": guide,
        "pyproject.toml": '[project]\nname = "vh"\n\n[dependency-groups]\ndocs = ["mkdocs"]\n',
        "vh/__init__.py": "",
        "tests/test_vh.py": "def test_vh():\n    assert True\n",
        "go.mod": "module example.com/vh\n\ngo 1.22\n",
        "cmd/vh/main.go": "package main\n\nfunc main() {}\n",
    }
    install = bodies(make_project, files, name="vh").get("workflow/install", "")
    assert "--group docs" not in install and "go mod tidy" not in install, install


def test_a_lint_script_a_seed_task_and_a_checklist_task_are_no_tests(make_project):
    # ArchiveBox's guide lists `./bin/lint.sh` before `./bin/test.sh`; decko's `RAILS_ENV=test rake card:seed:update`
    # refreshes fixtures; geordi's `rake check` asks "Are all specs & features green?"
    guide = (
        "# Contributing\n\n## Running the tests\n\nRun `./bin/lint.sh` and `./bin/test.sh`.\n\n"
        "After JavaScript changes run `RAILS_ENV=test rake card:seed:update`, then `bundle exec rake check`.\n"
    )
    rakefile = (
        "task default: [:rspec]\n\ntask :rspec do\n  system 'bundle exec rspec'\nend\n\n"
        "task :check do\n  Interaction.confirm_or_cancel('Are all specs green?', 'Run rake.')\nend\n"
    )
    files = {
        "CONTRIBUTING.md": guide,
        "bin/lint.sh": "#!/bin/sh\nrubocop\n",
        "bin/test.sh": "#!/bin/sh\nbundle exec rspec\n",
        "Rakefile": rakefile,
        "Gemfile": "source 'https://rubygems.org'\ngem 'rspec'\n",
        "lib/app.rb": "module App; end\n",
        "spec/app_spec.rb": "describe 'App' do\n  it { expect(1).to eq 1 }\nend\n",
    }
    test = bodies(make_project, files, name="app")["workflow/test"]
    assert "lint.sh" not in test and "seed" not in test and "rake check" not in test, test
    assert "`./bin/test.sh`" in test, test


def test_poetry_with_an_optional_dev_group_installs_it(make_project):
    # tianshou's `[tool.poetry.group.dev] optional = true`: a plain `poetry install` leaves pytest and ruff out
    pyproject = (
        '[tool.poetry]\nname = "ts"\nversion = "1.0"\n\n[tool.poetry.dependencies]\npython = "^3.11"\n\n'
        "[tool.poetry.group.dev]\noptional = true\n\n[tool.poetry.group.dev.dependencies]\npytest = '*'\n"
    )
    files = {
        "pyproject.toml": pyproject,
        "poetry.lock": "# lock\n",
        "ts/__init__.py": "",
        "tests/test_ts.py": "def test_ts():\n    assert True\n",
    }
    install = bodies(make_project, files, name="ts")["workflow/install"]
    assert install.startswith("To install: `poetry install --with dev`"), install


def test_a_hook_config_nothing_runs_gives_no_lint_command(make_project):
    # django-oscar's 2021 .pre-commit-config.yaml pins flake8 from a git:// URL; CI and the Makefile lint with
    # black and pylint, and no guide, workflow or manifest names pre-commit
    config = "repos:\n  - repo: git://github.com/pycqa/flake8\n    rev: 3.8.3\n    hooks:\n      - id: flake8\n"
    files = {
        ".pre-commit-config.yaml": config,
        "Makefile": "lint:\n\tblack --check src/\n\tpylint src/oscar\n",
        ".github/workflows/ci.yml": workflow("make lint"),
        "pyproject.toml": '[project]\nname = "oscar"\n',
        "src/oscar/__init__.py": "",
        "tests/test_oscar.py": "def test_oscar():\n    assert True\n",
    }
    lint = bodies(make_project, files, name="oscar")["workflow/lint"]
    assert lint.startswith("To lint: `make lint`"), lint
    assert "pre-commit" not in lint, lint


def test_a_hook_config_whose_local_hook_runs_a_tool_the_lock_lacks_gives_no_command(make_project):
    # tianshou's local hook is `entry: poetry run black`, and poetry.lock holds no black: the run fails
    config = (
        "repos:\n  - repo: local\n    hooks:\n      - id: ruff\n        name: ruff\n        entry: poetry run ruff\n"
        "        language: system\n      - id: black\n        name: black\n        entry: poetry run black\n"
        "        language: system\n"
    )
    pyproject = (
        '[tool.poetry]\nname = "ts"\nversion = "1.0"\n\n[tool.poetry.dependencies]\npython = "^3.11"\n\n'
        "[tool.poetry.group.dev.dependencies]\nruff = '*'\npre-commit = '*'\n\n[tool.poe.tasks]\n"
        'lint = "ruff check ."\nformat = "ruff format ."\n'
    )
    files = {
        ".pre-commit-config.yaml": config,
        "pyproject.toml": pyproject,
        "poetry.lock": '[[package]]\nname = "ruff"\nversion = "0.6.0"\n\n[[package]]\nname = "pre-commit"\n',
        "ts/__init__.py": "",
        "tests/test_ts.py": "def test_ts():\n    assert True\n",
    }
    learned = bodies(make_project, files, name="ts")
    assert "pre-commit run" not in learned.get("workflow/lint", ""), learned.get("workflow/lint")
    assert "pre-commit run" not in learned.get("workflow/format", ""), learned.get("workflow/format")


def test_a_rule_keeps_the_repository_file_its_link_leads_to(make_project):
    # galette's and ppsspp's guides link their words to a file: without it "the style guide" names nothing
    guide = (
        "# Contributing\n\n## Code style\n\n- Follow the [style guide](docs/STYLE.md) for every new module.\n"
        "- You must add a test for each fix, as described [here](https://example.org/testing).\n"
        "- Update the [changelog](#changelog) with each change.\n"
    )
    files = {"CONTRIBUTING.md": guide, "docs/STYLE.md": "# Style\n", "src/a.c": "int a;\n"}
    rules = bodies(make_project, files, name="gal")["rules/CONTRIBUTING.md"]
    assert "style guide (docs/STYLE.md)" in rules, rules
    assert "here (https://example.org/testing)" in rules, rules
    assert "changelog (#changelog)" not in rules and "Update the changelog" in rules, rules


def test_a_readme_line_that_only_links_to_the_contributor_guide_is_no_rule(make_project):
    # tianshou's README: "If you would like to contribute, please check out [this link](CONTRIBUTING.md)."
    readme = (
        "# ts\n\n## Contributing\n\n- If you would like to contribute, please check out [this link](CONTRIBUTING.md).\n"
        "- All new code must come with type hints.\n"
    )
    files = {
        "README.md": readme,
        "CONTRIBUTING.md": "# Contributing\n\nRun `make test` before a pull request.\n",
        "Makefile": "test:\n\tpytest\n",
        "ts/__init__.py": "",
    }
    notes = bodies(make_project, files, name="ts")["rules/README.md"]
    assert "type hints" in notes, notes
    assert "this link" not in notes, notes


def test_a_test_script_whose_runner_no_manifest_installs_is_dropped(make_project):
    # sharp's package.json test script is `jest`, and no package.json of the repository depends on jest
    files = {
        "package.json": '{"name": "sharp", "scripts": {"test": "jest", "e2e": "playwright test"}, '
        '"devDependencies": {"@playwright/test": "1.0.0"}}',
        "composer.json": '{"name": "code16/sharp", "scripts": {"test": "pest"}, "require-dev": {"pestphp/pest": "^2"}}',
        "src/Sharp.php": "<?php\nclass Sharp {}\n",
        "tests/SharpTest.php": "<?php\ntest('a', fn () => expect(1)->toBe(1));\n",
        **{f"resources/js/c{i}.ts": f"export const c{i} = {i};\n" * 40 for i in range(6)},
    }
    learned = bodies(make_project, files, name="sharp")
    assert "npm test" not in learned["workflow/test"], learned["workflow/test"]
    assert "npm test" not in learned.get("workflow/test-one", ""), learned.get("workflow/test-one")


def test_artisan_test_needs_collision(make_project):
    # processmaker's composer.json and lock hold no nunomaduro/collision: `php artisan test` is not defined
    files = {
        "artisan": "#!/usr/bin/env php\n<?php\n",
        "composer.json": '{"name": "pm/core", "require": {"laravel/framework": "^10"}, '
        '"require-dev": {"phpunit/phpunit": "^10"}}',
        "composer.lock": '{"packages": [{"name": "laravel/framework"}], "packages-dev": [{"name": "phpunit/phpunit", '
        '"conflict": {"nunomaduro/collision": "<7"}}]}',
        "phpunit.xml": '<phpunit><testsuites><testsuite name="Unit"><directory>tests/Unit</directory></testsuite>'
        "</testsuites></phpunit>\n",
        "app/Models/User.php": "<?php\nclass User {}\n",
        "tests/Unit/UserTest.php": "<?php\nclass UserTest extends TestCase {}\n",
    }
    test = bodies(make_project, files, name="pm")["workflow/test"]
    assert "php artisan test" not in test, test
    assert "`vendor/bin/phpunit`" in test, test


def test_a_rubocop_config_enabling_only_lint_cops_gives_no_format_command(make_project):
    # regexp_parser's .rubocop.yml: `DisabledByDefault: true`, then `Lint: Enabled: true`: `rubocop -a` formats nothing
    files = {
        ".rubocop.yml": "AllCops:\n  DisabledByDefault: true\n  NewCops: enable\n\nLint:\n  Enabled: true\n",
        "Gemfile": "source 'https://rubygems.org'\ngem 'rubocop'\ngem 'rspec'\n",
        ".github/workflows/lint.yml": workflow("bundle exec rubocop"),
        "lib/rp.rb": "module Rp; end\n",
        "spec/rp_spec.rb": "describe 'Rp' do\n  it { expect(1).to eq 1 }\nend\n",
    }
    learned = bodies(make_project, files, name="rp")
    assert learned["workflow/lint"].startswith("To lint: `bundle exec rubocop`"), learned["workflow/lint"]
    assert "rubocop -a" not in learned.get("workflow/format", ""), learned.get("workflow/format")
    assert "RuboCop" not in learned.get("style/ruby", ""), learned.get("style/ruby")


def test_a_boot_stub_and_a_code_generator_are_not_how_to_run_the_project(make_project):
    # asterinas' linux-bzimage-setup is `#![no_std]` `#![no_main]`; vulkano's autogen rewrites generated sources
    for name, crate, main in (
        ("aster", "linux-bzimage-setup", "#![no_std]\n#![no_main]\n\nfn start() {}\n"),
        ("vk", "autogen", "fn main() {}\n"),
    ):
        files = {
            "Cargo.toml": f'[workspace]\nmembers = ["core", "{crate}"]\n',
            "core/Cargo.toml": '[package]\nname = "core"\nversion = "0.1.0"\n',
            "core/src/lib.rs": "pub fn a() {}\n",
            f"{crate}/Cargo.toml": f'[package]\nname = "{crate}"\nversion = "0.1.0"\n',
            f"{crate}/src/main.rs": main,
        }
        run = bodies(make_project, files, name=name).get("workflow/run", "")
        assert crate not in run, (name, run)


def test_one_go_test_is_not_a_ginkgo_suite_entry(make_project):
    # ocm's test/integration/registration runs its Ginkgo specs through `TestIntegration`, which calls RunSpecs
    suite = (
        'package registration\n\nimport (\n\t"testing"\n\n\t"github.com/onsi/ginkgo/v2"\n)\n\n'
        'func TestIntegration(t *testing.T) {\n\tginkgo.RunSpecs(t, "Integration Suite")\n}\n'
    )
    files = {
        "go.mod": "module example.com/ocm\n\ngo 1.22\n",
        "pkg/hub/hub.go": "package hub\n",
        "pkg/hub/hub_test.go": go_test("hub", "NewHub"),
        **{
            f"test/integration/registration/s{i}_test.go": suite.replace("TestIntegration", f"TestIntegration{i}")
            for i in range(3)
        },
    }
    one = bodies(make_project, files, name="ocm")["workflow/test-one"]
    assert "./pkg/hub/" in one and "TestNewHub" in one, one


def test_adding_a_dependency_and_the_shells_test_are_no_test_commands(make_project):
    # yt's bleeding-edge job runs `uv add --dev pytest` before its tests; ngrx's guide says `pnpm exec test`
    ci = workflow("uv add --dev pytest-xdist", "uv run pytest yt", job="tests")
    files = {
        ".github/workflows/ci.yml": ci,
        "CONTRIBUTING.md": "# Contributing\n\nRun the tests with `pnpm exec test`.\n",
        "pyproject.toml": '[project]\nname = "yt"\n',
        "uv.lock": "version = 1\n",
        "yt/__init__.py": "",
        "yt/tests/test_yt.py": "def test_yt():\n    assert True\n",
    }
    test = bodies(make_project, files, name="yt")["workflow/test"]
    assert "uv add" not in test and "exec test" not in test, test
    assert "`uv run pytest yt`" in test, test


def test_a_script_handing_a_task_turbo_lacks_and_a_prettier_write_script_are_no_lint(make_project):
    # dub's `pnpm lint` is `turbo lint` with no lint task in turbo.json; laravel.cm's lint is `prettier --write`
    files = {
        "package.json": '{"name": "dub", "scripts": {"lint": "turbo lint", "build": "turbo build", '
        '"lint:css": "prettier --write resources/"}, "devDependencies": {"turbo": "1.12.0"}}',
        "pnpm-lock.yaml": "lockfileVersion: 9\n",
        "turbo.json": '{"pipeline": {"build": {}, "test": {}}}',
        "apps/web/package.json": '{"name": "web"}',
        "apps/web/index.ts": "export const a = 1;\n",
    }
    lint = bodies(make_project, files, name="dub").get("workflow/lint", "")
    assert "pnpm lint" not in lint and "lint:css" not in lint, lint


def test_a_bare_meson_is_no_test(make_project):
    # glib's guide names `meson` in prose before `meson test -C _builddir`
    guide = "# Contributing\n\nWe build with `meson`. Run the tests with `meson test -C _builddir`.\n"
    files = {
        "CONTRIBUTING.md": guide,
        "meson.build": "project('glib', 'c')\ntest('a', executable('a', 'a.c'))\n",
        "a.c": "int main(void) { return 0; }\n",
    }
    learned = bodies(make_project, files, name="glib")
    assert learned["workflow/test"].startswith("To test: `meson test -C _builddir`"), learned["workflow/test"]
    assert "`meson`" not in learned.get("workflow/build", ""), learned.get("workflow/build")


def test_hooks_that_write_docs_or_format_markdown_give_no_lint_command(make_project):
    # unitycatalog's hooks are mdformat and helm-docs: `pre-commit run --all-files` lints no code
    config = (
        "repos:\n  - repo: https://github.com/executablebooks/mdformat\n    rev: 0.7.17\n    hooks:\n"
        "      - id: mdformat\n  - repo: https://github.com/norwoodj/helm-docs\n    rev: v1.14.2\n    hooks:\n"
        "      - id: helm-docs\n"
    )
    files = {".pre-commit-config.yaml": config, "src/a.c": "int a;\n", "Makefile": "all:\n\tcc -c src/a.c\n"}
    lint = bodies(make_project, files, name="uc").get("workflow/lint", "")
    assert "pre-commit" not in lint, lint


def test_a_link_to_a_config_file_keeps_only_its_words(make_project):
    # keyshade's guide links "Prettier" to a `.prettierrc` the repository no longer has
    guide = (
        "# Contributing\n\n## Style\n\n- You must format TypeScript with [Prettier](.prettierrc) before committing.\n"
    )
    files = {"CONTRIBUTING.md": guide, "prettier.config.js": "module.exports = {};\n", "src/a.ts": "export {};\n"}
    rules = bodies(make_project, files, name="ks")["rules/CONTRIBUTING.md"]
    assert "with Prettier before" in rules and ".prettierrc" not in rules, rules


def test_code_in_a_jvm_projects_test_resources_is_no_language_of_it(make_project):
    # JPlag's languages/*/src/test/resources hold Rust, C++ and Python files its parsers read: inputs, not source
    files = {
        "pom.xml": "<project><modelVersion>4.0.0</modelVersion><artifactId>jplag</artifactId></project>\n",
        **{f"core/src/main/java/de/jplag/C{i}.java": f"package de.jplag;\nclass C{i} {{}}\n" * 30 for i in range(4)},
        **{f"languages/rust/src/test/resources/r{i}.rs": "fn main() {}\n" * 200 for i in range(4)},
        **{f"languages/cpp/src/test/resources/c{i}.cpp": "int main() { return 0; }\n" * 200 for i in range(4)},
    }
    languages = bodies(make_project, files, name="jplag")["languages"]
    assert "Rust" not in languages and "C++" not in languages, languages


def test_workspace_members_written_with_a_leading_dot_slash_are_members(make_project):
    # napi-rs lists "./crates/napi": "Cargo workspace of 0 crates" before
    files = {
        "Cargo.toml": '[workspace]\nmembers = [\n  "./crates/napi",\n  "./crates/sys",\n]\n',
        "crates/napi/Cargo.toml": '[package]\nname = "napi"\nversion = "1.0.0"\n',
        "crates/napi/src/lib.rs": "pub fn a() {}\n",
        "crates/sys/Cargo.toml": '[package]\nname = "napi-sys"\nversion = "1.0.0"\n',
        "crates/sys/src/lib.rs": "pub fn b() {}\n",
    }
    packaging = bodies(make_project, files, name="napi-rs")["rust/packaging"]
    assert "Cargo workspace of 2 crates" in packaging, packaging


def test_hooks_that_run_only_before_a_push_give_no_run_all_files_command(make_project):
    # anki's and lightly's hooks are `stages: [pre-push]`: `pre-commit run --all-files` runs none of them
    config = (
        "default_install_hook_types: [pre-push]\nrepos:\n  - repo: local\n    hooks:\n      - id: check\n"
        "        name: check\n        entry: ./ninja check\n        language: system\n        stages: [pre-push]\n"
        "      - id: mypy\n        name: mypy\n        entry: mypy\n        language: system\n"
        "        stages: [pre-push]\n"
    )
    files = {".pre-commit-config.yaml": config, "pyproject.toml": '[project]\nname = "anki"\n', "anki/__init__.py": ""}
    learned = bodies(make_project, files, name="anki")
    assert "pre-commit run" not in learned.get("workflow/lint", ""), learned.get("workflow/lint")
    assert "pre-commit run" not in learned.get("workflow/typecheck", ""), learned.get("workflow/typecheck")


def test_a_format_target_that_only_checks_is_no_format_command(make_project):
    # anki's `just fmt` runs `ninja check:format`; `just fix-fmt` rewrites
    guide = "# Agents\n\n- Check formatting with `just fmt`; fix it with `just fix-fmt`.\n"
    files = {
        "AGENTS.md": guide,
        "justfile": "fmt:\n    ./ninja check:format\n\nfix-fmt:\n    ./ninja format\n",
        "pyproject.toml": '[project]\nname = "anki"\n',
        "anki/__init__.py": "",
    }
    fmt = bodies(make_project, files, name="anki")["workflow/format"]
    assert fmt.startswith("To format: `just fix-fmt`"), fmt
    assert "`just fmt`" not in fmt, fmt


def test_a_modules_skip_tests_property_takes_the_profile_that_clears_it(make_project):
    # Towny's Towny/pom.xml sets skipTests true; its `test` profile sets it false, as CI's `mvn package -P test`
    module = (
        "<project><modelVersion>4.0.0</modelVersion><artifactId>towny</artifactId><properties>"
        "<skipTests>true</skipTests></properties><profiles><profile><id>test</id><properties>"
        "<skipTests>false</skipTests></properties></profile></profiles></project>\n"
    )
    files = {
        "pom.xml": "<project><modelVersion>4.0.0</modelVersion><artifactId>parent</artifactId><packaging>pom"
        "</packaging><modules><module>Towny</module></modules></project>\n",
        "Towny/pom.xml": module,
        "mvnw": "#!/bin/sh\n",
        ".mvn/wrapper/maven-wrapper.properties": "distributionUrl=https://repo/maven.zip\n",
        "Towny/src/main/java/com/palmergames/Towny.java": "package com.palmergames;\nclass Towny {}\n",
        "Towny/src/test/java/com/palmergames/TownyTests.java": "package com.palmergames;\nclass TownyTests {}\n",
    }
    test = bodies(make_project, files, name="Towny")["workflow/test"]
    assert "-P test" in test and "-DskipTests=false" not in test, test


def test_commands_whose_words_say_another_job_are_dropped_from_the_role(make_project):
    # perkeep's guide runs `go run make.go` (it builds); lightly's install leads with `uv venv`
    guide = (
        "# Contributing\n\nCreate an environment with `uv venv`, then `uv pip install -e .`.\n\n"
        "Run it with `go run make.go`, then `./bin/pk-server`.\n\nSee coverage with `npm run cov:report`.\n"
    )
    files = {
        "CONTRIBUTING.md": guide,
        "go.mod": "module example.com/pk\n\ngo 1.22\n",
        "make.go": "//go:build ignore\n\npackage main\n\nfunc main() {}\n",
        "pkg/a/a.go": "package a\n",
        "pyproject.toml": '[project]\nname = "pk"\n',
        "pk/__init__.py": "",
        "package.json": '{"name": "pk", "scripts": {"cov:report": "nyc report", "test": "mocha"}, '
        '"devDependencies": {"mocha": "*", "nyc": "*"}}',
    }
    learned = bodies(make_project, files, name="pk")
    assert "make.go" not in learned.get("workflow/run", ""), learned.get("workflow/run")
    assert not learned.get("workflow/install", "").startswith("To install: `uv venv`"), learned.get("workflow/install")
    assert "cov:report" not in learned.get("workflow/test", ""), learned.get("workflow/test")


def test_an_appimage_workflow_that_builds_on_every_push_stays_in_the_ci_fact(make_project):
    # geeqie's appimage-x86_64.yml builds the app with `meson setup build …` on each push; a vulnerability scan
    # beside it tests no change
    files = {
        "meson.build": "project('geeqie', 'c')\nexecutable('geeqie', 'main.c')\n",
        "main.c": "int main(void) { return 0; }\n",
        ".github/workflows/appimage-x86_64.yml": workflow("meson setup build --prefix=/usr", "ninja -C build"),
        ".github/workflows/vulnerability-scanning.yml": workflow("trivy fs .", job="scan"),
    }
    ci = bodies(make_project, files, name="geeqie")["ci"]
    assert "appimage-x86_64.yml (jobs build) runs `meson setup build" in ci, ci
    assert "Not read for commands: vulnerability-scanning.yml" in ci, ci
