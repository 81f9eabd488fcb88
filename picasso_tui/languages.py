"""The one language table: file extensions, names people write, and how each language is shown.

A leaf (it imports nothing of the package): the store (a workspace's main language, old Mac tags),
the write-back (a correction's language), the profile (a repository's languages) and the TUI read it.
"""

from __future__ import annotations

import os

EXTENSIONS = {
    ".py": "python", ".pyi": "python", ".ts": "typescript", ".tsx": "typescript", ".mts": "typescript",
    ".cts": "typescript", ".js": "javascript", ".jsx": "javascript", ".mjs": "javascript", ".cjs": "javascript",
    ".go": "go", ".rs": "rust", ".java": "java", ".kt": "kotlin", ".kts": "kotlin", ".rb": "ruby", ".rake": "ruby",
    ".php": "php", ".c": "c", ".h": "c", ".cc": "cpp", ".cpp": "cpp", ".cxx": "cpp", ".hpp": "cpp", ".hh": "cpp",
    ".hxx": "cpp", ".cppm": "cpp", ".ixx": "cpp", ".inl": "cpp", ".ipp": "cpp", ".tpp": "cpp",
    ".cs": "csharp", ".swift": "swift", ".scala": "scala", ".groovy": "groovy", ".ex": "elixir", ".exs": "elixir",
    ".hs": "haskell", ".lua": "lua", ".sh": "shell", ".bash": "shell", ".dart": "dart", ".zig": "zig",
    ".sql": "sql", ".vue": "vue", ".svelte": "svelte", ".pyx": "cython", ".pxd": "cython",
    ".asm": "assembly", ".s": "assembly",  # libjpeg-turbo's simd/: 91 NASM files, a fifth of its code
    ".pony": "pony",  # ponyc's standard library, 950 files: a compiler's own language is among its languages
    ".ml": "ocaml", ".mli": "ocaml", ".erl": "erlang", ".hrl": "erlang", ".clj": "clojure", ".cljs": "clojure",
    ".cljc": "clojure", ".jl": "julia", ".nim": "nim", ".cr": "crystal", ".elm": "elm", ".pm": "perl",
}  # fmt: skip
DISPLAY = {
    "python": "Python", "typescript": "TypeScript", "javascript": "JavaScript", "go": "Go", "rust": "Rust",
    "java": "Java", "kotlin": "Kotlin", "ruby": "Ruby", "php": "PHP", "c": "C", "cpp": "C++", "csharp": "C#",
    "swift": "Swift", "scala": "Scala", "groovy": "Groovy", "elixir": "Elixir", "haskell": "Haskell", "lua": "Lua",
    "shell": "Shell", "dart": "Dart", "zig": "Zig", "sql": "SQL", "vue": "Vue", "svelte": "Svelte", "cython": "Cython",
    "assembly": "Assembly", "pony": "Pony", "ocaml": "OCaml", "erlang": "Erlang", "clojure": "Clojure",
    "julia": "Julia", "nim": "Nim", "crystal": "Crystal", "elm": "Elm", "perl": "Perl",
}  # fmt: skip
LANGUAGES = frozenset(DISPLAY)
"""Every language id (the segment of a ``style/<language>`` namespace Picasso writes)."""
SPOKEN = {
    **{lang: lang for lang in LANGUAGES},
    "golang": "go", "c#": "csharp", "c++": "cpp", "bash": "shell",
}  # fmt: skip
"""Names people write in prose ("in golang", "for C#") -> the language id."""


def language_of(path: str) -> str | None:
    """The language a file is written in, by its extension (None for anything else)."""
    return EXTENSIONS.get(os.path.splitext(path)[1].lower())
