"""Causes found in the fifty-eighth round: commands CI runs that the profile did not read as such (Gradle's
`assembleDebug`, a command guarded by `if ! …; then`) and a function the CI script defines taken for a command."""

from __future__ import annotations

from tests.profile.learned import bodies, workflow

ANDROID_APP = {
    "settings.gradle.kts": 'rootProject.name = "tube"\ninclude(":app")\n',
    "build.gradle.kts": 'plugins {\n    id("com.android.application") apply false\n}\n',
    "gradlew": "#!/bin/sh\n",
    "app/build.gradle.kts": 'plugins {\n    id("com.android.application")\n}\n',
    "app/src/main/java/com/acme/tube/MainActivity.kt": "package com.acme.tube\n\nclass MainActivity\n",
    "app/src/test/java/com/acme/tube/ParserTest.kt": "package com.acme.tube\n\nclass ParserTest\n",
}


def test_an_android_app_builds_with_the_assemble_task_ci_runs(make_project):
    files = ANDROID_APP | {".github/workflows/ci.yml": workflow("./gradlew assembleDebug", job="debug-builds")}
    learned = bodies(make_project, files, "tube")
    assert learned["workflow/build"].startswith("To build: `./gradlew assembleDebug`"), learned["workflow/build"]


def test_a_guide_that_compiles_with_a_module_assemble_task_names_the_build(make_project):
    guide = "# Agents\n\nTo compile the code, use `./gradlew :app:assembleDebug`.\n"
    learned = bodies(make_project, ANDROID_APP | {"AGENTS.md": guide}, "pod")
    assert learned["workflow/build"].startswith("To build: `./gradlew :app:assembleDebug`"), learned["workflow/build"]


def test_a_ci_script_reads_a_guarded_command_and_never_its_own_functions(make_project):
    step = (
        '- name: Build\n  run: |\n    exit_on_error() { echo "$1"; exit 1; }\n'
        '    if ! ./gradlew assembleDebug; then\n      exit_on_error "Build failed for build."\n    fi\n'
    )
    learned = bodies(make_project, ANDROID_APP | {".github/workflows/debug_build.yml": workflow(step)}, "term")
    assert learned["workflow/build"].startswith("To build: `./gradlew assembleDebug`"), learned["workflow/build"]
    assert "exit_on_error" not in "\n".join(learned.values())
