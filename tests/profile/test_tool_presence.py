"""An ecosystem's default command is proposed only when the repository shows the tool is there (issue 17,
second held-out measurement): PHPUnit and PHPStan, mypy, `cargo test -p`, rake's TEST= and the Ruby docs tool."""

from __future__ import annotations

import json

from picasso_tui.profile.commands import command_role


def learn(make_project, files: dict[str, str], name: str = "project") -> dict[str, str]:
    repo = make_project(files, name=name)
    return {f.key: f.body for f in repo.init().findings}


def composer(require_dev: dict[str, str], **extra) -> str:
    return json.dumps({"name": "acme/lib", "require": {"php": ">=8.1"}, "require-dev": require_dev, **extra})


def test_phpunit_comes_from_the_dependency_that_brings_it(make_project):
    bridge = learn(make_project, {
        "composer.json": composer({"symfony/phpunit-bridge": "^7"}),
        "phpunit.xml.dist": "<phpunit/>\n", "src/A.php": "<?php\n", "tests/ATest.php": "<?php\n",
    })  # fmt: skip
    assert "vendor/bin/simple-phpunit" in bridge["workflow/test"]
    assert "vendor/bin/phpunit" not in bridge["workflow/test"]
    plain = learn(make_project, {
        "composer.json": composer({"phpunit/phpunit": "^10"}), "phpunit.xml.dist": "<phpunit/>\n",
        "src/A.php": "<?php\n",
    }, name="plain")  # fmt: skip
    assert "vendor/bin/phpunit" in plain["workflow/test"]


def test_a_phpunit_xml_without_phpunit_in_the_dependencies_proposes_no_runner(make_project):
    learned = learn(make_project, {
        "composer.json": composer({}), "phpunit.xml": "<phpunit/>\n", "src/A.php": "<?php\n",
    })  # fmt: skip
    assert "vendor/bin/phpunit" not in learned.get("workflow/test", "")


def test_phpstan_carries_the_config_the_repository_has(make_project):
    learned = learn(make_project, {
        "composer.json": composer({"phpstan/phpstan": "^1"}),
        "phpstan/config.neon": "parameters:\n  level: 5\n  paths:\n    - src\n", "src/A.php": "<?php\n",
    })  # fmt: skip
    assert "vendor/bin/phpstan analyse -c phpstan/config.neon" in learned["workflow/typecheck"]
    # beberlei/assert's phpstan-code.neon names no paths: `phpstan analyse -c` alone stops and asks for them; its
    # composer scripts pass them
    scripts = {"assert:sa-code": "vendor/bin/phpstan analyse --configuration=phpstan-code.neon -l 7 bin lib"}
    no_paths = {"composer.json": composer({"phpstan/phpstan": "^1"}), "phpstan-code.neon": "parameters:\n  level: 5\n",
                "src/A.php": "<?php\n"}  # fmt: skip
    assert "workflow/typecheck" not in learn(make_project, no_paths, "n")
    no_paths["composer.json"] = composer({"phpstan/phpstan": "^1"}, scripts=scripts)
    assert learn(make_project, no_paths, "s")["workflow/typecheck"].startswith(
        "To type-check: `composer assert:sa-code` — from composer.json scripts.assert:sa-code."
    )
    bare = learn(make_project, {"composer.json": composer({"phpstan/phpstan": "^1"}), "src/A.php": "<?php\n"}, "b")
    assert "phpstan analyse" not in bare.get("workflow/lint", "")  # no config, no paths: it would fail


def test_a_composer_script_that_runs_phpstan_is_the_command(make_project):
    learned = learn(make_project, {
        "composer.json": composer({"phpstan/phpstan": "^1"}, scripts={"phpstan": "phpstan analyse -c x.neon"}),
        "x.neon": "parameters:\n", "src/A.php": "<?php\n",
    })  # fmt: skip
    assert "composer phpstan" in learned["workflow/typecheck"]
    assert "vendor/bin/phpstan" not in learned["workflow/typecheck"]


def test_a_suite_config_is_not_one_test():
    assert command_role("vendor/bin/phpunit -c tests/complete.phpunit.xml") == "test"
    assert command_role("vendor/bin/phpunit tests/UserTest.php") == "test-one"


def test_coverage_html_is_not_the_docs():
    assert command_role("coverage html") != "docs"
    assert command_role("make -C docs html") == "docs" and command_role("make html") == "docs"


def test_mypy_checks_what_its_config_names_or_else_the_package_never_the_whole_tree(make_project):
    # pip-audit's Makefile runs `mypy pip_audit`: `mypy .` also checks test/ and reports 226 errors
    pyproject = '[project]\nname = "pip-audit"\n[tool.mypy]\nstrict = true\n'
    files = {"pyproject.toml": pyproject, "pip_audit/__init__.py": "", "test/__init__.py": "", "docs/conf.py": ""}
    typecheck = learn(make_project, files)["workflow/typecheck"]
    assert typecheck.startswith("To type-check: `mypy pip_audit` — from pyproject.toml [tool.mypy]")
    # pymdown-extensions' [tool.mypy] files names the one module it checks: `mypy .` would override it
    named = pyproject.replace("strict", 'files = ["pip_audit/core.py"]\nstrict')
    assert learn(make_project, files | {"pyproject.toml": named}, name="named")["workflow/typecheck"].startswith(
        "To type-check: `mypy` — from pyproject.toml [tool.mypy]"
    )
    in_setup_cfg = {"setup.cfg": "[metadata]\nname = feed\n\n[mypy]\npackages = feed\n", "feed/__init__.py": ""}
    assert "`mypy` — from setup.cfg" in learn(make_project, in_setup_cfg, name="cfg")["workflow/typecheck"]


def test_mypy_without_a_config_or_one_package_to_name_is_not_guessed(make_project):
    # icalendar lists mypy in a test group, and no config, tox env or CI step runs it
    with_dep = '[project]\nname = "ical"\n[project.optional-dependencies]\ntest = ["mypy"]\n'
    learned = learn(make_project, {"pyproject.toml": with_dep, "ical/__init__.py": ""})
    assert "mypy" not in learned.get("workflow/typecheck", "") + learned.get("workflow/lint", "")
    # PyGithub's tree holds `github` and `openapi`, neither named after the project
    two = {"pyproject.toml": '[project]\nname = "PyGithub"\n[tool.mypy]\nstrict = true\n', "github/__init__.py": "",
           "openapi/__init__.py": ""}  # fmt: skip
    assert "workflow/typecheck" not in learn(make_project, two, name="two")


def test_the_guessed_type_check_beside_a_written_one_cites_nothing(make_project):
    files = {"pyproject.toml": '[project]\nname = "w"\n[tool.mypy]\nstrict = true\n', "w/__init__.py": "",
             "tox.ini": "[tox]\nenvlist = py, mypy\n\n[testenv]\ncommands = pytest\n\n[testenv:mypy]\ncommands = mypy w\n"}  # fmt: skip
    typecheck = next(f for f in make_project(files, name="watchdog").init().findings if f.key == "workflow/typecheck")
    assert typecheck.body.startswith("To type-check: `tox -e mypy`") and "pyproject.toml" not in typecheck.sources


CARGO = '[workspace]\nmembers = ["macros", "core"]\n'


def test_cargo_test_p_names_a_crate_that_has_tests(make_project):
    learned = learn(make_project, {
        "Cargo.toml": CARGO,
        "macros/Cargo.toml": '[package]\nname = "macros"\nedition = "2021"\n', "macros/src/lib.rs": "pub fn m() {}\n",
        "core/Cargo.toml": '[package]\nname = "core"\nedition = "2021"\n',
        "core/src/lib.rs": "pub fn c() {}\n#[cfg(test)]\nmod tests {}\n",
    })  # fmt: skip
    assert "cargo test -p core <test name>" in learned["workflow/test-one"]
    untested = learn(make_project, {
        "Cargo.toml": CARGO,
        "macros/Cargo.toml": '[package]\nname = "macros"\nedition = "2021"\n', "macros/src/lib.rs": "pub fn m() {}\n",
        "core/Cargo.toml": '[package]\nname = "core"\nedition = "2021"\n', "core/src/lib.rs": "pub fn c() {}\n",
    }, name="untested")  # fmt: skip
    assert "cargo test -p" not in untested.get("workflow/test-one", "")


RAKEFILE = 'require "rake/testtask"\nRake::TestTask.new(:test) { |t| t.pattern = "test/spec_*.rb" }\n'


def test_rake_test_one_uses_the_test_file_naming_the_repository_has(make_project):
    learned = learn(make_project, {
        "Gemfile": 'source "https://rubygems.org"\ngem "rake"\n', "Rakefile": RAKEFILE, "lib/rack.rb": "module Rack; end\n",
        "test/spec_request.rb": "x\n", "test/spec_response.rb": "x\n", "test/helper.rb": "x\n",
    })  # fmt: skip
    assert "rake test TEST=test/spec_<name>.rb" in learned["workflow/test-one"]
    assert "_test.rb" not in learned["workflow/test-one"]


def test_yard_only_when_the_project_brings_it_else_rdoc(make_project):
    rdoc = learn(make_project, {
        "Gemfile": 'source "https://rubygems.org"\ngem "rake"\n', ".yardopts": "--markup markdown\n",
        "Rakefile": 'require "rdoc/task"\nRDoc::Task.new { |r| r.main = "README.md" }\n', "lib/a.rb": "x\n",
    })  # fmt: skip
    assert "yard doc" not in rdoc.get("workflow/docs", "")
    assert "rake rdoc" in rdoc["workflow/docs"]
    yard = learn(make_project, {
        "Gemfile": 'source "https://rubygems.org"\ngem "yard"\n', ".yardopts": "--markup markdown\n",
        "lib/a.rb": "x\n",
    }, name="yardy")  # fmt: skip
    assert "bundle exec yard doc" in yard["workflow/docs"]


def test_a_bin_that_only_prints_a_removal_notice_is_not_a_cli(make_project):
    pkg = {"name": "old", "version": "1.0.0", "main": "index.js", "bin": {"old": "bin/old.js"}}
    notice = "#!/usr/bin/env node\nconsole.error('The old CLI was removed in v5; use new-cli instead.')\n"
    learned = learn(make_project, {"package.json": json.dumps(pkg), "bin/old.js": notice, "index.js": ""})
    assert "command-line tool" not in learned["javascript/stack"]
    assert "bin `old`" not in learned.get("javascript/entry-points", "")
    real = "#!/usr/bin/env node\nrequire('../lib/cli').run(process.argv.slice(2))\n"
    cli = learn(make_project, {"package.json": json.dumps(pkg), "bin/old.js": real, "index.js": ""}, name="cli")
    assert "command-line tool" in cli["javascript/stack"]


def test_script_roles_by_name_and_long_scripts_are_never_cut(make_project):
    long = "tsc -p tsconfig.build.json && rollup -c rollup.config.mjs --environment BUILD:production && node copy.js"
    scripts = {"test": "vitest", "test:types": "tsd", "docs": "typedoc src", "bench": "node bench/run.js",
               "build": long}  # fmt: skip
    dev = {"vitest": "3", "tsd": "0.31", "typedoc": "0.28", "typescript": "5", "rollup": "4"}
    package = {"name": "p", "scripts": scripts, "devDependencies": dev}
    learned = learn(make_project, {"package.json": json.dumps(package), "src/a.ts": ""})
    assert "`npm run test:types`" in learned["workflow/typecheck"]
    assert "`npm run docs`" in learned["workflow/docs"]
    assert "npm run bench" not in learned["workflow/test"] and "npm run bench" in learned["javascript/benchmarks"]
    assert "runs tsc, then rollup" in learned["workflow/build"] and "BUILD:produ" not in learned["workflow/build"]


def test_a_folders_language_comes_from_its_source_files(make_project):
    docs = {f"docs/page{i}.md": "# Page\n" for i in range(8)}
    learned = learn(make_project, {**docs, "docs/conf.py": "project = 'p'\n", "notes/a.md": "x\n", "notes/b.md": "y\n",
                                   "phpstan/a.neon": "", "phpstan/b.neon": "", "phpstan/c.neon": "",
                                   "phpstan/d.neon": "", "phpstan/e.php": "<?php\n",
                                   "src/a.py": "", "src/b.py": "", "src/c.toml": ""})  # fmt: skip
    folders = learned["layout/folders"]
    assert "docs/ (documentation, 9 files)" in folders and "notes/ (documentation, 2 files)" in folders
    assert "phpstan/ (5 files)" in folders and "src/ (source code, mostly Python, 3 files)" in folders


def test_benchmarks_are_not_tests_beside_the_source(make_project):
    learned = learn(make_project, {"bench/test_benchmarks.py": "", "tests/test_a.py": "", "p/__init__.py": ""})
    assert "beside the source" not in learned["layout/tests"] and "1 test file" in learned["layout/tests"]
    beside = learn(make_project, {"p/test_a.py": "def test_a():\n    pass\n", "p/__init__.py": ""}, name="beside")
    assert "beside the source they test (1 file)" in beside["layout/tests"]


def test_the_ruby_docs_tool_comes_from_what_the_project_brings(make_project):
    rdoc = learn(make_project, {".yardopts": "--markup markdown\n", ".document": "lib/**/*.rb\n",
                                "Gemfile": 'gem "rake"\n', "lib/a.rb": "x\n"})  # fmt: skip
    assert "built with RDoc (.document)" in rdoc["layout/folders"]
    yard = learn(make_project, {".yardopts": "--markup markdown\n", "Gemfile": 'gem "yard"\n', "lib/a.rb": "x\n"}, "y")
    assert "built with YARD (.yardopts)" in yard["layout/folders"]


def test_the_packages_of_a_monorepo_are_named(make_project):
    files = {f"packages/{n}/package.json": json.dumps({"name": n}) for n in ("core", "cli")}
    learned = learn(make_project, {**files, "packages/core/a.ts": "", "packages/notes.md": "x\n"})
    assert "packages: cli, core" in learned["layout/folders"]


GO_MOD = "module example.com/lib\n\ngo 1.22\n"


def test_an_underscore_code_generator_is_not_example_programs(make_project):
    learned = learn(make_project, {
        "go.mod": GO_MOD, "lib.go": "package lib\n", "_codegen/go.mod": "module gen\n",
        "_codegen/main.go": 'package main\nimport "os"\nfunc main() { os.WriteFile("zz_gen.go", nil, 0o644) }\n',
        "README.md": "# lib\n\nTo regenerate the tables:\n\n```\ngo generate ./...\n```\n",
    })  # fmt: skip
    packaging = learned["go/packaging"]
    assert "code generator with its own go.mod: _codegen (run with `go generate ./...`)" in packaging
    assert "example programs" not in packaging
    examples = learn(make_project, {
        "go.mod": GO_MOD, "lib.go": "package lib\n", "_examples/go.mod": "module ex\n",
        "_examples/main.go": 'package main\nimport "fmt"\nfunc main() { fmt.Println("hi") }\n',
    }, name="examples")  # fmt: skip
    assert "example programs with their own go.mod (not part of the module): _examples" in examples["go/packaging"]


def test_a_changelog_instruction_in_a_guide_is_a_rule():
    from picasso_tui.profile.rules import distil

    guide = "# Contributing\n\n## Pull requests\n\nAdd a line to CHANGELOG.md describing your change.\n\nWe love PRs.\n"
    assert [r for _, r in distil(guide, guide=True)] == ["Add a line to CHANGELOG.md describing your change."]


def test_a_template_line_that_starts_mid_sentence_is_not_an_item():
    from picasso_tui.profile.rules import template_rules

    template = "## Checklist\n\n- [ ] I have added tests for my change\n- and updated the docs where they apply\n"
    rules = [r for _, r in template_rules(template)]
    assert rules == ["I have added tests for my change"]


def test_a_guide_keeps_the_folder_it_changes_into(make_project):
    guide = (
        "# Contributing\n\n## Running the tests\n\n```sh\ngit clone https://example.com/acme.git\ncd acme\n"
        "cargo test\ncd test_suite\ncargo test\n```\n\n## Documentation\n\n```sh\n# build the docs\nmake docs-check\n```\n"
    )
    learned = learn(make_project, {
        "Cargo.toml": '[package]\nname = "acme"\nedition = "2021"\n', "src/lib.rs": "#[cfg(test)]\nmod t {}\n",
        "test_suite/Cargo.toml": '[package]\nname = "ts"\n', "test_suite/tests/a.rs": "", "CONTRIBUTING.md": guide,
        "Makefile": "docs-check:\n\tcargo doc\n",
    }, name="acme")  # fmt: skip
    test = learned["workflow/test"]
    assert "`cd test_suite && cargo test`" in test and "cd acme" not in test
    assert "docs-check" not in test


def test_guide_roles_for_docs_and_coverage():
    from picasso_tui.profile.commands import _roles

    assert _roles("pytest docs/", "# check the documentation examples") == []
    assert _roles("make test", "# run the tests before the docs") == ["test"]


def test_a_crate_with_only_optional_dependencies_says_so(make_project):
    manifest = (
        '[package]\nname = "ser"\nedition = "2021"\n[dependencies]\nser_derive = { version = "1", optional = true }\n'
    )
    learned = learn(make_project, {"Cargo.toml": manifest, "src/lib.rs": "pub fn f() {}\n"}, name="ser")
    assert "no required runtime dependencies (optional: ser_derive)" in learned["rust/stack"]
    assert "no runtime dependencies" not in learned["rust/stack"]
    bare = learn(make_project, {"Cargo.toml": '[package]\nname = "b"\n', "src/lib.rs": "pub fn f() {}\n"}, name="b")
    assert "no runtime dependencies" in bare["rust/stack"]


def test_each_member_with_its_own_rust_version_is_named(make_project):
    files = {
        "Cargo.toml": '[workspace]\nmembers = ["ser", "ser_derive"]\n',
        "ser/Cargo.toml": '[package]\nname = "ser"\nrust-version = "1.31"\n', "ser/src/lib.rs": "",
        "ser_derive/Cargo.toml": '[package]\nname = "ser_derive"\nrust-version = "1.61"\n', "ser_derive/src/lib.rs": "",
    }  # fmt: skip
    assert "MSRV (rust-version) per crate: ser 1.31, ser_derive 1.61" in learn(make_project, files)["rust/packaging"]
    same = {**files, "ser_derive/Cargo.toml": '[package]\nname = "ser_derive"\nrust-version = "1.31"\n'}
    assert "MSRV (rust-version) 1.31." in learn(make_project, same, name="same")["rust/packaging"]


def test_yard_tags_under_a_yardopts_make_yard_the_docs_tool_over_an_rdoc_task(make_project):
    """tzinfo: `# @param` throughout lib/ and a .yardopts; its Rakefile's RDoc task would show the tags raw."""
    tagged = {f"lib/tz/m{i}.rb": "# Converts.\n#\n# @param t [Time] the time\n# @return [Time]\ndef m; end\n"
              for i in range(5)}  # fmt: skip
    files = {".yardopts": "--markup markdown\n", "Gemfile": 'gem "rake"\n', "Rakefile": "require 'rdoc/task'\n"
             "RDoc::Task.new(:rdoc) { |r| r.rdoc_dir = 'doc' }\n", **tagged}  # fmt: skip
    yard = learn(make_project, files, "tz")
    assert "built with YARD (.yardopts)" in yard["layout/folders"]
    assert yard["workflow/docs"].startswith("To build or preview the docs: `yard doc` (YARD is not in the Gemfile")
    few = {**files, **{f"lib/tz/m{i}.rb": "def m; end\n" for i in range(3)}}  # two tagged files are not a practice
    assert learn(make_project, few, "few")["workflow/docs"].startswith(
        "To build or preview the docs: `bundle exec rake rdoc`"
    )


def test_one_ruby_test_is_a_file_that_declares_tests_not_a_helper_named_like_one(make_project):
    """tzinfo's test/test_utils.rb is the shared helper; its tests are test/tc_*.rb."""
    files = {"Gemfile": 'gem "rake"\ngem "minitest"\n', "Rakefile": "require 'rake/testtask'\nRake::TestTask.new\n",
             "lib/tz.rb": "module TZ; end\n", "test/test_utils.rb": "require 'minitest/autorun'\nmodule TestUtils; end\n",
             "test/tc_country.rb": "require_relative 'test_utils'\n\nclass TCCountry < Minitest::Test\n"
                                   "  def test_get\n  end\nend\n",
             "test/data/tc_zone.rb": "class TCZone < Minitest::Test\n  def test_z\n  end\nend\n"}  # fmt: skip
    learned = learn(make_project, files, "tzr")
    assert learned["workflow/test-one"].startswith("To run one test: `bundle exec ruby -Itest test/tc_country.rb`")


def test_a_fixer_a_guide_names_beside_a_check_is_the_format_command_not_the_lint(make_project):
    """beberlei/assert's guide: "by running `composer assert:cs-fix` or `composer assert:cs-lint`"; the first
    rewrites files (`php-cs-fixer fix . || true`) and can never fail, the second is the check."""
    guide = ("# How to contribute\n\n- Coding standard compliance must be ensured before committing by running "
             "`composer assert:cs-fix` or `composer assert:cs-lint` in the root directory.\n")  # fmt: skip
    scripts = {"assert:cs-lint": "php-cs-fixer fix --diff --dry-run", "assert:cs-fix": "php-cs-fixer fix . || true"}
    fixer = "<?php\nreturn PhpCsFixer\\Config::create()->setRules(['@PSR2' => true]);\n"  # beberlei/assert's .php_cs
    learned = learn(make_project, {"composer.json": composer({}, scripts=scripts), "CONTRIBUTING.md": guide,
                                   "src/A.php": "<?php\n", ".php_cs": fixer})  # fmt: skip
    assert learned["workflow/lint"].startswith("To lint: `composer assert:cs-lint`")
    assert "cs-fix" not in learned["workflow/lint"]
    assert learned["workflow/format"].startswith("To format: `composer assert:cs-fix`")


def test_one_rspec_run_names_a_spec_file_the_project_has(make_project):
    """pry: `bundle exec rspec spec/pry_spec.rb:<line>`, the spec named after the project, runnable as it stands."""
    files = {"Gemfile": 'gem "rspec"\n', ".rspec": "--require spec_helper\n", "lib/pry.rb": "module Pry; end\n",
             "spec/spec_helper.rb": "", "spec/commands/ls_spec.rb": "describe 'ls' do\nend\n",
             "spec/pry_spec.rb": "describe Pry do\nend\n", "spec/cli_spec.rb": "describe 'cli' do\nend\n"}  # fmt: skip
    learned = learn(make_project, files, "pry")
    assert learned["workflow/test-one"].startswith("To run one test: `bundle exec rspec spec/pry_spec.rb:<line>`")


def test_how_the_gem_is_built_without_bundlers_gem_tasks(make_project):
    """tzinfo's Gem::PackageTask (addressable's inside `namespace :gem`), roda's `package` task running `gem build`,
    and foreman's bare gemspec."""
    spec = "Gem::Specification.new do |s|\n  s.name = 'tz'\nend\n"
    package = "require 'rubygems/package_task'\nnamespace :gem do\n  Gem::PackageTask.new(SPEC) do |p|\n  end\nend\n"
    built = learn(
        make_project, {"tz.gemspec": spec, "Gemfile": "gemspec\n", "Rakefile": package, "lib/tz.rb": ""}, "tz"
    )
    assert built["workflow/build"].startswith("To build: `bundle exec rake gem:package` (the .gem goes to pkg/)")
    roda = "task :package=>[:clean] do |p|\n  sh %{gem build roda.gemspec}\nend\n"
    built = learn(make_project, {"roda.gemspec": spec, "Rakefile": roda, "lib/roda.rb": "class Roda; end\n"}, "roda")
    assert "rake package` (runs `gem build`)" in built["workflow/build"]
    bare = learn(make_project, {"foreman.gemspec": spec, "lib/foreman.rb": "module Foreman; end\n"}, "foreman")
    assert bare["workflow/build"].startswith("To build: `gem build foreman.gemspec`")
