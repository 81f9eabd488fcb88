"""Causes found in the forty-sixth round by reading the judged faults of sets 173–176: a CI that runs the
repository's own hidden script, type-check targets named lint-type, lock pins and audits that are no build or
linter, another language's CI build, format checks that name a test folder, issue references read from today's
commits, a lock file .gitignore lists, a docs site that is a workspace and a library copied in with a licence
that names no holder."""

from __future__ import annotations

from tests.profile.learned import bodies


def test_ci_running_the_repositorys_own_hidden_script_is_read(make_project):
    workflow = ("name: WrenCI\non:\n  push:\n    branches: [ main ]\n  pull_request:\n    branches: [ main ]\njobs:\n"
                "  linux:\n    runs-on: ubuntu-latest\n    steps:\n    - uses: actions/checkout@v2\n"
                "    - name: build\n      run: ./.travis.sh\n      shell: bash\n")  # fmt: skip
    files = {".github/workflows/.githubCI.yml": workflow, ".travis.sh": "#!/bin/bash\nmake -C projects/make\npython3 util/test.py\n",
             "src/vm/wren_vm.c": "int x;\n", "src/vm/wren_core.c": "int y;\n"}  # fmt: skip
    assert "runs `./.travis.sh`" in bodies(make_project, files, name="wren")["ci"]


def test_a_lint_type_target_is_the_type_check(make_project):
    makefile = "lint-type:\n\tmypy sopel\n\nlint-style:\n\tflake8\n"
    files = {"Makefile": makefile, "pyproject.toml": '[project]\nname = "sopel"\ndependencies = []\n'
             '[dependency-groups]\ndev = ["mypy", "flake8"]\n', "sopel/__init__.py": ""}  # fmt: skip
    assert bodies(make_project, files, name="sopel")["workflow/typecheck"].startswith("To type-check: `make lint-type`")


RAGE_CI = """on: [push, pull_request]
jobs:
  clippy:
    runs-on: ubuntu-latest
    steps:
      - uses: actions/checkout@v4
      - run: cargo clippy --all-targets -- -D warnings
  vet:
    runs-on: ubuntu-latest
    steps:
      - uses: actions/checkout@v4
      - run: cargo vet --locked
  interop:
    runs-on: ubuntu-latest
    steps:
      - uses: actions/checkout@v4
      - run: go build filippo.io/age/cmd/age
  msrv:
    runs-on: ubuntu-latest
    steps:
      - uses: actions/checkout@v4
      - run: cargo update --package memchr --precise 2.6.2
"""


def test_an_audit_a_lock_pin_and_another_languages_build_in_ci(make_project):
    files = {
        "Cargo.toml": '[package]\nname = "rage"\n',
        "src/main.rs": "fn main() {}\n",
        ".github/workflows/ci.yml": RAGE_CI,
    }
    learned = bodies(make_project, files, name="rage")
    assert learned["workflow/lint"].startswith("To lint: `cargo clippy --all-targets -- -D warnings`")
    assert "`go build" not in learned.get("workflow/build", "") and "cargo update" not in learned.get(
        "workflow/build", ""
    )


def test_a_format_check_naming_the_tests_folder_is_no_test(make_project):
    workflow = ("on: [push, pull_request]\njobs:\n  lint:\n    runs-on: ubuntu-latest\n    steps:\n"
                "      - uses: actions/checkout@v4\n      - run: isort --check-only tests\n      - run: pytest tests\n")  # fmt: skip
    files = {".github/workflows/main.yml": workflow, "pyproject.toml": '[project]\nname = "blacksheep"\n',
             "blacksheep/__init__.py": "", "tests/test_app.py": "def test_app():\n    pass\n"}  # fmt: skip
    learned = bodies(make_project, files, name="BlackSheep")
    assert "isort" not in learned["workflow/test"] and "isort --check-only tests" in learned["workflow/lint"]


def test_a_lock_file_gitignore_lists_names_the_package_manager(make_project):
    files = {"package.json": '{"name": "rails_admin", "scripts": {"build": "webpack"}, "devDependencies": {"webpack": "^5"}}',
             ".gitignore": "/node_modules\n/yarn.lock\n", "src/rails_admin/base.js": "export default 1\n"}  # fmt: skip
    learned = bodies(make_project, files, name="rails_admin")
    assert "package manager yarn (.gitignore lists yarn.lock)" in learned["javascript/packaging"]


def test_a_docs_site_that_is_a_workspace_builds_through_the_root(make_project):
    files = {"package.json": '{"name": "es-toolkit", "workspaces": ["docs", "benchmarks"], "packageManager": "yarn@4.1.0"}',
             "yarn.lock": "# yarn\n", "src/index.ts": "export {}\n",
             "docs/package.json": '{"name": "docs", "scripts": {"docs:build": "vitepress build"}, "devDependencies": {"vitepress": "^1"}}'}  # fmt: skip
    docs = bodies(make_project, files, name="es-toolkit")["workflow/docs"]
    assert docs.startswith(
        "To build or preview the docs: `yarn workspace docs docs:build` (after `yarn install` at the root)"
    )


def test_a_library_copied_into_lib_with_a_licence_naming_no_holder(make_project):
    boost = (
        "Boost Software License - Version 1.0 - August 17th, 2003\n\nPermission is hereby granted, free of charge.\n"
    )
    files = {"LICENSE.md": "Copyright (c) 2003-2024, John Wiegley.  All rights reserved.\n", "README.md": "# Ledger\n",
             "CMakeLists.txt": "project(ledger CXX)\nenable_testing()\n", **{f"src/f{i}.cc": "int x;\n" for i in range(6)},
             "test/CMakeLists.txt": "add_test(NAME baseline COMMAND true)\n", "test/unit/t_amount.cc": "int t;\n",
             "lib/utfcpp/v4/LICENSE": boost, "lib/utfcpp/v4/README.md": "# UTF8-CPP\n",
             "lib/utfcpp/v4/CMakeLists.txt": "project(utf8cpp)\n",
             **{f"lib/utfcpp/v4/tests/test_{i}.cpp": "TEST(a, b) {}\n" for i in range(5)}}  # fmt: skip
    assert "utfcpp" not in bodies(make_project, files, name="ledger").get("layout/tests", "")


def test_webpack_bundles_in_a_website_are_no_source_language(make_project):
    files = {"Cargo.toml": '[package]\nname = "rapier"\n', **{f"src/m{i}.rs": "pub fn f() {}\n" * 40 for i in range(6)},
             "website/static/demos2d/index.js": "var a=1;" * 80_000, "website/static/demos2d/index.js.LICENSE.txt": "MIT\n",
             "website/static/demos2d/894.index.js": "var b=2;" * 5_000}  # fmt: skip
    assert "JavaScript" not in bodies(make_project, files, name="rapier")["languages"]


def test_a_make_variable_the_makefile_never_reads_is_dropped(make_project):
    guide = "# Development\n\n## Tests\n\nRun one Python's tests with `make test TOX_ENV=py314`.\n"
    files = {"CONTRIBUTING.md": guide, "Makefile": "test:\n\tuv run tox\n",
             "pyproject.toml": '[project]\nname = "icalendar"\n', "src/icalendar/__init__.py": ""}  # fmt: skip
    assert "TOX_ENV" not in bodies(make_project, files, name="icalendar").get("workflow/test", "")


def test_a_uv_workspace_of_the_root_alone_names_no_package(make_project):
    pyproject = ('[project]\nname = "icalendar"\n\n[dependency-groups]\ntest = ["pytest"]\n\n'
                 '[tool.uv.workspace]\nmembers = [\n    ".",\n]\n\n[tool.pytest.ini_options]\ntestpaths = ["src/icalendar/tests"]\n')  # fmt: skip
    files = {"pyproject.toml": pyproject, "uv.lock": "version = 1\n", "src/icalendar/__init__.py": "",
             "src/icalendar/tests/test_cal.py": "def test_cal():\n    pass\n"}  # fmt: skip
    assert "--package" not in bodies(make_project, files, name="icalendar")["workflow/test-one"]
