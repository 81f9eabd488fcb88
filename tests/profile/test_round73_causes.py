"""Causes found in the seventy-third round."""

from __future__ import annotations

import json

from picasso_tui.profile.ci_steps import without_ci_values
from picasso_tui.profile.commands import command_role
from picasso_tui.profile.ecosystems.javascript import runs_docs_site
from picasso_tui.profile.walk import walk
from tests.profile.learned import bodies, commit_conventions, workflow

REDIS_HEADER = (
    "/*\n * Copyright (c) 2006-Present, Redis Ltd.\n * All rights reserved.\n *\n"
    " * Licensed under your choice of the Redis Source Available License 2.0\n"
    " * (RSALv2); or (b) the Server Side Public License v1 (SSPLv1); or (c) the\n"
    " * GNU Affero General Public License v3 (AGPLv3).\n*/\n\n"
)


def test_a_build_script_run_named_for_the_tests_is_the_test_command(make_project):
    # RediSearch's guide: `./build.sh RUN_UNIT_TESTS`, `./build.sh RUN_PYTEST TEST=<file>:<function>` for one test
    guide = (
        "# Contributing\n\n## Testing\n\n```bash\n./build.sh RUN_UNIT_TESTS\n"
        "./build.sh RUN_UNIT_TESTS TEST=unit_test_name\n./build.sh RUN_PYTEST\n```\n"
    )
    files = {"CONTRIBUTING.md": guide, "build.sh": "#!/bin/bash\ncmake ..\n", "src/a.c": "int a;\n"}
    found = bodies(make_project, files, name="search")
    assert "To test: `./build.sh RUN_UNIT_TESTS`" in found["workflow/test"], found["workflow/test"]
    assert "`./build.sh RUN_PYTEST`" in found["workflow/test"], found["workflow/test"]
    assert "`./build.sh RUN_UNIT_TESTS TEST=unit_test_name`" in found["workflow/test-one"], found.get(
        "workflow/test-one"
    )


def test_cargo_nextest_at_a_root_without_a_manifest_runs_in_the_crate_folder(make_project):
    # RediSearch's CLAUDE.md: `cargo nextest run  # Rust tests, from src/redisearch_rs/`; the root has no Cargo.toml
    guide = "# Agents\n\n## Testing\n\n```bash\ncargo nextest run  # Rust tests, from `src/redisearch_rs/`\n```\n"
    files = {
        "CLAUDE.md": guide,
        "src/redisearch_rs/Cargo.toml": '[workspace]\nmembers = ["trie"]\n',
        "src/redisearch_rs/trie/Cargo.toml": '[package]\nname = "trie"\n',
        "src/redisearch_rs/trie/src/lib.rs": "pub fn a() {}\n",
        "src/a.c": "int a;\n",
    }
    test = bodies(make_project, files, name="search")["workflow/test"]
    assert "`cd src/redisearch_rs && cargo nextest run`" in test, test
    assert "To test: `cargo nextest run`" not in test, test


def test_a_subshell_line_with_a_comment_loses_its_parentheses(make_project):
    # RediSearch's `(cd src/redisearch_rs && cargo license-fix) # Add missing license headers` left a stray `)`
    guide = (
        "# Agents\n\n## Linting & Formatting\n\n```bash\nmake fmt                 # Format all code\n"
        "make fmt CHECK=1         # Check formatting without changes\n"
        "(cd tools && ./gen.sh) # Regenerate the tables\n```\n"
    )
    makefile = "ifdef CHECK\nFLAGS = --dry-run -Werror\nendif\n\nfmt:\n\tclang-format -i $(FLAGS) src/*.c\n"
    found = bodies(make_project, {"CLAUDE.md": guide, "Makefile": makefile, "src/a.c": "int a;\n"}, name="search")
    assert all(")" not in line for line in found["workflow/format"].split("`")[1::2]), found["workflow/format"]
    assert "To format: `make fmt`" in found["workflow/format"], found["workflow/format"]
    assert "CHECK=1" not in found["workflow/format"], found["workflow/format"]
    assert "`make fmt CHECK=1`" in found["workflow/lint"], found.get("workflow/lint")


def test_a_check_switch_the_makefile_never_reads_is_no_lint(make_project):
    # `make fmt CHECK=1` where no recipe reads CHECK runs `make fmt`, which formats
    guide = "# Agents\n\n## Formatting\n\n```bash\nmake fmt  # Format all code\nmake fmt CHECK=1  # Check only\n```\n"
    makefile = "fmt:\n\tclang-format -i src/*.c\n"
    found = bodies(make_project, {"CLAUDE.md": guide, "Makefile": makefile, "src/a.c": "int a;\n"}, name="search")
    assert "make fmt" not in found.get("workflow/lint", ""), found.get("workflow/lint")


def test_a_licence_fix_command_under_formatting_is_no_formatter(make_project):
    # RediSearch's `(cd src/redisearch_rs && cargo license-fix)` adds licence headers
    guide = (
        "# Agents\n\n## Linting & Formatting\n\n```bash\nmake fmt  # Format all code\n"
        "cargo license-fix  # Add missing license headers\n```\n"
    )
    files = {"CLAUDE.md": guide, "Makefile": "fmt:\n\tcargo fmt\n", "Cargo.toml": '[package]\nname = "a"\n',
             "src/lib.rs": "pub fn a() {}\n"}  # fmt: skip
    found = bodies(make_project, files, name="a")
    assert "license-fix" not in found["workflow/format"], found["workflow/format"]


def test_a_header_that_offers_a_choice_of_licences_is_no_one_licences_header(make_project):
    files = {f"src/m{i}.c": f"{REDIS_HEADER}int m{i};\n" for i in range(8)}
    rule = bodies(make_project, files, name="search")["rules/file-headers"]
    assert "AGPL licence header" not in rule, rule
    assert "`Copyright (c) 2006-Present, Redis Ltd.`" in rule, rule


def test_a_make_target_whose_recipe_is_the_shells_no_op_is_no_task(make_project):
    # RediSearch's `list: ; @:` and `dry-run: ; @:` are words `make bootstrap list` reads
    makefile = (
        "build:\n\t./build.sh\n\ntest:\n\t./build.sh RUN_TESTS\n\nlist: ; @:\ndry-run: ; @:\n"
        'modes: ; @echo "list dry-run"\n'
    )
    found = bodies(make_project, {"Makefile": makefile, "build.sh": "#!/bin/sh\n", "src/a.c": "int a;\n"}, name="s")
    listed = found["tasks/make"]
    assert "`make build`" in listed and "`make test`" in listed, listed
    assert "make list" not in listed and "make dry-run" not in listed and "make modes" not in listed, listed


def test_the_count_of_targets_not_named_takes_in_those_left_out(make_project):
    # Qiskit's Makefile: twenty targets named "and 1 more", while six more are defined
    names = [f"task{i:02d}" for i in range(22)]
    makefile = "".join(f"{n}:\n\tpython tools/{n}.py\n\n" for n in names)  # tools/ is not there: each one is left out
    makefile += "".join(f"run{i}:\n\tpython -m pkg run{i}\n\n" for i in range(21))
    found = bodies(make_project, {"Makefile": makefile, "pkg/__init__.py": "", "pkg/__main__.py": ""}, name="pkg")
    listed = found["tasks/make"]
    assert listed.endswith("and 23 more."), listed


def test_a_workflow_whose_push_ignores_every_branch_runs_on_no_push(make_project):
    # RediSearch's flow-temp.yml: `push: branches-ignore: ['**']`, kept for trying new flows out
    never = "name: temp\non:\n  push:\n    branches-ignore: ['**']\njobs:\n  t:\n    runs-on: ubuntu-latest\n"
    never += "    steps:\n      - run: make test\n"
    files = {
        ".github/workflows/temp.yml": never,
        ".github/workflows/ci.yml": workflow("make test", job="test"),
        "Makefile": "test:\n\tpytest\n",
        "pkg/__init__.py": "",
    }
    ci = bodies(make_project, files, name="pkg")["ci"]
    assert ".github/workflows/temp.yml" not in ci, ci
    assert ".github/workflows/ci.yml" in ci, ci


def test_new_and_fix_prefixes_are_change_types_not_areas(make_project):
    # TaskJuggler's `New:` and `Fix:` sort its changelog into New Features and Bug Fixes
    subjects = [f"New: report column {i}" for i in range(6)] + [f"Fix: crash on sheet {i}" for i in range(6)]
    subjects += [f"Tidy the manual page {i}" for i in range(18)]
    said = commit_conventions(make_project, "tj", subjects)
    assert "change-type prefix such as `New:`, `Fix:`" in said or "change-type prefix such as `Fix:`, `New:`" in said
    assert "area prefix" not in said, said


def test_folder_readme_notices_are_no_description(make_project):
    # concourse's tsa/README: "please report all issues … in concourse/concourse"; SCons' test/README opens
    # "MIT License Copyright The SCons Foundation"; testkube's pkg/README is golang-standards' template
    files = {
        "tsa/README.md": "# tsa\n\nplease report all issues and feature requests in acme/acme\n",
        "tsa/main.go": "package main\n",
        "test/README": "MIT License\nCopyright The Acme Foundation\n\nThis directory contains end-to-end tests.\n",
        "test/t_test.go": "package t\n",
        "pkg/README.md": "# `/pkg`\n\nLibrary code that's ok to use by external applications (e.g., `/pkg/mypubliclib`).\n",
        "pkg/a/a.go": "package a\n",
        "worker/README.md": "# worker\n\n  ## about\n\n  *worker* is the workhorse of Acme. It runs the builds.\n",
        "worker/w.go": "package worker\n",
        "go.mod": "module acme\n\ngo 1.22\n",
    }
    folders = bodies(make_project, files, name="acme")["layout/folders"]
    assert "please report" not in folders and "MIT License" not in folders and "mypubliclib" not in folders, folders
    assert "## about" not in folders, folders
    assert "README: worker is the workhorse of Acme." in folders, folders


def test_a_bullet_leading_into_commands_keeps_them(make_project):
    # repomix's CLAUDE.md: "- Verify changes by running:" over an indented block of `npm run lint`, `npm run test`
    guide = (
        "# Agents\n\n## Coding Guidelines\n\n- Add comments in English\n- Verify changes by running:\n"
        "  ```bash\n  npm run lint  # Ensure code style compliance\n  npm run test  # Verify all tests pass\n  ```\n\n"
        "## Specs\n\n- Prefer these names (avoid clashing with a `let`):\n\n| Situation | Name |\n|---|---|\n"
        "| Fresh model | `subject(:model)` |\n\n- Use `describe` for named units\n"
    )
    rules = bodies(make_project, {"CLAUDE.md": guide, "src/a.ts": "export const a = 1\n"}, name="a")["rules/CLAUDE.md"]
    assert "- Verify changes by running: `npm run lint`, `npm run test`" in rules, rules
    assert "Prefer these names" not in rules, rules
    assert "Use `describe` for named units" in rules, rules


def test_a_script_naming_a_workspace_and_no_command_is_no_docs_build(make_project):
    # koishi's `docs: yarn workspace @koishijs/docs` waits for a command to run in that workspace
    package = {"name": "root", "private": True, "workspaces": ["packages/*"],
               "scripts": {"docs": "yarn workspace @acme/docs", "build": "tsc -b"}}  # fmt: skip
    files = {"package.json": json.dumps(package), "packages/a/package.json": '{"name": "a"}', "packages/a/i.ts": ""}
    found = bodies(make_project, files, name="acme")
    assert "yarn workspace @acme/docs" not in found.get("workflow/docs", ""), found.get("workflow/docs")


def test_a_command_a_chinese_guide_says_not_to_use_is_left_out(make_project):
    # koishi's CONTRIBUTING: "执行 dts 代码的编译。请不要使用 `tsc -b`。"
    guide = "# 贡献指南\n\n### yarn dtsc\n\n执行 dts 代码的编译。请不要使用 `tsc -b`。\n"
    package = {"name": "root", "scripts": {"dtsc": "yakumo dtsc"}, "devDependencies": {"typescript": "5"}}
    files = {"CONTRIBUTING.md": guide, "package.json": json.dumps(package), "src/a.ts": "export const a = 1\n",
             "tsconfig.json": '{"compilerOptions": {"composite": true}}'}  # fmt: skip
    found = bodies(make_project, files, name="acme")
    assert "tsc -b" not in found.get("workflow/typecheck", ""), found.get("workflow/typecheck")


def test_uv_settings_alone_do_not_make_uv_the_manager(make_project):
    # pytorch_geometric's `[tool.uv]` holds only exclude-newer; no uv.lock, and its guide sets up with pip
    pyproject = (
        '[project]\nname = "geo"\nversion = "1"\n\n[project.optional-dependencies]\ntest = ["pytest"]\n\n'
        '[tool.uv]\nexclude-newer = "7 days"\n'
    )
    guide = '# Contributing\n\n```\npip install -e ".[test]"\npytest\n```\n'
    files = {"pyproject.toml": pyproject, "CONTRIBUTING.md": guide, "geo/__init__.py": "", "test/test_a.py": ""}
    found = bodies(make_project, files, name="geo")
    assert "package manager uv" not in found["python/packaging"], found["python/packaging"]
    assert "uv " not in found.get("workflow/build", "") and "uv run" not in found["workflow/test"], found


def test_a_format_check_target_gives_way_to_its_apply_sibling(make_project):
    # librime's CI runs `make clang-format-lint` (`clang-format -Werror --dry-run`); `make clang-format-apply` writes
    makefile = (
        "clang-format-lint:\n\tfind src -name '*.cc' | xargs clang-format -Werror --dry-run\n\n"
        "clang-format-apply:\n\tfind src -name '*.cc' | xargs clang-format --verbose -i\n"
    )
    files = {
        "Makefile": makefile,
        ".github/workflows/ci.yml": workflow("make clang-format-lint", job="lint"),
        "src/a.cc": "int a;\n",
    }
    found = bodies(make_project, files, name="rime")
    assert "To format: `make clang-format-apply`" in found["workflow/format"], found["workflow/format"]


def test_an_include_folder_of_others_headers_is_not_the_public_api(make_project):
    # librime's include/ holds darts.h (COPYING.darts-clone), utf8/ and X11/; its API headers are src/rime_api.h
    files = {
        "include/darts.h": "int darts;\n",
        "include/COPYING.darts-clone": "Copyright (c) 2008-2011, Susumu Yata\n",
        "include/utf8/core.h": "int u;\n",
        "src/rime_api.h": "int api;\n",
        "src/rime_api.cc": "int api2;\n",
        "CMakeLists.txt": "project(rime)\n",
    }
    folders = bodies(make_project, files, name="librime")["layout/folders"]
    assert "include/ (bundled third-party headers" in folders, folders


def test_rspec_without_a_gemfile_is_cited_to_the_gemspec(make_project):
    # TaskJuggler has no Gemfile: `rspec (Gemfile)` cited a file the checkout lacks
    gemspec = 'Gem::Specification.new do |s|\n  s.name = "tj"\n  s.add_development_dependency("rspec")\nend\n'
    files = {"tj.gemspec": gemspec, "spec/a_spec.rb": "describe 1 do\nend\n", "lib/tj.rb": "module Tj; end\n"}
    found = bodies(make_project, files, name="tj")
    assert "(Gemfile)" not in found["workflow/test"] and "from Gemfile" not in found["workflow/test"], found
    assert "tj.gemspec" in found["workflow/test"], found["workflow/test"]


def test_a_shebang_every_file_opens_with_is_named_first(make_project):
    # TaskJuggler's Ruby files open with `#!/usr/bin/env ruby -w`, then the magic comment
    head = "#!/usr/bin/env ruby -w\n# frozen_string_literal: true\n\n"
    files = {f"lib/m{i}.rb": f"{head}module M{i}; end\n" for i in range(8)}
    rule = bodies(make_project, files, name="tj")["rules/file-headers"]
    assert "starts with `#!/usr/bin/env ruby -w` and `# frozen_string_literal: true`" in rule, rule


def test_a_build_guide_at_the_root_gives_the_build(make_project):
    # eXist's BUILD.md: `mvn -DskipTests package`
    guide = "Building from Source\n--------------------\n\n```bash\n$ mvn -DskipTests package\n```\n"
    pom = "<project><modelVersion>4.0.0</modelVersion><artifactId>exist</artifactId></project>\n"
    files = {"BUILD.md": guide, "pom.xml": pom, "src/main/java/A.java": "class A {}\n"}
    build = bodies(make_project, files, name="exist")["workflow/build"]
    assert "To build: `mvn -DskipTests package` — from BUILD.md" in build, build


def test_installing_sudo_and_git_in_a_container_is_no_set_up(make_project):
    # habitat's BUILDING.md tests its steps in a centos image: `yum install -y sudo git`
    guide = "# Building\n\n```\ndocker run --rm -it centos:7 bash\nyum install -y sudo git\n```\n"
    files = {"CONTRIBUTING.md": guide, "Cargo.toml": '[package]\nname = "hab"\n', "src/main.rs": "fn main() {}\n"}
    found = bodies(make_project, files, name="hab")
    assert "sudo git" not in found.get("workflow/install", ""), found.get("workflow/install")


def test_byte_compiling_the_tests_runs_none(make_project):
    # cupy's CI: `python -Werror::DeprecationWarning -m compileall -f -q cupy tests` looks for bad escapes
    step = "python -Werror::DeprecationWarning -m compileall -f -q pkg tests"
    files = {".github/workflows/ci.yml": workflow(step, "pytest tests/test_a.py", job="test"),
             "pkg/__init__.py": "", "tests/test_a.py": "def test_a():\n    pass\n"}  # fmt: skip
    found = bodies(make_project, files, name="pkg")
    assert "compileall" not in found.get("workflow/test-one", "") + found.get("workflow/test", ""), found


def test_a_ci_wrapper_into_its_container_is_left_off(make_project):
    # zksync-era's CI `ci_run zkstack dev test rust`; bin/ci_run is `docker-compose … exec -T zk "$@"`
    wrapper = '#!/usr/bin/env bash\ncd $HOME\ndocker-compose -f docker-compose.yml exec -T zk "$@"\n'
    files = {
        "bin/ci_run": wrapper,
        ".github/workflows/ci.yml": workflow("ci_run cargo test --workspace", job="unit-tests"),
        "Cargo.toml": '[workspace]\nmembers = ["core"]\n',
        "core/Cargo.toml": '[package]\nname = "core"\n',
        "core/src/lib.rs": "pub fn a() {}\n",
    }
    test = bodies(make_project, files, name="era")["workflow/test"]
    assert "ci_run" not in test and "`cargo test --workspace`" in test, test


def test_a_phing_build_file_runs_with_phing(make_project):
    # Kunena's build.xml is "Kunena phing build file"; composer.json requires phing/phing
    build = '<?xml version="1.0"?>\n<project name="kunena" default="dist">\n<target name="dist"><echo/></target>\n'
    build += "</project>\n"
    composer = {"name": "kunena/forum", "require-dev": {"phing/phing": "dev-main"}}
    files = {"build.xml": build, "composer.json": json.dumps(composer), "src/A.php": "<?php\nclass A {}\n"}
    found = bodies(make_project, files, name="kunena")
    assert "`vendor/bin/phing dist`" in found["workflow/build"], found["workflow/build"]
    assert "ant dist" not in found["workflow/build"], found["workflow/build"]


def test_phpcs_is_pointed_at_folders_that_hold_php(make_project):
    # user-registration's src/ holds its React blocks; its PHP is in includes/
    files = {
        "phpcs.xml": '<?xml version="1.0"?>\n<ruleset name="ur"><rule ref="WordPress"/></ruleset>\n',
        "composer.json": json.dumps({"name": "a/ur", "require-dev": {"squizlabs/php_codesniffer": "^3"}}),
        "src/blocks/index.js": "export default 1\n",
        "includes/class-ur.php": "<?php\nclass UR {}\n",
    }
    lint = bodies(make_project, files, name="ur")["workflow/lint"]
    assert "`vendor/bin/phpcs .`" in lint, lint


def test_a_migration_test_is_no_migration():
    # zksync-era's CI `zkstack dev test gateway-migration --to-gateway` tests a migration, it migrates nothing
    assert command_role("zkstack dev test gateway-migration --to-gateway --chain era") != "migrate"
    assert command_role("python manage.py migrate") == "migrate"


def test_a_guide_step_that_moves_into_a_folder_runs_the_next_steps_there(make_project):
    # baml's "Navigate to the Python integration tests: `cd integ-tests/python/`", then `poetry run python -m pytest`
    guide = (
        "# Contributing\n\n## Python Integration Tests\n\n1. Navigate to the tests: `cd integ-tests/python/`\n"
        "2. Run the following commands:\n   - `poetry install`\n   - `poetry run python -m pytest -s`\n\n"
        "## Engine\n\nRun `cargo test` in engine/.\n"
    )
    files = {
        "CONTRIBUTING.md": guide,
        "integ-tests/python/pyproject.toml": '[tool.poetry]\nname = "it"\n',
        "integ-tests/python/tests/test_a.py": "def test_a():\n    pass\n",
        "engine/Cargo.toml": '[package]\nname = "engine"\n',
        "engine/src/lib.rs": "pub fn a() {}\n",
    }
    found = bodies(make_project, files, name="baml")
    assert "`cd integ-tests/python && poetry run python -m pytest -s`" in found["workflow/test"], found["workflow/test"]
    assert "`cd integ-tests/python && poetry install`" in found["workflow/install"], found["workflow/install"]
    assert "cd integ-tests/python && cargo" not in found["workflow/test"], found["workflow/test"]


def test_a_command_the_guide_says_will_break_is_left_out(make_project):
    # concourse: "Note that running `go test ./...` will break, as the tests currently assume only one package"
    guide = (
        "# Contributing\n\n### Running unit tests\n\n```sh\n$ ginkgo -r -p\n```\n\n"
        "Note that running `go test ./...` will break, as the tests assume one package at a time\n"
        "(the `ginkgo` default). The `go test` default is to run each package in parallel.\n"
    )
    suite = 'package atc_test\n\nimport (\n\t"testing"\n\n\t. "github.com/onsi/ginkgo/v2"\n)\n\n'
    suite += 'func TestAtc(t *testing.T) {\n\tRunSpecs(t, "Atc Suite")\n}\n'
    files = {"CONTRIBUTING.md": guide, "go.mod": "module acme\n\ngo 1.22\n", "atc/atc.go": "package atc\n",
             "atc/atc_suite_test.go": suite}  # fmt: skip
    found = bodies(make_project, files, name="acme")
    assert "To test: `ginkgo -r -p`" in found["workflow/test"], found["workflow/test"]
    assert "`go test ./...` (CONTRIBUTING.md)" not in found["workflow/test"], found["workflow/test"]
    assert "To run one test: `go test ./atc/ -ginkgo.focus '<spec text>'`" in found["workflow/test-one"], found


def test_an_empty_bazel_workspace_no_ci_runs_is_no_build(make_project):
    # ccextractor keeps an empty WORKSPACE and old BUILD files; it builds with CMake from docs/COMPILATION.MD
    guide = "# Compiling\n\n```bash\nmkdir -p build && cd build && cmake ../src/ && make\n```\n"
    files = {
        "WORKSPACE": "",
        "src/BUILD": 'cc_binary(name = "cc", srcs = ["cc.c"])\n',
        "src/CMakeLists.txt": "project(cc)\nadd_executable(cc cc.c)\n",
        "src/cc.c": "int main(void) { return 0; }\n",
        "docs/COMPILATION.MD": guide,
    }
    build = bodies(make_project, files, name="cc")["workflow/build"]
    assert "bazel" not in build, build
    assert "To build: `mkdir -p build && cd build && cmake ../src/ && make` — from docs/COMPILATION.MD" in build, build


def test_a_contributing_folder_at_the_root_is_read_and_its_docs_page_builds_docs(make_project):
    # dstack's contributing/DEVELOPMENT.md sets up with `uv sync`; contributing/DOCS.md's `just site-build` is the site
    files = {
        "contributing/DEVELOPMENT.md": "# Development\n\n```shell\nuv sync --all-extras\n```\n",
        "contributing/DOCS.md": "# Docs\n\nBuild the site:\n\n```shell\njust site-build\n```\n",
        "justfile": "site-build:\n    uv run mkdocs build -s\n",
        "pyproject.toml": '[project]\nname = "ds"\nversion = "1"\n\n[tool.uv]\ndev-dependencies = ["pytest"]\n',
        "uv.lock": "version = 1\n",
        "ds/__init__.py": "",
    }
    found = bodies(make_project, files, name="ds")
    assert "`uv sync --all-extras` — from contributing/DEVELOPMENT.md" in found["workflow/install"], found
    assert "just site-build" not in found.get("workflow/build", ""), found.get("workflow/build")
    assert "`just site-build`" in found["workflow/docs"], found["workflow/docs"]


def test_a_release_workflow_that_also_runs_on_edits_of_its_own_files_is_no_push_check(make_project):
    # ccextractor's build_appimage.yml: on a release, and on pushes that change its own files
    release = (
        "on:\n  release:\n    types: [published]\n  push:\n    paths:\n      - '.github/workflows/appimage.yml'\n"
        "      - 'linux/appimage.sh'\njobs:\n  appimage:\n    runs-on: ubuntu-latest\n    steps:\n"
        "      - run: ./linux/appimage.sh\n"
    )
    files = {
        ".github/workflows/appimage.yml": release,
        ".github/workflows/ci.yml": workflow("make test", job="test"),
        "linux/appimage.sh": "#!/bin/sh\n",
        "Makefile": "test:\n\t./run-tests.sh\n",
        "run-tests.sh": "#!/bin/sh\n",
        "src/a.c": "int a;\n",
    }
    ci = bodies(make_project, files, name="cc")["ci"]
    assert ".github/workflows/appimage.yml (" not in ci, ci


def test_a_go_test_of_a_package_folder_since_moved_is_left_out(make_project):
    # encore's guide: `go test ./internal/clientgen`; the package is pkg/clientgen now
    guide = "# Contributing\n\nRunning `go test ./internal/clientgen` will now use the newest client files.\n"
    files = {
        "CONTRIBUTING.md": guide,
        "go.mod": "module acme\n\ngo 1.22\n",
        "pkg/clientgen/gen.go": "package clientgen\n",
        "pkg/clientgen/gen_test.go": 'package clientgen\n\nimport "testing"\n\nfunc TestGen(t *testing.T) {}\n',
    }
    found = bodies(make_project, files, name="acme")
    assert "internal/clientgen" not in found["workflow/test"] + found.get("workflow/test-one", ""), found


def test_rspec_is_not_run_at_a_root_whose_specs_are_each_packages(make_project):
    # agent-ruby's root gem has no spec/; each gem under packages/ has its own
    gemspec = 'Gem::Specification.new do |s|\n  s.name = "agent"\n  s.add_development_dependency "rspec"\nend\n'
    files = {
        "agent.gemspec": gemspec,
        "Gemfile": 'source "https://rubygems.org"\ngemspec\n',
        "lib/agent.rb": "module Agent; end\n",
        "packages/core/core.gemspec": gemspec.replace("agent", "core"),
        "packages/core/lib/core.rb": "module Core; end\n",
        "packages/core/spec/core_spec.rb": "describe 1 do\nend\n",
    }
    found = bodies(make_project, files, name="agent")
    assert "`bundle exec rspec`" not in found.get("workflow/test", ""), found.get("workflow/test")
    assert "spec/<file>_spec.rb" not in found.get("workflow/test-one", ""), found.get("workflow/test-one")


def test_a_guide_command_with_an_unclosed_quote_is_left_out(make_project):
    # kured's guide: `make e2e-test ARGS="-timeout 1200s'`, a typo no shell runs
    guide = "# Contributing\n\n```\nmake test\nmake e2e-test ARGS=\"-timeout 1200s'\n```\n"
    makefile = "test:\n\tgo test ./...\n\ne2e-test:\n\tgo test ./e2e/... $(ARGS)\n"
    files = {
        "CONTRIBUTING.md": guide,
        "Makefile": makefile,
        "go.mod": "module k\n\ngo 1.22\n",
        "main.go": "package main\n",
    }
    test = bodies(make_project, files, name="k")["workflow/test"]
    assert "1200s'" not in test, test


def test_a_make_target_that_bumps_and_publishes_is_no_build_and_one_of_checks_no_test(make_project):
    # langroid: `all-patch: bump-patch clean build push release`; `check: lint type-check repomix-all`
    guide = "# Contributing\n\n## Build\n\n```\nmake all-patch\n```\n\n## Testing\n\n```\nmake check\nmake tests\n```\n"
    makefile = (
        "build:\n\tuv build\n\nbump-patch:\n\tbump2version patch\n\npush:\n\tgit push\n\nrelease:\n\tgh release create\n\n"
        "clean:\n\trm -rf dist\n\nall-patch: bump-patch clean build push release\n\nlint:\n\truff check .\n\n"
        "type-check:\n\tmypy pkg\n\nrepomix-all:\n\trepomix\n\ncheck: lint type-check repomix-all\n\n"
        "tests:\n\tpytest tests\n"
    )
    files = {"CONTRIBUTING.md": guide, "Makefile": makefile, "pkg/__init__.py": "", "tests/test_a.py": ""}
    found = bodies(make_project, files, name="pkg")
    assert "all-patch" not in found.get("workflow/build", ""), found.get("workflow/build")
    assert "`make check`" not in found["workflow/test"], found["workflow/test"]
    assert "`make tests`" in found["workflow/test"], found["workflow/test"]


def test_roles_that_words_of_a_name_give(make_project):
    # kata's CI `./tests/git-helper.sh "rebase-atop-…"` prepares the branch; tmt's `make build-deps` installs;
    # tmt's `make images/test/bases/fedora/rawhide:latest` builds a container image
    assert command_role('./tests/git-helper.sh "rebase-atop-of-the-latest-target-branch"') is None
    assert command_role("./tests/run-unit.sh") == "test"
    assert command_role("make build-deps") == "install"
    assert command_role("make images/test/bases/fedora/rawhide:latest") is None


def test_a_yaml_string_in_a_justfile_holds_no_recipe(make_project):
    # quilkin's `_default_agent_config := """` holds YAML: its `clusters:` line is no recipe
    justfile = 'config := """\nclusters:\n  - endpoints: []\n"""\n\nhelp:\n    just --list\n\nbuild:\n    cargo build\n'
    files = {"justfile": justfile, "Cargo.toml": '[package]\nname = "q"\n', "src/main.rs": "fn main() {}\n"}
    listed = bodies(make_project, files, name="q")["tasks/just"]
    assert "just clusters" not in listed and "`just build`" in listed, listed


def test_a_root_script_that_runs_the_docs_site_package_is_no_build(make_project):
    # nonebot2's root `build: pnpm --filter nonebot build`; website/ is the Docusaurus site named `nonebot`
    site = {"name": "nonebot", "scripts": {"build": "docusaurus build"}, "dependencies": {"@docusaurus/core": "3"}}
    other = {"name": "ui", "scripts": {"build": "tsc"}, "devDependencies": {"typescript": "5"}}
    files = {"website/package.json": json.dumps(site), "packages/ui/package.json": json.dumps(other), "a.py": ""}
    tree = walk(make_project(files, name="nonebot2").root)
    assert runs_docs_site(tree, "pnpm --filter nonebot build")
    assert runs_docs_site(tree, "yarn workspace nonebot start")
    assert not runs_docs_site(tree, "pnpm --filter ui build")


def test_a_package_build_script_follows_the_development_build(make_project):
    # nvidia-container-toolkit's DEVELOPMENT.md leads with `./scripts/build-packages.sh TARGET`: deb and rpm packages
    guide = "# Development\n\n```\n./scripts/build-packages.sh ubuntu18.04-amd64\n```\n"
    files = {"DEVELOPMENT.md": guide, "scripts/build-packages.sh": "#!/bin/sh\n", "Makefile": "build:\n\tgo build ./...\n",
             "go.mod": "module n\n\ngo 1.22\n", "main.go": "package main\n"}  # fmt: skip
    build = bodies(make_project, files, name="n")["workflow/build"]
    assert build.startswith("To build: `make build`"), build


def test_the_share_of_bracketed_issues_is_the_newest_commits(make_project):
    # plane led with `[WEB-7182]` in half of its last 300 commits and in 13 of the newest 50
    subjects = [f"[WEB-{i}] fix: old thing {i}" for i in range(60)] + [f"fix: new thing {i}" for i in range(50)]
    said = commit_conventions(make_project, "plane", subjects)
    assert "in brackets" not in said, said


def test_a_tools_name_in_parentheses_and_a_fallback_are_no_steps(make_project):
    # Vita3K's building.md: "a Make (`make`, the default project generator for Linux) one", and "If Boost failed to
    # build, you can use the system Boost package" over `sudo apt install libboost-…-dev`
    guide = (
        "# Building\n\nThis generates a Ninja project instead of a Make (`make`, the default generator) one.\n\n"
        "- If Boost failed to build, you can use the system Boost package.\n\n"
        "  ```sh\n  sudo apt install libboost-system-dev\n  ```\n"
    )
    files = {"building.md": guide, "CMakeLists.txt": "project(v)\nadd_executable(v main.cpp)\n", "main.cpp": ""}
    found = bodies(make_project, files, name="v")
    assert "To build: `make`" not in found.get("workflow/build", ""), found.get("workflow/build")
    assert "libboost" not in found.get("workflow/install", ""), found.get("workflow/install")


def test_gitbook_sync_commits_are_no_prefix_habit(make_project):
    # SonsOfPHP's GitBook syncs, `GITBOOK-12: No subject`, read as an area prefix
    subjects = [f"GITBOOK-{i}: No subject" for i in range(20)] + [f"Add the {i} helper" for i in range(20)]
    said = commit_conventions(make_project, "sons", subjects)
    assert "GITBOOK" not in said, said


def test_a_rails_engine_runs_its_tests_with_bin_rails(make_project):
    # Lesli's bin/rails sets ENGINE_ROOT and APP_PATH to test/dummy: `bin/rails test` runs the engine's tests
    binstub = 'ENGINE_ROOT = File.expand_path("..", __dir__)\nAPP_PATH = File.expand_path("../test/dummy/config/application", __dir__)\n'
    gemspec = 'Gem::Specification.new do |s|\n  s.name = "lesli"\n  s.add_dependency "rails"\nend\n'
    files = {
        "bin/rails": binstub,
        "lesli.gemspec": gemspec,
        "Gemfile": 'source "https://rubygems.org"\ngemspec\n',
        "lib/lesli.rb": "module Lesli; end\n",
        "test/models/user_test.rb": 'require "test_helper"\n',
        "test/dummy/config/application.rb": "module Dummy; end\n",
    }
    found = bodies(make_project, files, name="lesli")
    assert "To test: `bin/rails test` — from bin/rails (Rails engine)" in found["workflow/test"], found.get(
        "workflow/test"
    )
    assert "`bin/rails test test/models/user_test.rb:<line>`" in found["workflow/test-one"], found["workflow/test-one"]


def test_an_android_module_through_a_convention_plugin_runs_one_test_in_its_variant(make_project):
    # mifos-mobile's app applies `alias(libs.plugins.mifos.android.application)`: `:app:test` takes no --tests
    build = 'plugins {\n    alias(libs.plugins.mifos.android.application)\n}\n\nandroid {\n    namespace = "org.m"\n}\n'
    files = {
        "settings.gradle.kts": 'include(":app")\n',
        "build.gradle.kts": "plugins {}\n",
        "gradlew": "#!/bin/sh\n",
        "app/build.gradle.kts": build,
        "app/src/main/java/org/m/Main.kt": "package org.m\n\nclass Main\n",
        "app/src/test/java/org/m/MainTest.kt": "package org.m\n\nimport org.junit.Test\n\nclass MainTest {\n    @Test\n    fun a() {}\n}\n",
    }
    one = bodies(make_project, files, name="m")["workflow/test-one"]
    assert "`./gradlew :app:testDebugUnitTest --tests MainTest`" in one, one


def test_a_test_run_told_never_to_fail_is_no_test_command(make_project):
    # HtmlUnit's CI: `mvn --batch-mode --fail-never -Dtest=org.htmlunit.CodeStyleTest test` reports, fails nothing
    pom = "<project><modelVersion>4.0.0</modelVersion><artifactId>h</artifactId></project>\n"
    step = "mvn --batch-mode --fail-never -Dtest=org.h.CodeStyleTest test"
    files = {"pom.xml": pom, ".github/workflows/ci.yml": workflow(step, job="build"),
             "src/main/java/org/h/A.java": "class A {}\n", "src/test/java/org/h/ATest.java": "class ATest {}\n"}  # fmt: skip
    found = bodies(make_project, files, name="h")
    assert "--fail-never" not in found.get("workflow/test-one", "") + found.get("workflow/test", ""), found


def test_the_command_named_for_the_project_is_the_one_to_run(make_project):
    # wayback's README names cmd/playback and cmd/wayback; cmd/wayback is the program
    readme = "# wayback\n\nRun `wayback <url>`; `playback` finds archived copies.\n"
    files = {"README.md": readme, "go.mod": "module github.com/acme/wayback\n\ngo 1.22\n",
             "cmd/playback/main.go": "package main\n\nfunc main() {}\n",
             "cmd/wayback/main.go": "package main\n\nfunc main() {}\n"}  # fmt: skip
    run = bodies(make_project, files, name="wayback")["workflow/run"]
    assert run.startswith("To run: `go run ./cmd/wayback"), run


def test_set_ups_that_install_an_interpreter_or_the_docs_tools_are_no_project_set_up(make_project):
    # tmt's `dnf install python3.9 python3.11` for hatch's matrix; OpenSCAP's `dnf install asciidoc` for the HTML docs
    guide = "# Contributing\n\n```\nsudo dnf install python3.9 python3.11\nsudo dnf install asciidoc\n```\n"
    files = {"CONTRIBUTING.md": guide, "pyproject.toml": '[project]\nname = "t"\nversion = "1"\n', "t/__init__.py": ""}
    install = bodies(make_project, files, name="t").get("workflow/install", "")
    assert "python3.9" not in install and "asciidoc" not in install, install


def test_an_output_folder_and_a_docs_check_are_no_docs_build(make_project):
    # OpenSCAP's guide names `build/docs`, where the docs go; gemini-cli's `npm run docs:settings -- --check`
    guide = "# Developing\n\nThe documentation is built into `build/docs`.\n"
    package = {"name": "g", "scripts": {"docs:settings": "tsx scripts/gen.ts"}}
    step = "npm run docs:settings -- --check"
    files = {"CONTRIBUTING.md": guide, "package.json": json.dumps(package), "scripts/gen.ts": "",
             ".github/workflows/ci.yml": workflow(step, job="docs"), "src/a.ts": ""}  # fmt: skip
    docs = bodies(make_project, files, name="g").get("workflow/docs", "")
    assert "build/docs" not in docs and "--check" not in docs, docs


def test_a_pull_request_template_that_keeps_contributors_out_of_the_changelog(make_project):
    # cdk's template: "Please do not edit the actual changelog but note what you changed here."
    changelog = "# Changelog\n\n## [Unreleased]\n\n### Added\n- a wallet\n\n## [0.1.0]\n\n- first\n"
    template = "### Suggested CHANGELOG Updates\n\n<!-- Please do not edit the actual changelog but note here. -->\n"
    files = {"CHANGELOG.md": changelog, ".github/pull_request_template.md": template, "src/lib.rs": ""}
    rule = bodies(make_project, files, name="cdk")["rules/changelog"]
    assert "a pull request does not add to it" in rule and "pull request template" in rule, rule


def test_a_ci_preset_from_the_matrix_stays_as_a_placeholder():
    # Vita3K's CI `./.ci/build-desktop.sh --preset ${{ matrix.cmake_preset }} --config Release`
    line = without_ci_values("bash ./.ci/build-desktop.sh --preset ${{ matrix.cmake_preset }} --config Release")
    assert line == "bash ./.ci/build-desktop.sh --preset <cmake_preset> --config Release", line


def test_a_linux_preset_leads_the_build_and_ctest_looks_in_the_presets_folder(make_project):
    # Vita3K's building.md gives `cmake --preset windows-vs2022` first; its presets build into build/<preset>
    guide = (
        "# Building\n\n## Windows\n\n```\ncmake --preset windows-vs2022\ncmake --build build/windows-vs2022\n```\n\n"
        "## Linux\n\n```\ncmake --preset linux-ninja-clang\ncmake --build build/linux-ninja-clang\n```\n"
    )
    presets = {"version": 3, "configurePresets": [
        {"name": "base", "hidden": True, "binaryDir": "${sourceDir}/build/${presetName}"},
        {"name": "linux-ninja-clang", "inherits": "base"}, {"name": "windows-vs2022", "inherits": "base"}]}  # fmt: skip
    cmake = "project(v)\nenable_testing()\nadd_executable(t t.cpp)\nadd_test(NAME mem COMMAND t)\n"
    files = {"building.md": guide, "CMakePresets.json": json.dumps(presets), "CMakeLists.txt": cmake, "t.cpp": ""}
    found = bodies(make_project, files, name="v")
    assert found["workflow/build"].startswith("To build: `cmake --preset linux-ninja-clang"), found["workflow/build"]
    assert "ctest --test-dir build/<preset>" in found["workflow/test"], found["workflow/test"]


def test_a_composer_check_script_lints_where_the_lint_script_rewrites_and_the_readme_serves(make_project):
    # pinkary's `lint` runs rector and pint (rewrites), `test:lint` their dry runs; its README runs `php artisan serve`
    composer = {"name": "p/p", "require": {"laravel/framework": "^12"}, "require-dev": {"laravel/sail": "^1",
                "laravel/pint": "^1"}, "scripts": {"lint": ["pint --parallel"], "test:lint": ["pint --test"]}}  # fmt: skip
    files = {"composer.json": json.dumps(composer), "artisan": "#!/usr/bin/env php\n",
             "docker-compose.yml": "services:\n  laravel.test:\n    image: sail-8.4/app\n",
             "README.md": "# Pinkary\n\nRun `php artisan serve`.\n", "app/A.php": "<?php\n"}  # fmt: skip
    found = bodies(make_project, files, name="pinkary")
    assert "`composer test:lint`" in found["workflow/lint"], found.get("workflow/lint")
    assert found["workflow/run"].startswith("To run: `php artisan serve`"), found["workflow/run"]


def test_a_flask_manage_py_makes_no_django_site(make_project):
    # CTFd's manage.py is `FlaskGroup(app)`: no `manage.py runserver`, no `manage.py migrate`
    manage = "from flask.cli import FlaskGroup\n\nfrom app import create_app\n\ncli = FlaskGroup(create_app())\n"
    files = {"manage.py": manage, "requirements.txt": "flask\n", "app/__init__.py": "def create_app():\n    pass\n"}
    found = bodies(make_project, files, name="ctfd")
    assert "Django" not in found.get("python/stack", ""), found.get("python/stack")
    assert "manage.py runserver" not in found.get("workflow/run", "") and "workflow/migrate" not in found, found


def test_a_check_recipe_of_checks_is_neither_the_tests_nor_the_format_and_clippy_alone_is_disowned(make_project):
    # lakekeeper's `check: check-clippy check-format check-cargo-sort`; AGENTS.md: "don't just run
    # `cargo clippy --all-features`. Use `just check-clippy`."
    guide = (
        "# Agents\n\n## Format\n\nRun `just check` before pushing.\n\n## Lint\n\n"
        "Clippy runs with several feature sets — don't just run `cargo clippy --all-features`. Use `just check-clippy`.\n"
    )
    justfile = (
        "check-format:\n    cargo +nightly fmt --all -- --check\n\ncheck-clippy:\n    cargo clippy --workspace\n\n"
        "check: check-clippy check-format\n\ntest:\n    cargo test --workspace\n"
    )
    files = {"AGENTS.md": guide, "justfile": justfile, "Cargo.toml": '[package]\nname = "lk"\n', "src/lib.rs": ""}
    found = bodies(make_project, files, name="lk")
    assert "just check`" not in found["workflow/test"] + found.get("workflow/format", ""), found
    assert "cargo clippy --all-features" not in found["workflow/lint"], found["workflow/lint"]


def test_a_topic_page_of_a_guide_folder_follows_the_guide_and_a_maintenance_page_is_not_read(make_project):
    # community-engine-rails: docs/development/parallel_testing_setup.md's `bin/parallel-setup` led the set-up;
    # docs/development/rails_version_branch_maintenance.md's bare `rubocop` led the lint
    files = {
        "CONTRIBUTING.md": "# Contributing\n\n## Setup\n\n```\nbin/setup\n```\n",
        "docs/development/parallel_testing_setup.md": "# Parallel tests\n\n## Setup\n\n```\nbin/parallel-setup\n```\n",
        "docs/development/rails_version_branch_maintenance.md": "# Branches\n\nCI runs `rubocop` on each branch.\n",
        "bin/setup": "#!/bin/sh\n",
        "bin/parallel-setup": "#!/bin/sh\n",
        "Gemfile": 'source "https://rubygems.org"\ngem "rubocop"\n',
        "app/a.rb": "",
    }
    found = bodies(make_project, files, name="app")
    assert found["workflow/install"].startswith("To install: `bin/setup`"), found["workflow/install"]
    assert "rails_version_branch_maintenance" not in found.get("workflow/lint", ""), found.get("workflow/lint")


def test_an_installer_a_formatter_class_and_a_javadoc_profile_say_their_roles():
    # Kalkun's CI `php vendor/kenjis/ci-phpunit-test/install.php --from-composer` copies the test harness in;
    # klaxon's CI `rspec --format RSpec::Github::Formatter` runs every spec; jkube's `-Pjavadoc` builds the Javadoc
    assert command_role("php vendor/kenjis/ci-phpunit-test/install.php --from-composer") == "install"
    assert command_role("bundle exec rspec --tag ~skip --format RSpec::Github::Formatter") == "test"
    assert command_role("bundle exec rspec spec/models/a_spec.rb") == "test-one"
    assert command_role("./mvnw clean install -Pjavadoc") == "docs"
    assert command_role("./mvnw clean install -Pjacoco") == "test"
