"""Causes found in the sixty-fourth round."""

from __future__ import annotations

import json

from tests.profile.learned import bodies, workflow

JAVA = {f"src/core/lombok/H{i}.java": f"package lombok;\nclass H{i} {{}}\n" for i in range(8)}


def test_an_ant_build_gives_the_targets_its_imported_files_describe(make_project):
    # lombok: build.xml imports buildScripts/*.ant.xml, where `test` and `deps` live; `-setup.build` is private
    files = JAVA | {
        "build.xml": '<project name="lombok" default="all">\n'
        '  <target name="all" depends="dist" />\n'
        '  <import file="buildScripts/tests.ant.xml" />\n'
        '  <target name="-setup.build" />\n'
        '  <target name="deps" description="Downloads all dependencies" />\n'
        '  <target name="compile" depends="deps, -setup.build" description="Compiles the code" />\n'
        '  <target name="dist" depends="compile" description="Builds lombok.jar" />\n'
        "</project>\n",
        "buildScripts/tests.ant.xml": '<project name="tests">\n'
        '  <target name="test.compile" />\n'
        '  <target name="test" depends="test.compile" description="runs the tests" />\n'
        "</project>\n",
    }
    learned = bodies(make_project, files, name="lombok")
    assert learned["workflow/test"].startswith("To test: `ant test`"), learned["workflow/test"]
    assert learned["workflow/build"].startswith("To build: `ant dist`"), learned["workflow/build"]
    assert "`ant test.compile`" not in learned["tasks/ant"], "undescribed targets are helpers when others have one"
    assert "`ant all`" in learned["tasks/ant"], "the project's default target is a main one, described or not"
    assert "-setup.build" not in learned["tasks/ant"], learned["tasks/ant"]


def test_a_build_xml_beside_a_maven_build_gives_no_ant_commands(make_project):
    # a leftover build.xml next to pom.xml: Maven builds the project, `ant test` would run an old script
    files = JAVA | {
        "pom.xml": "<project><modelVersion>4.0.0</modelVersion><artifactId>a</artifactId></project>\n",
        "build.xml": '<project name="a"><target name="test" description="old tests" /></project>\n',
    }
    learned = bodies(make_project, files, name="both")
    assert "tasks/ant" not in learned, learned["tasks/ant"]
    assert "ant test" not in learned.get("workflow/test", ""), learned.get("workflow/test")


PHP_APP = {f"core/c{i}.class.inc.php": f"<?php\nclass C{i} {{}}\n" for i in range(8)}


def test_a_php_suite_with_its_own_composer_project_runs_from_its_folder(make_project):
    # iTop: tests/php-unit-tests/composer.json brings PHPUnit, the root one does not
    tests = {"require-dev": {"phpunit/phpunit": "^9"}}
    files = PHP_APP | {
        "composer.json": json.dumps({"require": {"php": ">=8.1"}}),
        "tests/php-unit-tests/composer.json": json.dumps(tests),
        "tests/php-unit-tests/phpunit.xml.dist": "<phpunit><testsuites><testsuite name='Core'>"
        "<directory>unitary-tests</directory></testsuite></testsuites></phpunit>\n",
        "tests/php-unit-tests/unitary-tests/core/MetaModelTest.php": "<?php\nclass MetaModelTest {}\n",
    }
    learned = bodies(make_project, files, name="itop")
    assert learned["workflow/test"].startswith("To test: `cd tests/php-unit-tests && vendor/bin/phpunit`"), learned[
        "workflow/test"
    ]
    assert "cd tests/php-unit-tests && vendor/bin/phpunit --filter" in learned["workflow/test-one"]
    assert "`cd tests/php-unit-tests && composer install`" in learned["workflow/install"], learned["workflow/install"]


def test_committed_composer_dependencies_need_no_install(make_project):
    # iTop's vendor-dir is lib/, committed with its autoload.php: the checkout runs as it is
    files = PHP_APP | {
        "composer.json": json.dumps({"require": {"php": ">=8.1"}, "config": {"vendor-dir": "lib"}}),
        "lib/autoload.php": "<?php\nreturn 1;\n",
        "lib/composer/ClassLoader.php": "<?php\nclass ClassLoader {}\n",
    }
    learned = bodies(make_project, files, name="committed")
    assert "`composer install`" not in learned.get("workflow/install", ""), learned.get("workflow/install")
    assert "committed in lib/" in learned["php/committed-dependencies"], learned["php/committed-dependencies"]


def test_a_test_file_that_requires_minitest_gives_one_test_without_a_minitest_gem(make_project):
    # paranoia: the gemspec names activerecord only, test/paranoia_test.rb requires minitest/autorun itself
    files = {
        "paranoia.gemspec": "Gem::Specification.new do |s|\n  s.name = 'paranoia'\n"
        "  s.add_dependency 'activerecord', '>= 5.1'\nend\n",
        "Gemfile": "source 'https://rubygems.org'\ngemspec\n",
        "Rakefile": "require 'bundler'\nBundler::GemHelper.install_tasks\n\ntask :test do\n"
        "  Dir['test/*_test.rb'].each { |f| load f }\nend\n\ntask :default => :test\n",
        "lib/paranoia.rb": "module Paranoia; end\n",
        "test/paranoia_test.rb": "require 'bundler/setup'\nrequire 'minitest/autorun'\nrequire 'paranoia'\n\n"
        "class ParanoiaTest < Minitest::Test\n  def test_destroy\n  end\nend\n",
    }
    learned = bodies(make_project, files, name="paranoia")
    assert learned["workflow/test-one"].startswith("To run one test: `bundle exec ruby -Itest test/paranoia_test.rb`")


def test_an_rst_link_target_is_no_command(make_project):
    # python-telegram-bot's CONTRIBUTING.rst defines ".. _`pre-commit config file`: https://…" under its text
    guide = (
        "Contributing\n============\n\n"
        "- Please have a look at the `pre-commit config file`_ for the tools we lint with.\n\n"
        "Run the linters with ``pre-commit run --all-files``.\n\n"
        ".. _`pre-commit config file`: https://example.org/.pre-commit-config.yaml\n"
    )
    files = {
        "pyproject.toml": '[project]\nname = "ptb"\n',
        "ptb/__init__.py": "",
        ".pre-commit-config.yaml": "repos:\n- repo: https://github.com/astral-sh/ruff-pre-commit\n  rev: v0.6.0\n"
        "  hooks:\n  - id: ruff\n",
        ".github/CONTRIBUTING.rst": guide,
    }
    learned = bodies(make_project, files, name="ptb")
    assert "pre-commit config file" not in learned["workflow/lint"], learned["workflow/lint"]
    assert "`pre-commit run --all-files`" in learned["workflow/lint"], learned["workflow/lint"]


def test_a_pip_install_run_with_interpreter_options_is_no_test(make_project):
    # python-telegram-bot's conformity job installs with `python -W ignore -m pip install …` before its pytest
    ci = workflow("python -W ignore -m pip install .[all] --group tests", "pytest -v tests/test_conformity.py")
    files = {
        "pyproject.toml": '[project]\nname = "ptb"\n',
        "ptb/__init__.py": "",
        "tests/test_conformity.py": "def test_a():\n    pass\n",
        ".github/workflows/conformity.yml": ci,
    }
    learned = bodies(make_project, files, name="ptbci")
    assert "pip install" not in learned.get("workflow/test", ""), learned["workflow/test"]


def test_a_root_crate_with_workspace_members_formats_them_all(make_project):
    # bevy: the root package is also a workspace; a bare `cargo fmt` leaves crates/* unformatted
    files = {
        "Cargo.toml": '[package]\nname = "bevy"\nversion = "0.1.0"\n\n[workspace]\nmembers = ["crates/*"]\n',
        "src/lib.rs": "pub fn a() {}\n",
        "crates/bevy_ecs/Cargo.toml": '[package]\nname = "bevy_ecs"\nversion = "0.1.0"\n',
        "crates/bevy_ecs/src/lib.rs": "pub fn b() {}\n",
        "rustfmt.toml": "use_field_init_shorthand = true\n",
    }
    learned = bodies(make_project, files, name="bevy")
    assert learned["workflow/format"].startswith("To format: `cargo fmt --all`"), learned["workflow/format"]


def test_a_make_target_that_runs_a_missing_script_is_left_out(make_project):
    # scaleway-cli's `test:` runs ./scripts/test.sh, which the tree no longer has; `lint:` runs one it has
    files = {
        "go.mod": "module example.com/scw\n\ngo 1.22\n",
        "main.go": "package main\n\nfunc main() {}\n",
        "main_test.go": 'package main\n\nimport "testing"\n\nfunc TestA(t *testing.T) {}\n',
        "Makefile": "lint:\n\t./scripts/lint.sh\n\ntest:\n\t./scripts/test.sh\n",
        "scripts/lint.sh": "#!/bin/sh\ngolangci-lint run\n",
        "scripts/run-tests.sh": "#!/bin/sh\ngo test ./...\n",
    }
    learned = bodies(make_project, files, name="scw")
    assert "make test" not in learned["workflow/test"], learned["workflow/test"]
    assert "`make lint`" in learned["workflow/lint"], learned["workflow/lint"]


def test_maven_docker_goals_in_a_guide_are_no_build_or_test(make_project):
    # debezium's CONTRIBUTING starts a module's database container, then stops it "when your testing is complete"
    guide = (
        "# Contributing\n\n## Building\n\nBuild everything with:\n\n    $ ./mvnw clean install\n\n"
        "## Testing in the IDE\n\nStart the database container and build its image:\n\n"
        "    $ ./mvnw docker:build docker:start\n\n"
        "When your testing is complete, you can stop the Docker container by running:\n\n    $ ./mvnw docker:stop\n"
    )
    files = JAVA | {
        "pom.xml": "<project><modelVersion>4.0.0</modelVersion><artifactId>a</artifactId></project>\n",
        "mvnw": "#!/bin/sh\n",
        "CONTRIBUTING.md": guide,
    }
    learned = bodies(make_project, files, name="dbz")
    assert "docker:" not in learned.get("workflow/build", "") + learned.get("workflow/test", ""), learned


def test_a_guide_line_its_comment_says_to_avoid_is_no_command(make_project):
    # atproto's AGENTS.md: `pnpm run style:fix # Avoid, prefer per-file formatting & linting`
    agents = (
        "# AGENTS\n\n```sh\n# style + lint\npnpm run verify\n"
        "pnpm run style:fix # Avoid, prefer per-file formatting & linting\n```\n"
    )
    package = {"name": "a", "scripts": {"verify": "eslint . && prettier --check .", "style:fix": "prettier -w ."}}
    files = {
        "package.json": json.dumps(package),
        "pnpm-lock.yaml": "lockfileVersion: '9.0'\n",
        "src/index.ts": "export const a = 1;\n",
        "AGENTS.md": agents,
    }
    learned = bodies(make_project, files, name="atp")
    assert "style:fix" not in learned.get("workflow/format", ""), learned.get("workflow/format")


def test_a_file_make_builds_and_a_compose_teardown_are_no_test_commands(make_project):
    # cortex's integration guide builds its image with `make ./cmd/cortex/.uptodate` before the tests; atproto's
    # troubleshooting resets stale test containers with `docker compose down --volumes`
    guide = (
        "# Integration tests\n\nBuild the Docker image the tests run first:\n\n```sh\nmake ./cmd/app/.uptodate\n```\n\n"
        "Then run the tests with `go test ./...`.\n\n"
        "If containers persist across test runs, reset them with `docker compose down --volumes`.\n"
    )
    files = {
        "go.mod": "module example.com/app\n\ngo 1.22\n",
        "cmd/app/main.go": "package main\n\nfunc main() {}\n",
        "pkg/a/a_test.go": 'package a\n\nimport "testing"\n\nfunc TestA(t *testing.T) {}\n',
        "CONTRIBUTING.md": guide,
    }
    learned = bodies(make_project, files, name="ctx")
    assert learned["workflow/test"].startswith("To test: `go test ./...`"), learned["workflow/test"]
    assert ".uptodate" not in learned["workflow/test"] and "compose down" not in learned["workflow/test"]


def test_a_mypy_daemon_type_checks_and_pixi_info_builds_no_docs(make_project):
    # xarray's CLAUDE.md: "Type checking with mypy: `uv run dmypy run`"; its guide's `pixi info` lists the tasks
    files = {
        "pyproject.toml": '[project]\nname = "xr"\n',
        "xr/__init__.py": "",
        "CLAUDE.md": "# Development\n\n- Type checking with mypy: `uv run dmypy run`\n",
        "CONTRIBUTING.md": "# Documentation\n\nTo see the tasks that build the documentation, run `pixi info`.\n",
    }
    learned = bodies(make_project, files, name="xr")
    assert "dmypy" not in learned.get("workflow/run", ""), learned.get("workflow/run")
    assert "`uv run dmypy run`" in learned["workflow/typecheck"], learned["workflow/typecheck"]
    assert "pixi info" not in learned.get("workflow/docs", ""), learned.get("workflow/docs")


def test_mozart_copied_dependencies_and_phpunit_prefixed_tests(make_project):
    # easy-digital-downloads: Mozart copies Carbon into libraries/; phpunit.xml runs tests/**/tests-*.php
    composer = {"require": {"php": ">=7.4"}, "require-dev": {"phpunit/phpunit": "^9"},
                "extra": {"mozart": {"dep_namespace": "EDD\\Vendor\\", "dep_directory": "/libraries/"}}}  # fmt: skip
    carbon = {f"libraries/Carbon/src/Carbon/C{i}.php": f"<?php\nclass C{i} {{}}\n" for i in range(30)}
    files = (
        PHP_APP
        | carbon
        | {
            "composer.json": json.dumps(composer),
            "libraries/Symfony/Contracts/Translation/Test/TranslatorTest.php": "<?php\nclass TranslatorTest {}\n",
            "phpunit.xml": '<phpunit><testsuites><testsuite name="edd">'
            '<directory prefix="tests-" suffix=".php">./tests</directory></testsuite></testsuites></phpunit>\n',
            **{f"tests/orders/tests-order-{i}.php": f"<?php\nclass Order{i}_Tests {{}}\n" for i in range(4)},
        }
    )
    learned = bodies(make_project, files, name="edd")
    assert learned["layout/tests"].startswith("4 test files, named tests-*.php"), learned["layout/tests"]
    assert "libraries" not in learned["layout/source"] and "Carbon" not in learned["layout/source"], learned[
        "layout/source"
    ]


def test_ci_features_picked_by_the_matrix_keep_its_first_entry(make_project):
    # gpu-allocator's `--no-default-features --features ${{ matrix.target.backend }},${{ matrix.features }}`:
    # without features its lib.rs stops on compile_error!
    ci = workflow(
        "cargo test --workspace --no-default-features --features ${{ matrix.target.backend }},${{ matrix.features }}",
        job="test",
    ).replace(
        "    steps:",
        "    strategy:\n      matrix:\n        target:\n          - os: ubuntu-latest\n            backend: vulkan\n"
        "          - os: macos-latest\n            backend: vulkan,metal\n        features:\n          - hashbrown\n"
        "          - std\n    steps:",
    )
    files = {
        "Cargo.toml": '[package]\nname = "alloc"\nversion = "0.1.0"\n\n[features]\nstd = []\nhashbrown = []\n',
        "src/lib.rs": "pub fn a() {}\n",
        ".github/workflows/ci.yml": ci,
    }
    learned = bodies(make_project, files, name="alloc")
    assert "--no-default-features --features vulkan,hashbrown`" in learned["ci"], learned["ci"]


def test_external_libraries_hold_other_projects_code(make_project):
    # supercollider's external_libraries/boost: thousands of Boost headers read as its own C++
    boost = {f"external_libraries/boost/boost/h{i}.hpp": f"int h{i}();\n" for i in range(30)}
    files = boost | {
        "CMakeLists.txt": "project(sc CXX)\nadd_executable(scsynth server/main.cpp)\n",
        **{f"server/s{i}.cpp": f"int s{i}() {{ return {i}; }}\n" for i in range(6)},
    }
    learned = bodies(make_project, files, name="sc")
    assert "external_libraries" not in learned["layout/source"], learned["layout/source"]
    assert "(6 source files)" in learned["languages"], learned["languages"]


def test_a_ci_check_piped_into_cs2pr_is_read_as_the_check(make_project):
    # hashids' CI: `php-cs-fixer fix . --dry-run --rules=@PER-CS --format=checkstyle | cs2pr`
    ci = workflow(
        "- uses: shivammathur/setup-php@v2\n  with:\n    tools: php-cs-fixer, cs2pr",
        "php-cs-fixer fix . --dry-run --rules=@PER-CS --format=checkstyle | cs2pr",
    )
    files = PHP_APP | {
        "composer.json": json.dumps({"require": {"php": ">=8.1"}}),
        ".github/workflows/cs.yml": ci,
    }
    learned = bodies(make_project, files, name="hashids")
    assert learned["workflow/lint"].startswith("To lint: `php-cs-fixer fix . --dry-run --rules=@PER-CS`"), learned[
        "workflow/lint"
    ]


def test_targets_of_included_makefiles_are_the_makefiles_own(make_project):
    # cert-manager's generated root Makefile includes make/02_mod.mk, which includes make/test.mk with `test:`
    files = {
        "go.mod": "module example.com/cm\n\ngo 1.22\n",
        "pkg/a/a.go": "package a\n",
        "pkg/a/a_test.go": 'package a\n\nimport "testing"\n\nfunc TestA(t *testing.T) {}\n',
        "Makefile": "# THIS FILE IS AUTOMATICALLY GENERATED.\nnoop:\n\t@:\n\n-include make/02_mod.mk\n",
        "make/02_mod.mk": "include make/test.mk\n",
        "make/test.mk": ".PHONY: test\ntest:\n\tgotestsum -- ./...\n",
    }
    learned = bodies(make_project, files, name="cm")
    assert learned["workflow/test"].startswith("To test: `make test`"), learned["workflow/test"]


def test_a_prettier_option_in_a_comment_is_not_set(make_project):
    # langfuse's prettier.config.cjs: `/** printWidth: 100, Commenting out for now … */` above its real options
    config = (
        "/** printWidth: 100, Commenting out for now to prevent large changes */\n"
        "// tabWidth: 4\nmodule.exports = {\n  semi: true,\n};\n"
    )
    files = {
        "package.json": json.dumps({"name": "lf", "devDependencies": {"prettier": "^3"}}),
        "package-lock.json": "{}",
        "src/index.ts": "export const a = 1;\n",
        "prettier.config.cjs": config,
    }
    learned = bodies(make_project, files, name="lf")
    style = next(body for key, body in learned.items() if key.startswith("style/"))
    assert "printWidth" not in style and "tabWidth" not in style and "semi true" in style, style


def test_a_guides_frozen_install_with_another_managers_lock_runs_with_the_kept_one(make_project):
    # projen's CONTRIBUTING still says `pnpm install --frozen-lockfile`; the repository keeps only package-lock.json
    files = {
        "package.json": json.dumps({"name": "pj", "scripts": {"build": "tsc"}, "devDependencies": {"typescript": "5"}}),
        "package-lock.json": json.dumps({"name": "pj", "lockfileVersion": 3, "packages": {}}),
        "src/index.ts": "export const a = 1;\n",
        "CONTRIBUTING.md": "# Contributing\n\n## Setup\n\n```shell\npnpm install --frozen-lockfile\npnpm run build\n```\n",
    }
    learned = bodies(make_project, files, name="pj")
    assert learned["workflow/install"].startswith("To install: `npm ci`"), learned["workflow/install"]


def test_a_native_extension_gem_compiles_before_its_specs(make_project):
    # re2: Rake::ExtensionTask builds re2.so; `task default: :spec` does not compile it first
    rakefile = (
        "require 'rake/extensiontask'\nrequire 'rspec/core/rake_task'\n\n"
        "Rake::ExtensionTask.new('re2')\nRSpec::Core::RakeTask.new(:spec)\n\ntask default: :spec\n"
    )
    files = {
        "re2.gemspec": "Gem::Specification.new do |s|\n  s.name = 're2'\n  s.extensions = ['ext/re2/extconf.rb']\n"
        "  s.add_development_dependency 'rspec'\n  s.add_development_dependency 'rake-compiler'\nend\n",
        "Gemfile": "source 'https://rubygems.org'\ngemspec\n",
        "Rakefile": rakefile,
        ".rspec": "--require spec_helper\n",
        "ext/re2/extconf.rb": "require 'mkmf'\ncreate_makefile('re2')\n",
        "ext/re2/re2.cc": "void Init_re2() {}\n",
        "lib/re2.rb": "require 're2.so'\n",
        "spec/spec_helper.rb": "require 're2'\n",
        "spec/re2_spec.rb": "RSpec.describe RE2 do\n  it 'matches' do\n  end\nend\n",
    }
    learned = bodies(make_project, files, name="re2")
    assert "after `bundle exec rake compile`" in learned["workflow/test"], learned["workflow/test"]
    # with the compile step as the default task's prerequisite, the tests build it themselves
    files["Rakefile"] = rakefile.replace("task default: :spec", "task default: [:compile, :spec]")
    learned = bodies(make_project, files, name="re2b")
    assert "rake compile`" not in learned["workflow/test"], learned["workflow/test"]


def test_a_hand_written_configure_and_a_bindings_build_do_not_lead_a_cpp_build(make_project):
    # z3: ./configure wraps scripts/mk_make.py (it writes build/Makefile); CI also builds the Python binding's wheel
    ci = workflow(
        "./configure --single-threaded",
        "cd src/api/python && python -m build",
        "ocamlfind install z3-static build/api/ml/* build/libz3-static.a",
    )
    files = {
        "configure": '#!/bin/sh\npython scripts/mk_make.py "$@"\n',
        "scripts/mk_make.py": "print('configuring')\n",
        "CMakeLists.txt": "project(z3 CXX)\nadd_executable(z3 src/main.cpp)\n",
        **{f"src/smt/s{i}.cpp": f"int s{i}() {{ return {i}; }}\n" for i in range(8)},
        "src/api/python/pyproject.toml": '[project]\nname = "z3-solver"\n',
        "src/api/python/z3/__init__.py": "",
        ".github/workflows/ci.yml": ci,
    }
    learned = bodies(make_project, files, name="z3")
    build = learned["workflow/build"]
    assert build.startswith("To build: `cmake -S . -B build && cmake --build build"), build
    assert "./configure --single-threaded && make" not in build and "ocamlfind" not in build, build


def test_a_compose_up_with_build_starts_services_and_builds_nothing(make_project):
    # yorkie's CONTRIBUTING: `docker compose -f build/docker/docker-compose.yml up --build -d` starts MongoDB
    guide = (
        "# Contributing\n\n## Building\n\n```sh\nmake build\n```\n\n## Testing\n\nStart MongoDB, then run the tests:\n\n"
        "```sh\ndocker compose -f build/docker/docker-compose.yml up --build -d\nmake test\n```\n"
    )
    files = {
        "go.mod": "module example.com/yorkie\n\ngo 1.22\n",
        "cmd/yorkie/main.go": "package main\n\nfunc main() {}\n",
        "Makefile": "build:\n\tgo build -o bin/yorkie ./cmd/yorkie\n\ntest:\n\tgo test ./...\n",
        "build/docker/docker-compose.yml": "services:\n  mongo:\n    image: mongo:latest\n",
        "CONTRIBUTING.md": guide,
    }
    learned = bodies(make_project, files, name="yorkie")
    assert "compose" not in learned["workflow/build"] + learned["workflow/test"], learned["workflow/build"]


def test_a_setup_script_that_only_sets_git_hooks_follows_the_real_install(make_project):
    # yorkie's CLAUDE.md: `bash scripts/setup.sh`, which runs `git config core.hooksPath .githooks` and nothing else
    files = {
        "go.mod": "module example.com/yorkie\n\ngo 1.22\n\nrequire github.com/spf13/cobra v1.8.0\n",
        "go.sum": "github.com/spf13/cobra v1.8.0 h1:x=\n",
        "main.go": "package main\n\nfunc main() {}\n",
        "scripts/setup.sh": "#!/usr/bin/env bash\nset -euo pipefail\n\nREPO_ROOT=$(git rev-parse --show-toplevel)\n\n"
        'git config core.hooksPath "$REPO_ROOT/.githooks"\necho "Git hooks path set"\n',
        "CLAUDE.md": "# Setup\n\nRun `bash scripts/setup.sh` once after cloning.\n",
    }
    learned = bodies(make_project, files, name="hooks")
    assert learned["workflow/install"].startswith("To install: `go mod download`"), learned["workflow/install"]


def test_a_wordpress_plugins_phpunit_needs_the_wordpress_test_library(make_project):
    # TablePress: tests/bootstrap.php loads WordPress's test library from WP_TESTS_DIR
    files = PHP_APP | {
        "composer.json": json.dumps({"require-dev": {"phpunit/phpunit": "^9"}}),
        "phpunit.xml.dist": '<phpunit bootstrap="tests/bootstrap.php"><testsuites><testsuite name="t">'
        "<directory>tests</directory></testsuite></testsuites></phpunit>\n",
        "tests/bootstrap.php": "<?php\n$dir = getenv( 'WP_TESTS_DIR' );\nrequire $dir . '/includes/bootstrap.php';\n",
        "tests/TableTest.php": "<?php\nclass TableTest {}\n",
    }
    learned = bodies(make_project, files, name="tp")
    assert "WordPress's test library" in learned["workflow/test"], learned["workflow/test"]
    files["bin/install-wp-tests.sh"] = "#!/bin/sh\necho install\n"
    learned = bodies(make_project, files, name="tp2")
    assert "after `bin/install-wp-tests.sh <db-name> <db-user> <db-pass>`" in learned["workflow/test"]


def test_goimports_keeps_the_local_prefixes_golangci_configures(make_project):
    # ogen's .golangci.yml: `goimports: local-prefixes: [github.com/ogen-go/ogen]`
    config = (
        "version: '2'\nlinters:\n  enable:\n    - revive\nformatters:\n  enable:\n    - goimports\n  settings:\n"
        "    goimports:\n      local-prefixes:\n        - github.com/ogen-go/ogen\n"
    )
    files = {
        "go.mod": "module github.com/ogen-go/ogen\n\ngo 1.22\n",
        "gen.go": "package ogen\n",
        ".golangci.yml": config,
    }
    learned = bodies(make_project, files, name="ogen")
    assert learned["workflow/format"].startswith("To format: `goimports -local github.com/ogen-go/ogen -w .`"), learned[
        "workflow/format"
    ]


def test_a_build_scripts_test_target_makes_the_step_a_test_run(make_project):
    # h2's CI runs `./build.sh jar testCI`: the jar first, then the test suite
    files = JAVA | {
        "build.sh": "#!/bin/sh\njava -cp bin org.h2.build.Build $@\n",
        ".github/workflows/ci.yml": workflow("./build.sh jar testCI"),
    }
    learned = bodies(make_project, files, name="h2")
    assert learned["workflow/test"].startswith("To test: `./build.sh jar testCI`"), learned["workflow/test"]
    assert "testCI" not in learned.get("workflow/build", ""), learned.get("workflow/build")


def test_a_cross_compile_workflow_does_not_give_the_build(make_project):
    # ctags' cross-compile-for--netbsd-on-ubuntu.yml configures CMake for amd64-unknown-netbsd; autotools builds
    ci = workflow(
        "cmake -S . -B build.d -DCMAKE_INSTALL_PREFIX=amd64-unknown-netbsd-3rdroot && cmake --build build.d",
        job="build",
    )
    files = {
        "configure.ac": "AC_INIT([ctags], [6.0])\nAM_INIT_AUTOMAKE\nAC_OUTPUT\n",
        "Makefile.am": "bin_PROGRAMS = ctags\nctags_SOURCES = main/main.c\n",
        "autogen.sh": "#!/bin/sh\nautoreconf -vfi\n",
        "CMakeLists.txt": "project(ctags C)\nadd_executable(ctags main/main.c)\n",
        "main/main.c": "int main(void) { return 0; }\n",
        ".github/workflows/cross-compile-for--netbsd-on-ubuntu.yml": ci,
    }
    learned = bodies(make_project, files, name="ctags")
    assert "netbsd" not in learned["workflow/build"].split(" Also:")[0], learned["workflow/build"]


def test_headers_a_rust_project_binds_to_are_no_c_of_its_own(make_project):
    # LACT: lact-daemon/include/nvidia/*.h are NVIDIA's declarations for its generated bindings; no .c anywhere
    headers = {f"daemon/include/nvidia/ctrl{i}.h": "typedef struct { int a; } Ctrl;\n" * 40 for i in range(12)}
    files = headers | {
        "Cargo.toml": '[workspace]\nmembers = ["daemon"]\n',
        "daemon/Cargo.toml": '[package]\nname = "daemon"\nversion = "0.1.0"\n',
        "daemon/src/main.rs": "fn main() {}\n",
        "daemon/src/lib.rs": "pub fn a() {}\n",
        "Makefile": "build:\n\tcargo build --release\n",
    }
    learned = bodies(make_project, files, name="lact")
    assert learned["languages"].startswith("Languages by share of source: Rust 100%"), learned["languages"]
    assert "include/nvidia" not in learned["layout/source"], learned["layout/source"]


def test_a_module_named_for_the_release_it_targets_is_the_projects_own(make_project):
    # AuthMe's authme-spigot-1.21/ is a module its root pom builds (in a profile), not a vendored release
    module = {f"authme-spigot-1.21/src/main/java/fr/Spigot{i}.java": f"class Spigot{i} {{}}\n" for i in range(5)}
    files = (
        JAVA
        | module
        | {
            "pom.xml": "<project><modules><module>core</module></modules><profiles><profile><modules>"
            "<module>authme-spigot-1.21</module></modules></profile></profiles></project>\n",
            "authme-spigot-1.21/pom.xml": "<project><artifactId>authme-spigot-1.21</artifactId></project>\n",
        }
    )
    learned = bodies(make_project, files, name="authme")
    assert "authme-spigot-1.21/ (a vendored copy" not in learned["layout/folders"], learned["layout/folders"]


def test_a_changelog_entry_script_is_no_format_and_tpls_are_vendored(make_project):
    # GatherPress' CLAUDE.md lists `composer changelog:add` under its formatting steps; kokkos' tpls/ holds desul
    tpls = {f"tpls/desul/include/desul/atomic{i}.hpp": f"int atomic{i}();\n" * 30 for i in range(10)}
    files = (
        PHP_APP
        | tpls
        | {
            "composer.json": json.dumps({"scripts": {"changelog:add": "changelogger add", "format": "phpcbf"}}),
            "CLAUDE.md": "# Formatting\n\nBefore committing, run `composer changelog:add` and `composer format`.\n",
        }
    )
    learned = bodies(make_project, files, name="gp")
    assert "changelog:add" not in learned.get("workflow/format", ""), learned.get("workflow/format")
    assert "C++" not in learned["languages"], learned["languages"]


def test_a_narrow_lint_target_and_a_lock_hook_do_not_lead_the_lint(make_project):
    # reth's CLAUDE.md lists `make lint-toml` (dprint over the TOML files) before clippy; picard's guide runs the
    # pip-compile hook, which rewrites its requirements files
    agents = "# Linting\n\n```sh\nmake lint-toml\ncargo clippy --workspace --all-features\n```\n"
    files = {
        "Cargo.toml": '[package]\nname = "reth"\nversion = "0.1.0"\n',
        "src/lib.rs": "pub fn a() {}\n",
        "Makefile": "lint-toml:\n\tdprint fmt\n",
        "CLAUDE.md": agents,
        "CONTRIBUTING.md": "# Contributing\n\nLint with `pre-commit run pip-compile --all-files`.\n",
    }
    learned = bodies(make_project, files, name="reth")
    lint = learned["workflow/lint"]
    assert lint.startswith("To lint: `cargo clippy --workspace --all-features`"), lint
    assert "pip-compile" not in lint, lint


def test_a_comment_inside_a_make_recipe_keeps_the_target_and_a_packages_suite_follows_the_whole(make_project):
    # cloud-custodian's `format:` opens with `# See black config in pyproject.toml`; its GCP guide runs one package's
    makefile = (
        "test:\n\tuv run pytest -n auto tests tools\n\n"
        "format:\n# See black config in pyproject.toml for included dirs\n\tuv run black .\n"
    )
    files = {
        "pyproject.toml": '[project]\nname = "c7n"\n\n[tool.black]\nline-length = 100\n',
        "c7n/__init__.py": "",
        "tests/test_a.py": "def test_a():\n    pass\n",
        "tools/c7n_gcp/tests/test_gcp.py": "def test_gcp():\n    pass\n",
        "Makefile": makefile,
        "docs/source/gcp/contribute.rst": "Contributing\n============\n\nRun the tests::\n\n"
        "    pytest tools/c7n_gcp/tests -n auto\n",
    }
    learned = bodies(make_project, files, name="c7n")
    assert learned["workflow/format"].startswith("To format: `make format`"), learned["workflow/format"]
    assert learned["workflow/test"].startswith("To test: `make test`"), learned["workflow/test"]


def test_an_analysers_phpunit_extension_brings_no_phpunit_and_php_cs_fixer_check_lints(make_project):
    # Stof's require-dev: phpstan/phpstan-phpunit and symfony/phpunit-bridge, no phpunit/phpunit; php-svg's CI runs
    # `php-cs-fixer check --diff` from setup-php's tools
    composer = {"require-dev": {"phpstan/phpstan-phpunit": "^2.0", "symfony/phpunit-bridge": "^7.0"}}
    ci = workflow("- uses: shivammathur/setup-php@v2\n  with:\n    tools: php-cs-fixer", "php-cs-fixer check --diff")
    files = PHP_APP | {
        "composer.json": json.dumps(composer),
        "phpunit.xml.dist": "<phpunit><testsuites><testsuite name='t'><directory>tests</directory></testsuite>"
        "</testsuites></phpunit>\n",
        "tests/ExtensionTest.php": "<?php\nclass ExtensionTest {}\n",
        ".github/workflows/php.yml": ci,
    }
    learned = bodies(make_project, files, name="stof")
    assert "vendor/bin/phpunit" not in learned["workflow/test"] + learned["workflow/test-one"], learned
    assert "simple-phpunit" in learned["workflow/test-one"], learned["workflow/test-one"]
    assert learned["workflow/lint"].startswith("To lint: `php-cs-fixer check --diff`"), learned["workflow/lint"]


def test_a_tests_option_that_follows_an_off_option_gates_deep_cmake_tests(make_project):
    # mumble: `option(tests "Build tests." ${packaging})`, packaging OFF; add_test() calls in src/tests/*/ only,
    # behind thirty shallower CMakeLists
    plugins = {f"plugins/p{i}/CMakeLists.txt": f"add_library(p{i} p{i}.cpp)\n" for i in range(32)}
    tests = {f"src/tests/Test{i}/CMakeLists.txt": f"add_executable(Test{i} T.cpp)\nadd_test(NAME Test{i} COMMAND Test{i})\n"
             for i in range(3)}  # fmt: skip
    root = (
        'project(mumble CXX)\noption(packaging "Build package." OFF)\noption(tests "Build tests." ${packaging})\n'
        "if(tests)\n  include(CTest)\nendif()\nadd_subdirectory(src)\n"
    )
    files = (
        plugins
        | tests
        | {
            "CMakeLists.txt": root,
            "src/CMakeLists.txt": "add_executable(mumble main.cpp)\nif(tests)\n  add_subdirectory(tests)\nendif()\n",
            "src/main.cpp": "int main() { return 0; }\n",
        }
    )
    learned = bodies(make_project, files, name="mumble")
    assert "-Dtests=ON" in learned["workflow/test"] and "ctest" in learned["workflow/test"], learned.get(
        "workflow/test"
    )


def test_ni_runs_become_the_locked_managers_and_stops_or_globs_run_nothing(make_project):
    # elk's guide: `nr dev` (antfu's ni); hyperdx's `yarn dev:down` stops its stack; renovate's `pnpm generate:*`;
    # cfn-lint's `pip3 show` prints where a package is
    package = {"name": "elk", "scripts": {"dev": "nuxi dev", "dev:down": "docker compose down", "generate:a": "x"}}
    guide = (
        "# Contributing\n\nStart the app with `nr dev`, stop it with `pnpm dev:down`.\n\n"
        "Build the generated files with `pnpm generate:*`.\n\nCheck the install with `pip3 show elk`.\n"
    )
    files = {
        "package.json": json.dumps(package),
        "pnpm-lock.yaml": "lockfileVersion: '9.0'\n",
        "src/index.ts": "export const a = 1;\n",
        "CONTRIBUTING.md": guide,
    }
    learned = bodies(make_project, files, name="elk")
    run = learned["workflow/run"]
    assert run.startswith("To run: `pnpm dev`") and "dev:down" not in run, run
    assert "generate:*" not in learned.get("workflow/build", "") and "pip3 show" not in str(learned), learned


def test_mage_targets_come_from_the_magefile_not_its_tests(make_project):
    # trivy: magefiles/magefile.go holds the targets; config_schema.go sorts first; helm_test.go tests them
    files = {
        "go.mod": "module example.com/trivy\n\ngo 1.22\n",
        "main.go": "package main\n\nfunc main() {}\n",
        "magefiles/config_schema.go": "//go:build mage\n\npackage main\n\nfunc helper() {}\n",
        "magefiles/magefile.go": "//go:build mage\n\npackage main\n\nfunc Build() error { return nil }\n",
        "magefiles/helm_test.go": '//go:build mage\n\npackage main\n\nimport "testing"\n\n'
        "func TestHelm(t *testing.T) {}\n",
    }
    learned = bodies(make_project, files, name="trivy")
    assert learned["tasks/mage"].startswith("magefiles/magefile.go targets:"), learned["tasks/mage"]
    assert "TestHelm" not in learned["tasks/mage"] and "testHelm" not in learned["tasks/mage"], learned["tasks/mage"]
