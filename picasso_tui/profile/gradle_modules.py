"""The modules a Gradle build includes (settings.gradle's `include`), and the folders it leaves out: resilience4j
keeps resilience4j-spring/ and resilience4j-spring-boot2/ in the tree with their build files, but its settings no
longer include them, so they are neither compiled nor tested; no layout memory counts them as the project's code."""

from __future__ import annotations

import re

from picasso_tui.profile.walk import Tree

_INCLUDE = re.compile(r"^\s*include\b\s*(\([^)]*\)|(?:[^\n]*,[ \t]*\n)*[^\n]*)$", re.MULTILINE)
"""`include("a")`, `include 'a', 'b'`, an `include(` or a list ending in a comma: the lines after go on."""


def included_modules(tree: Tree) -> list[str]:
    """The module folders settings.gradle includes (`:a:b` is a/b)."""
    settings = tree.read(tree.first("settings.gradle.kts", "settings.gradle") or "") or ""
    lines = _INCLUDE.findall(settings)
    return [m.strip(":").replace(":", "/") for line in lines for m in re.findall(r"[\"']([^\"']+)[\"']", line)]


def unbuilt_folders(tree: Tree) -> frozenset[str]:
    """Top-level folders with a Gradle build file of their own that settings.gradle does not include, when it
    includes modules by name (a build that computes its includes is not read, so it leaves nothing out)."""
    if "_unbuilt_folders" not in tree.__dict__:
        settings = tree.read(tree.first("settings.gradle.kts", "settings.gradle") or "") or ""
        modules = included_modules(tree)
        computed = re.search(r"\b(includeBuild|listFiles|eachDir|forEach|\.each\b|file\(\s*['\"]\.)", settings)
        tops = {m.split("/", 1)[0] for m in modules}
        found = {
            f.split("/", 1)[0]
            for f in tree.files
            if f.count("/") == 1 and f.endswith(("/build.gradle", "/build.gradle.kts"))
        }
        tree.__dict__["_unbuilt_folders"] = frozenset(found - tops) if modules and not computed else frozenset()
    return tree.__dict__["_unbuilt_folders"]


def in_unbuilt_folder(tree: Tree, rel: str) -> bool:
    return rel.split("/", 1)[0] in unbuilt_folders(tree)
