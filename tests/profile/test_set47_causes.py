"""Causes found on set 47's run (issue 17, thirty-fourth round): commands that are no commands or not their role,
CI lines that rewrite files, one package's tests leading the suite, warnings let through, a pronoun taken for the
project, a private manifest's entry points, and guide sentences that point at what was not kept."""

from __future__ import annotations

from picasso_tui.profile.commands import command_role
from tests.profile.learned import bodies


def test_roles_a_guide_or_ci_would_misgive():
    assert command_role("clang-tidy-18 -p build-tidy src/test/app/nb.cpp") == "lint"
    assert command_role("jekyll serve --watch") == "docs"
    assert command_role("cmake -S src/test/cmake_consumer -B build-sub && cmake --build build-sub") is None
    assert command_role("cmake -S . -B build && cmake --build build -j") == "build"


def test_a_config_file_a_dangling_option_and_a_package_link_are_no_commands(make_project):
    guide = (
        "# Contributing\n\n## Formatting\n\nImport `build/eclipse-formatter-config.xml` into your IDE.\n\n"
        "## Setup\n\nInstall with `pip install -r` into a venv.\n\n## Testing\n\nTo test your changes in another "
        "project, run `pnpm link`.\n"
    )
    learned = bodies(make_project, {"CONTRIBUTING.md": guide, "package.json": '{"name": "z", "scripts": '
                                    '{"test": "vitest run"}, "devDependencies": {"vitest": "^3"}}',
                                    "pnpm-lock.yaml": "lockfileVersion: '9.0'\n", "src/index.ts": "export {};\n"})  # fmt: skip
    assert "eclipse-formatter-config.xml" not in learned.get("workflow/format", "")
    assert "pip install -r`" not in learned.get("workflow/install", "")
    assert "pnpm link" not in learned["workflow/test"]


def test_a_ci_line_that_rewrites_tests_in_place_is_set_up(make_project):
    ci = (
        "name: t\non: [push, pull_request]\njobs:\n  t:\n    runs-on: ubuntu-latest\n    steps:\n"
        "      - run: sed -i~ \"s/it('\\\\[DEV-ONLY\\\\]/it('/\" tests/*.tsx\n      - run: pnpm test\n"
    )
    learned = bodies(make_project, {".github/workflows/t.yml": ci, "package.json": '{"name": "z", "scripts": '
                                    '{"test": "vitest run"}, "devDependencies": {"vitest": "^3"}}',
                                    "pnpm-lock.yaml": "lockfileVersion: '9.0'\n", "src/index.ts": "export {};\n",
                                    "tests/basic.test.tsx": "it('a', () => {});\n"})  # fmt: skip
    assert "sed" not in learned["workflow/test"] and "sed" not in learned.get("workflow/test-one", "")


def test_the_whole_go_suite_leads_one_packages_ci_line(make_project):
    ci = (
        "name: b\non: [push, pull_request]\njobs:\n  build:\n    runs-on: ubuntu-latest\n    steps:\n"
        "      - run: go test -race -count=1 ./queue\n      - run: go test -race -count=1 ./server\n"
    )
    learned = bodies(make_project, {".github/workflows/b.yml": ci, "go.mod": "module github.com/a/b\n\ngo 1.22\n",
                                    "b.go": "package b\n", "queue/q.go": "package queue\n",
                                    "queue/q_test.go": "package queue\n", "server/s.go": "package server\n"})  # fmt: skip
    assert learned["workflow/test"].startswith("To test: `go test ./...`")


def test_warnings_let_through_after_error_are_named(make_project):
    tox = "[pytest]\nfilterwarnings =\n    error\n    default::DeprecationWarning\n\n[testenv]\ncommands = pytest\n"
    learned = bodies(make_project, {"tox.ini": tox, "setup.py": "from setuptools import setup\nsetup(name='r')\n",
                                    "r/__init__.py": "x = 1\n"})  # fmt: skip
    assert "except `DeprecationWarning`, which it only shows" in learned["rules/config"]


def test_a_pronoun_is_not_the_project_and_a_private_manifest_has_no_entry_points(make_project):
    readme = "# First create a store\n\nYour store is a hook! You can put anything in it.\n"
    learned = bodies(make_project, {"README.md": readme, "package.json": '{"name": "zustand", "private": true, '
                                    '"description": "Bear necessities for state management", "main": "./index.js", '
                                    '"types": "./index.d.ts"}', "src/index.ts": "export {};\n"})  # fmt: skip
    assert not learned["project/summary"].startswith("Project Your store")
    assert "javascript/entry-points" not in learned


def test_guide_sentences_pointing_at_unkept_steps_are_left_out(make_project):
    guide = (
        "# Contributing\n\n## Committing\n\n- Write tests that verify that your contribution works.\n"
        "- Follow step 4 and onwards of the guide for your pull request.\n\n## Contributing\n\n"
        "- That said I do not get paid (yet) to work on open-source.\n"
    )
    learned = bodies(make_project, {"CONTRIBUTING.md": guide, "src/lib.rs": "pub fn a() {}\n"})
    assert "step 4" not in learned["rules/CONTRIBUTING.md"] and "That said" not in learned["rules/CONTRIBUTING.md"]


def test_ctest_is_offered_only_for_tests_cmake_registers(make_project):
    cmake = (
        "cmake_minimum_required(VERSION 3.14)\nproject(nb CXX)\nfind_package(doctest REQUIRED)\n"
        "add_executable(nb src/test/app.cpp)\ntarget_link_libraries(nb doctest::doctest)\n"
    )
    files = {"CMakeLists.txt": cmake, "src/test/app.cpp": '#include "doctest.h"\nint main() { return 0; }\n',
             "src/include/nb.h": "#pragma once\n"}  # fmt: skip
    assert "ctest" not in bodies(make_project, files).get("workflow/test", "")
    files["CMakeLists.txt"] = cmake + "enable_testing()\nadd_test(NAME nb COMMAND nb)\n"
    assert "ctest --test-dir build" in bodies(make_project, files, name="registered")["workflow/test"]


def test_adding_a_package_is_set_up_not_a_test(make_project):
    assert command_role("pnpm add -D vitest@3.2.4 @vitest/coverage-v8@3.2.4") == "install"
