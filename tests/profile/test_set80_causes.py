"""Causes judged on set 80's run (issue 17, fortieth round, after the run on the final code): a Travis file left two
years behind GitHub workflows, automake's check programs that are fuzzers, pytest in a named hatch environment,
`ensurepip` as a CI test step, and sample suites under fixtures/ counted as tests."""

from __future__ import annotations

import os
import subprocess

from tests.profile.learned import bodies


def test_an_old_travis_file_and_fuzzers_as_the_only_check_programs(make_project):
    from picasso_tui.profile.investigator import investigate

    makefile_am = "bin_PROGRAMS = tmux\ntmux_SOURCES = tmux.c\nif NEED_FUZZING\ncheck_PROGRAMS = \\\n" \
                  "\tfuzz/input-fuzzer \\\n\tfuzz/format-fuzzer\nendif\n"  # fmt: skip
    files = {"configure.ac": "AC_INIT([tmux], [3.6])\n", "autogen.sh": "autoreconf -fi\n", "Makefile.am": makefile_am,
             "tmux.c": "int main(void) { return 0; }\n", ".travis.yml": "script: sh .github/travis/build.sh\n",
             ".github/travis/build.sh": "./configure && make\n",
             ".github/workflows/regress.yml": "on:\n  schedule:\n    - cron: '0 0 * * *'\njobs:\n  regress:\n"
                                              "    runs-on: ubuntu-latest\n    steps:\n      - run: sh regress.sh\n"}  # fmt: skip
    repo = make_project(files, name="tmux")
    stamp = {"GIT_COMMITTER_DATE": "2030-01-01T00:00:00", "GIT_AUTHOR_DATE": "2030-01-01T00:00:00",
             "GIT_AUTHOR_NAME": "dev", "GIT_AUTHOR_EMAIL": "d@x", "GIT_COMMITTER_NAME": "dev",
             "GIT_COMMITTER_EMAIL": "d@x"}  # fmt: skip
    repo.write({"tmux.c": "int main(void) { return 1; }\n"})
    subprocess.run(
        ["git", "-C", str(repo.root), "commit", "-qam", "Later work"], check=True, env={**os.environ, **stamp}
    )
    found = {f.key: f.body for f in investigate(repo.root)[1]}
    assert "travis" not in found.get("workflow/build", "") and "ci" not in found
    assert "workflow/test" not in found


def test_pytest_in_a_named_hatch_environment_ensurepip_and_fixture_suites(make_project):
    pyproject = '[project]\nname = "rq"\n\n[build-system]\nrequires = ["hatchling"]\nbuild-backend = ' \
                '"hatchling.build"\n\n[tool.hatch.envs.default]\ninstaller = "uv"\n\n[tool.hatch.envs.test]\n' \
                'dependencies = ["pytest", "psutil"]\n\n[tool.pytest.ini_options]\ntestpaths = ["tests"]\n'  # fmt: skip
    ci = "on: [push, pull_request]\njobs:\n  test:\n    steps:\n      - run: hatch run test:python -m ensurepip\n"
    files = {"pyproject.toml": pyproject, "rq/__init__.py": "", "tests/test_queue.py": "def test_a():\n    pass\n",
             ".github/workflows/test.yml": ci}  # fmt: skip
    learned = bodies(make_project, files, name="rq")
    assert learned["workflow/test-one"].startswith("To run one test: `hatch run test:pytest tests/test_queue.py")
    assert "ensurepip" not in learned.get("workflow/test", "")
    files = {"composer.json": '{"name": "brianium/paratest"}', "src/Runner.php": "<?php\n",
             "test/Unit/RunnerTest.php": "<?php\nclass RunnerTest extends TestCase {}\n",
             **{f"test/fixtures/suite/S{i}Test.php": "<?php\nclass S extends TestCase {}\n" for i in range(5)}}  # fmt: skip
    assert bodies(make_project, files, name="paratest")["layout/tests"].startswith("1 test file")
