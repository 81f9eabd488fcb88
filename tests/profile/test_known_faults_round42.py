"""Faults judged in earlier rounds and left open (issue 17, forty-second round): set 92's safety declares its commands
only as Hatch environment scripts (`hatch run test:test`, `hatch run lint:fmt`), and PDM's `[tool.pdm.scripts]` are the
same kind of task runner; set 84's redis-plus-plus CI builds into a folder only a CI expression names."""

from __future__ import annotations

from picasso_tui.profile.ci_steps import without_ci_values
from tests.profile.learned import bodies

SAFETY = """[project]
name = "safety"
version = "3.8.1"
requires-python = ">=3.9"

[build-system]
requires = ["hatchling"]
build-backend = "hatchling.build"

[tool.hatch.envs.default]
dependencies = ["pytest==8.3.4", "commitizen"]

[tool.hatch.envs.default.scripts]
bump = "cz bump --yes --changelog"

[tool.hatch.envs.test.scripts]
test = 'pytest -m "" {args:tests}'
test-cov = 'coverage run -m pytest -m "" {args:tests}'
cov-report = ["coverage combine", "coverage report --show-missing"]

[tool.hatch.envs.lint.scripts]
typing = "pyright safety/scan/"
style = ["ruff check {args:.}", "ruff format --check --diff {args:.}"]
fmt = ["ruff format {args:.}", "ruff check --fix {args:.}"]
all = ["style", "typing"]

[tool.hatch.envs.hatch-test]
extra-args = ["-x"]
"""


def test_hatch_environment_scripts_are_the_project_commands(make_project):
    files = {"pyproject.toml": SAFETY, "safety/__init__.py": "x = 1\n", "tests/test_cli.py": "def test_x(): pass\n"}
    learned = bodies(make_project, files, name="safety")
    assert learned["workflow/test"].startswith("To test: `hatch run test:test` — from pyproject.toml")
    assert "test-cov" not in learned["workflow/test"]  # the coverage variants are listed, not offered as the test
    assert learned["workflow/lint"].startswith("To lint: `hatch run lint:style`")
    assert learned["workflow/format"].startswith("To format: `hatch run lint:fmt`")
    assert learned["workflow/typecheck"].startswith("To type-check: `hatch run lint:typing`")
    assert learned["workflow/install"].startswith("To install: `hatch env create`")
    assert "`hatch run bump`" in learned["tasks/hatch"] and "`hatch run test:cov-report`" in learned["tasks/hatch"]
    assert "hatch-test" not in learned["tasks/hatch"]


def test_a_hatch_toml_holds_the_environments_of_its_own(make_project):
    hatch = '[envs.docs.scripts]\nbuild = "mkdocs build --clean --strict"\n\n[envs.default.scripts]\ntest = "pytest"\n'
    pyproject = '[project]\nname = "lib"\nversion = "1"\n\n[build-system]\nrequires = ["hatchling"]\n' \
                'build-backend = "hatchling.build"\n'  # fmt: skip
    files = {
        "pyproject.toml": pyproject,
        "hatch.toml": hatch,
        "lib/__init__.py": "x = 1\n",
        "tests/test_a.py": "x = 1\n",
    }
    learned = bodies(make_project, files, name="lib")
    assert learned["workflow/docs"].startswith("To build or preview the docs: `hatch run docs:build` — from hatch.toml")
    assert learned["workflow/test"].startswith("To test: `hatch run test` — from hatch.toml")


def test_pdm_scripts_take_the_roles_their_names_give(make_project):
    pyproject = (
        '[project]\nname = "app"\nversion = "1"\n\n[tool.pdm.dev-dependencies]\ntest = ["pytest"]\n\n'
        '[tool.pdm.scripts]\n_.env_file = ".env"\ntest = "pytest tests"\nlint = "ruff check ."\n'
        'pre_test = "echo starting"\nrelease = "python scripts/release.py"\n'
    )
    files = {"pyproject.toml": pyproject, "pdm.lock": "", "app/__init__.py": "x = 1\n", "tests/test_a.py": "x = 1\n"}
    learned = bodies(make_project, files, name="app")
    assert learned["workflow/test"].startswith("To test: `pdm run test` — from pyproject.toml [tool.pdm.scripts]")
    assert learned["workflow/lint"].startswith("To lint: `pdm run lint`")
    assert "pre_test" not in learned["tasks/pdm"] and "`pdm run release`" in learned["tasks/pdm"]
    assert "`pdm run _`" not in learned["tasks/pdm"]


def test_cmake_build_without_the_folder_ci_names_is_no_command():
    line = "cmake --build ${{ steps.strings.outputs.build-output-dir }} --config ${{ matrix.build_type }}"
    assert without_ci_values(line) == ""
    assert without_ci_values("cmake --build build --config ${{ matrix.build_type }}") == "cmake --build build"


def test_rustdoc_only_for_a_crate_read_as_a_library(make_project):
    manifest = '[package]\nname = "oha"\nversion = "1.0.0"\nedition = "2021"\n'
    program = {"Cargo.toml": manifest, "src/main.rs": "fn main() {}\n", "src/lib.rs": "pub mod client;\n",
               "README.md": "# oha\n\n```sh\ncargo install oha\n```\n\nSee https://docs.rs/rand_regex for the syntax.\n"}  # fmt: skip
    assert "workflow/docs" not in bodies(make_project, program, name="oha")
    both = {**program, "README.md": "# oha\n\nAPI docs: https://docs.rs/oha\n"}
    assert bodies(make_project, both, name="oha2")["workflow/docs"].startswith(
        "To build or preview the docs: `cargo doc"
    )
    library = {"Cargo.toml": manifest, "src/lib.rs": "pub fn f() {}\n", "README.md": "[docs](https://docs.rs/oha)\n"}
    assert "`cargo doc --no-deps`" in bodies(make_project, library, name="oha3")["workflow/docs"]
    # since round 48: a crate whose maintainers never mention docs.rs gets no guessed rustdoc (fend, mask, cargo-c)
    unpointed = {"Cargo.toml": manifest, "src/lib.rs": "pub fn f() {}\n", "README.md": "# oha\n"}
    assert "workflow/docs" not in bodies(make_project, unpointed, name="oha4")


def test_a_readme_note_asking_for_sponsors_is_not_quoted(make_project):
    readme = (
        "# k9s\n\nA terminal UI for Kubernetes clusters.\n\n## Note...\n\nK9s is not pimped out by a big corporation. "
        "It is a complex OSS project that demands a lot of my time to maintain and support. If k9s saves you time, "
        "please consider sponsoring us! Your donations keep our servers lights on.\n\n## Thread Safety\n\n"
        "The client is safe to share across goroutines once it is configured; its options must not change after.\n"
    )
    learned = bodies(
        make_project, {"README.md": readme, "main.go": "package main\n", "go.mod": "module k9s\n"}, name="k9s"
    )
    assert "readme/note" not in learned
    assert "safe to share across goroutines" in learned["readme/thread-safety"]
