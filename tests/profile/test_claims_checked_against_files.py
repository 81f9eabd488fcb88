"""Claims checked against the files they rest on (issue 17, round eleven): a guide's command keeps the role the
prose gives it only when what it runs has that role; test files, test options, toolchains, Java releases and
dependencies are read from the files that define them, not guessed from names."""

from __future__ import annotations

from tests.profile.learned import bodies

GUIDE_WITH_PACKAGING_STEPS = """\
# Contributing

## Installing

Snaps may be uploaded to the store. Assuming `snapcraft` is installed:

```
make snap
```

Also consider `pip install`ing development utilities.

## Documentation

Requires a one-time clone of the docs repositories:

```
make submodules
```

## Tests

```
make test
```
"""
MAKEFILE = """\
test:
\tpytest
snap:
\t@make -B snapcraft.yaml
\tsnapcraft
snapcraft.yaml:
\t@python .meta/mksnap.py
submodules:
\tgit clone git@github.com:acme/acme.wiki wiki
\tgit clone git@github.com:acme/acme.github.io docs
install_dev:
\tpython -m pip install -e .
"""


def test_a_guide_command_whose_target_runs_something_else_loses_the_prose_role(make_project):
    learned = bodies(make_project, {
        "CONTRIBUTING.md": GUIDE_WITH_PACKAGING_STEPS, "Makefile": MAKEFILE,
        "pyproject.toml": '[project]\nname = "acme"\n', "acme/__init__.py": "",
    })  # fmt: skip
    assert "make snap" not in learned.get("workflow/install", "")  # it runs snapcraft: packaging, no set-up
    assert "`pip install`" not in learned.get("workflow/install", "")  # a verb in prose, and it names nothing
    assert "make install_dev" in learned["workflow/install"]  # a target named for a contributor's install
    assert "workflow/docs" not in learned  # cloning a folder named docs builds no documentation
    assert "`make test`" in learned["workflow/test"]


def test_a_guide_command_whose_target_does_what_the_prose_says_keeps_the_role(make_project):
    learned = bodies(make_project, {
        "CONTRIBUTING.md": "## Documentation\n\n```\nmake site\n```\n",
        "Makefile": "site:\n\t@make readme\nreadme:\n\tsphinx-build docs docs/_build\n",
        "pyproject.toml": '[project]\nname = "acme"\n', "acme/__init__.py": "",
    })  # fmt: skip
    assert "`make site`" in learned["workflow/docs"]  # its sub-target builds the docs with Sphinx


def test_one_test_names_a_file_pytest_collects_by_the_projects_own_naming(make_project):
    learned = bodies(make_project, {
        "pyproject.toml": '[project]\nname = "acme"\n[tool.pytest.ini_options]\n'
                          'python_files = ["tests_*.py"]\ntestpaths = ["tests"]\n',
        "acme/__init__.py": "", "tests/tests_core.py": "def test_core():\n    pass\n",
    })  # fmt: skip
    assert "pytest tests/tests_core.py::test_core" in learned["workflow/test-one"]
    assert "test_example.py" not in learned["workflow/test-one"]


def test_without_a_collected_test_file_one_test_is_selected_by_name_not_by_a_made_up_file(make_project):
    learned = bodies(make_project, {
        "pyproject.toml": '[project]\nname = "acme"\n[tool.pytest.ini_options]\naddopts = "-q"\n',
        "acme/__init__.py": "",
    })  # fmt: skip
    assert "`pytest -k <expression>`" in learned["workflow/test-one"]


def test_the_test_scripts_glob_is_the_suite_whatever_its_files_are_called(make_project):
    learned = bodies(make_project, {
        "package.json": '{"name": "acme", "scripts": {"test": "mocha ./test/*.mjs --require ./test/before.mjs"},'
                        ' "devDependencies": {"mocha": "^10"}}',
        "lib/index.ts": "export const a = 1;\n", "tsconfig.json": "{}",
        "test/before.mjs": "", "test/parser.mjs": "", "test/usage.mjs": "", "test/command.mjs": "",
        "test/deno/shim.test.ts": "", "test/deno/other.test.ts": "",
    })  # fmt: skip
    assert learned["layout/tests"].startswith("4 test files: `test/*.mjs`")
    assert "npx mocha test/command.mjs" in learned["workflow/test-one"]  # not a Deno test mocha cannot run


def test_tests_behind_an_option_that_is_off_are_configured_on_before_ctest(make_project):
    learned = bodies(make_project, {
        "CMakeLists.txt": 'project(acme C)\noption(ACME_BUILD_TESTS "Build tests" OFF)\nadd_library(acme src/a.c)\n'
                          "if(ACME_BUILD_TESTS)\n    enable_testing()\n    add_test(NAME a COMMAND t)\n"
                          "    add_test(NAME b COMMAND t)\n    add_test(NAME c COMMAND t)\nendif()\n",
        "src/a.c": "int a;\n",
    })  # fmt: skip
    assert "-DACME_BUILD_TESTS=ON" in learned["workflow/test"] and "ctest" in learned["workflow/test"]
    assert "-DACME_BUILD_TESTS=ON" in learned["workflow/test-one"]


def test_a_system_package_install_in_ci_is_not_the_build(make_project):
    ci = "on: [push]\njobs:\n  musl:\n    steps:\n      - run: apk add --no-cache build-base cmake\n"
    learned = bodies(make_project, {
        ".github/workflows/ci.yml": ci, "CMakeLists.txt": "project(acme C)\nadd_library(acme a.c)\n", "a.c": "",
    })  # fmt: skip
    assert "apk add" not in learned["workflow/build"]


def test_a_rust_toolchain_file_without_a_channel_pins_nothing(make_project):
    files = {"Cargo.toml": '[package]\nname = "acme"\nedition = "2021"\n', "src/lib.rs": "",
             "rust-toolchain.toml": '[toolchain]\ncomponents = ["rust-src"]\n'}  # fmt: skip
    assert "pinned" not in bodies(make_project, files)["rust/packaging"]
    files["rust-toolchain.toml"] = '[toolchain]\nchannel = "1.80.0"\n'
    assert "toolchain pinned to 1.80.0" in bodies(make_project, files, name="pinned")["rust/packaging"]


def test_the_java_release_is_the_root_poms_property_and_test_scoped_frameworks_make_no_app(make_project):
    root = ("<project><properties><main.java.version>1.8</main.java.version>"
            "<maven.compiler.source>${main.java.version}</maven.compiler.source></properties>"
            "<modules><module>core</module><module>form</module></modules></project>")  # fmt: skip
    form = ("<project><dependencies><dependency><groupId>org.springframework.boot</groupId>"
            "<artifactId>spring-boot-starter-web</artifactId><scope>test</scope></dependency>"
            "<dependency><groupId>org.hibernate.validator</groupId><artifactId>hibernate-validator</artifactId>"
            "</dependency></dependencies></project>")  # fmt: skip
    sample = (
        "<project><build><plugins><plugin><artifactId>spring-boot-maven-plugin</artifactId>"
        "</plugin></plugins></build><properties><release>17</release></properties></project>"
    )
    learned = bodies(make_project, {
        "pom.xml": root, "core/pom.xml": "<project><release>17</release></project>", "form/pom.xml": form,
        "example-wiki-with-springboot/pom.xml": sample, "core/src/main/java/A.java": "class A {}\n",
    })  # fmt: skip
    packaging = learned["jvm/packaging"]
    assert "compiles for Java 8" in packaging
    assert "an application" not in packaging and "Spring Boot" not in packaging and "Hibernate" not in packaging
    assert "workflow/run" not in learned  # spring-boot:run would run only the sample


def test_a_go_stack_is_what_the_code_imports_not_what_its_tests_or_other_modules_need(make_project):
    learned = bodies(make_project, {
        "go.mod": "module example.com/log\n\ngo 1.22\n\nrequire (\n\tgithub.com/stretchr/testify v1.8.1\n"
                  "\tgo.uber.org/multierr v1.10.0\n)\n",
        "log.go": 'package log\n\nimport "go.uber.org/multierr"\n\nvar _ = multierr.Append\n',
        "log_test.go": 'package log\n\nimport "github.com/stretchr/testify/assert"\n',
        "benchmarks/go.mod": "module example.com/log/benchmarks\n\nrequire google.golang.org/grpc v1.0.0\n",
        "benchmarks/bench_test.go": "package benchmarks\n",
    })  # fmt: skip
    assert "built on go.uber.org/multierr" in learned["go/stack"] and "Test tools: testify" in learned["go/stack"]
    assert "gRPC" not in learned["go/stack"]
    assert "benchmarks with their own go.mod: benchmarks" in learned["go/packaging"]


def test_languages_leave_out_generated_documentation_and_name_the_code_s_language_main(make_project):
    learned = bodies(make_project, {
        "src/lib.c": "int x;\n" * 200,
        **{f"doc/html/search{i}.js": "var a = 1;\n" * 100 for i in range(5)},
    })  # fmt: skip
    assert learned["languages"].startswith("Languages by share of source: C 100%")
    learned = bodies(make_project, {
        "lib/core.ts": "export const a = 1;\n" * 100,
        **{f"test/t{i}.mjs": "import 'x';\n" * 100 for i in range(4)},
        "package.json": '{"name": "acme"}',
    }, name="ts")  # fmt: skip
    assert learned["languages"].endswith(
        "Main language: TypeScript (by the code outside tests, scripts and bundled files)."
    )


def test_the_main_source_folder_is_where_the_bytes_are_not_where_the_files_are(make_project):
    learned = bodies(make_project, {
        "src/acme.c": "int x;\n" * 3000, "src/acme.h": "int y;\n" * 500,
        "misc/tool_a.c": "int a;\n", "misc/tool_b.c": "int b;\n", "misc/tool_c.c": "int c;\n",
    })  # fmt: skip
    assert learned["layout/source"].startswith("Main source in src/")
    learned = bodies(make_project, {
        **{f"lib/m{i}.ts": "export const a = 1;\n" * 300 for i in range(5)},
        "deno.ts": "export * from './lib/m0.ts';\n", "browser.ts": "export * from './lib/m1.ts';\n",
        "package.json": '{"name": "acme"}',
    }, name="shims")  # fmt: skip
    assert learned["layout/source"].startswith("Main source in lib/")


def test_phpstan_is_the_type_check_and_a_ci_report_variable_is_not_part_of_the_command(make_project):
    ci = ("on: [push, pull_request]\njobs:\n  coding-standards:\n    steps:\n"
          "      - run: \"make phpcs PHPCS_FLAGS='-q --report=checkstyle | cs2pr'\"\n"
          "  static-analysis:\n    steps:\n      - run: make phpstan\n")  # fmt: skip
    learned = bodies(make_project, {
        ".github/workflows/ci.yml": ci, "src/A.php": "<?php\n",
        "Makefile": "phpcs:\n\tvendor/bin/phpcs $(PHPCS_FLAGS)\n\nphpstan:\n\tvendor/bin/phpstan analyse\n",
        "composer.json": '{"require-dev": {"phpstan/phpstan": "^1", "phpunit/phpunit": "^10"}}',
    })  # fmt: skip
    assert "`make phpcs`" in learned["workflow/lint"] and "phpstan" not in learned["workflow/lint"]
    assert "`make phpstan`" in learned["workflow/typecheck"]
    assert "Static analysis and types: PHPStan" in learned["php/stack"]


def test_a_guide_command_naming_a_script_target_or_file_the_repository_lacks_is_not_offered(make_project):
    guide = ("## Testing\n\n```\nnpm run test:unit\nmake check-all\npytest tests/test_gone.py\n```\n\n"
             "## Linting\n\n```\nnpm run lint\nmake lint\n```\n")  # fmt: skip
    learned = bodies(make_project, {
        "CONTRIBUTING.md": guide, "Makefile": "lint:\n\teslint .\n",
        "package.json": '{"name": "acme", "scripts": {"lint": "eslint ."}}', "index.js": "",
    })  # fmt: skip
    offered = " ".join(learned.values())
    assert "test:unit" not in offered and "check-all" not in offered and "test_gone" not in offered
    assert "`npm run lint`" in learned["workflow/lint"] and "`make lint`" in learned["workflow/lint"]
