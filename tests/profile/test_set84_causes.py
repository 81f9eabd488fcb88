"""Causes judged on sets 84 and 82 (issue 17, forty-first round, both run on `1a536427`): a README's "Run Tests"
section and the test program its CMake build makes, an `integration` script, composer's `phpunit` and `behat`
scripts for one test, an agent file of paragraphs and code blocks, browser libraries copied into a Go server's
assets, a `dev` target that only builds, a shell wrapper as a composer program, a CLAUDE.md that only imports
AGENTS.md, Groovy sources, Pest files not named *Test.php and README sections that repeat one notice."""

from __future__ import annotations

from tests.profile.learned import bodies


def test_a_readmes_run_tests_section_gives_the_program_the_cmake_build_makes(make_project):
    readme = "# redis-plus-plus\n\nA C++ client for Redis.\n\n## Run Tests (Optional)\n\nIn order to run tests with " \
             "Redis, run the test program:\n\n```shell\n./build/test/test_redis++ -h host -p port -a auth\n```\n"  # fmt: skip
    files = {"CMakeLists.txt": "project(redis++)\nadd_library(redis++ src/redis.cpp)\nadd_subdirectory(test)\n",
             "src/redis.cpp": "int x;\n", "src/redis.h": "int f();\n", "test/CMakeLists.txt": "project(test_redis++)\n"
             "add_executable(${PROJECT_NAME} src/test_main.cpp)\n", "test/src/test_main.cpp": "int main() {}\n",
             "README.md": readme}  # fmt: skip
    assert bodies(make_project, files, name="rpp")["workflow/test"].startswith(
        "To test: `./build/test/test_redis++ -h host -p port -a auth` — from README.md"
    )


def test_an_integration_script_beside_npm_test(make_project):
    pkg = '{"name": "ws", "scripts": {"test": "mocha test/*.test.js", "integration": "mocha test/*.integration.js"},' \
          ' "devDependencies": {"mocha": "^10"}}'  # fmt: skip
    files = {"package.json": pkg, "package-lock.json": "{}", "lib/websocket.js": "module.exports = 1;\n",
             "test/websocket.test.js": "it('works', () => {});\n"}  # fmt: skip
    assert "`npm run integration`" in bodies(make_project, files, name="ws")["workflow/test"]


def test_composer_scripts_run_one_test_and_a_shell_wrapper_program(make_project):
    composer = '{"name": "wp-cli/wp-cli", "bin": ["bin/wp"], "scripts": {"phpunit": "run-php-unit-tests", ' \
               '"behat": "run-behat-tests", "test": ["@phpunit", "@behat"]}}'  # fmt: skip
    files = {"composer.json": composer, "bin/wp": "#!/usr/bin/env sh\nexec php \"$(dirname $0)/../php/boot-fs.php\"\n",
             "php/boot-fs.php": "<?php\n", "features/cli.feature": "Feature: cli\n",
             "tests/UtilsTest.php": "<?php\nclass UtilsTest {}\n"}  # fmt: skip
    learned = bodies(make_project, files, name="wp-cli")
    assert learned["workflow/test-one"].startswith("To run one test: `composer phpunit -- --filter '<test name>'`")
    assert "`composer behat -- features/<name>.feature`" in learned["workflow/test-one"]
    assert learned["workflow/run"].startswith("To run: `bin/wp`")


def test_an_agent_file_of_paragraphs_keeps_the_commands_its_lead_ins_introduce(make_project):
    agents = "# Instructions\n\n## Building\n\nBuild the project with:\n\n```bash\ncargo build\n```\n\n## Testing\n\n" \
             "Run tests with:\n\n```bash\ncargo test --all-features\n```\n\nNew tests go beside the module they " \
             "test.\n\nTests under `testdata/` keep a `Cargo_test.toml`.\n\nKeep NEWS.md up to date.\n"  # fmt: skip
    files = {"Cargo.toml": '[package]\nname = "cm"\nversion = "0.1.0"\n', "src/main.rs": "fn main() {}\n",
             "AGENTS.md": agents}  # fmt: skip
    rules = bodies(make_project, files, name="cm")["rules/AGENTS.md"]
    assert "Build the project with: `cargo build`" in rules and "`cargo test --all-features`" in rules
    assert "Keep NEWS.md up to date." in rules and not any(line.endswith(":") for line in rules.split("\n")[1:] if
                                                           line.startswith("- "))  # fmt: skip


def test_browser_libraries_in_a_go_servers_assets_and_a_dev_target_that_builds(make_project):
    files = {"go.mod": "module github.com/sosedoff/pgweb\n\ngo 1.22\n", "main.go": "package main\n\nfunc main() {}\n",
             **{f"pkg/api/api{i}.go": "package api\n\n" + "func F() {}\n" * 40 for i in range(4)},
             "static/js/ace.js": "var ace = 1;\n" * 3000, "static/js/jquery.js": "var $ = 1;\n" * 2000,
             "static/js/app.js": "function app() {}\n" * 30,
             "Makefile": "dev:\n\tgo build\n\t@echo \"You can now execute ./pgweb\"\n\ntest:\n\tgo test ./...\n"}  # fmt: skip
    learned = bodies(make_project, files, name="pgweb")
    assert learned["languages"].endswith("Main language: Go.") and learned["languages"].startswith(
        "Languages by share of source: Go"
    )
    assert "static/js" not in learned["layout/source"]
    assert "make dev" not in learned.get("workflow/run", "")


def test_a_claude_file_that_only_imports_agents_md_is_no_memory(make_project):
    files = {"pom.xml": "<project><artifactId>ra</artifactId></project>", "src/main/java/A.java": "class A {}\n",
             "CLAUDE.md": "# CLAUDE.md\n\nProject guidance for Claude Code lives in [AGENTS.md](AGENTS.md).\n\n"
                          "@AGENTS.md\n", "AGENTS.md": "# Agents\n\n- Add a changelog entry for user-facing changes.\n"}  # fmt: skip
    learned = bodies(make_project, files, name="ra")
    assert "rules/CLAUDE.md" not in learned and "changelog entry" in learned["rules/AGENTS.md"]


def test_groovy_sources_pest_files_and_repeated_readme_notices(make_project):
    files = {"pom.xml": "<project><artifactId>ra</artifactId></project>",
             "src/main/java/io/A.java": "class A {}\n" * 50,
             "src/main/groovy/io/Impl.groovy": "class Impl {}\n" * 20}  # fmt: skip
    assert "Groovy" in bodies(make_project, files, name="ra")["languages"]
    notice = "OpenAI has deprecated the Assistants API and it will stop working by August 26, 2026."
    readme = f"# client\n\nA PHP client.\n\n## Usage\n\n### `Assistants` Resource (deprecated)\n\n{notice}\n\n" \
             f"### `Threads` Resource (deprecated)\n\n{notice}\n"  # fmt: skip
    files = {"composer.json": '{"name": "openai-php/client", "require-dev": {"pestphp/pest": "^3"}}',
             "src/Client.php": "<?php\nclass Client {}\n", "tests/Pest.php": "<?php\n", "README.md": readme,
             **{f"tests/Resources/R{i}.php": f"<?php\n\ntest('resource {i}', function () {{}});\n" for i in range(3)}}  # fmt: skip
    learned = bodies(make_project, files, name="client")
    assert learned["layout/tests"].startswith("3 test files")
    assert sum(notice[:40] in body for body in learned.values()) == 1


def test_a_submodules_setup_and_a_narrowed_build_are_not_the_projects(make_project):
    guide = "# Contributing\n\nSet up with `npm install`.\n\n- `build` - compiles all packages. Pass package " \
            "directories after `--` to build only some, for example `npm run build -- . hooks compat`\n\n" \
            "## Benchmarks\n\nThe benchmarks live in a submodule:\n\n```bash\ngit submodule update --init\n" \
            "cd benchmarks\npnpm i\n```\n"  # fmt: skip
    files = {"package.json": '{"name": "preact", "scripts": {"build": "node ./scripts/build.mjs"}}',
             "package-lock.json": "{}", "src/index.js": "export default 1;\n", "CONTRIBUTING.md": guide,
             ".gitmodules": '[submodule "benchmarks"]\n\tpath = benchmarks\n\turl = https://github.com/preactjs/'
                            'benchmarks\n'}  # fmt: skip
    learned = bodies(make_project, files, name="preact")
    assert (
        learned["workflow/install"].startswith("To install: `npm install`")
        and "pnpm" not in learned["workflow/install"]
    )
    assert learned["workflow/build"].startswith("To build: `npm run build` (node ./scripts/build.mjs)")


def test_expected_outputs_of_the_tests_are_no_language(make_project):
    files = {"Cargo.toml": '[package]\nname = "cbindgen"\nversion = "0.1.0"\n', "src/lib.rs": "pub fn f() {}\n" * 20,
             **{f"tests/expectations/case{i}.c": "int f(void);\n" * 30 for i in range(5)},
             **{f"tests/expectations/case{i}.pyx": "cdef int f()\n" * 30 for i in range(5)}}  # fmt: skip
    assert bodies(make_project, files, name="cbindgen")["languages"].startswith(
        "Languages by share of source: Rust 100%"
    )


SLIM_RAKEFILE = """require 'rake/testtask'

task 'test' => %w(test:core test:logic_less)

namespace 'test' do
  Rake::TestTask.new('core') do |t|
    t.libs << 'lib' << 'test/core'
    t.test_files = FileList['test/core/test_*.rb']
  end

  Rake::TestTask.new('logic_less') do |t|
    t.libs << 'lib' << 'test/core'
    t.test_files = FileList['test/logic_less/test_*.rb']
  end
end

task default: 'test'
"""


def test_named_test_tasks_in_a_namespace_run_one_file(make_project):
    test = "require 'helper'\n\nclass TestCodeBlocks < TestSlim\n  def test_render\n    assert true\n  end\nend\n"
    files = {"slim.gemspec": "Gem::Specification.new do |s|\n  s.name = 'slim'\nend\n",
             "Gemfile": "source 'https://rubygems.org'\ngemspec\ngem 'minitest'\n", "Rakefile": SLIM_RAKEFILE,
             "lib/slim.rb": "module Slim\nend\n", "test/core/helper.rb": "require 'minitest/autorun'\n",
             "test/core/test_code_blocks.rb": test, "test/logic_less/test_logic_less.rb": test}  # fmt: skip
    one = bodies(make_project, files, name="slim")["workflow/test-one"]
    assert one.startswith("To run one test: `bundle exec rake test:core TEST=test/core/test_<name>.rb`")
    assert "TEST=test/test_" not in one and "-Itest/core" in one
