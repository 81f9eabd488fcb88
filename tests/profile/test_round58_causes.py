"""Causes found in the fifty-eighth round: commands CI runs that the profile did not read as such (Gradle's
`assembleDebug`, a command guarded by `if ! …; then`, a clippy action), a function the CI script defines taken for a
command, Hatch environments the project does not declare, a crate's `sample.rs` module taken for an example, and a
guide's ask for Conventional Commits left out of the commit conventions."""

from __future__ import annotations

import json

from tests.profile.learned import bodies, repo_bodies, workflow

ANDROID_APP = {
    "settings.gradle.kts": 'rootProject.name = "tube"\ninclude(":app")\n',
    "build.gradle.kts": 'plugins {\n    id("com.android.application") apply false\n}\n',
    "gradlew": "#!/bin/sh\n",
    "app/build.gradle.kts": 'plugins {\n    id("com.android.application")\n}\n',
    "app/src/main/java/com/acme/tube/MainActivity.kt": "package com.acme.tube\n\nclass MainActivity\n",
    "app/src/test/java/com/acme/tube/ParserTest.kt": "package com.acme.tube\n\nclass ParserTest\n",
}


def test_an_android_app_builds_with_the_assemble_task_ci_runs(make_project):
    files = ANDROID_APP | {".github/workflows/ci.yml": workflow("./gradlew assembleDebug", job="debug-builds")}
    learned = bodies(make_project, files, "tube")
    assert learned["workflow/build"].startswith("To build: `./gradlew assembleDebug`"), learned["workflow/build"]


def test_a_guide_that_compiles_with_a_module_assemble_task_names_the_build(make_project):
    guide = "# Agents\n\nTo compile the code, use `./gradlew :app:assembleDebug`.\n"
    learned = bodies(make_project, ANDROID_APP | {"AGENTS.md": guide}, "pod")
    assert learned["workflow/build"].startswith("To build: `./gradlew :app:assembleDebug`"), learned["workflow/build"]


def test_a_ci_script_reads_a_guarded_command_and_never_its_own_functions(make_project):
    step = (
        '- name: Build\n  run: |\n    exit_on_error() { echo "$1"; exit 1; }\n'
        '    if ! ./gradlew assembleDebug; then\n      exit_on_error "Build failed for build."\n    fi\n'
    )
    learned = bodies(make_project, ANDROID_APP | {".github/workflows/debug_build.yml": workflow(step)}, "term")
    assert learned["workflow/build"].startswith("To build: `./gradlew assembleDebug`"), learned["workflow/build"]
    assert "exit_on_error" not in "\n".join(learned.values())


def test_a_clippy_action_is_the_lint_before_a_format_check(make_project):
    ci = workflow("cargo fmt --check", job="fmt") + (
        "  clippy:\n    runs-on: ubuntu-latest\n    steps:\n      - uses: actions/checkout@v4\n"
        "      - uses: giraffate/clippy-action@v1\n        with:\n          reporter: github-pr-check\n"
    )
    files = {
        "Cargo.toml": '[package]\nname = "flames"\nversion = "0.1.0"\nedition = "2021"\n',
        "Cargo.lock": "",
        "src/lib.rs": "pub mod collapse;\n",
        ".github/workflows/check.yml": ci,
    }
    learned = bodies(make_project, files, "flames")
    assert learned["workflow/lint"].startswith("To lint: `cargo clippy`"), learned["workflow/lint"]


def test_a_crate_module_named_sample_is_source_not_an_example(make_project):
    files = {
        "Cargo.toml": '[package]\nname = "flames"\nversion = "0.1.0"\nedition = "2021"\n',
        "src/lib.rs": "pub mod collapse;\n",
        "src/collapse/mod.rs": "pub mod perf;\npub mod sample;\npub mod dtrace;\n",
        "src/collapse/perf.rs": "pub fn perf() {}\n" * 40,
        "src/collapse/sample.rs": "pub fn sample() {}\n" * 40,
        "src/collapse/dtrace.rs": "pub fn dtrace() {}\n" * 40,
    }
    learned = bodies(make_project, files, "flames2")
    assert "4 Rust files" in learned["layout/source"] and "sample.rs" in learned["layout/source"], learned[
        "layout/source"
    ]


def test_a_guide_that_asks_for_conventional_commits_is_said_beside_the_history(make_project):
    guide = "# Contributing\n\nPlease make sure the commit messages follow the conventional commit types.\n"
    repo = make_project({"README.md": "# x\n", "CONTRIBUTING.md": guide, "src/a.c": "int a;\n"}, name="tube2")
    for i, subject in enumerate(["Update translations", "Fix the player", "feat: add a queue", "Bump versions"] * 3):
        repo.write({f"src/f{i}.c": f"int f{i};\n"}).commit(subject)
    learned = repo_bodies(repo)
    said = learned["git/conventions"]
    assert said.startswith("Commit messages: CONTRIBUTING.md asks for Conventional Commits"), said
    plain = make_project({"README.md": "# x\n", "src/a.c": "int a;\n"}, name="tube3")
    for i, subject in enumerate(["Update translations", "Fix the player", "Bump versions"] * 4):
        plain.write({f"src/f{i}.c": f"int f{i};\n"}).commit(subject)
    assert "asks for" not in repo_bodies(plain)["git/conventions"]


HATCH = (
    '[build-system]\nrequires = ["hatchling"]\nbuild-backend = "hatchling.build"\n\n'
    '[project]\nname = "server"\nversion = "1.0"\n\n[project.optional-dependencies]\ntest = ["pytest"]\n'
    'docs = ["sphinx"]\n\n[tool.hatch.envs.test]\nfeatures = ["test"]\n\n[tool.hatch.envs.test.scripts]\n'
    'test = "python -m pytest -vv {args}"\n\n[tool.hatch.envs.docs]\nfeatures = ["docs"]\n\n'
    "[tool.pytest.ini_options]\ntestpaths = ['tests']\n"
)


def test_hatch_commands_name_environments_the_project_declares(make_project):
    guide = (
        "# Contributing\n\nRun the linters with ``hatch run lint:build`` and ``pre-commit run --all-files``.\n\n"
        "You can also run the tests using ``hatch``::\n\n    hatch run test:test\n\n"
        "Drop into a shell in the test environment::\n\n    hatch -e test shell\n"
    )
    files = {
        "pyproject.toml": HATCH,
        "CONTRIBUTING.rst": guide,
        ".pre-commit-config.yaml": "repos: []\n",
        "server/__init__.py": "",
        "tests/test_app.py": "def test_app():\n    pass\n",
    }
    learned = bodies(make_project, files, "server")
    assert "lint:build" not in learned["workflow/lint"], learned["workflow/lint"]
    assert "`hatch run test:test`" in learned["workflow/test"], learned["workflow/test"]
    assert "`hatch`" not in learned["workflow/test"] and "shell" not in learned["workflow/test"], learned[
        "workflow/test"
    ]
    assert "`hatch run test:pytest " in learned["workflow/test-one"], learned["workflow/test-one"]


def test_a_python_subpackage_named_scripts_is_the_packages_code(make_project):
    files = {
        "pyproject.toml": '[project]\nname = "tilewm"\nversion = "1.0"\n',
        "tilewm/__init__.py": "",
        "tilewm/core.py": "def run():\n    pass\n" * 30,
        "tilewm/scripts/__init__.py": "",
        "tilewm/scripts/main.py": "def main():\n    pass\n" * 30,
        "tilewm/scripts/check.py": "def check():\n    pass\n" * 30,
        "scripts/release.py": "print('release')\n",
    }
    learned = bodies(make_project, files, "tilewm")
    assert "scripts/main.py" in learned["layout/source"], learned["layout/source"]


def test_a_distributions_runtime_or_container_engine_is_no_project_set_up(make_project):
    readme = (
        "# Tunnel\n\n## Testing\n\nTesting this project has a few requirements:\n\n"
        "- Docker: if you are on Ubuntu/Debian you can run `apt-get install docker.io`.\n\n"
        "## Building\n\nInstall the Java 21 JDK (or `apt-get install openjdk-21-jdk`).\n"
    )
    files = {
        "Cargo.toml": '[package]\nname = "tunnel"\nversion = "0.1.0"\nedition = "2021"\n',
        "src/lib.rs": "pub fn up() {}\n",
        "README.md": readme,
    }
    learned = bodies(make_project, files, "tunnel")
    assert "apt-get" not in learned.get("workflow/install", ""), learned.get("workflow/install")
    deps = "# Sniff\n\n## Building\n\nInstall the dependencies:\n\n```sh\nsudo apt-get install libpcap-dev libncurses-dev\n```\n"
    c_project = {
        "README.md": deps,
        "Makefile": "all:\n\tcc -o sniff sniff.c\n",
        "sniff.c": "int main(void) { return 0; }\n",
    }
    said = bodies(make_project, c_project, "sniff").get("workflow/install", "")
    assert "`sudo apt-get install libpcap-dev libncurses-dev`" in said, said


def test_a_packages_own_script_and_a_changeset_are_not_the_roots_commands(make_project):
    guide = (
        "# Contributing\n\n## Testing\n\nChange to a package and run the tests:\n\n```sh\n"
        "cd packages/frames\n\n# Run tests for the current package and watch for changes:\npnpm test-watch\n```\n\n"
        "## Changesets\n\nUnless your changes only affect the documentation, add a changeset:\n\n```sh\n"
        "pnpm changeset\n```\n"
    )
    package = '{"name": "root", "private": true, "scripts": {"test": "pnpm -r test", "build": "pnpm -r build"}}'
    files = {
        "package.json": package,
        "pnpm-lock.yaml": "",
        "pnpm-workspace.yaml": "packages:\n  - packages/*\n",
        "CONTRIBUTING.md": guide,
        "packages/frames/package.json": '{"name": "frames", "scripts": {"test": "vitest run", "test-watch": "vitest"}}',
        "packages/frames/src/index.ts": "export const frames = 1;\n",
    }
    learned = bodies(make_project, files, "frames")
    assert "`pnpm test-watch`" not in learned["workflow/test"], learned["workflow/test"]
    assert "changeset" not in learned.get("workflow/docs", ""), learned.get("workflow/docs")


def test_an_adr_reads_its_status_table_and_decision_subsections_without_tables_diagrams_or_template(make_project):
    header = "| Status | Date | Author(s) |\n|:--|:--|:--|\n| {status} | 2025-01-19 | [@dev](https://x) |\n\n"
    outbox = (
        header.format(status="Superseded by [ADR-011](011-outbox.md)")
        + "## Context\n\nWe dropped Kafka.\n\n```mermaid\nflowchart LR\n  A --> B\n```\n\n"
        "### Possible solutions\n\n#### A: Use an outbox table\n\nA table.\n\n#### B: Use logical replication\n\nWAL.\n\n"
        "## Decision\n\nWe propose to follow option [B](#b-logical-replication), because an outbox is overhead.\n\n"
        "TODO: Update with final decision.\n"
    )
    spec_first = (
        header.format(status="Accepted") + "## Context\n\nVersion 1 of the API is inconsistent.\n\n"
        "## Decision\n\n### Going Spec-First\n\nGenerate code from an OpenAPI spec instead of the reverse.\n\n"
        "| Column | Type |\n|:--|:--|\n| ID | BIGINT |\n\n## Consequences\n\nMore tooling.\n"
    )
    files = {
        "README.md": "# Track\n",
        "docs/adr/000-template.md": "## Context\n\nWhat is the issue?\n\n## Decision\n\nWhat is the change?\n",
        "docs/adr/003-notification-publishing.md": outbox,
        "docs/adr/007-spec-first-api.md": spec_first,
        "docs/adr/011-outbox.md": header.format(status="Accepted") + "## Decision\n\nA transactional outbox.\n",
    }
    learned = bodies(make_project, files, "track")
    assert not any("000-template" in key for key in learned), sorted(learned)
    old = learned["decision/adr/docs/adr/003-notification-publishing.md"]
    assert "Status: Superseded by ADR-011." in old and "option B (Use logical replication), because" in old, old
    assert "mermaid" not in old and "TODO" not in old and "](#" not in old, old
    spec = learned["decision/adr/docs/adr/007-spec-first-api.md"]
    assert "Status: Accepted." in spec and "Decision: Generate code from an OpenAPI spec" in spec, spec
    assert "BIGINT" not in spec and "Going Spec-First" not in spec, spec


def test_gofumpt_keeps_the_extra_rules_its_make_target_runs(make_project):
    makefile = "format: install-gofumpt ## Format source code\n\t@gofumpt -extra -w .\n\ninstall-gofumpt:\n\t@true\n"
    files = {"go.mod": "module example.com/ci\n\ngo 1.22\n", "main.go": "package main\n\nfunc main() {}\n",
             "Makefile": makefile}  # fmt: skip
    learned = bodies(make_project, files, "ci")
    assert "`gofumpt -extra -w .`" in learned["style/go"], learned["style/go"]


def test_an_extern_folder_is_vendored_code(make_project):
    files = {
        "pyproject.toml": '[project]\nname = "sun"\nversion = "1.0"\n',
        "sun/__init__.py": "",
        "sun/map.py": "def plot():\n    pass\n" * 20,
        "sun/extern/__init__.py": "",
        "sun/extern/inflect.py": "def plural():\n    pass\n" * 400,
    }
    learned = bodies(make_project, files, "sun")
    assert "inflect" not in learned["layout/source"], learned["layout/source"]


CMAKE_C = "cmake_minimum_required(VERSION 3.10)\nproject(sniff C)\nadd_executable(sniff src/main.c)\n"


def test_cmake_test_programs_left_out_of_the_build_are_built_before_ctest(make_project):
    tests = (
        "enable_testing()\nadd_custom_target( tests )\nforeach(i 001 002 003)\n"
        "  add_executable( test_${i} EXCLUDE_FROM_ALL tests/test_${i}.c )\n"
        "  add_test( NAME test_${i} COMMAND test_${i} )\n  add_dependencies( tests test_${i} )\nendforeach()\n"
    )
    files = {"CMakeLists.txt": CMAKE_C + tests, "src/main.c": "int main(void) { return 0; }\n",
             **{f"tests/test_{i}.c": "int main(void) { return 0; }\n" for i in ("001", "002", "003")}}  # fmt: skip
    learned = bodies(make_project, files, "sniff")
    assert (
        "`cmake -S . -B build && cmake --build build && cmake --build build --target tests && ctest --test-dir build"
        in learned["workflow/test"]
    ), learned["workflow/test"]


def test_a_folder_named_readme_of_guides_and_screenshots_is_not_binary_files(make_project):
    files = {
        "README.md": "# Notes\n",
        "readme/LinuxBuild.md": "# Building on Linux\n",
        "readme/MacBuild.md": "# Building on macOS\n",
        **{f"readme/shot{i}.png": b"\x89PNG\r\n\x1a\n\0\0" for i in range(6)},
        "src/main.c": "int main(void) { return 0; }\n",
    }
    learned = bodies(make_project, files, "notes")
    assert "binary files" not in learned["layout/folders"], learned["layout/folders"]


def test_a_folder_of_plain_text_files_is_not_documentation(make_project):
    files = {
        "README.md": "# Flash\n",
        "meson.build": "project('flash', 'c')\n",
        "src/main.c": "int main(void) { return 0; }\n",
        "meson_cross/i386_libpayload.txt": "[binaries]\nc = 'i386-elf-gcc'\n",
        "meson_cross/i586_djgpp_dos.txt": "[binaries]\nc = 'i586-pc-msdosdjgpp-gcc'\n",
        "guides/building.md": "# Building\n",
        "guides/notes.txt": "Notes.\n",
    }
    learned = bodies(make_project, files, "flash")
    assert "meson_cross/ (documentation" not in learned["layout/folders"], learned["layout/folders"]
    assert "guides/ (documentation" in learned["layout/folders"], learned["layout/folders"]


def test_composer_programs_are_run_from_the_vendor_dir_composer_json_sets(make_project):
    composer = json.dumps(
        {"name": "acme/billing", "require-dev": {"pestphp/pest": "^3"}, "config": {"vendor-dir": "src/vendor"}}
    )
    files = {"composer.json": composer, "src/Billing.php": "<?php\nfinal class Billing {}\n",
             "tests/Unit/BillingTest.php": "<?php\nit('bills', fn () => expect(1)->toBe(1));\n"}  # fmt: skip
    learned = bodies(make_project, files, "billing")
    assert "`src/vendor/bin/pest`" in learned["workflow/test"], learned["workflow/test"]
    assert "`vendor/bin/pest" not in learned["workflow/test"], learned["workflow/test"]


def test_a_hidden_program_that_is_no_test_leaves_the_test_command_alone(make_project):
    hidden = (
        "enable_testing()\nadd_test(NAME smoke COMMAND sniff)\n"
        "add_executable(\n        all_headers\n        EXCLUDE_FROM_ALL\n        src/all.c\n)\n"
    )
    files = {"CMakeLists.txt": CMAKE_C + hidden, "src/main.c": "int main(void) { return 0; }\n",
             "src/all.c": "int all(void) { return 0; }\n"}  # fmt: skip
    learned = bodies(make_project, files, "sniff2")
    assert "all_headers" not in learned["workflow/test"], learned["workflow/test"]
