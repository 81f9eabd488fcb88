"""Causes found on set 68's run (issue 17, thirty-ninth round): a guide that disowns a runner, one unittest module,
CI's virtualenv and a path into another checkout, a test folder that is a CMake project of its own, a package check
workflow, warnings that fail MSVC's build only, mocha given a folder and a docs Makefile with its own target name."""

from __future__ import annotations

from tests.profile.learned import bodies

TORNADO_GUIDE = """\
# Contributing

* The fastest way to run the tests is to bypass `tox` and run `python3 -m tornado.test`.
  To run a single module, use `python3 -m tornado.test.httputil_test`.
* Tornado does not use `pytest`. Some effort has been made to make the tests work with
  the `pytest` runner, but this is not maintained.
"""
TORNADO_DOCS_MAKEFILE = ".PHONY: all\nall: sphinx\n\nsphinx:\n\tsphinx-build -W -b html . build/html\n"


def test_a_disowned_runner_one_unittest_module_and_a_docs_makefile_target(make_project):
    files = {"CONTRIBUTING.md": TORNADO_GUIDE, "setup.py": "from setuptools import setup\nsetup(name='tornado')\n",
             "tox.ini": "[tox]\nenvlist = py3\n", "tornado/__init__.py": "", "tornado/web.py": "class A:\n    pass\n",
             "tornado/test/__init__.py": "", "tornado/test/httputil_test.py": "import unittest\n",
             "docs/conf.py": "project = 'Tornado'\n", "docs/Makefile": TORNADO_DOCS_MAKEFILE}  # fmt: skip
    learned = bodies(make_project, files, name="tornado")
    assert "pytest" not in learned["workflow/test"]
    assert learned["workflow/test-one"].startswith("To run one test: `python3 -m tornado.test.httputil_test`")
    assert "`make -C docs`" in learned["workflow/docs"] and "make -C docs html" not in learned["workflow/docs"]


ZLIB_CI = """\
on: [push, pull_request]
jobs:
  cmake:
    runs-on: ubuntu-latest
    steps:
      - uses: actions/checkout@v4
      - run: |
          git clone --depth=1 https://github.com/llvm/llvm-project --single-branch --branch llvmorg-16.0.6
          cmake --build llvm-project/build -j3 -- cxx cxxabi
      - run: python3 -u -m venv ../build/venv
"""
ZLIB_PIGZ = """\
on: [push, pull_request]
jobs:
  pigz:
    runs-on: ubuntu-latest
    steps:
      - uses: actions/checkout@v4
      - run: ctest --verbose -C Release
        working-directory: test/pigz
"""
ZLIB_CMAKE = "project(zlib-ng C)\nif(MSVC)\n  add_compile_options(/W3 /WX)\nelse()\n  add_compile_options(-Wall)\nendif()\nenable_testing()\nadd_test(NAME example COMMAND example)\n"


def test_another_checkouts_build_a_venv_a_separate_cmake_project_and_msvc_only_errors(make_project):
    files = {"CMakeLists.txt": ZLIB_CMAKE, "zlib.c": "int a;\n", ".github/workflows/cmake.yml": ZLIB_CI,
             ".github/workflows/pigz.yml": ZLIB_PIGZ, ".github/workflows/pkgcheck.yml": ZLIB_PIGZ.replace(
                 "ctest --verbose -C Release\n        working-directory: test/pigz", "sh test/pkgcheck.sh"),
             "test/pigz/CMakeLists.txt": "project(pigz C)\n", "test/pkgcheck.sh": "#!/bin/sh\n"}  # fmt: skip
    learned = bodies(make_project, files, name="zlib-ng")
    everything = "\n".join(body for key, body in learned.items() if key.startswith("workflow/"))
    assert "venv" not in everything and "llvm-project" not in everything and "test/pigz" not in everything
    assert "pkgcheck" not in learned["workflow/test"]
    assert "Warnings are errors" not in learned["cpp/warnings"] and "only MSVC" in learned["cpp/warnings"]


def test_mocha_given_a_folder_runs_its_files(make_project):
    scripts = '{"test": "node test/compress.js && mocha test/mocha"}'
    files = {"package.json": f'{{"name": "terser", "scripts": {scripts}, "devDependencies": {{"mocha": "^10"}}}}',
             "test/compress.js": "require('./compress/run')\n", "lib/minify.js": "module.exports = {}\n",
             "test/mocha/minify.js": "describe('minify', () => { it('works', () => {}) })\n"}  # fmt: skip
    learned = bodies(make_project, files, name="terser")
    assert learned["workflow/test-one"].startswith("To run one test: `npx mocha test/mocha/minify.js")


PLUGIN_BUILD = """\
plugins {
    `java-gradle-plugin`
}

val integrationTestSourceSet = sourceSets.create("integrationTest")

val integrationTest = tasks.register("integrationTest", Test::class) {
    testClassesDirs = integrationTestSourceSet.output.classesDirs
}
"""


def test_a_module_whose_tests_are_its_own_test_task(make_project):
    test = "package a;\n\nimport org.junit.jupiter.api.Test;\n\nclass {name} {{\n    @Test\n    void a() {{}}\n}}\n"
    files = {"settings.gradle.kts": 'rootProject.name = "gmpp"\ninclude("plugin")\n', "gradlew": "#!/bin/sh\n",
             "build.gradle.kts": "plugins {\n    java\n}\n", "plugin/build.gradle.kts": PLUGIN_BUILD,
             "plugin/src/main/kotlin/a/Plugin.kt": "package a\n\nclass Plugin\n",
             "plugin/src/test/kotlin/a/ChecksumTest.kt": test.format(name="ChecksumTest"),
             **{f"plugin/src/integrationTest/kotlin/a/P{i}Test.kt": test.format(name=f"P{i}Test") for i in range(3)}}  # fmt: skip
    learned = bodies(make_project, files, name="gmpp")
    assert learned["workflow/test"].startswith("To test: `./gradlew test integrationTest`")
    assert learned["workflow/test-one"].startswith("To run one test: `./gradlew :plugin:integrationTest --tests")
