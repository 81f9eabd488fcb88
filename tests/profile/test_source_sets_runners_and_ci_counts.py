"""Causes found on set 33's run (issue 17, thirty-first round): a test framework shipped as one file, a C library
with C++ tests, a benchmark source set beside src/main, a suite's entry script, CI checks that cannot fail, a
matrix-chosen Cargo feature, and habits the history has dropped."""

from __future__ import annotations

from picasso_tui.profile import commands, history
from picasso_tui.profile import rules as rules_module
from picasso_tui.profile.walk import is_vendored
from picasso_tui.profile.where_tests_live import is_test_folder
from tests.profile.learned import bodies

CATCH = "// Catch v3 amalgamated\n" + "namespace Catch { int x; }\n" * 400


def test_a_test_framework_shipped_as_one_file_is_vendored_and_the_c_library_stays_c(make_project):
    assert is_vendored("tests/catch_amalgamated.cpp") and not is_vendored("extras/catch_amalgamated.cpp")
    cmake = (
        "project(lib C)\nset(CMAKE_C_STANDARD 90)\nset(CMAKE_RUNTIME_OUTPUT_DIRECTORY ${CMAKE_CURRENT_SOURCE_DIR}/bin)\n"
        "add_library(lib lib.c)\n"
        "if(BUILD_TESTS)\n  enable_language(CXX)\n  set(CMAKE_CXX_STANDARD 20)\n"
        "  add_executable(catch_tests tests/main.cpp tests/catch_amalgamated.cpp)\n  enable_testing()\n"
        "  add_test(NAME catch_tests COMMAND catch_tests)\nendif()\n"
    )
    learned = bodies(make_project, {
        "CMakeLists.txt": cmake, "lib.c": "int lib(void) { return 1; }\n" * 40, "lib.h": "int lib(void);\n",
        "tests/main.cpp": "#include \"catch_amalgamated.hpp\"\nTEST_CASE(\"x\") {}\n",
        "tests/catch_amalgamated.cpp": CATCH, "tests/catch_amalgamated.hpp": CATCH,
    })  # fmt: skip
    assert learned["languages"].startswith("Languages by share of source: C ")
    assert "C project" in learned["cpp/build"] and "C90; C++20 for its C++ test code" in learned["cpp/build"]
    assert "`bin/catch_tests <test name>`" in learned["workflow/test-one"], "CMake writes its programs to bin/"


def test_a_benchmark_source_set_beside_src_main_is_not_the_main_source(make_project):
    java = "package p;\npublic class {} {{ int a; int b; int c; }}\n"
    files = {f"src/main/java/p/Main{n}.java": java.format(f"Main{n}") for n in range(6)}
    files |= {f"src/jmh/java/p/Bench{n}.java": java.format(f"Bench{n}") * 3 for n in range(5)}
    files |= {"build.gradle": "plugins { id 'java' }\n", "src/test/java/p/MainTest.java": java.format("MainTest")}
    source = bodies(make_project, files)["layout/source"]
    assert source.startswith("Main source in src/main/java/p/: 6 Java files") and "Bench" not in source


def test_a_suites_entry_script_tests_everything_and_bundler_binstubs_installs():
    assert commands.command_role("php tests/index.php") == "test"
    assert commands.command_role("php tests/HTMLPurifier/LexerTest.php") == "test-one"
    assert commands.command_role("bundler binstubs rspec-core") == "install"
    assert commands.command_role("script/test_all") == "test"


def test_a_sibling_spec_suite_is_a_test_folder_and_matrix_gemfiles_are_not_source(make_project):
    assert is_test_folder("spec-non-rails") and is_test_folder("test_integration")
    files = {f"lib/w/part{n}.rb": "module W\n  def x; end\nend\n" * 5 for n in range(6)}
    files |= {f"environments/Gemfile.rails{n}.rb": "gem 'rails'\n" for n in range(5)}
    files |= {"spec/w_spec.rb": "describe 1 do\nend\n", "spec-non-rails/mongoid_spec.rb": "describe 2 do\nend\n"}
    learned = bodies(make_project, files | {"w.gemspec": "Gem::Specification.new { |s| s.name = 'w' }\n"})
    assert "environments" not in learned["layout/source"]
    assert "beside the source" not in learned["layout/tests"] and "spec-non-rails/" in learned["layout/tests"]


LINT_CI = """on: [push, pull_request]
jobs:
  lint:
    runs-on: ubuntu-latest
    steps:
      - run: pip install black flake8
      - run: bandit --recursive .
      - run: black --check . || true
      - run: flake8 . --select=E9
      - run: flake8 . --exit-zero --max-complexity=10
      - run: pytest .
      - run: safety check
"""


def test_a_ci_check_that_cannot_fail_is_not_the_style_and_the_ci_fact_counts_every_other_command(make_project):
    learned = bodies(make_project, {".github/workflows/lint.yml": LINT_CI, "w.py": "x = 1\n"})
    assert "workflow/format" not in learned, "`black --check . || true` never fails: black is not kept"
    assert "--exit-zero" not in learned["workflow/lint"]
    assert learned["ci"].endswith(
        "runs `black --check . || true`, `flake8 . --select=E9`, `pytest .`, `flake8 . --exit-zero --max-complexity=10` "
        "and other commands."
    ), "bandit and `safety check` are other commands, never counted"


CARGO_CI = """on: [push, pull_request]
jobs:
  tests:
    strategy:
      matrix:
        backend: [aws_lc_rs, rust_crypto]
    runs-on: ubuntu-latest
    steps:
      - run: cargo test --features ${{ matrix.backend }}
"""


def test_a_cargo_feature_ci_picks_from_its_matrix_stays_a_placeholder_and_platform_deps_are_not_the_stack(
    make_project,
):
    cargo = (
        '[package]\nname = "jwt"\nversion = "1.0.0"\nedition = "2021"\n\n[dependencies]\nserde = "1"\n'
        '[target.\'cfg(target_arch = "wasm32")\'.dependencies]\njs-sys = "0.3"\n'
    )
    lib = "pub fn f() {}\n#[cfg(test)]\nmod tests {\n    #[test]\n    fn t() {}\n}\n"
    learned = bodies(make_project, {
        "Cargo.toml": cargo, "src/lib.rs": lib, "src/a.rs": lib, "src/b.rs": "pub fn g() {}\n",
        "tests/api.rs": "#[test]\nfn api() {}\n", ".github/workflows/ci.yml": CARGO_CI,
    })  # fmt: skip
    assert learned["workflow/test"].startswith("To test: `cargo test --features <backend>` — from CI")
    assert "js-sys" not in learned["rust/stack"], "js-sys serves wasm32 only"
    assert "Its tests are in tests/ and in `#[cfg(test)]` modules inside 2 source files." in learned["layout/source"]


def test_a_guides_lead_in_is_no_rule_and_a_review_requirement_is(make_project):
    guide = (
        "# Contributing\n\nWe'd love your patches. There are just a few small guidelines you need to follow.\n\n"
        "## Code reviews\n\nAll submissions, including submissions by project members, require review.\n"
    )
    rules = bodies(make_project, {"CONTRIBUTING.md": guide, "w.py": "x = 1\n"})["rules/CONTRIBUTING.md"]
    assert "guidelines you need to follow" not in rules
    assert "- All submissions, including submissions by project members, require review." in rules


def test_a_sign_off_the_project_stopped_asking_for_is_not_a_convention(make_project):
    repo = make_project({"a.txt": "1\n"})
    for n in range(30):
        repo.commit(f"Change {n}\n\nSigned-off-by: A <a@example.com>")
    for n in range(history.RECENT_TRAILERS):
        repo.commit(f"Tweak {n}")
    said = {f.key: f.body for f in history.investigate(repo.root).findings}["git/conventions"]
    assert "signed off" not in said, "none of the last 50 commits carries a sign-off"


def test_the_node_versions_a_package_supports_are_part_of_its_packaging(make_project):
    pkg = '{"name": "qs", "engines": {"node": ">= 0.6"}, "scripts": {"test": "tape test"}}\n'
    learned = bodies(make_project, {"package.json": pkg, "index.js": "module.exports = 1;\n"})
    assert "supports Node.js `>= 0.6` (engines)" in learned["javascript/packaging"]
    any_node = bodies(make_project, {"package.json": '{"name": "w", "engines": {"node": "*"}}\n'}, name="w")
    assert "engines" not in any_node["javascript/packaging"]


def test_set_34s_causes_dprint_tolerated_failures_sample_apps_and_renamed_configs(make_project):
    ci = "on: [push, pull_request]\njobs:\n  t:\n    runs-on: x\n    steps:\n      - run: vendor/bin/phpunit t/WeakTest.php || true\n"
    guide = (
        "# Contributing\n\n## Tests\n\nTo add a sample app for the tests, run "
        "`bundle exec appraisal rails-7.0 rails new spec/app/rails_7.0`.\n\n"
        "## Docs\n\nPreview the docs with `python -m http.server -d docs/_build/web`. "
        "Please update `mkdocs.yml` when you add a page.\n"
    )
    learned = bodies(make_project, {
        "dprint.json": "{}\n", "Cargo.toml": '[package]\nname = "w"\nversion = "0.1.0"\n', "src/lib.rs": "pub fn f() {}\n",
        ".github/workflows/t.yml": ci, "CONTRIBUTING.md": guide, "mkdocs.yaml": "site_name: w\n",
    })  # fmt: skip
    assert learned["workflow/format"].startswith("To format: `dprint fmt` — from dprint.json.")
    assert "|| true" not in learned.get("workflow/test-one", "") + learned.get("workflow/test", "")
    assert "rails new" not in learned.get("workflow/test", "") and "http.server" not in learned.get("workflow/docs", "")
    assert "mkdocs.yml" not in learned.get("rules/CONTRIBUTING.md", ""), "the repository renamed it mkdocs.yaml"


def test_a_readme_policy_keeps_its_one_line_command_and_prose_after_a_longer_example_is_not_cut_off(make_project):
    head = (
        "# w\n\nw renders text.\n\n## Security\n\nw escapes input. To process untrusted input, use the following:\n\n"
    )
    head += "```php\n$w->setSafeMode(true);\n```\n\nIf you need more, read the example below.\n\n```php\n$a = 1;\n$b = 2;\n```\n"
    notes = bodies(make_project, {"README.md": head, "w.php": "<?php\n"})["readme/security"]
    assert notes == (
        'README.md, "Security": w escapes input. To process untrusted input, use the following: '
        "`$w->setSafeMode(true);`."
    ), "the sentence that points at the example goes with the example"
    tail = head + "\nIf instead you allow HTML, sanitise it.\n"
    assert "readme/security" not in bodies(make_project, {"README.md": tail, "w.php": "<?php\n"}, name="w2"), (
        "'If instead …' speaks of the example before it: no quote holds the section whole"
    )


def test_the_ci_fact_keeps_the_test_run_in_sight_and_set_up_is_no_other_command(make_project):
    many = "".join(f"      - run: cargo clippy --features f{n}\n" for n in range(6))
    wide = (
        "on: [push, pull_request]\njobs:\n  ci:\n    runs-on: x\n    steps:\n"
        + many
        + "      - run: cargo nextest run\n"
    )
    plain = (
        "on: [push, pull_request]\njobs:\n  t:\n    runs-on: x\n    steps:\n      - run: composer update\n"
        "      - run: php --version\n      - run: vendor/bin/phpunit\n"
    )
    learned = bodies(make_project, {".github/workflows/ci.yml": wide, ".github/workflows/t.yml": plain, "a.rs": ""})
    ci = learned["ci"]
    assert "`cargo nextest run` and other commands" in ci, "seven checks: the test run is among the six shown"
    assert "t.yml (jobs t) runs `vendor/bin/phpunit`." in ci or "t.yml (jobs t) runs `vendor/bin/phpunit`;" in ci, (
        "`composer update` and `php --version` set the machine up: no other command runs"
    )


def test_a_doc_comment_is_no_inline_test_module_and_a_dual_licence_is_neither_header(make_project):
    lib = "//! Put unit tests under #[cfg(test)] as usual.\npub fn f() {}\n"
    tested = "pub fn g() {}\n#[cfg(test)]\nmod tests {}\n"
    dual = "// Licensed under the Apache License, Version 2.0 or the MIT license, at your option.\n"
    files = {f"src/m{n}.rs": dual + (tested if n < 2 else lib) for n in range(6)}
    files |= {"Cargo.toml": '[package]\nname = "w"\nversion = "0.1.0"\n', "src/lib.rs": dual + lib, "tests/t.rs": ""}
    learned = bodies(make_project, files)
    assert "inside 2 source files" in learned["layout/source"], "src/lib.rs only mentions it in a doc comment"
    assert "rules/file-headers" not in learned, "a notice naming Apache 2.0 and MIT is not 'the Apache 2.0 header'"


def test_one_maintainers_sign_offs_are_not_the_projects_rule(make_project):
    repo = make_project({"a.txt": "1\n"})
    for n in range(8):
        repo.commit(f"Change {n}\n\nSigned-off-by: t <t@example.com>")
    for n in range(4):
        repo.git("-c", "user.name=other", "-c", "user.email=o@example.com", "commit", "-q", "--allow-empty",
                 "--author", "Other <o@example.com>", "-m", f"Tweak {n}")  # fmt: skip
    said = {f.key: f.body for f in history.investigate(repo.root).findings}["git/conventions"]
    assert "signed off" not in said


def test_a_step_that_names_the_steps_left_out_is_no_rule():
    text = "# Contributing\n\n## Pull requests\n\n- For steps 1 to 3, please read the GitHub help.\n"
    text += "- Add a test for every change.\n"
    said = [r for _, r in rules_module.distil(text, guide=True)]
    assert said == ["Add a test for every change."]


def test_set_35s_causes_an_optional_test_crate_a_ci_test_script_and_gitmoji_conventional_commits(make_project):
    cargo = (
        '[package]\nname = "big"\nversion = "0.1.0"\n\n[dependencies]\nnum-traits = "0.2"\n'
        'quickcheck = { version = "1", optional = true }\n'
    )
    ci = "on: [push, pull_request]\njobs:\n  t:\n    runs-on: x\n    steps:\n      - run: ./ci/test_full.sh\n"
    learned = bodies(make_project, {"Cargo.toml": cargo, "src/lib.rs": "pub fn f() {}\n", "ci/test_full.sh": "cargo test\n",
                                    ".github/workflows/ci.yml": ci})  # fmt: skip
    assert (
        "quickcheck" not in learned["rust/stack"].split("Test tools")[-1] or "Test tools" not in learned["rust/stack"]
    )
    assert learned["workflow/test"].startswith("To test: `./ci/test_full.sh` — from CI")
    repo = make_project({"a.txt": "1\n"}, name="gitmoji")
    for n in range(8):
        repo.commit(f":sparkles: feat: add thing {n}")
    said = {f.key: f.body for f in history.investigate(repo.root).findings}["git/conventions"]
    assert said.startswith("Commit messages: Conventional Commits"), said
