"""spin, the developer CLI of the scientific Python projects (SciPy, NumPy, scikit-image): `[tool.spin.commands]` in
pyproject.toml lists the commands a contributor runs (`spin build`, `spin test`, `spin lint`, `spin docs`), each a
function in spin's own library or in the project's .spin/cmds.py."""

from __future__ import annotations

import re
from typing import Any

from picasso_tui.profile.ecosystems.common import dig, load_toml
from picasso_tui.profile.findings import Knowledge
from picasso_tui.profile.tasks import RUNNER
from picasso_tui.profile.walk import Tree

SPIN_ROLES = {"build": "build", "test": "test", "lint": "lint", "docs": "docs", "bench": "bench", "mypy": "typecheck"}
"""The commands whose names say their role; `spin install`, `spin python` and the release notes have none here."""


def _names(commands: Any) -> list[str]:
    """The command names a `[tool.spin.commands]` table declares: the function after `:` or the last dot, with
    underscores as dashes, as click names them (`.spin/cmds.py:smoke_docs` is `spin smoke-docs`)."""
    entries = [e for group in commands.values() for e in group] if isinstance(commands, dict) else commands
    found = [re.split(r"[:.]", e)[-1] for e in entries or [] if isinstance(e, str)]
    return [name.replace("_", "-") for name in found if name]


def spin(tree: Tree, k: Knowledge) -> None:
    commands = dig(load_toml(tree, "pyproject.toml"), "tool", "spin", "commands")
    for name in dict.fromkeys(_names(commands)):
        if role := SPIN_ROLES.get(name):
            k.command(role, f"spin {name}", f"pyproject.toml [tool.spin.commands] `{name}`", RUNNER)
        if name == "test":  # scipy's `spin test -t scipy.<module>.tests.<file>::<test>`: built first, then run
            one = "spin test -t <path/to/test_file.py>::<test_name>"
            k.command("test-one", one, "pyproject.toml [tool.spin.commands] `test`", RUNNER)
