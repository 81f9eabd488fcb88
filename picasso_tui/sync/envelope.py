"""AES-256-GCM envelopes for synced records (security-anchors §2.3).

A record is encrypted on the device. The associated data binds the ciphertext to the account,
namespace, record id, schema version and key id, and it is rebuilt from what the client *expects*
(the id it is reading), so a server that moves a ciphertext to another record gets InvalidTag.
"""

from __future__ import annotations

import base64
import os
import struct
from collections.abc import Mapping
from functools import lru_cache
from typing import Any

import orjson
from cryptography.exceptions import InvalidTag
from cryptography.hazmat.primitives import hashes
from cryptography.hazmat.primitives.ciphers.aead import AESGCM
from cryptography.hazmat.primitives.kdf.hkdf import HKDF

from picasso_tui.store.schema import SCHEMA_VERSION
from picasso_tui.sync.errors import IntegrityError, SyncError

FORMAT = 1
NONCE_BYTES = 12
RECORDS_INFO = b"picasso/v1/records"
CHECK_INFO = b"picasso/v1/key-check"
CHECK_PLAINTEXT = b"picasso key check v1"


@lru_cache(maxsize=32)
def subkey(account_key: bytes, info: bytes) -> bytes:
    """Record, key-check and link keys are never the same key: one HKDF per purpose."""
    return HKDF(algorithm=hashes.SHA256(), length=32, salt=None, info=info).derive(account_key)


def _lp(text: str) -> bytes:
    raw = text.encode("utf-8")
    return struct.pack(">H", len(raw)) + raw


def record_aad(account: str, namespace: str, record_id: str, schema_version: int, key_id: str) -> bytes:
    return (
        b"picasso-mem\x00"
        + bytes([FORMAT])
        + _lp(account)
        + _lp(namespace)
        + _lp(record_id)
        + struct.pack(">H", schema_version)
        + _lp(key_id)
    )


def _b64(data: bytes) -> str:
    return base64.b64encode(data).decode("ascii")


def _unb64(text: Any) -> bytes:
    if not isinstance(text, str):
        raise ValueError("not base64 text")
    return base64.b64decode(text, validate=True)


def seal_record(account_key: bytes, key_id: str, account: str, record: Mapping[str, Any]) -> dict[str, Any]:
    """``{"v", "kid", "ns", "sv", "n", "ct"}``: everything but the namespace is opaque to the server."""
    namespace = record["metadata"]["namespace"]
    nonce = os.urandom(NONCE_BYTES)
    aad = record_aad(account, namespace, record["id"], SCHEMA_VERSION, key_id)
    ct = AESGCM(subkey(account_key, RECORDS_INFO)).encrypt(nonce, orjson.dumps(record), aad)
    return {"v": FORMAT, "kid": key_id, "ns": namespace, "sv": SCHEMA_VERSION, "n": _b64(nonce), "ct": _b64(ct)}


def open_record(keys: Mapping[str, bytes], account: str, record_id: str, envelope: Any) -> dict[str, Any]:
    """The record (file form) inside ``envelope``, which the server says belongs to ``record_id``."""
    if not isinstance(envelope, dict) or envelope.get("v") != FORMAT:
        raise IntegrityError(f"The sync server sent record {record_id} in a format this Picasso does not read.")
    sv = envelope.get("sv")
    if isinstance(sv, int) and sv > SCHEMA_VERSION:
        raise SyncError(
            f"Record {record_id} on the sync server was written by a newer Picasso (schema {sv}). Update Picasso."
        )
    kid, namespace = envelope.get("kid"), envelope.get("ns")
    if not isinstance(kid, str) or not isinstance(namespace, str) or not isinstance(sv, int):
        raise IntegrityError(f"The sync server sent a malformed envelope for record {record_id}.")
    key = keys.get(kid)
    if key is None:
        raise SyncError(
            f"Record {record_id} is encrypted with key {kid}, which this device does not have; "
            f"import it with `picasso memory key import --stdin` or link this device."
        )
    if not namespace.startswith(f"account:{account}/"):
        raise IntegrityError(f"The sync server sent record {record_id} under another account's namespace; refused.")
    try:
        plain = AESGCM(subkey(key, RECORDS_INFO)).decrypt(
            _unb64(envelope.get("n")), _unb64(envelope.get("ct")), record_aad(account, namespace, record_id, sv, kid)
        )
        record = orjson.loads(plain)
    except (InvalidTag, ValueError, orjson.JSONDecodeError):
        raise IntegrityError(
            f"Record {record_id} from the sync server does not authenticate (tampered with, or moved from "
            f"another record); nothing was merged."
        ) from None
    md = record.get("metadata") if isinstance(record, dict) else None
    if not isinstance(md, dict) or record.get("id") != record_id or md.get("namespace") != namespace:
        raise IntegrityError(f"Record {record_id} from the sync server does not match its own contents; refused.")
    return record


def key_check(account_key: bytes, key_id: str, account: str) -> dict[str, str]:
    """A value the server keeps so that a device can tell a wrong key early (Matrix-style)."""
    nonce = os.urandom(NONCE_BYTES)
    aad = b"picasso/key-check/v1\x00" + _lp(account) + _lp(key_id)
    ct = AESGCM(subkey(account_key, CHECK_INFO)).encrypt(nonce, CHECK_PLAINTEXT, aad)
    return {"kid": key_id, "n": _b64(nonce), "ct": _b64(ct)}


def verify_key_check(account_key: bytes, key_id: str, account: str, check: Mapping[str, Any]) -> bool:
    aad = b"picasso/key-check/v1\x00" + _lp(account) + _lp(key_id)
    try:
        plain = AESGCM(subkey(account_key, CHECK_INFO)).decrypt(_unb64(check.get("n")), _unb64(check.get("ct")), aad)
    except (InvalidTag, ValueError):
        return False
    return plain == CHECK_PLAINTEXT
