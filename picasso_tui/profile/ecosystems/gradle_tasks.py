"""Format and lint tasks a Gradle build registers itself: ktfmt formats its own code with `ktfmtCheck` and
`ktfmtFormat`, JavaExec tasks of its root build script, where another build applies Spotless."""

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


def gradle_tasks(tree: Tree, k: Knowledge, priority: int) -> None:
    """The root script's own format and lint tasks, named by what they do or by the group `./gradlew tasks` lists
    them under ("formatting", "verification")."""
    rel = tree.first("build.gradle.kts", "build.gradle")
    text = tree.read(rel) or "" if rel else ""
    for match in _REGISTERED.finditer(text):
        name = next(g for g in match.groups() if g)
        block = text[match.end() : match.end() + _TAIL].split("tasks.register", 1)[0]
        group = (m.group(1).lower() if (m := _GROUP.search(block)) else "").lower()
        if _LINT_NAME.match(name) and group in ("", "verification", "formatting", "lint", "style"):
            k.command("lint", f"./gradlew {name}", f"{rel} (task `{name}`)", priority)
        elif _FORMAT_NAME.match(name) and group in ("", "formatting", "format", "style"):
            k.command("format", f"./gradlew {name}", f"{rel} (task `{name}`)", priority)
