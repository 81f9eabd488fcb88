"""Round sixteen of general fixes (issue 17), from the causes of the fifteenth held-out set: a guide's build folder
keeps the configure step its later commands need, tests registered in a CMake loop are not counted from the literal
targets, a typed npm package with a `bin` is a library, typings do not make a folder TypeScript, one test file runs
as the test script runs the suite, tox 4's `env_list` and ranges, and Go commands outside cmd/."""

from __future__ import annotations

from picasso_tui.profile.ecosystems.tox_config import expand_envlist
from picasso_tui.profile.guide_blocks import block_commands, chain_configure
from tests.profile.learned import bodies

CLONE_BESIDE = """\
# json-c

## Building

```sh
$ git clone https://github.com/json-c/json-c.git
$ mkdir json-c-build
$ cd json-c-build
$ cmake ../json-c   # See CMake section below for custom arguments
```

Then:

```sh
$ make
$ make test
```

## Testing

```sh
mkdir build-test
cd build-test
VALGRIND=1 cmake ..
make
make test
```
"""


def test_a_build_folder_keeps_the_configure_step_its_later_commands_need():
    pairs = [command for command, _ in chain_configure(block_commands(CLONE_BESIDE, False))]
    # the guide clones and builds beside the checkout: from the checkout that folder is ../json-c-build
    assert pairs[0] == "mkdir -p ../json-c-build && cd ../json-c-build && cmake ../json-c && make"
    assert pairs[1] == "mkdir -p ../json-c-build && cd ../json-c-build && cmake ../json-c && make && make test"
    # a second build folder is made from the checkout, and `VALGRIND=1 cmake ..` configures it
    assert "mkdir -p build-test && cd build-test && VALGRIND=1 cmake .. && make && make test" in pairs
    assert not any(p.endswith("cd json-c-build && make test") for p in pairs)


def test_a_clone_then_cd_into_it_builds_inside_the_checkout():
    readme = "```\ngit clone https://github.com/gabime/spdlog.git\ncd spdlog && mkdir build && cd build\ncmake .. && make -j\n```\n"
    assert [c for c, _ in chain_configure(block_commands(readme, False))] == [
        "mkdir -p build && cd build && cmake .. && make -j"
    ]


LOOPED_CMAKE = {
    "CMakeLists.txt": "cmake_minimum_required(VERSION 3.9)\nproject(jsonx C)\nadd_library(jsonx json.c)\n"
    "enable_testing()\nadd_subdirectory(tests)\n",
    "json.c": "int x;\n",
    "tests/CMakeLists.txt": "add_executable(test1Formatted test1.c parse_flags.c)\n"
    "set(ALL_TEST_NAMES\n    test1\n    test2\n    test_parse)\n"
    "foreach(TESTNAME ${ALL_TEST_NAMES})\nadd_executable(${TESTNAME} ${TESTNAME}.c)\n"
    "add_test(NAME ${TESTNAME} COMMAND ${PROJECT_SOURCE_DIR}/tests/${TESTNAME}.test)\nendforeach(TESTNAME)\n",
    "tests/test1.c": "int main(void) { return 0; }\n",
    "tests/parse_flags.c": "int f;\n",
}


def test_tests_registered_in_a_cmake_loop_are_not_counted_from_the_literal_targets(make_project):
    learned = bodies(make_project, LOOPED_CMAKE, name="jsonx")
    assert "tests built from tests/" in learned["cpp/build"]
    assert "1 test or benchmark target" not in learned["cpp/build"]
    # one test is a ctest entry, not the helper program the one literal target builds
    assert "ctest --test-dir build -R" in learned["workflow/test-one"]
    assert "test1Formatted" not in learned["workflow/test-one"]


DOTENV = {
    "package.json": '{"name": "envload", "main": "dist/index.cjs", "bin": {"envload": "./dist/index.cjs"},\n'
    ' "types": "dist/index.d.ts", "exports": {".": "./dist/index.cjs", "./config": "./dist/config.cjs"},\n'
    ' "scripts": {"build": "node scripts/build.js",\n'
    '  "test": "npm run build && tap run tests/**/*.js --disable-coverage --timeout=60000"},\n'
    ' "devDependencies": {"tap": "^19.0.0"}}\n',
    "lib/main.js": "module.exports = { config () { return 1 } }\n" * 20,
    "lib/main.d.ts": "export function config(): number\n" * 10,
    "index.js": "module.exports = require('./lib/main')\n",
    "scripts/build.js": "require('esbuild')\n",
    "tests/test-config-import.js": "const t = require('tap')\nrequire('child_process')\n// import 'envload/config'\n",
    "tests/test-parse.js": "const t = require('tap')\nconst envload = require('../lib/main')\n",
}


def test_a_typed_package_with_a_bin_is_a_library_and_its_typings_are_not_its_language(make_project):
    learned = bodies(make_project, DOTENV, name="envload")
    assert "a library (npm package) with a command-line tool `envload`" in learned["javascript/stack"]
    assert "lib/ (library code, mostly JavaScript" in learned["layout/folders"]


def test_one_test_file_runs_as_the_test_script_runs_the_suite(make_project):
    learned = bodies(make_project, DOTENV, name="envload")
    one = learned["workflow/test-one"]
    # the script's own subcommand and flags, a file that loads the code by a relative path, the build it needs
    assert "`npx tap run tests/test-parse.js --disable-coverage --timeout=60000`" in one
    assert "after `npm run build`" in one


def test_tox4_env_list_and_ranges_name_the_environments(make_project):
    assert expand_envlist("py{310-312}t, lint") == ["py310t", "py311t", "py312t", "lint"]
    tox = "[tox]\nenv_list =\n    docs\n    lint\n    py{310-313}\n\n[testenv]\ncommands = pytest\n\n[testenv:docs]\n"
    learned = bodies(make_project, {"tox.ini": tox, "pyproject.toml": '[project]\nname = "hum"\n',
                                    "src/hum/__init__.py": "", "tests/test_a.py": "def test_a(): pass\n"})  # fmt: skip
    assert "`tox` (environments: docs, lint, py310, py311, py312, py313)" in learned["workflow/test"]
    assert "tox -e docs" not in learned["workflow/test"]


def test_a_go_command_beside_the_library_is_named_and_a_deprecated_one_is_not(make_project):
    files = {
        "go.mod": "module example.com/xxh\n\ngo 1.21\n",
        "xxh.go": "package xxh\n\nfunc Sum() int { return 1 }\n",
        "xxh_test.go": "package xxh\n",
        "xxhsum/xxhsum.go": "package main\n\nfunc main() {}\n",
        "oldcli/main.go": "package main\n\n// Deprecated, please use xxhsum\nfunc main() {}\n",
        "dynamic/plugin.go": "//go:build ignore\n\npackage main\n",
        "tools/gen/main.go": "package main\n",
    }
    learned = bodies(make_project, files, name="xxh")
    assert "a library with commands in xxhsum/" in learned["go/stack"]
    assert "no package main" not in learned["go/stack"]
    assert "oldcli" not in learned["go/stack"] and "dynamic" not in learned["go/stack"]
