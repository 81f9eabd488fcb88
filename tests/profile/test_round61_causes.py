"""Causes found in the sixty-first round: Kotlin Multiplatform modules known by their source sets."""

from __future__ import annotations

import json

from tests.profile.learned import bodies, workflow

KMP_SOURCES = {
    "decompose/src/commonMain/kotlin/com/x/Router.kt": "package com.x\nclass Router\n",
    "decompose/src/commonTest/kotlin/com/x/RouterTest.kt": "package com.x\nclass RouterTest\n",
    "decompose/src/jvmTest/kotlin/com/x/JvmRouterTest.kt": "package com.x\nclass JvmRouterTest\n",
}


def test_a_module_with_common_source_sets_is_multiplatform_whatever_names_the_plugin(make_project):
    # bignum applies the plugin through a buildSrc constant, Kodein through its own published convention plugin
    for i, plugins in enumerate(("kotlin(PluginsDeps.multiplatform)", "kodein.library.mpp")):
        files = {"settings.gradle.kts": 'include(":decompose")\n', "gradlew": "#!/bin/sh\n",
                 "build.gradle.kts": "plugins {\n}\n", "decompose/build.gradle.kts": f"plugins {{\n    {plugins}\n}}\n",
                 **KMP_SOURCES}  # fmt: skip
        learned = bodies(make_project, files, name=f"kmpsrc{i}")
        assert learned["workflow/test"].startswith("To test: `./gradlew jvmTest`"), plugins
        assert "`./gradlew :decompose:jvmTest --tests" in learned["workflow/test-one"], plugins


def test_a_plain_jvm_module_keeps_its_test_task(make_project):
    files = {"settings.gradle.kts": 'include(":core")\n', "gradlew": "#!/bin/sh\n",
             "build.gradle.kts": "plugins {\n}\n", "core/build.gradle.kts": 'plugins {\n    kotlin("jvm")\n}\n',
             "core/src/main/kotlin/com/x/Core.kt": "package com.x\nclass Core\n",
             "core/src/test/kotlin/com/x/CoreTest.kt": "package com.x\nclass CoreTest\n"}  # fmt: skip
    learned = bodies(make_project, files, name="jvmonly")
    assert learned["workflow/test"].startswith("To test: `./gradlew test`"), learned["workflow/test"]


ANDROID_APP = {"settings.gradle.kts": 'include(":app")\n', "gradlew": "#!/bin/sh\n", "build.gradle.kts": "plugins {\n}\n",
               "app/build.gradle.kts": 'plugins {\n    id("com.android.application")\n}\n',
               "app/src/main/java/org/x/Main.kt": "package org.x\nclass Main\n",
               "fastlane/Fastfile": "lane :lint do\n  gradle(task: 'lint')\nend\n"}  # fmt: skip


def test_a_gemfile_that_only_brings_fastlane_makes_no_ruby_project(make_project):
    learned = bodies(
        make_project, ANDROID_APP | {"Gemfile": 'source "https://rubygems.org"\n\ngem "fastlane"\n'}, "tasks"
    )
    assert not [k for k in learned if k.startswith("ruby/")], sorted(learned)
    assert "bundle install" not in learned.get("workflow/install", ""), learned.get("workflow/install")


def test_a_gemfile_with_ruby_sources_of_its_own_stays_a_ruby_project(make_project):
    files = ANDROID_APP | {"Gemfile": 'source "https://rubygems.org"\n\ngem "fastlane"\n',
                           "scripts/release_notes.rb": "puts 'notes'\n"}  # fmt: skip
    assert "ruby/packaging" in bodies(make_project, files, "tasks2")


HELM_HEADER = (
    '/*\nCopyright The Helm Authors.\n\nLicensed under the Apache License, Version 2.0 (the "License");\n'
    "you may not use this file except in compliance with the License.\n*/\n\npackage {pkg}\n"
)


def test_a_block_comment_licence_header_is_read_and_its_copyright_line_quoted(make_project):
    files = {"go.mod": "module helm.sh/helm\n\ngo 1.22\n"}
    files |= {f"pkg/p{i}/p{i}.go": HELM_HEADER.format(pkg=f"p{i}") + f"\nfunc F{i}() {{}}\n" for i in range(8)}
    headers = bodies(make_project, files, "helm")["rules/file-headers"]
    assert "Every Go file (8 of the 8 read) starts with the Apache 2.0 licence header" in headers, headers
    assert "(`Copyright The Helm Authors.`)" in headers, headers


def test_a_copyright_line_whose_years_differ_is_quoted_with_year_and_one_that_runs_on_is_not(make_project):
    syncthing = (
        "// Copyright (C) {year} The Syncthing Authors.\n//\n// This Source Code Form is subject to the terms of "
    )
    syncthing += "the Mozilla Public\n// License, v. 2.0.\n\npackage {pkg}\n"
    files = {"go.mod": "module example.com/s\n\ngo 1.22\n"}
    files |= {f"lib/p{i}/p{i}.go": syncthing.format(year=2014 + i, pkg=f"p{i}") for i in range(6)}
    headers = bodies(make_project, files, "syncthing")["rules/file-headers"]
    assert "Mozilla Public License header (`Copyright (C) <year> The Syncthing Authors.`)" in headers, headers
    cnpg = "/*\nCopyright © contributors to CloudNativePG, established as\nCloudNativePG a Series of LF Projects.\n\n"
    cnpg += 'Licensed under the Apache License, Version 2.0 (the "License");\n*/\n\npackage {pkg}\n'
    files = {"go.mod": "module example.com/c\n\ngo 1.22\n"}
    files |= {f"pkg/p{i}/p{i}.go": cnpg.format(pkg=f"p{i}") for i in range(6)}
    headers = bodies(make_project, files, "cnpg")["rules/file-headers"]
    assert headers.endswith("starts with the Apache 2.0 licence header; a new file does too."), headers


def test_a_licence_header_below_the_magic_comment_is_read(make_project):
    header = (
        "# frozen_string_literal: true\n\n#  Copyright (c) 2012-2024, Pfadibewegung Schweiz. This file is part of\n"
    )
    header += (
        "#  hitobito and licensed under the Affero General Public License version 3\n#  or later.\n\nclass C{i}; end\n"
    )
    files = {"Gemfile": 'source "https://rubygems.org"\ngem "rails"\n', "config/application.rb": "module App; end\n"}
    files |= {f"app/models/c{i}.rb": header.format(i=i) for i in range(10)}
    headers = bodies(make_project, files, "hitobito")["rules/file-headers"]
    assert "starts with `# frozen_string_literal: true` and the AGPL licence header" in headers, headers


def test_a_go_mod_that_only_pins_a_tool_makes_no_go_project(make_project):
    files = {"go.mod": "module searxng.org/devtools\n\ngo 1.24\n\ntool mvdan.cc/sh/v3/cmd/shfmt\n",
             "setup.py": "from setuptools import setup\nsetup(name='searx')\n", "searx/webapp.py": "app = 1\n",
             "utils/lib.sh": "#!/bin/sh\ngo tool shfmt -w .\n"}  # fmt: skip
    learned = bodies(make_project, files, "searxng")
    assert not [k for k in learned if k.startswith("go/")], sorted(learned)
    assert "go build" not in learned.get("workflow/build", "") and "go test" not in learned.get("workflow/test", "")


def test_a_test_suite_with_its_own_go_mod_is_no_example_and_no_package_to_run_one_test_in(make_project):
    files = {"go.mod": "module github.com/x/pg\n\ngo 1.22\n", "pkg/a/a.go": "package a\n",
             "pkg/a/a_test.go": "package a\n\nimport \"testing\"\n\nfunc TestA(t *testing.T) {}\n",
             "tests/go.mod": "module github.com/x/pg/tests\n\ngo 1.22\n"}  # fmt: skip
    files |= {f"tests/e2e/e{i}_test.go": f"package e2e\n\nimport \"testing\"\n\nfunc TestE{i}(t *testing.T) {{}}\n"
              for i in range(4)}  # fmt: skip
    learned = bodies(make_project, files, "cnpg")
    assert "test suites with their own go.mod (run from their folder): tests" in learned["go/packaging"]
    assert "example programs" not in learned["go/packaging"], learned["go/packaging"]
    assert learned["workflow/test-one"].startswith("To run one test: `go test ./pkg/a/ -run TestA`")


def test_a_changelog_headed_by_the_branch_name_takes_changes_there(make_project):
    changes = "# Changelog\n\n## [main]\n\n### Added\n\n- `hamming()` creates a Hamming graph.\n\n## [1.0.1]\n\n"
    changes += "### Fixed\n\n- Eliminated references to `exit()`.\n"
    rule = bodies(make_project, {"CHANGELOG.md": changes, "src/a.c": "int a;\n"}, "igraph")["rules/changelog"]
    assert "changes go under the upcoming release's heading ([main])" in rule, rule
    assert "the latest: [1.0.1]" not in rule, rule


def test_the_tool_a_maintainer_writes_the_changelog_with_is_no_change_an_entry_describes(make_project):
    from picasso_tui.profile.investigator import investigate

    repo = make_project({"CHANGELOG.md": "# Changelog\n\n## [Unreleased]\n\n## [0.13.0]\n### Added\n- Headless mode.\n",
                         "README.md": "# iced\n"})  # fmt: skip
    for i in range(6):
        repo.write({f"src/f{i}.rs": "fn x() {}\n"})
        repo.git("add", "-A")
        repo.git("commit", "-q", f"--author=Dev {i} <dev{i}@example.com>", "-m", f"Fix widget {i}")
    for i in range(10):  # the maintainer updates the file, now and then with the generator it is written with
        entry = f"# Changelog\n\n## [Unreleased]\n\n## [0.13.{i}]\n### Added\n- Headless mode {i}.\n"
        repo.write(
            {"CHANGELOG.md": entry, **({"examples/changelog/src/main.rs": f"fn m{i}() {{}}\n"} if i % 2 else {})}
        )
        repo.git("add", "-A")
        repo.git("commit", "-q", "--author=Hector <h@example.com>", "-m", "Update `CHANGELOG`")
    _, findings, _ = investigate(repo.root)
    rule = next(f.body for f in findings if f.key == "rules/changelog")
    assert "kept by Hector (10 of the last 11 changes to it): a pull request does not add to it" in rule, rule


def test_a_variable_set_from_an_expression_with_braces_inside_is_no_command(make_project):
    step = ("- run: |\n    PR=${{ github.event.pull_request.number && format('-pr{0}', github.event.pull_request.number)"
            " || '' }}\n    meson test -C build")  # fmt: skip
    files = {"meson.build": "project('mpv', 'c')\n", "player/main.c": "int main(void) { return 0; }\n",
             ".github/workflows/build.yml": workflow("meson setup build", step)}  # fmt: skip
    learned = bodies(make_project, files, "mpv")
    assert "format(" not in learned["ci"] and "workflow/format" not in learned, learned["ci"]
    assert "`meson test -C build`" in learned["ci"], learned["ci"]


def test_a_uv_workspace_table_beside_a_poetry_lock_leaves_poetry_the_manager(make_project):
    pyproject = ("[project]\nname = 'poethepoet'\nversion = '1'\n\n[tool.poetry.group.test.dependencies]\npytest = '*'\n"
                 "\n[tool.uv.workspace]\nmembers = ['tests/fixtures/task_package']\n\n[build-system]\n"
                 "requires = ['poetry-core']\nbuild-backend = 'poetry.core.masonry.api'\n")  # fmt: skip
    files = {"pyproject.toml": pyproject, "poetry.lock": "# lock\n", "poethepoet/__init__.py": "x = 1\n",
             "tests/test_cli.py": "def test_cli():\n    pass\n"}  # fmt: skip
    learned = bodies(make_project, files, "poethepoet")
    assert "package manager Poetry (poetry.lock)" in learned["python/packaging"], learned["python/packaging"]
    assert "uv run" not in learned["workflow/test-one"], learned["workflow/test-one"]


def test_a_pixi_task_the_default_environment_has_runs_without_naming_another(make_project):
    pixi = ("[workspace]\nname = 'dask'\nchannels = ['conda-forge']\nplatforms = ['linux-64']\n\n"
            "[feature.test.tasks]\ntest = 'pytest dask'\n\n[feature.lint.tasks]\nlint = 'pre-commit run --all-files'\n\n"
            "[environments]\ndefault = ['py314', 'optional', 'test']\nmindeps = ['mindeps', 'test']\n"
            "lint = { features = ['lint'], no-default-feature = true }\n")  # fmt: skip
    files = {"pixi.toml": pixi, "dask/__init__.py": "x = 1\n", "dask/tests/test_base.py": "def test_a():\n    pass\n"}
    tasks = bodies(make_project, files, "dask")["tasks/pixi"]
    assert "`pixi run test`" in tasks and "`pixi run -e lint lint`" in tasks and "-e mindeps" not in tasks, tasks


def test_one_vitest_file_is_a_unit_test_not_a_playwright_spec_in_e2e(make_project):
    pkg = {"name": "solidtime", "scripts": {"test:unit": "vitest run", "test:e2e": "playwright test"},
           "devDependencies": {"vitest": "^3", "@playwright/test": "^1"}}  # fmt: skip
    files = {"package.json": json.dumps(pkg), "package-lock.json": "{}",
             "e2e/auth.spec.ts": "import { test } from '../playwright/fixtures';\ntest('logs in', async () => {});\n",
             "resources/js/Cell.test.ts": "import { it } from 'vitest';\nit('renders', () => {});\n",
             "resources/js/Cell.ts": "export const a = 1;\n"}  # fmt: skip
    one = bodies(make_project, files, "solidtime")["workflow/test-one"]
    assert "vitest run resources/js/Cell.test.ts" in one and "e2e/" not in one, one


def test_a_makefile_rule_that_recurses_into_each_folder_of_a_list_makes_no_targets(make_project):
    makefile = ("SUBDIRS=api test operator\n\nall: $(SUBDIRS)\n\ndocu_html:\n\tasciidoctor documentation/index.adoc\n\n"
                "$(SUBDIRS):\n\t$(MAKE) -C $@ $(MAKECMDGOALS)\n\n.PHONY: all $(SUBDIRS)\n")  # fmt: skip
    files = {"Makefile": makefile, "pom.xml": "<project><artifactId>strimzi</artifactId></project>\n",
             "api/Makefile": "all:\n\tmvn install\n", "test/Makefile": "all:\n\tmvn install\n",
             "operator/src/main/java/io/x/Main.java": "package io.x;\nclass Main {}\n"}  # fmt: skip
    learned = bodies(make_project, files, "strimzi")
    assert "make test" not in learned.get("workflow/test", ""), learned.get("workflow/test")
    assert "`make api`" not in learned.get("tasks/make", ""), learned.get("tasks/make")


def test_a_bin_dev_that_starts_the_procfile_with_overmind_runs_the_app(make_project):
    files = {"Gemfile": 'source "https://rubygems.org"\ngem "rails"\n', "config/application.rb": "module App; end\n",
             "app/models/person.rb": "class Person; end\n", "Procfile": "web: bundle exec rails s\nworker: rake jobs:work\n",
             "bin/dev": "#!/usr/bin/env sh\nexec overmind start \"$@\"\n"}  # fmt: skip
    run = bodies(make_project, files, "hitobito")["workflow/run"]
    assert run.startswith("To run: `bin/dev` (the server with the processes of Procfile)"), run


def test_bun_s_binary_lock_file_makes_bun_the_manager(make_project):
    pkg = {"name": "unit3d", "private": True, "type": "module", "scripts": {"build": "vite build", "dev": "vite"},
           "devDependencies": {"vite": "^6"}}  # fmt: skip
    files = {"package.json": json.dumps(pkg), "bun.lockb": b"\x00\x01bun-lockfile-format-v0\x00" * 40,
             "resources/js/app.js": "export const a = 1;\n"}  # fmt: skip
    learned = bodies(make_project, files, "unit3d")
    assert "package manager bun (bun.lockb)" in learned["javascript/packaging"], learned["javascript/packaging"]
    assert learned["workflow/build"].startswith("To build: `bun run build`"), learned["workflow/build"]


def test_a_copyright_year_every_header_shares_is_quoted_as_it_stands(make_project):
    header = "// Copyright 2019-present Facebook Inc. All rights reserved.\n// This source code is licensed under the "
    header += "Apache 2.0 license found\n// in the LICENSE file.\n\npackage {pkg}\n"
    files = {"go.mod": "module entgo.io/ent\n\ngo 1.22\n"}
    files |= {f"p{i}/p{i}.go": header.format(pkg=f"p{i}") for i in range(6)}
    headers = bodies(make_project, files, "ent")["rules/file-headers"]
    assert "(`Copyright 2019-present Facebook Inc. All rights reserved.`)" in headers, headers


def test_a_nested_go_module_is_an_example_only_where_its_folder_says_so_and_testdata_is_not_one(make_project):
    files = {"go.mod": "module go.universe.tf/metallb\n\ngo 1.22\n", "main.go": "package main\n\nfunc main() {}\n",
             "website/themes/relearn/go.mod": "module github.com/McShelby/hugo-theme-relearn\n\ngo 1.20\n",
             "examples/hello/go.mod": "module example.com/hello\n\ngo 1.22\n",
             "examples/hello/main.go": "package main\n\nfunc main() {}\n",
             "internal/plugin/testdata/src/wasm-test/go.mod": "module wasm-test\n\ngo 1.22\n",
             "internal/plugin/testdata/src/wasm-test/main.go": "package main\n\n//go:generate echo\nfunc main() {}\n"}  # fmt: skip
    packaging = bodies(make_project, files, "metallb")["go/packaging"]
    assert "example programs with their own go.mod (not part of the module): examples/hello" in packaging, packaging
    assert "other modules with their own go.mod (not part of the module): website/themes/relearn" in packaging
    assert "testdata" not in packaging, packaging


HATCH_PROJECT = {
    "pyproject.toml": "[project]\nname = 'scanpy'\nversion = '1'\n\n[build-system]\nrequires = ['hatchling']\n"
    "build-backend = 'hatchling.build'\n\n[tool.pytest.ini_options]\ntestpaths = ['tests']\n",
    "hatch.toml": "[envs.default]\ninstaller = 'uv'\n\n[envs.towncrier]\nscripts.build = 'python3 ci/towncrier.py'\n\n"
    "[envs.hatch-test]\ndependency-groups = ['test']\n",
    "src/scanpy/__init__.py": "x = 1\n",
    "tests/test_pca.py": "def test_pca():\n    pass\n",
}


def test_hatch_environments_in_hatch_toml_make_hatch_the_manager_and_hatch_test_the_tests(make_project):
    learned = bodies(make_project, HATCH_PROJECT, "scanpy")
    assert "package manager Hatch (hatch.toml)" in learned["python/packaging"], learned["python/packaging"]
    assert learned["workflow/test"].startswith("To test: `hatch test`"), learned["workflow/test"]
    assert learned["workflow/test-one"].startswith("To run one test: `hatch test tests/test_pca.py::test_pca`")
    assert "towncrier" not in learned.get("workflow/build", ""), learned.get("workflow/build")


def test_a_black_table_that_excludes_every_file_says_nothing_of_the_style(make_project):
    pyproject = ("[project]\nname = 'astroquery'\nversion = '1'\ndependencies = ['black']\n\n[tool.black]\n"
                 "force-exclude = '''\n(\n  .*\n)\n'''\n\n[tool.flake8]\nmax-line-length = \"120\"\n")  # fmt: skip
    files = {"pyproject.toml": pyproject, "astroquery/__init__.py": "x = 1\n"}
    learned = bodies(make_project, files, "astroquery")
    assert learned["style/python"] == "Python style in this project: flake8, max line length 120.", learned
    assert "black" not in learned.get("workflow/format", ""), learned.get("workflow/format")


def test_a_manifest_comment_that_leads_its_list_is_read_with_it(make_project):
    cargo = ('[package]\nname = "tree-sitter"\nversion = "0.1.0"\n\n[lints.clippy]\n'
             "# The lints below are a specific subset of the pedantic lints that we explicitly allow because they either:\n"
             "#\n# 1. Contain false positives,\n# 2. Are unnecessary, or\n# 3. Worsen the code\n\n"
             'cast_possible_wrap = "allow"\n')  # fmt: skip
    learned = bodies(make_project, {"Cargo.toml": cargo, "src/lib.rs": "pub fn a() {}\n"}, "tree-sitter")
    decisions = [body for key, body in learned.items() if key.startswith("decision/manifest/")]
    assert decisions and decisions[0].endswith("they either: 1. Contain false positives, 2. Are unnecessary, or 3. "
                                               "Worsen the code"), decisions  # fmt: skip


def test_a_gradle_task_that_assembles_the_test_apk_runs_no_test(make_project):
    files = {"settings.gradle.kts": 'include(":app")\n', "gradlew": "#!/bin/sh\n", "build.gradle.kts": "plugins {\n}\n",
             "app/build.gradle.kts": 'plugins {\n    id("com.android.application")\n}\n',
             "app/src/main/java/org/x/Main.kt": "package org.x\nclass Main\n",
             "app/src/test/java/org/x/MainTest.kt": "package org.x\nclass MainTest\n",
             ".github/workflows/test.yml": workflow("./gradlew :app:assembleAndroidTest")}  # fmt: skip
    test = bodies(make_project, files, "seedvault")["workflow/test"]
    assert "assembleAndroidTest" not in test, test


def test_a_python_manifest_that_installs_nothing_makes_no_python_project(make_project):
    pipfile = '[packages]\nmkdocs = "==1.5.3"\nmkdocs-material = "==9.5.18"\n\n[requires]\npython_version = "3.13"\n'
    go = {"go.mod": "module github.com/tc/tc\n\ngo 1.22\n", "tc.go": "package tc\n", "docker.go": "package tc\n"}
    learned = bodies(make_project, go | {"Pipfile": pipfile}, "tcgo")
    assert not [k for k in learned if k.startswith("python/")] and "pipenv" not in learned.get("workflow/install", "")
    stub = "[project]\nname = 'dbt-core'\ndescription = 'Build analytics'\nclassifiers = ['Programming Language :: Rust']\n"
    rust = {"Cargo.toml": '[package]\nname = "dbt"\nversion = "0.1.0"\n', "src/main.rs": "fn main() {}\n",
            "src/lib.rs": "pub fn a() {}\n", "pyproject.toml": stub}  # fmt: skip
    learned = bodies(make_project, rust, "dbt")
    assert not [k for k in learned if k.startswith("python/")] and "pip install" not in learned.get(
        "workflow/install", ""
    )


def test_common_source_sets_without_the_tests_leave_an_android_app_its_test_task(make_project):
    files = {"settings.gradle.kts": 'include(":app", ":domain")\n', "gradlew": "#!/bin/sh\n",
             "build.gradle.kts": "plugins {\n}\n", "app/build.gradle.kts": 'plugins {\n    id("com.android.application")\n}\n',
             "app/src/main/java/app/Main.kt": "package app\nclass Main\n",
             "app/src/test/java/app/MainTest.kt": "package app\nclass MainTest\n",
             "domain/build.gradle.kts": "plugins {\n    mihon.library.kmp\n}\n",
             "domain/src/commonMain/kotlin/domain/Chapter.kt": "package domain\nclass Chapter\n"}  # fmt: skip
    test = bodies(make_project, files, "mihon")["workflow/test"]
    assert "jvmTest" not in test and "allTests" not in test, test


QT_TS = (
    '<?xml version="1.0" encoding="utf-8"?>\n<!DOCTYPE TS>\n<TS version="2.1" language="{lang}">\n'
    + "<context/>\n" * 400
)


def test_qt_translations_beside_a_web_uis_package_json_are_no_typescript(make_project):
    files = {"CMakeLists.txt": "project(qbt CXX)\nadd_executable(qbt src/main.cpp)\n",
             "src/main.cpp": "int main() { return 0; }\n" * 40, "src/app.cpp": "int app() { return 1; }\n" * 40,
             "package.json": json.dumps({"name": "webui-lint", "devDependencies": {"eslint": "^9"}}),
             "src/webui/www/scripts/table.js": "export const t = 1;\n" * 10}  # fmt: skip
    files |= {f"src/lang/qbittorrent_{lang}.ts": QT_TS.format(lang=lang) for lang in ("de", "fr", "az@latin")}
    languages = bodies(make_project, files, "qbt")["languages"]
    assert "TypeScript" not in languages and "Main language: C++" in languages, languages


PHP_APP = {"composer.json": json.dumps({"name": "ampache/ampache", "scripts": {"test": "phpunit"}}),
           "src/Index.php": "<?php\nclass Index {}\n", "public/index.php": "<?php\nrequire 'src/Index.php';\n"}  # fmt: skip


def test_a_dev_server_for_another_languages_assets_runs_no_app(make_project):
    pkg = {
        "name": "ampache",
        "scripts": {"dev": "vite --port 5177", "build": "vite build"},
        "devDependencies": {"vite": "^6"},
    }
    files = PHP_APP | {"package.json": json.dumps(pkg), "package-lock.json": "{}",
                       "README.md": "# Ampache\n\n## Development\n\nRun `npm run dev` to start.\n"}  # fmt: skip
    assert "npm run dev" not in bodies(make_project, files, "ampache").get("workflow/run", "")


def test_a_composer_script_the_guide_runs_but_composer_json_lacks_is_no_command(make_project):
    files = PHP_APP | {"CLAUDE.md": "# Agents\n\n## Commands\n\n- Start the app: `composer run dev`\n"}
    assert "composer run dev" not in bodies(make_project, files, "coolify").get("workflow/run", "")


def test_a_bin_dev_that_only_execs_the_rails_server_runs_no_procfile(make_project):
    files = {"Gemfile": 'source "https://rubygems.org"\ngem "rails"\n', "config/application.rb": "module App; end\n",
             "app/models/sample.rb": "class Sample; end\n", "Procfile.dev": "vite: bin/vite dev\nweb: bin/rails s\n",
             "bin/dev": '#!/usr/bin/env ruby\nexec "./bin/rails", "server", *ARGV\n'}  # fmt: skip
    run = bodies(make_project, files, "sequencescape")["workflow/run"]
    assert "Procfile.dev" not in run and "bin/dev" not in run, run


def test_a_laravel_app_with_sails_compose_file_runs_in_sail(make_project):
    composer = {
        "name": "solidtime/solidtime",
        "require": {"laravel/framework": "^11"},
        "require-dev": {"laravel/sail": "^1"},
    }
    files = {"composer.json": json.dumps(composer), "artisan": "#!/usr/bin/env php\n<?php\n",
             "app/Models/User.php": "<?php\nclass User {}\n",
             "docker-compose.yml": "services:\n  laravel.test:\n    image: sail-8.3/app\n    networks:\n      - sail\n"}  # fmt: skip
    run = bodies(make_project, files, "solidtime")["workflow/run"]
    assert run.startswith("To run: `vendor/bin/sail up -d` (Laravel Sail's containers)"), run


def test_nose2_in_the_dependencies_runs_the_unittest_suites(make_project):
    files = {"requirements-dev.txt": "nose2[coverage_plugin]==0.16.0\n", "requirements.txt": "flask==3.0\n",
             "searx/__init__.py": "x = 1\n", "tests/__init__.py": "",
             "tests/robot/test_webapp.py": "import unittest\n\nclass TestWebapp(unittest.TestCase):\n    pass\n"}  # fmt: skip
    files |= {
        f"tests/unit/test_e{i}.py": "import unittest\n\nclass TestE(unittest.TestCase):\n    pass\n" for i in range(4)
    }
    test = bodies(make_project, files, "searxng")["workflow/test"]
    assert test.startswith("To test: `python -m nose2 -s tests/unit`"), test
