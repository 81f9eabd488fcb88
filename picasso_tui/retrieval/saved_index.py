"""What a one-shot recall needs, saved per content of memory.json and per scope.

Without it a fresh ``picasso memory recall`` decodes all of memory.json, hashes every text, reads the
whole vector cache and rebuilds BM25 (~0.2 s at 10k records) to answer one query. After such a full
refresh the retriever saves what it produced for its scope in one file, ``cache/recall/<key>.bin``:
the scoped ids, where each of those records lies in memory.json (``codec.record_spans``), their
vectors and the BM25 arrays. The next fresh process reads memory.json's bytes to stamp them
(``store.stamp``), and when the stamp, the scope, the embedding model and this format all match, it
decodes from those same bytes just the records its query returns.

A cache, never a source of truth: a missing, damaged (CRC-32 over the whole file) or mismatched file
means a full refresh, which writes a new one. Saved indexes of any other content of memory.json are
deleted then: they are stale for good. A file in another writer's layout is not indexed (no spans).
"""

from __future__ import annotations

import contextlib
import hashlib
import mmap
import os
import time
import zlib
from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import numpy as np
import numpy.typing as npt
import orjson

from picasso_tui import __version__
from picasso_tui.atomic import TEMP_MAX_AGE_S, temp_name
from picasso_tui.retrieval.lexical import BM25, TERMS_VERSION
from picasso_tui.retrieval.scope import Scope
from picasso_tui.retrieval.vectors import Vectors
from picasso_tui.store.forgetting import text_cache_lock, unchanged_since

FORMAT = 3
"""Bump when what is saved, or how it is computed (terms, BM25 weights, embed text), changes."""
MAGIC = b"PICASSO-RECALL-INDEX\n\x00\x00\x00"  # 24 bytes; then the header's length and the CRC-32
_ALIGN = 64
_PREFIX = len(MAGIC) + 12


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
    """The scope's raw records, each decoded from its line of memory.json only when asked for."""

    def __init__(self, ids: list[str], at: dict[str, int], spans: npt.NDArray[np.int64], data: bytes) -> None:
        self._ids = ids
        self._at = at  # id -> position in ``ids`` (BM25's own map: one dict of 10k ids costs ~2 ms)
        self._spans = spans
        self._data = data

    def __getitem__(self, rid: str) -> dict[str, Any]:
        start, end = self._spans[self._at[rid]].tolist()
        raw: dict[str, Any] = orjson.loads(memoryview(self._data)[start:end])
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
    spans: dict[str, tuple[int, int]],
    ids: list[str],
    matrix: Vectors,
    matrix_ids: list[str],
    bm25: BM25,
    *,
    source: tuple[Path, bytes] | None = None,
) -> None:
    """Write the index atomically (readers see the old file or the new one), then delete the saved
    indexes of other contents of memory.json. Failing to write only costs the next process time.

    With ``source`` (memory.json and the bytes indexed), written under the text-cache lock and only
    while the file still holds those bytes: an index of a content a write has since replaced holds
    the words of memories that write may have deleted, after the store's scrub ran (paths.py)."""
    if ids != bm25.ids or len(matrix_ids) != matrix.shape[0] or not all(rid in spans for rid in ids):
        return  # not the shape ``load`` trusts: better no cache than a wrong one
    index_of = bm25.index_of
    if not all(rid in index_of for rid in matrix_ids):
        return
    arrays: list[tuple[str, npt.NDArray[Any]]] = [
        ("matrix", np.ascontiguousarray(matrix, dtype=np.float32)),
        ("rows", np.fromiter((index_of[rid] for rid in matrix_ids), dtype=np.int32, count=len(matrix_ids))),
        ("indptr", np.ascontiguousarray(bm25.indptr, dtype=np.int64)),
        ("docs", np.ascontiguousarray(bm25.docs, dtype=np.int32)),
        ("weights", np.ascontiguousarray(bm25.weights, dtype=np.float32)),
        ("spans", np.array([spans[rid] for rid in ids], dtype=np.int64).reshape(len(ids), 2)),
    ]
    layout: dict[str, tuple[int, str, list[int]]] = {}
    offset = 0
    for name, array in arrays:
        layout[name] = (offset, array.dtype.str, list(array.shape))
        offset += _padded(array.nbytes)
    header = orjson.dumps(
        {"key": key, "stamp": stamp, "ids": ids, "vocab": list(bm25.vocab), "arrays": layout, "body": offset}
    )
    # Written piece by piece from the arrays' own memory: assembling ~20 MB first costs ~0.1 s.
    zeros = bytes(_ALIGN)
    chunks: list[bytes | memoryview] = [header, zeros[: _padded(_PREFIX + len(header)) - _PREFIX - len(header)]]
    for _, array in arrays:
        flat = memoryview(array.view(np.uint8).reshape(-1))  # its bytes without a copy (also when empty)
        chunks += [flat, zeros[: _padded(array.nbytes) - array.nbytes]]
    crc = 0
    for chunk in chunks:
        crc = zlib.crc32(chunk, crc)
    prefix = MAGIC + len(header).to_bytes(8, "little") + crc.to_bytes(4, "little")
    with contextlib.suppress(OSError), text_cache_lock(path.parent.parent) as locked:
        if not locked or (source is not None and not unchanged_since(*source)):
            return
        path.parent.mkdir(parents=True, exist_ok=True, mode=0o700)
        _write_replace(path, [prefix, *chunks])
        _drop_others(path, stamp)


def load(path: Path, key: dict[str, Any], stamp: str, data: bytes) -> SavedIndex | None:
    """The index saved for exactly this key and memory.json content (``data``, stamped ``stamp``);
    None when there is none, it is damaged, or it was saved for anything else."""
    try:  # mapped, not read: the checksum and the search touch the pages once, nothing is copied
        with path.open("rb") as fh:
            buf = np.frombuffer(mmap.mmap(fh.fileno(), 0, access=mmap.ACCESS_READ), dtype=np.uint8)
    except (OSError, ValueError):
        return None
    try:
        return _parse(buf, key, stamp, data)
    except (ValueError, KeyError, TypeError, IndexError, orjson.JSONDecodeError):
        return None


def _parse(buf: npt.NDArray[np.uint8], key: dict[str, Any], stamp: str, data: bytes) -> SavedIndex | None:
    if buf.size < _PREFIX or buf[: len(MAGIC)].tobytes() != MAGIC:
        return None
    size = int.from_bytes(buf[len(MAGIC) : len(MAGIC) + 8].tobytes(), "little")
    crc = int.from_bytes(buf[len(MAGIC) + 8 : _PREFIX].tobytes(), "little")
    if _PREFIX + size > buf.size or zlib.crc32(memoryview(buf[_PREFIX:])) != crc:
        return None
    header = orjson.loads(memoryview(buf[_PREFIX : _PREFIX + size]))
    if header["key"] != key or header["stamp"] != stamp:
        return None
    start = _padded(_PREFIX + size)
    if start + int(header["body"]) != buf.size:
        return None
    arrays: dict[str, npt.NDArray[Any]] = {}
    for name, (offset, dtype, shape) in header["arrays"].items():
        dt = np.dtype(dtype)
        at = start + int(offset)
        end = at + int(np.prod(shape, dtype=np.int64)) * dt.itemsize
        if end > buf.size:
            return None
        arrays[name] = buf[at:end].view(dt).reshape(shape)
    ids: list[str] = header["ids"]
    matrix, rows, spans = arrays["matrix"], arrays["rows"], arrays["spans"]
    if matrix.shape != (rows.size, key["dim"]) or spans.shape != (len(ids), 2):
        return None
    if len(ids) and (spans.min() < 0 or spans.max() > len(data)):
        return None
    matrix_ids = [ids[i] for i in rows.tolist()]
    bm25 = BM25.from_arrays(ids, header["vocab"], arrays["indptr"], arrays["docs"], arrays["weights"])
    return SavedIndex(ids, SavedRaws(ids, bm25.index_of, spans, data), matrix, matrix_ids, bm25)


def _padded(n: int) -> int:
    return -(-n // _ALIGN) * _ALIGN


def _write_replace(path: Path, chunks: list[bytes | memoryview]) -> None:
    """Temp file in the same folder, then ``os.replace``: no fsync, a lost cache only costs time."""
    tmp = temp_name(path)
    try:
        with os.fdopen(os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600), "wb") as fh:
            for chunk in chunks:
                fh.write(chunk)
        os.replace(tmp, path)
    except BaseException:
        with contextlib.suppress(OSError):
            tmp.unlink()
        raise


def _drop_others(keep: Path, stamp: str) -> None:
    """Delete the saved indexes of any other content of memory.json (stale for good; those of other
    scopes for this same content stay) and the temp files of writers that died."""
    for other in keep.parent.glob("*.bin"):
        if other != keep and _stamp_of(other) != stamp:
            with contextlib.suppress(OSError):
                other.unlink()
    for tmp in keep.parent.glob(".*.tmp"):
        with contextlib.suppress(OSError):
            if time.time() - tmp.stat().st_mtime > TEMP_MAX_AGE_S:
                tmp.unlink()


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
