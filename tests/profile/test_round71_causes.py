"""Causes found in the seventy-first round."""

from __future__ import annotations

import json

from tests.profile.learned import bodies, workflow

GO_MOD = "module example.com/{0}\n\ngo 1.22\n"
GO_TEST = 'package {0}\n\nimport "testing"\n\nfunc Test{1}(t *testing.T) {{}}\n'


def go_files(name: str) -> dict[str, str]:
    return {
        "go.mod": GO_MOD.format(name),
        "pkg/a/a.go": "package a\n",
        "pkg/a/a_test.go": GO_TEST.format("a", "Alpha"),
    }


def test_a_makefile_that_warns_it_is_deprecated_offers_no_targets(make_project):
    # redpanda connect's Makefile opens with `$(warning DEPRECATED: … Please use https://taskfile.dev instead.)`
    makefile = (
        ".PHONY: test lint\n\ndefine DEPRECATION_WARNING\n"
        "$(warning DEPRECATED: This Makefile is deprecated. Please use https://taskfile.dev instead.)\n\nendef\n\n"
        "$(eval $(DEPRECATION_WARNING))\n\ntest:\n\tgo test ./...\n\nlint:\n\tgolangci-lint run\n"
    )
    taskfile = (
        "version: '3'\ntasks:\n  test:\n    cmds:\n      - go test ./...\n  lint:\n    cmds:\n      - go vet ./...\n"
    )
    files = {**go_files("connect"), "Makefile": makefile, "Taskfile.yml": taskfile}
    found = bodies(make_project, files, name="connect")
    assert found["workflow/test"].startswith("To test: `task test`"), found["workflow/test"]
    assert "make test" not in found["workflow/test"] and "make lint" not in found.get("workflow/lint", "")


def test_a_bare_make_whose_default_target_pushes_images_is_no_build(make_project):
    # kube-burner's `all: lint build images push` builds and pushes container images
    makefile = (
        "all: lint build images push\n\nlint:\n\tpre-commit run --all-files\n\nbuild:\n\tgo build -o bin/kb ./cmd\n\n"
        "images:\n\tpodman build -t kb .\n\npush:\n\tpodman push kb\n"
    )
    build = bodies(make_project, {**go_files("burner"), "Makefile": makefile}, name="burner")["workflow/build"]
    assert "`make build`" in build, build
    assert "`make`" not in build, build


def test_the_output_lines_of_a_prompted_block_are_no_commands(make_project):
    # kube-burner's guide shows `$ make lint` and what it prints, down to "pre-commit executed."
    guide = (
        "# Pull requests\n\nRun the linters before you push:\n\n```shell\n$ make lint\nExecuting pre-commit for all files\n"
        "pre-commit run --all-files\ngolangci-lint.........Passed\npre-commit executed.\n```\n"
    )
    makefile = 'lint:\n\t@echo "Executing pre-commit for all files"\n\tpre-commit run --all-files\n'
    files = {**go_files("burner"), "Makefile": makefile, "CONTRIBUTING.md": guide}
    lint = bodies(make_project, files, name="burner")["workflow/lint"]
    assert lint.startswith("To lint: `make lint`"), lint
    assert "pre-commit executed" not in lint and "Executing pre-commit" not in lint, lint


def test_an_install_of_an_extra_a_pyproject_without_extras_lacks_is_not_the_set_up(make_project):
    # LLaMA-Factory's guide: `pip install -e ".[dev]"`; its pyproject.toml (hatchling) declares no extra at all
    pyproject = (
        '[build-system]\nrequires = ["hatchling"]\nbuild-backend = "hatchling.build"\n\n[project]\nname = "factory"\n'
        'version = "1.0"\ndependencies = ["torch"]\n'
    )
    guide = '# Contributing\n\nSet up with:\n\n```bash\npip install -e ".[dev]"\n```\n\nThen `make test`.\n'
    files = {
        "pyproject.toml": pyproject,
        "CONTRIBUTING.md": guide,
        "Makefile": "test:\n\tpytest tests\n\ninstall:\n\tuv sync\n",
        "src/factory/__init__.py": "",
        "tests/test_a.py": "def test_a():\n    pass\n",
    }
    install = bodies(make_project, files, name="factory").get("workflow/install", "")
    assert ".[dev]" not in install, install
    with_setup = {**files, "setup.py": "from setuptools import setup\nsetup(extras_require={'dev': ['pytest']})\n"}
    pyproject_setuptools = pyproject.replace('"hatchling"', '"setuptools"').replace(
        "hatchling.build", "setuptools.build_meta"
    )
    with_setup["pyproject.toml"] = pyproject_setuptools
    kept = bodies(make_project, with_setup, name="factory2").get("workflow/install", "")
    assert ".[dev]" in kept, kept  # setup.py may still declare the extra


def test_a_root_script_that_runs_a_script_no_workspace_package_has_is_dropped(make_project):
    # apostrophe's `build` is `pnpm --recursive run build`, and no package under packages/ has a build script
    root = {
        "name": "monorepo",
        "private": True,
        "scripts": {"build": "pnpm --recursive run build", "test": "pnpm --recursive run test"},
    }
    package = {"name": "core", "scripts": {"test": "mocha"}, "devDependencies": {"mocha": "^10"}}
    files = {
        "package.json": json.dumps(root),
        "pnpm-workspace.yaml": "packages:\n  - 'packages/*'\n",
        "pnpm-lock.yaml": "lockfileVersion: '9.0'\n",
        "packages/core/package.json": json.dumps(package),
        "packages/core/index.js": "module.exports = 1;\n",
        "packages/core/test/a.js": "it('a', () => {});\n",
        "packages/core/examples/ts/package.json": json.dumps({"name": "example", "scripts": {"build": "tsc"}}),
    }
    found = bodies(make_project, files, name="mono")
    assert "pnpm build" not in found.get("workflow/build", ""), found.get("workflow/build")
    assert "`pnpm test`" in found["workflow/test"], found["workflow/test"]


def test_sphinx_docs_are_built_through_the_makefile_beside_their_conf(make_project):
    # suricata's doc/userguide/README.md: `make -f Makefile.sphinx html`, its Makefile.am being automake's
    sphinx_makefile = (
        "SPHINXBUILD = sphinx-build\n\nhelp:\n\t@echo help\n\nhtml:\n\t$(SPHINXBUILD) -b html . _build/html\n"
    )
    files = {
        "configure.ac": "AC_INIT([s], [1])\n",
        "Makefile.am": "SUBDIRS = src doc\n",
        "src/main.c": "int main(void) { return 0; }\n",
        "doc/Makefile.am": "SUBDIRS = userguide\n",
        "doc/userguide/conf.py": "project = 'S'\n",
        "doc/userguide/index.rst": "S\n=\n",
        "doc/userguide/Makefile.sphinx": sphinx_makefile,
    }
    docs = bodies(make_project, files, name="suri")["workflow/docs"]
    assert docs.startswith("To build or preview the docs: `make -C doc/userguide -f Makefile.sphinx html`"), docs


def test_no_bare_sphinx_build_beside_a_task_runner_recipe_that_builds_the_docs(make_project):
    # anki's `just docs` runs `uv run --group docs sphinx-build -b html docs out/docs/html`
    justfile = "docs:\n    uv run --group docs sphinx-build -b html docs out/docs/html\n\ntest:\n    uv run pytest\n"
    files = {
        "justfile": justfile,
        "pyproject.toml": '[project]\nname = "anki"\nversion = "1"\n\n[dependency-groups]\ndocs = ["sphinx"]\n',
        "anki/__init__.py": "",
        "tests/test_a.py": "def test_a():\n    pass\n",
        "docs/conf.py": "project = 'anki'\n",
        "docs/index.rst": "Anki\n====\n",
    }
    docs = bodies(make_project, files, name="anki")["workflow/docs"]
    assert "`just docs`" in docs, docs
    assert "sphinx-build docs docs/_build/html" not in docs, docs


def test_golangci_lint_run_through_reviewdog_is_the_lint(make_project):
    # nutsdb lints its pull requests with reviewdog/action-golangci-lint: `go vet` runs nowhere
    steps = workflow("- uses: reviewdog/action-golangci-lint@v2", job="golangci-lint")
    files = {**go_files("nuts"), ".github/workflows/reviewdog.yml": steps}
    lint = bodies(make_project, files, name="nuts")["workflow/lint"]
    assert lint.startswith("To lint: `golangci-lint run`"), lint


def test_cargo_make_tasks_are_the_ways_to_test_and_lint(make_project):
    # bottlerocket's Makefile.toml: `cargo make unit-tests`, `cargo make check-clippy`; CI runs them
    makefile_toml = (
        "[config]\nskip_core_tasks = true\n\n[tasks.setup-build]\nprivate = true\nscript = ['mkdir -p build']\n\n"
        "[tasks.unit-tests]\ncommand = 'cargo'\nargs = ['test', '--workspace']\n\n"
        "[tasks.check-clippy]\ncommand = 'cargo'\nargs = ['clippy', '--workspace']\n\n"
        "[tasks.old-test]\nalias = 'unit-tests'\n"
    )
    files = {
        "Cargo.toml": '[workspace]\nmembers = ["tools/a"]\nresolver = "2"\n',
        "tools/a/Cargo.toml": '[package]\nname = "a"\nversion = "0.1.0"\nedition = "2021"\n',
        "tools/a/src/lib.rs": "pub fn a() {}\n\n#[cfg(test)]\nmod tests {\n    #[test]\n    fn a() {}\n}\n",
        "Makefile.toml": makefile_toml,
    }
    found = bodies(make_project, files, name="rocket")
    assert "`cargo make unit-tests`" in found["workflow/test"], found["workflow/test"]
    assert "`cargo make check-clippy`" in found["workflow/lint"], found["workflow/lint"]
    listed = found["tasks/cargo-make"]
    assert "setup-build" not in listed and "old-test" not in listed, listed


def test_phpunit_suites_named_by_a_suffix_are_counted_as_tests(make_project):
    # shimmie2's phpunit.dist.xml: `<directory suffix="test.php">ext/</directory>` runs each ext/<name>/test.php
    config = (
        '<phpunit>\n  <testsuites>\n    <testsuite name="core">\n      <directory suffix="Test.php">core/</directory>\n'
        '    </testsuite>\n    <testsuite name="ext">\n      <directory suffix="test.php">ext/</directory>\n'
        "    </testsuite>\n  </testsuites>\n</phpunit>\n"
    )
    case = "<?php\nclass {0}Test extends TestCase {{\n    public function testA(): void {{}}\n}}\n"
    files = {
        "composer.json": '{"name": "s/shimmie", "require-dev": {"phpunit/phpunit": "^11"}}\n',
        "phpunit.dist.xml": config,
        "core/Util.php": "<?php\nfunction util() {}\n",
        "core/UtilTest.php": case.format("Util"),
        **{f"ext/{e}/main.php": "<?php\nclass Ext {}\n" for e in ("blog", "tags", "wiki")},
        **{f"ext/{e}/test.php": case.format(e.title()) for e in ("blog", "tags", "wiki")},
    }
    tests = bodies(make_project, files, name="shimmie")["layout/tests"]
    assert tests.startswith("4 test files"), tests
    assert "test.php" in tests, tests
