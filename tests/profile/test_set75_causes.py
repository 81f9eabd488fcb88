"""Causes found on set 75's run (issue 17, fortieth round): rules a guide words as "please only" and "we only
accept", an AI note about security reports, a README's distribution packages, automake with no tests declared, a
changelog kept by its maintainer or left behind by the tags, black run with its options, a docs folder's Makefile
targets, a `make install` that installs the built gem, and a guide's "install X and run Y"."""

from __future__ import annotations

import subprocess

from tests.profile.learned import bodies

FAKER_GUIDE = """\
How to contribute
=================

Getting Started
---------------

-  Fork the repository on GitHub
-  Please only make changes or add data to locales you're familiar with.

Adding Providers
----------------

We only accept providers that are useful for general use.

Making Changes
--------------

-  Make sure you have added the necessary tests for your changes.
-  Ensure technical accuracy. Confirm that the report describes a real, reproducible security issue in Faker.
"""


def test_guide_rules_worded_as_please_only_and_we_only_accept(make_project):
    files = {"CONTRIBUTING.rst": FAKER_GUIDE, "setup.py": "from setuptools import setup\nsetup(name='Faker')\n",
             "faker/__init__.py": "", "tests/test_factory.py": "def test_a():\n    pass\n"}  # fmt: skip
    rules = bodies(make_project, files, name="faker")["rules/CONTRIBUTING.rst"]
    assert "- Please only make changes or add data to locales you're familiar with." in rules
    assert "- We only accept providers that are useful for general use." in rules
    assert "security issue" not in rules


HTOP_README = """\
# htop

## Build instructions

### Prerequisite

**Debian/Ubuntu**
~~~ shell
sudo apt install libncursesw5-dev autotools-dev autoconf automake build-essential
~~~

### Compile from source:
~~~ shell
./autogen.sh && ./configure && make
~~~
"""


def test_a_readmes_build_packages_and_automake_without_tests(make_project):
    files = {"README.md": HTOP_README, "configure.ac": "AC_INIT([htop], [3.4])\n", "autogen.sh": "autoreconf -fi\n",
             "Makefile.am": "bin_PROGRAMS = htop\nhtop_SOURCES = htop.c\n", "htop.c": "int main(void) { return 0; }\n",
             "Process.c": "int p;\n"}  # fmt: skip
    learned = bodies(make_project, files, name="htop")
    assert learned["workflow/install"].startswith("To install: `sudo apt install libncursesw5-dev autotools-dev")
    assert "workflow/test" not in learned


def _commit_changelog_as(repo, author: str, times: int) -> None:
    for i in range(times):
        (repo.root / "CHANGELOG.md").write_text((repo.root / "CHANGELOG.md").read_text() + f"\n- Entry {i}.\n")
        subprocess.run(["git", "-C", str(repo.root), "add", "-A"], check=True)
        subprocess.run(["git", "-C", str(repo.root), "-c", f"user.name={author}", "-c", "user.email=a@b",
                        "commit", "-qm", "📝 Update CHANGELOG.md"], check=True)  # fmt: skip


def test_a_changelog_its_maintainer_keeps_and_one_the_tags_left_behind(make_project, tmp_path):
    from picasso_tui.profile.investigator import investigate

    changelog = "# Changelog\n\n## v40.35.0 - 2026-07-22\n\n- Fix: add correct `bban_format` for ru_RU.\n"
    repo = make_project({"CHANGELOG.md": changelog, "setup.py": "", "faker/__init__.py": ""}, name="faker")
    _commit_changelog_as(repo, "Flavio Curella", 12)
    for n in range(5):  # others commit code: the file is the maintainer's alone
        (repo.root / f"faker/m{n}.py").write_text("x = 1\n")
        subprocess.run(["git", "-C", str(repo.root), "add", "-A"], check=True)
        subprocess.run(["git", "-C", str(repo.root), "-c", f"user.name=dev{n}", "-c", "user.email=d@b", "commit",
                        "-qm", f"Add m{n}"], check=True)  # fmt: skip
    found = {f.key: f.body for f in investigate(repo.root)[1]}
    assert "kept by Flavio Curella" in found["rules/changelog"]
    upcoming = "# Changelog\n\n## 1.18.0 (unreleased)\n\n- Add `addSubscriber` to `Client`.\n"
    repo = make_project({"CHANGELOG.md": upcoming, "composer.json": '{"name": "mongodb/mongodb"}', "src/C.php": ""},
                        name="mongo-php-library")  # fmt: skip
    subprocess.run(["git", "-C", str(repo.root), "tag", "1.20.0"], check=True)
    assert "rules/changelog" not in {f.key for f in investigate(repo.root)[1]}


def test_black_with_its_options_docs_targets_a_gem_install_and_install_words(make_project):
    makefile = "lint: black\n\nblack:\n\tblack --line-length 120 faker tests scripts\n"
    files = {"Makefile": makefile, "setup.py": "from setuptools import setup\nsetup(name='Faker')\n",
             "tox.ini": "[testenv]\ndeps = black\n", "faker/__init__.py": "",
             "requirements-dev.txt": "black==24.4.0\n"}  # fmt: skip
    assert (
        bodies(make_project, files, name="faker")
        .get("workflow/format", "")
        .startswith("To format: `black --line-length 120 faker tests scripts`")
    )
    guide = "Editing Documentation\n---------------------\n\n* ``cd`` into the docs folder and run::\n\n" \
            "\tmake docker-prep\n\n* Then run ``make build`` to build the site.\n"  # fmt: skip
    files = {"docs/contributing.rst": guide, "docs/Makefile": "docker-prep:\n\tdocker build .\n\nbuild:\n\tsphinx\n",
             "Makefile": "GEM=fpm.gem\ninstall: $(GEM)\n\tgem install $(GEM)\n\ntest:\n\trspec\n",
             "fpm.gemspec": "Gem::Specification.new do |s|\n  s.name = 'fpm'\nend\n", "Gemfile": "gemspec\n",
             "lib/fpm.rb": "module FPM; end\n", "docs/conf.py": "project = 'fpm'\n"}  # fmt: skip
    learned = bodies(make_project, files, name="fpm")
    assert "docker-prep" not in learned.get("workflow/install", "") and "make install" not in learned.get(
        "workflow/install", ""
    )
    assert "`make build`" not in learned.get("workflow/build", "")
    assert learned["workflow/docs"].startswith("To build or preview the docs: `make -C docs build`")
    guide = "# Contributing\n\nYou can install `cargo-llvm-cov` and run `cargo llvm-cov --open` to see coverage.\n"
    files = {"CONTRIBUTING.md": guide, "Cargo.toml": '[package]\nname = "gimli"\n', "src/lib.rs": ""}
    assert "llvm-cov" not in bodies(make_project, files, name="gimli").get("workflow/install", "")


def test_areas_of_a_root_package_a_minor_languages_editorconfig_and_a_test_only_bundler(make_project):
    from picasso_tui.profile.investigator import investigate

    repo = make_project({"go.mod": "module github.com/go-sql-driver/mysql\n", "driver.go": "package mysql\n",
                         ".github/workflows/test.yml": "on: push\n", "test_spec.lua": "-- old\n",
                         ".editorconfig": "[*]\nend_of_line = lf\n", **{f"f{i}.go": "package mysql\n"
                                                                         for i in range(30)}}, name="mysql")  # fmt: skip
    for i in range(12):
        repo.write({"driver.go": f"package mysql\n// {i}\n"}).commit(f"Fix #{i}")
    found = {f.key for f in investigate(repo.root)[1]}
    assert "git/active-areas" not in found and "style/lua" not in found
    package = {"name": "kysely", "exports": {".": "./dist/index.js"}, "scripts": {"build": "tsc",
               "test:browser:build": "esbuild test/browser/main.ts --bundle"}, "devDependencies": {"esbuild": "^0.28",
               "typescript": "^5", "mocha": "^11"}}  # fmt: skip
    import json

    files = {"package.json": json.dumps(package), "pnpm-workspace.yaml": "packages:\n  - './site'\n",
             "site/package.json": '{"name": "kysely-site", "private": true}', "src/index.ts": "export {}\n",
             "pnpm-lock.yaml": ""}  # fmt: skip
    stack = bodies(make_project, files, name="kysely")["javascript/stack"]
    assert "esbuild" not in stack and "a library (npm package) with 1 private workspace package" in stack
