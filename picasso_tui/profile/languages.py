"""Languages and their share of the workspace, by bytes of source (as GitHub's linguist counts)."""

from __future__ import annotations

import re
from collections import Counter, defaultdict

from picasso_tui.languages import DISPLAY, language_of
from picasso_tui.profile.findings import Knowledge, name_key, plural
from picasso_tui.profile.generated import generated_by
from picasso_tui.profile.walk import Tree, holders_in, in_fixture_project, is_vendored, read_bounded, root_holders

MIN_SHARE = 0.01
_PROJECT_LANGUAGES = re.compile(r"^\s*project\s*\(([^)]*)\)", re.IGNORECASE | re.MULTILINE)


def _headers_for(tree: Tree) -> str:
    """``_decide_headers``, worked out once per walk (kept on the tree)."""
    decided = tree.__dict__.get("_header_language")
    if decided is None:
        decided = tree.__dict__["_header_language"] = _decide_headers(tree)
    return decided


def _decide_headers(tree: Tree) -> str:
    """``c`` or ``cpp``: what a ``.h`` header is written in here. CMake's ``project(... LANGUAGES ...)`` decides
    when it names only one of C and CXX; otherwise the larger of the C and C++ sources (headers aside)."""
    declared = _PROJECT_LANGUAGES.search(tree.read("CMakeLists.txt") or "") if tree.has("CMakeLists.txt") else None
    if declared:
        words = set(declared.group(1).upper().replace("LANGUAGES", " ").split()[1:])
        if "CXX" in words and "C" not in words:
            return "cpp"
        if "C" in words and "CXX" not in words:
            return "c"
    size: Counter[str] = Counter()
    for rel, n in tree.sizes.items():
        if not rel.lower().endswith(".h") and not _amalgamation(tree, rel):  # libhv's json.hpp is nlohmann's
            size[language_of(rel) or ""] += n
    return "cpp" if size["cpp"] > size["c"] else "c"


HEADER = re.compile(r"\.(h|hh|hpp|hxx)$", re.IGNORECASE)
C_SOURCE = re.compile(r"\.(c|cc|cpp|cxx|c\+\+|m|mm)$", re.IGNORECASE)
OTHER_MANIFESTS = (
    "Cargo.toml", "go.mod", "pyproject.toml", "setup.py", "package.json", "pom.xml", "build.gradle",
    "build.gradle.kts", "Gemfile", "composer.json",
)  # fmt: skip


def bindings_headers(tree: Tree) -> bool:
    """C headers with no C or C++ source beside them, in a project another language's manifest builds: LACT's
    lact-daemon/include/nvidia/*.h are NVIDIA's declarations its Rust bindings are generated from, no C of its own."""
    if "_bindings_headers" not in tree.__dict__:
        tree.__dict__["_bindings_headers"] = any(tree.has(m) for m in OTHER_MANIFESTS) and not any(
            C_SOURCE.search(rel) for rel in tree.sizes
        )
    return bool(tree.__dict__["_bindings_headers"])


def language_in(tree: Tree, rel: str) -> str | None:
    """The language of a file of this workspace: ``language_of``, with ``.h`` headers given to C++ in a C++
    project (fmt's headers are C++; libuv's are C)."""
    lang = language_of(rel)
    if lang is None and rel.lower().endswith(".inc") and (tree.read(rel) or "").lstrip().startswith("<?php"):
        return "php"  # openmediavault's and LAM's lib/*.inc: PHP includes, most of their backend
    if lang == "typescript" and _qt_translation(tree, rel):
        return None  # tiled's and Mudlet's translations/*.ts: Qt Linguist's XML, so no "mostly TypeScript" folder
    if lang in ("c", "cpp") and HEADER.search(rel) and bindings_headers(tree):
        return None  # declarations another language binds to, not code of the project's own
    if rel.lower().endswith(SHARED_EXTENSIONS) and tree.read(rel) is None:
        return None  # sq's testdata .pxd files are Pixelmator images, binary: no Cython
    if lang == "c" and rel.lower().endswith(".h"):
        return _folder_headers(tree).get(rel.rsplit("/", 1)[0] if "/" in rel else "") or _headers_for(tree)
    if lang == "cpp" and rel.lower().endswith(".inl"):  # aws-c-common's inline headers: C, as its CMake project is
        return _headers_for(tree)
    return lang


def _folder_headers(tree: Tree) -> dict[str, str]:
    """Folders whose sources are all of one of C and C++: their headers are of that language (inih's
    cpp/INIReader.h beside INIReader.cpp in a C project). Computed once per tree."""
    if "_folder_headers" not in tree.__dict__:
        seen: dict[str, set[str]] = {}
        for f in tree.sizes:
            if (lang := language_of(f)) in ("c", "cpp") and not f.lower().endswith((".h", ".inl")):
                seen.setdefault(f.rsplit("/", 1)[0] if "/" in f else "", set()).add(lang)
        tree.__dict__["_folder_headers"] = {d: next(iter(ls)) for d, ls in seen.items() if len(ls) == 1}
    return tree.__dict__["_folder_headers"]


SHARED_EXTENSIONS = (".pxd",)
"""Extensions another program's binary files use too (Pixelmator's .pxd documents beside Cython's declarations):
such a file counts only when it reads as text."""
STUBS = (".pyi", ".d.ts", ".d.mts", ".d.cts")
"""Type declarations for code written beside them (dotenv's lib/main.d.ts types lib/main.js)."""

SUPPORT_DIRS = frozenset({"test", "tests", "spec", "__tests__", "e2e", "scripts", "script", "tools", "bin", "ci"})
TOOL_CONFIG = re.compile(
    r"(^|/)(\.[^/]+|[^/]*\.conf(ig)?([._][\w-]+)*\.\w+|[^/]*rc\.(js|cjs|mjs|ts|json|ya?ml|toml)|[^/]*\.gradle\.kts|"
    r"setup\.py|conftest\.py|noxfile\.py|(gulp|grunt|web|rollup|jake)file\.\w+|build\.rs|Gemfile[^/]*|[^/]*\.gemfile|"
    r"phpstan-baseline\.php|rector\.php|ecs\.php)$|^buildSrc/",
    re.IGNORECASE,
)
"""Tool configuration written in a programming language (eslint.config.js, ejs' eslint.config_esm.mjs and
jakefile.js, vitest.config.build.ts, build.gradle.kts, conftest.py, buildSrc/, will_paginate's
environments/Gemfile.rails6.0.rb, debug's karma.conf.js, bolt's rector.php and its phpstan-baseline.php, the errors
PHPStan lets through): the project's tooling, not its code."""


def own_languages(tree: Tree) -> set[str]:
    """The languages the project's own code is written in: files in test, script, tool and dot folders, tool
    configuration, docs and examples left out (guzzle's Node test server does not make it a JavaScript project)."""
    found = tree.__dict__.get("_own_languages")
    if found is None:
        found = tree.__dict__["_own_languages"] = {
            lang
            for rel in tree.own
            if not TOOL_CONFIG.search(rel)
            and not SUPPORT_DIRS.intersection(rel.split("/")[:-1])
            and not any(p.startswith(".") for p in rel.split("/")[:-1])  # caffeine's .claude/skills/*.py: tooling
            and (lang := language_in(tree, rel))
        }
    return found


DOCUMENTATION = re.compile(r"(^|/)(docs?|documentation|examples?|samples?|man|javadocs?|apidocs?)/", re.IGNORECASE)
"""Documentation and examples, which linguist leaves out of a repository's languages too: yyjson's generated
Doxygen pages (doc/doxygen/html/*.js) do not make it a JavaScript project."""
_TESTS = re.compile(r"(^|/)(tests?|spec|__tests__)/|(_test|\.test|\.spec)\.\w+$")


BUNDLED = re.compile(r"(^|/)src/(main|test)/resources/.*\.js$|[-.]v?\d+\.\d+(\.\d+)?(\.min)?\.js$|\.min\.js$")
"""Someone else's script shipped as a file: a Java project's resources (handlebars.java's handlebars-v4.7.9.js,
jasmine.js for its tests) or a versioned or minified copy."""


WEB_LIBRARY = re.compile(
    r"(^|/)(jquery|ace|bootstrap|popper|lodash|underscore|backbone|angular|d3|moment|highlight|prism|codemirror|"
    r"select2|handlebars|mustache|require|zepto|knockout|raphael|leaflet|socket\.io|livereload|elasticlunr|lunr)"
    r"(\d*[-.][\w.-]*)?\.js$"
)
"""A well-known browser library copied into a server's assets (pgweb's static/js/ace.js, jquery.js and
bootstrap-dropdown.js beside its own app.js): counted only where no package.json could have installed it."""


EXPECTED_OUTPUT = re.compile(
    r"(^|/)tests?/(expectations|expected|golden|snapshots|__snapshots__)[\w-]*/|(^|/)testdata/"
)
"""What the tests compare the program's output with (cbindgen's 1,148 tests/expectations/*.c, *.cpp and *.pyx
headers it generated), and the files they read (caddy's testdata/caddy_asciinema_player.js, a folder the Go tool
leaves alone): data, not the project's C, Cython or JavaScript."""


AUTOTOOLS_COPIES = frozenset(
    {"ltmain.sh", "config.guess", "config.sub", "install-sh", "depcomp", "missing", "compile", "ar-lib", "test-driver"}
)
"""Scripts libtoolize and automake copy in (libpqxx's config/ltmain.sh, 333 kB, libconfig's aux-build/): not the
project's shell."""


def bundled(tree: Tree, rel: str) -> bool:
    """A bundle or copy no one edits; rapier's website/static/demos2d/index.js is webpack's output (4 MB, with the
    index.js.LICENSE.txt webpack writes beside a bundle), which made a Rust engine "JavaScript 62%"."""
    return bool(
        BUNDLED.search(rel)
        or rel.rsplit("/", 1)[-1] in AUTOTOOLS_COPIES
        or (WEB_LIBRARY.search(rel) and not tree.has("package.json"))
        or bool(WEB_LIBRARY_FOLDER.search(rel))
        or (rel.endswith(".js") and (tree.has(f"{rel}.LICENSE.txt") or tree.sizes.get(rel, 0) > BUNDLE_BYTES))
        or (rel.endswith(".js") and rel.rsplit("/", 1)[0] in _bundle_folders(tree))
        or bool(re.search(r"(^|/)\d+(\.[\w-]+)?\.js$", rel))  # webpack's numbered chunks (898.index.js, 8731.js)
        or _minified(tree, rel)
        or _amalgamation(tree, rel)
        or _qt_translation(tree, rel)
    )


WEB_LIBRARY_FOLDER = re.compile(
    r"(^|/)(public|static|assets|www|wwwroot|web)/(?:[\w.-]+/)*?(js/)?(jquery|ace|ace-builds|bootstrap|popper|lodash|"
    r"codemirror|monaco|tinymce|ckeditor|select2|highlight|prism|leaflet|d3|moment)([-.][\w.]+)?/"
)
"""A browser library's folder copied into a web app's served assets (pufferpanel's client/frontend/public/js/ace/,
429 files of the Ace editor, most of them small minified modes and snippets)."""


def _bundle_folders(tree: Tree) -> set[str]:
    """Folders webpack writes into: a bundle's .js.LICENSE.txt beside it (daux.io's themes/daux/js/ holds its
    katex.js and mermaid.js chunks, copies of the packages package.json installs, beside 165.js.LICENSE.txt)."""
    if "_bundle_folders" not in tree.__dict__:
        tree.__dict__["_bundle_folders"] = {
            f.rsplit("/", 1)[0] for f in tree.files if f.endswith(".js.LICENSE.txt") and "/" in f
        }
    return set(tree.__dict__["_bundle_folders"])


AMALGAMATED_HEADER_BYTES = 400_000
AMALGAMATED_SOURCE_BYTES = 2_000_000


def _amalgamation(tree: Tree, rel: str) -> bool:
    """A library copied in as one file: libhv's cpputil/json.hpp (nlohmann's 950 kB single header, which made its C
    core "C++ 63%"), a catch.hpp, an sqlite3.c. No header a contributor writes is this large."""
    size = tree.sizes.get(rel, 0)
    if rel.endswith((".h", ".hpp", ".hh", ".hxx")):
        return size > AMALGAMATED_HEADER_BYTES and not _own_header(tree, rel)
    return rel.endswith((".c", ".cc", ".cpp")) and size > AMALGAMATED_SOURCE_BYTES


def _own_header(tree: Tree, rel: str) -> bool:
    """A large header whose notice names the holder of the root's licence: mlib's 683 kB m-core.h, the macros
    every other header builds on, is the project's own. A single-header build of it (nlohmann's single_include/)
    is a copy still."""
    if re.search(r"(^|/)(single_include|amalgamat\w*|dist)/", rel):
        return False
    if "/" not in rel and name_key(rel.rsplit(".", 1)[0]) == name_key(tree.root.name):
        return True  # miniaudio's 4 MB miniaudio.h at its root: the single-header library the repository is
    ours = root_holders(tree)
    return bool(ours) and bool(ours & holders_in(read_bounded(tree.root / rel, 4096) or ""))


TRANSLATION_PATH = re.compile(
    r"(^|/)(lang|langs|languages|translations?|i18n|l10n|locales?)/|_[a-z]{2}([_@-][A-Za-z]{2,6})?\.ts$"
)
"""Where a Qt Linguist file lives or how it is named: a translations folder, or a locale suffix (`app_de.ts`)."""


def _qt_translation(tree: Tree, rel: str) -> bool:
    """sqlitebrowser's src/translations/sqlb_it.ts: Qt Linguist's XML, which lupdate writes, not TypeScript (it
    made a C++ database browser "TypeScript 51%"). Sniffed only where no package.json, tsconfig or deno.json says
    the project has TypeScript."""
    if not rel.endswith(".ts"):
        return False
    if "_typescript_manifest" not in tree.__dict__:
        manifests = tree.named("package.json", "tsconfig.json", "deno.json", "deno.jsonc")
        tree.__dict__["_typescript_manifest"] = bool(manifests)
    # qBittorrent's src/lang/qbittorrent_de.ts beside the package.json of its web UI's linters: a file named for a
    # locale, or kept in a translations folder, is sniffed all the same
    if tree.__dict__["_typescript_manifest"] and not TRANSLATION_PATH.search(rel):
        return False
    known: dict[str, bool] = tree.__dict__.setdefault("_qt_translations", {})
    if rel not in known:
        head = read_bounded(tree.root / rel, 512) or ""
        known[rel] = head.lstrip().startswith("<?xml") or "<!DOCTYPE TS>" in head
    return known[rel]


MINIFIED_LINE = 110
"""linguist's test for a minified script: its lines average more than 110 characters."""
SNIFFED_BYTES = 8192


def _minified(tree: Tree, rel: str) -> bool:
    """A script a tool wrote on a few long lines: gatus' web/static/js/app.js (100 kB on one line, the Vue app's
    build that its Go server embeds) and topiary's copy of tree-sitter.js. Only files of 20 kB or more are read,
    and only their start, so a large JavaScript project's walk stays cheap."""
    if not rel.endswith((".js", ".mjs", ".cjs")) or tree.sizes.get(rel, 0) < 20_000:
        return False
    known: dict[str, bool] = tree.__dict__.setdefault("_minified", {})
    if rel not in known:
        head = read_bounded(tree.root / rel, SNIFFED_BYTES) or ""
        known[rel] = len(head) / (head.count("\n") + 1) > MINIFIED_LINE
    return known[rel]


BUNDLE_BYTES = 500_000
"""A JavaScript file this large is a build's output or a library's copy, not code a contributor writes."""


TEST_DATA = re.compile(
    r"(^|/)(src/test/resources|tests?/resources|tests?/fixtures|testdata|fixtures|__fixtures__)/.*\.sql$|"
    r"(^|/)(tests?|spec)/(examplefiles|example_files|test_data|test-data|corpus|inputs?|fixtures|data)/|"
    r"^([\w-]+[-_])?fixtures/|"
    r"(^|/)data/tests?/|"  # typeshare's core/data/tests/*/output.swift: what each generator is expected to write
    r"(^|/)src/(test|it|integrationTest)/resources/"  # JPlag's Rust, C++ and Python inputs to its parsers' tests
)
"""SQL a test feeds the code (JSqlParser's 284 Oracle statements under src/test/resources), and the sample inputs a
suite reads (pygments' tests/examplefiles/rb/*.rb are what its Ruby lexer highlights; wpscan's spec/fixtures/ holds
the 33 WordPress plugins' scripts it fingerprints, which made it "JavaScript 57%"; ohm's lang-python/test/data/
argparse.py, a grammar's input), and a root fixtures/ folder (edge's fixtures/*/compiled.js, async_fixtures/: each
template's expected output): input, not source."""


def shares(tree: Tree) -> list[tuple[str, float, int]]:
    """(language, share of source bytes, file count), largest first; languages under 1% left out;
    documentation, examples and vendored copies not counted. Worked out once per walk: the languages, the style and
    several ecosystems ask (babel's 55,000 files cost a third of a second each time)."""
    if "_shares" not in tree.__dict__:
        tree.__dict__["_shares"] = _shares(tree)
    return list(tree.__dict__["_shares"])


def _shares(tree: Tree) -> list[tuple[str, float, int]]:
    size: Counter[str] = Counter()
    count: Counter[str] = Counter()
    counted = [(rel, n) for rel, n in tree.sizes.items() if not DOCUMENTATION.search(rel)]
    for rel, n in counted if counted else tree.sizes.items():
        if is_vendored(rel) or bundled(tree, rel) or TEST_DATA.search(rel) or in_fixture_project(rel):
            continue
        if EXPECTED_OUTPUT.search(rel):
            continue
        lang = language_in(tree, rel)
        if lang:
            size[lang] += n
            count[lang] += 1
    total = sum(size.values()) or 1
    return [(lang, n / total, count[lang]) for lang, n in size.most_common() if n / total >= MIN_SHARE]


def _largest(tree: Tree, langs: list[str]) -> list[str]:
    """The largest of the project's own files (tests, examples and bundled code aside when possible) in each
    language: what the shares rest on most."""
    best: dict[str, tuple[int, str]] = {}
    own = [f for f in tree.own if not _TESTS.search(f) and not re.search(r"(^|/)(third[_-]party|gtest)/", f)]
    for rel in [f for f in own if not bundled(tree, f)] or own or tree.files:
        n = tree.sizes[rel]
        lang = language_in(tree, rel)
        if lang in langs and n > best.get(lang, (-1, ""))[0]:
            best[lang] = (n, rel)
    return [best[lang][1] for lang in langs if lang in best]


def _main_language(tree: Tree) -> str | None:
    """The language most of the project's own code is written in, tests, scripts and tool configs aside: yargs'
    library is TypeScript in lib/, though its JavaScript tests and shims weigh more."""
    size: Counter[str] = Counter()
    written: dict[str, list[str]] = defaultdict(list)
    for rel in tree.own:
        folders = rel.split("/")[:-1]
        folders = folders[: folders.index("src")] if "src" in folders else folders  # jib's com/google/cloud/tools/
        if TOOL_CONFIG.search(rel) or SUPPORT_DIRS.intersection(folders) or _TESTS.search(rel):  # is a package
            continue
        if rel.endswith(STUBS) or rel.endswith(".test-d.ts"):
            continue  # chalk's index.d.ts types its JavaScript; the code is source/index.js
        if bundled(tree, rel) or TEST_DATA.search(rel):
            continue  # wiremock's src/main/resources/*.js is a bundled UI, left out of the shares too
        lang = language_in(tree, rel)
        if lang:
            size[lang] += tree.sizes[rel]
            written[lang].append(rel)
    if not size:
        return None
    # melody's IntelliJ parser in src/main/gen/ is Grammar-Kit's output: the leader's generated files are left out
    # (its files alone are read, not the whole tree's)
    leader = size.most_common(1)[0][0]
    size[leader] -= sum(tree.sizes[rel] for rel in written[leader] if generated_by(tree, rel) is not None)
    return size.most_common(1)[0][0]


def investigate(tree: Tree) -> Knowledge:
    k = Knowledge()
    found = shares(tree)
    if not found:
        return k
    parts = [f"{DISPLAY.get(lang, lang)} {share:.0%}" for lang, share, _ in found]
    files = sum(c for _, _, c in found)
    headers = any(rel.lower().endswith(".h") for rel in tree.sizes)
    note = ""
    if headers and _headers_for(tree) == "cpp" and any(lang == "cpp" for lang, _, _ in found):
        note = f" .h headers count as {DISPLAY[_headers_for(tree)]}."
    main = _main_language(tree) or found[0][0]
    # stackprof: Ruby leads the shares with its tests, C leads the code itself; said why, it contradicts nothing
    why = " (by the code outside tests, scripts and bundled files)" if main != found[0][0] else ""
    k.fact(
        "languages",
        f"Languages: {', '.join(parts[:4])}",
        f"Languages by share of source: {', '.join(parts)} ({plural(files, 'source file')}). "
        f"Main language: {DISPLAY.get(main, main)}{why}.{note}",
        *_largest(tree, [lang for lang, _, _ in found][:4]),
        tags=("languages",),
    )
    return k
