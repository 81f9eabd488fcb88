"""Causes found on set 49's run (issue 17, thirty-fifth round): a type-check script named `lint:types`, a README's
underlined Contributing section and its note that no pull requests are taken, JavaScript whose tsconfig only checks
JSDoc types, a Rakefile's benchmark namespace, PHP test libraries, and a C++ standard that is only a default."""

from __future__ import annotations

from tests.profile.learned import bodies

CHAI = (
    '{"name": "chai", "type": "module", "scripts": {"test": "mocha test/*.js", "lint:types": "tsc"}, '
    '"devDependencies": {"mocha": "^10", "typescript": "^5"}}'
)


def test_a_lint_types_script_is_the_type_check(make_project):
    learned = bodies(make_project, {"package.json": CHAI, "lib/chai.js": "export {};\n", "test/a.js": "it('a');\n"})
    assert learned["workflow/typecheck"].startswith("To type-check: `npm run lint:types`")


def test_javascript_whose_tsconfig_only_checks_it_is_no_typescript_project(make_project):
    tsconfig = '{"compilerOptions": {"checkJs": true, "noEmit": true, "strict": true}, "include": ["lib/**/*.js"]}'
    files = {"package.json": CHAI, "tsconfig.json": tsconfig, "lib/chai.js": "export {};\n",
             "test/a.js": "it('a');\n", "test/deno/deno-test.ts": "import {} from './a.js';\n"}  # fmt: skip
    packaging = bodies(make_project, files)["javascript/packaging"]
    assert packaging.startswith("JavaScript project:") and "JSDoc types checked by tsc" in packaging
    typed = {**files, "lib/extra.ts": "export const x = 1;\n"}
    assert "TypeScript (tsconfig.json)" in bodies(make_project, typed, name="typed")["javascript/packaging"]


def test_a_readme_that_takes_no_pull_requests_says_so_first(make_project):
    readme = (
        "just\n====\n\nA command runner.\n\nContributing\n------------\n\n> [!NOTE]\n> `just` is not currently "
        "accepting pull requests. The contributing section is\n> retained for posterity.\n\n`just` welcomes your "
        "contributions! All new features must be covered by unit or integration tests.\n\nFrequently Asked "
        "Questions\n--------------------------\n\nWhat are the idiosyncrasies of make that just avoids? Many.\n"
    )
    rules = bodies(make_project, {"README.md": readme, "src/main.rs": "fn main() {}\n"})["rules/README.md"]
    assert rules.split("\n")[2] == "- just is not currently accepting pull requests."
    assert "covered by unit or integration tests" in rules and "idiosyncrasies" not in rules


def test_a_rakefiles_benchmark_namespace_names_its_tasks(make_project):
    rakefile = (
        "task :default => :spec\n\nnamespace :perf do\n  task :setup do\n    require 'rack'\n  end\n\n"
        "  task :ips => :setup do\n    Benchmark.ips { |x| x.report('a') { } }\n  end\n\n"
        "  task :mem => :setup do\n    MemoryProfiler.report { }.pretty_print\n  end\nend\n"
    )
    files = {"Rakefile": rakefile, "Gemfile": "source 'https://rubygems.org'\ngemspec\n", "lib/o.rb": "module O; end\n"}
    fact = bodies(make_project, files)["ruby/benchmarks"]
    assert "`bundle exec rake perf:ips`" in fact and "`bundle exec rake perf:mem`" in fact and "perf:setup" not in fact


def test_php_test_libraries_beside_phpunit_are_named(make_project):
    composer = (
        '{"name": "bovigo/vfs", "require": {"php": "^8.0"}, "require-dev": {"phpunit/phpunit": "^9.5", '
        '"bovigo/assert": "^6.2", "bovigo/callmap": "^6.2", "mockery/mockery": "^1.6"}}'
    )
    stack = bodies(make_project, {"composer.json": composer, "src/A.php": "<?php\n"})["php/stack"]
    assert "Test tools: PHPUnit 9, Mockery, bovigo/assert, bovigo/callmap" in stack


def test_a_cached_cxx_standard_is_a_default_not_a_floor(make_project):
    root = 'project(date)\nset(CMAKE_CXX_STANDARD 17 CACHE STRING "The C++ standard.")\nadd_library(date INTERFACE)\n'
    learned = bodies(make_project, {"CMakeLists.txt": root, "src/tz.cpp": "int tz;\n"})
    assert "C++17 by default (CMAKE_CXX_STANDARD, a cache variable)" in learned["cpp/build"]
    fixed = bodies(make_project, {"CMakeLists.txt": root.replace(' CACHE STRING "The C++ standard."', ""),
                                  "src/tz.cpp": "int tz;\n"}, name="fixed")  # fmt: skip
    assert "C++17;" in fixed["cpp/build"]


def test_an_old_breaking_changelog_entry_with_its_reason_is_the_decision_when_nothing_newer_is(make_project):
    releases = "".join(
        f"Changelog 1.{n}.0 (2020-01-{n + 1:02d})\n--------------------------\n* Improved polling {n}.\n\n"
        for n in range(9, 5, -1)
    )
    old = (
        "Changelog 1.5.0 (2014-01-27)\n--------------------------\n* Non backward-compatible change: Awaitility now "
        "throws ConditionTimeoutException instead of TimeoutException. The reason is that ConditionTimeoutException "
        "is a runtime exception and the latter couldn't be caught.\n"
    )
    learned = bodies(make_project, {"changelog.txt": releases + old, "src/main/java/A.java": "class A {}\n"})
    decision = next(v for k, v in learned.items() if k.startswith("decision/changelog/"))
    assert decision.startswith("Changelog changelog.txt (1.5.0 (2014-01-27)): Non backward-compatible change")
    quiet = bodies(make_project, {"changelog.txt": releases + old.replace("Non backward-compatible change: ", ""),
                                  "src/main/java/A.java": "class A {}\n"}, name="quiet")  # fmt: skip
    assert not any(k.startswith("decision/") for k in quiet), "an old entry that broke nothing stays unread"
