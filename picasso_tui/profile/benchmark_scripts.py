"""Benchmarks in any language, when no ecosystem's rule describes them: a Makefile's bench target, else the runnable
scripts of a bench/ or benchmark(s)/ folder (js-yaml's benchmark/benchmark.js), else a benchmark script among the
tests (nanoid's test/benchmark.js, pyparsing's tests/perf_pyparsing.py). The command comes from the file itself:
its extension and shebang; a folder with its own package.json installs its dependencies first."""

from __future__ import annotations

import os
import re

from picasso_tui.profile.findings import Knowledge, human_list
from picasso_tui.profile.walk import Tree

KEY = "benchmarks/scripts"
"""The fallback's key: it gives way to an ecosystem's `<ecosystem>/benchmarks` fact (see ``superseded``)."""
MAKE_TARGET = re.compile(r"^((?:run-)?bench(?:mark)?s?(?:-all)?)\s*:(?!=)", re.MULTILINE)
RUNNERS = {".js": "node", ".mjs": "node", ".cjs": "node", ".py": "python", ".rb": "ruby", ".php": "php"}
FOLDER = re.compile(r"^((tests?|testing|spec)/)?(bench|benches|benchmarks?|perf)/[^/]+$")
NAMED = re.compile(
    r"^((tests?|testing|spec|scripts?)/)?(bench(mark)?s?|perf|(bench|perf)_\w+|\w+_(bench|perf))\.(m?js|cjs|py|rb|php)$"
)
"""A benchmark script by its name, at the root or among the tests: test/benchmark.js, tests/perf_pyparsing.py."""
BUILDS = (
    "pom.xml",
    "build.gradle",
    "build.gradle.kts",
    "CMakeLists.txt",
    "Makefile",
    "Cargo.toml",
    "go.mod",
    "meson.build",
)
ENTRY = re.compile(r"^(index|run|main|bench(mark)?s?)\.\w+$")
READS_RESULTS = re.compile(r"(^|/)[\w-]*(plot|graph|chart|csv|report|compare)[\w-]*\.\w+$")
"""A script that draws or tabulates what another run measured (libzmq's perf/generate_graphs.py, hexapdf's
benchmark/generate_plot_data.rb read the numbers): it measures nothing."""
NOT_SCRIPT = re.compile(
    rf"(^|/)(test_\w+\.py|\w+_test\.\w+|[\w.-]+\.(test|spec|bench)\.[mc]?[jt]s)$|{READS_RESULTS.pattern}"
)
"""Files a test runner or `vitest bench` collects (their runner's command covers them), not scripts to run; and the
scripts that read results."""


def investigate(tree: Tree) -> Knowledge:
    k = Knowledge()
    target = _make_target(tree)
    if target:
        rel, name = target
        after = ", in the Makefile the autotools build generates" if rel.endswith(".am") else ""
        k.fact(KEY, "Benchmarks", f"Benchmarks run with `make {name}` ({rel} target `{name}`{after}).", rel)
        return k
    scripts = [f for f in tree.files if FOLDER.match(f) and _runnable(tree, f) and not NOT_SCRIPT.search(f)]
    scripts = [f for f in scripts if not _built(tree, f.rsplit("/", 1)[0])]
    named = [f for f in scripts if ENTRY.match(f.rsplit("/", 1)[-1])]  # benchmark.js before a helper's shebang
    entries = named + [f for f in scripts if f not in named and _declares_entry(tree, f)]
    if not entries:
        entries = [f for f in tree.files if NAMED.match(f) and not NOT_SCRIPT.search(f) and _runnable(tree, f)]
        entries = [f for f in entries if _declares_entry(tree, f) or f.rsplit("/", 1)[-1].startswith("bench")]
    if not entries:
        return k
    first = entries[0]
    folder = first.rsplit("/", 1)[0] if "/" in first else ""
    command = _command(tree, first)
    others = f" (also {human_list(entries[1:4], 3)})" if len(entries) > 1 else ""
    if folder and FOLDER.match(first):
        body = f"Benchmarks are the scripts in {folder}/: run one with `{command}`{others}."
    else:
        body = f"Benchmarks: `{command}` runs {first}{others}."
    k.fact(KEY, "Benchmarks", body, *entries[:2])
    return k


BENCH_SCRIPT = re.compile(r"^(bench(mark)?s?|perf)([:_-][\w:-]*)?$", re.IGNORECASE)
"""A package.json script named for measuring: `perf`, `perf-node`, `bench:size`."""
SCRIPT_FILE = re.compile(r"(?<![\w./-])(?:\./)?((?:[\w.-]+/)+)[\w.-]+\.[mc]?[jt]s\b")


def benchmark_folders(tree: Tree) -> set[str]:
    """Folders of measuring scripts, never the project's code: a top-level perf/ (as bench/ and benchmarks/ are), and
    a folder whose files only package.json's benchmark scripts run (buffer's `perf-node` runs node perf/*.js)."""
    folders = {"perf"} if tree.under("perf") and tree.root.name.lower() != "perf" else set()
    scripts = tree.read_json("package.json").get("scripts") or {}
    if not isinstance(scripts, dict):
        return folders
    measured, other = set(), set()
    for name, text in scripts.items():
        found = {m.rstrip("/") for m in SCRIPT_FILE.findall(str(text))}
        (measured if BENCH_SCRIPT.match(str(name)) else other).update(found)
    return folders | {f for f in measured - other if tree.under(f) and f.split("/")[0] not in ("src", "lib")}


def superseded(keys: set[str]) -> bool:
    """Whether an ecosystem already says how its benchmarks run (go/benchmarks, javascript/benchmarks …)."""
    return any(key.endswith("/benchmarks") for key in keys)


def _make_target(tree: Tree) -> tuple[str, str] | None:
    for rel in ("Makefile", "GNUmakefile", "makefile", "Makefile.am"):
        found = MAKE_TARGET.search(tree.read(rel) or "") if tree.has(rel) else None
        if found:
            return rel, found.group(1)
    return None


def _built(tree: Tree, folder: str) -> bool:
    """A folder with a build of its own (classgraph's benchmark/pom.xml, utfcpp's bench/CMakeLists.txt): its
    benchmarks are compiled, and a script beside them is a helper."""
    return any(tree.has(f"{folder}/{b}") for b in BUILDS)


def _runnable(tree: Tree, rel: str) -> bool:
    """A script a runner knows by its extension (a PHP class is PhpBench's, not a script), or a shell script named as
    the entry (run.sh; ab.sh and add-by-tag.sh want arguments) with a shebang."""
    suffix = os.path.splitext(rel)[1]
    text = tree.read(rel) or ""
    if suffix == ".php":
        return not re.search(r"^\s*((final|abstract|readonly)\s+)*class\s", text, re.MULTILINE)
    entry = ENTRY.match(rel.rsplit("/", 1)[-1]) is not None
    return suffix in RUNNERS or (suffix in (".sh", "") and entry and text.startswith("#!"))


def _declares_entry(tree: Tree, rel: str) -> bool:
    """A shebang, or Python's `if __name__ == "__main__"`: the file says it is run, not imported."""
    text = tree.read(rel) or ""
    return text.startswith("#!") or bool(re.search(r"^if __name__ == ['\"]__main__['\"]", text, re.MULTILINE))


def _command(tree: Tree, rel: str) -> str:
    """`node x.js`, `python x.py` …; from the folder, after `npm install`, when the folder is a package of its own
    (kleur's bench/package.json brings the libraries it compares with)."""
    folder = rel.rsplit("/", 1)[0] if "/" in rel else ""
    runner = RUNNERS.get(os.path.splitext(rel)[1])
    if folder and runner == "node" and tree.has(f"{folder}/package.json"):
        return f"cd {folder} && npm install && node {rel.rsplit('/', 1)[-1]}"
    if runner:
        return f"{runner} {rel}"
    return f"./{rel}" if os.access(tree.root / rel, os.X_OK) else f"sh {rel}"
