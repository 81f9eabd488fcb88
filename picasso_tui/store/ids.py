"""Record ids: ``mem_`` + a ULID (48-bit millisecond time, 80 random bits, Crockford base32).

Ids sort by creation time, which keeps listings and the file's order stable.
"""

from __future__ import annotations

import hashlib
import re
import secrets
import time

_ALPHABET = "0123456789ABCDEFGHJKMNPQRSTVWXYZ"


def new_id(now_ms: int | None = None) -> str:
    ms = int(time.time() * 1000) if now_ms is None else now_ms
    value = (ms << 80) | secrets.randbits(80)
    chars = []
    for _ in range(26):
        chars.append(_ALPHABET[value & 31])
        value >>= 5
    return "mem_" + "".join(reversed(chars))


SAFE_ID = re.compile(r"[A-Za-z0-9][A-Za-z0-9_.:-]{0,127}")
"""The grammar of an id that may be written anywhere as it is (records, sessions, event lines)."""


def safe_id(value: str) -> str:
    """``value`` if it is a plain identifier, else a stable hash of it: caller-supplied ids (an MCP
    session id) reach the event log and provenance, and may carry escapes, paths or prose."""
    if SAFE_ID.fullmatch(value):
        return value
    return "h_" + hashlib.sha256(value.encode("utf-8", "surrogatepass")).hexdigest()[:24]
