"""Causes found on set 69's run (issue 17, thirty-ninth round): a Makefile's release pipeline as its default target
beside a `build` target, a docs/contribute.rst guide run through Invoke, a task the tasks.py does not define, and
the released package installed with `python -m pip`."""

from __future__ import annotations

from tests.profile.learned import bodies

GDU_MAKEFILE = "all: clean tarball build-all man\n\nbuild:\n\tgo build -o dist/gdu ./cmd/gdu\n\ntest:\n\tgo test ./...\n\nclean:\n\trm -rf dist\n\ntarball:\n\ttar czf gdu.tgz dist\n\nbuild-all:\n\tgo build ./...\n\nman:\n\tpandoc gdu.1.md -o gdu.1\n"


def test_a_release_pipeline_as_the_default_target_beside_a_build_target(make_project):
    files = {"go.mod": "module github.com/dundee/gdu/v5\n\ngo 1.24\n", "Makefile": GDU_MAKEFILE,
             "cmd/gdu/main.go": "package main\n\nfunc main() {}\n", "pkg/analyze/dir.go": "package analyze\n"}  # fmt: skip
    learned = bodies(make_project, files, name="gdu")
    assert learned["workflow/build"].startswith("To build: `make build`")
    assert "`make` (Makefile default target" not in learned["workflow/build"]


PELICAN_GUIDE = """\
Contributing
============

Setting up the development environment::

    python -m pip install pelican
    python -m pip install invoke
    invoke setup

Run the test suite::

    invoke tests

Then format the code::

    invoke format
"""
PELICAN_TASKS = "from invoke import task\n\n\n@task\ndef setup(c):\n    pass\n\n\n@task\ndef tests(c):\n    pass\n\n\n@task\ndef formatcode(c):\n    pass\n"


def test_a_contribute_guide_run_through_invoke(make_project):
    files = {"docs/contribute.rst": PELICAN_GUIDE, "tasks.py": PELICAN_TASKS,
             "pyproject.toml": '[project]\nname = "pelican"\n', "pelican/__init__.py": "",
             "pelican/tests/test_a.py": "def test_a():\n    pass\n"}  # fmt: skip
    learned = bodies(make_project, files, name="pelican")
    assert learned["workflow/install"].startswith("To install: `invoke setup` — from docs/contribute.rst")
    assert "pip install pelican" not in learned["workflow/install"]
    assert learned["workflow/test"].startswith("To test: `invoke tests` — from docs/contribute.rst")
    assert "invoke format" not in "\n".join(learned.values())


DATAFAKER_POM = """\
<project>
  <build>
    <defaultGoal>clean verify</defaultGoal>
    <plugins>
      <plugin><artifactId>maven-gpg-plugin</artifactId></plugin>
    </plugins>
  </build>
  <profiles>
    <profile>
      <id>noGpg</id>
    </profile>
  </profiles>
</project>
"""


def test_a_default_goal_that_signs_a_help_default_and_a_docs_requirements_file(make_project):
    files = {"pom.xml": DATAFAKER_POM, "mvnw": "#!/bin/sh\n", "requirements-docs.txt": "mkdocs\n",
             "src/main/java/net/datafaker/Faker.java": "package net.datafaker;\n\npublic class Faker {}\n",
             "src/test/java/net/datafaker/FakerTest.java": "package net.datafaker;\n\nclass FakerTest {}\n"}  # fmt: skip
    learned = bodies(make_project, files, name="datafaker")
    assert learned["workflow/test"].startswith("To test: `./mvnw -PnoGpg`")
    assert "requirements-docs" not in learned.get("workflow/install", "")
    makefile = ".DEFAULT_GOAL := help\n\nhelp:\n\t@grep -E '^[a-z]+:' Makefile\n\ncheck:\n\tvendor/bin/phpunit\n"
    files = {"composer.json": '{"name": "humbug/box"}', "Makefile": makefile, "src/Box.php": "<?php\n",
             "README.md": "# Box\n\n## Contributing\n\nRun `make` to list the commands, `make check` to test.\n"}  # fmt: skip
    learned = bodies(make_project, files, name="box")
    assert "`make` —" not in learned["workflow/test"] and "`make check`" in learned["workflow/test"]


LIBDEFLATE_CMAKE = """\
project(libdeflate C)
option(LIBDEFLATE_BUILD_TESTS "Build the test programs" OFF)
if(LIBDEFLATE_BUILD_TESTS)
  enable_testing()
  add_subdirectory(programs)
endif()
"""
LIBDEFLATE_CI = """\
on: [push, pull_request]
jobs:
  macos-build-and-test:
    runs-on: macos-latest
    steps:
      - uses: actions/checkout@v4
      - run: cmake -B build -DLIBDEFLATE_BUILD_TESTS=1
      - run: cmake --build build --verbose
      - run: ctest --test-dir build
  analyzer:
    runs-on: ubuntu-latest
    steps:
      - uses: actions/checkout@v4
      - run: scan-build cmake -B build
      - run: scan-build cmake --build build --verbose
"""


def test_ci_tests_behind_an_off_option_and_half_a_static_analysis(make_project):
    files = {"CMakeLists.txt": LIBDEFLATE_CMAKE, "lib/deflate_compress.c": "int a;\n",
             "programs/test_checksums.c": "int main(void) { return 0; }\n", ".github/workflows/ci.yml": LIBDEFLATE_CI,
             "programs/CMakeLists.txt": "add_executable(test_checksums test_checksums.c)\nadd_test(NAME checksums COMMAND test_checksums)\n"}  # fmt: skip
    learned = bodies(make_project, files, name="libdeflate")
    assert "-DLIBDEFLATE_BUILD_TESTS=ON" in learned["workflow/test"].split(" — ")[0]
    assert "scan-build cmake --build" not in learned.get("workflow/lint", "")


CHART_GUIDE = """\
# Contributing

```bash
> pnpm run build             // build dist files in ./dist
> pnpm test                  // perform code linting and run unit tests with coverage
```

We lint with `eslint` through `pnpm run lint`.
"""


def test_a_leftover_composer_json_annotated_commands_and_tests_named_tests(make_project):
    scripts = '{"build": "rollup -c", "test": "karma start", "lint": "eslint ."}'
    deps = '{"karma": "^6.4.0"}'
    files = {"package.json": f'{{"name": "chart.js", "scripts": {scripts}, "devDependencies": {deps}}}',
             "composer.json": '{"name": "nnnick/chartjs"}',
             "docs/developers/contributing.md": CHART_GUIDE, "src/index.js": "export {}\n",
             **{f"test/specs/controller.{n}.tests.js": "describe('a', () => { it('b', () => {}) })\n" for n in ("bar", "line")},
             "test/types/test_instance.ts": "const a = 1;\n"}  # fmt: skip
    learned = bodies(make_project, files, name="Chart.js")
    assert not [key for key in learned if key.startswith("php/")]
    assert learned["workflow/build"].startswith("To build: `pnpm run build` —")
    assert "//" not in learned["workflow/test"] and not learned["workflow/lint"].startswith("To lint: `eslint`")
    assert "named *.tests.*" in learned["layout/tests"]


def test_a_test_target_whose_module_is_behind_a_feature(make_project):
    gated = '#[cfg(feature = "integration")]\nmod test {\n    mod helpers;\n}\n'
    files = {"Cargo.toml": '[package]\nname = "helix-term"\nversion = "0.1.0"\n', "src/lib.rs": "pub fn a() {}\n",
             "tests/integration.rs": gated, "tests/terminal.rs": "#[test]\nfn a() {}\n"}  # fmt: skip
    learned = bodies(make_project, files, name="helix-term")
    assert (
        "--test integration" not in learned["workflow/test-one"] and "--test terminal" in learned["workflow/test-one"]
    )
