"""The Java level a JVM build states: the release it compiles for, and the API an animal-sniffer signature holds
the code to (a build that compiles for Java 11 may still keep its main code to the Java 8 API)."""

from __future__ import annotations

import re

from picasso_tui.profile.walk import Tree

RELEASE = (
    r"<maven\.compiler\.release>\s*([\d.]+)",
    r"<maven\.compiler\.source>\s*([\d.]+)",
    r"<release>\s*([\d.]+)\s*</release>",
    # depgraph-maven-plugin's compiler plugin, configured once in <pluginManagement>: `<source>1.8</source>`
    r"(?s)<artifactId>maven-compiler-plugin</artifactId>(?:(?!</plugin>).)*?<source>\s*([\d.]+)\s*</source>",
    r"options\.release(?:\.set\(\s*|\s*=\s*)(\d+)",
    r"compilerArgs\b[^\n]*['\"]--release['\"]\s*,\s*['\"](\d+)",  # bitcoinj's `compilerArgs.addAll(['--release', '8'])`
    r"(?:sourceCompatibility|targetCompatibility|jvmTarget)\s*=\s*JavaVersion\.VERSION_(\d+(?:_\d+)?)",
    # JSqlParser's `sourceCompatibility = '11'` beside a JDK 17 toolchain: the toolchain builds, 11 is the level
    r"(?:sourceCompatibility|targetCompatibility)\s*=\s*(?:JavaVersion\.toVersion\(\s*)?['\"]?(\d+(?:\.\d+)?)\b",
    r"javaReleaseVersion\s*=\s*(\d+)",
    r"JavaLanguageVersion\.of\(\s*(\d+)",
)
SIGNATURE_GROUPS = r"org\.codehaus\.mojo\.signature|net\.sf\.androidscents\.signature|com\.toasttab\.android"
"""The animal-sniffer signatures of the Java SE APIs (java16 …), of Android's (android-api-level-21) and the
gummy-bears ones of Android with its desugared library (gummy-bears-api-21)."""
_SIGNATURE_BLOCK = re.compile(r"<signature>((?:(?!</signature>).)*)</signature>", re.DOTALL)
_COORDINATES = re.compile(rf"({SIGNATURE_GROUPS}):([\w.-]+)")


def without_profiles(pom: str) -> str:
    """A pom without its <profiles>: a profile's settings hold only when it is activated (system-rules sets
    source 1.6 in a profile for JDK 9+, which cannot target the default build's 1.5)."""
    return re.sub(r"<profiles>.*?</profiles>", "", pom, flags=re.DOTALL)


def without_plugin_management(pom: str) -> str:
    """A pom without its <pluginManagement>, which only configures plugins for the modules that name them: what is
    left is what the build applies."""
    return re.sub(r"<pluginManagement>.*?</pluginManagement>", "", pom, flags=re.DOTALL)


_OTHER_TOOL = re.compile(r"\b(?:javadocToolFor|launcherFor)\s*(?:\(\s*)?\{")
"""A Gradle toolchain for a task that does not compile (junit-pioneer's `javadocToolFor { … of(24) }` for its
release javadoc): its version is not the level the code is compiled for."""
_VERSION_VARIABLE = re.compile(r"\b(?:val|var|def)\s+(\w+)\s*(?::\s*\w+\s*)?=\s*(JavaVersion\.VERSION_\w+)")


def _without_other_toolchains(text: str) -> str:
    """The build without the braced blocks that pick a toolchain for javadoc or for running a program."""
    while m := _OTHER_TOOL.search(text):
        depth, end = 1, m.end()
        while end < len(text) and depth:
            depth += {"{": 1, "}": -1}.get(text[end], 0)
            end += 1
        text = text[: m.start()] + text[end:]
    return text


def _with_version_variables(text: str) -> str:
    """`sourceCompatibility = targetJavaVersion` with the variable's `JavaVersion.VERSION_17` put in its place."""
    for name, value in _VERSION_VARIABLE.findall(text):
        text = re.sub(rf"((?:sourceCompatibility|targetCompatibility)\s*=\s*){name}\b", rf"\g<1>{value}", text)
    # JDA's `options.release = libraryJavaVersion.asInt()`, its `val libraryJavaVersion = JavaLanguageVersion.of(8)`
    # beside the examples' of(25): the release the compiler is told wins over the first version the file names
    for name, number in re.findall(r"\b(?:val|var|def)\s+(\w+)\s*=\s*JavaLanguageVersion\.of\(\s*(\d+)\s*\)", text):
        text = re.sub(rf"(options\.release(?:\.set\(\s*|\s*=\s*)){name}\b(?:\.asInt\(\))?", rf"\g<1>{number}", text)
    return text


def compiled_for(build_text: str) -> str | None:
    """The Java release the default build compiles for (Maven's 1.8 is Java 8), None when no setting outside the
    profiles states it: a compiler plugin's own default is not a level the project chose."""
    text = _with_version_variables(_without_other_toolchains(without_profiles(build_text)))
    # netty-socketio compiles module-info.java alone for release 11 in an <execution>, the code for 8 in the
    # plugin's own configuration: the plugin's setting is the code's level
    plugin_wide = re.sub(r"<executions>.*?</executions>", "", text, flags=re.DOTALL)
    found = (m.group(1) for t in (plugin_wide, text) for pattern in RELEASE if (m := re.search(pattern, t)))
    release = next(found, None)
    if not release:
        return None
    return re.sub(r"^1[._](\d+)$", r"\1", release).replace("_", ".")


def _api_name(artifact: str) -> str | None:
    if m := re.fullmatch(r"java1(\d)", artifact):
        return f"the Java {m.group(1)} API"
    if m := re.fullmatch(r"(?:android-api-level|gummy-bears-api)-(\d+)", artifact):
        return f"Android API level {m.group(1)}"
    return None


def _signatures(build_text: str) -> list[str]:
    """The signature artifacts a build names: Maven's <signature> blocks and Gradle's `group:artifact` strings
    (ru.vyarus.animalsniffer's `signature 'org.codehaus.mojo.signature:java16:1.0@signature'`), comments aside."""
    text = re.sub(r"<!--.*?-->|^\s*//[^\n]*", "", without_profiles(build_text), flags=re.DOTALL | re.MULTILINE)
    found = []
    for block in _SIGNATURE_BLOCK.findall(text):
        group = re.search(r"<groupId>\s*([\w.-]+)\s*</groupId>", block)
        artifact = re.search(r"<artifactId>\s*([\w.-]+)\s*</artifactId>", block)
        if group and artifact and re.fullmatch(SIGNATURE_GROUPS, group.group(1)):
            found.append(artifact.group(1))
    found += [artifact for _, artifact in _COORDINATES.findall(text)]
    return list(dict.fromkeys(a for a in found if _api_name(a)))


def _checks_signatures(tree: Tree, build_text: str) -> bool:
    """animal-sniffer runs: a build applies it (not only a <pluginManagement> entry no module uses, as slf4j's
    parent keeps), or CI runs its goal (gson checks Android compatibility from a workflow)."""
    applied = without_plugin_management(without_profiles(build_text))
    if re.search(r"\banimalsniffer\b", applied):
        return True
    if "animal-sniffer-maven-plugin" in applied and _bound_to_check(tree, build_text):
        return True
    workflows = [f for f in tree.under(".github/workflows") if f.endswith((".yml", ".yaml"))]
    return any("animal-sniffer:check" in (tree.read(f) or "") for f in workflows)


def _bound_to_check(tree: Tree, build_text: str) -> bool:
    """Some POM binds the Maven plugin's `check` goal: a <plugin> block with no <execution> runs nothing (JsonUnit
    names a java18 signature that no build ever checks)."""
    poms = [build_text, *(tree.read(f) or "" for f in tree.named("pom.xml")[:40])]
    blocks = (
        block
        for text in poms
        for block in re.findall(r"<plugin>(?:(?!</plugin>).)*?animal-sniffer-maven-plugin.*?</plugin>", text, re.DOTALL)
    )
    return any(re.search(r"<goal>\s*check\s*</goal>", block) for block in blocks)


def api_kept_to(tree: Tree, build_text: str) -> str | None:
    """The APIs an animal-sniffer check holds the code to, as a clause of the packaging fact ("must keep to the
    Java 5 API (animal-sniffer, java15 signature)"), None without a signature the build checks."""
    artifacts = _signatures(build_text)
    if not artifacts or not _checks_signatures(tree, build_text):
        return None
    apis = list(dict.fromkeys(name for a in artifacts if (name := _api_name(a))))
    plural = "signatures" if len(artifacts) > 1 else "signature"
    return f"must keep to {_and(apis)} (animal-sniffer, {_and(artifacts)} {plural})"


def _and(items: list[str]) -> str:
    return items[0] if len(items) == 1 else f"{', '.join(items[:-1])} and {items[-1]}"
