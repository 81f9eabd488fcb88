"""Causes found on set 48's run (issue 17, thirty-fifth round): a one-test command without the suite's setup, a
Make target running a tool nobody installs, a Rakefile that cannot load, an out-of-source build the test script
cannot use, a one-line fix filed as a decision, a changelog's work-in-progress heading, and a bare pytest collecting
what tox leaves out."""

from __future__ import annotations

from picasso_tui.profile.investigator import investigate
from tests.profile.learned import bodies

PACKAGE = (
    '{"name": "p", "scripts": {"test": "node_modules/.bin/mocha --reporter spec --require test/bootstrap/node '
    'test/*.test.js"}, "devDependencies": {"mocha": "2.x", "chai": "2.x"}}'
)


def test_one_mocha_file_keeps_the_suites_require_when_mocha_runs_from_node_modules(make_project):
    learned = bodies(make_project, {"package.json": PACKAGE, "lib/index.js": "module.exports = {};\n",
                                    "test/bootstrap/node.js": "global.expect = require('chai').expect;\n",
                                    "test/a.test.js": "describe('a', () => {});\n",
                                    "test/b.test.js": "describe('b', () => {});\n"})  # fmt: skip
    assert "--require test/bootstrap/node test/" in learned["workflow/test-one"]


def test_a_make_target_running_an_npm_tool_the_package_lacks_is_not_offered(make_project):
    makefile = "html:\n\tjsdoc -c etc/jsdoc.json -d ./doc lib/*.js\n\nlint:\n\tmocha --check-leaks\n"
    learned = bodies(make_project, {"Makefile": makefile, "package.json": PACKAGE, "lib/index.js": "x;\n",
                                    "test/a.test.js": "describe('a', () => {});\n"})  # fmt: skip
    assert "make html" not in learned.get("workflow/docs", "")
    assert "`make lint`" in learned["workflow/lint"], "mocha is declared: its target stays"


def test_no_rake_task_is_offered_when_the_rakefile_requires_a_gem_the_bundle_lacks(make_project):
    rakefile = "require 'rdoc/task'\nrequire 'sdoc'\nrequire 'rspec/core/rake_task'\n\nRSpec::Core::RakeTask.new\n" \
               "task :default => :spec\n"  # fmt: skip
    files = {"Rakefile": rakefile, "Gemfile": "source 'https://rubygems.org'\ngemspec\ngem 'rspec'\n",
             "p.gemspec": "Gem::Specification.new { |s| s.name = 'p' }\n", "lib/p.rb": "module P; end\n",
             "spec/p_spec.rb": "describe P do\nend\n"}  # fmt: skip
    learned = bodies(make_project, files, name="p")
    assert "rake" not in learned["workflow/test"] and learned["workflow/test"].startswith("To test: `bundle exec rspec")
    with_sdoc = bodies(make_project, {**files, "Gemfile": files["Gemfile"] + "gem 'sdoc'\n"}, name="q")
    assert with_sdoc["workflow/test"].startswith("To test: `bundle exec rake`"), "with sdoc bundled, the task loads"


CI_IN_SOURCE = (
    "name: b\non: [push, pull_request]\njobs:\n  linux:\n    runs-on: ubuntu-latest\n    steps:\n"
    "      - run: CFLAGS='-Werror' cmake -DCMAKE_BUILD_TYPE=Debug -G 'Unix Makefiles' .\n"
    "      - run: make VERBOSE=1\n      - run: python3 ./scripts/run-tests.py\n"
)


def test_a_project_ci_builds_in_its_source_tree_is_built_there(make_project):
    files = {"CMakeLists.txt": "project(m C)\nadd_executable(m src/m.c)\n", "src/m.c": "int main(void){return 0;}\n",
             ".github/workflows/b.yml": CI_IN_SOURCE, "scripts/run-tests.py": "print('ok')\n"}  # fmt: skip
    learned = bodies(make_project, files)
    assert learned["workflow/build"].startswith("To build: `cmake . && cmake --build .`")
    ci_out = CI_IN_SOURCE.replace("-G 'Unix Makefiles' .", "-B build").replace("make VERBOSE=1", "cmake --build build")
    elsewhere = bodies(make_project, {**files, ".github/workflows/b.yml": ci_out}, name="other")
    assert "`cmake . && cmake --build .`" not in elsewhere["workflow/build"]


def _decisions_after(make_project, name: str, before: str, after: str) -> list[str]:
    repo = make_project({"src/m.c": before}, name=name)
    repo.write({"src/m.c": after})
    repo.commit("Replace ISANYOF_ with direct comparison to avoid an uncoverable branch\n\n"
                "Use an explicit check instead of ISANYOF_ because it adds a branch no input takes.")  # fmt: skip
    _, findings, _ = investigate(repo.root)
    return [f.key for f in findings if f.key.startswith("decision/")]


def test_a_changelogs_next_version_heading_is_where_changes_go(make_project):
    changelog = (
        "# Change Log\n\n\n## Next Version (Work in Progress)\n\nNew Features:\n\n * Add highlight span extension "
        "with the flag `MD_FLAG_HIGHLIGHT`.\n\n\n## Version 0.5.3\n\nFixes:\n\n * Fix a crash on a long link label "
        "in the parser.\n\n\n## Version 0.5.2\n\nFixes:\n\n * Fix a leak when the renderer stops early.\n"
    )
    learned = bodies(make_project, {"CHANGELOG.md": changelog, "src/m.c": "int m;\n"})
    assert "upcoming release's heading (Next Version (Work in Progress))" in learned["rules/changelog"]
    assert "0.5.3" not in learned["rules/changelog"]


def test_pytest_runs_the_folders_tox_hands_it_when_a_bare_run_would_collect_more(make_project):
    files = {"tox.ini": "[tox]\nenvlist = py312\n\n[testenv]\ndeps = pytest\ncommands = pytest cerberus/tests\n",
             "pytest.ini": "[pytest]\naddopts = -rf\n", "setup.py": "from setuptools import setup\nsetup()\n",
             "cerberus/__init__.py": "", "cerberus/tests/test_a.py": "def test_a():\n    pass\n",
             "cerberus/benchmarks/test_speed.py": "def test_speed(benchmark):\n    pass\n"}  # fmt: skip
    learned = bodies(make_project, files)
    assert "`pytest cerberus/tests`" in learned["workflow/test"] and "`pytest` (" not in learned["workflow/test"]
    posargs = {
        **files,
        "tox.ini": files["tox.ini"].replace("cerberus/tests", "--cov cerberus {posargs:cerberus/tests}"),
    }
    assert "`pytest cerberus/tests`" in bodies(make_project, posargs, name="posargs")["workflow/test"]
    alone = {k: v for k, v in files.items() if "benchmarks" not in k}
    assert "`pytest` (" in bodies(make_project, alone, name="alone")["workflow/test"], "nothing more to collect"


def test_a_header_only_root_with_a_tests_project_is_built_from_the_tests(make_project):
    root = (
        "project(tsl-robin-map VERSION 1.4.1 LANGUAGES CXX)\nadd_library(robin_map INTERFACE)\n"
        "add_library(tsl::robin_map ALIAS robin_map)\ntarget_include_directories(robin_map INTERFACE include)\n"
    )
    tests = "project(tsl_robin_map_tests)\nadd_executable(tsl_robin_map_tests main.cpp)\nadd_subdirectory(../ tsl)\n"
    files = {"CMakeLists.txt": root, "tests/CMakeLists.txt": tests, "tests/main.cpp": "int main() { return 0; }\n",
             "include/tsl/robin_map.h": "#pragma once\n"}  # fmt: skip
    learned = bodies(make_project, files)
    assert learned["workflow/build"].startswith("To build: `cmake -S tests -B build && cmake --build build -j`")
    compiled = bodies(make_project, {**files, "CMakeLists.txt": root + "add_executable(tool src/tool.cpp)\n"}, "c")
    assert compiled["workflow/build"].startswith("To build: `cmake -S . -B build"), "a root that builds is the build"
