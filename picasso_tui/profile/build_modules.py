"""The modules a Gradle or Maven build includes (settings.gradle's `include`, the root pom's `<modules>`), and the
folders it leaves out: resilience4j keeps resilience4j-spring/ and resilience4j-spring-boot2/ in the tree with their
build files, but its settings no longer include them; awaitility keeps awaitility-java8-test/ with a pom whose parent
is a version long gone, and no `<module>` names it. They are neither compiled nor tested; no layout memory counts them
as the project's code."""

from __future__ import annotations

import posixpath
import re

from picasso_tui.profile.walk import Tree

_INCLUDE = re.compile(r"^\s*include\b\s*(\([^)]*\)|(?:[^\n]*,[ \t]*\n)*[^\n]*)$", re.MULTILINE)
"""`include("a")`, `include 'a', 'b'`, an `include(` or a list ending in a comma: the lines after go on."""


_PROJECT_DIR = re.compile(
    r"""project\(\s*["']:?([\w:.-]+)["']\s*\)\.projectDir\s*=\s*(?:file\()?\s*["']\.?/?([\w./-]+?)/?["']"""
)
"""signal-cli's `project(":libsignal-cli").projectDir = file("lib")`: the project lives in a folder of another name."""


def gradle_project_dirs(tree: Tree) -> dict[str, str]:
    """Folder of each Gradle project settings.gradle moves, by its path without the leading colon."""
    settings = tree.read(tree.first("settings.gradle.kts", "settings.gradle") or "") or ""
    return {name: folder for name, folder in _PROJECT_DIR.findall(settings)}


def included_modules(tree: Tree) -> list[str]:
    """The module folders settings.gradle includes (`:a:b` is a/b, a moved project its projectDir); a name built
    from a variable is not one."""
    settings = tree.read(tree.first("settings.gradle.kts", "settings.gradle") or "") or ""
    lines = _INCLUDE.findall(settings)
    moved = gradle_project_dirs(tree)
    names = [m.strip(":") for line in lines for m in re.findall(r"[\"']([^\"']+)[\"']", line)]
    names = [n for n in names if "$" not in n]  # `include(":$path")` in a loop: the names are computed, not read
    return [moved.get(name, name.replace(":", "/")) for name in names]


def unknown_gradle_project(tree: Tree, command: str) -> bool:
    """`./gradlew :testng-asserts:test` where no folder and no line of settings.gradle names `testng-asserts`: a
    project the build no longer has (TestNG's CONTRIBUTING.md still gives it), and Gradle stops on it."""
    named = re.match(r"^(?:\./)?gradlew(?:\s+-\S+)*\s+:([\w.-]+)(?::[\w.-]+)*:\w+", command)
    settings = tree.first("settings.gradle.kts", "settings.gradle")
    if not named or not settings:
        return False
    project = named.group(1)
    if not tree.under(project) and project not in (tree.read(settings) or ""):
        return True
    # triplea includes `:game-core` with projectDir game-app/game-core: its AGENTS.md's `:game-app:game-core:test`
    # names the folders, not the project, and Gradle stops on it
    path = re.match(r"^(?:\./)?gradlew(?:\s+-\S+)*\s+:([\w.:-]+):\w+", command)
    text = tree.read(settings) or ""
    names = [m.strip(":") for line in _INCLUDE.findall(text) for m in re.findall(r"[\"']([^\"']+)[\"']", line)]
    if not path or ":" not in path.group(1) or not gradle_project_dirs(tree) or not names or "$" in "".join(names):
        return False
    parents = {":".join(n.split(":")[:i]) for n in names for i in range(1, n.count(":") + 1)}
    return path.group(1) not in {*names, *parents}


_PROJECT_NAME = re.compile(r"""project\(\s*["']:?([\w:.-]+)["']\s*\)\.name\s*=\s*["']([\w.-]+)["']""")
"""gradle-play-publisher's `project(":play:plugin").name = "play-publisher"`: the project is `:play:play-publisher`."""


def gradle_task(tree: Tree, module: str, task: str) -> str:
    """The task's path in a module folder (`:wiremock-url:wiremock-url:test`; lib/'s project `:libsignal-cli:test`),
    or the root project's own (`:test`) for the root folder."""
    names = {folder: name for name, folder in gradle_project_dirs(tree).items()}
    path = names.get(module, module.replace("/", ":"))
    settings = tree.read(tree.first("settings.gradle.kts", "settings.gradle") or "") or ""
    if renamed := dict(_PROJECT_NAME.findall(settings)).get(path):
        path = f"{path.rpartition(':')[0]}:{renamed}".lstrip(":")
    return f":{path}:{task}" if module else f":{task}"


ON_BY_DEFAULT = re.compile(
    r"<activeByDefault>\s*true\s*</activeByDefault>|<property>\s*<name>\s*!|<property>(?:(?!</property>).)*<value>\s*!",
    re.DOTALL,
)
"""A Maven profile that is on unless told otherwise: active by default, or by a property's absence or negation."""


MODULE = r"<(?:module|subproject)>\s*([^<\s]+)\s*</(?:module|subproject)>"
"""A pom's module: Maven 4's 4.1.0 model names them subprojects (pi4j's `<subproject>pi4j-core</subproject>`)."""


def maven_modules(tree: Tree) -> tuple[list[str], list[str]]:
    """The root pom's modules: those every build has, and those only a profile adds (awaitility's kotlin and
    osgi-test modules, built with `-P kotlin` / `-P osgi-tests`), each once."""
    pom = tree.read("pom.xml") or ""
    default = re.findall(MODULE, re.sub(r"<profiles>.*?</profiles>", "", pom, flags=re.S))
    # mapstruct's `distribution` profile is active unless -DskipDistribution=true: its modules are built by default
    for profile in re.findall(r"<profile>(.*?)</profile>", pom, flags=re.S):
        if ON_BY_DEFAULT.search(profile):
            default += re.findall(MODULE, profile)
    every = re.findall(MODULE, pom)
    default = _nested(tree, list(dict.fromkeys(m.strip("/") for m in default)))
    every = _nested(tree, list(dict.fromkeys(m.strip("/") for m in every)))
    return default, [m for m in every if m not in default]


def _nested(tree: Tree, modules: list[str], depth: int = 0) -> list[str]:
    """The modules with those of each aggregator among them: jacoco's root pom builds org.jacoco.build, whose
    `<module>../org.jacoco.core</module>` and thirty more are the modules that hold the code."""
    out: list[str] = []
    for module in modules:
        out.append(module)
        pom = tree.read(f"{module}/pom.xml") or "" if depth < 3 else ""
        listed = re.sub(r"<profiles>.*?</profiles>", "", pom, flags=re.S)
        inner = re.findall(MODULE, listed)
        resolved = [posixpath.normpath(f"{module}/{m.strip('/')}") for m in inner]
        out += _nested(tree, [m for m in resolved if not m.startswith("..")], depth + 1)
    return list(dict.fromkeys(out))


def unbuilt_folders(tree: Tree) -> frozenset[str]:
    """Top-level folders with a Gradle or Maven build file of their own that settings.gradle or the root pom does
    not include, when it includes modules by name (a build that computes its includes is not read, so it leaves
    nothing out)."""
    if (
        "_unbuilt_folders" not in tree.__dict__
        and tree.has("pom.xml")
        and not tree.first("settings.gradle", "settings.gradle.kts")
    ):
        default, profiled = maven_modules(tree)
        tops = {m.split("/", 1)[0] for m in [*default, *profiled]}
        found = {f.split("/", 1)[0] for f in tree.files if f.count("/") == 1 and f.endswith("/pom.xml")}
        tree.__dict__["_unbuilt_folders"] = frozenset(found - tops) if tops else frozenset()
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
        # Gradle always builds buildSrc/ (kotlin-result's convention plugins), and settings never lists it
        unlisted = found - tops - {"buildSrc"}
        # picocli's picocli-tests-java567/ has a wrapper of its own: a separate build CI runs, not a module left out
        unlisted = {
            f
            for f in unlisted
            if not any(tree.has(f"{f}/{own}") for own in ("gradlew", "settings.gradle", "settings.gradle.kts"))
        }
        tree.__dict__["_unbuilt_folders"] = frozenset(unlisted) if modules and not computed else frozenset()
    return tree.__dict__["_unbuilt_folders"]


def in_unbuilt_folder(tree: Tree, rel: str) -> bool:
    return rel.split("/", 1)[0] in unbuilt_folders(tree)
