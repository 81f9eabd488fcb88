"""A real test of the project to name in "run one test": `cargo test parse_url`, `mvn test -Dtest=ChromeTest`,
`ctest -R tables`, an example the agent can run as it stands, where a placeholder (`<test name>`) had to be filled
in first. Each finder reads a bounded number of files and returns "" when it finds no plain name, so the caller
keeps its placeholder."""

from __future__ import annotations

import re

from picasso_tui.profile.walk import Tree, in_fixture_project

FILES_READ = 60
"""Test files read at most per lookup: the first with a name is enough."""

_RUST_TEST = re.compile(
    r"^[ \t]*#\[(?:\w+::)*(?:wasm_bindgen_)?test\b[^\]]*\]\s*(?:#\[(?!ignore|cfg|should_panic)[^\]]*\]\s*)*"
    r"(?:pub(?:\(\w+\))?\s+)?(?:async\s+)?fn\s+([a-z_]\w*)",
    re.MULTILINE,
)
"""`#[test] fn name` or `#[tokio::test] async fn name`; an ignored one (`#[ignore]` follows) does not run by name."""
_FILE_GATED = re.compile(r"^#!\[cfg\(", re.MULTILINE)
_JVM_TEST_FILE = re.compile(r"^src/test/(?:java|kotlin|groovy)/(?:[\w/]+/)?(\w+(?:Test|Tests|TestCase))\.(?:java|kt)$")
"""A test class file of the module's own source set: not one of the sample projects a test feeds the build
(pitest's src/test/resources/pit-*/…/com/example/*Test.java)."""
DECLARES_JVM_TEST = re.compile(
    r"@(Test|ParameterizedTest|RepeatedTest|TestFactory)\b|extends \w*(Test\w*|Specification)\b"
)
"""A JVM source that declares a test: a class without one runs nothing when named (bucket4j's program class)."""
_CTEST_NAME = re.compile(r"\badd_test\s*\(\s*(?:NAME\s+)?([A-Za-z][\w.-]*)\s+([^)\n]*)", re.IGNORECASE)
_CMAKE_IF = re.compile(r"^\s*if\s*\((.*)\)\s*(?:#.*)?$", re.IGNORECASE)
_CMAKE_ENDIF = re.compile(r"^\s*endif\s*\(", re.IGNORECASE)
_OFF_OPTION = re.compile(
    r"\boption\s*\(\s*(\w+)\s+\"[^\"]*\"\s+OFF\s*\)|\bset\s*\(\s*(\w+)\s+OFF\s+CACHE\b", re.IGNORECASE
)
_PHPUNIT_CLASS = re.compile(r"^(?:final\s+|readonly\s+)*class\s+(\w+Test)\s+extends\b", re.MULTILINE)
_PYTEST_FUNCTION = re.compile(r"^(\s*)(?:async\s+)?def (test\w*)\(", re.MULTILINE)


def rust_test(tree: Tree, folder: str = "", integration: str = "") -> str:
    """A `#[test]` function of the crate in ``folder``: from tests/<integration>.rs when given, else from its
    sources and tests/ in path order; none from a file gated by `#![cfg(…)]`."""
    prefix = f"{folder}/" if folder else ""
    if integration:
        main = f"{prefix}tests/{integration}.rs"
        # tabled's tests/main.rs only declares `mod core; mod derive; …`: the tests are in those modules' files
        declared = re.findall(r"^\s*(?:pub\s+)?mod\s+(\w+)\s*;", tree.read(main) or "", re.MULTILINE)
        inner = [f for m in declared for f in tree.under(f"{prefix}tests/{m}") if f.endswith(".rs")]
        files = [main, *(f"{prefix}tests/{m}.rs" for m in declared), *inner]
    else:
        main = ""
        files = [f for f in (*tree.under(f"{prefix}src"), *tree.under(f"{prefix}tests")) if f.endswith(".rs")]
    for rel in files[: FILES_READ * 3]:  # a crate's unit tests may sit deep in a large src/ (joshuto's)
        text = tree.read(rel) or ""
        if not _FILE_GATED.search(text[:2000]) and (found := _RUST_TEST.search(text)):
            name = found.group(1)
            shared = sum(bool(re.search(rf"\bfn {name}\s*\(", tree.read(f) or "")) for f in files[:FILES_READ])
            if integration and rel != main and shared > 1:  # rust-peg's every tests/pass/*.rs names its test
                module = re.sub(r"(/mod)?\.rs$", "", rel[len(f"{prefix}tests/") :]).replace("/", "::")
                return f"{module}::{name}"  # `main`: the module path (`pass::arithmetic::main`) makes it one test
            return name
    return ""


def jvm_test_class(tree: Tree, module: str = "") -> str:
    """A test class of the module (`ChromeTest`), by its file name under src/test/: Surefire's `-Dtest` and
    Gradle's `--tests` both take a simple class name; an abstract base, or a class that declares no test, is not one."""
    prefix = f"{module}/" if module else ""
    named = [
        (rel, m.group(1)) for rel in tree.under(f"{prefix}src/test") if (m := _JVM_TEST_FILE.match(rel[len(prefix) :]))
    ]
    # jdeb's Surefire includes only **/*TestCase.java: its one PermMapperTest never runs, so it is no example
    pom = tree.read(f"{prefix}pom.xml") or tree.read("pom.xml") or ""
    included = re.findall(r"<include>\*\*/\*(\w+)\.java</include>", pom)
    named = [(rel, name) for rel, name in named if name.endswith(tuple(included))] if included else named
    for rel, name in named[:FILES_READ]:
        if "/com/example/" in rel or name.startswith(("Abstract", "Base")):
            continue
        text = tree.read(rel) or ""
        if text and f"abstract class {name}" not in text and DECLARES_JVM_TEST.search(text):
            return name
    return ""


_STYLE_TEST = re.compile(r"format|style|lint|tidy|cppcheck|uncrustify|codespell|spell", re.IGNORECASE)


_TEST_WRAPPER = re.compile(
    r"^\s*(macro|function)\s*\(\s*(\w+)\b(.*?)^\s*end\1\b", re.IGNORECASE | re.MULTILINE | re.DOTALL
)


def registered_tests(cmake: str) -> tuple[int, str]:
    """(how many tests the CMake text registers, the first literal NAME a wrapper is called with): an add_test of
    its own counts once, one inside a macro or function once per call (keepassxc's `add_unit_test(NAME testkdbx4
    SOURCES …)`, fmt's add_fmt_test)."""
    count = len(re.findall(r"\badd_test\s*\(", cmake, re.IGNORECASE))
    first = ""
    for _, name, body in _TEST_WRAPPER.findall(cmake):
        inside = len(re.findall(r"\badd_test\s*\(", body, re.IGNORECASE))
        if not inside:
            continue
        calls = re.findall(rf"^\s*{re.escape(name)}\s*\(\s*(?:NAME\s+)?([\w-]*)", cmake, re.IGNORECASE | re.MULTILINE)
        count += len(calls) - inside
        first = first or next((c for c in calls if c and "$" not in c), "")
    return count, first


def ctest_name(cmake_texts: list[str]) -> str:
    """A test name `add_test` registers literally (`add_test(NAME tables …)`); one built from a variable is not.
    First a test no OFF-by-default option gates (pcre2's pcre2_jit_test exists only with PCRE2_SUPPORT_JIT, OFF),
    then the one under the fewest `if()`s, then one that runs the program of its own name (jansson's
    `memcheck__test_load` wraps test_load in valgrind)."""
    every = "\n".join(cmake_texts)
    off = {a or b for a, b in _OFF_OPTION.findall(every)}
    found: list[tuple[bool, int, bool, int, str]] = []
    for text in cmake_texts:
        gates: list[str] = []
        for line in text.splitlines():
            if opened := _CMAKE_IF.match(line):
                gates.append(opened.group(1).strip())
            elif _CMAKE_ENDIF.match(line) and gates:
                gates.pop()
            elif (m := _CTEST_NAME.search(line)) and m.group(1).upper() not in ("NAME", "COMMAND"):
                name, rest = m.group(1), m.group(2)
                plain = bool(re.match(rf"(?:COMMAND\s+)?(?:\$<TARGET_FILE:)?{re.escape(name)}\b", rest))
                if _STYLE_TEST.search(name):
                    continue  # libyang's `format` runs uncrustify over the sources: no example of a unit test
                found.append((any(g in off for g in gates), len(gates), not plain, len(found), name))
    return min(found)[4] if found else ""


def phpunit_class(tree: Tree, folder: str) -> str:
    """A PHPUnit test class under ``folder`` (`--filter ConcatTest` runs it). `--filter` is a pattern, so a class
    whose name another test class's contains is passed over: jwt-framework's ClaimCheckerTest would also run
    AudienceClaimCheckerTest and three more."""
    files = [f for f in tree.under(folder) if f.endswith("Test.php") and not in_fixture_project(f)]
    names = [f.rsplit("/", 1)[-1].removesuffix(".php") for f in files]
    first = ""
    for rel in files[:FILES_READ]:
        if found := _PHPUNIT_CLASS.search(tree.read(rel) or ""):
            name = found.group(1)
            if sum(name in other for other in names) <= 1:
                return name
            first = first or name
    return first


def pytest_node(text: str) -> str:
    """The first test pytest collects from a file, as its node id's tail: `test_x`, or `TestY::test_x` for a method
    of a class pytest collects (named Test*, or a unittest TestCase). Functions are named `test*` (urwid's `test1`),
    methods must sit right in the class body: fastapi-users' `test_current_user` is a route inside a fixture, and
    its MockSecurityScheme is no test class."""
    cls, body, fixture = "", "", False
    for line in text.splitlines():
        if not line.strip() or line.lstrip().startswith("#"):
            continue
        indent = line[: len(line) - len(line.lstrip())]
        if line.lstrip().startswith("@"):  # a fixture named test_client is no test
            fixture = fixture or "fixture" in line
            continue
        was_fixture, fixture = fixture, False
        if was_fixture:
            continue
        if not indent:
            declared = re.match(r"class (\w+)\s*(?:\(([^)]*)\))?\s*:", line)
            collected = declared and (declared.group(1).startswith("Test") or "TestCase" in (declared.group(2) or ""))
            cls, body = (declared.group(1), "") if collected and declared else ("", "")
            if function := _PYTEST_FUNCTION.match(line):
                return function.group(2)
            continue
        if cls and not body:
            body = indent  # the class body's own level: deeper lines belong to its methods
        if cls and indent == body and (method := _PYTEST_FUNCTION.match(line)):
            return f"{cls}::{method.group(2)}"
    return ""
