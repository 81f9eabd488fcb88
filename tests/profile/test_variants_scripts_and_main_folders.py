"""Round twenty-seven of general fixes (issue 17), from the causes of the twenty-sixth held-out set: CI's Python
steps, failure-only re-runs and `&&` line ends, builds for one variant, fuzzers, a test file of data, npm's
`tests-only` and `dist`, a concept defined in the README, a benchmark profile's main class, editorconfig's folder
sections, bracketed commit tags, images in a folder, comment paragraphs, towncrier's settings, the main source
folder, files right in external/, Rake's task files, a type checker run by pre-commit, CMake's test functions and
standard variable, one release's changelog headings, `python -m` through packages and Cython."""

from __future__ import annotations

import json

from tests.profile.learned import bodies
from tests.profile.test_project_folders_benchmarks_and_formatting import history

PYPROJECT = '[project]\nname = "yarl"\nversion = "1.0"\n'


def test_ci_reads_shell_lines_only_and_joins_lines_that_end_in_and(make_project):
    ci = (
        "on: [push, pull_request]\njobs:\n  pre-setup:\n    defaults:\n      run:\n        shell: python\n"
        "    steps:\n      - run: |\n          import re\n          VERSION_RE = re.compile(\n"
        "  test:\n    steps:\n      - run: python -Im pytest -v\n"
        "      - if: failure()\n        run: python -Im pytest --no-cov --lf -rA && exit 1\n"
        "  cmake:\n    steps:\n      - run: |\n          mkdir build &&\n          cd build &&\n"
        "          cmake .. &&\n          ctest --output-on-failure\n"
    )
    files = {"pyproject.toml": PYPROJECT, "yarl/__init__.py": "", "yarl/_url.py": "x = 1\n" * 40,
             "tests/test_url.py": "def test_a():\n    pass\n", ".github/workflows/ci.yml": ci}  # fmt: skip
    learned = bodies(make_project, files, name="yarl")
    assert "VERSION_RE" not in learned["ci"] and "VERSION_RE" not in learned.get("workflow/build", "")
    assert "--lf" not in learned["ci"] and "--lf" not in learned["workflow/test"]  # a re-run shown on failure
    assert "`ctest --output-on-failure`" not in learned["ci"]  # it runs in CI's build folder, not the checkout


def test_a_build_for_one_variant_and_a_fuzzer_are_not_how_to_build_and_test(make_project):
    cargo = '[package]\nname = "uuid"\nversion = "1.0.0"\ndescription = "A library to generate and parse UUIDs."\n'
    ci = (
        "on: [push, pull_request]\njobs:\n  msrv:\n    steps:\n"
        "      - run: cargo +1.85.0 build --manifest-path tests/smoke-test/Cargo.toml\n"
        "  wasi:\n    steps:\n      - run: cargo test --target wasm32-wasip1\n"
        "  stable:\n    steps:\n      - run: cargo test --all-features\n"
    )
    guide = "# Contributing\n\n## Fuzzing\n\nWe use `cargo fuzz` to fuzz test various parts of `uuid`.\n"
    readme = "# uuid\n\nHere's an example of a UUID.\n\nA UUID is a unique 128-bit value, stored as 16 octets.\n"
    files = {"Cargo.toml": cargo, "src/lib.rs": "pub fn f() {}\n", "tests/smoke-test/Cargo.toml": cargo,
             ".github/workflows/ci.yml": ci, "CONTRIBUTING.md": guide, "README.md": readme}  # fmt: skip
    learned = bodies(make_project, files, name="uuid")
    assert learned["workflow/build"].startswith("To build: `cargo build")  # the MSRV check stays an alternative
    assert learned["workflow/test"].startswith("To test: `cargo test --all-features`")
    assert "cargo fuzz" not in learned["workflow/test"]
    assert learned["project/summary"] == "Project uuid: A library to generate and parse UUIDs."


def test_a_filtered_ctest_and_an_emscripten_build_come_after_the_plain_ones(make_project):
    cmake = "cmake_minimum_required(VERSION 3.14)\nproject(fast_float)\nenable_testing()\n"
    job = "on: [push, pull_request]\njobs:\n  build:\n    steps:\n      - run: {}\n"
    files = {"CMakeLists.txt": cmake, "include/ff.h": "int f();\n",
             ".github/workflows/alpine.yml": job.format("ctest --test-dir build -R basictest"),
             ".github/workflows/emscripten.yml": job.format("emcmake cmake -B build"),
             ".github/workflows/ubuntu.yml": job.format("cmake -B build && cmake --build build && ctest --test-dir build")}  # fmt: skip
    learned = bodies(make_project, files, name="fast_float")
    assert not learned["workflow/build"].startswith("To build: `emcmake")
    assert not learned["workflow/test"].startswith("To test: `ctest --test-dir build -R basictest`")


def test_npm_scripts_the_tests_only_alias_a_dist_build_and_a_test_file_of_data(make_project):
    scripts = {"pretest": "npm run lint", "test": "npm run tests-only", "tests-only": "nyc tape 'test/**/*.js'",
               "lint": "eslint .", "dist": "mkdirp dist && browserify --standalone Qs lib/index.js > dist/qs.js"}  # fmt: skip
    package = {"name": "qs", "main": "lib/index.js", "scripts": scripts, "devDependencies": {"tape": "^5"}}
    files = {"package.json": json.dumps(package), "lib/index.js": "module.exports = 1;\n",
             "test/empty-keys-cases.js": "module.exports = { emptyTestCases: [] };\n",
             "test/parse.js": "var test = require('tape');\ntest('parse', function (t) { t.end(); });\n"}  # fmt: skip
    learned = bodies(make_project, files, name="qs")
    assert "`npx tape test/parse.js`" in learned["workflow/test-one"]
    assert "`npm run tests-only`" in learned["workflow/test"]
    assert learned["workflow/build"].startswith("To build: `npm run dist`")


def test_a_benchmark_profiles_main_class_and_editorconfigs_folder_sections(make_project):
    pom = (
        "<project><artifactId>json-schema-validator</artifactId><packaging>bundle</packaging>"
        "<distributionManagement></distributionManagement><profiles><profile><id>benchmark</id><build><plugins><plugin>"
        "<configuration><transformers><transformer><manifest><mainClass>org.openjdk.jmh.Main</mainClass>"
        "</manifest></transformer></transformers></configuration></plugin></plugins></build></profile></profiles>"
        "</project>\n"
    )
    editorconfig = "root = true\n\n[*]\nindent_style = space\nindent_size = 4\n\n[coverage/**/*]\nindent_size = off\n"
    files = {"pom.xml": pom, "src/main/java/a/A.java": "class A {}\n", ".editorconfig": editorconfig,
             "package.json": '{"name": "x"}', "lib/x.js": "module.exports = 1;\n"}  # fmt: skip
    learned = bodies(make_project, files, name="json-schema-validator")
    assert "a library (published)" in learned["jvm/packaging"]
    assert "indent size 4" in learned["style/javascript"] and "off" not in learned["style/javascript"]


def test_bracketed_commit_tags_are_named(make_project):
    repo = make_project({"a.txt": "0\n"}, message="[Fix] start")
    for i, subject in enumerate(["[Fix] parse: depth", "[New] stringify: option", "[Fix] utils: merge",
                                 "[Dev Deps] update eslint", "[Fix] parse: limit"]):  # fmt: skip
        repo.write({"a.txt": f"{i}\n"}).commit(subject)
    body = history(repo.root).findings[0].body
    assert (
        "a bracketed tag leads (100% of the last 6; most often [Fix], " in body
        and "[New]" in body
        and "[Dev Deps]" in body
    )
    assert "free-form" not in body, "a kind-of-change tag on every subject is the convention itself"


def test_images_count_in_their_folder_and_a_comment_paragraph_stands_alone(make_project):
    pyproject = PYPROJECT + (
        "\n[tool.local.cythonize.kwargs]\n# This section can contain args that have values:\n"
        "# * parallel=N    run builds in N parallel jobs\n#\n"
        "# NOTE: Setting parallelism to 1 works around a bug in the ``cythonize``\n"
        "# NOTE: script that hangs on macOS because of the ``spawn`` method.\nparallel = 1\n"
    )
    files = {"pyproject.toml": pyproject, "yarl/__init__.py": "", "yarl/_url.py": "x = 1\n" * 40,
             "logos/Logo.ai": b"%PDF-1.5 artwork", "logos/Logo.png": b"\x89PNG\r\n", "logos/README.md": "Logos.\n",
             "docs/README.md": "# Docs\n\nThe source for <https://example.org/docs/>.\n"}  # fmt: skip
    learned = bodies(make_project, files, name="yarl")
    assert "logos/ (binary files: .ai, .png, 3 files)" in learned["layout/folders"]  # two are images
    assert "README: The source for https://example.org/docs/." in learned["layout/folders"]
    policy = next(body for key, body in learned.items() if key.startswith("decision/manifest/"))
    assert "Setting parallelism to 1 works around a bug" in policy and "This section can contain" not in policy
    assert "NOTE" not in policy


def test_towncriers_own_settings_and_a_decimal_coverage_threshold(make_project):
    towncrier = (
        '[tool.towncrier]\n  filename = "CHANGES.rst"\n  directory = "CHANGES/"\n\n'
        '  [[tool.towncrier.type]]\n    directory = "bugfix"\n    name = "Bug fixes"\n\n'
        '  [[tool.towncrier.type]]\n    directory = "feature"\n    name = "Features"\n'
    )
    files = {"pyproject.toml": PYPROJECT, "yarl/__init__.py": "", "towncrier.toml": towncrier,
             "CHANGES.rst": "1.0\n===\n\n- first\n", "CHANGES/README.rst": "Fragments.\n",
             ".coveragerc": "[report]\nfail_under = 98.95\n"}  # fmt: skip
    learned = bodies(make_project, files, name="yarl")
    assert "add a fragment to CHANGES/ (such as `CHANGES/<number>.bugfix.rst`" in learned["rules/changelog"]
    assert "the kinds it declares: bugfix, feature" in learned["rules/changelog"]
    assert "Test coverage must stay at 98.95%" in learned["rules/config"]


def test_the_main_source_is_the_folder_named_as_the_project_and_not_the_one_with_most_small_files(make_project):
    python = {"pyproject.toml": PYPROJECT, "benchmark.py": "x = 1\n" * 30, "setup_helpers.py": "y = 2\n" * 30,
              "yarl/__init__.py": "", "yarl/_url.py": "u = 1\n" * 300, "yarl/_parse.py": "p = 1\n" * 200,
              "yarl/_path.py": "p = 1\n" * 100, "packaging/pep517_backend/__init__.py": "",
              "packaging/pep517_backend/__main__.py": "print(1)\n", "packaging/pep517_backend/hooks.py": "h = 1\n"}  # fmt: skip
    learned = bodies(make_project, python, name="yarl")
    assert learned["layout/source"].startswith("Main source in yarl/")
    assert "packaging.pep517_backend" not in learned.get("python/entry-points", "")  # no packaging/__init__.py
    # phpdoc-parser: 77 small AST node classes, the parser in a few big files (more of the code by bytes)
    php = {"composer.json": '{"name": "phpstan/phpdoc-parser"}', "src/Parser/TypeParser.php": "<?php\n" + "x;\n" * 15000,
           "src/Parser/PhpDocParser.php": "<?php\n" + "y;\n" * 15000, "src/Printer/Printer.php": "<?php\n" + "z;\n" * 11000,
           **{f"src/Ast/Node{i}.php": "<?php\n" + "class N {}\n" * 86 for i in range(77)}}  # fmt: skip
    learned = bodies(make_project, php, name="phpdoc-parser")
    assert learned["layout/source"].startswith("Main source in src/:")


def test_files_right_in_external_are_the_projects_own(make_project):
    files = {"Cargo.toml": '[package]\nname = "uuid"\nversion = "1.0.0"\n', "src/lib.rs": "mod external;\n" * 20,
             "src/fmt.rs": "fn f() {}\n" * 20, "src/parser.rs": "fn p() {}\n" * 20,
             "src/external/serde_support.rs": "fn s() {}\n" * 30, "src/external/slog_support.rs": "fn l() {}\n"}  # fmt: skip
    learned = bodies(make_project, files, name="uuid")
    assert "sub-folders external/ (2)" in learned["layout/source"]


def test_rakes_task_files_and_test_prefixed_minitest_files(make_project):
    rakefile = "Dir['tasks/**/*.rake'].each { |rake| load rake }\nrequire 'bundler'\n"
    task = "require 'rake/testtask'\n\nRake::TestTask.new do |t|\n  t.libs << 'test'\nend\n"
    files = {"Gemfile": "source 'https://rubygems.org'\ngem 'minitest'\n", "Rakefile": rakefile,
             "tasks/test.rake": task, "lib/faker.rb": "module Faker; end\n", "test/test_helper.rb": "",
             "test/faker/default/test_faker_name.rb": "require_relative '../../test_helper'\n\n"
             "class TestFakerName < Test::Unit::TestCase\n  def test_name\n  end\nend\n"}  # fmt: skip
    learned = bodies(make_project, files, name="faker")
    assert "`bundle exec rake test`" in learned["workflow/test"]
    assert learned["workflow/test-one"].startswith(
        "To run one test: `bundle exec ruby -Itest test/faker/default/test_faker_name.rb`"
    )


def test_a_type_checker_that_pre_commit_runs(make_project):
    hooks = (
        "repos:\n- repo: https://github.com/pre-commit/mirrors-mypy.git\n  hooks:\n  - id: mypy\n"
        "    alias: mypy-py311\n    args: [--python-version=3.11]\n"
    )
    files = {"pyproject.toml": PYPROJECT, "yarl/__init__.py": "", ".pre-commit-config.yaml": hooks}
    learned = bodies(make_project, files, name="yarl")
    assert learned["workflow/typecheck"].startswith("To type-check: `pre-commit run mypy-py311 --all-files`")


def test_cmake_test_functions_and_the_standard_a_variable_sets(make_project):
    root = (
        "cmake_minimum_required(VERSION 3.14)\nproject(fast_float)\n"
        'set(FASTFLOAT_CXX_STANDARD 11 CACHE STRING "the standard")\nset(CMAKE_CXX_STANDARD ${FASTFLOAT_CXX_STANDARD})\n'
        "add_library(fast_float INTERFACE)\nenable_testing()\nadd_subdirectory(tests)\n"
    )
    tests = (
        "function(ff_add_test TEST_NAME)\n  add_executable(${TEST_NAME} ${TEST_NAME}.cpp)\n"
        "  add_test(NAME ${TEST_NAME} COMMAND ${TEST_NAME})\nendfunction(ff_add_test)\n"
        "set(CMAKE_CXX_STANDARD 17)\nff_add_test(basictest)\nff_add_test(example_test)\n"
        "if (FASTFLOAT_EXHAUSTIVE)\n  ff_add_test(exhaustive32)\nendif()\n"
    )
    files = {"CMakeLists.txt": root, "include/fast_float/fast_float.h": "int f();\n", "tests/CMakeLists.txt": tests,
             "tests/basictest.cpp": "int main() {}\n", "tests/example_test.cpp": "int main() {}\n",
             "tests/exhaustive32.cpp": "int main() {}\n"}  # fmt: skip
    learned = bodies(make_project, files, name="fast_float")
    assert learned["layout/tests"].startswith(
        "3 test programs built by tests/CMakeLists.txt (2 by default, 1 behind options) from basictest.cpp"
    )
    assert "; C++11;" in learned["cpp/build"]


def test_one_releases_heading_is_no_section_of_every_entry(make_project):
    changelog = (
        "# Changelog\n\n## v3.8.0\n\n### Enabling lazy load\n\n- Add lazy loading\n\n### Bug fixes\n\n- Fix a\n\n"
        "## v3.7.0\n\n### Bug fixes\n\n- Fix b\n\n### Features\n\n- Add c\n\n## v3.6.0\n\n- Fix d\n"
    )
    files = {"CHANGELOG.md": changelog, "lib/faker.rb": "module Faker; end\n"}
    learned = bodies(make_project, files, name="faker")
    assert "Enabling lazy load" not in learned["rules/changelog"]
    assert "entries use the sections Bug fixes, Features" in learned["rules/changelog"]


def test_cython_is_a_language_and_a_tag_in_code_is_kept(make_project):
    agents = (
        "# Agents\n\n## Pull requests\n\n- Agent output goes in a footer, ideally in a collapsed `<details>` block.\n"
    )
    guide = (
        "# Contributing\n\n## Code style\n\n- Use keyword arguments in new generators.\n\n## Continuous integration\n\n"
        "What happens if the build fails in some way? Don't fear! Check the failed job's output.\n"
    )
    files = {"pyproject.toml": PYPROJECT, "yarl/__init__.py": "", "yarl/_url.py": "x = 1\n" * 200,
             "yarl/_quoting_c.pyx": "cdef int x = 1\n" * 20, "AGENTS.md": agents, "CONTRIBUTING.md": guide}  # fmt: skip
    learned = bodies(make_project, files, name="yarl")
    assert "Cython" in learned["languages"]
    assert "collapsed `<details>` block" in learned["rules/AGENTS.md"]
    assert "fear" not in learned["rules/CONTRIBUTING.md"]


def test_a_few_typescript_files_beside_javascript_do_not_make_its_style_typescripts(make_project):
    tsconfig = '{\n  "compilerOptions": {\n    "strict": true,\n    // "checkJs": true,\n    "allowJs": true\n  }\n}\n'
    files = {"package.json": '{"name": "axios", "devDependencies": {"eslint": "^9"}}', "tsconfig.json": tsconfig,
             ".eslintrc.json": '{"extends": "eslint:recommended"}', "lib/a.js": "module.exports = 1;\n" * 200,
             "lib/b.js": "module.exports = 2;\n" * 200, "test/typings.ts": "const x: number = 1;\n"}  # fmt: skip
    learned = bodies(make_project, files, name="axios")
    assert "style/typescript" not in learned
    assert learned["style/javascript"] == "JavaScript style in this project: eslint with eslint:recommended."


def test_a_shared_test_harness_is_no_test_file(make_project):
    files = {"src/pugixml.cpp": "int x;\n" * 100, "src/pugixml.hpp": "int f();\n",
             "tests/test.cpp": "#include \"test.hpp\"\nbool test_string_equal() { return true; }\n",
             "tests/test_document.cpp": "TEST(document_load) {}\n", "tests/test_dom.cpp": "TEST(dom_attr) {}\n"}  # fmt: skip
    learned = bodies(make_project, files, name="pugixml")
    assert learned["layout/tests"].startswith("2 test files, named test_*.cpp;")


def test_maven_comments_a_bare_wrapper_and_a_site_with_no_pages(make_project):
    pom = (
        "<project><artifactId>assertj-core</artifactId><dependencies><!-- Included by hibernate-core -->"
        "<dependency><artifactId>hibernate-core</artifactId><scope>test</scope></dependency></dependencies></project>\n"
    )
    guide = (
        "# Contributing\n\nBuild and test everything with `./mvnw`.\n\nRun `./mvnw clean verify` to run all tests.\n"
    )
    files = {"pom.xml": pom, "mvnw": "#!/bin/sh\n", "src/main/java/a/A.java": "class A {}\n",
             "src/site/site.xml": "<project><body><menu/></body></project>\n", "CONTRIBUTING.md": guide}  # fmt: skip
    learned = bodies(make_project, files, name="assertj")
    assert "Hibernate" not in learned["jvm/packaging"]
    assert learned["workflow/test"].startswith("To test: `./mvnw clean verify`")
    assert "site" not in learned.get("workflow/docs", "")


def test_nox_with_test_sessions_off_by_default_and_a_test_file_the_default_run_deselects(make_project):
    noxfile = (
        "import nox\n\n@nox.session(\n    python=['3.12'],\n    default=False,\n)\ndef tests(session):\n"
        "    session.run('pytest')\n\n@nox.session\ndef lint(session):\n    session.run('ruff')\n"
    )
    pyproject = PYPROJECT + '\n[tool.pytest.ini_options]\naddopts = ["-ra", "-m", "not property"]\n'
    guide = "# Contributing\n\nRun the checks with `nox`.\n"
    property_test = "import pytest\n\npytestmark = pytest.mark.property\n\ndef test_cross():\n    pass\n"
    files = {"pyproject.toml": pyproject, "noxfile.py": noxfile, "CONTRIBUTING.md": guide, "src/pkg/__init__.py": "",
             "tests/property/test_ranges.py": property_test, "tests/test_version.py": "def test_v():\n    pass\n"}  # fmt: skip
    learned = bodies(make_project, files, name="packaging")
    assert "`nox`" not in learned.get("workflow/test", "")
    assert learned["workflow/test-one"].startswith("To run one test: `pytest tests/test_version.py::test_v`")


def test_a_lint_glob_is_no_test_suite_and_a_folder_of_jars_is_no_library(make_project):
    scripts = {"test": "npm run test:eslint && npm run test:mocha", "test:eslint": "eslint lib/**/*.js",
               "test:mocha": "mocha test/unit/**/*.js"}  # fmt: skip
    files = {"package.json": json.dumps({"name": "axios", "scripts": scripts}), "lib/axios.js": "export default 1;\n",
             "lib/adapters/fetch.js": "export default 2;\n", "lib/core.js": "export default 3;\n",
             "test/unit/core.js": "describe('core', () => { it('works', () => {}); });\n",
             "vendor-lib/a.jar": b"PK\x03\x04", "lib-jars/b.jar": b"PK\x03\x04", "doc/gen.js": "export default 4;\n"}  # fmt: skip
    learned = bodies(make_project, files, name="axios")
    assert "lib/**/*.js" not in learned.get("layout/tests", "")
    assert "lib/adapters" not in learned.get("workflow/test-one", "")
    assert "lib-jars/ (binary files: .jar, 1 file)" in learned["layout/folders"]


def test_a_tracked_build_folder_is_listed_and_a_package_named_doc_is_code(make_project):
    files = {"go.mod": "module github.com/spf13/cobra\n\ngo 1.22\n", "cobra.go": "package cobra\n" * 50,
             "command.go": "package cobra\n" * 50, "doc/man_docs.go": "package doc\n", "doc/md_docs.go": "package doc\n",
             "build/cmake/CMakeLists.txt": "project(x)\n", "build/README.md": "Build scripts.\n"}  # fmt: skip
    learned = bodies(make_project, files, name="cobra")
    assert "doc/ (mostly Go, 2 files)" in learned["layout/folders"]
    assert "build/ (2 files" in learned["layout/folders"]


def test_cmake_warnings_of_the_tests_and_where_test_programs_are_declared(make_project):
    root = "cmake_minimum_required(VERSION 3.14)\nproject(ff)\nadd_library(ff INTERFACE)\nadd_subdirectory(tests)\n"
    tests = "function(t N)\n  add_executable(${N} ${N}.cpp)\n  target_compile_options(${N} PUBLIC -Wall -Wextra)\nendfunction()\nt(a)\n"
    files = {
        "CMakeLists.txt": root,
        "include/ff.h": "int f();\n",
        "tests/CMakeLists.txt": tests,
        "tests/a.cpp": "int main() {}\n",
    }
    learned = bodies(make_project, files, name="ff")
    assert "tests built from tests/" in learned["cpp/build"]
    assert learned["cpp/warnings"].startswith("Compiler warnings: the tests compile with -Wall -Wextra;")


def test_git_areas_that_moved_count_where_they_are_now(make_project):
    repo = make_project({"lib/js-yaml/loader.js": "0\n"}, message="start")
    for i in range(6):
        repo.write({"lib/js-yaml/loader.js": f"{i}\n"}).commit(f"change {i}")
    repo.git("mv", "lib/js-yaml/loader.js", "lib/loader.js")
    repo.commit("flatten lib")
    body = next(f.body for f in history(repo.root).findings if f.key == "git/active-areas")
    assert body.startswith("Most active areas in the last 8 commits: lib (7 commits)")  # lib/js-yaml/ is lib/ now


def test_ragel_parsers_are_generated_and_a_step_on_a_matrix_value_that_is_not_there_never_runs(make_project):
    ci = (
        "on: [push, pull_request]\njobs:\n  ci:\n    strategy:\n      matrix:\n        rust: [1.87.0, 1.80.0]\n"
        "    steps:\n      - run: cargo test\n      - if: ${{ matrix.rust == 'stable' }}\n"
        "        run: cargo clippy -- -D warnings\n"
    )
    files = {"Cargo.toml": '[package]\nname = "criterion"\nversion = "0.7.0"\n', "src/lib.rs": "pub fn f() {}\n",
             ".github/workflows/ci.yaml": ci, "lib/mail/parsers/address_parser.rl": "%%{ machine a; }%%\n",
             "lib/mail/parsers/address_parser.rb": "x = 1\n" * 500, "lib/mail/message.rb": "y = 1\n" * 100,
             "lib/mail.rb": "require 'mail/message'\n", "Gemfile": "gem 'mail'\n"}  # fmt: skip
    learned = bodies(make_project, files, name="criterion")
    assert "clippy" not in learned["ci"]


def test_inline_implementation_files_are_cpp_and_a_ci_variable_set_from_the_matrix_goes(make_project):
    ci = (
        "on: [push, pull_request]\njobs:\n  linux:\n    strategy:\n      matrix:\n        linker: [lld, bfd]\n"
        "    steps:\n      - run: CXX=c++ CXX_LD=${{ matrix.linker }} meson setup build -Ddevel=true\n"
    )
    files = {"meson.build": "project('tomlplusplus', 'cpp')\n", "include/toml++/impl/parser.inl": "int p;\n" * 900,
             "include/toml++/impl/table.hpp": "int t;\n" * 100, "include/toml++/impl/node.hpp": "int n;\n" * 50,
             ".github/workflows/ci.yaml": ci}  # fmt: skip
    learned = bodies(make_project, files, name="tomlplusplus")
    assert "largest modules parser.inl, table.hpp" in learned["layout/source"]
    assert "`meson setup build -Ddevel=true`" in learned["ci"] and "}}" not in learned["ci"]


def test_a_docs_site_with_code_samples_stays_documentation_and_a_missing_requirements_file_is_no_setup(make_project):
    guide = (
        "# Contributing\n\nInstall with `pip install -r requirements.txt`.\n\n"
        "Build the image with `cd scripts/docker && uv pip install -r requirements.txt`.\n"
    )
    files = {"pyproject.toml": PYPROJECT, "yarl/__init__.py": "", "requirements.txt": "pytest\n",
             "CONTRIBUTING.md": guide, "scripts/docker/Dockerfile": "FROM python\n", "docs/conf.py": "x = 1\n",
             **{f"docs/example{i}.py": "print(1)\n" * 20 for i in range(6)}, "docs/index.rst": "Docs\n====\n"}  # fmt: skip
    learned = bodies(make_project, files, name="yarl")
    assert "docs/ (documentation" in learned["layout/folders"]
    assert "scripts/docker" not in learned["workflow/install"]


def test_a_meson_compile_in_ci_follows_its_setup_and_ragel_parsers_are_said_to_come_from_their_grammar(make_project):
    ci = "on: [push, pull_request]\njobs:\n  linux:\n    steps:\n      - run: meson compile -C build\n"
    files = {"meson.build": "project('t', 'cpp')\n", "src/a.cpp": "int a;\n", ".github/workflows/ci.yaml": ci,
             "lib/mail/parsers/address_parser.rl": "%%{ machine a; }%%\n", "lib/mail/parsers/address_parser.rb": "x\n"}  # fmt: skip
    learned = bodies(make_project, files, name="t")
    assert not learned["workflow/build"].startswith("To build: `meson compile -C build`")
    assert (
        "(made from the grammar beside it): lib/mail/parsers/address_parser.rb (by Ragel, from address_parser.rl)"
        in (learned["rules/config"])
    )
