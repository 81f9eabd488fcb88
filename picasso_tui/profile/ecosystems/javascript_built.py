"""What a package's tests and type checks read from its build output: a folder the build writes and git ignores
(marked's lib/, esbuild's output) is absent in a fresh checkout, so a command that reads it runs after the build."""

from __future__ import annotations

import posixpath
import re

from picasso_tui.profile.ecosystems.common import load_json
from picasso_tui.profile.walk import Tree

OUTPUT_FOLDERS = ("lib", "dist", "build", "out")
_IMPORT = re.compile(r"""(?:\bfrom\s+|\bimport\s*\(\s*|\brequire\s*\(\s*)['"](\.{1,2}/[^'"]+)['"]""")
_PROJECT = re.compile(r"(?:--project|-p)[ =]([\w./-]+\.json)")


def _out_dirs(tree: Tree) -> set[str]:
    """The folders the package's scripts or tsconfig.json tell tsc to write (jsdiff's `--outDir libesm`)."""
    scripts = (load_json(tree, "package.json").get("scripts") or {}) if tree.has("package.json") else {}
    said = re.findall(r"--out-?[dD]ir[ =]\.?/?([\w-]+)", " ".join(str(v) for v in scripts.values()))
    config = (load_json(tree, "tsconfig.json").get("compilerOptions") or {}) if tree.has("tsconfig.json") else {}
    out = str(config.get("outDir") or "").removeprefix("./").split("/")[0]
    return {*said, *([out] if out else [])}


def ignored_output(tree: Tree, folder: str) -> bool:
    """The folder is a build output the root .gitignore leaves out (`lib`, `/lib/`, `dist/`, or one tsc writes)."""
    lines = {line.strip().strip("/") for line in (tree.read(".gitignore") or "").splitlines()}
    return folder in lines and (folder in OUTPUT_FOLDERS or folder in _out_dirs(tree))


SCRIPT_CALL = re.compile(r"^(?:yarn|pnpm|bun)(?: run)? ([\w:.-]+)$|^npm run ([\w:.-]+)$")
"""A step that runs another of the package's scripts (`yarn run-tsd`, `npm run build`)."""


def script_steps(scripts: dict[str, object], name: str, depth: int = 3) -> list[str]:
    """The steps a script runs, the package's own scripts it calls expanded in place (jsdiff's `check-types` is
    `yarn run-tsd && yarn run-attw`, `run-tsd` is `yarn tsd --typings libesm/ …`)."""
    out: list[str] = []
    for step in re.split(r"\s*(?:&&|;)\s*", str(scripts.get(name) or "")):
        step = re.sub(r"^(nyc|c8|cross-env(\s+\w+=\S+)+)\s+", "", step.strip())
        called = SCRIPT_CALL.match(step)
        inner = (called.group(1) or called.group(2)) if called else ""
        if inner in scripts and inner != name and depth > 0:
            out += [f"<script {inner}>", *script_steps(scripts, inner, depth - 1)]
        elif step:
            out.append(step)
    return out


def names_built_folder(tree: Tree, steps: list[str]) -> str:
    """The ignored build folder a step names as a path (jsdiff's `tsd --typings libesm/`), or ""."""
    for step in steps:
        for word in step.split()[1:]:
            top = word.strip("'\"").removeprefix("./").split("/")[0]
            if "/" in word and top and ignored_output(tree, top):
                return top
    return ""


def _ignored_bundle(tree: Tree, path: str) -> bool:
    """A root script the build writes and git ignores (chai's `/index.js`, esbuild's `--outfile=index.js`): absent
    from the checkout, listed in .gitignore."""
    lines = {line.strip().lstrip("/") for line in (tree.read(".gitignore") or "").splitlines()}
    return "/" not in path and path.endswith((".js", ".mjs", ".cjs")) and path in lines and not tree.has(path)


def imported_output(tree: Tree, test_file: str) -> str:
    """The ignored build folder or bundle a test file imports from (`import { Marked } from
    '../../lib/marked.esm.js'`, chai's `import * as chai from '../index.js'`); "" when it imports the sources only."""
    here = posixpath.dirname(test_file)
    for spec in _IMPORT.findall(tree.read(test_file) or ""):
        path = posixpath.normpath(posixpath.join(here, spec))
        top = path.split("/", 1)[0]
        if ignored_output(tree, top) or _ignored_bundle(tree, path):
            return top
    return ""


def types_from_output(tree: Tree, script: str) -> str:
    """The ignored build folder a type-check script's tsconfig maps its imports to (marked's test:types checks
    test/types against lib/marked.d.ts): it checks the built declarations, which the build writes first."""
    project = _PROJECT.search(script)
    config = load_json(tree, project.group(1).removeprefix("./")) if project and "tsc" in script else {}
    paths = (config.get("compilerOptions") or {}).get("paths") or {}
    targets = [t for values in paths.values() if isinstance(values, list) for t in values if isinstance(t, str)]
    tops = [posixpath.normpath(t).split("/", 1)[0] for t in targets]
    return next((top for top in tops if ignored_output(tree, top)), "")


_RUNS_FILE = re.compile(r"(?:^|&&\s*|;\s*)(?:node|bun|deno run|tape|mocha|ava|tsx)\s+(?:-\S+\s+)*([\w./-]+\.[cm]?js)\b")


def compiled_test(tree: Tree, script: str) -> tuple[str, str] | None:
    """(the file the script runs, the TypeScript it is compiled from) when the script runs a JavaScript file the
    checkout lacks and a `.ts` of that name is tracked (chokidar's `node index.test.js`, which `tsc` writes from
    src/index.test.ts): in a fresh clone the test fails until the build has run."""
    for ran in _RUNS_FILE.findall(script):
        ran = ran.removeprefix("./")
        if tree.has(ran):
            continue
        stem = posixpath.basename(ran).rsplit(".", 1)[0]
        source = next((f for f in tree.files if re.fullmatch(rf"(.*/)?{re.escape(stem)}\.[cm]?ts", f)), None)
        if source:
            return ran, source
    return None
