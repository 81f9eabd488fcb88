"""Causes found on set 45's run (issue 17, thirty-fourth round): an npm wrapper read as a JavaScript project,
commands CI runs in its own build tree or for one cross target, a step's matrix condition, a test script that runs
the build's output, a language folder of code read as translations, a bin/ of data, and changelogs nobody adds to."""

from __future__ import annotations

from picasso_tui.profile.investigator import investigate
from tests.profile.learned import bodies

CMAKE = "cmake_minimum_required(VERSION 3.10)\nproject(R CXX)\nenable_testing()\nadd_subdirectory(test)\n"


def test_an_npm_wrapper_beside_a_cpp_library_is_no_javascript_project(make_project):
    learned = bodies(make_project, {
        "package.json": '{"name": "r", "main": "include_dirs.js", "scripts": '
                        '{"test": "echo \\"Error: no test specified\\" && exit 1"}}',
        "include_dirs.js": "var path = require('path');\nconsole.log(path.join(__dirname, 'include'));\n",
        "CMakeLists.txt": CMAKE, "include/r/r.h": "#pragma once\nnamespace r { int f(); }\n" * 20,
        "test/CMakeLists.txt": "add_executable(unittest t.cpp)\nadd_test(NAME unittest COMMAND unittest)\n",
        "test/t.cpp": "int main() { return 0; }\n",
    })  # fmt: skip
    assert not any(key.startswith("javascript/") for key in learned)
    assert "npm" not in learned.get("workflow/install", "") and "npm" not in learned["workflow/test"]


def test_commands_after_cd_into_cis_build_tree_are_said_in_the_ci_fact_only(make_project):
    travis = "language: cpp\nbefore_script:\n  - mkdir build\nscript:\n  - (cd build && cmake ..)\n  - cd build\n  - make tests -j 2\n"
    learned = bodies(make_project, {".travis.yml": travis, "CMakeLists.txt": CMAKE, "src/a.cpp": "int a();\n",
                                    "test/CMakeLists.txt": "add_test(NAME t COMMAND t)\n"})  # fmt: skip
    assert "`make tests -j 2`" in learned["ci"]
    assert "make tests" not in learned["workflow/test"]


def _rust_ci(step_if: str = "") -> str:
    condition = f"\n        if: {step_if}" if step_if else ""
    return (
        "name: ci\non: [push, pull_request]\njobs:\n  macos:\n    runs-on: macos-latest\n    strategy:\n      matrix:\n"
        "        target: [x86_64-apple-darwin, aarch64-apple-ios]\n    steps:\n      - uses: actions/checkout@v4\n"
        "      - run: ci/build.bash cross ${{ matrix.target }}\n"
        f"      - run: ci/test.bash cross ${{{{ matrix.target }}}}{condition}\n"
    )


def test_a_cross_target_ci_script_neither_leads_nor_follows_the_plain_cargo_commands(make_project):
    files = {"Cargo.toml": '[package]\nname = "t"\nversion = "0.1.0"\nedition = "2021"\n', "src/main.rs": "fn main() {}\n",
             "ci/build.bash": "#!/bin/bash\ncargo build --target $2\n", "ci/test.bash": "#!/bin/bash\ncargo test\n",
             ".github/workflows/ci.yml": _rust_ci()}  # fmt: skip
    learned = bodies(make_project, files)
    assert learned["workflow/build"] == "To build: `cargo build` — from Cargo.toml."
    assert "ci/test.bash" not in learned["workflow/test"]


def test_a_step_on_one_matrix_value_runs_for_that_value_only(make_project):
    files = {"Cargo.toml": '[package]\nname = "t"\nversion = "0.1.0"\nedition = "2021"\n', "src/main.rs": "fn main() {}\n",
             "ci/build.bash": "#!/bin/bash\n", "ci/test.bash": "#!/bin/bash\n",
             ".github/workflows/ci.yml": _rust_ci("matrix.target == 'x86_64-apple-darwin'")}  # fmt: skip
    learned = bodies(make_project, files)
    assert "`ci/test.bash cross x86_64-apple-darwin`" in learned["ci"]
    assert "ci/test.bash cross aarch64-apple-ios" not in learned["ci"]


def test_a_test_script_that_runs_the_builds_output_says_to_build_first(make_project):
    learned = bodies(make_project, {"package.json": '{"name": "c", "type": "module", "scripts": {"build": "tsc", '
                                    '"test": "node index.test.js"}, "devDependencies": {"typescript": "^5"}}',
                                    "tsconfig.json": "{}", ".gitignore": "/index.js\n/*.test.js\n",
                                    "src/index.ts": "export const a = 1;\n", "src/index.test.ts": "import './index.js';\n"})  # fmt: skip
    assert learned["workflow/test"] == (
        "To test: `npm test` (node index.test.js; run after `npm run build`: it compiles index.test.js from "
        "src/index.test.ts) — from package.json scripts.test."
    )


def test_a_language_folder_of_code_is_code_and_one_of_locales_is_data(make_project):
    code = {f"src/language/{n}.rs": "pub fn f() {}\n" * 40 for n in ("syntax", "language_type", "embedding")}
    learned = bodies(make_project, {"Cargo.toml": '[package]\nname = "t"\nversion = "0.1.0"\n', "src/lib.rs": "mod language;\n",
                                    **code, "src/cli.rs": "pub fn c() {}\n" * 10})  # fmt: skip
    assert "language/syntax.rs" in learned["layout/source"]
    locales = {f"src/T/Lang/{n}.php": "<?php return ['a' => 'b'];\n" * 30 for n in ("en", "fr_CA", "de", "pt_BR")}
    php = bodies(make_project, {"composer.json": '{"name": "t/t"}', "src/T/T.php": "<?php class T {}\n" * 5, **locales},
                 name="php")  # fmt: skip
    assert "Lang" not in php.get("layout/source", "")


def test_a_bin_folder_of_data_is_not_called_executables(make_project):
    data = {f"bin/data/{n}.json": '{"a": 1}\n' for n in range(4)}
    learned = bodies(make_project, {**data, "bin/jsonchecker/fail1.txt": "x\n", "src/a.cpp": "int a();\n",
                                    "CMakeLists.txt": CMAKE})  # fmt: skip
    assert "bin/ (data files: .json, .txt, 5 files)" in learned["layout/folders"]


def test_a_changelog_written_by_release_plz_or_left_years_ago_gets_no_unreleased_rule(make_project, monkeypatch):
    changelog = "# Changelog\n\n## [Unreleased]\n\n## [1.1.0] - 2016-08-25\n\n### Added\n\n- A reader\n"
    files = {"CHANGELOG.md": changelog, "src/a.py": "x = 1\n"}
    plz = bodies(make_project, {**files, ".github/workflows/release-plz.yaml": "jobs:\n  r:\n    steps:\n"
                                "      - uses: release-plz/action@v0.5\n"}, name="plz")  # fmt: skip
    assert "written by release-plz at each release" in plz["rules/changelog"]
    monkeypatch.setenv("GIT_COMMITTER_DATE", "2017-01-01T00:00:00")
    repo = make_project(files, name="old")
    monkeypatch.delenv("GIT_COMMITTER_DATE")
    repo.write({"src/b.py": "y = 2\n"}).commit("more code")
    _, findings, _ = investigate(repo.root)
    assert "rules/changelog" not in {f.key for f in findings}


def test_the_gem_named_like_the_repository_says_what_it_is_built_on(make_project):
    learned = bodies(make_project, {"Gemfile": "source 'https://rubygems.org'\ngemspec name: 'dotenv'\n",
                                    "dotenv.gemspec": "Gem::Specification.new do |s|\n  s.name = 'dotenv'\nend\n",
                                    "dotenv-rails.gemspec": "Gem::Specification.new do |s|\n  s.name = 'dotenv-rails'\n"
                                    "  s.add_dependency 'railties', '>= 6.1'\nend\n",
                                    "lib/dotenv.rb": "module Dotenv; end\n"}, name="dotenv")  # fmt: skip
    assert "railties" not in learned["ruby/stack"]
