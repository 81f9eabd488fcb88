"""Causes found in the seventy-second round."""

from __future__ import annotations

import json

from tests.profile.learned import bodies, commit_conventions, repo_bodies

KOTLIN = "package com.example.app\n\nclass A\n"


def test_a_vendor_package_of_a_kotlin_app_is_counted_as_its_code(make_project):
    # WiFiAnalyzer's app/src/main/kotlin/com/vrem/wifianalyzer/vendor/ is a package of the app, not a copied library
    root = "app/src/main/kotlin/com/acme/app"
    files = {f"{root}/{name}.kt": f"package com.acme.app\n\nclass {name}\n" for name in ("Main", "Settings", "Scan")}
    files |= {
        f"{root}/vendor/{name}.kt": f"package com.acme.app.vendor\n\nclass {name}\n"
        for name in ("VendorAdapter", "VendorService", "VendorUtils")
    }
    files |= {"settings.gradle.kts": 'include(":app")\n', "app/build.gradle.kts": 'plugins { kotlin("android") }\n'}
    found = bodies(make_project, files, name="app")
    assert "(8 source files)" in found["languages"], found["languages"]  # the two .kts build files and all six
    assert "vendored" not in found.get("layout/folders", ""), found.get("layout/folders")


def test_a_changelog_that_moved_says_where_the_file_names(make_project):
    # iris' CHANGES: "This file is no longer updated … Please see docs/src/whatsnew/ for a changelog."
    changes = (
        "This file is no longer updated and is provided for historical purposes only.\n"
        "Please see docs/src/whatsnew/ for a changelog.\n\n\nRelease 1.4 (14 June 2013)\n"
        "==========================\n\n* Saving multiple cubes to netcdf\n"
    )
    files = {"CHANGES": changes, "docs/src/whatsnew/3.0.rst": "v3.0\n====\n", "pkg/__init__.py": ""}
    rule = bodies(make_project, files, name="pkg")["rules/changelog"]
    assert "docs/src/whatsnew/" in rule, rule
    assert "Releases page" not in rule, rule


def test_a_changelog_moved_to_a_web_page_names_that_page(make_project):
    # zealot's CHANGELOG.md: "Changelog moved to [new place](https://zealot.ews.im/docs/user-guide/changelog)"
    changelog = "# Changelog\n\nChangelog moved to [new place](https://zealot.example.org/docs/changelog)\n"
    rule = bodies(make_project, {"CHANGELOG.md": changelog, "app/a.rb": "x = 1\n"}, name="zealot")["rules/changelog"]
    assert "https://zealot.example.org/docs/changelog" in rule, rule
    assert "Releases page" not in rule, rule


def test_an_unreleased_section_pull_requests_fill_is_no_release_tool_output(make_project):
    # rig keeps release-plz, yet its [Unreleased] entries come with each feature's pull request
    changelog = (
        "# Changelog\n\nAll notable changes to this project will be documented in this file.\n\n## [Unreleased]\n\n"
        "### Added\n\n- *(core)* a boxed HTTP client so a host holds one transport for every provider\n\n"
        "## [0.42.0] - 2026-01-01\n\n### Fixed\n\n- *(gemini)* bound the listing loop of cached contents\n"
    )
    files = {
        "Cargo.toml": '[package]\nname = "rig"\nversion = "0.42.0"\n',
        "src/lib.rs": "pub fn a() {}\n",
        "release-plz.toml": "[workspace]\nchangelog_update = true\n",
        "CHANGELOG.md": changelog,
    }
    repo = make_project(files, name="rig")
    for i, subject in enumerate(["feat: boxed client (#2401)", "fix(gemini): bound loop (#2379)",
                                 "feat(llamacpp): new provider (#2382)", "test: cache harness (#2374)",
                                 "fix: truncated calls (#2359)"]):  # fmt: skip
        lines = changelog.replace("## [Unreleased]\n", f"## [Unreleased]\n\n- entry {i} of a feature\n")
        repo.write({"CHANGELOG.md": lines, f"src/m{i}.rs": "pub fn b() {}\n"}).commit(subject)
    rule = repo_bodies(repo)["rules/changelog"]
    assert "release-plz" not in rule and "does not add to it" not in rule, rule
    assert "Unreleased" in rule, rule


def test_a_cargo_command_is_run_in_the_one_workspace_a_guide_names(make_project):
    # KeyMapper's CLAUDE.md: "# Rust (run from evdev/src/main/rust/evdev_manager)" then `cargo fmt --check`; the root
    # is a Gradle build with no Cargo.toml
    base = "evdev/src/main/rust"
    guide = (
        "# Commands\n\n```bash\n./gradlew testDebugUnitTest\n./gradlew ktlintCheck\n\n"
        f"# Rust (run from {base}/manager)\ncargo fmt --check\ncargo test --package manager_core\n```\n"
    )
    files = {
        "settings.gradle.kts": 'include(":app")\n',
        "app/build.gradle.kts": 'plugins { id("com.android.application") }\n',
        "app/src/main/kotlin/a/A.kt": KOTLIN,
        "CLAUDE.md": guide,
        f"{base}/manager/Cargo.toml": '[workspace]\nmembers = ["core"]\n',
        f"{base}/manager/core/Cargo.toml": '[package]\nname = "manager_core"\nversion = "0.1.0"\n',
        f"{base}/manager/core/src/lib.rs": "pub fn a() {}\n",
        f"{base}/other/Cargo.toml": '[package]\nname = "other"\nversion = "0.1.0"\n',
        f"{base}/other/src/lib.rs": "pub fn b() {}\n",
    }
    found = bodies(make_project, files, name="mapper")
    assert f"`cd {base}/manager && cargo test --package manager_core`" in found["workflow/test"], found
    assert f"`cd {base}/manager && cargo fmt --check`" in found["workflow/lint"], found["workflow/lint"]
    assert "`cargo fmt --check`" not in found["workflow/lint"], found["workflow/lint"]


def test_a_bare_pytest_is_no_test_command_when_the_conftest_needs_a_variable(make_project):
    # h's tests/conftest.py reads environ["DATABASE_URL"], which tox's setenv gives; Daft asserts DAFT_RUNNER is set
    conftest = (
        'from os import environ\n\nimport pytest\n\n\n@pytest.fixture\ndef db():\n    return environ["DATABASE_URL"]\n'
    )
    guide = "# Developing\n\nRun the tests with `tox`, or just:\n\n```\npytest\n```\n"
    files = {
        "pyproject.toml": '[project]\nname = "h"\nversion = "1"\n',
        "h/__init__.py": "",
        "tests/conftest.py": conftest,
        "tests/test_a.py": "def test_a(db):\n    assert db\n",
        "tox.ini": "[tox]\nenvlist = tests\n\n[testenv]\nsetenv =\n    DATABASE_URL = postgresql://localhost/test\n"
        "deps = pytest\ncommands = pytest {posargs:tests}\n",
        "CONTRIBUTING.md": guide,
    }
    test = bodies(make_project, files, name="h")["workflow/test"]
    assert "`pytest`" not in test, test
    assert "`tox`" in test, test


def test_a_conftest_that_sets_its_own_variable_keeps_pytest(make_project):
    conftest = 'import os\n\nos.environ["DATABASE_URL"] = "sqlite://"\nURL = os.environ["DATABASE_URL"]\n'
    files = {
        "pyproject.toml": '[project]\nname = "h"\nversion = "1"\n\n[tool.pytest.ini_options]\ntestpaths = ["tests"]\n',
        "h/__init__.py": "",
        "tests/conftest.py": conftest,
        "tests/test_a.py": "def test_a():\n    assert True\n",
        "CONTRIBUTING.md": "# Developing\n\nRun the tests:\n\n```\npytest\n```\n",
    }
    test = bodies(make_project, files, name="h")["workflow/test"]
    assert "`pytest`" in test, test


def test_folder_labels_leave_out_instructions_and_licence_lines(make_project):
    # ExpressionEngine's build-tools/README: "Update build.json with the new version number."; hpx's libs/README:
    # "Distributed under the Boost Software License, Version 1.0."
    files = {
        "src/a.c": "int a;\n",
        "build-tools/README.md": "# Build tools\n\nUpdate build.json with the new version number.\n",
        "build-tools/gulpfile.js": "module.exports = {}\n",
        "libs/README.md": "Distributed under the Boost Software License, Version 1.0.\n\n# Libraries\n",
        "libs/core/a.cpp": "int b;\n",
        "libs/core/b.cpp": "int c;\n",
    }
    folders = bodies(make_project, files, name="tools")["layout/folders"]
    assert "Update build.json" not in folders, folders
    assert "Boost Software License" not in folders, folders
    assert "build-tools/" in folders and "libs/" in folders, folders


def test_folder_names_are_labelled_only_where_their_files_agree(make_project):
    # hpx's components/ is C++; postfixadmin's public/ holds the PHP pages; neuron-ai's docs/ is a landing page
    files = {
        "src/a.cpp": "int a;\n",
        "components/iostreams/server.cpp": "int s;\n",
        "components/iostreams/client.cpp": "int c;\n",
        "public/login.php": "<?php echo 1;\n",
        "public/main.php": "<?php echo 2;\n",
        "public/css/site.css": "body {}\n",
        "docs/index.html": "<html></html>\n",
        "docs/main.js": "console.log(1)\n",
        "docs/CNAME": "docs.example.org\n",
        "fastlane/Fastfile": "lane :testing do\nend\n",
        "fastlane/metadata/android/en-US/full_description.txt": "An app.\n",
        "fastlane/README.md": "fastlane documentation\n----\n\n# Installation\n",
    }
    folders = bodies(make_project, files, name="site")["layout/folders"]
    assert "UI components" not in folders, folders
    assert "static assets" not in folders and "public/ (web root" in folders, folders
    assert "docs/ (web site" in folders, folders
    assert "fastlane/ (fastlane release lanes" in folders, folders


def test_stock_pull_request_template_lines_are_no_rules(make_project):
    # rallly's template is GitHub's stock checklist; rig's adds one line of its own
    template = (
        "## Description\n\nPlease describe the model provider you are adding to the project.\n\n## Checklist\n\n"
        "- [ ] My code follows the style guidelines of this project\n"
        "- [ ] I have performed a self-review of my own code\n"
        "- [ ] I have commented my code, particularly in hard-to-understand areas\n"
        "- [ ] I have made corresponding changes to the documentation\n"
        "- [ ] I've reviewed the provider API documentation and implemented the types of response accurately\n"
    )
    files = {"src/lib.rs": "pub fn a() {}\n", ".github/PULL_REQUEST_TEMPLATE.md": template}
    rules = bodies(make_project, files, name="rig")["rules/.github/PULL_REQUEST_TEMPLATE.md"]
    assert "reviewed the provider API documentation" in rules, rules
    assert "style guidelines" not in rules and "commented my code" not in rules, rules
    assert "Please describe" not in rules, rules


def test_the_certificate_s_own_licence_line_is_no_contributor_rule(make_project):
    guide = (
        "# Contributing\n\nOpen an issue before a large change.\n\n## Developer Certificate of Origin\n\n"
        "Everyone is permitted to copy and distribute verbatim copies of this license document, but changing it is "
        "not allowed.\n\nEvery commit must be signed off with `git commit -s`.\n"
    )
    files = {"pkg/__init__.py": "", "pyproject.toml": '[project]\nname = "pkg"\n', "CONTRIBUTING.md": guide}
    rules = bodies(make_project, files, name="pkg").get("rules/CONTRIBUTING.md", "")
    assert "verbatim copies" not in rules, rules


def test_a_foundation_badge_line_is_no_project_summary(make_project):
    readme = (
        "# Flow\n\n**Reliably orchestrate pipelines at scale.**\n\n"
        "Flow is a Graduated project of the LF AI & Data Foundation.\n\n## Install\n\nRun it.\n"
    )
    found = bodies(make_project, {"README.md": readme, "cmd/flow/main.go": "package main\n"}, name="flow")
    assert "Graduated project" not in found.get("project/summary", ""), found.get("project/summary")


def test_file_headers_are_read_across_all_files_and_name_what_is_left_aside(make_project):
    header = "# Licensed under a 3-clause BSD style license - see LICENSE.rst\n"
    files = {f"pkg/m{i:03}.py": f"{header}x = {i}\n" for i in range(300)}
    files |= {f"zz/m{i:03}.py": f"x = {i}\n" for i in range(100)}  # past the first 200 of a sorted list
    files |= {f"examples/e{i}.py": "print(1)\n" for i in range(3)}
    rule = bodies(make_project, files, name="pkg").get("rules/file-headers", "")
    assert not rule.startswith("Every Python file"), rule
    files = {k: v for k, v in files.items() if not k.startswith("zz/")}
    rule = bodies(make_project, files, name="pkg2")["rules/file-headers"]
    assert "examples/ left aside" in rule, rule


def test_a_copyright_line_only_some_files_share_is_not_quoted(make_project):
    files = {f"src/M{i:03}.java": f"/*\n * Copyright 2020 Alexey Andreev.\n *\n * Licensed under the Apache License, "
             f"Version 2.0\n */\npackage a;\nclass M{i:03} {{}}\n" for i in range(60)}  # fmt: skip
    files |= {f"src/N{i}.java": f"/*\n * Copyright 2021 Someone Else.\n *\n * Licensed under the Apache License, "
              f"Version 2.0\n */\npackage a;\nclass N{i} {{}}\n" for i in range(4)}  # fmt: skip
    rule = bodies(make_project, files, name="teavm")["rules/file-headers"]
    assert "Alexey Andreev" not in rule, rule
    assert "Apache 2.0" in rule, rule


def test_a_note_indented_below_an_entry_is_not_quoted_as_an_entry(make_project):
    # dora's Changelog.md: "  `bincode` is gone from dora's own dependencies; …" under an entry's sub-list
    changelog = (
        "# Changelog\n\n## Unreleased\n\n### Breaking\n\n"
        "- **Binary wire format moved from bincode to postcard.** Every binary plane moves to postcard, which is "
        "serde-based, actively maintained and has a documented, stable wire spec, the right property for a format "
        "1.0 commits to; messages shrink by 25 to 27 bytes each. This breaks four things, all of which fail loudly:\n"
        "  - **Mixed versions.**\n\n"
        "  `bincode` is gone from our own dependencies; it remains in the tree only transitively via `zenoh-ext`.\n"
    )
    rule = bodies(make_project, {"Changelog.md": changelog, "src/lib.rs": "pub fn a() {}\n"}, name="dora")
    assert "`bincode` is gone" not in rule["rules/changelog"], rule["rules/changelog"]


def test_php_includes_count_as_php(make_project):
    # openmediavault's and LAM's backends are lib/*.inc files that open with `<?php`
    files = {f"lib/module{i}.inc": f"<?php\nclass Module{i} {{ public function run() {{ return {i}; }} }}\n" * 20
             for i in range(6)}  # fmt: skip
    files |= {f"web/app{i}.ts": f"export const a{i} = {i};\n" * 30 for i in range(3)}
    files["index.php"] = "<?php require 'lib/module0.inc';\n"
    languages = bodies(make_project, files, name="omv")["languages"]
    assert "Main language: PHP" in languages, languages


def test_a_fastlane_folder_without_lanes_is_store_metadata(make_project):
    # RedReader's fastlane/ holds the store listing's texts and icon; KeyMapper's has a Fastfile too
    files = {
        "src/main/java/a/A.java": "package a;\nclass A {}\n",
        "fastlane/metadata/android/en-US/full_description.txt": "A reader.\n",
        "fastlane/metadata/android/en-US/short_description.txt": "Reader.\n",
    }
    folders = bodies(make_project, files, name="reader")["layout/folders"]
    assert "fastlane/ (store listing metadata" in folders, folders
    assert "lanes" not in folders, folders


def test_an_android_app_runs_with_install_debug(make_project):
    # RedReader's README installs the debug build on a device: `./gradlew installDebug`
    files = {
        "settings.gradle.kts": 'rootProject.name = "reader"\ninclude(":app")\n',
        "build.gradle.kts": 'plugins {\n    id("com.android.application") version "8.5.0" apply false\n}\n',
        "app/build.gradle.kts": "plugins {\n    alias(libs.plugins.android.application)\n}\n\nandroid {\n"
        '    namespace = "org.reader"\n}\n',
        "app/src/main/java/org/reader/Main.java": "package org.reader;\nclass Main {}\n",
        "gradlew": "#!/bin/sh\n",
    }
    run = bodies(make_project, files, name="reader")["workflow/run"]
    assert run.startswith("To run: `./gradlew :app:installDebug`"), run


def test_an_android_app_with_flavours_gets_no_install_task(make_project):
    files = {
        "settings.gradle.kts": 'include(":app")\n',
        "app/build.gradle.kts": 'plugins { id("com.android.application") }\n\nandroid {\n    productFlavors {\n'
        '        create("play") {}\n    }\n}\n',
        "app/src/main/java/org/reader/Main.java": "package org.reader;\nclass Main {}\n",
        "gradlew": "#!/bin/sh\n",
    }
    assert "installDebug" not in bodies(make_project, files, name="reader").get("workflow/run", "")


def test_commented_out_eslint_presets_are_not_in_use(make_project):
    # bitburner's .eslintrc.js: `//"plugin:@typescript-eslint/strict",`
    eslintrc = (
        'module.exports = {\n  extends: [\n    "eslint:recommended",\n'
        '    //"plugin:@typescript-eslint/strict",\n    /* "plugin:react/recommended", */\n  ],\n};\n'
    )
    files = {f"src/m{i}.ts": f"export const a{i} = {i};\n" for i in range(5)}
    files |= {".eslintrc.js": eslintrc, "tsconfig.json": "{}\n",
             "package.json": '{"name": "game", "devDependencies": {"eslint": "8", "typescript": "5"}}\n'}  # fmt: skip
    style = next(v for k, v in bodies(make_project, files, name="game").items() if k.startswith("style/"))
    assert "eslint:recommended" in style, style
    assert "strict" not in style.split("eslint", 1)[1].split(";")[0], style
    assert "plugin:react/recommended" not in style, style


def test_a_main_entry_missing_from_the_root_is_not_stated(make_project):
    # bitburner's `"main": "electron-main.js"`: no such file, and no build script writes it
    files = {"package.json": '{"name": "game", "main": "electron-main.js", "scripts": {"build": "webpack"}}\n',
             "src/index.ts": "export const a = 1;\n"}  # fmt: skip
    found = bodies(make_project, files, name="game")
    assert "electron-main.js" not in found.get("javascript/entry-points", ""), found.get("javascript/entry-points")


def test_test_apps_of_a_workspace_are_not_its_packages(make_project):
    # vike's pnpm-workspace.yaml lists test/* apps, unnamed, that bring React, Vue and Express
    files = {
        "package.json": '{"name": "root", "private": true}\n',
        "pnpm-workspace.yaml": "packages:\n  - 'packages/*'\n  - 'test/*'\n",
        "pnpm-lock.yaml": "lockfileVersion: '9.0'\n",
        "packages/vike/package.json": '{"name": "vike", "dependencies": {"vite": "6"}}\n',
        "packages/vike/index.ts": "export const a = 1;\n",
        "test/react-app/package.json": '{"dependencies": {"react": "19", "express": "5"}}\n',
        "test/vue-app/package.json": '{"dependencies": {"vue": "3"}}\n',
    }
    stack = bodies(make_project, files, name="vike")["javascript/stack"]
    assert "React" not in stack and "Express" not in stack and "Vue" not in stack, stack


def test_a_changelog_moved_to_a_file_of_the_checkout_names_it(make_project):
    # meteor's History.md: "This content was moved to [history.md](./docs/history.md)."
    history = "# History\n\nThis content was moved to [history.md](./docs/history.md).\n"
    files = {"History.md": history, "docs/history.md": "## v3.0\n\n* Node 20\n", "tools/a.js": "module.exports = 1\n"}
    rule = bodies(make_project, files, name="meteor")["rules/changelog"]
    assert "recorded in docs/history.md" in rule, rule


def test_vendored_go_modules_need_no_download(make_project):
    # ovn-kubernetes keeps go-controller/vendor/ in git; its requirements.txt holds only the MkDocs site's tools
    files = {
        "go-controller/go.mod": "module example.com/ovn\n\ngo 1.22\n\nrequire example.com/dep v1.0.0\n",
        "go-controller/main.go": "package main\n\nfunc main() {}\n",
        "go-controller/vendor/modules.txt": "# example.com/dep v1.0.0\nexample.com/dep\n",
        "go-controller/vendor/example.com/dep/dep.go": "package dep\n",
        "requirements.txt": "mkdocs\nmkdocs-material\nmike\nMarkdown\nPyYAML\n",
    }
    install = bodies(make_project, files, name="ovn").get("workflow/install", "")
    assert "go mod download" not in install, install
    assert "requirements.txt" not in install, install


def test_a_requirements_file_with_test_tools_is_still_the_set_up(make_project):
    files = {"requirements.txt": "mkdocs\npytest\nrequests\n", "app/main.py": "print(1)\n",
             "README.md": "# App\n\n## Development\n\n```\npip install -r requirements.txt\n```\n"}  # fmt: skip
    install = bodies(make_project, files, name="app").get("workflow/install", "")
    assert "pip install -r requirements.txt" in install, install


def test_lint_and_format_tasks_that_fetch_or_generate_are_neither(make_project):
    # TEAMMATES' guide: `./gradlew downloadLinters`, and `generateApiTypesFormat` writes TypeScript types
    guide = (
        "# Development\n\nLint the code:\n\n```\n./gradlew downloadLinters\n./gradlew lint --continue\n```\n\n"
        "Format the generated types:\n\n```\n./gradlew generateApiTypesFormat\n```\n"
    )
    files = {"build.gradle": "plugins { id 'java' }\n", "gradlew": "#!/bin/sh\n",
             "src/main/java/a/A.java": "package a;\nclass A {}\n", "CONTRIBUTING.md": guide}  # fmt: skip
    found = bodies(make_project, files, name="mates")
    assert "downloadLinters" not in found.get("workflow/lint", ""), found.get("workflow/lint")
    assert "generateApiTypesFormat" not in found.get("workflow/format", ""), found.get("workflow/format")


def test_a_migration_that_drops_the_database_first_is_not_the_migrate_command(make_project):
    # rmt's CI: `bin/rails db:drop db:create db:migrate` for a fresh test database
    files = {
        "Gemfile": "source 'https://rubygems.org'\ngem 'rails'\n",
        "config/application.rb": "module Rmt\n  class Application < Rails::Application\n  end\nend\n",
        "db/migrate/20200101000000_create_a.rb": "class CreateA < ActiveRecord::Migration[6.0]\nend\n",
        ".github/workflows/ci.yml": "on: [push]\njobs:\n  test:\n    runs-on: ubuntu-latest\n    steps:\n"
        "      - run: bundle exec rails db:drop db:create db:migrate\n      - run: bundle exec rspec\n",
    }
    migrate = bodies(make_project, files, name="rmt").get("workflow/migrate", "")
    assert "db:drop" not in migrate, migrate


def test_phpunit_whose_suite_folder_is_missing_runs_no_test(make_project):
    # user-registration's phpunit.xml.dist points at tests/phpunit/, which git ignores; `composer test` runs phpunit
    phpunit = '<phpunit>\n  <testsuites>\n    <testsuite name="default">\n'
    phpunit += '      <directory suffix="-test.php">./tests/phpunit/</directory>\n    </testsuite>\n  </testsuites>\n</phpunit>\n'
    composer = '{"name": "a/b", "require-dev": {"phpunit/phpunit": "^9"}, "scripts": {"test": ["phpunit --verbose"]}}\n'
    files = {"composer.json": composer, "phpunit.xml.dist": phpunit, "includes/class-a.php": "<?php class A {}\n"}
    assert "composer test" not in bodies(make_project, files, name="reg").get("workflow/test", "")
    files["tests/phpunit/a-test.php"] = "<?php class ATest {}\n"
    assert "composer test" in bodies(make_project, files, name="reg2").get("workflow/test", "")


def test_phpcs_with_no_files_to_check_is_no_lint(make_project):
    # user-registration's `composer phpcs` runs `phpcs -s -p`, and its phpcs.xml names no <file>
    composer = '{"name": "a/b", "scripts": {"phpcs": ["phpcs -s -p"]}}\n'
    ruleset = '<?xml version="1.0"?>\n<ruleset name="WP">\n  <rule ref="WordPress"/>\n</ruleset>\n'
    files = {"composer.json": composer, "phpcs.xml": ruleset, "includes/class-a.php": "<?php class A {}\n",
             "CONTRIBUTING.md": "# Contributing\n\nCheck the code style with `composer phpcs`.\n"}  # fmt: skip
    assert "composer phpcs" not in bodies(make_project, files, name="reg").get("workflow/lint", "")


def test_file_headers_leave_aside_only_whole_auxiliary_folders(make_project):
    # leo's crates/*/examples/ are auxiliary files, yet crates/ holds the code the claim is about
    header = "// Copyright (C) 2019-2026 Provable Inc.\n"
    files = {f"crates/c{i}/src/lib.rs": f"{header}pub fn a{i}() {{}}\n" for i in range(8)}
    files |= {f"crates/c{i}/examples/e.rs": f"{header}fn main() {{}}\n" for i in range(3)}
    rule = bodies(make_project, files, name="leo")["rules/file-headers"]
    assert "left aside" not in rule, rule


def test_an_issue_token_that_leads_every_subject_is_the_convention(make_project):
    # iceoryx: `iox-#2453 Fix typo in error reporting condition label`
    subjects = [f"iox-#{2400 + i} {verb} the {thing}" for i, (verb, thing) in enumerate(
        [("Fix", "typo"), ("Add", "links"), ("Remove", "badge"), ("Update", "maintainer"), ("Fix", "alignment"),
         ("Increase", "group limit"), ("Use", "single quotes"), ("Bump", "version")])]  # fmt: skip
    conventions = commit_conventions(make_project, "iox", subjects)
    assert "`iox-#<n>`" in conventions and "capitalised sentence" in conventions, conventions
    assert "free-form" not in conventions, conventions


def test_a_change_type_tag_after_the_changelog_marker_is_the_convention(make_project):
    # nanomq: `* MDF [rest_api] check out_size of base64 encode`, `* FIX [fuzz] fix wrong api`
    subjects = [f"* {tag} [{scope}] {text}" for tag, scope, text in [
        ("MDF", "rest_api", "check out size"), ("FIX", "fuzz", "fix wrong api"), ("MDF", "nng", "update head"),
        ("NEW", "webhook", "add base64"), ("RM", "rule", "remove dead code"), ("MDF", "base64", "switch api"),
        ("FIX", "broker", "fix leak"), ("MDF", "conf", "update defaults")]]  # fmt: skip
    conventions = commit_conventions(make_project, "nanomq", subjects)
    assert "`MDF [<scope>] …`" in conventions, conventions
    assert "free-form" not in conventions, conventions


def test_a_sibling_product_s_description_is_no_project_summary(make_project):
    # meltano's README: "[Meltano Hub](https://hub.meltano.com/) is the single source of truth to find any plugins"
    readme = (
        '<h1 align="center">The declarative data integration engine</h1>\n\n## Meltano Hub\n\n'
        "[Meltano Hub](https://hub.meltano.com/) is the single source of truth to find any Meltano plugins.\n"
    )
    files = {"README.md": readme, "src/meltano/__init__.py": "", "pyproject.toml": '[project]\nname = "meltano"\n'}
    summary = bodies(make_project, files, name="meltano").get("project/summary", "")
    assert "Meltano Hub" not in summary, summary


def test_migration_scripts_that_roll_back_or_report_are_neither_migrate_nor_run(make_project):
    # growi's CLAUDE.md: `pnpm run dev:migrate:status`, `pnpm run dev:migrate:down`
    scripts = {"dev:migrate": "migrate-mongo up", "dev:migrate:status": "migrate-mongo status",
               "dev:migrate:down": "migrate-mongo down", "start": "node server.js"}  # fmt: skip
    guide = (
        "# Commands\n\n- Migration status: `cd apps/app && pnpm run dev:migrate:status`\n"
        "- Roll back: `cd apps/app && pnpm run dev:migrate:down`\n"
    )
    files = {
        "package.json": '{"name": "root", "private": true, "scripts": {"start": "pnpm --filter app start"}}\n',
        "pnpm-workspace.yaml": "packages:\n  - 'apps/*'\n",
        "apps/app/package.json": '{"name": "app", "scripts": ' + json.dumps(scripts) + "}\n",
        "apps/app/server.js": "require('http')\n",
        "CLAUDE.md": guide,
    }
    found = bodies(make_project, files, name="growi")
    assert "migrate:down" not in found.get("workflow/migrate", ""), found.get("workflow/migrate")
    assert "migrate:status" not in found.get("workflow/run", ""), found.get("workflow/run")


def test_a_composer_script_that_only_runs_phpcs_is_no_formatter(make_project):
    # koko-analytics' AGENTS.md formats with `composer check-codestyle`, which is `phpcs -n -s`
    composer = '{"name": "a/b", "scripts": {"check-codestyle": "phpcs -n -s"}}\n'
    ruleset = '<?xml version="1.0"?>\n<ruleset name="K">\n  <file>src</file>\n  <rule ref="PSR12"/>\n</ruleset>\n'
    files = {"composer.json": composer, "phpcs.xml": ruleset, "src/A.php": "<?php class A {}\n",
             "AGENTS.md": "# Agents\n\n- Format the code: `composer check-codestyle`\n"}  # fmt: skip
    assert "check-codestyle" not in bodies(make_project, files, name="koko").get("workflow/format", "")


def test_pre_commit_that_only_formats_and_checks_a_schema_is_no_lint(make_project):
    # mapfish-print's CI runs `pre-commit run --all-files`: pretty-format-java, ruff-format, a JSON-schema check
    config = (
        "repos:\n  - repo: https://github.com/macisamuele/language-formatters-pre-commit-hooks\n    rev: v2.16.0\n"
        "    hooks:\n      - id: pretty-format-java\n        args: [--autofix]\n"
        "  - repo: https://github.com/sbrunner/jsonschema-validator\n    rev: 1.0.0\n    hooks:\n"
        "      - id: jsonschema-validator\n  - repo: https://github.com/astral-sh/ruff-pre-commit\n    rev: v0.16.0\n"
        "    hooks:\n      - id: ruff-format\n"
    )
    ci = "on: [push]\njobs:\n  main:\n    runs-on: ubuntu-latest\n    steps:\n      - run: pre-commit run --all-files\n"
    files = {".pre-commit-config.yaml": config, ".github/workflows/main.yaml": ci, "build.gradle": "plugins { id 'java' }\n",
             "src/main/java/a/A.java": "package a;\nclass A {}\n"}  # fmt: skip
    found = bodies(make_project, files, name="print")
    assert "pre-commit" not in found.get("workflow/lint", ""), found.get("workflow/lint")
    assert "pre-commit run --all-files" in found["workflow/format"], found["workflow/format"]


def test_a_hook_that_runs_spotless_apply_formats(make_project):
    # scalardb's one hook is pre-commit-gradle's `gradle-task` with `args: [-w, -o, spotlessApply]`
    config = (
        "repos:\n- repo: https://github.com/jguttman94/pre-commit-gradle\n  rev: efaf170\n  hooks:\n"
        "  - id: gradle-task\n    args: [-w, -o, spotlessApply]\n"
    )
    files = {".pre-commit-config.yaml": config, "build.gradle": "plugins { id 'java' }\n",
             "src/main/java/a/A.java": "package a;\nclass A {}\n"}  # fmt: skip
    found = bodies(make_project, files, name="scalar")
    assert "pre-commit" not in found.get("workflow/lint", ""), found.get("workflow/lint")


def test_a_make_target_that_changes_into_a_gone_folder_is_left_out(make_project):
    # parseable's `fmt:` is `cd server/src/ && cargo fmt`, and server/ moved to the root long ago
    makefile = "fmt:\n\tcd server/src/ && cargo fmt\n\nrun:\n\tcd server && cargo run\n\ncheck:\n\tcargo check\n"
    files = {"Makefile": makefile, "Cargo.toml": '[package]\nname = "p"\nversion = "0.1.0"\n',
             "src/main.rs": "fn main() {}\n"}  # fmt: skip
    found = bodies(make_project, files, name="parse")
    assert "make fmt" not in found.get("workflow/format", "") and "make run" not in found.get("workflow/run", "")
    assert "`make fmt`" not in found.get("tasks/make", ""), found.get("tasks/make")


def test_a_computed_python_floor_is_not_quoted(make_project):
    # numba's setup.py: `python_requires=">={}".format(min_python_version)`
    setup = 'from setuptools import setup\n\nsetup(name="numba", python_requires=">={}".format("3.10"))\n'
    found = bodies(make_project, {"setup.py": setup, "numba/__init__.py": ""}, name="numba")
    assert "{}" not in found.get("python/packaging", ""), found.get("python/packaging")


def test_generating_bindings_is_no_format_and_updating_deps_no_install(make_project):
    # ubuntu-insights' guide formats with `go generate ./insights/C/...`; teable's installs with `pnpm deps:update`
    guide = (
        "# Contributing\n\nSet up:\n\n```\npnpm deps:update --dep dev\n```\n\n"
        "Format the code:\n\n```\ngo generate ./insights/C/...\n```\n"
    )
    files = {"go.mod": "module example.com/i\n\ngo 1.22\n", "main.go": "package main\n\nfunc main() {}\n",
             "CONTRIBUTING.md": guide}  # fmt: skip
    found = bodies(make_project, files, name="insights")
    assert "go generate" not in found.get("workflow/format", ""), found.get("workflow/format")
    assert "deps:update" not in found.get("workflow/install", ""), found.get("workflow/install")


def test_github_folder_with_images_keeps_its_workflows_label_and_public_php_is_the_web_root(make_project):
    # projectsend's .github/ holds three workflows beside four screenshots; its public/ has index.php and the assets
    files = {f".github/screenshot{i}.png": "" for i in range(4)}
    files |= {f".github/workflows/w{i}.yml": "on: [push]\njobs: {}\n" for i in range(3)}
    files |= {"public/index.php": "<?php require '../app.php';\n", "public/css/a.css": "a {}\n",
              "public/js/a.js": "var a = 1;\n", "public/js/b.js": "var b = 1;\n", "app/A.php": "<?php class A {}\n"}  # fmt: skip
    folders = bodies(make_project, files, name="send")["layout/folders"]
    assert ".github/ (GitHub workflows" in folders, folders
    assert "public/ (web root" in folders, folders


def test_an_edition_of_the_project_is_still_its_summary(make_project):
    # harness' README: "# Harness" then "Harness Open Source is an open source development platform …"
    readme = "# Harness\nHarness Open Source is an open source development platform with code hosting and pipelines.\n"
    summary = bodies(make_project, {"README.md": readme, "cmd/harness/main.go": "package main\n"}, name="harness")
    assert "Harness Open Source is an open source development platform" in summary["project/summary"], summary
