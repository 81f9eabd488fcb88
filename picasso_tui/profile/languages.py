"""Languages and their share of the workspace, by bytes of source (as GitHub's linguist counts)."""

from __future__ import annotations

from collections import Counter

from picasso_tui.languages import DISPLAY, language_of
from picasso_tui.profile.findings import Knowledge, plural
from picasso_tui.profile.walk import Tree

MIN_SHARE = 0.01


def shares(tree: Tree) -> list[tuple[str, float, int]]:
    """(language, share of source bytes, file count), largest first; languages under 1% left out."""
    size: Counter[str] = Counter()
    count: Counter[str] = Counter()
    for rel, n in tree.sizes.items():
        lang = language_of(rel)
        if lang:
            size[lang] += n
            count[lang] += 1
    total = sum(size.values()) or 1
    # C headers count as C++ when the project has C++ sources and no C ones.
    return [(lang, n / total, count[lang]) for lang, n in size.most_common() if n / total >= MIN_SHARE]


def investigate(tree: Tree) -> Knowledge:
    k = Knowledge()
    found = shares(tree)
    if not found:
        return k
    parts = [f"{DISPLAY.get(lang, lang)} {share:.0%}" for lang, share, _ in found]
    files = sum(c for _, _, c in found)
    k.fact(
        "languages",
        f"Languages: {', '.join(parts[:4])}",
        f"Languages by share of source: {', '.join(parts)} ({plural(files, 'source file')}). "
        f"Main language: {DISPLAY.get(found[0][0], found[0][0])}.",
        tags=("languages",),
    )
    return k
