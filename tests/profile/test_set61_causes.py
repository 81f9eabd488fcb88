"""Causes found on set 61's run (issue 17, thirty-eighth round): Hatch's environment scripts read as programs, RSpec
offered for a Minitest suite whose Gemfile has rspec for its mocks, `-p` for a workspace's root package, Meson's
subdirs listed in a variable, a CI script's folders taken for its role, a golangci-lint TOML config, and a C project's
requirements.txt of build tools taken for a Python project."""

from __future__ import annotations

from picasso_tui.profile import history
from tests.profile.learned import bodies


def test_hatch_environment_scripts_take_their_roles_and_run_no_program(make_project):
    guide = (
        "# Contributing\n\n## Running the tests\n\nTo run the tests:\n\n```bash\nhatch run test:test\n```\n\n"
        "To check the types:\n\n```bash\nhatch run types:check\n```\n\nTo fix the style:\n\n```bash\n"
        "hatch run style:fix\n```\n"
    )
    pyproject = (
        '[project]\nname = "mkdocs"\nversion = "1.6"\n\n[build-system]\nrequires = ["hatchling"]\n'
        'build-backend = "hatchling.build"\n\n[tool.hatch.envs.test.scripts]\ntest = "python -m unittest"\n'
        '\n[tool.hatch.envs.types.scripts]\ncheck = "mypy mkdocs"\n\n[tool.hatch.envs.style.scripts]\nfix = "ruff format"\n'
    )
    files = {"pyproject.toml": pyproject, "CONTRIBUTING.md": guide, "mkdocs/__init__.py": "x = 1\n",
             "mkdocs/tests/build_tests.py": "import unittest\n"}  # fmt: skip
    learned = bodies(make_project, files, name="mkdocs")
    assert learned["workflow/typecheck"].startswith("To type-check: `hatch run types:check`")
    assert learned["workflow/format"].startswith("To format: `hatch run style:fix`")
    assert "types:check" not in learned.get("workflow/run", "")


def test_rspec_in_the_gemfile_without_specs_is_no_runner_for_a_minitest_suite(make_project):
    gemfile = 'source "https://rubygems.org"\ngemspec\n\ngroup :test do\n  gem "minitest"\n  gem "rspec"\n' \
              '  gem "rspec-mocks"\nend\n'  # fmt: skip
    test = "require_relative 'helper'\n\nclass TestSite < Minitest::Test\n  def test_a\n    assert true\n  end\nend\n"
    files = {"Gemfile": gemfile, "jekyll.gemspec": 'Gem::Specification.new { |s| s.name = "jekyll" }\n',
             "lib/jekyll.rb": "module Jekyll\nend\n", "test/helper.rb": "require 'minitest/autorun'\n",
             "test/test_site.rb": test, "Rakefile": "require 'rake/testtask'\nRake::TestTask.new(:test)\n"}  # fmt: skip
    learned = bodies(make_project, files, name="jekyll")
    assert "rspec" not in learned["workflow/test-one"]
    assert "rspec" not in learned["workflow/test"]


def test_a_workspace_root_package_runs_one_test_without_p(make_project):
    files = {"Cargo.toml": '[package]\nname = "git-delta"\nversion = "0.18.2"\n\n[workspace]\nmembers = ["tools"]\n',
             "src/main.rs": "fn main() {}\n\n#[cfg(test)]\nmod tests {\n    #[test]\n    fn a() {}\n}\n",
             "tools/Cargo.toml": '[package]\nname = "tools"\nversion = "0.1.0"\n',
             "tools/src/lib.rs": "pub fn t() {}\n"}  # fmt: skip
    learned = bodies(make_project, files, name="delta")
    assert learned["workflow/test-one"].startswith(
        "To run one test: `cargo test a` (any test whose name contains the filter)"
    )


def test_meson_subdirs_in_a_list_and_ci_scripts_in_test_folders(make_project):
    meson = (
        "project('libfuse3', 'c')\nsubdirs = [ 'lib', 'include' ]\nif get_option('tests')\n  subdirs += 'test'\n"
        "endif\nforeach n : subdirs\n    subdir(n)\nendforeach\n"
    )
    ci = ("on: [push]\njobs:\n  build:\n    runs-on: ubuntu-latest\n    steps:\n      - uses: actions/checkout@v4\n"
          "      - run: test/ci/prepare-runner.sh ${{ github.workspace }}/fuse-tests\n"
          "  doxygen:\n    runs-on: ubuntu-latest\n    steps:\n      - run: test/ci/doxygen.sh\n")  # fmt: skip
    files = {"meson.build": meson, "lib/meson.build": "libfuse = library('fuse3', 'fuse.c')\n",
             "lib/fuse.c": "int f;\n" * 30, "include/fuse.h": "int f;\n", "include/meson.build": "\n",
             "test/meson.build": "\ttest('fuse-tests', find_program('run-tests.py'))\n",
             "test/run-tests.py": "print('ok')\n", "test/ci/prepare-runner.sh": "sudo sysctl -w a=b\n",
             "test/ci/doxygen.sh": "doxygen\n", ".github/workflows/pr-ci.yml": ci,
             "requirements.txt": "# Packages required for building and testing libfuse only\nmeson\nninja\n"}  # fmt: skip
    learned = bodies(make_project, files, name="libfuse")
    assert learned["workflow/test"].startswith("To test: `meson test -C build`")
    assert "prepare-runner" not in learned["workflow/test"] and "doxygen.sh" not in learned["workflow/test"]
    assert "python/packaging" not in learned  # requirements.txt installs the build's tools, libfuse is C


def test_a_golangci_toml_config_names_the_formatter(make_project):
    config = "version = '2'\n\n[linters]\ndefault = 'all'\n\n[formatters]\nenable = [\n  'goimports'\n]\n"
    files = {"go.mod": "module github.com/magefile/mage\n\ngo 1.18\n", ".golangci.toml": config,
             "main.go": "package main\n\nfunc main() {}\n"}  # fmt: skip
    learned = bodies(make_project, files, name="mage")
    assert learned["workflow/format"].startswith("To format: `goimports -w .` — from .golangci.toml")


def test_maven_profiles_on_by_default_build_their_modules(make_project):
    profiles = (
        "<profiles><profile><id>distribution</id><activation><property><name>skipDistribution</name>"
        "<value>!true</value></property></activation><modules><module>documentation</module></modules></profile>"
        "<profile><id>extra</id><activation><property><name>withExtra</name></property></activation><modules>"
        "<module>extra</module></modules></profile></profiles>"
    )
    pom = ("<project><modelVersion>4.0.0</modelVersion><groupId>org.mapstruct</groupId><artifactId>mapstruct-parent"
           f"</artifactId><packaging>pom</packaging><modules><module>core</module></modules>{profiles}</project>")  # fmt: skip
    files = {"pom.xml": pom, "mvnw": "#!/bin/sh\n", "core/pom.xml": "<project><artifactId>core</artifactId></project>",
             "core/src/main/java/org/mapstruct/Mapper.java": "package org.mapstruct;\n\npublic @interface Mapper {}\n",
             "documentation/pom.xml": "<project><artifactId>documentation</artifactId></project>",
             "extra/pom.xml": "<project><artifactId>extra</artifactId></project>"}  # fmt: skip
    learned = bodies(make_project, files, name="mapstruct")
    assert "2 modules: core, documentation, and extra only with a Maven profile" in learned["jvm/packaging"]


def test_php_headers_as_written_a_fixer_config_package_and_a_checking_format_script(make_project):
    php = "<?php\n\ndeclare(strict_types = 1);\n\nnamespace Yasumi;\n\nclass H{n} {{}}\n"
    composer = '{"name": "azuyalabs/yasumi", "require-dev": {"azuyalabs/php-cs-fixer-config": "^1.0"}}'
    files = {"composer.json": composer, ".php-cs-fixer.php": "<?php\n\ndeclare(strict_types = 1);\n\nreturn $c;\n",
             **{f"src/Yasumi/H{n}.php": php.format(n=n) for n in range(6)}}  # fmt: skip
    learned = bodies(make_project, files, name="yasumi")
    assert "starts with `declare(strict_types = 1);`" in learned["rules/file-headers"]
    assert "not a Composer dependency" not in learned["style/php"]
    script = '#!/bin/bash\necho "RuboCop $(bundle exec rubocop --version)"\nbundle exec rubocop -D $@\n'
    guide = "# Contributing\n\n## Code style\n\nTo format your code, run `script/fmt`.\n"
    files = {"Gemfile": 'source "https://rubygems.org"\ngem "rubocop"\n', ".rubocop.yml": "AllCops:\n  NewCops: enable\n",
             "script/fmt": script, "CONTRIBUTING.md": guide, "lib/jekyll.rb": "module Jekyll\nend\n"}  # fmt: skip
    learned = bodies(make_project, files, name="jekyll")
    assert "script/fmt" not in learned.get("workflow/format", "")
    assert learned["workflow/lint"].startswith("To lint: `script/fmt` (checks the format, changes nothing)")


def test_a_configure_alone_a_fallback_build_and_auto_changelog(make_project):
    ci = ("on: [push]\njobs:\n  build-windows:\n    runs-on: windows-latest\n    steps:\n"
          "      - uses: actions/checkout@v4\n      - name: Build\n        run: cmake -Wno-dev CMakeLists.txt\n")  # fmt: skip
    files = {"CMakeLists.txt": "project(hiredis C)\nadd_library(hiredis hiredis.c)\n", "hiredis.c": "int h;\n" * 30,
             "Makefile": "all: hiredis.o\n\nhiredis.o: hiredis.c\n\t$(CC) -c hiredis.c\n",
             ".github/workflows/test.yml": ci}  # fmt: skip
    learned = bodies(make_project, files, name="hiredis")
    assert "CMakeLists.txt`" not in learned["workflow/build"]
    guide = "# Contributing\n\n## Building\n\nIf libgit2 fails to build, run `cargo build --no-default-features`.\n"
    files = {"Cargo.toml": '[package]\nname = "eza"\nversion = "0.23.4"\n', "src/main.rs": "fn main() {}\n",
             "CONTRIBUTING.md": guide}  # fmt: skip
    learned = bodies(make_project, files, name="eza")
    assert learned["workflow/build"].startswith("To build: `cargo build`")
    package = ('{"name": "form-data", "scripts": {"version": "auto-changelog && git add CHANGELOG.md"}, '
               '"devDependencies": {"auto-changelog": "^2.5.0"}}')  # fmt: skip
    changelog = ("# Changelog\n\nAll notable changes to this project will be documented in this file.\n\nThe format is "
                 "based on [Keep a Changelog](https://keepachangelog.com/).\n\n## v4.0.4 - 2025-07-16\n\n### Commits\n\n"
                 "- [Fix] a thing\n")  # fmt: skip
    learned = bodies(make_project, {"package.json": package, "CHANGELOG.md": changelog, "lib/form_data.js": "x\n"},
                     name="form-data")  # fmt: skip
    assert learned["rules/changelog"].startswith("CHANGELOG.md is generated by auto-changelog")
    assert "Conventional Commits" not in learned["rules/changelog"]


def test_kernel_style_prefixes_that_share_conventional_types_are_areas(make_project):
    subjects = ["test: probe the capabilities", "ci: give checkpatch the commit", "lib: commit the ring entry",
                "build: detect the systemd headers", "test: skip the gdb dump", "example/hello: bind a socket"]  # fmt: skip
    repo = make_project({"a.txt": "0\n"}, name="libfuse")
    for i, subject in enumerate(subjects):
        repo.write({"a.txt": f"{i}\n"})
        repo.commit(subject)
    found = {f.key: f.body for f in history.investigate(repo.root).findings}["git/conventions"]
    assert "Conventional Commits" not in found and "prefix" in found


def test_a_site_theme_is_vendored_and_a_tagged_test_file_gives_no_example(make_project):
    tagged = '//go:build CI\n\npackage main\n\nimport "testing"\n\nfunc TestBootstrap(t *testing.T) {}\n'
    files = {"go.mod": "module github.com/magefile/mage\n\ngo 1.18\n", "main.go": "package main\n\nfunc main() {}\n",
             "install_test.go": tagged, "mage/main.go": "package mage\n\nfunc Main() int { return 0 }\n" * 5,
             **{f"site/themes/learn/static/js/lib{n}.js": "var a = 1;\n" * 400 for n in range(4)}}  # fmt: skip
    learned = bodies(make_project, files, name="mage")
    assert "Main language: Go" in learned["languages"]
    assert "TestBootstrap" not in learned.get("workflow/test-one", "")


def test_a_missing_makefile_a_matrix_python_for_hatch_and_a_guide_back_at_the_root(make_project):
    makefile = "build:\n\tcargo build --release\n\nrelease:\n\t@make -f release.Makefile release\n"
    files = {"Cargo.toml": '[package]\nname = "git-delta"\nversion = "0.18.2"\n', "src/main.rs": "fn main() {}\n",
             "Makefile": makefile, "etc/release.Makefile": "release:\n\techo\n"}  # fmt: skip
    learned = bodies(make_project, files, name="delta")
    assert "make release" not in learned["tasks/make"]
    ci = ("on: [push]\njobs:\n  test:\n    strategy:\n      matrix:\n        python-version: ['3.9', '3.13']\n"
          "        include:\n          - python-version: pypy3.10\n            py: pypy3\n    runs-on: ubuntu-latest\n"
          "    steps:\n      - uses: actions/checkout@v4\n"
          "      - run: hatch run +py=${{ matrix.py || matrix.python-version }} test:with-coverage\n")  # fmt: skip
    pyproject = '[project]\nname = "mkdocs"\nversion = "1.6"\n\n[build-system]\nrequires = ["hatchling"]\n' \
                'build-backend = "hatchling.build"\n'  # fmt: skip
    files = {"pyproject.toml": pyproject, ".github/workflows/ci.yml": ci, "mkdocs/__init__.py": "x = 1\n"}
    learned = bodies(make_project, files, name="mkdocs")
    assert "+py=" not in learned["ci"] and "`hatch run test:with-coverage`" in learned["ci"]
    guide = ("# Contributing\n\n## Tests\n\nClone the specs into the spec/mustache folder.\n\n```sh\ncd spec\n"
             "git clone https://github.com/mustache/spec.git mustache\n```\n\nFrom the root directory, run the tests."
             "\n\n```sh\npnpm test\n```\n")  # fmt: skip
    package = '{"name": "handlebars", "scripts": {"test": "vitest run"}, "devDependencies": {"vitest": "^3"}}'
    files = {"package.json": package, "pnpm-lock.yaml": "", "CONTRIBUTING.md": guide, "lib/index.js": "x\n",
             "spec/basic.js": "x\n"}  # fmt: skip
    learned = bodies(make_project, files, name="handlebars.js")
    assert "cd spec" not in learned["workflow/test"]
