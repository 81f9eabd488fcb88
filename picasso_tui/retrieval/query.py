"""What a query is made of: the prompt, the plan draft, and the file paths and symbols in them.

Each part is embedded and searched on its own (multi-vector), so a prompt that names
``src/auth/jwt.ts`` finds the memories about that file even when its prose says little.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

_PATH = re.compile(
    r"(?<![\w@])(?:[\w.-]+/)+[\w.-]+|\b[\w-]+\.(?:py|ts|tsx|js|jsx|rs|go|java|kt|rb|php|c|h|cc|cpp|hpp|cs|swift|toml|json|ya?ml|md|sql|sh)\b"
)
_SYMBOL = re.compile(r"\b(?:[a-z]+[A-Z]\w*|[A-Z][a-z]+[A-Z]\w*|[a-z]+_[a-z0-9_]+|[A-Za-z_]\w*(?=\())")
MAX_EXTRA_PARTS = 6


@dataclass(frozen=True)
class Query:
    prompt: str
    plan: str | None = None
    paths: tuple[str, ...] = ()
    symbols: tuple[str, ...] = ()
    extra_files: tuple[str, ...] = field(default=())

    @property
    def text(self) -> str:
        """All of it as one text, for the lexical signal."""
        return " ".join(p for p in (self.prompt, self.plan or "", *self.extra_files) if p)

    def parts(self) -> list[str]:
        """The texts embedded and searched, prompt first (multi-vector)."""
        parts = [self.prompt] + ([self.plan] if self.plan else [])
        extra = list(dict.fromkeys([*self.extra_files, *self.paths, *self.symbols]))
        return parts + extra[:MAX_EXTRA_PARTS]


def build_query(prompt: str, plan: str | None = None, files: tuple[str, ...] = ()) -> Query:
    text = f"{prompt}\n{plan or ''}"
    paths = tuple(dict.fromkeys(m.group(0).strip("./") for m in _PATH.finditer(text)))
    symbols = tuple(dict.fromkeys(s for s in _SYMBOL.findall(text) if not any(s in p for p in paths)))
    return Query(prompt=prompt.strip(), plan=(plan or "").strip() or None, paths=paths, symbols=symbols,
                 extra_files=tuple(files))  # fmt: skip
