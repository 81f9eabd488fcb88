"""The one interface every embedder implements."""

from __future__ import annotations

from typing import Protocol

import numpy as np
import numpy.typing as npt

from picasso_tui.retrieval.errors import RetrievalError

Vectors = npt.NDArray[np.float32]


class Embedder(Protocol):
    model_id: str
    """Names the model and its settings: vectors of different ids are never compared."""
    dim: int

    def embed(self, texts: list[str]) -> Vectors:
        """Unit-length float32 rows, one per text, shape (len(texts), dim)."""
        ...


class EmbedderUnavailable(RetrievalError):
    """The configured embedder cannot run here (model not installed, endpoint unreachable)."""


def normalize(matrix: npt.NDArray[np.floating]) -> Vectors:
    """Rows scaled to unit length, as float32 (a float64 query would upcast the whole index)."""
    m = np.asarray(matrix, dtype=np.float32)
    norms = np.linalg.norm(m, axis=1, keepdims=True)
    norms[norms == 0] = np.float32(1.0)
    return (m / norms).astype(np.float32, copy=False)
