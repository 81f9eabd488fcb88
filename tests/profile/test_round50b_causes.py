"""Causes found in the fiftieth round by reading the judgements of sets 225–228, after their measured run: a C
project's Go helper tools read as a Go project and a Windows-only CMake preset and a Sonar build wrapper read as the
build (c-toxcore), migrations sorted as text (writefreely), commit prefixes written `Feat(scope):` or `area - …`
read as free-form (ua-parser-js, gofakeit), a requirement with extras cutting setup.py's install_requires short
(Flask-AppBuilder), a test Rails app's scripts read as the project's JavaScript (derailed_benchmarks), a `ropetest/`
folder read as tests beside the code (rope), a guide's "generate code" command read as the tests (markdown-rs),
`ninja install` read as the build (Waybar), a CI cleanup `find … -exec rm` read as a test and an option ANDed with
another read as no guard of the tests (trompeloeil), and a test filter every test matches (rust-peg)."""

from __future__ import annotations

from tests.profile.learned import bodies, commit_conventions, workflow

C_LIBRARY = {"CMakeLists.txt": "project(tox C)\nadd_library(toxcore toxcore/a.c)\n"} | {
    f"toxcore/f{i}.c": f"int f{i}(void) {{ return {i}; }}\n" * 20 for i in range(12)
}


def test_go_helper_tools_of_a_c_project_are_no_go_project_and_one_platform_presets_no_build(make_project):
    presets = (
        '{"version": 3, "configurePresets": [{"name": "windows-default", "binaryDir": "_build"}], '
        '"buildPresets": [{"name": "windows-default", "configurePreset": "windows-default"}]}'
    )
    ci = workflow("build-wrapper-linux-x86-64 --out-dir out .github/scripts/sonar-build", job="sonar")
    files = {**C_LIBRARY, "CMakePresets.json": presets, ".github/workflows/sonar.yml": ci,
             "other/proxy/go.mod": "module github.com/t/c/other/proxy\n\ngo 1.18\n",
             "other/proxy/main.go": "package main\n\nfunc main() {}\n"}  # fmt: skip
    learned = bodies(make_project, files, "c-toxcore")
    assert "go/packaging" not in learned and "go test" not in learned.get("workflow/test-one", "")
    assert learned["workflow/build"].startswith("To build: `cmake -S . -B build && cmake --build build -j`")
    assert "windows-default" not in learned["workflow/build"] and "build-wrapper" not in learned["workflow/build"]


def test_the_newest_migration_is_the_highest_number(make_project):
    files = {"go.mod": "module example.com/wf\n\ngo 1.22\n", "main.go": "package main\n\nfunc main() {}\n"}
    files |= {f"migrations/v{i}.go": "package migrations\n" for i in range(1, 16)}
    assert "newest v15.go" in bodies(make_project, files, "writefreely")["layout/migrations"]


def test_a_type_with_a_scope_and_an_area_before_a_dash_are_conventions(make_project):
    typed = ["Feat(extensions): Add new bots", "Fix(helpers): Return a value", "CI: Update fuzz test",
             "Chore: Update contributors", "Test: Add a test"] * 3  # fmt: skip
    said = commit_conventions(make_project, "ua-parser-js", typed)
    assert said.startswith("Commit messages: an area or change-type prefix"), said
    dashed = [f"{area} - update data {i}" for i, area in enumerate(["person", "job", "tests", "lookup"] * 4)]
    said = commit_conventions(make_project, "gofakeit", dashed)
    assert said.startswith("Commit messages: the area, then a dash"), said


def test_a_requirement_with_extras_keeps_the_rest_of_install_requires(make_project):
    setup = (
        "from setuptools import setup\nsetup(\n    name='fab',\n    install_requires=[\n"
        '        "apispec[yaml]>=6.0.0, <7",  # the YAML extra\n        "Flask>=2, <4",\n        "click>=8, <9",\n'
        "    ],\n)\n"
    )
    files = {"setup.py": setup, "fab/__init__.py": "x = 1\n", "fab/app.py": "import flask\n"}
    stack = bodies(make_project, files, "Flask-AppBuilder")["python/stack"]
    assert "no runtime dependencies" not in stack and "Flask" in stack


def test_a_test_rails_app_is_a_fixture_and_a_package_test_folder_holds_the_tests(make_project):
    files = {"derailed.gemspec": "Gem::Specification.new { |s| s.name = 'derailed' }\n", "lib/derailed.rb": "x = 1\n",
             "lib/derailed/tasks.rb": "y = 2\n", "test/derailed_test.rb": "class T < Minitest::Test\nend\n",
             "test/rails_app/public/javascripts/prototype.js": "var Prototype = {};\n" * 400}  # fmt: skip
    learned = bodies(make_project, files, "derailed_benchmarks")
    assert "JavaScript" not in learned["languages"]
    rope = {"rope/__init__.py": "x = 1\n", "rope/base.py": "y = 2\n", "ropetest/serializer_test.py": "def test_a():\n    pass\n",
            "ropetest/advanced_oi_test.py": "def test_b():\n    pass\n", "pyproject.toml": '[project]\nname = "rope"\n'}  # fmt: skip
    tests = bodies(make_project, rope, "rope")["layout/tests"]
    assert "they live in ropetest/" in tests and "beside the source" not in tests


def test_generating_code_installing_and_deleting_files_are_no_tests_or_builds(make_project):
    readme = (
        "# md\n\n## Develop\n\n* generate code (latest CM tests and Unicode info):\n  ```sh\n"
        "  cargo run --manifest-path generate/Cargo.toml\n  ```\n* run tests:\n  ```sh\n  cargo test\n  ```\n"
    )
    files = {"Cargo.toml": '[package]\nname = "md"\nversion = "0.1.0"\n', "src/lib.rs": "pub fn a() {}\n",
             "readme.md": readme, "generate/Cargo.toml": '[package]\nname = "gen"\nversion = "0.1.0"\n',
             "generate/src/main.rs": "fn main() {}\n"}  # fmt: skip
    assert "generate/Cargo.toml" not in bodies(make_project, files, "markdown-rs")["workflow/test"]
    guide = "# Contributing\n\n```sh\nmeson setup build\nninja -C build\nninja -C build install   # optional\n```\n"
    files = {"meson.build": "project('waybar', 'cpp')\nexecutable('waybar', 'src/main.cpp')\n",
             "src/main.cpp": "int main() {}\n", "CONTRIBUTING.md": guide}  # fmt: skip
    assert "install" not in bodies(make_project, files, "Waybar")["workflow/build"]


def test_an_option_anded_with_another_guards_the_tests_and_ci_cleanup_is_no_test(make_project):
    cmake = (
        'project(trompeloeil CXX)\noption(TROMPELOEIL_BUILD_TESTS "Build self test programs" off)\n'
        "add_library(trompeloeil INTERFACE)\nif (MASTER_PROJECT AND TROMPELOEIL_BUILD_TESTS)\n"
        "  add_subdirectory(test)\nendif()\n"
    )
    ci = workflow("./build/test/self_test", 'find . -name "*test*.gcno" -exec rm {} \\;')
    files = {"CMakeLists.txt": cmake, "include/trompeloeil.hpp": "#pragma once\n",
             "test/CMakeLists.txt": "add_executable(self_test compiling_tests.cpp)\n",
             "test/compiling_tests.cpp": "int main() {}\n", ".github/workflows/ci.yml": ci}  # fmt: skip
    learned = bodies(make_project, files, "trompeloeil")
    assert "-DTROMPELOEIL_BUILD_TESTS=ON" in learned["workflow/build"]
    assert ".gcno" not in learned["workflow/test"]


def test_one_test_of_a_module_file_is_filtered_by_its_module_path(make_project):
    files = {"Cargo.toml": '[package]\nname = "peg"\nversion = "0.1.0"\n', "src/lib.rs": "pub fn a() {}\n",
             "tests/run-pass.rs": "mod pass;\n", "tests/pass/mod.rs": "mod arithmetic;\nmod keyval;\n",
             "tests/pass/arithmetic.rs": "#[test]\nfn main() {\n    assert_eq!(1, 1);\n}\n",
             "tests/pass/keyval.rs": "#[test]\nfn main() {\n    assert_eq!(2, 2);\n}\n"}  # fmt: skip
    one = bodies(make_project, files, "rust-peg")["workflow/test-one"]
    assert "`cargo test pass::arithmetic::main`" in one, one
