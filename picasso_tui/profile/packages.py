"""The main source folder: where most of the project's own code lives, its largest modules and its sub-packages,
so that an agent asked about "the schema code" knows to look in src/marshmallow/schema.py."""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Callable
from itertools import islice

from picasso_tui.languages import DISPLAY
from picasso_tui.profile.benchmark_scripts import benchmark_folders
from picasso_tui.profile.build_modules import in_unbuilt_folder
from picasso_tui.profile.ecosystems.common import load_json
from picasso_tui.profile.ecosystems.javascript_files import RELATIVE_IMPORT
from picasso_tui.profile.findings import Knowledge, human_list, name_key, plural
from picasso_tui.profile.generated import generated_by
from picasso_tui.profile.generated_folders import in_generated_folder
from picasso_tui.profile.languages import STUBS, TOOL_CONFIG, bundled, language_in
from picasso_tui.profile.walk import Tree
from picasso_tui.profile.where_tests_live import BENCH_DIR, ROOT_RUNNER, TEST_FILE, is_test_folder, tests_place

DESCEND_SHARE = 0.75
"""A folder holding this share of the code below its parent is where the code is (src/ -> src/marshmallow/)."""
SIBLING_SHARE = 0.1
"""A folder left on the way down that still holds this share is named too (legacy src/main/java/junit/)."""
MIN_FILES = 3
NOT_CODE = frozenset(
    {"scripts", "script", "tools", "ci", "profiling", "lang", "langs", "locale", "locales", "i18n", "l10n",
     "translations", "resources", "language", "languages", "features", "fixtures", "support", "contrib", "cypress"}
)  # fmt: skip
"""Folders beside the code: tooling, data written as code (Carbon's 824 locale files in src/Carbon/Lang/), and
Cypress' end-to-end harness (focus-trap's cypress/plugins/index.js)."""
SUBPACKAGE_NAMES = NOT_CODE - {"fixtures", "support", "features"}
"""Names a Python subpackage of code may carry (libqtile/scripts/, a package's tools/); its fixtures stay test data."""
LOCALE_FOLDERS = frozenset(
    {"lang", "langs", "language", "languages", "locale", "locales", "i18n", "l10n", "translations"}
)
LOCALE_FILE = re.compile(r"^[a-z]{2,3}([_-][A-Za-z0-9]{2,8})*\.\w+$")
"""A file named for a locale (`en.php`, `fr_CA.php`, `zh-Hans.json`): in a language folder it is a translation."""
IN_CODE = frozenset({"features", "support", "contrib", "resources", "tools"})
"""Names that mean specs or test support at the top (Cucumber's features/) and code below lib/ or src/ (acme-client's
lib/acme/client/resources/ holds its API's Ruby classes, flameshot's src/tools/ its 78 drawing tools)."""
HELPERS = re.compile(r"^(test|tests|testing)[-_]|[-_](test|tests|helpers?)$", re.IGNORECASE)
"""Test support folders named as such (koa's test-helpers/); a package named `_pytest` is code."""
MODULES_SHOWN = 6
FOLDERS_SHOWN = 6
WORKSPACE_DIRS = frozenset({"packages", "crates", "apps", "libs", "modules"})
"""Monorepo folders: the layout fact names their members; one of them is not "the" source."""
TRIVIAL = frozenset({"__init__.py", "mod.rs", "doc.go", "package-info.java", "__main__.py"})
UNIT_TESTS = re.compile(r"(^|/)tests?\.rs$")
"""A Rust module of unit tests (chrono's src/datetime/tests.rs, behind `#[cfg(test)]`): test code, no module."""
BIG_INIT = 8000
"""A package file this large holds code (cachetools' 23 kB __init__.py has every cache class, quick-xml's de/mod.rs
its deserializer): a module to name."""
SOURCE_ROOTS = frozenset({"src", "lib", "source", "sources", "include", "app"})
GO_ROOTS = frozenset({"pkg", "internal"})
"""A Go module's folders of packages: a sub-folder of Go files there is a package, whatever its name."""
"""Conventional homes of the code: a bare majority of it there is enough to look inside."""


MAIN_SOURCE_SET = re.compile(r"(^|/)src/\w*[mM]ain/")
"""A JVM main source set: src/main/, or Kotlin Multiplatform's src/commonMain/, src/jvmMain/ and the like."""


def _is_test(
    rel: str,
    translations: frozenset[str] = frozenset(),
    homes: frozenset[str] = SOURCE_ROOTS,
    python_packages: frozenset[str] = frozenset(),
) -> bool:
    """Not the project's code: tests, benchmarks, test helpers, the scripts and dot-folders around the code, and data
    written as code (translations); Jest's __fixtures__/ is fixtures/. A subpackage of a Python package is code
    whatever its name (qtile's libqtile/scripts/ holds its command line)."""
    parts = rel.split("/")
    folder = rel.rsplit("/", 1)[0] if "/" in rel else ""
    if folder in python_packages and folder.rsplit("/", 1)[0] in python_packages and not HELPERS.search(folder):
        parts = [parts[0], *(p for p in parts[1:-1] if p.lower().strip("_") not in SUBPACKAGE_NAMES), parts[-1]]
    # a JVM source set's package path is no folder beside the code (jib's com/google/cloud/tools/jib/)
    upto = parts.index("src") if MAIN_SOURCE_SET.search(rel) and "src" in parts else len(parts) - 1
    if any(
        p.startswith(".")
        or (
            p.lower().strip("_") in NOT_CODE
            # Carbon's Lang/ of fr_CA.php files is data; tokei's src/language/ of syntax.rs is code
            and (p.lower().strip("_") not in LOCALE_FOLDERS or "/".join(parts[: i + 1]) in translations)
        )
        or HELPERS.search(p)
        for i, p in enumerate(parts[:upto])
    ):
        inside = [p.lower() for p in parts[1:-1]]  # http's lib/http/features/ is code; top-level features/ is specs
        if not (parts[0] in homes and set(inside) & IN_CODE and not set(inside) & (NOT_CODE - IN_CODE)):
            return True
    # jolt's src/main/java/…/shiftr/spec/ is a package of the main source set, not a spec folder
    # Kotlin Multiplatform's src/commonMain/ is a main source set too (clikt's …/clikt/testing/ is its test API),
    # and a gem ships all of lib/ (reek's lib/reek/spec/ holds the RSpec matchers it offers)
    shipped = bool(MAIN_SOURCE_SET.search(rel)) or (rel.startswith("lib/") and rel.endswith(".rb"))
    in_test_dir = any(is_test_folder(p) for p in parts[:-1]) and not shipped
    named_as_test = bool(TEST_FILE.search(rel)) and not shipped  # junit's main TestRule.java is API
    aside = re.search(r"(^|/)(examples?|samples?|demos?)[._-]\w+$", rel)  # cxxopts' src/example.cpp
    # a crate's examples live in examples/: inferno's src/collapse/sample.rs collapses macOS `sample` output
    aside = aside and not (rel.endswith(".rs") and rel.startswith("src/"))
    runner = bool(ROOT_RUNNER.match(rel))
    return in_test_dir or named_as_test or runner or bool(BENCH_DIR.search(rel) or aside) or "src/test/" in rel


BENCH_NAMED = re.compile(r"[._-]bench(mark)?s?\.\w+$")
"""A benchmark beside the code (path-to-regexp's src/index.bench.ts), unless the code includes it."""
C_FAMILY = (".c", ".cc", ".cpp", ".cxx", ".h", ".hh", ".hpp")


def _included_benches(tree: Tree, named: list[str], kept: list[str]) -> set[str]:
    """The files named like benchmarks that the project's own C or C++ code includes, with their sources
    (xxhsum.c includes xsum_bench.h: the command's benchmark mode is part of the program, not a benchmark of it)."""
    stems = {f.rsplit(".", 1)[0] for f in named if f.endswith(C_FAMILY)}
    if not stems:
        return set()
    includes = {
        name.rsplit("/", 1)[-1].rsplit(".", 1)[0]
        for f in kept
        if f.endswith(C_FAMILY)
        for name in re.findall(r'^\s*#\s*include\s*"([^"]+)"', tree.read(f) or "", re.MULTILINE)
    }
    used = {stem for stem in stems if stem.rsplit("/", 1)[-1] in includes}
    return {f for f in named if f.rsplit(".", 1)[0] in used}


_SOURCE_SET = re.compile(r"^(.*?)src/(\w+)/(java|kotlin|scala|groovy)/")


def _other_source_set(rel: str, mains: set[str]) -> bool:
    """A Gradle or Maven source set beside src/main/ (disruptor's src/jmh/, src/perftest/, src/jcstress/):
    benchmarks, stress tests or examples built from the same module, not the library."""
    m = _SOURCE_SET.match(rel)
    return bool(m and m.group(2) != "main" and m.group(1) in mains)


def _ctest_programs(tree: Tree) -> set[str]:
    """The sources of the root CMakeLists.txt's programs that `add_test` runs (tinyxml2's xmltest.cpp): tests."""
    cmake = tree.read("CMakeLists.txt") or ""
    run = set(re.findall(r"\badd_test\s*\(\s*(?:NAME\s+[\w-]+\s+COMMAND\s+)?([\w-]+)", cmake, re.IGNORECASE))
    built = re.findall(r"\badd_executable\s*\(\s*([\w-]+)\s+([^)]*)\)", cmake, re.IGNORECASE)
    return {f for name, files in built if name in run for f in files.split() if tree.has(f)}


def _translation_folders(tree: Tree) -> frozenset[str]:
    """Folders named for languages (Lang/, locales/, i18n/) whose files are mostly named for a locale (`en.php`,
    `fr_CA.php`): translations, data written as code."""
    named: dict[str, list[str]] = {}
    for f in tree.own:
        parts = f.split("/")
        for i, p in enumerate(parts[:-1]):
            if p.lower().strip("_") in LOCALE_FOLDERS:
                # Laravel's lang/en/auth.php: a folder per locale, named like a locale file without its ending
                below = parts[i + 1] + ".x" if i + 2 < len(parts) else parts[-1]
                named.setdefault("/".join(parts[: i + 1]), []).append(below)
    return frozenset(
        d
        for d, names in named.items()
        if sum(bool(LOCALE_FILE.match(n)) for n in names) * 2 >= len(names) and not _declares_code(tree, d)
    )


DECLARES = re.compile(r"^(?:export )?(?:(?:final |abstract )?class|def|function|module)\s+\w", re.MULTILINE)
"""A declaration at the top of a file: translate's lang/fr.py defines the French language's functions and class,
where Carbon's Lang/fr.php only returns an array of strings."""


def _declares_code(tree: Tree, folder: str) -> bool:
    """Most of the folder's first files declare functions or classes: code named for languages, not translations."""
    files = [f for f in tree.under(folder) if "/" not in f[len(folder) + 1 :]][:6]
    return bool(files) and sum(bool(DECLARES.search(tree.read(f) or "")) for f in files) * 2 > len(files)


LICENCE_FILE = re.compile(
    r"(LICEN[CS]E|COPYING)(\.(?!(go|py|rs|js|ts|java|kt|rb|php|c|h|cc|cpp|hpp|cs|swift|scala|ex|exs)$)\w+)?",
    re.IGNORECASE,
)
"""A licence's text; flipt's internal/config/license.go is code that reads one."""
MANIFEST_FILES = frozenset({
    "package.json", "setup.py", "pyproject.toml", "Cargo.toml", "go.mod", "composer.json", "pom.xml", "build.gradle",
    "build.gradle.kts", "Gemfile", "CMakeLists.txt", "Makefile", "meson.build", "BUILD", "BUILD.bazel",
})  # fmt: skip


def _copied_libraries(tree: Tree) -> frozenset[str]:
    """Folders inside the code that carry a licence of their own and no manifest: another project's code copied
    in by hand (jc's jc/parsers/asn1crypto/ with asn1crypto's LICENSE), not one of the project's packages, which
    each bring a manifest with their licence."""
    names: dict[str, set[str]] = {}
    for f in tree.files:
        folder, _, name = f.rpartition("/")
        if folder.count("/") >= 1:
            names.setdefault(folder, set()).add(name)
    return frozenset(
        folder
        for folder, files in names.items()
        if any(LICENCE_FILE.fullmatch(n) for n in files)
        and not files & MANIFEST_FILES
        and not any(n.endswith(".gemspec") for n in files)
    )


def _unlinted_folders(tree: Tree) -> set[str]:
    """Folders the project's PHP_CodeSniffer config leaves out (wp-rocket's `/inc/Dependencies/*`, `/inc/vendors/*`
    and `/inc/deprecated/*`): prefixed copies of libraries and old code, not the code it keeps to its standard."""
    folders: set[str] = set()
    for config in ("phpcs.xml", "phpcs.xml.dist", ".phpcs.xml", ".phpcs.xml.dist"):
        for pattern in re.findall(r"<exclude-pattern>\s*([^<]+?)\s*</exclude-pattern>", tree.read(config) or ""):
            folder = pattern.strip("/").removesuffix("/*").removesuffix("/**")
            if re.fullmatch(r"[\w.-]+(/[\w.-]+)*", folder) and tree.under(folder):
                folders.add(folder)
    return folders


def _go_package_file(tree: Tree, rel: str) -> bool:
    """A Go file of a package under pkg/ or internal/: code, whatever its folder's name (updatecli's
    pkg/plugins/resources/ and …/language/ are 305 files of its plugins); testdata/ and _test.go files are not."""
    parts = rel.split("/")
    return (
        parts[0] in GO_ROOTS
        and rel.endswith(".go")
        and not rel.endswith("_test.go")
        and not any(p == "testdata" or p.startswith((".", "_")) or HELPERS.search(p) for p in parts[:-1])
        and tree.has("go.mod")
    )


def _source(tree: Tree) -> tuple[str, list[str]]:
    """(main language, the project's own source files in it): examples, docs, tests, vendored code left out."""
    mains = {f.split("src/main/", 1)[0] for f in tree.own if "src/main/" in f}
    translations = _translation_folders(tree)
    # translate's translate/tools/ is code of the package named for the project, as src/tools/ would be
    tops = {f.split("/", 1)[0] for f in tree.own if "/" in f}
    homes = SOURCE_ROOTS | {top for top in tops if name_key(top) == name_key(tree.root.name)}
    programs = _ctest_programs(tree)
    python_packages = frozenset(f.rsplit("/", 1)[0] for f in tree.own if f.endswith("/__init__.py"))
    # measuring scripts, code copied in and code the project's linter leaves out: none of it its own main source
    set_apart = benchmark_folders(tree) | _copied_libraries(tree) | _unlinted_folders(tree)
    candidates = [
        f
        for f in tree.own
        if (not _is_test(f, translations, homes, python_packages) or _go_package_file(tree, f))
        and f not in tree.links
        and not TOOL_CONFIG.search(f)
        and not _other_source_set(f, mains)
        and f not in programs
        and not any(f.startswith(folder + "/") for folder in set_apart)
        and not in_unbuilt_folder(tree, f)
        and not bundled(tree, f)  # pgweb's static/js/ace.js and jquery.js: libraries its Go server serves
    ]
    benches = [f for f in candidates if BENCH_NAMED.search(f)]
    kept = [f for f in candidates if f not in benches]
    keep = set(kept) | _included_benches(tree, benches, kept)
    own = {f: language_in(tree, f) for f in candidates if f in keep}
    own = {f: lang for f, lang in own.items() if not in_generated_folder(tree, f)} or own  # mime's built types/
    typing = (*STUBS, ".test-d.ts")  # chalk's index.d.ts types its JavaScript; tsd's index.test-d.ts checks them
    own = {f: lang for f, lang in own.items() if not f.endswith(typing)} or own
    size: Counter[str] = Counter()
    for rel, lang in own.items():
        if lang:
            size[lang] += tree.sizes[rel]
    if not size:
        return "", []
    main = size.most_common(1)[0][0]  # by the project's own code: immer's TypeScript, not its website's scripts
    return main, [f for f, lang in own.items() if lang == main]


def _child(folder: str, rel: str) -> str | None:
    """The folder directly below ``folder`` that holds ``rel``, or None when ``rel`` sits in ``folder`` itself."""
    rest = rel[len(folder) + 1 :] if folder else rel
    if "/" not in rest:
        return None
    name = rest.split("/", 1)[0]
    return f"{folder}/{name}" if folder else name


MEMBER_MANIFESTS = re.compile(
    r"^(package\.json|Cargo\.toml|composer\.json|go\.mod|pom\.xml|build\.gradle(\.kts)?|pyproject\.toml|setup\.py|"
    r"[\w.-]+\.gemspec|[\w.-]+\.csproj|CMakeLists\.txt|meson\.build)$"
)


def _members_folders(tree: Tree) -> set[str]:
    """Folders named like a monorepo's (packages/, libs/ …) whose sub-folders are packages: two of them hold a
    manifest. daux.io's libs/ is the PHP namespace composer.json loads, one package's code."""
    holders: Counter[str] = Counter()
    for f in tree.files:
        parts = f.split("/")
        if not MEMBER_MANIFESTS.match(parts[-1]):
            continue
        # packages/core/package.json, and a scope's packages/@scope/core/package.json
        at = next((i for i in (len(parts) - 3, len(parts) - 4) if i >= 0 and parts[i] in WORKSPACE_DIRS), None)
        if at is not None:
            holders["/".join(parts[: at + 1])] += 1
    return {folder for folder, n in holders.items() if n >= 2}


def _descend(
    files: list[str], size: dict[str, int], project: str, read: Callable[[str], str | None],
    members: frozenset[str] = frozenset(),
) -> tuple[str, list[tuple[str, int]]]:  # fmt: skip
    """(the folder the code is in, the folders passed on the way that still hold a notable share of the files)."""
    folder, left = "", []
    while True:
        below = [f for f in files if not folder or f.startswith(folder + "/")]
        counts = Counter(c for f in below if (c := _child(folder, f)))
        named = [c for c in counts if not folder and name_key(c) == project and counts[c] >= MIN_FILES]
        if named:  # yarl's yarl/ beside its build backend in packaging/ and scripts at the root: the package
            left = [(c, m) for c, m in counts.items() if c != named[0] and m >= SIBLING_SHARE * len(files)]
            folder = named[0]
            continue
        top = _holding_most(folder, below, size, counts)
        if not top:
            return folder, left
        name = top.rsplit("/", 1)[-1]
        # Code of its own beside the folder (chi's mux.go beside middleware/) keeps the reader here; the entry file
        # of the package below (lib/sidekiq.rb beside lib/sidekiq/), a package marker or entry shims (yargs'
        # deno.ts beside lib/) do not.
        direct = [f for f in below if _child(folder, f) is None]
        # html2text's convert.php and html2text.php only `require_once(__DIR__ . "/src/Html2Text.php")`: shims too
        loads = re.compile(rf"""\b({LOADS})\b[^\n]*[\"'/]{re.escape(name)}/""")
        own_code = [
            f
            for f in direct
            if _base(f) not in TRIVIAL
            and _base(f).split(".", 1)[0] != name
            and not (size[f] < SHIM_BYTES and loads.search(read(f) or ""))
        ]
        beside = sum(size[f] for f in own_code)
        if (len(own_code) > 1 and beside > 0.05 * sum(size[f] for f in below)) or top in members:
            return folder, left
        left += [(c, m) for c, m in counts.items() if c != top and m >= SIBLING_SHARE * len(files)]
        folder = top


SHIM_BYTES = 2000
LOADS = "require(?:_once)?|include(?:_once)?|import|from|use|load"
"""A root file this small that loads the folder below is a way in to that code, not code of its own."""


def _holding_most(folder: str, below: list[str], size: dict[str, int], counts: Counter[str]) -> str | None:
    """The sub-folder that holds most of the code below ``folder``, by bytes (yyjson's two files in src/ outweigh
    three small tools in misc/) or else by files (nlohmann's include/ against one amalgamated single_include/
    header); None when none holds the share."""
    weight: Counter[str] = Counter()
    for f in below:
        if c := _child(folder, f):
            weight[c] += size[f]
    for f in below:  # the entry file of the package below (lib/devise.rb beside lib/devise/) weighs with it
        entry = f"{folder}/{_base(f).split('.', 1)[0]}" if folder else _base(f).split(".", 1)[0]
        if _child(folder, f) is None and entry in weight:
            weight[entry] += size[f]
    total_bytes, total_files = sum(size[f] for f in below) or 1, len(below) or 1
    for measure, total in ((weight, total_bytes), (counts, total_files)):
        if measure:
            top, held = measure.most_common(1)[0]
            share = 0.5 if top.rsplit("/", 1)[-1] in SOURCE_ROOTS and not folder else DESCEND_SHARE
            # by files only where no other folder holds clearly more code: phpdoc-parser's 77 small AST nodes in
            # src/Ast/ are not where its parser is (src/Parser/, more bytes in 6 files)
            outweighed = measure is counts and any(w > weight[top] * 1.1 for w in weight.values())
            if held >= share * total and not outweighed:
                return top
    return None


DATA_FOLDERS = NOT_CODE - IN_CODE - {"scripts", "script", "tools", "ci", "profiling", "cypress"}


def _data_as_code(tree: Tree, lang: str) -> bool:
    """Code in a folder named as data (i18n's lib/i18n/, Carbon's Lang/): left out of the main source's measure, it
    is still code, so a file or two beside it are not "all" of it."""
    return any(
        set(p.lower() for p in f.split("/")[:-1]) & DATA_FOLDERS and language_in(tree, f) == lang for f in tree.own
    )


def _base(rel: str) -> str:
    return rel.rsplit("/", 1)[-1]


ENTRY_SUFFIXES = (".rb", ".py", ".js", ".ts", ".php", ".rs", ".c", ".cpp", ".h", ".hpp")
"""The entry file named like the main folder (lib/minitest.rb beside lib/minitest/, libcbor's src/cbor.c and cbor.h
beside src/cbor/)."""
ENTRY_SHARE = 0.25
"""The size, against the folder's code, at which an entry file holds code of its own rather than a list of requires."""


def _root_main(tree: Tree, files: list[str]) -> tuple[str, str, list[str]] | None:
    """(package.json's `main` file, its `types` file, the folders of helpers it loads) when main is one file at the
    root that holds most of the project's code (buffer's 60 kB index.js) and outweighs all it imports
    (close-with-grace's index.js beside three lists of event names in events/): the library is that file. None when
    main is elsewhere or a shim that loads lib/ (express' index.js)."""
    manifest = load_json(tree, "package.json")
    main = str(manifest.get("main") or "").removeprefix("./")
    main = main if tree.has(main) or not tree.has(f"{main}.js") else f"{main}.js"
    if not main or "/" in main or main not in files:
        return None
    text = tree.read(main) or ""
    loaded = sorted(
        set(re.findall(r"""(?:\brequire\(\s*|\bfrom\s+|\bimport\s+|\bimport\(\s*)['"]\./([\w.-]+)/""", text))
    )
    if RELATIVE_IMPORT.search(text) and (
        not loaded
        or re.search(r"""['"]\.\./|['"]\./[\w.-]+['"]""", text)  # a sibling file or the parent: another layout
        or tree.sizes[main] < sum(tree.sizes[f] for f in files if f.split("/", 1)[0] in loaded)
    ):
        return None
    if tree.sizes[main] * 2 < sum(tree.sizes[f] for f in files):
        return None
    types = str(manifest.get("types") or manifest.get("typings") or "").removeprefix("./")
    return main, types if "/" not in types and tree.has(types) else "", loaded


ROOT_ENTRIES = frozenset({"index", "main", "lib", "mod"})
"""Entry file names at the root that stand for the whole package (helmet's index.ts beside middlewares/)."""


def _root_entry(folder: str, files: list[str]) -> str | None:
    """The entry file at the repository root beside a top-level main folder, when there is just one."""
    if not folder or "/" in folder:
        return None
    entries = [f for f in files if "/" not in f and f.rsplit(".", 1)[0] in ROOT_ENTRIES]
    return entries[0] if len(entries) == 1 else None


BIG_GENERATED = 100_000
"""A file this large is read for a generated-code header before its bytes count toward the main source."""


def investigate(tree: Tree) -> Knowledge:
    k = Knowledge()
    lang, files = _source(tree)
    if root_main := _root_main(tree, files):
        main, types, loaded = root_main
        body = f"Main source: {main} at the repository root, the file package.json's main names"
        body += f"; its types are in {types}" if types else ""
        body += f"; it loads smaller modules from {human_list([f'{d}/' for d in loaded], 3)}" if loaded else ""
        body += "." + tests_place(tree)
        k.fact("layout/source", f"Main source: {main}", body, main, tags=("layout",))
        return k
    if 0 < len(files) < MIN_FILES and not _data_as_code(tree, lang):  # gjson.go, path-to-regexp's src/index.ts
        made = {f: generated_by(tree, f) for f in files}  # unicode-width's src/tables.rs is its script's output
        shown = " and ".join(f + ("" if made[f] is None else f" (generated{f' by {made[f]}' if made[f] else ''})")
                             for f in files)  # fmt: skip
        at_root = " at the repository root" if all("/" not in f for f in files) else ""
        body = f"Main source: the project's own {DISPLAY.get(lang, lang)} code is all in {shown}{at_root}."
        body += tests_place(tree)
        k.fact("layout/source", f"Main source: {shown}", body, *files, tags=("layout",))
        return k
    # ghz's 1.4 MB web/router/statik/statik.go is a generated asset bundle: its bytes are not where the code is
    files = [f for f in files if tree.sizes[f] < BIG_GENERATED or generated_by(tree, f) is None]
    if len(files) < MIN_FILES:
        return k
    members = frozenset(_members_folders(tree))
    folder, left = _descend(files, tree.sizes, name_key(tree.root.name), tree.read, members)
    inside = [f for f in files if not folder or f.startswith(folder + "/")]
    direct = [f for f in inside if _child(folder, f) is None]
    folders = Counter(c for f in inside if (c := _child(folder, f)))
    if any(c in members and n * 2 >= len(inside) for c, n in folders.items()):
        return k  # a monorepo's packages/: the layout fact names its members
    # a source folder's modules are ranked with its sub-packages' (dateutil's tz/tz.py and parser/_parser.py outweigh
    # its top-level easter.py); at the root, the folders beside the code are named apart
    # shelljs' root holds shell.js and 3 small files, src/ its 34 commands: the modules are ranked across both
    deep = bool(folders) and (bool(folder) or 0 < len(direct) * 4 < len(inside))
    ranked = sorted(
        (
            f
            for f in (inside if deep else direct)
            # a large package file holds code: cachetools' __init__.py, quick-xml's 179 kB de/mod.rs
            if (_base(f) not in TRIVIAL or (_base(f) in ("__init__.py", "mod.rs") and tree.sizes[f] >= BIG_INIT))
            and not f.endswith(STUBS)
            and not UNIT_TESTS.search(f)
            and tree.sizes[f] >= 50
        ),
        key=lambda f: (-tree.sizes[f], f),
    )  # a one-line version stub (_black_version.pyi) is not a module anyone asks about
    # Respect's generated src/Mixins/ interfaces are no modules to name; read only as far as the list goes
    kept = (f for f in ranked if generated_by(tree, f) is None)
    # rod's lib/proto/: 54 generated files beside six written by hand; the names are of the code written by hand
    modules = list(islice(kept, MODULES_SHOWN))
    # go-pretty's packages are table/, text/, list/ … with no Go file at the root itself
    where = f"{folder}/" if folder else "the repository root" if direct else "the repository's top-level folders"
    parts = [plural(len(inside), DISPLAY.get(lang, lang) + " file")]
    if not folder and 0 < len(direct) < len(inside) - len(direct):  # xxHash's 16 C files: 5 at the root, 11 in cli/
        parts[0] += f" ({len(direct)} at the top level)"
    if modules:
        names = [m[len(folder) + 1 :] if folder and deep else m if deep else m.rsplit("/", 1)[-1] for m in modules]
        parts.append(f"largest modules {human_list(names, MODULES_SHOWN)}")
    if folders:
        shown = [f"{c.rsplit('/', 1)[-1]}/ ({n})" for c, n in sorted(folders.items(), key=lambda kv: (-kv[1], kv[0]))]
        parts.append(f"{'sub-folders' if folder else 'folders'} {human_list(shown, FOLDERS_SHOWN)}")
    body = f"Main source in {where}: " + "; ".join(parts) + "."
    entry = next((folder + ext for ext in ENTRY_SUFFIXES if folder and folder + ext in files), None)
    root_entry = None if entry else _root_entry(folder, files)
    if entry and tree.sizes[entry] >= max((tree.sizes[m] for m in modules), default=0):
        body += (
            f" Its entry file {entry}, beside it, is larger than any of them."  # minitest's lib/minitest.rb: the core
        )
    elif entry and tree.sizes[entry] >= ENTRY_SHARE * sum(tree.sizes[f] for f in inside):
        body += f" Its entry file {entry} sits beside it."  # connection_pool.rb holds the ConnectionPool class
    elif root_entry:  # helmet's index.ts wires middlewares/ together
        larger = tree.sizes[root_entry] >= max((tree.sizes[m] for m in modules), default=0)
        body += f" Its entry file {root_entry} is at the repository root" + (
            ", larger than any of them." if larger else "."
        )
    if left:
        if lang in ("c", "cpp"):  # Criterion's include/ holds 44 headers, C and C++ alike: all of them are counted
            headers = (*C_FAMILY, ".hxx", ".ipp", ".inl", ".tpp")
            left = [(c, max(n, sum(1 for f in tree.own if f.startswith(f"{c}/") and f.endswith(headers))))
                    for c, n in left]  # fmt: skip
        others = [f"{c}/ ({plural(n, 'file')})" for c, n in left]
        body += f" Also {human_list(others, 3)}."
    body += tests_place(tree)
    entries = [root_entry] if root_entry else []
    k.fact("layout/source", f"Main source: {where}", body, *entries, *(modules[:2] or inside[:2]), tags=("layout",))
    return k
