"""Causes found on set 58's run (issue 17, thirty-seventh round): uv seen only in a release workflow, a bare
`pre-commit`, CLIs run bare, a gem's lesser program first, tests and type checks that read tsc's output, a composer
pipeline taken for one role, Kotlin Multiplatform's test task, CI's log markers read as a test filter, tagged Go
benchmarks, a formatter without its path, and source counts that missed namespaces, shipped helpers and headers."""

from __future__ import annotations

from tests.profile.learned import bodies

RELEASE = (
    "on:\n  push:\n    tags: ['v*']\njobs:\n  release:\n    runs-on: ubuntu-latest\n    steps:\n"
    "      - uses: actions/checkout@v4\n      - uses: astral-sh/setup-uv@v5\n      - run: uv sync --all-groups\n"
    "      - run: uv build\n"
)
GUIDE = "# Contributing\n\n### Formating and linting\n\nRun `pre-commit` using:\n\n    $ pre-commit run --all-files\n"


def test_uv_in_a_release_workflow_does_not_make_it_the_manager_and_a_cli_is_run_for_its_usage(make_project):
    pyproject = (
        '[project]\nname = "vulture"\nversion = "2"\nrequires-python = ">=3.9"\n\n[project.scripts]\n'
        'vulture = "vulture.core:main"\n'
    )
    files = {"pyproject.toml": pyproject, "vulture/__init__.py": "", "vulture/core.py": "def main():\n    pass\n",
             "vulture/config.py": "import argparse\n", ".github/workflows/release.yml": RELEASE,
             "CONTRIBUTING.md": GUIDE, ".pre-commit-config.yaml": "repos: []\n",
             "tests/test_a.py": "def test_a():\n    pass\n"}  # fmt: skip
    learned = bodies(make_project, files, name="vulture")
    assert "package manager pip" in learned["python/packaging"]
    assert "uv" not in learned.get("workflow/install", "")
    assert learned["workflow/run"].startswith("To run: `vulture --help`")
    assert learned["workflow/lint"].startswith("To lint: `pre-commit run --all-files`")


def test_the_program_named_like_the_gem_runs_first(make_project):
    gemspec = "Gem::Specification.new do |s|\n  s.name = 'reek'\n  s.executables = %w(code_climate_reek reek)\nend\n"
    files = {"reek.gemspec": gemspec, "Gemfile": "source 'https://rubygems.org'\ngemspec\n",
             "bin/reek": "#!/usr/bin/env ruby\nrequire 'reek/cli'\n", "bin/code_climate_reek": "#!/usr/bin/env ruby\n",
             "lib/reek.rb": "module Reek; end\n", "lib/reek/cli.rb": "# --help prints the usage\n",
             "lib/reek/spec/should_reek.rb": "module Reek; module Spec; end; end\n" * 3}  # fmt: skip
    learned = bodies(make_project, files, name="reek")
    assert learned["workflow/run"].startswith("To run: `bundle exec bin/reek --help`")
    assert "spec/" in learned["layout/source"]  # the RSpec matchers the gem ships are its code


def test_a_test_and_a_type_check_that_read_what_tsc_writes_say_to_build_first(make_project):
    package = (
        '{"name": "diff", "scripts": {"build": "yarn generate-esm", "generate-esm": "yarn tsc --outDir libesm",'
        ' "check-types": "yarn run-tsd", "run-tsd": "yarn tsd --typings libesm/", "test": "nyc yarn _test",'
        ' "_test": "yarn build && yarn run-mocha", "run-mocha": "mocha \'test/**/*.js\'"},'
        ' "packageManager": "yarn@4.12.0", "devDependencies": {"mocha": "^10", "tsd": "^0.31", "typescript": "^5"}}'
    )
    files = {"package.json": package, "yarn.lock": "", "src/index.ts": "export {};\n", ".gitignore": "libesm\n",
             "test/index.js": "describe('x', function() { it('y', function() {}); });\n",
             "tsconfig.json": '{"compilerOptions": {}}'}  # fmt: skip
    learned = bodies(make_project, files, name="jsdiff")
    assert "after `yarn build`" in learned["workflow/test-one"]
    assert "run after `yarn build`: it checks the types the build writes to libesm/" in learned["workflow/typecheck"]


def test_a_composer_pipeline_is_neither_the_format_nor_the_type_check(make_project):
    composer = (
        '{"name": "phpbench/phpbench", "require-dev": {"php-cs-fixer/shim": "^3.9", "phpstan/phpstan": "^2.0", '
        '"phpunit/phpunit": "^11.5", "rector/rector": "^2.2"}, "scripts": {"integrate": ["vendor/bin/php-cs-fixer fix",'
        ' "vendor/bin/phpstan analyse -c phpstan.neon.dist", "vendor/bin/phpunit"]}}'
    )
    ci = ("on: [push]\njobs:\n  cs:\n    runs-on: ubuntu-latest\n    steps:\n      - uses: actions/checkout@v4\n"
          "      - run: vendor/bin/php-cs-fixer fix --dry-run --diff\n")  # fmt: skip
    files = {"composer.json": composer, ".php-cs-fixer.dist.php": "<?php\n", "phpstan.neon.dist": "parameters:\n",
             **{f"lib/{d}/A.php": "<?php\nclass A {}\n" * 5 for d in ("Benchmark", "Model", "Report", "Console")},
             "lib/Path.php": "<?php\n", ".github/workflows/ci.yml": ci}  # fmt: skip
    learned = bodies(make_project, files, name="phpbench")
    assert learned["workflow/format"].startswith("To format: `vendor/bin/php-cs-fixer fix` — from .php-cs-fixer")
    assert "integrate" not in learned["workflow/format"] + learned.get("workflow/typecheck", "")
    assert learned["workflow/lint"].startswith("To lint: `vendor/bin/php-cs-fixer fix --dry-run --diff` (checks")
    assert (
        "Lint and format: PHP-CS-Fixer" in learned["php/stack"]
        and "Automated refactoring: Rector" in learned["php/stack"]
    )
    assert "Benchmark/ (1)" in learned["layout/source"]  # a namespace of the code, not a benchmarks folder


def test_kotlin_multiplatform_tests_run_with_jvm_test_in_the_most_tested_module(make_project):
    kmp = 'plugins {\n    kotlin("multiplatform")\n}\nkotlin {\n    jvm()\n}\n'
    files = {"settings.gradle.kts": 'include("clikt")\ninclude("test")\n', "gradlew": "#!/bin/sh\n",
             "build.gradle.kts": 'plugins {\n    kotlin("multiplatform").version("2.0").apply(false)\n}\n',
             "clikt/build.gradle.kts": kmp, "test/build.gradle.kts": kmp,
             "clikt/src/commonMain/kotlin/com/x/Core.kt": "package com.x\nclass Core\n",
             "clikt/src/commonMain/kotlin/com/x/testing/Testing.kt": "package com.x.testing\nclass T\n",
             "test/src/commonTest/kotlin/com/x/ATest.kt": "package com.x\nclass ATest\n",
             "test/src/jvmTest/kotlin/com/x/BTest.kt": "package com.x\nclass BTest\n"}  # fmt: skip
    learned = bodies(make_project, files, name="clikt")
    assert learned["workflow/test"].startswith("To test: `./gradlew jvmTest` (Kotlin Multiplatform")
    assert learned["workflow/test-one"].startswith("To run one test: `./gradlew :test:jvmTest --tests '<Class>'`")
    assert "src/commonMain/kotlin" in learned["jvm/packaging"] and "src/main/kotlin" not in learned["jvm/packaging"]


def test_ci_log_markers_are_no_test_filter_and_tagged_benchmarks_need_their_tag(make_project):
    ci = ("on: [push]\njobs:\n  test:\n    runs-on: ubuntu-latest\n    steps:\n      - uses: actions/checkout@v4\n"
          "      - run: task test --output group --output-group-begin '::group::{{.TASK}}' "
          "--output-group-end '::endgroup::'\n")  # fmt: skip
    files = {"go.mod": "module github.com/go-task/task/v3\n\ngo 1.24\n", "task.go": "package task\n" * 5,
             "taskrc/taskrc.go": "package taskrc\n" * 5, "taskrc/node.go": "package taskrc\n",
             "checksum_benchmark_test.go": '//go:build fsbench\n\npackage task_test\n\nimport "testing"\n\n'
                                           "func BenchmarkChecksum(b *testing.B) {}\n",
             "task_test.go": 'package task_test\n\nimport "testing"\n\nfunc TestRun(t *testing.T) {}\n',
             ".golangci.yml": "version: '2'\nformatters:\n  enable:\n    - gofumpt\n",
             ".github/workflows/ci.yml": ci}  # fmt: skip
    learned = bodies(make_project, files, name="task")
    assert "::group::" not in learned["workflow/test-one"]
    assert "`go test -tags=fsbench -run '^$' -bench .`" in learned["go/benchmarks"]
    assert "(tabs; `gofumpt -l -w .`)" in learned["style/go"]
    assert "taskrc/ (2)" in learned["layout/source"]  # taskrc.go is Go code, not a tool's rc file


def test_sphinx_beside_a_doxyfile_builds_the_docs_and_a_c_projects_headers_all_count(make_project):
    files = {"meson.build": "project('criterion', 'c')\n", "doc/conf.py": "extensions = ['breathe']\n",
             "doc/index.rst": "Criterion\n=========\n", "doc/Doxyfile": "GENERATE_HTML = NO\n",
             "templates/bash.txt": "eval \"$(x)\"\n", "templates/zsh.txt": "eval \"$(x)\"\n",
             **{f"src/core/m{i}.c": "int m;\n" * 10 for i in range(6)},
             **{f"include/criterion/c{i}.h": "int h;\n" for i in range(4)},
             **{f"include/criterion/internal/i{i}.h": "int i;\n" for i in range(2)},
             "include/criterion/internal/a.hxx": "namespace c {}\n"}  # fmt: skip
    learned = bodies(make_project, files, name="Criterion")
    assert "Documentation is built with Sphinx (doc/conf.py)" in learned["layout/folders"]
    assert "templates/ (templates," in learned["layout/folders"]
    assert "include/ (7 files)" in learned["layout/source"]  # C and C++ headers alike
