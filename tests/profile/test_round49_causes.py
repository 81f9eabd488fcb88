"""Causes found in the forty-ninth round: a guide's `pip install -e .[dev,test]` where dev and test are dependency
groups, not extras (aiogram, scikit-build-core), a lone `pip install --upgrade pip` read as the set-up, and files
counted as a language that no one writes: a minified build (gatus, topiary) and Qt Linguist's `.ts` translations
(sqlitebrowser); and Kotlin Multiplatform modules applied by the plugin's old id or the Groovy way (Decompose,
mosaic), which have no `test` task. From sets 209–212: a .gitignore that lists every manager's lock file read as
yarn's (edge), script/ folder scripts named for their step (avo), `go test -bench` read as a benchmark only (avo), a
go.mod that serves only a C project's integration tests (nghttp2), and a Django test project's manage.py (django-
reversion)."""

from __future__ import annotations

from tests.profile.learned import bodies

PYPROJECT = (
    '[project]\nname = "bot"\nversion = "1.0"\n\n[project.optional-dependencies]\nfast = ["uvloop"]\n\n'
    '[dependency-groups]\ndev = ["ruff", "mypy"]\ntest = ["pytest"]\n\n'
    '[build-system]\nrequires = ["hatchling"]\nbuild-backend = "hatchling.build"\n'
)
GUIDE = (
    "# Contributing\n\nUpgrade pip first:\n\n```\npython -m pip install --upgrade pip\n```\n\n"
    "Then install the project with its tools:\n\n```\npip install -v -e .[dev,test,fast]\n```\n\n"
    "Or, with uv:\n\n```\nuv sync --all-extras --group dev --group test\n```\n"
)


def _install(make_project: object, pyproject: str, name: str) -> str:
    files = {"pyproject.toml": pyproject, "CONTRIBUTING.md": GUIDE, "bot/__init__.py": "x = 1\n",
             "tests/test_bot.py": "def test_x():\n    pass\n"}  # fmt: skip
    return bodies(make_project, files, name)["workflow/install"]


def test_a_guide_install_of_extras_the_project_does_not_declare_is_not_the_set_up(make_project):
    body = _install(make_project, PYPROJECT, "groups")
    assert "pip install -v -e .[dev,test,fast]" not in body  # pip would install neither pytest nor ruff
    assert body.startswith("To install: `uv sync --all-extras --group dev --group test`")


def test_the_same_install_stands_where_the_extras_are_declared(make_project):
    declared = PYPROJECT.replace('fast = ["uvloop"]', 'fast = ["uvloop"]\ndev = ["ruff"]\ntest = ["pytest"]')
    declared = declared.replace('[dependency-groups]\ndev = ["ruff", "mypy"]\ntest = ["pytest"]\n\n', "")
    assert "`pip install -v -e .[dev,test,fast]`" in _install(make_project, declared, "extras")


def test_a_lone_pip_upgrade_never_leads_the_set_up(make_project):
    body = _install(make_project, PYPROJECT, "upgrade")
    assert "--upgrade pip" not in body


GO_SERVER = {"go.mod": "module example.com/up\n\ngo 1.22\n", "main.go": "package main\n\n" + "func f() {}\n" * 3000}


def test_a_minified_script_is_not_counted_as_the_project_s_javascript(make_project):
    built = "(function(){" + "var a=1;" * 12_000 + "})();\n"  # 96 kB on one line, as a bundler writes it
    hand_written = "// The vendor chunk, written by hand\n" + "var a = 1;\n" * 9_000
    minified = bodies(make_project, {**GO_SERVER, "web/static/js/app.js": built}, "minified")["languages"]
    assert "JavaScript" not in minified and "Main language: Go" in minified
    written = bodies(make_project, {**GO_SERVER, "web/static/js/app.js": hand_written}, "written")["languages"]
    assert "JavaScript" in written


QT_TRANSLATION = (
    '<?xml version="1.0" encoding="utf-8"?>\n<!DOCTYPE TS>\n<TS version="2.1" language="it">\n<context>\n'
    + "    <message>\n        <source>Open Database</source>\n        <translation>Apri</translation>\n"
    "    </message>\n" * 2000 + "</context>\n</TS>\n"
)


def test_qt_linguist_translations_are_not_typescript(make_project):
    files = {"CMakeLists.txt": "project(browser LANGUAGES CXX)\n", "src/main.cpp": "int main() { return 0; }\n" * 400,
             "src/translations/browser_it.ts": QT_TRANSLATION}  # fmt: skip
    languages = bodies(make_project, files, "qt")["languages"]
    assert "TypeScript" not in languages and "Main language: C++" in languages
    typescript = {**files, "web/package.json": '{"name": "web"}', "web/src/app.ts": "export const a = 1;\n" * 3000}
    assert "TypeScript" in bodies(make_project, typescript, "qt-and-web")["languages"]


KMP_APPLIED = {
    "old id": 'plugins {\n    id("kotlin-multiplatform")\n    id("com.android.library")\n}\n',
    "groovy": "apply plugin: 'org.jetbrains.kotlin.multiplatform'\n\nkotlin {\n  jvm()\n}\n",
    "catalog": "plugins {\n    alias(libs.plugins.kotlin.multiplatform)\n}\n",
}


def test_a_multiplatform_module_however_applied_is_tested_with_jvm_test(make_project):
    for i, (how, build) in enumerate(KMP_APPLIED.items()):
        name = "build.gradle" if how == "groovy" else "build.gradle.kts"
        files = {"settings.gradle.kts": 'include(":decompose")\n', "gradlew": "#!/bin/sh\n",
                 "build.gradle.kts": "plugins {\n}\n", f"decompose/{name}": build,
                 "decompose/src/commonMain/kotlin/com/x/Router.kt": "package com.x\nclass Router\n",
                 "decompose/src/commonTest/kotlin/com/x/RouterTest.kt": "package com.x\nclass RouterTest\n"}  # fmt: skip
        learned = bodies(make_project, files, name=f"kmp{i}")
        assert learned["workflow/test"].startswith("To test: `./gradlew jvmTest`"), how
        assert "`./gradlew :decompose:jvmTest --tests" in learned["workflow/test-one"], how


def test_a_gitignore_that_lists_every_lock_file_says_nothing_about_the_manager(make_project):
    files = {"package.json": '{"name": "edge", "scripts": {"test": "node bin/test.js"}}', "src/index.ts": "x\n",
             ".gitignore": "node_modules\nyarn.lock\npackage-lock.json\n", ".npmrc": "package-lock=false\n"}  # fmt: skip
    assert bodies(make_project, files, "edge")["workflow/test"].startswith("To test: `npm test`")
    only_yarn = {**files, ".gitignore": "node_modules\n/yarn.lock\n"}
    del only_yarn[".npmrc"]
    assert bodies(make_project, only_yarn, "admin")["workflow/test"].startswith("To test: `yarn test`")


GO_LIBRARY = {"go.mod": "module example.com/avo\n\ngo 1.22\n", "build/build.go": "package build\n\nfunc B() {}\n",
              "build/build_test.go": 'package build\n\nimport "testing"\n\nfunc TestB(t *testing.T) {}\n'}  # fmt: skip
CI_BENCH = (
    "on: [push]\njobs:\n  test:\n    runs-on: ubuntu-latest\n    steps:\n      - uses: actions/checkout@v4\n"
    "      - name: Test\n        run: go test -bench . ./...\n"
)


def test_scripts_named_for_their_step_in_script_lead_over_the_language_defaults(make_project):
    files = {**GO_LIBRARY, "script/fmt": "#!/bin/bash -ex\ngoimports -w .\ngofumpt -w .\n",
             "script/bootstrap": "#!/bin/bash -ex\ngo install golang.org/x/tools/cmd/goimports@v0.6.0\n",
             "script/notes.txt": "fmt: formatting\n"}  # fmt: skip
    learned = bodies(make_project, files, "avo")
    assert learned["workflow/format"].startswith("To format: `./script/fmt`")
    assert learned["workflow/install"].startswith("To install: `./script/bootstrap`")


def test_go_test_with_benchmarks_still_runs_the_tests_unless_run_selects_none(make_project):
    files = {**GO_LIBRARY, ".github/workflows/ci.yml": CI_BENCH}
    assert bodies(make_project, files, "bench")["workflow/test"].startswith("To test: `go test -bench . ./...`")
    only = {**GO_LIBRARY, ".github/workflows/ci.yml": CI_BENCH.replace("-bench .", "-run '^$' -bench .")}
    assert "-bench" not in bodies(make_project, only, "bench-only")["workflow/test"]


def test_a_go_module_that_only_serves_a_c_project_s_integration_tests_comes_after_its_build(make_project):
    files = {"CMakeLists.txt": "project(nghttp2 C)\nadd_library(nghttp2 lib/session.c)\n",
             "lib/session.c": "int session(void) { return 0; }\n" * 600, "go.mod": "module github.com/x/nghttp2\n\ngo 1.25\n",
             "integration-tests/server_test.go": 'package tests\n\nimport "testing"\n\nfunc TestH2(t *testing.T) {}\n'}  # fmt: skip
    learned = bodies(make_project, files, "nghttp2")
    assert learned["go/packaging"].startswith("Go module only for integration-tests/, beside a project in another")
    assert learned["workflow/build"].startswith("To build: `cmake")
    go_project = {
        **files,
        "lib/session.c": "int session(void) { return 0; }\n",
        "main.go": "package main\n\nfunc main() {}\n",
    }
    assert bodies(make_project, go_project, "go-first")["go/packaging"].startswith("Go project:")


DJANGO_TEST = (
    "from django.test import TestCase\n\n\nclass SaveTest(TestCase):\n    def test_save(self):\n        pass\n"
)
MANAGE = "#!/usr/bin/env python\nimport os\nos.environ.setdefault('DJANGO_SETTINGS_MODULE', 'test_project.settings')\n"
DJANGO_CI = (
    "on: [push]\njobs:\n  build:\n    runs-on: ubuntu-latest\n    steps:\n      - uses: actions/checkout@v4\n"
    "      - name: Check no missing migrations\n        run: tests/manage.py makemigrations --check\n"
    "      - name: Test with unittest\n        run: coverage run tests/manage.py test tests\n"
)


def test_a_django_test_project_runs_its_tests_and_one_module_through_manage_py(make_project):
    files = {"setup.py": "from setuptools import setup\nsetup(name='reversion')\n", "reversion/__init__.py": "",
             "tests/manage.py": MANAGE, "tests/test_app/__init__.py": "", "tests/test_app/tests/__init__.py": "",
             "tests/test_app/tests/test_api.py": DJANGO_TEST, ".github/workflows/ci.yml": DJANGO_CI}  # fmt: skip
    learned = bodies(make_project, files, "reversion")
    assert learned["workflow/test"].startswith("To test: `coverage run tests/manage.py test tests`")
    assert "makemigrations" not in learned["workflow/test"] and "makemigrations --check" in learned["workflow/lint"]
    assert learned["workflow/test-one"].startswith(
        "To run one test: `python tests/manage.py test test_app.tests.test_api`"
    )
