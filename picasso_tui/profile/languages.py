"""Languages and their share of the workspace, by bytes of source (as GitHub's linguist counts)."""

from __future__ import annotations

import os
from collections import Counter

from picasso_tui.profile.findings import Knowledge, plural
from picasso_tui.profile.walk import Tree

# Style namespaces use these lowercase names (see store.codec.LANGUAGES); DISPLAY is for people.
EXTENSIONS = {
    ".py": "python", ".pyi": "python", ".ts": "typescript", ".tsx": "typescript", ".mts": "typescript",
    ".cts": "typescript", ".js": "javascript", ".jsx": "javascript", ".mjs": "javascript", ".cjs": "javascript",
    ".go": "go", ".rs": "rust", ".java": "java", ".kt": "kotlin", ".kts": "kotlin", ".rb": "ruby", ".rake": "ruby",
    ".php": "php", ".c": "c", ".h": "c", ".cc": "cpp", ".cpp": "cpp", ".cxx": "cpp", ".hpp": "cpp", ".hh": "cpp",
    ".hxx": "cpp", ".cs": "csharp", ".swift": "swift", ".scala": "scala", ".ex": "elixir", ".exs": "elixir",
    ".hs": "haskell", ".lua": "lua", ".sh": "shell", ".bash": "shell", ".dart": "dart", ".zig": "zig",
    ".sql": "sql", ".vue": "vue", ".svelte": "svelte",
}  # fmt: skip
DISPLAY = {
    "python": "Python", "typescript": "TypeScript", "javascript": "JavaScript", "go": "Go", "rust": "Rust",
    "java": "Java", "kotlin": "Kotlin", "ruby": "Ruby", "php": "PHP", "c": "C", "cpp": "C++", "csharp": "C#",
    "swift": "Swift", "scala": "Scala", "elixir": "Elixir", "haskell": "Haskell", "lua": "Lua", "shell": "Shell",
    "dart": "Dart", "zig": "Zig", "sql": "SQL", "vue": "Vue", "svelte": "Svelte",
}  # fmt: skip
MIN_SHARE = 0.01


def language_of(rel: str) -> str | None:
    return EXTENSIONS.get(os.path.splitext(rel)[1].lower())


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
