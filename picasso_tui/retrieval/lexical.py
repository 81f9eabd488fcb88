"""BM25 over bodies, titles, tags and file paths: the signal that finds exact identifiers, error
codes and paths, which embeddings blur.

Each posting's BM25 contribution depends only on its term and document, so it is computed once
when the index is built (vectorised: one ``np.unique`` over every (term, document) pair); a query
is then a few numpy scatter-adds and one partial sort. Splitting texts into terms is the costly
part of a build, so each text's terms are kept by text hash in ``TermCache``, on disk, and a fresh
process re-tokenizes only what changed.
"""

from __future__ import annotations

import contextlib
import functools
import re
from collections.abc import Iterable, Sequence
from pathlib import Path

import numpy as np
import numpy.typing as npt
import orjson
import Stemmer  # PyStemmer

from picasso_tui.atomic import write_atomic
from picasso_tui.paths import TERMS_DIR
from picasso_tui.retrieval.embedders.hashing import tokens
from picasso_tui.retrieval.vectors import text_hash
from picasso_tui.store.forgetting import text_cache_lock, unchanged_since

_WHOLE = re.compile(r"[\w./-]*[\w]")
K1 = 1.2
B = 0.75
TERMS_VERSION = 3  # bump when ``terms`` or the file's layout changes: old caches are then ignored
SAVE_AFTER = 256
Mask = npt.NDArray[np.bool_]


_ENGLISH = Stemmer.Stemmer("english")


@functools.lru_cache(maxsize=1 << 16)
def stem(word: str) -> str:
    """``committing`` -> ``commit``, ``formatting`` -> ``format``: prompts rarely use a memory's word form."""
    return _ENGLISH.stemWord(word)


def terms(text: str) -> list[str]:
    """Stemmed word pieces plus whole identifiers and paths (``getusertoken``, ``src/auth/jwt.ts``, ``e1234``)."""
    pieces = tokens(text)
    whole = [w.lower() for w in _WHOLE.findall(text) if len(w) > 2 and (not w.isalpha() or w.lower() not in pieces)]
    return [stem(p) for p in pieces] + whole


def content_terms(text: str) -> set[str]:
    """The stemmed words of ``text`` that can say what it is about: alphabetic, three letters or more."""
    return {stem(p) for p in tokens(text) if p.isalpha() and len(p) > 2}


def term_key(rid: str, text_hash: str) -> str:
    """``<text hash>:<record id>``: the id in the key lets the store drop a deleted memory's words
    without knowing how texts are made (the layout contract in ``paths.py``)."""
    return f"{text_hash}:{rid}"


class TermCache:
    """Terms per record and text hash, in memory and under ``<cache>/lexical/`` (a cache: losing it costs
    time only). On disk, one entry per line, as ``paths.py`` lays out for the store's scrub.

    Only hashes and ids are stored next to the terms, and ``keep`` drops the entries of texts no longer
    in memory, so a deleted memory's words leave the cache at the next refresh; the store's scrub
    takes them off the disk at once (``store.forgetting``)."""

    def __init__(self, cache_dir: Path | None = None) -> None:
        self.cache_dir = cache_dir
        self.path = cache_dir / TERMS_DIR / f"terms-v{TERMS_VERSION}.json" if cache_dir else None
        self.source: tuple[Path, bytes] | None = None
        """memory.json and the bytes these terms were split from: saved only while the file still holds them."""
        self._terms: dict[str, list[str]] | None = None
        self._added = 0  # texts split since the last save
        self._forgot = False  # a text left memory since the last save: its words must leave the disk too
        self._on_disk = False

    def _loaded(self) -> dict[str, list[str]]:
        if self._terms is None:
            self._terms = {}
            if self.path is not None:
                with contextlib.suppress(OSError, orjson.JSONDecodeError):
                    data = orjson.loads(self.path.read_bytes())
                    if isinstance(data, dict):
                        self._terms = data
                        self._on_disk = True
        return self._terms

    def terms_of(self, key: str, text: str) -> list[str]:
        cache = self._loaded()
        found = cache.get(key)
        if not isinstance(found, list):
            found = cache[key] = terms(text)
            self._added += 1
        return found

    def keep(self, keys: Iterable[str]) -> None:
        """Forget every text not in ``keys`` (the live memories' texts)."""
        cache = self._loaded()
        wanted = set(keys)
        stale = [k for k in cache if k not in wanted]
        for k in stale:
            del cache[k]
        self._forgot = self._forgot or bool(stale)

    def save(self) -> None:
        """Write the cache when a memory's words must go, on the first save, or once ``SAVE_AFTER`` new
        texts piled up: one memory written at 100k records must not rewrite a 10 MB file, and the few
        texts a later process finds missing cost it microseconds each to split again.

        Under the text-cache lock, and only while memory.json still holds ``source``: if a write replaced
        it meanwhile, the store may already have scrubbed a deleted memory's words, which must not come
        back from this copy (the next refresh saves instead)."""
        if self.path is None or self.cache_dir is None or self._terms is None:
            return
        if not (self._forgot or self._added >= SAVE_AFTER or (self._added and not self._on_disk)):
            return
        lines = [orjson.dumps(key) + b":" + orjson.dumps(value) for key, value in self._terms.items()]
        data = b"{\n" + b",\n".join(lines) + (b"\n" if lines else b"") + b"}\n"
        with contextlib.suppress(OSError), text_cache_lock(self.cache_dir) as locked:
            if not locked or (self.source is not None and not unchanged_since(*self.source)):
                return
            self.path.parent.mkdir(parents=True, exist_ok=True, mode=0o700)
            write_atomic(self.path, data, durable=False)
            self._added, self._forgot, self._on_disk = 0, False, True
            for old in self.path.parent.glob("terms-v*.json"):  # an older version's words, of memories since deleted
                if old != self.path:
                    old.unlink(missing_ok=True)


class BM25:
    def __init__(
        self,
        docs: Sequence[tuple[str, str]],
        cache: TermCache | None = None,
        keys: dict[str, str] | None = None,
    ) -> None:
        """``docs`` are (record id, text); ``keys`` (record id -> text hash) spares hashing twice."""
        cache = cache or TermCache()
        self.ids = [rid for rid, _ in docs]
        self.index_of = {rid: i for i, rid in enumerate(self.ids)}
        self.vocab: dict[str, int] = {}
        vocab = self.vocab
        term_ids: list[int] = []
        lengths = np.zeros(len(docs), dtype=np.float32)
        for d, (rid, text) in enumerate(docs):
            key = term_key(rid, keys[rid] if keys is not None and rid in keys else text_hash(text))
            found = cache.terms_of(key, text)
            term_ids.extend([vocab.setdefault(t, len(vocab)) for t in found])
            lengths[d] = len(found)
        n = len(docs)
        doc_of = np.repeat(np.arange(n, dtype=np.int64), lengths.astype(np.int64))
        pairs, tf = np.unique(np.asarray(term_ids, dtype=np.int64) * max(n, 1) + doc_of, return_counts=True)
        term_of, self.docs = pairs // max(n, 1), (pairs % max(n, 1)).astype(np.int32)
        df = np.bincount(term_of, minlength=len(vocab)).astype(np.float32)
        self.indptr = np.concatenate(([0], np.cumsum(df))).astype(np.int64)
        idf = np.log1p((n - df + 0.5) / (df + 0.5)).astype(np.float32)
        avg = float(lengths.mean()) if n else 1.0
        tf32 = tf.astype(np.float32)
        norm = K1 * (1 - B + B * lengths[self.docs] / avg)
        self.weights = (idf[term_of] * tf32 * (K1 + 1) / (tf32 + norm)).astype(np.float32)
        cache.save()

    @classmethod
    def from_arrays(
        cls,
        ids: list[str],
        vocab: list[str],
        indptr: npt.NDArray[np.int64],
        docs: npt.NDArray[np.int32],
        weights: npt.NDArray[np.float32],
    ) -> BM25:
        """An index saved earlier (``vocab`` in term-id order): no text is split, no weight recomputed."""
        index = cls.__new__(cls)
        index.ids = ids
        index.index_of = {rid: i for i, rid in enumerate(ids)}
        index.vocab = dict(zip(vocab, range(len(vocab)), strict=True))
        index.indptr, index.docs, index.weights = indptr, docs, weights
        return index

    def mask(self, allowed: set[str]) -> Mask:
        """The documents a scope may see, computed once per scope and index."""
        out = np.zeros(len(self.ids), dtype=np.bool_)
        for rid in allowed:
            i = self.index_of.get(rid)
            if i is not None:
                out[i] = True
        return out

    def coverage(self, words: set[str], rids: Iterable[str]) -> float:
        """The share of ``words`` (``content_terms``) found in at least one of the records ``rids``; 1.0
        when there are none to look for."""
        if not words:
            return 1.0
        among = np.zeros(len(self.ids), dtype=np.bool_)
        among[[self.index_of[rid] for rid in rids if rid in self.index_of]] = True
        found = 0
        for word in words:
            t = self.vocab.get(word)
            found += t is not None and bool(among[self.docs[self.indptr[t] : self.indptr[t + 1]]].any())
        return found / len(words)

    def search(self, query: str, k: int, allowed: set[str] | Mask | None = None) -> list[tuple[str, float]]:
        if not self.ids:
            return []
        scores = np.zeros(len(self.ids), dtype=np.float32)
        for term in set(terms(query)):
            t = self.vocab.get(term)
            if t is not None:
                start, end = self.indptr[t], self.indptr[t + 1]
                scores[self.docs[start:end]] += self.weights[start:end]  # one posting per document: no repeats
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
