"""The main-source memory says where its tests are, and a Go library without a docs site says where its
documentation is (issue 17, round 30: "layout" and "docs" were the points most missed across the sets)."""

from __future__ import annotations

from picasso_tui.profile.investigator import investigate


def bodies(make_project, files: dict[str, str], name: str = "project") -> dict[str, str]:
    repo = make_project(files, name=name)
    _, findings, _ = investigate(repo.root)
    return {f.key: f.body for f in findings}


def test_the_main_source_memory_names_the_test_folder(make_project):
    """blinker: src/blinker/ and tests/; one memory answers both "where is the code" and "where do tests go"."""
    found = bodies(make_project, {
        "pyproject.toml": '[project]\nname = "signals"\n',
        "src/signals/__init__.py": "",
        "src/signals/base.py": "x = 1\n" * 200,
        "src/signals/_utilities.py": "x = 1\n" * 80,
        "src/signals/extra.py": "x = 1\n" * 60,
        "tests/test_signals.py": "def test_a():\n    pass\n",
        "tests/test_context.py": "def test_b():\n    pass\n",
    })  # fmt: skip
    assert found["layout/source"].startswith("Main source in src/signals/:")
    assert found["layout/source"].endswith("Its tests are in tests/.")


def test_tests_beside_the_code_are_said_so_and_a_small_stray_folder_is_not_named(make_project):
    files = {"go.mod": "module example.com/router\n\ngo 1.22\n"}
    files |= {f"{n}.go": "package router\n" * 20 for n in ("mux", "tree", "context")}
    files |= {f"{n}_test.go": "package router\n" for n in ("mux", "tree", "context")}
    files |= {"testdata/x_test.go": "package x\n"}  # not a test folder of its own
    body = bodies(make_project, files)["layout/source"]
    assert body.endswith("Its tests sit beside the code they test.")
    assert "testdata" not in body


def test_a_project_without_tests_says_nothing_about_them(make_project):
    found = bodies(make_project, {
        "pyproject.toml": '[project]\nname = "plain"\n',
        **{f"src/plain/m{i}.py": "x = 1\n" * 60 for i in range(4)},
    })  # fmt: skip
    assert "test" not in found["layout/source"].lower()


def test_a_go_library_without_a_docs_site_is_documented_by_its_doc_comments(make_project):
    found = bodies(make_project, {
        "go.mod": "module github.com/acme/color\n\ngo 1.21\n",
        "doc.go": "// Package color adds colour to terminal output.\npackage color\n",
        "color.go": "package color\n\nfunc New() {}\n",
        "color_test.go": "package color\n\nfunc TestNew(t *testing.T) {}\n",
        "example_test.go": "package color_test\n\nfunc ExampleNew() {}\n\nfunc ExampleNew_bold() {}\n",
    })  # fmt: skip
    assert found["go/docs"] == (
        "API documentation is the Go doc comments (the package overview in doc.go), published on pkg.go.dev "
        "(https://pkg.go.dev/github.com/acme/color); runnable examples are the 2 Example functions in "
        "example_test.go. There is no docs build: `go doc -all .` prints them here."
    )


def test_a_go_command_a_private_module_and_a_docs_site_change_what_is_said(make_project):
    command = bodies(make_project, {"go.mod": "module github.com/acme/tool\n", "main.go": "package main\n"}, "a")
    assert "go/docs" not in command  # a `package main` at the root documents itself by its usage text
    private = bodies(make_project, {"go.mod": "module acme/lib\n", "lib.go": "// Package lib does x.\npackage lib\n"},
                     "b")  # fmt: skip
    assert private["go/docs"].startswith("API documentation is the Go doc comments (the package overview in lib.go).")
    assert "pkg.go.dev" not in private["go/docs"]
    site = bodies(make_project, {
        "go.mod": "module github.com/acme/lib\n", "lib.go": "package lib\n", "mkdocs.yml": "site_name: lib\n",
        "docs/index.md": "# lib\n",
    }, "c")  # fmt: skip
    assert "go/docs" not in site  # the docs site is the documentation; the folders memory names its tool
    hugo = bodies(make_project, {"go.mod": "module github.com/acme/lib\n", "lib.go": "package lib\n",
                                 "site/content/_index.md": "# lib\n"}, "d")  # fmt: skip
    assert "no docs build" not in hugo["go/docs"]


def test_commands_in_a_ci_shell_loop_are_not_offered_as_they_stand(make_project):
    """fsnotify's staticcheck job runs `go vet ./... || fail=1` once per GOOS/GOARCH inside a for loop."""
    workflow = (
        "on: [push]\njobs:\n  staticcheck:\n    runs-on: ubuntu-latest\n    steps:\n      - run: |\n"
        "          fail=0\n          for a in $(go tool dist list); do\n            export GOOS=${a%%/*}\n"
        "            go vet ./... || fail=1\n          done\n          exit $fail\n"
        "      - run: golangci-lint run\n"
    )
    found = bodies(make_project, {"go.mod": "module github.com/acme/w\n", "w.go": "package w\n",
                                  ".github/workflows/lint.yml": workflow})  # fmt: skip
    assert "fail=1" not in found.get("workflow/lint", "") and "fail=1" not in found.get("ci", "")
    assert "golangci-lint run" in found["workflow/lint"]


def test_a_matrix_expression_with_a_fallback_and_a_format_is_worked_out_per_entry(make_project):
    """The Pallets projects' tests job: `tox run -e ${{ matrix.tox || format('py{0}', matrix.python) }}`."""
    workflow = (
        "on: [push]\njobs:\n  tests:\n    runs-on: ubuntu-latest\n    strategy:\n      matrix:\n        include:\n"
        "          - {python: '3.13'}\n          - {python: '3.12'}\n          - {name: Style, python: '3.13', tox: style}\n"
        "    steps:\n      - run: uv run --locked tox run -e ${{ matrix.tox || format('py{0}', matrix.python) }}\n"
    )
    found = bodies(make_project, {"pyproject.toml": '[project]\nname = "sig"\n', "src/sig/__init__.py": "",
                                  ".github/workflows/tests.yaml": workflow})  # fmt: skip
    assert "`uv run --locked tox run -e py3.13`, `uv run --locked tox run -e py3.12`, " in found["ci"]
    assert "`uv run --locked tox run -e style`" in found["ci"] and "format(" not in found["ci"]


def test_one_go_test_is_a_real_test_function_of_the_package(make_project):
    """envconfig: `go test -run TestProcess .`, a test the package has, not a placeholder to fill in."""
    found = bodies(make_project, {
        "go.mod": "module github.com/acme/envconfig\n", "envconfig.go": "package envconfig\n",
        "envconfig_test.go": "package envconfig\n\nfunc TestProcess(t *testing.T) {}\n\nfunc TestParse(t *testing.T) {}\n",
        "usage_test.go": "package envconfig\n\nfunc TestUsage(t *testing.T) {}\n",
    })  # fmt: skip
    assert found["workflow/test-one"].startswith("To run one test: `go test . -run TestProcess` (-run takes a regular")


def test_git_submodules_are_named_with_the_command_that_fetches_them(make_project):
    """toml11's tests need tests/extlib/doctest and tests/extlib/json, which a fresh clone has empty."""
    gitmodules = (
        '[submodule "tests/extlib/doctest"]\n\tpath = tests/extlib/doctest\n\turl = https://github.com/doctest/doctest.git\n'
        '[submodule "tests/extlib/json"]\n\tpath = tests/extlib/json\n\turl = git@github.com:nlohmann/json.git\n'
    )
    cmake = "include_directories(extlib/doctest/doctest extlib/json/include)\n"  # toml11's tests/CMakeLists.txt
    found = bodies(
        make_project, {".gitmodules": gitmodules, "include/toml.hpp": "int x;\n", "tests/CMakeLists.txt": cmake}
    )
    assert found["git/submodules"] == (
        "Git submodules (.gitmodules): tests/extlib/doctest (github.com/doctest/doctest), tests/extlib/json "
        "(github.com/nlohmann/json). A fresh clone has them empty (the tests use them): fetch them with "
        "`git submodule update --init --recursive` (or clone with `--recurse-submodules`)."
    )
    assert "git/submodules" not in bodies(make_project, {"include/toml.hpp": "int x;\n"}, "plain")


def test_a_test_suite_named_otherwise_is_where_the_tests_are_but_one_programs_data_is_not(make_project):
    """cJSON: tests/ holds its Unity suite (parse_*.c) beside the root's test.c; parson's tests/ is data for its
    one test program, tests.c."""
    suite = {f"tests/parse_{n}.c": "int t;\n" for n in ("array", "object", "value")}
    cjson = bodies(make_project, {"cJSON.c": "int x;\n" * 50, "cJSON.h": "int y;\n", "test.c": "int main;\n",
                                  **suite}, "cjson")  # fmt: skip
    assert cjson["layout/source"].endswith("Its tests are in tests/.")
    data = {f"tests/test_{n}.txt": "{}\n" for n in range(3)}
    parson = bodies(make_project, {"parson.c": "int x;\n" * 50, "parson.h": "int y;\n", "tests.c": "int main;\n",
                                   **data}, "parson")  # fmt: skip
    assert "tests" not in parson["layout/source"]


def test_a_golangci_config_nothing_runs_is_said_to_be_idle(make_project):
    """progressbar's .golangci.yml outlived the workflow that ran golangci-lint."""
    files = {"go.mod": "module github.com/acme/bar\n", "bar.go": "package bar\n",
             ".golangci.yml": "linters:\n  enable:\n    - errcheck\n"}  # fmt: skip
    assert bodies(make_project, files, "idle")["style/go"].endswith(
        "golangci-lint with errcheck (.golangci.yml, which nothing in the repository runs)."
    )
    ci = "on: [push]\njobs:\n  lint:\n    steps:\n      - uses: golangci/golangci-lint-action@v6\n"
    run = bodies(make_project, {**files, ".github/workflows/lint.yml": ci}, "run")
    assert run["style/go"].endswith("golangci-lint with errcheck.")


def test_tests_in_many_module_folders_or_also_beside_the_code_are_said_so(make_project):
    """moshi's modules each test in their own src/test/; tablewriter tests in tests/ and beside its code."""
    modules = {f"{m}/src/test/java/{m.title()}Test.java": "class T { @Test void a() {} }\n"
               for m in ("core", "adapters", "kotlin", "codegen")}  # fmt: skip
    modules["core/src/test/java/MoreTest.java"] = "class M { @Test void b() {} }\n"
    modules |= {f"core/src/main/java/com/x/A{i}.java": "class A {}\n" * 30 for i in range(4)}
    modules["pom.xml"] = "<project><artifactId>x</artifactId></project>\n"
    said = bodies(make_project, modules, "multi")["layout/source"]
    assert said.endswith("Its tests are in several folders, the most in core/src/test/ and adapters/src/test/.")
    mixed = {"go.mod": "module github.com/acme/tw\n", **{f"t{i}.go": "package tw\n" * 20 for i in range(3)},
             **{f"tests/t{i}_test.go": "package tests\n" for i in range(6)},
             **{f"t{i}_test.go": "package tw\n" for i in range(2)}}  # fmt: skip
    said = bodies(make_project, mixed, "mixed")["layout/source"]
    assert said.endswith("Its tests are in tests/, and some sit beside the code they test.")


def test_a_go_root_package_of_only_its_overview_points_to_the_packages_below(make_project):
    """testify: the root holds doc.go alone; assert/ and require/ hold the API."""
    files = {"go.mod": "module github.com/acme/testify\n", "doc.go": "// Package testify is a toolkit.\npackage testify\n",
             **{f"assert/a{i}.go": "package assert\n" for i in range(3)}, "require/r.go": "package require\n"}  # fmt: skip
    said = bodies(make_project, files, "testify")["go/docs"]
    assert said.endswith(
        "`go doc -all .` prints the root package's; most of the API is in the packages below it (assert/, require/): "
        "`go doc -all ./assert`."
    )


def test_e2e_scripts_fixture_apps_and_deps_are_not_the_project(make_project):
    """cross-env's e2e/ scripts are no main source or language; collision requires laravel/framework but is no
    Laravel app (the only artisan is its test fixture's); tinyobjloader's deps/cpplint.py is a copy."""
    cross = bodies(make_project, {
        "package.json": '{"name": "cross-env", "type": "module"}\n', "tsconfig.json": "{}\n",
        **{f"src/{n}.ts": "export const x = 1\n" * 20 for n in ("index", "command", "variable")},
        **{f"e2e/test-{n}.js": "console.log(1)\n" * 200 for n in ("a", "b", "c")},
    }, "cross-env")  # fmt: skip
    assert cross["languages"].endswith(
        "Main language: TypeScript (by the code outside tests, scripts and bundled files)."
    )
    assert cross["layout/source"].startswith("Main source in src/")
    composer = '{"name": "nunomaduro/collision", "require-dev": {"laravel/framework": "^11"}}\n'
    collision = bodies(make_project, {"composer.json": composer, "src/Handler.php": "<?php\n",
                                      "tests/LaravelApp/artisan": "#!/usr/bin/env php\n"}, "collision")  # fmt: skip
    assert "artisan" not in collision.get("workflow/test", "") and "application" not in collision["php/stack"]
    tiny = bodies(make_project, {"tiny_obj_loader.h": "int x;\n" * 400, "tiny_obj_loader.cc": "int y;\n" * 50,
                                 "deps/cpplint.py": "x = 1\n" * 600, "CMakeLists.txt": "project(t CXX)\n"}, "tiny")  # fmt: skip
    assert "Python" not in tiny["languages"]
