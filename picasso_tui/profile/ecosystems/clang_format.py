"""clang-format: the style a .clang-format describes, and how the project applies it. To whole files where something
runs it (CI, a script, pre-commit, the guide); only to the lines a change touches (`git clang-format`) where the guide
says so or nothing runs it at all: the tree may never have been formatted with it, whole files would be rewritten."""

from __future__ import annotations

import re

from picasso_tui.profile.walk import Tree, is_auxiliary

SETTINGS = ("BasedOnStyle", "IndentWidth", "UseTab", "ColumnLimit")
"""The settings a contributor notices by eye: the base style, the indent, tabs, the line length."""
DOC_STEMS = re.compile(
    r"(contributing|development|developing|developers?|hacking|agents|claude|(coding|code)[-_]?style|style(guide)?)",
    re.I,
)
CHANGED_ONLY = re.compile(
    r"git[ -]clang-format|clang-format-diff|\bonly\b[^.]{0,80}\b(new|newly|changed|modified)\b"
    r"|\b(changed|modified) (lines|code)\b[^.]{0,40}\bonly\b",
    re.IGNORECASE,
)
"""Prose or a tool that applies clang-format to a change's lines only (Catch2: "only use clang-format on the newly
changed code")."""
LINES_TOOL = re.compile(r"git[ -]clang-format|clang-format-diff(?:[\w.-]*)")


def settings(tree: Tree) -> list[str]:
    """`BasedOnStyle LLVM`, `IndentWidth 4` …: each setting's first value (a file may hold one document per
    language), quotes dropped (Catch2's `IndentWidth: "4"`)."""
    text = (tree.read(".clang-format") or "").lstrip("\ufeff")
    found: dict[str, str] = {}
    for key, value in re.findall(rf"^({'|'.join(SETTINGS)}):\s*['\"]?([\w+.-]+)['\"]?", text, re.MULTILINE):
        found.setdefault(key, value)
    return [f"{key} {found[key]}" for key in SETTINGS if key in found]


def _docs(tree: Tree) -> list[str]:
    """Contributor and style guides (CONTRIBUTING.md, docs/contributing.md, json-c's STYLE.txt) at the root, in
    .github/ or in docs/."""
    out = []
    for rel in tree.files:
        folder, _, name = rel.rpartition("/")
        prose = "." not in name or name.lower().endswith((".md", ".rst", ".txt", ".adoc", ".markdown"))
        if folder in ("", ".github", "docs", "doc") and prose and DOC_STEMS.fullmatch(name.split(".", 1)[0]):
            out.append(rel)
    return sorted(out)[:10]


def _runners(tree: Tree) -> list[str]:
    """The files where a step of the project could run clang-format: CI, scripts, the build, pre-commit."""
    return [
        *tree.under(".github/workflows"), *tree.under("scripts"), *tree.under("tools"),
        *tree.named("CMakeLists.txt")[:20], *[f for f in tree.files if f.endswith(".cmake")][:20],
        *[f for f in ("Makefile", ".pre-commit-config.yaml") if tree.has(f)],
        *[f for f in tree.files if "/" not in f and f.endswith(".sh")][:10],  # libevent's ./checkpatch.sh
        *[f for f in tree.files if "/" not in f and f.endswith((".bat", ".cmd", ".ps1"))][:10],  # civetweb's format.bat
        *[f for f in tree.files if "/" not in f and "." not in f and (tree.read(f) or "").startswith("#!")][:10],
    ][:140]  # fmt: skip  # qpdf's ./format-code


FORMAT_TARGET = re.compile(
    r"add_custom_target\s*\(\s*((?:clang[-_]?)?format(?:[-_]code|[-_]all|[-_]sources)?|fmt)\s([^)]*)", re.IGNORECASE
)
"""A CMake target that formats (fontforge's `format` over the files .clang-files lists)."""
RUN_WORD = re.compile(r"(?<![\w.-])clang-format(?:-\d+)?(?:\.exe)?(?=\s+[-\w$%{\"'.])")
"""clang-format run as a command, with options or files after it (sorbet's `bazel-bin/tools/clang-format -style=file`):
not a CI job named `clang-format:`."""


def format_target(tree: Tree) -> tuple[str, str, bool] | None:
    """The CMake target that runs clang-format (osquery's `format`, in cmake/utilities.cmake): its name, its file,
    and whether it formats only a change's lines (git-clang-format); None where no target does."""
    files = [f for f in tree.named("CMakeLists.txt") if not is_auxiliary(f)][:30]
    files += [f for f in tree.files if f.endswith(".cmake") and not is_auxiliary(f)][:30]
    for rel in files:
        for target in FORMAT_TARGET.finditer(tree.read(rel) or ""):
            body = target.group(2)
            if "clang-format" in body or "CLANG_FORMAT" in body.upper():
                return target.group(1), rel, bool(LINES_TOOL.search(body))
    return None


def _runs(text: str) -> bool:
    """Whether a runner's text runs clang-format on whole files: a command line, comments and the change-only tools
    aside (osquery's workflow only says "the clang-format binary we ship" in a comment)."""
    lines = [line for line in text.splitlines() if not line.lstrip().startswith("#")]
    return bool(RUN_WORD.search(LINES_TOOL.sub("", "\n".join(lines))))


def use(tree: Tree) -> tuple[str, str]:
    """How the project applies its .clang-format, and the file that says so: ("whole", file) where something runs it
    on files, ("changed", file) where only a change's lines are formatted, ("", "") where nothing runs it."""
    if not tree.has(".clang-format"):
        return "", ""
    for rel in _docs(tree):
        paragraphs = re.split(r"\n\s*\n", tree.read(rel) or "")
        if any("clang-format" in p and CHANGED_ONLY.search(p) for p in paragraphs):
            return "changed", rel
    if target := format_target(tree):
        return ("changed" if target[2] else "whole"), target[1]
    whole = changed = ""
    runners = _runners(tree)
    for rel in [*runners, *_docs(tree)]:
        text = tree.read(rel) or ""
        if _runs(text) if rel in runners else "clang-format" in LINES_TOOL.sub("", text):
            whole = whole or rel
        elif LINES_TOOL.search(text):
            changed = changed or rel
    return ("whole", whole) if whole else ("changed", changed) if changed else ("", "")


def hint(tree: Tree) -> str:
    """The style fact's words for clang-format; empty without a .clang-format."""
    if not tree.has(".clang-format"):
        return ""
    how, where = use(tree)
    said = ", ".join(settings(tree))
    if how == "whole":
        return "clang-format" + (f" ({said})" if said else "")
    config = f"clang-format (.clang-format{': ' + said if said else ''})"
    if how == "changed":
        return f"{config}, applied only to the lines you change (`git clang-format`), as {where} asks"
    return (
        f"{config}, which nothing in the repository runs, so the code may not follow it: apply it only to the lines "
        "you change (`git clang-format`), never to whole files"
    )
