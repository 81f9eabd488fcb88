"""sbt, the Scala build tool, which builds Java projects too (msgpack-java): its launcher, its projects, the plugins
that lint and format, and the commands a contributor runs through it."""

from __future__ import annotations

import re

from picasso_tui.profile.findings import Knowledge, human_list
from picasso_tui.profile.languages import shares
from picasso_tui.profile.walk import Tree

PRIORITY = 55
"""After a guide's and a task runner's commands, as the other manifests' defaults."""
_PROJECT = re.compile(
    r"\bProject\s*\(\s*(?:id\s*=\s*)?\"([\w.-]+)\"\s*,\s*(?:base\s*=\s*)?file\(\s*\"([^\"]+)\"\s*\)"
    r"|\blazy\s+val\s+(\w+)\s*=\s*\(?\s*project(?:\s+in\s+file\(\s*\"([^\"]+)\"\s*\))?"
)
PLUGINS = (
    ("sbt-scalafmt", "scalafmt", "format", "scalafmtAll"), ("sbt-scalafmt", "scalafmt", "lint", "scalafmtCheckAll"),
    ("sbt-jcheckstyle", "Checkstyle", "lint", "jcheckStyle"),
    ("sbt-scalafix", "Scalafix", "lint", "scalafixAll --check"),
    ("scalastyle-sbt-plugin", "Scalastyle", "lint", "scalastyle"), ("sbt-scoverage", "scoverage", "", ""),
)  # fmt: skip
"""(the plugin's artifact, its name, the role it gives, the task that does it)."""


def investigate(tree: Tree) -> Knowledge:
    k = Knowledge()
    if not tree.has("build.sbt") or tree.first("pom.xml", "build.gradle", "build.gradle.kts"):
        return k
    build = tree.read("build.sbt") or ""
    # msgpack-java's sbt-extras launcher, checked in; unitycatalog's build/sbt
    sbt = "./sbt" if tree.has("sbt") else "build/sbt" if tree.has("build/sbt") else "sbt"
    plugins = (tree.read("project/plugins.sbt") or "") if tree.has("project/plugins.sbt") else ""
    applied = re.sub(r"^\s*//[^\n]*", "", plugins, flags=re.M)
    used = [(name, role, task) for artifact, name, role, task in PLUGINS if f'"{artifact}"' in applied]
    found = [(m.group(1) or m.group(3), m.group(2) or m.group(4)) for m in _PROJECT.finditer(build)]
    folders = [folder for _, folder in found if folder not in (None, ".")]
    langs = {lang: share for lang, share, _ in shares(tree)}
    lang = "Scala" if langs.get("scala", 0) > langs.get("java", 0) else "Java"
    details = [f"build tool sbt (`{sbt}`, build.sbt)"]
    if len(folders) > 1:
        details.append(f"{len(folders)} projects: {human_list([f'{f}/' for f in folders], 8)}")
    if used:
        details.append("plugins " + human_list(list(dict.fromkeys(name for name, _, _ in used))))
    k.fact("jvm/packaging", f"{lang}: sbt", f"{lang} project: " + "; ".join(details) + ".", "build.sbt",
           *(["project/plugins.sbt"] if used else []))  # fmt: skip
    k.command("build", f"{sbt} compile", "build.sbt", PRIORITY)
    k.command("test", f"{sbt} test", "build.sbt", PRIORITY)
    k.command("test-one", f'{sbt} "testOnly *<Class>"', "build.sbt", PRIORITY, "a class name pattern")
    for _, role, task in used:
        if role:
            k.command(role, f"{sbt} {task}" if " " not in task else f'{sbt} "{task}"', "project/plugins.sbt", PRIORITY)
    if len(folders) > 1:
        first = next(name for name, folder in found if folder not in (None, "."))
        k.command("test-one", f'{sbt} "project {first}" test', "build.sbt", PRIORITY + 5, "one project's tests")
    return k
