"""Round twenty-eight of general fixes (issue 17), from the causes of the twenty-eighth held-out set: type
declarations beside JavaScript, Rake's task list and test helpers, an agent file's commands in code blocks, a
configure script only a bootstrap writes, another project CI initialises, CI's own build folder, cargo-fuzz targets
and a list's lead-in."""

from __future__ import annotations

import json

from tests.profile.learned import bodies


def test_type_declarations_do_not_make_javascript_typescript(make_project):
    package = {"name": "chalk", "type": "module", "main": "./source/index.js", "scripts": {"test": "xo && ava && tsd"}}
    files = {"package.json": json.dumps(package), "source/index.js": "export default 1;\n" * 40,
             "source/utilities.js": "export const u = 1;\n" * 20, "source/index.d.ts": "export type X = string;\n" * 90,
             "source/index.test-d.ts": "expectType<string>('a');\n" * 30, "test/chalk.js": "test('a', t => {});\n"}  # fmt: skip
    learned = bodies(make_project, files, name="chalk")
    assert learned["languages"].endswith(
        "Main language: JavaScript (by the code outside tests, scripts and bundled files)."
    )
    assert (
        learned["layout/source"]
        == "Main source: the project's own JavaScript code is all in source/index.js and source/utilities.js."
    )


def test_rakes_task_list_is_no_test_and_a_test_helper_is_no_test_file(make_project):
    readme = "# kaminari\n\n## Contributing\n\nSee the tasks with `rake -T`, then run `bundle exec rake test`.\n"
    rakefile = (
        "require 'rake/testtask'\nRake::TestTask.new do |t|\n  t.pattern = 'kaminari-core/test/**/*_test.rb'\nend\n"
    )
    files = {"Gemfile": "gem 'rake'\n", "Rakefile": rakefile, "README.md": readme, "test/test_helper.rb": "",
             "kaminari-core/lib/kaminari.rb": "module Kaminari; end\n", "kaminari-core/test/models/a_test.rb": ""}  # fmt: skip
    learned = bodies(make_project, files, name="kaminari")
    assert "rake -T" not in learned["workflow/test"]
    assert "test_<name>" not in learned.get("workflow/test-one", "")


def test_an_agent_files_bullet_that_leads_into_a_code_block_keeps_its_command(make_project):
    agents = (
        "# Agent guide\n\n## Testing\n\n- **Run all tests:**\n  ```bash\n  docker compose run --rm tests\n  ```\n\n"
        "- **Run static analysis:**\n  ```bash\n  docker compose run --rm analysis\n  ```\n"
    )
    files = {"composer.json": '{"name": "intervention/image"}', "src/Image.php": "<?php\n", "AGENTS.md": agents}
    learned = bodies(make_project, files, name="image")
    assert "- Run all tests: `docker compose run --rm tests`" in learned["rules/AGENTS.md"]
    assert "- Run static analysis: `docker compose run --rm analysis`" in learned["rules/AGENTS.md"]


def test_commands_that_need_what_ci_makes_or_fetches_do_not_lead(make_project):
    ci = (
        "on: [push, pull_request]\njobs:\n  perl:\n    steps:\n      - run: |\n"
        "          git -c init.defaultbranch=main init XML-Parser/\n          cd XML-Parser/\n"
        "          git fetch --depth 1 https://github.com/cpan-authors/XML-Parser main\n          make test\n"
        "  filc:\n    steps:\n      - run: make -C build/ test run-xmltest\n"
        "  autotools:\n    steps:\n      - run: cd expat && ./configure && make check\n"
    )
    files = {"expat/CMakeLists.txt": "project(expat C)\nenable_testing()\nadd_test(runtests runtests)\n",
             "expat/buildconf.sh": "#!/bin/sh\nautoreconf\n", "expat/lib/xmlparse.c": "int x;\n",
             ".github/workflows/ci.yml": ci}  # fmt: skip
    learned = bodies(make_project, files, name="libexpat")
    assert "XML-Parser" not in learned.get("workflow/test", "")
    assert "./configure" not in learned.get("workflow/test", "") + learned.get("workflow/build", "")
    assert not learned["workflow/test"].startswith("To test: `make -C build/")


def test_cargo_fuzz_targets_are_not_how_to_run_and_a_lead_in_is_no_rule(make_project):
    root = '[workspace]\nmembers = ["crates/*"]\nresolver = "2"\n'
    fuzz = (
        '[package]\nname = "toml_edit_fuzz"\nversion = "0.0.0"\n\n[package.metadata]\ncargo-fuzz = true\n\n'
        '[[bin]]\nname = "parse_document"\npath = "parse_document.rs"\n'
    )
    guide = "# Contributing\n\n## Code\n\n- Keep pull requests small and focused on one change.\n- For code organization, we recommend\n"
    files = {"Cargo.toml": root, "crates/toml/Cargo.toml": '[package]\nname = "toml"\nversion = "0.9.0"\n',
             "crates/toml/src/lib.rs": "pub fn f() {}\n", "crates/toml_edit_fuzz/Cargo.toml": fuzz,
             "crates/toml_edit_fuzz/parse_document.rs": "fn main() {}\n", "CONTRIBUTING.md": guide}  # fmt: skip
    learned = bodies(make_project, files, name="toml")
    assert "workflow/run" not in learned and "rust/entry-points" not in learned
    assert "we recommend" not in learned["rules/CONTRIBUTING.md"]


def test_minitests_own_test_task_takes_no_test_variable_and_type_tests_are_not_test_files(make_project):
    rakefile = "require 'minitest/test_task'\nMinitest::TestTask.create\ntask default: :test\n"
    files = {"Gemfile": "gem 'minitest'\n", "Rakefile": rakefile, "lib/http.rb": "module HTTP; end\n",
             "test/http/uri_test.rb": "", "test/http/client_test.rb": "", "test/test_helper.rb": ""}  # fmt: skip
    learned = bodies(make_project, files, name="http")
    assert learned["workflow/test-one"].startswith("To run one test: `bundle exec ruby -Itest test/<path>_test.rb`")
    package = {"name": "vue", "scripts": {"test": "vitest"}, "devDependencies": {"vitest": "^3"}}
    files = {"package.json": json.dumps(package), "src/index.ts": "export const x = 1;\n",
             "src/__tests__/a.spec.ts": "test('a', () => {})\n", "dts-test/ref.test-d.ts": "expectType<number>(1)\n"}  # fmt: skip
    learned = bodies(make_project, files, name="vue")
    assert learned["layout/tests"].startswith("1 test file, named *.spec.*")
