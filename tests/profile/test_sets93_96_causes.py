"""Causes found on sets 93–96's run (issue 17, forty-second round): a `check` script that only runs `tsc` without
emitting, a Travis file beside a GitHub workflow that only drafts releases, composer's event hooks offered as
commands, Laravel Pint's check and fix, a PHP package's asset scripts leading over its composer scripts, and Makefile
targets a rule names through a variable."""

from __future__ import annotations

import json

from tests.profile.learned import bodies


def test_a_check_script_running_only_tsc_without_output_is_the_type_check(make_project):
    scripts = {"test": "npm run lint && npm run check && npm run testonly", "lint": "eslint .",
               "check": "tsc --pretty", "testonly": "mocha src/**/__tests__/**/*-test.ts"}  # fmt: skip
    files = {"package.json": json.dumps({"name": "graphql", "scripts": scripts}), "package-lock.json": "{}",
             "tsconfig.json": '{"compilerOptions": {"noEmit": true, "strict": true}}', "src/index.ts": "export {};\n",
             "src/__tests__/a-test.ts": "export {};\n"}  # fmt: skip
    learned = bodies(make_project, files, name="graphql-js")
    assert learned["workflow/typecheck"].startswith("To type-check: `npm run check`")
    assert "npm run check" not in learned["workflow/lint"]
    emitting = {**files, "tsconfig.json": '{"compilerOptions": {"outDir": "dist"}}'}
    assert "workflow/typecheck" not in bodies(make_project, emitting, name="graphql-js2")


def test_travis_tests_when_the_only_github_workflow_runs_no_command(make_project):
    drafter = ("on: push\njobs:\n  draftRelease:\n    runs-on: ubuntu-latest\n    steps:\n"
               "      - uses: actions/checkout@v4\n      - uses: toolmantim/release-drafter@v5\n")  # fmt: skip
    files = {"Gemfile": "source 'https://rubygems.org'\ngemspec\n", "guard.gemspec": "Gem::Specification.new\n",
             "lib/guard.rb": "module Guard; end\n", ".github/workflows/push.yml": drafter,
             ".travis.yml": "language: ruby\nrvm:\n  - 3.1.2\nscript:\n  - bundle exec rake\n"}  # fmt: skip
    learned = bodies(make_project, files, name="guard")
    assert learned["ci"].startswith("CI (Travis CI)") and "`bundle exec rake`" in learned["ci"]


def test_composer_hooks_pint_and_asset_scripts(make_project):
    composer = {"name": "fruitcake/laravel-debugbar", "require-dev": {"laravel/pint": "^1.0", "phpstan/phpstan": "^2"},
                "scripts": {"post-install-cmd": ["@composer install --working-dir=tools/phpstan"],
                            "analyse": "vendor/bin/phpstan analyse", "check-style": "vendor/bin/pint --test",
                            "fix-style": "vendor/bin/pint", "test": "vendor/bin/phpunit"}}  # fmt: skip
    package = {"name": "assets", "scripts": {"lint": "eslint resources/**/*.js",
                                              "lint:fix": "eslint resources/**/*.js --fix"}}  # fmt: skip
    files = {"composer.json": json.dumps(composer), "package.json": json.dumps(package), "package-lock.json": "{}",
             "resources/widget.js": "export const a = 1;\n", "tests/DebugbarTest.php": "<?php\n",
             "phpstan.neon.dist": "parameters:\n    paths: [src]\n",
             **{f"src/Part{n}.php": "<?php\nclass Part {}\n" * 40 for n in range(6)}}  # fmt: skip
    learned = bodies(make_project, files, name="laravel-debugbar")
    assert learned["workflow/lint"].startswith("To lint: `composer check-style`")
    assert learned["workflow/format"].startswith("To format: `composer fix-style`")
    assert learned["workflow/install"].startswith("To install: `composer install`")
    assert "post-install-cmd" not in learned["workflow/typecheck"]
    bare = {**composer, "scripts": {"test": "vendor/bin/phpunit"}}
    php_only = {n: body for n, body in files.items() if not n.startswith(("package", "resources/"))}
    plain = bodies(make_project, {**php_only, "composer.json": json.dumps(bare)}, name="laravel-debugbar2")
    assert "`vendor/bin/pint`" in plain["workflow/format"] and "`vendor/bin/pint --test`" in plain["workflow/lint"]


def test_makefile_targets_named_through_a_variable(make_project):
    makefile = (
        "default: help\n\t@echo 'use direnv'\n\nactions = \\\n\tcheck \\\n\tcheck-quality \\\n\tcheck-types \\\n"
        "\tdocs \\\n\tformat \\\n\trun \\\n\tsetup \\\n\ttest\n\n.PHONY: $(actions)\n$(actions):\n"
        '\t@python scripts/make "$@"\n'
    )
    files = {"Makefile": makefile, "scripts/make": "#!/usr/bin/env python3\n", "pyproject.toml":
             '[project]\nname = "griffe"\nversion = "1"\n', "src/griffe/__init__.py": "x = 1\n",
             "tests/test_a.py": "def test_a(): pass\n"}  # fmt: skip
    learned = bodies(make_project, files, name="griffe")
    assert learned["workflow/test"].startswith("To test: `make test`")
    assert learned["workflow/format"].startswith("To format: `make format`")
    assert learned["workflow/typecheck"].startswith("To type-check: `make check-types`")
    assert learned["workflow/lint"].startswith("To lint: `make check-quality`")
    assert "make run" not in learned.get("workflow/run", "")


def test_watchers_are_no_test_and_a_diff_hook_formats_nothing(make_project):
    readme = "# danger\n\n## Testing\n\nRun the specs while you work:\n\n```sh\nbundle exec guard\n```\n"
    files = {"README.md": readme, "Gemfile": "source 'https://rubygems.org'\ngem 'rspec'\ngem 'guard'\n",
             "Rakefile": "require 'rspec/core/rake_task'\nRSpec::Core::RakeTask.new(:spec)\ntask default: :spec\n",
             "lib/danger.rb": "module Danger; end\n", "spec/danger_spec.rb": "describe 1 do; end\n", ".rspec": "\n",
             ".pre-commit-config.yaml": "repos:\n-   repo: https://github.com/astral-sh/ruff-pre-commit\n    rev: v0.6\n"
                                        "    hooks:\n    -   id: ruff-format\n        args:\n        - --diff\n"}  # fmt: skip
    learned = bodies(make_project, files, name="danger")
    assert "guard" not in learned["workflow/test"]
    assert "pre-commit" not in learned.get("workflow/format", "")
    scripts = {"test": "jest --coverage", "ci": "jest --watch"}
    guide = "# Contributing\n\nRun `npm run ci` while you work.\n"
    manifest = {"name": "moleculer", "scripts": scripts, "devDependencies": {"jest": "^29.0.0"}}
    node = {"package.json": json.dumps(manifest), "package-lock.json": "{}",
            "CONTRIBUTING.md": guide, "src/index.js": "module.exports = 1;\n", "test/a.spec.js": "test('a', () => {});\n"}  # fmt: skip
    assert "npm run ci" not in bodies(make_project, node, name="moleculer")["workflow/test"]


def test_gradle_style_tasks_a_missing_project_and_output_filters(make_project):
    guide = ("# Contributing\n\nTo check the formatting and fix it, run `./gradlew autostyleCheck` and then "
             "`./gradlew autostyleApply`.\n\nTo run the tests:\n\n```\n./gradlew test\n./gradlew :testng-asserts:test\n"
             "```\n\nTo build:\n\n```\n./gradlew build 2>&1 | grep -A15 \"What went wrong\"\n```\n")  # fmt: skip
    files = {".github/CONTRIBUTING.md": guide, "settings.gradle.kts": 'include(":testng-core")\n', "gradlew": "#!/bin/sh\n",
             "build.gradle.kts": "plugins { java }\n", "testng-core/build.gradle.kts": "plugins { java }\n",
             "testng-core/src/main/java/org/testng/TestNG.java": "class TestNG {}\n"}  # fmt: skip
    learned = bodies(make_project, files, name="testng")
    assert learned["workflow/lint"].startswith("To lint: `./gradlew autostyleCheck`")
    assert learned["workflow/format"].startswith("To format: `./gradlew autostyleApply`")
    assert "testng-asserts" not in learned["workflow/test"]
    assert (
        learned["workflow/build"].startswith("To build: `./gradlew build` —")
        and "grep" not in learned["workflow/build"]
    )


def test_a_readme_make_install_into_the_prefix_and_a_pull_request_target_are_no_setup_or_format(make_project):
    makefile = ("PREFIX ?= /usr/local\n\npr: tidy format-all lint test\n\ntidy:\n\tgo mod tidy\n\nformat-all:\n"
                "\tgo fmt ./...\n\nlint:\n\tgolangci-lint run\n\ntest:\n\tgo test ./...\n\nbuild:\n"
                "\tgo build -o dist/local/act main.go\n\ninstall: build\n\t@cp dist/local/act $(PREFIX)/bin/act\n")  # fmt: skip
    readme = "# act\n\n## Building\n\n```sh\nmake install\n```\n"
    guide = "# Contributing\n\nYou can run `make pr` to format and lint the code and run the tests.\n"
    files = {"Makefile": makefile, "README.md": readme, "CONTRIBUTING.md": guide, "go.mod": "module act\n\ngo 1.24\n",
             "main.go": "package main\n\nfunc main() {}\n"}  # fmt: skip
    learned = bodies(make_project, files, name="act")
    assert "make install" not in learned.get("workflow/install", "")
    assert "make pr" not in learned.get("workflow/format", "") and "make pr" not in learned.get("workflow/lint", "")


def test_a_script_before_its_parts_and_an_all_checks_script_is_no_lint(make_project):
    readme = ("# DOMPurify\n\n### Development and contributing\n\n#### Scripts\n\nThese are our npm scripts:\n\n"
              "- `npm run build:cov` to only build the instrumented coverage bundle\n"
              "- `npm run build` to build type declarations and distribution bundles\n"
              "  - `npm run build:fix-types` to post-process generated type files\n"
              "- `npm run format` to format sources with Prettier\n")  # fmt: skip
    scripts = {"build": "npm run build:types && rollup -c", "build:cov": "rollup -c config/rollup.coverage.config.js",
               "build:fix-types": "node ./scripts/fix-types.js", "format": "prettier --write .", "lint": "xo src",
               "test": "npm run lint && node test/run.js", "coverage": "npm run build:cov && nyc report",
               "qa": "npm run lint && npm test"}  # fmt: skip
    files = {"README.md": readme, "package.json": json.dumps({"name": "dompurify", "scripts": scripts}),
             "package-lock.json": "{}", "src/purify.ts": "export {};\n",
             "CONTRIBUTING.md": "# Contributing\n\nBefore a pull request, run `npm run qa`.\n"}  # fmt: skip
    learned = bodies(make_project, files, name="DOMPurify")
    assert learned["workflow/build"].startswith("To build: `npm run build` ")
    assert "fix-types" not in learned["workflow/format"]
    assert "npm run qa" not in learned.get("workflow/lint", "")


def test_an_asset_package_json_is_no_library_and_gives_no_summary(make_project):
    package = {"name": "php-debugbar", "main": "index.js", "type": "module",
               "description": "[![Latest Stable Version](https://img.shields.io/packagist/v/php-debugbar)](https://x)",
               "scripts": {"build": "node build/icons.js"}, "dependencies": {"@tabler/icons": "^3"}}  # fmt: skip
    composer = {"name": "fruitcake/laravel-debugbar", "description": "PHP Debugbar integration for Laravel"}
    files = {"package.json": json.dumps(package), "composer.json": json.dumps(composer), "src/Debugbar.php": "<?php\n",
             "resources/widget.js": "var a = 1;\n"}  # fmt: skip
    learned = bodies(make_project, files, name="laravel-debugbar")
    assert learned["project/summary"].startswith("Project fruitcake/laravel-debugbar: PHP Debugbar integration")
    assert "library" not in learned.get("javascript/stack", "")
    assert "javascript/entry-points" not in learned


def test_a_long_cargo_ci_line_is_read_and_a_style_target_that_rewrites_is_the_formatter(make_project):
    workflow = ("on:\n  push:\n  pull_request:\njobs:\n  build:\n    runs-on: ubuntu-latest\n    steps:\n"
                "    - uses: actions/checkout@v4\n    - run: cargo build --features \"builder toml markdown ansi "
                "termion-backend crossterm-backend\" --no-default-features --verbose\n")  # fmt: skip
    rust = {"Cargo.toml": '[package]\nname = "cursive"\nversion = "0.21.0"\n', "src/lib.rs": "pub fn f() {}\n",
            ".github/workflows/rust.yml": workflow}  # fmt: skip
    assert "`cargo build --features" in bodies(make_project, rust, name="cursive")["ci"]
    makefile = ("checkfiles = tortoise/ tests/\n\nlint:\n\tblack --check $(checkfiles)\n\truff check $(checkfiles)\n\n"
                "_style:\n\tisort -src $(checkfiles)\n\tblack $(checkfiles)\nstyle: _style\n")  # fmt: skip
    python = {"Makefile": makefile, "pyproject.toml": '[project]\nname = "tortoise-orm"\nversion = "1"\n\n'
              '[tool.black]\nline-length = 100\n', "tortoise/__init__.py": "x = 1\n"}  # fmt: skip
    learned = bodies(make_project, python, name="tortoise-orm")
    assert learned["workflow/format"].startswith("To format: `make style`")
    assert learned["workflow/lint"].startswith("To lint: `make lint`")
