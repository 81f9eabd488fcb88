"""The vector store: one contiguous float32 matrix per embedding model, keyed by record id and
body hash, persisted under ``<home>/cache/vectors/<model>/``.

It is a cache of the file, never a source of truth: deleting it loses nothing, and it is rebuilt
from the bodies when missing or inconsistent. Embeddings are computed lazily, only for records
that are new or whose text changed.
"""

from __future__ import annotations

import contextlib
import hashlib
import os
import re
import time
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

import numpy as np
import orjson

from picasso_tui.retrieval.embedders.base import Embedder, Vectors
from picasso_tui.store.atomic import write_atomic

EMBED_BATCH = 64


def text_hash(text: str) -> str:
    return hashlib.sha256(text.encode("utf-8")).hexdigest()[:16]


@dataclass
class SyncStats:
    rows: int = 0
    embedded: int = 0
    removed: int = 0
    seconds: float = 0.0
    from_cache: bool = False


class VectorStore:
    def __init__(self, cache_dir: Path, embedder: Embedder) -> None:
        self.embedder = embedder
        self.folder = cache_dir / "vectors" / re.sub(r"[^\w.-]+", "_", embedder.model_id)
        self.ids: list[str] = []
        self.hashes: list[str] = []
        self.matrix: Vectors = np.zeros((0, embedder.dim), dtype=np.float32)
        self.row_of: dict[str, int] = {}
        self._loaded = False

    # -- persistence ----------------------------------------------------------------------------

    def _load(self) -> bool:
        try:
            meta = orjson.loads((self.folder / "meta.json").read_bytes())
            matrix = np.load(self.folder / "matrix.npy", allow_pickle=False)
        except (OSError, ValueError, orjson.JSONDecodeError):
            return False
        rows = meta.get("rows", [])
        consistent = (
            meta.get("model") == self.embedder.model_id
            and matrix.dtype == np.float32
            and matrix.shape == (len(rows), self.embedder.dim)
        )
        if not consistent:  # a cache from elsewhere or a torn write: rebuild rather than trust it
            return False
        self.ids = [r[0] for r in rows]
        self.hashes = [r[1] for r in rows]
        self.matrix = np.ascontiguousarray(matrix)
        self.row_of = {rid: i for i, rid in enumerate(self.ids)}
        return True

    def _save(self) -> None:
        self.folder.mkdir(parents=True, exist_ok=True, mode=0o700)
        tmp = self.folder / f".matrix.{os.getpid()}.npy"
        try:
            np.save(tmp, self.matrix, allow_pickle=False)
            os.replace(tmp, self.folder / "matrix.npy")
        finally:
            with contextlib.suppress(FileNotFoundError):
                tmp.unlink()
        meta = {
            "model": self.embedder.model_id,
            "dim": self.embedder.dim,
            "rows": list(zip(self.ids, self.hashes, strict=True)),
        }
        write_atomic(self.folder / "meta.json", orjson.dumps(meta))

    # -- keeping up with the file ----------------------------------------------------------------

    def sync(self, items: Sequence[tuple[str, str]]) -> SyncStats:
        """Make the store hold exactly ``items`` (record id, text to embed); embed what is missing."""
        started = time.perf_counter()
        stats = SyncStats()
        if not self._loaded:
            stats.from_cache = self._load()
            self._loaded = True
        wanted = {rid: text_hash(text) for rid, text in items}
        texts = dict(items)
        keep = [i for i, rid in enumerate(self.ids) if wanted.get(rid) == self.hashes[i]]
        missing = [rid for rid, h in wanted.items() if rid not in self.row_of or self.hashes[self.row_of[rid]] != h]
        stats.removed = len(self.ids) - len(keep)
        if missing or stats.removed:
            parts = [self.matrix[keep]] if keep else []
            ids = [self.ids[i] for i in keep]
            hashes = [self.hashes[i] for i in keep]
            for start in range(0, len(missing), EMBED_BATCH):
                batch = missing[start : start + EMBED_BATCH]
                parts.append(self.embedder.embed([texts[rid] for rid in batch]))
                ids += batch
                hashes += [wanted[rid] for rid in batch]
            self.matrix = (
                np.ascontiguousarray(np.concatenate(parts)).astype(np.float32, copy=False)
                if parts
                else np.zeros((0, self.embedder.dim), dtype=np.float32)
            )
            self.ids, self.hashes = ids, hashes
            self.row_of = {rid: i for i, rid in enumerate(ids)}
            stats.embedded = len(missing)
            with contextlib.suppress(OSError):  # a cache that cannot be written only costs time later
                self._save()
        stats.rows = len(self.ids)
        stats.seconds = time.perf_counter() - started
        return stats

    # -- search ---------------------------------------------------------------------------------

    def subset(self, allowed: set[str]) -> tuple[Vectors, list[str]]:
        """The rows of the records in scope as one contiguous matrix (built once per scope and change)."""
        rows = sorted(self.row_of[rid] for rid in allowed if rid in self.row_of)
        return np.ascontiguousarray(self.matrix[rows]), [self.ids[i] for i in rows]


def top_k(matrix: Vectors, ids: list[str], queries: Vectors, k: int) -> list[tuple[str, float]]:
    """Exact search: the best cosine per record over all query rows (multi-vector), top ``k``."""
    if not ids or queries.shape[0] == 0:
        return []
    assert queries.dtype == np.float32 and matrix.dtype == np.float32, "float64 would upcast the whole matrix"
    sims = (matrix @ queries.T).max(axis=1)
    k = min(k, len(ids))
    top = np.argpartition(-sims, k - 1)[:k]
    top = top[np.argsort(-sims[top])]
    return [(ids[int(i)], float(sims[i])) for i in top]
