"""Round twelve of general fixes (issue 17), from the causes of the eleventh held-out set: reStructuredText guides
read with their literal blocks, set-up steps in the guide's order, JUnit 3 and C++ test names, CI read as its
triggers say (and CircleCI, Travis), facts from the files that define them (jar manifests, gemspec names, test-only
Go requirements, a Makefile's formatter, CMake presets)."""

from __future__ import annotations

from picasso_tui.profile import rules
from tests.profile.learned import bodies

RST_GUIDE = """\
Contributing
============

Automated Contributions Policy
------------------------------

- Fully-automated contributions without human oversight, such as autonomous agents, are strictly prohibited.

Implementing changes
--------------------

If you are willing to implement non-trivial changes, please `open a new issue`_ first.

1. Install the project in development mode::

    $ pip install -e ".[dev]"

2. Install pre-commit hooks that will check your commits::

    $ pre-commit install --install-hooks

3. Add unit tests (don't hesitate to be exhaustive!) and ensure none are failing using::

    $ tox -e tests

4. If your development modifies the behavior, update the ``CHANGELOG.rst`` file with what you improved.

What about version 2.x?
-----------------------

- Please open a PR against the 2.x branch if you feel strongly about it.

.. _open a new issue: https://example.org/issues/new
"""


def test_an_rst_guide_keeps_its_rules_with_the_commands_their_literal_blocks_give():
    said = [rule for _, rule in rules.distil(RST_GUIDE, guide=True)]
    assert any("strictly prohibited" in r for r in said)
    assert "please open a new issue first" in " ".join(said)  # the rst reference is read as its words
    assert any(r.startswith("Add unit tests") and r.endswith("using: `tox -e tests`") for r in said)
    assert any("update the `CHANGELOG.rst` file" in r for r in said)  # after its "If …," clause
    assert not any("2.x" in r for r in said)  # an FAQ entry answers a question, it sets no rule
    kept = rules.distil("## Have a patch?\n\n- Write unit tests: a change must include unit tests.\n", guide=True)
    assert kept == [("Have a patch?", "Write unit tests: a change must include unit tests.")]  # a question heading


def test_set_up_steps_lead_in_the_order_the_guide_gives_them(make_project):
    learned = bodies(make_project, {
        "CONTRIBUTING.rst": RST_GUIDE, "acme/__init__.py": "",
        "pyproject.toml": '[project]\nname = "acme"\n\n[project.optional-dependencies]\ndev = ["pytest"]\n',
    })  # fmt: skip
    assert learned["workflow/install"].startswith('To install: `pip install -e ".[dev]"`')
    assert "`pre-commit install --install-hooks`" in learned["workflow/install"]


def test_junit_3_and_cpp_test_names_are_tests_and_a_vendored_copys_tests_are_not(make_project):
    learned = bodies(make_project, {
        "pom.xml": "<project></project>", "src/main/java/org/a/TestRule.java": "class TestRule {}\n",
        **{f"src/test/java/org/a/TestDate{i}.java": "class T extends TestCase {}\n" for i in range(4)},
        "src/test/java/org/a/MainTest.java": "class MainTest {}\n",
        "src/test/java/org/a/TestServer.java": "class TestServer { void start() {} }\n",  # a helper for tests
    })  # fmt: skip
    assert learned["layout/tests"].startswith("5 test files, named Test*.*, *Test.*")
    learned = bodies(make_project, {
        "CMakeLists.txt": "project(acme CXX)\nadd_library(acme src/a.cpp)\n", "src/a.cpp": "",
        **{f"tests/{n}Test.cpp": "" for n in ("App", "Help", "Config")},
        **{f"tests/thirdparty/Fuzzer/test/F{i}Test.cpp": "" for i in range(6)},
    }, name="cpp")  # fmt: skip
    assert learned["layout/tests"].startswith("3 test files, named *Test.*; they live in tests/ (3 files)")


GITHUB_WORKFLOWS = {
    ".github/workflows/build.yml": "on:\n  push:\n    branches: ['*']\n  pull_request:\njobs:\n  build:\n"
                                   "    steps:\n      - run: mvn install site\n",
    ".github/workflows/tzdb.yml": "on:\n  push:\n    tags: ['tzdb*']\n  schedule:\n    - cron: '1 1 * * *'\n"
                                  "jobs:\n  check:\n    steps:\n      - run: mvn test\n",
    ".github/workflows/ci.yml": "on: [pull_request, merge_group]\njobs:\n  check:\n    steps:\n"
                                "      - run: RUSTFLAGS=\"--deny warnings\" cargo clippy --all-targets\n"
                                "  docker:\n    container: gcc:15\n    steps:\n      - run: ctest --output-on-failure\n",
}  # fmt: skip


def test_ci_is_read_as_its_triggers_say(make_project):
    ci = bodies(make_project, {**GITHUB_WORKFLOWS, "pom.xml": "<project></project>"})["ci"]
    assert "build.yml (jobs build) runs `mvn install site`" in ci  # mvn install runs the tests
    assert "tzdb.yml" not in ci.split("Not read for commands")[0]  # a tag push and a schedule are no change
    assert "ci.yml (jobs check, docker), on pull requests only, runs `cargo clippy --all-targets`" in ci
    assert "`ctest --output-on-failure`" in ci  # a job named docker that tests in a container is read


def test_circleci_and_travis_are_read_for_commands(make_project):
    circle = ("version: 2.1\njobs:\n  test-race:\n    steps:\n      - checkout\n      - run: make test-race\n"
              "  lint:\n    steps:\n      - run:\n          name: lint\n          command: make lint\n")  # fmt: skip
    learned = bodies(make_project, {
        ".circleci/config.yml": circle, "go.mod": "module example.com/a\n\ngo 1.22\n", "a.go": "package a\n",
        "Makefile": "test-race:\n\tgo test -race ./...\nlint:\n\tgo vet ./...\n",
    })  # fmt: skip
    assert learned["ci"].startswith("CI (CircleCI) on a push or pull request: .circleci/config.yml (jobs test-race")
    assert "`make lint`" in learned["workflow/lint"]
    travis = (
        "language: java\nscript:\n  - mvn verify\njobs:\n  include:\n    - stage: deploy\n      script: mvn deploy\n"
    )
    ci = bodies(make_project, {".travis.yml": travis, "pom.xml": "<project></project>"}, name="travis")["ci"]
    assert "Travis CI" in ci and "`mvn verify`" in ci and "deploy" not in ci


def test_facts_come_from_the_files_that_define_them(make_project):
    pom = ("<project><build><plugins><plugin><artifactId>exec-maven-plugin</artifactId><configuration>"
           "<mainClass>org.acme.tz.Compiler</mainClass></configuration></plugin></plugins></build></project>")  # fmt: skip
    assert "an application" not in bodies(make_project, {"pom.xml": pom, "src/main/java/A.java": ""})["jvm/packaging"]
    learned = bodies(make_project, {
        "go.mod": "module github.com/acme/sqlx\n\ngo 1.20\n\nrequire (\n\tgithub.com/lib/pq v1.0.0\n"
                  "\tgithub.com/mattn/go-sqlite3 v1.14.0\n)\n",
        "sqlx.go": 'package sqlx\n\nimport "database/sql"\n\nvar _ sql.DB\n',
        "sqlx_test.go": 'package sqlx\n\nimport _ "github.com/lib/pq"\n',
        "Makefile": "BASE_PACKAGE := github.com/acme/sqlx\n\nfmt:\n\tgoimports -local $(BASE_PACKAGE) -w .\n",
    }, name="go")  # fmt: skip
    assert "its tests use github.com/lib/pq, github.com/mattn/go-sqlite3 (go.mod)" in learned["go/stack"]
    assert "goimports -local github.com/acme/sqlx -w" in learned["style/go"]
    gemspec = "Gem::Specification.new do |spec|\n  spec.name = 'jwt'\nend\n"
    learned = bodies(make_project, {"ruby-jwt.gemspec": gemspec, "Gemfile": "", "lib/jwt.rb": ""}, name="gem")
    assert "gem `jwt` (ruby-jwt.gemspec)" in learned["ruby/packaging"]


def test_cmake_presets_are_the_maintainers_build_and_a_test_framework_is_named_as_a_word(make_project):
    presets = ('{"version": 6, "configurePresets": [{"name": "default", "binaryDir": "build"}],'
               ' "buildPresets": [{"name": "default", "configurePreset": "default"}],'
               ' "testPresets": [{"name": "default", "configurePreset": "default"}],'
               ' "workflowPresets": [{"name": "default", "steps": []}]}')  # fmt: skip
    cmake = ("project(acme CXX)\nadd_library(acme src/a.cpp)\nenable_testing()\n"
             "foreach(T AppTest EncodingTest)\n  add_test(NAME ${T} COMMAND ${T})\nendforeach()\n"
             "find_package(Catch2 3 REQUIRED)\n")  # fmt: skip
    learned = bodies(make_project, {
        "CMakeLists.txt": cmake, "CMakePresets.json": presets, "src/a.cpp": "",
        "MODULE.bazel": "module(name = 'acme')\n", "BUILD.bazel": "",
    })  # fmt: skip
    assert learned["workflow/build"].startswith("To build: `cmake --workflow --preset default`")
    assert learned["workflow/test"].startswith("To test: `ctest --preset default`")
    assert "2 build systems: CMake and Bazel" in learned["cpp/build"]
    assert "tests with Catch2" in learned["cpp/build"] and "GoogleTest" not in learned["cpp/build"]


def test_ci_checks_run_by_actions_or_from_the_checkout_are_read_and_special_builds_are_not(make_project):
    ci = ("on: [push, pull_request]\njobs:\n  build:\n    steps:\n"
          "      - uses: golangci/golangci-lint-action@v6\n"
          "      - run: $GITHUB_WORKSPACE/golangci-lint run --out-format=github-actions ./...\n"
          "  unstable:\n    env:\n      RUSTFLAGS: --cfg acme_unstable\n    steps:\n"
          "      - run: cargo test --features http3\n"
          "  wasm:\n    steps:\n      - run: wasm-pack test --headless --firefox\n")  # fmt: skip
    learned = bodies(make_project, {
        ".github/workflows/ci.yml": ci, "go.mod": "module example.com/a\n\ngo 1.22\n", "a.go": "package a\n",
    })  # fmt: skip
    assert "`golangci-lint run`" in learned["ci"] and "`golangci-lint run ./...`" in learned["ci"]
    assert "http3" not in learned["ci"]  # fails without CI's --cfg
    assert "wasm-pack" not in learned["workflow/test"].split(" — ")[0]  # one platform's job is not the test


def test_a_clang_format_file_nothing_runs_gives_no_format_command_and_a_style_for_changed_lines_only(make_project):
    files = {"Makefile": "default: lib\nlib:\n\t$(CC) -c lib/a.c\n", "lib/a.c": "int a;\n",
             ".clang-format": "BasedOnStyle: LLVM\nColumnLimit: 110\n"}  # fmt: skip
    learned = bodies(make_project, files)
    assert learned["workflow/build"].startswith("To build: `make` — from Makefile (default target)")
    assert "workflow/format" not in learned  # `clang-format -i` would rewrite whole files never formatted with it
    assert "apply it only to the lines you change (`git clang-format`)" in learned["style/c"]
    files["scripts/format.sh"] = "#!/bin/sh\nclang-format -i lib/*.c\n"
    learned = bodies(make_project, files, name="formatted")
    assert "clang-format (BasedOnStyle LLVM, ColumnLimit 110)" in learned["style/c"]
    assert "git clang-format" not in learned["style/c"] and "`clang-format -i <files>`" in learned["workflow/format"]


def test_a_guide_step_in_the_build_folder_it_made_keeps_its_cd(make_project):
    """libuv's README: `cmake -B build …`, then `(cd build && ctest -C Debug --output-on-failure)`; build/ is not in
    the checkout, but the guide made it, so the ctest runs there, not at the root."""
    readme = (
        "# uvish\n\n## Build Instructions\n\nTo build with CMake:\n\n```bash\n"
        "$ cmake -B build -DBUILD_TESTING=ON\n$ cmake --build build\n\n# Run tests:\n"
        "$ (cd build && ctest -C Debug --output-on-failure)\n```\n"
    )
    files = {"README.md": readme, "CMakeLists.txt": "project(uv C)\nenable_testing()\n", "src/uv.c": "int x;\n"}
    learned = bodies(make_project, files, name="uvish")
    assert "`cd build && ctest -C Debug --output-on-failure`" in learned["workflow/test"]
    assert "`ctest -C Debug --output-on-failure`" not in learned["workflow/test"]


def test_a_guides_commands_for_files_that_moved_and_its_linter_installs_are_not_offered(make_project):
    """prettytable's README, written before its src/ layout: `python -m pip install black`, then
    `black prettytable*.py`, which matches nothing now."""
    readme = (
        "# prettytable\n\n## Contributing\n\nAfter editing files, use the Black linter to auto-format changed lines.\n\n"
        "```sh\npython -m pip install black\nblack prettytable*.py\n```\n"
    )
    files = {"README.md": readme, "pyproject.toml": '[project]\nname = "prettytable"\n',
             "src/prettytable/__init__.py": "", "src/prettytable/prettytable.py": "x = 1\n" * 50}  # fmt: skip
    learned = bodies(make_project, files, name="prettytable")
    assert "prettytable*.py" not in learned.get("workflow/format", "")
    assert "install black" not in learned.get("workflow/install", "")
    moved = {**files, "prettytable.py": "x = 1\n"}  # the file is there: the guide's command stands
    assert "`black prettytable*.py`" in bodies(make_project, moved, name="flat")["workflow/format"]
