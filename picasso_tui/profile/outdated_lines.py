"""Lines of a contributor guide written for a tree that is gone: they send the reader to a folder the repository
does not have, or run a tox environment its tox.ini no longer declares."""

from __future__ import annotations

import re

from picasso_tui.profile import recipes
from picasso_tui.profile.summary_versions import below_minimum
from picasso_tui.profile.tasks import unknown_tox_env
from picasso_tui.profile.walk import Tree

_FOLDER_NAMED = re.compile(r"\b(?:the|in|under) `?([A-Za-z][\w.-]*)/?`? (?:directory|folder)\b")


def missing_folder(tree: Tree, line: str) -> bool:
    """mail's "Check the Reference RFCs, they are in the References directory": no References/ anywhere."""
    named = [n.lower() for n in _FOLDER_NAMED.findall(line) if n.lower() not in ("root", "same", "project", "current")]
    if not named:
        return False
    folders = {part.lower() for rel in tree.files for part in rel.split("/")[:-1]}
    return any(n not in folders for n in named)


_FILE_NAMED = re.compile(r"`([A-Za-z_][\w.-]*(?:/[\w.-]+)+\.[A-Za-z]{1,5})`")
"""A relative file path in backticks, with a folder and an extension (`tests/api.rs`)."""


def missing_file(tree: Tree, line: str) -> bool:
    """rustls-native-certs' guide, copied from rustls: "API-level tests (see `tests/api.rs`)", where tests/ holds no
    api.rs: a file in one of the repository's own folders that is not there."""
    for path in _FILE_NAMED.findall(line):
        if (tree.root / path.split("/")[0]).is_dir() and not (tree.root / path).exists():
            return True
    return False


_CONFIG_NAMED = re.compile(r"(?<![\w/.-])([\w.-]+)\.(yml|yaml)\b")


def renamed_config(tree: Tree, line: str) -> bool:
    """validators' guide says `mkdocs.yml`; the repository has `mkdocs.yaml`: a line from before the rename."""
    for stem, ext in _CONFIG_NAMED.findall(line):
        other = "yaml" if ext == "yml" else "yml"
        if not tree.has(f"{stem}.{ext}") and tree.has(f"{stem}.{other}"):
            return True
    return False


_TASK_NAMED = re.compile(r"`((?:bundle exec )?rake [a-z][\w:-]*|(?:npm|yarn|pnpm) run [\w:.-]+|make [\w-]+)`")
"""A rake task, a package.json script or a make target a guide line names in backticks."""


def missing_command(tree: Tree, line: str) -> bool:
    """multi_xml's guide: "Run `bundle exec rake spec`", and its Rakefile has no spec task; luxon's: "You can run
    `npm run docs`", and its package.json has no docs script: the step fails."""
    return any(recipes.missing(tree, c) for c in _TASK_NAMED.findall(line))


def outdated(tree: Tree, line: str) -> bool:
    return (
        missing_folder(tree, line)
        or unknown_tox_env(tree, line)
        or renamed_config(tree, line)
        or missing_command(tree, line)
        or missing_file(tree, line)
        or below_minimum(tree, line)
    )
