"""Content hashes of source files, cached by (path, mtime_ns, size) so a re-check costs one stat."""

from __future__ import annotations

import hashlib
import os
import threading
from pathlib import Path

HASH_CHARS = 20
_cache: dict[str, tuple[int, int, str]] = {}
_lock = threading.Lock()


def file_hash(path: Path | str) -> str | None:
    """sha256 of the file's bytes (first HASH_CHARS hex), or None when it is gone or unreadable."""
    key = os.fspath(path)
    try:
        st = os.stat(key)
    except OSError:
        return None
    hit = _cache.get(key)
    if hit is not None and hit[0] == st.st_mtime_ns and hit[1] == st.st_size:
        return hit[2]
    try:
        with open(key, "rb") as handle:
            digest = hashlib.file_digest(handle, "sha256").hexdigest()[:HASH_CHARS]
    except OSError:
        return None
    with _lock:
        _cache[key] = (st.st_mtime_ns, st.st_size, digest)
    return digest


def hashes_for(root: Path, rels: list[str] | tuple[str, ...]) -> dict[str, str]:
    out = {}
    for rel in rels:
        digest = file_hash(root / rel)
        if digest is not None:
            out[rel] = digest
    return out


def clear_cache() -> None:
    with _lock:
        _cache.clear()
