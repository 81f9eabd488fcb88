"""Android modules' unit tests: the Android Gradle plugin's `test` is an aggregate of every variant's unit-test
task and takes no `--tests` filter; one variant's `test<Flavor>DebugUnitTest` does."""

from __future__ import annotations

import posixpath
import re

from picasso_tui.profile.walk import Tree

ANDROID_PLUGIN = re.compile(r"com\.android\.(application|library)|plugins\.([\w]+\.)*android\.(application|library)\b")
"""The Android plugin, also through a convention plugin's catalog alias (mifos-mobile's
`libs.plugins.mifos.android.application`)."""
_FLAVOUR = re.compile(r"""create\(\s*["'](\w+)["']\s*\)\s*\{|^\s*(\w+)\s*\{""", re.MULTILINE)
_DEFAULT = re.compile(r"\bisDefault\s*(=\s*)?true\b")


def _block(text: str, opening: int) -> str:
    """The text inside the braces that open at or after ``opening``."""
    start = text.find("{", opening)
    depth = 0
    for i in range(start, len(text)):
        depth += {"{": 1, "}": -1}.get(text[i], 0)
        if depth == 0:
            return text[start + 1 : i]
    return text[start + 1 :]


def _flavours(build: str) -> list[tuple[str, bool]]:
    """(name, marked default) per product flavour, as declared."""
    at = re.search(r"\bproductFlavors\s*\{", build)
    if not at:
        return []
    body = _block(build, at.start())
    found: list[tuple[str, bool]] = []
    depth, i = 0, 0
    for match in _FLAVOUR.finditer(body):
        depth += body[i : match.start()].count("{") - body[i : match.start()].count("}")
        i = match.end()
        if depth == 0:
            found.append((match.group(1) or match.group(2), bool(_DEFAULT.search(_block(body, match.start())))))
        depth += 1
    return found


def unit_test_task(tree: Tree, module: str) -> str:
    """`testDebugUnitTest`, or `test<Flavour>DebugUnitTest` for the default flavour (else the first), when the
    module is an Android one; "" otherwise."""
    rel = next((f"{module}/{n}".lstrip("/") for n in ("build.gradle.kts", "build.gradle")
                if tree.has(f"{module}/{n}".lstrip("/"))), "")  # fmt: skip
    build = tree.read(rel) or "" if rel else ""
    # AntennaPod's app/build.gradle takes its flavours from `apply from: "../playFlavor.gradle"`
    for applied in re.findall(r"""apply\s*\(?\s*from\s*[:=]\s*["']([\w./-]+\.gradle(?:\.kts)?)["']""", build):
        build += "\n" + (tree.read(posixpath.normpath(posixpath.join(module, applied))) or "")
    # AppIntro applies it through a catalog alias of its own naming (`alias(libs.plugins.library)`): its
    # `android { compileSdk … }` block says the same
    if not ANDROID_PLUGIN.search(build) and not re.search(r"^android\s*\{[^}]*\bcompileSdk", build, re.M):
        return ""
    flavours = _flavours(build)
    chosen = next((n for n, default in flavours if default), flavours[0][0] if flavours else "")
    return f"test{chosen[:1].upper()}{chosen[1:]}DebugUnitTest"
