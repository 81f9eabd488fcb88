"""Round thirteen (issue 17), from the causes of the twelfth held-out set: how a change is written up in the
changelog, and one test named by a file that exists (a Rust integration test, a mocha test file), TestNG tests,
the API docs a pom's javadoc plugin builds."""

from __future__ import annotations

import json

from picasso_tui.profile.investigator import investigate
from tests.profile.learned import bodies

KEEP_A_CHANGELOG = """\
# Changelog

## [Unreleased]

### Added

- Add a `--dry-run` flag to the sync command (#412)

### Fixed

- Fix a crash when the config file is empty (#409)

## [1.2.0] - 2026-01-05

### Added

- First public release
"""


def test_the_changelog_says_where_a_change_goes_and_what_an_entry_looks_like(make_project):
    rule = bodies(make_project, {"CHANGELOG.md": KEEP_A_CHANGELOG, "a.py": ""})["rules/changelog"]
    assert rule.startswith("The changelog is CHANGELOG.md, newest entry first: changes go under the upcoming")
    assert "an entry has the sections Added, Fixed" in rule
    assert 'A line reads (under Added): "Add a `--dry-run` flag to the sync command (#412)"' in rule, (
        "the source line, as written"
    )
    news = "v1.10.0\ncli  : support LZ4_CLEVEL\nlib  : new level 2\nbuild: cmake 3.5\n\nv1.9.4\nlib  : fix\n"
    rule = bodies(make_project, {"NEWS": news, "a.c": ""}, name="news")["rules/changelog"]
    assert "(the latest: v1.10.0); each line starts with its area (lib, cli, build)" in rule  # most common first
    moved = "# Changelog has moved\n\nFor changes, please see our [Releases page](https://example.org/releases).\n"
    rule = bodies(make_project, {"CHANGELOG.md": moved, "a.rb": ""}, name="moved")["rules/changelog"]
    assert rule.startswith("CHANGELOG.md is no longer kept")


def test_one_rust_integration_test_is_named_by_its_file_unless_features_gate_it(make_project):
    manifest = '[package]\nname = "acme"\n\n[[test]]\nname = "gzip"\nrequired-features = ["gzip"]\n'
    learned = bodies(make_project, {
        "Cargo.toml": manifest, "src/lib.rs": "", "tests/gzip.rs": "#[test]\nfn gzip() {}\n",
        "tests/redirect.rs": "#[test]\nfn follows() {}\n",
        "tests/support/mod.rs": "",
    })  # fmt: skip
    assert learned["workflow/test-one"].startswith("To run one test: `cargo test --test redirect` (or `cargo test")


def test_one_mocha_test_is_a_file_that_exists(make_project):
    learned = bodies(make_project, {
        "package.json": '{"name": "f", "scripts": {"test": "mocha"}, "devDependencies": {"mocha": "^10"}}',
        "src/index.js": "", "test/utils.js": "", "test/headers.js": "", "test/request.js": "",
    })  # fmt: skip
    assert "`npx mocha test/headers.js`" in learned["workflow/test-one"]


def test_testng_tests_and_the_javadoc_plugin_are_named(make_project):
    pom = ("<project><dependencies><dependency><artifactId>testng</artifactId></dependency></dependencies>"
           "<build><plugins><plugin><artifactId>maven-javadoc-plugin</artifactId></plugin></plugins></build></project>")  # fmt: skip
    learned = bodies(make_project, {
        "pom.xml": pom, "src/main/java/A.java": "class A {}\n",
        **{f"src/test/java/A{i}Test.java": "import org.testng.annotations.Test;\nclass T {}\n" for i in range(3)},
    })  # fmt: skip
    assert "test tools: TestNG" in learned["jvm/packaging"] and "JUnit" not in learned["jvm/packaging"]
    assert "`mvn javadoc:javadoc`" in learned["workflow/docs"]


def test_a_changelog_a_tool_writes_is_not_edited_by_hand(make_project):
    pyproject = '[project]\nname = "acme"\n\n[tool.towncrier]\ndirectory = "changelog.d/"\nfilename = "CHANGELOG.md"\n'
    rule = bodies(make_project, {
        "pyproject.toml": pyproject, "CHANGELOG.md": KEEP_A_CHANGELOG, "changelog.d/12.change.md": "Fix.\n",
    })["rules/changelog"]  # fmt: skip
    assert rule.startswith("CHANGELOG.md is built by towncrier at release from news fragments: add a fragment to "
                           "changelog.d/")  # fmt: skip
    generated = "# Changelog\n\n## 3.5.0 (2026-08-05)\n\n" + "".join(
        f"- **core:** fix thing {i} (#{i}) ([abc{i:04d}](https://example.org/c/abc{i:04d}))\n" for i in range(12)
    )  # fmt: skip
    rule = bodies(make_project, {"CHANGELOG.md": generated, "package.json": '{"name": "c"}'}, name="gen")
    assert rule["rules/changelog"].startswith("CHANGELOG.md is generated from the commit messages at release")


def test_a_changelog_behind_the_release_tags_or_moved_to_another_file_is_said_so(make_project, tmp_path):
    import subprocess

    old = "# Changelog\n\n## v5.0.12 (2024-02-16)\n\n- Fix the router when a pattern ends in a slash\n"
    repo = make_project({"CHANGELOG.md": old, "mux.go": "package chi\n"}, name="stale")
    subprocess.run(["git", "tag", "v5.3.2"], cwd=repo.root, check=True, capture_output=True)
    _, findings, _ = investigate(repo.root)
    assert "rules/changelog" not in {f.key for f in findings}  # the tags went on, the file did not
    moved = "axum's changelog has moved to [here](https://github.com/acme/web/blob/main/web/CHANGELOG.md).\n"
    rule = bodies(make_project, {"CHANGELOG.md": moved, "web/CHANGELOG.md": old, "web/src/lib.rs": ""},
                  name="moved-file")["rules/changelog"]  # fmt: skip
    assert (
        rule == "CHANGELOG.md is no longer kept: the changes are recorded in web/CHANGELOG.md (as CHANGELOG.md says)."
    )


def test_the_maven_spotless_plugin_gives_the_format_check_and_fix(make_project):
    pom = "<project><build><plugins><plugin><artifactId>spotless-maven-plugin</artifactId></plugin></plugins></build></project>"
    learned = bodies(make_project, {"pom.xml": pom, "src/main/java/A.java": "class A {}\n"})
    assert learned["workflow/format"].startswith("To format: `mvn spotless:apply`")
    assert "`mvn spotless:check`" in learned["workflow/lint"]


def test_a_phpunit_bootstrap_that_exits_without_a_variable_sets_it_in_the_test_command(make_project):
    bootstrap = ("<?php\nswitch ($c = getenv('CALCULATOR')) {\n  case 'GMP': break;\n  case 'Native': break;\n"
                 "  default: echo 'CALCULATOR environment variable not set!'; exit(1);\n}\n")  # fmt: skip
    learned = bodies(make_project, {
        "composer.json": '{"require-dev": {"phpunit/phpunit": "^11"}}', "src/A.php": "<?php\n",
        "phpunit.xml": '<phpunit bootstrap="phpunit.php"></phpunit>', "phpunit.php": bootstrap,
    })  # fmt: skip
    assert learned["workflow/test"].startswith("To test: `CALCULATOR=GMP vendor/bin/phpunit` (phpunit.php exits unless")
    assert "`CALCULATOR=GMP vendor/bin/phpunit --filter '<test name>'`" in learned["workflow/test-one"]


def test_a_test_tool_only_an_example_runs_is_not_the_projects(make_project):
    package = {"name": "uuid", "devDependencies": {"jest": "30"}, "scripts": {
        "test": "node --test dist/test/*.js", "examples:jest": "cd examples/node-jest && npm test"}}  # fmt: skip
    stack = bodies(make_project, {"package.json": json.dumps(package), "src/index.js": ""})["javascript/stack"]
    assert "Jest" not in stack


def test_the_sections_of_the_releases_before_count_when_the_upcoming_one_has_few(make_project):
    """python-dotenv's [Unreleased] has only "Fixed" so far; its releases use Added, Changed and Fixed."""
    changelog = (
        "# Changelog\n\n## [Unreleased]\n\n### Fixed\n\n- Strip a leading BOM from the file (#1)\n\n"
        "## [1.2.0] - 2025-01-01\n\n### Added\n\n- A new option for the loader (#2)\n\n### Changed\n\n"
        "- The parser reads quotes strictly (#3)\n\n### Fixed\n\n- A crash on empty files (#4)\n\n"
        "## [1.1.0] - 2024-01-01\n\n### Added\n\n- Another option for the loader (#5)\n"
    )
    repo = make_project({"CHANGELOG.md": changelog, "src/dotenv/main.py": "x = 1\n"}, name="dotenv")
    said = {f.key: f.body for f in repo.init().findings}["rules/changelog"]
    assert "entries use the sections Added, Changed, Fixed" in said  # in Keep a Changelog's order
