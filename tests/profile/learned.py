"""What the profile learns from a small repository, memory by memory: the profile tests' shared reader."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from picasso_tui.profile.investigator import investigate


def bodies(make_project: Callable[..., Any], files: dict[str, str], name: str = "project") -> dict[str, str]:
    """Each memory's body by its key, for a repository made of these files."""
    repo = make_project(files, name=name)
    _, findings, _ = investigate(repo.root)
    return {f.key: f.body for f in findings}
