"""Forgetting the indexes derived from memory, for `picasso memory clear`."""

from __future__ import annotations

import shutil

from picasso_tui.paths import PicassoPaths


def forget_caches(paths: PicassoPaths, *, everything: bool) -> None:
    """Everything: every index (vectors, terms, graphs), as nothing is left to index. One workspace:
    the term cache and the saved recall indexes, which hold the cleared memories' words (rebuilt in
    well under a second at 10k); the vectors stay, as they hold no text and re-embedding every other
    memory would take minutes."""
    targets = [paths.cache_dir] if everything else [paths.cache_dir / "lexical", paths.cache_dir / "recall"]
    for target in targets:
        shutil.rmtree(target, ignore_errors=True)
