"""Causes found in the fiftieth round by reading the misses and judgements of sets 221–224, after their measured
run: a Deno project's deno.json(c) tasks read as nothing (oak, typebox), so the profile gave only CI's commands and no
way to run one test; a CI step run by `cmake -P` read as shell lines (cppinsights); a golden-file suite counted by
its names (cppinsights); a changelog opening with `# Unreleased` read as generated (tiny); a Makefile variable of
several words (go-httpbin's gofumpt); a vendored `fmt-11.2.0/` read as the project's folder and docs, CI copying
artifacts read as the build, and -Werror for probes or Debug builds read as the rule (openal-soft, rtaudio). Set 225's
run found a hang: the `'use strict'` check backtracked without end on ua-parser-js' banner of slashes."""

from __future__ import annotations

import subprocess
import sys

from tests.profile.learned import bodies, workflow

OAK_DENO_JSON = """{
  "name": "@oak/oak",
  "version": "17.2.0",
  "lock": false,
  "fmt": { "exclude": ["README.md"] },
  "lint": { "rules": { "exclude": ["no-explicit-any"] } },
  "tasks": {
    "example": "deno run --allow-net examples/echoServer.ts",
    "test": "deno test --allow-read --allow-net --parallel --ignore=npm",
    "test:coverage": "deno test --coverage=./cov --junit-path=junit.xml --allow-read --allow-net"
  }
}
"""


def _oak() -> dict[str, str]:
    return {
        "deno.json": OAK_DENO_JSON,
        "application.ts": "export class Application {}\n",
        "application.test.ts": 'Deno.test("app", () => {});\n',
        "router.ts": "export class Router {}\n",
        "router.test.ts": 'Deno.test("router", () => {});\n',
        "examples/echoServer.ts": "import { Application } from '../mod.ts';\n",
    }


def test_deno_tasks_are_the_commands_and_one_test_keeps_the_permissions(make_project):
    learned = bodies(make_project, _oak(), "oak")
    assert learned["workflow/test"].startswith("To test: `deno task test`")
    one = learned["workflow/test-one"]
    assert one.startswith("To run one test: `deno test --allow-read --allow-net application.test.ts`"), one
    assert "--parallel" not in one and "--ignore" not in one
    assert learned["workflow/run"].startswith("To run: `deno task example`")
    assert learned["workflow/lint"].startswith("To lint: `deno lint`")
    assert learned["workflow/format"].startswith("To format: `deno fmt`")
    packaging = learned["deno/packaging"]
    assert "`@oak/oak` 17.2.0" in packaging and "no install step" in packaging and "no lock file" in packaging


TYPEBOX_DENO_JSONC = """{
  // every task goes through tasks.ts
  "tasks": {
    "bench": "deno run -A tasks.ts bench",     // Benchmarks
    "format": "deno run -A tasks.ts format",   // Formats Code
    "lint": "deno run -A tasks.ts lint",       // Lints Code
    "publish": "deno run -A tasks.ts publish", // Publish Package
    "start": "deno run -A tasks.ts start",     // Run Example
    "test": "deno run -A tasks.ts test",       // Test Project
  },
}
"""


def test_a_deno_jsonc_with_comments_gives_its_tasks_by_name(make_project):
    files = {"deno.jsonc": TYPEBOX_DENO_JSONC, "deno.lock": "{}\n", "tasks.ts": "export {}\n",
             "src/index.ts": "export const a = 1\n", "test/index.ts": "import './a.ts'\n"}  # fmt: skip
    learned = bodies(make_project, files, "typebox")
    assert learned["workflow/test"].startswith("To test: `deno task test`")
    assert learned["workflow/lint"].startswith("To lint: `deno task lint`")
    assert learned["workflow/format"].startswith("To format: `deno task format`")
    assert learned["workflow/run"].startswith("To run: `deno task start`")
    assert "deno task publish" not in "".join(v for k, v in learned.items() if k.startswith("workflow/"))
    assert "deno task bench" in learned["deno/benchmarks"]
    assert "deno.lock pins them" in learned["deno/packaging"]
    assert "workflow/install" not in learned  # nothing to install: Deno fetches the imports


def test_a_deno_json_beside_a_package_json_leaves_the_commands_to_node(make_project):
    files = {"package.json": '{"name": "h", "scripts": {"test": "vitest"}, "devDependencies": {"vitest": "1"}}',
             "deno.json": '{"tasks": {"test": "deno test -A"}}', "src/index.ts": "export const a = 1\n",
             "src/index.test.ts": "import { test } from 'vitest'\ntest('a', () => {})\n"}  # fmt: skip
    learned = bodies(make_project, files, "hono")
    assert "deno/packaging" not in learned
    assert "deno task" not in learned["workflow/test"]


CMAKE_SCRIPT_CI = workflow(
    "cmake -S . -B build && cmake --build build",
    "- name: Run coverage\n  shell: cmake -P {0}\n  run: |\n    execute_process(\n"
    "      COMMAND cmake --build build --target coverage\n      RESULT_VARIABLE result\n    )",
)


def test_a_cmake_script_step_gives_no_shell_commands(make_project):
    files = {"CMakeLists.txt": "cmake_minimum_required(VERSION 3.16)\nproject(ins CXX)\nadd_executable(ins main.cpp)\n",
             "main.cpp": "int main() { return 0; }\n", ".github/workflows/ci.yml": CMAKE_SCRIPT_CI}  # fmt: skip
    learned = bodies(make_project, files, "cppinsights")
    assert "COMMAND" not in learned["ci"] and "--target coverage" not in learned["ci"]
    assert all("COMMAND" not in body for key, body in learned.items() if key.startswith("workflow/"))


def test_inputs_checked_against_expected_output_are_the_suite(make_project):
    files = {"CMakeLists.txt": "project(ins CXX)\nadd_executable(ins main.cpp)\n", "main.cpp": "int main() {}\n"}
    for i in range(24):  # a third named like tests, all of them input and expected output
        name = f"Case{i}Test" if i % 3 == 0 else f"Issue{i}"
        files[f"tests/{name}.cpp"] = "int f() { return 1; }\n"
        files[f"tests/{name}.expect"] = "int f() { return 1; }\n"
    said = bodies(make_project, files, "cppinsights")["layout/tests"]
    assert said.startswith("The tests live in tests/: 24 .cpp inputs, each checked against the expected output"), said


def test_a_changelog_opening_with_unreleased_is_written_by_hand(make_project):
    entries = "".join(f"- Fix the key binding number {i} in the config file. ({i:07x})\n" for i in range(1, 16))
    files = {"Cargo.toml": '[package]\nname = "tiny"\nversion = "0.1.0"\n', "src/main.rs": "fn main() {}\n",
             "CHANGELOG.md": f"# Unreleased\n\n{entries}\n# 2024/01/01: 0.12.0\n\n{entries}"}  # fmt: skip
    said = bodies(make_project, files, "tiny")["rules/changelog"]
    assert "do not edit" not in said and "Unreleased" in said


def test_a_make_variable_of_several_words_names_the_formatter(make_project):
    makefile = "GOFUMPT     := go run mvdan.cc/gofumpt@v0.9.2\n\nfmt:\n\t$(GOFUMPT) -w .\n.PHONY: fmt\n"
    files = {"go.mod": "module example.com/hb\n\ngo 1.22\n", "main.go": "package main\n\nfunc main() {}\n",
             "Makefile": makefile}  # fmt: skip
    assert "gofumpt formatting" in bodies(make_project, files, "go-httpbin")["style/go"]


def test_a_vendored_release_folder_is_named_as_such_and_builds_no_docs(make_project):
    files = {"CMakeLists.txt": "project(al C CXX)\nadd_library(al core/a.cpp)\n", "core/a.cpp": "int a;\n",
             "core/b.cpp": "int b;\n", "fmt-11.2.0/README.md": "If you like this project, please consider donating.\n",
             "fmt-11.2.0/src/format.cc": "int f;\n", "fmt-11.2.0/support/mkdocs.yml": "site_name: fmt\n",
             "fmt-11.2.0/support/mkdocs": "#!/bin/sh\n"}  # fmt: skip
    learned = bodies(make_project, files, "openal-soft")
    assert "fmt-11.2.0/ (a vendored copy of another project" in learned["layout/folders"]
    assert "donating" not in learned["layout/folders"] and "MkDocs" not in learned["layout/folders"]
    assert "workflow/docs" not in learned


COPY_CI = workflow(
    "cmake -S . -B build",
    "cmake --build build --config Release",
    '- run: |\n    copy "build/Release/makemhr.exe" "Artifacts/makemhr.exe"',
    job="Win64",
    runs_on="windows-latest",
)


def test_copying_what_ci_built_is_no_build_and_strictness_for_debug_or_probes_is_no_rule(make_project):
    cmake = (
        'project(al C CXX)\noption(ALSOFT_WERROR "Treat warnings as errors" OFF)\n'
        "add_compile_options(-Wall -Wextra)\nlist(APPEND CMAKE_REQUIRED_FLAGS -Wattributes -Werror)\n"
        'if (CMAKE_BUILD_TYPE STREQUAL "Debug")\n  set(CMAKE_CXX_FLAGS "${CMAKE_CXX_FLAGS} -Werror")\nendif ()\n'
        "add_library(al a.cpp)\n"
    )
    files = {"CMakeLists.txt": cmake, "a.cpp": "int a;\n", ".github/workflows/utils.yml": COPY_CI}
    learned = bodies(make_project, files, "openal-soft")
    assert "copy" not in learned["workflow/build"]
    assert learned["cpp/warnings"].startswith("Compiler warnings: the project compiles with -Wall -Wextra;")


def test_a_banner_of_slashes_does_not_hang_the_profile(make_project):
    banner = "/" * 81 + "\n/* UAParser.js v2.0.9\n   MIT License */\n"
    files = {"package.json": '{"name": "ua", "version": "2.0.9"}'}
    files.update({f"src/part{i}.js": f"{banner}var part{i} = {i};\nmodule.exports = part{i};\n" for i in range(6)})
    root = make_project(files, "ua-parser-js").root
    probe = f"from pathlib import Path; from picasso_tui.profile.investigator import investigate; investigate(Path({str(root)!r}))"
    # in a child process: a regular expression that backtracks without end cannot be interrupted in this one
    done = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stderr


def test_a_malformed_deno_manifest_skips_no_step(make_project):
    from picasso_tui.profile.investigator import investigate

    files = {"deno.json": '{"tasks": ["test"], "workspace": "packages"}', "mod.ts": "export const a = 1\n"}
    _, findings, warnings = investigate(make_project(files, "odd-deno").root)
    assert warnings == [] and any(f.key == "deno/packaging" for f in findings)
