"""Causes judged on set 80's run and left at the end of the fortieth round: a test folder's own Makefile as the only
suite (tmux's regress/), whole fixture apps inside the test folder (brakeman's test/apps/), a Rakefile TestTask's
pattern, the test folder's entry script as the suite, a guide's stale "Must work with Ruby 2.4.0", and a README's
"Supported Rust Versions" below Cargo.toml's rust-version."""

from __future__ import annotations

from tests.profile.learned import bodies

REGRESS_MAKEFILE = """TESTS!= echo *.sh

all:
\t@for test in $(TESTS); do \\
\t\tsh -x "$$test" >/dev/null 2>&1 || exit 1; \\
\tdone
"""


def test_a_test_folders_makefile_runs_the_suite_when_nothing_else_does(make_project):
    files = {"configure.ac": "AC_INIT([tmux], [3.6])\n", "autogen.sh": "autoreconf -fi\n",
             "Makefile.am": "bin_PROGRAMS = tmux\ntmux_SOURCES = tmux.c\n", "tmux.c": "int main(void) { return 0; }\n",
             "regress/Makefile": REGRESS_MAKEFILE, "regress/kill-session.sh": "#!/bin/sh\n$TEST_TMUX -V\n"}  # fmt: skip
    learned = bodies(make_project, files, name="tmux")
    assert learned["workflow/test"].startswith("To test: `make -C regress`")
    # a folder Makefile that only builds its programs runs no suite
    files["regress/Makefile"] = "all: runner\nrunner: runner.c\n\tcc -o runner runner.c\n"
    assert "workflow/test" not in bodies(make_project, files, name="tmux2")


def test_fixture_apps_in_the_test_folder_and_the_test_tasks_pattern(make_project):
    rails_app = {f"test/apps/rails{v}/{rel}": text for v in (5, 6, 7) for rel, text in {
        "public/javascripts/jquery.js": "function $(s) { return document.querySelector(s); }\n" * 40,
        "app/assets/javascripts/application.js": "//= require jquery\n" * 30,
        "test/functional/home_controller_test.rb": "class HomeControllerTest < ActionController::TestCase\n"
                                                   "  def test_truth\n    assert true\n  end\nend\n",
    }.items()}  # fmt: skip
    files = {"brakeman.gemspec": "Gem::Specification.new do |s|\n  s.name = 'brakeman'\n"
                                 "  s.required_ruby_version = '>= 3.2.0'\nend\n",
             "Gemfile": "source 'https://rubygems.org'\ngemspec\ngem 'minitest'\n",
             "Rakefile": "require 'rake/testtask'\n\nRake::TestTask.new do |t|\n  t.pattern = 'test/tests/*.rb'\n"
                         "end\n\ntask default: :test\n",
             "lib/brakeman.rb": "module Brakeman\nend\n", "lib/brakeman/scanner.rb": "class Scanner\nend\n",
             "test/test.rb": "require 'minitest/autorun'\nDir['tests/*.rb'].each { |f| require_relative f }\n",
             "test/tests/scanner.rb": "require_relative '../test'\n\nclass ScannerTests < Minitest::Test\n"
                                      "  def test_scan\n    assert true\n  end\nend\n",
             "CONTRIBUTING.md": "# Contributing\n\n## Code Conventions\n\n* Must use typical Ruby 2 space indentation\n"
                                "* Must work with Ruby 2.4.0\n* Prefer to wrap lines near 80 characters\n\n"
                                "## Running Tests\n\nTo run Brakeman tests:\n\n    ruby test/test.rb\n",
             **rails_app}  # fmt: skip
    learned = bodies(make_project, files, name="brakeman")
    assert "JavaScript" not in learned["languages"]
    assert "home_controller_test" not in learned.get("layout/tests", "") + learned["workflow/test-one"]
    assert "test/tests/scanner.rb" in learned["workflow/test-one"]
    assert "ruby test/test.rb" in learned["workflow/test"]
    rules = learned.get("rules/CONTRIBUTING.md", "")
    assert "Ruby 2.4.0" not in rules and "2 space indentation" in rules


def test_a_readmes_supported_rust_versions_below_the_manifests(make_project):
    readme = "# lettre\n\nA mailer library for Rust.\n\n## Supported Rust Versions\n\nLettre supports all Rust " \
             "versions released in the last 6 months. At the time of writing the minimum supported Rust version is " \
             "1.74, but this could change at any time.\n"  # fmt: skip
    files = {"Cargo.toml": '[package]\nname = "lettre"\nversion = "0.11.0"\nrust-version = "1.85"\n',
             "src/lib.rs": "pub fn send() {}\n", "README.md": readme}  # fmt: skip
    assert "readme/supported-rust-versions" not in bodies(make_project, files, name="lettre")
    files["Cargo.toml"] = files["Cargo.toml"].replace("1.85", "1.74")
    assert "1.74" in bodies(make_project, files, name="lettre2")["readme/supported-rust-versions"]


def test_mockito_named_only_in_a_header_and_an_application_id_is_no_test_tool(make_project):
    build = '/*\n * Copyright (C) 2017 The Mockito and Dexmaker authors\n */\nplugins {\n    kotlin("jvm")\n}\n' \
            'android {\n    defaultConfig {\n        applicationId = "com.android.dexmaker.mockito.inline.dispatcher"\n' \
            '    }\n}\ndependencies {\n    testImplementation(kotlin("test"))\n}\n'  # fmt: skip
    files = {"settings.gradle.kts": 'rootProject.name = "mockk"\n', "build.gradle.kts": build, "gradlew": "#!/bin/sh\n",
             "src/main/kotlin/io/mockk/MockK.kt": "package io.mockk\n\nobject MockK\n"}  # fmt: skip
    assert "Mockito" not in bodies(make_project, files, name="mockk")["jvm/packaging"]
    files["build.gradle.kts"] = build.replace('kotlin("test")', '"org.mockito:mockito-core:5.0.0"')
    assert "Mockito" in bodies(make_project, files, name="mockk2")["jvm/packaging"]
