"""BM25 over bodies, titles, tags and file paths: the signal that finds exact identifiers, error
codes and paths, which embeddings blur.

Each posting's BM25 contribution depends only on its term and document, so it is computed once
when the index is built; a query is then a few numpy scatter-adds and one partial sort.
"""

from __future__ import annotations

import math
import re
from collections import Counter, defaultdict
from collections.abc import Sequence

import numpy as np
import numpy.typing as npt

from picasso_tui.retrieval.embedders.hashing import tokens

_WHOLE = re.compile(r"[\w./-]*[\w]")
K1 = 1.2
B = 0.75
Mask = npt.NDArray[np.bool_]


def terms(text: str) -> list[str]:
    """Word pieces plus whole identifiers and paths (``getusertoken``, ``src/auth/jwt.ts``, ``e1234``)."""
    pieces = tokens(text)
    whole = [w.lower() for w in _WHOLE.findall(text) if len(w) > 2 and (not w.isalpha() or w.lower() not in pieces)]
    return pieces + whole


class BM25:
    def __init__(self, docs: Sequence[tuple[str, str]]) -> None:
        self.ids = [rid for rid, _ in docs]
        self.index_of = {rid: i for i, rid in enumerate(self.ids)}
        counts = [Counter(terms(text)) for _, text in docs]
        lengths = np.array([sum(c.values()) for c in counts], dtype=np.float32)
        avg = float(lengths.mean()) if len(lengths) else 1.0
        postings: dict[str, list[tuple[int, int]]] = defaultdict(list)
        for index, c in enumerate(counts):
            for term, tf in c.items():
                postings[term].append((index, tf))
        n = len(self.ids)
        self.docs: dict[str, npt.NDArray[np.int32]] = {}
        self.weights: dict[str, npt.NDArray[np.float32]] = {}
        for term, plist in postings.items():
            idf = math.log(1 + (n - len(plist) + 0.5) / (len(plist) + 0.5))
            idx = np.fromiter((i for i, _ in plist), dtype=np.int32, count=len(plist))
            tf = np.fromiter((t for _, t in plist), dtype=np.float32, count=len(plist))
            norm = K1 * (1 - B + B * lengths[idx] / avg)
            self.docs[term] = idx
            self.weights[term] = (idf * tf * (K1 + 1) / (tf + norm)).astype(np.float32)

    def mask(self, allowed: set[str]) -> Mask:
        """The documents a scope may see, computed once per scope and index."""
        out = np.zeros(len(self.ids), dtype=np.bool_)
        for rid in allowed:
            i = self.index_of.get(rid)
            if i is not None:
                out[i] = True
        return out

    def search(self, query: str, k: int, allowed: set[str] | Mask | None = None) -> list[tuple[str, float]]:
        if not self.ids:
            return []
        scores = np.zeros(len(self.ids), dtype=np.float32)
        for term in set(terms(query)):
            idx = self.docs.get(term)
            if idx is not None:
                scores[idx] += self.weights[term]  # one posting per document and term: no repeats
        if allowed is not None:
            visible = allowed if isinstance(allowed, np.ndarray) else self.mask(allowed)
            scores = np.where(visible, scores, np.float32(0))
        hits = int(np.count_nonzero(scores))
        if hits == 0:
            return []
        k = min(k, hits)
        top = np.argpartition(-scores, k - 1)[:k]
        top = top[np.argsort(-scores[top], kind="stable")]
        return [(self.ids[int(i)], float(scores[i])) for i in top]
