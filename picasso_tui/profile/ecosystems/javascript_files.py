"""What the files say about a JavaScript project: whether it has code of its own (or only tooling beside another
language's project), and whether it is JavaScript, TypeScript or both."""

from __future__ import annotations

import json
import re

from picasso_tui.profile.languages import TOOL_CONFIG
from picasso_tui.profile.walk import Tree

JS_SOURCE = (".js", ".mjs", ".cjs", ".jsx", ".ts", ".mts", ".cts", ".tsx", ".vue", ".svelte")


def has_own_source(tree: Tree) -> bool:
    """Whether the project has JavaScript or TypeScript of its own: outside docs, examples, tests, scripts and
    tool configuration (a Ruby gem's package.json that serves Docsify, a Node test server, eslint.config.js)."""
    for rel in tree.own:
        parts = rel.split("/")
        if not rel.endswith(JS_SOURCE) or TOOL_CONFIG.search(rel):
            continue
        if any(p in ("test", "tests", "spec", "__tests__", "scripts", "script", "tools", "bin") for p in parts[:-1]):
            continue
        return True
    return False


def flavour(tree: Tree) -> str:
    """TypeScript when the project has a tsconfig or .ts sources, else JavaScript (koa is plain CommonJS)."""
    ts = tree.has("tsconfig.json") or any(
        f.endswith((".ts", ".tsx", ".mts")) and not f.endswith(".d.ts") for f in tree.own
    )
    js = any(f.endswith((".js", ".mjs", ".cjs", ".jsx")) for f in tree.own)
    return "JavaScript and TypeScript" if ts and js else "TypeScript" if ts else "JavaScript"


def test_script_files(tree: Tree) -> tuple[str, list[str]]:
    """The glob the package.json test script runs (yargs' `./test/*.mjs`) and the files it matches: the suite,
    however its files are named; ("", []) when the script names no glob."""
    try:
        script = str((json.loads(tree.read("package.json") or "{}").get("scripts") or {}).get("test") or "")
    except (ValueError, AttributeError):
        return "", []
    for glob in re.findall(r"(?<![\w-])['\"]?((?:\./)?[\w./-]*\*[\w.*/{},-]*)", script):
        path = glob.removeprefix("./")
        folder = path.split("*", 1)[0].rstrip("/")
        if not folder or "{" in path:
            continue
        pattern = re.compile(re.escape(path).replace(r"\*\*/", "(?:.*/)?").replace(r"\*", "[^/]*") + "$")
        files = [f for f in tree.under(folder) if pattern.match(f)]
        if files:
            return path, files
    return "", []
