"""What belongs to the project: fixtures and vendored code are not it, helper crates' dependencies are not its
stack, decisions and summaries stand alone, separate test modules are not "beside the source", golangci-lint's
presets are not linters, and rules come from every guide and the pull-request template (issue 17, held out)."""

from __future__ import annotations

from picasso_tui.profile import decisions, layout, rules
from picasso_tui.profile.findings import Knowledge
from picasso_tui.profile.walk import is_auxiliary, walk
from tests.profile.learned import bodies

RUST_WORKSPACE = {
    "Cargo.toml": '[workspace]\nmembers = ["clapx", "clapx_builder", "clapx_derive", "clapx_mangen", '
    '"tests/fixture-crate"]\n',
    "clapx/Cargo.toml": '[package]\nname = "clapx"\n[dependencies]\nanstyle = "1"\nclapx_derive = "1"\n'
    'clapx_builder = "1"\n'
    '[dev-dependencies]\ntrycmd = "0.15"\nsnapbox = "0.6"\n',
    "clapx/src/lib.rs": "pub fn a() {}\n",
    "clapx/src/bin/stdio-fixture.rs": "fn main() {}\n",
    "clapx_derive/Cargo.toml": '[package]\nname = "clapx_derive"\n[lib]\nproc-macro = true\n'
    '[dependencies]\nsyn = "2"\nquote = "1"\n',
    "clapx_derive/src/lib.rs": "",
    "clapx_builder/Cargo.toml": '[package]\nname = "clapx_builder"\n[dependencies]\nstrsim = "0.11"\n',
    "clapx_builder/src/lib.rs": "",
    "clapx_mangen/Cargo.toml": '[package]\nname = "clapx_mangen"\n[dependencies]\nroff = "0.2"\n',
    "clapx_mangen/src/lib.rs": "",
    "tests/fixture-crate/Cargo.toml": '[package]\nname = "fixture-crate"\n[dependencies]\nlibc = "0.2"\n',
    "tests/fixture-crate/src/main.rs": "fn main() {}\n",
}


def test_fixture_binaries_and_crates_are_not_the_projects_entry_points(make_project):
    learned = bodies(make_project, RUST_WORKSPACE, name="clapx")
    assert "rust/entry-points" not in learned
    assert "cargo run" not in learned.get("workflow/run", "")
    assert "binary" not in learned["rust/stack"]


def test_a_real_binary_crate_is_still_an_entry_point(make_project):
    files = {**RUST_WORKSPACE, "clapx/src/bin/clapx-cli.rs": "fn main() {}\n"}
    learned = bodies(make_project, files, name="clapx")
    assert "clapx/src/bin/clapx-cli.rs" in learned["rust/entry-points"]
    assert "stdio-fixture" not in learned["rust/entry-points"]


def test_a_workspace_is_built_on_its_main_crates_dependencies_and_its_dev_test_tools_are_named(make_project):
    stack = bodies(make_project, RUST_WORKSPACE, name="clapx")["rust/stack"]
    assert "anstyle" in stack and "strsim" in stack  # its own, and those of the member it builds on
    assert "syn" not in stack and "quote" not in stack and "libc" not in stack  # the proc-macro's, the fixture's
    assert "roff" not in stack  # a helper crate beside it, which the main crate does not depend on
    assert "trycmd" in stack and "snapbox" in stack


def test_without_a_main_crate_a_workspace_names_every_members_dependencies(make_project):
    files = {
        "Cargo.toml": '[workspace]\nmembers = ["a", "b"]\n',
        "a/Cargo.toml": '[package]\nname = "a"\n[dependencies]\nanstyle = "1"\n',
        "a/src/lib.rs": "",
        "b/Cargo.toml": '[package]\nname = "b"\n[dependencies]\nsyn = "2"\n',
        "b/src/lib.rs": "",
    }
    stack = bodies(make_project, files, name="ws")["rust/stack"]
    assert "anstyle" in stack and "syn" in stack


def test_vendored_folders_anywhere_are_not_the_project():
    assert is_auxiliary("tests/thirdparty/Fuzzer/CMakeLists.txt")
    assert is_auxiliary("third_party/gtest/CMakeLists.txt") and is_auxiliary("vendor/lib/x.go")
    assert not is_auxiliary("tests/unit/CMakeLists.txt") and not is_auxiliary("src/vendorish/x.c")


def test_a_vendored_test_framework_is_not_what_the_project_tests_with(make_project):
    files = {
        "CMakeLists.txt": "project(j)\nadd_library(j j.cpp)\nenable_testing()\nadd_subdirectory(tests)\n",
        "j.cpp": "int j;\n",
        "tests/CMakeLists.txt": "add_executable(test-a a.cpp)\nadd_test(NAME a COMMAND test-a)\n",
        "tests/a.cpp": "#include <doctest/doctest.h>\n",
        "tests/thirdparty/Fuzzer/CMakeLists.txt": "find_package(GTest)\ntarget_link_libraries(f gtest)\n",
    }
    assert "GoogleTest" not in bodies(make_project, files)["cpp/build"]
    files["tests/CMakeLists.txt"] += "target_link_libraries(test-a gtest)\n"
    assert "GoogleTest" in bodies(make_project, files, name="own")["cpp/build"]


def _decisions(repo) -> dict[str, str]:
    return {f.key: f.body for f in decisions.investigate(walk(repo.root)).findings}


def _summary(repo) -> str:
    k = Knowledge()
    layout._readme(walk(repo.root), k)
    return k.findings[0].body


def test_a_summary_that_leads_into_a_list_ends_at_a_sentence_not_a_dangling_word(make_project):
    readme = "# cli\n\ncli is a simple package for building command line tools in Go featuring:\n\n- flags\n"
    assert _summary(make_project({"README.md": readme}, name="cli")) == (
        "Project cli: cli is a simple package for building command line tools in Go."
    )


def test_a_whole_sentence_with_a_colon_inside_is_kept(make_project):
    readme = "# m\n\nM is a JSON library: small and fast. It makes it easy to parse JSON into classes:\n\n- a\n"
    assert _summary(make_project({"README.md": readme}, name="m")) == (
        "Project M: M is a JSON library: small and fast. It makes it easy to parse JSON into classes."
    )


def test_an_overlong_first_sentence_is_cut_at_a_word_with_an_ellipsis(make_project):
    readme = "# x\n\nX is a library " + "that does many things " * 30 + "well.\n"
    body = _summary(make_project({"README.md": readme}, name="x"))
    assert body.endswith("…") and not body.endswith(" …") and len(body) <= len("Project X: ") + layout.MAX_SUMMARY_HARD


def test_separate_test_source_sets_and_modules_are_not_beside_the_source(make_project):
    learned = bodies(make_project, {
        "settings.gradle": "include 'lib'\n", "build.gradle": "", "lib/build.gradle": "",
        "lib/src/main/java/A.java": "class A {}\n", "lib/src/test/java/ATest.java": "class ATest {}\n",
        "lib/src/androidTest/java/BTest.java": "class BTest {}\n",
        "robovm-test/src/main/java/CTest.java": "class CTest {}\n",
    })  # fmt: skip
    assert "beside" not in learned["layout/tests"]
    assert "lib/src/androidTest/" in learned["layout/tests"] and "robovm-test/" in learned["layout/tests"]


def test_go_tests_beside_their_package_still_are(make_project):
    learned = bodies(make_project, {
        "go.mod": "module example.com/x\n\ngo 1.22\n", "latest/x.go": "package latest\n",
        "latest/x_test.go": "package latest\n",
    })  # fmt: skip
    assert "beside the source they test (1 file)" in learned["layout/tests"]


GOLANGCI_V2 = """version: "2"
formatters:
  enable:
    - gofumpt
linters:
  enable:
    - makezero
    - misspell
  exclusions:
    presets:
      - std-error-handling
"""


def test_golangci_presets_are_not_linters_and_gofumpt_is_the_formatter(make_project):
    learned = bodies(make_project, {
        "go.mod": "module example.com/x\n\ngo 1.22\n", "x.go": "package x\n", ".golangci.yaml": GOLANGCI_V2,
    })  # fmt: skip
    style = learned["style/go"]
    assert "golangci-lint with makezero, misspell" in style
    assert "std-error-handling" not in style and "gofumpt" in style and "gofmt -w" not in style
    assert learned["workflow/format"].startswith("To format: `gofumpt -l -w .`")


def test_without_a_formatter_configured_go_formats_with_gofmt(make_project):
    config = "linters:\n  enable:\n    - errcheck\n"
    learned = bodies(make_project, {
        "go.mod": "module example.com/x\n\ngo 1.22\n", "x.go": "package x\n", ".golangci.yml": config,
    })  # fmt: skip
    assert "gofmt -w" in learned["style/go"] and "golangci-lint with errcheck" in learned["style/go"]
    assert learned["workflow/format"].startswith("To format: `gofmt -w .`")


def test_a_guide_two_folders_under_docs_and_a_maintainer_guide_are_read(make_project):
    learned = bodies(make_project, {
        "a.py": "x = 1\n",
        "docs/dev/contributing.rst": "Contributing\n============\n\nInclude tests that fail without your changes.\n",
        "maintainer.md": "# Maintaining\n\n## Tests\n\n- Never use nock in tests: it hides real network errors.\n",
        "docs/a/b/c/contributing.md": "# Deep\n\nYou must use tabs.\n",
    })  # fmt: skip
    assert "Include tests that fail without your changes." in learned["rules/docs/dev/contributing.rst"]
    assert "Never use nock in tests" in learned["rules/maintainer.md"]
    assert "rules/docs/a/b/c/contributing.md" not in learned


def test_a_guide_keeps_its_items_about_tests_but_not_descriptions_of_them():
    found = [r for _, r in rules.distil("Write a test that fails first.\n\nThe tests live in tests/.\n", guide=True)]
    assert found == ["Write a test that fails first."]


def test_the_pull_request_templates_checklist_items_are_rules_but_its_options_are_not(make_project):
    template = (
        "<!-- Please make sure to add tests for any change. -->\n\n## Type of change\n\n- [ ] Bug fix\n"
        "- [ ] New feature\n\n## Checklist\n\n- [ ] I've added a test for each change\n"
        "- [x] Updated the `Unreleased` section of CHANGELOG.md\n- [ ] Did you run the linter?\n"
    )
    learned = bodies(make_project, {"a.py": "x = 1\n", ".github/pull_request_template.md": template})
    body = learned["rules/.github/pull_request_template.md"]
    assert "I've added a test for each change" in body and "Unreleased" in body
    assert "Please make sure to add tests for any change." not in body  # a comment speaks to the submitter
    assert "Bug fix" not in body and "New feature" not in body and "linter?" not in body
