"""Rejections on set 49's run (issue 17, thirty-fifth round): commands that fail on a fresh checkout or never end,
targets that install or release instead of setting up or building, facts that miscount modules or call a tool what
the project is built on, a major release not yet released, and CMake builds that compile nothing."""

from __future__ import annotations

from tests.profile.learned import bodies

CHAI = (
    '{"name": "chai", "type": "module", "main": "./index.js", "scripts": {"build": "esbuild --bundle '
    '--outfile=index.js lib/chai.js", "test": "mocha --require ./test/bootstrap/index.js test/*.js"}, '
    '"devDependencies": {"mocha": "^10", "esbuild": "^0.25"}}'
)
CHAI_FILES = {"package.json": CHAI, ".gitignore": "/index.js\nnode_modules\n", "lib/chai.js": "export {};\n",
              "test/bootstrap/index.js": "import * as chai from '../../index.js';\n",
              "test/assert.js": "import * as chai from '../index.js';\ndescribe('a', () => {});\n",
              "test/expect.js": "import * as chai from '../index.js';\ndescribe('b', () => {});\n"}  # fmt: skip


def test_tests_that_import_the_ignored_bundle_run_after_the_build(make_project):
    learned = bodies(make_project, {**CHAI_FILES, "CONTRIBUTING.md": "# Contributing\n\nRun `npm test`.\n"})
    assert learned["workflow/test"].startswith("To test: `npm test` (run after `npm run build`")
    assert learned["workflow/test-one"].startswith("To run one test: `npm run build && npx mocha")
    assert "main ./index.js (the build script writes it from lib/chai.js; it is not in git)" in learned[
        "javascript/entry-points"]  # fmt: skip


def test_a_guide_line_running_make_without_a_makefile_is_left_out(make_project):
    guide = "# Contributing\n\n- Run `make clean` and then test your code again.\n- Keep pull requests small.\n"
    rules = bodies(make_project, {**CHAI_FILES, "CONTRIBUTING.md": guide})["rules/CONTRIBUTING.md"]
    assert "make clean" not in rules and "Keep pull requests small" in rules


JUSTFILE = (
    "watch +args='lcheck':\n  cargo watch --clear --exec '{{ args }}'\n\ntest: (watch 'ltest --all')\n\n"
    "install:\n  cargo install -f just\n\ndoc:\n  cargo doc --all --open\n\nbuild-book:\n  mdbook build book/en\n"
)


def test_watch_loops_published_installs_and_api_docs_give_way(make_project):
    cargo = '[package]\nname = "just"\nversion = "1.0.0"\n\n[lib]\ndoctest = false\n'
    files = {"justfile": JUSTFILE, "Cargo.toml": cargo, "src/lib.rs": "pub fn a() {}\n",
             "src/main.rs": "fn main() {}\n", "book/en/book.toml": "[book]\ntitle = 'just'\n",
             "book/en/src/SUMMARY.md": "# Summary\n",
             "tests/integration.rs": "#[test]\nfn a() {}\n"}  # fmt: skip
    learned = bodies(make_project, files)
    assert "just test" not in learned["workflow/test"] and "--doc" not in learned["workflow/test"]
    assert "just install" not in learned.get("workflow/install", "")
    assert learned["workflow/docs"].startswith("To build or preview the docs: `just build-book`")
    assert "`mdbook build book/en`" in learned["workflow/docs"]


def test_a_goreleaser_build_target_is_no_build_and_a_subfolder_bench_target_says_so(make_project):
    makefile = (
        "build:\n\tgoreleaser build --clean --snapshot\n\nbench:\n\tcd src && go test -run=Bench -bench=. -benchmem\n"
    )
    bench = 'package src\n\nimport "testing"\n\nfunc BenchmarkA(b *testing.B) {}\n'
    files = {"Makefile": makefile, "go.mod": "module github.com/j/fzf\n\ngo 1.23\n", "main.go": "package main\n",
             "src/a_test.go": bench, "src/algo/b_test.go": bench.replace("package src", "package algo")}  # fmt: skip
    learned = bodies(make_project, files)
    assert "make build" not in learned["workflow/build"]
    assert "`make bench` (Makefile) for those in src/, and all of them with" in learned["go/benchmarks"]


def test_ruby_tooling_is_not_what_the_project_is_built_on_and_old_ruby_only_gems_are_not_bundled(make_project):
    fzf = bodies(make_project, {"Gemfile": "source 'https://rubygems.org'\ngem 'minitest'\ngem 'rubocop'\n"
                                "gem 'rubocop-performance'\n", "test/test_a.rb": "require 'minitest'\n"})  # fmt: skip
    assert "built on" not in fzf["ruby/stack"]
    gemfile = (
        "source 'https://rubygems.org'\ngemspec\ngem 'rspec'\n"
        "gem 'rubocop', '< 0.69.0', platforms: %i[ruby_22 ruby_23 ruby_24]\n"
    )
    files = {"Gemfile": gemfile, "o.gemspec": "Gem::Specification.new { |s| s.name = 'o' }\n",
             ".rubocop.yml": "AllCops:\n  TargetRubyVersion: 2.2\n", "lib/o.rb": "module O; end\n",
             ".yardopts": "--markup-provider maruku\n"}  # fmt: skip
    learned = bodies(make_project, {**files, "Gemfile": gemfile + "gem 'yard'\n"}, name="o")
    assert "workflow/lint" not in learned
    assert "add `gem 'maruku'` to it first" in learned["workflow/docs"]


def test_a_benchmark_folder_and_a_maintained_backport(make_project):
    pyproject = (
        '[project]\nname = "mistune"\nversion = "3.0"\ndependencies = ["typing-extensions; python_version<\'3.11\'"]'
        '\n\n[project.scripts]\nmistune = "mistune.__main__:cli"\n'
    )
    files = {"pyproject.toml": pyproject, "src/mistune/__init__.py": "x = 1\n", "src/mistune/__main__.py": "x = 1\n",
             "benchmark/bench.py": "import time\n", "benchmark/cases/a.txt": "# a\n",
             "benchmark/cases/b.txt": "# b\n", "benchmark/cases/c.txt": "# c\n"}  # fmt: skip
    learned = bodies(make_project, files)
    assert "benchmark/ (benchmarks" in learned["layout/folders"]
    assert "typing-extensions (Python < 3.11 only)" in learned["python/stack"]


POM = (
    "<project><modules><module>core</module><module>groovy</module></modules><profiles><profile><id>kotlin</id>"
    "<modules><module>kotlin</module></modules></profile><profile><id>all</id><modules><module>kotlin</module>"
    "</modules></profile></profiles></project>\n"
)


def test_maven_modules_once_profile_modules_apart_and_a_stale_module_folder_unbuilt(make_project):
    module = "<project><parent><version>4.0</version></parent></project>\n"
    kotlin = "<project><build><plugins><plugin><artifactId>dokka-maven-plugin</artifactId></plugin></plugins></build>"
    files = {"pom.xml": POM, "core/pom.xml": module, "groovy/pom.xml": module, "kotlin/pom.xml": kotlin + "</project>",
             "java8-test/pom.xml": module.replace("4.0", "3.1.7-SNAPSHOT"),
             "core/src/main/java/A.java": "class A {}\n", "core/src/test/java/ATest.java": "class ATest {}\n",
             "java8-test/src/test/java/BTest.java": "class BTest {}\n"}  # fmt: skip
    learned = bodies(make_project, files)
    assert "2 modules: core, groovy, and kotlin only with a Maven profile" in learned["jvm/packaging"]
    assert "Dokka" not in learned["jvm/packaging"]
    assert "java8-test/ (" in learned["layout/folders"] and "not in pom.xml's modules, so not built" in learned[
        "layout/folders"]  # fmt: skip
    assert "java8-test" not in learned["layout/tests"]


def test_a_major_release_with_a_placeholder_date_or_no_tag_is_not_released(make_project):
    changelog = (
        "2.0.0 (20??-??-??)\n------------------\n\n  * Namespace changed from `org\\bovigo\\vfs` to `bovigo\\vfs`, the "
        "old one removed in version 3.\n  * raised minimum required PHP version to 7.2.0\n\n1.6.11 (2022-07-26)\n"
        "-------------------\n\n  * fix a warning on PHP 8.1\n"
    )
    learned = bodies(make_project, {"CHANGELOG.md": changelog, "src/A.php": "<?php\n"})
    assert "history/major-release" not in learned
    dated = bodies(make_project, {"CHANGELOG.md": changelog.replace("20??-??-??", "2026-01-02"),
                                  "src/A.php": "<?php\n"}, name="dated")  # fmt: skip
    assert "The latest major release is 2.0.0" in dated["history/major-release"], "untagged repository: its date says"


def test_cmake_builds_what_an_off_option_hides_and_tests_through_their_ctest_target(make_project):
    root = (
        'project(date)\noption( BUILD_TZ_LIB "build the tz library" OFF )\n'
        'option( ENABLE_DATE_TESTING "Enable unit tests" OFF )\nadd_library( date INTERFACE )\n'
        "if( BUILD_TZ_LIB )\n    add_library( date-tz src/tz.cpp )\nendif( )\n"
        "if( ENABLE_DATE_TESTING )\n    enable_testing( )\n    add_custom_target( testit COMMAND ${CMAKE_CTEST_COMMAND} )\n"
        "    add_executable( a_bin EXCLUDE_FROM_ALL test/a.pass.cpp )\n    add_test( a_test a_bin )\n"
        "    add_dependencies( testit a_bin )\nendif( )\n"
    )
    learned = bodies(
        make_project, {"CMakeLists.txt": root, "src/tz.cpp": "int tz;\n", "test/a.pass.cpp": "int main(){}\n"}
    )
    assert learned["workflow/build"].startswith("To build: `cmake -S . -B build -DBUILD_TZ_LIB=ON && cmake --build")
    assert learned["workflow/test"].startswith(
        "To test: `cmake -S . -B build -DENABLE_DATE_TESTING=ON && cmake --build build --target testit`"
    )
