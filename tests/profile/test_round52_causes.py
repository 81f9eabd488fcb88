"""Causes found in the fifty-second round: PHPUnit brought by a package that requires it (mpdf's
yoast/phpunit-polyfills)."""

from __future__ import annotations

from tests.profile.learned import bodies, workflow
from tests.profile.test_history import _conventions


def test_phpunit_brought_by_the_polyfills_package_runs_one_test(make_project):
    composer = ('{"name": "mpdf/mpdf", "require": {"php": "^8.0"}, "require-dev": {"yoast/phpunit-polyfills": "^1.0"},'
                ' "scripts": {"test": "@php vendor/bin/phpunit"}}')  # fmt: skip
    config = (
        '<phpunit bootstrap="tests/bootstrap.php"><testsuites><testsuite name="T"><directory>./tests</directory>'
        "</testsuite></testsuites></phpunit>\n"
    )
    files = {"composer.json": composer, "phpunit.xml": config, "tests/bootstrap.php": "<?php\n",
             **{f"src/M{i}.php": "<?php\nclass M {}\n" * 20 for i in range(4)},
             **{f"tests/Issue{i}Test.php": f"<?php\nclass Issue{i}Test {{}}\n" for i in range(3)}}  # fmt: skip
    learned = bodies(make_project, files, "mpdf")
    said = learned["workflow/test-one"]
    assert said.startswith("To run one test: `vendor/bin/phpunit --filter "), said


def test_a_default_task_declared_inside_an_if_is_the_test_command(make_project):
    rakefile = """require "bundler/gem_tasks"
require "megatest/test_task"

namespace :test do
  Megatest::TestTask.create(:ruby) { |t| t.tests = FileList["test/**/*_test.rb"] }
  task :sentinel do
  end
end

if RUBY_ENGINE == "ruby"
  task default: %i[compile test rubocop]
  task ci: %i[compile test:ruby]
else
  task default: %i[test rubocop]
end
"""
    ci = workflow("bundle exec rake test:sentinel")
    files = {"Rakefile": rakefile, "redis-client.gemspec": "Gem::Specification.new { |s| s.name = 'redis-client' }\n",
             "Gemfile": "source 'https://rubygems.org'\ngemspec\ngem 'rake'\ngem 'megatest'\n",
             ".github/workflows/ci.yml": ci, **{f"lib/redis_client/m{i}.rb": "class M; end\n" * 20 for i in range(4)},
             **{f"test/redis_client/m{i}_test.rb": "class T; end\n" for i in range(3)}}  # fmt: skip
    learned = bodies(make_project, files, "redis-client")
    said = learned["workflow/test"]
    assert said.startswith("To test: `bundle exec rake` — from Rakefile default task"), said
    assert "`bundle exec rake sentinel`" not in said, said


def test_phpunit_without_a_config_names_the_folder_of_its_test_classes(make_project):
    composer = '{"name": "pocketmine/pocketmine-mp", "require-dev": {"phpunit/phpunit": "^10.5"}}'
    case = "<?php\nclass {0} extends \\PHPUnit\\Framework\\TestCase {{ public function testA(): void {{}} }}\n"
    files = {"composer.json": composer, **{f"src/M{i}.php": "<?php\nclass M {}\n" * 20 for i in range(4)},
             "tests/plugins/TesterPlugin/src/Test.php": "<?php\nabstract class Test {}\n",
             "tests/phpstan/rules/R.php": "<?php\nclass R {}\n",
             **{f"tests/phpunit/block/B{i}Test.php": case.format(f"B{i}Test") for i in range(3)},
             "tests/phpunit/item/ItemTest.php": case.format("ItemTest")}  # fmt: skip
    learned = bodies(make_project, files, "PocketMine-MP")
    assert learned["workflow/test"].startswith("To test: `vendor/bin/phpunit tests/phpunit`"), learned["workflow/test"]
    said = learned["workflow/test-one"]
    assert said.startswith("To run one test: `vendor/bin/phpunit --filter ") and "tests/phpunit`" in said, said


def test_a_guide_command_said_to_install_a_tool_formats_nothing_and_goimports_keeps_its_local_prefix(make_project):
    guide = ("# Contributing\n\nAll code must be formatted: we use `goimports`. You can use `make goimports` to install"
             "\nand `make fmt` to format your code.\n")  # fmt: skip
    makefile = ("GOIMPORTS_LOCAL_ARG := -local github.com/terraform-docs\n\nfmt:   ## Format all go files\n"
                "\tgoimports -w $(GOIMPORTS_LOCAL_ARG) main.go cmd/ internal/\n\n"
                "goimports:   ## Install goimports\n\tgo install golang.org/x/tools/cmd/goimports@latest\n")  # fmt: skip
    files = {"CONTRIBUTING.md": guide, "Makefile": makefile, "go.mod": "module github.com/terraform-docs/td\n\ngo 1.25\n",
             "main.go": "package main\n", **{f"internal/m{i}.go": "package internal\n" * 30 for i in range(4)}}  # fmt: skip
    learned = bodies(make_project, files, "terraform-docs")
    said = learned["workflow/format"]
    assert said.startswith("To format: `make fmt`") and "make goimports" not in said, said
    assert "`goimports -local github.com/terraform-docs -w .`" in learned["style/go"], learned["style/go"]


def test_a_guide_names_go_vet_alone_and_a_shell_program_at_the_root_runs_from_the_checkout(make_project):
    guide = "# Contributing\n\n- Code must be formatted with `go fmt`\n- Code must pass `go vet`\n"
    files = {"CONTRIBUTING.md": guide, "go.mod": "module github.com/ovh/venom\n\ngo 1.24\n", "venom.go": "package venom\n",
             **{f"executors/e{i}.go": "package executors\n" * 30 for i in range(4)}}  # fmt: skip
    learned = bodies(make_project, files, "venom")
    assert learned["workflow/lint"].startswith("To lint: `go vet ./...`"), learned["workflow/lint"]
    assert learned["workflow/format"].startswith("To format: `go fmt ./...`"), learned["workflow/format"]
    composer = '{"name": "drush/drush", "bin": ["drush"], "require": {"php": ">=8.2"}}'
    files = {"composer.json": composer, "drush": "#!/usr/bin/env sh\nphp drush.php \"$@\"\n",
             **{f"src/M{i}.php": "<?php\nclass M {}\n" * 20 for i in range(4)}}  # fmt: skip
    learned = bodies(make_project, files, "drush")
    assert learned["workflow/run"].startswith("To run: `./drush`"), learned["workflow/run"]


def test_listing_tox_envs_and_making_a_test_repository_run_no_test(make_project):
    guide = ("# Contributing\n\nRun the tests with ``tox``.\n\nTry ``tox -av`` to see a list of the available checks.\n"
             "\n```sh\n# Create a test git repo in your /tmp directory\ntools/create-test-repo.sh\n```\n")  # fmt: skip
    files = {"CONTRIBUTING.md": guide, "tox.ini": "[tox]\nenvlist = py312\n\n[testenv]\ncommands = pytest\n",
             "tools/create-test-repo.sh": "#!/bin/sh\ngit init /tmp/x\n",
             "pyproject.toml": '[project]\nname = "gitlint"\nversion = "1"\n',
             **{f"gitlint/m{i}.py": "x = 1\n" * 30 for i in range(4)}, "tests/test_a.py": "def test_a():\n    pass\n"}  # fmt: skip
    learned = bodies(make_project, files, "gitlint")
    said = learned["workflow/test"]
    assert said.startswith("To test: `tox`") and "tox -av" not in said and "create-test-repo" not in said, said


def test_an_asciidoc_readme_gives_its_build_and_docs_commands(make_project):
    readme = ("= Spring Shell\n\n== About\n\nA shell.\n\n== Building from Source\nBuilding and running tests:\n\n"
              "[source,bash]\n----\n$>git clone git@github.com:spring-projects/spring-shell.git\n$>cd spring-shell\n"
              "$>./mvnw install\n----\n\n== Building the Documentation\n\nThe documentation is built using Antora.\n\n"
              "[source,bash]\n----\n$>./mvnw antora -pl spring-shell-docs\n----\n\n== License\nApache 2.0.\n")  # fmt: skip
    pom = (
        "<project><modelVersion>4.0.0</modelVersion><groupId>org.springframework.shell</groupId>"
        "<artifactId>spring-shell-parent</artifactId><version>4.0.0</version><packaging>pom</packaging>"
        "<modules><module>spring-shell-core</module><module>spring-shell-docs</module></modules></project>\n"
    )
    module = pom.replace("spring-shell-parent", "{0}").replace("<packaging>pom</packaging>", "").split("<modules>")[0]
    files = {"README.adoc": readme, "pom.xml": pom, "mvnw": "#!/bin/sh\n", ".mvn/wrapper/maven-wrapper.properties": "",
             "spring-shell-core/pom.xml": module.format("spring-shell-core") + "</project>\n",
             "spring-shell-docs/pom.xml": module.format("spring-shell-docs") + "</project>\n",
             **{f"spring-shell-core/src/main/java/s/M{i}.java": "class M {}\n" * 30 for i in range(4)},
             "spring-shell-core/src/test/java/s/MTests.java": "class MTests {}\n"}  # fmt: skip
    learned = bodies(make_project, files, "spring-shell")
    assert learned["workflow/test"].startswith("To test: `./mvnw install` — from README.adoc"), learned["workflow/test"]
    said = learned["workflow/docs"]
    assert said.startswith("To build or preview the docs: `./mvnw antora -pl spring-shell-docs`"), said


def test_an_empty_package_json_makes_no_javascript_project(make_project):
    files = {"package.json": "{}\n", "yarn.lock": "# THIS IS AN AUTOGENERATED FILE. DO NOT EDIT THIS FILE DIRECTLY.\n",
             "Gemfile": "source 'https://rubygems.org'\ngem 'rails'\n", "config/application.rb": "module App; end\n",
             **{f"app/models/m{i}.rb": "class M; end\n" * 20 for i in range(4)},
             **{f"app/assets/javascripts/j{i}.js": "var j = 1;\n" * 20 for i in range(3)}}  # fmt: skip
    learned = bodies(make_project, files, "CodeTriage")
    assert "javascript/packaging" not in learned, learned["javascript/packaging"]
    assert "yarn" not in learned.get("workflow/install", ""), learned["workflow/install"]


def test_composer_vendor_dir_is_someone_elses_code_and_a_rust_vendor_module_is_the_crates_own(make_project):
    composer = '{"name": "textpattern/textpattern", "config": {"vendor-dir": "textpattern/vendors"}}'
    files = {"composer.json": composer, "index.php": "<?php\ninclude 'textpattern/index.php';\n",
             **{f"textpattern/lib/txplib_{i}.php": "<?php\nfunction f() {}\n" * 40 for i in range(4)},
             **{f"textpattern/vendors/phpmailer/P{i}.php": "<?php\nclass P {}\n" * 300 for i in range(6)}}  # fmt: skip
    learned = bodies(make_project, files, "textpattern")
    said = learned["layout/source"]
    assert said.startswith("Main source in textpattern/lib/: 4 PHP files") and "vendors" not in said, said
    cargo = '[package]\nname = "probe-rs"\nversion = "0.1.0"\nedition = "2021"\n'
    files = {"Cargo.toml": cargo, "src/lib.rs": "pub mod vendor;\n", "src/vendor/mod.rs": "pub mod nxp;\n",
             **{f"src/vendor/nxp/m{i}.rs": "pub fn f() {}\n" * 40 for i in range(5)},
             **{f"src/probe/p{i}.rs": "pub fn f() {}\n" * 40 for i in range(3)}}  # fmt: skip
    learned = bodies(make_project, files, "probe-rs")
    said = learned["layout/source"]
    assert said.startswith("Main source in src/: 10 Rust files") and "vendor/ (6)" in said, said


def test_a_stray_package_json_does_not_describe_a_project_of_another_language(make_project):
    stray = '{"name": "probe-rs-targets", "version": "1.0.0", "description": "the builtin probe-rs targets"}'
    files = {"package.json": stray, "Cargo.toml": '[package]\nname = "probe-rs"\nversion = "0.1.0"\n',
             **{f"src/m{i}.rs": "pub fn f() {}\n" * 40 for i in range(4)}}  # fmt: skip
    assert "project/summary" not in bodies(make_project, files, "probe-rs")
    root = ('{"private": true, "name": "@changesets/repository", "description": "A tool to manage versioning and '
            'changelogs with a focus on monorepos", "workspaces": ["packages/*"]}')  # fmt: skip
    files = {"package.json": root, "packages/cli/package.json": '{"name": "@changesets/cli"}',
             **{f"packages/cli/src/m{i}.ts": "export const m = 1;\n" * 40 for i in range(4)}}  # fmt: skip
    said = bodies(make_project, files, "changesets").get("project/summary", "")
    assert said.startswith("Project @changesets/repository: A tool to manage versioning"), said


def test_a_ci_step_that_only_configures_builds_with_make_after_it(make_project):
    ci = workflow("./autogen.sh && ./configure", "make", "make check")
    files = {".github/workflows/ci.yml": ci, "configure.ac": "AC_INIT([numactl], [2.0])\n", "autogen.sh": "#!/bin/sh\n",
             "Makefile.am": "bin_PROGRAMS = numactl\n", **{f"m{i}.c": "int m;\n" * 40 for i in range(4)}}  # fmt: skip
    said = bodies(make_project, files, "numactl")["workflow/build"]
    assert said.startswith("To build: `./autogen.sh && ./configure && make`"), said


def test_a_templates_blanks_and_its_own_instructions_are_no_rules(make_project):
    textpattern = "Changes proposed in this pull request:\n\n- {Please write here}\n- {Please write here}\n"
    pyscaffold = ("## Purpose\n_Describe the problem._\n\n#### Open Questions and Pre-Merge TODOs\n"
                  "- [ ] Use github checklists. When solved, check the box and explain the answer.\n")  # fmt: skip
    for name, template in (("textpattern", textpattern), ("pyscaffold", pyscaffold)):
        files = {".github/PULL_REQUEST_TEMPLATE.md": template, **{f"src/m{i}.py": "x = 1\n" * 30 for i in range(4)}}
        learned = bodies(make_project, files, name)
        assert "rules/.github/PULL_REQUEST_TEMPLATE.md" not in learned, name


def test_a_guides_integration_target_comes_after_the_makefiles_test(make_project):
    guide = ("# Contributing\n\n### Run integration tests\n\nThey need docker.\n\n```bash\n"
             "# Run complete integration tests\nmake test_integration\n```\n")  # fmt: skip
    makefile = "test:\n\tpy.test -m 'not integration'\n\ntest_integration:\n\tpy.test -m integration\n"
    files = {"CONTRIBUTING.md": guide, "Makefile": makefile, "pyproject.toml": '[project]\nname = "dynaconf"\n',
             **{f"dynaconf/m{i}.py": "x = 1\n" * 30 for i in range(4)}, "tests/test_a.py": "def test_a():\n    pass\n"}  # fmt: skip
    said = bodies(make_project, files, "dynaconf")["workflow/test"]
    assert said.startswith("To test: `make test`") and "`make test_integration`" in said, said


def test_a_guides_only_test_command_without_default_features_leads(make_project):
    guide = ("# Contributing\n\n4. Build the project.\n\n```sh\ncargo build\n```\n\n6. Add your tests or update the "
             "existing tests according to the changes and check if the tests are passed.\n\n```sh\n"
             "NO_COLOR=1 cargo test --no-default-features\n```\n")  # fmt: skip
    cargo = '[package]\nname = "systeroid"\nversion = "0.1.0"\n\n[features]\ndefault = ["clipboard"]\nclipboard = []\n'
    files = {"CONTRIBUTING.md": guide, "Cargo.toml": cargo, **{f"src/m{i}.rs": "pub fn f() {}\n" * 40 for i in range(4)},
             "tests/t.rs": "#[test]\nfn t() {}\n"}  # fmt: skip
    said = bodies(make_project, files, "systeroid")["workflow/test"]
    assert said.startswith("To test: `NO_COLOR=1 cargo test --no-default-features` — from CONTRIBUTING.md"), said


def test_automake_names_one_test_in_a_folder(make_project):
    makefile_am = (
        "bin_PROGRAMS = numactl\ncheck_PROGRAMS = test/distance\n\nTESTS = \\\n\ttest/bind_range \\\n\ttest/distance\n"
    )
    files = {"configure.ac": "AC_INIT([numactl], [2.0])\n", "Makefile.am": makefile_am,
             **{f"m{i}.c": "int m;\n" * 40 for i in range(4)}, "test/distance.c": "int main() { return 0; }\n"}  # fmt: skip
    said = bodies(make_project, files, "numactl")["workflow/test-one"]
    assert said.startswith("To run one test: `make check TESTS=test/bind_range`"), said


def test_a_composer_unit_script_is_a_test_command(make_project):
    composer = (
        '{"name": "drush/drush", "scripts": {"test": ["@unit", "@functional"], "unit": "phpunit --testsuite unit"}}'
    )
    files = {"composer.json": composer, **{f"src/M{i}.php": "<?php\nclass M {}\n" * 20 for i in range(4)}}
    said = bodies(make_project, files, "drush")["workflow/test"]
    assert said.startswith("To test: `composer test`") and "`composer unit`" in said, said


def test_a_placeholder_for_any_command_is_no_way_to_run_one_test(make_project):
    readme = ("# sidekiq-cron\n\n## Contributing\n\n### Testing\n\n```sh\ndocker compose -f docker/docker-compose.yml run "
              "--rm tests <HERE IS YOUR COMMAND>\n```\n")  # fmt: skip
    files = {"README.md": readme, "docker/docker-compose.yml": "services:\n  tests:\n    build: .\n",
             "sidekiq-cron.gemspec": "Gem::Specification.new { |s| s.name = 'sidekiq-cron' }\n",
             **{f"lib/sidekiq/cron/m{i}.rb": "class M; end\n" * 20 for i in range(4)}}  # fmt: skip
    said = bodies(make_project, files, "sidekiq-cron").get("workflow/test-one", "")
    assert "HERE IS YOUR COMMAND" not in said, said


def test_one_test_runs_from_the_root_when_the_root_runs_vitest_over_every_package(make_project):
    root = '{"name": "shiki-monorepo", "private": true, "scripts": {"test": "FORCE_COLOR=3 && vitest"}}'
    codegen = '{"name": "shiki-codegen", "scripts": {"test": "vitest"}, "devDependencies": {"vitest": "3"}}'
    files = {"package.json": root, "pnpm-lock.yaml": "lockfileVersion: 9\n", "pnpm-workspace.yaml": "packages: ['packages/*']\n",
             "vitest.config.ts": "export default {}\n", "packages/codegen/package.json": codegen,
             "packages/shiki/package.json": '{"name": "shiki"}',
             **{f"packages/shiki/src/m{i}.ts": "export const m = 1;\n" * 30 for i in range(4)},
             **{f"packages/shiki/test/t{i}.test.ts": "it('a', () => {});\n" for i in range(3)},
             "packages/codegen/test/c.test.ts": "it('a', () => {});\n"}  # fmt: skip
    said = bodies(make_project, files, "shiki")["workflow/test-one"]
    assert said.startswith("To run one test: `pnpm test <file pattern> -t '<test name>'`"), said


def test_a_guides_publishing_section_gives_no_contributor_command(make_project):
    readme = ("# knapsack_pro\n\n## Contributing\n\n### Testing\n\n```bash\nbundle exec rspec spec\n```\n\n"
              "### Publishing\n\n```bash\ngit commit -am 'Bump version'\nbundle exec rake release\n"
              "cd rails-app-with-knapsack_pro && bundle install\n```\n")  # fmt: skip
    files = {"README.md": readme, "knapsack_pro.gemspec": "Gem::Specification.new { |s| s.name = 'knapsack_pro' }\n",
             "Gemfile": "source 'https://rubygems.org'\ngemspec\n", "rails-app-with-knapsack_pro/Gemfile": "gem 'rails'\n",
             **{f"lib/knapsack_pro/m{i}.rb": "class M; end\n" * 20 for i in range(4)},
             "spec/m_spec.rb": "describe 'm' do\nend\n"}  # fmt: skip
    learned = bodies(make_project, files, "knapsack_pro-ruby")
    assert "rails-app-with-knapsack_pro" not in learned.get("workflow/install", ""), learned["workflow/install"]


def test_the_spring_javaformat_plugin_formats_and_validates(make_project):
    pom = ("<project><modelVersion>4.0.0</modelVersion><groupId>o.s</groupId><artifactId>spring-shell</artifactId>"
           "<version>4.0.0</version><build><plugins><plugin><groupId>io.spring.javaformat</groupId>"
           "<artifactId>spring-javaformat-maven-plugin</artifactId><version>0.0.47</version><executions><execution>"
           "<phase>validate</phase><goals><goal>validate</goal></goals></execution></executions></plugin></plugins>"
           "</build></project>\n")  # fmt: skip
    files = {"pom.xml": pom, "mvnw": "#!/bin/sh\n", ".mvn/wrapper/maven-wrapper.properties": "",
             **{f"src/main/java/s/M{i}.java": "class M {}\n" * 30 for i in range(4)}}  # fmt: skip
    learned = bodies(make_project, files, "spring-shell")
    assert learned["workflow/format"].startswith("To format: `./mvnw spring-javaformat:apply`"), learned[
        "workflow/format"
    ]
    assert learned["workflow/lint"].startswith("To lint: `./mvnw spring-javaformat:validate`"), learned["workflow/lint"]


def test_lint_scripts_named_for_their_tool_lint_unless_they_pass_anyway(make_project):
    package = ('{"name": "textpattern", "private": true, "devDependencies": {"eslint": "9", "phplint": "2"}, "scripts":'
               ' {"eslint": "./node_modules/.bin/eslint textpattern/textpattern.js; exit 0",'
               ' "phplint": "phplint \'**/*.php\' \'!node_modules/**\'"}}')  # fmt: skip
    files = {"package.json": package, "package-lock.json": "{}\n", "textpattern/textpattern.js": "var t = 1;\n" * 30,
             **{f"textpattern/lib/l{i}.php": "<?php\nfunction f() {}\n" * 30 for i in range(4)}}  # fmt: skip
    said = bodies(make_project, files, "textpattern")["workflow/lint"]
    assert said.startswith("To lint: `npm run phplint`") and "eslint" not in said, said


def test_a_subject_a_tool_repeats_counts_once_in_the_median_length(make_project):
    own = [f"Support Laravel {i} in the job decorator (#{300 + i})" for i in range(6)]
    subjects = [s for pair in zip(own, ["Fix styling"] * 6, strict=True) for s in pair] + ["Fix styling"] * 4
    body = _conventions(make_project, subjects, "laravel-actions")
    assert "median subject length 45 characters" in body, body


def test_a_qa_folder_of_test_files_is_a_test_suite(make_project):
    files = {"pyproject.toml": '[project]\nname = "gitlint"\n', **{f"gitlint/m{i}.py": "x = 1\n" * 30 for i in range(4)},
             **{f"gitlint/tests/test_{i}.py": "def test_a():\n    pass\n" for i in range(3)},
             **{f"qa/test_q{i}.py": "def test_q():\n    pass\n" for i in range(2)}, "qa/base.py": "x = 1\n" * 30}  # fmt: skip
    learned = bodies(make_project, files, "gitlint")
    said = learned["layout/tests"]
    assert "in qa/ (2 files)" in said and "beside the source" not in said, said
    assert "qa/" not in learned["layout/source"].split("Its tests")[0], learned["layout/source"]


def test_a_tool_tox_table_in_tox_ini_words_configures_nothing(make_project):
    pyproject = ('[project]\nname = "dynaconf"\n\n[tool.pytest.ini_options]\naddopts = "-q"\n\n[tool.tox]\n'
                 'envlist = ["py310", "py311"]\n\n[tool.tox.testenv]\ndeps = ["pytest"]\n')  # fmt: skip
    files = {"pyproject.toml": pyproject, **{f"dynaconf/m{i}.py": "x = 1\n" * 30 for i in range(4)},
             "tests/test_a.py": "def test_a():\n    pass\n"}  # fmt: skip
    said = bodies(make_project, files, "dynaconf")["workflow/test"]
    assert "tox" not in said, said


def test_a_workflow_env_naming_the_test_script_is_read_into_its_commands(make_project):
    ci = workflow("$RUNNER --check-signed-off=gh-actions", "$RUNNER --check-format", "$RUNNER -q --jerry-tests")
    ci = ci.replace("jobs:", "env:\n  RUNNER: tools/run-tests.py\njobs:", 1)
    files = {".github/workflows/ci.yml": ci, "tools/run-tests.py": "#!/usr/bin/env python\n",
             "CMakeLists.txt": "project(jerry C)\n", **{f"jerry-core/m{i}.c": "int m;\n" * 40 for i in range(4)}}  # fmt: skip
    learned = bodies(make_project, files, "jerryscript")
    assert learned["workflow/test"].startswith("To test: `tools/run-tests.py -q --jerry-tests`"), learned[
        "workflow/test"
    ]
    assert learned["workflow/lint"].startswith("To lint: `tools/run-tests.py --check-format`"), learned["workflow/lint"]


def test_a_guides_tox_without_any_tox_configuration_is_stale(make_project):
    guide = "# Contributing\n\nRun the tests:\n\n```\ntox\n```\n"
    files = {"CONTRIBUTING.md": guide, "pyproject.toml": '[project]\nname = "autobahn"\n',
             "justfile": "test:\n    pytest src\n", **{f"src/autobahn/m{i}.py": "x = 1\n" * 30 for i in range(4)},
             "src/autobahn/test/test_a.py": "def test_a():\n    pass\n"}  # fmt: skip
    said = bodies(make_project, files, "autobahn-python")["workflow/test"]
    assert "`tox`" not in said, said


def test_gofumpt_takes_no_local_prefix_from_the_next_recipe_line(make_project):
    makefile = ("format:\n\t@go run mvdan.cc/gofumpt@v0.6.0 -l -w .\n"
                "\t@go run github.com/rinchsan/gosimports/cmd/gosimports@v0.3.8 -local github.com/tetratelabs/ -w x.go\n")  # fmt: skip
    files = {"Makefile": makefile, "go.mod": "module github.com/tetratelabs/wazero\n\ngo 1.23\n",
             **{f"internal/m{i}.go": "package internal\n" * 30 for i in range(4)}}  # fmt: skip
    said = bodies(make_project, files, "wazero")["style/go"]
    assert "`gofumpt -w .`" in said and "-local" not in said, said
