"""Causes found on set 62's run (issue 17, thirty-eighth round): a CI `patch` taken for the build, one GoogleTest
program picked by ctest, a CMake target that runs Doxygen, Surefire's filter where junit-platform-maven-plugin runs the
tests, and Composer's `bin-dir`."""

from __future__ import annotations

from tests.profile.learned import bodies

URIPARSER_CMAKE = """\
project(uriparser C CXX)
option(URIPARSER_BUILD_DOCS "Build API documentation (requires Doxygen)" ON)
option(URIPARSER_BUILD_TESTS "Build test suite (requires GTest >=1.8.0)" OFF)
add_library(uriparser src/UriParse.c)
if(URIPARSER_BUILD_TESTS)
    enable_testing()
    find_package(GTest 1.8.0 REQUIRED)
    add_executable(testrunner
        test/test.cpp
    )
    target_link_libraries(testrunner PUBLIC GTest::gtest)
    add_test(
        NAME
            test
        COMMAND
            testrunner
    )
endif()
if(URIPARSER_BUILD_DOCS)
    find_package(Doxygen REQUIRED)
    add_custom_target(doc
        ALL
        COMMAND
            ${DOXYGEN_EXECUTABLE}
            Doxyfile
    )
endif()
"""


def test_a_ci_patch_is_no_build_one_gtest_program_takes_a_filter_and_a_doxygen_target_builds_the_docs(make_project):
    ci = ("on: [push]\njobs:\n  windows:\n    runs-on: windows-latest\n    steps:\n      - uses: actions/checkout@v4\n"
          "      - name: Build GoogleTest\n        run: patch -p 1 < build.patch\n")  # fmt: skip
    files = {"CMakeLists.txt": URIPARSER_CMAKE, "src/UriParse.c": "int p;\n" * 40, "include/uriparser/Uri.h": "int u;\n",
             "test/test.cpp": "#include <gtest/gtest.h>\nTEST(UriSuite, TestA) {}\n", "build.patch": "--- a\n",
             ".github/workflows/windows.yml": ci}  # fmt: skip
    learned = bodies(make_project, files, name="uriparser")
    assert "patch" not in learned["workflow/build"]
    assert learned["workflow/test-one"].startswith(
        "To run one test: `build/testrunner --gtest_filter='<Suite>.<Test>'`"
    )
    assert learned["workflow/docs"].startswith("To build or preview the docs: `cmake --build build --target doc`")


def test_junit_platform_maven_plugin_takes_no_surefire_filter(make_project):
    plugin = (
        "<build><plugins><plugin><groupId>de.sormuras.junit</groupId>"
        "<artifactId>junit-platform-maven-plugin</artifactId><extensions>true</extensions></plugin></plugins></build>"
    )
    pom = ("<project><modelVersion>4.0.0</modelVersion><groupId>com.github.oshi</groupId><artifactId>oshi-parent"
           f"</artifactId><packaging>pom</packaging><modules><module>oshi-core</module></modules>{plugin}</project>")  # fmt: skip
    test = (
        "package oshi;\n\nimport org.junit.jupiter.api.Test;\n\nclass SystemInfoTest {\n    @Test\n    void a() {}\n}\n"
    )
    files = {"pom.xml": pom, "mvnw": "#!/bin/sh\n",
             "oshi-core/pom.xml": "<project><artifactId>oshi-core</artifactId></project>",
             "oshi-core/src/main/java/oshi/SystemInfo.java": "package oshi;\n\npublic class SystemInfo {}\n",
             "oshi-core/src/test/java/oshi/SystemInfoTest.java": test}  # fmt: skip
    learned = bodies(make_project, files, name="oshi")
    assert "-Dtest=" not in learned["workflow/test-one"]
    assert learned["workflow/test-one"].startswith("To run one test: `./mvnw -pl oshi-core -am test`")


def test_composer_bin_dir_moves_the_tools(make_project):
    composer = ('{"name": "zircote/swagger-php", "require-dev": {"phpunit/phpunit": "^11"}, '
                '"config": {"bin-dir": "bin"}, "autoload": {"psr-4": {"OpenApi\\\\": "src"}}}')  # fmt: skip
    files = {"composer.json": composer, "phpunit.xml.dist": "<phpunit><testsuites/></phpunit>",
             "src/Generator.php": "<?php\nnamespace OpenApi;\nclass Generator {}\n",
             "tests/GeneratorTest.php": "<?php\nclass GeneratorTest extends TestCase {}\n"}  # fmt: skip
    learned = bodies(make_project, files, name="swagger-php")
    assert "vendor/bin" not in learned["workflow/test"] and "vendor/bin" not in learned["workflow/test-one"]
    assert "`bin/phpunit" in learned["workflow/test-one"]


def test_a_setup_py_project_is_no_uv_project_ruff_format_unrun_and_a_helper_in_cpp_no_c_project(make_project):
    ci = ("on: [push]\njobs:\n  benchmark:\n    runs-on: ubuntu-latest\n    steps:\n      - uses: actions/checkout@v4\n"
          "      - uses: astral-sh/setup-uv@v7\n      - run: uv run pytest --codspeed tests/benchmarks\n")  # fmt: skip
    hooks = "repos:\n  - repo: https://github.com/astral-sh/ruff-pre-commit\n    rev: v0.14.0\n    hooks:\n" \
            "      - id: ruff-check\n"  # fmt: skip
    files = {"setup.py": "from setuptools import setup\nsetup(name='babel')\n",
             "pyproject.toml": "[tool.ruff]\nline-length = 95\n\n[tool.ruff.format]\nquote-style = 'preserve'\n",
             ".pre-commit-config.yaml": hooks, ".github/workflows/ci.yml": ci, "Makefile": "test:\n\tpytest\n",
             "babel/__init__.py": "x = 1\n" * 50, "tests/test_core.py": "def test_a():\n    pass\n",
             "misc/icu4c-tools/icu4c-tools.cpp": "int main() { return 0; }\n"}  # fmt: skip
    learned = bodies(make_project, files, name="babel")
    assert "uv" not in learned.get("workflow/install", "") and "uv run" not in learned.get("workflow/test", "")
    assert "uv" not in learned["python/packaging"]
    assert "workflow/format" not in learned
    assert "cpp/build" not in learned


def test_brace_globs_helpers_feature_gated_tests_and_the_docs_sites_install(make_project):
    package = ('{"name": "sinon", "scripts": {"test": "npm run test-node", "test-node": "mocha --recursive -R dot '
               '\\"test/{src,issues}/**/*-test.js\\""}, "devDependencies": {"mocha": "^11"}}')  # fmt: skip
    guide = "# Contributing\n\n## Docs\n\nTo work on the docs site, install its dependencies:\n\n```bash\n" \
            "cd docs && npm install\n```\n"  # fmt: skip
    files = {"package.json": package, "package-lock.json": "{}", "CONTRIBUTING.md": guide,
             "src/sinon.js": "export default {}\n" * 30, "test/test-helper.js": "export const h = 1\n",
             "test/src/spy-test.js": "import '../../src/sinon.js'\ndescribe('spy', () => { it('a', () => {}) })\n",
             "test/issues/issues-test.js": "describe('b', () => { it('b', () => {}) })\n",
             "docs/package.json": '{"name": "docs"}'}  # fmt: skip
    learned = bodies(make_project, files, name="sinon")
    assert learned["layout/tests"].startswith("2 test files: `test/{src,issues}/**/*-test.js`")
    assert "test-helper" not in learned["workflow/test-one"]
    assert learned["workflow/install"].startswith("To install: `npm install`")
    gated = '#[cfg(all(not(windows), feature = "termion"))]\n#[test]\nfn a() {}\n'
    files = {"Cargo.toml": '[workspace]\nmembers = ["ratatui"]\n',
             "ratatui/Cargo.toml": '[package]\nname = "ratatui"\nversion = "0.30.0"\n',
             "ratatui/src/lib.rs": "pub fn a() {}\n", "ratatui/tests/backend_termion.rs": gated,
             "ratatui/tests/stylize.rs": "#[test]\nfn b() {}\n"}  # fmt: skip
    learned = bodies(make_project, files, name="ratatui")
    assert "backend_termion" not in learned["workflow/test-one"] and "--test stylize" in learned["workflow/test-one"]


def test_a_frontends_bun_test_fixture_gemspecs_and_cis_make_in_a_cmake_build_folder(make_project):
    guide = ("# Contributing\n\nRun the suite:\n\n    $ bundle exec rake\n\nThe frontend suite uses `bun test`.\n\n"
             "```bash\ncd html_frontend && bun test test/format.test.ts\n```\n")  # fmt: skip
    files = {"Gemfile": 'source "https://rubygems.org"\ngemspec\ngem "rspec"\n', ".rspec": "--require helper\n",
             "simplecov.gemspec": 'Gem::Specification.new { |s| s.name = "simplecov" }\n',
             "lib/simplecov.rb": "module SimpleCov\nend\n", "spec/simplecov_spec.rb": "describe SimpleCov do\nend\n",
             "Rakefile": "task default: [:spec]\n", "docs/Contributing.md": guide,
             "html_frontend/package.json": '{"name": "frontend"}', "html_frontend/test/format.test.ts": "test()\n",
             "test_projects/monorepo/base/base.gemspec": 'Gem::Specification.new { |s| s.name = "base" }\n'}  # fmt: skip
    learned = bodies(make_project, files, name="simplecov")
    assert "bun test" not in learned["workflow/test"].split(" Also: ")[0]
    assert learned["workflow/test-one"].startswith("To run one test: `bundle exec rspec")
    assert "gems in one repository" not in learned["ruby/packaging"]
    ci = ("on: [push]\njobs:\n  build_and_test:\n    runs-on: ubuntu-latest\n    steps:\n      - uses: actions/checkout@v4\n"
          "      - run: cmake -DURIPARSER_BUILD_TESTS=ON .\n      - run: make VERBOSE=1 test ARGS=--verbose\n")  # fmt: skip
    files = {"CMakeLists.txt": URIPARSER_CMAKE, "src/UriParse.c": "int p;\n" * 40, "include/uriparser/Uri.h": "int u;\n",
             "test/test.cpp": "#include <gtest/gtest.h>\nTEST(UriSuite, TestA) {}\n", ".github/workflows/ci.yml": ci}  # fmt: skip
    learned = bodies(make_project, files, name="uriparser")
    assert learned["workflow/test"].startswith("To test: `cmake -S . -B . -DURIPARSER_BUILD_TESTS=ON")
