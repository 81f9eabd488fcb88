"""Round twenty-one of general fixes (issue 17), from the causes of the twentieth held-out set: a build kept in a
top-level folder, a Maven default goal that deploys, issue numbers in brackets, Go's dependencies and benchmarks, a
library in one file, a crate rustfmt never formatted, feature-gated tests and optional integrations, CMake's warning
flags and test programs, and a guide's steps with their indented commands."""

from __future__ import annotations

from picasso_tui.profile.history import investigate as history
from tests.profile.learned import bodies

POM = (
    "<project><artifactId>jool</artifactId><build><defaultGoal>deploy</defaultGoal><plugins><plugin>"
    "<configuration><release>11</release></configuration></plugin></plugins></build>"
    "<dependencies><dependency><artifactId>junit</artifactId><scope>test</scope></dependency></dependencies></project>\n"
)


def test_a_build_in_a_top_level_folder_is_run_from_it_and_a_deploying_default_goal_is_no_build(make_project):
    files = {
        "README.md": "# jOOL\n\nLambdas.\n",
        "jOOL/pom.xml": POM,
        "jOOL/src/main/java/org/jooq/lambda/Seq.java": "class Seq {}\n" * 20,
        "jOOL/src/test/java/org/jooq/lambda/SeqTest.java": "import org.junit.Test;\nclass SeqTest { @Test void a() {} }\n",
        "jOOL-java-8/pom.xml": POM.replace("11", "8"),
        "jOOL-java-8/src/main/java/org/jooq/lambda/Seq.java": "class Seq {}\n" * 20,
        ".travis.yml": "language: java\nscript:\n  - sh -c 'cd jOOL && mvn test'\n",
    }
    learned = bodies(make_project, files, name="jOOL")
    assert learned["workflow/test-one"].startswith(
        "To run one test: `cd jOOL && mvn test -Dtest=SeqTest` — from jOOL/pom.xml"
    )
    assert learned["workflow/build"].startswith("To build: `cd jOOL && mvn -q package`")  # not the bare `mvn` (deploy)
    assert learned["workflow/test"].startswith("To test: `cd jOOL && mvn test` — from CI (.travis.yml")
    packaging = learned["jvm/packaging"]
    assert "compiles for Java 11" in packaging and "a bare `mvn` runs the default goal: deploy" in packaging
    assert "It lives in jOOL/ (the repository root has no build of its own; jOOL-java-8/ has one too)" in packaging


def test_a_root_build_keeps_the_root_as_the_project(make_project):
    files = {"pom.xml": POM.replace("deploy", "install"), "src/main/java/a/A.java": "class A {}\n",
             "src/test/java/a/ATest.java": "class ATest {}\n",
             "tools/pom.xml": POM, "tools/src/main/java/t/T.java": "class T {}\n"}  # fmt: skip
    learned = bodies(make_project, files, name="tools")
    assert learned["workflow/test-one"].startswith("To run one test: `mvn test -Dtest=<Class>` — from pom.xml")
    assert learned["workflow/test"].startswith("To test: `mvn` (default goal: install) — from pom.xml <defaultGoal>")
    assert "It lives in" not in learned["jvm/packaging"]


def test_issue_numbers_in_brackets_are_not_a_component_prefix(make_project):
    repo = make_project({"a.txt": "0\n"}, message="[#1] Start")
    for i, subject in enumerate(["[#397] Wrong result for regr", "[#221] Add medianAll", "Release 0.9.15",
                                 "[#12] Fix Seq.zip", "[core] Tidy imports"]):  # fmt: skip
        repo.write({"a.txt": f"{i}\n"}).commit(subject)
    body = history(repo.root).findings[0].body
    assert "67% lead with the issue number in brackets ([#12])" in body  # the newest one shows the form
    assert "[component]" not in body


def test_go_dependencies_are_downloaded_and_benchmarks_are_run_apart(make_project):
    test = (
        'package gjson\n\nimport "testing"\n\nfunc TestGet(t *testing.T) {}\n\nfunc BenchmarkValid(b *testing.B) {}\n'
    )
    files = {
        "go.mod": "module github.com/tidwall/gjson\n\ngo 1.23\n\nrequire github.com/tidwall/match v1.1.1\n",
        "gjson.go": 'package gjson\n\nimport _ "github.com/tidwall/match"\n\nfunc Get() {}\n' * 5,
        "gjson_test.go": test + "\nfunc BenchmarkValidBytes(b *testing.B) {}\n",
        ".github/workflows/go.yml": "on: [push]\njobs:\n  build:\n    steps:\n      - run: go test -v .\n",
    }
    learned = bodies(make_project, files, name="gjson")
    assert learned["workflow/install"].startswith("To install: `go mod download` — from go.mod")
    assert learned["go/benchmarks"] == (
        "Go benchmarks: 2 Benchmark functions in gjson_test.go; run them with `go test -run '^$' -bench .` "
        "(`-run '^$'` leaves the tests out)."
    )
    assert (
        learned["layout/source"] == "Main source: the project's own Go code is all in gjson.go at the repository root."
    )
    assert "layout/folders" not in learned  # only .github/ beside the package: nothing to say of folders
    stdlib = bodies(make_project, {**files, "go.mod": "module example.com/x\n\ngo 1.23\n", "gjson.go": "package x\n"},
                    name="x")  # fmt: skip
    assert "workflow/install" not in stdlib  # nothing to download


def test_a_single_file_library_names_its_file_leaves_the_benchmark_out_and_runs_a_real_spec(make_project):
    files = {
        "package.json": '{"name": "p2r", "scripts": {"test": "ts-scripts test"}, "devDependencies": {"vitest": "^3"}}\n',
        "src/index.ts": "export function parse() {}\n" * 30,
        "src/index.bench.ts": "bench('parse', () => {})\n" * 10,
        "src/cases.spec.ts": "export const CASES = [];\n",
        "src/index.spec.ts": "it('parses', () => {})\n",
    }
    learned = bodies(make_project, files, name="p2r")
    assert learned["layout/source"] == (
        "Main source: the project's own TypeScript code is all in src/index.ts. Its tests sit beside the code they test."
    )
    assert learned["workflow/test-one"].startswith("To run one test: `npm exec vitest run src/index.spec.ts`")
    gem = {"i18n.gemspec": "Gem::Specification.new { |s| s.name = 'i18n' }\n", "lib/i18n.rb": "module I18n; end\n",
           **{f"lib/i18n/{n}.rb": "module I18n; end\n" * 20 for n in ("backend", "config", "locale")}}  # fmt: skip
    # lib/i18n/ is code, not one file and data: its modules are named, not lib/i18n.rb alone
    assert "largest modules backend.rb, config.rb, locale.rb" in bodies(make_project, gem, name="i18n")["layout/source"]


FORMATTED = 'use std::fmt;\n\n#[cfg(feature = "std")]\nimpl Foo {\n    fn a() {}\n}\n'
UNFORMATTED = '#[cfg(feature="std")]\nuse std::path::Path;\n\nimpl<const CAP: usize> ArrayString<CAP>\n{\n}\n'


def _crate(source: str) -> dict[str, str]:
    manifest = (
        '[package]\nname = "arrayvec"\nversion = "0.7.6"\n\n[dependencies]\n'
        'serde = { version = "1.0", optional = true, default-features = false }\n'
        'zeroize = { version = "1.4", optional = true }\n'
    )
    return {
        "Cargo.toml": manifest,
        "src/lib.rs": "pub mod m0;\n",
        **{f"src/m{i}.rs": source for i in range(5)},
        "tests/borsh.rs": '#![cfg(feature = "borsh")]\n\n#[test]\nfn borsh() {}\n',
        "tests/a_windows.rs": "#![cfg(windows)]\n\n#[test]\nfn bindings() {}\n",
        "tests/tests.rs": '#![cfg(not(target_arch = "wasm32"))]\n\n#[test]\nfn simple() {}\n',
    }


def test_a_crate_rustfmt_never_formatted_gets_no_cargo_fmt(make_project):
    learned = bodies(make_project, _crate(UNFORMATTED), name="arrayvec")
    assert "workflow/format" not in learned and "style/rust" not in learned
    formatted = bodies(make_project, _crate(FORMATTED), name="tidy")
    assert formatted["workflow/format"].startswith("To format: `cargo fmt`")
    assert formatted["style/rust"] == "Rust style in this project: rustfmt defaults (cargo fmt)."
    configured = bodies(make_project, {**_crate(UNFORMATTED), "rustfmt.toml": "max_width = 80\n"}, name="configured")
    assert configured["workflow/format"].startswith("To format: `cargo fmt`")  # the config says it is kept


def test_a_feature_gated_test_is_not_one_test_and_optional_integrations_are_not_the_base(make_project):
    learned = bodies(make_project, _crate(FORMATTED), name="arrayvec")
    assert learned["workflow/test-one"].startswith("To run one test: `cargo test --test tests`")
    assert learned["rust/stack"] == (
        "Rust stack (Cargo.toml): a library; no required runtime dependencies (optional: serde, zeroize)."
    )


def test_cmake_warning_flags_and_test_programs_with_their_own_header(make_project):
    tests_cmake = (
        "if (MSVC)\n  add_compile_options(/W4)\nelse()\n  add_compile_options(-Wall -Wextra -Wconversion)\nendif()\n"
        "add_executable(negative negative.cpp)\nadd_executable(cpp11 test_cpp11.cpp)\n"
        "add_executable(apitests apitests.cpp)\nadd_test(negative negative)\n"
    )
    program = '#include "ftest.h"\n#include "utf8.h"\nTEST(A, b) {}\n'
    files = {
        "CMakeLists.txt": "cmake_minimum_required(VERSION 3.14)\nproject(utf8cpp)\nadd_subdirectory(tests)\n",
        "source/utf8.h": "#pragma once\n",
        "tests/CMakeLists.txt": tests_cmake,
        **{f"tests/{n}.cpp": program for n in ("negative", "test_cpp11", "apitests")},
        "tests/ftest.h": "#define TEST(a, b) void a##b()\n",
    }
    learned = bodies(make_project, files, name="utfcpp")
    assert learned["cpp/warnings"] == (
        "Compiler warnings: the tests compile with -Wall -Wextra -Wconversion (/W4 with MSVC); new code should "
        "compile clean under them."
    )
    assert learned["layout/tests"] == (
        "3 test programs built by tests/CMakeLists.txt from negative.cpp, test_cpp11.cpp, apitests.cpp; they live in "
        "tests/; they share the project's own test header tests/ftest.h (no external test framework)."
    )
    relaxed = {**files, "tests/CMakeLists.txt": tests_cmake.replace("-Wall -Wextra -Wconversion", "-Wno-error")}
    assert bodies(make_project, relaxed, name="relaxed")["cpp/warnings"] == (
        "Compiler warnings: the tests compile with /W4 with MSVC; new code should compile clean under them."
    )  # no -Wno-…
    gtest = {
        **files,
        **{f"tests/{n}.cpp": "#include <gtest/gtest.h>\n" for n in ("negative", "test_cpp11", "apitests")},
    }
    assert bodies(make_project, gtest, name="gtest")["layout/tests"].endswith("; they live in tests/.")


GUIDE = """Contributing
============

Running tests
-------------

To run tests on Python 2 and 3, and ensure full coverage, but exclude building of docs:

    $ tox -e py2-cover,py3-cover,coverage

Contributing documentation
--------------------------

1.  Add a git remote "upstream" for the cloned fork.

         git remote add upstream git@github.com:Pylons/waitress.git

2.  Make a branch, make changes to the docs, and rebuild them as indicated in step 5.

3.  Run the tests before you push your branch.

         tox -e py
"""


def test_a_guides_steps_keep_their_indented_commands_and_lose_their_pointers(make_project):
    files = {
        "pyproject.toml": '[project]\nname = "waitress"\n',
        "tox.ini": "[tox]\nenvlist = lint, py39, coverage\n\n[testenv:coverage]\ncommands = coverage\n\n"
        "[testenv:build]\ncommands = python -m build .\n",
        "src/waitress/server.py": "x = 1\n",
        "contributing.md": GUIDE,
    }
    learned = bodies(make_project, files, name="waitress")
    assert learned["workflow/build"].startswith("To build: `tox -e build` — from tox.ini env `build`")
    rules = learned["rules/contributing.md"]
    assert rules == (
        "Contributor guide contributing.md:\nContributing documentation:\n"
        "- Run the tests before you push your branch: `tox -e py`"
    )  # py2-cover is no environment of tox.ini, "as indicated in step 5" points at nothing here, and adding a
    # remote for the fork is one of the steps to a pull request: onboarding, no rule


GUIDE_OUT_OF_CONTEXT = """# Contributing

1. Check the Reference RFCs, they are in the References directory, so no excuses.
2. Add a spec for your change.

## Coding conventions

We follow these rules:

> * **Rule 2. Measure.** Don't tune for speed until you've measured.

## Backward compatibility

Given a version number `<major>.<minor>.<patch>` Vavr

* may affect **source** compatibility in **patch** releases. For example this may be the case when generic type bounds of method signatures need to be fixed, which happens rarely but does happen.
* retains **binary** backwards compatibility within the same **minor** version, so a jar is a drop-in replacement.

## Run the tests

However, since CI does not run on forks, you should run them locally.

1. Run `go test ./... -bench=.` and save the output.
2. Run `go test ....` again, and save the output to another file.

## Maintainers-only

- Merge pull requests with a squash commit.
"""


def test_a_guides_lines_out_of_their_context_are_left_out_and_quoted_rules_kept(make_project):
    files = {"Gemfile": "source 'https://rubygems.org'\n", "lib/mail.rb": "module Mail; end\n",
             "CONTRIBUTING.md": GUIDE_OUT_OF_CONTEXT}  # fmt: skip
    assert bodies(make_project, files, name="mail")["rules/CONTRIBUTING.md"] == (
        "Contributor guide CONTRIBUTING.md:\nContributing:\n- Add a spec for your change.\nCoding conventions:\n"
        "- Rule 2. Measure. Don't tune for speed until you've measured.\nRun the tests:\n"
        "- Run `go test ./... -bench=.` and save the output."
    )  # no References/ here; the unfinished "Given … Vavr" and its bullets, "However, …", "… again" and the
    # maintainers' own section go


def test_a_cpp_module_is_source_and_a_docs_tool_is_not_the_install(make_project):
    files = {"CMakeLists.txt": "project(argparse)\n", "include/argparse/argparse.hpp": "#pragma once\n" * 50,
             "src/example.cpp": "int main() {}\n" * 20,
             "module/argparse.cppm": "export module argparse;\n" * 5}  # fmt: skip
    assert bodies(make_project, files, name="argparse")["layout/source"] == (
        "Main source: the project's own C++ code is all in include/argparse/argparse.hpp and module/argparse.cppm."
    )
    guide = "# Contributing\n\nInstall the docs tool with `make ensure-mkdocs`.\n"
    go = {"go.mod": "module example.com/cli\n\ngo 1.22\n\nrequire github.com/stretchr/testify v1.9.0\n",
          "cli.go": "package cli\n", "Makefile": "ensure-mkdocs:\n\tpip install mkdocs\n", "CONTRIBUTING.md": guide}  # fmt: skip
    install = bodies(make_project, go, name="cli")["workflow/install"]
    assert install.startswith("To install: `go mod download` — from go.mod. Also: `make ensure-mkdocs`")


def test_benchmarks_in_several_packages_run_together_and_another_modules_are_left_out(make_project):
    bench = 'package {p}\n\nimport "testing"\n\nfunc BenchmarkA(b *testing.B) {{}}\n'
    files = {"go.mod": "module example.com/zap\n\ngo 1.22\n", "zap.go": "package zap\n",
             "logger_bench_test.go": bench.format(p="zap"), "zapcore/core_test.go": bench.format(p="zapcore"),
             "bench/go.mod": "module example.com/zap/bench\n", "bench/x_test.go": bench.format(p="bench")}  # fmt: skip
    learned = bodies(make_project, files, name="zap")
    assert learned["go/benchmarks"] == (
        "Go benchmarks: 2 Benchmark functions in logger_bench_test.go, zapcore/core_test.go; run them with "
        "`go test -run '^$' -bench . ./...` (`-run '^$'` leaves the tests out)."
    )
    with_target = bodies(make_project, {**files, "Makefile": "bench:\n\tgo test -bench . ./...\n"}, name="zap2")
    assert with_target["go/benchmarks"].endswith("run them with `make bench` (Makefile).")


def test_flags_that_are_no_warnings_and_a_tools_own_flags_are_left_out(make_project):
    files = {
        "CMakeLists.txt": "project(json)\nadd_subdirectory(tests)\nadd_subdirectory(tools/misc)\n",
        "tests/CMakeLists.txt": "add_compile_options(-Weffc++ -Wa,-mbig-obj)\n",
        "tools/misc/CMakeLists.txt": "add_compile_options(/W4 /WX)\n",
        "src/json.cpp": "int x;\n",
    }
    assert bodies(make_project, files, name="json")["cpp/warnings"] == (
        "Compiler warnings: the tests compile with -Weffc++; new code should compile clean under them."
    )


def test_test_harness_crates_and_a_retired_cli_are_not_the_project(make_project):
    files = {
        "Cargo.toml": '[package]\nname = "indexmap"\n\n[workspace]\nmembers = ["test-nostd"]\n\n[dependencies]\n'
        'hashbrown = "0.15"\n',
        "src/lib.rs": "pub fn f() {}\n",
        "test-nostd/Cargo.toml": '[package]\nname = "test-nostd"\npublish = false\n',
        "test-nostd/src/lib.rs": "#![cfg(test)]\n",
    }
    assert bodies(make_project, files, name="indexmap")["rust/stack"].startswith("Rust stack (Cargo.toml): a library;")
    cli = (
        'import warnings\n\nwarnings.warn(\n    (\n        "The js CLI is deprecated and will be removed. "\n'
        '        "Use check-js instead."\n    ),\n    DeprecationWarning,\n)\n\n\ndef main():\n    pass\n'
    )
    python = {"pyproject.toml": '[project]\nname = "js"\n\n[project.scripts]\njs = "js.cli:main"\n',
              "js/__init__.py": "", "js/cli.py": cli, "js/validators.py": "x = 1\n"}  # fmt: skip
    learned = bodies(make_project, python, name="js")
    assert learned["python/entry-points"] == (
        "Python entry points: `js` -> js.cli:main (deprecated: The js CLI is deprecated and will be removed.)."
    )
    assert "workflow/run" not in learned


def test_warnings_as_errors_are_a_rule_for_new_code(make_project):
    """argparse's tests build with -Werror and magic_enum's with a variable of flags; pugixml's developer Makefile
    has them when its CMake build sets none."""
    tests = "set(TEST_COMPILE_OPTIONS -Wall -Wshadow -Werror)\nadd_executable(t t.cpp)\n"
    files = {"CMakeLists.txt": "project(me)\nadd_subdirectory(test)\n", "test/CMakeLists.txt": tests,
             "test/t.cpp": "int main() {}\n", "include/me.hpp": "int f();\n"}  # fmt: skip
    assert bodies(make_project, files, name="me")["cpp/warnings"] == (
        "Warnings are errors here: the tests compile with -Wall -Wshadow -Werror, so new code must compile without "
        "warnings."
    )
    pugi = {
        "CMakeLists.txt": "project(pugixml)\nadd_library(pugixml src/pugixml.cpp)\n",
        "src/pugixml.cpp": "int x;\n",
        "Makefile": "CXXFLAGS=-g -Wall -Wextra -Werror -pedantic\n\nall:\n\t$(CXX) $(CXXFLAGS) -c src/pugixml.cpp\n",
    }
    assert bodies(make_project, pugi, name="pugixml")["cpp/warnings"].startswith(
        "Warnings are errors here: the Makefile compiles with -Wall -Wextra -pedantic -Werror"
    )
    # Unity: a C project's Clang list holds C++-only warnings and, past the eighth flag, -Werror
    many = " ".join(f"-W{w}" for w in ("cast-align", "cast-qual", "conversion", "old-style-cast", "global-constructors",
                                       "missing-prototypes", "shadow", "format", "init-self", "undef", "error"))  # fmt: skip
    unity = {"CMakeLists.txt": f"project(unity C)\nadd_library(unity src/unity.c)\ntarget_compile_options(unity PRIVATE {many})\n",
             "src/unity.c": "int x;\n", "src/unity.h": "int y;\n"}  # fmt: skip
    said = bodies(make_project, unity, name="unity")["cpp/warnings"]
    assert said.startswith("Warnings are errors here: the project compiles with -Wcast-align") and "-Werror," in said
    assert "old-style-cast" not in said and "global-constructors" not in said


def test_a_clang_tidy_config_names_its_checks_and_how_the_project_runs_them(make_project):
    """spdlog: SPDLOG_TIDY sets CMAKE_CXX_CLANG_TIDY; argparse has only the .clang-tidy, run by hand."""
    tidy = "Checks:\n  -*,\n  clang-analyzer-*,\n  readability-*,\n  -readability-magic-numbers\n"
    cmake = 'project(spd)\noption(SPD_TIDY "run clang-tidy" OFF)\nif(SPD_TIDY)\n  set(CMAKE_CXX_CLANG_TIDY "clang-tidy")\nendif()\n'
    files = {".clang-tidy": tidy, "CMakeLists.txt": cmake, "src/a.cpp": "int x;\n"}
    assert bodies(make_project, files, name="spd")["cpp/clang-tidy"] == (
        "clang-tidy checks the code with .clang-tidy (enabled: clang-analyzer-*, readability-*; 1 check turned off): "
        "configure with `-DSPD_TIDY=ON` and the build runs it on every file it compiles."
    )
    # argparse's workflows run it; Catch2's `Checks: >-` block holds `# comments` between its commas
    tidy = "Checks: >-\n  clang-analyzer-*,\n  ,# This is ridiculous, as it triggers on constants,\n  -bugprone-x,\n"
    ci = "on: [push]\njobs:\n  tidy:\n    steps:\n      - run: clang-tidy -p build src/a.cpp\n"
    by_ci = {".clang-tidy": tidy, "CMakeLists.txt": "project(ap)\n", "src/a.cpp": "int x;\n",
             ".github/workflows/tidy.yml": ci}  # fmt: skip
    assert bodies(make_project, by_ci, name="ap")["cpp/clang-tidy"] == (
        "clang-tidy checks the code with .clang-tidy (enabled: clang-analyzer-*; 1 check turned off): "
        ".github/workflows/tidy.yml runs it."
    )
