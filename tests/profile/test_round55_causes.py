"""Causes found in the fifty-fifth round: a placeholder, a test or a squashed-away migration named as the newest
(firefly-iii's .gitkeep, navidrome's *_test.go, weg-li's db/migrate/old/), dated migrations in sub-folders ordered
by folder (twill), another project's code copied in presented as the main source's largest modules (jc's
asn1crypto with its own LICENSE, wp-rocket's folders its phpcs.xml leaves out), and docs folders whose front page
says the docs moved away given as how to build the docs (tinygo's Sphinx stub, leptos' book)."""

from __future__ import annotations

from picasso_tui.profile.investigator import investigate
from tests.profile.learned import bodies, workflow

RAILS = {
    "Gemfile": "source 'https://rubygems.org'\ngem 'rails'\n",
    "app/models/user.rb": "class User; end\n",
    "db/migrate/20240101000000_create_users.rb": "class CreateUsers; end\n",
    "db/migrate/20250302000000_add_name.rb": "class AddName; end\n",
}
GO = {"go.mod": "module example.com/app\n\ngo 1.22\n", "main.go": "package main\n\nfunc main() {}\n"}


def test_the_newest_migration_is_never_a_placeholder_a_test_or_a_squashed_one(make_project):
    files = RAILS | {
        "db/migrate/.gitkeep": "",
        "db/migrate/old/20990101000000_squashed.rb": "class Squashed; end\n",
        "db/migrate/zz_migration_test.rb": "# checks the last migration\n",
    }
    said = bodies(make_project, files, "weg")["layout/migrations"]
    assert "(2 migrations; newest 20250302000000_add_name.rb)" in said, said


def test_dated_migrations_in_sub_folders_are_one_sequence(make_project):
    files = {
        "composer.json": '{"name": "t/twill"}\n',
        "src/Twill.php": "<?php class Twill {}\n",
        "migrations/default/2023_03_24_125122_add_id_to_related.php": "<?php\n",
        "migrations/optional/2020_02_09_000014_create_oauth_table.php": "<?php\n",
    }
    said = bodies(make_project, files, "twill")["layout/migrations"]
    assert "newest 2023_03_24_125122_add_id_to_related.php" in said, said


def test_prisma_migrations_are_named_by_their_folder(make_project):
    files = {
        "package.json": '{"name": "app"}\n',
        "src/index.ts": "export const a = 1;\n",
        "prisma/migrations/20230101000000_init/migration.sql": "CREATE TABLE a();\n",
        "prisma/migrations/20240505000000_add_users/migration.sql": "CREATE TABLE u();\n",
        "prisma/migrations/migration_lock.toml": 'provider = "postgresql"\n',
    }
    said = bodies(make_project, files, "site")["layout/migrations"]
    assert "(2 migrations; newest 20240505000000_add_users/)" in said, said


def test_revision_ids_give_no_newest_migration(make_project):
    files = {
        "pyproject.toml": '[project]\nname = "svc"\n',
        "svc/__init__.py": "x = 1\n",
        "alembic/versions/3f2a1b_add_user.py": "revision = '3f2a1b'\n",
        "alembic/versions/a81c0d_add_group.py": "revision = 'a81c0d'\n",
    }
    said = bodies(make_project, files, "svc")["layout/migrations"]
    assert said == "Database migrations live in alembic/versions/ (2 migrations).", said


def test_code_copied_in_with_its_own_licence_is_not_the_main_source(make_project):
    files = {
        "setup.py": "from setuptools import setup\nsetup(name='jc')\n",
        "jc/__init__.py": "x = 1\n",
        "jc/cli.py": "def main():\n    return 1\n" * 20,
        "jc/parsers/ls.py": "def parse():\n    return []\n" * 10,
        "jc/parsers/asn1crypto/LICENSE": "Copyright (c) 2015 Will Bond\n",
        "jc/parsers/asn1crypto/core.py": "class Asn1Value:\n    pass\n" * 400,
    }
    said = bodies(make_project, files, "jc")["layout/source"]
    assert "cli.py" in said and "asn1crypto" not in said, said


def test_a_package_with_its_licence_and_its_manifest_is_still_the_projects(make_project):
    files = {
        "package.json": '{"name": "root", "private": true, "workspaces": ["packages/*"]}\n',
        "packages/core/package.json": '{"name": "core"}\n',
        "packages/core/LICENSE": "MIT\n",
        "packages/core/index.js": "export const core = 1;\n" * 200,
        "packages/cli/package.json": '{"name": "cli"}\n',
        "packages/cli/index.js": "export const cli = 1;\n",
    }
    assert "core/index.js" in bodies(make_project, files, "mono")["layout/source"]


def test_folders_phpcs_leaves_out_are_not_the_main_source(make_project):
    phpcs = (
        '<?xml version="1.0"?>\n<ruleset name="Plugin">\n\t<exclude-pattern>/inc/Dependencies/*</exclude-pattern>\n'
        '\t<exclude-pattern>/inc/vendors/*</exclude-pattern>\n\t<rule ref="WordPress"/>\n</ruleset>\n'
    )
    files = {
        "composer.json": '{"name": "t/plugin"}\n',
        "phpcs.xml": phpcs,
        "inc/Engine/Admin/Page.php": "<?php class Page {}\n" * 50,
        "inc/functions/files.php": "<?php function f() {}\n" * 30,
        "inc/Dependencies/BerlinDB/Query.php": "<?php class Query {}\n" * 900,
        "inc/vendors/classes/class-mobile-detect.php": "<?php class Detect {}\n" * 800,
    }
    said = bodies(make_project, files, "plugin")["layout/source"]
    assert "Engine/Admin/Page.php" in said and "BerlinDB" not in said and "mobile-detect" not in said, said


def test_a_docs_folder_that_says_the_site_moved_is_not_how_the_docs_are_built(make_project):
    index = ".. TinyGo documentation master file\n\nThe TinyGo site has moved!\n=====\n\nSee https://tinygo.org.\n"
    files = GO | {"docs/conf.py": "project = 'TinyGo'\n", "docs/index.rst": index}
    said = bodies(make_project, files, "tinygo")
    assert "sphinx-build" not in said.get("workflow/docs", ""), said.get("workflow/docs")
    assert "Sphinx" not in said.get("layout/folders", ""), said.get("layout/folders")
    kept = bodies(make_project, GO | {"docs/conf.py": "project = 'T'\n", "docs/index.rst": "Welcome to T.\n"}, "t2")
    assert "`sphinx-build docs docs/_build/html`" in kept["workflow/docs"]


def test_a_book_whose_source_moved_away_or_is_not_written_yet_is_not_built(make_project):
    files = {
        "Cargo.toml": '[package]\nname = "leptos"\nversion = "0.1.0"\n',
        "src/lib.rs": "pub fn a() {}\n",
        "docs/book/book.toml": "[book]\ntitle = 'Leptos'\n",
        "docs/book/src/SUMMARY.md": "- [Intro](./intro.md)\n",
        "docs/book/README.md": "The source code for the book has moved to https://github.com/leptos-rs/book.\n",
        "docs/book_ru/book.toml": "[book]\ntitle = 'Leptos'\n",
        "docs/book_ru/src/SUMMARY.md": "- [Intro](./intro.md)\n",
        "docs/book_ru/README.md": "> Translation underway, book will be available soon\n",
    }
    said = bodies(make_project, files, "leptos")
    assert "mdbook" not in said.get("workflow/docs", ""), said.get("workflow/docs")


def test_one_unittest_file_of_a_test_folder_that_is_no_package_runs_through_discovery(make_project):
    case = "import unittest\n\nfrom config import tape\n\n\nclass ClientTests(unittest.TestCase):\n    def test_a(self):\n        pass\n"
    files = {
        "pyproject.toml": '[project]\nname = "tweepy"\ndependencies = ["requests"]\n',
        "tweepy/__init__.py": "x = 1\n",
        "tests/config.py": "tape = None\n",
        "tests/test_client.py": case,
    }
    said = bodies(make_project, files, "tweepy")["workflow/test-one"]
    assert "`python -m unittest discover tests -p test_client.py`" in said, said


def test_one_rails_test_is_shown_on_a_real_unit_test_file(make_project):
    files = {
        "Gemfile": "source 'https://rubygems.org'\ngem 'rails'\n",
        "config/application.rb": "require 'rails/all'\nmodule App; class Application < Rails::Application; end; end\n",
        "bin/rails": "#!/usr/bin/env ruby\n",
        "app/models/issue.rb": "class Issue; end\n",
        "test/system/issues_test.rb": "class IssuesSystemTest; end\n",
        "test/unit/issue_test.rb": "class IssueTest < ActiveSupport::TestCase\n  def test_create; end\nend\n",
    }
    said = bodies(make_project, files, "redmine")["workflow/test-one"]
    assert "`bin/rails test test/unit/issue_test.rb:<line>`" in said, said


def test_one_test_of_an_android_app_names_the_default_flavours_unit_test_task(make_project):
    app = (
        'plugins {\n    id("com.android.application")\n    kotlin("android")\n}\n\nandroid {\n'
        '    flavorDimensions += listOf("flavor")\n    productFlavors {\n        create("amazon") {\n'
        '            applicationId = "com.example.amazon"\n        }\n        create("pure") {\n'
        "            isDefault = true\n        }\n    }\n}\n"
    )
    files = {
        "settings.gradle.kts": 'rootProject.name = "guide"\ninclude(":app")\n',
        "build.gradle.kts": 'plugins {\n    id("com.android.application") version "8.5.0" apply false\n}\n',
        "gradlew": "#!/bin/sh\n",
        "app/build.gradle.kts": app,
        "app/src/main/java/com/example/Main.kt": "package com.example\n\nclass Main\n",
        "app/src/test/java/com/example/TextToolsTest.kt": "package com.example\n\nclass TextToolsTest {\n    @Test fun a() {}\n}\n",
    }
    said = bodies(make_project, files, "guide")["workflow/test-one"]
    assert "`./gradlew :app:testPureDebugUnitTest --tests" in said, said


def test_a_doxyfile_nothing_runs_is_not_how_the_docs_are_built(make_project):
    files = {
        "CMakeLists.txt": "cmake_minimum_required(VERSION 3.10)\nproject(wm CXX)\nadd_executable(wm src/main.cpp)\n",
        "src/main.cpp": "int main() { return 0; }\n",
        "Doxyfile": "PROJECT_NAME = wm\nINPUT =\n",
        ".gitignore": "build/\nDoxyfile.html/\n",
        "doc/README.md": "# Manual\n\nThe manual pages are written in asciidoc.\n",
    }
    assert "Doxygen" not in bodies(make_project, files, "wm").get("layout/folders", "")
    built = files | {"CMakeLists.txt": files["CMakeLists.txt"] + "find_package(Doxygen)\ndoxygen_add_docs(docs src)\n"}
    assert "Documentation is built with Doxygen" in bodies(make_project, built, "wm2")["layout/folders"]


def test_a_docs_folder_of_screenshots_beside_its_pages_is_documentation(make_project):
    files = GO | {"docs/configuration.md": "# Configuration\n\nEvery option.\n", "docs/extensions.md": "# Ext\n"}
    files |= {f"docs/images/widget-{i}.png": b"\x89PNG\r\n\x1a\n\x00\x00" for i in range(8)}
    folders = bodies(make_project, files, "glance")["layout/folders"]
    assert "docs/ (documentation, 10 files)" in folders, folders


def test_folder_readmes_that_are_no_description_are_not_quoted(make_project):
    files = GO | {
        "examples/README.rst": "#####\nCrateDB driver examples\n#####\n\nSee the example project README.\n",
        "scripts/README": " _ _ _\n| |_ _ _ _| |\n|_| |_ / _|\n\nthis dir contains scripts which talk to the wm.\n",
        "scripts/a.sh": "#!/bin/sh\necho a\n",
        "miniupnpd/README": "MiniUPnP project (c) 2006-2024 Thomas Bernard\n",
        "miniupnpd/a.c": "int a;\n",
        "flatbuffers/README.md": "Compile using\n\n```\nflatc --kotlin schema.fbs\n```\n",
        "flatbuffers/schema.fbs": "table A {}\n",
        "admin/README.md": "# React + Vite\n\nThis template provides a minimal setup to get React working in Vite.\n",
        "admin/main.go": "package admin\n",
        ".github/workflows/ci.yml": "on: [push]\njobs: {}\n",
    }
    folders = bodies(make_project, files, "wm")["layout/folders"]
    assert "2 files, README: this dir contains scripts which talk to the wm.)" in folders, folders
    assert "(c)" not in folders and "Compile using" not in folders and "template provides" not in folders, folders
    assert "#####" not in folders and ".github/ (GitHub workflows, 1 file)" in folders, folders


def test_a_composer_metapackage_beside_a_go_module_is_no_php_project(make_project):
    meta = '{"name": "spiral/roadrunner", "type": "metapackage", "require": {"spiral/roadrunner-cli": "^2.5"}}\n'
    files = GO | {"composer.json": meta, "tests/php_test_files/worker.php": "<?php echo 1;\n"}
    said = bodies(make_project, files, "roadrunner")
    assert "php/packaging" not in said and "composer install" not in said.get("workflow/install", ""), said


def test_a_python_binding_in_a_c_library_folder_is_no_python_project(make_project):
    files = {f"miniupnpc/src/f{i}.c": "int f;\n" for i in range(12)} | {
        "miniupnpc/setup.py": "from setuptools import setup\nsetup(name='miniupnpc')\n",
        "miniupnpc/Makefile": "all:\n\tcc -c src/*.c\n",
        "miniupnpc/miniupnpcmodule.py": "x = 1\n",
        "README.md": "# MiniUPnP\n",
    }
    said = bodies(make_project, files, "miniupnp")
    assert "python/packaging" not in said and "pip install" not in said.get("workflow/install", ""), said


def test_a_root_develop_page_is_the_contributor_guide(make_project):
    guide = (
        "Developer guide\n===============\n\nSetup a virtualenv and install the package::\n\n"
        "    python -m venv .venv\n    python -m pip install --group dev -e .\n"
    )
    files = {
        "pyproject.toml": '[project]\nname = "crate"\n\n[dependency-groups]\ndev = ["pytest"]\n',
        "src/crate/__init__.py": "x = 1\n",
        "DEVELOP.rst": guide,
    }
    said = bodies(make_project, files, "crate-python")["workflow/install"]
    assert said.startswith("To install: `python -m pip install --group dev -e .` — from DEVELOP.rst"), said


def test_an_android_library_applied_through_a_catalog_alias_is_known_by_its_android_block(make_project):
    lib = (
        "plugins {\n    alias(libs.plugins.library)\n    alias(libs.plugins.kotlin.android)\n}\n\n"
        'android {\n    namespace = "com.github.appintro"\n    compileSdk = 34\n}\n'
    )
    files = {
        "settings.gradle.kts": 'include(":appintro")\n',
        "build.gradle.kts": "plugins {\n    alias(libs.plugins.library) apply false\n}\n",
        "gradlew": "#!/bin/sh\n",
        "appintro/build.gradle.kts": lib,
        "appintro/src/main/java/com/github/appintro/AppIntro.kt": "package com.github.appintro\n\nclass AppIntro\n",
        "appintro/src/test/java/com/github/appintro/LogHelperTest.kt": "package com.github.appintro\n\nclass LogHelperTest {\n    @Test fun a() {}\n}\n",
    }
    said = bodies(make_project, files, "AppIntro")["workflow/test-one"]
    assert "`./gradlew :appintro:testDebugUnitTest --tests" in said, said


def test_other_tools_agent_files_left_half_a_year_behind_agents_md_are_not_relayed(make_project, monkeypatch):
    old_rules = "# Rules\n\n- Put examples in tests/examples/ and run them with `pytest tests/examples`.\n"
    monkeypatch.setenv("GIT_COMMITTER_DATE", "2025-11-15T00:00:00")
    repo = make_project({**GO, ".windsurfrules": old_rules, ".cursor/rules/dev-loop.mdc": old_rules}, "vcspull")
    monkeypatch.setenv("GIT_COMMITTER_DATE", "2026-08-22T00:00:00")
    agents = "# Agent guide\n\n- Run `go test ./...` before every commit.\n- Keep functions short.\n"
    repo.write({"AGENTS.md": agents}).commit("rewrite the agent guide")
    monkeypatch.delenv("GIT_COMMITTER_DATE")
    keys = {f.key for f in investigate(repo.root)[1]}
    assert "rules/AGENTS.md" in keys and "rules/.windsurfrules" not in keys, keys
    assert not any(k.startswith("rules/.cursor") for k in keys), keys


def test_an_install_target_that_copies_into_gopath_is_no_set_up(make_project):
    makefile = "install: release/tool\n\tcp release/tool-linux-amd64 $(GOPATH)/bin/tool\n\ntest:\n\tgo test ./...\n"
    said = bodies(make_project, GO | {"Makefile": makefile}, "goss")
    assert "make install" not in said.get("workflow/install", ""), said.get("workflow/install")


def test_a_tool_the_guide_installs_globally_comes_after_the_projects_own_set_up(make_project):
    guide = "# Contributing\n\nInstall tox with `uv tool install tox --with=tox-uv`.\n\nThen run `make install`.\n"
    files = {
        "pyproject.toml": '[project]\nname = "cli"\n',
        "src/cli/__init__.py": "x = 1\n",
        "Makefile": "install: .venv\n\n.venv:\n\tpython -m venv .venv\n\t.venv/bin/pip install -e .\n",
        "CONTRIBUTING.md": guide,
    }
    said = bodies(make_project, files, "globus-cli")["workflow/install"]
    assert said.startswith("To install: `make install`"), said


def test_build_tags_ci_sets_in_goflags_are_written_into_the_go_commands(make_project):
    ci = (
        'on: [push]\nenv:\n  GOFLAGS: "-tags=deprecated_transport,nobadger"\njobs:\n  test:\n    runs-on: ubuntu-latest\n'
        "    steps:\n      - uses: actions/checkout@v4\n      - run: go test -race ./...\n"
        '      - run: ct lint --check-version-increment=false --target-branch "$DEFAULT_BRANCH"\n'
    )
    files = GO | {
        "hub.go": "package main\n",
        "hub_test.go": 'package main\n\nimport "testing"\n\nfunc TestNewHub(t *testing.T) {}\n',
    }
    said = bodies(make_project, files | {".github/workflows/ci.yml": ci}, "mercure")
    assert "`go test -tags=deprecated_transport,nobadger -race ./...`" in said["ci"], said["ci"]
    assert said["workflow/test"].startswith("To test: `go test -tags=deprecated_transport,nobadger -race ./...`")
    assert "--target-branch" not in said["ci"], said["ci"]


def test_a_pyproject_that_only_sets_up_docs_tools_beside_rust_is_no_python_project(make_project):
    pyproject = (
        '[project]\nname = "jj-docs"\nversion = "0.1.0"\ndependencies = []\n\n[dependency-groups]\ndev = ["mkdocs"]\n'
    )
    files = {
        "Cargo.toml": '[package]\nname = "jj"\nversion = "0.1.0"\n',
        "src/main.rs": "fn main() {}\n" * 20,
        "pyproject.toml": pyproject,
        "mkdocs.yml": "site_name: jj\n",
    }
    said = bodies(make_project, files, "jj")
    assert "python/packaging" not in said and "python/stack" not in said, said.get("python/packaging")


def test_backticks_in_a_config_block_and_a_command_one_does_not_need_are_no_commands(make_project):
    guide = (
        "# Contributing\n\nRun the tests with `cargo test`.\n\n## Editor\n\n```json\n{\n"
        "  // If you are working on docs and don't need `cargo check`, uncomment\n}\n```\n\n"
        "If you only edit docs you don't need `cargo build` either.\n"
    )
    files = {"Cargo.toml": '[package]\nname = "jj"\nversion = "0.1.0"\n', "src/lib.rs": "pub fn a() {}\n",
             "CONTRIBUTING.md": guide}  # fmt: skip
    said = bodies(make_project, files, "jj")
    assert "cargo check" not in said.get("workflow/docs", "") and "cargo check" not in said.get("workflow/lint", "")
    assert "cargo build`" not in said.get("workflow/build", "").split("—")[0] or "Cargo.toml" in said["workflow/build"]


def test_flavours_from_an_applied_gradle_script_name_the_unit_test_task(make_project):
    flavours = (
        'android {\n    flavorDimensions += ["market"]\n    productFlavors {\n        free {\n'
        '            dimension "market"\n        }\n        play {\n            dimension "market"\n        }\n    }\n}\n'
    )
    app = (
        "plugins {\n    id('com.android.application')\n}\napply from: \"../playFlavor.gradle\"\n\n"
        "android {\n    compileSdk 34\n}\n"
    )
    files = {
        "settings.gradle": "include ':app'\n",
        "build.gradle": "plugins {\n    id 'com.android.application' version '8.5.0' apply false\n}\n",
        "gradlew": "#!/bin/sh\n",
        "playFlavor.gradle": flavours,
        "app/build.gradle": app,
        "app/src/main/java/de/pod/Main.java": "package de.pod;\n\nclass Main {}\n",
        "app/src/test/java/de/pod/FeedTest.java": "package de.pod;\n\nclass FeedTest {\n    @Test void a() {}\n}\n",
    }
    said = bodies(make_project, files, "AntennaPod")["workflow/test-one"]
    assert "`./gradlew :app:testFreeDebugUnitTest --tests" in said, said


def test_a_go_program_without_a_godoc_pointer_gets_no_api_docs_memory(make_project):
    files = {
        "go.mod": "module github.com/imgproxy/imgproxy\n\ngo 1.22\n",
        "server.go": "package imgproxy\n\n// Serve serves.\nfunc Serve() {}\n",
        "cli/main.go": "package main\n\nfunc main() {}\n",
        "README.md": "# imgproxy\n\nA fast image server. Docs at https://docs.imgproxy.net.\n",
    }
    assert "go/docs" not in bodies(make_project, files, "imgproxy")
    library = files | {"README.md": "# imgproxy\n\n[![GoDoc](https://pkg.go.dev/badge)](https://pkg.go.dev/x)\n"}
    assert "go/docs" in bodies(make_project, library, "imgproxy2")


def test_a_helm_chart_lint_in_ci_comes_after_the_code_linter(make_project):
    chart = workflow("ct lint --check-version-increment=false", job="lint-test")
    code = workflow("golangci-lint run --timeout=30m", job="golangci")
    files = GO | {".github/workflows/ci-chart.yml": chart, ".github/workflows/ci.yml": code}
    said = bodies(make_project, files, "mercure")["workflow/lint"]
    assert said.startswith("To lint: `golangci-lint run --timeout=30m`"), said
