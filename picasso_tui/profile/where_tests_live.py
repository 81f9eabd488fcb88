"""Where a project's tests live and how they are named (`layout/tests`): files named like tests, in test folders or
beside the code, with examples, benchmarks and API classes named like tests left out."""

from __future__ import annotations

import re
from collections import Counter
from fnmatch import fnmatchcase

from picasso_tui.profile.build_modules import in_unbuilt_folder
from picasso_tui.profile.ecosystems.javascript_files import config_test_files, suite_folder, test_script_files
from picasso_tui.profile.ecosystems.pytest_settings import pytest_files, pytest_options, python_files
from picasso_tui.profile.findings import Knowledge, human_list, plural
from picasso_tui.profile.walk import Tree, in_fixture_project, is_auxiliary, is_vendored

TEST_FILE = re.compile(
    r"(^|/)(test_[^/]+\.py|[^/]+_test\.(py|go)|[^/]+\.((e2e-)?(test|spec)(-prop|\.browser)?|tests|cy|e2e)\.[cm]?[jt]sx?|[^/]+_spec\.rb|[^/]+(Tests?|TestCase)\.(java|kt|groovy|scala)|(?!Run\w*Tests\.php)[^/]+(Tests?|TestCase)\.php|[^/]+\.test\.php|[^/]+Cest\.php"
    r"|[^/]+_test\.(rb|cc|cpp|c)|[^/]+\.test\.(c|cc|cpp|cxx)|tests/(?:[^/]+/)*[^/]+_tests\.rb|tests?/(?:[^/]+/)*(test|tc)_(?!helpers?\.)[^/]+\.rb|test[-_][^/]+\.(c|cc|cpp)|[^/]+-test\.(c|cc|cpp)|tests?/test\d*\.(c|cc|cpp)|"
    r"Test[A-Z]\w*\.(java|kt)|[A-Z]\w*Tests?\.(cpp|cc|cxx)|tests?/(?:[^/]+/)*[Tt]est[A-Z]\w*\.(c|cc|cpp|cxx)|tests?/(?:[^/]+/)*test_[^/]+\.[cm]?[jt]sx?|spec/(?:[^/]+/)*[^/]+Spec\.php"
    r"|tests?/(?:[^/]+/)*(?!gen(erate)?-)[^/]+-tests\.[cm]?js|tests?/(?:[^/]+/)*[^/]+-test\.[cm]?[jt]s|tests/(?:[^/]+/)*[^/]+\.rs|src/(?:[^/]+/)*tests?\.rs"
    r"|src/\w*[tT]est\w*/(?:[^/]+/)*[^/]+(Spec|IT)\.(groovy|scala|kt|java))$|"
    r"^tests?\.(c|cc|cpp|[cm]?[jt]sx?)$"  # react-markdown's one test.jsx at the root
)
"""Files named as tests, in each language's styles (Chart.js' test/specs/*.tests.js, listr2's *.e2e-spec.ts and remeda's
*.test-prop.ts property tests too; tsd's *.test-d.ts only check types): JUnit 3's TestDateTime.java beside JUnit 4's
DateTimeTest.java, C++'s AppTest.cpp beside app_test.cpp, phpfastcache's *.test.php scripts, Shindo's basic_tests.rb,
parson's one tests.c, nock's tests/test_*.js, ember.js' QUnit tests/**/*-test.js, phpspec's spec/**/*Spec.php (a
`*TestCase.php` is no test: Monolog ships one to its users); minitest's test/minitest/test_minitest_mock.rb, a
test_helper.rb aside; in a JVM test source set, Spock's and ScalaTest's *Spec files and Failsafe's *IT classes
(dependency-analysis-gradle-plugin's 132 functional specs, jsonschema2pojo's 75 integration tests); FreeRDP's
CTest sources, test/TestStream.c in each module."""
# kombu's and Perl's t/; borg's src/borg/testsuite/, libffi's DejaGnu testsuite/, libhv's unittest/
TEST_DIRS = {
    "tests",
    "test",
    "spec",
    "__tests__",
    "testing",
    "e2e",
    "src/test",
    "t",
    "testsuite",
    "unittest",
    "unittests",
    "qa",  # gitlint's qa/test_*.py: its integration suite
}
TEST_SET = re.compile(r"^[a-z]\w*Test$|^[\w.]+[-_]tests?$|tests$|^(tests?|spec)[-_][\w-]+$")
"""A separate test source set or module (Android's androidTest, Gradle's integrationTest, Kotlin's jvmTest, a
`java-test` or `*-tests` module, will_paginate's spec-non-rails/ suite): its tests are not beside the source they
test."""
BENCH_DIR = re.compile(r"(^|/)(bench|benches|benchmarks?)/")
PLACES_SHOWN = 4
ROOT_RUNNER = re.compile(r"^tests?(\.\w+)?\.[cm]?[jt]s$")  # debug's test.node.js too
"""A root test.js / test.mjs that finds and runs the suite (fs-extra's, with Mocha over lib/**/__tests__/): test
tooling, not the project's code."""


def is_test_folder(part: str) -> bool:
    """A folder of tests: tests/, spec/, __tests__ …, or a separate test source set or module (androidTest)."""
    # html2pdf's and Symfony bundles' Tests/: PHP names folders as it names namespaces
    return part in TEST_DIRS or part in ("Tests", "Test") or bool(TEST_SET.search(part))


def _shows_the_project(rel: str) -> bool:
    """A file in an examples/ (samples/, demo/ …) folder that is not itself inside a test folder: it shows how to
    use or test the project; junit's src/test/java/org/junit/samples/ are still tests."""
    parts = rel.split("/")[:-1]
    before = next((parts[:i] for i, p in enumerate(parts) if is_test_folder(p)), parts)
    return is_auxiliary("/".join([*before, rel.rsplit("/", 1)[-1]]))  # the file's own name: dive's docker/*.go


JUNIT3_NAME = re.compile(r"(^|/)Test[A-Z]\w*(?<!Test)\.(java|kt)$")
"""JUnit 3's TestDateTime.java is a test; jsoup's TestServer.java, named the same way, is a helper for tests."""


def _named_beside_code(rel: str) -> bool:
    """A PHP or Java class named as tests outside any test folder (php-encryption's src/RuntimeTests.php is the
    library's own self-check): a test only if it declares tests."""
    parts = rel.split("/")[:-1]
    outside = not any(is_test_folder(p) for p in parts)
    # PyMySQL's ci/test_mysql.py is the Django settings its CI copies into Django's tests
    return outside and bool(re.search(r"Tests?\.(php|java|kt)$|(^|/)test_[^/]+\.py$", rel))


def _declares_tests(tree: Tree, rel: str) -> bool:
    # aircompressor's TestLz4Codec only `extends AbstractTestCompression`: it runs the @Test methods it inherits
    if rel.endswith(".py"):
        return bool(re.search(r"^(\s{4})?(async )?def test_\w*\(|^class Test\w*", tree.read(rel) or "", re.M))
    return bool(
        re.search(
            r"@Test\b|extends \w*TestCase\b|\bvoid test\w*\(|\bextends\s+Abstract\w*Test\w*\b", tree.read(rel) or ""
        )
    )


PY_HELPER_NAME = re.compile(r"(^|/)test_(case|cases|utils?|helpers?|support|base)\.py$")
"""falcon's falcon/testing/test_case.py: the TestCase its users' tests inherit, shipped with the package."""


def _harness(tree: Tree, rel: str) -> bool:
    """pugixml's tests/test.cpp beside its test_*.cpp: the shared code behind test.hpp, with no test case in it
    (cpp-httplib's test/test.cc, the main suite, has its TEST()s); a Python helper named like a test that defines no
    test function of its own (one in its docstring's example does not count)."""
    if PY_HELPER_NAME.search(rel):
        return not re.search(r"^(    )?def test_\w+\(", tree.read(rel) or "", re.M)
    if not re.search(r"(^|/)tests?/test\.(c|cc|cpp)$", rel):
        return False
    cases = r"\b(TEST|TEST_F|TEST_CASE|TEST_GROUP|SCENARIO|BOOST_AUTO_TEST_CASE)\s*\("
    return not re.search(cases, tree.read(rel) or "")


def _main_source_set(rel: str) -> bool:
    """A file of a Maven/Gradle main source set (RepeatedTest.java there is API, not a test), unless the module
    itself is a test module (robovm-test/src/main/)."""
    if "src/main/" not in rel:
        return False
    module = rel.split("src/main/", 1)[0].split("/")
    return not any(is_test_folder(p) for p in module if p)


def _suite_folder(tree: Tree) -> str | None:
    """The conventional test folder, when it holds a suite (three files or more)."""
    return next((d for d in ("tests", "test", "spec") if len(tree.under(d)) >= 3), None)


def _is_one_program(tree: Tree, tests: list[str]) -> bool:
    """parson's one tests.c at the root, reading its cases from tests/ (cJSON's tests/ holds programs of its own)."""
    suite = _suite_folder(tree)
    code = any(f.endswith((".c", ".cc", ".cpp", ".h")) for f in tree.under(suite or "-"))
    return len(tests) == 1 and bool(re.fullmatch(r"tests?\.(c|cc|cpp)", tests[0])) and not code


FEW_NAMED = 3
UNNAMED_SHARE = 4
DATA_PARTS = frozenset({"fixtures", "fixture", "data", "testdata", "snapshots", "__snapshots__", "resources"})


def _named_otherwise(tree: Tree, tests: list[str]) -> str | None:
    """The suite folder when its tests are mostly not named like tests: xxHash's tests/ holds sanity_test.c beside
    multiInclude.c, cli-*.sh scripts and bench/ programs its Makefile runs; two files named *_test.* there make no
    naming convention. Only C and C++ tests: no runner picks them by name, where PHPUnit's *Test.php or pytest's
    test_*.py is the naming a new test needs whatever else the folder holds. None when the named files are the
    suite (or are not all in it)."""
    suite = _suite_folder(tree)
    if not suite or not tests or len(tests) > FEW_NAMED or not all(t.startswith(f"{suite}/") for t in tests):
        return None
    if any(_family(t) != C_FAMILY for t in tests):
        return None
    code = [
        f
        for f in tree.under(suite)
        if f not in tests
        and (_family(f) is not None or f.endswith((".sh", ".bash")))
        and not DATA_PARTS.intersection(f.lower().split("/")[:-1])
    ]
    return suite if len(code) >= UNNAMED_SHARE * len(tests) else None


def _one_test_program(tree: Tree, k: Knowledge, tests: list[str]) -> bool:
    if not _is_one_program(tree, tests):
        return False
    test, suite = tests[0], _suite_folder(tree)
    data = f", with {plural(len(tree.under(suite)), 'file')} it reads in {suite}/" if suite else ""
    k.fact("layout/tests", "Where tests live", f"The tests are one program, {test} at the repository root{data}.",
           test, tags=("tests",))  # fmt: skip
    return True


def test_files(tree: Tree) -> list[str]:
    """The project's own test files, found once per walk (the layout and the main-source memories both ask).
    Benchmarks are measured, not checked: a bench/test_benchmarks.py is not a test beside the source;
    examples/client_spec.rb shows how to test an app with the library."""
    if "_test_files" not in tree.__dict__:
        tree.__dict__["_test_files"] = _find_test_files(tree)
    return list(tree.__dict__["_test_files"])


def _find_test_files(tree: Tree) -> list[str]:
    found = [f for f in _named_as_tests(tree) if not in_unbuilt_folder(tree, f)]  # a module the build left out
    suffixed = [f for f in found if re.search(r"(^|/)(?!test_)[^/]+_test\.rb$", f)]
    prefixed = [f for f in found if re.search(r"(^|/)test_[^/]+\.rb$", f)]
    if suffixed and len(suffixed) >= len(prefixed):  # multi_xml's test_*.rb are helpers beside its *_test.rb tests
        # (minitest's own test_minitest_test.rb is one of its test_*.rb); zeitwerk's one test/support/loader_test.rb
        # is the base class of its fifty test_*.rb
        found = [f for f in found if f not in prefixed]
    elif suffixed:
        found = [f for f in found if f not in suffixed or _RUBY_TESTS.search(tree.read(f) or "")]
    # tzinfo's test/test_utils.rb is the helper its tc_*.rb tests share: a test_*.rb declares a test or is none
    found = [f for f in found if not re.search(r"(^|/)test_[^/]+\.rb$", f) or _RUBY_TESTS.search(tree.read(f) or "")]
    # Ruby keeps its tests in spec/ or test/: overcommit's lib/overcommit/hook/pre_commit/r_spec.rb is the hook
    # that runs RSpec, code named after a test tool
    suite = any(re.match(r"(spec|test)/", f) for f in found)
    found = [f for f in found if not (suite and f.endswith(".rb") and f.startswith("lib/"))]
    # miniaudio's tests/android/…/ExampleUnitTest.kt: Android Studio's template, beside a C project's real tests
    found = [f for f in found if not ANDROID_TEMPLATE.search(f)]
    # jwt-framework's SignatureTestCase.php is the abstract class its signature tests extend: no test of its own
    return [f for f in found if not (re.search(r"TestCase\.\w+$", f) and _ABSTRACT.search(tree.read(f) or ""))]


ANDROID_TEMPLATE = re.compile(r"(^|/)Example(Unit|Instrumented)Test\.(kt|java)$")
"""The two tests Android Studio writes into a new project: `assertEquals(4, 2 + 2)`, no test of the project."""


_ABSTRACT = re.compile(r"^\s*(public\s+)?abstract\s+class\b", re.M)


_RUBY_TESTS = re.compile(r"^\s*(def test_\w+\s*(;|$)|it\s*[\"'(]|describe\s|test\s*[\"'(])", re.MULTILINE)


TEST_HEADER = re.compile(r"(^|/)tests?/(?:[^/]+/)*test_[^/]+\.(h|hpp)$")
"""cglm's test/src/test_vec3.h: a header of test cases one runner includes, a test file as much as a .c one."""
TEST_CASE_MACRO = re.compile(r"^\s*(TEST_IMPL|TEST|TEST_CASE|TEST_F|START_TEST|CTEST)\s*\(", re.MULTILINE)


def _test_header(tree: Tree, rel: str) -> bool:
    return bool(TEST_HEADER.search(rel) and TEST_CASE_MACRO.search(tree.read(rel) or ""))


C_IN_TEST_FOLDER = re.compile(r"(^|/)tests?/(?:[^/]+/)*[^/]+\.(c|cc|cpp|cxx)$")
"""ArduinoJson's extras/tests/JsonArray/add.cpp: named for what it tests, a test by the Catch cases it declares."""


def _declares_cases(tree: Tree, rel: str) -> bool:
    return bool(C_IN_TEST_FOLDER.search(rel) and TEST_CASE_MACRO.search(tree.read(rel) or ""))


PHPUNIT_DIRECTORY = re.compile(r"<directory\b([^>]*)>\s*([^<\s]+)\s*</directory>")


def _phpunit_declared(tree: Tree) -> list[tuple[str, str, str]]:
    """(folder, prefix, suffix) of each test suite folder the root PHPUnit configuration names with a file prefix
    (easy-digital-downloads' `<directory prefix="tests-" suffix=".php">./tests</directory>`): PHPUnit runs the
    files so named, whatever the usual *Test.php."""
    config = tree.first("phpunit.xml", "phpunit.xml.dist", "phpunit.dist.xml")
    text = (tree.read(config) or "") if config else ""
    suites = "".join(re.findall(r"<testsuite\b.*?</testsuite>", text, re.S))
    found = []
    for attributes, folder in PHPUNIT_DIRECTORY.findall(suites):
        prefix = re.search(r'\bprefix="([^"]+)"', attributes)
        suffix = re.search(r'\bsuffix="([^"]+)"', attributes)
        # shimmie2's `<directory suffix="test.php">ext/</directory>`: each extension's ext/<name>/test.php
        if prefix or (suffix and suffix.group(1).lower() != ".php"):
            named = (prefix.group(1) if prefix else "", suffix.group(1) if suffix else ".php")
            found.append((folder.removeprefix("./").strip("/"), *named))
    return found


def _named_by_phpunit(declared: list[tuple[str, str, str]], rel: str) -> bool:
    name = rel.rsplit("/", 1)[-1]
    return any(
        rel.startswith(f"{folder}/") and name.startswith(prefix) and name.endswith(suffix)
        for folder, prefix, suffix in declared
    )


PYTEST_DEFAULT = re.compile(r"(^|/)(test_[^/]*|[^/]*_test)\.py$")
PYTEST_CASE = re.compile(r"^\s*(async\s+)?def test|^class Test", re.MULTILINE)


def _pytest_declared(tree: Tree) -> set[str]:
    """Files pytest collects by the project's own `python_files` globs beyond its default names (mypy's `test*.py`:
    mypy/test/testcheck.py; speechbrain's check_*.py and example_*.py), inside `testpaths` or else a test folder,
    each declaring a test."""
    globs = python_files(tree)
    if not globs:
        return set()
    options = {**pytest_options(tree), "python_files": globs}
    paths = options.get("testpaths") or ()
    paths = [p.strip("./").strip("/") for p in (paths.split() if isinstance(paths, str) else map(str, paths))]
    found = [
        f
        for f in pytest_files(tree, options)
        if not PYTEST_DEFAULT.search(f)
        and not f.endswith(("/conftest.py", "/__init__.py"))
        and (
            any(f.startswith(f"{p}/") for p in paths if p)
            if paths
            else any(is_test_folder(part) for part in f.split("/")[:-1])
        )
    ]
    return {f for f in found[:400] if PYTEST_CASE.search(tree.read(f) or "")}


def _named_as_tests(tree: Tree) -> list[str]:
    declared = _phpunit_declared(tree)
    collected = _pytest_declared(tree)
    return [
        f
        for f in tree.files
        if (
            TEST_FILE.search(f)
            or _test_header(tree, f)
            or _declares_cases(tree, f)
            or _pest_file(tree, f)
            or _named_by_phpunit(declared, f)
            or f in collected
        )
        and not BENCH_DIR.search(f)
        and not _main_source_set(f)
        and not _shows_the_project(f)
        and not is_vendored(f)
        and not in_fixture_project(f)
        and (not (JUNIT3_NAME.search(f) or _named_beside_code(f)) or _declares_tests(tree, f))
        and not _harness(tree, f)
        and not _generator_template(tree, f)
        and not FIXTURE_FOLDER.search(f)
        and (not f.endswith(".rs") or RUST_TEST.search(tree.read(f) or ""))
    ]


PEST_CALL = re.compile(r"^(test|it|describe)\(\s*['\"]", re.MULTILINE)


def _pest_file(tree: Tree, rel: str) -> bool:
    """openai-php's tests/Resources/Chat.php: Pest's `test('…', fn …)` cases, in a file not named *Test.php."""
    return (
        rel.endswith(".php")
        and rel.startswith("tests/")
        and tree.has("tests/Pest.php")
        and rel != "tests/Pest.php"
        and bool(PEST_CALL.search(tree.read(rel) or ""))
    )


FIXTURE_FOLDER = re.compile(r"(^|/)(fixtures?|__fixtures__)/")
"""paratest's test/fixtures/: sample suites its own tests run, named like tests and not the project's tests."""
RUST_TEST = re.compile(r"#\[(\w+::)*(wasm_bindgen_)?test\b|#\[rstest\b|\bproptest!")
"""A Rust file under tests/ that declares a test (yew's browser tests are `#[wasm_bindgen_test]`): ggez's
doc_tests/tests/skeptic.rs only includes generated ones."""


GENERATOR_TEMPLATE = re.compile(r"(^|/)templates?/")
"""draper's lib/generators/mini_test/templates/decorator_spec.rb: what a generator writes into an app, with
`<%= class_name %>` in it, not a test of the project."""
TEMPLATE_MARK = re.compile(
    r"^[^\"'`\n]*<%"
    r"|^\s*(require|import|from|package|module|class|def|func|namespace|use|describe|RSpec\.describe)\b[^\n]*(\{\{|\{%)",
    re.MULTILINE,
)
"""ERB outside a string, or Jinja or Mustache markup in a declaration (`package {{ .Package }}`): terraform-docs'
template/template_test.go, a Go package's tests with `{{ .Name }}` only in its string literals, is no template."""


def _generator_template(tree: Tree, rel: str) -> bool:
    if "{{" in rel or "{%" in rel:  # kedro's templates/project/{{ cookiecutter.repo_name }}/tests/: a cookiecutter's
        return True
    return bool(GENERATOR_TEMPLATE.search(rel) and TEMPLATE_MARK.search(tree.read(rel) or ""))


LANGUAGE_FAMILIES = (
    (".py",), (".go",), (".rb",), (".php",), (".js", ".jsx", ".mjs", ".cjs", ".ts", ".tsx", ".mts", ".cts"),
    (".java", ".kt", ".groovy", ".scala"), (".c", ".cc", ".cpp", ".cxx", ".h", ".hh", ".hpp"),
)  # fmt: skip
"""File endings of one language: a test file is beside its source when its folder holds source of that language."""
NOT_SOURCE = frozenset({"conftest.py"})
"""pytest's fixtures for the tests beside them: no source under test (a package's __init__.py is its source)."""


C_FAMILY = len(LANGUAGE_FAMILIES) - 1


def _family(name: str) -> int | None:
    return next((i for i, endings in enumerate(LANGUAGE_FAMILIES) if name.endswith(endings)), None)


def _source_folders(tree: Tree) -> set[tuple[str, int]]:
    """(folder, language) for each folder holding a source file of that language that is no test, found once."""
    if "_source_folders" not in tree.__dict__:
        tree.__dict__["_source_folders"] = {
            (folder, family)
            for f in tree.files
            if "/" in f and (family := _family(f)) is not None and not TEST_FILE.search(f)
            and (folder := f.rsplit("/", 1)[0]) and f.rsplit("/", 1)[1] not in NOT_SOURCE
        }  # fmt: skip
    return tree.__dict__["_source_folders"]


def _beside_source(tree: Tree, rel: str) -> bool:
    """The test file's folder holds a source file of its language that is no test (extra/test_hypothesis.py alone
    in extra/ sits beside no source: the folder is a test folder of its own)."""
    folder, _, name = rel.rpartition("/")
    family = _family(name)
    if not folder or family is None:
        return True  # the root, or a language not told apart: as before
    return (folder, family) in _source_folders(tree)


def test_homes(tree: Tree, tests: list[str]) -> tuple[Counter[str], int]:
    """The test folders holding the tests (tests/, javalin/src/test/, a folder of test files only) with their
    counts, and how many tests live beside the source instead."""
    where: Counter[str] = Counter()
    beside = 0
    tops = {f.split("/", 1)[0] for f in tree.files if "/" in f}  # once, not per test file
    for rel in tests:
        parts = rel.split("/")
        idx = next((i for i, p in enumerate(parts[:-1]) if is_test_folder(p)), None)
        if idx is not None:
            where["/".join(parts[: idx + 1]) + "/"] += 1
        elif len(parts) > 1 and _tests_of_package(parts[0], tops):
            where[parts[0] + "/"] += 1
        elif _beside_source(tree, rel):
            beside += 1
        else:
            where[rel.rsplit("/", 1)[0] + "/"] += 1
    return where, beside


def _tests_of_package(top: str, tops: set[str]) -> bool:
    """A top-level folder named for the package it tests: rope's ropetest/ beside rope/, a `foo_tests/` beside
    foo/ (``tops``: the top-level folders). Its files are the suite, not tests beside the source."""
    named = re.fullmatch(r"(\w+?)[_-]?tests?|tests?[_-](\w+)", top, re.IGNORECASE)
    return bool(named) and (named.group(1) or named.group(2)) in tops


def _in_test_folder(rel: str) -> bool:
    return any(is_test_folder(p) for p in rel.split("/")[:-1])


_CFG_TEST = re.compile(r"^[ \t]*#\[cfg\(test\)\]", re.MULTILINE)


def _inline_rust_tests(tree: Tree, limit: int = 2000) -> int:
    """How many of a crate's own source files keep unit tests inline (`#[cfg(test)]`), when a few do; up to 2,000
    files are read, so a large workspace's count is whole (twilight's 336, not the 93 of its first 300 files)."""
    if not tree.has("Cargo.toml"):
        return 0
    sources = [
        f
        for f in tree.own
        if f.endswith(".rs") and "/src/" in f"/{f}" and not any(is_test_folder(p) for p in f.split("/")[:-1])
    ][:limit]
    inline = sum(bool(_CFG_TEST.search(tree.read(f) or "")) for f in sources)  # not a `//! #[cfg(test)]` doc line
    return inline if inline >= 2 else 0


def tests_place(tree: Tree) -> str:
    """Where the tests of the main source are, as one sentence for its memory, so that it says where to change code
    and where to test it; `layout/tests` says more (how many, how named). It follows describe_tests' readings: the
    files a test script runs, CMake's test programs, a suite named otherwise. It names folders, never counts: a
    count read from file names (gulp's one `*.test.js` where mocha runs all four files in test/) is the tests
    memory's to give, and wrong twice when said twice. The one count kept is of `#[cfg(test)]` modules, read from
    the code itself."""
    tests = test_files(tree)
    globs, suite_files = test_script_files(tree)
    if not globs:  # yaml's vitest.config.js includes tests/**/*.{js,ts}
        _, globs, suite_files = config_test_files(tree)
    folder = suite_folder(globs)
    if len(suite_files) > sum(f.startswith(f"{folder}/") or folder == "." for f in tests):  # yargs' test/*.mjs
        return f" Its tests are in {folder}/."
    probe = Knowledge()
    if _cmake_test_programs(tree, probe, tests):  # utfcpp's programs, not only the files named as tests
        built = re.match(r"(\d+) test programs?\b.*?they live in ([\w./-]+)/", probe.findings[0].body)
        return f" Its tests are test programs in {built.group(2)}/." if built else ""
    if otherwise := _named_otherwise(tree, tests):
        return f" Its tests are in {otherwise}/."
    where, beside = test_homes(tree, tests)
    suite = _suite_folder(tree)
    inline = _inline_rust_tests(tree)
    suite = suite or ("tests" if tree.under("tests") and inline else suite)  # Cargo's integration tests
    if inline and (where or suite):  # jsonwebtoken: 44 of its 95 tests are `#[cfg(test)]` modules in src/
        shown = human_list([f"{d}/" if d == suite else d for d, _ in where.most_common(2)] or [f"{suite}/"], 2)
        return f" Its tests are in {shown} and in `#[cfg(test)]` modules inside {plural(inline, 'source file')}."
    if not where and beside <= 2 and suite and not _is_one_program(tree, tests):  # cJSON's tests/: its Unity suite
        return f" Its tests are in {suite}/."
    unnamed = [f for f in tree.under(suite or "-") if f.endswith((".c", ".cc", ".cpp", ".h", ".hpp"))]
    if suite and beside <= FEW_NAMED and len(unnamed) >= UNNAMED_SHARE * max(len(tests), 1):
        return f" Its tests are in {suite}/."  # lexbor's test/ programs; its two *_test.c beside the code are not it
    if beside * 2 > len(tests):  # Go's *_test.go, Rust's unit tests: a test folder or two beside them is extra
        # koanf's core tests are in tests/, a module of their own: said with those beside the code
        also = [d for d, n in where.most_common(1) if n >= 3 and n * 5 >= len(tests)]
        return (
            f" Its tests sit beside the code they test, and in {also[0]}."
            if also and beside >= 2
            else (" Its tests sit beside the code they test." if beside >= 2 else "")
        )
    homes = where.most_common()
    if len(homes) > 3:  # clap's crates, a multi-module build: each module has its own
        return f" Its tests are in several folders, the most in {homes[0][0]} and {homes[1][0]}."
    shown = [d for d, n in homes if n * 10 >= len(tests)]
    if not shown:
        return ""
    also = ", and some sit beside the code they test" if beside * 5 >= len(tests) and beside > 1 else ""
    return f" Its tests are in {human_list(shown, 3)}{also}."


def describe_tests(tree: Tree, k: Knowledge) -> None:
    tests = test_files(tree)
    globs, suite_files = test_script_files(tree)
    source, says = "package.json", "package.json's test script runs"
    if not globs:  # yaml's vitest.config.js includes tests/**/*.{js,ts}: two of them are named *.spec.ts
        config, globs, suite_files = config_test_files(tree)
        source, says = config, f"{config} includes"
    folder = suite_folder(globs)
    # search-gov's jest config names its 20 React tests, fewer than the RSpec specs beside them: a part of the tests
    others = len(set(tests) - set(suite_files))
    if (
        suite_files
        and len(suite_files) >= sum(f.startswith(f"{folder}/") or folder == "." for f in tests)
        and others <= len(suite_files)
    ):
        # yargs' suite is test/*.mjs, as its test script says; the two *.test.ts beside it are Deno's. Every glob
        # counts: buffer's `tape test/*.js test/node/*.js` runs both folders' files; where the script runs just the
        # files named as tests, its glob says where a new one goes
        named = [f"`{g}`" for g in globs]
        shown = f"{', '.join(named[:-1])} and {named[-1]}" if len(named) > 1 else named[0]
        k.fact("layout/tests", "Where tests live", f"{plural(len(suite_files), 'test file')}: {shown}, the files "
               f"{says}; they live in {folder}/.", source, suite_files[0], tags=("tests",))  # fmt: skip
        return
    if _cmake_test_programs(tree, k, tests) or _automake_test_programs(tree, k, tests):
        return
    if not tests or _one_test_program(tree, k, tests):
        return
    if otherwise := _named_otherwise(tree, tests):
        held = plural(len(tree.under(otherwise)), "file")
        k.fact("layout/tests", "Where tests live", f"The tests live in {otherwise}/ ({held}).", *tests[:2],
               tags=("tests",))  # fmt: skip
        return
    outside = [t for t in tests if not _in_test_folder(t)]
    if len(outside) < len(tests) and len(outside) <= 2 and len(outside) * 20 < len(tests):
        # grape's lib/grape/validations/validations_spec.rb is library code named like a spec; 135 specs in spec/;
        # devise's guides/bug_report_templates/integration_test.rb is a template for a bug report
        tests = [t for t in tests if _in_test_folder(t)]
    where, beside = test_homes(tree, tests)
    homes = where.most_common()
    places = [f"in {d} ({plural(n, 'file')})" for d, n in homes[:PLACES_SHOWN]]
    mostly_otherwise = ""
    if where:
        top, n = homes[0]
        total = len(tree.under(top))
        if total > 50 and total > 5 * n:  # curl's tests/data: the suite is mostly not in files named like tests
            mostly_otherwise = f"{top} ({total} files)"
    if len(homes) > PLACES_SHOWN:  # fs-extra's 12 lib/*/__tests__/: the list says it is not all of them
        rest = sum(n for _, n in homes[PLACES_SHOWN:])
        places[-1] += f" and {plural(len(homes) - PLACES_SHOWN, 'more place')} ({plural(rest, 'file')})"
    suite = _suite_folder(tree)
    if beside == len(tests) <= 2 and suite:
        # jq's src/jq_test.c runs the suite; the tests themselves are tests/*.test files named otherwise
        held = plural(len(tree.under(suite)), "file")
        k.fact("layout/tests", "Where tests live", f"The tests live in {suite}/ ({held}).", tree.under(suite)[0],
               tags=("tests",))  # fmt: skip
        return
    if homes and (golden := _golden_suite(tree, homes[0][0].rstrip("/"), homes[0][1])):
        k.fact("layout/tests", "Where tests live", golden[0], *golden[1:], tags=("tests",))
        return
    if beside:
        places.append(f"beside the source they test ({plural(beside, 'file')})")
    globs = tuple(python_files(tree))
    styles = _naming(tests, crates := _test_crates(tree, tests), globs)
    total = sum(styles.values())
    # a naming a tenth of the files follow is the project's; jjwt's one RfcTests.groovy helper is not
    common = [s for i, (s, n) in enumerate(styles.most_common(3)) if i == 0 or n >= MINOR_NAMING * total]
    for home, n in homes[:PLACES_SHOWN]:
        # natalie's test/ holds 177 *_test.rb beside 2642 *_spec.rb in spec/: a folder the memory names has its own
        own = _naming([t for t in tests if t.startswith(home)], crates, globs).most_common(1)
        if own and own[0][1] * 2 > n and own[0][0] not in common and own[0][0] != "for what they test" and n >= 3:
            common.append(own[0][0])
    names = _filtered_first(tree, common)
    said = f"{plural(len(tests), 'test file')}, named {human_list(names)}; they live {human_list(places)}."
    if (inline := _inline_rust_tests(tree)) > len(tests):  # mysql_async: 93 tests inline in ten files, one in tests/
        said = said[:-1] + f"; most unit tests are `#[cfg(test)]` modules inside {plural(inline, 'source file')}."
    if mostly_otherwise:
        # undici's test/ holds 485 files, its suites plain test/*.js: "10 test files" read as the whole suite
        named = len(tests)
        among = (
            f"{named} of them {'is' if named == 1 else 'are'} named {human_list(names)}"
            if len(places) == 1
            else f"files named {human_list(names)}: {human_list(places)}"
        )
        said = f"The tests live in {mostly_otherwise}, most of them suites and data not named like tests; {among}."
    k.fact(
        "layout/tests",
        "Where tests live",
        said,
        *[next(t for t in tests if t.startswith(d)) for d, _ in where.most_common(3)] or tests[:3],
        tags=("tests",),
    )


EXPECTED_EXTENSIONS = frozenset({"expect", "expected", "out", "golden", "ref", "stdout"})
"""Extensions of a golden test's expected output, kept beside the input it is compared with."""
GOLDEN_PAIRS = 20


def _golden_suite(tree: Tree, folder: str, named: int) -> tuple[str, ...] | None:
    """A folder of input files each checked against the expected output beside it (cppinsights' tests/X.cpp and
    tests/X.expect, 570 pairs): the pairs are the suite, not the 302 of them named `*Test.*`. The body, then its
    sources."""
    exts: dict[str, set[str]] = {}
    for f in tree.under(folder):
        stem, dot, ext = f.rpartition(".")
        if dot and "/" not in ext:
            exts.setdefault(stem, set()).add(ext)
    pairs = [
        (stem, found) for stem, found in exts.items() if found & EXPECTED_EXTENSIONS and found - EXPECTED_EXTENSIONS
    ]
    if len(pairs) < GOLDEN_PAIRS or len(pairs) <= named:
        return None
    inputs = Counter(e for _, found in pairs for e in found - EXPECTED_EXTENSIONS).most_common(1)[0][0]
    expected = Counter(e for _, found in pairs for e in found & EXPECTED_EXTENSIONS).most_common(1)[0][0]
    stem = min(s for s, found in pairs if inputs in found and expected in found)
    body = (
        f"The tests live in {folder}/: {plural(len(pairs), f'.{inputs} input')}, each checked against the expected "
        f"output beside it (`{stem.rsplit('/', 1)[-1]}.{inputs}` against `{stem.rsplit('/', 1)[-1]}.{expected}`)."
    )
    return body, f"{stem}.{inputs}", f"{stem}.{expected}"


def _cmake_test_programs(tree: Tree, k: Knowledge, named: list[str]) -> bool:
    """A test folder whose CMakeLists.txt builds its test programs from sources not all named as tests (utfcpp's
    tests/apitests.cpp and negative.cpp beside test_cpp11.cpp): the programs are the tests, named from the build,
    with the test header they share when the folder has its own (tests/ftest.h, no external framework)."""
    for folder in ("tests", "test"):
        cmake = f"{folder}/CMakeLists.txt"
        built = re.findall(r"^\s*add_executable\s*\(\s*[\w.${}-]+\s+([^)]*)\)", tree.read(cmake) or "", re.M | re.I)
        sources = [f"{folder}/{t}" for b in built for t in b.split() if re.fullmatch(r"[\w-]+\.(c|cc|cpp|cxx)", t)]
        sources = [f for f in dict.fromkeys(sources) if tree.has(f)]
        wrapped = _wrapped_tests(tree, folder, tree.read(cmake) or "")
        optional = sum(behind for _, behind in wrapped)
        if len(wrapped) > len(sources):  # fast_float's `fast_float_add_cpp_test(basictest)`: one program per call
            sources, built = [f for f, _ in wrapped], [f for f, _ in wrapped]
        here = {t for t in named if t.startswith(f"{folder}/") and TEST_FILE.search(t)}  # by name, not by cases
        if len(sources) < 2 or set(sources) <= here or not here <= set(sources):
            continue  # fmt's add_fmt_test() builds most of its tests: the named files say more than add_executable
        texts = "\n".join(tree.read(f) or "" for f in sources)
        external = re.search(
            r"#\s*include\s*[<\"](gtest|gmock|catch2?|doctest|boost/test|cppunit|criterion)", texts, re.I
        )
        local = re.findall(r"#\s*include\s*\"(\w*test\w*\.hp*)\"", texts, re.I)
        own = [h for h in dict.fromkeys(local) if tree.has(f"{folder}/{h}") and not external]
        header = (
            f"; they share the project's own test header {folder}/{own[0]} (no external test framework)" if own else ""
        )
        k.fact(
            "layout/tests",
            "Where tests live",
            f"{plural(len(built), 'test program')} built by {cmake}"
            + (f" ({len(built) - optional} by default, {optional} behind options)" if optional else "")
            + " from "
            f"{human_list([f.rsplit('/', 1)[-1] for f in sources], 8)}; they live in {folder}/" + header + ".",
            cmake,
            *sources[:2],
            tags=("tests",),
        )
        return True
    return False


def _make_variable(text: str, name: str) -> list[str]:
    """The words an automake variable holds, one `$(VAR)` deep, continuation lines joined."""
    joined = re.sub(r"\\\n", " ", text)
    words: list[str] = []
    for value in re.findall(rf"^{re.escape(name)}\s*\+?=(.*)$", joined, re.M):
        for word in value.split():
            inner = re.fullmatch(r"\$\((\w+)\)", word)
            words += [w for w in _make_variable(joined, inner.group(1)) if "$" not in w] if inner else [word]
    return words


def _automake_test_programs(tree: Tree, k: Knowledge, named: list[str]) -> bool:
    """A test folder whose Makefile.am builds its test programs (`check_PROGRAMS`, each `<name>_SOURCES`) from
    sources not named as tests (liblouis' tests/checkTable.c, findTable.c …): the programs are the suite `make check`
    runs, not the one test_louis.py of its Python binding."""
    for folder in ("tests", "test"):
        rel = f"{folder}/Makefile.am"
        text = tree.read(rel) or ""
        programs = _make_variable(text, "check_PROGRAMS")
        sources = []
        for program in programs:
            canonical = re.sub(r"\W", "_", program)  # automake's name for `foo-bar`'s variables: foo_bar_SOURCES
            listed = _make_variable(text, f"{canonical}_SOURCES") or [f"{program}.c"]
            sources += [f"{folder}/{f}" for f in listed[:1] if tree.has(f"{folder}/{f}")]
        here = {t for t in named if t.startswith(f"{folder}/")}
        if len(sources) < 2 or set(sources) <= here:
            continue
        parts = [f for f in _make_variable(text, "SUBDIRS") if f != "." and tree.under(f"{folder}/{f}")]
        more = f"; its sub-folders {human_list([f'{p}/' for p in parts], 6)} hold more of the suite" if parts else ""
        k.fact(
            "layout/tests",
            "Where tests live",
            f"{plural(len(sources), 'test program')} built by {rel} (check_PROGRAMS, run by `make check`) from "
            f"{human_list([f.rsplit('/', 1)[-1] for f in sources], 8)}; they live in {folder}/{more}.",
            rel,
            *sources[:2],
            tags=("tests",),
        )
        return True
    return False


def _wrapped_tests(tree: Tree, folder: str, text: str) -> list[tuple[str, bool]]:
    """(source, behind an `if`) for each call of a CMake function of the file that builds a test program from its
    argument (`function(fast_float_add_cpp_test TEST_NAME)` … `add_executable(${TEST_NAME} ${TEST_NAME}.cpp)`)."""
    makers = [
        name
        for name, body in re.findall(r"^\s*function\s*\(\s*(\w+)[^)]*\)(.*?)endfunction", text, re.M | re.S | re.I)
        if re.search(r"add_executable\s*\(\s*\$\{\w+\}\s+\$\{\w+\}\.(c|cc|cpp|cxx)\b", body, re.I)
    ]
    found: list[tuple[str, bool]] = []
    depth = 0
    for line in re.sub(r"^\s*function\s*\(.*?endfunction[^\n]*", "", text, flags=re.M | re.S | re.I).splitlines():
        depth += bool(re.match(r"\s*if\s*\(", line, re.I)) - bool(re.match(r"\s*endif\s*\(", line, re.I))
        call = re.match(rf"\s*({'|'.join(makers)})\s*\(\s*([\w-]+)", line) if makers else None
        source = call and next((f"{folder}/{call.group(2)}.{e}" for e in ("cpp", "cc", "c", "cxx")
                                if tree.has(f"{folder}/{call.group(2)}.{e}")), None)  # fmt: skip
        if source:
            found.append((source, depth > 0))
    return found


MINOR_NAMING = 0.1
"""The share of test files a second naming needs to be named beside the commonest."""


def _filtered_first(tree: Tree, names: list[str]) -> list[str]:
    """The naming a Gradle test filter or a Surefire include selects, alone: the build runs only those classes
    (junit-pioneer's `includeTestsMatching("*Tests")`), so a new test follows that naming; else every naming."""
    builds = tree.own_named("build.gradle", "build.gradle.kts", "pom.xml")[:20]
    text = "\n".join(tree.read(f) or "" for f in builds)
    wanted = re.findall(r"includeTestsMatching\s*\(?\s*[\"']\*(\w+)[\"']", text)
    wanted += re.findall(r"<include>\*\*/\*(\w+)\.java</include>", text)
    chosen = next((f"*{w}.*" for w in wanted if f"*{w}.*" in names), None)
    return [chosen] if chosen else names  # the others never run


def _test_crates(tree: Tree, tests: list[str]) -> frozenset[str]:
    """Folders under a tests/ that Cargo builds as one integration test each: those with a main.rs."""
    folders = {m.group(1) for t in tests if (m := re.match(r"((?:.*/)?tests/\w+)/", t))}
    return frozenset(f for f in folders if tree.has(f"{f}/main.rs"))


def _test_crate(path: str, crates: frozenset[str]) -> str:
    return next((c.rsplit("/", 1)[-1] for c in crates if path.startswith(c + "/")), "")


def _naming(tests: list[str], crates: frozenset[str] = frozenset(), globs: tuple[str, ...] = ()) -> Counter[str]:
    """How test files are named (test_*.py, *_test.go, *.spec.* …), by how many follow each style; `crates` are the
    folders of Cargo integration-test crates (tests/all/ with its main.rs), `globs` the project's `python_files`."""
    style: Counter[str] = Counter()
    for path in tests:
        name = path.rsplit("/", 1)[-1]
        if glob := next((g for g in globs if fnmatchcase(name, g)), ""):  # mypy's test*.py: testcheck.py too
            style[glob] += 1
            continue
        for pat, label in (
            (r"^test_.*\.py$", "test_*.py"),
            (r"_test\.go$", "*_test.go"),
            (r"\.test\.[cm]?[jt]sx?$", "*.test.*"),
            (r"\.spec\.[cm]?[jt]sx?$", "*.spec.*"),
            (r"\.tests\.[cm]?[jt]sx?$", "*.tests.*"),
            (r"\.cy\.[cm]?[jt]sx?$", "*.cy.* (Cypress)"),  # sweetalert2's cypress/e2e/tests.cy.js
            # before *_spec.rb: minitest's test_minitest_spec.rb tests minitest/spec; tc_*.rb: Test::Unit's cases
            (r"^test_.*\.rb$", "test_*.rb"),
            (r"^tc_.*\.rb$", "tc_*.rb"),
            (r"_spec\.rb$", "*_spec.rb"),
            (r"_tests\.rb$", "*_tests.rb"),
            # FooTests and FooTest are two namings: junit-pioneer's 49 *Tests classes are not called *Test
            (r"TestCase\.\w+$", "*TestCase.*"),  # jdeb's JUnit 3 style cases, the only ones its Surefire runs
            (r"Tests\.\w+$", "*Tests.*"),
            (r"Test\.\w+$", "*Test.*"),
            (r"^Test[A-Z]\w*\.\w+$", "Test*.*"),
            (r"^test[A-Z]\w*\.(c|cc|cpp|cxx)$", "test*.{}"),  # squid's src/tests/testRFC1738.cc
            (r"_test\.\w+$", "*_test.*"),
            (r"^test\d+\.(c|cc|cpp)$", "test<N>.{}"),
            (r"^(tests?\.(?:c|cc|cpp|[cm]?[jt]sx?))$", "{}"),
            (r"^test-.*\.(c|cc|cpp)$", "test-*.{}"),
            (r"^test_.*\.(c|cc|cpp|h|hpp)$", "test_*.{}"),
            (r"^test_.*\.([cm]?[jt]sx?)$", "test_*.{}"),  # nock's tests/test_intercept.js
            (r"\.test\.php$", "*.test.php"),  # phpfastcache's tests/cases/*.test.php, plain scripts
            (r"^tests-.*\.php$", "tests-*.php"),  # easy-digital-downloads' phpunit.xml `prefix="tests-"`
            (r"^test\.php$", "test.php"),  # shimmie2's ext/<extension>/test.php, phpunit.xml `suffix="test.php"`
            (r"Spec\.php$", "*Spec.php"),  # phpspec's specs (php-http/discovery's spec/)
            (r"Cest\.php$", "*Cest.php (Codeception)"),  # WordPress-Simple-History's acceptance and functional tests
            (r"Spec\.(groovy|scala|kt|java)$", "*Spec.{}"),  # Spock's and ScalaTest's specs
            (r"IT\.(java|kt)$", "*IT.{}"),  # Failsafe's integration tests
            (r"-test\.(c|cc|cpp)$", "*-test.{}"),
            (r"\.test\.(c|cc|cpp|cxx)$", "*.test.{}"),  # luau's tests/*.test.cpp, doctest cases
            (r"-tests\.([cm]?[jt]sx?)$", "*-tests.{}"),  # node-postgres' test/unit/client/*-tests.js
            (r"-test\.([cm]?[jt]sx?)$", "*-test.{}"),  # ember.js' packages/**/tests/**/*-test.js, QUnit's
            # redb's tests/basic_tests.rs; bon's tests/integration/main.rs and the modules it declares
            (r"\.rs$", "tests/*.rs (Cargo's integration tests)"),
        ):
            if label.startswith("tests/*.rs") and re.search(r"(^|/)src/(?:[^/]+/)*tests?\.rs$", path):
                label = "tests.rs inside src/ (the crate's unit-test modules)"  # slog's src/tests.rs, arkworks' curves
            elif label.startswith("tests/*.rs") and re.search(r"(^|/)src/", path):
                label = "src/tests/*.rs (unit-test modules of the crate)"  # quinn-proto/src/tests/
            elif label.startswith("tests/*.rs") and (crate := _test_crate(path, crates)):
                # wasm-pack's tests/all/main.rs and the modules it declares: one test binary, `--test all`
                label = f"tests/{crate}/*.rs (one integration-test crate, `cargo test --test {crate}`)"
            if label == "test_*.rb" and re.search(r"(^|/)spec", path):
                continue  # mail's spec/…/test_mailer_spec.rb is a spec of its TestMailer
            if m := re.search(pat, name):
                style[label.format(*m.groups())] += 1
                break
        else:  # ArduinoJson's extras/tests/JsonArray/add.cpp: a test by its TEST_CASEs, named for what it tests
            style["for what they test"] += 1
    return style
