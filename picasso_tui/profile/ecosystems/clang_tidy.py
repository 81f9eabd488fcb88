"""clang-tidy (`cpp/clang-tidy`): the checks a .clang-tidy turns on, and how the project runs them: a CMake option
that sets CMAKE_CXX_CLANG_TIDY (spdlog's SPDLOG_TIDY), else by hand over a compilation database."""

from __future__ import annotations

import re

from picasso_tui.profile.findings import Knowledge, human_list, plural
from picasso_tui.profile.walk import Tree

CHECKS = re.compile(r"^Checks:\s*(?:'([^']*)'|\"([^\"]*)\"|((?:.*\n)(?:[ \t]+.*\n?)*))", re.MULTILINE)


def describe(tree: Tree, k: Knowledge) -> None:
    if not tree.has(".clang-tidy"):
        return
    found = CHECKS.search(tree.read(".clang-tidy") or "")
    listed = next((g for g in found.groups() if g), "") if found else ""
    checks = [c.strip().strip("'\"") for c in re.split(r"[,\n]", listed)]
    checks = [c for c in checks if c and not c.startswith("#")]
    on = [c if c != "*" else "* (every check)" for c in checks if not c.startswith("-")]
    off = [c for c in checks if c.startswith("-") and c != "-*"]
    if not on:
        return
    said = f"clang-tidy checks the code with .clang-tidy (enabled: {human_list(on, 5)}"
    said += f"; {plural(len(off), 'check')} turned off)" if off else ")"
    cmake = "\n".join(tree.read(f) or "" for f in tree.named("CMakeLists.txt")[:10])
    option = re.search(r"option\s*\(\s*(\w*TIDY\w*)", cmake, re.IGNORECASE) if "CMAKE_CXX_CLANG_TIDY" in cmake else None
    if option:
        run = f"configure with `-D{option.group(1)}=ON` and the build runs it on every file it compiles"
    else:  # it reads the flags of each file from the compilation database a configured build writes
        run = (
            "run it over a configured build: `cmake -B build -DCMAKE_EXPORT_COMPILE_COMMANDS=ON`, then "
            "`clang-tidy -p build <files>`"
        )
    k.fact("cpp/clang-tidy", "clang-tidy", f"{said}: {run}.", ".clang-tidy")
