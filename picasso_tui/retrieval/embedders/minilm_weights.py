"""all-MiniLM-L6-v2's weights: the safetensors file read as numpy views of one memory map, arranged per
layer as the forward pass in ``minilm.py`` multiplies them."""

from __future__ import annotations

import json
import struct
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import numpy as np
import numpy.typing as npt

from picasso_tui.retrieval.embedders.base import EmbedderUnavailable

DIM = 384
LAYERS = 6
INSTALL_HINT = "run `picasso memory model install`"
REINSTALL_HINT = "reinstall it with `picasso memory model install --force`"

_DTYPES: dict[str, str] = {"F32": "<f4", "F16": "<f2", "F64": "<f8", "I64": "<i8", "I32": "<i4"}

F32 = npt.NDArray[np.float32]
LayerNorm = tuple[F32, F32]


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
class Layer:
    wqkv: F32  # (D, 3D), the query part pre-scaled by 1/sqrt(head dim)
    bqkv: F32
    wo: F32  # (D, D)
    bo: F32
    ln1: LayerNorm
    wi: F32  # (D, 4D)
    bi: F32
    wout: F32  # (4D, D)
    bout: F32
    ln2: LayerNorm


@dataclass(frozen=True)
class Weights:
    word: npt.NDArray[Any]  # (30522, D) stays memory-mapped
    pos: F32
    type0: F32
    ln0: LayerNorm
    layers: list[Layer]


def load_weights(t: dict[str, npt.NDArray[Any]], heads: int, folder: Path) -> Weights:
    """The embeddings and the encoder's layers from the file's tensors ``t``."""
    unexpected = f"The model in {folder} is not the expected all-MiniLM-L6-v2; {REINSTALL_HINT}."
    try:
        word = t["embeddings.word_embeddings.weight"]
        if word.dtype != np.float32 or word.shape[1] != DIM:
            raise KeyError("word_embeddings")
        pos = _f32(t["embeddings.position_embeddings.weight"])
        type0 = _f32(t["embeddings.token_type_embeddings.weight"][0])
        ln0 = (_f32(t["embeddings.LayerNorm.weight"]), _f32(t["embeddings.LayerNorm.bias"]))
        scale = np.float32(1.0 / np.sqrt(DIM // heads))
        layers: list[Layer] = []
        while f"encoder.layer.{len(layers)}.attention.self.query.weight" in t:
            layers.append(_layer(t, f"encoder.layer.{len(layers)}.", scale))
    except (KeyError, ValueError, IndexError):
        raise EmbedderUnavailable(unexpected) from None
    if len(layers) != LAYERS:
        raise EmbedderUnavailable(unexpected)
    return Weights(word, pos, type0, ln0, layers)


def _layer(t: dict[str, npt.NDArray[Any]], p: str, scale: np.float32) -> Layer:
    """Layer ``p``: query, key and value in one matrix (the query pre-scaled), the others as the BLAS wants them."""
    a = p + "attention."
    wq = _f32(t[a + "self.query.weight"]) * scale
    bq = _f32(t[a + "self.query.bias"]) * scale
    wqkv = np.concatenate([wq, t[a + "self.key.weight"], t[a + "self.value.weight"]], axis=0)
    bqkv = np.concatenate([bq, t[a + "self.key.bias"], t[a + "self.value.bias"]])
    return Layer(
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


def _f32(a: npt.NDArray[Any]) -> F32:
    return np.ascontiguousarray(a, dtype=np.float32)


def _mapped_t(a: npt.NDArray[Any]) -> F32:
    """The transpose of a float32 weight as a view of the memory-mapped file: BLAS takes the
    transposed layout as it is, so a fresh process neither copies nor touches ~30 MB up front."""
    return a.T if a.dtype == np.float32 else _f32(a.T)
