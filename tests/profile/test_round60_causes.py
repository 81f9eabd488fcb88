"""Causes found in the sixtieth round: a contributor guide's tables and the items that finish a description read
as rules."""

from __future__ import annotations

import json

from tests.profile.learned import bodies, commit_conventions, repo_bodies, workflow

PY_LIB = {"pyproject.toml": "[project]\nname = 'kiln'\nversion = '1'\n", "kiln/__init__.py": "x = 1\n"}


def test_a_guides_label_table_is_no_rule_and_its_branch_rules_stay(make_project):
    guide = (
        "# Contributing\n\n## Branches\n\n- All pull requests should be sent to the main branch.\n\n"
        "## Labels\n\nThis section lists the labels we use to track pull requests.\n\n"
        "### Pull Request Labels\n\n| Label name | Description |\n|---|---|\n"
        "| `work-in-progress` | Pull requests which are still being worked on, more changes will follow. |\n"
        "| `needs-review` | Pull requests which should be reviewed before they are merged. |\n"
    )
    rules = bodies(make_project, PY_LIB | {"CONTRIBUTING.md": guide}, "kiln")["rules/CONTRIBUTING.md"]
    assert "All pull requests should be sent to the main branch" in rules
    assert "|" not in rules and "work-in-progress" not in rules, rules


def test_the_items_that_finish_a_description_are_no_rules(make_project):
    guide = (
        "# Contributing\n\n## Documentation\n\nPlease add docstrings to your code.\n\n"
        "I write docstrings first. Good docstrings include information like:\n\n"
        "1. If not obvious, what is the intended use-case? When should this function be used?\n"
        "2. What happens during errors and edge cases.\n"
        "3. When dealing with physical values, include units.\n\n"
        "## Style\n\nHere are some guidelines:\n\n* Use f-strings for string formatting.\n* Do not use `os.path`.\n"
    )
    rules = bodies(make_project, PY_LIB | {"CONTRIBUTING.md": guide}, "kiln")["rules/CONTRIBUTING.md"]
    assert "Please add docstrings to your code" in rules
    assert "What happens during errors" not in rules and "include units" not in rules, rules
    assert "Use f-strings" in rules and "Do not use `os.path`" in rules, rules


def test_a_prepare_script_that_compiles_is_the_build(make_project):
    pkg = {"name": "envcheck", "scripts": {"prepare": "tsc", "tsc": "tsc --noEmit", "test": "vitest run"},
           "devDependencies": {"typescript": "^5", "vitest": "^3"}}  # fmt: skip
    files = {"package.json": json.dumps(pkg), "package-lock.json": "{}", "src/index.ts": "export const a = 1;\n",
             "tsconfig.json": '{"compilerOptions": {"outDir": "dist"}}\n', "tests/a.test.ts": "test('a', () => {});\n"}  # fmt: skip
    learned = bodies(make_project, files, "envcheck")
    assert learned["workflow/build"].startswith("To build: `npm run prepare` (tsc)"), learned.get("workflow/build")


def test_a_prepare_script_that_installs_hooks_is_no_build(make_project):
    pkg = {"name": "envcheck", "scripts": {"prepare": "husky", "test": "vitest run"},
           "devDependencies": {"husky": "^9", "vitest": "^3"}}  # fmt: skip
    files = {"package.json": json.dumps(pkg), "package-lock.json": "{}", "src/index.js": "export const a = 1;\n",
             "tests/a.test.js": "test('a', () => {});\n"}  # fmt: skip
    assert "workflow/build" not in bodies(make_project, files, "envcheck")


def test_type_prefixes_written_without_a_space_are_conventional_commits_and_said_so(make_project):
    subjects = ["update test-hypothesis", "Remove quit command"] * 3
    subjects += ["chore:update deps", "fix:comment hypothesis debug", "feat:ACL commands", "fix:topk unstable test"] * 2
    conventions = commit_conventions(make_project, "fakecache", subjects)
    assert conventions.startswith("Commit messages: Conventional Commits ("), conventions
    assert "no space after the colon, as in `fix:topk unstable test`" in conventions


def test_ten_newest_refactor_and_chore_subjects_are_conventional_commits_lately(make_project):
    older = ["Start a 0.9 cycle", "Update lint workflow", "Keep yarn 1", "Do not connect to local networks"] * 8
    older += ["fix(test): stabilize tests", "feat(dev): run tests in parallel"]
    newest = ["refactor(publisher): remove modal", "chore(json): drop backend", "refactor: drop rack-ssl",
              "chore(cookies): switch serializer"] * 2 + ["refactor(services): remove twitter", "chore: tidy"]  # fmt: skip
    conventions = commit_conventions(make_project, "federation", older + newest)
    assert conventions.startswith("Commit messages: Conventional Commits lately (10 of the newest 10"), conventions


def test_a_list_of_differences_keeps_its_rules_when_half_of_them_say_so(make_project):
    guide = (
        "# Contributing\n\n## Tests\n\nEvery change must come with a test.\n\n"
        "## Pull requests\n\nNotable differences for this project are:\n\n"
        "* For code style, we broadly follow the BSD style guide\n"
        "* Regarding commit messages, we are usually less strict\n"
        "* The repository uses a linear history, so all changes are rebased on top of the upstream head always.\n"
        "  When your PR can no longer be merged, rebase it and force-push your changes.\n"
        "* For testing, the whole test suite should pass\n"
    )
    rules = bodies(make_project, PY_LIB | {"CONTRIBUTING.md": guide}, "kiln")["rules/CONTRIBUTING.md"]
    assert "rebase it and force-push" in rules and "the whole test suite should pass" in rules, rules


def test_an_agent_files_avoid_lead_and_long_heading_stay_over_their_items(make_project):
    agents = (
        "# AGENTS.md\n\n## Compatibility\n\n- Keep changes narrowly scoped.\n\nThe SDK supports PHP 7.2.\n\n"
        "In practice, avoid:\n\n- union types\n- constructor property promotion\n\n"
        "### Binary-incompatible changes (avoid without a semver-major release)\n"
        "- Removing or renaming public methods or classes\n- Adding required parameters to public methods\n"
    )
    rules = bodies(make_project, PY_LIB | {"AGENTS.md": agents}, "kiln")["rules/AGENTS.md"]
    assert "In practice, avoid:\n- union types\n- constructor property promotion" in rules, rules
    assert "(avoid without a semver-major release):\n- Removing or renaming" in rules, rules
    assert "(no section)" not in rules


def test_a_ci_step_inside_a_tool_built_under_tmp_is_no_project_command(make_project):
    ci = workflow("cd /tmp/lua-5.4.3 && make test", "cmake -S . -B build && cmake --build build",
                  "cd build && ctest --output-on-failure")  # fmt: skip
    files = {"CMakeLists.txt": "project(wm C)\nenable_testing()\nadd_test(NAME a COMMAND a)\n", "src/wm.c": "int a;\n",
             ".github/workflows/ci.yml": ci}  # fmt: skip
    test = bodies(make_project, files, "wm")["workflow/test"]
    assert "/tmp/lua" not in test and "ctest" in test, test


TOX = (
    "[tox]\nenvlist = py312\n\n[testenv]\ndeps = pytest\ncommands = pytest {posargs}\n\n"
    "[testenv:pre-commit]\nskip_install = true\ndeps = pre-commit\ncommands =\n    pre-commit {posargs:--help}\n\n"
    "[testenv:pre-commit-run]\nskip_install = true\ndeps = pre-commit\ncommands =\n"
    "    pre-commit run {posargs} --all-files\n"
)
HOOKS = "repos:\n- repo: https://github.com/astral-sh/ruff-pre-commit\n  rev: v0.6.0\n  hooks:\n  - id: ruff\n  - id: ruff-format\n"


def test_tox_envs_that_print_help_run_a_missing_hook_or_pick_environments_are_no_commands(make_project):
    guide = (
        "# Development\n\n## Format\n\nFormat with `tox -e pre-commit-run -- black`.\n\n"
        "## Tests\n\nRun one environment list with `tox -m <ENVLIST>`.\n"
    )
    files = PY_LIB | {"tox.ini": TOX, ".pre-commit-config.yaml": HOOKS, "CONTRIBUTING.md": guide,
                      "tests/test_a.py": "def test_a():\n    pass\n"}  # fmt: skip
    learned = bodies(make_project, files, "kiln")
    assert "tox -e pre-commit`" not in learned.get("workflow/lint", ""), learned.get("workflow/lint")
    assert "-- black" not in learned.get("workflow/format", ""), learned.get("workflow/format")
    assert "tox -m" not in learned.get("workflow/test-one", ""), learned.get("workflow/test-one")


def test_a_pom_that_only_sorts_imports_says_so(make_project):
    pom = (
        "<project><artifactId>sock</artifactId><build><plugins><plugin><groupId>net.revelc.code</groupId>"
        "<artifactId>impsort-maven-plugin</artifactId></plugin></plugins></build></project>"
    )
    files = {"pom.xml": pom, "src/main/java/io/Sock.java": "class Sock {}\n"}
    fmt = bodies(make_project, files, "sock")["workflow/format"]
    assert fmt.startswith("To format: `mvn impsort:sort` (sorts the imports only)"), fmt


def test_a_readmes_prepare_script_is_no_way_to_run_the_project(make_project):
    pkg = {"name": "content", "scripts": {"dev": "nuxt dev playground", "dev:prepare": "nuxt prepare playground"},
           "devDependencies": {"nuxt": "^4"}}  # fmt: skip
    readme = "# Content\n\n## Development\n\n- Prepare using `pnpm dev:prepare`\n- Try playground using `pnpm dev`\n"
    files = {"package.json": json.dumps(pkg), "pnpm-lock.yaml": "", "README.md": readme, "src/a.ts": "export {};\n"}
    run = bodies(make_project, files, "content")["workflow/run"]
    assert run.startswith("To run: `pnpm dev`") and "dev:prepare" not in run, run


def test_a_ci_gradle_run_in_the_sample_project_and_an_ios_test_task_are_not_the_projects_commands(make_project):
    ci = workflow("./gradlew -p sample build --parallel", "./gradlew iosX64Test --parallel", "./gradlew jvmTest")
    files = {"settings.gradle": "rootProject.name = 'sql'\n", "build.gradle": "plugins { id 'java' }\n",
             "src/main/java/io/Sql.java": "class Sql {}\n", "src/test/java/io/SqlTest.java": "class SqlTest {}\n",
             "sample/build.gradle": "plugins { id 'java' }\n", ".github/workflows/ci.yml": ci, "gradlew": "#!/bin/sh\n"}  # fmt: skip
    learned = bodies(make_project, files, "sql")
    assert "-p sample" not in learned.get("workflow/build", ""), learned.get("workflow/build")
    assert "iosX64Test" in learned["workflow/test"], learned["workflow/test"]
    assert not learned["workflow/test"].startswith("To test: `./gradlew iosX64Test"), learned["workflow/test"]


CARGO = "[package]\nname = 'spinlock'\nversion = '0.1.0'\nedition = '2021'\n"


def test_a_crate_that_denies_missing_docs_asks_for_documented_public_items(make_project):
    lib = "#![no_std]\n#![deny(missing_docs)]\n\n//! Spin locks.\n\n/// A lock.\npub struct Lock;\n"
    config = bodies(make_project, {"Cargo.toml": CARGO, "src/lib.rs": lib}, "spinlock")["rules/config"]
    assert "Public items are documented: `#![deny(missing_docs)]` (src/lib.rs) fails the build" in config, config


def test_one_workspace_crate_of_many_that_warns_on_missing_docs_sets_no_rule(make_project):
    files = {"Cargo.toml": "[workspace]\nmembers = ['crates/*']\n"}
    for name in ("a", "b", "c"):
        files[f"crates/{name}/Cargo.toml"] = CARGO.replace("spinlock", name)
        files[f"crates/{name}/src/lib.rs"] = ("#![warn(missing_docs)]\n" if name == "a" else "") + "pub fn f() {}\n"
    assert "missing_docs" not in bodies(make_project, files, "game").get("rules/config", "")


def test_a_rake_task_that_only_prints_is_no_command(make_project):
    rakefile = "desc 'Pretend to run the test suite'\ntask :test do\n  puts 'No tests yet' if verbose\nend\n"
    files = {"Rakefile": rakefile, "Gemfile": "source 'https://rubygems.org'\ngem 'rake'\n", "lib/snap.rb": "x = 1\n"}
    assert "rake test" not in bodies(make_project, files, "snap").get("workflow/test", "")


def test_a_tox_env_that_builds_docs_is_the_docs_and_not_the_build(make_project):
    tox = ("[tox]\nenvlist = py312\n\n[testenv]\ncommands = pytest\n\n[testenv:build-docs]\ncommands = sphinx-build docs out\n\n"
           "[testenv:build-dists]\ncommands = python -m build\n")  # fmt: skip
    learned = bodies(make_project, PY_LIB | {"tox.ini": tox, "tests/test_a.py": "def test_a():\n    pass\n"}, "kiln")
    assert learned["workflow/build"].startswith("To build: `tox -e build-dists`"), learned["workflow/build"]
    assert "build-docs" not in learned["workflow/build"]


def test_a_git_alias_line_and_removing_the_hooks_are_no_commands(make_project):
    guide = (
        "# Contributing\n\n## Setup\n\nAdd these aliases to your git config:\n\n```\n[alias]\n"
        "\tgofmt = codereview gofmt\n```\n\n## Lint\n\nTo stop the hooks, run `pre-commit uninstall`.\n"
    )
    files = PY_LIB | {"CONTRIBUTING.md": guide, ".pre-commit-config.yaml": HOOKS}
    lint = bodies(make_project, files, "kiln")["workflow/lint"]
    assert "codereview" not in lint and "uninstall" not in lint, lint


def test_makes_force_target_is_no_task(make_project):
    makefile = "build: FORCE\n\tgo build ./...\n\ntest:\n\tgo test ./...\n\nFORCE: ;\n"
    files = {"go.mod": "module example.com/spire\n\ngo 1.22\n", "main.go": "package main\n\nfunc main() {}\n",
             "Makefile": makefile}  # fmt: skip
    tasks = bodies(make_project, files, "spire")["tasks/make"]
    assert "`make build`" in tasks and "FORCE" not in tasks, tasks


def test_a_clang_tidy_config_nothing_runs_is_said_to_be_configured_only(make_project):
    files = {".clang-tidy": "Checks: 'readability-*,bugprone-*'\n", "CMakeLists.txt": "project(viz CXX)\n",
             "src/a.cpp": "int a() { return 0; }\n"}  # fmt: skip
    tidy = bodies(make_project, files, "viz")["cpp/clang-tidy"]
    assert tidy.startswith(".clang-tidy configures clang-tidy (enabled: readability-*, bugprone-*)"), tidy
    assert tidy.endswith("no build file, CI workflow or guide runs it."), tidy


def test_an_agent_files_ban_in_quotes_drops_the_command_it_names(make_project):
    claude = '# CLAUDE.md\n\n## Rules\n\n- Do not "go build" binaries; use "go run ./cmd/cue" instead\n'
    files = {"go.mod": "module example.com/cue\n\ngo 1.22\n", "cmd/cue/main.go": "package main\n\nfunc main() {}\n",
             "CLAUDE.md": claude}  # fmt: skip
    assert "go build" not in bodies(make_project, files, "cue").get("workflow/build", "")


def test_a_release_bots_commits_set_no_convention(make_project):
    repo = make_project({"README.md": "# yoga\n", "src/a.ts": "export {};\n"}, name="yoga")
    for i in range(24):
        bot = i % 3 == 2 and i >= 12
        subject = f"chore(release): update monorepo packages {i}" if bot else f"Bump whatwg node server number {i}"
        repo.write({f"src/f{i}.ts": "export {};\n"})
        repo.git("add", "-A")
        repo.git("commit", "-q", f"--author={'TheGuildBot <bot@example.com>' if bot else 'Denis <d@example.com>'}",
                 "-m", subject)  # fmt: skip
    conventions = repo_bodies(repo)["git/conventions"]
    assert "Conventional Commits" not in conventions and "of the last 21" in conventions, conventions


def test_a_reusable_workflows_inputs_take_the_value_its_caller_passes(make_project):
    called = (
        "on:\n  workflow_call:\n    inputs:\n      features:\n        type: string\n        default: ''\n"
        "jobs:\n  rust:\n    runs-on: ubuntu-latest\n    steps:\n      - uses: actions/checkout@v4\n"
        "      - run: cargo clippy --all-targets --features ${{ inputs.features }} --no-default-features\n"
    )
    caller = (
        "on: [push, pull_request]\njobs:\n  build:\n    uses: ./.github/workflows/_build-rust.yml\n"
        "    with:\n      features: builder\n"
    )
    files = {"Cargo.toml": CARGO, "src/lib.rs": "pub fn f() {}\n", ".github/workflows/_build-rust.yml": called,
             ".github/workflows/rust.yml": caller}  # fmt: skip
    lint = bodies(make_project, files, "spinlock")["workflow/lint"]
    assert lint.startswith("To lint: `cargo clippy --all-targets --features builder --no-default-features`"), lint


def test_a_pom_whose_source_folder_is_missing_makes_no_jvm_project(make_project):
    pom = "<project><artifactId>syslog</artifactId><build><sourceDirectory>java</sourceDirectory></build></project>"
    files = {"pom.xml": pom, "configure.ac": "AC_INIT([syslog], [1])\n", "Makefile.am": "SUBDIRS = tools\n",
             "tools/syslogd.c": "int main(void) { return 0; }\n"}  # fmt: skip
    learned = bodies(make_project, files, "syslog")
    assert "jvm/packaging" not in learned and "mvn" not in learned.get("workflow/build", ""), learned.get(
        "workflow/build"
    )


def test_a_default_make_target_that_only_prints_builds_nothing(make_project):
    makefile = ('stub:\n\t@echo "Do not run $(MAKE) directly without any arguments."\n\n'
                "release:\n\tcmake -S . -B ./build\n\tcmake --build ./build\n")  # fmt: skip
    files = {"Makefile": makefile, "CMakeLists.txt": "project(wm CXX)\nadd_executable(wm src/main.cpp)\n",
             "src/main.cpp": "int main() { return 0; }\n"}  # fmt: skip
    build = bodies(make_project, files, "wm")["workflow/build"]
    assert not build.startswith("To build: `make`"), build


def test_a_composer_script_that_clears_caches_is_no_type_check(make_project):
    composer = {"name": "bear/sunday", "require-dev": {"phpstan/phpstan": "^1"},
                "scripts": {"clean": ["./vendor/bin/phpstan clear-result-cache", "./vendor/bin/psalm --clear-cache"],
                            "sa": ["./vendor/bin/phpstan analyse -c phpstan.neon"]}}  # fmt: skip
    files = {"composer.json": json.dumps(composer), "src/A.php": "<?php\nclass A {}\n", "phpstan.neon": "parameters:\n"}
    typecheck = bodies(make_project, files, "sunday")["workflow/typecheck"]
    assert typecheck.startswith("To type-check: `composer sa`") and "composer clean" not in typecheck, typecheck


def test_the_median_subject_length_is_the_newest_fifty_commits(make_project):
    subjects = ["Rework the whole storage layer to use the new page cache everywhere"] * 70 + ["Fix a typo"] * 50
    subjects = [f"{s} {i}" for i, s in enumerate(subjects)]
    conventions = commit_conventions(make_project, "gleamy", subjects)
    assert "median subject length 13 characters" in conventions, conventions


def test_missing_docs_inside_a_multi_line_deny_list_counts(make_project):
    lib = "#![deny(\n    clippy::all,\n    missing_debug_implementations,\n    missing_docs,\n)]\n\npub fn f() {}\n"
    config = bodies(make_project, {"Cargo.toml": CARGO, "src/lib.rs": lib}, "spinlock")["rules/config"]
    assert "`#![deny(missing_docs)]` (src/lib.rs)" in config, config
