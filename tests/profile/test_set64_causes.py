"""Causes found on set 64's run (issue 17, thirty-ninth round): a package with two binaries and no default-run, the
modules of one binary taken for binaries, a docker/ folder of code inside src/, a CI tool setup-php installs
globally, and a coverage merge taken for the build."""

from __future__ import annotations

from tests.profile.learned import bodies

CROSS_MANIFEST = """\
[package]
name = "cross"
version = "0.2.5"
edition = "2024"

[workspace]
members = ["xtask"]
"""


def test_two_binaries_a_module_folder_of_one_and_docker_code_in_src(make_project):
    files = {"Cargo.toml": CROSS_MANIFEST, "src/lib.rs": "pub mod docker;\n" + "pub fn a() {}\n" * 30,
             "src/bin/cross.rs": "fn main() {}\n", "src/bin/cross-util.rs": "mod commands;\nfn main() {}\n",
             "src/bin/commands/mod.rs": "pub mod clean;\n", "src/bin/commands/clean.rs": "pub fn run() {}\n" * 40,
             "src/docker/mod.rs": "pub mod shared;\n", "src/docker/shared.rs": "pub fn run() {}\n" * 400,
             "src/docker/remote.rs": "pub fn copy() {}\n" * 300,
             "xtask/Cargo.toml": '[package]\nname = "xtask"\nversion = "0.0.0"\n',
             "xtask/src/main.rs": "fn main() {}\n"}  # fmt: skip
    learned = bodies(make_project, files, name="cross")
    assert learned["workflow/run"].startswith("To run: `cargo run -p cross --bin cross` — from src/bin/cross.rs")
    assert "commands" not in learned["rust/entry-points"]
    assert "src/bin/cross.rs" in learned["rust/entry-points"]
    assert "shared.rs" in learned["layout/source"]


def test_a_default_run_needs_no_bin(make_project):
    manifest = CROSS_MANIFEST.replace('edition = "2024"', 'edition = "2024"\ndefault-run = "cross"')
    files = {"Cargo.toml": manifest, "src/lib.rs": "pub fn a() {}\n", "src/bin/cross.rs": "fn main() {}\n",
             "src/bin/cross-util.rs": "fn main() {}\n", "xtask/Cargo.toml": '[package]\nname = "xtask"\n',
             "xtask/src/main.rs": "fn main() {}\n"}  # fmt: skip
    assert "`cargo run -p cross` —" in bodies(make_project, files, name="cross")["workflow/run"]


PREDIS_LINTERS = """\
name: Linters
on: [push, pull_request]
jobs:
  syntax_errors:
    runs-on: ubuntu-latest
    steps:
      - uses: shivammathur/setup-php@v2
        with:
          php-version: "8.1"
          tools: composer:v2, parallel-lint
      - uses: actions/checkout@v4
      - run: composer exec -- parallel-lint bin/ src/ tests/
  tests:
    runs-on: ubuntu-latest
    steps:
      - uses: actions/checkout@v4
      - run: composer install
      - run: vendor/bin/phpunit --coverage-php build/cov/coverage.cov
      - run: php vendor/bin/phpcov merge --clover build/logs/clover.xml build/cov
"""


def test_a_global_ci_tool_and_a_coverage_merge(make_project):
    composer = '{"name": "predis/predis", "require-dev": {"phpunit/phpunit": "^9.5", "phpunit/phpcov": "^8"}}'
    test = "<?php\nclass ClientTest extends \\PHPUnit\\Framework\\TestCase { public function testA() {} }\n"
    files = {"composer.json": composer, ".github/workflows/linters.yml": PREDIS_LINTERS,
             "src/Client.php": "<?php\nclass Client {}\n", "tests/ClientTest.php": test,
             "phpunit.xml.dist": "<phpunit><testsuites><testsuite name='a'><directory>tests</directory></testsuite>"
             "</testsuites></phpunit>\n"}  # fmt: skip
    learned = bodies(make_project, files, name="predis")
    assert "parallel-lint" not in "\n".join(learned.values())
    assert "phpcov" not in learned.get("workflow/build", "")
    assert "vendor/bin/phpunit" in learned["workflow/test"]


SPEC_HELPER = """\
ENV["DB"] ||= "sqlite"

unless ENV["BUNDLE_GEMFILE"].match?(/rails_\\d\\.\\d\\.gemfile/)
  warn("Please use appraisal.")
  exit 1
end
"""
CONTRIBUTING = """\
# Contributing

## Development

```
bundle exec appraisal install
```

### Test

```
DB=sqlite bundle exec appraisal rails-7.1 rake
DB=mysql bundle exec appraisal rails-7.1 rake
```

The default task is performed by `rake`.
"""


def test_a_test_helper_that_stops_runs_outside_an_appraisal(make_project):
    appraisals = 'appraise "rails-7.1" do\n  gem "rails", "~> 7.1.0"\nend\n\nappraise "rails-8.1" do\nend\n'
    files = {"Gemfile": 'source "https://rubygems.org"\ngemspec\ngem "appraisal"\n', "Appraisals": appraisals,
             "paper_trail.gemspec": 'Gem::Specification.new do |s|\n  s.name = "paper_trail"\nend\n',
             "Rakefile": 'require "rspec/core/rake_task"\nRSpec::Core::RakeTask.new(:spec)\ntask default: :spec\n',
             ".rspec": "--require spec_helper\n", "spec/spec_helper.rb": SPEC_HELPER,
             "spec/paper_trail_spec.rb": 'RSpec.describe "PaperTrail" do\n  it "works" do\n  end\nend\n',
             "lib/paper_trail.rb": "module PaperTrail\nend\n", ".github/CONTRIBUTING.md": CONTRIBUTING}  # fmt: skip
    learned = bodies(make_project, files, name="paper_trail")
    assert learned["workflow/test"].startswith("To test: `DB=sqlite bundle exec appraisal rails-7.1 rake` —")
    assert "`rake`" not in learned["workflow/test"] and "`bundle exec rspec`" not in learned["workflow/test"]
    assert "`bundle exec appraisal rails-8.1 rspec spec/paper_trail_spec.rb" in learned["workflow/test-one"]
    assert "bundle exec appraisal install" in learned["workflow/install"]
    without = {**files, "spec/spec_helper.rb": 'ENV["DB"] ||= "sqlite"\n'}
    assert "`bundle exec rspec spec/paper_trail_spec.rb" in bodies(make_project, without)["workflow/test-one"]
