"""What the profile learns from a small repository, memory by memory: the profile tests' shared reader."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from picasso_tui.profile.investigator import investigate


def bodies(make_project: Callable[..., Any], files: dict[str, str], name: str = "project") -> dict[str, str]:
    """Each memory's body by its key, for a repository made of these files."""
    return repo_bodies(make_project(files, name=name))


def repo_bodies(repo: Any) -> dict[str, str]:
    """Each memory's body by its key, for a repository already made (and perhaps given more commits)."""
    _, findings, _ = investigate(repo.root)
    return {f.key: f.body for f in findings}


def commit_conventions(
    make_project: Callable[..., Any], name: str, subjects: list[str], first: str = "Start the project"
) -> str:
    """The commit-conventions memory of a repository whose history is ``first`` and then these subjects, newest last."""
    repo = make_project({"README.md": "# x\n", "src/a.c": "int a;\n"}, name=name, message=first)
    for i, subject in enumerate(subjects):
        repo.write({f"src/f{i}.c": f"int f{i};\n"}).commit(subject)
    _, findings, _ = investigate(repo.root)
    return next(f.body for f in findings if f.key == "git/conventions")


def workflow(*steps: str, job: str = "build", runs_on: str = "ubuntu-latest") -> str:
    """A GitHub Actions workflow run on a push: one job that checks out, then each step; a plain command becomes a
    `run:` step, a step written out (starting with `- `) is kept, its lines indented under `steps:`."""
    lines = [
        "on: [push]",
        "jobs:",
        f"  {job}:",
        f"    runs-on: {runs_on}",
        "    steps:",
        "      - uses: actions/checkout@v4",
    ]
    for step in steps:
        block = step if step.startswith("- ") else f"- run: {step}"
        lines += ["      " + line for line in block.splitlines()]
    return "\n".join(lines) + "\n"
