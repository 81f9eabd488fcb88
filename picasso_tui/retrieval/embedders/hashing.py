"""The deterministic hash embedder: the fallback when no model is installed, and the tests' default.

Identifiers are split the way developers write them (camelCase, snake_case, kebab-case, paths),
and both word n-grams and character trigrams are hashed into a fixed-size signed vector, so
``getUserToken`` finds "user token" and ``src/auth/jwt.ts`` finds "jwt". Function words ("where",
"should", "can") are left out: shared by every text, they only pull unrelated ones together. A
trigram weighs 0.7 of a word, so word forms meet ("committing", "commit"); docs/benchmarks.md has
the figures behind both choices.
"""

from __future__ import annotations

import hashlib
import itertools
import re

import numpy as np

from picasso_tui.retrieval.embedders.base import Vectors, normalize
from picasso_tui.retrieval.words import FUNCTION_WORDS, TERM_STOPWORDS

_TOKEN = re.compile(r"[A-Za-z][a-z]+|[A-Z]+(?![a-z])|\d+|[a-z]+")
TRIGRAM_WEIGHT = 0.7


def tokens(text: str) -> list[str]:
    """Lower-case word pieces: ``HTTPHandler_v2 src/authJwt.ts`` -> http handler v 2 src auth jwt ts."""
    return [t.lower() for t in _TOKEN.findall(text) if t.lower() not in TERM_STOPWORDS]


class HashEmbedder:
    def __init__(self, dim: int = 384) -> None:
        self.dim = dim
        self.model_id = f"hash-v2-{dim}"  # the version names the feature set: its vectors never mix with another's

    def _features(self, text: str) -> list[tuple[str, float]]:
        words = [w for w in tokens(text) if w not in FUNCTION_WORDS]
        feats = [(f"w:{w}", 1.0) for w in words]
        feats += [(f"b:{a} {b}", 0.7) for a, b in itertools.pairwise(words)]
        for w in words:
            padded = f"<{w}>"
            feats += [(f"c:{padded[i : i + 3]}", TRIGRAM_WEIGHT) for i in range(len(padded) - 2)]
        return feats

    def embed(self, texts: list[str]) -> Vectors:
        out = np.zeros((len(texts), self.dim), dtype=np.float32)
        for row, text in enumerate(texts):
            for feature, weight in self._features(text):
                digest = hashlib.blake2b(feature.encode(), digest_size=8).digest()
                value = int.from_bytes(digest, "little")
                sign = np.float32(1.0 if value & 1 else -1.0)
                out[row, (value >> 1) % self.dim] += sign * np.float32(weight)
        return normalize(out)
