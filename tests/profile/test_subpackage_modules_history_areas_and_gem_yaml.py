"""Causes found on held-out set 41 (issue 17): largest modules of a package's top level only, dev pins read as the
stack, black run through darker, active areas counted at old paths or by direct files, a tests/ folder of programs
and scripts named otherwise, the root's count of the code with its folders, and a gemspec that reads its
dependencies from gemspec.yml."""

from __future__ import annotations

from picasso_tui.profile import history
from tests.profile.learned import bodies


def _areas(repo) -> str:
    return next(f.body for f in history.investigate(repo.root).findings if f.key == "git/active-areas")


def test_the_largest_modules_are_ranked_across_the_sub_packages_with_their_sub_path(make_project):
    """dateutil's tz/tz.py and parser/_parser.py are its largest modules, not its small top-level easter.py."""
    learned = bodies(make_project, {
        "setup.cfg": "[metadata]\nname = dateutil\n", "setup.py": "from setuptools import setup\nsetup()\n",
        "src/dateutil/__init__.py": "", "src/dateutil/easter.py": "x = 1\n" * 80,
        "src/dateutil/utils.py": "x = 1\n" * 60, "src/dateutil/rrule.py": "x = 1\n" * 1700,
        "src/dateutil/tz/__init__.py": "", "src/dateutil/tz/tz.py": "x = 1\n" * 1800,
        "src/dateutil/parser/__init__.py": "", "src/dateutil/parser/_parser.py": "x = 1\n" * 1600,
        "tests/test_tz.py": "def test_a():\n    pass\n",
    }, name="dateutil")  # fmt: skip
    assert "largest modules tz/tz.py, rrule.py, parser/_parser.py, easter.py" in learned["layout/source"]


def test_a_dev_requirements_pin_is_not_the_runtime_stack(make_project):
    """dateutil's requirements-dev.txt pins attrs for its tests; setup.cfg's one-line install_requires is six."""
    files = {
        "setup.py": "from setuptools import setup\nsetup()\n",
        "setup.cfg": "[metadata]\nname = dateutil\n\n[options]\ninstall_requires = six >= 1.6\npackages = find:\n",
        "requirements-dev.txt": "attrs!=21.1.0\npytest>=3.0\nhypothesis\n",
        "src/dateutil/rrule.py": "x = 1\n" * 20, "src/dateutil/tz.py": "x = 1\n" * 20,
    }  # fmt: skip
    stack = bodies(make_project, files, name="dateutil")["python/stack"]
    assert "built on six" in stack and "attrs" not in stack and "pytest" in stack
    del files["setup.cfg"]  # no manifest declares the runtime: still never a dev pin
    assert "attrs" not in bodies(make_project, files, name="nocfg").get("python/stack", "")


def test_black_run_through_darker_is_said_to_format_changed_lines_only(make_project):
    hook = "repos:\n  - repo: https://github.com/akaihola/darker\n    rev: 1.7.2\n    hooks:\n    -   id: darker\n"
    learned = bodies(make_project, {
        "pyproject.toml": '[project]\nname = "dateutil"\n\n[tool.black]\nline-length = 80\n',
        ".pre-commit-config.yaml": hook, "dateutil/a.py": "x = 1\n",
    })  # fmt: skip
    assert (
        learned["style/python"]
        == "Python style in this project: black via darker, on changed lines only, line length 80."
    )


def test_an_area_counts_the_commits_of_files_moved_into_it(make_project):
    """time's top-level tests/ moved into time/tests/: its commits count in time/, never as a small time/tests."""
    repo = make_project({"time/src/lib.rs": "0\n", "tests/t.rs": "0\n", "Cargo.toml": "[workspace]\n"})
    for i in range(5):
        repo.write({"tests/t.rs": f"{i + 1}\n"}).commit(f"Test case {i}")
    repo.git("mv", "tests", "time/tests")
    repo.commit("Move the tests into the crate")
    for i in range(2):
        repo.write({"time/tests/t.rs": f"moved {i}\n"}).commit(f"Test more {i}")
    body = _areas(repo)
    assert body.startswith("Most active areas in the last 9 commits: time (9 commits), ") and "time/tests" not in body


def test_a_source_folder_counts_every_commit_under_it_and_names_its_parts_as_such(make_project):
    """Twig's src/ is touched by more commits than tests/; src/Node is a part of that total, not a rival area."""
    repo = make_project({"src/Lexer.php": "0\n", "src/Node/A.php": "0\n", "src/Ext/B.php": "0\n", "tests/T.php": "0"})
    for i in range(3):
        repo.write({"src/Node/A.php": f"{i + 1}\n", "tests/T.php": f"{i + 1}\n"}).commit(f"Node {i}")
        repo.write({"src/Ext/B.php": f"{i + 1}\n", "tests/T.php": f"x{i}\n"}).commit(f"Ext {i}")
    repo.write({"src/Lexer.php": "1\n"}).commit("Lexer")
    body = _areas(repo)
    assert body.startswith(
        "Most active areas in the last 8 commits: src (8 commits; src/Ext in 4, src/Node in 4), tests (7 commits)"
    )


def _xxhash() -> dict[str, str]:
    files = {"Makefile": "all:\n\tcc xxhash.c cli/xxhsum.c\ncheck:\n\t$(MAKE) -C tests\n", "xxhash.c": "int x;\n" * 900}
    files |= {f"{n}": "int h;\n" * 200 for n in ("xxhash.h", "xxh3.h", "xxh_x86dispatch.c", "xxh_x86dispatch.h")}
    files |= {"cli/xxhsum.c": '#include "xsum_bench.h"\n#include "xsum_output.h"\n' + "int m;\n" * 100}
    files |= {f"cli/xsum_{n}.{e}": "int c;\n" * 30 for n in ("bench", "output", "os_specific") for e in ("c", "h")}
    files |= {"tests/Makefile": "test: sanity\n\t./sanity_test\n\tsh cli-comment-line.sh\n"}
    files |= {"tests/sanity_test.c": "int main(void) { return 0; }\n", "tests/multiInclude.c": "int main(void);\n"}
    files |= {f"tests/cli-{n}.sh": "#!/bin/sh\nxxhsum -c\n" for n in ("comment-line", "ignore-missing", "escape")}
    files |= {f"tests/bench/{n}.c": "int b;\n" for n in ("main", "benchHash", "benchfn", "timefn")}
    return files


def test_a_tests_folder_of_programs_and_scripts_is_not_named_from_two_files(make_project):
    """xxHash's tests/ holds C programs, shell scripts and a bench/ its Makefile runs; one *_test.c is no naming."""
    learned = bodies(make_project, _xxhash(), name="xxHash")
    assert learned["layout/tests"] == "The tests live in tests/ (10 files)."
    assert learned["layout/source"].endswith("Its tests are in tests/.")


def test_the_root_count_says_how_many_files_are_at_the_top_and_an_included_bench_file_is_code(make_project):
    """xxHash's root holds 5 C files; cli/xsum_bench.c, which xxhsum.c includes, is the command's code."""
    source = bodies(make_project, _xxhash(), name="xxHash")["layout/source"]
    assert source.startswith("Main source in the repository root: 12 C files (5 at the top level); largest modules")
    assert "folders cli/ (7)" in source


GEMSPEC = """require 'yaml'

Gem::Specification.new do |gem|
  gemspec = YAML.load_file('gemspec.yml')
  gem.name = gemspec.fetch('name')
  if gemspec['dependencies']
    gemspec['dependencies'].each do |name,versions|
      gem.add_dependency(name,split[versions])
    end
  end
end
"""


def test_dependencies_a_gemspec_reads_from_gemspec_yml_are_its_runtime_ones(make_project):
    files = {
        "bundler-audit.gemspec": GEMSPEC, "Gemfile": "source 'https://rubygems.org'\ngemspec\n",
        "gemspec.yml": 'name: bundler-audit\ndependencies:\n  thor: "~> 1.0"\n  bundler: ">= 1.2.0"\n',
        "lib/bundler/audit.rb": "module Bundler; end\n",
    }  # fmt: skip
    stack = bodies(make_project, files, name="bundler-audit")["ruby/stack"]
    assert "built on bundler" in stack and "Thor" in stack and "no runtime dependencies" not in stack
    del files["gemspec.yml"]  # added in a loop from data not read: nothing said either way
    assert "no runtime dependencies" not in bodies(make_project, files, name="unread")["ruby/stack"]
