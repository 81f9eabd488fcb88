"""Which Maven runs the build: the checkout's wrapper, unless it pins a Maven so old that CI passes it by.

jinjava's .mvn/wrapper pins Maven 3.6.2, from 2019; its parent pom (basepom 68) requires 3.9, so `./mvnw` stops
before compiling, and its CI runs the machine's `mvn`. A wrapper CI uses, or one of a recent Maven, is the build.
"""

from __future__ import annotations

import re

from picasso_tui.profile.walk import Tree

OLDEST_TRUSTED = (3, 8)
"""Maven 3.8 (2021): a wrapper pinning an older Maven, which CI never runs, is left behind."""


def maven_command(tree: Tree) -> str:
    if not tree.has("mvnw"):
        return "mvn"
    properties = ".mvn/wrapper/maven-wrapper.properties"
    if not tree.has(properties) and "maven-wrapper.properties" in (tree.read("mvnw") or ""):
        return "mvn"  # cucumber-jvm removed .mvn/wrapper and kept mvnw: it stops on the properties file it reads
    pinned = re.search(r"apache-maven-(\d+)\.(\d+)", tree.read(".mvn/wrapper/maven-wrapper.properties") or "")
    if not pinned or (int(pinned.group(1)), int(pinned.group(2))) >= OLDEST_TRUSTED:
        return "./mvnw"
    workflows = [tree.read(f) or "" for f in tree.under(".github/workflows") if f.endswith((".yml", ".yaml"))]
    runs_maven = any(re.search(r"(^|[\s;&|])mvn\s", text) for text in workflows)
    return "mvn" if runs_maven and not any("mvnw" in text for text in workflows) else "./mvnw"
