"""Exact nearest-neighbour search over unit-length float32 rows, and when it beats the graph (``ann.py``).

Similarity is the cosine, i.e. the dot product of unit rows. Every search takes several query rows (the prompt,
file paths, symbols: multi-vector) and merges them: a label's score is its best similarity to any query row.
:func:`exact_search` is the reference and the default: one float32 matmul and an ``argpartition``. It is exact,
needs no build and no persistence, and is fast below :data:`HNSW_MIN_ROWS` (numbers in ``tests/bench/bench_ann.py``).
Scope filtering (``allowed_mask``) is exact: no row outside it is ever returned, whatever the scores.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import numpy as np
import numpy.typing as npt

Matrix = npt.NDArray[np.float32]
Hit = tuple[int, float]

HNSW_MIN_ROWS = 5_000
"""Searchable rows above which :class:`ann.HnswIndex` answers faster than :func:`exact_search` on the project machine.

Measured (2 vCPU EPYC, dim 384, k 8, ef 64, clustered data, one BLAS thread, ``tests/bench/bench_ann.py
--crossover``), p50 exact vs HNSW: one query row 0.08 vs 0.09 ms at 2k, 0.11 vs 0.10 at 3k, 0.18 vs 0.16 at 5k,
0.98 vs 0.33 at 10k, 7.0 vs 0.53 at 50k; three merged rows 0.33 vs 0.24 at 2k, 1.0 vs 0.49 at 5k, 3.0 vs 0.92 at 10k.
From 5k on the graph wins at p50 and p95 for one and three query rows; its recall@8 at ef 64 was 1.0 on clustered
data and 0.997-1.0 on real MiniLM embeddings at 10k and 100k. Below it, exact search is as fast, exact, and needs no
index. (With two BLAS threads on an idle machine exact search is up to ~2x faster, moving the crossover towards 10k;
with any other load on the machine two BLAS threads make it far slower: 7 ms at 2k rows. See bench_ann.py.)
"""

MIN_HNSW_ALLOWED_FRACTION = 0.2
"""Below this share of the index's rows in ``allowed``, search the allowed rows exactly: the graph has to walk past
the disallowed rows and loses recall, while gathering fewer rows makes exact search cheaper. At 100k rows (p50):
25% allowed, graph 1.2 ms (recall 0.995) vs exact 7.5 ms; 10%, graph 8.5 ms (0.985) vs exact 4.1 ms; 1%, graph 35 ms
vs exact 0.2-0.6 ms."""


def prefer_exact(n_rows: int, n_allowed: int | None = None) -> bool:
    """Whether exact search is the better choice for a store of ``n_rows`` rows, ``n_allowed`` of them in scope."""
    if n_rows < HNSW_MIN_ROWS:
        return True
    if n_allowed is None:
        return False
    return n_allowed < HNSW_MIN_ROWS or n_allowed < MIN_HNSW_ALLOWED_FRACTION * n_rows


def as_queries(query_rows: npt.NDArray[Any], dim: int) -> Matrix:
    """``query_rows`` as a float32 matrix of ``dim`` columns (one row given alone becomes a matrix of one)."""
    if query_rows.dtype != np.float32:
        raise TypeError(f"query rows must be float32, not {query_rows.dtype} (a float64 query upcasts the index)")
    q = query_rows.reshape(1, -1) if query_rows.ndim == 1 else query_rows
    if q.ndim != 2 or q.shape[1] != dim:
        raise ValueError(f"query rows of shape {query_rows.shape} do not match dimension {dim}")
    return q


def _top(scores: npt.NDArray[np.float32], k: int) -> npt.NDArray[np.intp]:
    """Indices of the k largest scores, best first."""
    if k >= scores.shape[0]:
        return np.argsort(-scores, kind="stable")
    part = np.argpartition(-scores, k - 1)[:k]
    return part[np.argsort(-scores[part], kind="stable")]


def _best_per_row(matrix: Matrix, queries: Matrix) -> npt.NDArray[np.float32]:
    if queries.shape[0] == 1:
        return matrix @ queries[0]
    return (matrix @ queries.T).max(axis=1)


def exact_search(
    matrix: Matrix,
    labels: Sequence[int] | npt.NDArray[np.integer],
    query_rows: Matrix,
    k: int,
    allowed_mask: npt.NDArray[np.bool_] | None = None,
) -> list[Hit]:
    """The ``k`` labels most similar to any of ``query_rows``, best first, as ``(label, cosine)``.

    ``matrix`` holds one unit float32 row per label (``labels[i]`` names row ``i``); ``allowed_mask``, if given, is a
    boolean per row and no row outside it is ever returned (fewer than ``k`` hits when fewer rows are allowed).
    """
    if matrix.dtype != np.float32:
        raise TypeError(f"matrix must be float32, not {matrix.dtype}")
    if matrix.ndim != 2:
        raise ValueError(f"matrix must be 2-D, not of shape {matrix.shape}")
    n, dim = matrix.shape
    if len(labels) != n:
        raise ValueError(f"{len(labels)} labels for {n} rows")
    queries = as_queries(query_rows, dim)
    if k <= 0 or n == 0 or queries.shape[0] == 0:
        return []
    if allowed_mask is None:
        scores = _best_per_row(matrix, queries)
        top = _top(scores, k)
        return [(int(labels[i]), float(scores[i])) for i in top]
    if allowed_mask.dtype != np.bool_ or allowed_mask.shape != (n,):
        raise ValueError(f"allowed_mask must be a boolean array of shape ({n},)")
    rows = np.flatnonzero(allowed_mask)
    if rows.size == 0:
        return []
    if rows.size * 6 < n:
        # Gathering a row costs ~5x its dot product (random reads plus a copy): only worth it for a small scope.
        scores = _best_per_row(matrix[rows], queries)
        top = _top(scores, k)
        return [(int(labels[rows[i]]), float(scores[i])) for i in top]
    scores = _best_per_row(matrix, queries)
    scores[~allowed_mask] = -np.inf
    top = _top(scores, min(k, int(rows.size)))
    return [(int(labels[i]), float(scores[i])) for i in top]
