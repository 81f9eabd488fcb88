"""The agent instruction files a repository keeps: at its root, or beside the build when the whole build lives in
one folder (koin's projects/CLAUDE.md next to projects/settings.gradle.kts, with nothing to build at the root)."""

from __future__ import annotations

from picasso_tui.anchors.gitutil import committed_at
from picasso_tui.profile.guide_text import AGENT_FILES
from picasso_tui.profile.walk import Tree, is_auxiliary

BUILD_FILES = (
    "settings.gradle.kts", "settings.gradle", "build.gradle.kts", "build.gradle", "pom.xml", "package.json",
    "pyproject.toml", "setup.py", "Cargo.toml", "go.mod", "composer.json", "Gemfile", "CMakeLists.txt", "meson.build",
    "Makefile",
)  # fmt: skip


def build_folder(tree: Tree) -> str:
    """The one top-level folder that holds the build when the root holds none, else ""."""
    if any(tree.has(f) for f in BUILD_FILES):
        return ""
    folders = {f.split("/", 1)[0] for f in tree.files if f.count("/") == 1 and f.split("/", 1)[1] in BUILD_FILES}
    folders = {d for d in folders if not is_auxiliary(f"{d}/x")}
    return next(iter(folders)) if len(folders) == 1 else ""


def agent_files(tree: Tree) -> list[str]:
    """The agent files present: the root's, then those of the build's folder."""
    root = [f for f in AGENT_FILES if tree.has(f)]
    folder = build_folder(tree)
    inner = [f"{folder}/{f}" for f in AGENT_FILES if folder and "/" not in f and tree.has(f"{folder}/{f}")]
    return root + inner


MAIN_AGENT_FILES = ("AGENTS.md", "CLAUDE.md")
LEFT_BEHIND_DAYS = 180


def left_behind(tree: Tree, files: list[str]) -> set[str]:
    """Other tools' agent files (.windsurfrules, .cursor/rules/*.mdc, copilot instructions) last changed half a
    year or more before the AGENTS.md or CLAUDE.md beside them: vcspull rewrote AGENTS.md in August 2026 and left
    its November 2025 .windsurfrules naming a tests/examples/ folder that is gone."""
    mains = [t for f in files if f.rsplit("/", 1)[-1] in MAIN_AGENT_FILES and (t := committed_at(tree.root, f))]
    if not mains:
        return set()
    before = max(mains) - LEFT_BEHIND_DAYS * 86_400
    others = [f for f in files if f.rsplit("/", 1)[-1] not in MAIN_AGENT_FILES]
    return {f for f in others if (t := committed_at(tree.root, f)) is not None and t < before}
