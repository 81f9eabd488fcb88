"""Causes found on sets 70 and 71 (issue 17, thirty-ninth round; both ran once on the same frozen code): a help
default target, packages with no file at the root, a tox.ini that says it is deprecated, nox sessions named apart
from their functions, an OFF option that disables benchmarks, a clang-format run by a root script, a command cut
before its bracket closes, a guide line that rebuilds the expected outputs, a fix-cs target, an init script of
another project, a cargo subcommand's binary and formatter hooks that only check."""

from __future__ import annotations

from tests.profile.learned import bodies


def test_a_help_default_and_packages_with_no_root_file(make_project):
    makefile = "default: help\n\nall: test\n\ntest:\n\tgo test ./...\n\nhelp:\n\t@echo targets\n"
    files = {"go.mod": "module github.com/jedib0t/go-pretty/v6\n\ngo 1.21\n", "Makefile": makefile,
             **{f"table/t{i}.go": "package table\n" * 20 for i in range(4)}, "text/a.go": "package text\n"}  # fmt: skip
    learned = bodies(make_project, files, name="go-pretty")
    assert "`make` —" not in learned.get("workflow/build", "")
    assert "in the repository root" not in learned["layout/source"]


ALEMBIC_TOX = (
    "###\n### NOTE: use of tox is deprecated, and this file is no longer maintained.\n###\n\n[tox]\nenvlist = py\n"
)
ALEMBIC_NOX = """\
import nox

nox.options.sessions = ["tests"]


@nox.session()
def tests(session):
    session.run("pytest")


@nox.session(name="pep484")
def mypy_check(session):
    session.run("mypy", "alembic")


@nox.session(name="pep8")
def lint(session):
    session.run("flake8")
"""


def test_a_deprecated_tox_ini_and_nox_sessions_named_apart(make_project):
    files = {"tox.ini": ALEMBIC_TOX, "noxfile.py": ALEMBIC_NOX, "pyproject.toml": '[project]\nname = "alembic"\n',
             "alembic/__init__.py": "", "tests/test_a.py": "def test_a():\n    pass\n"}  # fmt: skip
    learned = bodies(make_project, files, name="alembic")
    assert "tox" not in learned["workflow/test"]
    assert learned["workflow/lint"].startswith("To lint: `nox -s pep8`")
    assert learned["workflow/typecheck"].startswith("To type-check: `nox -s pep484`")


LIBEVENT_CMAKE = 'project(libevent C)\noption(EVENT__DISABLE_BENCHMARK\n    "Build without the benchmarks" OFF)\n'
LIBEVENT_CI = """\
on: [push, pull_request]
jobs:
  ios:
    runs-on: macos-latest
    steps:
      - uses: actions/checkout@v4
      - run: cmake -G Xcode -B build (cd build && ls
"""


def test_an_option_that_disables_benchmarks_a_root_script_and_a_cut_command(make_project):
    files = {"CMakeLists.txt": LIBEVENT_CMAKE, "event.c": "int a;\n", ".clang-format": "BasedOnStyle: LLVM\n",
             "checkpatch.sh": "#!/bin/sh\nclang-format -style=file \"$@\"\n", ".github/workflows/build.yml": LIBEVENT_CI}  # fmt: skip
    learned = bodies(make_project, files, name="libevent")
    assert "cpp/benchmarks" not in learned
    assert "nothing in the repository runs" not in learned["style/c"]
    assert "(cd build" not in "\n".join(learned.values())


SCSSPHP_README = """\
# scssphp

## Contributing

Run the tests with `vendor/bin/phpunit tests`. Once you verify that the output is correct
you can run the following command to rebuild all the tests: `BUILD=1 vendor/bin/phpunit tests`
"""


def test_a_rebuild_line_and_a_fix_cs_target(make_project):
    makefile = "test: vendor\n\tvendor/bin/phpunit tests\n\nfix-cs: vendor\n\tvendor/bin/phpcbf --extensions=php bin src tests\n"
    composer = (
        '{"name": "scssphp/scssphp", "require-dev": {"squizlabs/php_codesniffer": "^3", "phpunit/phpunit": "^9"}}'
    )
    files = {"composer.json": composer, "Makefile": makefile, "README.md": SCSSPHP_README, "src/Compiler.php": "<?php\n",
             "phpcs.xml.dist": "<ruleset><rule ref='PSR12'/></ruleset>\n", "tests/ApiTest.php": "<?php\n"}  # fmt: skip
    learned = bodies(make_project, files, name="scssphp")
    assert "BUILD=1" not in learned["workflow/test"]
    assert learned["workflow/format"].startswith("To format: `make fix-cs`")


NULLAWAY_CI = """\
on: [push, pull_request]
jobs:
  build:
    runs-on: ubuntu-latest
    steps:
      - uses: actions/checkout@v4
      - run: ./gradlew --init-script use-snapshot.gradle.kts assemble
      - run: ./gradlew build
"""


def test_another_projects_init_script_a_cargo_subcommand_and_check_only_hooks(make_project):
    files = {"settings.gradle": "rootProject.name = 'nullaway'\n", "build.gradle": "plugins { id 'java' }\n",
             "gradlew": "#!/bin/sh\n", ".github/workflows/ci.yml": NULLAWAY_CI,
             "src/main/java/a/NullAway.java": "package a;\n\npublic class NullAway {}\n"}  # fmt: skip
    assert "use-snapshot" not in bodies(make_project, files, name="NullAway")["workflow/build"]
    hooks = "repos:\n  - repo: local\n    hooks:\n      - id: rustfmt\n        name: rustfmt\n        entry: cargo fmt --all -- --check\n        language: system\n"
    files = {"Cargo.toml": '[package]\nname = "cargo-make"\nversion = "0.37.0"\n', "src/main.rs": "fn main() {}\n",
             ".pre-commit-config.yaml": hooks}  # fmt: skip
    learned = bodies(make_project, files, name="cargo-make")
    assert learned["workflow/run"].startswith("To run: `cargo run -- make --help`")
    assert "pre-commit" not in learned.get("workflow/format", "")
