"""Round twenty-six of general fixes (issue 17), from the causes of the twenty-fifth held-out set: cross's target,
a compile-only check, ESLint rules named like presets, pre-commit with formatters only, workflows the CI fact does
not read, gocheck suites, Rake's default task and Shindo's tests, a link in a guide's prose, cargo aliases, mocha's
loaders, the guide's install flags, a container's demo and a test folder's test.cc."""

from __future__ import annotations

from tests.profile.learned import bodies

CARGO = '[package]\nname = "bytemuck"\nversion = "1.0.0"\n'


def test_cross_keeps_the_target_ci_names_and_a_compile_only_check_is_no_test(make_project):
    rust = (
        "on: [push, pull_request]\njobs:\n  cross-test:\n    strategy:\n      matrix:\n"
        "        target: [i686-unknown-linux-gnu, s390x-unknown-linux-gnu]\n    steps:\n"
        "      - run: cross test --verbose --target=${{ matrix.target }} --no-default-features\n"
    )
    win32 = (
        "on: [push, pull_request]\njobs:\n  test-win32:\n    steps:\n"
        "      - run: cl /std:c++14 /EHsc /W4 /WX /c /Fo:NUL test\\test_32bit_build.cpp\n"
    )
    files = {"Cargo.toml": CARGO, "src/lib.rs": "pub fn f() {}\n", ".github/workflows/rust.yml": rust,
             ".github/workflows/test-32bit.yml": win32}  # fmt: skip
    learned = bodies(make_project, files, name="bytemuck")
    assert "`cross test --verbose --target <target> --no-default-features`" in learned["ci"]
    assert "cross" not in learned.get("workflow/test-one", "")  # a placeholder for the target picks no test
    assert "cl /std" not in learned["workflow/test"]  # `/c` compiles; it links nothing to run


def test_an_eslint_rule_turned_off_is_no_preset_and_formatters_alone_lint_nothing(make_project):
    eslint = '{"extends": "airbnb-base", "rules": {"no-restricted-globals": 0, "strict": [2, "global"]}}\n'
    hooks = (
        "repos:\n  - repo: https://github.com/pre-commit/mirrors-clang-format\n    hooks:\n      - id: clang-format\n"
    )
    files = {"package.json": '{"name": "validator"}\n', "src/index.js": "export default 1;\n",
             ".eslintrc.json": eslint, ".pre-commit-config.yaml": hooks}  # fmt: skip
    learned = bodies(make_project, files, name="validator.js")
    assert "airbnb-base" in learned["style/javascript"]
    assert "restricted" not in learned["style/javascript"] and "strict" not in learned["style/javascript"]
    assert "pre-commit" not in learned.get("workflow/lint", "")  # clang-format -i rewrites; it checks nothing
    assert "pre-commit run --all-files" in learned["workflow/format"]


def test_the_ci_fact_names_every_workflow_it_does_not_read(make_project):
    test = "on: [push, pull_request]\njobs:\n  test:\n    steps:\n      - run: go test ./...\n"
    abi = "on: [push, pull_request]\njobs:\n  abi:\n    steps:\n      - uses: some/abidiff-action@v1\n"
    files = {"go.mod": "module example.com/x\n\ngo 1.22\n", "x.go": "package x\n",
             ".github/workflows/test.yml": test, ".github/workflows/abidiff.yaml": abi}  # fmt: skip
    learned = bodies(make_project, files, name="x")
    assert learned["ci"].endswith("Not read for commands: abidiff.yaml.")


def test_gocheck_suites_and_a_quoted_go_mod(make_project):
    go_mod = 'module "gopkg.in/yaml.v3"\n\nrequire (\n\t"gopkg.in/check.v1" v0.0.0-20161208181325-20d25e280405\n)\n'
    suite = 'package yaml_test\n\nimport (\n\t. "gopkg.in/check.v1"\n\t"testing"\n)\n\nfunc Test(t *testing.T) { TestingT(t) }\n'
    files = {"go.mod": go_mod, "yaml.go": "package yaml\n", "suite_test.go": suite,
             "decode_test.go": "package yaml_test\n\nfunc (s *S) TestDecode(c *C) {}\n"}  # fmt: skip
    learned = bodies(make_project, files, name="yaml")
    assert learned["go/packaging"] == "Go project: module `gopkg.in/yaml.v3`."
    assert "no external dependencies" not in learned["go/stack"] and "Test tools: gocheck" in learned["go/stack"]
    assert learned["workflow/test-one"].startswith("To run one test: `go test . -check.f <Suite.TestName>`")
    assert learned["workflow/install"].startswith("To install: `go mod download`")


def test_rakes_default_task_runs_both_suites_and_shindo_tests_are_tests(make_project):
    rakefile = (
        "Shindo::Rake.new\nRSpec::Core::RakeTask.new(:spec)\n\ntask :default => [:tests, :test]\ntask :test => :spec\n"
    )
    gemspec = "Gem::Specification.new do |s|\n  s.name = 'excon'\n  s.add_development_dependency('shindo')\nend\n"
    files = {"Rakefile": rakefile, "excon.gemspec": gemspec, "Gemfile": "gemspec\n", "lib/excon.rb": "module Excon; end\n",
             **{f"tests/t{i}_tests.rb": "Shindo.tests {}\n" for i in range(4)},
             "spec/excon_spec.rb": "describe 'x' do; end\n"}  # fmt: skip
    learned = bodies(make_project, files, name="excon")
    assert learned["workflow/test"].startswith("To test: `bundle exec rake` — from Rakefile default task.")
    assert learned["layout/tests"].startswith("5 test files, named *_tests.rb, *_spec.rb; they live in tests/ (4")
    assert "Shindo" in learned["ruby/stack"]


def test_a_link_in_the_guide_is_not_its_prose_and_the_guides_install_flags_win(make_project):
    readme = (
        "# boltons\n\n## Development\n\nInstall [uv](https://docs.astral.sh/uv/), then set up a dev environment:\n\n"
        "```bash\nuv venv && uv pip install -e .\n```\n"
    )
    files = {"README.md": readme, "pyproject.toml": '[project]\nname = "boltons"\n', "boltons/x.py": "X = 1\n",
             "docs/conf.py": "project = 'boltons'\n", "docs/Makefile": "html:\n\tsphinx-build -b html . _build\n"}  # fmt: skip
    learned = bodies(make_project, files, name="boltons")
    assert "uv venv" not in learned["workflow/docs"]
    assert learned["workflow/install"].startswith("To install: `uv venv && uv pip install -e .` — from README.md.")
    guide = "# Contributing\n\n* Install the project using `npm install --legacy-peer-deps` (see issue 2123)\n"
    files = {"CONTRIBUTING.md": guide, "package.json": '{"name": "validator", "scripts": {}}\n', "index.js": "\n"}
    learned = bodies(make_project, files, name="validator.js")
    assert learned["workflow/install"] == "To install: `npm install --legacy-peer-deps` — from CONTRIBUTING.md."


def test_a_cargo_alias_and_mochas_loader(make_project):
    config = '[alias]\nnightly_docs = "doc --no-deps -F nightly_docs"\n'
    files = {"Cargo.toml": CARGO, "src/lib.rs": "pub fn f() {}\n", ".cargo/config.toml": config}
    learned = bodies(make_project, files, name="bytemuck")
    assert learned["workflow/docs"].startswith(
        "To build or preview the docs: `cargo nightly_docs` (`cargo doc --no-deps -F nightly_docs`)"
    )
    package = (
        '{"name": "validator", "scripts": {"test": "nyc mocha --require @babel/register --reporter dot --recursive"},'
        ' "devDependencies": {"mocha": "^10"}}\n'
    )
    files = {"package.json": package, "src/index.js": "export default 1;\n", "test/validators.test.js": "\n",
             "test/sanitizers.test.js": "\n"}  # fmt: skip
    learned = bodies(make_project, files, name="validator.js")
    assert "`npx mocha --require @babel/register test/" in learned["workflow/test-one"]


def test_a_containers_demo_is_not_source_and_a_test_folders_test_cc_is_a_test(make_project):
    files = {"httplib.h": "int x;\n" * 50, "docker/main.cc": "int main() {}\n",
             "docs-util/llm-app/app.cpp": "int main() {}\n", "test/test.cc": "TEST(ServerTest, Get) {}\n",
             "test/test_proxy.cc": "int y;\n", "CMakeLists.txt": "project(httplib CXX)\n"}  # fmt: skip
    learned = bodies(make_project, files, name="cpp-httplib")
    assert learned["layout/source"] == (
        "Main source: the project's own C++ code is all in httplib.h at the repository root. Its tests are in test/."
    )
    assert learned["layout/tests"].startswith("2 test files")


def test_a_cd_on_its_own_line_moves_the_commands_after_it(make_project):
    rust = (
        "on: [push, pull_request]\njobs:\n  clippy:\n    steps:\n      - run: |\n          cd ./tests/smoke-test\n"
        "          cargo clippy\n"
    )
    api = (
        "on: [pull_request]\njobs:\n  api:\n    steps:\n      - uses: actions/checkout@v4\n        with:\n"
        "          path: gson-old\n      - run: |\n          cd gson-old\n          mvn install -DskipTests\n"
    )
    files = {"Cargo.toml": CARGO, "src/lib.rs": "pub fn f() {}\n", "tests/smoke-test/Cargo.toml": CARGO,
             "tests/smoke-test/src/main.rs": "fn main() {}\n", ".github/workflows/rust.yml": rust,
             ".github/workflows/api.yml": api}  # fmt: skip
    learned = bodies(make_project, files, name="bitflags")
    assert "`cd tests/smoke-test && cargo clippy`" in learned["ci"]
    assert "mvn install" not in str(learned)  # gson-old/ is a folder only CI's checkout makes
    cmake = (
        "on: [push, pull_request]\njobs:\n  build:\n    steps:\n      - run: cmake -S . -B build\n"
        "      - run: cmake --build build\n      - run: |\n          cd build\n          ctest --output-on-failure\n"
        "  rails:\n    steps:\n      - run: git clone --depth=1 https://github.com/rails/rails.git -b main\n"
        "      - run: cd rails/actionmailer && bundle exec rake\n"
    )
    files = {"CMakeLists.txt": "project(fs CXX)\n", "src/a.cpp": "int a;\n", ".github/workflows/ci.yml": cmake}
    ci = bodies(make_project, files, name="filesystem")["ci"]
    assert "`cd build && ctest --output-on-failure`" in ci and "actionmailer" not in ci  # CI's build folder is kept


def test_a_long_matrix_says_it_runs_more(make_project):
    versions = ", ".join(f"py3{n}" for n in range(7, 15))  # py37 … py314: eight values
    tests = (
        f"on: [push, pull_request]\njobs:\n  tests:\n    strategy:\n      matrix:\n        tox: [{versions}]\n"
        "    steps:\n      - run: tox -e ${{ matrix.tox }}\n"
    )
    files = {"tox.ini": "[tox]\nenv_list = py3{7,8,9,10,11,12,13,14}\n", "pyproject.toml": '[project]\nname = "b"\n',
             "b/x.py": "X = 1\n", ".github/workflows/tests.yaml": tests}  # fmt: skip
    learned = bodies(make_project, files, name="boltons")
    assert "`tox -e py312` and other commands." in learned["ci"]  # never a list that looks complete when it is not


def test_minitest_specs_are_not_rspec_and_a_rake_task_is_not_guessed(make_project):
    files = {"Rakefile": 'desc "Run specs"\ntask "spec" do\n  sh "ruby spec/all.rb"\nend\n\ntask :default=>:spec\n',
             "roda.gemspec": "Gem::Specification.new do |s|\n  s.name = 'roda'\nend\n", "lib/roda.rb": "class Roda; end\n",
             "spec/spec_helper.rb": "require \"minitest/global_expectations/autorun\"\n",
             "spec/roda_spec.rb": "describe 'roda' do; end\n"}  # fmt: skip
    learned = bodies(make_project, files, name="roda")
    assert learned["workflow/test"] == "To test: `rake` — from Rakefile default task."  # no `rspec`, no `rake test`


def test_a_verbose_flag_keeps_the_plain_install_and_a_pretest_build_comes_first(make_project):
    guide = "# Contributing\n\nInstall the dependencies:\n\n```\ncomposer install -vvv\n```\n"
    files = {
        ".github/CONTRIBUTING.md": guide,
        "composer.json": '{"name": "composer/composer"}\n',
        "src/A.php": "<?php\n",
    }
    learned = bodies(make_project, files, name="composer")
    assert learned["workflow/install"].endswith("Also: `composer install` (composer.json).")
    package = (
        '{"name": "yargs", "scripts": {"test": "c8 mocha ./test/*.mjs --require ./test/before.mjs", '
        '"pretest": "npm run compile -- -p tsconfig.test.json", "compile": "tsc"}, "devDependencies": {"mocha": "^10"}}\n'
    )
    suite = "describe('x', () => { it('y', () => {}) })\n"
    files = {"package.json": package, "lib/index.ts": "export {}\n", "test/argsert.mjs": suite, "test/usage.mjs": suite,
             "test/before.mjs": "\n"}  # fmt: skip
    learned = bodies(make_project, files, name="yargs")
    one = learned["workflow/test-one"]
    assert one.startswith("To run one test: `npm run compile -- -p tsconfig.test.json && npx mocha test/")
    assert "--require ./test/before.mjs" in one.split("`")[1]  # the tests import what the compile builds


def test_a_short_ci_list_has_no_empty_items_and_push_only_workflows_say_so_once(make_project):
    """similar: every workflow `on: [push]`; the list must not read
    "`make test`, `make wasi-test`, , , , ." and must not claim pull requests."""
    runs = ["make test", "make wasi-test", "cargo check --no-default-features", "cargo check --features std",
            "cargo check --features alloc", "cargo check", "cargo test --doc", "cargo build"]  # fmt: skip
    steps = "".join(f"      - run: {r}\n" for r in runs)
    tests = f"on: [push]\njobs:\n  build:\n    runs-on: ubuntu-latest\n    steps:\n{steps}"
    lint = "on: [push]\njobs:\n  build:\n    runs-on: ubuntu-latest\n    steps:\n      - run: make lint\n"
    files = {"Cargo.toml": '[package]\nname = "similar"\nversion = "2.7.0"\n', "src/lib.rs": "pub fn x() {}\n",
             "Makefile": "test:\n\tcargo test\nlint:\n\tcargo clippy\nwasi-test:\n\tcargo wasi test\n",
             ".github/workflows/tests.yml": tests, ".github/workflows/clippy.yml": lint}  # fmt: skip
    ci = bodies(make_project, files, name="similar")["ci"]
    assert ci.startswith("CI (GitHub Actions) on pushes only (not on pull requests): ")
    assert ", ," not in ci and "pull request:" not in ci


def test_meson_tests_are_the_roots_and_go_vet_off_is_no_lint(make_project):
    """Unity's only meson `test()`s are in its examples' own projects; progressbar's CI `go test … -vet=off` tests."""
    unity = {"meson.build": "project('unity', 'c')\nsubdir('src')\n", "src/meson.build": "lib = library('unity')\n",
             "src/unity.c": "int x;\n", "examples/example_1/meson.build": "project('ex', 'c')\ntest('ex', exe)\n"}  # fmt: skip
    assert "meson test" not in bodies(make_project, unity, name="unity").get("workflow/test", "")
    reached = {**unity, "src/meson.build": "lib = library('unity')\ntest('unit', exe)\n"}
    assert "`meson test -C build`" in bodies(make_project, reached, name="reached")["workflow/test"]
    ci = "on: [push]\njobs:\n  audit:\n    runs-on: ubuntu-latest\n    steps:\n      - run: go test -race -vet=off .\n"
    files = {"go.mod": "module github.com/acme/bar\n", "bar.go": "package bar\n", ".github/workflows/ci.yml": ci}
    assert "-vet=off" not in bodies(make_project, files, name="bar").get("workflow/lint", "")
