"""Folders whose code is generated, not written by hand: mime's types/*.ts are built from mime-db, so its main
source is src/. Three signs count: every code file in the folder carries a "generated … do not edit" header; a
build script (package.json scripts, Makefile recipes) writes its output into the folder; or a contributor guide
says the folder's files are auto-generated."""

from __future__ import annotations

import re

from picasso_tui.profile.commands import guide_files
from picasso_tui.profile.generated import generated_by
from picasso_tui.profile.languages import language_in
from picasso_tui.profile.walk import Tree

_SAYS_GENERATED = re.compile(
    r"\b(auto-?generated|automatically generated|(are|is|get|gets) generated|generated (from|by|with))\b",
    re.IGNORECASE,
)
_DENIES = re.compile(r"\b(not|never|aren't|isn't)\s+(auto-?|automatically\s+)?generated\b", re.IGNORECASE)
_URL = re.compile(r"\w+://\S+")
_FOLDER_NAMED = re.compile(r"(?<![\w./*-])(?:\./)?([\w.-]+(?:/[\w.-]+)*)/(?:\*[\w.*]*)?(?![\w/])")
"""A folder as a guide names it: `types/`, `types/*`, `src/gen/*.ts`."""
_GENERATED_FILE = re.compile(
    r"\b(auto-?generated|automatically generated|generated)\s+`?(\./)?[\w.-]+(\.\w+)?`?\s+"
    r"(script|file|program|header)\b",
    re.IGNORECASE,
)
"""A sentence that calls one file generated ("auto-generated `./runtests` script"), not the folder it names."""
_ITEM_BREAK = re.compile(r"\n\s*\n|\n(?=\s*(?:[-*+]|\d+[.)])\s)")
_OUT_FLAG = re.compile(
    r"(?:^|\s)(?:-o|--out|--output|--outDir|--outdir|--out-dir|--outfile|--out-file|--output-dir)(?:=|\s+)"
    r"['\"]?([\w./-]+)(?=['\"]?(?:\s|[;&|)]|$))"
)
_REDIRECT = re.compile(r"(?<![\d&>])>\s*['\"]?([\w./-]+)(?=['\"]?(?:\s|[;&|)]|$))")
"""Whole paths only: jsmn's `-o test/$@` writes one program into test/, not the folder."""


def generated_folders(tree: Tree) -> frozenset[str]:
    """The folders (no trailing slash) whose code is generated. Computed once per tree."""
    if "_generated_folders" not in tree.__dict__:
        code = _code_folders(tree)
        found = _marked(tree, code) | _written_by_scripts(tree, code) | _named_in_guides(tree, code)
        found |= _amalgamated(code)
        tree.__dict__["_generated_folders"] = frozenset(found)
    return tree.__dict__["_generated_folders"]


def in_generated_folder(tree: Tree, rel: str) -> bool:
    folders = generated_folders(tree)
    return any(rel.startswith(f + "/") for f in folders)


def _code_folders(tree: Tree) -> dict[str, list[str]]:
    """Each folder holding code, with the code files directly in it."""
    found: dict[str, list[str]] = {}
    for rel in tree.own:
        if "/" in rel and language_in(tree, rel):
            found.setdefault(rel.rsplit("/", 1)[0], []).append(rel)
    return found


AMALGAMATED = re.compile(r"(^|/)(single[-_]?include|single[-_]?header|amalgamat(ed|ion))(/|$)")
"""entt's single_include/entt/entt.hpp: every header pasted into one by a script, beside the real src/."""


def _amalgamated(code: dict[str, list[str]]) -> set[str]:
    """Folders named for a single-header amalgamation, where other folders hold code too."""
    marked = {f for f in code if AMALGAMATED.search(f)}
    return marked if marked and any(not AMALGAMATED.search(f) for f in code) else set()


def _holds_code(folder: str, code: dict[str, list[str]]) -> bool:
    return bool(folder) and any(f == folder or f.startswith(folder + "/") for f in code)


def _marked(tree: Tree, code: dict[str, list[str]]) -> set[str]:
    """Folders of two or more code files that all carry a generated header; one hand-written file stops the read."""
    return {
        folder
        for folder, files in code.items()
        if len(files) >= 2 and all(generated_by(tree, f) is not None for f in files)
    }


def _written_by_scripts(tree: Tree, code: dict[str, list[str]]) -> set[str]:
    """Folders a build command writes into (`tsc --outDir lib`, `node build.js -o types`): only an output that is the
    folder itself counts; a single generated file (`-o src/parser.js`) leaves its hand-written neighbours be."""
    commands: list[str] = []
    scripts = tree.read_json("package.json").get("scripts") or {}
    commands += [v for v in scripts.values() if isinstance(v, str)] if isinstance(scripts, dict) else []
    if make := tree.first("Makefile", "makefile", "GNUmakefile"):
        commands += [line for line in (tree.read(make) or "").splitlines() if line.startswith("\t")]
    found = set()
    for command in commands:
        for m in (*_OUT_FLAG.finditer(command), *_REDIRECT.finditer(command)):
            out = m.group(1).removeprefix("./").rstrip("/")
            if _holds_code(out, code):
                found.add(out)
    return found


def _named_in_guides(tree: Tree, code: dict[str, list[str]]) -> set[str]:
    """Folders a contributor guide says are auto-generated ("If you're editing the `types/*` files, just stop.
    These are auto-generated from mime-db"): a paragraph or list item that says so and names one folder only, so
    "generated from src/ into lib/" marks neither."""
    found = set()
    for guide in guide_files(tree):
        for item in _ITEM_BREAK.split(_URL.sub(" ", tree.read(guide) or "")):
            if not _SAYS_GENERATED.search(item) or _DENIES.search(item):
                continue
            named = {m.group(1) for m in _FOLDER_NAMED.finditer(item)}
            if _GENERATED_FILE.search(item):
                continue  # vifm's HACKING.md: "from `src/` directory … auto-generated `./runtests` script": a file
            if len(named) == 1 and _holds_code(folder := next(iter(named)), code):
                found.add(folder)
    return found
