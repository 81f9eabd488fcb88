"""Causes found in the forty-sixth round by reading the judged faults and misses of sets 161–164: pytest run only
by CI, a toolchain CI's setup step names, cargo-deny, a Kotlin library's API check, automake's one-test run, an
agent file beside a build kept in a folder, bracketed tags with a colon, ruff's exit-on-fix flag, and comments in a
manifest that are asides."""

from __future__ import annotations

from picasso_tui.profile.investigator import investigate
from tests.profile.learned import bodies, commit_conventions


def test_pytest_that_only_ci_installs_and_runs_gives_the_one_test_command(make_project):
    workflow = ("on: [push, pull_request]\njobs:\n  build:\n    runs-on: ubuntu-latest\n    steps:\n"
                "      - uses: actions/checkout@v4\n      - run: pip install pytest pytest-cov\n"
                "      - run: pytest --cov=bpython -v\n")  # fmt: skip
    files = {
        "setup.py": "from setuptools import setup\nsetup(name='bpython')\n",
        "bpython/__init__.py": "",
        "bpython/test/test_args.py": "class TestExecArgs:\n    def test_exec_dunder_file(self):\n        pass\n",
        ".github/workflows/build.yaml": workflow,
    }
    one = bodies(make_project, files, name="bpython")["workflow/test-one"]
    assert one.startswith("To run one test: `pytest bpython/test/test_args.py::TestExecArgs::test_exec_dunder_file`")
    assert "from pytest in CI (.github/workflows/build.yaml)" in one


UREQ_CI = """on: [push, pull_request]
jobs:
  lint:
    runs-on: ubuntu-latest
    steps:
    - uses: actions/checkout@v4
    - name: Install Rust
      id: toolchain
      uses: dtolnay/rust-toolchain@stable
      with:
        components: rustfmt, clippy
    - run: cargo +${{steps.toolchain.outputs.name}} clippy --all-features
  cargo-deny:
    runs-on: ubuntu-latest
    steps:
    - uses: actions/checkout@v4
    - uses: EmbarkStudios/cargo-deny-action@v2
      with:
        command: check
"""


def test_a_toolchain_ci_names_by_its_setup_step_and_cargo_deny_are_the_lint(make_project):
    files = {
        "Cargo.toml": '[package]\nname = "ureq"\nversion = "3.0.0"\n',
        "src/lib.rs": "pub fn get() {}\n",
        "deny.toml": '[licenses]\nallow = ["MIT"]\n',
        ".github/workflows/test.yml": UREQ_CI,
    }
    lint = bodies(make_project, files, name="ureq")["workflow/lint"]
    assert lint.startswith("To lint: `cargo clippy --all-features` — from CI")
    assert "`cargo deny check` (CI (.github/workflows/test.yml job `cargo-deny`))" in lint


def test_cargo_deny_from_its_config_alone(make_project):
    files = {"Cargo.toml": '[package]\nname = "ureq"\n', "src/lib.rs": "pub fn get() {}\n", "deny.toml": "[bans]\n"}
    assert "`cargo deny check`" in bodies(make_project, files, name="ureq")["workflow/lint"]


def _kotlin_library(kotlin: str) -> dict[str, str]:
    module = ("import org.jetbrains.kotlin.gradle.dsl.abi.ExperimentalAbiValidation\n\nkotlin {\n"
              "    @OptIn(ExperimentalAbiValidation::class)\n    abiValidation {\n        enabled.set(true)\n    }\n}\n")  # fmt: skip
    return {
        "settings.gradle.kts": 'include("core")\n',
        "build.gradle.kts": "plugins { alias(libs.plugins.kotlin.multiplatform) apply false }\n",
        "gradle/libs.versions.toml": f'[versions]\nkotlin = "{kotlin}"\n',
        "gradlew": "#!/bin/sh\n",
        "core/build.gradle.kts": module,
        "core/src/commonMain/kotlin/Xml.kt": "package x\n",
        "core/api/core.api": "public final class x/Xml {\n}\n",
    }


def test_a_kotlin_librarys_abi_validation_is_a_check(make_project):
    lint = bodies(make_project, _kotlin_library("2.4.10"), name="xmlutil")["workflow/lint"]
    assert lint.startswith("To lint: `./gradlew checkKotlinAbi` (the public API against the dumps in api/; "
                           "`./gradlew updateKotlinAbi` writes them anew)")  # fmt: skip


def test_kotlin_2_2_names_its_abi_tasks_legacy(make_project):
    lint = bodies(make_project, _kotlin_library("2.2.0"), name="xmlutil")["workflow/lint"]
    assert lint.startswith("To lint: `./gradlew checkLegacyAbi`")


def test_automakes_harness_runs_one_listed_test(make_project):
    tests = "TEST_EXTENSIONS = .dic\nDIC_LOG_COMPILER = $(top_srcdir)/tests/test.sh\n\nTESTS =\t\\\naffixes.dic \\\nbase.dic\n"
    files = {
        "configure.ac": "AC_INIT([hunspell], [1.7.2])\nAM_INIT_AUTOMAKE\n",
        "Makefile.am": "SUBDIRS = src tests\n",
        "src/hunspell.cxx": "int main() { return 0; }\n",
        "src/Makefile.am": "bin_PROGRAMS = hunspell\n",
        "tests/Makefile.am": tests,
        "tests/affixes.dic": "1\nx\n",
        "tests/test.sh": "#!/bin/sh\n",
    }
    one = bodies(make_project, files, name="hunspell")["workflow/test-one"]
    # tests/ alone is built by `make -C tests`: the program its tests run comes from a full make first
    assert one.startswith("To run one test: `make -C tests check TESTS=affixes.dic` (after `autoreconf -i && "
                          "./configure && make`) — from tests/Makefile.am.")  # fmt: skip


KOIN_GUIDE = """# Koin: agent guide

## Build & test

- Run the core tests: `./gradlew :core:koin-core:jvmTest`
- Never run a bare `./gradlew test`: it skips the multiplatform modules' tests.

## PR guards

- Check the public API before a pull request: `./gradlew apiCheck`.
"""


def test_the_agent_file_beside_a_build_kept_in_a_folder_is_read(make_project):
    files = {
        "README.md": "# Koin\n",
        "projects/settings.gradle.kts": 'include(":core:koin-core")\n',
        "projects/build.gradle.kts": "plugins { }\n",
        "projects/gradlew": "#!/bin/sh\n",
        "projects/CLAUDE.md": KOIN_GUIDE,
        "projects/core/koin-core/build.gradle.kts": "plugins { }\n",
        "projects/core/koin-core/src/commonMain/kotlin/Koin.kt": "package k\n",
    }
    learned = bodies(make_project, files, name="koin")
    assert learned["workflow/test"].startswith("To test: `cd projects && ./gradlew :core:koin-core:jvmTest` — from "
                                               "projects/CLAUDE.md.")  # fmt: skip
    assert learned["workflow/lint"].startswith("To lint: `cd projects && ./gradlew apiCheck`")
    assert "rules/projects/CLAUDE.md" in learned


def test_a_bracketed_tag_followed_by_a_colon_leads(make_project):
    subjects = [f"[{kind}]: change number {i}" for i, kind in enumerate(["feat", "fix", "build", "fix"] * 4)]
    conventions = commit_conventions(make_project, "cgreen", subjects)
    assert "a bracketed tag leads (94% of the last 17; most often [fix]:, [build]:, [feat]:)" in conventions
    assert "free-form" not in conventions


def test_ruffs_exit_on_fix_flag_makes_no_formatter(make_project):
    workflow = ("on: [push]\njobs:\n  lint:\n    runs-on: ubuntu-latest\n    steps:\n      - uses: actions/checkout@v4\n"
                "      - run: ruff check --output-format=full --exit-non-zero-on-fix\n")  # fmt: skip
    files = {"pyproject.toml": '[project]\nname = "psr"\n\n[tool.ruff]\nline-length = 88\n', "psr/__init__.py": "",
             ".github/workflows/validate.yml": workflow}  # fmt: skip
    learned = bodies(make_project, files, name="psr")
    assert "--exit-non-zero-on-fix" in learned["workflow/lint"]
    assert "--exit-non-zero-on-fix" not in learned.get("workflow/format", "")


def test_comments_on_an_ignored_lint_code_and_a_platform_gem_are_no_policy(make_project):
    pyproject = ('[project]\nname = "psr"\n\n[tool.ruff.lint.per-file-ignores]\n"tests/*" = [\n'
                 '    # possible hard-coded password assigned to argument because we use "prerelease_token=..." and\n'
                 "    # bandit panics when it sees *_token variables\n"
                 '    "S105",\n]\n')  # fmt: skip
    gemfile = ("source 'https://rubygems.org'\n\n# BSD systems require rb-kqueue for \"listen\" to avoid polling for "
               "changes.\ngem 'rb-kqueue', '>= 0.2.8', require: /bsd|dragonfly/i === RbConfig::CONFIG['target_os']\n")  # fmt: skip
    python = bodies(make_project, {"pyproject.toml": pyproject, "psr/__init__.py": ""}, name="psr")
    ruby = bodies(make_project, {"Gemfile": gemfile, "app/models/agent.rb": "class Agent; end\n"}, name="huginn")
    assert not [k for k in [*python, *ruby] if k.startswith("decision/manifest/")]


def test_go_test_files_behind_build_tags_are_said_and_a_partial_run_is_no_alternative(make_project):
    tagged = '//go:build all || integration\n\npackage gocqlx\n\nimport "testing"\n\nfunc TestQ(t *testing.T) {}\n'
    files = {
        "go.mod": "module github.com/scylladb/gocqlx/v3\n\ngo 1.25\n",
        "gocqlx.go": "package gocqlx\n",
        "queryx_test.go": 'package gocqlx\n\nimport "testing"\n\nfunc TestCompileQuery(t *testing.T) {}\n',
        **{f"it{i}_test.go": tagged for i in range(3)},
    }
    alone = bodies(make_project, files, name="gocqlx")["workflow/test"]
    assert "it skips the 3 test files behind build tags (`all`, `integration`): add `-tags <tag>`" in alone
    makefile = "test:\n\tgo test -tags all ./...\n\ncheck: .require-golangci-lint\n\tgolangci-lint run ./...\n"
    learned = bodies(make_project, {**files, "Makefile": makefile}, name="gocqlx2")
    assert learned["workflow/test"] == "To test: `make test` — from Makefile target `test`."
    assert learned["workflow/lint"].startswith("To lint: `make check` — from Makefile target `check`.")


def test_vendored_go_modules_need_no_download_and_format_with_go_fmt(make_project):
    files = {
        "go.mod": "module github.com/boyter/scc/v3\n\ngo 1.26\n\nrequire github.com/spf13/cobra v1.8.0\n",
        "main.go": 'package main\n\nimport "github.com/spf13/cobra"\n\nfunc main() { _ = cobra.Command{} }\n',
        "processor/p.go": "package processor\n",
        "cmd/badges/main.go": "package main\n\nfunc main() {}\n",
    }
    repo = make_project(files, name="scc")
    (repo.root / "vendor").mkdir()
    (repo.root / "vendor" / "modules.txt").write_text("# github.com/spf13/cobra v1.8.0\n", encoding="utf-8")
    _, findings, _ = investigate(repo.root)
    learned = {f.key: f.body for f in findings}
    assert "workflow/install" not in learned
    assert learned["workflow/format"].startswith("To format: `go fmt ./...`")
    assert learned["workflow/run"].startswith("To run: `go run . --help`")


def test_a_docker_compose_command_with_no_compose_file_is_dropped(make_project):
    guide = ("# Contributing\n\n## Setup\n\n```bash\ndocker compose run --rm php composer install\n```\n\n"
             "Or without Docker:\n\n```bash\ncomposer install\n```\n")  # fmt: skip
    files = {"CONTRIBUTING.md": guide, "composer.json": '{"name": "rector/rector-src"}', "src/A.php": "<?php\n"}
    install = bodies(make_project, files, name="rector-src")["workflow/install"]
    assert "docker compose" not in install and "`composer install`" in install


BPYTHON_GUIDE = """Contributing
============

Next install your development copy of bpython and its dependencies:

.. code-block:: bash

    $ cd bpython
    # install bpython and required dependencies
    $ pip install -e .

.. note::

    Many requirements are also available from your distribution's package
    manager. On Debian/Ubuntu based systems, the following packages can be
    used:

    .. code-block:: bash

        $ sudo apt install python3-greenlet python3-pygments python3-requests

To run tests from the bpython directory:

.. code-block:: bash

    $ pytest
"""


def test_rst_code_blocks_are_read_and_a_notes_prose_is_not_a_command(make_project):
    files = {
        "setup.py": "from setuptools import setup\nsetup(name='bpython')\n",
        "bpython/__init__.py": "",
        "bpython/test/test_args.py": "def test_args():\n    pass\n",
        "doc/sphinx/source/contributing.rst": BPYTHON_GUIDE,
    }
    learned = bodies(make_project, files, name="bpython")
    assert learned["workflow/install"].startswith("To install: `pip install -e .` — from doc/sphinx/source/")
    assert "`sudo apt install python3-greenlet python3-pygments python3-requests`" in learned["workflow/install"]
    assert learned["workflow/test"].startswith("To test: `pytest` — from doc/sphinx/source/contributing.rst")
    assert "Many requirements" not in "".join(learned.values())


def test_django_settings_only_tox_sets_go_with_pytest(make_project):
    tox = ("[tox]\nenvlist = py312-django5.2\n\n[testenv]\nsetenv =\n\tDJANGO_SETTINGS_MODULE = tests.settings\n"
           "commands = pytest --cov=storages {posargs}\ndeps =\n\tpytest\n\n[pytest]\ntestpaths = tests/\n")  # fmt: skip
    files = {
        "pyproject.toml": '[project]\nname = "django-storages"\ndependencies = ["Django>=4.2"]\n\n'
        '[project.optional-dependencies]\ntest = ["pytest"]\n',
        "storages/__init__.py": "",
        "tests/settings.py": "SECRET_KEY = 'x'\n",
        "tests/test_s3.py": "class S3Test:\n    def test_save(self):\n        pass\n",
        "tox.ini": tox,
    }
    one = bodies(make_project, files, name="django-storages")["workflow/test-one"]
    assert one.startswith("To run one test: `DJANGO_SETTINGS_MODULE=tests.settings pytest tests/test_s3.py::")


def test_a_folder_named_phpstan_in_a_test_command_makes_no_type_check(make_project):
    composer = ('{"name": "rector/rector-src", "require": {"phpstan/phpstan": "^2"}, "scripts": '
                '{"test": "vendor/bin/phpunit tests utils/phpstan/tests", "phpstan": "vendor/bin/phpstan analyse"}}')  # fmt: skip
    files = {"composer.json": composer, "src/A.php": "<?php\n", "utils/phpstan/tests/ATest.php": "<?php\n",
             "phpstan.neon": "parameters:\n    paths: [src]\n"}  # fmt: skip
    typecheck = bodies(make_project, files, name="rector-src")["workflow/typecheck"]
    assert "composer test" not in typecheck and "`composer phpstan`" in typecheck


def test_file_and_build_folder_names_in_a_guide_are_no_commands(make_project):
    guide = ("# cgreen\n\n## Testing\n\nTests compile into shared libraries (e.g. `build/tests/libmocks_tests.so`). "
             "The runner is `tools/cgreen-runner.c`; put `build/src` on `PATH`.\n\n```sh\nmake test\n"
             "make valgrind\n```\n")  # fmt: skip
    files = {"CLAUDE.md": guide, "CMakeLists.txt": "project(cgreen C)\n", "Makefile": "test:\n\tctest\n\n"
             "valgrind:\n\tctest -T memcheck\n", "src/cgreen.c": "int x;\n", "tools/cgreen-runner.c": "int main;\n"}  # fmt: skip
    test = bodies(make_project, files, name="cgreen")["workflow/test"]
    assert "libmocks" not in test and "cgreen-runner.c" not in test and "`build/src`" not in test
    assert "`make valgrind`" in test


def test_a_test_applications_java_release_is_not_the_librarys(make_project):
    pom = ("<project><modelVersion>4.0.0</modelVersion><artifactId>parent</artifactId><modules>"
           "<module>inject</module><module>blackbox-aspect</module></modules></project>")  # fmt: skip
    files = {
        "pom.xml": pom,
        "inject/pom.xml": "<project><artifactId>avaje-inject</artifactId></project>",
        "inject/src/main/java/io/avaje/inject/BeanScope.java": "class BeanScope {}\n",
        "blackbox-aspect/pom.xml": "<project><artifactId>blackbox-aspect</artifactId><properties>"
        "<maven.compiler.release>17</maven.compiler.release></properties></project>",
        "blackbox-aspect/src/main/java/org/example/A.java": "class A {}\n",
    }
    assert "Java 17" not in bodies(make_project, files, name="avaje-inject")["jvm/packaging"]


def test_a_newest_release_laid_out_but_empty_is_the_upcoming_one(make_project):
    changelog = ("Changelog\n=========\n\n0.27\n----\n\nGeneral information:\n\n\nNew features:\n\n\nFixes:\n\n\n"
                 "0.26\n----\n\nGeneral information:\n\n* This release is focused on Python 3.14 support.\n")  # fmt: skip
    files = {"setup.py": "from setuptools import setup\nsetup(name='bpython')\n", "bpython/__init__.py": "",
             "CHANGELOG.rst": changelog}  # fmt: skip
    rule = bodies(make_project, files, name="bpython")["rules/changelog"]
    assert "changes go under the upcoming release's heading (0.27)" in rule and "the latest: 0.27" not in rule


def test_an_overlined_heading_ends_the_section_before_and_a_pointer_is_no_note(make_project):
    readme = ("bpython\n=======\n\nA fancy interface to the Python interpreter.\n\nKnown Bugs\n==========\n"
              "For known bugs please see bpython's `known issues and FAQ`_ page.\n\n======================\n"
              "Contact & Contributing\n======================\nI hope you find it useful.\n\n"
              "Design\n======\nThe curses frontend was removed because urwid covers every terminal we support.\n")  # fmt: skip
    files = {"setup.py": "from setuptools import setup\nsetup(name='bpython')\n", "bpython/__init__.py": "",
             "README.rst": readme}  # fmt: skip
    learned = bodies(make_project, files, name="bpython")
    assert "readme/known-bugs" not in learned
    assert "=====" not in "".join(learned.values())


def test_a_composer_script_running_several_suites_takes_no_filter(make_project):
    composer = ('{"name": "gacela-project/gacela", "require-dev": {"phpunit/phpunit": "^12"}, "scripts": '
                '{"phpunit": ["@test-unit", "@test-feature"], "test-unit": "phpunit --testsuite=unit", '
                '"test-feature": "phpunit --testsuite=feature"}}')  # fmt: skip
    files = {"composer.json": composer, "phpunit.xml": "<phpunit><testsuites><testsuite name='unit'>"
             "<directory>tests/Unit</directory></testsuite></testsuites></phpunit>", "src/Gacela.php": "<?php\n",
             "tests/Unit/GacelaTest.php": "<?php\nclass GacelaTest extends TestCase {}\n"}  # fmt: skip
    one = bodies(make_project, files, name="gacela")["workflow/test-one"]
    assert "composer phpunit --" not in one and "vendor/bin/phpunit --filter" in one


def test_a_program_named_near_the_word_documentation_builds_no_docs(make_project):
    agents = ("# Repository Guidelines\n\nPublic CLI tooling sits in `bin/` (notably `bin/gacela`), and "
              "documentation assets in `docs/`.\n")  # fmt: skip
    files = {"AGENTS.md": agents, "composer.json": '{"name": "gacela-project/gacela", "bin": ["bin/gacela"]}',
             "bin/gacela": "#!/usr/bin/env php\n<?php\n", "src/Gacela.php": "<?php\n", "docs/index.md": "# Docs\n"}  # fmt: skip
    assert "bin/gacela" not in bodies(make_project, files, name="gacela").get("workflow/docs", "")


def test_a_missing_colon_script_and_a_package_link_are_dropped(make_project):
    package = ('{"name": "react-datepicker", "scripts": {"build": "rollup -c", "build:src": "rollup -c", '
               '"test": "jest"}, "devDependencies": {"jest": "^29", "rollup": "^4"}}')  # fmt: skip
    guide = ("# Contributing\n\n## Building\n\n```sh\nyarn build\nyarn build:js\n```\n\n## Documentation\n\n"
             "To preview the docs site, link the package first:\n\n```sh\ncd docs-site && yarn link react-datepicker\n```\n")  # fmt: skip
    files = {"package.json": package, "CONTRIBUTING.md": guide, "src/index.tsx": "export {};\n",
             "docs-site/package.json": '{"name": "docs-site"}'}  # fmt: skip
    learned = bodies(make_project, files, name="react-datepicker")
    assert "build:js" not in learned["workflow/build"]
    assert "yarn link" not in learned.get("workflow/docs", "")


def test_a_node_shim_in_a_test_folder_makes_no_javascript_project(make_project):
    files = {
        "go.mod": "module github.com/pion/webrtc/v4\n\ngo 1.24\n",
        "peerconnection.go": "package webrtc\n",
        "peerconnection_test.go": "package webrtc\n",
        "package.json": '{"name": "webrtc", "private": true, "devDependencies": {"@roamhq/wrtc": "^0.10.0"}, '
        '"dependencies": {"request": "2.88.2"}}',
        "test-wasm/node_shim.js": "global.RTCPeerConnection = require('@roamhq/wrtc').RTCPeerConnection;\n",
    }
    learned = bodies(make_project, files, name="webrtc")
    assert "javascript/packaging" not in learned and "yarn" not in learned.get("workflow/install", "")


def test_a_root_test_file_is_a_test_not_the_main_source(make_project):
    files = {"package.json": '{"name": "react-markdown", "type": "module", "main": "index.js"}',
             "index.js": "export {default} from './lib/index.js'\n", "lib/index.js": "export default 1\n",
             "test.jsx": "import test from 'node:test'\n" * 40}  # fmt: skip
    learned = bodies(make_project, files, name="react-markdown")
    assert "test.jsx" not in learned["layout/source"]
    assert "named test.jsx" in learned["layout/tests"]


def test_an_optional_database_crate_is_said_to_be_optional(make_project):
    cargo = ('[package]\nname = "rustyline"\n\n[dependencies]\nlog = "0.4"\n'
             'rusqlite = { version = "0.32", optional = true }\n\n[features]\nwith-sqlite-history = ["rusqlite"]\n')  # fmt: skip
    files = {"Cargo.toml": cargo, "src/lib.rs": "pub fn readline() {}\n"}
    assert "Database / ORM: rusqlite (optional)" in bodies(make_project, files, name="rustyline")["rust/stack"]


def test_go_one_test_from_the_package_with_tests_when_the_roots_are_fuzz_only(make_project):
    files = {
        "go.mod": "module github.com/klauspost/compress\n\ngo 1.23\n",
        "compressible.go": "package compress\n",
        "compressible_test.go": 'package compress\n\nimport "testing"\n\nfunc BenchmarkEstimate(b *testing.B) {}\n',
        "zstd/decoder.go": "package zstd\n",
        **{f"zstd/d{i}_test.go": f'package zstd\n\nimport "testing"\n\nfunc TestDecoder{i}(t *testing.T) {{}}\n'
           for i in range(4)},
    }  # fmt: skip
    one = bodies(make_project, files, name="compress")["workflow/test-one"]
    assert one.startswith("To run one test: `go test ./zstd/ -run TestDecoder")


def test_a_crates_unit_tests_deep_in_a_large_src_are_found(make_project):
    files = {
        "Cargo.toml": '[package]\nname = "joshuto"\n',
        "src/main.rs": "fn main() {}\n",
        **{f"src/a{i:03}.rs": "pub fn f() {}\n" for i in range(120)},
        "src/ui/style.rs": "#[cfg(test)]\nmod tests {\n    #[test]\n    fn border_style_defaults() {}\n}\n",
    }
    one = bodies(make_project, files, name="joshuto")["workflow/test-one"]
    assert one.startswith("To run one test: `cargo test border_style_defaults`")
