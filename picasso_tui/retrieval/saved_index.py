"""What a one-shot recall needs, saved per content of memory.json and per scope.

Without it a fresh ``picasso memory recall`` decodes all of memory.json, hashes every text, reads the
whole vector cache and rebuilds BM25 (~0.2 s at 10k records) to answer one query. After such a full
refresh the retriever saves what it produced for its scope: the scoped ids, their vectors, the BM25
arrays and the scoped records' raw JSON, in one file ``cache/recall/<key>.bin``. The next fresh
process reads memory.json only to stamp its bytes (``store.stamp``), and when the stamp, the scope,
the embedding model and this format all match, it decodes just the records its query returns.

A cache, never a source of truth: a missing, damaged (checksum) or mismatched file means a full
refresh, which writes a new one. Saved indexes of any other content of memory.json are deleted then,
so a deleted memory's text leaves this cache when it leaves the term cache (the next full refresh).
"""

from __future__ import annotations

import contextlib
import hashlib
import mmap
import zlib
from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import numpy as np
import numpy.typing as npt
import orjson

from picasso_tui import __version__
from picasso_tui.retrieval.lexical import BM25, TERMS_VERSION
from picasso_tui.retrieval.scope import Scope
from picasso_tui.retrieval.vectors import Vectors
from picasso_tui.store.atomic import write_atomic

FORMAT = 2
"""Bump when what is saved, or how it is computed (terms, BM25 weights, embed text), changes."""
MAGIC = b"PICASSO-RECALL-INDEX\n\x00\x00\x00"  # 24 bytes; then the header's length and CRC-32
_ALIGN = 64
_PREFIX = len(MAGIC) + 12
_U8 = npt.NDArray[np.uint8]


def index_key(scope: Scope, model_id: str, dim: int) -> dict[str, Any]:
    """Everything besides memory.json's bytes that decides what a saved index holds."""
    return {
        "format": FORMAT,
        "version": __version__,
        "terms": TERMS_VERSION,
        "namespaces": list(scope.namespaces()),  # exactly what ``Scope.allows`` admits
        "model": model_id,
        "dim": dim,
    }


def index_path(cache_dir: Path, key: dict[str, Any]) -> Path:
    name = hashlib.sha1(orjson.dumps(key, option=orjson.OPT_SORT_KEYS), usedforsecurity=False).hexdigest()[:24]
    return cache_dir / "recall" / f"{name}.bin"


class SavedRaws(Mapping[str, dict[str, Any]]):
    """The scope's raw records, each decoded from the saved JSON only when asked for."""

    def __init__(self, ids: list[str], at: dict[str, int], bounds: npt.NDArray[np.int64], blob: _U8) -> None:
        self._at = at  # id -> position in ``ids`` (BM25's own map: one dict of 10k ids costs ~2 ms)
        self._ids = ids
        self._bounds = bounds
        self._blob = blob

    def __getitem__(self, rid: str) -> dict[str, Any]:
        i = self._at[rid]
        raw: dict[str, Any] = orjson.loads(memoryview(self._blob[self._bounds[i] : self._bounds[i + 1]]))
        return raw

    def __contains__(self, rid: object) -> bool:
        return rid in self._at

    def __iter__(self) -> Iterator[str]:
        return iter(self._ids)

    def __len__(self) -> int:
        return len(self._ids)


@dataclass
class SavedIndex:
    ids: list[str]
    """The scope's live records in file order: BM25's documents and the records' order."""
    raws: Mapping[str, dict[str, Any]]
    matrix: Vectors
    matrix_ids: list[str]
    """The ids of ``matrix``'s rows (the vector store's order, which exact search's ties follow)."""
    bm25: BM25


def save(
    path: Path,
    key: dict[str, Any],
    stamp: str,
    raws: Mapping[str, dict[str, Any]],
    matrix: Vectors,
    matrix_ids: list[str],
    bm25: BM25,
) -> None:
    """Write the index atomically (readers see the old file or the new one), then delete the saved
    indexes of other contents of memory.json. Failing to write only costs the next process time."""
    ids = list(raws)
    if ids != bm25.ids or len(matrix_ids) != matrix.shape[0] or not set(matrix_ids) <= raws.keys():
        return  # not the shape ``load`` trusts: better no cache than a wrong one
    rows = np.fromiter((bm25.index_of[rid] for rid in matrix_ids), dtype=np.int32, count=len(matrix_ids))
    blobs = [orjson.dumps(raws[rid]) for rid in ids]
    bounds = np.zeros(len(blobs) + 1, dtype=np.int64)
    np.cumsum([len(b) for b in blobs], out=bounds[1:])
    arrays: list[tuple[str, npt.NDArray[Any]]] = [
        ("matrix", np.ascontiguousarray(matrix, dtype=np.float32)),
        ("rows", rows),  # each matrix row's position in ``ids``: half the header a second id list took
        ("indptr", np.ascontiguousarray(bm25.indptr, dtype=np.int64)),
        ("docs", np.ascontiguousarray(bm25.docs, dtype=np.int32)),
        ("weights", np.ascontiguousarray(bm25.weights, dtype=np.float32)),
        ("bounds", bounds),
        ("records", np.frombuffer(b"".join(blobs), dtype=np.uint8)),
    ]
    layout: dict[str, tuple[int, str, list[int]]] = {}
    offset = 0
    for name, array in arrays:
        layout[name] = (offset, array.dtype.str, list(array.shape))
        offset += -(-array.nbytes // _ALIGN) * _ALIGN
    header = orjson.dumps(
        {
            "key": key,
            "stamp": stamp,
            "ids": ids,
            "vocab": list(bm25.vocab),
            "arrays": layout,
            "body": offset,
        }
    )
    start = -(-(_PREFIX + len(header)) // _ALIGN) * _ALIGN
    out = bytearray(start + offset)
    out[_PREFIX : _PREFIX + len(header)] = header
    for name, array in arrays:
        at = start + layout[name][0]
        out[at : at + array.nbytes] = array.tobytes()
    crc = zlib.crc32(memoryview(out)[_PREFIX:])
    out[:_PREFIX] = MAGIC + len(header).to_bytes(8, "little") + crc.to_bytes(4, "little")
    with contextlib.suppress(OSError):
        path.parent.mkdir(parents=True, exist_ok=True, mode=0o700)
        write_atomic(path, bytes(out), durable=False)
        _drop_others(path, stamp)


def load(path: Path, key: dict[str, Any], stamp: str) -> SavedIndex | None:
    """The index saved for exactly this key and memory.json content; None when there is none, it is
    damaged, or it was saved for anything else."""
    try:  # mapped, not read: the checksum and the search touch the pages once, nothing is copied
        with path.open("rb") as fh:
            buf = np.frombuffer(mmap.mmap(fh.fileno(), 0, access=mmap.ACCESS_READ), dtype=np.uint8)
    except (OSError, ValueError):
        return None
    try:
        return _parse(buf, key, stamp)
    except (ValueError, KeyError, TypeError, IndexError, orjson.JSONDecodeError):
        return None


def _parse(buf: _U8, key: dict[str, Any], stamp: str) -> SavedIndex | None:
    if buf.size < _PREFIX or buf[: len(MAGIC)].tobytes() != MAGIC:
        return None
    size = int.from_bytes(buf[len(MAGIC) : len(MAGIC) + 8].tobytes(), "little")
    crc = int.from_bytes(buf[len(MAGIC) + 8 : _PREFIX].tobytes(), "little")
    if _PREFIX + size > buf.size or zlib.crc32(memoryview(buf[_PREFIX:])) != crc:
        return None
    header = orjson.loads(memoryview(buf[_PREFIX : _PREFIX + size]))
    if header["key"] != key or header["stamp"] != stamp:
        return None
    start = -(-(_PREFIX + size) // _ALIGN) * _ALIGN
    if start + int(header["body"]) != buf.size:
        return None
    arrays: dict[str, npt.NDArray[Any]] = {}
    for name, (offset, dtype, shape) in header["arrays"].items():
        dt = np.dtype(dtype)
        count = int(np.prod(shape, dtype=np.int64))
        at = start + int(offset)
        if at + count * dt.itemsize > buf.size:
            return None
        arrays[name] = buf[at : at + count * dt.itemsize].view(dt).reshape(shape)
    ids: list[str] = header["ids"]
    matrix, rows, bounds = arrays["matrix"], arrays["rows"], arrays["bounds"]
    if matrix.shape != (rows.size, key["dim"]) or bounds.shape != (len(ids) + 1,):
        return None
    matrix_ids = [ids[i] for i in rows.tolist()]
    bm25 = BM25.from_arrays(ids, header["vocab"], arrays["indptr"], arrays["docs"], arrays["weights"])
    return SavedIndex(ids, SavedRaws(ids, bm25.index_of, bounds, arrays["records"]), matrix, matrix_ids, bm25)


def _drop_others(keep: Path, stamp: str) -> None:
    """Delete the saved indexes of any other content of memory.json: stale for good, and they hold
    memory text. Those of other scopes for this same content stay."""
    for other in keep.parent.glob("*.bin"):
        if other != keep and _stamp_of(other) != stamp:
            with contextlib.suppress(OSError):
                other.unlink()


def _stamp_of(path: Path) -> str | None:
    try:
        with path.open("rb") as fh:
            prefix = fh.read(_PREFIX)
            if len(prefix) < _PREFIX or not prefix.startswith(MAGIC):
                return None
            header = orjson.loads(fh.read(int.from_bytes(prefix[len(MAGIC) : len(MAGIC) + 8], "little")))
        stamp = header.get("stamp") if isinstance(header, dict) else None
        return stamp if isinstance(stamp, str) else None
    except (OSError, orjson.JSONDecodeError):
        return None
