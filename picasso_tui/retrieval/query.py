"""What a query is made of: the prompt, the plan draft, and the file paths and symbols in them.

Each part is embedded and searched on its own (multi-vector), so a prompt that names
``src/auth/jwt.ts`` finds the memories about that file even when its prose says little.

The prompt is embedded as its keywords (the prompt without function words): a sentence model
compares whole sentences, and "where does the code that ... live?" dilutes the few words that say
what it is about. On tests/eval (MiniLM): hit@3 0.864 against 0.848 for the whole prompt, and fewer
tokens to run. The mean of both vectors ranked better still (0.880), but its second pass put a
resident query's p95 over its 10 ms budget (12.4 ms at 10k records); weighting the function words
down inside the pooling instead did not help (0.838): the model has to read the keywords on their own.
"""

from __future__ import annotations

import re
from collections import OrderedDict
from dataclasses import dataclass, field
from functools import cached_property

import numpy as np

from picasso_tui.retrieval.embedders.base import Embedder, Vectors
from picasso_tui.retrieval.words import FUNCTION_WORDS

_PATH = re.compile(
    r"(?<![\w@])(?:[\w.-]+/)+[\w.-]+|\b[\w-]+\.(?:py|ts|tsx|js|jsx|rs|go|java|kt|rb|php|c|h|cc|cpp|hpp|cs|swift|toml|json|ya?ml|md|sql|sh)\b"
)
_SYMBOL = re.compile(r"\b(?:[a-z]+[A-Z]\w*|[A-Z][a-z]+[A-Z]\w*|[a-z]+_[a-z0-9_]+|[A-Za-z_]\w*(?=\())")
MAX_EXTRA_PARTS = 6
_PUNCT = "\"'`.,;:!?()[]{}<>"


@dataclass(frozen=True)
class Query:
    prompt: str
    plan: str | None = None
    paths: tuple[str, ...] = ()
    symbols: tuple[str, ...] = ()
    extra_files: tuple[str, ...] = field(default=())

    @cached_property  # read by the vector query and the gate's coverage: worked out once per query
    def keywords(self) -> str:
        """The prompt without its function words (``can't`` and ``I'll`` count as theirs), or ``""``
        when nothing would change."""
        kept = [w for w in self.prompt.split() if not _function_word(w)]
        text = " ".join(kept)
        return text if kept and text != " ".join(self.prompt.split()) else ""

    @property
    def text(self) -> str:
        """All of it as one text, for the lexical signal."""
        return " ".join(p for p in (self.prompt, self.plan or "", *self.extra_files) if p)

    def parts(self) -> list[str]:
        """The texts embedded and searched, prompt first (multi-vector)."""
        parts = [self.prompt] + ([self.plan] if self.plan else [])
        extra = list(dict.fromkeys([*self.extra_files, *self.paths, *self.symbols]))
        return parts + extra[:MAX_EXTRA_PARTS]


def _function_word(word: str) -> bool:
    pieces = word.strip(_PUNCT).lower().replace("\u2019", "'").split("'")
    return all(p in FUNCTION_WORDS for p in pieces)


def build_query(prompt: str, plan: str | None = None, files: tuple[str, ...] = ()) -> Query:
    text = f"{prompt}\n{plan or ''}"
    paths = tuple(dict.fromkeys(m.group(0).strip("./") for m in _PATH.finditer(text)))
    symbols = tuple(dict.fromkeys(s for s in _SYMBOL.findall(text) if not any(s in p for p in paths)))
    return Query(prompt=prompt.strip(), plan=(plan or "").strip() or None, paths=paths, symbols=symbols,
                 extra_files=tuple(files))  # fmt: skip


class QueryVectors:
    """The last query parts' vectors, keyed by their exact text (least recently used go first).

    The TUI asks again with the same draft as the user types, and a prompt keeps its vector while a
    plan or file part beside it changes; only the parts not seen lately are embedded (in one call).
    A latency shortcut for repeated texts only: a new prompt always pays for its forward pass, which
    is what the benchmark measures (its prompts are distinct). ``capacity`` 0 turns it off."""

    def __init__(self, capacity: int = 256) -> None:
        self.capacity = capacity
        self.hits = 0
        self._vectors: OrderedDict[tuple[str, str], Vectors] = OrderedDict()

    def embed(self, embedder: Embedder, texts: list[str]) -> Vectors:
        keys = [(embedder.model_id, t) for t in texts]
        missing = list(dict.fromkeys(t for key, t in zip(keys, texts, strict=True) if key not in self._vectors))
        fresh = dict(zip(missing, embedder.embed(missing), strict=True)) if missing else {}
        self.hits += len(texts) - sum(1 for t in texts if t in fresh)
        rows = [fresh[t] if t in fresh else self._vectors[key] for key, t in zip(keys, texts, strict=True)]
        for key, row in zip(keys, rows, strict=True):
            self._vectors[key] = row
            self._vectors.move_to_end(key)
        while len(self._vectors) > self.capacity:
            self._vectors.popitem(last=False)
        return np.stack(rows) if rows else embedder.embed([])

    def for_query(self, embedder: Embedder, query: Query) -> Vectors:
        """The rows searched for ``query``: its parts', the prompt's row from its keywords when it has any."""
        parts, keywords = query.parts(), query.keywords
        if not keywords:
            return self.embed(embedder, parts)
        return self.embed(embedder, [keywords, *parts[1:]])
