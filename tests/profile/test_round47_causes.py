"""Causes found in the forty-seventh round by reading the judgements of sets 111–184: CI's own steps repeated
beside the command the maintainers wrote (kin-openapi's modernize run, ghz's root-only `go test`)."""

from __future__ import annotations

from tests.profile.learned import bodies

GO_MOD = "module example.com/ghz\n\ngo 1.22\n"
CI = (
    "name: test\non: [push]\njobs:\n  test:\n    runs-on: ubuntu-latest\n    steps:\n"
    "      - run: go test -failfast -race\n"
)


def test_ci_steps_are_not_repeated_beside_a_command_the_maintainers_wrote(make_project):
    # ghz's `make test` runs every package; CI's `go test -failfast -race` from the root tests only doc.go's package
    files = {"go.mod": GO_MOD, "doc.go": "package ghz\n", "runner/run.go": "package runner\n",
             "runner/run_test.go": "package runner\n", ".github/workflows/test.yml": CI,
             "Makefile": "test:\n\tgo test -race $$(go list ./...)\n"}  # fmt: skip
    test = bodies(make_project, files, name="ghz")["workflow/test"]
    assert test.startswith("To test: `make test` — from Makefile target `test`")
    assert "-failfast" not in test


def test_ci_steps_stay_beside_a_guessed_default(make_project):
    files = {"go.mod": GO_MOD, "doc.go": "package ghz\n", "runner/run.go": "package runner\n",
             "runner/run_test.go": "package runner\n", ".github/workflows/test.yml": CI}  # fmt: skip
    assert "`go test -failfast -race`" in bodies(make_project, files, name="ghz_ci")["workflow/test"]


CIRCLECI = """version: 2.1
jobs:
  test:
    parameters:
      database:
        type: string
      bundler:
        type: string
        default: "2.5"
    docker:
      - image: ruby:3.3
    steps:
      - checkout
      - run: gem install bundler -v << parameters.bundler >>
      - run:
          name: rspec
          command: DB=<< parameters.database >> rspec spec
workflows:
  test:
    jobs:
      - test:
          matrix:
            parameters:
              database: ["postgresql", "sqlite3"]
"""


def test_a_circleci_parameter_is_filled_in_or_left_out_never_read_as_a_redirection(make_project):
    # counter_culture's `DB=<< parameters.database >> rspec spec` had become `parameters.database >> rspec spec`
    files = {".circleci/config.yml": CIRCLECI, "Gemfile": "source 'https://rubygems.org'\ngemspec\n",
             "lib/counter.rb": "module Counter; end\n", "spec/counter_spec.rb": "describe 'x' do; end\n"}  # fmt: skip
    learned = bodies(make_project, files, name="counter_culture")
    assert "`rspec spec`" in learned["ci"] and "parameters" not in learned["ci"]
    assert "parameters" not in learned.get("workflow/test", "") + learned.get("workflow/install", "")
