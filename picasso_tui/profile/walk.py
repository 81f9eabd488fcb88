"""Walk a workspace the way git sees it: .gitignore respected (pathspec), vendored, generated
and binary files left out, every read bounded. Read-only: nothing here writes to the tree."""

from __future__ import annotations

import json
import os
import re
from collections import Counter
from dataclasses import dataclass, field
from functools import cached_property
from itertools import pairwise
from pathlib import Path
from typing import Any

import pathspec

from picasso_tui.anchors.gitutil import git

MAX_READ_BYTES = 256 * 1024
"""Configs, manifests and docs fit easily; a bigger file is read up to here and no further."""

SKIP_DIRS = frozenset(
    {
        ".git", ".hg", ".svn", "node_modules", "bower_components", "vendor", "vendored", "third_party", "third-party",
        ".venv", "venv", "site-packages", "__pycache__", ".tox", ".nox", ".mypy_cache",
        ".pytest_cache", ".ruff_cache", ".cache", "dist", "build", "out", "target", "coverage", ".next",
        ".nuxt", ".svelte-kit", ".gradle", ".idea", ".vscode-test", "Pods", "DerivedData", ".terraform",
        "htmlcov", ".eggs", "_build", "cmake-build-debug", "cmake-build-release", "tap-snapshots", ".yarn",
    }
)  # fmt: skip
"""Vendored code, dependencies, build output, Yarn's own release and plugins (.yarn/releases/yarn-4.4.1.cjs, 2.7 MB:
reselect read as "JavaScript 85%") and tap's snapshots (written as .cjs, read as code they would skew the
languages and tests): not this project's own. Jest's and Pest's `__snapshots__` stay: they are the tests' data."""

BINARY_EXTENSIONS = frozenset(
    {
        ".png", ".jpg", ".jpeg", ".gif", ".bmp", ".ico", ".webp", ".tiff", ".psd", ".pdf", ".zip", ".gz",
        ".tgz", ".bz2", ".xz", ".7z", ".rar", ".jar", ".war", ".class", ".so", ".dylib", ".dll", ".exe",
        ".o", ".a", ".lib", ".obj", ".pyc", ".pyo", ".whl", ".woff", ".woff2", ".ttf", ".otf", ".eot",
        ".mp3", ".mp4", ".mov", ".avi", ".wav", ".flac", ".ogg", ".webm", ".db", ".sqlite", ".sqlite3",
        ".bin", ".dat", ".npy", ".npz", ".pkl", ".parquet", ".onnx", ".pt", ".h5", ".lockb", ".wasm",
    }
)  # fmt: skip

DESIGN_FILES = frozenset({".ai", ".sketch", ".fig", ".xcf", ".icns", ".eps"})
"""Artwork sources (qs' logos/*.ai): binary, so never read, but files of their folder all the same."""

AUXILIARY_DIRS = frozenset(
    {
        "examples", "example", "_examples", "samples", "sample", "demo", "demos", "benches", "bench", "benchmarks",
        "benchmark", "fuzz", "fuzzing", "docs", "doc", "documentation", "testdata", "fixtures", "test-fixtures",
        "website", "docker", "build", "lab",
    }
)  # fmt: skip
"""Folders that show or exercise the project (example apps, benchmarks, fuzz targets, documentation samples,
test fixtures, a container's demo server, coverage.py's lab/ of experiments): their manifests and programs are not
the project's own, even when they sit in its tree."""
FIXTURE_PROJECT = re.compile(
    r"^(test|tests|spec|integration)/(apps|projects|dummy|dummy[_-]app|rails[_-]?app|test[_-]?apps?|fixture[_-]apps|"
    r"sample[_-]apps)/"
    r"|(^|/)src/test/(resources/)?projects/|(^|/)src/it/(?!(java|kotlin|groovy|scala|resources)/)[^/]+/",
    re.I,
)
"""Whole projects a test suite runs the code on (brakeman's test/apps/rails2 … rails8, an engine's test/dummy,
derailed_benchmarks' test/rails_app, a Maven plugin's src/test/projects/*/pom.xml, the Maven Invoker's
src/it/*/pom.xml): their jQuery and prototype.js are no language of the project, their stub tests are not its suite
and their builds are not its build."""
VERSIONED_COPY = re.compile(r"^[A-Za-z][\w.+-]*?-v?\d+(\.\d+)+$")
"""A folder named with a release (yaml-cpp's test/googletest-1.16.0, java-webauthn-server's webapp/lib/
text-encoding-0.7.0): a copy of another project, vendored."""
FRAMEWORK_BUNDLE = re.compile(r"(^|/)[\w.+-]+\.x?c?framework/")
"""An Apple framework bundle (SDL_ttf's Xcode/macOS/SDL3.framework/Headers): another library's build, copied in."""
WEB_LIBS = re.compile(r"(^|/)(webapp|static|public|assets|wwwroot|www)/(js/)?(lib|libs|vendor)/")
"""The libraries a web page loads, copied beside it (java-webauthn-server's webapp/lib/base64js): someone else's."""
ASSET_LIBRARIES = re.compile(r"(^|/)assets/javascripts/([\w-]+/)?(libraries|vendor)/")
"""A Rails engine's copies of browser libraries (Spina's app/assets/javascripts/spina/libraries/trix@1.3.1.esm.js)."""
VERSIONED_SCRIPT = re.compile(r"@v?\d+\.\d+\.\d+[\w.-]*\.[cm]?js$")
"""A script named with the release it copies (trix@1.3.1.esm.js)."""
VENDORED_DIRS = frozenset({
    "thirdparty", "third_party", "third-party", "3rdparty", "3rd-party", "3rd_party", "vendor", "vendored", "external",
    "deps", "extlibs", "_vendor", "extern", "external_libraries", "external-libraries", "externals", "tpls",
    # browser libraries served as copies (gollum's lib/gollum/public/gollum/javascript/MathJax, a thousand files)
    "mathjax", "codemirror", "tinymce", "ckeditor", "ace-builds", "pdfjs",
})  # fmt: skip
# tinyobjloader's deps/cpplint.py, redis' deps/jemalloc, SFML's extlibs/, taskflow's 3rd-party/tbb, pip's and cocotb's
# _vendor/ (cocotb's Tcl headers), extern/ (sunpy's inflect.py and distro.py, astropy's ply), supercollider's
# external_libraries/ (Boost, libsndfile, hidapi), kokkos' tpls/ (third-party libraries: desul, mdspan, gtest)
"""Folders of other people's code copied in (at any depth, tests/thirdparty/ too): their build files say how
that code is tested, not how the project is."""

GENERATED_SUFFIXES = (
    ".min.js",
    ".min.css",
    ".map",
    ".pb.go",
    "_pb2.py",
    "_pb2_grpc.py",
    ".generated.ts",
    ".g.dart",
    ".designer.cs",
    ".bundle.js",
    "-bundle.js",
    ".standalone.js",
)
"""Build outputs; a bundler's single-file outputs (django-ninja ships Swagger UI's swagger-ui-bundle.js and Redoc's
redoc.standalone.js, 2.4 MB of someone else's minified JavaScript that made its main language "JavaScript")."""


@dataclass
class Tree:
    """The files of a workspace worth learning from, as posix paths relative to its root."""

    root: Path
    sizes: dict[str, int]
    skipped_dirs: int = 0
    ignored: int = 0
    binaries: list[str] = field(default_factory=list)
    """Images, archives and other binary files: counted in a folder's files, never read."""
    links: set[str] = field(default_factory=set)
    """Files that are symlinks to another file of the workspace: read as that file, never counted twice (workflow's
    src/include/ holds 88 links to the headers beside the code)."""
    _texts: dict[str, str | None] = field(default_factory=dict, repr=False)
    _tracked: _Tracked | None = field(default=None, repr=False)

    @cached_property
    def files(self) -> list[str]:
        return sorted(self.sizes)

    def has(self, rel: str) -> bool:
        return rel in self.sizes

    def first(self, *candidates: str) -> str | None:
        return next((c for c in candidates if c in self.sizes), None)

    def named(self, *names: str) -> list[str]:
        """Files with one of these base names, anywhere (shallowest first)."""
        wanted = set(names)
        hits = [f for f in self.sizes if f.rsplit("/", 1)[-1] in wanted]
        return sorted(hits, key=lambda f: (f.count("/"), f))

    @cached_property
    def own(self) -> list[str]:
        """The files that belong to the project itself: everything but examples, benchmarks, fuzz targets, docs
        and fixtures (``is_auxiliary``)."""
        return [f for f in self.files if not is_auxiliary(f)]

    def own_named(self, *names: str) -> list[str]:
        """``named`` without the auxiliary folders: the project's own manifests."""
        return [f for f in self.named(*names) if not is_auxiliary(f)]

    def under(self, folder: str) -> list[str]:
        prefix = folder.rstrip("/") + "/"
        return [f for f in self.files if f.startswith(prefix)]

    def tracked_under(self, folder: str) -> list[str]:
        """The files git tracks under the folder, those the walk leaves out (vendored, build output) too; the
        walked ones outside a git checkout."""
        prefix = folder.rstrip("/") + "/"
        tracked = self._tracked.files if self._tracked else frozenset()
        return [f for f in tracked if f.startswith(prefix)] if tracked - {""} else self.under(folder)

    @cached_property
    def tracked_per_folder(self) -> Counter[str]:
        """How many files git tracks under each top-level folder: a folder's size as `git ls-files` shows it, the
        build/, vendor/ and generated files the walk leaves out included (wasmi's crates/ir/build/). Empty outside
        a git checkout."""
        tracked = self._tracked.files if self._tracked else frozenset()
        # a submodule is one entry of the index, another project's files not counted (wasmi's crates/c_api/...)
        modules = set(re.findall(r"^\s*path\s*=\s*(\S+)", read_bounded(self.root / ".gitmodules") or "", re.M))
        return Counter(f.split("/", 1)[0] for f in tracked if "/" in f and f not in modules)

    def tracks(self, rel: str) -> bool:
        """Whether git's index holds the path (a submodule is one gitlink entry); True outside a git checkout."""
        files = self._tracked.files if self._tracked else frozenset()
        return rel in files if files - {""} else True

    def read(self, rel: str) -> str | None:
        """The file's text (at most MAX_READ_BYTES), or None when missing, binary or unreadable."""
        if rel in self._texts:
            return self._texts[rel]
        text = read_bounded(self.root / rel) if rel in self.sizes else None
        self._texts[rel] = text
        return text

    def read_json(self, rel: str) -> dict[str, Any]:
        """The JSON file's top-level object: empty when the file is missing, unreadable, not JSON or not an
        object, so that a broken manifest reads as one that says nothing."""
        try:
            data = json.loads(self.read(rel) or "{}")
        except ValueError:
            return {}
        return data if isinstance(data, dict) else {}


NAMED_EXAMPLE = re.compile(r"^(examples?|samples?|demos?|docs?)[-_]\w", re.IGNORECASE)
"""A folder named as one example among several (feign's example-wikipedia-with-springboot/) or as the docs' own
(typer's docs_src/, cpp-httplib's docs-util/); a workspace member named for its project (rayon-demo/) stays the
project's."""


EXAMPLE_FOLDER = re.compile(r"(examples?|samples?|demos?)/", re.IGNORECASE)
"""A top-level folder of examples: a docs config in it is the example's (pdoc's examples/mkdocs/), not the project's."""


def in_fixture_project(rel: str) -> bool:
    return bool(FIXTURE_PROJECT.match(rel))


def is_auxiliary(rel: str) -> bool:
    """True for a file inside an examples/, samples/, demo/, benches/, fuzz/, docs/, fixtures or vendored folder
    (thirdparty/, vendor/, external/; any depth), or a folder named as an example (`example-github/`)."""
    parts = rel.split("/")[:-1]
    # mariadb-connector-j's .github/native-image-test/spring-boot/ is a Spring Boot app CI builds against the driver
    ci_project = len(parts) >= 2 and parts[0] == ".github" and parts[1] != "workflows"
    # Leaflet's top-level debug/ holds demo pages and a 1.2 MB route.js of coordinates, not the library
    # a build/ inside the code is a part of it (chromatic-cli's node-src/tasks/build/, the step that builds Storybook)
    return (is_vendored(rel) or parts[:1] == ["debug"] or ci_project or in_fixture_project(rel)) or any(
        (part.lower() in AUXILIARY_DIRS and not (part == "build" and i > 0) and not _namespace(parts, i, rel))
        or NAMED_EXAMPLE.search(part)
        for i, part in enumerate(parts)
    )


CODE_FILE = re.compile(r"\.(ts|tsx|js|mjs|py|rb|go|rs|java|kt|php|c|h|cc|cpp|hpp|cs|swift)$")
COMPILED = re.compile(r"\.(go|rs|java|kt|cs|swift)$")


def _namespace(parts: list[str], i: int, rel: str) -> bool:
    """A capitalised folder inside lib/ or src/ is a namespace of the code (phpbench's lib/Benchmark/ holds its
    Runner): named like benchmarks or docs, it is still the project's own; so is a doc/ or docker/ of code there
    (yaml's src/doc/Document.ts is its document model, cross's src/docker/*.rs its container engine)."""
    inside = i > 0 and parts[0] in ("lib", "src")
    own = parts[i] in ("doc", "docs", "docker") and bool(CODE_FILE.search(rel))
    # dive's dive/image/docker/ is its Go package that reads Docker images: compiled code below the top is a package
    package = i > 0 and parts[i] == "docker" and bool(COMPILED.search(rel))
    return (inside and (parts[i][:1].isupper() or own)) or package


TEST_FRAMEWORK_COPIES = frozenset({"gtest", "googletest", "gmock", "googlemock", "unity", "doctest"})
"""A test framework copied into the test folder (cpp-httplib's test/gtest/, cJSON's tests/unity/): its sources and
its own tests are not the project's; at the top (google/googletest's googletest/) the folder is the project."""


SINGLE_FILE_FRAMEWORKS = frozenset({
    "catch.hpp", "catch_amalgamated.cpp", "catch_amalgamated.hpp", "doctest.h", "doctest.hpp", "acutest.h",
    "utest.h", "greatest.h", "minunit.h", "munit.c", "munit.h", "gtest-all.cc", "gtest.h",
})  # fmt: skip
"""A test framework shipped as one file (miniz's tests/catch_amalgamated.cpp): in a test folder it is a copy of
someone else's code, not the project's tests, nor the language the project is written in."""


COPIED_TOOLS = frozenset({"cpplint.py", "run-clang-tidy.py", "git-clang-format"})
"""Single-file tools projects copy in to run them: Google's cpplint.py, LLVM's clang-tidy runner."""
COPIED_SCRIPT = re.compile(
    r"^_?(jquery|lunr|imagesloaded|energize|modernizr|underscore|lodash|popper|prism|d3|moment)([.-][\w.-]*)?\.js$"
    r"|\.min\.js$",
    re.IGNORECASE,
)
"""jQuery and its plugins copied beside a page (parallel-hashmap's benchmark/js/jquery.flot.*.js, for its charts),
the libraries a docs theme bundles (Slate's _lunr.js, _imagesloaded.min.js) and minified files: browser code of
other projects, not the project's JavaScript."""


SITE_THEME = re.compile(r"(^|/)themes/[^/]+/(static|layouts|assets|static_files)/")
"""A static site's theme (mage's site/themes/learn/static/ holds Mermaid and highlight.js): someone else's code."""


def is_vendored(rel: str) -> bool:
    """True for a file inside someone else's code copied in: a vendor/, third_party/ … folder or one named with a
    release (test/googletest-1.16.0/), at any depth, or a test framework's copy inside a test folder."""
    parts = rel.split("/")[:-1]
    copied = any(p.lower() in TEST_FRAMEWORK_COPIES and up in ("test", "tests") for up, p in pairwise(parts))
    in_tests = any(p.lower() in ("test", "tests") for p in parts)
    copied = copied or (in_tests and rel.rsplit("/", 1)[-1].lower() in SINGLE_FILE_FRAMEWORKS)
    name = rel.rsplit("/", 1)[-1]
    copied = copied or bool(parts and COPIED_SCRIPT.match(name))
    copied = copied or name in COPIED_TOOLS or ("@" in name and bool(VERSIONED_SCRIPT.search(name)))  # SQLiteCpp
    copied = copied or ("javascripts/" in rel and bool(ASSET_LIBRARIES.search(rel)))
    copied = (
        copied
        or bool(SITE_THEME.search(rel))
        or bool(WEB_LIBS.search(rel))
        or (".framework/" in rel and bool(FRAMEWORK_BUNDLE.search(rel)))
    )
    # external/ holds copies of projects (external/googletest/…); files right in it are the project's own glue to
    # other libraries (uuid's src/external/serde_support.rs)
    nested = [p for i, p in enumerate(parts) if p.lower() != "external" or i < len(parts) - 1]
    if rel.endswith(".rs"):  # probe-rs' src/vendor/ is a Rust module: crates are never copied into a crate's src/
        nested = [p for up, p in zip(["", *nested], nested, strict=False) if not (p == "vendor" and up == "src")]
    package = re.search(r"(^|/)src/\w+/(java|kotlin|scala)/", rel)
    if package and rel.endswith((".java", ".kt", ".kts", ".scala")):
        # WiFiAnalyzer's app/src/main/kotlin/com/vrem/wifianalyzer/vendor/ is a package of the app: under a JVM
        # source root a folder is a package name, and a copied library keeps its own package path
        below = rel[package.end() :].split("/")[:-1]
        nested = [p for p in nested if p not in below or p.lower() not in VENDORED_DIRS]
    # yaml's src/schema/yaml-1.1/ is its YAML 1.1 schema: in src/ or lib/ a copy carries a full release number
    inside = bool(parts) and parts[0] in ("src", "lib")
    versioned = [p for p in nested if VERSIONED_COPY.match(p) and not (inside and p.count(".") < 2)]
    # difftastic's vendored_parsers/: a folder named for what it vendors
    named = any(part.lower() in VENDORED_DIRS or part.lower().startswith(("vendored_", "vendored-")) for part in nested)
    return copied or bool(versioned) or named


def read_bounded(path: Path, limit: int = MAX_READ_BYTES) -> str | None:
    try:
        with path.open("rb") as handle:
            data = handle.read(limit)
    except OSError:
        return None
    if b"\0" in data[:8192]:
        return None
    return data.decode("utf-8", errors="replace")


def _spec_for(folder: Path) -> pathspec.GitIgnoreSpec | None:
    try:
        lines = (folder / ".gitignore").read_text(encoding="utf-8", errors="replace").splitlines()
    except OSError:
        return None
    return _spec_from(lines)


def _spec_from(lines: list[str]) -> pathspec.GitIgnoreSpec | None:
    if not lines:
        return None
    try:
        return pathspec.GitIgnoreSpec.from_lines(lines)
    except ValueError:  # git skips a pattern it cannot read (a bare "!"); so does the walk, keeping the rest
        return pathspec.GitIgnoreSpec.from_lines([line for line in lines if _valid_pattern(line)])


def _valid_pattern(line: str) -> bool:
    try:
        pathspec.GitIgnoreSpec.from_lines([line])
    except ValueError:
        return False
    return True


def _ignored(specs: list[tuple[str, pathspec.GitIgnoreSpec]], rel: str, is_dir: bool) -> bool:
    """git's rule: the deepest .gitignore with an opinion decides (negations included)."""
    for base, spec in reversed(specs):
        sub = rel[len(base) + 1 :] if base else rel
        found = spec.check_file(sub + "/" if is_dir else sub)
        if is_dir and found.include:  # pathspec lets `*` decide `internal/` over a later `!internal` (ticker's)
            plain = spec.check_file(sub)
            if plain.index is not None and (found.index is None or plain.index > found.index):
                found = plain
        if found.include is not None:
            return found.include
    return False


FINGERPRINTED = re.compile(r"[-.][0-9a-f]{32,}\.(js|css|mjs)$")
"""An asset pipeline's output, named with its content digest (gollum's public/assets/editor-0256…e9.js)."""


def is_generated(name: str) -> bool:
    return name.endswith(GENERATED_SUFFIXES) or bool(FINGERPRINTED.search(name))


def _inside_link(entry: os.DirEntry[str], root: Path) -> bool:
    """A symlink to a file inside the workspace (CLAUDE.md -> AGENTS.md is common) counts; one that
    points outside it is never followed, and directory links are not walked (no loops)."""
    if not entry.is_symlink():
        return False
    try:
        target = Path(entry.path).resolve(strict=True)
    except (OSError, RuntimeError):  # cobalt.rs' tests/cmd/example.in links to itself; a dangling link is nothing
        return False
    return target.is_file() and target.is_relative_to(root)


class _Tracked:
    """Files git tracks: an ignore rule does not apply to them (zod ignores `**/package.json` and tracks its own).
    Asked once, and only when an ignore rule matches a file."""

    def __init__(self, root: Path) -> None:
        self.root = root

    @cached_property
    def files(self) -> frozenset[str]:
        return frozenset((git(self.root, "ls-files", "-z", timeout=10) or "").split("\0"))

    @cached_property
    def folders(self) -> frozenset[str]:
        """Folders holding a tracked file: cxxopts ignores `.*` and tracks .github/workflows/ all the same."""
        return frozenset(f.rsplit("/", n)[0] for f in self.files for n in range(1, f.count("/") + 1))


COPIED_DEPENDENCIES = re.compile(r'"(?:vendor-dir|dep_directory|classmap_directory|target_directory)"\s*:\s*"([^"]+)"')
"""Composer's `config.vendor-dir` (textpattern's textpattern/vendors, committed), and the folders Mozart and
Strauss copy prefixed dependencies into (easy-digital-downloads' `extra.mozart.dep_directory` /libraries/, with
Carbon and Stripe in it): other people's code, like vendor/."""


def _composer_vendor_dirs(root: Path) -> set[str]:
    """The folders composer.json puts other projects' code in, beside vendor/."""
    text = read_bounded(root / "composer.json") or ""
    found = {m.strip("/").removeprefix("./").strip("/") for m in COPIED_DEPENDENCIES.findall(text)}
    return {f for f in found if f and f != "."}


def _tracked_build(rel: str, tracked: _Tracked) -> bool:
    """A top-level build/ that git tracks holds build scripts (lz4's CMake, Meson and Visual Studio projects,
    kleur's bundling script), not build output: it is walked, as a folder beside the code (``AUXILIARY_DIRS``).
    A tracked Python package named like an output folder is the code itself (coveragepy's coverage/), and so is a
    tracked folder of that name inside the source tree."""
    if rel == "build" or rel.endswith("/build"):
        # chromatic-cli's node-src/tasks/build/, firecracker's tests/integration_tests/build/: a step or suite
        # named for building, which git tracks; output is what git ignores
        return rel in tracked.folders
    if re.search(r"(^|/)(src|lib|pkg|internal)/(.+/)?(build|out|target|coverage|dist)$", rel):
        return rel in tracked.folders  # pitest's src/main/java/org/pitest/coverage/: a package of the code
    if re.search(r"(^|/)src/\w+/(java|kotlin|scala)/.+/(vendor|vendored|third_party|third-party)$", rel):
        return rel in tracked.folders  # WiFiAnalyzer's …/kotlin/com/vrem/wifianalyzer/vendor/: a package of the app
    if re.search(r"(^|/)src/vendor$", rel):
        return f"{rel}/mod.rs" in tracked.files  # probe-rs' src/vendor/: its module of chip vendors, its own code
    return "/" not in rel and f"{rel}/__init__.py" in tracked.files


LICENSE_FILE = re.compile(r"^(licen[cs]e|copying|copyright)([-._][\w.-]*)?$", re.IGNORECASE)
_YEARS = r"\d{4}(?:\s*[-–,]\s*(?:\d{4}|present))*\s*,?\s*"
COPYRIGHT_LINE = re.compile(
    rf"copyright\s*(?:(?:\(c\)|©)\s*(?:{_YEARS})?|{_YEARS})\s*(?:by\s+)?([^\n]{{2,120}})", re.IGNORECASE
)
"""A copyright notice with its mark or year (`Copyright (c) 2013-2021 Junegunn Choi`); the licence's "copyright
holders be liable" sentence is no notice."""
# the GPL's text carries the Free Software Foundation's own notice, which says nothing of who wrote the project
HOLDER_NOISE = frozenset({
    "the", "and", "all", "rights", "reserved", "authors", "author", "contributors", "contributor", "inc", "llc",
    "ltd", "gmbh", "corp", "corporation", "its", "affiliates", "other", "others", "notice", "holders", "holder",
    "copyright", "present", "this", "permission", "shall", "included", "software", "for", "with", "name", "owner",
    "yyyy", "project", "developers", "team", "see", "file", "license", "licence", "free", "foundation",
})  # fmt: skip
COPY_PARENTS = frozenset({"lib", "src", "include", "contrib", "ext", "extern"})
"""Where a project keeps its own code: another project's licence file in there marks a copy of that project."""


def holders_in(text: str) -> set[str]:
    """The words naming the copyright holders in a text's notices (`Junegunn Choi`), noise words left out."""
    words: set[str] = set()
    for m in COPYRIGHT_LINE.finditer(text):
        holder = re.sub(r"<[^>]*>|\(?https?://\S+", " ", m.group(1))
        words |= {w for w in re.findall(r"[a-zà-ÿ]{3,}", holder.lower()) if w not in HOLDER_NOISE}
    return words


def _holders(folder: Path, names: list[str]) -> set[str]:
    """The copyright holders' words in a folder's licence files."""
    return set().union(*(holders_in(read_bounded(folder / name, 16 * 1024) or "") for name in names))


def root_holders(tree: Tree) -> set[str]:
    """The copyright holders' words in the root's licence files, read once per walk."""
    if "_root_holders" not in tree.__dict__:
        names = [f for f in tree.files if "/" not in f and LICENSE_FILE.match(f)]
        tree.__dict__["_root_holders"] = _holders(tree.root, names)
    return set(tree.__dict__["_root_holders"])


def _copied_project(rel: str, folder: Path, entries: list[os.DirEntry[str]], root_holders: set[str] | None) -> bool:
    """A whole project, with its own licence and README, copied into the tree of a licensed project
    (``root_holders`` is None when the root has no licence): inside the source tree, a licence naming other holders
    (doing's lib/helpers/fzf/, junegunn's fzf with its own go.mod, read as "Go 28%" of a Ruby gem); anywhere, its own
    autotools build (pgbouncer's lib/, the libusual library, read as the main source)."""
    names = [e.name for e in entries if LICENSE_FILE.match(e.name) and e.is_file(follow_symlinks=False)]
    # undici's lib/web/fetch/ keeps the licence of the code it grew from, with no README: it is undici's own now
    readme = any(e.name.lower().startswith("readme") for e in entries)
    if not names or not readme or root_holders is None:
        return False
    if any(e.name == "configure.ac" for e in entries):
        return True
    inside = any(part in COPY_PARENTS for part in rel.split("/")[:-1])
    if not inside or not root_holders:
        return False
    theirs = _holders(folder, names)
    if not theirs:  # ledger's lib/utfcpp/v4: a Boost licence naming no holder, its own README and CMake build
        return any(e.name in ("CMakeLists.txt", "meson.build", "Cargo.toml", "go.mod", "setup.py") for e in entries)
    return not theirs & root_holders


def walk(root: Path) -> Tree:
    root = root.resolve()
    sizes: dict[str, int] = {}
    tracked = _Tracked(root)
    tree = Tree(root=root, sizes=sizes, _tracked=tracked)
    top: list[tuple[str, pathspec.GitIgnoreSpec]] = []
    try:
        exclude = (root / ".git" / "info" / "exclude").read_text(encoding="utf-8", errors="replace").splitlines()
        spec = _spec_from(exclude)
        if spec:
            top.append(("", spec))
    except OSError:
        pass
    root_holders: set[str] | None = None
    dependencies = _composer_vendor_dirs(root)

    # A stack of (relative folder, the .gitignore specs in force there).
    stack: list[tuple[str, list[tuple[str, pathspec.GitIgnoreSpec]]]] = [("", top)]
    while stack:
        rel_dir, inherited = stack.pop()
        folder = root / rel_dir if rel_dir else root
        own = _spec_for(folder)
        specs = [*inherited, (rel_dir, own)] if own else inherited
        try:
            entries = list(os.scandir(folder))
        except OSError:
            continue
        if not rel_dir:
            licences = [e.name for e in entries if LICENSE_FILE.match(e.name)]
            root_holders = _holders(root, licences) if licences else None
        elif _copied_project(rel_dir, folder, entries, root_holders):
            tree.skipped_dirs += 1
            continue
        for entry in entries:
            rel = f"{rel_dir}/{entry.name}" if rel_dir else entry.name
            try:
                is_dir = entry.is_dir(follow_symlinks=False)
                is_file = not is_dir and (entry.is_file(follow_symlinks=False) or _inside_link(entry, root))
            except OSError:
                continue
            if is_dir:
                if (
                    (entry.name in SKIP_DIRS and not _tracked_build(rel, tracked))
                    or entry.name.endswith(".egg-info")
                    or rel in dependencies
                ):
                    tree.skipped_dirs += 1
                elif (Path(entry.path) / ".git").exists():
                    tree.skipped_dirs += 1  # a submodule or nested repository: another project
                elif _ignored(specs, rel, True) and not (rel.startswith((".", "cmd/")) and rel in tracked.folders):
                    # a tracked dot-folder under `.*` is configuration (cxxopts' .github/), a tracked Go command
                    # under a rule meant for the binary it builds is code (tablewriter's cmd/csv2table/ and
                    # `*csv2table`); another tracked folder a rule names stays out (cJSON's `test` rule, meant for
                    # its test binary, keeps out the tests of its vendored Unity)
                    tree.ignored += 1
                else:
                    stack.append((rel, specs))
            elif is_file:
                ext = os.path.splitext(entry.name)[1].lower()
                if is_generated(entry.name):
                    continue
                if _ignored(specs, rel, False) and rel not in tracked.files:
                    tree.ignored += 1
                    continue
                if ext in BINARY_EXTENSIONS or ext in DESIGN_FILES:
                    tree.binaries.append(rel)
                    continue
                try:
                    sizes[rel] = entry.stat().st_size
                except OSError:
                    continue
                if entry.is_symlink():
                    tree.links.add(rel)
    return tree
