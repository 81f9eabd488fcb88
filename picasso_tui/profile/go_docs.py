"""Where a Go library's documentation is when it has no docs site: its doc comments, published on pkg.go.dev, and
its runnable Example functions (`go/docs`). Maintainers name this when asked how the project is documented."""

from __future__ import annotations

import re
from collections import Counter
from itertools import islice

from picasso_tui.profile.findings import Knowledge, human_list, plural
from picasso_tui.profile.walk import Tree, is_auxiliary

EXAMPLE = re.compile(r"^func (Example\w*)\(\)", re.MULTILINE)
PACKAGE_COMMENT = re.compile(r"^// Package \w+ ", re.MULTILINE)
SCANNED = 200
"""Root test files read for Example functions: enough for any one package, bounded."""


_WRITER = re.compile(
    r"^([\w-]+)\s*:[^\n]*\n(?:\t[^\n]*\n)*?\t[^\n]*\b(godocdown|gomarkdoc|godoc2md|goreadme)\b[^\n]*?"
    r"(?:>\|?|--output[ =]|-o )\s*([\w./-]+\.md)",
    re.MULTILINE,
)


def declares_main(text: str) -> bool:
    """The file's package clause, its first `package` line, says main: gosec's testutils hold sample programs in
    strings, each with a `package main` line of its own, in files of `package testutils`."""
    clause = re.search(r"^package\s+(\w+)", text, re.MULTILINE)
    return bool(clause) and clause.group(1) == "main"


def _readme_writer(makefile: str) -> tuple[str, str, str] | None:
    """(target, tool, file) of a Makefile recipe that writes a Markdown file from the doc comments."""
    found = _WRITER.search(makefile)
    return (found.group(1), found.group(2), found.group(3)) if found else None


def _a_program(tree: Tree) -> bool:
    """A module that builds a program (imgproxy's cli/main.go, infracost's cmd/infracost/) and whose README never
    sends readers to pkg.go.dev or godoc: its users run it, and its documentation is the program's own."""
    readme = tree.first("README.md", "README", "README.rst", "readme.md")
    if readme and re.search(r"pkg\.go\.dev|godoc", tree.read(readme) or "", re.IGNORECASE):
        return False
    mains = (
        f for f in tree.files
        if f.endswith(".go") and "/" in f and not f.endswith("_test.go") and not is_auxiliary(f)
        and not re.match(r"(internal|tools?|scripts?|hack|test\w*)/", f)
    )  # fmt: skip
    return any(declares_main(tree.read(f) or "") for f in islice(mains, 200))


def describe(tree: Tree, k: Knowledge) -> None:
    """The fact, for a root go.mod whose root package is a library (a `package main` at the root is a command,
    documented by its usage text instead)."""
    text = tree.read("go.mod") or "" if tree.has("go.mod") else ""
    module = re.search(r"^module\s+\"?([^\s\"]+)", text, re.MULTILINE)
    code = [f for f in tree.files if "/" not in f and f.endswith(".go") and not f.endswith("_test.go")]
    if not module or not code or any(declares_main(tree.read(f) or "") for f in code[:20]):
        return
    if _a_program(tree):
        return
    path = module.group(1)
    commented = (f for f in code if PACKAGE_COMMENT.search(tree.read(f) or ""))
    overview = "doc.go" if tree.has("doc.go") else next(commented, "")
    said = "API documentation is the Go doc comments" + (f" (the package overview in {overview})" if overview else "")
    if "." in path.split("/", 1)[0]:  # a module on a public host; pkg.go.dev shows no private one
        said += f", published on pkg.go.dev (https://pkg.go.dev/{path})"
    examples: dict[str, int] = {}
    tests = [f for f in tree.files if f.endswith("_test.go") and not is_auxiliary(f) and f.count("/") <= 1]
    for rel in tests[:SCANNED]:
        if found := EXAMPLE.findall(tree.read(rel) or ""):
            examples[rel] = len(found)
    if examples:
        files = sorted(examples, key=lambda f: (-examples[f], f))
        said += (f"; runnable examples are the {plural(sum(examples.values()), 'Example function')} in "
                 f"{human_list(files, 3)}")  # fmt: skip
    sources = [s for s in ("go.mod", overview, *list(examples)[:1]) if s]
    site = any(tree.under(d) for d in ("docs", "doc", "site", "website"))  # a Hugo or hand-written site
    writer = _readme_writer(tree.read("Makefile") or "")
    site = site or bool(writer)  # retry-go's `make generate` writes README.md from the doc comments: a docs build
    local = "`go doc -all .` prints them here" if site else "There is no docs build: `go doc -all .` prints them here"
    if writer:
        local += f"; `make {writer[0]}` writes {writer[2]} from them with {writer[1]}: edit the comments, not the file"
        sources.append("Makefile")
    # gosec's testutils/ holds rule samples for the tests: no part of the API
    aside = r"(internal|cmd|tools?|scripts?|_|\.|test(utils?|ing|helpers?|data)/)"
    subs = Counter(f.split("/", 1)[0] for f in tree.files if f.count("/") == 1 and f.endswith(".go")
                   and not f.endswith("_test.go") and not is_auxiliary(f) and not re.match(aside, f))  # fmt: skip
    own = len([f for f in code if f != "doc.go"])
    if subs and (own <= 1 or sum(subs.values()) > 8 * own):
        # testify's root holds only doc.go and conc's little: the API is in the packages below it
        first = subs.most_common(1)[0][0]
        below = human_list([f"{d}/" for d, _ in subs.most_common(4)], 4)
        local = (
            f"{'`go doc -all .`' if site else 'There is no docs build: `go doc -all .`'} prints the root "
            f"package's; most of the API is in the packages below it ({below}): `go doc -all ./{first}`"
        )
    k.fact("go/docs", "Go documentation", f"{said}. {local}.", *sources)
