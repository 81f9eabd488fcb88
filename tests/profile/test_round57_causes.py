"""Causes found in the fifty-seventh round: task runners and build systems the profile did not read (Castor, xmake,
Cucumber's features), commands that fail as written (a PHPUnit filter that matches five classes, a tool CI adds on
the fly, an extra Poetry does not have, a script package.json no longer has), checks whose result is ignored, and
dependencies or test files counted from the wrong place."""

from __future__ import annotations

import json

from tests.profile.learned import bodies, workflow

PHP_LIB = {
    "composer.json": json.dumps(
        {"name": "acme/jose", "require": {"php": "^8.2"}, "require-dev": {"phpunit/phpunit": "^11"}}
    ),
    "composer.lock": "{}",
    "phpunit.xml.dist": '<phpunit><testsuites><testsuite name="all"><directory>tests</directory></testsuite>'
    "</testsuites></phpunit>\n",
    "src/Jose.php": "<?php\nnamespace Acme;\nfinal class Jose {}\n",
}


def _php_test(name: str, abstract: bool = False) -> str:
    kind = "abstract class" if abstract else "final class"
    return f"<?php\nnamespace Acme\\Tests;\nuse PHPUnit\\Framework\\TestCase;\n{kind} {name} extends TestCase {{}}\n"


def test_castor_tasks_are_commands_named_in_kebab_case(make_project):
    castor = (
        "<?php\n\nuse Castor\\Attribute\\AsTask;\nuse function Castor\\run;\n\n"
        "#[AsTask(description: 'Run tests')]\nfunction test(bool $coverage = false): void\n{\n"
        "    run(['php', 'vendor/bin/phpunit']);\n}\n\n"
        "#[AsTask(description: 'Run Linter')]\nfunction lint(): void\n{\n    run(['php', '-l', 'src']);\n}\n\n"
        "#[AsTask(description: 'Check licenses')]\nfunction checkLicenses(): void\n{\n}\n\n"
        "#[AsTask(name: 'rector', description: 'Run Rector')]\nfunction runRector(): void\n{\n}\n"
    )
    learned = bodies(make_project, PHP_LIB | {"castor.php": castor}, "jose")
    assert "`castor check-licenses`" in learned["tasks/castor"], learned["tasks/castor"]
    assert "`castor rector`" in learned["tasks/castor"], learned["tasks/castor"]
    assert learned["workflow/lint"].startswith("To lint: `castor lint`"), learned["workflow/lint"]


def test_an_xmake_only_c_project_builds_with_xmake_and_tests_where_targets_declare_them(make_project):
    files = {
        "xmake.lua": 'set_project("tbx")\nset_languages("c99")\nincludes("src/tbx")\n',
        "src/tbx/xmake.lua": 'target("tbx")\n    set_kind("static")\n    add_files("*.c")\n',
        "src/tbx/tbx.c": "int tbx(void) { return 0; }\n",
        "src/tbx/tbx.h": "int tbx(void);\n",
    }
    learned = bodies(make_project, files, "tbx")
    assert learned["workflow/build"].startswith("To build: `xmake`"), learned["workflow/build"]
    assert "xmake" in learned["cpp/build"], learned["cpp/build"]
    assert "workflow/test" not in learned, learned.get("workflow/test")
    tested = files | {"src/tbx/xmake.lua": files["src/tbx/xmake.lua"] + '    add_tests("default")\n'}
    assert "`xmake test`" in bodies(make_project, tested, "tbx2")["workflow/test"]


def test_cucumber_features_are_run_beside_the_unit_tests(make_project):
    files = {
        "Gemfile": "source 'https://rubygems.org'\ngemspec\n",
        "Gemfile.lock": "GEM\n",
        "snap.gemspec": "Gem::Specification.new do |s|\n  s.name = 'snap'\n"
        "  s.add_development_dependency 'cucumber'\n  s.add_development_dependency 'aruba'\n"
        "  s.add_development_dependency 'minitest'\nend\n",
        "Rakefile": "require 'minitest/test_task'\nMinitest::TestTask.create(:test)\ntask default: :test\n",
        "lib/snap.rb": "module Snap; end\n",
        "test/snap_test.rb": "require 'minitest/autorun'\nclass SnapTest < Minitest::Test; end\n",
        "features/snap.feature": "Feature: snap\n  Scenario: help\n    When I run `snap --help`\n",
        "bin/cucumber": "#!/usr/bin/env ruby\nload Gem.bin_path('cucumber', 'cucumber')\n",
    }
    said = bodies(make_project, files, "snap")["workflow/test"]
    assert "`bin/cucumber`" in said, said


def test_a_phpunit_filter_names_a_class_no_other_test_class_contains(make_project):
    files = PHP_LIB | {
        "tests/Checker/AudienceClaimCheckerTest.php": _php_test("AudienceClaimCheckerTest"),
        "tests/Checker/ClaimCheckerTest.php": _php_test("ClaimCheckerTest"),
        "tests/Checker/IssuedAtClaimCheckerTest.php": _php_test("IssuedAtClaimCheckerTest"),
        "tests/Signature/SignatureTestCase.php": _php_test("SignatureTestCase", abstract=True),
    }
    learned = bodies(make_project, files, "jose")
    said = learned["workflow/test-one"]
    assert "--filter ClaimCheckerTest`" not in said, said
    assert "--filter AudienceClaimCheckerTest`" in said or "--filter IssuedAtClaimCheckerTest`" in said, said
    # the abstract SignatureTestCase the signature tests extend is no test of its own
    assert learned["layout/tests"].startswith("3 test files"), learned["layout/tests"]


def test_a_tool_ci_adds_with_composer_require_is_not_a_clones_command(make_project):
    ci = workflow(
        "composer require phpmd/phpmd --no-interaction",
        "vendor/bin/phpmd src/ text cleancode",
        job="phpmd",
    )
    files = PHP_LIB | {
        ".github/workflows/phpmd.yml": ci,
        ".github/workflows/tests.yml": workflow("composer install", "vendor/bin/phpunit", job="tests"),
        "tests/JoseTest.php": _php_test("JoseTest"),
    }
    learned = bodies(make_project, files, "jose")
    assert "phpmd" not in learned.get("workflow/lint", ""), learned.get("workflow/lint")
    pinned = workflow('composer require "phpunit/phpunit:^10" --dev --no-update', "vendor/bin/phpunit", job="tests")
    said = bodies(make_project, files | {".github/workflows/tests.yml": pinned}, "jose2")["workflow/test"]
    assert "`vendor/bin/phpunit`" in said, said


def test_a_guides_poetry_extra_the_project_does_not_declare_is_left_out(make_project):
    pyproject = (
        '[project]\nname = "orm"\n\n[tool.poetry]\nname = "orm"\nversion = "0.1.0"\n\n'
        '[tool.poetry.dependencies]\npython = "^3.10"\npydantic = "^2"\n'
        'asyncpg = { version = ">=0.28", optional = true }\n\n'
        '[tool.poetry.extras]\npostgresql = ["asyncpg"]\n\n'
        '[tool.poetry.group.dev.dependencies]\npytest = "^8"\n'
    )
    guide = "# Contributing\n\nInstall the development requirements:\n\n```\npoetry install -E dev\n```\n"
    files = {
        "pyproject.toml": pyproject,
        "poetry.lock": "",
        "orm/__init__.py": "",
        "tests/test_orm.py": "def test_a():\n    pass\n",
        "CONTRIBUTING.md": guide,
    }
    learned = bodies(make_project, files, "orm")
    assert "-E dev" not in learned["workflow/install"], learned["workflow/install"]
    # [project] names only the package: Poetry's table holds the dependencies, asyncpg behind an extra
    assert "built on pydantic" in learned["python/stack"], learned["python/stack"]
    assert "asyncpg" not in learned["python/stack"].split("built on", 1)[1].split(";")[0], learned["python/stack"]
    declared = files | {"CONTRIBUTING.md": guide.replace("-E dev", "-E postgresql")}
    assert "`poetry install -E postgresql`" in bodies(make_project, declared, "orm2")["workflow/install"]


def test_install_requires_read_from_a_requirements_file_are_the_runtime_dependencies(make_project):
    setup = (
        "import pathlib\nfrom setuptools import setup\n\n"
        'with pathlib.Path("requirements/requirements.txt").open() as f:\n'
        '    install_requires = [s for line in f if (s := line.strip()) and not s.startswith("#")]\n\n'
        'setup(name="conf", install_requires=install_requires)\n'
    )
    files = {
        "setup.py": setup,
        "requirements/requirements.txt": "omegaconf>=2.4\n",
        "requirements/dev.txt": "pytest\n",
        "conf/__init__.py": "",
        "tests/test_conf.py": "def test_a():\n    pass\n",
    }
    said = bodies(make_project, files, "conf")["python/stack"]
    assert "built on omegaconf" in said, said
    assert "no runtime dependencies" not in said, said


def test_a_guides_chain_whose_script_package_json_lacks_is_left_out(make_project):
    files = {
        "package.json": json.dumps({"name": "purge", "scripts": {"test": "jest"}}),
        "package-lock.json": "{}",
        "src/index.js": "module.exports = {};\n",
        "CONTRIBUTING.md": "# Contributing\n\nSet up with:\n\n```\nnpm i && npm run bootstrap\n```\n",
    }
    said = bodies(make_project, files, "purge")["workflow/install"]
    assert "bootstrap" not in said, said
    made = files | {"package.json": json.dumps({"name": "purge", "scripts": {"test": "jest", "bootstrap": "lerna"}})}
    assert "`npm i && npm run bootstrap`" in bodies(make_project, made, "purge2")["workflow/install"]


def test_mypy_run_only_to_ignore_its_result_is_no_type_check(make_project):
    files = {
        "pyproject.toml": '[project]\nname = "wily"\nversion = "1.0"\n\n[tool.mypy]\nstrict = false\n',
        "src/wily/__init__.py": "",
        "tests/test_wily.py": "def test_a():\n    pass\n",
        "Makefile": "lint:\n\truff check src\n\n"
        "typecheck:\n\t@# TODO: require mypy to pass\n\tmypy --install-types --non-interactive src || true\n",
        ".github/workflows/ci.yml": workflow("- uses: jakebailey/pyright-action@v2", job="pyright"),
    }
    said = bodies(make_project, files, "wily")["workflow/typecheck"]
    assert said.startswith("To type-check: `pyright`"), said
    assert "mypy" not in said, said


def test_a_maven_invoker_project_is_not_the_projects_build(make_project):
    files = {
        "pom.xml": "<project><parent><groupId>org.acme</groupId><artifactId>pom-acme</artifactId></parent>"
        "<artifactId>common</artifactId></project>\n",
        "src/main/java/org/acme/Context.java": "package org.acme;\npublic class Context {}\n",
        "src/test/java/org/acme/ContextTest.java": "package org.acme;\npublic class ContextTest {}\n",
        "src/it/apt-test/pom.xml": "<project><artifactId>apt-test</artifactId><properties>"
        "<maven.compiler.source>1.6</maven.compiler.source><maven.compiler.target>1.6</maven.compiler.target>"
        "</properties></project>\n",
        "src/it/apt-test/src/main/java/Plugin.java": "public class Plugin {}\n",
    }
    said = bodies(make_project, files, "common")["jvm/packaging"]
    assert "Java 6" not in said, said


def test_rustfmt_options_stable_ignores_need_no_nightly_and_ignore_does(make_project):
    crate = {"Cargo.toml": '[package]\nname = "web"\nversion = "0.1.0"\n', "src/lib.rs": "pub fn a() {}\n"}
    bonus = (
        "# this rustfmt config sets some nightly flags but don't worry\n"
        "# you can still use stable rustfmt and it will just ignore these\n"
        'unstable_features = true\nimports_granularity = "Module"\n'
    )
    said = bodies(make_project, crate | {"rustfmt.toml": bonus}, "web")["workflow/format"]
    assert said.startswith("To format: `cargo fmt`"), said
    ignored = 'ignore = ["src/generated.rs"]\n'
    said = bodies(make_project, crate | {"rustfmt.toml": ignored}, "web2")["workflow/format"]
    assert said.startswith("To format: `cargo +nightly fmt`"), said


def test_a_make_install_that_applies_manifests_to_a_cluster_is_no_setup(make_project):
    files = {
        "go.mod": "module example.com/scaler\n\ngo 1.22\n",
        "cmd/operator/main.go": "package main\n\nfunc main() {}\n",
        "Makefile": "install: manifests ## Install CRDs into the K8s cluster specified in ~/.kube/config.\n"
        "\t$(KUSTOMIZE) build config/crd | kubectl apply --server-side -f -\n\n"
        "manifests:\n\tcontroller-gen crd paths=./...\n",
    }
    said = bodies(make_project, files, "scaler").get("workflow/install", "")
    assert "make install" not in said, said


def test_a_guides_target_that_only_builds_an_image_is_not_the_docs_command(make_project):
    files = {
        "go.mod": "module example.com/proxy\n\ngo 1.22\n",
        "cmd/proxy/main.go": "package main\n\nfunc main() {}\n",
        "Makefile": "docs: ## build the docs docker image\n\tdocker build -t acme/hugo -f docs/Dockerfile .\n\n"
        "docs-docker: ## run the docs docker image\n\tdocker run -it --rm -p 1313:1313 acme/hugo\n",
        "DEVELOPMENT.md": "# Development\n\nTo build the docs, run `make docs`.\n",
    }
    said = bodies(make_project, files, "proxy").get("workflow/docs", "")
    assert "`make docs`" not in said, said


def test_spring_boots_plugin_without_an_application_class_gives_no_boot_run(make_project):
    files = {
        "settings.gradle.kts": 'rootProject.name = "apispec"\ninclude("apispec-mockmvc")\n',
        "build.gradle.kts": 'plugins { java\n  id("org.springframework.boot") version "4.0.5" }\n',
        "gradlew": "#!/bin/sh\n",
        "apispec-mockmvc/build.gradle.kts": 'dependencies { implementation("org.springframework.boot:spring-boot") }\n',
        "apispec-mockmvc/src/main/java/acme/Snippets.java": "package acme;\npublic class Snippets {}\n",
        "apispec-mockmvc/src/test/java/acme/SnippetsTest.java": "package acme;\nclass SnippetsTest {}\n",
        "samples/app/src/main/java/acme/SampleApplication.java": "@SpringBootApplication\nclass SampleApplication {}\n",
    }
    said = bodies(make_project, files, "apispec").get("workflow/run", "")
    assert "bootRun" not in said, said


def test_a_make_test_the_check_target_builds_first_is_not_the_test_command(make_project):
    files = {
        "Makefile": "all: app\n\napp: src/main.o\n\t$(CXX) -o app src/main.o\n\n"
        "test: test/test rust-test\n\nrust-test:\n\tcargo test --no-run\n\n"
        "test/test: test/main.o\n\t$(CXX) -o test/test test/main.o\n\n"
        "check: test\n\t(cd test && ./test)\n\tcargo test\n",
        "src/main.cpp": "int main() { return 0; }\n",
        "src/feed.cpp": "int feed() { return 0; }\n",
        "test/main.cpp": "int main() { return 0; }\n",
        "Cargo.toml": '[workspace]\nmembers = ["rust/libfeed", "rust/feed-test-server"]\n',
        "rust/libfeed/Cargo.toml": '[package]\nname = "libfeed"\nversion = "0.1.0"\n',
        "rust/libfeed/src/lib.rs": "pub fn a() {}\n",
        "rust/feed-test-server/Cargo.toml": '[package]\nname = "feed-test-server"\nversion = "0.1.0"\n',
        "rust/feed-test-server/src/main.rs": "fn main() {}\n",
    }
    learned = bodies(make_project, files, "feeds")
    assert learned["workflow/test"].startswith("To test: `make check`"), learned["workflow/test"]
    assert "`make test`" not in learned["workflow/test"], learned["workflow/test"]
    assert "feed-test-server" not in learned.get("workflow/run", ""), learned.get("workflow/run")


def test_a_rake_default_that_only_prints_is_no_test_and_rubocop_needs_a_use(make_project):
    files = {
        "Gemfile": "source 'https://rubygems.org'\ngemspec\ngroup :development do\n  gem 'rubocop'\nend\n",
        "Gemfile.lock": "GEM\n",
        "plugin.gemspec": "Gem::Specification.new do |s|\n  s.name = 'plugin'\n"
        "  s.add_development_dependency 'rspec'\nend\n",
        "Rakefile": "require 'bundler/gem_tasks'\ntask default: [:deftask]\ntask :deftask do\n"
        "  puts 'call rake -T'\nend\n",
        "lib/plugin.rb": "module Plugin; end\n",
        "spec/acceptance/boot_spec.rb": "describe 'boot' do; end\n",
        "spec/unit/action_spec.rb": "describe 'action' do; end\n",
    }
    learned = bodies(make_project, files, "plugin")
    assert "`bundle exec rake`" not in learned["workflow/test"], learned["workflow/test"]
    assert "spec/unit/action_spec.rb" in learned["workflow/test-one"], learned["workflow/test-one"]
    assert "workflow/lint" not in learned, learned.get("workflow/lint")
    configured = files | {".rubocop.yml": "AllCops:\n  NewCops: enable\n"}
    assert "`bundle exec rubocop`" in bodies(make_project, configured, "plugin2")["workflow/lint"]


def test_a_docs_build_that_names_its_folder_is_not_run_inside_it_again(make_project):
    files = {
        "Gemfile": "source 'https://rubygems.org'\ngem 'rake'\n",
        "lib/events.rb": "module Events; end\n",
        "site/package.json": json.dumps({"name": "site", "scripts": {"build": "docusaurus build"}}),
        "site/docusaurus.config.js": "module.exports = {};\n",
    }
    said = bodies(make_project, files, "events")["workflow/docs"]
    assert "`npm --prefix site run build`" in said, said
    assert "cd site &&" not in said, said


def test_a_hatch_dev_environments_check_is_not_the_way_to_run_the_project(make_project):
    pyproject = (
        '[project]\nname = "points"\nversion = "1.0"\n\n[project.scripts]\npoints = "points.cli:main"\n\n'
        '[tool.hatch.envs.dev.scripts]\ncheck-fmt = ["black --check .", "isort --check points tests"]\n'
        'test = ["pytest tests"]\n'
    )
    files = {
        "pyproject.toml": pyproject,
        "points/__init__.py": "",
        "points/cli.py": "import argparse\n\ndef main():\n    argparse.ArgumentParser().parse_args()\n",
        "tests/test_points.py": "def test_a():\n    pass\n",
    }
    said = bodies(make_project, files, "points")["workflow/run"]
    assert "check-fmt" not in said, said


def test_an_empty_environment_and_a_bare_cargo_install_are_no_commands(make_project):
    guide = (
        "# Developing\n\nBuild a development environment:\n\n```\nuv venv\n```\n\n"
        "Install from the checkout:\n\n```\ncargo install\n```\n"
    )
    files = {
        "Cargo.toml": '[package]\nname = "absorb"\nversion = "0.1.0"\n',
        "src/main.rs": "fn main() {}\n",
        "DEVELOPING.md": guide,
    }
    learned = bodies(make_project, files, "absorb")
    assert "uv venv" not in learned.get("workflow/build", ""), learned.get("workflow/build")
    assert "`cargo install`" not in learned.get("workflow/install", ""), learned.get("workflow/install")


def test_a_configure_the_makefile_asks_for_comes_first_and_check_runs_the_tests(make_project):
    makefile = (
        "# To build, run\n#\n#     $ ./configure\n#     $ make\n\ndefault: bin/find\n\n-include gen/config.mk\n\n"
        "bin/find: src/main.c\n\t$(CC) -o $@ src/main.c\n\n"
        "tests: ${UTEST_BINS} ${ITEST_BINS}\n\ncheck: unit-tests integration-tests\n\n"
        "unit-tests: ${UTEST_BINS}\n\t./bin/tests\n\nintegration-tests: bin/find\n\t./tests/tests.sh\n"
    )
    files = {
        "Makefile": makefile,
        "configure": '#!/bin/sh\nexec make -rf build/config.mk "$@"\n',
        "src/main.c": "int main(void) { return 0; }\n",
        "tests/tests.sh": "#!/bin/sh\n",
    }
    learned = bodies(make_project, files, "find")
    assert learned["workflow/build"].startswith("To build: `./configure && make`"), learned["workflow/build"]
    assert learned["workflow/test"].startswith("To test: `make check`"), learned["workflow/test"]
    assert "`make tests`" not in learned["workflow/test"], learned["workflow/test"]


def test_a_rake_default_that_formats_and_lints_and_bundlers_install_are_no_test_or_setup(make_project):
    files = {
        "Gemfile": "source 'https://rubygems.org'\ngemspec\n",
        "Gemfile.lock": "GEM\n",
        "press.gemspec": "Gem::Specification.new do |s|\n  s.name = 'press'\n  s.add_development_dependency 'rspec'\nend\n",
        "Rakefile": "require 'bundler/gem_tasks'\n\ntask default: %i[format lint]\n\n"
        "task :format do\n  sh 'rubocop -a'\nend\n\ntask :lint do\n  sh 'rubocop'\nend\n",
        "lib/press.rb": "module Press; end\n",
        "spec/press_spec.rb": "describe 'press' do; end\n",
        "CONTRIBUTING.md": "# Contributing\n\nRun the tests with `rake`.\n\nInstall the gem locally with "
        "`bundle exec rake install`.\n",
    }
    learned = bodies(make_project, files, "press")
    assert "`rake`" not in learned["workflow/test"], learned["workflow/test"]
    assert "`bundle exec rake`" not in learned["workflow/test"], learned["workflow/test"]
    assert "rake install" not in learned.get("workflow/install", ""), learned.get("workflow/install")


def test_a_build_target_that_makes_a_folder_and_a_format_target_that_checks(make_project):
    files = {
        "go.mod": "module example.com/kompose\n\ngo 1.22\n",
        "main.go": "package main\n\nfunc main() {}\n",
        "Makefile": "build:\n\tmkdir build\n\ngofmt:\n\t./script/check-gofmt.sh\n",
        "script/check-gofmt.sh": "#!/bin/sh\ngofmt -l . && exit 1\n",
    }
    learned = bodies(make_project, files, "kompose")
    assert "make build" not in learned.get("workflow/build", ""), learned.get("workflow/build")
    assert "make gofmt" not in learned.get("workflow/format", ""), learned.get("workflow/format")
    assert "`make gofmt`" in learned["workflow/lint"], learned["workflow/lint"]


def test_php_test_scripts_and_a_python_vendor_folder_are_read_as_what_they_are(make_project):
    files = {
        "composer.json": json.dumps({"name": "acme/cache", "require": {"php": "^8.1"}}),
        "lib/Cache.php": "<?php\nnamespace Acme;\nclass Cache {}\n",
        "tests/RunTests.php": "<?php\nforeach (glob('cases/*.test.php') as $f) { require $f; }\n",
        **{f"tests/cases/Driver{i}.test.php": "<?php\n$cache = new Acme\\Cache();\n" for i in range(4)},
    }
    said = bodies(make_project, files, "cache")["layout/tests"]
    assert said.startswith("4 test files, named *.test.php"), said
    python = {
        "pyproject.toml": '[project]\nname = "sim"\nversion = "1.0"\n',
        "src/sim/__init__.py": "\n".join(f"def f{i}():\n    return {i}\n" for i in range(40)),
        "src/sim/_vendor/tcl/tclDecls.h": "\n".join(f"extern int Tcl_F{i}(int a, int b);" for i in range(400)),
        "src/sim/bind.cpp": "int bind() { return 0; }\n",
    }
    said = bodies(make_project, python, "sim")["languages"]
    assert "Main language: Python" in said, said


def test_mage_targets_are_commands_and_its_files_are_no_root_program(make_project):
    magefile = (
        '//go:build mage\n// +build mage\n\npackage main\n\nimport "github.com/magefile/mage/sh"\n\n'
        'var Default = Build\n\nfunc Build() error { return sh.Run("go", "build", "./cmd/server") }\n\n'
        'func Test() error { return sh.Run("go", "test", "-short", "./...") }\n\n'
        'func TestAll() error { return sh.Run("go", "test", "./...") }\n\nfunc helper() {}\n\n'
        "type Docker mg.Namespace\n\nfunc (Docker) Push() error { return nil }\n"
    )
    files = {
        "go.mod": "module example.com/rtc\n\ngo 1.22\n",
        "magefile.go": magefile,
        "magefile_unix.go": "//go:build mage && !windows\n\npackage main\n\nfunc setULimit() error { return nil }\n",
        "cmd/server/main.go": "package main\n\nfunc main() {}\n",
        "pkg/rtc/room.go": "package rtc\n\nfunc Join() {}\n",
    }
    learned = bodies(make_project, files, "rtc")
    assert "`mage testAll`" in learned["tasks/mage"], learned["tasks/mage"]
    assert "helper" not in learned["tasks/mage"], learned["tasks/mage"]
    assert "`mage docker:push`" in learned["tasks/mage"], learned["tasks/mage"]
    assert learned["workflow/test"].startswith("To test: `mage test`"), learned["workflow/test"]
    assert "go run . " not in learned.get("workflow/run", ""), learned.get("workflow/run")


def test_a_rubocop_rake_task_a_wrapper_brings_is_the_lint_and_a_windows_test_trails(make_project):
    files = {
        "Gemfile": "source 'https://rubygems.org'\ngemspec\ngem 'chefstyle', '2.2.3'\n",
        "train.gemspec": "Gem::Specification.new do |s|\n  s.name = 'train'\n  s.add_development_dependency 'minitest'\n"
        "end\n",
        "Rakefile": "require 'bundler'\nrequire 'rake/testtask'\nrequire 'chefstyle'\nrequire 'rubocop/rake_task'\n\n"
        "RuboCop::RakeTask.new(:lint) do |task|\n  task.options << '--display-cop-names'\nend\n\n"
        "task default: %i{test}\n\nRake::TestTask.new do |t|\n  t.libs << 'test'\n"
        "  t.pattern = 'test/unit/**/*_test.rb'\nend\n\nnamespace :test do\n  task :windows do\n"
        "    sh 'ruby test/windows/local_test.rb'\n  end\nend\n",
        "lib/train.rb": "module Train; end\n",
        "test/unit/file_test.rb": "require 'minitest/autorun'\nclass FileTest < Minitest::Test; end\n",
        "README.md": "# Train\n\n## Windows\n\n```\n# run windows tests\nbundle exec rake test:windows\n```\n",
    }
    learned = bodies(make_project, files, "train")
    assert learned["workflow/lint"].startswith("To lint: `bundle exec rake lint`"), learned["workflow/lint"]
    assert not learned["workflow/test"].startswith("To test: `bundle exec rake test:windows`"), learned["workflow/test"]


def test_a_ci_containers_package_install_is_no_build(make_project):
    ci = workflow(
        "apk --no-cache add build-base meson pkgconf libcap-dev",
        "meson setup builddir && meson compile -C builddir",
        job="alpine",
    )
    files = {
        "meson.build": "project('rc', 'c')\nexecutable('rc', 'src/rc.c')\n",
        "src/rc.c": "int main(void) { return 0; }\n",
        ".github/workflows/alpine.yml": ci,
    }
    said = bodies(make_project, files, "rc")["workflow/build"]
    assert "apk" not in said, said


def test_uv_project_moves_ci_commands_into_the_binding_and_they_follow_the_root_ones(make_project):
    ci = (
        "on: [push]\njobs:\n  python-tests:\n    runs-on: ubuntu-latest\n    env:\n"
        '      UV_PROJECT: "${{ github.workspace }}/pybind"\n    steps:\n      - uses: actions/checkout@v4\n'
        "      - run: uv sync --frozen\n      - run: uv run pytest\n      - run: uv build\n"
    )
    files = {
        "Cargo.toml": '[workspace]\nmembers = ["core", "pybind"]\n',
        "core/Cargo.toml": '[package]\nname = "core"\nversion = "0.1.0"\n',
        "core/src/lib.rs": "pub fn a() {}\n",
        "pybind/Cargo.toml": '[package]\nname = "pybind"\nversion = "0.1.0"\n',
        "pybind/src/lib.rs": "pub fn b() {}\n",
        "pybind/pyproject.toml": '[project]\nname = "pybind"\nversion = "0.1.0"\n',
        "pybind/tests/test_b.py": "def test_b():\n    pass\n",
        ".github/workflows/ci.yml": ci,
    }
    learned = bodies(make_project, files, "query")
    assert learned["workflow/build"].startswith("To build: `cargo build"), learned["workflow/build"]
    assert "`cd pybind && uv build`" in learned["workflow/build"], learned["workflow/build"]
    assert "`cd pybind && uv run pytest`" in learned["workflow/test"], learned["workflow/test"]


def test_binary_files_with_a_source_extension_are_no_language(make_project):
    files = {
        "go.mod": "module example.com/sq\n\ngo 1.22\n",
        "main.go": "package main\n\nfunc main() {}\n" + "\n".join(f"func f{i}() {{}}" for i in range(50)),
    }
    repo = make_project(files, name="sq")
    (repo.root / "assets").mkdir()
    (repo.root / "assets/wrangle.pxd").write_bytes(b"PK\x03\x04\x14\x00" + bytes(range(256)) * 40)
    from picasso_tui.profile.investigator import investigate

    _, findings, _ = investigate(repo.root)
    said = next(f.body for f in findings if f.key == "languages")
    assert "Cython" not in said, said


def test_guide_commands_hidden_in_comments_or_cut_short_are_left_out(make_project):
    scripts = {"build:all": "yarn workspaces run build", "test": "vitest", "lint": "eslint ."}
    guide = (
        "# Contributing\n\nBuild with `yarn build:all`, or one package with `yarn build`.\n\n"
        "<!-- You can run `yarn lint-docs` to check the docs. -->\n\n"
        "Run the tests of one package with `yarn workspace` and the package name.\n\n"
        "Tests that need no network: `go test -short` is not ours, `yarn test` is.\n"
    )
    files = {
        "package.json": json.dumps(
            {"name": "rec", "private": True, "scripts": scripts, "devDependencies": {"vitest": "^2.0.0"}}
        ),
        "yarn.lock": "",
        "packages/rec/package.json": json.dumps({"name": "@rec/rec", "scripts": {"build": "vite build"}}),
        "packages/rec/src/index.ts": "export const a = 1;\n",
        "CONTRIBUTING.md": guide,
    }
    learned = bodies(make_project, files, "rec")
    assert "`yarn build`" not in learned["workflow/build"], learned["workflow/build"]
    assert "lint-docs" not in learned.get("workflow/lint", ""), learned.get("workflow/lint")
    assert "`yarn workspace`" not in learned["workflow/test"], learned["workflow/test"]


def test_copied_single_file_tools_and_versioned_scripts_are_not_the_projects_code(make_project):
    lint = "\n".join(f"def check_{i}(line):\n    return line.strip() != ''\n" for i in range(300))
    files = {
        "CMakeLists.txt": "project(sqlitecpp CXX)\nadd_library(sqlitecpp src/Database.cpp)\n",
        "src/Database.cpp": "int open() { return 0; }\n",
        "include/SQLiteCpp/Database.h": "int open();\n",
        "cpplint.py": lint,
    }
    said = bodies(make_project, files, "sqlitecpp")["languages"]
    assert "Main language: C++" in said, said
    engine = {
        "Gemfile": "source 'https://rubygems.org'\ngemspec\n",
        "spina.gemspec": "Gem::Specification.new do |s|\n  s.name = 'spina'\nend\n",
        "app/models/spina/page.rb": "module Spina\n  class Page\n  end\nend\n",
        "app/assets/javascripts/spina/libraries/trix@1.3.1.esm.js": "export const a = 1;\n" * 2000,
        "app/assets/javascripts/spina/controllers/reveal_controller.js": "export default class {}\n",
    }
    said = bodies(make_project, engine, "spina")["languages"]
    assert "Main language: Ruby" in said, said


def test_npm_verbs_npm_dropped_and_a_dev_container_build_are_no_commands(make_project):
    files = {
        "package.json": json.dumps(
            {
                "name": "editor",
                "scripts": {"build": "webpack", "test": "karma start"},
                "devDependencies": {"webpack": "^5", "karma": "^6"},
            }
        ),
        "package-lock.json": "{}",
        "src/editor.js": "module.exports = {};\n",
        "README.md": "# Editor\n\n## Development\n\nBuild it with `npm build`.\n",
        ".github/workflows/ci.yml": workflow("devcontainer build --workspace-folder .", job="build"),
    }
    said = bodies(make_project, files, "editor")["workflow/build"]
    assert "`npm build`" not in said, said
    assert "devcontainer" not in said, said
    assert said.startswith("To build: `npm run build`"), said
