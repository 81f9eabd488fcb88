"""Record ids: ``mem_`` + a ULID (48-bit millisecond time, 80 random bits, Crockford base32).

Ids sort by creation time, which keeps listings and the file's order stable.
"""

from __future__ import annotations

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
