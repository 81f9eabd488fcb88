"""Causes found on set 55's run (issue 17, thirty-sixth round): pytest's hidden .pytest.ini, unittest offered for
plain pytest functions, a test script reached past npm's own flags, a Rake task loading a file that is gone, a
generator built on request taken for the package, and Go's native fuzz targets."""

from __future__ import annotations

from tests.profile.learned import bodies


def test_a_hidden_pytest_ini_configures_pytest_and_plain_test_functions_get_no_unittest(make_project):
    files = {"pyproject.toml": '[project]\nname = "parse"\nversion = "1"\n', "parse.py": "def parse(): pass\n",
             ".pytest.ini": "[pytest]\naddopts = --doctest-modules\n",
             "tests/test_bugs.py": "from parse import parse\n\n\ndef test_pickling_bug_110():\n    assert parse\n"}  # fmt: skip
    learned = bodies(make_project, files)
    assert learned["workflow/test-one"].startswith(
        "To run one test: `pytest tests/test_bugs.py::test_pickling_bug_110`"
    )
    assert "unittest" not in learned["workflow/test"]
    del files[".pytest.ini"]
    assert "unittest" not in bodies(make_project, files, name="bare").get("workflow/test", "")


def test_a_test_script_run_with_npm_flags_still_names_its_runner(make_project):
    package = (
        '{"name": "resolve", "main": "index.js", "devDependencies": {"tape": "^5"}, "scripts": '
        '{"tests-only": "nyc tape test/*.js", "test": "npm run --silent tests-only"}}'
    )
    files = {"package.json": package, "index.js": "module.exports = 1;\n",
             "test/dotdot.js": "var test = require('tape');\ntest('dotdot', function (t) { t.end(); });\n"}  # fmt: skip
    assert bodies(make_project, files)["workflow/test-one"].startswith("To run one test: `npx tape test/dotdot.js`")


def test_a_rake_task_that_loads_a_missing_file_is_no_command(make_project):
    rakefile = "task :start do\n  require_relative 'spec/support/boot'\n  Boot.start_servers(:rake)\nend\n"
    files = {"Rakefile": rakefile, "Gemfile": "source 'https://rubygems.org'\ngemspec\n",
             "typhoeus.gemspec": "Gem::Specification.new { |s| s.name = 'typhoeus' }\n", "lib/typhoeus.rb": "module T; end\n",
             "spec/support/server.rb": "class Server; end\n"}  # fmt: skip
    assert "rake start" not in bodies(make_project, files).get("workflow/run", "")
    files["spec/support/boot.rb"] = "module Boot; end\n"
    assert "`bundle exec rake start`" in bodies(make_project, files, name="booted")["workflow/run"]


def test_a_generator_built_on_request_is_not_the_package_and_fuzz_targets_are_said(make_project):
    fuzz = (
        'package uniseg\n\nimport "testing"\n\nfunc FuzzStepString(f *testing.F) {}\n\nfunc TestStep(t *testing.T) {}\n'
    )
    files = {"go.mod": "module github.com/rivo/uniseg\n\ngo 1.18\n", "grapheme.go": "package uniseg\n",
             "gen_properties.go": "//go:build generate\n\npackage main\n\nfunc main() {}\n", "step_test.go": fuzz}  # fmt: skip
    learned = bodies(make_project, files)
    assert "a library (no package main)" in learned["go/stack"]
    assert "`go test -run '^$' -fuzz '^FuzzStepString$' -fuzztime 30s .`" in learned["go/fuzz"]


def test_junit_classes_that_inherit_their_tests_are_test_files(make_project):
    abstract = "package p;\nimport org.junit.jupiter.api.Test;\npublic abstract class AbstractTestCompression {\n  @Test void roundTrip() {}\n}\n"
    files = {"pom.xml": "<project><artifactId>aircompressor</artifactId></project>",
             "src/main/java/p/Lz4.java": "package p;\npublic class Lz4 {}\n",
             "src/test/java/p/AbstractTestCompression.java": abstract,
             **{f"src/test/java/p/Test{n}Codec.java": f"package p;\nclass Test{n}Codec extends AbstractTestCompression {{}}\n"
                for n in ("Lz4", "Snappy", "Zstd")}}  # fmt: skip
    assert bodies(make_project, files)["layout/tests"].startswith("3 test files, named Test*.*")


def test_c_test_headers_count_and_a_split_sphinx_layout_and_a_swift_wrapper(make_project):
    case = "TEST_IMPL(vec3_{0}) {{\n  TEST_SUCCESS\n}}\n"
    ci = (
        "on: [push]\njobs:\n  build_swift:\n    runs-on: macos-latest\n    steps:\n      - uses: actions/checkout@v4\n"
        "      - run: swift build\n"
    )
    files = {"CMakeLists.txt": "project(cglm C)\nadd_library(cglm src/vec3.c)\n", "src/vec3.c": "int v;\n" * 20,
             "include/cglm/vec3.h": "int v3;\n" * 20, "test/runner.c": "int main(void) { return 0; }\n",
             "test/tests.c": "#include \"test_vec3.h\"\n", "test/src/test_vec3.h": case.format("add"),
             "test/src/test_vec4.h": case.format("sub"), "test/src/test_bezier.c": "int b;\n",
             "docs/source/conf.py": "project = 'cglm'\n", "docs/source/index.rst": "cglm\n====\n",
             "Package.swift": "// swift-tools-version:5.2\n", ".github/workflows/ci.yml": ci}  # fmt: skip
    learned = bodies(make_project, files)
    assert "test_*.h" in learned["layout/tests"]
    assert "`sphinx-build docs/source docs/build/html`" in learned["workflow/docs"]
    assert not learned["workflow/build"].startswith("To build: `swift build`")


def test_eslints_indent_rule_wins_over_editorconfig_for_javascript(make_project):
    files = {"package.json": '{"name": "resolve", "main": "index.js", "devDependencies": {"eslint": "^9"}}',
             "index.js": "module.exports = 1;\n", "lib/a.js": "module.exports = 2;\n",
             ".editorconfig": "root = true\n\n[*]\nindent_style = space\nindent_size = 2\nend_of_line = lf\n",
             "eslint.config.mjs": "export default [{ rules: { indent: ['error', 4] } }];\n"}  # fmt: skip
    style = bodies(make_project, files)["style/javascript"]
    assert "ESLint's indent rule: 4 spaces (eslint.config.mjs; .editorconfig says 2)" in style
    assert "indent size 2" not in style


def test_a_crates_platform_dependencies_are_said_beside_no_runtime_dependencies(make_project):
    cargo = (
        '[package]\nname = "nu-ansi-term"\nversion = "0.50.1"\n\n[dependencies]\nserde = { version = "1", optional = true }'
        '\n\n[target.\'cfg(windows)\'.dependencies.windows]\nversion = "0.52.0"\npackage = "windows-sys"\n'
    )
    stack = bodies(make_project, {"Cargo.toml": cargo, "src/lib.rs": "pub fn a() {}\n"})["rust/stack"]
    assert "per platform: windows-sys on Windows" in stack


def test_a_title_word_that_names_something_else_is_not_the_projects_summary(make_project):
    readme = (
        "PHP Markdown\n============\n\nIntroduction\n------------\n\nMarkdown is a text-to-HTML conversion tool for web "
        'writers.\n\n"Markdown" is two things. PHP Markdown is a port to PHP of the original Markdown program.\n'
    )
    files = {"Readme.md": readme, "composer.json": '{"name": "michelf/php-markdown", "description": "PHP Markdown"}',
             "Michelf/Markdown.php": "<?php\n"}  # fmt: skip
    summary = bodies(make_project, files)["project/summary"]
    assert summary.startswith("Project PHP Markdown: PHP Markdown is a port to PHP")


def test_a_fixer_script_with_no_fixer_config_is_no_format_command(make_project):
    composer = (
        '{"name": "michelf/php-markdown", "require-dev": {"friendsofphp/php-cs-fixer": "^3"}, "scripts": '
        '{"codestyle-fix": "vendor/bin/php-cs-fixer fix Michelf"}}'
    )
    files = {"composer.json": composer, "Michelf/Markdown.php": "<?php\n"}
    assert "codestyle-fix" not in bodies(make_project, files).get("workflow/format", "")
    files[".php-cs-fixer.dist.php"] = '<?php\nreturn (new PhpCsFixer\\Config())->setIndent("\\t");\n'
    assert "`composer codestyle-fix`" in bodies(make_project, files, name="configured")["workflow/format"]


def test_examples_in_a_module_of_their_own_are_not_run_from_the_root(make_project):
    files = {"go.mod": "module github.com/charmbracelet/lipgloss\n\ngo 1.18\n", "style.go": "package lipgloss\n",
             "examples/go.mod": "module examples\n", "examples/layout/main.go": "package main\n\nfunc main() {}\n"}  # fmt: skip
    assert "go/examples" not in bodies(make_project, files)


def test_a_platform_table_that_excludes_one_system_says_so(make_project):
    cargo = (
        '[package]\nname = "rustls-native-certs"\nversion = "0.8.0"\n\n[dependencies]\npki-types = { package = '
        '"rustls-pki-types", version = "1" }\n\n[target.\'cfg(all(unix, not(target_os = "macos")))\'.dependencies]\n'
        'openssl-probe = "0.1.6"\n\n[target.\'cfg(target_os = "macos")\'.dependencies]\nsecurity-framework = "3"\n'
    )
    stack = bodies(make_project, {"Cargo.toml": cargo, "src/lib.rs": "pub fn a() {}\n"})["rust/stack"]
    assert "built on rustls-pki-types;" in stack and "openssl-probe on Unix except macOS" in stack
    assert "security-framework on macOS" in stack
