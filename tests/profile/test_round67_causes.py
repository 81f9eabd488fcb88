"""Causes found in the sixty-seventh round."""

from __future__ import annotations

from tests.profile.learned import bodies, repo_bodies, workflow


def commands_of(learned: dict[str, str]) -> str:
    """The command memories' bodies, one after another."""
    return "\n".join(body for key, body in learned.items() if key.startswith("workflow/"))


SUREFIRE_OFF = """<project>
  <modelVersion>4.0.0</modelVersion>
  <groupId>org.gephi</groupId>
  <artifactId>gephi</artifactId>
  <version>0.10.0</version>
  <packaging>pom</packaging>
  <modules><module>modules/ImportPlugin</module></modules>
  <build>
    <plugins>
      <!-- Skip unit tests in non-deployment or release mode -->
      <plugin>
        <groupId>org.apache.maven.plugins</groupId>
        <artifactId>maven-surefire-plugin</artifactId>
        <configuration>
          <skipTests>true</skipTests>
        </configuration>
      </plugin>
      <plugin>
        <groupId>org.apache.maven.plugins</groupId>
        <artifactId>maven-checkstyle-plugin</artifactId>
        <configuration>
          <configLocation>checkstyle.xml</configLocation>
          <skip>true</skip>
        </configuration>
      </plugin>
    </plugins>
  </build>
  <profiles>
    <profile>
      <id>enableTests</id>
      <build><plugins><plugin>
        <groupId>org.apache.maven.plugins</groupId>
        <artifactId>maven-surefire-plugin</artifactId>
        <configuration><skipTests>false</skipTests></configuration>
      </plugin></plugins></build>
    </profile>
    <profile>
      <id>enableCheckStyle</id>
      <build><plugins><plugin>
        <groupId>org.apache.maven.plugins</groupId>
        <artifactId>maven-checkstyle-plugin</artifactId>
        <configuration><skip>false</skip></configuration>
      </plugin></plugins></build>
    </profile>
  </profiles>
</project>
"""
GEPHI = {
    "pom.xml": SUREFIRE_OFF,
    "modules/ImportPlugin/pom.xml": "<project><artifactId>import</artifactId></project>\n",
    "modules/ImportPlugin/src/main/java/org/gephi/io/Importer.java": "package org.gephi.io;\nclass Importer {}\n",
    "modules/ImportPlugin/src/test/java/org/gephi/io/ImportTest.java": "package org.gephi.io;\nclass ImportTest {}\n",
    "checkstyle.xml": "<module name='Checker'/>\n",
}


def test_a_plugin_the_pom_switches_off_runs_with_the_profile_that_switches_it_on(make_project):
    # gephi's surefire says `<skipTests>true</skipTests>` and its checkstyle `<skip>true</skip>`: a plain `mvn test`
    # runs no test and `mvn checkstyle:check` checks nothing; the enableTests and enableCheckStyle profiles turn them on
    learned = bodies(make_project, GEPHI, name="gephi")
    assert "`mvn test -P enableTests`" in learned["workflow/test"], learned["workflow/test"]
    assert "-P enableTests`" in learned["workflow/test-one"], learned["workflow/test-one"]
    assert "`mvn checkstyle:check -P enableCheckStyle`" in learned["workflow/lint"], learned["workflow/lint"]


def test_a_command_that_names_its_profile_already_is_left_as_it_is(make_project):
    # gephi's CI: `mvn verify -P enableTests,enableCheckStyle`, profiles on already
    ci = workflow("mvn -T 4 --batch-mode verify -P enableTests,enableCheckStyle", job="build_and_test")
    learned = bodies(make_project, GEPHI | {".github/workflows/build.yml": ci}, name="gephi-ci")
    text = "\n".join(learned.values())
    assert "`mvn -T 4 --batch-mode verify -P enableTests,enableCheckStyle`" in text, text
    assert "enableTests,enableTests" not in text and "enableCheckStyle,enableCheckStyle" not in text, text


def test_a_plugin_only_one_execution_switches_off_needs_no_profile(make_project):
    # one execution skipped (an integration-test run): the plugin's own configuration runs the unit tests
    pom = SUREFIRE_OFF.replace(
        "<configuration>\n          <skipTests>true</skipTests>\n        </configuration>",
        "<executions><execution><id>it</id><configuration><skipTests>true</skipTests></configuration>"
        "</execution></executions>",
    )
    learned = bodies(make_project, GEPHI | {"pom.xml": pom}, name="gephi-exec")
    assert "enableTests" not in learned["workflow/test"], learned["workflow/test"]


HAYSTACK_PYPROJECT = """[build-system]
requires = ["hatchling"]
build-backend = "hatchling.build"

[project]
name = "haystack-ai"
version = "2.0.0"
requires-python = ">=3.10"
dependencies = ["pydantic", "jinja2"]

[tool.hatch.envs.default]
installer = "uv"
dependencies = ["pre-commit", "ruff"]

[tool.hatch.envs.default.scripts]
fmt = "ruff check --fix {args} && ruff format {args}"

[tool.hatch.envs.test]
extra-dependencies = ["pytest"]

[tool.hatch.envs.test.scripts]
unit = 'pytest --cov-report xml:coverage.xml --cov="haystack" -m "not integration" {args:test}'

[tool.uv]
exclude-newer = "24 hours"
"""
HAYSTACK = {
    "pyproject.toml": HAYSTACK_PYPROJECT,
    "haystack/__init__.py": "",
    "haystack/logging.py": "def configure(): ...\n",
    "test/test_logging.py": "class TestSkipLoggingConfiguration:\n    def test_skip_logging_configuration(self): ...\n",
}


def test_uv_settings_beside_hatch_environments_leave_hatch_the_manager(make_project):
    # haystack's `[tool.uv]` holds only exclude-newer, for the uv its Hatch environments install with (no uv.lock)
    learned = bodies(make_project, HAYSTACK, name="haystack")
    assert "package manager Hatch" in learned["python/packaging"], learned["python/packaging"]
    assert "uv" not in learned["workflow/build"] and "`hatch build`" in learned["workflow/build"], learned
    commands = commands_of(learned)
    assert "`uv " not in commands, commands


def test_uv_settings_of_the_environment_itself_make_uv_the_manager(make_project):
    pyproject = HAYSTACK_PYPROJECT.replace('exclude-newer = "24 hours"', 'dev-dependencies = ["pytest"]')
    learned = bodies(make_project, HAYSTACK | {"pyproject.toml": pyproject}, name="haystack-uv")
    assert "package manager uv" in learned["python/packaging"], learned["python/packaging"]


HAYSTACK_GUIDE = """# Contributing

## Run the tests locally

From the root of the git repository, you can run all the unit tests like this:

```sh
hatch run test:unit
```

If you want to run a subset of the tests or even one test in particular, `hatch` will accept all the
options you would normally pass to `pytest`, for example:

```sh
# run one test method from a specific test class in a test file
hatch run test:unit test/test_logging.py::TestSkipLoggingConfiguration::test_skip_logging_configuration
```
"""


def test_the_tool_a_runner_passes_options_to_is_not_the_test_command(make_project):
    # haystack's "`hatch` will accept all the options you would normally pass to `pytest`": hatch runs the tests
    learned = bodies(make_project, HAYSTACK | {"CONTRIBUTING.md": HAYSTACK_GUIDE}, name="haystack-guide")
    assert learned["workflow/test"].startswith("To test: `hatch run test:unit`"), learned["workflow/test"]
    assert "`pytest`" not in learned["workflow/test"], learned["workflow/test"]


def test_a_guide_s_one_test_with_a_long_node_id_is_the_one_test_command(make_project):
    learned = bodies(make_project, HAYSTACK | {"CONTRIBUTING.md": HAYSTACK_GUIDE}, name="haystack-one")
    expected = (
        "`hatch run test:unit test/test_logging.py::TestSkipLoggingConfiguration::test_skip_logging_configuration`"
    )
    assert learned["workflow/test-one"].startswith(f"To run one test: {expected}"), learned["workflow/test-one"]


def test_the_words_of_a_shell_array_in_ci_are_not_commands(make_project):
    # ddnet's build.yml lists its apt packages in `packages=(` … `)`: ninja-build and valgrind are no commands
    step = (
        "- name: Prepare Linux\n  run: |\n    packages=(\n      # tidy-alphabetical-start\n      ninja-build\n"
        '      valgrind\n    )\n    sudo apt-get install -y "${packages[@]}"\n'
        "- run: cmake -B build -G Ninja\n- run: cmake --build build --target run_tests"
    )
    files = {
        "CMakeLists.txt": "cmake_minimum_required(VERSION 3.13)\nproject(ddnet CXX)\nadd_executable(ddnet src/main.cpp)\n",
        "src/main.cpp": "int main() { return 0; }\n",
        ".github/workflows/build.yml": workflow(step, job="build-cmake"),
    }
    learned = bodies(make_project, files, name="ddnet")
    text = "\n".join(learned.values())
    assert "`ninja-build`" not in text and "`valgrind`" not in text, text


LUANTI_GUIDE = """# Contributing

## Code

1. Fork the repository.
2. Start coding!
    - Follow the AI policy.
    - Check your code works as expected and document any changes to the Lua API.
    - To avoid conflicting changes between contributions, do not do the following manually. They will be done before each release.
      - Run `updatepo.sh` or update `luanti.po{,t}` even if your code adds new translatable strings.
      - Update `minetest.conf.example` and `settings_translation_file.cpp` even if your code adds new core settings.
"""


def test_the_items_under_a_lead_that_forbids_them_stay_forbidden(make_project):
    # luanti's CONTRIBUTING.md: "do not do the following manually" over "Run `updatepo.sh` …": alone, each item
    # reads as an order to do what the guide forbids
    files = {
        "CMakeLists.txt": "project(luanti)\n",
        "src/main.cpp": "int main() {}\n",
        ".github/CONTRIBUTING.md": LUANTI_GUIDE,
    }
    rules = bodies(make_project, files, name="luanti")["rules/.github/CONTRIBUTING.md"]
    assert "do not do the following manually: Run `updatepo.sh`" in rules, rules
    assert "\n- Run `updatepo.sh`" not in rules and "\n- Update `minetest.conf.example`" not in rules, rules


def test_a_generator_a_header_names_from_its_sub_project_is_in_the_repository(make_project):
    # luanti's irr/include/mt_opengl.h: "generated by scripts/BindingGenerator.lua", a path inside irr/
    header = "// This code was generated by scripts/BindingGenerator.lua\n// Do not modify it, modify and run the generator instead.\n"
    files = {
        "CMakeLists.txt": "project(luanti)\n",
        "src/main.cpp": "int main() {}\n",
        "irr/include/mt_opengl.h": header + "#pragma once\n",
        "irr/src/mt_opengl_loader.cpp": header + "int loader;\n",
        "irr/scripts/BindingGenerator.lua": "-- writes mt_opengl.h\n",
    }
    rules = bodies(make_project, files, name="luanti-gen")["rules/config"]
    assert "edit the generator irr/scripts/BindingGenerator.lua and run it again" in rules, rules
    assert "not in this repository" not in rules, rules


def test_a_test_file_wildcard_is_no_one_test_command(make_project):
    # arproxy's CI `bundle exec rspec spec/unit/*_spec.rb`: every unit spec, no one test
    files = {
        "Gemfile": "source 'https://rubygems.org'\ngem 'rspec'\n",
        "Gemfile.lock": "GEM\n  specs:\n    rspec (3.13.0)\n",
        ".rspec": "--require spec_helper\n",
        "lib/arproxy.rb": "module Arproxy; end\n",
        "spec/unit/arproxy_spec.rb": "describe Arproxy do\n  it 'works' do\n  end\nend\n",
        "spec/unit/config_spec.rb": "describe 'config' do\n  it 'works' do\n  end\nend\n",
        ".github/workflows/unit_tests.yml": workflow("bundle exec rspec spec/unit/*_spec.rb", job="test"),
    }
    learned = bodies(make_project, files, name="arproxy")
    assert "*_spec.rb" not in learned.get("workflow/test-one", ""), learned.get("workflow/test-one")


def test_golangci_lint_without_its_subcommand_is_no_command(make_project):
    # dagu's CLAUDE.md describes `make fmt` as "`golangci-lint --fix`": without `run`, golangci-lint prints its help
    guide = "# CLAUDE.md\n\n## Commands\n\n- `make lint`: lint the code\n- Format the code with `golangci-lint --fix`\n"
    files = {
        "go.mod": "module github.com/dagu-org/dagu\n\ngo 1.24\n",
        "main.go": "package main\n\nfunc main() {}\n",
        "Makefile": "lint:\n\tgolangci-lint run ./...\n",
        "CLAUDE.md": guide,
    }
    learned = bodies(make_project, files, name="dagu")
    text = commands_of(learned)
    assert "`golangci-lint --fix`" not in text, text


def test_a_test_recipe_s_variable_that_names_a_tool_to_install_picks_no_test(make_project):
    # dagu's `test:` recipe: `go install ${PKG_gotestsum}` (gotest.tools/gotestsum), then `gotestsum -- ${TEST_TARGET}`
    makefile = (
        "TEST_TARGET?=./...\nPKG_gotestsum=gotest.tools/gotestsum\n\ntest:\n"
        "\t@GOBIN=bin go install ${PKG_gotestsum}\n\t@bin/gotestsum -- -race ${TEST_TARGET}\n"
    )
    files = {
        "go.mod": "module github.com/dagu-org/dagu\n\ngo 1.24\n",
        "main.go": "package main\n\nfunc main() {}\n",
        "main_test.go": 'package main\n\nimport "testing"\n\nfunc TestMain(t *testing.T) {}\n',
        "Makefile": makefile,
    }
    one = bodies(make_project, files, name="dagu-make")["workflow/test-one"]
    assert "PKG_gotestsum" not in one and "`make test TEST_TARGET=<test>`" in one, one


def test_a_phpstan_baseline_is_no_source_file(make_project):
    # bolt's 269 KB phpstan-baseline.php at the root made the root its main source, the baseline its largest module
    baseline = (
        "<?php declare(strict_types=1);\n\n$ignoreErrors = [];\n" + "$ignoreErrors[] = ['message' => 'x'];\n" * 4000
    )
    files = {
        "composer.json": '{"name": "bolt/core", "autoload": {"psr-4": {"Bolt\\\\": "src/"}}}\n',
        "phpstan-baseline.php": baseline + "return ['parameters' => ['ignoreErrors' => $ignoreErrors]];\n",
        "ecs.php": "<?php\nreturn static function ($config): void {};\n",
        "rector.php": "<?php\nreturn static function ($config): void {};\n",
        **{
            f"bin/composer-script/S{i}.php": f"<?php\nnamespace Bolt\\ComposerScripts;\nclass S{i} {{}}\n"
            for i in range(3)
        },
        **{
            f"src/Entity/E{i}.php": f"<?php\nnamespace Bolt\\Entity;\nclass E{i} {{}}\n" + "// x\n" * 200
            for i in range(6)
        },
    }
    source = bodies(make_project, files, name="bolt")["layout/source"]
    assert source.startswith("Main source in src/"), source
    assert "phpstan-baseline" not in source, source


def test_a_licence_header_the_files_added_lately_leave_out_is_no_rule_for_a_new_file(make_project):
    # gephi's older Java files carry the GPL header; most files added since leave it out
    header = "/*\n Copyright 2008-2010 Gephi\n This program is free software: GNU General Public License v3.\n*/\n"
    old = {
        f"src/main/java/org/gephi/Old{i}.java": f"{header}package org.gephi;\nclass Old{i} {{}}\n" for i in range(200)
    }
    repo = make_project({"pom.xml": "<project><artifactId>gephi</artifactId></project>\n", **old}, name="gephi-headers")
    for i in range(12):
        repo.write({f"src/main/java/org/gephi/New{i}.java": f"package org.gephi;\nclass New{i} {{}}\n"}).commit(
            f"Add New{i}"
        )
    assert "rules/file-headers" not in repo_bodies(repo), repo_bodies(repo).get("rules/file-headers")


def test_a_licence_header_the_files_added_lately_keep_is_a_rule_for_a_new_file(make_project):
    header = "/*\n Copyright 2008-2010 Gephi\n This program is free software: GNU General Public License v3.\n*/\n"
    old = {
        f"src/main/java/org/gephi/Old{i}.java": f"{header}package org.gephi;\nclass Old{i} {{}}\n" for i in range(60)
    }
    repo = make_project({"pom.xml": "<project><artifactId>gephi</artifactId></project>\n", **old}, name="gephi-kept")
    for i in range(6):
        repo.write({f"src/main/java/org/gephi/New{i}.java": f"{header}package org.gephi;\nclass New{i} {{}}\n"}).commit(
            f"Add New{i}"
        )
    assert "a new file does too" in repo_bodies(repo)["rules/file-headers"], repo_bodies(repo)


def test_a_folder_of_tests_named_otherwise_says_its_naming_too(make_project):
    # natalie's spec/ holds *_spec.rb, its test/ *_test.rb: "named *_spec.rb" misnamed the 177 in test/
    files = {
        "Gemfile": "source 'https://rubygems.org'\n",
        "lib/natalie.rb": "module Natalie; end\n",
        **{f"spec/core/s{i}_spec.rb": "describe 'x' do\n  it 'works' do\n  end\nend\n" for i in range(40)},
        **{f"test/natalie/t{i}_test.rb": "require_relative '../test_helper'\n" for i in range(4)},
    }
    tests = bodies(make_project, files, name="natalie")["layout/tests"]
    assert "*_spec.rb" in tests and "*_test." in tests, tests


def test_qunit_s_dashed_test_files_are_tests(make_project):
    # ember.js' packages/**/tests/**/*-test.js, run by QUnit through testem
    files = {
        "package.json": '{"name": "ember-source", "scripts": {"test": "node bin/run-tests.js"}}\n',
        "packages/@ember/object/index.js": "export default {};\n",
        **{f"packages/@ember/object/tests/o{i}-test.js": "QUnit.test('x', () => {});\n" for i in range(6)},
    }
    tests = bodies(make_project, files, name="ember")["layout/tests"]
    assert tests.startswith("6 test files, named *-test.js"), tests


def test_a_tox_ini_of_other_tools_settings_runs_no_tox(make_project):
    # gnuradio's tox.ini holds only [pycodestyle]: `tox` runs no environment
    files = {
        "tox.ini": "[pycodestyle]\nmax-line-length = 120\n",
        "CMakeLists.txt": "cmake_minimum_required(VERSION 3.16)\nproject(gnuradio CXX)\nenable_testing()\n",
        "gr-blocks/lib/add.cc": "int add;\n",
        "gr-blocks/python/blocks/qa_add.py": "def test_add(): ...\n",
    }
    text = commands_of(bodies(make_project, files, name="gnuradio"))
    assert "`tox`" not in text, text


def test_a_make_target_that_only_prints_is_no_command(make_project):
    # natalie's `build:` target echoes "please run 'rake'"
    files = {
        "Makefile": ".PHONY: build\n\nbuild:\n\t@echo \"please run 'rake'\"\n",
        "Rakefile": "task default: :build\ntask :build do\n  sh 'cmake --build build'\nend\n",
        "lib/natalie.rb": "module Natalie; end\n",
    }
    text = "\n".join(bodies(make_project, files, name="natalie-make").values())
    assert "`make build`" not in text, text


def test_make_check_in_a_linter_s_job_lints(make_project):
    # zot's golangci-lint.yaml job `golangci` runs `make check`, which runs golangci-lint
    files = {
        "go.mod": "module zotregistry.dev/zot\n\ngo 1.24\n",
        "main.go": "package main\n\nfunc main() {}\n",
        "main_test.go": 'package main\n\nimport "testing"\n\nfunc TestMain(t *testing.T) {}\n',
        "Makefile": "check:\n\tgolangci-lint run ./...\n",
        ".github/workflows/golangci-lint.yaml": workflow("make check", job="golangci"),
    }
    learned = bodies(make_project, files, name="zot")
    assert "`make check`" not in learned.get("workflow/test", ""), learned.get("workflow/test")
    assert "`make check`" in learned["workflow/lint"], learned["workflow/lint"]


def test_generated_files_beyond_the_files_read_are_not_counted(make_project):
    # weaviate's "… and 104 more" counted the first 400 source files read; 972 say they are generated
    header = "// Code generated by mockery. DO NOT EDIT.\n\npackage mocks\n"
    files = {
        "go.mod": "module github.com/weaviate/weaviate\n\ngo 1.24\n",
        "main.go": "package main\n\nfunc main() {}\n",
        **{f"adapters/mocks/mock_{i:03}.go": header for i in range(420)},
    }
    rules = bodies(make_project, files, name="weaviate")["rules/config"]
    assert "and others" in rules and " more;" not in rules, rules
