"""Apache Ant's targets: the root build.xml and the files it imports (lombok keeps `test`, `dist` and `deps` in
buildScripts/*.ant.xml), read as the task runner a project built with Ant has instead of Maven or Gradle."""

from __future__ import annotations

import posixpath
import re

from picasso_tui.profile.walk import Tree

TARGET = re.compile(r"<target\b([^>]*)>", re.S)
IMPORT = re.compile(r"<(import|include)\b([^>]*)/?>", re.S)
DEPTH = 3
"""Imports followed: lombok's build.xml imports its buildScripts files, which import no further."""


def _attribute(tag: str, name: str) -> str:
    found = re.search(rf"\b{name}\s*=\s*[\"']([^\"']*)[\"']", tag)
    return found.group(1) if found else ""


def _targets(tree: Tree, rel: str, prefix: str, depth: int, seen: set[str]) -> list[tuple[str, bool]]:
    """(name, described) of each target of `rel` and of what it imports; an `<include as="x">` prefixes `x.`."""
    if rel in seen or depth > DEPTH or not tree.has(rel):
        return []
    seen.add(rel)
    text = re.sub(r"<!--.*?-->", "", tree.read(rel) or "", flags=re.S)
    found = []
    for tag in TARGET.findall(text):
        name = _attribute(tag, "name")
        # `-setup.build` and the like: Ant's convention for a target only other targets call (no shell passes
        # a leading dash as a target name)
        if name and not name.startswith("-"):
            found.append((prefix + name, bool(_attribute(tag, "description"))))
    folder = posixpath.dirname(rel)
    for kind, tag in IMPORT.findall(text):
        path = _attribute(tag, "file")
        if not path or "${" in path.replace("${basedir}/", ""):
            continue
        target = posixpath.normpath(posixpath.join(folder, path.replace("${basedir}/", "")))
        inner = prefix + (_attribute(tag, "as") + "." if kind == "include" and _attribute(tag, "as") else "")
        found += _targets(tree, target, inner, depth + 1, seen)
    return found


def ant_targets(tree: Tree) -> list[str]:
    """The targets `ant -projecthelp` lists as main (those with a description) when the build describes any,
    else every public one; none when a Maven or Gradle build sits beside the build.xml, which then is a
    leftover or a helper, not the build."""
    if not tree.has("build.xml") or any(tree.has(f) for f in ("pom.xml", "build.gradle", "build.gradle.kts")):
        return []
    if "<project" not in (tree.read("build.xml") or ""):
        return []
    found = _targets(tree, "build.xml", "", 0, set())
    # phive's `<project default="build">` names an undescribed `build`: what a bare `ant` runs is a main target
    project = re.search(r"<project\b([^>]*)>", tree.read("build.xml") or "")
    default = _attribute(project.group(1), "default") if project else ""
    described = [name for name, has in found if has or name == default]
    return list(dict.fromkeys(described or [name for name, _ in found]))
