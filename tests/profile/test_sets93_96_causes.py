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
