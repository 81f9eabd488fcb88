"""Whether the project's Python is written in black's style: black turns every single-quoted string into a double-
quoted one, so code with many such strings has never been through it."""

from __future__ import annotations

import io
import tokenize

from picasso_tui.profile.walk import Tree, is_auxiliary

SAMPLED_FILES = 15
SINGLE_SHARE = 0.25
"""A quarter of the strings single-quoted with no '"' inside, which black would have turned: black-formatted code
has almost none."""


def not_black_formatted(tree: Tree) -> bool:
    """sshuttle's dev group lists black, yet its modules write `'%s'` strings: `black .` would rewrite them all."""
    single = double = 0
    files = [f for f in tree.files if f.endswith(".py") and not is_auxiliary(f)][:SAMPLED_FILES]
    for rel in files:
        try:
            tokens = list(tokenize.generate_tokens(io.StringIO(tree.read(rel) or "").readline))
        except (tokenize.TokenError, SyntaxError):
            continue
        for token in tokens:
            if token.type == tokenize.STRING:
                quote = token.string.lstrip("rbuRBUfF")[:1]
                single += quote == "'" and '"' not in token.string
                double += quote == '"'
    return single + double >= 50 and single / (single + double) >= SINGLE_SHARE
