"""Causes found on set 42's run (issue 17, thirty-third round): commands that only list, check or rewrite a baseline,
and facts read from commented-out code, generated-file markers and tool folders."""

from __future__ import annotations

from tests.profile.learned import bodies


def _ci(*runs: str) -> str:
    steps = "".join(f"      - run: {r}\n" for r in runs)
    return "name: CI\non: [push, pull_request]\njobs:\n  ubuntu:\n    runs-on: ubuntu-latest\n    steps:\n" + steps


def test_listing_the_build_folder_is_no_build_command(make_project):
    cmake = "cmake_minimum_required(VERSION 3.16)\nproject(z C)\nadd_library(z z.c)\n"
    learned = bodies(make_project, {"CMakeLists.txt": cmake, "z.c": "int z(void) { return 0; }\n",
                                    ".github/workflows/ci.yml": _ci("cmake -S . -B build", "tree -sha build")})  # fmt: skip
    assert "tree" not in learned["workflow/build"]


def test_a_no_fix_run_checks_and_formats_nothing(make_project):
    gemspec = 'Gem::Specification.new do |s|\n  s.name = "w"\n  s.files = ["lib/w.rb"]\nend\n'
    files = {"w.gemspec": gemspec, "Gemfile": 'source "https://rubygems.org"\ngemspec\ngem "standard"\n',
             "lib/w.rb": "module W; end\n", ".github/workflows/ci.yml": _ci("bundle exec standardrb --no-fix")}  # fmt: skip
    learned = bodies(make_project, files)
    assert "--no-fix" not in learned.get("workflow/format", "")
    assert "`bundle exec standardrb --no-fix`" in learned["workflow/lint"]


def test_a_script_that_rewrites_the_static_analysis_baseline_is_no_type_check(make_project):
    composer = (
        '{"name": "w/w", "require-dev": {"vimeo/psalm": "^5"}, "scripts": {"psalm": "psalm",'
        ' "psalm:baseline": "psalm --set-baseline=psalm-baseline.xml"}}'
    )
    learned = bodies(make_project, {"composer.json": composer, "src/W.php": "<?php\nclass W {}\n"})
    assert learned["workflow/typecheck"].startswith("To type-check: `composer psalm`")
    assert "baseline" not in learned["workflow/typecheck"]
