"""Causes found on set 36's run (jmespath): a tox.ini CI has left behind (nose, Pythons the project dropped), a stray
test module outside the suite, a folder of tests only called "beside the source", setup.py's python_requires and
scripts unread, and an install command quoted for no reason without the requirements CI installs first."""

from __future__ import annotations

from tests.profile.learned import bodies

SETUP_PY = (
    "from setuptools import setup, find_packages\n"
    "setup(name='jpath', version='1.0', scripts=['bin/jp.py'], packages=find_packages(exclude=['tests']),\n"
    "      python_requires='>=3.7')\n"
)
PACKAGE = {"jpath/__init__.py": "def search(expression, data):\n    return data\n", "jpath/parser.py": "X = 1\n"}
TESTS = {
    "tests/__init__.py": "",
    "tests/test_parser.py": "import pytest\n\ndef test_parse():\n    assert True\n",
    "tests/test_search.py": "def test_search():\n    assert True\n",
}
CI_PYTEST = (
    "name: Run Tests\non: [push, pull_request]\njobs:\n  build:\n    runs-on: ubuntu-latest\n    steps:\n"
    "    - uses: actions/checkout@v4\n    - name: Install dependencies\n      run: |\n"
    "        pip install -r requirements.txt\n        pip install .\n"
    "    - name: Test with pytest\n      run: |\n        cd tests/ && py.test --cov jpath --cov-report term-missing\n"
)
NOSE_TOX = "[tox]\nenvlist = py26,py27,py33,py37,pypy\n\n[testenv]\ncommands = nosetests\ndeps =\n    nose\n    mock\n"
JMESPATH_LIKE = {
    "setup.py": SETUP_PY,
    "bin/jp.py": "#!/usr/bin/env python\nimport jpath\n",
    "requirements.txt": "wheel==0.38.1\npytest==6.2.5\nhypothesis==5.5.4\n",
    ".github/workflows/run-tests.yml": CI_PYTEST,
    **PACKAGE,
    **TESTS,
}


def test_a_tox_whose_envs_run_nose_while_ci_runs_pytest_is_not_offered(make_project):
    learned = bodies(make_project, {**JMESPATH_LIKE, "tox.ini": NOSE_TOX})
    assert learned["workflow/test"].startswith("To test: `cd tests/ && py.test --cov jpath"), learned["workflow/test"]
    assert "tox" not in learned["workflow/test"]


def test_a_tox_naming_only_pythons_below_python_requires_is_not_offered(make_project):
    old = "[tox]\nenvlist = py27,py35,py36,pypy\n\n[testenv]\ncommands = pytest {posargs}\ndeps = pytest\n"
    learned = bodies(make_project, {**JMESPATH_LIKE, "tox.ini": old})
    assert "tox" not in learned["workflow/test"], "py27 … py36 beside python_requires='>=3.7': tox is left over"


def test_a_tox_that_ci_runs_keeps_leading(make_project):
    ci = CI_PYTEST.replace("cd tests/ && py.test --cov jpath --cov-report term-missing", "tox")
    learned = bodies(make_project, {**JMESPATH_LIKE, "tox.ini": NOSE_TOX, ".github/workflows/run-tests.yml": ci})
    assert learned["workflow/test"].startswith("To test: `tox`"), learned["workflow/test"]


def test_a_tox_running_the_runner_ci_runs_keeps_leading(make_project):
    current = "[tox]\nenvlist = py38,py312,lint\n\n[testenv]\ncommands = pytest {posargs}\n"
    learned = bodies(make_project, {**JMESPATH_LIKE, "tox.ini": current})
    assert learned["workflow/test"].startswith("To test: `tox`"), learned["workflow/test"]


def test_a_make_target_running_nose_while_ci_runs_pytest_is_not_offered(make_project):
    makefile = "test:\n\tnosetests -v tests\n\nlint:\n\tflake8 jpath\n"
    requirements = JMESPATH_LIKE["requirements.txt"] + "flake8==3.9.2\n"  # the linter the lint target runs
    learned = bodies(make_project, {**JMESPATH_LIKE, "requirements.txt": requirements, "Makefile": makefile})
    assert "make test" not in learned["workflow/test"], learned["workflow/test"]
    assert "`make lint`" in learned["workflow/lint"]


def test_one_test_comes_from_the_folder_ci_tests_not_a_stray_module(make_project):
    stray = {"extra/test_hypothesis.py": "from hypothesis import given\n\ndef test_fuzz():\n    pass\n"}
    learned = bodies(make_project, {**JMESPATH_LIKE, **stray})
    assert "`pytest tests/test_parser.py::test_parse`" in learned["workflow/test-one"], learned["workflow/test-one"]
    no_ci = {k: v for k, v in JMESPATH_LIKE.items() if not k.startswith(".github/")}
    learned = bodies(make_project, {**no_ci, **stray}, name="no-ci")
    assert "extra/" not in learned["workflow/test-one"], "tests/ holds the most test files: the suite is there"


def test_a_folder_of_test_files_only_is_named_not_called_beside_the_source(make_project):
    stray = {"extra/test_hypothesis.py": "def test_fuzz():\n    pass\n"}
    learned = bodies(make_project, {**JMESPATH_LIKE, **stray})
    assert "beside the source" not in learned["layout/tests"], learned["layout/tests"]
    assert "in extra/ (1 file)" in learned["layout/tests"]
    beside = bodies(make_project, {**JMESPATH_LIKE, "jpath/test_inline.py": "def test_x():\n    pass\n"}, "beside")
    assert "beside the source they test (1 file)" in beside["layout/tests"], "jpath/ holds the source it tests"


def test_setup_py_states_the_minimum_python_and_the_script_it_installs(make_project):
    learned = bodies(make_project, JMESPATH_LIKE)
    assert "Python >=3.7" in learned["python/packaging"], learned["python/packaging"]
    assert "with the command `jp.py`" in learned["python/stack"], learned["python/stack"]
    assert "`jp.py` -> bin/jp.py (setup.py scripts)" in learned["python/entry-points"]
    assert learned["workflow/run"].startswith("To run: `jp.py` (installed from bin/jp.py) — from setup.py scripts")


def test_setup_cfg_python_requires_and_console_scripts_are_read_and_comments_are_not(make_project):
    cfg = "[metadata]\nname = tool\n\n[options]\npython_requires = >=3.9\n\n[options.entry_points]\n"
    cfg += "console_scripts =\n    tool = tool.cli:main\n"
    files = {"setup.py": "from setuptools import setup\nsetup()\n", "setup.cfg": cfg, "tool/cli.py": "def main(): ..."}
    learned = bodies(make_project, files)
    assert "Python >=3.9" in learned["python/packaging"]
    assert learned["workflow/run"].startswith("To run: `tool` — from setup.cfg console_scripts"), learned
    commented = "from setuptools import setup\nsetup(name='x',\n    #python_requires='>=3.6',\n)\n"
    learned = bodies(make_project, {"setup.py": commented, "x/__init__.py": "X = 1\n"}, name="commented")
    assert "Python >=" not in learned["python/packaging"]


def test_the_install_is_quoted_only_for_extras_and_follows_the_requirements_ci_installs(make_project):
    learned = bodies(make_project, JMESPATH_LIKE)
    assert learned["workflow/install"].startswith(
        "To install: `pip install -r requirements.txt && pip install -e .` — from setup.py, requirements.txt"
    ), learned["workflow/install"]
    no_ci = {k: v for k, v in JMESPATH_LIKE.items() if not k.startswith(".github/")}
    learned = bodies(make_project, no_ci, name="no-ci")
    assert learned["workflow/install"].startswith("To install: `pip install -e .` — from setup.py")
    extras = '[project]\nname = "x"\n[project.optional-dependencies]\ntest = ["pytest"]\n'
    extras += '[build-system]\nrequires = ["setuptools"]\nbuild-backend = "setuptools.build_meta"\n'
    learned = bodies(make_project, {"pyproject.toml": extras, "x/__init__.py": "X = 1\n"}, name="extras")
    assert "`pip install -e '.[test]'`" in learned["workflow/install"], "brackets are a glob to the shell"
