"""Commands keep the role their own words give them: a tool installer is not the formatter, a docs server does not
run a library, a licence check is not the linter, an exotic CI job does not beat the plain test (issue 17,
held-out causes)."""

from __future__ import annotations

import pytest

from picasso_tui.profile.commands import command_role, guide_files
from tests.profile.learned import bodies


@pytest.mark.parametrize(
    ("command", "role"),
    [
        ("make ensure-goimports", "install"),
        ("make install-golangci-lint", "install"),
        ("make deps", "install"),
        ("make fmt", "format"),  # the negative: the formatting target itself
        ("make pretty", "format"),
        ("make serve-docs", "docs"),  # a preview of the docs, never how to run the project
        ("mkdocs serve", "docs"),
        ("mkdocs build", "docs"),  # the negative: the docs build
        ("mkdocs", None),
        ("go doc", None),
        ("reuse lint", None),
        ("make lint", "lint"),
        ("make test-minimal ARGS=--quiet", "test"),
        ("make test TEST=parser", "test-one"),  # a variable that names a test does select one
        ("go test ./... -run TestParse", "test-one"),
    ],
)
def test_a_command_keeps_the_role_its_own_words_give(command, role):
    assert command_role(command) == role


def test_a_tool_installing_target_is_not_the_format_command(make_project):
    learned = bodies(make_project, {
        "go.mod": "module example.com/x\n\ngo 1.22\n", "x.go": "package x\n", "x_test.go": "package x\n",
        "CONTRIBUTING.md": "## Formatting\n\nInstall the formatter with `make ensure-goimports`, then run "
                           "`make fmt` to format the code.\n",
        "Makefile": "ensure-goimports:\n\tgo install golang.org/x/tools/cmd/goimports@latest\nfmt:\n\tgoimports -w .\n",
    })  # fmt: skip
    assert learned["workflow/format"].startswith("To format: `make fmt`")
    assert "ensure-goimports" not in learned["workflow/format"]


def test_a_docs_server_is_not_how_to_run_a_library_but_a_run_target_is(make_project):
    learned = bodies(make_project, {
        "go.mod": "module example.com/x\n\ngo 1.22\n", "x.go": "package x\n",
        "CONTRIBUTING.md": "## Docs\n\nPreview the docs with `make serve-docs`.\n\n## Running\n\nStart it with `make run`.\n",
        "Makefile": "serve-docs:\n\tmkdocs serve\nrun:\n\tgo run .\n",
    })  # fmt: skip
    assert "serve-docs" not in learned.get("workflow/run", "")
    assert "`make serve-docs`" in learned["workflow/docs"]
    assert "`make run`" in learned["workflow/run"]


def test_a_bare_tool_name_is_not_the_docs_build_and_a_preview_comes_after_the_build(make_project):
    learned = bodies(make_project, {
        "pyproject.toml": "[project]\nname='p'\n", "p.py": "x = 1\n", "mkdocs.yml": "site_name: p\n",
        "CONTRIBUTING.md": "## Documentation\n\nThe docs use `mkdocs`; preview with `mkdocs serve`, build them "
                           "with `mkdocs build`.\n",
    })  # fmt: skip
    assert learned["workflow/docs"].startswith("To build or preview the docs: `mkdocs build`")
    assert "`mkdocs`" not in learned["workflow/docs"] and "`mkdocs serve`" in learned["workflow/docs"]


def test_a_target_named_for_what_it_does_is_not_the_test_command_though_the_prose_is_about_testing(make_project):
    learned = bodies(make_project, {
        "CMakeLists.txt": "project(j)\nadd_library(j j.cpp)\nenable_testing()\nadd_test(NAME a COMMAND a)\n",
        "j.cpp": "int j;\n",
        "CONTRIBUTING.md": "## Tests\n\nBefore testing, run `make amalgamate` and `make pretty`, then `make check`.\n",
        "Makefile": "amalgamate:\n\ttrue\npretty:\n\tastyle src\ncheck:\n\tctest\n",
        ".clang-format": "BasedOnStyle: LLVM\n",
    })  # fmt: skip
    assert learned["workflow/test"].startswith("To test: `make check`")
    assert "amalgamate" not in learned["workflow/test"] and "pretty" not in learned["workflow/test"]
    assert learned["workflow/format"].startswith("To format: `make pretty`")  # over .clang-format's raw tool


def test_a_licence_check_is_not_the_lint_command(make_project):
    learned = bodies(make_project, {
        "pyproject.toml": "[project]\nname='p'\n", "p.py": "x = 1\n",
        "CONTRIBUTING.md": "## Checks\n\nRun `reuse lint` for licences and `ruff check .` to lint.\n",
    })  # fmt: skip
    assert learned["workflow/lint"].startswith("To lint: `ruff check .`")
    assert "reuse" not in learned["workflow/lint"]


def test_an_exotic_platform_ci_job_does_not_beat_the_plain_gradle_test(make_project):
    workflow = (
        "on: [pull_request]\njobs:\n  robovm:\n    runs-on: macos-latest\n    steps:\n"
        "      - run: ./gradlew lib:robovm-test:robovmTest\n"
    )
    learned = bodies(make_project, {
        "settings.gradle": "include 'lib'\n", "build.gradle": "plugins { id 'java' }\n", "gradlew": "#!/bin/sh\n",
        "lib/build.gradle": "plugins { id 'java' }\n", "lib/src/main/java/A.java": "class A {}\n",
        "lib/src/test/java/ATest.java": "class ATest {}\n", ".github/workflows/ci.yml": workflow,
    })  # fmt: skip
    assert "robovm" not in learned["workflow/test"].split(" — ")[0]


def test_a_plain_ci_test_job_still_outranks_the_manifest_default(make_project):
    workflow = "on: [pull_request]\njobs:\n  test:\n    runs-on: ubuntu-latest\n    steps:\n      - run: ./gradlew test -PskipAndroid\n"
    learned = bodies(make_project, {
        "build.gradle": "plugins { id 'java' }\n", "gradlew": "#!/bin/sh\n", "src/main/java/A.java": "class A {}\n",
        "src/test/java/ATest.java": "class ATest {}\n", ".github/workflows/ci.yml": workflow,
    })  # fmt: skip
    assert learned["workflow/test"].startswith("To test: `./gradlew test -PskipAndroid`")


def test_one_gradle_test_goes_to_a_module_that_has_tests(make_project):
    learned = bodies(make_project, {
        "settings.gradle": "include 'core'\ninclude 'core:java-test'\n", "build.gradle": "", "gradlew": "#!/bin/sh\n",
        "core/build.gradle": "plugins { id 'java' }\n", "core/src/main/java/A.java": "class A {}\n",
        "core/java-test/build.gradle": "plugins { id 'java' }\n",
        "core/java-test/src/test/java/ATest.java": "class ATest {}\n",
    })  # fmt: skip
    assert ":core/java-test:test" in learned["workflow/test-one"] or ":core:java-test:test" in learned[
        "workflow/test-one"
    ].replace("/", ":")
    assert "`./gradlew :core:test --tests" not in learned["workflow/test-one"]


def test_one_gradle_test_in_the_first_module_when_it_has_tests(make_project):
    learned = bodies(make_project, {
        "settings.gradle": "include 'core'\n", "build.gradle": "", "gradlew": "#!/bin/sh\n",
        "core/build.gradle": "plugins { id 'java' }\n", "core/src/test/java/ATest.java": "class ATest {}\n",
    })  # fmt: skip
    assert "`./gradlew :core:test --tests '<Class>'`" in learned["workflow/test-one"]


def test_mkdocs_two_folders_down_gives_the_docs_build(make_project):
    learned = bodies(make_project, {
        "CMakeLists.txt": "project(j)\nadd_library(j j.cpp)\n", "j.cpp": "int j;\n",
        "docs/mkdocs/mkdocs.yml": "site_name: j\n", "docs/mkdocs/docs/index.md": "# j\n",
    })  # fmt: skip
    assert "`mkdocs build -f docs/mkdocs/mkdocs.yml`" in learned["workflow/docs"]


def test_mkdocs_three_folders_down_is_someone_elses(make_project):
    learned = bodies(make_project, {
        "CMakeLists.txt": "project(j)\nadd_library(j j.cpp)\n", "j.cpp": "int j;\n",
        "third/party/site/mkdocs.yml": "site_name: other\n",
    })  # fmt: skip
    assert "mkdocs" not in learned.get("workflow/docs", "")


def test_a_chained_npm_test_gives_its_linter_and_the_runners_own_one_test(make_project):
    learned = bodies(make_project, {
        "package.json": '{"name": "g", "scripts": {"test": "xo && ava"}, "devDependencies": {"ava": "6", "xo": "1"}}',
        "package-lock.json": "{}", "source/index.ts": "export const a = 1;\n", "test/retry.ts": "test();\n",
        "test/hooks.ts": "test();\n",
    })  # fmt: skip
    assert learned["workflow/lint"].startswith("To lint: `npx xo`")
    assert "`npx ava test/hooks.ts`" in learned["workflow/test-one"]


def test_a_chained_vitest_script_offers_vitest_run_not_the_whole_chain(make_project):
    learned = bodies(make_project, {
        "package.json": '{"name": "v", "scripts": {"test": "eslint . && vitest"}, "devDependencies": {"vitest": "1"}}',
        "package-lock.json": "{}", "src/a.js": "export const a = 1;\n", "test/a.test.js": "it();\n",
    })  # fmt: skip
    assert learned["workflow/test-one"].startswith("To run one test: `npx vitest run <file pattern> -t '<test name>'`")
    assert learned["workflow/lint"].startswith("To lint: `npx eslint .`")


def test_a_single_step_test_script_keeps_its_own_lint_script_and_npm_test_filter(make_project):
    learned = bodies(make_project, {
        "package.json": '{"name": "v", "scripts": {"test": "vitest", "lint": "eslint ."}, '
                        '"devDependencies": {"vitest": "1", "eslint": "9"}}',
        "package-lock.json": "{}", "src/a.js": "export const a = 1;\n", "test/a.test.js": "it();\n",
    })  # fmt: skip
    assert learned["workflow/test-one"].startswith("To run one test: `npm test -- <file pattern> -t '<test name>'`")
    assert learned["workflow/lint"].startswith("To lint: `npm run lint`")


def test_guides_two_folders_under_docs_are_read_for_commands_but_not_deeper(make_project):
    from picasso_tui.profile.walk import walk

    repo = make_project({
        "docs/dev/guide/contributing.rst": "Run ``make test``.\n", "docs/a/b/c/contributing.md": "`make x`\n",
    })  # fmt: skip
    assert guide_files(walk(repo.root)) == ["docs/dev/guide/contributing.rst"]
