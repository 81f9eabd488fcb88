"""Causes found on set 44's run (issue 17, thirty-third round): hosted analyses taken for the build and the tests, a
warnings-as-errors switch that is off, and a Java level read from the build logic's own toolchain."""

from __future__ import annotations

from tests.profile.learned import bodies


def _ci(*runs: str) -> str:
    steps = "".join(f"      - run: {r}\n" for r in runs)
    return "name: CI\non: [push, pull_request]\njobs:\n  build:\n    runs-on: ubuntu-latest\n    steps:\n" + steps


def test_a_hosted_analysis_is_neither_the_build_nor_the_tests(make_project):
    learned = bodies(make_project, {"build.gradle.kts": "plugins { java }\n", "gradlew": "#!/bin/sh\n",
                                    "src/main/java/w/W.java": "package w; class W {}\n",
                                    "src/test/java/w/WTest.java": "package w; class WTest {}\n",
                                    ".github/workflows/ci.yml": _ci("infer -- ./gradlew assemble", "snyk code test")})  # fmt: skip
    assert "infer" not in learned["workflow/build"] and "snyk" not in learned["workflow/test"]


def test_a_werror_switch_that_is_off_by_default_does_not_make_warnings_errors(make_project):
    cmake = (
        "cmake_minimum_required(VERSION 3.16)\nproject(j CXX)\n"
        'option(J_WARNING_AS_ERROR "Fail on warnings" OFF)\n'
        "macro(warnings_as_errors)\n  add_compile_options(-Werror)\nendmacro()\n"
        "add_compile_options(-Wall -Wextra)\nif(J_WARNING_AS_ERROR)\n  warnings_as_errors()\n"
        "  add_compile_options(-Werror=conversion)\nendif()\nadd_library(j j.cpp)\n"
    )
    learned = bodies(make_project, {"CMakeLists.txt": cmake, "j.cpp": "int j() { return 0; }\n"})
    assert learned["cpp/warnings"].startswith("Compiler warnings: the project compiles with -Wall -Wextra;")


def test_the_build_logics_toolchain_is_not_the_projects_java_level(make_project):
    plugins = "plugins { `kotlin-dsl` }\njava.toolchain.languageVersion = JavaLanguageVersion.of(25)\n"
    learned = bodies(make_project, {"settings.gradle.kts": 'includeBuild("gradle/plugins")\ninclude("core")\n',
                                    "build.gradle.kts": "plugins { java }\n", "gradlew": "#!/bin/sh\n",
                                    "gradle/plugins/build.gradle.kts": plugins, "core/build.gradle.kts": "plugins { java }\n",
                                    "core/src/main/java/w/W.java": "package w; class W {}\n"})  # fmt: skip
    assert "Java 25" not in learned["jvm/packaging"]
