"""Checks a Gradle build defines beyond the usual plugins: format and lint tasks it registers itself (ktfmt formats
its own code with `ktfmtCheck` and `ktfmtFormat`, JavaExec tasks of its root build script, where another build
applies Spotless), the tasks of the Kotlin linter plugins (ktlint, kotlinter, detekt), and the public-API check of a
Kotlin library."""

from __future__ import annotations

import re

from picasso_tui.profile.findings import Knowledge
from picasso_tui.profile.walk import Tree

_REGISTERED = re.compile(
    r"""tasks\.register(?:<[\w.]+>)?\(\s*["'](\w+)["']|"""  # tasks.register<JavaExec>("ktfmtCheck")
    r"""\bval\s+(\w+)\s+by\s+tasks\.registering\b|"""  # val lintKotlin by tasks.registering(…)
    r"""^\s*task\s+(\w+)\s*[({]""",  # the Groovy DSL's `task checkFormat(type: Exec) {`
    re.M,
)
_GROUP = re.compile(r"""\bgroup\s*=\s*["'](\w+)["']""")
_FORMAT_NAME = re.compile(r"(?i)^(\w*(fmt|format)(?!\w*check)\w*|\w*(style|lint)\w*(apply|fix))$")
_LINT_NAME = re.compile(r"(?i)^(\w*(fmt|format|style)\w*check|check\w*(fmt|format|style)|\w*lint\w*)$")
_TAIL = 600
"""How much of the script after a registration is the task's own block: its group and description come first."""


def version_catalog(tree: Tree) -> str:
    """The text of gradle/libs.versions.toml, where a build pins its plugins' versions and aliases, or ""."""
    return tree.read("gradle/libs.versions.toml") or ""


def gradle_tasks(tree: Tree, k: Knowledge, priority: int) -> None:
    """The root script's own format and lint tasks, named by what they do or by the group `./gradlew tasks` lists
    them under ("formatting", "verification")."""
    rel = tree.first("build.gradle.kts", "build.gradle")
    text = tree.read(rel) or "" if rel else ""
    settings = tree.read(tree.first("settings.gradle.kts", "settings.gradle") or "") or ""
    included = re.search(r"^\s*includeBuild\s*\(", settings, re.M)
    for match in _REGISTERED.finditer(text):
        name = next(g for g in match.groups() if g)
        if included and re.fullmatch(r"(test|build)All", name):
            # runelite's `testAll` and `buildAll` reach into its included builds (cache, runelite-api), which
            # `test` and `build` at the root leave out
            role = "test" if name.startswith("test") else "build"
            k.command(role, f"./gradlew {name}", f"{rel} (task `{name}`, over the included builds)", priority)
            continue
        block = text[match.end() : match.end() + _TAIL].split("tasks.register", 1)[0]
        group = m.group(1).lower() if (m := _GROUP.search(block)) else ""
        if _LINT_NAME.match(name) and group in ("", "verification", "formatting", "lint", "style"):
            k.command("lint", f"./gradlew {name}", f"{rel} (task `{name}`)", priority)
        elif _FORMAT_NAME.match(name) and group in ("", "formatting", "format", "style"):
            k.command("format", f"./gradlew {name}", f"{rel} (task `{name}`)", priority)


_BCV_PLUGIN = re.compile(r"binary-compatibility-validator|binary\.compatibility\.validator|kotlinx\.bcv")
_KOTLIN_PIN = re.compile(r"""^\s*kotlin\s*=\s*["'](\d+)\.(\d+)""", re.M)


def abi_checks(tree: Tree, k: Knowledge, priority: int) -> None:
    """A library whose public API is checked against dumps kept in api/: the Kotlin plugin's own `abiValidation`
    (xmlutil's; its tasks are named `…LegacyAbi` in Kotlin 2.2, `…KotlinAbi` since 2.3) or the older
    binary-compatibility-validator plugin's apiCheck. The build's `check` fails on an API change not dumped."""
    scripts = tree.own_named("build.gradle.kts", "build.gradle")[:40]
    texts = [tree.read(f) or "" for f in scripts]
    catalog = version_catalog(tree)
    if any(re.search(r"\babiValidation\s*\{", t) for t in texts):
        pinned = _KOTLIN_PIN.search(catalog)
        legacy = bool(pinned) and (int(pinned.group(1)), int(pinned.group(2))) < (2, 3)
        check, update = ("checkLegacyAbi", "updateLegacyAbi") if legacy else ("checkKotlinAbi", "updateKotlinAbi")
        where = next(f for f, t in zip(scripts, texts, strict=True) if re.search(r"\babiValidation\s*\{", t))
        note = f"the public API against the dumps in api/; `./gradlew {update}` writes them anew"
        k.command("lint", f"./gradlew {check}", f"{where} (Kotlin ABI validation)", priority, note)
    elif any(_BCV_PLUGIN.search(t) for t in [*texts, catalog]):
        note = "the public API against the dumps in api/; `./gradlew apiDump` writes them anew"
        k.command("lint", "./gradlew apiCheck", "binary-compatibility-validator plugin", priority, note)


GRADLE_LINTERS = (
    ("org.jlleitschuh.gradle.ktlint", "ktlintCheck", "ktlintFormat"),
    ("org.jmailen.kotlinter", "lintKotlin", "formatKotlin"),
    ("io.gitlab.arturbosch.detekt", "detekt", ""),
)
"""Gradle plugins that lint Kotlin (and the task that fixes what they find): Kermit applies ktlint's."""


LINE_COMMENT = re.compile(r"^\s*//.*$", re.M)


def gradle_linters(tree: Tree, k: Knowledge, priority: int) -> None:
    """The lint and format tasks a Kotlin linter plugin adds, when a build script or the version catalog applies it
    (by id, or by the catalog alias its id gives: `libs.plugins.ktlint`)."""
    scripts = tree.own_named("build.gradle.kts", "build.gradle")[:40]
    # ideavim's vim-engine keeps `//    id("org.jlleitschuh.gradle.ktlint")` commented out: no plugin, no task
    texts = LINE_COMMENT.sub("", "\n".join(tree.read(f) or "" for f in scripts))
    catalog = version_catalog(tree)
    for plugin, check, fix in GRADLE_LINTERS:
        aliases = re.findall(rf"""^\s*([\w-]+)\s*=\s*\{{[^}}]*id\s*=\s*["']{re.escape(plugin)}["']""", catalog, re.M)
        used = plugin in texts or any(f"libs.plugins.{a.replace('-', '.')}" in texts for a in aliases)
        if used:
            where = f"{scripts[0] if scripts else 'build.gradle.kts'} ({plugin})"
            k.command("lint", f"./gradlew {check}", where, priority)
            if fix:
                k.command("format", f"./gradlew {fix}", where, priority)


_APPLICATION = re.compile(
    r"""^\s*(application\s*$|id\s*\(?\s*["']application["']|apply\s+plugin:\s*["']application["'])""", re.M
)
"""Gradle's application plugin, which adds `run` (`plugins { application }`, `id 'application'`)."""
_CONVENTION = re.compile(r"""^\s*id\s*\(?\s*["']([\w.-]+)["']""", re.M)


def _applies_application(tree: Tree, text: str) -> bool:
    """The script applies the application plugin, itself or through a buildSrc convention plugin (qupath's root
    build applies `qupath.application-conventions`, whose script has `plugins { application }`)."""
    if _APPLICATION.search(text):
        return True
    for name in _CONVENTION.findall(text):
        for rel in (f"buildSrc/src/main/kotlin/{name}.gradle.kts", f"buildSrc/src/main/groovy/{name}.gradle"):
            if tree.has(rel) and _APPLICATION.search(tree.read(rel) or ""):
                return True
    return False


def application_run(tree: Tree, k: Knowledge, wrapper: str, priority: int) -> None:
    """`run` for the application plugin: the root build's own, or the one module's that applies it (`:app:run`)."""
    root = tree.first("build.gradle.kts", "build.gradle")
    if root and _applies_application(tree, tree.read(root) or ""):
        k.command("run", f"{wrapper} run", f"{root} (application plugin)", priority)
        return
    scripts = [f for f in tree.own_named("build.gradle.kts", "build.gradle") if f.count("/") == 1]
    apps = [f for f in scripts if _applies_application(tree, tree.read(f) or "")]
    if len(apps) == 1:
        module = apps[0].split("/", 1)[0]
        k.command("run", f"{wrapper} :{module}:run", f"{apps[0]} (application plugin)", priority)
    elif not apps:
        android_run(tree, k, wrapper, priority)


_ANDROID_APP = re.compile(
    r"""^\s*(id\s*\(?\s*["']com\.android\.application["']|alias\s*\(\s*libs\.plugins\.android\.application\s*\)|"""
    r"""apply\s+plugin:\s*["']com\.android\.application["'])(?![^\n]*\bapply\s*\(?\s*false)""",
    re.M,
)
"""An Android app module's plugin (`id("com.android.application")`, the catalog's `alias(libs.plugins.android.
application)`), not the root's `… apply false` that only declares it for the modules."""


def android_run(tree: Tree, k: Knowledge, wrapper: str, priority: int) -> None:
    """An Android app runs on a device or emulator: `installDebug` installs its debug build there (RedReader's README).
    Only for one app module with no product flavours, whose install tasks are named per flavour."""
    scripts = [f for f in tree.own_named("build.gradle.kts", "build.gradle") if f.count("/") <= 1]
    apps = [f for f in scripts if _ANDROID_APP.search(tree.read(f) or "")]
    if len(apps) != 1 or "productFlavors" in (tree.read(apps[0]) or ""):
        return
    task = "installDebug" if "/" not in apps[0] else f":{apps[0].split('/', 1)[0]}:installDebug"
    k.command("run", f"{wrapper} {task}", f"{apps[0]} (Android application)", priority,
              "installs the debug build on a connected device or emulator")  # fmt: skip
