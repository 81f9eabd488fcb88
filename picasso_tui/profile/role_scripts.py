"""Scripts named for what they do in the root's script/ folder: GitHub's "Scripts To Rule Them All" convention
(avo's script/bootstrap installs its linters and generators, script/fmt runs goimports and gofumpt, script/lint
golangci-lint), which a contributor runs in place of the language's defaults."""

from __future__ import annotations

from picasso_tui.profile.findings import Knowledge
from picasso_tui.profile.walk import Tree

ROLES = {
    "bootstrap": "install",
    "setup": "install",
    "test": "test",
    "fmt": "format",
    "format": "format",
    "lint": "lint",
    "build": "build",
}
PRIORITY = 26
"""Just after a task runner's target (25): a Makefile's `make test` that calls script/test is the same step."""


def role_scripts(tree: Tree, k: Knowledge) -> None:
    for name, role in ROLES.items():
        for rel in (f"script/{name}", f"script/{name}.sh"):
            if tree.has(rel) and (tree.read(rel) or "").startswith("#!"):
                k.command(role, f"./{rel}", rel, PRIORITY)
                break
