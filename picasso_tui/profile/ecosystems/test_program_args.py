"""Whether a C or C++ test program takes the name of a test on its command line: a framework's runner does, and so
does a main() that compares an argument with its tests' names; tinyxml2's xmltest reads its argument as a file."""

from __future__ import annotations

import posixpath
import re

from picasso_tui.profile.walk import Tree

FRAMEWORK_HEADER = re.compile(
    r"#\s*include\s*[<\"][\w/]*(catch|gtest|doctest|boost/test|utest|greatest|munit|cmocka|unity|check|criterion|"
    r"acutest|cutest|minunit|tap)[\w.]*[>\"]",
    re.IGNORECASE,
)
"""A test framework's header: its runner picks tests by name."""
NAME_COMPARED = re.compile(
    r"\b(strn?cmp|strstr|strcasecmp)\s*\(\s*(argv\s*\[[^]]+\]\s*,\s*[A-Za-z_]|[A-Za-z_][\w.\[\]>-]*\s*,\s*argv\b)"
    r"|\bargv\s*\[[^]]+\]\s*==\s*[A-Za-z_]|[A-Za-z_]\w*\s*==\s*argv\s*\["
)
"""An argument compared with a test's name held in a variable: hiredis' `strcmp(argv[0], "--skip-throughput")` reads
an option, not a name."""
SOURCE = re.compile(r"[\w./${}-]+\.(c|cc|cpp|cxx|c\+\+)\b", re.IGNORECASE)


def sources_of(folder: str, rest: str) -> list[str]:
    """The files an `add_executable(name …)` lists, as paths from the repository's root."""
    base = f"{folder}/" if folder else ""
    found: list[str] = []
    for m in SOURCE.finditer(rest):
        word = m.group(0).replace("${CMAKE_CURRENT_SOURCE_DIR}/", "").replace("${PROJECT_SOURCE_DIR}/", "")
        if "$" not in word:
            found.append(posixpath.normpath(base + word))
    return found


def takes_test_name(tree: Tree, sources: list[str]) -> bool | None:
    """True when the program picks a test by name, False when it reads no argument or reads one as something else,
    None when its sources cannot be read."""
    texts = [tree.read(s) for s in sources if tree.has(s)]
    if not texts:
        return None
    code = "\n".join(t or "" for t in texts)
    return bool(FRAMEWORK_HEADER.search(code) or NAME_COMPARED.search(code))
