"""Causes found in the forty-ninth round by reading the judgements of sets 213–216, after their measured run:
`make dev-init` read as the run command and `uv sync --extra dev` for a dependency group (vyper), scopes in
brackets read as no Conventional Commits (vyper), an example application's or the test services' command read as
the tests (kotlin-jdsl, tenancy), `--tests` without the root project (kotlin-jdsl), a Makefile that needs
./configure first (lowdown), a Maven command in a Gradle build (diktat), a default target of chores read as the build
(sarama), test data read as a folder's language (skeema), Go modules with none at the root (gocache) and a C
project's inline headers read as C++ (aws-c-common)."""

from __future__ import annotations

from tests.profile.learned import bodies, commit_conventions


def _vyper(readme: str, makefile: str) -> dict[str, str]:
    """A package whose dev tools are a dependency group, with this README and Makefile."""
    pyproject = '[project]\nname = "vy"\nversion = "1"\n\n[dependency-groups]\ndev = ["pytest"]\n'
    return {"pyproject.toml": pyproject, "README.md": readme, "vy/__init__.py": "x = 1\n", "Makefile": makefile}


def test_a_setup_target_is_an_install_and_an_extra_that_is_a_group_is_no_setup(make_project):
    readme = "# vy\n\n## Development\n\nSet up with `make dev-init`, or with `uv sync --extra dev`.\n"
    learned = bodies(make_project, _vyper(readme, "dev-init:\n\tpip install -e .\n"), "vyper")
    assert "workflow/run" not in learned or "dev-init" not in learned["workflow/run"]
    assert "--extra dev" not in learned["workflow/install"]


def test_scopes_in_brackets_are_conventional_commits(make_project):
    subjects = [f"{kind}[venom]: change {i} (#{i})" for i, kind in enumerate(["fix", "feat", "refactor"] * 10)]
    said = commit_conventions(make_project, "vyper-log", subjects)
    assert said.startswith("Commit messages: Conventional Commits") and "fix[venom]:" in said


GRADLE_CI = (
    "on: [push]\njobs:\n  test:\n    runs-on: ubuntu-latest\n    steps:\n      - uses: actions/checkout@v4\n"
    "      - run: ./gradlew -p example/spring-boot test\n"
)


def test_an_example_build_is_no_test_and_one_root_test_names_the_root_project(make_project):
    files = {"settings.gradle.kts": 'rootProject.name = "jdsl"\nmodule(name = ":dsl", path = "dsl")\n', "gradlew": "#!/bin/sh\n",
             "build.gradle.kts": "plugins {\n    kotlin(\"jvm\")\n}\n", "dsl/build.gradle.kts": "plugins {\n}\n",
             "src/main/kotlin/com/x/ClassUtils.kt": "package com.x\nobject ClassUtils\n",
             "src/test/kotlin/com/x/ClassUtilsTest.kt": "package com.x\nclass ClassUtilsTest { @Test fun a() {} }\n",
             "example/spring-boot/build.gradle.kts": "plugins {\n}\n", ".github/workflows/test.yaml": GRADLE_CI}  # fmt: skip
    learned = bodies(make_project, files, "kotlin-jdsl")
    assert learned["workflow/test"].startswith("To test: `./gradlew test`")
    assert learned["workflow/test-one"].startswith("To run one test: `./gradlew :test --tests ClassUtilsTest`")


def test_starting_the_test_services_is_no_test_command(make_project):
    guide = "# Contributing\n\n## Tests\n\nStart the services with `composer docker-up`, then run `composer test`.\n"
    composer = '{"name": "a/t", "scripts": {"docker-up": "docker compose up -d", "test": "pest"}}'
    files = {"composer.json": composer, "CONTRIBUTING.md": guide, "src/T.php": "<?php\n"}
    assert bodies(make_project, files, "tenancy")["workflow/test"].startswith("To test: `composer test`")


def test_a_makefile_that_includes_what_configure_writes_is_built_after_configure(make_project):
    makefile = "include Makefile.configure\n\nall: lowdown\n\nlowdown: main.o\n\t$(CC) -o $@ main.o\n"
    files = {
        "Makefile": makefile,
        "configure": "#!/bin/sh\necho > Makefile.configure\n",
        "main.c": "int main(void) { return 0; }\n",
    }
    assert bodies(make_project, files, "lowdown")["workflow/build"].startswith("To build: `./configure && make`")
    generated = {**files, "Makefile.configure": "CC = cc\n"}
    assert bodies(make_project, generated, "lowdown-configured")["workflow/build"].startswith("To build: `make`")


def test_a_maven_command_in_a_gradle_build_is_stale(make_project):
    guide = "# Contributing\n\n- Before a pull request, run `mvn clean install` and make sure the tests pass.\n"
    files = {"CONTRIBUTING.md": guide, "settings.gradle.kts": 'include("rules")\n', "gradlew": "#!/bin/sh\n",
             "build.gradle.kts": "plugins {\n}\n", "rules/build.gradle.kts": "plugins {\n}\n",
             "rules/src/test/kotlin/com/x/RuleTest.kt": "package com.x\nclass RuleTest { @Test fun a() {} }\n"}  # fmt: skip
    learned = bodies(make_project, files, "diktat")
    assert "mvn" not in learned["workflow/test"] and "mvn" not in learned.get("rules/CONTRIBUTING.md", "")


def test_a_default_target_of_chores_is_not_the_build(make_project):
    makefile = "default: fmt get update test\n\nfmt:\n\tgofmt -w .\nget:\n\tgo get -t ./...\nupdate:\n\tgo get -u ./...\ntest:\n\tgo test ./...\n"
    files = {"go.mod": "module example.com/sarama\n\ngo 1.22\n", "Makefile": makefile, "broker.go": "package sarama\n"}
    assert bodies(make_project, files, "sarama")["workflow/build"].startswith("To build: `go build ./...`")


def test_test_data_does_not_make_a_folder_of_go_packages_sql(make_project):
    files = {"go.mod": "module example.com/skeema\n\ngo 1.22\n", "main.go": "package main\n\nfunc main() {}\n",
             **{f"internal/tengo/testdata/t{i}.sql": "CREATE TABLE t (id int);\n" for i in range(12)},
             "internal/tengo/table.go": "package tengo\n", "internal/tengo/table_test.go": "package tengo\n"}  # fmt: skip
    assert "internal/ (internal Go packages" in bodies(make_project, files, "skeema")["layout/folders"]


def test_go_modules_with_none_at_the_root_are_run_from_their_folder(make_project):
    files = {"lib/go.mod": "module example.com/gocache/lib\n\ngo 1.22\n", "lib/cache/cache.go": "package cache\n",
             "lib/cache/cache_test.go": 'package cache\n\nimport "testing"\n\nfunc TestNewChain(t *testing.T) {}\n',
             "store/redis/go.mod": "module example.com/gocache/store/redis\n\ngo 1.22\n",
             "store/redis/redis.go": "package redis\n"}  # fmt: skip
    learned = bodies(make_project, files, "gocache")
    assert learned["workflow/build"].startswith("To build: `cd lib && go build ./...`")
    assert "`cd lib && go test ./cache/ -run TestNewChain`" in learned["workflow/test-one"]


def test_a_c_project_s_inline_headers_are_c(make_project):
    files = {"CMakeLists.txt": "project(common LANGUAGES C VERSION 0.1.0)\n", "source/buf.c": "int buf(void) { return 0; }\n" * 300,
             **{f"include/aws/common/m{i}.inl": "static inline int m(void) { return 0; }\n" * 40 for i in range(10)},
             "include/aws/common/buf.h": "int buf(void);\n"}  # fmt: skip
    languages = bodies(make_project, files, "aws-c-common")["languages"]
    assert "C++" not in languages and "Main language: C." in languages


def test_a_uv_extra_that_is_a_group_costs_no_other_command(make_project):
    # the check once read the project's extras in place of the guide's: the whole guide step stopped on vyper
    readme = "# vy\n\n## Development\n\n```\nuv sync --extra dev\nmake lint\n```\n"
    learned = bodies(make_project, _vyper(readme, "lint:\n\tflake8 vy\n"), "vyper-guide")
    assert learned["workflow/lint"].startswith("To lint: `make lint`")


def test_a_yaml_file_in_a_folder_under_workflows_is_no_workflow(make_project):
    ci = (
        "on: [push, pull_request]\njobs:\n  linux:\n    runs-on: ubuntu-latest\n    steps:\n"
        "      - uses: actions/checkout@v4\n      - run: ctest --test-dir build\n"
    )
    files = {"CMakeLists.txt": "project(common LANGUAGES C)\n", "source/a.c": "int a(void) { return 0; }\n",
             ".github/workflows/ci.yml": ci,
             ".github/workflows/proof_ci_resources/config.yaml": "on: [push]\nproofs: [a, b]\n"}  # fmt: skip
    learned = bodies(make_project, files, "aws-c-common-ci")
    assert "proof_ci_resources" not in learned["ci"] and "ci.yml" in learned["ci"]


def test_a_testsuite_or_unittest_folder_holds_the_tests_not_the_source_beside_them(make_project):
    files = {"setup.py": "from setuptools import setup\nsetup(name='borg')\n", "src/borg/__init__.py": "",
             "src/borg/archive.py": "x = 1\n", "src/borg/testsuite/__init__.py": "",
             **{f"src/borg/testsuite/m{i}_test.py": "def test_a():\n    pass\n" for i in range(4)}}  # fmt: skip
    assert "they live in src/borg/testsuite/ (4 files)" in bodies(make_project, files, "borg")["layout/tests"]
    c = {"Makefile": "all:\n\tcc -o hv base/hbase.c\n", "base/hbase.c": "int b(void) { return 0; }\n",
         **{f"unittest/m{i}_test.c": "int main(void) { return 0; }\n" for i in range(3)}}  # fmt: skip
    assert "beside the source" not in bodies(make_project, c, "libhv")["layout/tests"]


def test_a_folder_readme_that_opens_with_a_credit_a_date_or_a_command_is_not_quoted(make_project):
    files = {"src/core.c": "int core(void) { return 0; }\n" * 50, "README.md": "# srv\n\nA web server.\n",
             "contrib/README": "geo2nginx.pl by Andrei Nigmatulin\n\nThe perl script converts a CSV database.\n",
             "contrib/geo2nginx.pl": "print 1;\n",
             "examples/README": "Last modified: Wed Oct 16 13:53:12 UTC 2002\n\nSome examples.\n",
             "examples/a.c": "int main(void) { return 0; }\n",
             "misc/README": "make -f misc/GNUmakefile release\n", "misc/GNUmakefile": "release:\n\ttrue\n",
             "pkg/README.md": "vite_rails: https://example.org/vite_rails\n\nConvention over configuration for Ruby.\n",
             "pkg/a.rb": "x = 1\n"}  # fmt: skip
    folders = bodies(make_project, files, "nginx")["layout/folders"]
    assert "Nigmatulin" not in folders and "Last modified" not in folders and "make -f" not in folders
    assert "README: Convention over configuration for Ruby" in folders
