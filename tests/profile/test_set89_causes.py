"""Causes judged on sets 89 and 90 (issue 17, forty-first round, both run on `0f2f094f`): `npm run start` with no
such script, a default Rake task that only prints a notice, SFML's extlibs/, setup.py's dev extra, mdbook as the
docs, a Makefile `install` that runs `go install`, and rake-compiler's `rake compile`."""

from __future__ import annotations

from tests.profile.learned import bodies


def test_a_start_script_the_root_lacks_and_a_notice_as_the_default_task(make_project):
    guide = "# Contributing\n\nTo preview the website, run `npm run start`.\n"
    files = {"package.json": '{"name": "ts-jest", "scripts": {"test": "jest", "build": "tsc"}}',
             "package-lock.json": "{}", "src/index.ts": "export const a = 1;\n", "CONTRIBUTING.md": guide,
             "website/package.json": '{"scripts": {"start": "docusaurus start"}}'}  # fmt: skip
    assert "npm run start" not in bodies(make_project, files, name="ts-jest").get("workflow/run", "")
    rakefile = 'task default: ["display:notice"]\n\nnamespace :display do\n  task :notice do\n    puts "Name an ' \
               'adapter: rake test:mysql2"\n  end\nend\n'  # fmt: skip
    files = {"activerecord-import.gemspec": "Gem::Specification.new do |s|\n  s.name = 'activerecord-import'\nend\n",
             "Gemfile": "source 'https://rubygems.org'\ngemspec\n", "Rakefile": rakefile,
             "lib/activerecord-import.rb": "module ActiveRecord\nend\n"}  # fmt: skip
    assert "`bundle exec rake`" not in bodies(make_project, files, name="ari").get("workflow/test", "")


def test_extlibs_a_setup_py_dev_extra_and_mdbook(make_project):
    files = {"CMakeLists.txt": "project(SFML CXX)\nadd_library(sfml src/SFML/Window.cpp)\n",
             "src/SFML/Window.cpp": "int w() { return 0; }\n" * 30,
             **{f"extlibs/headers/lib{i}/lib{i}.h": "int f(void);\n" * 200 for i in range(4)}}  # fmt: skip
    learned = bodies(make_project, files, name="SFML")
    assert learned["languages"].startswith("Languages by share of source: C++ 100%")
    setup = "from setuptools import setup\n\nsetup(\n    name='jedi',\n    extras_require={\n        'dev': [\n" \
            "            'pytest<9.0.0',\n        ],\n        'docs': ['sphinx'],\n    },\n)\n"  # fmt: skip
    files = {"setup.py": setup, "pyproject.toml": "[tool.zuban]\nstrict = true\n", "jedi/__init__.py": "x = 1\n",
             "test/test_api.py": "def test_a():\n    pass\n"}  # fmt: skip
    assert bodies(make_project, files, name="jedi")["workflow/install"].startswith(
        "To install: `pip install -e '.[dev]'` — from setup.py"
    )
    ci = "on: [push, pull_request]\njobs:\n  book:\n    runs-on: ubuntu-latest\n    steps:\n      - run: mdbook build" \
         " guide\n"  # fmt: skip
    files = {"Cargo.toml": '[package]\nname = "pulldown-cmark"\nversion = "0.1.0"\n', "src/lib.rs": "pub fn f() {}\n",
             ".github/workflows/book.yml": ci}  # fmt: skip
    assert "mdbook" not in bodies(make_project, files, name="pulldown-cmark").get("workflow/build", "")


def test_go_install_is_no_setup_and_rake_compile_builds_a_c_extension(make_project):
    makefile = "build:\n\tgo build ./cmd/micro\n\ninstall:\n\tgo install ./cmd/micro\n"
    files = {"go.mod": "module github.com/micro-editor/micro/v2\n\ngo 1.19\n", "Makefile": makefile,
             "cmd/micro/micro.go": "package main\n\nfunc main() {}\n"}  # fmt: skip
    assert "make install" not in bodies(make_project, files, name="micro").get("workflow/install", "")
    files = {"mysql2.gemspec": "Gem::Specification.new do |s|\n  s.name = 'mysql2'\nend\n",
             "Gemfile": "source 'https://rubygems.org'\ngemspec\n",
             "Rakefile": "require 'rake'\nload 'tasks/compile.rake'\n",
             "tasks/compile.rake": "require 'rake/extensiontask'\nRake::ExtensionTask.new('mysql2') do |ext|\n"
                                   "  ext.lib_dir = File.join('lib', 'mysql2')\nend\n",
             "ext/mysql2/extconf.rb": "require 'mkmf'\n", "lib/mysql2.rb": "module Mysql2\nend\n"}  # fmt: skip
    assert bodies(make_project, files, name="mysql2")["workflow/build"].startswith(
        "To build: `bundle exec rake compile` (builds the C extension)"
    )


def test_after_set_92s_run_libtool_copies_undeclared_linters_and_grouped_test_tasks(make_project):
    files = {"configure.ac": "AC_INIT([libconfig], [1.8])\n", "Makefile.am": "SUBDIRS = lib\n",
             "aux-build/ltmain.sh": "#!/bin/sh\n" + "echo libtool\n" * 3000, "lib/libconfig.c": "int f(void);\n" * 50,
             "lib/libconfig.h": "int f(void);\n"}  # fmt: skip
    assert bodies(make_project, files, name="libconfig")["languages"].startswith("Languages by share of source: C 100%")
    makefile = "format:\n\tblack graphene\n\nlint:\n\tflake8 graphene\n\ntest:\n\tpytest graphene\n"
    files = {"setup.py": "from setuptools import setup\nsetup(name='graphene', extras_require={'dev': ['ruff']})\n",
             "Makefile": makefile, ".pre-commit-config.yaml": "repos:\n  - repo: https://github.com/astral-sh/ruff-pre-commit\n"
             "    rev: v0.5.0\n    hooks:\n      - id: ruff\n", "graphene/__init__.py": "x = 1\n",
             "graphene/tests/test_a.py": "def test_a():\n    pass\n"}  # fmt: skip
    learned = bodies(make_project, files, name="graphene")
    assert "make lint" not in learned.get("workflow/lint", "") and "make format" not in learned.get(
        "workflow/format", ""
    )
    rakefile = "require 'rake/testtask'\n\nRake::TestTask.new('test:unit') do |t|\n  t.pattern = 'test/unit/*_test.rb'\n" \
               "end\n\ntask :default => ['test:unit']\n"  # fmt: skip
    files = {"gli.gemspec": "Gem::Specification.new do |s|\n  s.name = 'gli'\nend\n", "Rakefile": rakefile,
             "Gemfile": "source 'https://rubygems.org'\ngemspec\ngem 'minitest'\n", "lib/gli.rb": "module GLI\nend\n",
             "test/unit/app_test.rb": "class AppTest < Minitest::Test\n  def test_a\n    assert true\n  end\nend\n"}  # fmt: skip
    assert "`bundle exec rake test`" not in bodies(make_project, files, name="gli")["workflow/test"]


def test_a_uv_index_for_hatchs_installer_is_no_uv_project(make_project):
    pyproject = '[project]\nname = "safety"\n\n[build-system]\nrequires = ["hatchling"]\nbuild-backend = ' \
                '"hatchling.build"\n\n[tool.hatch.envs.default]\ninstaller = "uv"\n\n[[tool.uv.index]]\nname = ' \
                '"internal"\nurl = "https://pkgs.example.com/simple"\nexplicit = true\n'  # fmt: skip
    files = {
        "pyproject.toml": pyproject,
        "safety/__init__.py": "x = 1\n",
        "tests/test_a.py": "def test_a():\n    pass\n",
    }
    learned = bodies(make_project, files, name="safety")
    assert "uv" not in learned["python/packaging"] and "uv run" not in learned["workflow/test"]


def test_after_set_92s_run_a_3rd_party_folder_and_release_please_over_a_keep_a_changelog_header(make_project):
    files = {"CMakeLists.txt": "project(Taskflow CXX)\nadd_subdirectory(unittests)\n",
             "taskflow/taskflow.hpp": "int f();\n" * 30, "unittests/test_basics.cpp": "TEST_CASE(\"a\") {}\n",
             **{f"3rd-party/tbb/src/test/test_m{i}.cpp": "TEST_CASE(\"b\") {}\n" for i in range(6)}}  # fmt: skip
    assert "3rd-party" not in bodies(make_project, files, name="taskflow").get("layout/tests", "")
    changelog = "# Changelog\n\nThe format is based on [Keep a Changelog](https://keepachangelog.com/en/1.1.0/).\n\n" \
                "## [4.0.0](https://github.com/x/compare/v3.7.0...v4.0.0)\n\n### Features\n\n* a thing\n"  # fmt: skip
    files = {"settings.gradle.kts": 'rootProject.name = "fastcsv"\n', "build.gradle.kts": "plugins { java }\n",
             "src/main/java/C.java": "class C {}\n", "CHANGELOG.md": changelog, "release-please-config.json": "{}"}  # fmt: skip
    assert "release-please" in bodies(make_project, files, name="FastCSV")["rules/changelog"]
