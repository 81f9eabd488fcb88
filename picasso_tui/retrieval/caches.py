"""Forgetting the indexes derived from memory, for `picasso memory clear`."""

from __future__ import annotations

import shutil

from picasso_tui.paths import PicassoPaths


def forget_caches(paths: PicassoPaths, *, everything: bool) -> None:
    """Everything: every index (vectors, terms, graphs), as nothing is left to index. One workspace:
    the term cache, which holds the cleared memories' words (rebuilt in well under a second at 10k);
    the vectors stay, as they hold no text and re-embedding every other memory would take minutes."""
    target = paths.cache_dir if everything else paths.cache_dir / "lexical"
    shutil.rmtree(target, ignore_errors=True)
