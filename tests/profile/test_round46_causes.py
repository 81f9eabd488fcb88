"""Causes found in the forty-sixth round by reading the judged faults and misses of sets 157–160: squash-merge
numbers taken for issue references, a minority's prefixes called "no prefix", a build's own format tasks, an
analysis checker run without packages, Cargo tests nested in tests/ or kept in src/, a deselected pytest marker,
scriv's fragments, a workspace's benchmark tool taken for its program and a member crate's examples."""

from __future__ import annotations

from tests.profile.learned import bodies, commit_conventions


def test_a_squash_merges_pull_request_number_is_not_an_issue_reference(make_project):
    subjects = [f"Update the helper for case {i} (#{1800 + i})" for i in range(20)]
    conventions = commit_conventions(make_project, "php-curl-class", subjects)
    assert "reference an issue" not in conventions
    assert "end with the pull request's number (`(#123)`), which a squash merge appends" in conventions


def test_an_issue_named_in_the_subject_is_still_a_reference(make_project):
    subjects = [f"Fix the parser for case {i}, closes #{100 + i}" for i in range(20)]
    conventions = commit_conventions(make_project, "parser", subjects)
    assert "reference an issue or ticket" in conventions
    assert "squash merge" not in conventions


def test_a_minoritys_prefixes_are_not_called_no_prefix(make_project):
    plain = [f"Make the connection faster in case {i}" for i in range(14)]
    prefixed = ["fix(quinn-udp): avoid EWOULDBLOCK", "proto: yield an error on gaps", "proto: drop initials",
                "refactor(quinn): use let-else", "congestion: saturate the window", "udp: handle EIO"]  # fmt: skip
    conventions = commit_conventions(make_project, "quinn", plain[:7] + prefixed + plain[7:])
    assert "no Conventional Commits prefix" not in conventions
    assert "2 of the last 21 with a Conventional Commits prefix such as `refactor(quinn):`" in conventions
    assert "with an area prefix such as `proto:`" in conventions


def test_plain_subjects_still_have_no_prefix(make_project):
    subjects = [f"{word} the thing faster in case {i}" for i, word in enumerate(["Render", "Teach", "Let"] * 4)]
    conventions = commit_conventions(make_project, "plain", subjects)
    assert "free-form subjects (capitalised, no Conventional Commits prefix)" in conventions


KTFMT_BUILD = """plugins { kotlin("jvm") }

val ktfmtCheck =
    tasks.register<JavaExec>("ktfmtCheck") {
      group = "verification"
      description = "Run Ktfmt formatter validation"
      mainClass.set("com.facebook.ktfmt.cli.Main")
    }

val ktfmtFormat =
    tasks.register<JavaExec>("ktfmtFormat") {
      group = "formatting"
      description = "Run Ktfmt formatter"
    }

tasks.register<Zip>("packageFat") {
  group = "distribution"
}
"""


def test_a_builds_own_format_tasks_are_its_lint_and_format(make_project):
    files = {
        "build.gradle.kts": KTFMT_BUILD,
        "settings.gradle.kts": 'include("core")\n',
        "gradlew": "#!/bin/sh\n",
        "core/build.gradle.kts": 'plugins { kotlin("jvm") }\n',
        "core/src/main/kotlin/Format.kt": "package x\n",
        "core/src/test/kotlin/FormatTest.kt": "package x\n",
    }
    learned = bodies(make_project, files, name="ktfmt")
    assert learned["workflow/lint"].startswith("To lint: `./gradlew ktfmtCheck`")
    assert learned["workflow/format"].startswith("To format: `./gradlew ktfmtFormat`")
    assert "packageFat" not in "".join(learned.values())


def test_dokka_2_from_a_catalog_entry_named_for_the_plugin(make_project):
    files = {
        "build.gradle.kts": "plugins {\n  alias(libs.plugins.dokka) apply false\n}\n",
        "gradle/libs.versions.toml": '[versions]\ngradlePlugin-dokka = "2.2.0"\n\n[plugins]\n'
        'dokka = { id = "org.jetbrains.dokka", version.ref = "gradlePlugin-dokka" }\n',
        "gradlew": "#!/bin/sh\n",
        "src/main/kotlin/A.kt": "package x\n",
    }
    assert bodies(make_project, files, name="ktfmt")["workflow/docs"].startswith("To build or preview the docs: "
                                                                                 "`./gradlew dokkaGenerate`")  # fmt: skip


def test_an_analysis_checker_runs_on_the_modules_packages(make_project):
    main = ('package main\n\nimport (\n\t"github.com/bombsimon/wsl/v5"\n\t"golang.org/x/tools/go/analysis/'
            'singlechecker"\n)\n\nfunc main() {\n\tsinglechecker.Main(wsl.NewAnalyzer(nil))\n}\n')  # fmt: skip
    files = {
        "go.mod": "module github.com/bombsimon/wsl/v5\n\ngo 1.24\n",
        "wsl.go": "package wsl\n",
        "wsl_test.go": "package wsl\n",
        "cmd/wsl/main.go": main,
    }
    assert bodies(make_project, files, name="wsl")["workflow/run"].startswith("To run: `go run ./cmd/wsl ./...`")


def test_cargo_tests_nested_in_tests_are_found_and_src_tests_are_unit_tests(make_project):
    test = "#[test]\nfn works() {}\n"
    files = {
        "Cargo.toml": '[workspace]\nmembers = ["bon", "bon-macros"]\n',
        "bon/Cargo.toml": '[package]\nname = "bon"\n',
        "bon/src/lib.rs": "pub fn f() {}\n",
        "bon-macros/Cargo.toml": '[package]\nname = "bon-macros"\n',
        "bon-macros/src/lib.rs": "#[cfg(test)]\nmod tests;\n",
        "bon-macros/src/tests/setters.rs": test,
        "bon/tests/integration/main.rs": "mod builder;\n" + test,
        **{f"bon/tests/integration/builder/case{i}.rs": test for i in range(6)},
    }
    tests = bodies(make_project, files, name="bon")["layout/tests"]
    assert "they live in bon/tests/ (7 files)" in tests
    assert "src/tests/*.rs (unit-test modules of the crate)" in tests


def test_the_one_test_example_is_not_one_addopts_deselects(make_project):
    e2e = "import pytest\n\n\n@pytest.mark.end_to_end\ndef test_install_in_docker():\n    pass\n"
    files = {
        "setup.py": "from setuptools import setup\nsetup(name='pyinfra')\n",
        "setup.cfg": "[tool:pytest]\naddopts = -m'not end_to_end'\n",
        "pyinfra/__init__.py": "",
        "tests/end-to-end/test_e2e_docker.py": e2e,
        "tests/test_api.py": "class TestInventoryApi:\n    def test_inventory_creation(self):\n        pass\n",
        "requirements-dev.txt": "pytest\n",
    }
    one = bodies(make_project, files, name="pyinfra")["workflow/test-one"]
    assert "tests/test_api.py::TestInventoryApi::test_inventory_creation" in one
    assert "end_to_end" not in one and "e2e" not in one


def test_a_scriv_changelog_asks_for_a_fragment(make_project):
    changelog = ("..\n    It is managed and updated by scriv during development.\n    Please do not edit this file "
                 'directly. Instead, run\n    "scriv create" to create a new changelog fragment file.\n\n'
                 "Changelog\n*********\n\nUnreleased\n==========\n\n6.0.11 - 2023-12-10\n===================\n\n"
                 "* Fix a crash.\n")  # fmt: skip
    files = {
        "pyproject.toml": '[project]\nname = "feedparser"\n\n[tool.scriv]\nformat = "rst"\n',
        "feedparser/__init__.py": "",
        "CHANGELOG.rst": changelog,
        "changelog.d/20201212_164154_kurtmckee_scriv.rst": "Fixed\n-----\n\n- A fix.\n",
    }
    rule = bodies(make_project, files, name="feedparser")["rules/changelog"]
    assert rule.startswith("CHANGELOG.rst is collected by scriv at release from fragments: run `scriv create`")
    assert "changelog.d/" in rule and "Unreleased" not in rule


def _quinn(readme_run: bool = False) -> dict[str, str]:
    return {
        "Cargo.toml": '[workspace]\nmembers = ["quinn", "quinn-proto", "perf"]\n',
        "quinn/Cargo.toml": '[package]\nname = "quinn"\n\n[dependencies]\nquinn-proto = { path = "../quinn-proto" }\n',
        "quinn/src/lib.rs": "pub fn connect() {}\n",
        "quinn/examples/server.rs": "fn main() {}\n",
        "quinn/examples/client.rs": "fn main() {}\n",
        "quinn-proto/Cargo.toml": '[package]\nname = "quinn-proto"\n',
        "quinn-proto/src/lib.rs": "pub fn proto() {}\n",
        "perf/Cargo.toml": '[package]\nname = "perf"\n\n[dependencies]\nquinn = { path = "../quinn" }\n',
        "perf/src/bin/perf.rs": "fn main() {}\n",
    }


def test_a_workspaces_benchmark_tool_is_not_how_the_project_runs(make_project):
    learned = bodies(make_project, _quinn(), name="quinn")
    assert "workflow/run" not in learned
    assert "perf/src/bin/perf.rs" in learned["rust/entry-points"]


def test_the_main_members_examples_are_how_a_library_is_tried(make_project):
    examples = bodies(make_project, _quinn(), name="quinn")["rust/examples"]
    assert examples == ("Example programs in quinn/examples/: `client`, `server`; run one with "
                        "`cargo run -p quinn --example client`.")  # fmt: skip


def test_a_guides_cargo_example_run_is_the_run_command(make_project):
    guide = "# Contributing\n\n## Trying it\n\nRun the example server:\n\n```sh\ncargo run --example server ./\n```\n"
    files = {**_quinn(), "CONTRIBUTING.md": guide}
    assert bodies(make_project, files, name="quinn")["workflow/run"].startswith(
        "To run: `cargo run --example server ./`"
    )
