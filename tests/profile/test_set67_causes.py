"""Causes found on set 67's run (issue 17, thirty-ninth round): a tracked package named like an output folder, a
setup.py whose console_scripts key is quoted, a reST link's text, Go sample programs held in strings, database
clients and container services read as tests, a guide's indented code blocks, a `cd` that outlives its section,
Ruby hooks named after test tools, CI-only commits as decisions and a spec/ folder that holds no tests."""

from __future__ import annotations

from tests.profile.learned import bodies

COVERAGE_SETUP = """\
from setuptools import setup

setup(
    name="coverage",
    packages=["coverage"],
    entry_points={
        "console_scripts": [
            "coverage = coverage.cmdline:main",
            "coverage%d = coverage.cmdline:main" % sys.version_info[:1],
        ],
    },
)
"""
COVERAGE_GUIDE = """\
Contributing
============

Run the tests with `tox`_. To run just a few tests, you can use `pytest test selectors`_::

    tox -- tests/test_misc.py

.. _tox: https://tox.wiki
.. _pytest test selectors: https://doc.pytest.org
"""


def test_a_tracked_package_named_coverage_a_quoted_console_scripts_key_and_a_rest_link(make_project):
    files = {"setup.py": COVERAGE_SETUP, "tox.ini": "[tox]\nenvlist = py312\n", "doc/contributing.rst": COVERAGE_GUIDE,
             "coverage/__init__.py": "", "coverage/control.py": "class Coverage:\n    pass\n" * 80,
             "coverage/cmdline.py": "def main():\n    pass\n" * 40, "lab/hack.py": "x = 1\n",
             "tests/test_misc.py": "def test_a():\n    pass\n"}  # fmt: skip
    learned = bodies(make_project, files, name="coveragepy")
    assert learned["layout/source"].startswith("Main source in coverage/")
    assert "`coverage` -> coverage.cmdline:main" in learned["python/entry-points"]
    assert "pytest test selectors" not in learned["workflow/test"] and "`tox`" in learned["workflow/test"]


def test_go_sample_programs_in_strings_are_no_command(make_project):
    sample = "package testutils\n\nvar SampleCode = []string{`\npackage main\n\nfunc main() {}\n`}\n"
    files = {"go.mod": "module github.com/securego/gosec/v2\n\ngo 1.25\n", "analyzer.go": "package gosec\n",
             "cmd/gosec/main.go": "package main\n\nfunc main() {}\n", "testutils/g101_samples.go": sample}  # fmt: skip
    learned = bodies(make_project, files, name="gosec")
    assert "testutils" not in learned["go/entry-points"] and "cmd/gosec" in learned["go/entry-points"]


PGJDBC_GUIDE = """\
# Guidelines for Contributing

## Compiling with Gradle on the command line

After checking out the code you can compile and test the driver by running:

    ./gradlew build # builds everything
    ./gradlew style # update code formatting (for auto-correctable cases) and verify style
    ./gradlew styleCheck # report code style violations
    ./gradlew test -PincludeTestTags=!org.postgresql.test.SlowTests # skip slow tests
    ./gradlew test --tests org.postgresql.test.ssl.SslTest # execute test by class

### Testing

If you have Docker, you can use `docker compose` to launch the test database:

```
cd docker/postgres-server
docker compose down && docker compose up
```

## Coding Guidelines

You might use the following command to fix auto-correctable issues:

    ./gradlew style
"""
PGJDBC_CI = """\
on: [push, pull_request]
jobs:
  build-test:
    runs-on: ubuntu-latest
    steps:
      - uses: actions/checkout@v4
      - run: psql -c "CREATE USER test WITH PASSWORD 'test'"
      - run: ./gradlew test
"""


def test_indented_code_blocks_a_cd_that_ends_with_its_section_and_database_set_up(make_project):
    files = {"CONTRIBUTING.md": PGJDBC_GUIDE, "settings.gradle.kts": 'rootProject.name = "pgjdbc"\n',
             "build.gradle.kts": "plugins {\n    java\n}\n", "gradlew": "#!/bin/sh\n",
             ".github/workflows/main.yml": PGJDBC_CI, "docker/postgres-server/compose.yml": "services: {}\n",
             "src/main/java/org/postgresql/Driver.java": "package org.postgresql;\n\npublic class Driver {}\n",
             # the class the guide's `--tests org.postgresql.test.ssl.SslTest` names
             "src/test/java/org/postgresql/test/ssl/SslTest.java": "package org.postgresql.test.ssl;\n\n"
             "import org.junit.jupiter.api.Test;\n\nclass SslTest {\n    @Test\n    void connects() {}\n}\n"}  # fmt: skip
    learned = bodies(make_project, files, name="pgjdbc")
    assert learned["workflow/format"].startswith("To format: `./gradlew style` — from CONTRIBUTING.md")
    assert learned["workflow/lint"].startswith("To lint: `./gradlew styleCheck` — from CONTRIBUTING.md")
    assert learned["workflow/test-one"].startswith("To run one test: `./gradlew test --tests org.postgresql.test")
    everything = "\n".join(learned.values())
    assert "psql" not in learned["workflow/test-one"] and "cd docker/postgres-server && ./gradlew" not in everything
    assert "docker compose" not in learned["workflow/test"]


OVERCOMMIT_CI = """\
on: [push, pull_request]
jobs:
  lint:
    runs-on: ubuntu-latest
    steps:
      - uses: actions/checkout@v4
      - run: bundle exec overcommit --sign pre-commit
      - run: bundle exec overcommit --run
      - run: pkg install developer/build-essential
"""


def test_hooks_named_after_test_tools_and_overcommits_own_lint(make_project):
    spec = "describe 'Hook' do\n  it 'runs' do\n  end\nend\n"
    files = {"Gemfile": 'source "https://rubygems.org"\ngemspec\n', ".github/workflows/lint.yml": OVERCOMMIT_CI,
             "overcommit.gemspec": 'Gem::Specification.new do |s|\n  s.name = "overcommit"\nend\n',
             "lib/overcommit/hook/pre_commit/r_spec.rb": "class RSpec\nend\n",
             "lib/overcommit/hook/pre_push/go_test.rb": "class GoTest\nend\n",
             "spec/overcommit/hook_spec.rb": spec, "spec/overcommit/cli_spec.rb": spec}  # fmt: skip
    learned = bodies(make_project, files, name="overcommit")
    assert "lib/" not in learned["layout/tests"]
    assert learned["workflow/lint"].startswith("To lint: `bundle exec overcommit --run` —")
    assert "--sign" not in "\n".join(learned.values()) and "pkg install" not in "\n".join(learned.values())


AMQP_MAKEFILE = """\
test:
\tvendor/bin/phpunit

docker-test-env:
ifeq ($(DOCKER_FRESH),true)
\tdocker compose build --no-cache --pull
\tdocker compose up --pull always --detach
else
\tdocker compose up --detach
endif

docker-test:
\tdocker compose exec php vendor/bin/phpunit
"""
AMQP_GUIDE = "# Contributing\n\nStart the broker with `make docker-test-env`, then run `make docker-test`.\n"


def test_a_target_that_starts_services_a_script_in_tests_and_a_spec_folder_of_data(make_project):
    ci = "on: [push]\njobs:\n  run:\n    runs-on: ubuntu-latest\n    steps:\n      - run: php tests/phpinfo.php\n"
    files = {"composer.json": '{"name": "php-amqplib/php-amqplib", "require-dev": {"phpunit/phpunit": "^9"}}',
             "Makefile": AMQP_MAKEFILE, "CONTRIBUTING.md": AMQP_GUIDE, ".github/workflows/phpunit.yml": ci,
             "phpunit.xml.dist": "<phpunit/>\n", "PhpAmqpLib/Connection.php": "<?php\nclass Connection {}\n",
             "tests/phpinfo.php": "<?php\nphpinfo();\n", "tests/Unit/ConnectionTest.php": "<?php\nclass ConnectionTest {}\n",
             "spec/amqp-0.9.1.json": "{}\n", "spec/parser.php": "<?php\n"}  # fmt: skip
    learned = bodies(make_project, files, name="php-amqplib")
    assert "docker-test-env" not in learned["workflow/test"] and "`make docker-test`" in learned["workflow/test"]
    assert "phpinfo" not in "\n".join(body for key, body in learned.items() if key.startswith("workflow/"))
    assert "spec/ (specs (tests)" not in learned["layout/folders"]
