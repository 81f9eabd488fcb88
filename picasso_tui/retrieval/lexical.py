"""BM25 over bodies, titles, tags and file paths: the signal that finds exact identifiers, error
codes and paths, which embeddings blur."""

from __future__ import annotations

import math
import re
from collections import Counter, defaultdict
from collections.abc import Sequence

from picasso_tui.retrieval.embedders.hashing import tokens

_WHOLE = re.compile(r"[\w./-]*[\w]")
K1 = 1.2
B = 0.75


def terms(text: str) -> list[str]:
    """Word pieces plus whole identifiers and paths (``getusertoken``, ``src/auth/jwt.ts``, ``e1234``)."""
    pieces = tokens(text)
    whole = [w.lower() for w in _WHOLE.findall(text) if len(w) > 2 and (not w.isalpha() or w.lower() not in pieces)]
    return pieces + whole


class BM25:
    def __init__(self, docs: Sequence[tuple[str, str]]) -> None:
        self.ids = [rid for rid, _ in docs]
        self.postings: dict[str, list[tuple[int, int]]] = defaultdict(list)
        self.lengths: list[int] = []
        for index, (_, text) in enumerate(docs):
            counts = Counter(terms(text))
            self.lengths.append(sum(counts.values()))
            for term, tf in counts.items():
                self.postings[term].append((index, tf))
        self.avg = (sum(self.lengths) / len(self.lengths)) if self.lengths else 1.0
        n = len(self.ids)
        self.idf = {t: math.log(1 + (n - len(p) + 0.5) / (len(p) + 0.5)) for t, p in self.postings.items()}

    def search(self, query: str, k: int, allowed: set[str] | None = None) -> list[tuple[str, float]]:
        scores: dict[int, float] = defaultdict(float)
        for term in set(terms(query)):
            idf = self.idf.get(term)
            if idf is None:
                continue
            for index, tf in self.postings[term]:
                norm = K1 * (1 - B + B * self.lengths[index] / self.avg)
                scores[index] += idf * tf * (K1 + 1) / (tf + norm)
        ranked = sorted(scores.items(), key=lambda item: item[1], reverse=True)
        out = []
        for index, score in ranked:
            rid = self.ids[index]
            if allowed is None or rid in allowed:
                out.append((rid, score))
                if len(out) == k:
                    break
        return out
