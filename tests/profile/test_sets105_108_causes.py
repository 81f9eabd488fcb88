"""Causes judged on sets 105–108's run (issue 17, forty-second round, after the run on the session's final code; no
set has run since): numpy-style and versioned commit tags, a release plugin's commits, a bare `make` offered as a
check or whose default target prints help, `tsc` without a tsconfig.json, rustfmt turned off, a `-Dtest` class with no
tests, a missing BUNDLE_GEMFILE, a `-pl …/...` placeholder and a `vendored_*` folder."""

from __future__ import annotations

import os
import subprocess

from tests.profile.learned import bodies


def _commit(root, subjects: list[str]) -> None:
    env = {**os.environ, "GIT_AUTHOR_NAME": "dev", "GIT_AUTHOR_EMAIL": "d@x", "GIT_COMMITTER_NAME": "dev",
           "GIT_COMMITTER_EMAIL": "d@x"}  # fmt: skip
    for n, subject in enumerate(subjects):
        (root / f"f{n}.txt").write_text(subject)
        subprocess.run(["git", "-C", str(root), "add", "-A"], check=True, env=env)
        subprocess.run(["git", "-C", str(root), "commit", "-qm", subject], check=True, env=env)


def test_upper_case_tags_and_versioned_areas_are_conventions(make_project):
    repo = make_project({"joblib/__init__.py": "x = 1\n"}, name="joblib")
    _commit(repo.root, [f"{tag} change number {n}" for n, tag in enumerate(["FIX", "DOC", "MNT", "FIX", "ENH"] * 2)])
    from picasso_tui.profile.investigator import investigate

    found = {f.key: f.body for f in investigate(repo.root)[1]}
    assert "an upper-case change-type tag leads" in found["git/conventions"]
    php = make_project({"src/Sniff.php": "<?php\n"}, name="PHPCompatibility")
    _commit(php.root, [f"PHP 8.4 | NewFunctions: detect function {n}" for n in range(6)] +
            ["[Gradle Release Plugin] - new version commit: '1.0'"] * 4)  # fmt: skip
    found = {f.key: f.body for f in investigate(php.root)[1]}
    assert "a version and an area lead" in found["git/conventions"] and "bracketed" not in found["git/conventions"]


def test_commands_that_check_nothing_or_cannot_run(make_project):
    guide = ("# Contributing\n\nRun all checks with `make`.\n\nFormat with `cargo fmt`.\n\nType-check with `tsc`.\n\n"
             "Run one test with `./mvnw -Dtest=LockFreeBucketLayout#testMethod test`.\n\n"
             "Test the old versions with `./mvnw -pl backward-compatibility-tests/... test`.\n")  # fmt: skip
    files = {"CONTRIBUTING.md": guide, "Makefile": "all: lint test\nlint:\n\truff check .\ntest:\n\tpytest\n",
             ".rustfmt.toml": "disable_all_formatting = true\n", "Cargo.toml": '[package]\nname = "rocket"\n',
             "src/lib.rs": "pub fn f() {}\n", "mvnw": "#!/bin/sh\n", ".mvn/wrapper/maven-wrapper.properties": "x=1\n",
             "pom.xml": "<project><artifactId>b</artifactId></project>\n",
             "src/test/java/LockFreeBucketLayout.java": "class LockFreeBucketLayout { public static void main(String[] a) {} }\n",
             "vendored_parsers/tree-sitter-x/src/parser.c": "int parse(void) { return 0; }\n" * 400}  # fmt: skip
    learned = bodies(make_project, files, name="mixed")
    assert "`make`" not in learned.get("workflow/lint", "") and "cargo fmt" not in learned.get("workflow/format", "")
    assert "`tsc`" not in learned.get("workflow/typecheck", "")
    assert "LockFreeBucketLayout" not in learned.get("workflow/test-one", "")
    assert "backward-compatibility-tests/..." not in learned.get("workflow/test", "")
    assert "C " not in learned["languages"].split("Main language")[0]
    readme = "# doorkeeper\n\n## Testing\n\n```\nBUNDLE_GEMFILE=gemfiles/rails_6_0.gemfile bundle exec rake\n```\n"
    ruby = {"README.md": readme, "Gemfile": "source 'https://rubygems.org'\n", "gemfiles/rails_7_2.gemfile": "x\n",
            "lib/doorkeeper.rb": "module Doorkeeper; end\n", "Rakefile": "task default: :spec\n"}  # fmt: skip
    assert "rails_6_0" not in bodies(make_project, ruby, name="doorkeeper").get("workflow/test", "")


def test_the_word_exposed_in_a_config_is_no_orm(make_project):
    pom = ("<project><artifactId>async-http-client</artifactId><build><plugins><plugin><artifactId>revapi-maven-plugin"
           "</artifactId><configuration><analysisConfiguration>{\"justification\": \"Internal classes exposed via "
           "public methods are intentional\"}</analysisConfiguration></configuration></plugin></plugins></build>"
           "</project>\n")  # fmt: skip
    files = {"pom.xml": pom, "src/main/java/org/asynchttpclient/Client.java": "class Client {}\n"}
    assert "Exposed" not in bodies(make_project, files, name="async-http-client")["jvm/packaging"]
    gradle = {"build.gradle.kts": 'dependencies {\n    implementation("org.jetbrains.exposed:exposed-core:0.50.0")\n}\n',
              "src/main/kotlin/App.kt": "fun main() {}\n"}  # fmt: skip
    assert "Exposed" in bodies(make_project, gradle, name="app")["jvm/packaging"]


def test_one_test_cites_the_file_that_declares_pytest(make_project):
    from picasso_tui.profile.investigator import investigate

    pyproject = '[project]\nname = "csvkit"\nversion = "2"\n\n[project.optional-dependencies]\ntest = ["pytest"]\n'
    files = {"pyproject.toml": pyproject, "csvkit/__init__.py": "x = 1\n",
             "tests/test_cleanup.py": "class TestCleanup:\n    def test_a(self):\n        pass\n"}  # fmt: skip
    repo = make_project(files, name="csvkit")
    one = next(f for f in investigate(repo.root)[1] if f.key == "workflow/test-one")
    assert "pyproject.toml" in one.sources
