"""The vector store: one contiguous float32 matrix per embedding model, keyed by record id and
body hash, persisted under ``<home>/cache/vectors/<model>/``, with an hnswlib graph over it once
the store is large enough for the graph to win (``exact.HNSW_MIN_ROWS``).

It is a cache of the file, never a source of truth: deleting it loses nothing, and it is rebuilt
from the bodies when missing or inconsistent. Embeddings are computed lazily, only for records
that are new or whose text changed.

Rows are append-only within an *epoch*: a removed or changed record leaves a dead row behind, so
a row number names one vector for the epoch's life and serves as the graph's label. When dead
rows reach a quarter of the live ones the matrix is compacted and a new epoch starts (the graph
is rebuilt, in the background, by the resident process that wants it).
"""

from __future__ import annotations

import contextlib
import hashlib
import os
import re
import secrets
import shutil
import threading
import time
from collections.abc import Sequence
from collections.abc import Set as AbstractSet
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import numpy as np
import orjson

from picasso_tui.atomic import write_atomic
from picasso_tui.retrieval import ann, exact
from picasso_tui.retrieval.blas import all_threads
from picasso_tui.retrieval.embedders.base import Embedder, Vectors

EMBED_BATCH = 64
GRAPH_FILE = "graph.json"
MAX_PARTS = 16


def _part_names(meta: dict[str, Any]) -> list[str]:
    """The row files a meta.json names, in order (``matrix.npy`` in caches written before parts)."""
    parts = meta.get("parts")
    if parts is None:
        return ["matrix.npy"]
    if not isinstance(parts, list) or not all(isinstance(p, str) and "/" not in p for p in parts):
        raise ValueError("bad parts")
    return parts


_VERSIONED = re.compile(r"^(?P<family>.+)-v(?P<version>\d+)-(?P<rest>.+)$")


def _drop_superseded(folder: Path) -> None:
    """Delete the vectors of older versions of our own hash embedder (``hash-v1-384`` once
    ``hash-v2-384`` has saved): nothing computes those vectors any more. Other models' folders stay,
    whatever their names: a provider's ``…-v1-…`` and ``…-v2-…`` may be two models a user switches between."""
    m = _VERSIONED.match(folder.name)
    if m is None or m["family"] != "hash":
        return
    for other in folder.parent.iterdir():
        o = _VERSIONED.match(other.name)
        if o and (o["family"], o["rest"]) == (m["family"], m["rest"]) and int(o["version"]) < int(m["version"]):
            shutil.rmtree(other, ignore_errors=True)


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
        self.ids: list[str] = []  # "" for a dead row
        self.hashes: list[str] = []
        self.matrix: Vectors = np.zeros((0, embedder.dim), dtype=np.float32)
        self.row_of: dict[str, int] = {}
        self.epoch = secrets.token_hex(6)
        self.graph: ann.HnswIndex | None = None
        self._graph_lock = threading.Lock()
        self._building: threading.Thread | None = None
        self._loaded = False
        self._parts: list[tuple[str, int]] = []  # row files on disk: (name, rows), in order
        self.partial = False

    @classmethod
    def scoped_rows(cls, cache_dir: Path, embedder: Embedder, ids: list[str], matrix: Vectors) -> VectorStore:
        """Only a scope's rows, saved earlier, for a process that answers one query: never synced,
        saved or graphed (``partial``); a refresh replaces it with the whole store."""
        store = cls(cache_dir, embedder)
        store.ids, store.matrix = ids, matrix
        store.row_of = {rid: i for i, rid in enumerate(ids)}
        store.partial = True
        return store

    @property
    def live_rows(self) -> int:
        return len(self.row_of)

    # -- persistence ----------------------------------------------------------------------------

    def _load(self) -> bool:
        try:
            meta = orjson.loads((self.folder / "meta.json").read_bytes())
            parts = [np.load(self.folder / name, allow_pickle=False) for name in _part_names(meta)]
        except (OSError, ValueError, TypeError, orjson.JSONDecodeError):
            return False
        rows = meta.get("rows", [])
        consistent = (
            meta.get("model") == self.embedder.model_id
            and all(p.dtype == np.float32 and p.ndim == 2 and p.shape[1] == self.embedder.dim for p in parts)
            and sum(p.shape[0] for p in parts) == len(rows)
        )
        if not consistent:  # a cache from elsewhere or a torn write: rebuild rather than trust it
            return False
        self.ids = [r[0] for r in rows]
        self.hashes = [r[1] for r in rows]
        empty = np.zeros((0, self.embedder.dim), dtype=np.float32)
        self.matrix = np.ascontiguousarray(np.concatenate(parts) if parts else empty)
        self.row_of = {rid: i for i, rid in enumerate(self.ids) if rid}
        self.epoch = str(meta.get("epoch") or secrets.token_hex(6))
        self._parts = [(name, p.shape[0]) for name, p in zip(_part_names(meta), parts, strict=True)]
        return True

    def _save(self) -> None:
        """Persist what changed. Rows are append-only within an epoch, so new rows go to a new part file
        and the rest stays on disk: one memory written at 100k rows writes one row, not 150 MB. Part
        files never change once written; meta.json, replaced atomically, names them and is the commit
        point, so another process saving at the same moment can only make this cache stale, never wrong.
        More than ``MAX_PARTS`` parts (or a compaction) rewrite everything as one part."""
        self.folder.mkdir(parents=True, exist_ok=True, mode=0o700)
        saved = sum(n for _, n in self._parts)
        rewrite = saved > len(self.ids) or len(self._parts) >= MAX_PARTS or not self._parts
        if rewrite:
            self._parts = []
            saved = 0
        if len(self.ids) > saved:
            name = f"rows-{self.epoch}-{secrets.token_hex(4)}.npy"
            tmp = self.folder / f".{name}.tmp"
            try:
                with tmp.open("wb") as fh:
                    np.save(fh, self.matrix[saved:], allow_pickle=False)
                os.replace(tmp, self.folder / name)
            finally:
                with contextlib.suppress(FileNotFoundError):
                    tmp.unlink()
            self._parts.append((name, len(self.ids) - saved))
        meta = {
            "model": self.embedder.model_id,
            "dim": self.embedder.dim,
            "epoch": self.epoch,
            "parts": [name for name, _ in self._parts],
            "rows": list(zip(self.ids, self.hashes, strict=True)),
        }
        write_atomic(self.folder / "meta.json", orjson.dumps(meta), durable=False)
        if rewrite:  # parts no meta names any more (older epochs, a crashed writer's leftovers)
            keep = {name for name, _ in self._parts}
            for old in self.folder.glob("rows-*.npy"):
                if old.name not in keep:
                    old.unlink(missing_ok=True)
            (self.folder / "matrix.npy").unlink(missing_ok=True)  # the single-file layout before parts
            _drop_superseded(self.folder)

    # -- keeping up with the file ----------------------------------------------------------------

    def sync(self, items: Sequence[tuple[str, str]], hashes: dict[str, str] | None = None) -> SyncStats:
        """Make the store hold exactly ``items`` (record id, text to embed); embed what is missing.
        ``hashes`` (record id -> ``text_hash`` of its text) spares hashing when the caller has them."""
        started = time.perf_counter()
        stats = SyncStats()
        if not self._loaded:
            stats.from_cache = self._load()
            self._loaded = True
        wanted = hashes if hashes is not None else {rid: text_hash(text) for rid, text in items}
        texts = dict(items)
        killed = [row for rid, row in self.row_of.items() if wanted.get(rid) != self.hashes[row]]
        for row in killed:
            del self.row_of[self.ids[row]]
            self.ids[row] = ""
        missing = [rid for rid in wanted if rid not in self.row_of]
        stats.removed = len(killed)
        if missing or killed:
            first_new = len(self.ids)
            parts = [self.matrix]
            with all_threads() if len(missing) > EMBED_BATCH else contextlib.nullcontext():
                for start in range(0, len(missing), EMBED_BATCH):
                    batch = missing[start : start + EMBED_BATCH]
                    parts.append(self.embedder.embed([texts[rid] for rid in batch]))
            if missing:
                self.matrix = np.ascontiguousarray(np.concatenate(parts)).astype(np.float32, copy=False)
                self.ids += missing
                self.hashes += [wanted[rid] for rid in missing]
                self.row_of.update((rid, first_new + i) for i, rid in enumerate(missing))
            dead = len(self.ids) - len(self.row_of)
            if dead > max(64, len(self.row_of) // 4):
                self._compact()
            else:
                self._update_graph(killed, range(first_new, len(self.ids)))
            stats.embedded = len(missing)
            with contextlib.suppress(OSError):  # a cache that cannot be written only costs time later
                self._save()
        stats.rows = len(self.row_of)
        stats.seconds = time.perf_counter() - started
        return stats

    def _compact(self) -> None:
        self._parts = []  # every row moves: the next save rewrites them all
        live = sorted(self.row_of.values())
        self.matrix = np.ascontiguousarray(self.matrix[live])
        self.ids = [self.ids[i] for i in live]
        self.hashes = [self.hashes[i] for i in live]
        self.row_of = {rid: i for i, rid in enumerate(self.ids)}
        self.epoch = secrets.token_hex(6)
        with self._graph_lock:
            self.graph = None  # row numbers changed: the graph is rebuilt by whoever wants it

    def _update_graph(self, killed: Sequence[int], added: range) -> None:
        with self._graph_lock:
            graph = self.graph
            if graph is None:
                return
            if killed:
                graph.mark_deleted(killed)
            if len(added):
                graph.add(np.arange(added.start, added.stop), self.matrix[added.start : added.stop])
            if graph.should_rebuild:
                self.graph = None

    # -- the graph (hnswlib), for resident processes ---------------------------------------------

    def ensure_graph(self, *, background: bool = True) -> None:
        """Load or build the graph when the store is large enough for it to win. A build runs on its
        own thread (seconds at 10k rows, a minute or more at 100k); searches stay exact until then."""
        if self.graph is not None or self.live_rows < exact.HNSW_MIN_ROWS or not ann.hnswlib_available():
            return
        if self._building is not None and self._building.is_alive():
            return
        epoch, rows = self.epoch, len(self.ids)
        matrix = self.matrix
        live = np.fromiter(sorted(self.row_of.values()), dtype=np.int64, count=self.live_rows)
        job = threading.Thread(target=self._load_or_build, args=(epoch, rows, matrix, live), daemon=True)
        self._building = job
        job.start()
        if not background:
            job.join()

    def _load_or_build(self, epoch: str, rows: int, matrix: Vectors, live: np.ndarray) -> None:
        path = self.folder / GRAPH_FILE
        graph: ann.HnswIndex | None = None
        with contextlib.suppress(ann.IndexLoadError, OSError):
            loaded = ann.HnswIndex.load(path, self.embedder.dim, num_threads=1)
            if loaded.meta.get("epoch") == epoch and loaded.meta.get("model") == self.embedder.model_id:
                graph = loaded
        built = graph is None
        if graph is None:
            graph = ann.HnswIndex.build(live, matrix[live], num_threads=1)  # one core: the UI keeps the other
            graph.meta = {"epoch": epoch, "model": self.embedder.model_id}
        with self._graph_lock:
            if self.epoch != epoch:
                return  # compacted meanwhile: a later call starts again
            want = set(self.row_of.values())
            have = graph.labels
            if have - want:
                graph.mark_deleted(sorted(have - want))
            extra = sorted(want - have)
            if extra:
                graph.add(np.asarray(extra, dtype=np.int64), self.matrix[extra])
            self.graph = graph
        if built or extra:
            with contextlib.suppress(OSError):
                graph.save(path)

    # -- search ---------------------------------------------------------------------------------

    def subset(self, allowed: set[str]) -> tuple[Vectors, list[str]]:
        """The rows of the records in scope as one contiguous matrix (built once per scope and change)."""
        rows = sorted(self.row_of[rid] for rid in allowed if rid in self.row_of)
        return np.ascontiguousarray(self.matrix[rows]), [self.ids[i] for i in rows]

    def graph_search(self, queries: Vectors, k: int, allowed_rows: AbstractSet[int]) -> list[tuple[str, float]] | None:
        """Approximate top ``k`` within ``allowed_rows`` through the graph; None when no graph is ready or
        exact search is the better choice for this scope (``exact.prefer_exact``)."""
        graph = self.graph
        if graph is None or exact.prefer_exact(self.live_rows, len(allowed_rows)):
            return None
        hits = graph.search(queries, k, allowed_rows)
        return [(self.ids[label], sim) for label, sim in hits if self.ids[label]]


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
