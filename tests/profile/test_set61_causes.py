"""Causes found on set 61's run (issue 17, thirty-eighth round): Hatch's environment scripts read as programs, RSpec
offered for a Minitest suite whose Gemfile has rspec for its mocks, `-p` for a workspace's root package, Meson's
subdirs listed in a variable, a CI script's folders taken for its role, a golangci-lint TOML config, and a C project's
requirements.txt of build tools taken for a Python project."""

from __future__ import annotations

from tests.profile.learned import bodies


def test_hatch_environment_scripts_take_their_roles_and_run_no_program(make_project):
    guide = (
        "# Contributing\n\n## Running the tests\n\nTo run the tests:\n\n```bash\nhatch run test:test\n```\n\n"
        "To check the types:\n\n```bash\nhatch run types:check\n```\n\nTo fix the style:\n\n```bash\n"
        "hatch run style:fix\n```\n"
    )
    pyproject = (
        '[project]\nname = "mkdocs"\nversion = "1.6"\n\n[build-system]\nrequires = ["hatchling"]\n'
        'build-backend = "hatchling.build"\n\n[tool.hatch.envs.test.scripts]\ntest = "python -m unittest"\n'
    )
    files = {"pyproject.toml": pyproject, "CONTRIBUTING.md": guide, "mkdocs/__init__.py": "x = 1\n",
             "mkdocs/tests/build_tests.py": "import unittest\n"}  # fmt: skip
    learned = bodies(make_project, files, name="mkdocs")
    assert learned["workflow/typecheck"].startswith("To type-check: `hatch run types:check`")
    assert learned["workflow/format"].startswith("To format: `hatch run style:fix`")
    assert "types:check" not in learned.get("workflow/run", "")


def test_rspec_in_the_gemfile_without_specs_is_no_runner_for_a_minitest_suite(make_project):
    gemfile = 'source "https://rubygems.org"\ngemspec\n\ngroup :test do\n  gem "minitest"\n  gem "rspec"\n' \
              '  gem "rspec-mocks"\nend\n'  # fmt: skip
    test = "require_relative 'helper'\n\nclass TestSite < Minitest::Test\n  def test_a\n    assert true\n  end\nend\n"
    files = {"Gemfile": gemfile, "jekyll.gemspec": 'Gem::Specification.new { |s| s.name = "jekyll" }\n',
             "lib/jekyll.rb": "module Jekyll\nend\n", "test/helper.rb": "require 'minitest/autorun'\n",
             "test/test_site.rb": test, "Rakefile": "require 'rake/testtask'\nRake::TestTask.new(:test)\n"}  # fmt: skip
    learned = bodies(make_project, files, name="jekyll")
    assert "rspec" not in learned["workflow/test-one"]
    assert "rspec" not in learned["workflow/test"]


def test_a_workspace_root_package_runs_one_test_without_p(make_project):
    files = {"Cargo.toml": '[package]\nname = "git-delta"\nversion = "0.18.2"\n\n[workspace]\nmembers = ["tools"]\n',
             "src/main.rs": "fn main() {}\n\n#[cfg(test)]\nmod tests {\n    #[test]\n    fn a() {}\n}\n",
             "tools/Cargo.toml": '[package]\nname = "tools"\nversion = "0.1.0"\n',
             "tools/src/lib.rs": "pub fn t() {}\n"}  # fmt: skip
    learned = bodies(make_project, files, name="delta")
    assert learned["workflow/test-one"].startswith("To run one test: `cargo test <test name>`")


def test_meson_subdirs_in_a_list_and_ci_scripts_in_test_folders(make_project):
    meson = (
        "project('libfuse3', 'c')\nsubdirs = [ 'lib', 'include' ]\nif get_option('tests')\n  subdirs += 'test'\n"
        "endif\nforeach n : subdirs\n    subdir(n)\nendforeach\n"
    )
    ci = ("on: [push]\njobs:\n  build:\n    runs-on: ubuntu-latest\n    steps:\n      - uses: actions/checkout@v4\n"
          "      - run: test/ci/prepare-runner.sh ${{ github.workspace }}/fuse-tests\n"
          "  doxygen:\n    runs-on: ubuntu-latest\n    steps:\n      - run: test/ci/doxygen.sh\n")  # fmt: skip
    files = {"meson.build": meson, "lib/meson.build": "libfuse = library('fuse3', 'fuse.c')\n",
             "lib/fuse.c": "int f;\n" * 30, "include/fuse.h": "int f;\n", "include/meson.build": "\n",
             "test/meson.build": "\ttest('fuse-tests', find_program('run-tests.py'))\n",
             "test/run-tests.py": "print('ok')\n", "test/ci/prepare-runner.sh": "sudo sysctl -w a=b\n",
             "test/ci/doxygen.sh": "doxygen\n", ".github/workflows/pr-ci.yml": ci,
             "requirements.txt": "# Packages required for building and testing libfuse only\nmeson\nninja\n"}  # fmt: skip
    learned = bodies(make_project, files, name="libfuse")
    assert learned["workflow/test"].startswith("To test: `meson test -C build`")
    assert "prepare-runner" not in learned["workflow/test"] and "doxygen.sh" not in learned["workflow/test"]
    assert "python/packaging" not in learned  # requirements.txt installs the build's tools, libfuse is C


def test_a_golangci_toml_config_names_the_formatter(make_project):
    config = "version = '2'\n\n[linters]\ndefault = 'all'\n\n[formatters]\nenable = [\n  'goimports'\n]\n"
    files = {"go.mod": "module github.com/magefile/mage\n\ngo 1.18\n", ".golangci.toml": config,
             "main.go": "package main\n\nfunc main() {}\n"}  # fmt: skip
    learned = bodies(make_project, files, name="mage")
    assert learned["workflow/format"].startswith("To format: `goimports -w .` — from .golangci.toml")
