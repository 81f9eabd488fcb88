"""Causes found on set 40's run (issue 17): a Gradle library whose tests are named *Tests and whose javadoc runs on
a newer toolchain than the code compiles for, Gradle tasks that only report or leave the linter out, and a PHP
library whose PHPUnit config lives in tests/, whose README states an older PHP and which needs a PHP extension."""

from __future__ import annotations

from tests.profile.learned import bodies

JAVA = "package p;\npublic class {} {{ int a; }}\n"
BUILD = """plugins { java }
val targetJavaVersion = JavaVersion.VERSION_17
java { sourceCompatibility = targetJavaVersion }
tasks {
    test { filter { includeTestsMatching("*Tests") } }
    javadoc {
        javadocTool.set(project.javaToolchains.javadocToolFor {
            languageVersion.set(JavaLanguageVersion.of(24))
        })
    }
}
"""


def _gradle_project(**extra: str) -> dict[str, str]:
    files = {"build.gradle.kts": BUILD, "gradlew": "#!/bin/sh\n", "src/main/java/p/Main.java": JAVA.format("Main")}
    files |= {f"src/test/java/p/Main{n}Tests.java": JAVA.format(f"Main{n}Tests") for n in range(4)}
    files |= {"src/test/java/p/OtherTest.java": JAVA.format("OtherTest")}
    return files | extra


def test_tests_named_tests_are_said_so_and_the_build_filter_naming_is_the_one_named(make_project):
    learned = bodies(make_project, _gradle_project())
    assert learned["layout/tests"].startswith("5 test files, named *Tests.*;"), "the build runs no *Test class"
    files = _gradle_project(**{f"src/test/java/p/Extra{n}Test.java": JAVA.format(f"Extra{n}Test") for n in range(6)})
    learned = bodies(make_project, files, name="more")
    assert learned["layout/tests"].startswith("11 test files, named *Tests.*;"), "the filter's naming alone"


def test_a_javadoc_toolchain_is_not_the_java_level_the_code_compiles_for(make_project):
    packaging = bodies(make_project, _gradle_project())["jvm/packaging"]
    assert "compiles for Java 17" in packaging and "Java 24" not in packaging


def test_a_gradle_task_that_only_reports_is_never_the_setup_command(make_project):
    guide = "# Contributing\n\n## Updates\n\nTo keep dependencies up to date, run `./gradlew dependencyUpdates`.\n"
    learned = bodies(make_project, _gradle_project(**{"CONTRIBUTING.md": guide}))
    assert "dependencyUpdates" not in learned.get("workflow/install", "")


def test_a_build_that_leaves_the_linter_out_is_no_lint_command_and_a_job_allowed_to_fail_offers_none(make_project):
    workflow = """on: [push, pull_request]
jobs:
  basic:
    runs-on: ubuntu-latest
    steps:
      - uses: actions/checkout@v4
      - run: ./gradlew --stacktrace clean build -x spotlessCheck
  format:
    runs-on: ubuntu-latest
    steps:
      - uses: actions/checkout@v4
      - run: ./gradlew spotlessCheck
  experimental:
    runs-on: ubuntu-latest
    continue-on-error: true
    steps:
      - uses: actions/checkout@v4
      - run: gradle --stacktrace clean build -x spotlessCheck
"""
    build = BUILD.replace("plugins { java }", 'plugins { java\n id("com.diffplug.spotless") version "6.0.0" }')
    learned = bodies(
        make_project, _gradle_project(**{".github/workflows/build.yml": workflow, "build.gradle.kts": build})
    )
    assert "-x spotlessCheck" not in learned["workflow/lint"]
    assert learned["workflow/lint"].startswith("To lint: `./gradlew spotlessCheck`")
    assert learned["workflow/build"].startswith("To build: `./gradlew build`")
    assert "gradle --stacktrace" not in learned["workflow/build"], "the experimental job may fail"


COMPOSER = """{
  "name": "acme/http",
  "require": {"php": ">=8.1", "ext-curl": "*"},
  "require-dev": {"phpunit/phpunit": "^10.5"}
}
"""
README = """# Http

Http is a simple HTTP client library for PHP 8.0+. It reads well.

## Contributing

- Run all unit tests in the test directory via `phpunit ./tests`
"""
CI = """on: [push, pull_request]
jobs:
  tests:
    runs-on: ubuntu-latest
    steps:
      - uses: actions/checkout@v4
      - run: composer install
      - run: php vendor/bin/phpunit -c tests/phpunit.xml
"""


def _php_project() -> dict[str, str]:
    return {
        "composer.json": COMPOSER, "README.md": README, ".github/workflows/ci.yml": CI,
        "src/Http/Request.php": "<?php\nclass Request {}\n", "tests/phpunit.xml": '<phpunit bootstrap="boot.php"/>\n',
        "tests/Http/RequestTest.php": "<?php\nclass RequestTest {}\n",
    }  # fmt: skip


def test_a_readme_phpunit_run_without_the_nested_config_does_not_lead(make_project):
    learned = bodies(make_project, _php_project())
    assert learned["workflow/test"].startswith("To test: `php vendor/bin/phpunit -c tests/phpunit.xml`")
    assert "`phpunit ./tests`" not in learned["workflow/test"]
    assert "add `-c tests/phpunit.xml`" in learned["rules/README.md"]


def test_a_readme_php_version_below_composers_minimum_is_raised_to_it(make_project):
    summary = bodies(make_project, _php_project())["project/summary"]
    assert "for PHP 8.1+" in summary and "8.0" not in summary


def test_a_required_php_extension_is_a_runtime_requirement(make_project):
    stack = bodies(make_project, _php_project())["php/stack"]
    assert "no runtime dependencies" not in stack and "requires the PHP extension curl" in stack
