"""C / C++: CMake, Meson, Autotools or plain Make (a project may have two); Conan/vcpkg; GoogleTest, Catch2, CTest."""

from __future__ import annotations

import posixpath
import re
from collections.abc import Callable
from typing import Any

from picasso_tui.profile import make_targets
from picasso_tui.profile.ecosystems import clang_format, clang_tidy
from picasso_tui.profile.ecosystems.common import LOOPED_TESTS, load_json
from picasso_tui.profile.ecosystems.example_tests import ctest_name, registered_tests
from picasso_tui.profile.ecosystems.test_program_args import sources_of, takes_test_name
from picasso_tui.profile.findings import Knowledge, human_list
from picasso_tui.profile.languages import shares
from picasso_tui.profile.walk import Tree, is_auxiliary

_TEST_DIR = re.compile(r"(^|/)(tests?|testing|unittests?|benchmarks?|bench)/")
_TESTS_ONLY = re.compile(
    r"^\s*if\s*\([^)]*TEST[^)]*\)\s*\n(?:(?!^\s*endif).*\n)*?\s*(?:set\s*\(\s*CMAKE_CXX_STANDARD|enable_language\s*\(\s*CXX)",
    re.M,
)
"""A C++ standard set inside an `if(BUILD_TESTS)` block: the tests' language, not the library's."""
_TEST_NAME = re.compile(r"(^|[_-])(tests?|bench\w*|benchmarks?)([_-]|$)", re.IGNORECASE)


def _code(text: str) -> str:
    """CMake text without comments (``# …`` to the end of the line), so prose never reads as a command."""
    return re.sub(r"#[^\n]*", "", text)


def _meson_compiles(text: str) -> bool:
    """Whether the root meson.build compiles anything: a language in `project()` or a target it builds. meson-python's
    `project('meson-python')` only installs its Python sources; the C files are its tests' fixture packages."""
    project = re.search(r"\bproject\s*\(([^)]*)\)", text)
    languages = project and re.search(r"^\s*['\"][^'\"]+['\"]\s*,\s*(\[|['\"](c|cpp|cuda|objc|objcpp|fortran|rust))",
                                      project.group(1))  # fmt: skip
    targets = re.search(r"\b(executable|(static_|shared_|both_)?library|shared_module|subdir)\s*\(", text)
    return bool(languages or targets or not project)


def investigate(tree: Tree) -> Knowledge:
    """The build systems, dependency manager and tools of a C/C++ project, and how to build and test it."""
    k = Knowledge()
    has_c = any(f.endswith((".c", ".cc", ".cpp", ".cxx", ".h", ".hpp")) for f in tree.files)
    cmake = tree.has("CMakeLists.txt")
    meson = tree.has("meson.build") and _meson_compiles(tree.read("meson.build") or "")
    autotools = [f for f in ("configure.ac", "configure.in", "Makefile.am", "autogen.sh") if tree.has(f)]
    autotools = autotools if any(f.startswith("configure") for f in autotools) else []
    xmake = tree.has("xmake.lua")
    if not has_c or not (cmake or meson or autotools or xmake or tree.has("Makefile")) or _jni_only(tree):
        return k
    found = shares(tree)
    langs = {lang: share for lang, share, _ in found}
    if not (cmake or meson or autotools or xmake) and found and found[0][0] not in ("c", "cpp", "shell"):
        return k  # babel's Makefile drives its Python tests; misc/icu4c-tools' C++ does not make a C project
    lang = "C++" if langs.get("cpp", 0) > langs.get("c", 0) else "C"
    details: list[str] = []
    sources: list[str] = []
    if cmake:
        details += _cmake(k, tree, lang == "C")
        sources.append("CMakeLists.txt")
    if meson:
        details.append("Meson (meson.build)")
        sources.append("meson.build")
        k.command("build", "meson setup build && meson compile -C build", "meson.build", 60 if not cmake else 62)
        if _meson_declares_tests(tree):  # parson's declares none; Unity's are its examples' own projects
            k.command("test", "meson test -C build", "meson.build", 60 if not cmake else 62)
    if autotools:
        details.append(f"Autotools ({', '.join(autotools)})")
        sources += autotools[:2]
        setup = make_targets.autotools_setup(tree)
        k.command("build", f"{setup} && make", autotools[0], 65)
        target = make_targets.automake_test_target(tree.read("Makefile.am") or "")
        if make_targets.automake_declares_tests([tree.read(f) or "" for f in tree.named("Makefile.am")]):
            k.command("test", f"make {target}", autotools[0], 65, f"after `{setup}`")
            automake = {f: tree.read(f) or "" for f in tree.own_named("Makefile.am")[:30]}
            one, where = make_targets.automake_one_test(automake)
            if one:
                # libgphoto2's `make -C tests check` builds tests/ alone: the library it links comes from a full make
                built = f"{setup} && make" if " -C " in one else setup
                k.command("test-one", one, where, 65, f"after `{built}`")
    bazel = tree.first("MODULE.bazel", "WORKSPACE", "WORKSPACE.bazel")
    if bazel and (tree.has("BUILD.bazel") or tree.has("BUILD")):  # tinyalsa's root BUILD declares its cc_test
        details.append(f"Bazel ({bazel})")
        sources.append(bazel)
    if xmake:  # argparse's third build, kept up beside CMake and Bazel; tbox's only one
        details.append("xmake (xmake.lua)")
        sources.append("xmake.lua")
        alone = not (cmake or meson or autotools)
        k.command("build", "xmake", "xmake.lua", 60 if alone else 66)
        if any("add_tests(" in (tree.read(f) or "") for f in tree.own_named("xmake.lua")[:30]):
            k.command("test", "xmake test", "xmake.lua", 60 if alone else 66)  # the targets' `add_tests()`
    if cmake and tree.has("CMakePresets.json"):
        _presets(k, tree)
    handmade = tree.has("Makefile") and not autotools and not MAKEFILE_WRITER.search(tree.read("Makefile") or "")
    if not details and tree.has("Kconfig") and re.search(r"^%config\s*:", tree.read("Makefile") or "", re.M):
        # swupdate's kernel-style build: Kconfig options written to .config, then Kbuild Makefiles
        details.append("Kconfig options and Kbuild Makefiles, configured before `make` (`make menuconfig`)")
        sources += ["Makefile", "Kconfig"]
    elif not details:
        details.append("plain Makefile")
        sources.append("Makefile")
        flags = _makefile_flags(tree.read("Makefile") or "")
        if standard := [f for f in flags if f.startswith("-std=")]:
            details.append(f"compiled with {standard[0]}")
        flags = [f for f in flags if not f.startswith("-std=")]
        warnings_fact(k, "the Makefile compiles with", flags, "Makefile", lang == "C")
        if tree.has("Makefile"):  # lz4: `make` builds what the Makefile's default target names, as its README says
            _default_make(k, tree, make_targets.only_includes(tree, tree.read("Makefile") or ""), details)
    elif handmade:
        # libxlsxwriter's hand-written Makefile is the build its guide gives; CMake and Zig are the alternatives
        _default_make(k, tree, tree.read("Makefile") or "", details)
    systems = [d.split(" ")[0] for d in details if d.split(" ")[0] in ("CMake", "Meson", "Autotools", "Bazel", "xmake")]
    if systems and handmade:  # tinyalsa's README builds with `make` first, CMake and Meson beside it
        systems.insert(0, "a hand-written Makefile")
        sources.insert(0, "Makefile")
    if len(systems) > 1:
        details.insert(0, f"{len(systems)} build systems: {', '.join(systems[:-1])} and {systems[-1]}")
    _dependencies_and_tools(k, tree, details, sources)
    title = f"{lang}: {' and '.join(systems) or details[0]}"
    k.fact("cpp/build", title, f"{lang} project: " + "; ".join(details) + ".", *sources)
    return k


MAKEFILE_WRITER = re.compile(r"generated by|CMAKE_COMMAND|cmake_check_build_system|Makefile\.in", re.IGNORECASE)
"""A Makefile some tool wrote (CMake's in-source build, configure's output): not one to run from a clean clone."""


def _default_make(k: Knowledge, tree: Tree, makefile: str, details: list[str]) -> None:
    """`make` builds what the default target names, unless that target is the tests (frozen's `all: ci-test`);
    when every recipe it pulls in runs in a container, Docker is what it needs. A Makefile that includes what
    ./configure writes (lowdown's Makefile.configure) is built after ./configure."""
    target = make_targets.default_target(makefile)
    if not target or make_targets.does_nothing(makefile, target) or make_targets.only_prints(makefile, target):
        return  # a bare `all:` builds nothing; a target that builds the test program belongs to the tests
    if target == "help" or make_targets.make_rules(makefile).get(target, ([], ""))[0] == ["help"]:
        return  # cpptrace's `default: help` prints the targets; it builds nothing
    images = make_targets.docker_images(makefile, target) if target else []
    note = f"needs Docker: its recipes run in the {human_list(images, 3)} images" if images else ""
    if images:
        details.append(f"`make {target}` runs the compilers in Docker containers ({human_list(images, 3)})")
    role = "test" if target and make_targets.runs_tests(makefile, target) else "build"
    make = "./configure && make" if make_targets.written_by_configure(tree, makefile) else "make"
    k.command(role, make, f"Makefile (default target `{target}`)" if role == "test" else "Makefile (default target)",
              26, note)  # fmt: skip


def _jni_only(tree: Tree) -> bool:
    """A Java project whose only C is its JNI code (jansi's src/main/native/): the Java build is the project's."""
    java = tree.has("pom.xml") or bool(tree.first("build.gradle", "build.gradle.kts"))
    native = [f for f in tree.files if f.endswith((".c", ".cc", ".cpp", ".cxx", ".h", ".hpp"))]
    return java and all(re.search(r"(^|/)src/main/(native|jni|c|cpp)/", f) for f in native)


TEST_FRAMEWORKS = (
    ("GoogleTest", r"\bgtest(_main)?\b|\bGTest::|\bgoogletest\b"),
    ("Catch2", r"\bcatch2\b"),
    ("doctest", r"\bdoctest\b"),
)
"""Each framework by its own name as a word: CLI11's `EncodingTest` target is no GoogleTest."""
PRESETS = 40
"""Priority of the commands CMakePresets.json names: the maintainers' own configuration, before CI's steps."""


ONE_PLATFORM = re.compile(r"(^|[-_ ])(windows|win(32|64)?|msvc|mingw|macos|osx|darwin|ios|android)([-_ ]|$)", re.I)
"""A preset named or described for one platform (c-toxcore's only preset, `windows-default`, needs vcpkg)."""


def _one_platform(preset: dict[str, Any]) -> bool:
    """The preset is for one platform: its name or description says so, or its condition tests the host system."""
    said = f"{preset.get('name', '')} {preset.get('description', '')} {preset.get('displayName', '')}"
    return bool(ONE_PLATFORM.search(said) or "hostSystemName" in str(preset.get("condition") or ""))


def _preset_folder(tree: Tree) -> str:
    """The build folder CMakePresets.json's configure presets write, named for the preset
    (`${sourceDir}/build/${presetName}`: build/<preset>); "" when it names none so."""
    found = load_json(tree, "CMakePresets.json").get("configurePresets")
    dirs = [str(p.get("binaryDir")) for p in found if isinstance(p, dict) and p.get("binaryDir")] if isinstance(
        found, list
    ) else []  # fmt: skip
    named = next((d for d in dirs if "${presetName}" in d), "")
    folder = named.replace("${sourceDir}/", "").replace("${presetName}", "<preset>")
    return folder if named and "$" not in folder else ""


def _presets(k: Knowledge, tree: Tree) -> None:
    """Build and test through the preset the project names `default` (else its first visible configure preset):
    CLI11's `cmake --workflow --preset default` configures, builds and tests as CI does."""
    data = load_json(tree, "CMakePresets.json")

    def names(kind: str) -> list[str]:
        found = data.get(kind)
        return [
            str(p["name"]) for p in found if isinstance(p, dict) and "name" in p and not p.get("hidden")
            and not _one_platform(p)
        ] if isinstance(found, list) else []  # fmt: skip

    configure = names("configurePresets")
    if not configure:
        return
    preset = "default" if "default" in configure else configure[0]
    if preset in names("buildPresets"):
        k.command("build", f"cmake --preset {preset} && cmake --build --preset {preset}", "CMakePresets.json", PRESETS)
    if preset in names("testPresets"):
        k.command("test", f"ctest --preset {preset}", "CMakePresets.json", PRESETS,
                  f"after `cmake --preset {preset} && cmake --build --preset {preset}`")  # fmt: skip
    if preset in names("workflowPresets"):
        k.command("build", f"cmake --workflow --preset {preset}", "CMakePresets.json", PRESETS - 1,
                  "configures, builds and tests")  # fmt: skip


def _set_to(text: str, variable: str) -> str:
    """The number a CMake `set(<variable> <n> …)` gives, or the variable's reference unchanged."""
    found = re.search(rf"^\s*set\s*\(\s*{variable}\s+\"?(\d+)\b", text, re.MULTILINE | re.IGNORECASE)
    return found.group(1) if found else f"${{{variable}}}"


def _meson_declares_tests(tree: Tree) -> bool:
    """A `test()` in the root meson.build or one it reaches through `subdir()`: an example's own meson.build is
    another project, which `meson test -C build` never runs."""
    queue, seen = ["meson.build"], set()
    while queue and len(seen) < 50:
        rel = queue.pop()
        text = tree.read(rel) or "" if tree.has(rel) and rel not in seen else ""
        seen.add(rel)
        if re.search(r"^\s*test\s*\(", text, re.MULTILINE):
            return True
        base = rel.rsplit("/", 1)[0] + "/" if "/" in rel else ""
        named = re.findall(r"\bsubdir\s*\(\s*'([^']+)'", text)
        # libfuse's `subdirs += 'test'` and `foreach n : subdirs` / `subdir(n)`: the folders a list names
        for listed in re.findall(r"^\s*\w*subdirs?\w*\s*\+?=\s*\[?([^\]\n]*)", text, re.MULTILINE):
            named += re.findall(r"'([^']+)'", listed)
        queue += [f"{base}{d.strip('/')}/meson.build" for d in named]
    return False


def _cmake(k: Knowledge, tree: Tree, c_only: bool) -> list[str]:
    """What the CMakeLists.txt files declare (project, standard, targets, test frameworks), and the commands
    that build and test it."""
    found = [f for f in tree.named("CMakeLists.txt") if not is_auxiliary(f)]
    # mumble's add_test() calls sit in src/tests/*/CMakeLists.txt, deeper than its thirty plugin and overlay ones
    files = found[:30] + [f for f in found[30:] if re.search(r"(^|/)tests?/", f)][:20]
    root = _code(tree.read("CMakeLists.txt") or "")
    texts = {f: _code(tree.read(f) or "") for f in files}
    every = "\n".join(texts.values())
    project = re.search(r"^\s*project\s*\(\s*([\w.+-]+)", root, re.IGNORECASE | re.MULTILINE)
    details = [f"CMake project `{project.group(1)}`" if project else "CMake (CMakeLists.txt)"]
    # fast_float's `set(CMAKE_CXX_STANDARD ${FASTFLOAT_CXX_STANDARD})`, the variable set to 11 just above
    root = re.sub(r"(CMAKE_CXX_STANDARD\s+)\$\{(\w+)\}", lambda m: m.group(1) + _set_to(root, m.group(2)), root)
    fixed = re.search(r"CMAKE_CXX_STANDARD\s+(\d+)", _unconditional(root))
    chosen = sorted({int(n) for n in re.findall(r"CMAKE_CXX_STANDARD\s+(\d+)", root)}) or sorted(
        {int(n) for n in re.findall(r"CMAKE_CXX_STANDARD\s+(\d+)", every)}
    )  # the tests' own standard (fast_float's tests at C++17) is not the library's
    features = sorted({int(n) for n in re.findall(r"\bcxx_std_(\d+)", root)})
    c_standard = re.search(r"\b(?:CMAKE_C_STANDARD|C_STANDARD)\s+(\d+)|\bc_std_(\d+)", root)
    if c_only and c_standard:  # miniz: C90 for the library; C++20 only for its Catch2 runner
        details.append(f"C{c_standard.group(1) or c_standard.group(2)}")
    if c_only and (fixed or chosen or features):
        n = fixed.group(1) if fixed else chosen[0] if chosen else features[0]
        details.append(f"C++{n} for its C++ test code" if _TESTS_ONLY.search(root) else f"C++{n} for its C++ code")
    elif fixed and re.search(r"CMAKE_CXX_STANDARD\s+\d+\s+CACHE\b", root):
        # date's `set(CMAKE_CXX_STANDARD 17 CACHE STRING …)`: a default the user overrides, not the floor
        details.append(f"C++{fixed.group(1)} by default (CMAKE_CXX_STANDARD, a cache variable)")
    elif fixed:
        details.append(f"C++{fixed.group(1)}")
    elif len(chosen) > 1 and not re.search(r"CMAKE_CXX_STANDARD\s+\d", root):
        # ArduinoJson's root sets none; extras/tests/ builds at 11, its Cpp17/ and Cpp20/ folders at their own
        details.append(f"C++{chosen[0]} in its other CMakeLists.txt files (some folders ask for C++{chosen[-1]})")
    elif len(chosen) > 1:  # spdlog: 20 only under if(SPDLOG_USE_STD_FORMAT), 11 otherwise
        details.append(f"C++{chosen[0]} (C++{chosen[-1]} when an option asks for it)")
    elif chosen:
        details.append(f"C++{chosen[0]}")
    elif features:
        details.append(f"C++{features[0]} or later (cxx_std_{features[0]})")
    libs: list[str] = []
    exes: list[str] = []
    tests: list[str] = []
    takes_name: dict[str, bool | None] = {}  # whether a test program picks one test by its name
    variables = dict(re.findall(r"^\s*set\s*\(\s*(\w+)\s+\"?([\w.+-]+)\"?\s*\)", every, re.MULTILINE))
    for f, text in texts.items():
        for kind, raw, rest in re.findall(r"^\s*add_(executable|library)\s*\(\s*([\w.+${}-]+)([^)]*)", text,
                                          re.IGNORECASE | re.MULTILINE):  # fmt: skip
            name = re.sub(r"\$\{(\w+)\}", lambda m: variables.get(m.group(1), m.group(0)), raw)
            if "$" in name or "::" in name or re.search(r"\b(ALIAS|IMPORTED)\b", rest):
                continue
            library = kind.lower() == "library"  # libvalkey writes ADD_LIBRARY: CMake's commands ignore case
            bucket = tests if _TEST_DIR.search(f) or _TEST_NAME.search(name) else libs if library else exes
            if any(b.split(" ")[0] == name for b in bucket):
                continue  # CLI11 declares its target twice, compiled or header-only as an option says
            if bucket is libs and re.match(r"\s+INTERFACE\b", rest, re.IGNORECASE):
                name += " (header-only: an INTERFACE target)"  # cxxopts is include/cxxopts.hpp, nothing to compile
            if name not in bucket:
                bucket.append(name)
            if bucket is tests:
                takes_name[name] = takes_test_name(tree, sources_of(f.rpartition("/")[0], rest))
    if libs:
        details.append(f"libraries {human_list(libs, 6)}")
    if exes:
        details.append(f"executables {human_list(exes, 6)}")
    looped = bool(LOOPED_TESTS.search(every))  # json-c: 24 tests named in a list; a count of literal targets misleads
    # where the test programs are built, not how many: functions and loops (fast_float's, CLI11's, json-c's) make
    # more programs than a count of the literal targets finds; benchmarks apart (spdlog's bench/)
    folders = sorted({f.split("/", 1)[0] for f in texts if "/" in f and _TEST_DIR.match(f.split("/", 1)[0] + "/")})
    benches = [d for d in folders if d.startswith("bench")]
    built = (
        [f"tests built from {human_list([d + '/' for d in folders if d not in benches])}"]
        if len(benches) < len(folders)
        else []
    )
    built += [f"benchmarks from {human_list([d + '/' for d in benches])}"] if benches else []
    if built:
        details.append("; ".join(built))
    elif tests:
        details.append("test programs declared in CMakeLists.txt")
    frameworks = [n for n, needle in TEST_FRAMEWORKS if re.search(needle, every, re.IGNORECASE)]
    if frameworks:
        details.append(f"tests with {human_list(frameworks)}")
    whose, flags = _warnings_said(texts)
    if not flags and tree.has("Makefile"):  # pugixml's developer Makefile builds the tests with -Werror
        whose, flags = "the Makefile compiles with", [f for f in _makefile_flags(tree.read("Makefile") or "")
                                                      if not f.startswith("-std=")]  # fmt: skip
    warnings_fact(k, whose, flags, "CMakeLists.txt" if "Makefile" not in whose else "Makefile", c_only)
    declared = re.findall(r"^\s*option\s*\(\s*(\w+)\s+\"([^\"]*)\"", root, re.IGNORECASE | re.MULTILINE)
    # libcheck's CHECK_ENABLE_TESTS says "Deprecated: …": an option on its way out is not one to set
    options = list(dict.fromkeys(name for name, said in declared if not re.match(r"\W*deprecated\b", said, re.I)))
    if options:
        details.append(f"options {human_list(options, 6)}")
    # HdrHistogram_c's test/CMakeLists.txt: `option(HDR_HISTOGRAM_BUILD_BENCHMARK "Build benchmark" OFF)`
    # libevent's EVENT__DISABLE_BENCHMARK is OFF: its benchmarks are built by default, nothing is to turn on
    benched = re.search(
        r"^\s*option\s*\(\s*((?!\w*(DISABLE|SKIP|NO_))\w*BENCH\w*)\s+\"[^\"]*\"\s+OFF\s*\)", every, re.I | re.M
    )
    if benched:
        name = benched.group(1)
        # entt declares ENTT_BUILD_BENCHMARK inside if(ENTT_BUILD_TESTING): both must be on
        outer = _guarding_option(every, lambda block: bool(re.search(rf"option\s*\(\s*{name}\b", block)))
        flags = f"-D{outer}=ON -D{name}=ON" if outer and outer != name else f"-D{name}=ON"
        out = "cmake-build" if tree.under("build") else "build"  # re2c tracks build/: its scripts, not CMake's output
        body = (f"Benchmarks are built only on request: `cmake -S . -B {out} {flags} && cmake --build "
                f"{out}` (the option is OFF by default).")  # fmt: skip
        k.fact("cpp/benchmarks", "C/C++ benchmarks", body, next(f for f, t in texts.items() if benched.group(1) in t))
    # cpputest tracks build/ (MakefileWorker.mk and its Symbian files): CMake's output goes beside it, not into it
    folder = "." if _ci_builds_in_source(tree) else "cmake-build" if tree.under("build") else "build"
    tests_project = _tests_project(tree, root)
    if tests_project:  # robin-map's root only declares the header-only library: its tests are a project of their own
        k.command("build", f"cmake -S {tests_project} -B {folder} && cmake --build {folder} -j", "CMakeLists.txt", 60,
                  f"the root declares only the header-only library; {tests_project}/ builds the tests")  # fmt: skip
    elif (option := _compiled_behind(root)) and folder != ".":
        k.command("build", f"cmake -S . -B {folder} -D{option}=ON && cmake --build {folder} -j", "CMakeLists.txt", 60,
                  f"{option} is OFF by default, and without it nothing is compiled")  # fmt: skip
    elif folder == ".":  # md4c's test script looks for md2html/md2html under the source tree, where CI builds it
        k.command("build", "cmake . && cmake --build .", "CMakeLists.txt", 60, "in the source tree, as CI builds it")
    elif not _compiles_nothing(root):  # concurrentqueue's CMakeLists.txt only installs its headers
        k.command("build", f"cmake -S . -B {folder} && cmake --build {folder} -j", "CMakeLists.txt", 60)
    if turns_testing_on(tree):
        # Vita3K's presets build into build/<preset name>: ctest looks there, not in build/
        folder = (_preset_folder(tree) or folder) if folder == "build" and not tests_project else folder
        _test_commands(k, root, every, [] if looped else tests, frameworks, takes_name, folder)
    # entt's docs/CMakeLists.txt declares the Doxygen target, behind the root's if(ENTT_BUILD_DOCS) add_subdirectory
    docs = {f: _code(tree.read(f) or "") for f in tree.named("CMakeLists.txt") if re.match(r"docs?/[^/]+$", f)}
    # assimp's contrib/zip declares a Doxygen `doc` target, but the root never adds contrib/zip to the build
    added = _added(tree, texts)
    _docs_target(k, "\n".join(t for f, t in texts.items() if f in added), folder, docs)
    return details


def turns_testing_on(tree: Tree) -> bool:
    """ctest reads the CTestTestfile that enable_testing() (or include(CTest)) writes at the top of the build: assimp
    registers `add_test(unittests unit)` in test/, but nothing at its root turns testing on, so ctest finds none."""
    root = _code(tree.read("CMakeLists.txt") or "")
    modules = "\n".join(_code(tree.read(f) or "") for f in tree.files if f.endswith(".cmake") and not is_auxiliary(f))
    return bool(re.search(r"\benable_testing\s*\(|\binclude\s*\(\s*CTest\b", f"{root}\n{modules}", re.IGNORECASE))


def _added(tree: Tree, texts: dict[str, str]) -> set[str]:
    """The CMakeLists.txt files the build reads: the root's, and those add_subdirectory() reaches from it (a folder
    named through a variable, googlemock's `${gtest_dir}`, is left unread)."""
    seen, queue = {"CMakeLists.txt"}, ["CMakeLists.txt"]
    while queue:
        rel = queue.pop()
        base = rel.rsplit("/", 1)[0] + "/" if "/" in rel else ""
        text = texts.get(rel) or _code(tree.read(rel) or "")
        for named in re.findall(r"\badd_subdirectory\s*\(\s*\"?([^\s\")]+)", text, re.IGNORECASE):
            if "$" in named:
                continue
            child = posixpath.normpath(f"{base}{named}".rstrip("/")) + "/CMakeLists.txt"
            if child not in seen:
                seen.add(child)
                queue.append(child)
    return seen


def _docs_target(k: Knowledge, every: str, folder: str, docs: dict[str, str] | None = None) -> None:
    """A custom target that runs Doxygen (uriparser's `doc`): the API docs are built by the CMake build."""
    pattern = r"add_custom_target\s*\(\s*(docs?|doxygen|api[-_]?docs?)\b([^)]*)"
    held = next(((f, m, t) for f, t in {"": every, **(docs or {})}.items() if (m := re.search(pattern, t, re.I))), None)
    found, target, text = held if held else ("", None, "")
    around = text[max(0, target.start() - 600) : target.end() + 400] if target else ""  # glfw's command comes first
    if target and re.search(r"doxygen", target.group(2) + around, re.IGNORECASE):
        name = target.group(1)
        added = found.rsplit("/", 1)[0] if "/" in found else ""
        # zip's `doc` target exists only with -DZIP_BUILD_DOCS=ON, which is off by default; entt's docs/ folder only
        # with -DENTT_BUILD_DOCS=ON
        # klee's docs/CMakeLists.txt adds the Doxygen run to its `docs` target only inside if(ENABLE_DOXYGEN), OFF
        gate = _guarding_option(
            every if not found else f"{every}\n{text}",
            lambda block: (
                target.group(0) in block
                or bool(added and re.search(rf"add_subdirectory\s*\(\s*{added}\s*\)", block, re.I))
                or bool(re.search(rf"add_dependencies\s*\(\s*{name}\s", block, re.I))
            ),
        )
        configure = f"cmake -S . -B {folder} -D{gate}=ON && " if gate else ""
        k.command("docs", f"{configure}cmake --build {folder} --target {name}", "CMakeLists.txt", 60, "runs Doxygen")


_COMPILED = r"\badd_executable\s*\(|\badd_library\s*\(\s*[\w:${}-]+\s*(?:\)|\s(?!(INTERFACE|ALIAS|IMPORTED)\b)\w)"
"""A target CMake compiles: an executable, or a library that is not INTERFACE, ALIAS or IMPORTED."""


def _compiles_nothing(root: str) -> bool:
    """The root CMakeLists.txt declares only header-only (INTERFACE) targets and adds no folder: a build compiles
    nothing, its only use is the install rules."""
    return bool(re.search(r"\badd_library\s*\(\s*[\w:${}-]+\s+INTERFACE\b", root, re.IGNORECASE)) and not re.search(
        rf"{_COMPILED}|\badd_subdirectory\s*\(|\bExternalProject_Add\b|\bFetchContent", root, re.IGNORECASE
    )


def _compiled_behind(root: str) -> str:
    """The OFF option every compiled target of the root sits behind (date's `if( BUILD_TZ_LIB )` around
    `add_library( date-tz )`, the rest INTERFACE): a default build compiles nothing. Empty otherwise."""
    always = _unconditional(root)
    if re.search(_COMPILED, always, re.IGNORECASE) or re.search(r"\badd_subdirectory\s*\(", always, re.I):
        return ""
    if re.search(r"\badd_subdirectory\s*\(", root, re.I):
        # entt's only subfolders are `add_subdirectory(test)` inside if(ENTT_BUILD_TESTING), docs and testbed behind
        # options of their own: the tests' option is what makes a build compile something
        tests = _guarding_option(root, lambda block: bool(re.search(r"add_subdirectory\s*\(\s*tests?\b", block, re.I)))
        return tests or ""
    guarded = re.search(rf"^\s*if\s*\(\s*(\w+)\s*\)\s*\n(?:(?!\s*endif).*\n)*?\s*(?:{_COMPILED})", root, re.I | re.M)
    if not guarded:
        return ""
    off = re.search(rf"^\s*option\s*\(\s*{guarded.group(1)}\s+\"[^\"]*\"\s+OFF\b", root, re.IGNORECASE | re.MULTILINE)
    return guarded.group(1) if off else ""


def _tests_project(tree: Tree, root: str) -> str:
    """The test folder that is a CMake project of its own (robin-map's tests/, with `project()` and the root added
    back through add_subdirectory) when the root builds nothing: INTERFACE libraries only, no executable, no
    subfolder. Empty otherwise."""
    if not _compiles_nothing(root):
        return ""
    for folder in ("tests", "test"):
        text = _code(tree.read(f"{folder}/CMakeLists.txt") or "")
        if re.search(r"^\s*project\s*\(", text, re.IGNORECASE | re.MULTILINE) and "add_executable" in text:
            return folder
    return ""


CI_FILES = re.compile(r"^(\.github/workflows/[^/]+\.ya?ml|\.travis\.yml|\.gitlab-ci\.yml|appveyor\.yml|"
                      r"\.circleci/config\.yml|azure-pipelines\.yml)$")  # fmt: skip
_CONFIGURE = re.compile(r"(?:^|[\s;&|])cmake\s(?!\s*(?:--build|--install|-E|-P)\b)[^\n]*")


def _ci_builds_in_source(tree: Tree) -> bool:
    """Every CMake configure line of CI builds in the source tree (md4c's `cmake -DCMAKE_BUILD_TYPE=Debug … .`, no
    `-B`, no `cd build && cmake ..`): the project's scripts may expect the programs there."""
    lines = [
        m.group(0).strip().strip("'\"")
        for f in tree.files
        if CI_FILES.match(f)
        for m in _CONFIGURE.finditer(tree.read(f) or "")
    ]
    here = [line for line in lines if re.search(r"\s\.$", line) and not re.search(r"\s-B|\s-S\s*\S", line)]
    return bool(here) and len(here) == len(lines)


def _warnings_said(texts: dict[str, str]) -> tuple[str, list[str]]:
    """(who compiles with them, the warning flags) of the project's own CMakeLists (root, tests, sources)."""
    code = [t for f, t in texts.items() if "/" not in f or f.split("/")[0] in ("src", "source", "lib", "cmake")]
    tests = [t for f, t in texts.items() if "/" in f and f.split("/")[0] in ("test", "tests")]
    warnings = _warning_flags("\n".join(code))  # Catch2's tools/misc/ helper sets /W4 for itself only
    if warnings:
        return "the project compiles with", warnings
    return "the tests compile with", _warning_flags("\n".join(tests))  # fast_float's: the library sets none


CPP_ONLY_WARNINGS = frozenset(
    {"-Wold-style-cast", "-Wglobal-constructors", "-Wexit-time-destructors", "-Weffc++", "-Wnon-virtual-dtor",
     "-Woverloaded-virtual", "-Wweak-vtables", "-Wctor-dtor-privacy", "-Wzero-as-null-pointer-constant"}
)  # fmt: skip
"""Warnings that only C++ code can raise: in a C project (Unity's Clang list) they ask nothing of new code."""


def warnings_fact(k: Knowledge, whose: str, flags: list[str], source: str, c_only: bool = False) -> None:
    """`cpp/warnings`, a rule for new code: the flags it must compile clean under, GCC's and MSVC's said apart,
    and whether a warning fails the build (-Werror, /WX)."""
    errors = [f for f in flags if f in ("-Werror", "/WX", "-pedantic-errors")]
    flags = [f for f in flags if f not in errors and not (c_only and f in CPP_ONLY_WARNINGS)]
    gcc, msvc = [f for f in flags if f.startswith("-")][:8], [f for f in flags if f.startswith("/")][:3]
    gcc, msvc = gcc + [e for e in errors if e.startswith("-")], msvc + [e for e in errors if e.startswith("/")]
    if not gcc and not msvc:
        return
    said = " ".join(gcc) + (
        f" ({' '.join(msvc)} with MSVC)" if gcc and msvc else " ".join(msvc) + " with MSVC" if msvc else ""
    )
    if errors and not [e for e in errors if e.startswith("-")] and gcc:
        # zlib-ng's CMake gives MSVC /WX and GCC and Clang plain -Wall: warnings fail the MSVC build only
        body = (
            f"Compiler warnings: {whose} {said}; only MSVC's build fails on a warning, so new code should compile "
            "clean under them."
        )
    elif errors:
        body = f"Warnings are errors here: {whose} {said}, so new code must compile without warnings."
    else:
        body = f"Compiler warnings: {whose} {said}; new code should compile clean under them."
    k.fact("cpp/warnings", "Compiler warnings", body, source)


def _warning_flags(cmake: str) -> list[str]:
    """The warning flags the build sets for every target or for its own (utfcpp's tests: `-Wall -Wextra -Wpedantic
    -Wconversion -Wsign-conversion`, `/W4` with MSVC): code added to the project must compile clean under them."""
    where = (
        r"add_compile_options|target_compile_options|CMAKE_CX*_FLAGS|list\s*\(\s*APPEND\s+\w*(?:flags|warnings)\w*|"
        r"set\s*\(\s*\w*(?:OPTIONS|FLAGS|WARNINGS)\b"
    )  # magic_enum's set(MAGIC_ENUM_TEST_COMPILE_OPTIONS …)
    # jsoncpp's -Werror sits in a macro called only under `if(JSONCPP_WITH_WARNING_AS_ERROR)`, an option OFF by
    # default: those blocks go, and then a macro or function nothing calls any more (fast_float's `t(a)` still does)
    for off in re.findall(r"\boption\s*\(\s*(\w+)\s+\"[^\"]*\"\s+OFF\s*\)", cmake, re.IGNORECASE):
        cmake = re.sub(rf"\bif\s*\(\s*{off}\s*\).*?\bendif\s*\([^)]*\)", "", cmake, flags=re.IGNORECASE | re.DOTALL)
        # flac's `$<$<BOOL:${ENABLE_WERROR}>:-Werror>`: a flag only that option, OFF unless asked, turns on
        cmake = re.sub(rf"\$<\$<BOOL:\$\{{{off}\}}>:[^>]*>", "", cmake)
    # rtaudio's -Werror is for `if (CMAKE_BUILD_TYPE STREQUAL "Debug")` builds only: not what code must pass
    debug = r"\bif\s*\(\s*(?:\$\{)?CMAKE_BUILD_TYPE\}?\s+(?:STREQUAL|MATCHES)\s+\"?Debug\"?\s*\).*?\bendif\s*\([^)]*\)"
    cmake = re.sub(debug, "", cmake, flags=re.IGNORECASE | re.DOTALL)
    cmake = re.sub(r"\$<\$<CONFIG:Debug>:[^>]*>", "", cmake, flags=re.IGNORECASE)
    # openal-soft's `list(APPEND CMAKE_REQUIRED_FLAGS -Werror)` makes a check_c_source_compiles probe strict, no build
    cmake = re.sub(r"\blist\s*\(\s*APPEND\s+CMAKE_REQUIRED_\w+[^)]*\)", "", cmake, flags=re.IGNORECASE)
    cmake = re.sub(r"\bset\s*\(\s*CMAKE_REQUIRED_\w+[^)]*\)", "", cmake, flags=re.IGNORECASE)
    for m in list(re.finditer(r"\b(macro|function)\s*\(\s*(\w+).*?\bend\1\s*\([^)]*\)", cmake, re.I | re.DOTALL)):
        rest = cmake.replace(m.group(0), "")
        if not re.search(rf"(?<![\w$]){re.escape(m.group(2))}\s*\(", rest):
            cmake = rest
    sets = re.findall(rf"(?:{where})[^)]*", cmake, re.IGNORECASE)  # cJSON's `list(APPEND custom_compiler_flags …)`
    flags = [f for t in sets for f in re.findall(r"(?<![\w-])(-W(?![alp],|no-)[\w=+-]+|/W[0-4X])(?![\w,=+-])", t)]
    return list(dict.fromkeys(flags))  # what the code must pass; a `-Wno-…` only relaxes one of them


_MAKE_FLAGS = re.compile(
    r"^(?:C|CXX|CPP|W|WARN\w*)FLAGS\s*[+:?]?=(.*)$|^\t@?(?:\$\(CC\)|\$\(CXX\)|cc|gcc|clang)\s(.*)$", re.MULTILINE
)


def _makefile_flags(makefile: str) -> list[str]:
    """The warning and standard flags a plain Makefile compiles with, from its flag variables (not a target's own,
    `cxx17build: CFLAGS = …`) and its compile lines (sds: `$(CC) … -Wall -std=c99 -pedantic`)."""
    recipes = make_targets.default_recipes(makefile)
    variables = "\n".join(line for line in makefile.splitlines() if not line.startswith("\t"))
    said = " ".join(a or b for a, b in _MAKE_FLAGS.findall(f"{variables}\n{recipes}"))
    flags = re.findall(r"(?<![\w-])(-W(?![alp],|no-)[\w=+-]+|-pedantic(?:-errors)?|-std=[\w+]+)(?![\w,=+-])", said)
    return list(dict.fromkeys(flags))[:8]


def _dependencies_and_tools(k: Knowledge, tree: Tree, details: list[str], sources: list[str]) -> None:
    """Conan or vcpkg, clang-format and clang-tidy, and a compilation database."""
    for marker, label in (("conanfile.txt", "Conan"), ("conanfile.py", "Conan"), ("vcpkg.json", "vcpkg")):
        wants = r"^\s*(tool_)?requires\s*=|self\.(tool_)?requires\(|def (build_)?requirements\("  # what it depends on
        recipe = marker == "conanfile.py" and not re.search(wants, tree.read(marker) or "", re.MULTILINE)
        if tree.has(marker) and recipe:  # Catch2's conanfile.py packages Catch2 itself: it brings no dependency
            details.append("a Conan recipe that packages the project (conanfile.py)")
            sources.append(marker)
        elif tree.has(marker):
            details.append(f"dependencies via {label} ({marker})")
            sources.append(marker)
    how, where = clang_format.use(tree)
    if target := clang_format.format_target(tree):
        # fontforge's `format` target formats the files .clang-files lists, the rest of its C is left as it is
        note = "clang-format on the lines you changed" if target[2] else "runs clang-format"
        k.command("format", f"cmake --build build --target {target[0]}", target[1], 58, note)
    elif how == "whole":  # lz4's, which nothing runs, would rewrite files it never formatted
        k.command("format", "clang-format -i <files>", f".clang-format ({where})", 60)
    clang_tidy.describe(tree, k)  # a fact, no command: clang-tidy needs what a configured build writes
    if tree.has("compile_commands.json"):
        details.append("compile_commands.json present")


def _test_commands(
    k: Knowledge,
    root: str,
    every: str,
    tests: list[str],
    frameworks: list[str],
    takes_name: dict[str, bool | None],
    folder: str = "build",
) -> None:
    """ctest for what CMake registers in the build ``folder``, configured with the option that turns the tests on
    where one must."""
    # nanobench's doctest program is built but never registered: ctest would find "No tests were found!!!"
    discovered = len(re.findall(r"\b(\w+_discover_tests|gtest_add_tests)\s*\(", every, re.IGNORECASE))
    added, first = registered_tests(every)
    registered = added + discovered
    one_name = ctest_name([every]) or first or "<test name>"
    gate = _test_option(root)
    # date's test programs are EXCLUDE_FROM_ALL: only `testit`, a target running ctest that depends on them, builds
    runner = re.search(r"add_custom_target\s*\(\s*(\w+)\s+COMMAND\s+\$\{CMAKE_CTEST_COMMAND\}", every, re.I)
    hidden = runner and re.search(r"add_executable\s*\([^)]*\bEXCLUDE_FROM_ALL\b", every, re.IGNORECASE)
    if gate and registered and hidden and runner:
        configure, target = f"cmake -S . -B {folder} -D{gate}=ON", runner.group(1)
        k.command("test", f"{configure} && cmake --build {folder} --target {target}", "CMakeLists.txt", 60,
                  f"option {gate} is OFF by default; the test programs are built only by `{target}`")  # fmt: skip
        k.command("test-one", f"ctest --test-dir {folder} -R {one_name}", "CMakeLists.txt", 60,
                  f"after `cmake --build {folder} --target {target}`")  # fmt: skip
        return
    built_by = _hidden_tests_target(root, every) if registered and not runner else ""
    if built_by:  # sngrep's and xournalpp's test programs are EXCLUDE_FROM_ALL: a plain build leaves them out
        configure = f"cmake -S . -B {folder}" + (f" -D{gate}=ON" if gate else "")
        # the programs first: sngrep's tests start the sngrep binary its `tests` target does not build
        build = f"cmake --build {folder} && cmake --build {folder} --target {built_by}"
        k.command("test", f"{configure} && {build} && ctest --test-dir {folder} --output-on-failure", "CMakeLists.txt",
                  60, (f"option {gate} is OFF by default; " if gate else "")
                  + "a plain build leaves the test programs out (EXCLUDE_FROM_ALL)")  # fmt: skip
        k.command("test-one", f"ctest --test-dir {folder} -R {one_name}", "CMakeLists.txt", 60, f"after `{build}`")
        return
    # uriparser's suites are one GoogleTest program, registered once: ctest -R can only pick that program
    programs = re.findall(r"add_executable\s*\(\s*(\w*test\w*)", every, re.IGNORECASE)
    gtest = programs[0] if frameworks == ["GoogleTest"] and len(set(programs)) == 1 else None
    one_gtest = registered == 1 and gtest and not re.search(r"gtest_(discover|add)_tests", every, re.IGNORECASE)
    if gate and registered:
        # yyjson builds no test unless asked (-DYYJSON_BUILD_TESTS=ON): a bare ctest would find none
        configure = f"cmake -S . -B {folder} -D{gate}=ON && cmake --build {folder} -j"
        k.command("test", f"{configure} && ctest --test-dir {folder} --output-on-failure", "CMakeLists.txt", 60,
                  f"option {gate} is OFF by default")  # fmt: skip
        one = f"{folder}/{gtest} --gtest_filter='<Suite>.<Test>'" if one_gtest else ""
        one = one or (f"ctest --test-dir {folder} -R {one_name}" if registered > 2 else "")
        if (
            one
        ):  # libxlsxwriter registers two: the unit tests' one program and the pytest suite; -R picks neither's test
            k.command("test-one", one, "CMakeLists.txt", 60, f"after configuring with -D{gate}=ON")
        return
    if registered:
        k.command("test", f"ctest --test-dir {folder} --output-on-failure", "CMakeLists.txt", 60)
        runner = next((t for t in tests if re.search(r"test", t, re.IGNORECASE)), None)
        if one_gtest:
            k.command("test-one", f"{folder}/{gtest} --gtest_filter='<Suite>.<Test>'", "CMakeLists.txt", 60)
            return
        if registered <= 2 and runner and not frameworks and takes_name.get(runner) is False:
            return  # tinyxml2's xmltest reads its argument as a file: it runs its tests all at once
        if registered <= 2 and runner and not frameworks:
            # The whole suite is one or two ctest entries: one test is picked by the runner itself.
            out = re.search(
                r"CMAKE_RUNTIME_OUTPUT_DIRECTORY\s+\"?\$\{(?:CMAKE_(?:CURRENT_)?SOURCE_DIR|PROJECT_SOURCE_DIR)\}/([\w./-]+)",
                root,
            )
            built = out.group(1).strip("/") if out else folder  # miniz writes its programs to <source>/bin
            k.command("test-one", f"{built}/{runner} <test name>", "CMakeLists.txt", 60)
        else:
            k.command("test-one", f"ctest --test-dir {folder} -R {one_name}", "CMakeLists.txt", 60)


def _hidden_tests_target(root: str, every: str) -> str:
    """The targets that build the test programs a plain build leaves out (EXCLUDE_FROM_ALL): the one they hang on
    (sngrep's `add_dependencies( tests test_${i} )`), else the test programs themselves (xournalpp's test-units and
    test-gtk-integration); "" when the tests build with everything."""
    hidden = re.findall(r"add_executable\s*\(\s*([\w${}-]+)\s+EXCLUDE_FROM_ALL\b", every, re.IGNORECASE)
    folder = re.search(r"add_subdirectory\s*\(\s*tests?\b[^)]*\bEXCLUDE_FROM_ALL\b", root, re.IGNORECASE)
    if not hidden and not folder:
        return ""
    grouped = re.search(r"add_dependencies\s*\(\s*([\w-]+)\s+[\w${}-]*test", every, re.IGNORECASE)
    if grouped:
        return grouped.group(1)
    plain = [h for h in dict.fromkeys(hidden) if "$" not in h]
    # xournalpp hides its benchmarks program too, FunctionalPlus a program that compiles every header: no tests
    tests = [h for h in plain if "test" in h.lower()]
    return " ".join(tests) if 0 < len(tests) <= 3 else ""


_TESTS_ON = r"(enable_testing|add_subdirectory\s*\(\s*tests?\b|include\s*\(\s*CTest|add_test\s*\()"


def tests_option(tree: Tree) -> str | None:
    """The root CMakeLists' OFF option that the tests need turned on, if any."""
    return _test_option(tree.read("CMakeLists.txt") or "") if tree.has("CMakeLists.txt") else None


def _test_option(root: str) -> str | None:
    """An option that is OFF by default and guards the tests (`if(YYJSON_BUILD_TESTS)` around enable_testing()
    or add_subdirectory(test)): the tests exist only in a build configured with it ON."""
    return _guarding_option(root, lambda block: bool(re.search(_TESTS_ON, block, re.I)) and not _both_ways(block))


OFF_OPTION = r"^\s*(?:cmake_dependent_)?option\s*\(\s*(\w+)\s+\"[^\"]*\"(?:\s+OFF\b|\s*\))"
"""A CMake option declared OFF by default (pugixml's cmake_dependent_option too), or with no value, which CMake
starts OFF (OpenRCT2's `option(WITH_TESTS "Build tests")`)."""


def _guarding_option(text: str, holds: Callable[[str], bool]) -> str | None:
    """The first option declared OFF whose `if(<option>)` block holds what ``holds`` looks for; the block is read
    whole, nested blocks included (libxlsxwriter's if(BUILD_TESTS) holds an if(NOT Pytest_EXECUTABLE) … endif()
    before its add_test)."""
    off = re.findall(OFF_OPTION, text, re.IGNORECASE | re.MULTILINE)
    # mumble's `option(tests "Build tests." ${packaging})` beside `option(packaging "Build package." OFF)`: OFF too
    follows = r"^\s*option\s*\(\s*(\w+)\s+\"[^\"]*\"\s+\$\{(\w+)\}\s*\)"
    off += [name for name, given in re.findall(follows, text, re.MULTILINE) if given in off]
    for name in off:
        # trompeloeil's `if (MASTER_PROJECT AND TROMPELOEIL_BUILD_TESTS)`: one of the conditions ANDed is enough
        anded = r"(?:[\w${}]+\s+AND\s+)*"
        for opened in re.finditer(rf"\bif\s*\(\s*{anded}{name}(?:\s+AND\s+[\w${{}}]+)*\s*\)", text, re.IGNORECASE):
            if holds(_if_block(text[opened.start() :])):
                return name
    return None


def _if_block(text: str) -> str:
    """The if() … endif() block that opens ``text``, nested blocks included."""
    depth = 0
    for m in re.finditer(r"\b(if|endif)\s*\(", text, re.IGNORECASE):
        depth += 1 if m.group(1).lower() == "if" else -1
        if depth == 0:
            return text[: m.end()]
    return text


def _both_ways(block: str) -> bool:
    """The if() block that opens ``block`` adds tests in its else() too: jansson's JANSSON_TEST_WITH_VALGRIND adds
    them under valgrind or, else, plainly; a mode of running them, not the gate of the tests (fast_float's else()
    only says the tests are off)."""
    depth, other = 0, -1
    for m in re.finditer(r"\b(if|else|elseif|endif)\s*\(", block, re.IGNORECASE):
        word = m.group(1).lower()
        depth += word == "if"
        depth -= word == "endif"
        if word in ("else", "elseif") and depth == 1 and other < 0:
            other = m.end()
        if depth == 0:
            return other >= 0 and bool(re.search(_TESTS_ON, block[other : m.start()], re.IGNORECASE))
    return False


def _unconditional(cmake: str) -> str:
    """The lines of a CMakeLists.txt outside every if() … endif() block."""
    out, depth = [], 0
    for line in cmake.splitlines():
        word = line.strip().lower()
        if re.match(r"if\s*\(", word):
            depth += 1
        elif re.match(r"endif\s*\(", word):
            depth = max(0, depth - 1)
        elif not depth:
            out.append(line)
    return "\n".join(out)
