"""Causes judged on sets 85 and 86 (issue 17, forty-first round, both run on `92e7ad3c`): clippy after a rustup
line in one CI step, a throwaway signing certificate as a build, a README.rst's development section, pip installs
with options before `-e`, a root pyproject.toml with no [project], a `find` in the test script, a .gitignore'd
uv.lock, and tox run against pyproject.toml where CI names the file."""

from __future__ import annotations

from tests.profile.learned import bodies


def test_clippy_after_rustup_and_a_signing_certificate(make_project):
    ci = "on: [push, pull_request]\njobs:\n  clippy:\n    runs-on: ubuntu-latest\n    steps:\n      - run: rustup " \
         "component add clippy && cargo clippy -- -Dwarnings\n"  # fmt: skip
    files = {"Cargo.toml": '[package]\nname = "comrak"\nversion = "0.1.0"\n', "src/lib.rs": "pub fn f() {}\n",
             ".github/workflows/rust.yml": ci}  # fmt: skip
    assert bodies(make_project, files, name="comrak")["workflow/lint"].startswith(
        "To lint: `cargo clippy -- -Dwarnings` — from CI"
    )
    ci = "on: [push, pull_request]\njobs:\n  gem:\n    runs-on: ubuntu-latest\n    steps:\n      - run: gem cert " \
         "--build ci@dummy.org --private-key ~/.gem/gem-private_key.pem\n      - run: gem build pg.gemspec\n"  # fmt: skip
    files = {"pg.gemspec": "Gem::Specification.new do |s|\n  s.name = 'pg'\nend\n", "lib/pg.rb": "module PG\nend\n",
             "Gemfile": "source 'https://rubygems.org'\ngemspec\n", ".github/workflows/gem.yml": ci}  # fmt: skip
    assert "gem cert" not in bodies(make_project, files, name="ruby-pg").get("workflow/build", "")


README_RST = """psycopg
=======

A PostgreSQL adapter.

Hacking
-------

You can install the packages in development mode::

    pip install --config-settings editable_mode=strict -e "./psycopg[dev,test]"
    pip install --config-settings editable_mode=strict -e ./psycopg_pool

Then run the tests::

    pytest
"""


def test_a_readme_rsts_hacking_section_and_a_root_pyproject_with_no_project(make_project):
    files = {"README.rst": README_RST, "pyproject.toml": '[tool.pytest.ini_options]\ntestpaths = ["tests"]\n',
             "psycopg/pyproject.toml": '[project]\nname = "psycopg"\n', "psycopg/psycopg/__init__.py": "x = 1\n",
             "psycopg_pool/pyproject.toml": '[project]\nname = "psycopg-pool"\n',
             "psycopg_pool/psycopg_pool/__init__.py": "x = 1\n", "tests/test_a.py": "def test_a():\n    pass\n"}  # fmt: skip
    install = bodies(make_project, files, name="psycopg")["workflow/install"]
    assert install.startswith('To install: `pip install --config-settings editable_mode=strict -e "./psycopg[dev,')
    assert "`pip install -e .`" not in install


def test_a_find_in_the_test_script_names_the_suite(make_project):
    pkg = '{"name": "nodemailer", "scripts": {"test": "node --test $(find test \\\\( -name \'*-test.js\' -o -name ' \
          '\'*.test.js\' \\\\))"}}'  # fmt: skip
    files = {"package.json": pkg, "package-lock.json": "{}", "lib/mailer.js": "module.exports = 1;\n",
             **{f"test/part{i}/part{i}-test.js": "const test = require('node:test');\n" for i in range(4)}}  # fmt: skip
    assert bodies(make_project, files, name="nodemailer")["layout/tests"].startswith(
        "4 test files: `test/**/*-test.js`"
    )


def test_an_ignored_uv_lock_and_tox_named_to_pyproject(make_project):
    pyproject = '[project]\nname = "Radicale"\n\n[project.optional-dependencies]\ntest = ["pytest"]\n\n' \
                '[tool.tox]\nenv_list = ["py", "mypy"]\n\n[tool.tox.env.mypy]\ncommands = [["mypy", "."]]\n'  # fmt: skip
    ci = "on: [push, pull_request]\njobs:\n  test:\n    runs-on: ubuntu-latest\n    steps:\n      - run: pip " \
         "install tox\n      - run: tox -c pyproject.toml -e py\n  integ:\n    runs-on: ubuntu-latest\n    steps:\n" \
         "      - run: uv run --extra dev pytest integ_tests/\n"  # fmt: skip
    files = {"pyproject.toml": pyproject, "setup.cfg": "[flake8]\nmax-line-length = 120\n", ".gitignore": "uv.lock\n",
             "radicale/__init__.py": "x = 1\n", "radicale/tests/test_a.py": "def test_a():\n    pass\n",
             ".github/workflows/test.yml": ci}  # fmt: skip
    learned = bodies(make_project, files, name="Radicale")
    assert "uv" not in learned["python/packaging"] and "uv" not in learned["workflow/install"]
    assert "`tox -c pyproject.toml run -e mypy`" in learned["workflow/typecheck"]


def test_an_undated_major_release_whose_tag_is_years_old(make_project):
    import os
    import subprocess

    from picasso_tui.profile.investigator import investigate

    changelog = "# Changelog\n\n## 3.1.0\n\n* Add a thing.\n\n## 3.0.0\n\nThis release is incompatible with previous " \
                "releases.\n\n* Remove settings for SSL ciphers (breaking)\n* Drop the old storage format (breaking)\n"  # fmt: skip
    repo = make_project({"pyproject.toml": '[project]\nname = "radicale"\n', "radicale/__init__.py": "x = 1\n",
                         "CHANGELOG.md": changelog}, name="Radicale")  # fmt: skip
    who = {
        "GIT_AUTHOR_NAME": "dev",
        "GIT_AUTHOR_EMAIL": "d@x",
        "GIT_COMMITTER_NAME": "dev",
        "GIT_COMMITTER_EMAIL": "d@x",
    }
    old = {**who, "GIT_COMMITTER_DATE": "2020-05-19T00:00:00", "GIT_AUTHOR_DATE": "2020-05-19T00:00:00"}
    subprocess.run(["git", "-C", str(repo.root), "commit", "-q", "--allow-empty", "-m", "Release 3.0.0"], check=True,
                   env={**os.environ, **old})  # fmt: skip
    subprocess.run(["git", "-C", str(repo.root), "tag", "3.0.0"], check=True)
    (repo.root / "radicale/__init__.py").write_text("x = 2\n")
    new = {**who, "GIT_COMMITTER_DATE": "2026-06-01T00:00:00", "GIT_AUTHOR_DATE": "2026-06-01T00:00:00"}
    subprocess.run(["git", "-C", str(repo.root), "commit", "-qam", "Later work"], check=True,
                   env={**os.environ, **new})  # fmt: skip
    assert "history/major-release" not in {f.key for f in investigate(repo.root)[1]}
