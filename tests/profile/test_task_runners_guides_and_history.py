"""Round seventeen of general fixes (issue 17), from the causes of the sixteenth held-out set: tracked files under
an ignored folder are read, CI's workspace is the checkout, header-only CMake targets, Jake, a `check` target that
runs no test, a test variable, Composer benchmarks, Bundler's gem tasks, changelog files by other names, guide
sentences that point ahead or are cut, elided commands, Go commands a README names, pip requirement folders, build
backends, recent commit conventions, TypeScript strictness without TypeScript, and a BOM's description."""

from __future__ import annotations

from picasso_tui.profile.investigator import investigate
from tests.profile.learned import bodies


def test_a_tracked_folder_under_an_ignore_rule_is_read(make_project):
    workflow = "on: [push]\njobs:\n  build:\n    runs-on: ubuntu-latest\n    steps:\n      - run: make test\n"
    repo = make_project({"Makefile": "test:\n\t./run-tests\n", "run-tests": "#!/bin/sh\n", ".gitignore": ".*\n"})
    repo.write({".github/workflows/ci.yml": workflow, ".travis.yml": "script: make old\n"})
    repo.git("add", "-f", ".github/workflows/ci.yml", ".travis.yml")
    repo.commit("ci")
    _, findings, _ = investigate(repo.root)
    ci = next(f.body for f in findings if f.key == "ci")
    # cxxopts ignores `.*` and tracks .github/: its CI is GitHub Actions, not the leftover .travis.yml
    assert ci.startswith("CI (GitHub Actions)") and "`make test`" in ci


def test_ci_workspace_is_the_checkout_and_header_only_targets_are_named(make_project):
    step = 'cmake -S "${{github.workspace}}" -B "${{github.workspace}}/build" -DCMAKE_BUILD_TYPE=$BUILD_TYPE'
    workflow = f"on: [push]\njobs:\n  build:\n    runs-on: ubuntu-latest\n    steps:\n      - run: {step}\n"
    files = {
        ".github/workflows/cmake.yml": workflow,
        "CMakeLists.txt": "project(opts CXX)\nadd_library(opts INTERFACE)\nadd_library(opts INTERFACE)\n",
        "include/opts.hpp": "#pragma once\n",
    }
    learned = bodies(make_project, files, name="opts")
    assert "`cmake -S . -B build`" in learned["ci"]
    assert "libraries opts (header-only: an INTERFACE target)." in learned["cpp/build"]  # declared once here


EJS = {
    "package.json": '{"name": "tmpl", "main": "./lib/cjs/tmpl.js", "scripts": {"test": "npx jake test"},\n'
    ' "devDependencies": {"jake": "^10.0.0"}}\n',
    "jakefile.js": "desc('Builds');\ntask('build', ['lint'], function () {});\ntask('lint', function () {});\n"
    "task('doc', function () {});\ntask('test', function () {});\n" + "// config\n" * 200,
    "eslint.config_esm.mjs": "export default [];\n" * 100,
    "lib/esm/tmpl.js": "export function render () { return 1 }\n" * 30,
    "lib/esm/utils.js": "export const x = 1\n" * 20,
    "lib/esm/args.js": "export const y = 1\n" * 10,
    "tsconfig.json": '{"compilerOptions": {"strict": true, "allowJs": true}}\n',
}


def test_jake_targets_are_commands_and_its_config_is_not_the_source(make_project):
    learned = bodies(make_project, EJS, name="tmpl")
    assert learned["workflow/build"].startswith("To build: `npx jake build`")
    assert learned["workflow/docs"].startswith("To build or preview the docs: `npx jake doc`")
    assert learned["layout/source"].startswith("Main source in lib/esm/")
    # tsconfig's strict mode checks no TypeScript here: it only compiles the JavaScript
    assert "TypeScript strict mode" not in learned.get("style/typescript", "")


MAKEFILE = (
    "requirements:\n\tpython -m pip install -r requirements/development.txt\n\tpython -m pip install --editable .\n\n"
    "check:\n\truff format --check .\n\truff check more tests\n\tstubtest more.more\n\n"
    "test:\n\tpython -m unittest -v ${tests}\n"
)


def test_a_check_target_without_tests_lints_and_a_test_variable_picks_one_test(make_project):
    files = {
        "Makefile": MAKEFILE,
        "pyproject.toml": '[build-system]\nrequires = ["flit_core"]\nbuild-backend = "flit_core.buildapi"\n\n'
        '[project]\nname = "more"\n',
        "requirements/development.txt": "setuptools\nruff\n",
        "requirements/testing.txt": "coverage\n",
        "more/__init__.py": "",
        "more/more.py": "def f():\n    return 1\n",
        "tests/test_more.py": "import unittest\n",
    }
    learned = bodies(make_project, files, name="more")
    assert learned["workflow/test"].startswith("To test: `make test`") and "make check" not in learned["workflow/test"]
    assert learned["workflow/lint"].startswith("To lint: `make check`")
    assert "`make test tests=<test>`" in learned["workflow/test-one"]
    assert learned["workflow/install"].startswith("To install: `make requirements`")
    assert "requirements/ (pip requirement files" in learned["layout/folders"]
    assert "setuptools" not in learned["python/stack"]  # flit_core builds it


def test_composer_benchmarks_and_bundler_gem_tasks_in_a_namespace(make_project):
    composer = '{"name": "acme/uuid", "scripts": {"phpbench": "phpbench run", "phpcbf": "phpcbf -vp"}}\n'
    learned = bodies(make_project, {"composer.json": composer, "src/Uuid.php": "<?php\n"}, name="uuid")
    assert "Benchmarks run with `composer phpbench`" in learned["php/benchmarks"]
    assert learned["workflow/format"].startswith("To format: `composer phpcbf`")
    rakefile = (
        "namespace :ruby do\n  Bundler::GemHelper.install_tasks(:name => 'rc')\nend\n\n"
        "require 'rdoc/task'\nRake::RDocTask.new do |t|\n  t.rdoc_dir = 'rdoc'\nend\n"
    )
    gem = {"Rakefile": rakefile, "rc.gemspec": "Gem::Specification.new\n", "lib/rc.rb": "module Rc; end\n"}
    learned = bodies(make_project, {**gem, "Gemfile": "source 'https://rubygems.org'\ngemspec\n"}, name="rc")
    assert learned["workflow/build"].startswith("To build: `bundle exec rake ruby:build`")
    # without a Gemfile Bundler stops at once (roda): the task runs without it, and there is no `bundle install`
    bare = bodies(make_project, gem, name="rc2")
    assert bare["workflow/build"].startswith("To build: `rake ruby:build`") and "bundle" not in str(bare)
    assert learned["workflow/docs"].startswith("To build or preview the docs: `bundle exec rake rdoc`")


def test_a_releases_file_is_the_changelog(make_project):
    releases = "# Releases\n\n## 2.14.0 (2026-04-09)\n\n- **MSRV**: Rust 1.85.0 or later is now required.\n"
    learned = bodies(make_project, {"RELEASES.md": releases, "Cargo.toml": '[package]\nname = "im"\n'}, name="im")
    assert learned["rules/changelog"].startswith("The changelog is RELEASES.md")


GUIDE = """\
# Contributing

## Adding features

- Please write tests for any new features you add.

## Running Tests

The following must pass before we will accept a pull request. If this does not pass, the build fails.

```
composer test
```

## Style

All C++ code must adhere to the Google style with the following exceptions: exceptions are permitted.
"""

TEMPLATE = """\
## How has this been tested?
<!--- Please describe in detail how you tested your changes. -->
<!--- Include details of your testing environment, and the tests you ran to -->
<!--- see how your change affects other areas of the code, etc. -->
"""


def test_guide_sentences_that_point_ahead_or_are_cut_are_not_rules(make_project):
    files = {"CONTRIBUTING.md": GUIDE, ".github/pull_request_template.md": TEMPLATE, "composer.json": "{}\n"}
    learned = bodies(make_project, files)
    guide = learned["rules/CONTRIBUTING.md"]
    assert "The following must pass" not in guide
    assert "with the following exceptions: exceptions are permitted" in guide  # its object follows the colon
    assert "rules/.github/pull_request_template.md" not in learned  # its comments speak to the submitter, no rules


def test_elided_and_bare_tool_commands_are_not_offered_and_only_a_documented_command_runs(make_project):
    guide = (
        "# Contributing\n\nRun the tests: `go test -race ./...`.\n\nWe use `go tool cover` to compute coverage.\n\n"
        "Run `go test ....` again and compare.\n"
    )
    files = {
        "go.mod": "module example.com/toml\n\ngo 1.21\n",
        "toml.go": "package toml\n",
        "toml_test.go": "package toml\n",
        ".golangci.toml": "[linters]\n",
        "cmd/tomljson/main.go": "package main\n\nfunc main() {}\n",
        "cmd/toml-test-decoder/main.go": "package main\n\nfunc main() {}\n",
        "CONTRIBUTING.md": guide,
        "README.md": "# toml\n\nTOML for Go.\n\n## Tools\n\n`tomljson` converts TOML to JSON.\n",
    }
    learned = bodies(make_project, files, name="toml")
    assert "go tool cover`" not in learned["workflow/test"] and "go test ....`" not in learned["workflow/test"]
    assert learned["workflow/test"].startswith("To test: `go test -race ./...`")
    assert learned["workflow/lint"].startswith("To lint: `golangci-lint run`")
    assert learned["workflow/run"].startswith("To run: `go run ./cmd/tomljson`")


def test_commit_conventions_taken_up_lately_are_said(make_project):
    repo = make_project({"a.txt": "0\n"})
    for i in range(12):
        repo.write({"a.txt": f"{i}\n"}).commit(f"Change number {i} of the file")
    for i in range(8):
        repo.write({"b.txt": f"{i}\n"}).commit(f"fix: correct value {i}")
    _, findings, _ = investigate(repo.root)
    conventions = next(f.body for f in findings if f.key == "git/conventions")
    assert "Conventional Commits lately (8 of the newest 10, e.g. fix:" in conventions


def test_a_bom_description_is_not_the_project_summary(make_project):
    pom = "<project><name>SLF4J BOM</name><description>SLF4J project BOM</description></project>\n"
    learned = bodies(make_project, {"pom.xml": pom}, name="slf4j")
    assert "BOM" not in learned.get("project/summary", "")


def test_a_changelog_one_maintainer_keeps_is_not_a_contributor_rule(make_project):
    repo = make_project({"CHANGELOG.md": "# Changes\n\n## Unreleased\n\n- Added a formatter for exceptions that formats\n"
                         "  the referenced object.\n", "README.md": "# fmtx\n"})  # fmt: skip
    for i in range(6):  # contributors change the code …
        repo.write({f"src/f{i}.c": "int x;\n"})
        repo.git("add", "-A")
        repo.git("commit", "-q", f"--author=Dev {i} <dev{i}@example.com>", "-m", f"Fix bug {i}")
    for i in range(10):  # … and one maintainer writes the changelog
        repo.write({"CHANGELOG.md": f"# Changes\n\n## Unreleased\n\n- Change {i} to the formatter API.\n"})
        repo.git("add", "-A")
        repo.git("commit", "-q", "--author=Victor <v@example.com>", "-m", "Update changelog")
    _, findings, _ = investigate(repo.root)
    rule = next(f.body for f in findings if f.key == "rules/changelog")
    assert rule.startswith(
        "The changelog is CHANGELOG.md, newest entry first, kept by Victor (10 of the last 11 changes to it): "
        "a pull request does not add to it"
    )
    assert "upcoming" not in rule


def test_a_wrapped_changelog_entry_is_quoted_whole_and_most_is_not_each(make_project):
    changes = (
        "# Changes\n\n## Unreleased\n\n- core: added a formatter for exceptions that formats\n  the referenced object.\n"
        "- cli: new flag for the output.\n- Fixed a typo in the manual page.\n"
    )
    learned = bodies(make_project, {"CHANGELOG.md": changes})
    assert '"core: added a formatter for exceptions that formats the referenced object."' in learned["rules/changelog"]
    assert "most lines start with their area (core, cli)" in learned["rules/changelog"]


def test_a_guide_that_asks_for_a_changelog_entry_keeps_the_instruction(make_project):
    repo = make_project({"CHANGELOG.md": "# Changes\n\n## Unreleased\n\n- Change 0 to the formatter API.\n",
                         "CONTRIBUTING.md": "# Contributing\n\nAdd an entry to CHANGELOG.md for every change.\n"})  # fmt: skip
    for i in range(6):
        repo.write({f"src/f{i}.c": "int x;\n"})
        repo.git("add", "-A")
        repo.git("commit", "-q", f"--author=Dev {i} <dev{i}@example.com>", "-m", f"Fix bug {i}")
    for i in range(1, 11):
        repo.write({"CHANGELOG.md": f"# Changes\n\n## Unreleased\n\n- Change {i} to the formatter API.\n"})
        repo.git("add", "-A")
        repo.git("commit", "-q", "--author=Victor <v@example.com>", "-m", "Update changelog")
    _, findings, _ = investigate(repo.root)
    rule = next(f.body for f in findings if f.key == "rules/changelog")
    assert "changes go under the upcoming release's heading (Unreleased)" in rule and "kept by" not in rule


def test_release_only_workflows_ci_install_steps_and_cross_builds(make_project):
    gem_push = (
        "on:\n  push:\n    tags:\n      - 'v*'\njobs:\n  push:\n    steps:\n      - run: gem build http.gemspec\n"
    )
    tests = (
        "on: [push, pull_request]\njobs:\n  stan:\n    steps:\n"
        "      - run: composer global require phpstan/phpstan:~1.10.0\n"
        "      - run: ~/.composer/vendor/bin/phpstan analyse\n"
        "  lib:\n    strategy:\n      matrix:\n        target: [armv5te-unknown-linux-gnueabi]\n"
        "        noxenv: [tests-3.13]\n    steps:\n"
        "      - run: cross build --target ${{ matrix.target }} --all-features\n"
        "      - run: cargo build\n"
        '      - run: uvx nox -s "${{ matrix.noxenv }}" -- ${{ matrix.posargs }}\n'
    )
    files = {".github/workflows/gem_push.yml": gem_push, ".github/workflows/tests.yml": tests,
             "Cargo.toml": '[package]\nname = "bars"\n', "src/lib.rs": ""}  # fmt: skip
    learned = bodies(make_project, files, name="bars")
    assert "gem_push.yml" not in learned["ci"].split("Not read")[0]  # a tag push is a release, not a change
    assert "`phpstan analyse`" in learned["ci"] and "composer global require" not in learned["ci"]
    assert "`uvx nox -s tests-3.13`" in learned["ci"]  # the session CI runs; the arguments only CI knows go
    assert learned["workflow/build"].startswith("To build: `cargo build`")  # not CI's cross-compile


def test_ruff_format_only_where_the_project_runs_it(make_project):
    pyproject = '[project]\nname = "js"\n\n[tool.ruff]\nline-length = 79\n'
    files = {"pyproject.toml": pyproject, "js/__init__.py": ""}
    learned = bodies(make_project, files, name="js")
    assert "ruff check" in learned["workflow/lint"] and "workflow/format" not in learned
    nox = "import nox\n\n@nox.session\ndef style(session):\n    session.run('ruff', 'format', '--check', '.')\n"
    learned = bodies(make_project, {**files, "noxfile.py": nox}, name="js2")
    assert learned["workflow/format"].startswith("To format: `ruff format .`")  # noxfile's session runs it


def test_maven_site_xmake_gem_description_features_and_conduct(make_project):
    pom = "<project><artifactId>kryo</artifactId><build><plugins><plugin><artifactId>maven-site-plugin</artifactId>"
    pom += "</plugin></plugins></build></project>\n"
    learned = bodies(make_project, {"pom.xml": pom, "src/com/x/A.java": "class A {}\n"}, name="kryo")
    assert "mvn site" not in learned.get("workflow/docs", "")  # a site plugin with no src/site builds no docs
    cmake = {"CMakeLists.txt": "project(ap CXX)\n", "xmake.lua": "target('ap')\n", "include/ap.hpp": ""}
    assert "2 build systems: CMake and xmake" in bodies(make_project, cmake, name="ap")["cpp/build"]
    gemspec = "Gem::Specification.new do |s|\n  s.name = 'http'\n  s.summary = 'HTTP should be easy'\n"
    gemspec += "  s.description = 'An easy-to-use client library for making requests from Ruby.'\nend\n"
    files = {"http.gemspec": gemspec, **{f"lib/http/features/f{i}.rb": "module F; end\n" * 30 for i in range(10)}}
    files.update({f"lib/http/m{i}.rb": "module M; end\n" * 10 for i in range(4)})
    learned = bodies(make_project, files, name="http")
    assert learned["project/summary"] == "Project http: An easy-to-use client library for making requests from Ruby."
    assert "features/ (10)" in learned["layout/source"]  # lib/http/features/ is code, not Cucumber's features
    guide = "# Contributing\n\n## Code of conduct\n\nBy participating, you are expected to honor this code.\n\n"
    guide += "## Style\n\nAll code must be formatted with clang-format before you commit.\n"
    rules = bodies(make_project, {"CONTRIBUTING.md": guide}, name="cg")["rules/CONTRIBUTING.md"]
    assert "honor this code" not in rules and "clang-format" in rules
