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
    r"^[ \t]*#\[(?:\w+::)*test\b[^\]]*\]\s*(?:#\[(?!ignore|cfg|should_panic)[^\]]*\]\s*)*"
    r"(?:pub(?:\(\w+\))?\s+)?(?:async\s+)?fn\s+([a-z_]\w*)",
    re.MULTILINE,
)
"""`#[test] fn name` or `#[tokio::test] async fn name`; an ignored one (`#[ignore]` follows) does not run by name."""
_FILE_GATED = re.compile(r"^#!\[cfg\(", re.MULTILINE)
_JVM_TEST_FILE = re.compile(
    r"(?:^|/)src/test/(?:java|kotlin|groovy|scala)/(?:[\w/]+/)?(\w+(?:Test|Tests))\.(?:java|kt)$"
)
DECLARES_JVM_TEST = re.compile(
    r"@(Test|ParameterizedTest|RepeatedTest|TestFactory)\b|extends \w*(Test\w*|Specification)\b"
)
"""A JVM source that declares a test: a class without one runs nothing when named (bucket4j's program class)."""
_CTEST_NAME = re.compile(r"\badd_test\s*\(\s*(?:NAME\s+)?([A-Za-z][\w.-]*)\s+([^)\n]*)", re.IGNORECASE)
_PHPUNIT_CLASS = re.compile(r"^(?:final\s+|readonly\s+)*class\s+(\w+Test)\s+extends\b", re.MULTILINE)
_PYTEST_FUNCTION = re.compile(r"^(\s*)(?:async\s+)?def (test_\w+)\(", re.MULTILINE)


def rust_test(tree: Tree, folder: str = "", integration: str = "") -> str:
    """A `#[test]` function of the crate in ``folder``: from tests/<integration>.rs when given, else from its
    sources and tests/ in path order; none from a file gated by `#![cfg(…)]`."""
    prefix = f"{folder}/" if folder else ""
    if integration:
        files = [f"{prefix}tests/{integration}.rs"]
    else:
        files = [f for f in (*tree.under(f"{prefix}src"), *tree.under(f"{prefix}tests")) if f.endswith(".rs")]
    for rel in files[:FILES_READ]:
        text = tree.read(rel) or ""
        if not _FILE_GATED.search(text[:2000]) and (found := _RUST_TEST.search(text)):
            return found.group(1)
    return ""


def jvm_test_class(tree: Tree, module: str = "") -> str:
    """A test class of the module (`ChromeTest`), by its file name under src/test/: Surefire's `-Dtest` and
    Gradle's `--tests` both take a simple class name; an abstract base, or a class that declares no test, is not one."""
    prefix = f"{module}/" if module else ""
    for rel in tree.under(f"{prefix}src/test"):
        found = _JVM_TEST_FILE.search(rel)
        name = found.group(1) if found and not in_fixture_project(rel) else ""
        text = (tree.read(rel) or "") if name and not name.startswith(("Abstract", "Base")) else ""
        if text and f"abstract class {name}" not in text and DECLARES_JVM_TEST.search(text):
            return name
    return ""


def ctest_name(cmake_texts: list[str]) -> str:
    """A test name `add_test` registers literally (`add_test(NAME tables …)`); one built from a variable is not.
    A test that runs the program of its own name comes first: jansson's `memcheck__test_load` wraps test_load in
    valgrind, where the plain `test_load` is the test itself."""
    found = [(m.group(1), m.group(2)) for text in cmake_texts for m in _CTEST_NAME.finditer(text)]
    named = [(name, rest) for name, rest in found if name.upper() not in ("NAME", "COMMAND")]
    plain = [name for name, rest in named if re.match(rf"(?:COMMAND\s+)?(?:\$<TARGET_FILE:)?{re.escape(name)}\b", rest)]
    return (plain or [name for name, _ in named] or [""])[0]


def phpunit_class(tree: Tree, folder: str) -> str:
    """A PHPUnit test class under ``folder`` (`--filter ConcatTest` runs it)."""
    files = [f for f in tree.under(folder) if f.endswith("Test.php") and not in_fixture_project(f)]
    for rel in files[:FILES_READ]:
        if found := _PHPUNIT_CLASS.search(tree.read(rel) or ""):
            return found.group(1)
    return ""


def pytest_function(text: str, in_class: bool) -> str:
    """The first test function of ``text``: its first method when ``in_class`` (the text starts at the class),
    else its first top-level one."""
    for indent, name in _PYTEST_FUNCTION.findall(text):
        if bool(indent) == in_class:
            return name
        if in_class and not indent:
            break  # past the class
    return ""
