"""Password hashing with scrypt from ``cryptography`` (no extra dependency for a login)."""

from __future__ import annotations

import base64
import os

from cryptography.exceptions import InvalidKey
from cryptography.hazmat.primitives.kdf.scrypt import Scrypt

LOG_N, R, P = 15, 8, 1  # 32 MiB and about 0.1 s per hash here; raise LOG_N on a bigger server


def hash_password(password: str) -> str:
    salt = os.urandom(16)
    digest = Scrypt(salt=salt, length=32, n=2**LOG_N, r=R, p=P).derive(password.encode("utf-8"))
    return f"scrypt${LOG_N}${R}${P}${_b64(salt)}${_b64(digest)}"


def verify_password(password: str, stored: str) -> bool:
    try:
        scheme, log_n, r, p, salt, digest = stored.split("$")
        if scheme != "scrypt":
            return False
        kdf = Scrypt(salt=base64.b64decode(salt), length=32, n=2 ** int(log_n), r=int(r), p=int(p))
        kdf.verify(password.encode("utf-8"), base64.b64decode(digest))
    except (ValueError, InvalidKey):
        return False
    return True


def _b64(data: bytes) -> str:
    return base64.b64encode(data).decode("ascii")
