"""Rejections on set 50's run, and on the changed memories of sets 42-49 (issue 17, thirty-fifth round): commands
that run no test, print their usage, are forbidden to agents or need a tool composer.json lacks; CI jobs switched off
or run only for a bot's branches; tests named test_*.js or *Test.scala; a workspace's dependencies; a guide's "follow
these steps"; RuboCop configurations RuboCop no longer reads; generator templates; a Go project's `make`."""

from __future__ import annotations

from picasso_tui.profile.commands import command_role
from tests.profile.learned import bodies


def test_maven_test_compile_builds_and_runs_no_test():
    assert command_role("./mvnw clean test-compile -B") == "build"
    assert command_role("./mvnw verify -B") == "test"


AGENT = (
    "# CLAUDE.md\n\n## Linting\n\nRun `golangci-lint` with `golangci-lint run ./...`.\n\n## References\n\n"
    "- Never run `rake references:setup`, `rake references:update`, or any large download on your own initiative.\n"
    "- Check them with `rake references:status`.\n\n## Testing\n\n- One test: `go test -run TestName ./...`\n"
    "- Skipped tests: `go test ./... -v | grep SKIP`\n"
)


def test_agent_forbidden_bare_usage_and_whole_suite_commands_are_not_offered(make_project):
    files = {"CLAUDE.md": AGENT, "go.mod": "module github.com/j/pgx\n\ngo 1.25\n", "pgx.go": "package pgx\n",
             "pgx_test.go": "package pgx\n", "Rakefile": "namespace :references do\n  task :setup do\n  end\nend\n"}  # fmt: skip
    learned = bodies(make_project, files)
    offered = " ".join(v for k, v in learned.items() if k.startswith("workflow/"))
    assert "references:" not in offered and "grep SKIP" not in offered
    assert learned["workflow/lint"].startswith("To lint: `golangci-lint run ./...`")
    assert "`go test -run TestName ./...`" in learned["workflow/test-one"]


NOCK_CI = (
    "name: CI\non: [push, pull_request]\njobs:\n  lint-typescript:\n    if: ${{ false }}\n    runs-on: ubuntu-latest\n"
    "    steps:\n      - run: npm run lint:ts\n  test:\n    runs-on: ubuntu-latest\n    steps:\n      - run: npm test\n"
)
BOT_CI = "name: Fix\non:\n  push:\n    branches:\n      - dependabot/npm_and_yarn/prettier-*\njobs:\n  fix:\n" \
         "    runs-on: ubuntu-latest\n    steps:\n      - run: npm run format:fix\n"  # fmt: skip


def test_switched_off_jobs_bot_branch_workflows_and_test_underscore_js_files(make_project):
    package = '{"name": "nock", "scripts": {"test": "mocha --recursive tests", "lint:ts": "dtslint types"}}'
    files = {".github/workflows/ci.yml": NOCK_CI, ".github/workflows/fix.yml": BOT_CI, "package.json": package,
             "lib/a.js": "module.exports = 1;\n", "tests/test_a.js": "describe('a', () => {});\n",
             "tests/got/test_b.js": "describe('b', () => {});\n"}  # fmt: skip
    learned = bodies(make_project, files)
    assert "lint:ts" not in learned["ci"] and "fix.yml" not in learned["ci"].split("Not read")[0]
    assert learned["layout/tests"].startswith("2 test files, named test_*.js; they live in tests/")


def test_a_vendor_tool_composer_lacks_runs_after_cis_require_line(make_project):
    ci = (
        "name: PHPStan\non: [push, pull_request]\njobs:\n  tests:\n    runs-on: ubuntu-latest\n    steps:\n"
        "      - run: composer require --dev phpstan/phpstan:^1.5 ${{ env.FLAGS }}\n"
        "      - run: vendor/bin/phpstan analyse\n"
    )
    files = {".github/workflows/phpstan.yml": ci, "src/A.php": "<?php\n",
             "composer.json": '{"require-dev": {"phpunit/phpunit": "^9"}}'}  # fmt: skip
    typecheck = bodies(make_project, files)["workflow/typecheck"]
    assert "(run after `composer require --dev phpstan/phpstan:^1.5`, as CI does" in typecheck


def test_a_crate_whose_own_crates_are_required_does_not_say_it_has_no_dependencies(make_project):
    askama = (
        '[package]\nname = "askama"\n\n[dependencies]\naskama_derive = { path = "../askama_derive" }\n'
        'serde = { version = "1", optional = true }\n'
    )
    derive = '[package]\nname = "askama_derive"\n\n[lib]\nproc-macro = true\n\n[dependencies]\nsyn = "2"\n'
    files = {"Cargo.toml": '[workspace]\nmembers = ["askama", "askama_derive"]\n', "askama/Cargo.toml": askama,
             "askama/src/lib.rs": "pub fn a() {}\n", "askama_derive/Cargo.toml": derive,
             "askama_derive/src/lib.rs": "pub fn b() {}\n"}  # fmt: skip
    stack = bodies(make_project, files, name="askama")["rust/stack"]
    assert "no required runtime dependencies" not in stack
    assert "built on its own crates askama_derive (optional: serde)" in stack


def test_follow_these_steps_goes_with_its_list_or_not_at_all(make_project):
    guide = (
        "# Contributing\n\n## Backport\n\nIf you want to backport a fix to `10.0.4`, then you have to follow these steps"
        "\n\n1. Create the branch.\n2. Push the branch to GitHub.\n\n## Commits\n\nTo calculate the version, three "
        "commit message conventions need to be followed\n\n- Commit bug fixes with `fix: ...` in the subject\n"
        "- Commit new features with `feat: ...` in the subject\n"
    )
    rules = bodies(make_project, {"CONTRIBUTING.md": guide, "lib/a.js": "x;\n"})["rules/CONTRIBUTING.md"]
    assert "backport a fix" not in rules or "follow these steps: Create the branch; Push the branch" in rules
    assert "need to be followed: Commit bug fixes with `fix: ...`" in rules


def test_a_rubocop_config_naming_renamed_cops_is_not_run_and_templates_are_no_tests(make_project):
    files = {"Gemfile": "source 'https://rubygems.org'\ngemspec\n",
             "draper.gemspec": "Gem::Specification.new do |s|\n  s.name = 'draper'\n"
                               "  s.add_development_dependency 'rubocop'\n  s.add_development_dependency 'rspec'\nend\n",
             ".rubocop.yml": "Metrics/LineLength:\n  Max: 120\n", "lib/draper.rb": "module Draper; end\n",
             "spec/draper_spec.rb": "describe Draper do\nend\n",
             "lib/generators/rspec/templates/decorator_spec.rb": "describe <%= class_name %>Decorator do\nend\n"}  # fmt: skip
    learned = bodies(make_project, files, name="draper")
    assert "workflow/lint" not in learned and "templates" not in learned["layout/tests"]
    pinned = {**files, "Gemfile": files["Gemfile"] + "gem 'rubocop', '~> 0.49.0'\n"}
    assert "`bundle exec rubocop`" in bodies(make_project, pinned, name="pinned")["workflow/lint"]


def test_a_go_projects_default_make_target_builds_and_scala_tests_count(make_project):
    makefile = "ifeq ($(VERSION),)\n$(error no version)\nendif\n\nall: target/fzf\n\ntarget/fzf:\n\tgo build -o $@\n"
    learned = bodies(make_project, {"Makefile": makefile, "go.mod": "module github.com/j/fzf\n\ngo 1.23\n",
                                    "main.go": "package main\n"})  # fmt: skip
    assert learned["workflow/build"].startswith("To build: `make` — from Makefile default target `all`")
    pom = "<project><modules><module>core</module><module>scala</module></modules></project>\n"
    jvm = bodies(make_project, {"pom.xml": pom, "core/pom.xml": "<project/>\n", "scala/pom.xml": "<project/>\n",
                                "core/src/test/java/ATest.java": "class ATest {}\n",
                                "scala/src/test/scala/BTest.scala": "class BTest\n"}, name="jvm")  # fmt: skip
    assert jvm["layout/tests"].startswith("2 test files")
