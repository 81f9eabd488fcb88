"""The hnswlib index for large stores: approximate nearest-neighbour search over unit-length float32 rows.

Similarity is the cosine, i.e. the dot product of unit rows (hnswlib's ``"ip"`` space, distance ``1 - dot``).
Every search takes several query rows (the prompt, file paths, symbols: multi-vector) and merges them: a label's
score is its best similarity to any query row, as in :func:`exact.exact_search`, the reference and the default
below :data:`exact.HNSW_MIN_ROWS`.

:class:`HnswIndex` wraps hnswlib (built from source, an optional dependency: see :func:`hnswlib_available`). It is
approximate: check recall on real embeddings, keep ``ef_search`` at 64 or more, and persist it, since a rebuild
costs seconds to a minute while loading costs tens of milliseconds.

Scope filtering (``allowed``) is exact: no label outside ``allowed`` is ever returned, whatever the scores.
When the allowed set is a small part of the index, exact search over those rows beats the graph by far (the graph has
to walk past every disallowed neighbour): see :func:`exact.prefer_exact`.
"""

from __future__ import annotations

import json
import math
import os
import secrets
import threading
from collections.abc import Sequence
from collections.abc import Set as AbstractSet
from pathlib import Path
from typing import Any

import numpy as np
import numpy.typing as npt

from picasso_tui.retrieval.exact import MIN_HNSW_ALLOWED_FRACTION, Hit, Matrix, as_queries, exact_search

DEFAULT_EF_SEARCH = 64
DEFAULT_M = 16
DEFAULT_EF_CONSTRUCTION = 100
"""efC 100 reaches the same recall as 200 on clustered data in half the build time (performance-anchors §2)."""

FORMAT = "picasso-hnsw/1"

# Over-fetching (ask the graph for more than k, drop the disallowed) beats hnswlib's per-label Python filter callback
# when a fair share of the index is allowed; the callback is the fallback that is always complete.
_OVERFETCH_SLACK = 2.0
_OVERFETCH_MIN_FRACTION = MIN_HNSW_ALLOWED_FRACTION
_COUNT_SCOPE_MAX = 8192
_EXACT_SCOPE_MAX = 256  # hnswlib's get_items costs ~15 us a label: exact over a tiny scope beats the filtered walk


class IndexLoadError(Exception):
    """A persisted index is missing, unreadable, of another format or dimension: rebuild it."""


class HnswUnavailable(ImportError):
    """hnswlib is not installed (it builds from source: ``HNSWLIB_NO_NATIVE=1 pip install hnswlib==0.8.0``)."""


def hnswlib_available() -> bool:
    try:
        import hnswlib  # noqa: F401
    except ImportError:
        return False
    return True


def _import_hnswlib() -> Any:
    try:
        import hnswlib
    except ImportError as exc:
        raise HnswUnavailable(str(exc)) from exc
    return hnswlib


def _merge(label_rows: npt.NDArray[np.uint64], dist_rows: npt.NDArray[np.float32], k: int) -> list[Hit]:
    """Best similarity per label over all query rows, the ``k`` best first."""
    best: dict[int, float] = {}
    for labels, dists in zip(label_rows.tolist(), dist_rows.tolist(), strict=True):
        for label, dist in zip(labels, dists, strict=True):
            score = 1.0 - dist
            if score > best.get(label, -math.inf):
                best[label] = score
    return sorted(best.items(), key=lambda hit: (-hit[1], hit[0]))[:k]


class HnswIndex:
    """An hnswlib graph over unit float32 rows keyed by non-negative int labels.

    All methods take one lock: hnswlib's ``knn_query`` is not safe alongside ``add_items``/``resize_index``, and the
    query's ``ef`` is index-wide state. Queries are ~0.3 ms, so serialising them costs little.
    """

    def __init__(
        self,
        dim: int,
        *,
        capacity: int = 1024,
        m: int = DEFAULT_M,
        ef_construction: int = DEFAULT_EF_CONSTRUCTION,
        ef_search: int = DEFAULT_EF_SEARCH,
        num_threads: int = -1,
        _index: Any = None,
    ) -> None:
        hnswlib = _import_hnswlib()
        self.dim = dim
        self.m = m
        self.ef_construction = ef_construction
        self.ef_search = ef_search
        self.num_threads = num_threads
        """Threads for ``add`` (-1: all cores). Queries always run on the calling thread."""
        self.meta: dict[str, Any] = {}
        """Caller's data saved with the index (e.g. the model id and a fingerprint of the rows it was built from)."""
        self._lock = threading.Lock()
        self._live: set[int] = set()
        self._deleted: set[int] = set()
        if _index is None:
            _index = hnswlib.Index(space="ip", dim=dim)
            _index.init_index(max_elements=max(1, capacity), M=m, ef_construction=ef_construction, random_seed=100)
        self._index = _index
        self._ef = -1

    # -- building and updating -------------------------------------------------------------------------------------

    @classmethod
    def build(
        cls,
        labels: Sequence[int] | npt.NDArray[np.integer],
        matrix: Matrix,
        **options: Any,
    ) -> HnswIndex:
        """A new index over ``matrix`` (row ``i`` labelled ``labels[i]``)."""
        if matrix.ndim != 2:
            raise ValueError(f"matrix must be 2-D, not of shape {matrix.shape}")
        index = cls(matrix.shape[1], capacity=max(1, matrix.shape[0]), **options)
        index.add(labels, matrix)
        return index

    def add(self, labels: Sequence[int] | npt.NDArray[np.integer], rows: Matrix) -> None:
        """Insert rows; a label already present (live or deleted) is replaced by its new vector."""
        if rows.dtype != np.float32:
            raise TypeError(f"rows must be float32, not {rows.dtype}")
        if rows.ndim != 2 or rows.shape[1] != self.dim:
            raise ValueError(f"rows of shape {rows.shape} do not match dimension {self.dim}")
        ids = np.asarray(labels, dtype=np.int64)
        if ids.shape != (rows.shape[0],):
            raise ValueError(f"{ids.shape[0]} labels for {rows.shape[0]} rows")
        if ids.size == 0:
            return
        if int(ids.min()) < 0:
            raise ValueError("labels must be non-negative")
        unique, first = np.unique(ids[::-1], return_index=True)
        if unique.size != ids.size:  # the last row given for a label wins
            keep = np.sort(ids.size - 1 - first)
            ids, rows = ids[keep], rows[keep]
        id_list = ids.tolist()
        with self._lock:
            new = sum(1 for label in id_list if label not in self._live and label not in self._deleted)
            needed = self._index.element_count + new
            if needed > self._index.max_elements:
                self._index.resize_index(max(needed, self._index.max_elements * 3 // 2))
            self._index.add_items(np.ascontiguousarray(rows), ids, num_threads=self.num_threads)
            self._live.update(id_list)
            self._deleted.difference_update(id_list)

    def mark_deleted(self, labels: Sequence[int] | npt.NDArray[np.integer]) -> int:
        """Hide removed labels from searches; returns how many were live. (A changed row needs no delete: ``add`` it
        again and its vector is replaced.) Deleted slots stay in the graph until a rebuild: see ``should_rebuild``."""
        count = 0
        with self._lock:
            for label in np.asarray(labels, dtype=np.int64).tolist():
                if label in self._live:
                    self._index.mark_deleted(label)
                    self._live.discard(label)
                    self._deleted.add(label)
                    count += 1
        return count

    # -- state ------------------------------------------------------------------------------------------------------

    def __len__(self) -> int:
        return len(self._live)

    def __contains__(self, label: object) -> bool:
        return label in self._live

    @property
    def labels(self) -> frozenset[int]:
        """The live labels (what a search can return)."""
        with self._lock:
            return frozenset(self._live)

    @property
    def deleted_count(self) -> int:
        return len(self._deleted)

    @property
    def should_rebuild(self) -> bool:
        """Deleted slots still cost memory and graph hops: rebuild when they reach a quarter of the live rows."""
        return len(self._deleted) > max(64, len(self._live) // 4)

    # -- search -----------------------------------------------------------------------------------------------------

    def search(
        self,
        query_rows: Matrix,
        k: int,
        allowed: AbstractSet[int] | None = None,
        *,
        ef: int | None = None,
    ) -> list[Hit]:
        """The ``k`` labels most similar to any query row, best first, as ``(label, cosine)``; only labels in
        ``allowed`` when it is given (fewer than ``k`` when fewer are allowed)."""
        queries = as_queries(query_rows, self.dim)
        with self._lock:
            live = len(self._live)
            if k <= 0 or live == 0 or queries.shape[0] == 0 or (allowed is not None and not allowed):
                return []
            k_want = min(k, live)
            ef_base = max(ef or self.ef_search, 4 * k_want)
            if allowed is None:
                labels, dists = self._knn(queries, k_want, ef_base)
                return _merge(labels, dists, k_want)
            fraction = min(1.0, len(allowed) / live)
            if fraction >= _OVERFETCH_MIN_FRACTION:
                hits = self._search_overfetch(queries, k_want, allowed, fraction, ef_base)
                if hits is not None:
                    return hits
            return self._search_filtered(queries, k_want, allowed, ef_base)

    def _knn(
        self, queries: Matrix, k: int, ef: int, filter_: Any = None
    ) -> tuple[npt.NDArray[np.uint64], npt.NDArray[np.float32]]:
        ef = max(ef, k)
        if ef != self._ef:
            self._index.set_ef(ef)
            self._ef = ef
        return self._index.knn_query(queries, k=k, num_threads=1, filter=filter_)

    def _search_overfetch(
        self, queries: Matrix, k: int, allowed: AbstractSet[int], fraction: float, ef: int
    ) -> list[Hit] | None:
        live = len(self._live)
        k_fetch = min(live, math.ceil(k / fraction * _OVERFETCH_SLACK) + k)
        labels, dists = self._knn(queries, k_fetch, max(ef, 2 * k_fetch))  # ef = k_fetch lost 2-15% recall
        complete = k_fetch == live
        best: dict[int, float] = {}
        for row_labels, row_dists in zip(labels.tolist(), dists.tolist(), strict=True):
            found = 0
            for label, dist in zip(row_labels, row_dists, strict=True):
                if label in allowed:
                    found += 1
                    score = 1.0 - dist
                    if score > best.get(label, -math.inf):
                        best[label] = score
                    if found == k:
                        break
            if found < k and not complete:
                return None  # this row's allowed neighbours lie beyond the over-fetch: let hnswlib filter
        return sorted(best.items(), key=lambda hit: (-hit[1], hit[0]))[:k]

    def _search_filtered(self, queries: Matrix, k: int, allowed: AbstractSet[int], ef: int) -> list[Hit]:
        """A small scope: hnswlib's filter callback (one Python call per visited row), at twice the usual ef since
        the walk loses recall as the scope shrinks. Callers with the matrix do better with exact search."""
        # hnswlib raises when it finds fewer than k allowed labels (after walking the whole graph): count them first
        # when that is cheap, so the common small-scope case never pays for a failed search.
        in_scope = [label for label in allowed if label in self._live] if len(allowed) <= _COUNT_SCOPE_MAX else None
        if in_scope is not None:
            if not in_scope:
                return []
            if len(in_scope) <= _EXACT_SCOPE_MAX:
                return self._exact_over(queries, k, in_scope)
        k_try = min(k, len(allowed) if in_scope is None else len(in_scope))
        try:
            labels, dists = self._knn(queries, k_try, 2 * ef, allowed.__contains__)
            return _merge(labels, dists, k)
        except RuntimeError:  # fewer than k_try allowed labels were reachable
            pass
        if in_scope is None:
            in_scope = [label for label in allowed if label in self._live]
            if not in_scope:
                return []
        if len(in_scope) < k_try:
            try:
                labels, dists = self._knn(queries, len(in_scope), 2 * ef, allowed.__contains__)
                return _merge(labels, dists, k)
            except RuntimeError:
                pass
        # Last resort (graph split by deletions): exact search over the stored vectors of the allowed labels.
        return self._exact_over(queries, k, in_scope)

    def _exact_over(self, queries: Matrix, k: int, labels: list[int]) -> list[Hit]:
        vectors = np.asarray(self._index.get_items(labels, return_type="numpy"), dtype=np.float32)
        return exact_search(vectors, labels, queries, k)

    # -- persistence ------------------------------------------------------------------------------------------------

    def save(self, path: str | os.PathLike[str]) -> None:
        """Write the index atomically: the graph to a new ``<name>.<token>.bin`` beside ``path``, then ``path`` (a
        small JSON header naming it) by temp file + ``os.replace``; older graph files of ``path`` are removed."""
        target = Path(path)
        target.parent.mkdir(parents=True, exist_ok=True)
        data_name = f"{target.name}.{secrets.token_hex(6)}.bin"
        tmp_data = target.parent / f".{data_name}.tmp"
        tmp_meta = target.parent / f".{target.name}.{secrets.token_hex(6)}.tmp"
        try:
            with self._lock:
                self._index.save_index(str(tmp_data))
                header = {
                    "format": FORMAT,
                    "data": data_name,
                    "data_size": tmp_data.stat().st_size,
                    "dim": self.dim,
                    "space": "ip",
                    "m": self.m,
                    "ef_construction": self.ef_construction,
                    "ef_search": self.ef_search,
                    "element_count": self._index.element_count,
                    "live": len(self._live),
                    "deleted": sorted(self._deleted),
                    "meta": self.meta,
                }
            os.replace(tmp_data, target.parent / data_name)
            tmp_meta.write_text(json.dumps(header), encoding="utf-8")
            os.replace(tmp_meta, target)
        finally:
            tmp_data.unlink(missing_ok=True)
            tmp_meta.unlink(missing_ok=True)
        for old in target.parent.glob(f"{target.name}.*.bin"):
            if old.name != data_name:
                old.unlink(missing_ok=True)

    @classmethod
    def load(cls, path: str | os.PathLike[str], dim: int, *, num_threads: int = -1) -> HnswIndex:
        """Read an index written by :meth:`save`; :class:`IndexLoadError` if it is missing, damaged or of another
        dimension (the caller rebuilds). The caller checks ``meta`` and ``labels`` against its own rows."""
        try:
            return cls._load(Path(path), dim, num_threads)
        except IndexLoadError as first:
            if "vanished" not in str(first):
                raise
            return cls._load(Path(path), dim, num_threads)  # a concurrent save replaced the graph file: once more

    @classmethod
    def _load(cls, target: Path, dim: int, num_threads: int) -> HnswIndex:
        hnswlib = _import_hnswlib()
        try:
            header = json.loads(target.read_text(encoding="utf-8"))
        except FileNotFoundError as exc:
            raise IndexLoadError(f"no index at {target}") from exc
        except (OSError, ValueError) as exc:
            raise IndexLoadError(f"unreadable index header {target}: {exc}") from exc
        if not isinstance(header, dict) or header.get("format") != FORMAT:
            raise IndexLoadError(f"{target} is not a {FORMAT} index")
        if header.get("dim") != dim or header.get("space") != "ip":
            raise IndexLoadError(f"{target} has dimension {header.get('dim')}, not {dim}")
        data = target.parent / str(header["data"])
        try:
            size = data.stat().st_size
        except FileNotFoundError as exc:
            raise IndexLoadError(f"graph file {data.name} vanished") from exc
        if size != header["data_size"]:
            raise IndexLoadError(f"graph file {data.name} has {size} bytes, not {header['data_size']}")
        raw = hnswlib.Index(space="ip", dim=dim)
        try:
            raw.load_index(str(data))
        except RuntimeError as exc:
            if not data.exists():
                raise IndexLoadError(f"graph file {data.name} vanished") from exc
            raise IndexLoadError(f"damaged graph file {data.name}: {exc}") from exc
        if raw.element_count != header["element_count"]:
            raise IndexLoadError(f"{data.name} holds {raw.element_count} rows, the header {header['element_count']}")
        index = cls(
            dim,
            m=int(header["m"]),
            ef_construction=int(header["ef_construction"]),
            ef_search=int(header["ef_search"]),
            num_threads=num_threads,
            _index=raw,
        )
        deleted = {int(label) for label in header["deleted"]}
        index._deleted = deleted
        index._live = {int(label) for label in raw.get_ids_list()} - deleted
        if len(index._live) != header["live"]:
            raise IndexLoadError(f"{data.name} has {len(index._live)} live rows, the header {header['live']}")
        index.meta = dict(header.get("meta") or {})
        return index
