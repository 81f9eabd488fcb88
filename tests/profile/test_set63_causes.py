"""Causes found on set 63's run (issue 17, thirty-eighth round): a bundled UI taken for the main language, a nested
Gradle project's path, a bare `./gradlew`, a guide's optional `[local]` and a folder with no Makefile, a check target
read through a make variable, acceptance scripts as formatters, a tox env older than the Python floor, tox's devenv, a
changelog that points to the releases page, a VitePress docs site and a Ruby test helper as the example test."""

from __future__ import annotations

from tests.profile.learned import bodies


def test_a_bundled_ui_a_nested_gradle_project_and_a_bare_wrapper(make_project):
    settings = 'rootProject.name = "wiremock"\ninclude("wiremock-core")\ninclude("wiremock-url:wiremock-url")\n'
    test = "package w;\n\nimport org.junit.jupiter.api.Test;\n\nclass UrlTest {\n    @Test\n    void a() {}\n}\n"
    guide = "# Agents\n\n## Build\n\nBuild everything with `./gradlew`.\n"
    files = {"settings.gradle.kts": settings, "build.gradle.kts": "plugins {\n    java\n}\n", "gradlew": "#!/bin/sh\n",
             "AGENTS.md": guide, "wiremock-core/build.gradle.kts": "plugins {\n    java\n}\n",
             "wiremock-core/src/main/java/w/WireMock.java": "package w;\n\npublic class WireMock {}\n" * 20,
             "wiremock-core/src/main/resources/assets/ui.js": "var ui = 1;\n" * 4000,
             "wiremock-url/wiremock-url/build.gradle.kts": "plugins {\n    java\n}\n",
             "wiremock-url/wiremock-url/src/main/java/w/Url.java": "package w;\n\npublic class Url {}\n",
             "wiremock-url/wiremock-url/src/test/java/w/UrlTest.java": test,
             "wiremock-url/wiremock-url/src/test/java/w/UrlTwoTest.java": test.replace("UrlTest", "UrlTwoTest")}  # fmt: skip
    learned = bodies(make_project, files, name="wiremock")
    assert "Main language: Java" in learned["languages"]
    assert "`./gradlew :wiremock-url:wiremock-url:test --tests" in learned["workflow/test-one"]
    assert not learned["workflow/build"].startswith("To build: `./gradlew` ")


YQ_MAKEFILE = """\
ENGINERUN := docker run yq-dev

local: | quiet
\t@$(eval ENGINERUN= )

build:
\t${ENGINERUN} go build -o yq .

secure:
\t${ENGINERUN} gosec ./...

check: secure
\t${ENGINERUN} bash ./scripts/check.sh

test: check
\t${ENGINERUN} bash ./scripts/test.sh
"""


def test_optional_words_a_folder_with_no_makefile_a_check_chain_and_an_acceptance_script(make_project):
    guide = (
        "# Contributing\n\n- `make [local] build` - Build the yq binary\n- `make [local] check` - Run linting and "
        "security checks\n- `cd pkg/yqlib && make [local] test` - Test the library\n\nRun `make check` before a "
        "pull request.\n"
    )
    agents = "# Agents\n\n## Formatting\n\nAfter formatting, run `bash scripts/acceptance.sh`.\n"
    files = {"go.mod": "module github.com/mikefarah/yq/v4\n\ngo 1.25\n", "Makefile": YQ_MAKEFILE,
             "CONTRIBUTING.md": guide, "AGENTS.md": agents, "yq.go": "package main\n\nfunc main() {}\n",
             "scripts/check.sh": "golangci-lint run\n", "scripts/test.sh": "go test ./...\n",
             "scripts/acceptance.sh": "./yq --version\n", "pkg/yqlib/lib.go": "package yqlib\n"}  # fmt: skip
    learned = bodies(make_project, files, name="yq")
    assert learned["workflow/build"].startswith("To build: `make build`")
    assert "[local]" not in " ".join(learned.values()) and "cd pkg/yqlib" not in learned["workflow/test"]
    assert "make check" not in learned["workflow/test"] and "make check" in learned["workflow/lint"]
    assert "acceptance" not in learned.get("workflow/format", "")


def test_a_tox_env_below_the_floor_a_devenv_and_a_changelog_on_the_releases_page(make_project):
    guide = ("# Contributing\n\nSet up a development environment with `tox --devenv venv`.\n\nRunning all the tests can "
             "be done by running `tox -e py37`.\n")  # fmt: skip
    changelog = ("# Change Log\n\nThis project adheres to Semantic Versioning.\nEvery release is documented on the "
                 "Github [Releases](https://github.com/pre-commit/pre-commit/releases) page.\n")  # fmt: skip
    files = {"setup.cfg": "[metadata]\nname = pre_commit\n\n[options]\npython_requires = >=3.10\n",
             "setup.py": "from setuptools import setup\nsetup()\n", "tox.ini": "[tox]\nenvlist = py\n\n[testenv]\n"
             "commands = pytest\n", "CONTRIBUTING.md": guide, "CHANGELOG.md": changelog,
             "pre_commit/__init__.py": "x = 1\n", "tests/main_test.py": "def test_a():\n    pass\n"}  # fmt: skip
    learned = bodies(make_project, files, name="pre-commit")
    assert "py37" not in learned["workflow/test"] and "--devenv" not in learned["workflow/test"]
    assert learned["rules/changelog"].startswith("CHANGELOG.md is no longer kept")


def test_a_vitepress_docs_site_and_a_ruby_test_helper(make_project):
    site = (
        '{"scripts": {"dev": "vitepress dev", "build": "vitepress build"}, "devDependencies": {"vitepress": "1.6.4"}}'
    )
    files = {"Cargo.toml": '[package]\nname = "starship"\nversion = "1.24.0"\n', "src/lib.rs": "pub fn a() {}\n",
             "src/main.rs": "fn main() {}\n", "docs/package.json": site, "docs/README.md": "# Starship\n"}  # fmt: skip
    learned = bodies(make_project, files, name="starship")
    assert learned["workflow/docs"].startswith("To build or preview the docs: `cd docs && npm run build`")
    helper = "require 'minitest/autorun'\n\nclass JekyllUnitTest < Minitest::Test\n  def test_dir(*d)\n  end\nend\n"
    test = "require 'helper'\n\nclass TestSite < JekyllUnitTest\n  def test_a\n    assert true\n  end\nend\n"
    files = {"Gemfile": 'source "https://rubygems.org"\ngem "minitest"\n', "lib/jekyll.rb": "module Jekyll\nend\n",
             "Rakefile": "require 'rake/testtask'\nRake::TestTask.new(:test)\n", "test/helper.rb": helper,
             "test/test_site.rb": test}  # fmt: skip
    learned = bodies(make_project, files, name="jekyll")
    assert "helper.rb" not in learned["workflow/test-one"]


def test_a_docs_target_behind_an_option_and_a_link_check_is_no_install(make_project):
    cmake = (
        'project(zip C)\noption(ZIP_BUILD_DOCS "Generate API documentation with Doxygen" OFF)\n'
        "add_library(zip src/zip.c)\nif(ZIP_BUILD_DOCS)\n    find_package(Doxygen)\n"
        "    add_custom_target(doc\n        ${DOXYGEN_EXECUTABLE} Doxyfile\n    )\nendif()\n"
    )
    learned = bodies(make_project, {"CMakeLists.txt": cmake, "src/zip.c": "int z;\n" * 30}, name="zip")
    assert learned["workflow/docs"].startswith(
        "To build or preview the docs: `cmake -S . -B build -DZIP_BUILD_DOCS=ON && cmake --build build --target doc`"
    )
    guide = "# Contributing\n\n## Docs\n\nTo set up the docs, install and check the links:\n\n```bash\n" \
            "npm install\nnpm run docs:link-check\n```\n"  # fmt: skip
    package = '{"name": "sinon", "scripts": {"docs:link-check": "lychee docs"}}'
    learned = bodies(make_project, {"package.json": package, "package-lock.json": "{}", "CONTRIBUTING.md": guide,
                                    "lib/sinon.js": "x\n"}, name="sinon")  # fmt: skip
    assert "link-check" not in learned.get("workflow/install", "")


def test_a_check_script_in_hack_is_a_lint_and_a_bare_formatter_is_no_command(make_project):
    agents = ("# Agents\n\n- Tests: `make test`.\n- Checks: `make check` runs the formatters and linters.\n"
              "- Tools: `gofmt` and `goimports` format the code.\n")  # fmt: skip
    makefile = "check:\n\t@./hack/check.sh ${scope}\n\ntest:\n\t@go test ./... -race\n"
    files = {"go.mod": "module github.com/air-verse/air\n\ngo 1.25\n", "Makefile": makefile, "AGENTS.md": agents,
             "main.go": "package main\n\nfunc main() {}\n", "hack/check.sh": "golangci-lint run\n"}  # fmt: skip
    learned = bodies(make_project, files, name="air")
    assert learned["workflow/test"].startswith("To test: `make test`")
    assert "`gofmt`" not in learned.get("workflow/lint", "") and "`goimports`" not in learned.get("workflow/format", "")
