"""Whether a Rust project keeps its code rustfmt-formatted. arrayvec has no rustfmt.toml and runs no `cargo fmt`
in CI, and `cargo fmt` would rewrite every file: its `#[cfg(feature="std")]` and its `{` on the line after a
one-line `impl` header are two things rustfmt never leaves. Proposing `cargo fmt` there rewrites the crate."""

from __future__ import annotations

import re

from picasso_tui.profile.walk import Tree

SAMPLED = 40
"""Rust files read: enough to tell a habit from a slip, bounded on a large workspace."""
UNFORMATTED_SHARE = 0.2
"""The share of sampled files with a mark of unformatted code that makes it the project's habit, not a slip."""

_TIGHT_ATTRIBUTE = re.compile(r"^\s*#!?\[\w+\([^\]\n]*\w=\"", re.MULTILINE)
"""`#[cfg(feature="std")]`: rustfmt writes `feature = "std"`."""
_BRACE_BELOW = re.compile(
    r"^\s*(?:pub(?:\([\w ]+\))? )?(?:unsafe )?(?:impl|fn|struct|enum|trait)\b[^\n{;]*[^\n{;,\s][ \t]*\n\s*\{[ \t]*$",
    re.MULTILINE,
)
"""An item whose header fits on one line, with its `{` alone on the next: rustfmt joins them (it keeps the brace
below only after a multi-line `where` clause, whose last line ends with a comma)."""


def _tab_indented(text: str) -> bool:
    """Most indented lines start with a tab: rustfmt indents with four spaces unless a rustfmt.toml says
    `hard_tabs` (cargo-udeps indents with tabs and has none)."""
    indented = [line[0] for line in text.splitlines() if line[:1] in (" ", "\t") and line.strip()]
    return bool(indented) and indented.count("\t") > len(indented) / 2


def keeps_rustfmt(tree: Tree) -> bool:
    """True unless the code shows it is not rustfmt-formatted. A rustfmt.toml says it is, whatever the code shows."""
    if config := tree.first(".rustfmt.toml", "rustfmt.toml"):
        # gifski's .rustfmt.toml says `disable_all_formatting = true`: "Please don't apply rustfmt"
        return not re.search(r"^\s*disable_all_formatting\s*=\s*true", tree.read(config) or "", re.M)
    sources = [f for f in tree.own if f.endswith(".rs")][:SAMPLED]
    marked = 0
    for rel in sources:
        text = tree.read(rel) or ""
        headers = (m.group(0) for m in _BRACE_BELOW.finditer(text))
        marked += bool(_TIGHT_ATTRIBUTE.search(text) or any("where" not in h for h in headers) or _tab_indented(text))
    return not sources or marked < max(2, UNFORMATTED_SHARE * len(sources))


_UNSTABLE = re.compile(
    r"^\s*(unstable_features\s*=\s*true|(group_imports|imports_granularity|wrap_comments|comment_width|format_strings|"
    r"format_code_in_doc_comments|format_macro_matchers|normalize_comments|normalize_doc_attributes|"
    r"error_on_line_overflow|imports_layout|reorder_impl_items|condense_wildcard_suffixes|brace_style|"
    r"overflow_delimited_expr|blank_lines_upper_bound|spaces_around_ranges|struct_field_align_threshold|ignore)\s*=)",
    re.MULTILINE,
)
"""rustfmt options only a nightly rustfmt applies: a stable `cargo fmt` warns and formats without them."""


def needs_nightly(tree: Tree) -> bool:
    """The rustfmt.toml asks for options only nightly rustfmt has (time's `group_imports`, `imports_granularity`,
    sozu's `ignore`), and its comments do not say that stable will do."""
    config = tree.first(".rustfmt.toml", "rustfmt.toml")
    text = (tree.read(config) or "") if config else ""
    # gotham's says "you can still use stable rustfmt and it will just ignore these": the options are a bonus
    said = "\n".join(line for line in text.splitlines() if line.lstrip().startswith("#"))
    stable_is_fine = re.search(r"\bstable\b", said) and not re.search(r"\b(need|require)[sd]?\b[^\n]*nightly", said)
    return bool(_UNSTABLE.search(text)) and not stable_is_fine
