"""Faults carried over from set 38 to 40 (issue 17, thirty-third round): a long option whose value CI's matrix picks
goes with its value, unless the matrix's values are options themselves; runs that need a nightly toolchain are not how
to test; a test program that reads its argument as a file runs no single test."""

from __future__ import annotations

from tests.profile.learned import bodies

PACKAGE = '{"name": "w", "version": "1.0.0", "scripts": {"test": "mocha", "browser-test": "karma start"}}'


def _workflow(matrix: str, run: str) -> str:
    return (
        "name: CI\non: [push, pull_request]\njobs:\n  build:\n    runs-on: ubuntu-latest\n    strategy:\n"
        f"      matrix:\n{matrix}    steps:\n      - uses: actions/checkout@v4\n      - run: {run}\n"
    )


def test_an_option_whose_value_the_matrix_picks_goes_with_it(make_project):
    ci = _workflow(
        "        browser: [chrome, firefox]\n", "npm run browser-test -- --browsers ${{ matrix.browser }} --timeout 9"
    )
    learned = bodies(make_project, {
        "package.json": PACKAGE, "index.js": "module.exports = 1\n", "test/a.js": "it('a', () => {})\n",
        ".github/workflows/ci.yml": ci,
    })  # fmt: skip
    assert "`npm run browser-test -- --timeout 9`" in learned["ci"]
    assert "--browsers" not in learned["ci"], "a bare --browsers would take --timeout as its value"


def test_a_quoted_matrix_value_after_a_long_option_goes_too(make_project):
    cmake = "cmake_minimum_required(VERSION 3.16)\nproject(w CXX)\nenable_testing()\nadd_executable(t t.cpp)\n"
    cmake += "add_test(NAME t COMMAND t)\n"
    run = '|\n          cmake -B build\n          ctest --build-config "${{ matrix.config }}" --test-dir build'
    ci = _workflow("        config: [Debug, Release]\n", run)
    learned = bodies(make_project, {
        "CMakeLists.txt": cmake, "t.cpp": "int main() { return 0; }\n", "w.cpp": "int f() { return 1; }\n",
        ".github/workflows/ci.yml": ci,
    })  # fmt: skip
    assert "`ctest --test-dir build`" in learned["ci"]
    assert "--build-config" not in learned["ci"]


def test_an_option_before_matrix_values_that_are_options_stays(make_project):
    cargo = '[package]\nname = "w"\nversion = "1.0.0"\nedition = "2021"\n\n[features]\nblocking = []\n'
    matrix = '        features: ["--features blocking", "--features json"]\n'
    ci = _workflow(matrix, "cargo test --no-default-features ${{ matrix.features }}")
    learned = bodies(make_project, {
        "Cargo.toml": cargo, "src/lib.rs": "pub fn f() {}\n", "tests/api.rs": "#[test]\nfn api() {}\n",
        ".github/workflows/ci.yml": ci,
    })  # fmt: skip
    assert "--no-default-features" in learned["ci"], "the matrix's values are options: the one before takes none"


def test_a_miri_run_does_not_lead_and_a_sanitizer_run_is_not_how_to_test(make_project):
    cargo = '[package]\nname = "w"\nversion = "1.0.0"\nedition = "2021"\n'
    safety = (
        "name: safety\non: [push, pull_request]\njobs:\n  sanitizers:\n    runs-on: ubuntu-latest\n    steps:\n"
        "      - uses: actions/checkout@v4\n      - run: cargo test --lib --target x86_64-unknown-linux-gnu\n"
        '        env:\n          RUSTFLAGS: "-Z sanitizer=address"\n'
        "  miri:\n    runs-on: ubuntu-latest\n    steps:\n      - uses: actions/checkout@v4\n      - run: cargo miri test\n"
    )
    test = (
        "name: test\non: [push, pull_request]\njobs:\n  required:\n    runs-on: ubuntu-latest\n    steps:\n"
        "      - uses: actions/checkout@v4\n      - run: cargo test --locked --all-features\n"
    )
    learned = bodies(make_project, {
        "Cargo.toml": cargo, "src/lib.rs": "pub fn f() {}\n", "tests/api.rs": "#[test]\nfn api() {}\n",
        ".github/workflows/safety.yml": safety, ".github/workflows/test.yml": test,
    })  # fmt: skip
    assert learned["workflow/test"].startswith("To test: `cargo test --locked --all-features` — from CI")
    assert "x86_64" not in learned["workflow/test"], "a sanitizer run needs a nightly compiler's flags"
    assert "`cargo miri test`" in learned["ci"], "CI does run Miri"


CMAKE_ONE_PROGRAM = (
    "cmake_minimum_required(VERSION 3.16)\nproject(xml CXX)\nenable_testing()\nadd_library(xml xml.cpp)\n"
    "add_executable(xml_test xml_test.cpp)\nadd_test(NAME xml_test COMMAND xml_test)\n"
)


def test_a_test_program_that_reads_its_argument_as_a_file_runs_no_single_test(make_project):
    main = (
        "int main(int argc, const char** argv) {\n  if (argc > 1) { load_file(argv[1]); return 0; }\n  run_all();\n}\n"
    )
    learned = bodies(make_project, {"CMakeLists.txt": CMAKE_ONE_PROGRAM, "xml.cpp": "int f() { return 1; }\n",
                                    "xml_test.cpp": main})  # fmt: skip
    assert "xml_test <test name>" not in learned.get("workflow/test-one", "")


def test_a_test_program_that_compares_its_argument_with_test_names_runs_one(make_project):
    main = "int main(int argc, char** argv) {\n  for (int i = 0; i < N; i++)\n"
    main += "    if (argc < 2 || strcmp(argv[1], tests[i].name) == 0) tests[i].run();\n}\n"
    learned = bodies(make_project, {"CMakeLists.txt": CMAKE_ONE_PROGRAM, "xml.cpp": "int f() { return 1; }\n",
                                    "xml_test.cpp": main})  # fmt: skip
    assert learned["workflow/test-one"].startswith("To run one test: `build/xml_test <test name>`")
