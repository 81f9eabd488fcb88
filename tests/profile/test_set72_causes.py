"""Causes found on set 72's run (issue 17, thirty-ninth round, after the run on the final code): Rails gems in a
Gemfile group for demo apps, a guide's `$> ` prompt and phpspec, a justfile's format recipe beside golangci-lint's
formatter, pre-commit's try-repo and a task that writes the tests' expected output anew."""

from __future__ import annotations

from tests.profile.learned import bodies

PAGY_GEMFILE = """\
source 'https://rubygems.org'
gemspec path: './gem'

group :development, :test do
  gem 'minitest'
end

group :playground do
  gem 'rails', '~> 8.0'
  gem 'sinatra'
end
"""


def test_rails_for_the_playground_only_and_phpspec_behind_a_prompt(make_project):
    files = {"Gemfile": PAGY_GEMFILE, "gem/pagy.gemspec": 'Gem::Specification.new do |s|\n  s.name = "pagy"\nend\n',
             "gem/lib/pagy.rb": "class Pagy\nend\n", "test/pagy_test.rb": "require 'minitest/autorun'\n"}  # fmt: skip
    learned = bodies(make_project, files, name="pagy")
    assert "Rails application" not in "\n".join(learned.values())
    guide = "# Contributing\n\nRun the specs:\n\n```bash\n$> vendor/bin/phpspec run\n```\n"
    composer = '{"name": "phpspec/prophecy", "require-dev": {"phpspec/phpspec": "^7.0"}}'
    files = {"composer.json": composer, "CONTRIBUTING.md": guide, "src/Prophet.php": "<?php\n",
             "spec/ProphetSpec.php": "<?php\n"}  # fmt: skip
    assert "`vendor/bin/phpspec run`" in bodies(make_project, files, name="prophecy")["workflow/test"]


def test_a_justfile_format_recipe_and_try_repo(make_project):
    golangci = 'version: "2"\nformatters:\n  enable:\n    - goimports\n'
    files = {"go.mod": "module github.com/jesseduffield/lazygit\n\ngo 1.24\n", "main.go": "package main\n",
             ".golangci.yml": golangci, "justfile": "format:\n    go tool gofumpt -l -w .\n"}  # fmt: skip
    assert "`gofumpt -w .`" in bodies(make_project, files, name="lazygit")["style/go"]
    ci = "on: [push]\njobs:\n  linters:\n    runs-on: ubuntu-latest\n    steps:\n      - run: pre-commit try-repo . mdformat --files README.md\n"
    files = {"pyproject.toml": '[project]\nname = "mdformat"\n', "src/mdformat/__init__.py": "",
             ".github/workflows/tests.yaml": ci, ".pre-commit-config.yaml": "repos: []\n"}  # fmt: skip
    assert "try-repo" not in bodies(make_project, files, name="mdformat").get("workflow/lint", "")


def test_a_task_that_writes_the_expected_output_anew(make_project):
    guide = "Contributing\n============\n\nRun the tests::\n\n    invoke tests\n    invoke update-functional-tests\n"
    tasks = "from invoke import task\n\n\n@task\ndef tests(c):\n    pass\n\n\n@task\ndef update_functional_tests(c):\n    pass\n"
    files = {"docs/contribute.rst": guide, "tasks.py": tasks, "pyproject.toml": '[project]\nname = "pelican"\n',
             "pelican/__init__.py": ""}  # fmt: skip
    assert "update-functional-tests" not in bodies(make_project, files, name="pelican")["workflow/test"]
