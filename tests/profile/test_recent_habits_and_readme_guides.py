"""Causes found on set 36's run (issue 17, thirty-second round): commit habits taken up lately, bracketed
change tags, a README's development guide, a summary that ends on a lead-in, and a Makefile that needs Docker."""

from __future__ import annotations

from tests.profile.learned import bodies
from tests.profile.test_history import _conventions  # commits the subjects oldest first: the last are the newest


def test_conventional_commits_taken_up_by_half_the_newest_commits_are_the_practice_now(make_project):
    older = [f"Fixed case {i}" for i in range(30)]
    newest = ["chore: bump a", "Fix badges", "fix: skipped run", "Add PHP 8.4", "chore: drop b"]
    newest += ["Docs: syntax", "chore: improve ci", "Remove dep", "chore: upgrade phpunit", "Tidy"]
    body = _conventions(make_project, older + newest, "cron")
    assert "Conventional Commits lately (5 of the newest 10" in body and "no Conventional Commits" not in body


def test_a_few_conventional_subjects_among_the_newest_are_not_called_no_prefix(make_project):
    older = [f"Fixed case {i}" for i in range(30)]
    newest = ["chore: bump a", "Fix badges", "fix: skipped run", "docs: typo"] + [f"Add thing {i}" for i in range(6)]
    body = _conventions(make_project, older + newest, "few")
    assert "free-form" in body and "3 of the newest 10 with a Conventional Commits prefix" in body
    assert "no Conventional Commits prefix" not in body


def test_a_bracketed_change_tag_on_most_recent_subjects_is_the_convention(make_project):
    older = [f"fixed thing {i}" for i in range(10)]
    tagged = ["[Dev Deps] update `tape`", "[Tests] add a case", "[meta] add engines", "[Fix] aliases", "[readme] docs"]
    body = _conventions(make_project, older + tagged * 4, "tags")
    assert body.startswith("Commit messages: a bracketed tag leads (65% of the last 31")
    assert "[Tests]" in body and "free-form" not in body


README_GUIDES = """# Rules

## Contributing

You have three options if you have a feature request, found a bug or
simply have a question about Rules.

* [Write an issue.](https://example.org/issues/new)
* Create a pull request.
* [Write a mail to me](mailto:me@example.org)

## Development Guide

Rules is built with Maven. If you want to contribute code then

* Please write a test for your change.
* Ensure that you didn't break the build by running `mvnw test`.

## Release Guide

* Set the version in pom.xml.
"""


def test_every_development_section_of_the_readme_is_read_and_where_to_report_is_no_rule(make_project):
    notes = bodies(make_project, {"README.md": README_GUIDES, "src/main/java/p/A.java": "class A {}\n"})[
        "rules/README.md"
    ]
    assert "- Please write a test for your change." in notes and "`mvnw test`" in notes
    assert "pull request" not in notes and "mail" not in notes, "the options for a bug or a question are no rules"
    assert "Set the version" not in notes, "releasing is the maintainer's, not a contributor's rule"


def test_a_summary_sentence_that_only_leads_into_the_feature_list_is_left_out(make_project):
    readme = (
        "# ozzo\n\n## Description\n\nozzo is a Go package that provides extensible data validation.\n"
        "It has the following features:\n\n* rules instead of tags\n* errors as data\n"
    )
    summary = bodies(make_project, {"README.md": readme, "go.mod": "module x\n\ngo 1.21\n"})["project/summary"]
    assert summary.endswith("provides extensible data validation.") and "following" not in summary


DOCKER_MAKEFILE = """CFLAGS ?= -std=c99 -Wall
RD ?= docker run --rm -v $(CURDIR):$(CURDIR) -w $(CURDIR)
GCC ?= $(RD) docker.io/mgos/gcc

all: ci-test

ci-test: asan c

c: clean
\t$(GCC) cc unit_test.c -o unit_test $(CFLAGS) && $(GCC) ./unit_test

asan:
\t$(RD) docker.io/mgos/clang \\
\t  clang unit_test.c -o unit_test -fsanitize=address && \\
\t$(RD) docker.io/mgos/clang ./unit_test

clean:
\trm -rf unit_test
"""


def test_a_default_make_target_that_runs_the_tests_in_docker_is_the_test_command_and_says_so(make_project):
    files = {"Makefile": DOCKER_MAKEFILE, "lib.c": "int f(void) { return 1; }\n" * 20, "lib.h": "int f(void);\n"}
    learned = bodies(make_project, files | {"unit_test.c": '#include "lib.c"\nint main(void) { return f(); }\n'})
    assert "workflow/build" not in learned, "`make` runs the tests here: there is nothing else to build"
    assert learned["workflow/test"].startswith(
        "To test: `make` (needs Docker: its recipes run in the docker.io/mgos/clang"
    )
    assert "runs the compilers in Docker containers" in learned["cpp/build"]


def test_a_default_make_target_that_compiles_on_the_host_is_still_the_build(make_project):
    makefile = "all: lib\n\nlib: lib.c\n\t$(CC) -c lib.c\n\ntest: all\n\tdocker run --rm img/x ./t\n"
    learned = bodies(make_project, {"Makefile": makefile, "lib.c": "int f(void) { return 1; }\n" * 20})
    assert (
        learned["workflow/build"].startswith("To build: `make` — from Makefile")
        and "Docker" not in learned["cpp/build"]
    )


def test_yard_with_markdown_markup_needs_its_markup_gem(make_project):
    files = {
        ".yardopts": "--markup markdown --markup-provider redcarpet\nlib/**/*.rb\n",
        "Gemfile": "source 'https://rubygems.org'\ngemspec\ngem 'rspec'\n",
        "w.gemspec": "Gem::Specification.new { |s| s.name = 'w' }\n",
    }
    files |= {
        f"lib/w/p{n}.rb": "module W\n  # @param x [String]\n  # @return [String]\n  def x(x); x; end\nend\n"
        for n in range(6)
    }
    docs = bodies(make_project, files)["workflow/docs"]
    assert docs.startswith("To build or preview the docs: `yard doc` (YARD and redcarpet are not in the Gemfile: "
                           "`gem install yard redcarpet`)")  # fmt: skip


def test_the_introductions_status_note_is_quoted_whole_and_another_projects_status_is_not(make_project):
    readme = (
        "# will_paginate\n\nwill_paginate is a pagination library for Rails.\n\n```ruby\ngem 'will_paginate'\n```\n\n"
        "ℹ️ will_paginate is now in _maintenance mode_ and it will not be receiving new features.\n\n## Usage\n\nx\n"
    )
    status = bodies(make_project, {"README.md": readme, "lib/w.rb": "module W; end\n"}, name="will_paginate")
    assert status["readme/status"] == (
        "README.md, introduction: will_paginate is now in maintenance mode and it will not be receiving new features."
    )
    fork = "# Tenacity\n\nTenacity is a retrying library. It is a fork of retrying which is no longer maintained.\n"
    assert "readme/status" not in bodies(make_project, {"README.md": fork, "t.py": "x = 1\n"}, name="tenacity")


def test_installing_tox_and_setting_up_its_environments_are_set_up_not_the_tests():
    from picasso_tui.profile.commands import command_role

    assert command_role("uv tool install --python 3.14 tox --with tox-uv") == "install"
    assert command_role("pipx install tox") == "install"
    assert command_role("tox run -vv --notest --skip-missing-interpreters false -e 3.12") == "install"
    assert command_role("tox run --skip-pkg-install -e 3.12") == "test"


JANSSON_CMAKE = """project(jansson C)
add_library(jansson src/load.c)
option(JANSSON_WITHOUT_TESTS "Don't build tests" OFF)
if (NOT JANSSON_WITHOUT_TESTS)
   option(JANSSON_TEST_WITH_VALGRIND "Enable valgrind tests." OFF)
   ENABLE_TESTING()
   if (JANSSON_TEST_WITH_VALGRIND)
      set(CMAKE_MEMORYCHECK_COMMAND valgrind)
      add_test(memcheck__test_load ${CMAKE_MEMORYCHECK_COMMAND} test_load)
   else()
      add_test(test_load test_load)
      add_test(test_dump test_dump)
      add_test(test_pack test_pack)
   endif()
endif()
"""

LINT_WORKFLOW = """on: [push, pull_request]
jobs:
  lint:
    runs-on: ubuntu-latest
    steps:
      - run: ./scripts/clang-format-check
"""


def test_a_c_library_with_autotools_cmake_and_a_format_check_script(make_project):
    files = {
        "CMakeLists.txt": JANSSON_CMAKE, "configure.ac": "AC_INIT([jansson], [2.15])\n", "Makefile.am": "SUBDIRS = src test\n", "test/Makefile.am": "check-local:\n\t./run-suites\n",
        "src/load.c": "int load(void) { return 0; }\n" * 30, "test/test_load.c": "int main(void) { return 0; }\n",
        "README.rst": "Jansson README\n==============\n\nJansson_ is a C library for encoding and decoding JSON data.\n\n"
                      ".. _Jansson: http://www.digip.org/jansson/\n",
        ".github/workflows/tests.yml": LINT_WORKFLOW, "scripts/clang-format": "#!/bin/sh\nclang-format -i src/*.c\n",
        "scripts/clang-format-check": "#!/bin/sh\nclang-format --dry-run -Werror src/*.c\n", ".clang-format": "BasedOnStyle: LLVM\n",
    }  # fmt: skip
    learned = bodies(make_project, files, name="jansson")
    assert learned["project/summary"].startswith("Project Jansson: Jansson is a C library")
    assert (
        learned["workflow/test-one"] == "To run one test: `ctest --test-dir build -R test_load` — from CMakeLists.txt."
    )
    assert "`make check` (after `autoreconf -i && ./configure`)" in learned["workflow/test"], "configure is generated"
    assert learned["workflow/format"].startswith("To format: `./scripts/clang-format` — from scripts/clang-format")


TOX_TOML = """requires = ["tox>=4.22"]
env_list = ["3.13", "3.12", "type", "docs"]

[env_run_base]
commands = [["pytest", "tests"]]

[env.type]
commands = [["ty", "check", "."]]

[env.docs]
commands = [["sphinx-build", "docs", "docs/_build/html"]]

[env.dev]
commands = [["python", "-c", "print('ready')"]]
"""


def test_a_tox_toml_is_read_and_a_guides_factor_no_env_has_selects_nothing(make_project):
    guide = "# Contributing\n\nRun the tests with `tox run`, or one Python with `tox run -f py311`.\n"
    files = {"tox.toml": TOX_TOML, "CONTRIBUTING.md": guide, "pyproject.toml": "[project]\nname = 'lock'\n"}
    learned = bodies(
        make_project, files | {"src/lock/__init__.py": "x = 1\n", "tests/test_lock.py": "def test(): pass\n"}
    )
    assert learned["workflow/typecheck"] == "To type-check: `tox run -e type` — from tox.toml env `type`."
    assert learned["workflow/docs"].startswith("To build or preview the docs: `tox run -e docs` — from tox.toml")
    assert "-f py311" not in learned["workflow/test"], "no env of tox.toml has the factor py311"
    assert "workflow/run" not in learned, "tox's dev env makes a development environment; it runs no program"


GODOTENV_README = """# GoDotEnv

## Contributing

Contributions are welcome, but with some caveats.

This library has been declared feature complete and will not be accepting pull requests adding new functionality.

Contributions would be gladly accepted that:

* bring this library's parsing into closer compatibility with the mainline dotenv implementations, in particular [Ruby's dotenv](https://github.com/bkeepers/dotenv)
* keep the library up to date with the go ecosystem (ie CI bumps, documentation changes, changes in the core libraries)

*code changes without tests and references to peer dotenv implementations will not be accepted*

1. Fork it
2. Create your feature branch (`git checkout -b my-new-feature`)
3. Commit your changes (`git commit -am 'Added some feature'`)
4. Push to the branch (`git push origin my-new-feature`)
5. Create new Pull Request
"""


def test_a_refusal_is_a_rule_and_neither_the_steps_to_a_pull_request_nor_a_sentences_pieces_are(make_project):
    notes = bodies(make_project, {"README.md": GODOTENV_README, "go.mod": "module x\n\ngo 1.21\n"})["rules/README.md"]
    assert "- This library has been declared feature complete and will not be accepting pull requests" in notes
    assert "- code changes without tests and references to peer dotenv implementations will not be accepted" in notes
    assert "keep the library" not in notes, "an item that finishes the sentence before the list is no order"
    assert "feature branch" not in notes and "Pull Request" not in notes, "the steps to a pull request are onboarding"


def test_a_watcher_the_guide_offers_comes_after_a_build_that_ends(make_project):
    guide = "# Contributing\n\nYou can build automatically after a file change using the following command:\n\n"
    guide += "```bash\nnpx grunt watch\n```\n"
    package = (
        '{"name": "cookie", "scripts": {"dist": "rm -rf dist/* && rollup -c"}, "devDependencies": {"rollup": "4"}}'
    )
    learned = bodies(make_project, {"CONTRIBUTING.md": guide, "package.json": package, "src/api.mjs": "export {}\n"})
    assert learned["workflow/build"].startswith("To build: `npm run dist`")
    assert "Also: `npx grunt watch` (CONTRIBUTING.md)" in learned["workflow/build"]


def test_a_footnote_to_a_step_and_what_a_step_shows_are_no_rules(make_project):
    guide = (
        "# Contributing\n\n## Getting started\n\nOn Apple Silicon run:\n\n```bash\nexport PUPPETEER_SKIP_DOWNLOAD=true\n```\n\n"
        "^ For this to work you must have installed Google Chrome in the default location.\n\n"
        "To run the tests:\n\n```bash\nnpx grunt\n```\n\nYou should see a green message in the console.\n\n"
        "## Tests\n\n_Note: we recommend cleaning all the browser cookies before running the tests._\n"
    )
    rules = bodies(make_project, {"CONTRIBUTING.md": guide, "src/api.mjs": "export {}\n"})["rules/CONTRIBUTING.md"]
    assert "Google Chrome" not in rules and "green message" not in rules
    assert "- Note: we recommend cleaning all the browser cookies before running the tests." in rules


def test_a_summary_stops_before_a_sentence_whose_link_it_cannot_keep(make_project):
    readme = (
        "# HikariCP\n\nHikariCP is a production ready JDBC connection pool. At roughly 130Kb, the library is very "
        "light. Read about how we do it [here](https://github.com/brettwooldridge/HikariCP/wiki/Down-the-Rabbit-Hole).\n"
    )
    summary = bodies(make_project, {"README.md": readme, "pom.xml": "<project></project>\n"})["project/summary"]
    assert summary.endswith("the library is very light.") and "here" not in summary


def test_a_folder_readmes_front_matter_is_not_its_description(make_project):
    files = {"doc/README.md": "---\nlayout: documentation\ntitle: Documentation index\n---\n\n### Introduction\n\n"
             "* [Getting started](getting-started.md)\n", "doc/a.md": "x\n", "src/A.php": "<?php\nclass A {}\n"}  # fmt: skip
    assert "layout:" not in bodies(make_project, files)["layout/folders"]


HOE_RAKEFILE = """require "rubygems"
require "hoe"

Hoe.plugin :seattlerb
Hoe.plugin :rdoc

Hoe.spec "minitest" do
  developer "Ryan Davis", "ryand-ruby@zenspider.com"
  license "MIT"
  require_ruby_version [">= 2.2", "< 4.0"]
end
"""


def test_a_gem_packaged_with_hoe_gets_hoes_commands_and_its_test_files_are_found(make_project):
    files = {"Rakefile": HOE_RAKEFILE, "Manifest.txt": "lib/minitest.rb\n", "lib/minitest.rb": "module Minitest; end\n"}
    files |= {f"lib/minitest/part{n}.rb": "module Minitest\n  def x; end\nend\n" * 5 for n in range(4)}
    test = 'require "minitest/autorun"\n\nclass TestMinitestMock < Minitest::Test\n  def test_x; end\nend\n'
    files |= {"test/minitest/test_minitest_mock.rb": test, "test/minitest/test_minitest_spec.rb": test}
    learned = bodies(make_project, files, name="minitest")
    assert learned["ruby/packaging"].startswith("Ruby project: gem `minitest` packaged with Hoe (Rakefile `Hoe.spec`")
    assert "Ruby >= 2.2, < 4.0" in learned["ruby/packaging"]
    assert learned["workflow/install"].startswith("To install: `gem install hoe && rake newb`")
    assert learned["workflow/test"].startswith("To test: `rake test`")
    assert "`ruby -Ilib:test test/minitest/test_minitest_mock.rb -n /<test name>/`" in learned["workflow/test-one"]
    assert learned["layout/tests"].startswith("2 test files, named test_*.rb")


def test_an_imports_trailer_is_no_part_of_a_subject_and_changelog_markers_are_named(make_project):
    trailer = ' [git-p4: depot-paths = "//src/minitest/dev/": change = 13137]'
    subjects = [f"{mark} Fixed thing {i}.{trailer}" for i, mark in enumerate("-+!-+-!-+-")]
    body = _conventions(make_project, subjects, "p4")
    assert "median subject length 16 characters" in body, "the trailer would make it 80"
    assert "open with a changelog marker (`- `, `+ `, `! `)" in body


LGPL = """/*
 * Check: a unit test framework for C
 * Copyright (C) 2001, 2002 Arien Malec
 *
 * This library is free software; you can redistribute it and/or
 * modify it under the terms of the GNU Lesser General Public
 * License as published by the Free Software Foundation; either
 * version 2.1 of the License, or (at your option) any later version.
 */
"""


def test_set_38s_causes_lgpl_a_deprecated_option_a_backport_and_a_custom_cfg(make_project):
    cmake = 'project(Check C)\noption(CHECK_ENABLE_TESTS\n  "Deprecated: Enable the tests" ON)\noption(CHECK_ENABLE_GCOV "Turn on coverage" OFF)\nadd_library(check src/check.c)\n'
    files = {f"src/part{n}.c": f"{LGPL}int part{n}(void) {{ return {n}; }}\n" for n in range(8)}
    learned = bodies(make_project, files | {"CMakeLists.txt": cmake, "src/check.c": f"{LGPL}int check(void);\n"})
    assert "starts with the LGPL licence header" in learned["rules/file-headers"]
    assert "CHECK_ENABLE_GCOV" in learned["cpp/build"] and "CHECK_ENABLE_TESTS" not in learned["cpp/build"]
    pyproject = '[project]\nname = "emoji"\ndependencies = ["typing_extensions >= 4.7.0; python_version < \'3.9\'"]\n'
    stack = bodies(make_project, {"pyproject.toml": pyproject, "emoji/__init__.py": "x = 1\n"}, name="emoji")
    assert "typing" not in stack["python/stack"], "a backport for old Pythons is nothing the package is built on"
    cargo = (
        '[package]\nname = "left-right"\nversion = "0.11.0"\n\n[dependencies]\nslab = "0.4"\n\n'
        "[target.'cfg(loom)'.dependencies]\nloom = \"0.7\"\n"
    )
    rust = bodies(make_project, {"Cargo.toml": cargo, "src/lib.rs": "pub fn x() {}\n"}, name="left-right")
    assert "built on slab" in rust["rust/stack"] and "loom" not in rust["rust/stack"]


def test_analyzers_examples_and_tooling_files_are_told_apart(make_project):
    from picasso_tui.profile.commands import command_role

    assert command_role("scan-build ./configure --enable-timer-replacement") is None
    assert command_role("scan-build -o clang make") == "lint"
    files = {"karma.conf.js": "module.exports = () => {};\n", "test.js": "it('x', () => {});\n",
             "test.node.js": "it('y', () => {});\n", "package.json": '{"name": "debug", "main": "./src/index.js"}'}  # fmt: skip
    files |= {f"src/{n}.js": "module.exports = 1;\n" * 20 for n in ("index", "common", "node", "browser")}
    files |= {"checkmk/README": "Written by Micah J Cowan.\n\nTranslates concise test suites into C programs.\n"}
    learned = bodies(make_project, files, name="debug")
    assert learned["layout/source"].startswith("Main source in src/: 4 JavaScript files")
    assert "Written by" not in learned["layout/folders"]


EXAMPLE_CI = """on: [push, pull_request]
jobs:
  example:
    runs-on: ubuntu-latest
    steps:
      - run: cd doc/example && make check
  tests:
    runs-on: ubuntu-latest
    steps:
      - run: make check
"""


def test_ci_building_an_example_against_the_installed_library_is_not_the_projects_test(make_project):
    files = {".github/workflows/ci.yml": EXAMPLE_CI, "Makefile": "check:\n\t./run-tests\n", "run-tests": "#!/bin/sh\n",
             "doc/example/Makefile": "check:\n\t./money\n", "src/check.c": "int c(void) { return 0; }\n"}  # fmt: skip
    assert "doc/example" not in bodies(make_project, files)["workflow/test"]


def test_an_option_guarding_the_test_folder_stays_the_gate_when_ctest_was_included_before(make_project):
    cmake = (
        'project(yaml-cpp CXX)\ninclude(CTest)\noption(YAML_CPP_BUILD_TESTS "Enable testing" OFF)\n'
        "add_library(yaml-cpp src/a.cpp)\nif(YAML_CPP_BUILD_TESTS)\n  add_subdirectory(test)\nendif()\n"
    )
    files = {"CMakeLists.txt": cmake, "src/a.cpp": "int a() { return 1; }\n" * 20}
    files |= {"test/CMakeLists.txt": "add_executable(t t.cpp)\nadd_test(NAME t COMMAND t)\nadd_test(NAME u COMMAND t)\nadd_test(NAME v COMMAND t)\n", "test/t.cpp": "int main() {}\n"}  # fmt: skip
    learned = bodies(make_project, files)
    assert "-DYAML_CPP_BUILD_TESTS=ON" in learned["workflow/test"]


WINDOWS_CI = """on: [push, pull_request]
jobs:
  symlink:
    runs-on: windows-latest
    steps:
      - run: python tasks\\\\deny_symlink.py tox run -e 3.14
      - run: tox run -e 3.14
"""


def test_a_ci_command_with_a_windows_path_is_not_offered(make_project):
    files = {".github/workflows/ci.yml": WINDOWS_CI, "tox.ini": "[tox]\nenvlist = 3.14\n", "src/x/__init__.py": ""}
    assert "deny_symlink" not in bodies(make_project, files)["workflow/test"]


def test_test_star_rb_files_beside_star_test_rb_tests_are_helpers(make_project):
    test = 'require "minitest/autorun"\n\nclass XTest < Minitest::Test\n  def test_x; end\nend\n'
    files = {f"test/multi_xml/parser{n}_test.rb": test for n in range(4)}
    files |= {"test/test_parser_helpers.rb": "module Helpers; end\n", "lib/multi_xml.rb": "module MultiXml; end\n"}
    assert bodies(make_project, files)["layout/tests"].startswith("4 test files, named *_test.*")


def test_an_else_that_only_says_the_tests_are_off_keeps_the_option_the_gate(make_project):
    cmake = (
        'project(fast_float CXX)\noption(FASTFLOAT_TEST "Enable tests" OFF)\nif(FASTFLOAT_TEST)\n  enable_testing()\n'
        '  add_subdirectory(tests)\nelse(FASTFLOAT_TEST)\n  message(STATUS "Tests are disabled.")\nendif(FASTFLOAT_TEST)\n'
    )
    files = {"CMakeLists.txt": cmake, "include/ff.h": "int f();\n" * 30, "tests/CMakeLists.txt": "add_test(a a)\nadd_test(b b)\nadd_test(c c)\n"}  # fmt: skip
    assert "-DFASTFLOAT_TEST=ON" in bodies(make_project, files)["workflow/test"]


def test_ruby_test_case_files_count_and_a_helper_with_test_in_its_name_does_not(make_project):
    case = "require 'test_utils'\n\nclass TCCountry < Minitest::Test\n  def test_get\n  end\nend\n"
    files = {f"test/tc_part{n}.rb": case for n in range(3)} | {"lib/tz.rb": "module TZ; end\n"}
    files |= {"test/test_utils.rb": "module TestUtils\n  def test_encodings(*names)\n  end\nend\n"}
    assert bodies(make_project, files)["layout/tests"].startswith("3 test files, named tc_*.rb")


def test_a_backport_a_maintained_python_still_imports_is_a_runtime_dependency(make_project):
    pyproject = '[project]\nname = "jwt"\ndependencies = ["typing_extensions >= 4.0; python_version < \'3.11\'"]\n'
    stack = bodies(make_project, {"pyproject.toml": pyproject, "jwt/__init__.py": "x = 1\n"}, name="jwt")
    assert "built on typing-extensions" in stack["python/stack"]


def test_set_39s_causes_a_benchmark_file_and_rake_tasks_the_rakefile_lacks(make_project):
    cargo = '[package]\nname = "ahash"\nversion = "0.8.0"\n\n[dev-dependencies]\ncriterion = "0.5"\n'
    bench = "use criterion::*;\nfn bench(c: &mut Criterion) {}\ncriterion_group!(benches, bench);\ncriterion_main!(benches);\n"
    files = {"Cargo.toml": cargo, "src/lib.rs": "pub fn x() {}\n", "tests/bench.rs": bench}
    files |= {"tests/map_tests.rs": "#[test]\nfn works() {}\n"}
    assert "--test map_tests" in bodies(make_project, files, name="ahash")["workflow/test-one"]
    guide = (
        "# Contributing\n\n* Run `bundle exec rake spec`. If your specs pass, go on.\n* Write tests for every change.\n"
    )
    rakefile = 'require "bundler/gem_tasks"\nrequire "rake/testtask"\n\nRake::TestTask.new(:test) do |t|\n  t.pattern = "test/**/*_test.rb"\nend\n\ntask default: :test\n'
    ruby = {"CONTRIBUTING.md": guide, "Rakefile": rakefile, ".rspec": "--color\n", "Gemfile": 'gem "minitest"\n'}
    ruby |= {
        "multi_xml.gemspec": "Gem::Specification.new { |s| s.name = 'multi_xml' }\n",
        "lib/multi_xml.rb": "module MultiXml; end\n",
    }
    ruby |= {"test/parser_test.rb": "class ParserTest < Minitest::Test\n  def test_x; end\nend\n"}
    learned = bodies(make_project, ruby, name="multi_xml")
    assert "rake spec" not in learned["rules/CONTRIBUTING.md"] and "rake spec" not in learned["workflow/test"]
    assert "rspec" not in learned["workflow/test"], "a .rspec with no spec/ and no rspec gem is left over"


def test_a_spec_package_of_the_main_source_set_and_a_ctest_program_are_told_from_tests(make_project):
    java = "package p;\npublic class {} {{ int a; int b; }}\n"
    files = {f"core/src/main/java/p/Main{n}.java": java.format(f"Main{n}") for n in range(5)}
    files |= {f"core/src/main/java/p/spec/Spec{n}.java": java.format(f"Spec{n}") for n in range(4)}
    files |= {"core/src/test/java/p/MainTest.java": java.format("MainTest"), "pom.xml": "<project></project>\n"}
    assert bodies(make_project, files)["layout/source"].startswith("Main source in core/src/main/java/p/: 9 Java files")
    cmake = "project(tinyxml2 CXX)\nadd_library(tinyxml2 tinyxml2.cpp)\nadd_executable(xmltest xmltest.cpp)\nenable_testing()\nadd_test(NAME xmltest COMMAND xmltest)\n"
    cpp = {"CMakeLists.txt": cmake, "tinyxml2.cpp": "int f() { return 1; }\n" * 30, "tinyxml2.h": "int f();\n"}
    source = bodies(make_project, cpp | {"xmltest.cpp": "int main() { return 0; }\n" * 60}, name="xml")["layout/source"]
    assert "xmltest" not in source and "tinyxml2.cpp" in source


def test_flags_of_a_target_make_runs_only_by_name_are_not_the_builds(make_project):
    makefile = (
        "all: xmltest\n\nxmltest: xmltest.cpp lib.o\n\t$(CXX) $(CXXFLAGS) -o xmltest xmltest.cpp lib.o\n\n"
        "effc:\n\tgcc -Werror -Wall -Wextra -Wshadow lib.cpp xmltest.cpp\n\nlib.o: lib.cpp\n\t$(CXX) -c lib.cpp\n"
    )
    files = {"Makefile": makefile, "lib.cpp": "int f() { return 1; }\n" * 20, "xmltest.cpp": "int main() {}\n"}
    assert "-Werror" not in bodies(make_project, files).get("cpp/warnings", "")
