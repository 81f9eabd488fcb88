"""A linter's autofix offered as the format command: `npm run lint:fix` (eslint --fix), `make lint-fix` (clippy
--fix). Where the project has a formatter of its own (prettier, rustfmt, gofmt, a `format` target), the fixer
applies lint fixes only; the formatter is what formats."""

from __future__ import annotations

import re

from picasso_tui.profile.recipes import recipe_lines
from picasso_tui.profile.walk import Tree

LINT_FIX_NAME = re.compile(r"(?:^|[\s:_-])(?:\w*lint[:_-]?fix|fix[:_-]\w*lint)(?=\s|$)")
"""A script or target named for a lint fix (payload's `lint:fix`, lighthouse's `lint-fix`, sanity's
`chore:oxlint:fix`)."""
LINT_FIXER = re.compile(
    r"^(?:npx |pnpm (?:exec )?|yarn |bunx )?(?:eslint|oxlint|cargo clippy|golangci-lint run)\b.*\s--fix\b"
)
"""A linter told to apply its fixes."""
FORMATTER_FILES = (
    ".prettierrc", ".prettierrc.json", ".prettierrc.json5", ".prettierrc.yml", ".prettierrc.yaml", ".prettierrc.toml",
    ".prettierrc.js", ".prettierrc.cjs", ".prettierrc.mjs", "prettier.config.js", "prettier.config.cjs",
    "prettier.config.mjs", "biome.json", "biome.jsonc", "dprint.json", ".dprint.json", ".oxfmtrc.json",
    ".oxfmtrc.jsonc", "Cargo.toml", "go.mod", "rustfmt.toml", ".rustfmt.toml",
)  # fmt: skip
"""Files that say the project has a formatter: prettier's, biome's, dprint's, oxfmt's configs; rustfmt and gofmt come
with every Rust and Go project."""
FORMAT_NAME = re.compile(r"^(format|fmt|reformat|prettier|pretty)$")
FORMAT_TARGET = re.compile(r"^(format|fmt|reformat)\s*:", re.MULTILINE)


def fixes_lint_only(tree: Tree, command: str) -> bool:
    """The command, or every line its script or target runs, applies a linter's fixes and formats nothing."""
    if LINT_FIX_NAME.search(command) or LINT_FIXER.match(command):
        return True
    lines = recipe_lines(tree, command) or []
    return bool(lines) and all(LINT_FIXER.match(line) for line in lines)


def has_formatter(tree: Tree) -> bool:
    """Whether the project formats with a tool of its own, beside any linter's fixes."""
    if any(tree.has(f) for f in FORMATTER_FILES):
        return True
    package = tree.read_json("package.json")
    if package:
        deps = {**(package.get("devDependencies") or {}), **(package.get("dependencies") or {})}
        scripts = package.get("scripts") or {}
        if isinstance(deps, dict) and ({"prettier", "oxfmt", "@biomejs/biome", "dprint"} & set(deps)):
            return True
        if isinstance(scripts, dict) and any(FORMAT_NAME.match(str(name)) for name in scripts):
            return True
    return any(FORMAT_TARGET.search(tree.read(f) or "") for f in ("Makefile", "justfile", "Justfile") if tree.has(f))


PRINTS_ONLY = re.compile(r"^\s*(@?(echo|printf)\b[^&|;]*|exit \d+|true|:)\s*$")


def script_only_prints(tree: Tree, command: str) -> bool:
    """A composer or package script that only prints and exits (log-viewer's `composer analyse`: `echo "Static
    analysis not configured yet." && exit 0`): it checks nothing."""
    composer = re.fullmatch(r"composer (?:run(?:-script)? )?([\w:.-]+)", command)
    if composer:
        scripts = tree.read_json("composer.json").get("scripts") or {}
        body = scripts.get(composer.group(1)) if isinstance(scripts, dict) else None
        lines = [body] if isinstance(body, str) else body if isinstance(body, list) else []
        parts = [p for line in lines if isinstance(line, str) for p in re.split(r"&&|;|\|\|", line)]
    else:
        parts = recipe_lines(tree, command) or []
    return bool(parts) and all(PRINTS_ONLY.match(p) for p in parts)
