"""C / C++: CMake, Meson, Autotools or plain Make; Conan/vcpkg; GoogleTest, Catch2 and CTest."""

from __future__ import annotations

import re

from picasso_tui.profile.findings import Knowledge, human_list
from picasso_tui.profile.walk import Tree


def investigate(tree: Tree) -> Knowledge:
    """The build system, dependency manager and tools of a C/C++ project, and how to build and test it."""
    k = Knowledge()
    has_c = any(f.endswith((".c", ".cc", ".cpp", ".cxx", ".h", ".hpp")) for f in tree.files)
    cmake = tree.has("CMakeLists.txt")
    meson = tree.has("meson.build")
    autotools = tree.first("configure.ac", "configure.in")
    if not has_c or not (cmake or meson or autotools or tree.has("Makefile")):
        return k
    details: list[str] = []
    sources: list[str] = []
    if cmake:
        details += _cmake(k, tree)
        sources.append("CMakeLists.txt")
    elif meson:
        details.append("Meson")
        sources.append("meson.build")
        k.command("build", "meson setup build && meson compile -C build", "meson.build", 60)
        k.command("test", "meson test -C build", "meson.build", 60)
    elif autotools:
        details.append("Autotools")
        sources.append(autotools)
        k.command("build", "./configure && make", autotools, 65)
        k.command("test", "make check", autotools, 65)
    else:
        details.append("plain Makefile")
        sources.append("Makefile")
    _dependencies_and_tools(k, tree, details, sources)
    k.fact("cpp/build", f"C/C++: {details[0]}", "C/C++ project: " + "; ".join(details) + ".", *sources)
    return k


def _cmake(k: Knowledge, tree: Tree) -> list[str]:
    """What the CMakeLists.txt files declare (project, standard, targets, test frameworks), and the commands
    that build and test it."""
    text = "\n".join(tree.read(f) or "" for f in tree.named("CMakeLists.txt")[:30])
    project = re.search(r"project\s*\(\s*([\w-]+)", text, re.IGNORECASE)
    targets = re.findall(r"add_(executable|library)\s*\(\s*([\w-]+)", text, re.IGNORECASE)
    std = re.search(r"CMAKE_CXX_STANDARD\s+(\d+)", text)
    details = [f"CMake project `{project.group(1)}`" if project else "CMake"]
    if std:
        details.append(f"C++{std.group(1)}")
    exes = [n for kind, n in targets if kind.lower() == "executable"]
    libs = [n for kind, n in targets if kind.lower() == "library"]
    if exes:
        details.append(f"executables {human_list(exes)}")
    if libs:
        details.append(f"libraries {human_list(libs)}")
    tests = [
        n
        for n, needle in (("GoogleTest", "gtest"), ("Catch2", "catch2"), ("doctest", "doctest"))
        if needle in text.lower()
    ]
    if tests:
        details.append(f"tests with {human_list(tests)}")
    k.command("build", "cmake -S . -B build && cmake --build build -j", "CMakeLists.txt", 60)
    if "enable_testing" in text.lower() or "add_test" in text.lower() or tests:
        k.command("test", "ctest --test-dir build --output-on-failure", "CMakeLists.txt", 60)
        k.command("test-one", "ctest --test-dir build -R <test name>", "CMakeLists.txt", 60)
    return details


def _dependencies_and_tools(k: Knowledge, tree: Tree, details: list[str], sources: list[str]) -> None:
    """Conan or vcpkg, clang-format and clang-tidy, and a compilation database."""
    for marker, label in (("conanfile.txt", "Conan"), ("conanfile.py", "Conan"), ("vcpkg.json", "vcpkg")):
        if tree.has(marker):
            details.append(f"dependencies via {label} ({marker})")
            sources.append(marker)
    if tree.has(".clang-format"):
        k.command("format", "clang-format -i <files>", ".clang-format", 60)
    if tree.has(".clang-tidy"):
        k.command("lint", "clang-tidy -p build <files>", ".clang-tidy", 60)
    if tree.has("compile_commands.json"):
        details.append("compile_commands.json present")
