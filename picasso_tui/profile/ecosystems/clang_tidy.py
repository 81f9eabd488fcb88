"""clang-tidy (`cpp/clang-tidy`): the checks a .clang-tidy turns on, and how the project runs them: a CMake option
that sets CMAKE_CXX_CLANG_TIDY (spdlog's SPDLOG_TIDY), else by hand over a compilation database."""

from __future__ import annotations

import re

from picasso_tui.profile.findings import Knowledge, human_list, plural
from picasso_tui.profile.walk import Tree


def describe(tree: Tree, k: Knowledge) -> None:
    if not tree.has(".clang-tidy"):
        return
    # read as lines, not as YAML: a `# comment` inside the value (Catch2's `,# This is ridiculous, …`) then ends
    # at its line, and a quoted, a block (`>-`, `|`) or a one-line value read alike
    block = re.search(r"^Checks:(.*(?:\n(?![A-Za-z]\w*:).*)*)", tree.read(".clang-tidy") or "", re.MULTILINE)
    lines = [line.split("#", 1)[0] for line in (block.group(1) if block else "").splitlines()]
    words = [w.strip(" '\">|") for line in lines for w in line.split(",")]
    checks = [w for w in words if re.fullmatch(r"-?[\w.*-]*[*\w]", w) and ("-" in w.lstrip("-") or "*" in w)]
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
    else:  # no recipe of ours: clang-tidy needs the project's compile flags, so only a way it gives is said
        # jsoncons' clang-tidy.yml.bak is a workflow put away: GitHub runs only .yml and .yaml files
        workflows = [f for f in tree.files if f.startswith(".github/workflows/") and f.endswith((".yml", ".yaml"))]
        places = workflows + [f for f in tree.files if re.search(r"(?i)contributing", f)]
        # verilator's clang-tidy target is in Makefile.in, which configure turns into the Makefile
        makefiles = ("Makefile", "Makefile.in", "Makefile.am", "GNUmakefile")
        places += [f for f in tree.files if f.endswith(".cmake") or f.rsplit("/", 1)[-1] in makefiles]
        runs = [f for f in places if re.search(r"clang-tidy\b(?! *\))", tree.read(f) or "")]
        run = f"{human_list(runs, 2)} run{'s' if len(runs) == 1 else ''} it" if runs else ""
    if not run:  # projectM's and dragonfly's .clang-tidy: an editor's setting, which no build, CI or guide runs
        said = said.replace("clang-tidy checks the code with .clang-tidy", ".clang-tidy configures clang-tidy", 1)
        said += "; no build file, CI workflow or guide runs it"
    k.fact("cpp/clang-tidy", "clang-tidy", f"{said}: {run}." if run else f"{said}.", ".clang-tidy")
