"""Causes found in the seventy-first round."""

from __future__ import annotations

import json

from tests.profile.learned import bodies, repo_bodies, workflow

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


def test_a_makefile_target_named_for_lint_that_runs_a_formatter_is_the_format(make_project):
    # mfem's `make style` runs astyle over the sources and says "Applying C++ code style..."
    makefile = (
        'lib:\n\t$(CXX) -c src/a.cpp\n\nstyle:\n\t@echo "Applying C++ code style..."\n'
        "\tastyle --options=config/mfem.astylerc src/*.cpp\n"
    )
    files = {"makefile": makefile, "src/a.cpp": "int a() { return 1; }\n", "config/mfem.astylerc": "style=allman\n"}
    found = bodies(make_project, files, name="mfem")
    assert found.get("workflow/format", "").startswith("To format: `make style`"), found.get("workflow/format")


def test_a_docs_makefile_that_hands_html_to_the_sphinx_folder_builds_the_docs(make_project):
    # iris' docs/Makefile runs `make html` in docs/src, where conf.py and the Sphinx Makefile are
    outer = "SUBDIRS = src\n\nhtml:\n\t@for i in $(SUBDIRS); do (cd $$i; $(MAKE) html); done\n"
    inner = "SPHINXBUILD = sphinx-build\n\nhtml:\n\t$(SPHINXBUILD) -b html -W . _build/html\n"
    files = {
        "pyproject.toml": '[project]\nname = "iris"\nversion = "1"\n',
        "lib/iris/__init__.py": "",
        "docs/Makefile": outer,
        "docs/src/Makefile": inner,
        "docs/src/conf.py": "project = 'iris'\n",
        "docs/src/index.rst": "Iris\n====\n",
    }
    docs = bodies(make_project, files, name="iris")["workflow/docs"]
    assert docs.startswith("To build or preview the docs: `make -C docs html`"), docs


def test_a_techdocs_site_no_file_installs_the_plugin_for_is_not_built_with_mkdocs(make_project):
    # figma-plugin's mkdocs.yml lists the `techdocs-core` plugin: Backstage builds it, a bare mkdocs stops
    files = {
        "package.json": '{"name": "plugin", "scripts": {"build": "webpack"}}',
        "src/index.ts": "export const a = 1;\n",
        "mkdocs.yml": "site_name: plugin\nsite_dir: techdocs/\nplugins:\n    - techdocs-core\n",
        "docs/index.md": "# Plugin\n",
    }
    assert "mkdocs build" not in bodies(make_project, files, name="plugin").get("workflow/docs", "")
    files["requirements-docs.txt"] = "mkdocs-techdocs-core==1.4\n"
    assert "mkdocs build" in bodies(make_project, files, name="plugin2").get("workflow/docs", "")


def test_scoped_area_prefixes_with_a_space_before_the_scope_count_as_prefixes(make_project):
    # Symphonia's subjects: `core (io): Bypass …`, `mkv (ebml): Fix …`, `mp3: Skip …`
    files = {"Cargo.toml": '[package]\nname = "s"\nversion = "0.1.0"\n', "src/lib.rs": "pub fn a() {}\n"}
    repo = make_project(files, name="symphonia")
    subjects = [f"core ({area}): Change number {i}." for i, area in enumerate(["io", "audio", "units"] * 4)]
    subjects += [f"mp3: Fix frame {i}." for i in range(4)] + ["Update the readme."]
    for i, subject in enumerate(subjects):
        repo.write({f"notes/{i}.txt": subject}).commit(subject)
    conventions = repo_bodies(repo)["git/conventions"]
    assert conventions.startswith("Commit messages: an area prefix (89% of the last 18"), conventions


def test_a_ci_script_named_for_setting_up_is_no_test(make_project):
    # opencast's CI runs `./.github/multi-node-test-setup`: it builds a cluster from tarballs, then other steps test
    steps = workflow("./.github/multi-node-test-setup", "./mvnw test", job="test")
    files = {
        ".github/workflows/test.yml": steps,
        ".github/multi-node-test-setup": "#!/bin/sh\nmkdir -p build\n",
        "pom.xml": "<project><modelVersion>4.0.0</modelVersion><artifactId>a</artifactId></project>\n",
        "src/main/java/a/A.java": "class A {}\n",
        "src/test/java/a/ATest.java": "class ATest {}\n",
    }
    test = bodies(make_project, files, name="opencast")["workflow/test"]
    assert "multi-node-test-setup" not in test, test


def test_tox_section_references_in_the_env_list_are_expanded(make_project):
    # patroni's `py{[common]python_matrix}-test-{lin,mac}` with `[common] python_matrix = {311,312}`
    tox = (
        "[common]\npython_matrix = {311,312}\n\n[tox]\nenvlist = lint, py{[common]python_matrix}-test-{lin,mac}\n\n"
        "[testenv]\ncommands = pytest\n\n[testenv:lint]\ncommands = flake8\n"
    )
    files = {
        "tox.ini": tox,
        "setup.py": "from setuptools import setup\nsetup(name='patroni')\n",
        "patroni/__init__.py": "",
        "tests/test_a.py": "def test_a():\n    pass\n",
    }
    test = bodies(make_project, files, name="patroni")["workflow/test"]
    assert "py311-test-lin" in test and "[common]" not in test, test


def test_a_build_or_dev_script_is_no_test_and_a_path_with_brackets_is_quoted(make_project):
    # rallly's CLAUDE.md lists `pnpm build:test` and `pnpm dev` among the testing commands; its test files sit
    # under apps/web/src/app/[locale]/(space)/
    guide = "# Testing\n\n```bash\npnpm build:test\npnpm test:unit\npnpm dev\n```\n"
    package = {
        "name": "rallly",
        "scripts": {"build:test": "next build", "test:unit": "vitest run", "dev": "next dev"},
        "devDependencies": {"vitest": "^3"},
    }
    files = {
        "CLAUDE.md": guide,
        "package.json": json.dumps(package),
        "pnpm-lock.yaml": "lockfileVersion: '9.0'\n",
        "src/app/[locale]/(space)/card.tsx": "export const Card = () => null;\n",
        "src/app/[locale]/(space)/card.test.tsx": "import { it } from 'vitest';\nit('a', () => {});\n",
    }
    found = bodies(make_project, files, name="rallly")
    assert found["workflow/test"].startswith("To test: `pnpm test:unit`"), found["workflow/test"]
    assert "build:test" not in found["workflow/test"] and "pnpm dev" not in found["workflow/test"]
    assert "'src/app/[locale]/(space)/card.test.tsx'" in found["workflow/test-one"], found["workflow/test-one"]


def test_a_bare_pip_install_and_a_uv_sync_without_pyproject_are_not_the_set_up(make_project):
    # agno's guide: "`uv pip install`" with its packages in prose; flyte's: `uv sync`, and no pyproject.toml at its root
    guide = (
        "# Contributing\n\nFirst run `uv pip install` and then `uv sync`.\n\nSet up with `./scripts/dev_setup.sh`.\n"
    )
    files = {
        "CONTRIBUTING.md": guide,
        "scripts/dev_setup.sh": "#!/bin/sh\nuv venv\n",
        "libs/agno/pyproject.toml": '[project]\nname = "agno"\nversion = "1"\n',
        "libs/agno/agno/__init__.py": "",
    }
    install = bodies(make_project, files, name="agno").get("workflow/install", "")
    assert "`uv pip install`" not in install and "`uv sync`" not in install, install


def test_go_test_in_a_folder_with_no_test_file_is_no_test_command(make_project):
    # flyte's guide: `cd gen/go && go test ./...`; gen/go is generated code with no test
    guide = "# Contributing\n\nRun the tests:\n\n```bash\ncd gen/go && go test ./...\n```\n"
    files = {
        **go_files("flyte"),
        "CONTRIBUTING.md": guide,
        "gen/go/go.mod": GO_MOD.format("gen"),
        "gen/go/api.pb.go": "package api\n",
    }
    test = bodies(make_project, files, name="flyte")["workflow/test"]
    assert "gen/go" not in test, test


def test_appraisal_commands_without_the_gem_are_dropped(make_project):
    # kt-paperclip's CONTRIBUTING.md still says `bundle exec appraisal rake`; 8.0.0 removed the gem and Appraisals
    guide = "# Contributing\n\n```\nbundle exec appraisal install\nbundle exec appraisal rake\n```\n"
    files = {
        "CONTRIBUTING.md": guide,
        "Gemfile": "source 'https://rubygems.org'\ngemspec\ngem 'rspec'\n",
        "paperclip.gemspec": "Gem::Specification.new do |s|\n  s.name = 'kt-paperclip'\nend\n",
        "Rakefile": "require 'rspec/core/rake_task'\nRSpec::Core::RakeTask.new(:spec)\ntask default: :spec\n",
        "lib/paperclip.rb": "module Paperclip; end\n",
        "spec/paperclip_spec.rb": "describe Paperclip do\n  it { }\nend\n",
    }
    found = bodies(make_project, files, name="paperclip")
    assert "appraisal" not in found["workflow/test"] + found.get("workflow/install", ""), found["workflow/test"]


def test_doctest_files_named_test_cpp_are_tests_and_a_capitalised_rule_is_no_task(make_project):
    # luau's tests/*.test.cpp are doctest cases; its Makefile misspells `FUZZ_OBJECTS:` as a rule
    makefile = "FUZZ_OBJECTS:=$(FUZZ_SOURCES:%=build/%.o)\nFUZZ_OBJECTS: build\n\ntest: build\n\t./luau-tests\n"
    files = {
        "Makefile": makefile,
        "VM/src/lvm.cpp": "int vm() { return 0; }\n",
        **{f"tests/{n}.test.cpp": '#include "doctest.h"\nTEST_CASE("a") {}\n' for n in ("Parser", "Compiler", "VM")},
    }
    found = bodies(make_project, files, name="luau")
    assert found["layout/tests"].startswith("3 test files, named *.test.cpp"), found["layout/tests"]
    assert "FUZZ_OBJECTS" not in found.get("tasks/make", ""), found.get("tasks/make")


def test_a_bare_prettier_script_and_a_package_less_go_test_are_dropped(make_project):
    # keystatic's `format` is a bare `prettier --write` (lint-staged hands it files); inspektor-gadget's guide says
    # `go test -exec sudo`, and the root holds no Go package
    package = {
        "name": "keystatic",
        "scripts": {"format": "prettier --write", "test": "jest"},
        "devDependencies": {"prettier": "^3", "jest": "^29"},
    }
    files = {
        "package.json": json.dumps(package),
        "src/index.ts": "export const a = 1;\n",
        "src/index.test.ts": "it('a', () => {});\n",
    }
    assert "pnpm run format" not in bodies(make_project, files, name="keystatic").get("workflow/format", "")
    guide = "# Contributing\n\nRun `make test`, or as root `go test -exec sudo`.\n"
    files = {**go_files("gadget"), "CONTRIBUTING.md": guide, "Makefile": "test:\n\tgo test ./...\n"}
    test = bodies(make_project, files, name="gadget")["workflow/test"]
    assert test.startswith("To test: `make test`") and "go test -exec sudo`" not in test, test


def test_a_type_check_step_inside_a_lint_script_is_the_type_check(make_project):
    # rsuite's `lint:ts` is `eslint src --cache && tsc --noEmit`; no script is named for the type check
    package = {
        "name": "rsuite",
        "scripts": {"lint": "npm run lint:ts", "lint:ts": "eslint src --cache && tsc --noEmit", "test": "vitest"},
        "devDependencies": {"typescript": "^5", "eslint": "^8", "vitest": "^3"},
    }
    files = {
        "package.json": json.dumps(package),
        "package-lock.json": "{}",
        "tsconfig.json": '{"compilerOptions": {"strict": true}}',
        "src/index.ts": "export const a = 1;\n",
    }
    typecheck = bodies(make_project, files, name="rsuite")["workflow/typecheck"]
    assert typecheck.startswith("To type-check: `npx tsc --noEmit` (a step of `npm run lint:ts`)"), typecheck


def test_go_style_keeps_gofmt_tabs_over_an_editorconfig_that_asks_for_spaces(make_project):
    # warewulf's .editorconfig: `[*.go] indent_style = space`; gofmt writes tabs in every file
    editorconfig = "root = true\n\n[*]\nend_of_line = lf\n\n[*.go]\nindent_style = space\nindent_size = 4\n"
    style = bodies(make_project, {**go_files("warewulf"), ".editorconfig": editorconfig}, name="ww")["style/go"]
    assert "gofmt" in style and "indent style space" not in style, style


def test_a_test_binary_flag_before_the_double_dash_is_moved_after_it(make_project):
    # spacedrive's README: `cargo test test_device_pairing --nocapture`; cargo refuses the flag before `--`
    guide = "# Testing\n\nRun one test with output:\n\n```bash\ncargo test test_pairing --nocapture\n```\n"
    files = {
        "README.md": guide,
        "Cargo.toml": '[package]\nname = "sd"\nversion = "0.1.0"\nedition = "2021"\n',
        "src/lib.rs": "pub fn a() {}\n\n#[cfg(test)]\nmod tests {\n    #[test]\n    fn test_pairing() {}\n}\n",
    }
    found = bodies(make_project, files, name="sd")
    both = found["workflow/test"] + found.get("workflow/test-one", "")
    assert "cargo test test_pairing -- --nocapture" in both and "test_pairing --nocapture" not in both, both


def test_a_licence_list_script_is_no_install_and_a_format_check_script_is_no_format(make_project):
    # warewulf's guide: `scripts/update-license-dependencies.sh`, which rewrites LICENSE_DEPENDENCIES.md; keystatic's
    # CI `pnpm check:format .` runs `prettier --check`
    guide = "# Contributing\n\nAfter changing go.mod run `./scripts/update-license-dependencies.sh`.\n"
    files = {
        **go_files("warewulf"),
        "CONTRIBUTING.md": guide,
        "scripts/update-license-dependencies.sh": "#!/bin/sh\ngo-licenses report ./... > LICENSE_DEPENDENCIES.md\n",
    }
    assert "update-license" not in bodies(make_project, files, name="ww").get("workflow/install", "")
    package = {"name": "k", "scripts": {"check:format": "prettier --check"}, "devDependencies": {"prettier": "^3"}}
    files = {
        "package.json": json.dumps(package),
        "pnpm-lock.yaml": "lockfileVersion: '9.0'\n",
        "src/index.ts": "export const a = 1;\n",
        ".github/workflows/ci.yml": workflow("pnpm check:format ."),
    }
    assert "check:format" not in bodies(make_project, files, name="keystatic").get("workflow/format", "")


def test_a_bootstrap_script_prepares_an_autotools_checkout_and_lowercase_test_files_are_tests(make_project):
    # squid's checkout is set up with ./bootstrap.sh (libltdl, SPONSORS); its unit tests are src/tests/testXxx.cc
    files = {
        "configure.ac": "AC_INIT([squid], [7])\nAM_INIT_AUTOMAKE\n",
        "Makefile.am": "SUBDIRS = src\n",
        "bootstrap.sh": "#!/bin/sh\nautoreconf -fi\n",
        "src/Makefile.am": "check_PROGRAMS = tests/testURL\nTESTS = $(check_PROGRAMS)\n",
        "src/url.cc": "int url() { return 0; }\n",
        **{f"src/tests/test{n}.cc": "int main() { return 0; }\n" for n in ("URL", "RFC1738", "Http")},
    }
    found = bodies(make_project, files, name="squid")
    assert found["workflow/test"].startswith("To test: `make check` (after `./bootstrap.sh && ./configure`)")
    assert found["layout/tests"].startswith("3 test files, named test*.cc"), found["layout/tests"]


def test_reviewdogs_folder_and_flags_and_clippys_lint_levels_are_kept(make_project):
    # mosn's reviewdog step: `workdir: pkg`, `golangci_lint_flags: "--enable-all …"`; mistral.rs' AGENTS.md:
    # `cargo clippy -D warnings`, which cargo refuses before `--`
    step = (
        '- uses: reviewdog/action-golangci-lint@v2\n  with:\n    golangci_lint_flags: "--enable-all"\n    workdir: pkg'
    )
    files = {**go_files("mosn"), ".github/workflows/reviewdog.yml": workflow(step, job="golangci-lint")}
    lint = bodies(make_project, files, name="mosn")["workflow/lint"]
    assert lint.startswith("To lint: `cd pkg && golangci-lint run --enable-all`"), lint
    files = {
        "AGENTS.md": "# Agents\n\nBefore a commit run `cargo clippy -D warnings`.\n",
        "Cargo.toml": '[package]\nname = "m"\nversion = "0.1.0"\nedition = "2021"\n',
        "src/lib.rs": "pub fn a() {}\n",
    }
    lint = bodies(make_project, files, name="mistral")["workflow/lint"]
    assert lint.startswith("To lint: `cargo clippy -- -D warnings`"), lint


def test_a_source_distribution_build_is_no_build(make_project):
    # qiskit's CI `python -m build --sdist .` packs a tarball for its sdist tests
    files = {
        "pyproject.toml": '[project]\nname = "q"\nversion = "1"\n\n[build-system]\nrequires = ["setuptools"]\n',
        "q/__init__.py": "",
        ".github/workflows/sdist.yml": workflow("pip install build", "python -m build --sdist ."),
    }
    assert "--sdist" not in bodies(make_project, files, name="q").get("workflow/build", "")
