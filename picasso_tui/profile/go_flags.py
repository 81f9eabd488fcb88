"""Build tags a project's CI hands every go command through GOFLAGS: a contributor running the command by hand
needs them written out (mercure's tests build other transports than the project ships without them)."""

from __future__ import annotations

import re
from typing import Any

import yaml

from picasso_tui.profile.walk import Tree

_TAGS = re.compile(r"-tags[= ]\"?([\w,.-]+)")


def goflags_tags(*scopes: Any) -> str:
    """The tags of the first env scope that sets GOFLAGS (a step's own `GOFLAGS: ""` clears them)."""
    for scope in scopes:
        if isinstance(scope, dict) and "GOFLAGS" in scope:
            found = _TAGS.search(str(scope.get("GOFLAGS") or ""))
            return found.group(1) if found else ""
    return ""


def with_go_tags(command: str, tags: str) -> str:
    """`go test -tags=a,b ./...` for `go test ./...` under those tags; a command naming its own tags is kept."""
    if not tags or "-tags" in command:
        return command
    return re.sub(r"^((?:cd [\w./-]+ && )?go (test|build|run|vet|install))\b", rf"\1 -tags={tags}", command)


def workflow_go_tags(tree: Tree) -> str:
    """The tags a GitHub Actions workflow sets for all its jobs (its top-level env), when one does."""
    for rel in sorted(tree.under(".github/workflows")):
        if not rel.endswith((".yml", ".yaml")) or "GOFLAGS" not in (text := tree.read(rel) or ""):
            continue
        try:
            data = yaml.safe_load(text)
        except yaml.YAMLError:
            continue
        if isinstance(data, dict) and (tags := goflags_tags(data.get("env"))):
            return tags
    return ""
