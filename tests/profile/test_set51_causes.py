"""Causes found on set 51's run (issue 17, thirty-fifth round): an example's docs site, a test fixture's entry
point and a snapshot script taken for the project's own, a bot's commit as a decision, a dependency on no target,
a header-only CMake build that compiles nothing, and a src/ of site pages called source code."""

from __future__ import annotations

from tests.profile.learned import bodies


def test_an_examples_mkdocs_a_test_fixtures_main_and_a_test_script_are_not_the_projects(make_project):
    guide = (
        "# Contributing\n\nRun pdoc with `uv run pdoc --help`.\nUpdate the snapshots: `uv run test/test_snapshot.py`\n"
    )
    files = {"pyproject.toml": '[project]\nname = "pdoc"\nversion = "1"\n\n[project.scripts]\npdoc = "pdoc.__main__:cli"\n',
             "pdoc/__init__.py": "x = 1\n", "pdoc/__main__.py": "def cli():\n    pass\n",
             "test/__init__.py": "", "test/mod_with_main/__init__.py": "",
             "test/mod_with_main/__main__.py": "raise RuntimeError('Should not be executed')\n",
             "test/test_snapshot.py": "def test_a():\n    pass\n", "CONTRIBUTING.md": guide,
             "examples/mkdocs/mkdocs.yml": "site_name: demo\n", "docs/make.py": "print('site')\n"}  # fmt: skip
    learned = bodies(make_project, files)
    assert "mod_with_main" not in learned["python/entry-points"]
    assert "test_snapshot" not in learned["workflow/run"]
    assert "mkdocs" not in learned.get("workflow/docs", "") and "MkDocs" not in learned["layout/folders"]


def test_a_dependency_for_no_target_is_not_what_a_crate_is_built_on(make_project):
    cargo = (
        '[package]\nname = "assert_cmd"\nversion = "2.0.0"\n\n[dependencies]\nbstr = "1"\n\n'
        "[target.'cfg(any())'.dependencies]\nlibc = \"0.2\"  # a minimal-versions pin\n"
    )
    stack = bodies(make_project, {"Cargo.toml": cargo, "src/lib.rs": "pub fn a() {}\n"})["rust/stack"]
    assert "bstr" in stack and "libc" not in stack


def test_a_header_only_cmake_project_offers_no_build_that_compiles_nothing(make_project):
    root = "project(concurrentqueue)\nadd_library(${PROJECT_NAME} INTERFACE)\ninstall(FILES concurrentqueue.h DESTINATION include)\n"
    learned = bodies(make_project, {"CMakeLists.txt": root, "concurrentqueue.h": "#pragma once\n",
                                    "tests/unittests.cpp": "int main() {}\n"})  # fmt: skip
    assert "cmake --build" not in learned.get("workflow/build", "")


def test_a_src_folder_of_site_pages_is_documentation(make_project):
    files = {"pom.xml": "<project><modules><module>core</module></modules></project>\n", "core/pom.xml": "<project/>\n",
             "core/src/main/java/A.java": "class A {}\n", "src/site/markdown/index.md": "# Site\n",
             "src/site/markdown/usage.md": "# Usage\n", "src/site/site.xml": "<project/>\n"}  # fmt: skip
    assert "src/ (documentation" in bodies(make_project, files)["layout/folders"]
