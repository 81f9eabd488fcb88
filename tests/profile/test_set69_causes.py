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
