"""Causes found in the sixty-first round: Kotlin Multiplatform modules known by their source sets."""

from __future__ import annotations

from tests.profile.learned import bodies

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
