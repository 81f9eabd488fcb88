"""Round twenty-four of general fixes (issue 17), from the causes of the twenty-third held-out set: a test
runner's snapshots, oxlint and TypeDoc, uv's dependency groups, tox's env from CI's matrix, a stale make target, a
tracked folder an ignore rule names, Go's tests in their own package, Gradle modules built by `<name>.gradle`, a
changelog its maintainer adds to in pull requests, Pest, a style bot and a list of ways to help."""

from __future__ import annotations

from picasso_tui.profile.investigator import investigate
from tests.profile.learned import bodies


def test_a_test_runners_snapshots_are_neither_source_nor_tests(make_project):
    package = (
        '{"name": "lru-cache", "scripts": {"test": "tap", "pretest": "tsc", "lint": "oxlint --fix src test",'
        ' "typedoc": "typedoc ./src/*.ts"}, "devDependencies": {"tap": "^21", "oxlint": "^1", "prettier": "^3",'
        ' "typedoc": "^0.28", "typescript": "^5"}}\n'
    )
    files = {"package.json": package, "package-lock.json": "{}\n", "tsconfig.json": "{}\n",
             "src/index.ts": "export const a = 1\n" * 40,
             **{f"test/t{i}.ts": "import t from 'tap'\n" for i in range(4)},
             **{f"tap-snapshots/test/t{i}.ts.test.cjs": "exports[`a`] = `b`\n" * 400 for i in range(4)}}  # fmt: skip
    learned = bodies(make_project, files, name="node-lru-cache")
    assert "JavaScript" not in learned["languages"]
    assert (
        "tap-snapshots" not in str(learned) and "test/ (tests, mostly TypeScript, 4 files)" in learned["layout/folders"]
    )
    assert learned["workflow/test-one"].startswith("To run one test: `npm test -- test/t")  # pretest builds first
    assert "Lint and format: oxlint, Prettier" in learned["javascript/stack"]
    assert learned["workflow/docs"].startswith("To build or preview the docs: `npm run typedoc`")


def _uv_project(groups: str) -> dict[str, str]:
    pyproject = f'[project]\nname = "semver"\n[build-system]\nrequires = ["setuptools"]\n{groups}'
    return {"pyproject.toml": pyproject, "uv.lock": "version = 1\n", "src/semver/__init__.py": "X = 1\n"}


def test_uv_sync_names_the_groups_the_tools_live_in(make_project):
    gathered = '[dependency-groups]\ntest = ["pytest"]\ndocs = ["sphinx"]\ndevel = [{include-group = "test"}]\n'
    assert bodies(make_project, _uv_project(gathered), name="a")["workflow/install"].startswith(
        "To install: `uv sync --group devel`"
    )
    scattered = '[dependency-groups]\ntest = ["pytest"]\nlint = ["ruff"]\n'
    assert bodies(make_project, _uv_project(scattered), name="b")["workflow/install"].startswith(
        "To install: `uv sync --all-groups`"
    )
    default = '[dependency-groups]\ndev = ["pytest"]\ndocs = ["sphinx"]\n'
    assert bodies(make_project, _uv_project(default), name="c")["workflow/install"].startswith(
        "To install: `uv sync` "
    )  # uv installs the dev group by itself


def test_tox_run_for_cis_python_and_an_install_step_are_not_test_commands(make_project):
    workflow = (
        "on: [push, pull_request]\njobs:\n  tests:\n    strategy:\n      matrix:\n"
        '        python-version: ["3.12", "3.13"]\n        session: [docs, "tests-3.14(format)"]\n    steps:\n'
        "      - run: |\n          uv sync --all-extras --dev\n          uv pip install tox tox-gh-actions\n"
        "      - run: uv run tox run -e ${{ matrix.python-version }}\n      - run: uv run tox run -e checks\n"
        "      - run: uv run tox run -e docs-doctests,changelog\n"
        '      - run: uvx nox -s "${{ matrix.session }}"\n'
        "      - run: uv run tox run --installpkg dist/*.whl -e $PYTHON-tests\n"
        "      - run: tox run -f ${PYTHON}-mypy\n"
        "  publish:\n    if: startsWith(github.ref, 'refs/tags/')\n    steps:\n      - run: uv publish\n"
    )
    files = _uv_project("") | {".github/workflows/ci.yml": workflow, "tests/test_a.py": "def test_a():\n    pass\n"}
    files["tox.ini"] = "[tox]\nenv_list = py312\n"  # what CI's tox reads
    learned = bodies(make_project, files, name="semver")
    assert learned["ci"].startswith(
        "CI (GitHub Actions) on a push or pull request: .github/workflows/ci.yml (jobs tests and 1 more, matrix "
    )  # the release job is not a change's, and it is counted
    runs = learned["ci"].split(" runs ", 1)[1]
    assert runs.startswith("`uv run tox run -e <python-version>`, `uv run tox run -e checks`, ")  # versions: no env
    assert "`uvx nox -s 'tests-3.14(format)'`" in runs  # a shell word as the shell reads it
    assert "`uv run tox run --installpkg dist/*.whl -e <env>`" in runs  # an env only CI knows, said to vary
    assert runs.endswith(" and other commands."), "seven checks: the six shown include every test run"
    assert "`uvx nox -s docs`" not in runs, "the docs build gives way to the test runs"
    assert "`tox run -f <factor>`" in learned["workflow/test"]
    assert "uv pip install" not in runs and "`uv run tox run`" not in runs
    assert "workflow/format" not in learned  # a test session with the format extra formats nothing
    assert "docs-doctests" not in learned["workflow/test"] and "docs-doctests" in learned["workflow/docs"]


def test_a_make_target_that_runs_a_missing_script_is_left_out(make_project):
    files = _uv_project("") | {"Makefile": "sdist:\n\tpython setup.py sdist\n\nlint:\n\truff check\n"}
    learned = bodies(make_project, files, name="semver")
    assert learned["tasks/make"] == "Makefile targets: `make lint`."  # there is no setup.py to run


def test_a_tracked_folder_an_ignore_rule_names_is_the_projects(make_project):
    repo = make_project(
        {
            "go.mod": "module github.com/o/tablewriter\n\ngo 1.21\n",
            "table.go": "package tablewriter\n",
            "table_test.go": "package tablewriter\n",
            ".gitignore": "*csv2table\n",
            **{f"tests/t{i}_test.go": "package tests\n" for i in range(4)},
        },
        name="tablewriter",
    )
    repo.write({"cmd/csv2table/csv2table.go": "package main\n\nfunc main() {}\n"})
    repo.git("add", "-f", "cmd/csv2table/csv2table.go")  # tracked although `*csv2table` names its binary
    repo.commit("add the command")
    learned = {f.key: f.body for f in investigate(repo.root)[1]}
    assert "a library with commands under cmd/ (cmd/csv2table)" in learned["go/stack"]
    assert learned["workflow/test-one"].startswith("To run one test: `go test ./... -run <TestName>`")


def test_gradle_modules_built_by_a_file_named_like_their_folder(make_project):
    settings = "include 'hamcrest',\n        'hamcrest-core'\n\nrootProject.name = 'JavaHamcrest'\n"
    files = {"settings.gradle": settings, "build.gradle": "plugins { id 'java-library' }\n", "gradlew": "#!/bin/sh\n",
             "hamcrest/hamcrest.gradle": "dependencies {}\n", "hamcrest-core/hamcrest-core.gradle": "dependencies {}\n",
             "hamcrest/src/main/java/org/hamcrest/Matcher.java": "interface Matcher {}\n"}  # fmt: skip
    assert "2 modules: hamcrest, hamcrest-core" in bodies(make_project, files, name="JavaHamcrest")["jvm/packaging"]


def test_a_changelog_its_maintainer_adds_to_in_pull_requests_is_not_kept_apart(make_project):
    repo = make_project({"CHANGES.md": "# Changes\n\n## Version 3.1 (Unreleased)\n\n- Start.\n", "a.py": "\n"})
    for i in range(5):  # others change the code
        repo.write({f"g{i}.py": "\n"})
        repo.git("add", "-A")
        repo.git("commit", "-q", f"--author=Coder {i} <c{i}@example.com>", "-m", f"Tidy {i}")
    for i in range(12):  # the maintainer's own pull requests bring their entries
        repo.write({"CHANGES.md": f"# Changes\n\n## Version 3.1 (Unreleased)\n\n- Change {i}.\n"})
        repo.git("add", "-A")
        repo.git(
            "commit", "-q", "--author=Joe <j@example.com>", "-m", f"Change {i}" + (f" (#{400 + i})" if i % 3 else "")
        )
    rule = next(f.body for f in investigate(repo.root)[1] if f.key == "rules/changelog")
    assert "kept by" not in rule and "a pull request does not add to it" not in rule


def test_phpunit_is_not_offered_for_pest_tests_and_a_style_bot_is_said(make_project):
    composer = '{"name": "spatie/array-to-xml", "require-dev": {"pestphp/pest": "^3"}, "scripts": {"test": "vendor/bin/pest"}}\n'
    bot = (
        "name: Check & fix styling\non: [push]\njobs:\n  php-cs-fixer:\n    runs-on: ubuntu-latest\n    steps:\n"
        "      - uses: docker://oskarstark/php-cs-fixer-ga\n"
        "      - uses: stefanzweifel/git-auto-commit-action@v7\n        with:\n          commit_message: Fix styling\n"
    )
    files = {"composer.json": composer, "src/ArrayToXml.php": "<?php class ArrayToXml {}\n",
             "tests/ArrayToXmlTest.php": "<?php it('converts', function () {});\n",
             "README.md": "# array-to-xml\n\n## Testing\n\n```bash\nvendor/bin/phpunit\n```\n",
             ".github/workflows/php-cs-fixer.yml": bot}  # fmt: skip
    learned = bodies(make_project, files, name="array-to-xml")
    assert "phpunit" not in learned["workflow/test"] and "`composer test`" in learned["workflow/test"]
    assert learned["ci"] == (
        "CI (GitHub Actions) on pushes only (not on pull requests): .github/workflows/php-cs-fixer.yml "
        "(jobs php-cs-fixer) commits the fixes it makes."
    )


def test_a_list_of_ways_to_help_is_no_rule(make_project):
    readme = (
        "# strong_migrations\n\n## Contributing\n\nEveryone is encouraged to help improve this project. Here are a few"
        " ways you can help:\n\n- Report bugs\n- Write, clarify, or fix documentation\n- Suggest or add new features\n"
        "\nYou must add a test for every new check.\n"
    )
    learned = bodies(make_project, {"README.md": readme, "lib/strong_migrations.rb": "module S; end\n"})
    assert learned["rules/README.md"] == (
        "Contributor notes in README.md (Contributing section):\nContributing:\n- You must add a test for every new check."
    )


def test_the_licence_header_a_build_step_enforces_is_a_rule(make_project):
    hook = (
        "repos:\n- repo: https://github.com/Lucas-C/pre-commit-hooks\n  hooks:\n  - id: insert-license\n"
        "    files: '^src/.+\\.py$'\n    args: ['--license-filepath', 'LICENSE-HEADER']\n"
    )
    files = {".pre-commit-config.yaml": hook, "LICENSE-HEADER": "SPDX-License-Identifier: MIT\n",
             "pyproject.toml": '[project]\nname = "tomli"\n', "src/tomli/__init__.py": "X = 1\n"}  # fmt: skip
    assert (
        "- Every source file starts with the licence header in LICENSE-HEADER (the `insert-license` pre-commit"
        in (bodies(make_project, files, name="tomli")["rules/config"])
    )
    pom = (
        "<project><artifactId>easy-random</artifactId><build><plugins><plugin><groupId>com.mycila</groupId>"
        "<artifactId>license-maven-plugin</artifactId><configuration><header>licence-header-template.txt</header>"
        "</configuration></plugin></plugins></build></project>\n"
    )
    files = {"pom.xml": pom, "licence-header-template.txt": "MIT\n", "src/main/java/a/A.java": "class A {}\n"}
    assert (
        "Every source file starts with the licence header in licence-header-template.txt (license-maven-plugin in "
        "pom.xml enforces it)." in bodies(make_project, files, name="easy-random")["rules/config"]
    )


def test_coverage_thresholds_of_simplecov_and_bnt(make_project):
    helper = "require 'simplecov'\nSimpleCov.start do\n  minimum_coverage line: 100, branch: 100\nend\n"
    files = {"http.gemspec": "Gem::Specification.new { |s| s.name = 'http' }\n", "lib/http.rb": "module HTTP; end\n",
             "test/support/simplecov.rb": helper}  # fmt: skip
    assert (
        "Test coverage must stay at 100% (`minimum_coverage line: 100` in test/support/simplecov.rb)."
        in (bodies(make_project, files, name="http")["rules/config"])
    )
    package = '{"name": "nanoid", "scripts": {"test:coverage": "bnt --coverage 100 --coverage-exclude \'test/*\'"}}\n'
    files = {"package.json": package, "index.js": "export const nanoid = 1\n"}
    assert (
        "Test coverage must stay at 100% (`--coverage 100` in package.json)."
        in (bodies(make_project, files, name="nanoid")["rules/config"])
    )


def test_a_plain_makefile_says_the_flags_it_compiles_with(make_project):
    makefile = (
        "all: sds-test\n\nsds-test: sds.c sds.h\n\t$(CC) -o sds-test sds.c -Wall -std=c99 -pedantic -O2\n\n"
        "strict: CFLAGS = -Werror\n"
    )
    files = {"Makefile": makefile, "sds.c": "int x;\n", "sds.h": "int y;\n"}
    learned = bodies(make_project, files, name="sds")
    assert learned["cpp/build"] == "C project: plain Makefile; compiled with -std=c99."
    assert learned["cpp/warnings"] == (
        "Compiler warnings: the Makefile compiles with -Wall -pedantic; new code should compile clean under them."
    )  # a target's own CFLAGS (`strict: CFLAGS = -Werror`) are not every build's


def test_a_called_workflow_runs_on_its_callers_events(make_project):
    caller = "on: [push, pull_request]\njobs:\n  test:\n    uses: ./.github/workflows/test.yml\n"
    called = "on: workflow_call\njobs:\n  unit-test:\n    steps:\n      - run: pnpm run test-unit\n"
    files = {".github/workflows/ci.yml": caller, ".github/workflows/test.yml": called,
             "package.json": '{"name": "core", "scripts": {"test-unit": "vitest"}}\n', "src/a.ts": "export {}\n"}  # fmt: skip
    ci = bodies(make_project, files, name="core")["ci"]
    # vue's test.yml runs on the pushes and pull requests ci.yml runs on, and only when ci.yml calls it
    assert ".github/workflows/test.yml (jobs unit-test), run when ci.yml calls it, runs `pnpm run test-unit`" in ci, ci
    assert "pushes only" not in ci


def test_a_command_named_by_the_jobs_env_is_that_command(make_project):
    workflow = (
        "on: [push, pull_request]\njobs:\n  test:\n    env:\n      CARGO: cargo\n      TARGET_FLAGS:\n    steps:\n"
        "      - run: ${{ env.CARGO }} test --verbose --workspace ${{ env.TARGET_FLAGS }}\n"
    )
    files = {".github/workflows/ci.yml": workflow, "Cargo.toml": '[package]\nname = "rg"\n', "src/main.rs": "\n"}
    assert "runs `cargo test --verbose --workspace`" in bodies(make_project, files, name="ripgrep")["ci"]
