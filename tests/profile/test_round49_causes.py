"""Causes found in the forty-ninth round: a guide's `pip install -e .[dev,test]` where dev and test are dependency
groups, not extras (aiogram, scikit-build-core), a lone `pip install --upgrade pip` read as the set-up, and files
counted as a language that no one writes: a minified build (gatus, topiary) and Qt Linguist's `.ts` translations
(sqlitebrowser); and Kotlin Multiplatform modules applied by the plugin's old id or the Groovy way (Decompose,
mosaic), which have no `test` task."""

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
