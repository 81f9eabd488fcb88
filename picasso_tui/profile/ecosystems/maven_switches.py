"""Maven plugins the root pom.xml switches off, in its properties or in their own configuration.

gephi's surefire has `<skipTests>true</skipTests>` and its checkstyle `<skip>true</skip>`, both turned back on by the
`enableTests` and `enableCheckStyle` profiles CI names: a literal in a plugin's configuration beats a `-D` property,
so `mvn test` runs no test and `mvn checkstyle:check` checks nothing unless the profile is on. netty-socketio's
`<skipTests>true</skipTests>` is a property instead, which `-DskipTests=false` overrides.
"""

from __future__ import annotations

import re

from picasso_tui.profile.walk import Tree

PLUGINS = {
    "test": ("maven-surefire-plugin", ("skipTests", "skip")),
    "lint": ("maven-checkstyle-plugin", ("skip",)),
}
"""The role, the plugin that does its work, and the configuration elements that switch that plugin off."""


def _blocks(xml: str, artifact: str) -> list[str]:
    return [b for b in re.findall(r"<plugin>(.*?)</plugin>", xml, re.S) if f"<artifactId>{artifact}</artifactId>" in b]


def _sets(block: str, flags: tuple[str, ...], value: str) -> bool:
    own = re.sub(r"<executions>.*?</executions>", "", block, flags=re.S)  # one execution's switch is not the plugin's
    return any(re.search(rf"<{flag}>\s*{value}\s*</{flag}>", own) for flag in flags)


def enabling_profile(tree: Tree, role: str) -> str | None:
    """The profile that switches back on the plugin the root pom.xml switches off for `role`, or None."""
    if role not in PLUGINS or not tree.has("pom.xml"):
        return None
    plugin, flags = PLUGINS[role]
    pom = re.sub(r"<!--.*?-->", "", tree.read("pom.xml") or "", flags=re.S)
    outside = re.sub(r"<profiles>.*?</profiles>", "", pom, flags=re.S)
    if not any(_sets(block, flags, "true") for block in _blocks(outside, plugin)):
        return None
    for profile in re.findall(r"<profile>(.*?)</profile>", pom, re.S):
        named = re.search(r"<id>\s*([\w.-]+)\s*</id>", re.sub(r"<build>.*?</build>", "", profile, flags=re.S))
        if named and any(_sets(block, flags, "false") for block in _blocks(profile, plugin)):
            return named.group(1)
    return None


def _poms(tree: Tree) -> list[str]:
    """The root pom.xml and those of the modules it lists."""
    root = re.sub(r"<!--.*?-->", "", tree.read("pom.xml") or "", flags=re.S)
    modules = [f"{m.strip().rstrip('/')}/pom.xml" for m in re.findall(r"<module>([^<]+)</module>", root)]
    return ["pom.xml", *[m for m in modules if tree.has(m)]]


def skipped_by_property(tree: Tree) -> bool:
    """The root pom.xml, or a module's, turns the tests off by default (`<skipTests>true</skipTests>` in its
    properties, outside comments and profiles; Towny's Towny/pom.xml): a Maven test run needs `-DskipTests=false`."""
    for rel in _poms(tree):
        pom = re.sub(r"<!--.*?-->|<profiles>.*?</profiles>", "", tree.read(rel) or "", flags=re.S)
        properties = "".join(re.findall(r"<properties>(.*?)</properties>", pom, flags=re.S))
        if re.search(r"<skipTests>\s*true\s*</skipTests>", properties):
            return True
    return False


def testing_profile(tree: Tree) -> str | None:
    """The profile whose properties set skipTests back to false (Towny's `test`, the one its CI names), or None."""
    for rel in _poms(tree):
        pom = re.sub(r"<!--.*?-->", "", tree.read(rel) or "", flags=re.S)
        for profile in re.findall(r"<profile>(.*?)</profile>", pom, re.S):
            named = re.search(r"<id>\s*([\w.-]+)\s*</id>", profile)
            properties = "".join(re.findall(r"<properties>(.*?)</properties>", profile, flags=re.S))
            if named and re.search(r"<skipTests>\s*false\s*</skipTests>", properties):
                return named.group(1)
    return None


def with_profile(command: str, profile: str) -> str:
    """`command` with `profile` switched on, beside any profile it names already."""
    if re.search(rf"(-P\s*|--activate-profiles[ =])[\w.,-]*\b{re.escape(profile)}\b", command):
        return command
    named = re.search(r"(-P\s*|--activate-profiles[ =])([\w.,-]+)", command)
    if named:
        return command[: named.end()] + f",{profile}" + command[named.end() :]
    return f"{command} -P {profile}"
