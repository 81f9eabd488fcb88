"""Causes found in the forty-third round by reading the misses of sets 74–112 on the session's starting code: a guide's
rule led by a bold term or label, and a paragraph's "Never …" / "Always …" sentence."""

from __future__ import annotations

import json

from tests.profile.learned import bodies

JIGSAW = """# Contributing

## Requirements

If the project maintainer has any additional requirements, you will find them listed here.

- **[PSR-2 Coding Standard](https://example.org/psr-2)** - The easiest way to apply the conventions is to install
  PHP Code Sniffer.
- **Tlint styles** - Tighten-specific styles, built for apps.
- **One pull request per feature** - If you want to do more than one thing, send multiple pull requests.
"""

LEXIK = """# Contributing

## Coding standards

You MUST follow the PSR-12.

__Note:__ Never fix coding standards in some existing code as it makes code review more difficult.

The code style never changes. Our docs always build.
"""


def test_a_rule_led_by_a_bold_term_is_kept_without_the_terms_that_only_describe(make_project):
    files = {"CONTRIBUTING.md": JIGSAW, "composer.json": '{"name": "tightenco/jigsaw"}', "src/A.php": "<?php\n"}
    rules = bodies(make_project, files, name="jigsaw")["rules/CONTRIBUTING.md"]
    assert "One pull request per feature - If you want to do more than one thing, send multiple pull requests." in rules
    assert "Tighten-specific styles" not in rules, "a term with a description gives no order"


def test_a_never_sentence_in_a_paragraph_is_a_rule_and_its_bold_label_is_read_as_words(make_project):
    files = {"CONTRIBUTING.md": LEXIK, "composer.json": '{"name": "lexik/jwt"}', "src/A.php": "<?php\n"}
    rules = bodies(make_project, files, name="jwt")["rules/CONTRIBUTING.md"]
    assert "Note: Never fix coding standards in some existing code as it makes code review more difficult." in rules
    assert "never changes" not in rules and "always build" not in rules, "only a sentence that opens with it orders"


HACKING = """Contributing to libusb
**********************

If you extend or change the API make sure documentation is updated.

Commit messages should be formatted to 72 chars width and have a free-standing summary line.
"""
DEV_MODE = "# Development mode\n\nYou should set `DEBUG=1` while your app is in development.\n"


def test_a_developer_guide_gives_rules_but_a_framework_pages_development_mode_does_not(make_project):
    files = {"HACKING": HACKING, "docs/guide/development.md": DEV_MODE, "libusb/core.c": "int x;\n"}
    learned = bodies(make_project, files, name="libusb")
    assert learned["rules/HACKING"].startswith("Developer guide HACKING:")
    assert "Commit messages should be formatted to 72 chars width" in learned["rules/HACKING"]
    assert not any("DEBUG=1" in body for key, body in learned.items() if key.startswith("rules/"))


GOLANGCI = """version: "2"
linters:
  default: none
  disable:
    - exhaustruct
  enable:
    - misspell
    - revive
    - misspell
    - exhaustruct
    - misspell
"""


def test_golangci_linters_are_named_once_and_a_disabled_one_not_at_all_and_go_fmt_is_the_format(make_project):
    files = {"go.mod": "module example.com/leaks\n\ngo 1.24\n", "main.go": "package main\n",
             ".golangci.yaml": GOLANGCI, "Makefile": "format:\n\tgo fmt ./...\n"}  # fmt: skip
    style = bodies(make_project, files, name="leaks")["style/go"]
    assert "golangci-lint with misspell, revive (" in style
    assert "gofmt formatting (tabs; `go fmt ./...`)" in style


SPREADSHEET_CHANGELOG = """# Changelog

## 2025-08-10 - 5.0.0

### Removed

- Removed the items deprecated in Release 4.

## 2025-07-23 - 4.5.0

### Added

- A new chart type.

## 2.0.0 - 2024-01-04

### Breaking Changes

- All deprecated things have been removed.
"""


def test_a_release_heading_that_opens_with_its_day_is_read_for_the_latest_major_release(make_project):
    files = {"CHANGELOG.md": SPREADSHEET_CHANGELOG, "composer.json": '{"name": "phpoffice/phpspreadsheet"}',
             "src/Sheet.php": "<?php\n"}  # fmt: skip
    repo = make_project(files, name="PhpSpreadsheet")
    repo.commit("2025-08-10 release")
    from picasso_tui.profile.investigator import investigate

    found = {f.key: f.body for f in investigate(repo.root)[1]}
    assert found["history/major-release"].startswith("The latest major release is 5.0.0 (2025-08-10; CHANGELOG.md).")


OUCH_GUIDE = """# Contributing

- Run tests with `cargo insta` (requires `cargo install cargo-insta`):

```sh
cargo insta test
```

- Review the snapshots the tests wrote:

```sh
cargo insta review
```
"""


def test_a_bare_cargo_plugin_and_a_snapshot_review_are_no_test_commands(make_project):
    files = {"CONTRIBUTING.md": OUCH_GUIDE, "Cargo.toml": '[package]\nname = "ouch"\nversion = "0.1.0"\n',
             "src/main.rs": "fn main() {}\n"}  # fmt: skip
    test = bodies(make_project, files, name="ouch")["workflow/test"]
    assert test.startswith("To test: `cargo insta test`")
    assert "`cargo insta`" not in test and "cargo insta review" not in test


def test_a_nox_command_that_lists_its_sessions_runs_no_test(make_project):
    agents = "# Agents\n\n- To find the focused test session: `uv run nox -t tests -l`\n"
    files = {"AGENTS.md": agents, "pyproject.toml": '[project]\nname = "strawberry"\n\n[tool.pytest.ini_options]\n',
             "noxfile.py": "import nox\n", "strawberry/__init__.py": "", "tests/test_schema.py": "def test_a(): pass\n"}  # fmt: skip
    learned = bodies(make_project, files, name="strawberry")
    assert not any("nox -t tests -l" in body for key, body in learned.items() if key.startswith("workflow/"))


def test_a_script_that_runs_a_file_its_folder_no_longer_holds_is_no_command(make_project):
    scripts = {"docs": "node scripts/generate_docs.cjs", "start": "node dist/server.js", "test": "mocha"}
    files = {"package.json": json.dumps({"name": "tone", "scripts": scripts}), "scripts/webpack.config.cjs": "x\n",
             "Tone/index.ts": "export {}\n", "test/a.test.ts": "it('a', () => {})\n"}  # fmt: skip
    learned = bodies(make_project, files, name="tone")
    assert "generate_docs" not in learned.get("workflow/docs", "") and "npm run docs" not in learned.get(
        "workflow/docs", ""
    )
    assert "npm run start" in learned["workflow/run"], "a build's output folder is written by the build"


CI = """on: [push, pull_request]
jobs:
  build-linux:
    runs-on: ubuntu-latest
    steps:
      - run: ./travis.sh scan-build
      - run: ./travis.sh format
  regression:
    runs-on: ubuntu-latest
    steps:
      - run: yq -yi '.plugins += ["solargraph-rspec"]' .solargraph.yml
      - run: bundle exec rake spec
  tests:
    runs-on: ubuntu-latest
    steps:
      - run: ctest -V ./build/
      - run: rustfmt --check tests/warnings/*.rs
"""


def test_ci_steps_written_for_ci_machines_edits_in_place_and_formatters_are_no_test_or_build(make_project):
    files = {".github/workflows/ci.yml": CI, "travis.sh": "#!/bin/sh\nsudo apt-get install -y clang-tools\n",
             "CMakeLists.txt": "project(rmq C)\nenable_testing()\nadd_test(NAME t COMMAND t)\n",
             "src/amqp.c": "int a;\n", "tests/t.c": "int main(void) { return 0; }\n"}  # fmt: skip
    learned = bodies(make_project, files, name="rabbitmq-c")
    said = "\n".join(body for key, body in learned.items() if key.startswith("workflow/"))
    for command in ("travis.sh", "yq -yi", "ctest -V ./build/", "rustfmt --check"):
        assert command not in said, command
    assert learned["workflow/test"].startswith("To test: `rake spec`")


def test_composer_global_config_is_no_test_command(make_project):
    guide = "# Contributing\n\n## Tests\n\nFind the bin folder, then run the tests:\n\n```\n" \
            "composer global config bin-dir --absolute\ncomposer test\n```\n"  # fmt: skip
    files = {"CONTRIBUTING.md": guide, "composer.json": json.dumps({"name": "getkirby/cms", "scripts": {"test": "phpunit"}}),
             "src/Cms/App.php": "<?php\n", "tests/AppTest.php": "<?php\n"}  # fmt: skip
    test = bodies(make_project, files, name="kirby")["workflow/test"]
    assert "`composer test`" in test and "bin-dir" not in test


def test_a_bare_tox_without_an_env_list_names_no_environments_it_does_not_run(make_project):
    tox = "[testenv]\ncommands = pytest\n\n[testenv:flake8]\ncommands = flake8 src\n\n[testenv:docs]\ncommands = sphinx-build docs out\n"
    files = {"tox.ini": tox, "pyproject.toml": '[project]\nname = "socketio"\n', "src/socketio/__init__.py": "",
             "tests/test_a.py": "def test_a(): pass\n"}  # fmt: skip
    test = bodies(make_project, files, name="python-socketio")["workflow/test"]
    assert test.startswith("To test: `tox` — from tox.ini") and "flake8" not in test
    listed = bodies(make_project, files | {"tox.ini": "[tox]\nenvlist = py, flake8\n\n" + tox}, name="listed")
    assert "`tox` (environments: py, flake8)" in listed["workflow/test"]


def test_mypy_from_its_config_is_a_type_check_not_the_lint(make_project):
    files = {"mypy.ini": "[mypy]\nstrict = True\n", "pyproject.toml": '[project]\nname = "hc"\n',
             "hc/__init__.py": "", "tests/test_a.py": "def test_a(): pass\n"}  # fmt: skip
    learned = bodies(make_project, files, name="healthchecks")
    assert "mypy" not in learned.get("workflow/lint", "")
    assert learned["workflow/typecheck"].startswith("To type-check: `mypy hc` — from mypy.ini")


CONSOLE = "#!/usr/bin/env ruby\n# frozen_string_literal: true\n\nrequire 'bundler/setup'\nrequire 'dalli'\n\nrequire 'irb'\nIRB.start(__FILE__)\n"


def test_a_library_gem_is_tried_in_its_bin_console(make_project):
    gemspec = 'Gem::Specification.new do |spec|\n  spec.name = "dalli"\n  spec.files = Dir["lib/**/*"]\nend\n'
    files = {"dalli.gemspec": gemspec, "Gemfile": "source 'https://rubygems.org'\ngemspec\n", "lib/dalli.rb": "module Dalli; end\n",
             "bin/console": CONSOLE, "bin/setup": "#!/bin/sh\nbundle install\n"}  # fmt: skip
    learned = bodies(make_project, files, name="dalli")
    assert learned["workflow/run"].startswith("To run: `bin/console` (an IRB session with the gem loaded, to try it)")
    program = files | {"dalli.gemspec": gemspec.replace("end\n", "  spec.executables = %w[dalli]\nend\n"),
                       "bin/dalli": "#!/usr/bin/env ruby\nrequire 'dalli'\n"}  # fmt: skip
    assert bodies(make_project, program, name="with-program")["workflow/run"].startswith(
        "To run: `bundle exec bin/dalli`"
    )


def test_a_go_command_whose_main_is_not_in_main_go_is_run_and_cited_by_its_own_file(make_project):
    files = {"go.mod": "module filippo.io/age\n\ngo 1.24\n", "age.go": "package age\n",
             "cmd/age/age.go": "package main\n\nfunc main() {}\n", "cmd/age/parse.go": "package main\n",
             "README.md": "# age\n\nRun `age -r recipient file`.\n"}  # fmt: skip
    repo = make_project(files, name="age")
    from picasso_tui.profile.investigator import investigate

    found = {f.key: f for f in investigate(repo.root)[1]}
    assert found["workflow/run"].body.startswith("To run: `go run ./cmd/age`")
    assert found["workflow/run"].sources == ("cmd/age/age.go",)
    assert found["go/entry-points"].sources == ("cmd/age/age.go",)


def test_a_go_command_that_parses_options_is_run_with_help_and_one_that_does_not_bare(make_project):
    main = 'package main\n\nimport "flag"\n\nfunc main() {\n\tflag.Parse()\n}\n'
    files = {"go.mod": "module github.com/dexidp/dex\n\ngo 1.24\n", "cmd/dex/main.go": main,
             "README.md": "# dex\n\nStart `dex serve config.yaml`.\n", "server/server.go": "package server\n"}  # fmt: skip
    assert bodies(make_project, files, name="dex")["workflow/run"].startswith("To run: `go run ./cmd/dex --help`")
    plain = files | {"cmd/dex/main.go": "package main\n\nfunc main() {}\n"}
    assert bodies(make_project, plain, name="plain")["workflow/run"].startswith("To run: `go run ./cmd/dex` —")


OXIPNG_CHANGELOG = """# Changelog

## Version 9.0.0

- [Breaking] Remove `--backup` option. Use `--out` or `--dir` to preserve existing files.
- [Feature] Add basic support for APNG files.
- Changed `Ratio` parsing:
    - Left and right parts contain nodes instead of strings

    - Both parts can now be functions
- [Improvement] Process multiple files in parallel.
"""


def test_a_major_release_quotes_whole_entries_and_counts_only_top_level_ones(make_project):
    files = {"CHANGELOG.md": OXIPNG_CHANGELOG, "Cargo.toml": '[package]\nname = "oxipng"\nversion = "9.0.0"\n',
             "src/main.rs": "fn main() {}\n"}  # fmt: skip
    repo = make_project(files, name="oxipng")
    repo.commit("Release 9.0.0")
    from picasso_tui.profile.investigator import investigate

    found = {f.key: f.body for f in investigate(repo.root)[1]}["history/major-release"]
    assert "“Remove `--backup` option. Use `--out` or `--dir` to preserve existing files”" in found
    assert "“Changed `Ratio` parsing: Left and right parts contain nodes instead of strings; Both parts can" in found
    assert found.endswith("(2 more entries there.)"), "four entries in all, two quoted; nested items are no entries"


def test_the_stack_names_the_most_imported_dependencies_first_not_the_alphabets(make_project):
    deps = {name: "1.0.0" for name in ["abbrev", "bluebird", "camelcase", "deepmerge", "fast-archy", "hexo-util",
                                       "js-yaml", "moment", "nunjucks", "picocolors", "titlecase", "warehouse"]}  # fmt: skip
    uses = "const Database = require('warehouse');\nconst nunjucks = require('nunjucks');\n"
    files = {"package.json": json.dumps({"name": "hexo", "dependencies": deps}),
             **{f"lib/m{i}.js": uses for i in range(5)}, "lib/a.js": "const abbrev = require('abbrev');\n"}  # fmt: skip
    stack = bodies(make_project, files, name="hexo")["javascript/stack"]
    assert "built on nunjucks, warehouse, abbrev, bluebird" in stack, "a known framework first, then by use"


def test_spock_specs_and_failsafe_integration_tests_are_test_files(make_project):
    files = {"build.gradle.kts": 'plugins { groovy }\n', "src/main/kotlin/Plugin.kt": "class Plugin\n",
             "src/test/kotlin/PluginTest.kt": "class PluginTest\n",
             **{f"src/functionalTest/groovy/F{i}Spec.groovy": "class F extends Specification {}\n" for i in range(4)},
             **{f"src/test/java/A{i}IT.java": "class AIT {}\n" for i in range(3)},
             "src/main/kotlin/ApiSpec.kt": "data class ApiSpec(val name: String)\n"}  # fmt: skip
    tests = bodies(make_project, files, name="analysis")["layout/tests"]
    assert tests.startswith("8 test files, named *Spec.groovy, *IT.java, *Test.*"), tests
    assert "src/functionalTest/ (4 files)" in tests


def test_a_script_that_plots_benchmark_results_is_no_benchmark(make_project):
    files = {"lib/pdf.rb": "module PDF; end\n", "benchmark/generate_plot_data.rb": "puts STDIN.read\n",
             "perf/generate_graphs.py": "import matplotlib\n", "pdf.gemspec": 'Gem::Specification.new { |s| s.name = "pdf" }\n'}  # fmt: skip
    learned = bodies(make_project, files, name="pdf")
    assert not any("generate_plot_data" in body or "generate_graphs" in body for body in learned.values())


def test_a_web_pages_copied_libraries_are_not_the_projects_language(make_project):
    java = "class A {\n" + "  int a;\n" * 30 + "}\n"
    lib = "var x = 1;\n" * 200
    files = {"pom.xml": "<project><artifactId>webauthn</artifactId></project>",
             **{f"src/main/java/A{i}.java": java for i in range(6)},
             "demo/src/main/webapp/lib/base64js/base64js.js": lib,
             "demo/src/main/webapp/lib/text-encoding-0.7.0/encoding.js": lib}  # fmt: skip
    languages = bodies(make_project, files, name="webauthn")["languages"]
    assert "JavaScript" not in languages


GRADLE_CI = """on: [push]
jobs:
  gradle:
    runs-on: ubuntu-latest
    steps:
      - name: Build
        run: ./gradlew -p build-logic/ buildHealth
      - name: Build
        run: ./gradlew :functionalTest -DfuncTest.quick
"""


def test_gradle_build_logic_checks_are_no_build_and_a_functional_test_task_is_a_test(make_project):
    files = {".github/workflows/test.yml": GRADLE_CI, "build.gradle.kts": "plugins { `java-gradle-plugin` }\n",
             "settings.gradle.kts": 'rootProject.name = "analysis"\n', "gradlew": "#!/bin/sh\n",
             "src/main/kotlin/Plugin.kt": "class Plugin\n", "build-logic/build.gradle.kts": "\n"}  # fmt: skip
    learned = bodies(make_project, files, name="analysis")
    assert "build-logic" not in learned.get("workflow/build", "")
    assert "`./gradlew :functionalTest -DfuncTest.quick`" in learned["workflow/test"]


def test_a_myst_site_build_is_the_docs_and_deptrac_is_a_check(make_project):
    guide = "# Contributing\n\n## Docs\n\nBuild the documentation:\n\n```\nuv tool run --from mystmd myst build --html\n```\n"
    ci = (
        "on: [push]\njobs:\n  build:\n    runs-on: ubuntu-latest\n    steps:\n      - run: vendor/bin/deptrac analyze\n"
    )
    files = {"CONTRIBUTING.md": guide, ".github/workflows/deptrac.yml": ci, "pyproject.toml": '[project]\nname = "tavern"\n',
             "tavern/__init__.py": ""}  # fmt: skip
    learned = bodies(make_project, files, name="tavern")
    assert "myst build" in learned["workflow/docs"] and "myst" not in learned.get("workflow/build", "")
    assert "deptrac" not in learned.get("workflow/build", "") and "deptrac" in learned.get("workflow/lint", "")


def test_a_go_test_harness_command_is_not_how_the_project_runs(make_project):
    files = {"go.mod": "module github.com/minio/minio-go/v7\n\ngo 1.24\n", "api.go": "package minio\n",
             "cmd/rdma-test/main.go": 'package main\n\nimport "os"\n\nfunc main() {\n\t_ = os.Getenv("X")\n}\n',
             "README.md": "# minio-go\n\nThe MinIO Go client SDK.\n"}  # fmt: skip
    assert "workflow/run" not in bodies(make_project, files, name="minio-go")


def test_a_suites_sample_inputs_are_no_language_of_the_project(make_project):
    lexer = "def lex(text):\n" + "    return text\n" * 40
    files = {"pyproject.toml": '[project]\nname = "pygments"\n', **{f"pygments/l{i}.py": lexer for i in range(4)},
             "tests/examplefiles/rb/example.rb": "def f\n  1\nend\n" * 60,
             "tests/examplefiles/c/example.c": "int f(void) { return 1; }\n" * 60}  # fmt: skip
    assert bodies(make_project, files, name="pygments")["languages"].startswith(
        "Languages by share of source: Python 100%"
    )


def test_a_java_package_named_tools_is_the_main_source_not_tooling(make_project):
    java = "package com.google.cloud.tools.jib;\n\nclass A {\n" + "  int a;\n" * 40 + "}\n"
    files = {"settings.gradle": "include 'jib-core'\n", "build.gradle": "\n",
             **{f"jib-core/src/main/java/com/google/cloud/tools/jib/A{i}.java": java for i in range(6)},
             **{f"kokoro/release{i}.sh": "#!/bin/bash\necho release\n" for i in range(3)}}  # fmt: skip
    learned = bodies(make_project, files, name="jib")
    assert learned["languages"].endswith("Main language: Java."), learned["languages"]
    assert "Java files" in learned["layout/source"] and "Shell" not in learned["layout/source"]


def test_go_run_of_a_build_script_builds_and_a_migration_spec_is_no_migration(make_project):
    guide = "# Contributing\n\nBuild with `go run script/build.go`.\n\nRun the migration specs: " \
            "`MIGRATION_SPEC=1 bundle exec rspec spec/migration`.\n"  # fmt: skip
    files = {"CONTRIBUTING.md": guide, "go.mod": "module github.com/cli/cli/v2\n\ngo 1.24\n",
             "cmd/gh/main.go": "package main\n\nfunc main() {}\n", "script/build.go": "package main\n"}  # fmt: skip
    learned = bodies(make_project, files, name="cli")
    assert "go run script/build.go" in learned["workflow/build"]
    assert "script/build.go" not in learned.get("workflow/run", "")
    assert "rspec" not in learned.get("workflow/migrate", "")


def test_a_composer_script_that_upgrades_the_tools_checks_no_types(make_project):
    scripts = {
        "tools:upgrade": ["composer upgrade -W -d tools/phpstan"],
        "tools:run:phpstan": "tools/phpstan/vendor/bin/phpstan analyze",
    }
    files = {
        "composer.json": json.dumps({"name": "symfony/maker-bundle", "scripts": scripts}),
        "src/Maker.php": "<?php\n",
    }
    typecheck = bodies(make_project, files, name="maker-bundle").get("workflow/typecheck", "")
    assert "tools:upgrade" not in typecheck and "tools:run:phpstan" in typecheck


def test_a_dev_containers_docker_build_ranks_after_the_projects_build(make_project):
    readme = "# thredded\n\n## Development\n\nBuild the dev container with `docker compose build`.\n"
    gemspec = 'Gem::Specification.new do |s|\n  s.name = "thredded"\nend\n'
    files = {"README.md": readme, "Rakefile": "require 'bundler/gem_tasks'\n", "thredded.gemspec": gemspec,
             "Gemfile": "source 'https://rubygems.org'\ngemspec\n", "lib/thredded.rb": "module T; end\n",
             "docker-compose.yml": "services:\n  web:\n    build: .\n"}  # fmt: skip
    build = bodies(make_project, files, name="thredded")["workflow/build"]
    assert build.startswith("To build: `bundle exec rake build`") and "docker compose build" in build
