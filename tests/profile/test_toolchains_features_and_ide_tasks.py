"""Causes found on set 41's run and by the judges of changed memories (issue 17, thirty-third round): nightly-only
rustfmt options, a darker hook, the features one cargo test needs, a `build:docs` script, an IDE's project task, and
a lint step CI lets fail."""

from __future__ import annotations

from tests.profile.learned import bodies

CARGO = '[package]\nname = "w"\nversion = "1.0.0"\nedition = "2021"\n'


def test_nightly_only_rustfmt_options_make_the_format_command_nightly(make_project):
    config = 'newline_style = "unix"\nunstable_features = true\ngroup_imports = "StdExternalCrate"\n'
    learned = bodies(make_project, {"Cargo.toml": CARGO, "src/lib.rs": "pub fn f() {}\n", "rustfmt.toml": config})
    assert learned["workflow/format"].startswith("To format: `cargo +nightly fmt` (its options need nightly rustfmt)")


def test_stable_rustfmt_options_keep_a_plain_cargo_fmt(make_project):
    config = "max_width = 100\nuse_field_init_shorthand = true\n"
    learned = bodies(make_project, {"Cargo.toml": CARGO, "src/lib.rs": "pub fn f() {}\n", "rustfmt.toml": config})
    assert learned["workflow/format"].startswith("To format: `cargo fmt`")


def test_a_build_docs_script_is_the_docs_command(make_project):
    package = (
        '{"name": "w", "version": "1.0.0", "scripts": {"test": "node --test", "build:docs": "node docs/build.js"}}'
    )
    learned = bodies(make_project, {"package.json": package, "index.js": "module.exports = 1\n",
                                    "test/a.test.js": "require('node:test')\n", "docs/build.js": "// build\n"})  # fmt: skip
    assert learned["workflow/docs"].startswith("To build or preview the docs: `npm run build:docs`")


def test_one_test_takes_the_features_the_suites_lead_command_turns_on(make_project):
    ci = (
        "name: CI\non: [push, pull_request]\njobs:\n  test:\n    runs-on: ubuntu-latest\n    steps:\n"
        "      - uses: actions/checkout@v4\n      - run: cargo test --all-features\n"
    )
    cargo = CARGO + "\n[features]\nserde = []\n"
    learned = bodies(make_project, {"Cargo.toml": cargo, "src/lib.rs": "pub fn f() {}\n",
                                    "tests/api.rs": "#[test]\nfn api() {}\n", ".github/workflows/ci.yml": ci})  # fmt: skip
    assert learned["workflow/test"].startswith("To test: `cargo test --all-features`")
    assert learned["workflow/test-one"].startswith("To run one test: `cargo test --all-features --test api`")


def test_a_darker_hook_formats_changed_lines_and_black_dot_is_not_offered(make_project):
    config = (
        "repos:\n  - repo: https://github.com/akaihola/darker\n    rev: 1.7.1\n    hooks:\n      - id: darker\n"
        "        args: [--isort]\n  - repo: https://github.com/pre-commit/pre-commit-hooks\n    rev: v4.4.0\n"
        "    hooks:\n      - id: trailing-whitespace\n"
    )
    pyproject = '[project]\nname = "w"\nversion = "1"\n\n[tool.black]\nline-length = 80\n'
    learned = bodies(make_project, {"pyproject.toml": pyproject, "src/w/__init__.py": "x = 1\n",
                                    ".pre-commit-config.yaml": config})  # fmt: skip
    assert "`pre-commit run darker --all-files`" in learned["workflow/format"]
    assert "`black .`" not in learned["workflow/format"], "black would reformat every file darker leaves alone"


def test_an_ide_project_task_is_never_the_install_command(make_project):
    guide = "# Contributing\n\n* Note the project uses *gradle*: when your Gradle install is ready, make your IDE project's files "
    guide += "(for example **`gradle idea`**).\n"
    learned = bodies(make_project, {"CONTRIBUTING.md": guide, "build.gradle": "plugins { id 'java' }\n",
                                    "settings.gradle": "rootProject.name = 'w'\n", "gradlew": "#!/bin/sh\n",
                                    "src/main/java/w/W.java": "package w; class W {}\n"})  # fmt: skip
    assert "gradle idea" not in learned.get("workflow/install", "")


def test_a_lint_step_ci_lets_fail_still_leads_the_lint_command(make_project):
    ci = (
        "name: CI\non: [push, pull_request]\njobs:\n  check:\n    runs-on: ubuntu-latest\n    steps:\n"
        "      - uses: actions/checkout@v4\n      - run: uv run tox run -e checks\n        continue-on-error: true\n"
    )
    tox = "[tox]\nenv_list = py312\n\n[testenv]\ncommands = pytest\n\n[testenv:checks]\ncommands = ruff check .\n"
    learned = bodies(make_project, {"pyproject.toml": '[project]\nname = "w"\nversion = "1"\n', "tox.ini": tox,
                                    "ruff.toml": "line-length = 100\n", "src/w/__init__.py": "x = 1\n",
                                    ".github/workflows/ci.yml": ci})  # fmt: skip
    assert learned["workflow/lint"].startswith("To lint: `uv run tox run -e checks` — from CI")


CI_ALL_FEATURES = (
    "name: CI\non: [push, pull_request]\njobs:\n  test:\n    runs-on: ubuntu-latest\n    steps:\n"
    "      - uses: actions/checkout@v4\n      - run: cargo test --all-features\n"
)
CARGO_LINTED = CARGO + '\n[features]\nserde = []\n\n[lints.clippy]\npedantic = "warn"\n'


def test_clippy_and_the_docs_take_the_features_the_suites_lead_command_turns_on(make_project):
    learned = bodies(make_project, {"Cargo.toml": CARGO_LINTED, "src/lib.rs": "pub fn f() {}\n",
                                    "README.md": "API docs: https://docs.rs/linted\n",
                                    ".github/workflows/ci.yml": CI_ALL_FEATURES})  # fmt: skip
    assert learned["workflow/lint"].startswith("To lint: `cargo clippy --all-features --all-targets`")
    assert learned["workflow/docs"].startswith("To build or preview the docs: `cargo doc --all-features")


def test_a_clippy_command_ci_writes_is_quoted_as_written(make_project):
    ci = CI_ALL_FEATURES + "      - run: cargo clippy -- -D warnings\n"
    learned = bodies(make_project, {"Cargo.toml": CARGO_LINTED, "src/lib.rs": "pub fn f() {}\n",
                                    ".github/workflows/ci.yml": ci})  # fmt: skip
    assert learned["workflow/lint"].startswith("To lint: `cargo clippy -- -D warnings` — from CI")


def _ci_steps(*runs: str) -> str:
    steps = "".join(f"      - run: {r}\n" for r in runs)
    return "name: CI\non: [push, pull_request]\njobs:\n  tests:\n    runs-on: ubuntu-latest\n    steps:\n" + steps


def test_the_phpunit_bridge_install_step_is_no_test_command(make_project):
    composer = '{"name": "w/w", "require": {"php": ">=8.1"}, "require-dev": {"symfony/phpunit-bridge": "^7"}}'
    ci = _ci_steps("vendor/bin/simple-phpunit install", "vendor/bin/simple-phpunit")
    learned = bodies(make_project, {"composer.json": composer, "src/W.php": "<?php\nclass W {}\n",
                                    "tests/WTest.php": "<?php\nclass WTest {}\n", ".github/workflows/ci.yml": ci})  # fmt: skip
    assert learned["workflow/test"].startswith("To test: `vendor/bin/simple-phpunit` — from CI")
    assert "simple-phpunit install" not in learned["workflow/test"]


def test_a_sonar_upload_is_taken_out_of_cis_maven_build(make_project):
    pom = "<project><modelVersion>4.0.0</modelVersion><groupId>w</groupId><artifactId>w</artifactId>"
    pom += "<version>1</version></project>"
    ci = _ci_steps("mvn -B verify org.sonarsource.scanner.maven:sonar-maven-plugin:sonar -Dsonar.projectKey=w")
    learned = bodies(make_project, {"pom.xml": pom, "src/main/java/w/W.java": "package w; class W {}\n",
                                    "src/test/java/w/WTest.java": "package w; class WTest {}\n",
                                    ".github/workflows/ci.yml": ci})  # fmt: skip
    assert learned["workflow/test"].startswith("To test: `mvn -B verify` — from CI")
    assert "sonar" not in learned["workflow/test"]


def test_a_gradle_demo_beside_a_maven_build_gives_no_source_set(make_project):
    pom = "<project><modelVersion>4.0.0</modelVersion><groupId>w</groupId><artifactId>parent</artifactId>"
    pom += "<version>1</version><packaging>pom</packaging><modules><module>core</module></modules></project>"
    learned = bodies(make_project, {
        "pom.xml": pom, "core/pom.xml": pom.replace("parent", "core").replace("<modules><module>core</module></modules>", ""),
        "core/src/main/java/w/W.java": "package w; class W {}\n", "core/src/test/java/w/WTest.java": "class WTest {}\n",
        "demo/gradle/plugin/src/main/kotlin/w/P.kt": "class P\n",
    })  # fmt: skip
    assert "sources in src/main/java," in learned["jvm/packaging"]
    assert "kotlin" not in learned["jvm/packaging"]


def test_a_guide_line_that_runs_a_script_package_json_lacks_is_outdated(make_project):
    guide = (
        "# Contributing\n\n## Patches\n\n- Add JSDoc annotations. You can run `npm run docs` to generate the HTML.\n"
    )
    guide += "- Run `npm run lint` before you push a change.\n"
    package = '{"name": "w", "version": "1.0.0", "scripts": {"test": "node --test", "lint": "eslint ."}}'
    rules = bodies(
        make_project, {"CONTRIBUTING.md": guide, "package.json": package, "index.js": "module.exports = 1\n"}
    )
    assert "npm run docs" not in rules["rules/CONTRIBUTING.md"], "the guide's docs script is gone"
    assert "`npm run lint` before you push" in rules["rules/CONTRIBUTING.md"]


def test_code_in_a_guide_keeps_its_stars_and_link_syntax(make_project):
    guide = "# Contributing\n\n## Style\n\n- Key functions take `methodkey(self, *args, **kwargs)` and are **pure**.\n"
    guide += "- Start each changelog entry with `[#123](https://github.com/w/w/pull/123): ` and your change.\n"
    rules = bodies(make_project, {"CONTRIBUTING.md": guide, "w.py": "x = 1\n"})["rules/CONTRIBUTING.md"]
    assert "`methodkey(self, *args, **kwargs)` and are pure." in rules
    assert "`[#123](https://github.com/w/w/pull/123): `" in rules


def test_a_changelog_line_names_its_section_and_keeps_its_wrapped_reference(make_project):
    changelog = "# Changelog\n\n## Unreleased\n\n### Removed\n\n- Python 3.8 and 3.9 support.\n\n### Added\n\n"
    changelog += "- Documented the precompiled mode in the README.\n  [#1412][]\n\n## 1.0.0\n\n### Fixed\n\n- A bug.\n"
    rule = bodies(make_project, {"CHANGELOG.md": changelog, "w.py": "x = 1\n"})["rules/changelog"]
    assert 'A line reads (under Removed): "Python 3.8 and 3.9 support."' in rule, "else it reads as support added"
    added = bodies(make_project, {"CHANGELOG.md": changelog.replace("- Python 3.8 and 3.9 support.\n", ""),
                                  "w.py": "x = 1\n"}, name="w2")["rules/changelog"]  # fmt: skip
    assert '"Documented the precompiled mode in the README. [#1412][]"' in added


def test_a_naming_one_test_file_in_many_follows_is_not_the_projects(make_project):
    java = "package w; class {} {{}}\n"
    files = {f"src/test/java/w/A{n}Test.java": java.format(f"A{n}Test") for n in range(12)}
    files |= {"src/test/java/w/RfcTests.java": java.format("RfcTests"), "src/main/java/w/W.java": java.format("W")}
    files |= {"pom.xml": "<project><modelVersion>4.0.0</modelVersion><artifactId>w</artifactId></project>"}
    learned = bodies(make_project, files)
    assert learned["layout/tests"].startswith("13 test files, named *Test.*;")
