"""Causes found in the forty-sixth round by reading the judged faults of sets 165–168: a library's `cargo run`,
a bare UPCOMING heading, a package's own cmd/ folder, a `#` inside quotes, report paths, a Gradle build that runs
npm, inline Rust tests, a test file that declares none, a guide's ban, golangci-lint's formatters, a private
pyproject.toml, JUnit 3 style test cases and a style check named check-style."""

from __future__ import annotations

from tests.profile.learned import bodies


def test_a_readmes_cargo_run_for_a_library_is_dropped(make_project):
    readme = "# macroquad\n\n## Development\n\nRun your game:\n\n```sh\ncargo run\n```\n"
    files = {"Cargo.toml": '[package]\nname = "macroquad"\n', "src/lib.rs": "pub fn window() {}\n", "README.md": readme}
    assert "cargo run" not in bodies(make_project, files, name="macroquad").get("workflow/run", "")


def test_a_bare_upcoming_heading_is_where_changes_go(make_project):
    changelog = "## UPCOMING\n\n- Bugfix: the bottom bar shows `token`.\n\n## 1.16.1\n\n- Feature: add `--natmap`.\n"
    files = {"pyproject.toml": '[project]\nname = "iredis"\n', "iredis/__init__.py": "", "CHANGELOG.md": changelog}
    rule = bodies(make_project, files, name="iredis")["rules/changelog"]
    assert "changes go under the upcoming release's heading (UPCOMING)" in rule


def test_a_packages_own_cmd_folder_holds_commands(make_project):
    main = "package main\n\nfunc main() {}\n"
    files = {
        "go.mod": "module github.com/klauspost/compress\n\ngo 1.23\n",
        "compress.go": "package compress\n",
        "s2/s2.go": "package s2\n",
        "s2/cmd/s2c/main.go": main,
        "s2/cmd/s2d/main.go": main,
    }
    learned = bodies(make_project, files, name="compress")
    assert learned["go/entry-points"].startswith("Go commands: s2/cmd/s2c, s2/cmd/s2d.")
    assert "no package main" not in learned["go/stack"]


def test_a_hash_inside_quotes_stays_and_report_paths_are_no_commands(make_project):
    guide = ("# Development\n\n## Testing\n\n```sh\n./gradlew :test --tests 'org.x.CliTest.shows #option'\n```\n\n"
             "Reports land in `build/reports/tests/test/classes/org.x.CliTest.html`; the files in "
             "`build/tmp/test-files`.\n\nRun the checks with `./gradlew test`.\n")  # fmt: skip
    files = {"DEVELOPMENT.md": guide, "build.gradle.kts": "plugins { java }\n", "gradlew": "#!/bin/sh\n",
             "src/main/java/org/x/Cli.java": "class Cli {}\n", "src/test/java/org/x/CliTest.java": "class CliTest {}\n"}  # fmt: skip
    learned = bodies(make_project, files, name="gradle-profiler")
    assert learned["workflow/test-one"].startswith("To run one test: `./gradlew :test --tests 'org.x.CliTest.shows "
                                                   "#option'`")  # fmt: skip
    assert ".html" not in learned["workflow/test"] and "build/tmp" not in learned["workflow/test"]


def test_a_package_json_the_gradle_build_installs_makes_no_javascript_project(make_project):
    build = ('plugins { java\n  id("com.github.node-gradle.node") }\n\ntasks.named("processResources") {\n'
             "  dependsOn(tasks.npmInstall)\n}\n")  # fmt: skip
    files = {"build.gradle.kts": build, "gradlew": "#!/bin/sh\n", "src/main/java/org/x/Main.java": "class Main {}\n",
             "src/main/js/report.js": "module.exports = 1\n",
             "package.json": '{"name": "gradle-profiler", "dependencies": {"mann-whitney-utest": "^1"}}',
             "package-lock.json": "{}"}  # fmt: skip
    learned = bodies(make_project, files, name="gradle-profiler")
    assert "javascript/packaging" not in learned and "npm install" not in learned.get("workflow/install", "")


def test_most_rust_unit_tests_inline_are_said_and_an_import_check_is_no_test_target(make_project):
    inline = "pub fn f() {}\n\n#[cfg(test)]\nmod tests {\n    #[test]\n    fn works() {}\n}\n"
    files = {
        "Cargo.toml": '[package]\nname = "mysql_async"\n',
        "src/lib.rs": "mod conn;\n",
        **{f"src/conn{i}.rs": inline for i in range(3)},
        "tests/exports.rs": "use mysql_async::Pool;\nuse mysql_async::Conn;\n",
        "tests/generic.rs": "#[test]\nfn use_generic_code() {}\n",
    }
    learned = bodies(make_project, files, name="mysql_async")
    assert "most unit tests are `#[cfg(test)]` modules inside 3 source files" in learned["layout/tests"]
    assert learned["workflow/test-one"].startswith("To run one test: `cargo test --test generic`")


def test_a_guides_ban_is_a_rule(make_project):
    guide = ("# Contributing\n\n> [!WARNING]\n>\n> If you use an LLM (Large Language Model, like ChatGPT) to make any "
             "kind of contribution then you will immediately\n> be banned without recourse.\n")  # fmt: skip
    files = {".github/CONTRIBUTING.md": guide, "go.mod": "module github.com/twpayne/chezmoi/v2\n\ngo 1.26\n",
             "main.go": "package main\n\nfunc main() {}\n"}  # fmt: skip
    rules = bodies(make_project, files, name="chezmoi")["rules/.github/CONTRIBUTING.md"]
    assert "you will immediately be banned without recourse" in rules


def test_golangci_lints_formatters_and_a_private_pyproject_beside_go(make_project):
    pyproject = ('[project]\nname = "chezmoi"\nclassifiers = ["Private :: Do Not Upload"]\n'
                 'dependencies = ["mkdocs>=1.6.1", "ruff>=0.15"]\n')  # fmt: skip
    files = {
        "go.mod": "module github.com/twpayne/chezmoi/v2\n\ngo 1.26\n\nrequire github.com/spf13/cobra v1.8.0\n",
        "main.go": 'package main\n\nimport "github.com/spf13/cobra"\n\nfunc main() { _ = cobra.Command{} }\n',
        **{f"internal/cmd/c{i}.go": "package cmd\n" for i in range(6)},
        "Makefile": "format: ensure-golangci-lint\n\t./bin/golangci-lint fmt\n",
        "pyproject.toml": pyproject,
        "uv.lock": "version = 1\n",
        "assets/scripts/format-yaml.py": "print('x')\n",
    }
    learned = bodies(make_project, files, name="chezmoi")
    assert learned["style/go"].startswith("Go style in this project: formatting by golangci-lint's formatters "
                                          "(tabs; `make format`)")  # fmt: skip
    assert "python/packaging" not in learned
    assert learned["workflow/install"].startswith("To install: `go mod download`")


def test_junit3_test_cases_surefire_includes_are_the_tests(make_project):
    pom = ("<project><artifactId>jdeb</artifactId><build><plugins><plugin>"
           "<artifactId>maven-surefire-plugin</artifactId><configuration><includes>"
           "<include>**/*TestCase.java</include></includes></configuration></plugin></plugins></build></project>")  # fmt: skip
    case = "import junit.framework.TestCase;\n\npublic class {n} extends TestCase {{\n  public void testIt() {{}}\n}}\n"
    files = {
        "pom.xml": pom,
        "src/main/java/org/vafer/jdeb/DebMaker.java": "class DebMaker {}\n",
        "src/test/java/org/vafer/jdeb/PermMapperTest.java": case.format(n="PermMapperTest"),
        **{
            f"src/test/java/org/vafer/jdeb/{n}.java": case.format(n=n)
            for n in ("DataBuilderTestCase", "DebMakerTestCase", "ControlBuilderTestCase")
        },
    }
    learned = bodies(make_project, files, name="jdeb")
    assert "named *TestCase.*" in learned["layout/tests"]
    assert learned["workflow/test-one"].startswith("To run one test: `mvn test -Dtest=")
    assert "TestCase`" in learned["workflow/test-one"] and "PermMapperTest" not in learned["workflow/test-one"]


def test_a_style_check_target_is_no_test_command(make_project):
    makefile = "test:\n\tvendor/bin/phpunit\n\ncheck-style:\n\tvendor/bin/php-cs-fixer fix src/ --diff --dry-run\n"
    files = {"Makefile": makefile, "composer.json": '{"name": "cebe/php-openapi"}', "src/Reader.php": "<?php\n",
             "README.md": "# php-openapi\n\n## Development\n\nRun `make test` and `make check-style`.\n"}  # fmt: skip
    assert "check-style" not in bodies(make_project, files, name="php-openapi")["workflow/test"]


def _yew() -> dict[str, str]:
    makefile = ('[tasks.test]\ncommand = "cargo"\nargs = ["test"]\n\n[tasks.generate-change-log]\n'
                'command = "cargo"\nargs = ["run", "-p", "changelog"]\n')  # fmt: skip
    guide = "# Contributing\n\n## Tests\n\n```bash\ncargo make test\ncargo make test-overwrite\n```\n"
    wasm = "use wasm_bindgen_test::*;\n\n#[wasm_bindgen_test]\nfn renders() {}\n"
    return {
        "Cargo.toml": '[workspace]\nmembers = ["packages/yew", "tools/build-examples"]\n',
        "packages/yew/Cargo.toml": '[package]\nname = "yew"\n',
        "packages/yew/src/lib.rs": "pub fn html() {}\n",
        **{f"packages/yew/tests/t{i}.rs": wasm for i in range(3)},
        "tools/build-examples/Cargo.toml": '[package]\nname = "build-examples"\n',
        "tools/build-examples/src/main.rs": "fn main() {}\n",
        "Makefile.toml": makefile,
        "CONTRIBUTING.md": guide,
        "CHANGELOG.md": "# Changelog\n\n## ✨ yew 0.23.0\n\n- Add a thing to the macro for `Option<Html>`.\n",
    }


def test_a_workspace_tool_a_snapshot_rewrite_and_browser_tests(make_project):
    learned = bodies(make_project, _yew(), name="yew")
    assert "build-examples" not in learned.get("workflow/run", "")
    assert "test-overwrite" not in learned["workflow/test"]
    assert "they live in packages/yew/tests/ (3 files)" in learned["layout/tests"]
    assert learned["rules/changelog"] == ("CHANGELOG.md is generated by `cargo make generate-change-log` at release: "
                                          "do not edit it by hand.")  # fmt: skip


def test_a_guides_moved_test_file_and_a_dropped_python_are_dropped(make_project):
    guide = ("# Contributing\n\n## Running tests\n\n```bash\ntox -e py37\npytest tests/core/baseline_test.py::TestCreate\n"
             "pytest tests/plugins/baseline_test.py::test_upgrade_succeeds\n```\n")  # fmt: skip
    files = {"setup.py": "from setuptools import setup\nsetup(name='detect_secrets')\n",
             "detect_secrets/__init__.py": "", "CONTRIBUTING.md": guide,
             "tests/core/baseline_test.py": "class TestCreate:\n    def test_basic_usage(self):\n        pass\n",
             "tox.ini": "[tox]\nenvlist = py39,py310,py311\n\n[testenv]\ndeps = pytest\ncommands = pytest\n"}  # fmt: skip
    learned = bodies(make_project, files, name="detect-secrets")
    assert "py37" not in learned["workflow/test"]
    assert "tests/plugins" not in learned["workflow/test-one"]


def test_cypress_specs_are_the_tests_and_a_node_bundle_check_is_not_one_test(make_project):
    workflow = ("on: [push, pull_request]\njobs:\n  chrome:\n    runs-on: ubuntu-latest\n    steps:\n"
                "      - uses: actions/checkout@v4\n      - run: npm run test\n"
                "      - run: node test/require-in-commonjs.cjs\n")  # fmt: skip
    files = {"package.json": '{"name": "sweetalert2", "scripts": {"test": "cypress run --headless"}, '
             '"devDependencies": {"cypress": "^13"}}', "src/SweetAlert.js": "export default 1\n",
             "cypress/e2e/tests.cy.js": "describe('x', () => {})\n",
             "test/require-in-commonjs.cjs": "require('../dist/sweetalert2.js')\n",
             ".github/workflows/chrome.yml": workflow}  # fmt: skip
    learned = bodies(make_project, files, name="sweetalert2")
    assert "named *.cy.* (Cypress); they live in cypress/e2e/" in learned["layout/tests"]
    assert "require-in-commonjs" not in learned.get("workflow/test-one", "")


def test_a_commented_coverage_threshold_is_no_rule(make_project):
    makefile = ("# Eventually I'll add:\n# py.test --cov chalice --cov-fail-under 95 tests/\n\ntest:\n"
                "\tpy.test -v tests/unit/ tests/functional/\n")  # fmt: skip
    files = {"Makefile": makefile, "setup.py": "from setuptools import setup\nsetup(name='chalice')\n",
             "chalice/__init__.py": ""}  # fmt: skip
    assert "95%" not in bodies(make_project, files, name="chalice").get("rules/config", "")


def test_a_test_runner_the_specs_import_is_a_test_tool(make_project):
    package = ('{"name": "@adonisjs/core", "scripts": {"test": "c8 npm run quick:test", "quick:test": "node bin/test.js"}, '
               '"devDependencies": {"@japa/runner": "^3.1.4", "c8": "^9"}}')  # fmt: skip
    files = {"package.json": package, "index.ts": "export {}\n", "src/app.ts": "export {}\n",
             "tests/hash.spec.ts": "import { test } from '@japa/runner'\n\ntest.group('hash', () => {})\n"}  # fmt: skip
    assert "Test tools: Japa" in bodies(make_project, files, name="core")["javascript/stack"]


def test_the_phpunit_configuration_composer_scripts_pass(make_project):
    composer = ('{"name": "sabberworm/php-css-parser", "require-dev": {"phpunit/phpunit": "^8.5"}, "scripts": '
                '{"check:tests:unit": "phpunit --config=./Build/phpunit/config.xml --do-not-cache-result"}}')  # fmt: skip
    files = {"composer.json": composer, "Build/phpunit/config.xml": "<phpunit><testsuites/></phpunit>",
             "src/Parser.php": "<?php\n", "tests/Unit/ParserTest.php": "<?php\nclass ParserTest extends TestCase {}\n"}  # fmt: skip
    one = bodies(make_project, files, name="PHP-CSS-Parser")["workflow/test-one"]
    assert one.startswith("To run one test: `vendor/bin/phpunit --config=Build/phpunit/config.xml --filter ParserTest`")


def test_a_sub_apps_gemfile_install_comes_after_the_gems_own(make_project):
    readme = ("# rack-mini-profiler\n\n## Development\n\nInstall the preview app's gems:\n\n```sh\n"
              "BUNDLE_GEMFILE=website/Gemfile bundle install\n```\n")  # fmt: skip
    files = {"README.md": readme, "Gemfile": "source 'https://rubygems.org'\ngemspec\n",
             "rack-mini-profiler.gemspec": "Gem::Specification.new { |s| s.name = 'rack-mini-profiler' }\n",
             "website/Gemfile": "source 'https://rubygems.org'\ngem 'sinatra'\n", "lib/rack-mini-profiler.rb": "module R; end\n"}  # fmt: skip
    assert bodies(make_project, files, name="rack-mini-profiler")["workflow/install"].startswith(
        "To install: `bundle install` — from Gemfile."
    )
