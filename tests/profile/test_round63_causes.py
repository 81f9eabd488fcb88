"""Causes found in the sixty-third round."""

from __future__ import annotations

import json

from tests.profile.learned import bodies, repo_bodies, workflow


def test_a_guides_vendor_bin_command_follows_composers_vendor_dir(make_project):
    # TeamPass's CLAUDE.md says `vendor/bin/phpstan analyse`; its composer.json installs into app/vendor
    composer = {"require-dev": {"phpstan/phpstan": "^1"}, "config": {"vendor-dir": "app/vendor"}}
    files = {
        "composer.json": json.dumps(composer),
        "app/sources/main.php": "<?php\nfunction main() {}\n",
        "CLAUDE.md": "## Commands\n\n```bash\nvendor/bin/phpstan analyse\n```\n",
    }
    learned = bodies(make_project, files, name="vendordir")
    assert learned["workflow/typecheck"].startswith("To type-check: `app/vendor/bin/phpstan analyse`"), learned[
        "workflow/typecheck"
    ]


def test_a_php_project_tests_with_its_own_named_phpunit_config_before_its_asset_specs(make_project):
    # luya: luyadev/luya-testsuite brings PHPUnit, actions.phpunit.xml is the only config, karma runs the JS specs
    composer = {"require-dev": {"luyadev/luya-testsuite": "^3.1"}, "autoload": {"psr-4": {"luya\\": "core/"}}}
    package = {"devDependencies": {"karma": "^6"}, "scripts": {"test": "karma start k.conf.js", "dev": "karma start"}}
    php = {f"core/helpers/H{i}.php": f"<?php\nclass H{i} {{}}\n" for i in range(9)}
    files = php | {
        "composer.json": json.dumps(composer),
        "package.json": json.dumps(package),
        "yarn.lock": "",
        "tests/js/a.spec.js": "describe('a', () => {});\n",
        "actions.phpunit.xml": '<phpunit><testsuites><testsuite name="all"><directory>tests</directory>'
        "</testsuite></testsuites></phpunit>\n",
        "tests/core/HelperTest.php": "<?php\nclass HelperTest extends \\PHPUnit\\Framework\\TestCase {}\n",
    }
    learned = bodies(make_project, files, name="luya")
    assert learned["workflow/test"].startswith("To test: `vendor/bin/phpunit -c actions.phpunit.xml`"), learned[
        "workflow/test"
    ]
    assert "karma" not in learned.get("workflow/run", ""), "a karma watcher runs the specs, not the project"


RUBY_APP = {
    "Gemfile": "source 'https://rubygems.org'\ngem 'roda'\n",
    "Gemfile.lock": "GEM\n  specs:\n    roda (3.0)\n",
    **{f"model/m{i}.rb": f"class M{i}; end\n" for i in range(8)},
}


def test_a_package_json_that_manages_nothing_beside_another_language_says_nothing(make_project):
    # TeamPass' package.json holds a name and an author: its browser libraries are committed under public/plugins
    php = {f"app/sources/s{i}.php": f"<?php\nfunction s{i}() {{}}\n" for i in range(8)}
    files = php | {
        "composer.json": json.dumps({"require": {"php": ">=8.2"}}),
        "package.json": json.dumps({"name": "Teampass", "author": "N"}),
        "package-lock.json": json.dumps({"name": "Teampass", "lockfileVersion": 3, "packages": {}}),
        "public/plugins/jquery/jquery.js": "(function(){})();\n",
        "app/js/items.js": "$(function () { load(); });\n",
        "app/js/users.js": "$(function () { list(); });\n",
    }
    learned = bodies(make_project, files, name="teampass")
    assert "javascript/packaging" not in learned and "javascript/stack" not in learned, sorted(learned)
    assert "npm install" not in learned.get("workflow/install", ""), learned.get("workflow/install")


def test_a_ruby_apps_tailwind_build_is_no_way_to_run_it_nor_a_js_stack_without_dependencies(make_project):
    # ubicloud's package.json: `dev: npx tailwindcss -o …`, devDependencies only
    package = {"devDependencies": {"tailwindcss": "^3"}, "scripts": {"dev": "npx tailwindcss -o a.css -i t.css"}}
    files = RUBY_APP | {"package.json": json.dumps(package), "package-lock.json": "{}", "assets/js/app.js": "x();\n"}
    learned = bodies(make_project, files, name="ubicloud")
    assert "tailwindcss" not in learned.get("workflow/run", ""), learned.get("workflow/run")
    assert "no runtime dependencies" not in learned.get("javascript/stack", ""), learned.get("javascript/stack")


def test_a_tsconfig_without_typescript_files_makes_no_typescript_project(make_project):
    # homeland's tsconfig.json is left from its Webpacker set-up: app/javascript holds only .js
    package = {"name": "homeland", "dependencies": {"jquery": "^3"}}
    files = RUBY_APP | {
        "package.json": json.dumps(package),
        "yarn.lock": "",
        "tsconfig.json": "{}",
        "app/javascript/a.js": "x();\n",
    }
    learned = bodies(make_project, files, name="homeland")
    assert "TypeScript" not in learned["javascript/packaging"], learned["javascript/packaging"]


def test_optional_peer_dependencies_are_offered_not_built_on(make_project):
    # openai-node: zod and ws are peerDependencies marked optional in peerDependenciesMeta
    package = {
        "name": "openai",
        "main": "dist/index.js",
        "peerDependencies": {"zod": "^3", "ws": "^8"},
        "peerDependenciesMeta": {"zod": {"optional": True}, "ws": {"optional": True}},
        "devDependencies": {"vitest": "^3"},
        "scripts": {"test": "vitest run"},
    }
    files = {"package.json": json.dumps(package), "src/index.ts": "export const a = 1;\n", "tsconfig.json": "{}"}
    learned = bodies(make_project, files, name="openai")
    assert "built on" not in learned["javascript/stack"], learned["javascript/stack"]
    assert "optional: " in learned["javascript/stack"], learned["javascript/stack"]


def test_composer_plugins_and_the_packages_they_place_are_not_what_the_app_is_built_on(make_project):
    # concretecms requires only wikimedia/composer-merge-plugin, which merges concrete/composer.json's requirements
    php = {f"concrete/src/C{i}.php": f"<?php\nclass C{i} {{}}\n" for i in range(8)}
    merged = {"type": "project", "require": {"php": ">=7.3", "wikimedia/composer-merge-plugin": "^2"}}
    learned = bodies(make_project, php | {"composer.json": json.dumps(merged)}, name="concretecms")
    assert "composer-merge-plugin" not in learned["php/stack"], learned["php/stack"]
    assert "no runtime dependencies" not in learned["php/stack"], "the merged manifest's requirements are unread"
    # phplist: davidbarratt/custom-installer drops language packs and plugins into public_html
    placed = {
        "type": "project",
        "require": {
            "davidbarratt/custom-installer": "^1",
            "phplist/phplist-lan-help": "*",
            "bramley/phplist-plugin-common": "*",
            "phpmailer/phpmailer": "^6",
        },
        "extra": {"custom-installer": {"public_html/lists/admin/help": ["phplist/phplist-lan-help"]}},
    }
    learned = bodies(make_project, php | {"composer.json": json.dumps(placed)}, name="phplist")
    assert "built on phpmailer/phpmailer" in learned["php/stack"], learned["php/stack"]
    assert "lan-help" not in learned["php/stack"] and "plugin-common" not in learned["php/stack"]


def test_a_one_test_heading_over_the_whole_suite_gives_no_one_test_command(make_project):
    # swig's AGENTS.md: `make -k check   # full test suite, keep going on errors`, under "Testing a single case"
    guide = "## Running a single test\n\n```bash\nmake -k check\n```\n"
    files = {"configure.ac": "AC_INIT([x], [1])\n", "Makefile.in": "check:\n\techo ok\n", "AGENTS.md": guide,
             "Source/a.c": "int a;\n"}  # fmt: skip
    learned = bodies(make_project, files, name="swig")
    assert "make -k check" not in learned.get("workflow/test-one", ""), learned.get("workflow/test-one")


def test_a_guides_check_script_builds_nothing(make_project):
    # viem's AGENTS.md: "Run `pnpm check:types` and `pnpm build:types` sequentially"
    package = {"name": "v", "scripts": {"build": "tsc -p tsconfig.build.json", "check:types": "tsc -b"},
               "devDependencies": {"typescript": "^5"}}  # fmt: skip
    guide = "## Build\n\n- Run `pnpm check:types` before you build.\n"
    files = {"package.json": json.dumps(package), "pnpm-lock.yaml": "", "AGENTS.md": guide, "src/a.ts": "export {};\n",
             "tsconfig.json": "{}"}  # fmt: skip
    learned = bodies(make_project, files, name="viem")
    assert "check:types" not in learned.get("workflow/build", ""), learned.get("workflow/build")


RUST_WORKSPACE = {
    "Cargo.toml": '[workspace]\nmembers = ["core/build_tool", "desktop", "tests"]\ndefault-members = ["desktop"]\n',
    "core/build_tool/Cargo.toml": '[package]\nname = "build_tool"\nversion = "0.1.0"\n',
    "core/build_tool/src/main.rs": "fn main() {}\n",
    "desktop/Cargo.toml": '[package]\nname = "player_desktop"\nversion = "0.1.0"\n',
    "desktop/src/main.rs": "fn main() {}\n",
    "tests/Cargo.toml": '[package]\nname = "tests"\nversion = "0.1.0"\n',
    "tests/src/main.rs": "fn main() {}\n",
    ".cargo/config.toml": '[alias]\ntestutils = "run --package tests --"\n',
}


def test_a_test_named_cargo_alias_builds_nothing_and_the_default_member_is_the_program(make_project):
    # ruffle's CONTRIBUTING.md: `cargo testutils compile` compiles the test SWFs; default-members = ["desktop"]
    guide = "## Building\n\nCompile the test movies with `cargo testutils compile`.\n"
    learned = bodies(make_project, RUST_WORKSPACE | {"CONTRIBUTING.md": guide}, name="ruffle")
    assert "testutils" not in learned.get("workflow/build", ""), learned.get("workflow/build")
    assert learned["workflow/run"].startswith("To run: `cargo run -p player_desktop"), learned["workflow/run"]


def test_ci_builds_of_one_crate_a_test_harness_or_a_lint_script_do_not_lead_the_build(make_project):
    # zenoh's test job builds zenoh-plugin-rest first; open62541's CI builds a .NET harness in tests/ and a
    # repository it checks out beside; capstone's CI runs `./run-clang-tidy.sh build`
    ci = workflow(
        "cargo build -p build_tool --lib",
        "dotnet build tests/interop/dotnet/Harness.csproj",
        "dotnet build Other/Server/Server.csproj",
        "./run-clang-tidy.sh build",
    )
    files = RUST_WORKSPACE | {".github/workflows/ci.yml": ci, "run-clang-tidy.sh": "#!/bin/sh\n",
                              "tests/interop/dotnet/Harness.csproj": "<Project/>\n"}  # fmt: skip
    build = bodies(make_project, files, name="onecrate")["workflow/build"]
    assert build.startswith("To build: `cargo build --workspace`"), build
    assert "dotnet" not in build and "clang-tidy" not in build, build


def test_a_ci_leak_check_under_valgrind_comes_after_the_suite(make_project):
    # open62541's mbedtls job runs two test binaries under valgrind
    ci = workflow("cd build/tests && valgrind --error-exitcode=1 ../bin/tests/check_client")
    files = {"CMakeLists.txt": "project(x C)\nenable_testing()\nadd_test(NAME a COMMAND a)\n", "src/a.c": "int a;\n",
             ".github/workflows/ci.yml": ci}  # fmt: skip
    test = bodies(make_project, files, name="valgrind")["workflow/test"]
    assert not test.startswith("To test: `cd build/tests && valgrind"), test


def test_one_test_follows_the_test_script_through_run_s_and_npm_run_all(make_project):
    # node-red's `test` is `run-s build lint coverage`, coverage is `nyc npm run mocha`, mocha names its globs
    scripts = {
        "test": "run-s build lint coverage",
        "build": "node scripts/build",
        "lint": "eslint src",
        "coverage": "nyc npm run mocha",
        "mocha": 'mocha "test/unit/**/*_spec.js"',
    }
    package = {"name": "red", "scripts": scripts, "devDependencies": {"mocha": "^10", "nyc": "^15"}}
    files = {
        "package.json": json.dumps(package),
        "package-lock.json": "{}",
        "lib/red.js": "module.exports = {};\n",
        "test/unit/red_spec.js": "const red = require('../../lib/red');\ndescribe('red', () => { it('runs', () => {}); });\n",
    }
    one = bodies(make_project, files, name="nodered")["workflow/test-one"]
    assert one.startswith("To run one test: `npx mocha test/unit/red_spec.js"), one
    # semantic-release: `npm-run-all --parallel lint:* --serial test:*`, test:unit is `c8 ava --verbose`
    scripts = {"test": "npm-run-all --parallel lint:* --serial test:*", "lint:p": "prettier --check .",
               "test:unit": "c8 ava --verbose"}  # fmt: skip
    package = {"name": "sr", "scripts": scripts, "devDependencies": {"ava": "^6", "c8": "^9"}}
    files = {
        "package.json": json.dumps(package),
        "package-lock.json": "{}",
        "lib/a.js": "module.exports = 1;\n",
        "test/a.test.js": "import test from 'ava';\nimport a from '../lib/a.js';\ntest('a', (t) => t.pass());\n",
    }
    one = bodies(make_project, files, name="semrel")["workflow/test-one"]
    assert one.startswith("To run one test: `npx ava test/a.test.js`"), one


def test_a_ci_command_whose_last_option_lost_its_value_is_no_command(make_project):
    # flyway's PR workflow: `mvn -B install -e --file pom.xml -pl`
    pom = "<project><modelVersion>4.0.0</modelVersion><artifactId>a</artifactId></project>\n"
    files = {"pom.xml": pom, "src/main/java/A.java": "class A {}\n",
             ".github/workflows/pr.yml": workflow("mvn -B install -e --file pom.xml -pl")}  # fmt: skip
    learned = bodies(make_project, files, name="flyway")
    assert "-pl`" not in learned.get("workflow/test", "") + learned.get("workflow/build", ""), learned


def test_pytests_own_ini_file_wins_over_pyproject(make_project):
    # arviz: pyproject's [tool.pytest.ini_options] says `filterwarnings = error`; pytest.ini beside it is what pytest
    # reads, so the setting never applies
    pyproject = '[project]\nname = "a"\n[tool.pytest.ini_options]\nfilterwarnings = ["error"]\n'
    files = {"pyproject.toml": pyproject, "src/a/__init__.py": "", "tests/test_a.py": "def test_a():\n    pass\n"}
    assert "filterwarnings" in bodies(make_project, files, name="pyproj").get("rules/config", "")
    learned = bodies(make_project, files | {"pytest.ini": "[pytest]\naddopts = -p no:warnings\n"}, name="ini")
    assert "filterwarnings" not in learned.get("rules/config", ""), learned.get("rules/config")


def test_a_gitmodules_entry_the_index_holds_no_gitlink_for_is_no_submodule(make_project):
    # phplist's .gitmodules names folders composer's installer fills; capstone's names a vendored tree it dropped
    gitmodules = '[submodule "vendor/lib"]\n\tpath = vendor/lib\n\turl = https://github.com/o/lib.git\n'
    files = {".gitmodules": gitmodules, "src/a.c": "int a;\n", "Makefile": "all:\n\tcc src/a.c\n"}
    repo = make_project(files, name="nogitlink")
    assert "git/submodules" in repo_bodies(repo), "the fixture's gitlink is a submodule"
    repo.git("rm", "--cached", "-q", "vendor/lib")
    repo.commit("Drop the vendored library")
    assert "git/submodules" not in repo_bodies(repo)


def test_yard_a_gemspec_declares_with_percent_q_is_in_the_bundle(make_project):
    # formtastic's gemspec: `s.add_development_dependency(%q<yard>)`, the Gemfile says `gemspec`
    spec = "Gem::Specification.new do |s|\n  s.name = 'f'\n  s.add_development_dependency(%q<yard>)\nend\n"
    files = {"Gemfile": "source 'https://rubygems.org'\ngemspec\n", "f.gemspec": spec, ".yardopts": "--markup markdown\n",
             "lib/f.rb": "# @param x [String]\nmodule F; end\n"}  # fmt: skip
    docs = bodies(make_project, files, name="formtastic")["workflow/docs"]
    assert docs.startswith("To build or preview the docs: `bundle exec yard doc`"), docs


def test_pre_commit_hooks_named_for_formatting_check_nothing(make_project):
    # zenoh's hooks: a local `fmt-rust` (rustfmt +nightly with options) and taplo-format; CI lints with
    # `cargo +stable clippy`, the plain toolchain, no variant
    config = (
        "repos:\n  - repo: local\n    hooks:\n      - id: fmt-rust\n        name: fmt-rust\n"
        "        entry: rustfmt +nightly\n        language: system\n"
        "  - repo: https://github.com/ComPWA/taplo-pre-commit\n    rev: v0.9.3\n    hooks:\n      - id: taplo-format\n"
    )
    ci = workflow("taplo fmt --check --diff", "cargo +stable clippy --all-targets -- --deny warnings")
    files = {"Cargo.toml": '[package]\nname = "z"\nversion = "0.1.0"\n', "src/lib.rs": "pub fn a() {}\n",
             ".pre-commit-config.yaml": config, ".github/workflows/ci.yml": ci}  # fmt: skip
    learned = bodies(make_project, files, name="zenoh")
    assert learned["workflow/lint"].startswith("To lint: `cargo +stable clippy"), learned["workflow/lint"]
    assert "pre-commit" not in learned["workflow/lint"], learned["workflow/lint"]
    assert "`pre-commit run --all-files`" in learned["workflow/format"], learned["workflow/format"]


def test_the_migration_tools_own_checkout_migrates_nothing(make_project):
    # flyway's poms name its flyway-maven-plugin module: the project is the tool, no database of its own to migrate
    pom = (
        "<project><modelVersion>4.0.0</modelVersion><groupId>org.flywaydb</groupId><artifactId>flyway-core</artifactId>"
        "<dependencies><dependency><groupId>org.flywaydb</groupId><artifactId>flyway-core</artifactId></dependency>"
        "</dependencies><modules><module>flyway-maven-plugin</module></modules></project>\n"
    )
    plugin = "<project><modelVersion>4.0.0</modelVersion><artifactId>flyway-maven-plugin</artifactId></project>\n"
    files = {"pom.xml": pom, "src/main/java/org/flywaydb/core/Flyway.java": "class Flyway {}\n",
             "flyway-maven-plugin/pom.xml": plugin}  # fmt: skip
    learned = bodies(make_project, files, name="flyway")
    assert "migrations" not in learned["jvm/packaging"], learned["jvm/packaging"]
    assert "workflow/migrate" not in learned, learned.get("workflow/migrate")


PY_PROJECT = {
    "pyproject.toml": '[project]\nname = "p"\n[tool.pytest.ini_options]\ntestpaths = ["tests"]\n',
    "src/p/__init__.py": "",
    "tests/test_p.py": "def test_p():\n    pass\n",
}


def test_ci_jobs_that_measure_memory_give_no_one_test_and_a_sdist_job_no_test(make_project):
    # conda's linux-memray job: `python -m pytest -k memray --memray`; paramiko's sdist job: `cd dist && inv -e test`
    ci = workflow("python -m pytest -k memray --memray", job="linux-memray")
    sdist = workflow("cd dist && pytest", job="sdist-test-suite")
    files = PY_PROJECT | {".github/workflows/ci.yml": ci, ".github/workflows/sdist.yml": sdist}
    learned = bodies(make_project, files, name="memray")
    assert "memray" not in learned["workflow/test-one"], learned["workflow/test-one"]
    assert "cd dist" not in learned["workflow/test"], learned["workflow/test"]


def test_services_suites_placeholders_and_refactoring_checks_do_not_lead_the_tests(make_project):
    # zencart's CI: `composer tests-plugin -- --suite FeatureStore` beside `composer tests-unit`; appwrite's AGENTS.md:
    # `composer refactor:check` and `… test tests/e2e/Services/[Service]`
    scripts = {
        "tests-unit": "phpunit --testsuite Unit",
        "tests-plugin": "phpunit",
        "refactor:check": "rector --dry-run",
    }
    composer = {"require-dev": {"phpunit/phpunit": "^10", "rector/rector": "^1"}, "scripts": scripts}
    guide = (
        "## Tests\n\n```bash\ncomposer refactor:check\ndocker compose exec app test tests/e2e/Services/[Service]\n```\n"
    )
    ci = workflow("composer tests-plugin -- --suite FeatureStore", "composer tests-unit")
    files = {"composer.json": json.dumps(composer), "src/A.php": "<?php\nclass A {}\n", "AGENTS.md": guide,
             "tests/Unit/ATest.php": "<?php\nclass ATest {}\n", ".github/workflows/ci.yml": ci}  # fmt: skip
    test = bodies(make_project, files, name="zencart")["workflow/test"]
    assert test.startswith("To test: `composer tests-unit`"), test
    assert "refactor:check" not in test and "[Service]" not in test, test


def test_cargo_run_in_a_virtual_workspace_of_several_programs_and_a_tasks_crate(make_project):
    # wezterm's guide says `cargo run`; rolldown's tasks/ls_lint is its filename linter, not the program
    files = {
        "Cargo.toml": '[workspace]\nmembers = ["app", "cli", "tasks/ls_lint"]\n',
        "app/Cargo.toml": '[package]\nname = "app"\nversion = "0.1.0"\n',
        "app/src/main.rs": "fn main() {}\n",
        "cli/Cargo.toml": '[package]\nname = "cli"\nversion = "0.1.0"\n',
        "cli/src/main.rs": "fn main() {}\n",
        "tasks/ls_lint/Cargo.toml": '[package]\nname = "ls-lint"\nversion = "0.1.0"\n',
        "tasks/ls_lint/src/main.rs": "fn main() {}\n",
        "CONTRIBUTING.md": "## Running\n\n```\ncargo run\n```\n",
    }
    run = bodies(make_project, files, name="wezterm")["workflow/run"]
    assert "`cargo run`" not in run and "ls-lint" not in run, run


def test_a_built_test_binary_and_a_benchmark_build_follow_the_make_target(make_project):
    # duckdb: AGENTS.md runs build/reldebug/test/unittest (after `make reldebug`); README's `BUILD_BENCHMARK=1 make`
    guide = "## Testing\n\n```bash\nbuild/reldebug/test/unittest\nBUILD_BENCHMARK=1 BUILD_TPCH=1 make\n```\n"
    files = {"CMakeLists.txt": "project(d CXX)\n", "src/a.cpp": "int a;\n", "AGENTS.md": guide,
             "Makefile": "unit:\n\tbuild/release/test/unittest\n", "CONTRIBUTING.md": "Run `make unit` to test.\n"}  # fmt: skip
    test = bodies(make_project, files, name="duckdb")["workflow/test"]
    assert test.startswith("To test: `make unit`"), test
    assert "BUILD_BENCHMARK" not in test, test


def test_a_grammars_neighbours_written_by_hand_or_by_another_generator(make_project):
    # verilator's V3PreLex.h beside V3PreLex.l, lfortran's parser.cpp including bison's parser.tab.hh,
    # open62541's grammar .c "automatically generated by Lemon" from its .y
    files = {
        "src/lexer.l": "%%\n", "src/lexer.h": "#pragma once\nint lex(void);\n",
        "src/parser.yy": "%%\n", "src/parser.cpp": '#include "parser.tab.hh"\nint parse() { return 0; }\n',
        "src/filter.y": "%%\n", "src/filter.c": "/* This file is automatically generated by Lemon from filter.y */\n",
        "Makefile": "all:\n\tcc src/*.c\n",
    }  # fmt: skip
    config = bodies(make_project, files, name="grammars").get("rules/config", "")
    assert "src/lexer.h" not in config and "src/parser.cpp" not in config, config
    assert "src/filter.c (by Lemon" in config, config


def test_an_mdbook_without_a_summary_builds_nothing(make_project):
    # wezterm's docs/book.toml is left from before its MkDocs site: docs/ has no SUMMARY.md
    files = {"docs/book.toml": '[book]\nsrc = "."\n', "docs/index.md": "# Docs\n", "docs/config.md": "# Config\n",
             "Cargo.toml": '[package]\nname = "w"\nversion = "0.1.0"\n', "src/main.rs": "fn main() {}\n"}  # fmt: skip
    learned = bodies(make_project, files, name="mdbookless")
    assert "mdbook" not in learned.get("workflow/docs", "").lower(), learned.get("workflow/docs")
    assert "mdBook" not in learned["layout/folders"], learned["layout/folders"]
    book = files | {"docs/SUMMARY.md": "- [Docs](index.md)\n"}
    assert "mdbook build docs" in bodies(make_project, book, name="mdbook")["workflow/docs"]


def test_versions_analysis_and_syntax_tree_in_the_ruby_and_c_check_roles(make_project):
    # skylight's lint job runs `bundle exec rubocop -v` first; its Rakefile makes Syntax Tree's write and check tasks
    rakefile = (
        "require 'rubocop/rake_task'\nrequire 'syntax_tree/rake_tasks'\nRuboCop::RakeTask.new\n"
        "[SyntaxTree::Rake::WriteTask, SyntaxTree::Rake::CheckTask].each { |t| t.new }\n"
    )
    ci = workflow("bundle exec rubocop -v", "bundle exec rubocop")
    files = {"Gemfile": "source 'https://rubygems.org'\ngem 'rubocop'\ngem 'syntax_tree'\n", "Rakefile": rakefile,
             "lib/s.rb": "module S; end\n", ".rubocop.yml": "AllCops:\n  NewCops: enable\n",
             ".github/workflows/ci.yml": ci}  # fmt: skip
    learned = bodies(make_project, files, name="skylight")
    assert "rubocop -v" not in learned["workflow/lint"], learned["workflow/lint"]
    assert learned["workflow/format"].startswith("To format: `bundle exec rake stree:write`"), learned[
        "workflow/format"
    ]
    # verilator's AGENTS.md: `make format` and `make cppcheck` under formatting; Makefile.in's clang-tidy target
    guide = "## Formatting\n\n```\nmake format\nmake cppcheck\n```\n"
    makefile = "format:\n\tclang-format -i src/*.cpp\ncppcheck:\n\tcppcheck src\nclang-tidy:\n\tclang-tidy src/*.cpp\n"
    files = {"configure.ac": "AC_INIT([v], [1])\n", "Makefile.in": makefile, "AGENTS.md": guide,
             "src/a.cpp": "int a;\n", ".clang-tidy": "Checks: '*,-llvm-*'\n"}  # fmt: skip
    learned = bodies(make_project, files, name="verilator")
    assert "cppcheck" not in learned["workflow/format"], learned["workflow/format"]
    assert "Makefile.in runs it" in learned["cpp/clang-tidy"], learned["cpp/clang-tidy"]


def test_a_spotless_check_the_pom_skips_is_switched_on(make_project):
    # openmrs-core: <spotless.check.skip>true</spotless.check.skip>, only its CI profile turns the check on
    pom = (
        "<project><modelVersion>4.0.0</modelVersion><artifactId>o</artifactId><properties>"
        "<spotless.check.skip>true</spotless.check.skip></properties><build><plugins><plugin>"
        "<groupId>com.diffplug.spotless</groupId><artifactId>spotless-maven-plugin</artifactId></plugin></plugins>"
        "</build></project>\n"
    )
    files = {"pom.xml": pom, "src/main/java/A.java": "class A {}\n"}
    lint = bodies(make_project, files, name="openmrs")["workflow/lint"]
    assert "spotless:check -Dspotless.check.skip=false`" in lint, lint


def test_setuptools_required_at_runtime_is_no_build_tool(make_project):
    # conda builds with hatchling and requires setuptools at runtime
    pyproject = (
        '[build-system]\nrequires = ["hatchling"]\nbuild-backend = "hatchling.build"\n'
        '[project]\nname = "c"\ndependencies = ["requests", "setuptools>=60"]\n'
    )
    files = {"pyproject.toml": pyproject, "c/__init__.py": "import requests\n"}
    stack = bodies(make_project, files, name="conda")["python/stack"]
    assert "setuptools" not in stack, stack


def test_go_commands_include_the_root_program_and_a_command_one_folder_deeper(make_project):
    # ollama's main command is the root main.go; kyverno's CLI is cmd/cli/kubectl-kyverno
    main = "package main\n\nfunc main() {}\n"
    files = {"go.mod": "module example.com/o\n\ngo 1.22\n", "main.go": main, "cmd/runner/main.go": main,
             "cmd/cli/kubectl-o/main.go": main, "server/s.go": "package server\n"}  # fmt: skip
    said = bodies(make_project, files, name="ollama")["go/entry-points"]
    assert "the root package (`go run .`)" in said and "cmd/cli/kubectl-o" in said, said


def test_a_design_documents_unresolved_questions_decide_nothing(make_project):
    # rolldown's internal-docs/dev-engine/design.md, "Unresolved Questions"
    design = (
        "# Dev engine design decisions\n\n## Watching\n\nWe watch the module graph's files because rebuilding on every change "
        "is too slow.\n\n## Unresolved Questions\n\n- Auto-recovery from missing imports, because the file was never "
        "parsed.\n"
    )
    files = {"docs/design.md": design, "src/a.rs": "fn a() {}\n", "Cargo.toml": '[package]\nname = "r"\n'}
    keys = [k for k in bodies(make_project, files, name="rolldown") if k.startswith("decision/design/")]
    assert keys and not [k for k in keys if "unresolved" in k], keys


def test_an_rst_footnote_mark_leaves_no_trace_in_the_summary(make_project):
    # paramiko's README.rst: "Paramiko is a pure-Python [#]_ implementation of the SSHv2 protocol [#]_, …"
    readme = (
        "Welcome to Paramiko!\n====================\n\nParamiko is a pure-Python [#]_ implementation of the SSHv2 "
        "protocol [#]_, providing both client and server functionality.\n"
    )
    files = {"README.rst": readme, "paramiko/__init__.py": "", "pyproject.toml": '[project]\nname = "paramiko"\n'}
    summary = bodies(make_project, files, name="paramiko")["project/summary"]
    assert "#_" not in summary and "pure-Python implementation of the SSHv2 protocol," in summary, summary


def test_a_moved_gradle_projects_benchmarks_run_by_its_project_path(make_project):
    # sirix: include(':sirix-benchmarks') with projectDir bundles/sirix-benchmarks
    settings = (
        "include(':sirix-benchmarks')\nproject(':sirix-benchmarks').projectDir = file('bundles/sirix-benchmarks')\n"
    )
    files = {"settings.gradle": settings, "build.gradle": "plugins { id 'java' }\n", "gradlew": "#!/bin/sh\n",
             "bundles/sirix-benchmarks/build.gradle": "plugins { id 'me.champeau.jmh' }\n",
             "bundles/sirix-benchmarks/src/jmh/java/B.java": "class B { @Benchmark void b() {} }\n",
             "src/main/java/A.java": "class A {}\n"}  # fmt: skip
    said = bodies(make_project, files, name="sirix")["jvm/benchmarks"]
    assert "`./gradlew :sirix-benchmarks:jmh`" in said, said


def test_a_laravel_package_is_built_on_laravels_components(make_project):
    # Laravel-Excel requires illuminate/support and phpoffice/phpspreadsheet, tests with orchestra/testbench
    composer = {
        "require": {"illuminate/support": "5.8.*|^11.0", "phpoffice/phpspreadsheet": "^1.18"},
        "require-dev": {"orchestra/testbench": "^9.0"},
    }
    files = {"composer.json": json.dumps(composer), "src/Excel.php": "<?php\nclass Excel {}\n"}
    stack = bodies(make_project, files, name="laravelexcel")["php/stack"]
    assert "built on Laravel components (illuminate/*), PhpSpreadsheet" in stack, stack
    assert "Orchestra Testbench" in stack, stack


def test_a_module_whose_parent_brings_the_reactors_boms_builds_them_for_one_test(make_project):
    # openhab-core: bundles/pom.xml, every bundle's parent, depends on the reactor's BOM module (type pom)
    root = (
        "<project><groupId>org.o</groupId><artifactId>reactor</artifactId><modules><module>bom</module>"
        "<module>bundles</module></modules></project>\n"
    )
    bom = "<project><parent><groupId>org.o</groupId><artifactId>reactor</artifactId></parent><artifactId>bom</artifactId></project>\n"
    bundles = (
        "<project><parent><groupId>org.o</groupId><artifactId>reactor</artifactId></parent>"
        "<artifactId>bundles</artifactId><modules><module>core</module></modules><dependencies><dependency>"
        "<groupId>org.o</groupId><artifactId>bom</artifactId><type>pom</type></dependency></dependencies></project>\n"
    )
    core = "<project><parent><groupId>org.o</groupId><artifactId>bundles</artifactId></parent><artifactId>core</artifactId></project>\n"
    files = {"pom.xml": root, "bom/pom.xml": bom, "bundles/pom.xml": bundles, "bundles/core/pom.xml": core,
             "bundles/core/src/main/java/o/A.java": "package o;\nclass A {}\n",
             "bundles/core/src/test/java/o/ATest.java": "package o;\nclass ATest { @Test void a() {} }\n"}  # fmt: skip
    one = bodies(make_project, files, name="openhab")["workflow/test-one"]
    assert "-pl bundles/core -am test" in one, one


def test_tidy_hooks_lint_nothing_and_runners_of_every_test_are_no_one_test(make_project):
    # erg's hooks: rustfmt, cargo-test and the whitespace fixers (clippy commented out); yosys' CI runs
    # `python3 tests/pyosys/run_tests.py`; literal's `bundle exec qt -t 1 "./test/**/*.test.rb"`
    config = (
        "repos:\n  - repo: local\n    hooks:\n      - id: rustfmt\n        name: rustfmt\n        entry: cargo fmt\n"
        "        language: system\n      - id: cargo-test\n        name: cargo test\n        entry: cargo test\n"
        "        language: system\n  - repo: https://github.com/pre-commit/pre-commit-hooks\n    rev: v4\n"
        "    hooks:\n      - id: end-of-file-fixer\n      - id: trailing-whitespace\n      - id: check-merge-conflict\n"
    )
    files = {"Cargo.toml": '[package]\nname = "e"\nversion = "0.1.0"\n', "src/lib.rs": "pub fn a() {}\n",
             ".pre-commit-config.yaml": config}  # fmt: skip
    assert "pre-commit" not in bodies(make_project, files, name="erg").get("workflow/lint", "")
    ci = workflow("python3 tests/run_tests.py", 'pytest "./tests/**/*_test.py"')
    files = PY_PROJECT | {".github/workflows/ci.yml": ci, "tests/run_tests.py": "import pytest\n"}
    one = bodies(make_project, files, name="yosys")["workflow/test-one"]
    assert "run_tests.py" not in one and "**" not in one, one


def test_a_rustfmt_config_that_switches_formatting_off_gives_no_formatter(make_project):
    # gifski's .rustfmt.toml: disable_all_formatting = true, "Please don't apply rustfmt to code in this project"
    files = {"Cargo.toml": '[package]\nname = "g"\nversion = "0.1.0"\n', "src/lib.rs": "pub fn a() {}\n",
             ".rustfmt.toml": 'disable_all_formatting = true\nignore = ["/"]\n'}  # fmt: skip
    learned = bodies(make_project, files, name="gifski")
    assert "cargo fmt" not in learned.get("workflow/format", ""), learned.get("workflow/format")
    assert "switched off" in learned["style/rust"], learned["style/rust"]


def test_nx_migrate_and_celerys_broker_are_no_database_work(make_project):
    # ghostfolio's `npx nx migrate latest` upgrades Nx; paperless-ngx's Redis is Celery's broker
    guide = "## Migrations\n\n```\nnpx nx migrate latest\n```\n"
    package = {"name": "g", "devDependencies": {"nx": "^20"}}
    files = {"package.json": json.dumps(package), "package-lock.json": "{}", "DEVELOPMENT.md": guide,
             "apps/api/main.ts": "export {};\n", "tsconfig.json": "{}"}  # fmt: skip
    assert "nx migrate" not in bodies(make_project, files, name="ghostfolio").get("workflow/migrate", "")
    pyproject = '[project]\nname = "p"\ndependencies = ["django", "celery[redis]", "redis"]\n'
    files = {"pyproject.toml": pyproject, "src/p/__init__.py": "import celery\n"}
    stack = bodies(make_project, files, name="paperless")["python/stack"]
    assert "Redis" not in stack and "Celery" in stack, stack


def test_a_rails_apps_package_json_neither_names_the_project_nor_makes_it_an_npm_library(make_project):
    # gumroad: package.json "description": "NPM Packages for Gumroad", "main": "index.js"; the app is Ruby
    package = {"name": "gumroad", "description": "NPM Packages for Gumroad", "main": "index.js",
               "dependencies": {"react": "^18"}}  # fmt: skip
    ruby = {f"app/models/m{i}.rb": f"class M{i}; end\n" for i in range(12)}
    files = ruby | {"Gemfile": "source 'https://rubygems.org'\ngem 'rails'\n", "package.json": json.dumps(package),
                    "package-lock.json": "{}", "app/javascript/a.tsx": "export const a = 1;\n",
                    "tsconfig.json": "{}", "index.js": "module.exports = {};\n"}  # fmt: skip
    learned = bodies(make_project, files, name="gumroad")
    assert "NPM Packages" not in learned.get("project/summary", ""), learned.get("project/summary")
    assert "a library (npm package)" not in learned["javascript/stack"], learned["javascript/stack"]


def test_an_emptied_vendor_folder_and_a_docs_site_build_are_not_what_they_seem(make_project):
    # mbedtls' 3rdparty/ keeps only its .gitignore; paperless-ngx's guide builds its docs with `uv run zensical build`
    guide = "## Building\n\n```\nuv run zensical build\n```\n"
    files = PY_PROJECT | {"3rdparty/.gitignore": "*\n", "CONTRIBUTING.md": guide, "3rdparty/keep/.keep": ""}
    learned = bodies(make_project, files, name="mbedtls")
    assert "3rdparty/" not in learned["layout/folders"], learned["layout/folders"]
    assert "zensical" not in learned.get("workflow/build", ""), learned.get("workflow/build")


def test_a_called_workflow_is_said_to_run_when_its_callers_call_it(make_project):
    # mmtk's binding-tests-openjdk.yml is `on: workflow_call`, called by its pull-request workflows
    caller = (
        "on: [pull_request]\njobs:\n  call:\n    uses: ./.github/workflows/bindings.yml\n"
        "  t:\n    runs-on: ubuntu-latest\n    steps:\n      - run: cargo test\n"
    )
    called = (
        "on: workflow_call\njobs:\n  test:\n    runs-on: ubuntu-latest\n    steps:\n      - run: cargo test --all\n"
    )
    files = {"Cargo.toml": '[package]\nname = "m"\nversion = "0.1.0"\n', "src/lib.rs": "pub fn a() {}\n",
             ".github/workflows/extended.yml": caller, ".github/workflows/bindings.yml": called,
             ".github/workflows/main.yml": workflow("cargo build")}  # fmt: skip
    ci = bodies(make_project, files, name="mmtk")["ci"]
    assert ".github/workflows/bindings.yml (jobs test), run when extended.yml calls it" in ci, ci


def test_codeception_suites_run_through_codecept_and_a_live_sites_docs_are_no_build(make_project):
    # the-events-calendar: codeception.dist.yml, lucatume/wp-browser, tests/wpunit.suite.dist.yml; its CI lints
    # the REST docs a running WordPress serves (`npm run spectral -- http://localhost:8888/...`)
    composer = {"require-dev": {"lucatume/wp-browser": "3.2.3", "phpunit/phpunit": "^9"}}
    ci = workflow("npm run spectral -- http://localhost:8888/wp-json/tec/v1/docs/")
    package = {
        "name": "tec",
        "scripts": {"spectral": "spectral lint"},
        "devDependencies": {"@stoplight/spectral": "^6"},
    }
    files = {"composer.json": json.dumps(composer), "codeception.dist.yml": "paths:\n  tests: tests\n",
             "tests/wpunit.suite.dist.yml": "actor: WpunitTester\n", "tests/wpunit/EventTest.php": "<?php\n",
             "src/Events.php": "<?php\nclass Events {}\n", ".github/workflows/ci.yml": ci,
             "package.json": json.dumps(package), "package-lock.json": "{}"}  # fmt: skip
    learned = bodies(make_project, files, name="tec")
    assert learned["workflow/test"].startswith("To test: `vendor/bin/codecept run wpunit`"), learned["workflow/test"]
    assert "codecept run wpunit tests/wpunit/EventTest.php" in learned["workflow/test-one"], learned[
        "workflow/test-one"
    ]
    assert "localhost" not in learned.get("workflow/docs", ""), learned.get("workflow/docs")


def test_composer_events_zip_steps_go_diffs_placeholders_and_the_rustfmt_file_rustfmt_reads(make_project):
    # lang's format script sits under composer's post-update-cmd event; coursemology's CI zips its test results;
    # fyne's CI runs `gofumpt -d -e .`; checker-framework's pyproject says uv init's "Add your description here";
    # wasmCloud keeps .rustfmt.toml (which rustfmt reads first) beside rustfmt.toml
    composer = {"require-dev": {"phpunit/phpunit": "^10"}, "scripts": {"post-update-cmd": "php-cs-fixer fix"}}
    files = {"composer.json": json.dumps(composer), "src/A.php": "<?php\nclass A {}\n", ".php-cs-fixer.php": "<?php\n",
             "tests/ATest.php": "<?php\nclass ATest {}\n",
             ".github/workflows/ci.yml": workflow("zip -r test-results.zip workspace/*")}  # fmt: skip
    learned = bodies(make_project, files, name="lang")
    assert "post-update-cmd" not in learned.get("workflow/format", ""), learned.get("workflow/format")
    assert "zip" not in learned.get("workflow/test", ""), learned.get("workflow/test")
    files = {"go.mod": "module example.com/f\n\ngo 1.22\n", "f.go": "package f\n",
             ".github/workflows/ci.yml": workflow("gofumpt -d -e .")}  # fmt: skip
    assert not bodies(make_project, files, name="fyne")["workflow/format"].startswith("To format: `gofumpt -d")
    files = {"pyproject.toml": '[project]\nname = "c"\ndescription = "Add your description here"\n', "c.py": ""}
    assert "project/summary" not in bodies(make_project, files, name="checker")
    files = {"Cargo.toml": '[package]\nname = "w"\nversion = "0.1.0"\n', "src/lib.rs": "pub fn a() {}\n",
             ".rustfmt.toml": 'edition = "2024"\n', "rustfmt.toml": "max_width = 80\n"}  # fmt: skip
    style = bodies(make_project, files, name="wasmcloud")["style/rust"]
    assert "edition = 2024" in style and "max_width" not in style, style


def test_a_rails_apps_preparation_steps_are_not_its_tests_and_its_js_specs_stay_an_alternative(make_project):
    # littlesis' DEVELOPMENT.md lists `docker compose exec -e RAILS_ENV=test app bundle exec rails db:reset` and
    # `… rails assets:precompile` before rspec; its package.json `test` runs the mocha specs
    guide = (
        "## Testing\n\n```\ndocker compose exec -e RAILS_ENV=test app bundle exec rails db:reset\n"
        "docker compose exec -e RAILS_ENV=test app bundle exec rails assets:precompile\n"
        "docker compose exec -e RAILS_ENV=test app rspec\n```\n"
    )
    package = {"scripts": {"test": "mocha spec/javascripts"}, "devDependencies": {"mocha": "^10"}}
    files = RUBY_APP | {"DEVELOPMENT.md": guide, ".rspec": "--require spec_helper\n", "spec/a_spec.rb": "describe 1\n",
                        "package.json": json.dumps(package), "package-lock.json": "{}",
                        "spec/javascripts/a.test.mjs": "describe('a', () => {});\n",
                        "docker-compose.yml": "services:\n  app:\n    build: .\n", "app/javascript/a.js": "x();\n"}  # fmt: skip
    test = bodies(make_project, files, name="littlesis")["workflow/test"]
    assert test.startswith("To test: `docker compose exec -e RAILS_ENV=test app rspec`"), test
    assert "db:reset" not in test and "assets:precompile" not in test, test
    assert "`npm test`" in test, test


def test_cluster_set_up_test_builds_and_a_test_watcher_are_neither_tests_nor_runs(make_project):
    # fluvio's CI: `make build-test` and `kubectl create ns …` before `make run-all-unit-test`; compodoc's
    # `start` is `npm run test:watch`
    ci = workflow("make build-test", "kubectl create ns fluvio", "make run-all-unit-test")
    makefile = "build-test:\n\tcargo build --tests\nrun-all-unit-test:\n\tcargo test --lib\n"
    files = {"Cargo.toml": '[package]\nname = "f"\nversion = "0.1.0"\n', "src/lib.rs": "pub fn a() {}\n",
             "Makefile": makefile, ".github/workflows/ci.yml": ci}  # fmt: skip
    test = bodies(make_project, files, name="fluvio")["workflow/test"]
    assert "build-test" not in test and "kubectl" not in test, test
    scripts = {"start": "npm run test:watch", "test:watch": "npm-watch build", "build": "tsc"}
    package = {"name": "compodoc", "bin": {"compodoc": "bin/index.js"}, "scripts": scripts}
    files = {"package.json": json.dumps(package), "package-lock.json": "{}", "bin/index.js": "run();\n",
             "src/a.ts": "export {};\n", "tsconfig.json": "{}"}  # fmt: skip
    assert "npm run start" not in bodies(make_project, files, name="compodoc").get("workflow/run", "")
