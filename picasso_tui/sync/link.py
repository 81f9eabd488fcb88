"""Linking a new device: X25519 request, six BIP-39 words, the key sealed to the new device.

The new device posts its public key; both devices derive six words from SHA-256 over the
request id and that public key (66 bits: a relay that substitutes its own key would have to
grind 2^66 keys to keep the words). The approving device only answers a request whose words the
user typed, seals the account key to that public key, and the new device proves the key by
checking it against the account's key-check value before keeping it.
"""

from __future__ import annotations

import base64
import hashlib
import json
import os
import re
import time
from collections.abc import Callable
from dataclasses import dataclass
from functools import cache
from typing import Any

from cryptography.exceptions import InvalidTag
from cryptography.hazmat.primitives import hashes, serialization
from cryptography.hazmat.primitives.asymmetric.x25519 import X25519PrivateKey, X25519PublicKey
from cryptography.hazmat.primitives.ciphers.aead import AESGCM
from cryptography.hazmat.primitives.kdf.hkdf import HKDF

from picasso_tui.sync import envelope
from picasso_tui.sync.api import SyncApi
from picasso_tui.sync.errors import LinkError
from picasso_tui.sync.keys import AccountKey, KeyRing, key_id_of

WORDS = 6
LINK_TTL_S = 600
CLOCK_SKEW_S = 120
_RAW = serialization.Encoding.Raw, serialization.PublicFormat.Raw


@cache
def wordlist() -> tuple[str, ...]:
    from mnemonic import Mnemonic

    words = tuple(Mnemonic("english").wordlist)
    assert len(words) == 2048
    return words


def link_words(request_id: str, public_key: bytes) -> list[str]:
    """The six words both devices show: the first 66 bits of SHA-256, 11 bits a word."""
    digest = hashlib.sha256(b"picasso/link/v1" + request_id.encode("utf-8") + public_key).digest()
    bits = int.from_bytes(digest, "big") >> (256 - 11 * WORDS)
    return [wordlist()[(bits >> (11 * (WORDS - 1 - i))) & 0x7FF] for i in range(WORDS)]


def parse_code(code: str) -> list[str]:
    words = [w for w in re.split(r"[\s,\-]+", code.strip().lower()) if w]
    if len(words) != WORDS:
        raise LinkError(f"Give the six words the new device shows (got {len(words)}).")
    unknown = [w for w in words if w not in wordlist()]
    if unknown:
        raise LinkError(f"'{unknown[0]}' is not one of the link words; check the spelling on the new device.")
    return words


def _b64(data: bytes) -> str:
    return base64.b64encode(data).decode("ascii")


def _seal_key(shared: bytes, sender: bytes, recipient: bytes, request_id: str) -> bytes:
    return HKDF(
        algorithm=hashes.SHA256(),
        length=32,
        salt=sender + recipient,
        info=b"picasso/link-seal/v1\x00" + request_id.encode("utf-8"),
    ).derive(shared)


def _aad(account_id: str, request_id: str) -> bytes:
    return b"picasso/link/v1\x00" + account_id.encode("utf-8") + b"\x00" + request_id.encode("utf-8")


def seal_key(account_id: str, request_id: str, recipient_public: bytes, key: AccountKey) -> dict[str, str]:
    """The account key, readable only by the holder of ``recipient_public``'s private key."""
    ephemeral = X25519PrivateKey.generate()
    sender = ephemeral.public_key().public_bytes(*_RAW)
    shared = ephemeral.exchange(X25519PublicKey.from_public_bytes(recipient_public))
    nonce = os.urandom(12)
    payload = json.dumps({"kid": key.key_id, "key": _b64(key.key)}).encode()
    ct = AESGCM(_seal_key(shared, sender, recipient_public, request_id)).encrypt(
        nonce, payload, _aad(account_id, request_id)
    )
    return {"v": "1", "epk": _b64(sender), "n": _b64(nonce), "ct": _b64(ct)}


def open_sealed(account_id: str, request_id: str, private_key: X25519PrivateKey, sealed: Any) -> AccountKey:
    try:
        sender = base64.b64decode(sealed["epk"], validate=True)
        recipient = private_key.public_key().public_bytes(*_RAW)
        shared = private_key.exchange(X25519PublicKey.from_public_bytes(sender))
        plain = AESGCM(_seal_key(shared, sender, recipient, request_id)).decrypt(
            base64.b64decode(sealed["n"], validate=True),
            base64.b64decode(sealed["ct"], validate=True),
            _aad(account_id, request_id),
        )
        data = json.loads(plain)
        key = base64.b64decode(data["key"], validate=True)
    except (InvalidTag, KeyError, TypeError, ValueError):
        raise LinkError(
            "The key sent for this link request does not open with this device's key; nothing was kept."
        ) from None
    if len(key) != 32 or key_id_of(key) != data.get("kid"):
        raise LinkError("The key sent for this link request is malformed; nothing was kept.")
    return AccountKey(data["kid"], key)


@dataclass
class PendingLink:
    request_id: str
    private_key: X25519PrivateKey
    public_key: bytes
    words: list[str]
    expires_at_ms: int


def request_link(api: SyncApi) -> PendingLink:
    private = X25519PrivateKey.generate()
    public = private.public_key().public_bytes(*_RAW)
    answer = api.create_link_request(_b64(public))
    return PendingLink(answer["id"], private, public, link_words(answer["id"], public), int(answer["expiresAt"]))


def await_link(
    api: SyncApi,
    pending: PendingLink,
    ring: KeyRing,
    *,
    poll_s: float = 2.0,
    clock: Callable[[], float] = time.time,
    sleep: Callable[[float], None] = time.sleep,
) -> AccountKey:
    """Wait for the approval, open the key, prove it against the account's key check, keep it."""
    deadline = clock() + LINK_TTL_S
    while True:
        answer = api.read_link_request(pending.request_id)
        if answer.get("status") == "approved":
            break
        if clock() > deadline:
            raise LinkError("Nobody approved the link request within 10 minutes; start a new one.")
        sleep(poll_s)
    key = open_sealed(ring.account_id, pending.request_id, pending.private_key, answer.get("sealed"))
    check = api.get_key_check()
    if (
        check is None
        or check.get("kid") != key.key_id
        or not envelope.verify_key_check(key.key, key.key_id, ring.account_id, check)
    ):
        raise LinkError("The key received does not match the account's key check; nothing was kept.")
    return ring.store(key.key)


def approve_link(api: SyncApi, ring: KeyRing, code: str, *, clock: Callable[[], float] = time.time) -> str:
    """Answer the pending request whose words are ``code``; returns its id."""
    words = parse_code(code)
    key = ring.active()
    if key is None:
        raise LinkError("This device does not have the account memory key, so it cannot approve a link.")
    now_ms = clock() * 1000
    matches = []
    for request in api.list_link_requests():
        public = base64.b64decode(request["publicKey"])
        if link_words(request["id"], public) == words:
            matches.append((request, public))
    if not matches:
        raise LinkError(
            "No pending link request shows these six words. Check them on the new device; if they differ, "
            "do not approve: the request may have been tampered with."
        )
    request, public = matches[0]
    if (
        now_ms > request["createdAt"] + (LINK_TTL_S + CLOCK_SKEW_S) * 1000
        or now_ms > request["expiresAt"] + CLOCK_SKEW_S * 1000
    ):
        raise LinkError("This link request is older than 10 minutes; start a new one on the new device.")
    check = api.get_key_check()
    if check is None:
        api.put_key_check(envelope.key_check(key.key, key.key_id, ring.account_id))
    api.approve_link_request(request["id"], seal_key(ring.account_id, request["id"], public, key))
    return request["id"]
