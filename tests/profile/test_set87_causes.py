"""Causes found on sets 87 and 88's runs (issue 17, forty-first round, both on `a4c32edb`): a `./do` script of
shell functions as the task runner, and tools Phive installs into tools/ named bare in a guide."""

from __future__ import annotations

from tests.profile.learned import bodies

DO = """#!/usr/bin/env bash
set -o errexit -o nounset -o pipefail

binary() {
    go build -o dist/gotestsum .
}

lint() {
    golangci-lint run -v --config .project/golangci-lint.yml
}

_helper() {
    echo hidden
}

"$@"
"""


def test_a_do_script_of_shell_functions_is_a_task_runner(make_project):
    files = {"go.mod": "module gotest.tools/gotestsum\n\ngo 1.24\n", "main.go": "package main\n\nfunc main() {}\n",
             "do": DO}  # fmt: skip
    learned = bodies(make_project, files, name="gotestsum")
    assert learned["workflow/lint"].startswith("To lint: `./do lint`")
    assert "_helper" not in learned["tasks/do"] and "`./do binary`" in learned["tasks/do"]


def test_phive_tools_run_from_where_phive_puts_them(make_project):
    phive = '<?xml version="1.0"?>\n<phive xmlns="https://phar.io/phive">\n  <phar name="phpunit" version="^10.0" ' \
            'location="./tools/phpunit" copy="true"/>\n  <phar name="phpstan" version="^1.0" location="./tools/' \
            'phpstan" copy="true"/>\n</phive>\n'  # fmt: skip
    guide = "# Contributing\n\nBefore a pull request, check the code with `phpstan`.\n"
    files = {"composer.json": '{"name": "captainhook/captainhook"}', "phive.xml": phive, "CONTRIBUTING.md": guide,
             "phpunit.xml": '<phpunit><testsuites><testsuite name="unit"><directory>tests</directory></testsuite>'
                            "</testsuites></phpunit>", "src/App.php": "<?php\nclass App {}\n",
             "tests/AppTest.php": "<?php\nclass AppTest {}\n"}  # fmt: skip
    learned = bodies(make_project, files, name="captainhook")
    assert learned["workflow/typecheck"].startswith("To type-check: `tools/phpstan` (after `phive install`)")
    assert learned["workflow/test-one"].startswith("To run one test: `tools/phpunit --filter '<test name>'`")


def test_an_opt_in_werror_and_an_unpacked_test_file(make_project):
    cmake = "cmake_minimum_required(VERSION 3.12)\nproject(FLAC C)\noption(ENABLE_WERROR \"Enable -Werror\" OFF)\n" \
            "add_compile_options(-Wall -Wextra $<$<BOOL:${ENABLE_WERROR}>:-Werror>)\nadd_library(FLAC src/a.c)\n"  # fmt: skip
    ci = "on: [push, pull_request]\njobs:\n  abi:\n    runs-on: ubuntu-latest\n    steps:\n      - run: unxz --keep " \
         "test/abi/abi-libFLAC-1.5.0.dump.xz\n"  # fmt: skip
    files = {"CMakeLists.txt": cmake, "src/a.c": "int a(void) { return 0; }\n", "src/b.c": "int b(void);\n",
             "test/abi/README": "ABI dumps\n", ".github/workflows/distcheck.yml": ci}  # fmt: skip
    learned = bodies(make_project, files, name="flac")
    assert "-Werror" not in learned.get("cpp/warnings", "") and "-Wall" in learned["cpp/warnings"]
    assert "unxz" not in learned.get("workflow/test-one", "")


def test_a_t_folder_setup_py_test_and_a_target_needing_what_nothing_makes(make_project):
    makefile = "test:\n\tpython setup.py test\n\nlint: flakecheck configcheck\n\nflakecheck:\n\tflake8 kombu\n\n" \
               "build:\n\tpython -m build\n"  # fmt: skip
    files = {"setup.py": "from setuptools import setup\nsetup(name='kombu')\n", "Makefile": makefile,
             "kombu/__init__.py": "x = 1\n" * 20, "kombu/connection.py": "class C:\n    pass\n" * 20,
             **{f"t/unit/test_m{i}.py": "def test_a():\n    pass\n" for i in range(4)}}  # fmt: skip
    learned = bodies(make_project, files, name="kombu")
    assert learned["layout/tests"].endswith("they live in t/ (4 files).")
    assert "make test" not in learned.get("workflow/test", "") and "make lint" not in learned.get("workflow/lint", "")


def test_an_examples_clippy_and_a_guide_from_before_the_src_layout(make_project):
    ci = "on: [push, pull_request]\njobs:\n  lint:\n    runs-on: ubuntu-latest\n    steps:\n      - run: cd examples/" \
         "axum-app && cargo clippy --all-targets -- -D warnings\n"  # fmt: skip
    files = {"Cargo.toml": '[workspace]\nmembers = ["askama"]\n', "askama/Cargo.toml": '[package]\nname = "askama"\n',
             "askama/src/lib.rs": "pub fn f() {}\n", "examples/axum-app/Cargo.toml": '[package]\nname = "app"\n',
             "examples/axum-app/src/main.rs": "fn main() {}\n", ".github/workflows/rust.yml": ci}  # fmt: skip
    assert "examples/" not in bodies(make_project, files, name="askama").get("workflow/lint", "")
    guide = "# Contributing\n\nRun the tests with `pytest trio --run-slow` and format with `black trio`.\n"
    files = {"pyproject.toml": '[project]\nname = "trio"\n', "src/trio/__init__.py": "x = 1\n",
             "src/trio/_tests/test_a.py": "def test_a():\n    pass\n", "CONTRIBUTING.md": guide}  # fmt: skip
    learned = bodies(make_project, files, name="trio")
    assert "pytest trio" not in learned.get("workflow/test", "") and "black trio" not in learned.get(
        "workflow/format", ""
    )


def test_an_sbt_build_of_java_projects(make_project):
    build = 'lazy val root = Project(id = "msgpack-java", base = file("."))\n\nlazy val msgpackCore = ' \
            'Project(id = "msgpack-core", base = file("msgpack-core"))\n\nlazy val msgpackJackson = ' \
            'Project(id = "msgpack-jackson", base = file("msgpack-jackson"))\n'  # fmt: skip
    plugins = 'addSbtPlugin("org.scalameta" % "sbt-scalafmt" % "2.6.2")\n//addSbtPlugin("com.github.sbt" % ' \
              '"sbt-jacoco" % "3.3.0")\n'  # fmt: skip
    files = {"build.sbt": build, "project/plugins.sbt": plugins, "sbt": "#!/usr/bin/env bash\n",
             "msgpack-core/src/main/java/org/msgpack/core/MessagePack.java": "class MessagePack {}\n" * 20,
             "msgpack-jackson/src/main/java/org/msgpack/jackson/Factory.java": "class Factory {}\n" * 10}  # fmt: skip
    learned = bodies(make_project, files, name="msgpack-java")
    assert learned["jvm/packaging"].startswith("Java project: build tool sbt (`./sbt`, build.sbt); 2 projects")
    assert learned["workflow/test"].startswith("To test: `./sbt test`")
    assert learned["workflow/test-one"].startswith('To run one test: `./sbt "testOnly *<Class>"`')
    assert learned["workflow/format"].startswith("To format: `./sbt scalafmtAll`")


def test_a_phpunit_config_with_no_test_suite_names_the_folder(make_project):
    files = {"composer.json": '{"name": "kint-php/kint", "require-dev": {"phpunit/phpunit": "^9"}}',
             "phpunit.xml": '<phpunit bootstrap="tests/bootstrap.php"><php><ini name="x" value="1"/></php></phpunit>',
             "src/Kint.php": "<?php\nclass Kint {}\n", "tests/KintTest.php": "<?php\nclass KintTest {}\n"}  # fmt: skip
    learned = bodies(make_project, files, name="kint")
    assert learned["workflow/test-one"].startswith("To run one test: `vendor/bin/phpunit --filter '<test name>' tests`")
