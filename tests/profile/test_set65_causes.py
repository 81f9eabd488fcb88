"""Causes found on set 65's run (issue 17, thirty-ninth round): Makefile targets that call tox with no tox
configuration, Python lines of a `define` block read as targets, a package's empty [workspace], a benchmark file
commented out, example folders that are crates of their own, ruff in a dependency group `uv run` leaves out, a
GNUmakefile that runs golangci-lint, a Gradle project moved to another folder, and a guide's spec runs."""

from __future__ import annotations

from tests.profile.learned import bodies

COOKIECUTTER_MAKEFILE = """\
define BROWSER_PYSCRIPT
import os, webbrowser, sys
try:
\tfrom urllib import pathname2url
except:
\tfrom urllib.request import pathname2url
endef

lint: ## Check code style
\t@tox -e lint

docs: ## Generate Sphinx HTML documentation
\t@tox -e docs

clean-build: ## Remove build artifacts
\t@rm -fr build/
"""
COOKIECUTTER_PYPROJECT = """\
[project]
name = "cookiecutter"
dependencies = ["click"]

[dependency-groups]
dev = ["uv", { include-group = "test" }]
test = ["pytest"]
lint = ["ruff"]

[tool.ruff]
line-length = 88

[tool.ruff.format]
quote-style = "preserve"
"""


def test_tox_targets_with_no_tox_a_define_block_and_ruff_in_a_group(make_project):
    files = {"Makefile": COOKIECUTTER_MAKEFILE, "pyproject.toml": COOKIECUTTER_PYPROJECT, "uv.lock": "version = 1\n",
             "cookiecutter/__init__.py": "", "cookiecutter/main.py": "def main():\n    pass\n",
             "tests/test_main.py": "def test_a():\n    pass\n"}  # fmt: skip
    learned = bodies(make_project, files, name="cookiecutter")
    everything = "\n".join(learned.values())
    assert "make lint" not in everything and "make docs" not in everything
    assert "make try" not in everything and "make except" not in everything
    assert learned["workflow/format"].startswith("To format: `uv run --group lint ruff format .`")


DENY_MANIFEST = """\
[package]
name = "cargo-deny"
version = "0.18.0"
edition = "2024"

[[bin]]
name = "cargo-deny"
path = "src/cargo-deny/main.rs"

[workspace]
"""


def test_an_empty_workspace_a_commented_bench_and_crate_examples(make_project):
    files = {"Cargo.toml": DENY_MANIFEST, "src/lib.rs": "pub fn a() {}\n", "src/cargo-deny/main.rs": "fn main() {}\n",
             "tests/bans.rs": "#[test]\nfn a() {}\n", "benches/license_data.rs": "// use divan;\n// fn main() {}\n",
             "examples/01_allow_license/Cargo.toml": '[package]\nname = "allow"\n\n[workspace]\n',
             "examples/01_allow_license/main.rs": "fn main() {}\n",
             "examples/02_deny_license/Cargo.toml": '[package]\nname = "deny"\n\n[workspace]\n',
             "examples/02_deny_license/main.rs": "fn main() {}\n"}  # fmt: skip
    learned = bodies(make_project, files, name="cargo-deny")
    everything = "\n".join(learned.values())
    assert "--workspace" not in everything
    assert "Cargo workspace of" not in learned["rust/packaging"] and "crate `cargo-deny`" in learned["rust/packaging"]
    assert "rust/benchmarks" not in learned and "rust/examples" not in learned


def test_a_gnumakefile_that_runs_golangci_lint(make_project):
    files = {"go.mod": "module github.com/direnv/direnv\n\ngo 1.24\n", "main.go": "package main\n\nfunc main() {}\n",
             "GNUmakefile": "test-go-lint:\n\tgolangci-lint run\n", ".golangci.yml": "linters:\n  enable:\n    - revive\n"}  # fmt: skip
    assert "nothing in the repository runs" not in bodies(make_project, files, name="direnv")["style/go"]


SIGNAL_SETTINGS = (
    'rootProject.name = "signal-cli"\n\ninclude("libsignal-cli")\nproject(":libsignal-cli").projectDir = file("lib")\n'
)


def test_a_gradle_project_in_a_folder_of_another_name_and_the_root_projects_tests(make_project):
    test = "package a;\n\nimport org.junit.jupiter.api.Test;\n\nclass {name} {{\n    @Test\n    void a() {{}}\n}}\n"
    files = {"settings.gradle.kts": SIGNAL_SETTINGS, "build.gradle.kts": "plugins {\n    java\n}\n", "gradlew": "#\n",
             "lib/build.gradle.kts": "plugins {\n    `java-library`\n}\n",
             "lib/src/main/java/a/Manager.java": "package a;\n\npublic class Manager {}\n" * 30,
             "lib/src/test/java/a/ManagerTest.java": test.format(name="ManagerTest"),
             "src/main/java/a/App.java": "package a;\n\npublic class App {}\n",
             **{f"src/test/java/a/Cmd{i}Test.java": test.format(name=f"Cmd{i}Test") for i in range(3)}}  # fmt: skip
    learned = bodies(make_project, files, name="signal-cli")
    assert "not in settings.gradle" not in learned.get("layout/folders", "")
    assert "lib/src/test/" in learned["layout/tests"]
    assert learned["workflow/test-one"].startswith("To run one test: `./gradlew :test --tests Cmd0Test`")


RANSACK_GUIDE = """\
# Contributing

4. Begin by running the tests. We only take pull requests with passing tests:

   ```sh
   bundle exec rake spec
   ```

   To run the test suite with PostgreSQL, use:

   ```sh
   DB=pg bundle exec rake spec
   ```

   To build with Homebrew's OpenSSL:

   ```sh
   NO_GETTEXT=1 make CFLAGS="-I/usr/local/opt/openssl/include"
   ```

5. To run only the tests in a particular file:

   ```sh
   bundle exec rspec spec/ransack/search_spec.rb
   ```
"""


def test_a_guides_spec_file_run_is_one_test_and_its_spec_task_the_suite(make_project):
    files = {"Gemfile": 'source "https://rubygems.org"\ngemspec\n', "CONTRIBUTING.md": RANSACK_GUIDE,
             "ransack.gemspec": 'Gem::Specification.new do |s|\n  s.name = "ransack"\n  s.add_development_dependency "rspec"\nend\n',
             "Rakefile": "require 'rspec/core/rake_task'\nRSpec::Core::RakeTask.new(:spec)\n",
             "lib/ransack.rb": "module Ransack\nend\n", "Makefile": "all:\n\tcc -o a a.c\n",
             "spec/ransack/search_spec.rb": "describe 'Search' do\n  it 'a' do\n  end\nend\n"}  # fmt: skip
    learned = bodies(make_project, files, name="ransack")
    assert learned["workflow/test"].startswith("To test: `bundle exec rake spec` — from CONTRIBUTING.md")
    assert "`DB=pg bundle exec rake spec`" in learned["workflow/test"]
    assert "search_spec.rb" not in learned["workflow/test"]
    assert "/usr/local/opt" not in "\n".join(learned.values())
    assert "`bundle exec rspec spec/ransack/search_spec.rb`" in learned["workflow/test-one"]


CMARK_CI = """\
on: [push, pull_request]
jobs:
  windows:
    runs-on: windows-latest
    steps:
      - uses: actions/checkout@v4
      - name: Build and test
        run: |
          cmake ^
              -DCMAKE_BUILD_TYPE=Debug ^
              -S . -B build
          cmake --build build
        shell: cmd
"""


def test_a_cmd_step_a_uv_package_a_root_main_and_prettier_overrides(make_project):
    files = {".github/workflows/ci.yml": CMARK_CI, "CMakeLists.txt": "project(cmark C)\n", "src/cmark.c": "int a;\n"}
    assert "cmake ^" not in bodies(make_project, files, name="cmark").get("ci", "")
    pyproject = '[project]\nname = "cookiecutter"\n\n[project.scripts]\ncookiecutter = "cookiecutter.__main__:main"\n'
    files = {"pyproject.toml": pyproject + "\n[tool.uv]\npackage = true\n", "uv.lock": "version = 1\n",
             "__main__.py": "import runpy\n", "cookiecutter/__init__.py": "",
             "cookiecutter/__main__.py": "def main():\n    pass\n"}  # fmt: skip
    learned = bodies(make_project, files, name="cookiecutter")
    assert "not packaged" not in learned["python/stack"]
    assert (
        "`python .` (__main__.py)" in learned["python/entry-points"]
        and "-m __main__" not in learned["python/entry-points"]
    )
    prettier = "export default {\n  singleQuote: true,\n  trailingComma: 'es5',\n  overrides: [\n    {\n      files: '*.json5',\n      options: { singleQuote: false, trailingComma: 'none' },\n    },\n  ],\n};\n"
    files = {"package.json": '{"name": "faker", "devDependencies": {"prettier": "^3"}}', ".prettierrc.js": prettier,
             "src/index.js": "export const a = 1;\n"}  # fmt: skip
    assert (
        "prettier (singleQuote true, trailingComma es5)"
        in bodies(make_project, files, name="faker")["style/javascript"]
    )


def test_a_ruleset_with_no_files_names_the_folders(make_project):
    composer = '{"name": "dompdf/dompdf", "require-dev": {"squizlabs/php_codesniffer": "^3"}}'
    files = {"composer.json": composer, "phpcs.xml": '<ruleset name="PHP-SDK"><rule ref="PSR2"/></ruleset>\n',
             "src/Dompdf.php": "<?php\n", "lib/Cpdf.php": "<?php\n", "tests/DompdfTest.php": "<?php\n"}  # fmt: skip
    learned = bodies(make_project, files, name="dompdf")
    assert learned["workflow/format"].startswith("To format: `vendor/bin/phpcbf src lib tests` —")
