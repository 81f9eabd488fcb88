"""The weights of a resident MiniLM as 64-column panels, and the few-row matmul over them.

OpenBLAS runs each (rows x 384) x (384 x 64) product with its small-matrix kernel, which skips the
packing of the whole weight that a (13 x 384) x (384 x 1536) GEMM pays on every call: the six layers'
products take 4.0 instead of 7.6 ms for a 13-token query on one core.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from picasso_tui.retrieval.embedders.minilm_weights import F32, Layer, LayerNorm

_PANEL = 64  # weight columns per panel
_PANEL_K = 384  # weight rows per panel (the model width); the FFN's 1536-long inner dimension is split and summed
# A panel product costs little while m*n*k stays under ~1e6, OpenBLAS's small-matrix limit on this CPU
# (SkylakeX kernels): rows * 64 * 384 stays under it up to 40 token rows; one call with 50 rows is already
# slower than the plain GEMM (measured), so more rows are multiplied in slices of at most 40.
_PANEL_ROWS = 40


@dataclass(frozen=True)
class Panels:
    """One layer's weights as (k blocks, n panels, 384, 64) C-contiguous panels (see ``PanelBuffer.panel``)."""

    wqkv: F32
    bqkv: F32
    wo: F32
    bo: F32
    ln1: LayerNorm
    wi: F32
    bi: F32
    wout: F32
    bout: F32
    ln2: LayerNorm

    @classmethod
    def of(cls, layer: Layer, into: PanelBuffer) -> Panels:
        return cls(
            wqkv=into.panel(layer.wqkv),
            bqkv=layer.bqkv,
            wo=into.panel(layer.wo),
            bo=layer.bo,
            ln1=layer.ln1,
            wi=into.panel(layer.wi),
            bi=layer.bi,
            wout=into.panel(layer.wout),
            bout=layer.bout,
            ln2=layer.ln2,
        )


class PanelBuffer:
    """All layers' panels in one allocation, in the order a forward pass reads them. Over 4 MB, numpy
    asks for transparent huge pages: streaming the ~40 MB a query reads through 2 MB pages instead of
    4 kB ones (where the prefetchers stop at every page) makes a query's forward ~18% faster here."""

    def __init__(self, layers: list[Layer]) -> None:
        self._data = np.empty(sum(w.size for x in layers for w in (x.wqkv, x.wo, x.wi, x.wout)), dtype=np.float32)
        self._used = 0

    def panel(self, w: F32) -> F32:
        """A (K, N) weight as (K / 384, N / 64, 384, 64): every panel one contiguous block."""
        k, n = w.shape
        shape = (k // _PANEL_K, n // _PANEL, _PANEL_K, _PANEL)
        out = self._data[self._used : self._used + w.size].reshape(shape)
        out[...] = w.reshape(shape[0], _PANEL_K, shape[1], _PANEL).transpose(0, 2, 1, 3)
        self._used += w.size
        return out


def panel_matmul(a: F32, p: F32) -> F32:
    """``a @ w`` for a few rows, with ``p`` from ``PanelBuffer.panel(w)``: one batched matmul (numpy
    loops over the panels in C)."""
    kb, nb, _, c = p.shape
    rows = a.shape[0]
    if rows > _PANEL_ROWS:  # in even row slices under the kernel's limit; the later ones find the panels cached
        step = -(-rows // -(-rows // _PANEL_ROWS))
        return np.concatenate([panel_matmul(a[r : r + step], p) for r in range(0, rows, step)])
    if kb == 1:
        out = np.matmul(a, p[0])  # (panels, rows, 64)
    else:  # split the 1536-long inner dimension into 384-long blocks and sum their products
        out = np.matmul(a.reshape(rows, kb, _PANEL_K).transpose(1, 0, 2)[:, None], p).sum(axis=0)
    return out.transpose(1, 0, 2).reshape(rows, nb * c)
