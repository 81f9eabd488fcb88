"""Causes found in the forty-ninth round by reading the judgements of sets 209–212: make targets defined together
(pypiserver), npm's `npm t` (jsonata), a tox.ini whose requirements file is gone and a uv project whose plain sync
installs no group (sshuttle), black listed but never run (sshuttle), expected outputs counted as a language
(edge), commands that rewrite snapshots, package for Debian or create a database read as steps (egui,
git-interactive-rebase-tool, laravel-migrations-generator), a benchmark task read as a test task (blueprinter), a
bare `go test` at a root without Go files (datadog-go), a guide that sets up with uv though uv.lock is ignored and
an integration test given as the example (toot), a RuboCop config that runs Standard (vite_ruby), a workflow put
away as .bak (jsoncons) and a function's own 'use strict' read as the file's (jsonata)."""

from __future__ import annotations

from tests.profile.learned import bodies

PY_PACKAGE = {"pyproject.toml": '[project]\nname = "srv"\nversion = "1"\n', "srv/__init__.py": "x = 1\n",
              "tests/test_app.py": "def test_root():\n    pass\n"}  # fmt: skip


def _ci(*steps: str) -> str:
    runs = "".join(f"      - run: {step}\n" for step in steps)
    return f"on: [push]\njobs:\n  build:\n    runs-on: ubuntu-latest\n    steps:\n      - uses: actions/checkout@v4\n{runs}"


def test_targets_defined_together_in_one_rule_are_each_a_target(make_project):
    makefile = ".PHONY: test\ntest test-3.x: pyproject.toml\n\tuv run --isolated --group test pytest tests\n"
    learned = bodies(make_project, {**PY_PACKAGE, "Makefile": makefile}, "pypiserver")
    assert learned["workflow/test"].startswith("To test: `make test` — from Makefile target `test`")


def test_npm_t_is_the_test_command_whatever_the_guide_says_around_it(make_project):
    guide = "# Contributing\n\nThe tests can be run with `npm t`, which also lints to check the formatting.\n"
    files = {"package.json": '{"name": "q", "scripts": {"lint": "eslint src"}}', "src/q.js": "x\n",
             "CONTRIBUTING.md": guide}  # fmt: skip
    learned = bodies(make_project, files, "jsonata")
    assert "format" not in {k.split("/")[-1] for k in learned if k.startswith("workflow/")}
    assert learned["workflow/test"].startswith("To test: `npm t`")


UV_GROUPS = (
    '[project]\nname = "vpn"\nversion = "1"\n\n[dependency-groups]\ndev = ["pytest", "flake8", "black"]\n\n'
    "[tool.uv]\ndefault-groups = []\n"
)
TOX = "[tox]\nenvlist = py310, py311\n\n[testenv]\ncommands =\n    pytest\ndeps =\n    -rrequirements-tests.txt\n"
SINGLE_QUOTED = "".join(f"NAME_{i} = 'value {i}'\n" for i in range(60))


def test_a_uv_project_with_no_default_groups_syncs_its_dev_group_and_skips_a_broken_tox(make_project):
    files = {"pyproject.toml": UV_GROUPS, "uv.lock": "version = 1\n", "vpn/__init__.py": SINGLE_QUOTED,
             "tests/test_vpn.py": "def test_a():\n    pass\n", "tox.ini": TOX}  # fmt: skip
    learned = bodies(make_project, files, "sshuttle")
    assert learned["workflow/install"].startswith("To install: `uv sync --group dev`")
    assert "tox" not in learned["workflow/test"]  # requirements-tests.txt is gone: every env fails to install
    assert "workflow/format" not in learned  # black is listed, but the code was never formatted with it
    kept = bodies(make_project, {**files, "requirements-tests.txt": "pytest\n"}, "sshuttle-tox")
    assert kept["workflow/test"].startswith("To test: `tox`")
    black = {**files, "vpn/__init__.py": SINGLE_QUOTED.replace("'", '"')}
    assert "black ." in bodies(make_project, black, "sshuttle-black")["workflow/format"]


def test_templates_expected_outputs_in_root_fixture_folders_are_no_language(make_project):
    files = {"package.json": '{"name": "edge"}', "tsconfig.json": "{}", "src/compiler.ts": "export const a = 1;\n" * 200,
             **{f"fixtures/tag-{i}/compiled.js": "let out = '';\n" * 40 for i in range(20)},
             **{f"async_fixtures/tag-{i}/compiled.js": "let out = '';\n" * 40 for i in range(5)}}  # fmt: skip
    assert bodies(make_project, files, "edge")["languages"].startswith("Languages by share of source: TypeScript 100%")


CARGO = '[package]\nname = "gui"\nversion = "0.1.0"\nedition = "2021"\n'


def test_snapshot_updates_and_debian_packages_are_no_test_or_build(make_project):
    guide = ("# Contributing\n\nRun the tests:\n\n```\nUPDATE_SNAPSHOTS=true cargo test --workspace\n```\n\n"
             "Build the Debian package:\n\n```\ncargo make build-deb\n```\n")  # fmt: skip
    files = {"Cargo.toml": CARGO, "src/lib.rs": "pub fn a() {}\n", "CONTRIBUTING.md": guide}
    learned = bodies(make_project, files, "egui")
    assert "UPDATE_SNAPSHOTS" not in learned["workflow/test"] and "build-deb" not in learned["workflow/build"]


def test_a_database_client_creating_ci_s_database_is_no_migration(make_project):
    ci = (
        "on: [push]\njobs:\n  test:\n    runs-on: ubuntu-latest\n    steps:\n      - uses: actions/checkout@v4\n"
        "      - name: SQL Server Create Database\n        run: |\n          # Create DB\n"
        "          sqlcmd -S 127.0.0.1 -U sa -P '!QAZ2wsx' -Q 'CREATE DATABASE migration' -C -b\n"
        "      - run: vendor/bin/phpunit\n"
    )
    files = {"composer.json": '{"name": "k/gen", "require-dev": {"phpunit/phpunit": "^11"}}', "src/Gen.php": "<?php\n",
             "phpunit.xml.dist": "<phpunit/>\n", ".github/workflows/tests.yml": ci,
             "tests/resources/database/migrations/2020_create_users.php": "<?php\n"}  # fmt: skip
    assert "workflow/migrate" not in bodies(make_project, files, "generator")


def test_a_benchmark_test_task_gives_no_one_test_command(make_project):
    rakefile = (
        "require 'rake/testtask'\n\nRake::TestTask.new(:benchmarks) do |t|\n  t.libs << 'spec'\n"
        "  t.pattern = 'spec/benchmarks/**/*_test.rb'\nend\n"
    )
    files = {"Rakefile": rakefile, "Gemfile": "gem 'rspec'\n", "lib/bp.rb": "module Bp; end\n", ".rspec": "--require spec_helper\n",
             "spec/benchmarks/big_o_test.rb": "class BigOTest; end\n", "spec/units/view_spec.rb": "describe 'view' do\nend\n"}  # fmt: skip
    assert "rake benchmarks" not in bodies(make_project, files, "blueprinter").get("workflow/test-one", "")


def test_a_bare_go_test_at_a_root_without_go_files_is_no_test_command(make_project):
    readme = "# statsd\n\n## Development\n\nRun the tests with:\n\n```\ngo test\n```\n"
    files = {"go.mod": "module example.com/dd\n\ngo 1.22\n", "README.md": readme, "statsd/statsd.go": "package statsd\n",
             "statsd/statsd_test.go": 'package statsd\n\nimport "testing"\n\nfunc TestA(t *testing.T) {}\n'}  # fmt: skip
    assert bodies(make_project, files, "datadog-go")["workflow/test"].startswith("To test: `go test ./...`")


def test_a_guide_that_runs_uv_makes_uv_the_manager_though_uv_lock_is_ignored(make_project):
    guide = "# Contributing\n\nSet up with uv and run the program:\n\n```\nuv run toot\n```\n"
    tests = {"tests/integration/test_accounts.py": "def test_whoami():\n    pass\n",
             "tests/test_config.py": "def test_extract():\n    pass\n"}  # fmt: skip
    files = {**PY_PACKAGE, **tests, "CONTRIBUTING.md": guide, ".gitignore": "uv.lock\n", "pytest.ini": "[pytest]\n"}
    del files["tests/test_app.py"]
    learned = bodies(make_project, files, "toot")
    assert "package manager uv" in learned["python/packaging"]
    assert "tests/test_config.py::test_extract" in learned["workflow/test-one"]  # not the live-server test


def test_a_rubocop_config_that_lists_standard_is_run_by_rubocop(make_project):
    config = "require:\n  - standard\n  - rubocop-performance\n\ninherit_gem:\n  standard: config/ruby-3.0.yml\n"
    gemfile = (
        'source "https://rubygems.org"\ngem "rubocop"\ngem "rubocop-performance"\ngem "standard", require: false\n'
    )
    files = {"Gemfile": gemfile, ".rubocop.yml": config, "lib/vite.rb": "module Vite; end\n"}
    learned = bodies(make_project, files, "vite_ruby")
    assert learned["workflow/format"].startswith("To format: `bundle exec rubocop -a`")


def test_a_workflow_put_away_as_bak_runs_nothing(make_project):
    tidy = _ci("clang-tidy -p build src/a.cpp")
    files = {"CMakeLists.txt": "project(j CXX)\n", "src/a.cpp": "int a() { return 0; }\n", ".clang-tidy": "Checks: 'misc-*'\n",
             ".github/workflows/clang-tidy.yml.bak": tidy}  # fmt: skip
    assert "clang-tidy.yml.bak" not in bodies(make_project, files, "jsoncons")["cpp/clang-tidy"]


def test_a_use_strict_inside_a_module_function_is_not_the_file_s_opening(make_project):
    module = "/**\n * (c) Example\n */\n\nconst utils = require('./utils');\n\nfunction f() {\n    'use strict';\n}\n"
    files = {"package.json": '{"name": "q"}', **{f"src/m{i}.js": module for i in range(8)}}
    assert "use strict" not in bodies(make_project, files, "jsonata").get("rules/file-headers", "")
    opening = "'use strict';\n\nconst a = 1;\n"
    strict = {"package.json": '{"name": "q"}', **{f"src/m{i}.js": opening for i in range(8)}}
    assert "`'use strict'`" in bodies(make_project, strict, "strict")["rules/file-headers"]


def test_a_changelog_a_major_version_behind_the_package_gives_no_rule(make_project):
    changelog = "".join(
        f"## [1.1.{i}](https://x/compare) (2018-01-2{i})\n\n- **tag:** fix {i}\n\n" for i in range(4, 0, -1)
    )
    files = {
        "package.json": '{\n  "name": "edge",\n  "version": "6.0.2"\n}',
        "src/a.ts": "x\n",
        "CHANGELOG.md": changelog,
    }
    assert "rules/changelog" not in bodies(make_project, files, "edge")
    current = {**files, "package.json": '{\n  "name": "edge",\n  "version": "1.1.4"\n}'}
    assert "rules/changelog" in bodies(make_project, current, "edge-current")


def test_a_single_header_library_copied_in_is_not_the_project_s_cpp(make_project):
    files = {"base/loop.c": "int loop(void) { return 0; }\n" * 2000, "base/loop.h": "int loop(void);\n",
             "cpputil/json.hpp": "// nlohmann json\n" + "template <class T> T f(T t) { return t; }\n" * 12_000,
             "http/Server.cpp": "int serve() { return 0; }\n" * 300}  # fmt: skip
    languages = bodies(make_project, files, "libhv")["languages"]
    assert "Main language: C." in languages and ".h headers count as C++" not in languages


def test_a_run_script_that_hands_its_arguments_to_a_program_has_no_tasks(make_project):
    run = '#!/usr/bin/env sh\nset -e\n\nbest() {\n  exec python3 "$@"\n}\n\nbest -m "vpn" "$@"\n'
    files = {**PY_PACKAGE, "run": run}
    assert "tasks/run" not in bodies(make_project, files, "sshuttle")
    dispatcher = '#!/usr/bin/env bash\nset -e\n\nlint() {\n  golangci-lint run\n}\n\n"$@"\n'
    assert "`./run lint`" in bodies(make_project, {**PY_PACKAGE, "run": dispatcher}, "plsdo")["tasks/run"]


def test_a_description_that_only_repeats_the_name_is_no_summary(make_project):
    composer = '{"name": "silverstripe/framework", "description": "The SilverStripe framework", "type": "library"}'
    files = {"composer.json": composer, "src/Control.php": "<?php\n", "README.md": "# Silverstripe Framework\n"}
    assert "project/summary" not in bodies(make_project, files, "silverstripe-framework")


def test_an_example_built_only_on_request_is_no_example_program(make_project):
    generator = "//go:build ignore\n\npackage main\n\nfunc main() {}\n"
    files = {"go.mod": "module example.com/avo\n\ngo 1.22\n", "build/build.go": "package build\n",
             "examples/add/asm.go": generator, "examples/add/add.go": "package add\n"}  # fmt: skip
    assert "go/examples" not in bodies(make_project, files, "avo")
    program = {**files, "examples/add/asm.go": generator.replace("//go:build ignore\n\n", "")}
    assert "`go run ./examples/add`" in bodies(make_project, program, "avo-run")["go/examples"]


def test_a_requirement_only_windows_files_import_is_not_what_the_client_is_built_on(make_project):
    go_mod = "module example.com/dd\n\ngo 1.22\n\nrequire github.com/Microsoft/go-winio v0.6.2\n"
    files = {"go.mod": go_mod, "statsd/udp.go": 'package statsd\n\nimport "net"\n\nvar _ net.Conn\n',
             "statsd/pipe_windows.go": 'package statsd\n\nimport "github.com/Microsoft/go-winio"\n\nvar _ = winio.DialPipe\n'}  # fmt: skip
    stack = bodies(make_project, files, "datadog-go")["go/stack"]
    assert "built on" not in stack and "go-winio in its platform-specific files" in stack
