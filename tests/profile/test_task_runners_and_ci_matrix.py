"""Round fourteen (issue 17), from the causes of the thirteenth held-out set: Poe the Poet's tasks, CI commands
written out per matrix value, editorconfig sections for one language, the main gemspec among several, a Conan
recipe that packages the project, CI's own crates under ci/, and checks that report only to CI."""

from __future__ import annotations

from tests.profile.learned import bodies

PYPROJECT = """\
[project]
name = "retrying"

[tool.poe.tasks]
test = "pytest"
docs = "sphinx-build -b html doc/source doc/build"
check = ["test", "docs"]
mypy = "mypy"

[tool.poe.tasks.lint]
sequence = [{ cmd = "ruff check ." }]
"""
CI = """\
on: [pull_request]
jobs:
  test:
    strategy:
      matrix:
        include:
          - python: "3.12"
            task: check
          - python: "3.14"
            task: lint
    steps:
      - uses: dominikh/staticcheck-action@v1
      - run: uv run --python ${{ matrix.python }} poe ${{ matrix.task }}
      - run: cargo build --color=always
        working-directory: ./ci/core-test
"""


def test_poe_tasks_are_the_commands_and_a_matrix_names_each_one_ci_runs(make_project):
    learned = bodies(make_project, {
        "pyproject.toml": PYPROJECT, "uv.lock": "", "retrying/__init__.py": "", ".github/workflows/ci.yml": CI,
        "Cargo.toml": '[package]\nname = "speedups"\n', "src/lib.rs": "",
    })  # fmt: skip
    assert learned["workflow/test"].startswith("To test: `uv run poe test`")
    assert learned["workflow/docs"].startswith("To build or preview the docs: `uv run poe docs`")
    assert "`uv run poe mypy`" in learned["workflow/typecheck"]
    ci = learned["ci"]
    assert "`uv run poe check`" in ci and "`uv run poe lint`" in ci and "--python" not in ci
    assert "`staticcheck ./...`" in ci
    assert "ci/core-test" not in learned.get("workflow/build", "").split(" Also: ")[0]  # CI's own crate


def test_an_editorconfig_section_for_the_language_overrides_the_catch_all(make_project):
    editorconfig = "root = true\n\n[*]\nindent_size = 2\n\n[*.{py,pyi}]\nindent_size = 4\n"
    style = bodies(make_project, {".editorconfig": editorconfig, "a.py": "x = 1\n"})["style/python"]
    assert "indent size 4" in style and "indent size 2" not in style


def test_the_main_gem_is_the_one_named_like_the_repository(make_project):
    edge = "Gem::Specification.new do |s|\n  s.name = 'acme-edge'\n  s.summary = 'Edge features added to acme'\nend\n"
    main = "Gem::Specification.new do |s|\n  s.name = 'acme'\n  s.summary = 'Modern tools for Ruby apps'\nend\n"
    learned = bodies(make_project, {"acme-edge.gemspec": edge, "acme.gemspec": main, "Gemfile": "", "lib/acme.rb": ""},
                     name="acme")  # fmt: skip
    assert "gem `acme` (acme.gemspec)" in learned["ruby/packaging"]
    assert learned["project/summary"].endswith("Modern tools for Ruby apps")


def test_a_conan_recipe_that_packages_the_project_brings_no_dependencies(make_project):
    recipe = ("from conan import ConanFile\nclass Acme(ConanFile):\n    name = 'acme'\n"
              "    def package_info(self):\n        self.cpp_info.components['main'].requires = ['base']\n")  # fmt: skip
    build = bodies(make_project, {"CMakeLists.txt": "project(acme CXX)\nadd_library(acme a.cpp)\n", "a.cpp": "",
                                  "conanfile.py": recipe})["cpp/build"]  # fmt: skip
    assert "a Conan recipe that packages the project (conanfile.py)" in build and "dependencies via" not in build


def test_commands_that_skip_tests_fetch_dependencies_or_filter_are_not_the_test_command(make_project):
    from picasso_tui.profile.commands import command_role

    assert command_role("./mvnw -Dmaven.test.skip=true package") == "build"
    assert command_role("./mvnw dependency:resolve") == "install"
    assert command_role("rustup component add clippy --toolchain beta") == "install"
    ci = "on: [push]\njobs:\n  ui:\n    steps:\n      - run: cargo test pass\n"
    learned = bodies(make_project, {
        ".github/workflows/ci.yml": ci, "Cargo.toml": '[package]\nname = "flags"\n', "src/lib.rs": "",
    })  # fmt: skip
    assert learned["workflow/test"].startswith("To test: `cargo test`")  # the suite, not one name filter


def test_a_tox_env_named_for_a_role_needs_its_own_section_and_a_dependent_cmake_option_gates_tests(make_project):
    tox = "[tox]\nenvlist = lint, typing, py312\n\n[testenv]\ncommands = pytest\n\n[testenv:lint]\ncommands = ruff check .\n"
    learned = bodies(
        make_project, {"tox.ini": tox, "pyproject.toml": '[project]\nname = "jwt"\n', "jwt/__init__.py": ""}
    )
    assert "`tox -e lint`" in learned["workflow/lint"] and "workflow/typecheck" not in learned
    cmake = ('project(xml CXX)\ninclude(CMakeDependentOption)\ncmake_dependent_option(XML_BUILD_TESTS\n  "Build tests" OFF\n'
             '  "CMAKE_SOURCE_DIR STREQUAL PROJECT_SOURCE_DIR" OFF)\nadd_library(xml src/xml.cpp)\n'
             "if (XML_BUILD_TESTS)\n  enable_testing()\n  add_executable(t tests/main.cpp)\n  add_test(NAME t COMMAND t)\n"
             "endif()\n")  # fmt: skip
    test = bodies(make_project, {"CMakeLists.txt": cmake, "src/xml.cpp": ""}, name="xml")["workflow/test"]
    assert "-DXML_BUILD_TESTS=ON" in test
