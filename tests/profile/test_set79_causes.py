"""Causes found on set 79's run (issue 17, fortieth round): a docs folder's Doxygen target whose command comes
before it, glfw's docs/compile.md as a guide and its `path/to/build` placeholder, a comment in a Gradle build taken
for a library, a composer script that serves a page for a manual check, a Rust harness under tests/ with no test of
its own, generator scripts named like node tests, and a CI job named `unit`."""

from __future__ import annotations

from tests.profile.learned import bodies

GLFW_CMAKE = "cmake_minimum_required(VERSION 3.16)\nproject(GLFW C)\noption(GLFW_BUILD_DOCS \"Build docs\" ON)\n" \
             "add_library(glfw src/init.c)\nif (GLFW_BUILD_DOCS)\n    add_subdirectory(docs)\nendif()\n"  # fmt: skip
GLFW_DOCS = "find_package(Doxygen)\nadd_custom_command(OUTPUT \"html/index.html\"\n    COMMAND \"${DOXYGEN_EXECUTABLE}\"\n" \
            ")\nadd_custom_target(docs ALL SOURCES main.md DEPENDS \"html/index.html\")\n"  # fmt: skip
COMPILE = "# Compiling GLFW\n\nOn Debian install the packages first:\n\n```sh\nsudo apt install libwayland-dev " \
          "xorg-dev\n```\n\nThen build:\n\n```sh\ncmake --build path/to/build\n```\n"  # fmt: skip


def test_glfws_compile_guide_its_placeholder_and_its_docs_target(make_project):
    files = {"CMakeLists.txt": GLFW_CMAKE, "docs/CMakeLists.txt": GLFW_DOCS, "docs/compile.md": COMPILE,
             "src/init.c": "int glfwInit(void) { return 1; }\n" * 20}  # fmt: skip
    learned = bodies(make_project, files, name="glfw")
    assert learned["workflow/install"].startswith("To install: `sudo apt install libwayland-dev xorg-dev`")
    assert "path/to" not in learned["workflow/build"]
    assert "`cmake --build build --target docs`" in learned["workflow/docs"]


def test_a_gradle_comment_a_test_server_script_a_rust_harness_and_generator_scripts(make_project):
    gradle = 'plugins { id("org.jetbrains.kotlin.jvm") }\ndependencies {\n  api(libs.apache.ant) // Types from Ant ' \
             'are exposed in the public API.\n}\n'  # fmt: skip
    files = {"build.gradle.kts": gradle, "src/main/kotlin/Shadow.kt": "class Shadow\n"}
    assert "Exposed" not in bodies(make_project, files, name="shadow")["jvm/packaging"]
    guide = "# Contributing\n\nRun the tests:\n\n```bash\ncomposer test-server-v2\ncomposer test\n```\n"
    files = {"composer.json": '{"name": "flightphp/core", "scripts": {"test": "phpunit", "test-server-v2": '
             '"php -S localhost:8000 -t tests/server_v2"}}', "CONTRIBUTING.md": guide, "flight/Engine.php": "<?php\n"}  # fmt: skip
    assert bodies(make_project, files, name="core")["workflow/test"].startswith("To test: `composer test`")
    files = {"Cargo.toml": '[package]\nname = "ggez"\n', "src/lib.rs": "#[cfg(test)]\nmod t { #[test] fn a() {} }\n",
             "doc_tests/Cargo.toml": '[package]\nname = "doc_tests"\n',
             "doc_tests/tests/skeptic.rs": 'include!(concat!(env!("OUT_DIR"), "/skeptic-tests.rs"));\n'}  # fmt: skip
    assert "doc_tests" not in bodies(make_project, files, name="ggez").get("layout/tests", "")
    files = {"package.json": '{"name": "parse5", "scripts": {"test": "vitest"}}', "src/index.ts": "export {}\n",
             "test/utils/generate-parser-feedback-tests.ts": "export {}\n",
             "src/parser.test.ts": "import { it } from 'vitest'\nit('p', () => {})\n"}  # fmt: skip
    assert "generate" not in bodies(make_project, files, name="parse5")["layout/tests"]
    ci = "on: [push, pull_request]\njobs:\n  unit:\n    steps:\n      - uses: gofiber/.github/actions/gotestsum@main\n"
    files = {
        "go.mod": "module github.com/gofiber/fiber/v3\n",
        "app.go": "package fiber\n",
        ".github/workflows/test.yml": ci,
    }
    assert "test.yml (jobs unit)" in bodies(make_project, files, name="fiber")["ci"]
