"""Causes judged on sets 81 and 83 (issue 17, forty-first round, both run on `9a22c4bf`): a sonar-only CI step, a
module's Java release taken for the root's, Laravel's lang/<locale>/ folders, a PHP application's asset watcher
given as "to run", "`A` instead of `B`" in an agent file, set-up scripts and help output taken for commands, test
data and copied scripts as languages, a changelog generator superseded by release-please or written at release in
version-bump commits, and a Maven wrapper too old for the build that CI passes by."""

from __future__ import annotations

import os
import subprocess

from tests.profile.learned import bodies

ROOT_POM = """<project><artifactId>metrics-parent</artifactId><modules><module>metrics-core</module></modules>
<build><plugins><plugin><artifactId>maven-compiler-plugin</artifactId><configuration><release>8</release>
</configuration></plugin></plugins></build></project>"""


def test_the_roots_release_and_a_ci_step_that_only_uploads_to_sonar(make_project):
    ci = "on: [push, pull_request]\njobs:\n  build:\n    runs-on: ubuntu-latest\n    steps:\n      - run: ./mvnw -B " \
         "install\n      - run: ./mvnw -B -ff -ntp org.sonarsource.scanner.maven:sonar-maven-plugin:sonar\n"  # fmt: skip
    files = {"pom.xml": ROOT_POM, "mvnw": "#!/bin/sh\n", ".github/workflows/maven.yml": ci,
             "metrics-core/pom.xml": "<project><artifactId>metrics-core</artifactId></project>",
             "metrics-core/src/main/java/M.java": "class M {}\n",
             "metrics-jetty12/pom.xml": "<project><properties><maven.compiler.release>17</maven.compiler.release>"
                                        "</properties></project>"}  # fmt: skip
    learned = bodies(make_project, files, name="metrics")
    assert "compiles for Java 8" in learned["jvm/packaging"]
    assert "-ff -ntp`" not in learned["workflow/test"] and "sonar" not in learned["ci"]


def test_laravels_locale_folders_and_an_asset_watcher(make_project):
    pkg = '{"scripts": {"build:css:watch": "sass ./resources/sass:./public/dist --watch", "build:js:watch": ' \
          '"chokidar \\"./resources/**/*.js\\" -c \\"npm run build:js:dev\\"", "build:js:dev": "node dev/build/' \
          'esbuild.js", "watch": "npm-run-all --parallel build:*:watch", "livereload": "livereload ./public/dist/", ' \
          '"dev": "npm-run-all --parallel watch livereload"}}'  # fmt: skip
    files = {"composer.json": '{"name": "bookstack/bookstack", "autoload": {"psr-4": {"BookStack\\\\": "app/"}}}',
             "artisan": "#!/usr/bin/env php\n<?php\n", "package.json": pkg, "package-lock.json": "{}",
             **{f"app/Http/C{i}.php": "<?php\nclass C {}\n" * 5 for i in range(6)},
             **{f"lang/{loc}/{group}.php": "<?php\nreturn ['a' => 'b'];\n" * 30 for loc in ("en", "fr", "de", "pt_BR")
                for group in ("auth", "common", "entities")}}  # fmt: skip
    learned = bodies(make_project, files, name="BookStack")
    assert learned["layout/source"].startswith("Main source in app/")
    assert "npm run dev" not in learned.get("workflow/run", "")


def test_a_command_an_agent_file_says_to_use_instead_and_preparation_scripts(make_project):
    agents = "# Agents\n\nUse `npm run lint` instead of `npx eslint`, `npm run test:api` instead of `npx mocha " \
             "test/api`.\n"  # fmt: skip
    guide = "# Contributing\n\n## Running the tests\n\nTo run the tests with encryption, first run " \
            "`scripts/configure-cluster-with-encryption.sh`, then `npm test`.\n"  # fmt: skip
    pkg = '{"name": "jsdom", "scripts": {"test": "mocha", "lint": "eslint .", "test:api": "mocha test/api"}, ' \
          '"devDependencies": {"mocha": "^10", "eslint": "^9"}}'  # fmt: skip
    files = {"package.json": pkg, "package-lock.json": "{}", "lib/index.js": "module.exports = 1;\n",
             "test/api/a.js": "it('a', () => {});\n", "AGENTS.md": agents, "CONTRIBUTING.md": guide,
             "scripts/configure-cluster-with-encryption.sh": "#!/bin/sh\n"}  # fmt: skip
    learned = bodies(make_project, files, name="jsdom")
    assert "npx eslint" not in learned["workflow/lint"] and "npx mocha test/api" not in learned["workflow/test"]
    assert learned["workflow/test"].startswith("To test: `npm test`")
    assert "configure-cluster" not in learned["workflow/test"]


def test_test_data_and_copied_scripts_are_no_language(make_project):
    files = {"go.mod": "module github.com/caddyserver/caddy\n\ngo 1.22\n", "caddy.go": "package caddy\n" * 40,
             "modules/encode/testdata/caddy_asciinema_player.js": "var p = 1;\n" * 500}  # fmt: skip
    assert bodies(make_project, files, name="caddy")["languages"].startswith("Languages by share of source: Go 100%")


def test_release_please_over_an_old_generator_footer_and_version_bumps(make_project):
    files = {"go.mod": "module x\n\ngo 1.22\n", "main.go": "package main\n", "release-please-config.json": "{}",
             ".github_changelog_generator": "user=x\n",
             "CHANGELOG.md": "# Changelog\n\n## 1.0.0\n\n* a\n"}  # fmt: skip
    assert "release-please" in bodies(make_project, files, name="gomplate")["rules/changelog"]
    repo = make_project({"Cargo.toml": '[package]\nname = "cb"\nversion = "0.1.0"\n', "src/lib.rs": "\n",
                         "CHANGES": "## 0.1.0\n\n* Support constant enums.\n"}, name="cbindgen")  # fmt: skip
    stamp = {"GIT_AUTHOR_NAME": "dev", "GIT_AUTHOR_EMAIL": "d@x", "GIT_COMMITTER_NAME": "dev", "GIT_COMMITTER_EMAIL":
             "d@x"}  # fmt: skip
    subjects = ["Bump version.", "Cargo update and version bump.", "Update changelog for v0.25.0", "Release 0.29.0",
                "Update CHANGES since v0.26.0", "Fix a thing", "Bump version to 0.29.3 and update CHANGES doc",
                "v0.26.0", "Update changelog and bump version.", "Release 0.28.0", "Note a feature"]  # fmt: skip
    for i, subject in enumerate(subjects):
        (repo.root / "CHANGES").write_text(f"## 0.{i}.0\n\n* Entry {i}.\n")
        subprocess.run(["git", "-C", str(repo.root), "commit", "-qam", subject], check=True,
                       env={**os.environ, **stamp})  # fmt: skip
    from picasso_tui.profile.investigator import investigate

    changelog = {f.key: f.body for f in investigate(repo.root)[1]}["rules/changelog"]
    assert "written at release time" in changelog


def test_an_old_maven_wrapper_ci_passes_by(make_project):
    ci = "on: [push]\njobs:\n  build:\n    runs-on: ubuntu-latest\n    steps:\n      - run: |\n          mvn \\\n" \
         "            --batch-mode verify\n"  # fmt: skip
    files = {"pom.xml": "<project><artifactId>jinjava</artifactId></project>", "mvnw": "#!/bin/sh\n",
             ".mvn/wrapper/maven-wrapper.properties": "distributionUrl=https://repo.maven.apache.org/maven2/org/"
             "apache/maven/apache-maven/3.6.2/apache-maven-3.6.2-bin.zip\n", "src/main/java/J.java": "class J {}\n",
             "src/test/java/JTest.java": "class JTest {}\n",
             ".github/workflows/ci.yml": ci}  # fmt: skip
    learned = bodies(make_project, files, name="jinjava")
    assert "./mvnw" not in learned["jvm/packaging"] + learned["workflow/test-one"]
    files[".mvn/wrapper/maven-wrapper.properties"] = files[".mvn/wrapper/maven-wrapper.properties"].replace(
        "3.6.2", "3.9.9"
    )
    assert "./mvnw" in bodies(make_project, files, name="jinjava2")["jvm/packaging"]
