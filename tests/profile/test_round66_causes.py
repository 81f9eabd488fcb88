"""Causes found in the sixty-sixth round."""

from __future__ import annotations

import json

from tests.profile.learned import bodies, commit_conventions, workflow

NODE_LIB = {
    "package.json": json.dumps({"name": "lint", "scripts": {"build": "node bin/build", "test": "nodeunit tests"}}),
    "package-lock.json": "{}\n",
    "src/jshint.js": "module.exports = {};\n",
    "bin/jshint": "#!/usr/bin/env node\nrequire('../src/jshint');\n",
    "bin/build": "#!/usr/bin/env node\n",
    "tests/unit/options.js": "exports.a = function (t) { t.done(); };\n",
}


def test_a_command_s_role_ends_where_the_next_command_s_clause_begins(make_project):
    # jshint's CONTRIBUTING.md: "run the edge version of JSHint using `bin/jshint` or build the release bundles
    # using `bin/build`": `bin/jshint` runs the program, it builds nothing
    guide = (
        "# Contributing\n\nAfter that, you will be able to run the edge version of JSHint using\n"
        "`bin/jshint` or build the release bundles using `bin/build`.\n"
    )
    learned = bodies(make_project, NODE_LIB | {"CONTRIBUTING.md": guide}, name="jshint")
    assert learned["workflow/build"].startswith("To build: `bin/build`"), learned["workflow/build"]
    assert "`bin/jshint`" not in learned["workflow/build"], learned["workflow/build"]


def test_a_doubled_bracket_tag_is_a_commit_convention(make_project):
    # jshint's subjects: `[[FIX]] Correct error message`, `[[CHORE]] Remove unused script`, releases `v2.13.6`
    subjects = ["[[FIX]] Correct error message", "[[CHORE]] Remove unused script", "[[DOCS]] Fix a few typos"] * 5
    subjects += ["[[FEAT]] Add a flag", "v2.13.6"]
    conventions = commit_conventions(make_project, "jshint", subjects)
    assert "a bracketed tag leads" in conventions and "[[FIX]]" in conventions, conventions
    assert "free-form" not in conventions, conventions


KITTY = {
    "setup.py": "#!/usr/bin/env python3\nimport argparse\n",
    "Makefile": "all:\n\tpython3 setup.py\n\ntest:\n\tpython3 setup.py test\n",
    "test.py": "#!/usr/bin/env python3\n",
    "dev.sh": "#!/bin/sh\n",
    "kitty/screen.c": "int screen;\n",
    "kitty/boss.py": "class Boss: ...\n",
    "kitty_tests/screen.py": "def test_a(): ...\n",
    "go.mod": "module kitty\n\ngo 1.24\n",
    "tools/utils/a.go": "package utils\n",
    "tools/utils/a_test.go": 'package utils\n\nimport "testing"\n\nfunc TestMkdirAt(t *testing.T) {}\n',
}
COPILOT = (
    "# Repository Build & Test Instructions\n\n## Build Procedures\n"
    "- **Build command:** Run `./dev.sh build` to build the project\n\n## Test Procedures\n"
    "- To run the complete test suite, run `./test.py`\n"
    "- To run a specific test, run `./test.py test_name` where `test_name` is the name of the test\n"
    "- Do not use go test or ./setup.py test to run tests\n"
)


def test_copilot_instructions_give_the_commands_when_no_agents_file_does(make_project):
    # kitty keeps .github/copilot-instructions.md and no AGENTS.md: its `./test.py` and `./dev.sh build` are the
    # project's own scripts, and "Do not use go test … to run tests" rules `go test` out
    learned = bodies(make_project, KITTY | {".github/copilot-instructions.md": COPILOT}, name="kitty")
    assert learned["workflow/build"].startswith("To build: `./dev.sh build`"), learned["workflow/build"]
    assert learned["workflow/test"].startswith("To test: `./test.py`"), learned["workflow/test"]
    assert "go test" not in learned["workflow/test"], learned["workflow/test"]
    assert learned["workflow/test-one"].startswith("To run one test: `./test.py test_name`"), learned
    assert "go test" not in learned["workflow/test-one"], learned["workflow/test-one"]


def test_a_root_script_a_guide_names_must_exist(make_project):
    guide = "# Contributing\n\nRun the tests with `./run-tests.sh`.\n"
    learned = bodies(make_project, KITTY | {"CONTRIBUTING.md": guide}, name="kitty")
    assert "run-tests.sh" not in learned.get("workflow/test", ""), learned.get("workflow/test")


RUST_TABS = {
    "Cargo.toml": '[package]\nname = "udeps"\nversion = "0.1.0"\nedition = "2021"\n',
    "src/main.rs": 'fn main() {\n\tlet a = 1;\n\tif a > 0 {\n\t\tprintln!("{}", a);\n\t}\n}\n',
    "src/lib.rs": 'pub fn run(args :&[String]) {\n\tfor a in args {\n\t\tprintln!("{}", a);\n\t}\n}\n',
}


def test_tab_indented_rust_is_not_rustfmt_formatted(make_project):
    # cargo-udeps indents with tabs and has no rustfmt.toml: `cargo fmt` would rewrite every file
    learned = bodies(make_project, RUST_TABS, name="udeps")
    assert "cargo fmt" not in learned.get("workflow/format", ""), learned.get("workflow/format")
    assert "rustfmt" not in learned.get("style/rust", ""), learned.get("style/rust")
    files = RUST_TABS | {"rustfmt.toml": "hard_tabs = true\n"}
    learned = bodies(make_project, files, name="udeps-tabs")
    assert "`cargo fmt`" in learned["workflow/format"], learned.get("workflow/format")


MAVEN_APP = {
    "pom.xml": (
        "<project><modelVersion>4.0.0</modelVersion><groupId>a</groupId><artifactId>viewer</artifactId>"
        "<version>1</version><dependencies><dependency><groupId>org.ow2.asm</groupId><artifactId>asm</artifactId>"
        "</dependency></dependencies></project>\n"
    ),
    "src/main/java/a/Viewer.java": "package a;\npublic class Viewer { public static void main(String[] a) {} }\n",
    "src/test/java/IconDemo.java": "public class IconDemo { public static void main(String[] a) {} }\n",
}


def test_maven_without_a_test_framework_or_a_declared_test_has_no_test_command(make_project):
    # bytecode-viewer's src/test/java holds one Swing demo with a main(), and its pom no JUnit: `mvn test` runs none
    learned = bodies(make_project, MAVEN_APP, name="viewer")
    assert "workflow/test" not in learned, learned["workflow/test"]
    assert "workflow/test-one" not in learned, learned["workflow/test-one"]
    test = "import org.junit.Test;\npublic class ViewerTest { @Test public void a() {} }\n"
    learned = bodies(make_project, MAVEN_APP | {"src/test/java/a/ViewerTest.java": test}, name="viewer-tested")
    assert "`mvn test`" in learned["workflow/test"], learned.get("workflow/test")


RUBY_GEM = {
    "scout.gemspec": 'Gem::Specification.new do |s|\n  s.name = "scout"\n  s.version = "1"\nend\n',
    "Gemfile": 'source "https://rubygems.org"\ngemspec\ngem "rubocop"\ngem "minitest"\n',
    "Rakefile": 'require "rake/testtask"\nRake::TestTask.new(:test)\ntask default: :test\n',
    "lib/scout.rb": "module Scout; end\n",
    "test/unit/config_test.rb": 'require "minitest/autorun"\nclass ConfigTest < Minitest::Test; end\n',
}


def test_a_rubocop_config_that_disables_every_cop_enforces_no_style(make_project):
    # scout_apm_ruby's .rubocop.yml: `DisabledByDefault: true` and its one listed cop disabled
    config = (
        "AllCops:\n  DisabledByDefault: true\n  SuggestExtensions: false\n\n"
        "Layout/LineLength:\n  Enabled: false\n  Max: 100\n"
    )
    learned = bodies(make_project, RUBY_GEM | {".rubocop.yml": config}, name="scout")
    assert "RuboCop" not in learned.get("style/ruby", ""), learned.get("style/ruby")
    assert "rubocop -a" not in learned.get("workflow/format", ""), learned.get("workflow/format")
    config = config.replace("Layout/LineLength:\n  Enabled: false", "Layout/LineLength:\n  Enabled: true")
    learned = bodies(make_project, RUBY_GEM | {".rubocop.yml": config}, name="scout-linted")
    assert "RuboCop" in learned["style/ruby"], learned.get("style/ruby")


PY_PKG = {
    "setup.py": "from setuptools import setup\nsetup(name='gevent')\n",
    "dev-requirements.txt": "-e .[test]\n",
    "src/gevent/__init__.py": "",
    "src/gevent/tests/test__util.py": "import unittest\n",
}


def test_a_virtualenv_prompt_before_a_block_s_command_is_no_part_of_it(make_project):
    # gevent's guide: `(gevent-env) $ pip install -r dev-requirements.txt`, then OS packages on another page
    guide = (
        "Getting Started\n===============\n\nInstalling the dependencies can be done in one line::\n\n"
        "  (gevent-env) $ pip install -r dev-requirements.txt\n\n"
        "The simplest way to run all the tests is just to invoke the test runner::\n\n"
        "  (gevent-env) $ python -mgevent.tests\n  Running tests in parallel with concurrency 7\n"
    )
    learned = bodies(make_project, PY_PKG | {"docs/development/getting_started.rst": guide}, name="gevent")
    assert learned["workflow/install"].startswith("To install: `pip install -r dev-requirements.txt`"), learned
    assert learned["workflow/test"].startswith("To test: `python -m gevent.tests`"), learned["workflow/test"]


def test_a_ci_step_that_only_downloads_a_driver_runs_no_tests(make_project):
    # pyquery's CI step "Install geckodriver" runs tests/geckodriver.sh: `wget … | tar xvzf -`
    script = '#!/bin/bash\n\ndriver="https://example.org/geckodriver.tar.gz"\n\n[ -f geckodriver ] || wget -cqO- $driver | tar xvzf -\n'
    ci = workflow("tests/geckodriver.sh", "pip install tox", "tox -e py")
    files = PY_PKG | {
        "tests/geckodriver.sh": script,
        ".github/workflows/tox.yml": ci,
        "tox.ini": "[tox]\nenvlist = py\n",
    }
    learned = bodies(make_project, files, name="pyquery")
    assert "geckodriver" not in learned.get("workflow/test", ""), learned.get("workflow/test")


RUST_BIN = {
    "Cargo.toml": '[package]\nname = "tinty"\nversion = "0.1.0"\nedition = "2021"\n',
    "src/main.rs": 'fn main() {\n    println!("hi");\n}\n',
    "Makefile": "test:\n\tcargo test\n",
}


def test_a_guide_s_just_recipe_that_wants_a_value_is_no_command(make_project):
    # tinty's README says `just test`; its justfile's recipe is `test pattern:`, and just stops without the value
    justfile = "test pattern: setup\n    cargo test {{pattern}}\n\nsetup:\n    echo ready\n"
    readme = "# tinty\n\n## Development\n\n```sh\njust test # Run all tests\n```\n"
    learned = bodies(make_project, RUST_BIN | {"justfile": justfile, "README.md": readme}, name="tinty")
    assert "just test" not in learned.get("workflow/test", ""), learned.get("workflow/test")


GO_APP = {
    "go.mod": "module github.com/v2fly/v2ray-core\n\ngo 1.24\n",
    "main/main.go": "package main\n\nfunc main() {}\n",
    "core/core.go": "package core\n",
}


def test_a_golangci_config_in_github_linters_is_the_project_s(make_project):
    # v2ray-core keeps its golangci-lint config where super-linter reads it, with gofumpt and goimports formatters
    config = 'version: "2"\nlinters:\n  enable:\n    - misspell\nformatters:\n  enable:\n    - gofmt\n    - gofumpt\n'
    learned = bodies(make_project, GO_APP | {".github/linters/.golangci.yml": config}, name="v2ray-core")
    assert "`golangci-lint fmt --config .github/linters/.golangci.yml`" in learned["workflow/format"], learned


def test_a_contributors_folder_is_a_guide_and_its_clean_tree_check_is_no_part_of_the_build(make_project):
    # k0s' docs/contributors/testing.md: "`make build && git diff --exit-code` runs successfully", `go fmt ./...`
    guide = (
        "# Testing\n\n## Run Local Verifications\n\nFormat the code with `go fmt ./...`.\n\n"
        "In the repository root directory, make sure that:\n\n* `make build && git diff --exit-code` runs successfully.\n"
    )
    files = GO_APP | {"Makefile": "build:\n\tgo build ./...\n", "docs/contributors/testing.md": guide}
    learned = bodies(make_project, files, name="k0s")
    assert learned["workflow/format"].startswith("To format: `go fmt ./...`"), learned["workflow/format"]
    assert learned["workflow/build"].startswith("To build: `make build` — from docs/contributors/testing.md"), learned


WP = {
    "composer.json": json.dumps({"name": "a/press", "require-dev": {"phpunit/phpunit": "^9"}}),
    "phpunit.xml.dist": '<phpunit bootstrap="tests/bootstrap.php"><testsuites><testsuite name="default">'
    "<directory>tests/unit</directory></testsuite></testsuites></phpunit>\n",
    "src/Press.php": "<?php\nclass Press {}\n",
    "tests/unit/PressTest.php": "<?php\nclass PressTest extends \\PHPUnit\\Framework\\TestCase {}\n",
}


def test_a_bootstrap_s_switch_over_its_arguments_sets_no_environment(make_project):
    # ClassicPress' bootstrap reads getenv('WP_MULTISITE') and later switches over argv (`case '--exclude-group':`)
    bootstrap = (
        "<?php\n$multisite = ( '1' === getenv( 'WP_MULTISITE' ) );\nif ( ! $ok ) { exit( 1 ); }\n"
        "switch ( $option ) {\n  case '--exclude-group':\n    break;\n  case '--group':\n    break;\n}\n"
    )
    learned = bodies(make_project, WP | {"tests/bootstrap.php": bootstrap}, name="press")
    assert "WP_MULTISITE" not in learned.get("workflow/test", ""), learned.get("workflow/test")
    assert "vendor/bin/phpunit" in learned["workflow/test"], learned.get("workflow/test")


CHECKSTYLE_POM = (
    "<project><modelVersion>4.0.0</modelVersion><groupId>a</groupId><artifactId>digital</artifactId><version>1"
    "</version><build><plugins><plugin><groupId>org.apache.maven.plugins</groupId>"
    "<artifactId>maven-checkstyle-plugin</artifactId><executions><execution><id>validate</id><phase>validate</phase>"
    "<configuration><configLocation>checks.xml</configLocation></configuration><goals><goal>check</goal></goals>"
    "</execution></executions></plugin></plugins></build></project>\n"
)


def test_checkstyle_configured_in_an_execution_runs_as_that_execution(make_project):
    # Digital's project rules sit in the execution bound to validate: a bare `checkstyle:check` applies Sun's
    files = {
        "pom.xml": CHECKSTYLE_POM,
        "checks.xml": "<module name='Checker'/>\n",
        "src/main/java/a/Main.java": "package a;\npublic class Main {}\n",
    }
    learned = bodies(make_project, files, name="digital")
    assert "`mvn checkstyle:check@validate`" in learned["workflow/lint"], learned.get("workflow/lint")


def test_a_ci_step_that_runs_a_remote_program_or_reports_code_size_is_no_test_or_build(make_project):
    # bach's CI prints versions with `java @bach https://…/Versions.java`; tinyusb's `python tools/metrics.py combine`
    ci = workflow(
        "java @bach https://raw.githubusercontent.com/openjdk/jdk/jdk25/test/Versions.java",
        "python tools/metrics.py combine -j build/metrics.json",
    )
    files = {
        "CMakeLists.txt": "project(usb C)\nadd_library(usb src/usb.c)\n",
        "src/usb.c": "int usb;\n",
        "tools/metrics.py": "print('size')\n",
        ".github/workflows/ci.yml": ci,
    }
    learned = bodies(make_project, files, name="usb")
    assert "Versions.java" not in learned.get("workflow/test", ""), learned.get("workflow/test")
    assert "metrics.py" not in learned.get("workflow/build", ""), learned.get("workflow/build")


def test_an_agent_file_s_build_of_an_example_holds_where_the_root_has_no_build(make_project):
    # tinyusb's CLAUDE.md builds examples/device/cdc_msc; src/CMakeLists.txt has no project(), the root no build
    agents = (
        "# Agent Instructions\n\n## Build\n\n```bash\ncd examples/device/cdc_msc\nmkdir -p build && cd build\n"
        "cmake -DBOARD=pico -G Ninja .. && cmake --build .\n```\n\n## Testing\n\n```bash\n"
        "cd test/unit-test && ceedling test:all\n```\n"
    )
    files = {
        "CLAUDE.md": agents,
        "src/CMakeLists.txt": "function(usb_sources_get)\nendfunction()\n",
        "src/usb.c": "int usb;\n",
        "examples/device/cdc_msc/CMakeLists.txt": "project(cdc_msc C)\nadd_executable(cdc_msc main.c)\n",
        "examples/device/cdc_msc/main.c": "int main(void) { return 0; }\n",
        "test/unit-test/project.yml": ":project:\n",
        "test/unit-test/test/test_fifo.c": "void test_a(void) {}\n",
    }
    learned = bodies(make_project, files, name="usb")
    assert "cd examples/device/cdc_msc/build" in learned["workflow/build"], learned.get("workflow/build")
    assert "It lives in src/" not in learned.get("cpp/build", ""), learned.get("cpp/build")
    assert learned["workflow/test"].startswith("To test: `cd test/unit-test && ceedling test:all`"), learned


def test_cypress_s_harness_is_no_main_source(make_project):
    # focus-trap's whole library is index.js; cypress/plugins/index.js is Cypress' boilerplate, not its source
    files = {
        "package.json": json.dumps({"name": "focus-trap", "scripts": {"test": "jest"}}),
        "package-lock.json": "{}\n",
        "index.js": "module.exports = function trap() {};\n" * 20,
        "cypress/plugins/index.js": "module.exports = () => {};\n",
        "cypress/e2e/focus-trap.cy.js": "describe('a', () => {});\n",
        "test/suites/trap.test.js": "test('a', () => {});\n",
    }
    learned = bodies(make_project, files, name="focus-trap")
    assert learned["layout/source"].startswith(
        "Main source: the project's own JavaScript code is all in index.js at"
    ), learned


def test_files_generated_by_a_vendor_s_tool_are_not_made_again_here(make_project):
    # tinyusb's board headers: "generated by Apache newt", "generated by the MCUXpresso Config Tools"
    files = {
        "CMakeLists.txt": "project(usb C)\nadd_library(usb src/usb.c)\n",
        "src/usb.c": "int usb;\n",
        "hw/bsp/a/syscfg.h": "/**\n * This file was generated by Apache newt version: 1.9.0-dev\n */\n#define A 1\n",
        "hw/bsp/b/pin_mux.h": "/*\n * This file was generated by the MCUXpresso Config Tools. Any manual edits made to this"
        " file\n * will be overwritten.\n * DO NOT EDIT.\n */\n#define B 1\n",
    }
    learned = bodies(make_project, files, name="usb")
    assert "the tools that made them are not part of this repository" in learned["rules/config"], learned


def test_a_generated_file_s_own_steps_and_kubernetes_generators_say_how_to_remake_it(make_project):
    # supabase-js: "To update this file, modify the source in postgrest-js and run:\n *   pnpm run codegen"
    header = (
        "/**\n * AUTO-GENERATED FILE - DO NOT EDIT\n *\n * To update this file, modify the source in postgrest-js and "
        "run:\n *   pnpm run codegen\n */\nexport type A = 1\n"
    )
    files = {"package.json": json.dumps({"name": "s"}), "src/index.ts": "export {}\n", "src/common.ts": header}
    learned = bodies(make_project, files, name="supa")
    assert "to change it, modify the source in postgrest-js and run `pnpm run codegen`" in learned["rules/config"]
    # topolvm's api/v1/zz_generated.deepcopy.go by controller-gen: its types beside it, then `make generate`
    deepcopy = "// Code generated by controller-gen. DO NOT EDIT.\n\npackage v1\n"
    files = {
        "go.mod": "module example.com/op\n\ngo 1.24\n",
        "Makefile": "generate:\n\tcontroller-gen object paths=./...\n",
        "api/v1/types.go": "package v1\n\ntype Volume struct{}\n",
        "api/v1/zz_generated.deepcopy.go": deepcopy,
    }
    learned = bodies(make_project, files, name="op")
    said = "to change it, edit the API types in the same package and run `make generate`"
    assert said in learned["rules/config"], learned["rules/config"]


def test_a_large_header_named_for_the_repository_is_its_own_source(make_project, monkeypatch):
    # miniaudio's 4 MB miniaudio.h at its root is the library itself, not a copied single header
    monkeypatch.setattr("picasso_tui.profile.languages.AMALGAMATED_HEADER_BYTES", 1000)
    files = {
        "CMakeLists.txt": "project(miniaudio C)\nadd_library(miniaudio miniaudio.c miniaudio.h)\n",
        "miniaudio.h": "int ma_init(void);\n" * 200,
        "miniaudio.c": '#include "miniaudio.h"\n',
        "extras/decoder.c": "int dec;\n" * 50,
        "extras/node.c": "int node;\n" * 50,
        "extras/reverb.c": "int rev;\n" * 50,
        "tests/android/app/src/test/java/com/example/ExampleUnitTest.kt": "class ExampleUnitTest\n",
        "tests/android/app/src/androidTest/java/com/example/ExampleInstrumentedTest.kt": "class ExampleInstrumentedTest\n",
    }
    learned = bodies(make_project, files, name="miniaudio")
    assert "largest modules miniaudio.h" in learned["layout/source"], learned["layout/source"]
    assert "ExampleUnitTest" not in learned.get("layout/tests", "") and "*Test.*" not in learned.get("layout/tests", "")


def test_a_guide_s_single_dash_coverage_option_runs_as_pytest_s_double_dash_one(make_project):
    # titiler's CONTRIBUTING.md: `uv run pytest … --cov=titiler.core -cov-report=term-missing`; pytest reads `-c`
    guide = "# Contributing\n\nRun the tests:\n\n```bash\nuv run pytest tests --cov=pkg -cov-report=term-missing\n```\n"
    files = {
        "pyproject.toml": '[project]\nname = "pkg"\nversion = "1"\n',
        "uv.lock": "version = 1\n",
        "pkg/__init__.py": "",
        "tests/test_a.py": "def test_a():\n    pass\n",
        "CONTRIBUTING.md": guide,
    }
    learned = bodies(make_project, files, name="pkg")
    assert "`uv run pytest tests --cov=pkg --cov-report=term-missing`" in learned["workflow/test"], learned


def test_one_workspace_package_s_suite_is_no_one_test(make_project):
    # Flowise's CONTRIBUTING.md: "run the tests of a single package" with `pnpm --filter flowise-components test`
    guide = (
        "# Contributing\n\nRun a single test of a package:\n\n```bash\npnpm --filter flowise-components test\n```\n\n"
        "Or one test by its name:\n\n```bash\npnpm --filter flowise-components test -- -t 'parses a flow'\n```\n"
    )
    files = {
        "package.json": json.dumps({"name": "flowise", "private": True, "scripts": {"test": "turbo run test"}}),
        "pnpm-lock.yaml": "lockfileVersion: '9.0'\n",
        "pnpm-workspace.yaml": "packages:\n  - packages/*\n",
        "packages/components/package.json": json.dumps({"name": "flowise-components", "scripts": {"test": "jest"}}),
        "packages/components/src/a.ts": "export const a = 1\n",
        "packages/components/src/a.test.ts": "test('a', () => {})\n",
        "CONTRIBUTING.md": guide,
    }
    learned = bodies(make_project, files, name="flowise")
    assert not learned["workflow/test-one"].startswith("To run one test: `pnpm --filter flowise-components test` "), (
        learned["workflow/test-one"]
    )


def test_an_rst_admonition_is_prose_and_a_code_block_directive_is_no_rule(make_project):
    # gevent's running_tests.rst: `.. note::` over indented prose; getting_started.rst's `.. code-block:: python`
    guide = (
        "Running Tests\n=============\n\n.. note::\n\n   Every new test must pass with\n"
        "   gevent's monkey-patches applied.\n\nMaking Changes\n==============\n\n"
        "New features must have a docstring that ends with a versionadded directive:\n\n.. code-block:: python\n\n"
        '   def make_plumbus(schleem):\n      """\n      :return: A :class:`Plumbus`.\n      .. versionadded:: NEXT\n'
        '      """\n\nEvery change must come with a test.\n'
    )
    files = PY_PKG | {"docs/development/running_tests.rst": guide}
    learned = bodies(make_project, files, name="gevent")
    rules = learned["rules/docs/development/running_tests.rst"]
    assert "- Every new test must pass with gevent's monkey-patches applied." in rules, rules
    assert "`;" not in rules and "Plumbus" not in rules, rules
    assert "Every change must come with a test." in rules, rules


def test_a_ci_line_that_only_looks_for_a_tool_runs_nothing(make_project):
    # oneTBB's CI `command -v clang-format`; kitty's `which python && ./test.py type-check` runs the script
    ci = workflow("command -v clang-format", "which python && ./check.py type-check")
    files = {
        "CMakeLists.txt": "project(tbb CXX)\nadd_library(tbb src/tbb.cpp)\n",
        "src/tbb.cpp": "int tbb;\n",
        ".clang-format": "BasedOnStyle: LLVM\n",
        "check.py": "#!/usr/bin/env python3\n",
        ".github/workflows/ci.yml": ci,
    }
    learned = bodies(make_project, files, name="tbb")
    assert "command -v" not in learned.get("workflow/format", ""), learned.get("workflow/format")
    assert "which python" not in learned.get("workflow/typecheck", ""), learned.get("workflow/typecheck")


def test_an_adr_s_decisions_section_is_its_decision_and_status_codes_no_status(make_project):
    # react-router's decisions/*.md: `Date: …`, `Status: accepted`, `## Context`, `## Decisions`, `## Status codes`
    record = (
        "# routes.ts\n\nDate: 2024-09-18\n\nStatus: accepted\n\n## Context\n\nFile system routing is contentious.\n\n"
        "## Decisions\n\n### routes.ts is mandatory\n\nEvery app declares its routes in app/routes.ts.\n\n"
        "## Status codes\n\nInitially, we thought we could just let it throw.\n"
    )
    files = {
        "package.json": json.dumps({"name": "rr"}),
        "src/index.ts": "export {}\n",
        "decisions/0011-routes-ts.md": record,
    }
    learned = bodies(make_project, files, name="rr")
    adr = learned["decision/adr/decisions/0011-routes-ts.md"]
    assert "Status: accepted." in adr and "Every app declares its routes in app/routes.ts." in adr, adr
    assert "Date:" not in adr and "contentious" not in adr and "Initially" not in adr, adr


def test_a_fmt_target_that_formats_named_folders_is_the_go_format(make_project):
    # VictoriaMetrics' `fmt:` runs `gofmt -l -w -s ./lib` and `./app`: `gofmt -w .` would rewrite vendor/ too
    files = GO_APP | {"Makefile": "fmt:\n\tgofmt -l -w -s ./core\n\tgofmt -l -w -s ./main\n"}
    learned = bodies(make_project, files, name="vm")
    assert learned["workflow/format"].startswith("To format: `make fmt`"), learned["workflow/format"]
    assert "gofmt formatting (tabs; `make fmt`)" in learned["style/go"], learned["style/go"]


def test_an_install_needs_its_manifest_and_a_docs_site_s_install_is_no_set_up(make_project):
    # taskiq's root package.json is its VuePress site's; thirtybees keeps its composer.json files in composer/php8.x/
    readme = "# taskiq\n\n## Docs\n\nFirst, you need to install dependencies.\n```\nyarn install\n```\n"
    site = {"name": "taskiq-docs", "scripts": {"docs:dev": "vuepress dev docs", "docs:build": "vuepress build docs"}}
    files = {
        "pyproject.toml": '[project]\nname = "taskiq"\nversion = "1"\n',
        "uv.lock": "version = 1\n",
        "taskiq/__init__.py": "",
        "taskiq/broker.py": "class Broker: ...\n" * 40,
        "package.json": json.dumps(site),
        "pnpm-lock.yaml": "lockfileVersion: '9.0'\n",
        "README.md": readme,
    }
    learned = bodies(make_project, files, name="taskiq")
    assert learned["workflow/install"].startswith("To install: `uv sync`"), learned["workflow/install"]
    guide = "# Contributing\n\nInstall the dependencies with `composer install`.\n"
    files = {
        "composer/php8.2/composer.json": json.dumps({"name": "tb/shop"}),
        "classes/Shop.php": "<?php\nclass Shop {}\n",
        "CONTRIBUTING.md": guide,
    }
    learned = bodies(make_project, files, name="thirtybees")
    assert "`composer install`" not in learned.get("workflow/install", ""), learned.get("workflow/install")


def test_a_folder_s_language_is_the_one_with_the_bulk_of_its_code(make_project):
    # fang's fang/: 39 small SQL query files beside 25 Rust modules with twenty times their bytes
    files = {"Cargo.toml": '[workspace]\nmembers = ["fang"]\n', "fang/Cargo.toml": '[package]\nname = "fang"\n'}
    files |= {f"fang/src/queries/q{i}.sql": "SELECT 1;\n" for i in range(6)}
    files |= {f"fang/src/m{i}.rs": "pub fn run() {}\n" * 80 for i in range(4)}
    learned = bodies(make_project, files, name="fang")
    assert "fang/ (mostly Rust" in learned["layout/folders"], learned["layout/folders"]


def test_vitest_browser_mode_specs_are_tests(make_project):
    # vuetify's VAlert/__tests__/VAlert.spec.browser.tsx, run by Vitest's browser mode
    files = {
        "package.json": json.dumps({"name": "ui", "scripts": {"test": "vitest"}}),
        "pnpm-lock.yaml": "lockfileVersion: '9.0'\n",
        "src/components/VAlert/VAlert.tsx": "export const VAlert = 1\n",
        "src/components/VAlert/__tests__/VAlert.spec.browser.tsx": "it('a', () => {})\n",
        "src/components/VBtn/VBtn.tsx": "export const VBtn = 1\n",
        "src/components/VBtn/__tests__/VBtn.spec.browser.tsx": "it('a', () => {})\n",
    }
    learned = bodies(make_project, files, name="ui")
    assert learned["layout/tests"].startswith("2 test files"), learned["layout/tests"]


def test_a_template_s_group_of_boxes_with_a_no_is_a_choice_not_rules(make_project):
    # oneTBB's template: "### Tests" with `[ ] added - required for new features`, `[ ] not needed`
    template = (
        "### Description\n\n_Add a comprehensive description of proposed changes_\n\n### Tests\n\n"
        "- [ ] added - _required for new features and some bug fixes_\n- [ ] not needed\n\n### Documentation\n\n"
        "- [ ] updated in # - _add PR number_\n- [ ] needs to be updated\n- [ ] not needed\n\n### Checks\n\n"
        "- [ ] I have run the full test suite locally\n- [ ] I have added a line to CHANGES.md\n"
    )
    files = {
        "CMakeLists.txt": "project(tbb CXX)\nadd_library(tbb src/tbb.cpp)\n",
        "src/tbb.cpp": "int tbb;\n",
        ".github/pull_request_template.md": template,
    }
    learned = bodies(make_project, files, name="tbb")
    rules = learned["rules/.github/pull_request_template.md"]
    assert "needs to be updated" not in rules and "required for new features" not in rules, rules
    assert "I have added a line to CHANGES.md" in rules, rules


def test_minitest_specs_in_spec_run_one_file_with_ruby(make_project):
    # launchy's spec/*_spec.rb are Minitest specs (spec_helper requires minitest/autorun), run by a Rake test task
    files = RUBY_GEM | {
        "spec/spec_helper.rb": 'require "launchy"\nrequire "minitest/autorun"\n',
        "spec/cli_spec.rb": 'require "spec_helper"\ndescribe "cli" do\n  it "parses" do\n  end\nend\n',
    }
    files.pop("test/unit/config_test.rb")
    learned = bodies(make_project, files, name="launchy")
    assert learned["workflow/test-one"].startswith("To run one test: `bundle exec ruby -Ispec spec/cli_spec.rb`"), (
        learned.get("workflow/test-one")
    )


def test_a_long_checklist_with_a_negative_box_is_still_a_checklist(make_project):
    # ddnet's eight-box "Checklist" ends with "I didn't use generative AI to generate more than single-line
    # completions": a box to tick among the others, no question with one answer
    template = (
        "## Checklist\n\n- [ ] Tested the change ingame\n- [ ] Provided screenshots if it is a visual change\n"
        "- [ ] Written a unit test (especially base/) or added coverage to integration test\n"
        "- [ ] Considered possible null pointers and out of bounds array indexing\n"
        "- [ ] Changed no physics that affect existing maps\n"
        "- [ ] I didn't use generative AI to generate more than single-line completions\n"
    )
    files = {
        "CMakeLists.txt": "project(ddnet CXX)\nadd_executable(ddnet src/main.cpp)\n",
        "src/main.cpp": "int main() { return 0; }\n",
        ".github/pull_request_template.md": template,
    }
    learned = bodies(make_project, files, name="ddnet")
    assert "Written a unit test" in learned["rules/.github/pull_request_template.md"], learned
