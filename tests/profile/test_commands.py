"""Commands come from the source a maintainer points to, CI is read for what tests a change (issue 17)."""

from __future__ import annotations

from tests.profile.learned import bodies


def test_the_contributor_guide_outranks_manifest_defaults_and_its_scripts_count(make_project):
    learned = bodies(make_project, {
        "pyproject.toml": "[project]\nname='p'\n[tool.pytest.ini_options]\ntestpaths=['tests']\n",
        "docs/contributing.md": "## Testing\n\nTo run the tests:\n\n```shell\n$ scripts/test\n```\n\n"
                                "To run the code auto-formatting:\n\n```shell\n$ scripts/lint\n```\n",
        "scripts/test": "#!/bin/sh\npytest\n", "scripts/lint": "#!/bin/sh\nruff format\n",
        "tests/test_a.py": "def test_a(): pass\n",
    })  # fmt: skip
    assert learned["workflow/test"].startswith("To test: `scripts/test` — from docs/contributing.md")
    assert "`scripts/lint`" in learned["workflow/format"]


def test_a_script_the_guide_names_but_the_repository_lacks_is_not_a_command(make_project):
    learned = bodies(make_project, {"CONTRIBUTING.md": "Run the tests:\n\n```sh\nscripts/test\n```\n", "a.py": "1\n"})
    assert "scripts/test" not in learned.get("workflow/test", "")


def test_readme_user_install_is_not_a_contributor_command_but_its_development_section_is(make_project):
    learned = bodies(make_project, {
        "go.mod": "module example.com/x\n\ngo 1.22\n", "main.go": "package main\nfunc main() {}\n",
        "Makefile": "test:\n\tgo test ./...\n",
        "README.md": "# x\n\n## Install\n\n```sh\ngo install example.com/x@latest\n```\n\n"
                     "## Development\n\n```sh\n# run the tests\nmake test\n```\n",
    })  # fmt: skip
    assert "@latest" not in " ".join(learned.values())
    assert "`make test` — from README.md" in learned["workflow/test"]


def test_ci_reads_only_workflows_that_test_a_change_and_cites_each_file(make_project):
    on_change = "on:\n  push:\n  pull_request:\n"
    learned = bodies(make_project, {
        ".github/workflows/tests.yaml": on_change + "jobs:\n  tests:\n    steps:\n      - run: tox run\n",
        ".github/workflows/lock.yaml": on_change + "jobs:\n  lock:\n    steps:\n      - run: tox run -e lock\n",
        ".github/workflows/nightly-thing.yml": "on:\n  schedule:\n    - cron: '0 0 * * *'\njobs:\n  x:\n"
                                              "    steps:\n      - run: make everything\n",
        "tox.ini": "[tox]\nenvlist = py311\n",
    })  # fmt: skip
    assert "`tox run`" in learned["ci"] and ".github/workflows/tests.yaml" in learned["ci"]
    assert "-e lock" not in learned["ci"] and "make everything" not in learned["ci"]


def test_ci_lines_with_ci_only_values_and_shell_fragments_are_dropped(make_project):
    script = (
        "      - run: |\n          case $OS in\n            linux) echo hi ;;\n          esac\n"
        '          cargo test --locked "${MSRV_FEATURES}"\n          ctest -C ${{ matrix.type }}\n'
        "          cmake -E make_directory ${{ runner.workspace }}/build\n"
        "      - run: ./gradlew build check -Pmode=${{ matrix.mode }}\n"
    )
    learned = bodies(make_project, {".github/workflows/ci.yml": "on: [push]\njobs:\n  build:\n    steps:\n" + script})
    assert "`./gradlew build check`" in learned["ci"] and "`ctest`" in learned["ci"]
    for garbled in ("esac", "${", "MSRV", "make_directory", "linux)"):
        assert garbled not in learned["ci"]


def test_a_step_in_a_folder_only_ci_knows_is_left_out_and_a_known_folder_is_kept(make_project):
    steps = (
        "      - run: ctest -V\n        working-directory: ${{ runner.workspace }}/build\n"
        "      - run: bundle exec rake\n        working-directory: sub\n"
    )
    workflow = "on: [push]\njobs:\n  t:\n    steps:\n" + steps
    learned = bodies(make_project, {".github/workflows/ci.yml": workflow, "sub/Rakefile": "task :default\n"})
    assert "`cd sub && bundle exec rake`" in learned["ci"] and "ctest" not in learned["ci"]


def test_a_reusable_workflow_called_by_a_test_workflow_is_read(make_project):
    learned = bodies(make_project, {
        ".github/workflows/ci.yml": "on: [push]\njobs:\n  test:\n    uses: ./.github/workflows/test.yml\n",
        ".github/workflows/test.yml": "on: workflow_call\njobs:\n  unit:\n    steps:\n      - run: pnpm run test-unit\n",
    })  # fmt: skip
    assert "`pnpm run test-unit`" in learned["ci"]


def test_tox_environments_give_lint_typecheck_and_docs(make_project):
    learned = bodies(make_project, {
        "pyproject.toml": "[project]\nname='p'\n[tool.tox]\nenv_list = ['py3.12', 'style', 'typing', 'docs']\n",
        "p.py": "1\n",
    })  # fmt: skip
    assert learned["workflow/lint"].startswith("To lint: `tox run -e style`")
    assert learned["workflow/typecheck"].startswith("To type-check: `tox run -e typing`")
    assert learned["workflow/docs"].startswith("To build or preview the docs: `tox run -e docs`")
    assert "tox run -e" not in learned.get("workflow/test-one", "")


def test_docs_builders_are_found_from_their_configuration(make_project):
    learned = bodies(make_project, {"mkdocs.yml": "site_name: x\n", "docs/index.md": "# x\n", "a.py": "1\n"})
    assert "`mkdocs build`" in learned["workflow/docs"]
    assert "workflow/docs" not in bodies(make_project, {"a.py": "1\n"}, name="plain")


def test_run_one_test_never_points_into_examples(make_project):
    learned = bodies(make_project, {
        "pyproject.toml": "[project]\nname='p'\ndependencies=['pytest']\n",
        "examples/app/tests/test_app.py": "def test_x(): pass\n", "tests/test_core.py": "def test_y(): pass\n",
    })  # fmt: skip
    one = learned.get("workflow/test-one", "")
    assert "examples/" not in one
    assert not one or "tests/test_core.py" in one


def test_one_module_maven_build_gets_no_pl_and_a_multi_module_one_keeps_it(make_project):
    single = bodies(make_project, {"pom.xml": "<project><artifactId>a</artifactId></project>\n", "A.java": "x"})
    assert " -pl " not in single.get("workflow/test-one", "")
    multi = bodies(
        make_project,
        {"pom.xml": "<project><modules><module>core</module></modules></project>\n", "core/pom.xml": "<project/>"},
        name="multi",
    )
    assert " -pl " in multi.get("workflow/test-one", " -pl ")


def test_a_configure_line_is_never_the_test_command(make_project):
    learned = bodies(make_project, {
        "CMakeLists.txt": "project(x)\nenable_testing()\nadd_test(NAME a COMMAND a)\n",
        "README.md": "# x\n\n## Building from source\n\n```sh\ncmake -B build -DBUILD_TESTING=ON  # with tests\n"
                     "cmake --build build\n```\n",
    })  # fmt: skip
    assert "`cmake -B build" not in learned.get("workflow/test", "")
    assert "cmake -B build -DBUILD_TESTING=ON && cmake --build build" in learned["workflow/build"]
    assert "ctest --test-dir build -R" not in learned.get("workflow/test-one", "")


def test_a_whole_word_from_cis_environment_is_dropped_but_a_path_only_ci_knows_drops_the_line(make_project):
    steps = '      - run: cargo test --locked "${MSRV_FEATURES}"\n      - run: ./run-tests ${{ runner.temp }}/out\n'
    learned = bodies(make_project, {".github/workflows/ci.yml": "on: [push]\njobs:\n  t:\n    steps:\n" + steps})
    assert "`cargo test --locked`" in learned["ci"] and "run-tests" not in learned["ci"]


def test_a_per_package_test_needs_a_package_with_that_script(make_project):
    base = {
        "package.json": '{"name": "root", "scripts": {"test": "vitest"}}',
        "pnpm-workspace.yaml": "packages:\n  - packages/*\n",
        "pnpm-lock.yaml": "lockfileVersion: '9.0'\n",
    }
    without = bodies(make_project, {**base, "packages/a/package.json": '{"name": "a"}'})
    assert "--filter" not in without.get("workflow/test-one", "")
    with_script = bodies(
        make_project, {**base, "packages/a/package.json": '{"name": "a", "scripts": {"test": "vitest"}}'}, name="two"
    )
    assert "--filter" in with_script.get("workflow/test-one", "--filter")


def test_a_flag_whose_value_ci_sets_goes_with_its_value_and_a_compile_only_test_is_not_a_test(make_project):
    steps = (
        "      - run: go test -race -tags '${{ matrix.tags }}' ./...\n"
        "      - run: cargo test --no-run\n      - run: cargo test --workspace\n"
    )
    learned = bodies(make_project, {".github/workflows/ci.yml": "on: [push]\njobs:\n  t:\n    steps:\n" + steps})
    assert "`go test -race ./...`" in learned["ci"] and "-tags" not in learned["ci"]
    assert "--no-run" not in "\n".join(learned.values()) and "`cargo test --workspace`" in learned["ci"]


def test_a_pathological_or_stress_job_is_not_the_test_of_a_change(make_project):
    jobs = (
        "  pathological:\n    steps:\n      - run: cargo test --test pathological\n"
        "  slow:\n    name: Stress tests\n    steps:\n      - run: cargo test --test stress\n"
        "  test:\n    steps:\n      - run: cargo test --test suite\n"
    )
    learned = bodies(make_project, {".github/workflows/ci.yml": "on: [push]\njobs:\n" + jobs})
    whole = "\n".join(learned.values())
    assert "--test suite" in learned["ci"] and "--test pathological" not in whole and "--test stress" not in whole
