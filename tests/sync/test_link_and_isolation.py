"""Device linking (six words, single use, 10-minute expiry) and account isolation on the server."""

from __future__ import annotations

import base64
import hashlib
import os

import httpx
import pytest
from cryptography.hazmat.primitives import serialization
from cryptography.hazmat.primitives.asymmetric.x25519 import X25519PrivateKey
from sqlalchemy import create_engine, update

from picasso_tui.sync import link
from picasso_tui.sync.api import ServerRefused, SyncApi
from picasso_tui.sync.auth import current_session
from picasso_tui.sync.errors import LinkError
from picasso_tui.sync.keys import KeyRing, SecretStore
from picasso_tui.sync.server.db import key_requests, normalize_url
from tests.sync.conftest import PASSWORD

RAW = serialization.Encoding.Raw, serialization.PublicFormat.Raw


def _words_by_hand(request_id: str, public_key: bytes) -> list[str]:
    """The published recipe, written out independently: first 66 bits of SHA-256, 11 bits a word."""
    digest = hashlib.sha256(b"picasso/link/v1" + request_id.encode() + public_key).digest()
    bits = "".join(f"{byte:08b}" for byte in digest)[:66]
    return [link.wordlist()[int(bits[i : i + 11], 2)] for i in range(0, 66, 11)]


def test_link_words_follow_the_recipe_and_change_with_the_public_key() -> None:
    assert link.wordlist()[0] == "abandon" and link.wordlist()[-1] == "zoo"  # the official BIP-39 list
    for _ in range(1000):
        pk = os.urandom(32)
        rid = "lr_" + os.urandom(6).hex()
        words = link.link_words(rid, pk)
        assert words == _words_by_hand(rid, pk)
        assert link.link_words(rid, os.urandom(32)) != words  # a substituted key shows other words


def _new_device_ring(d) -> tuple[SyncApi, KeyRing]:
    paths = d.paths
    session = current_session(paths)
    return SyncApi(session.server, session.token), KeyRing(session.account_id, SecretStore(paths))


def _two_devices(server, device):
    a, b = device("A"), device("B")
    a.ok("auth", "login", "--server", server.url, "--email", "l@example.com", "--create-account", "--password-stdin",
         stdin=PASSWORD + "\n")  # fmt: skip
    rid = a.ok("memory", "add", "Linked devices share this").strip()
    a.ok("memory", "sync")
    b.ok("auth", "login", "--server", server.url, "--email", "l@example.com", "--password-stdin", stdin=PASSWORD + "\n")
    return a, b, rid


def test_link_a_device_with_six_words(server, device) -> None:
    a, b, _ = _two_devices(server, device)
    b.use()
    api, ring = _new_device_ring(b)
    pending = link.request_link(api)
    code = " ".join(pending.words)
    a.ok("memory", "key", "link", "--approve", "--code", code)  # A computes the same words from the request
    b.use()
    key = link.await_link(api, pending, ring, sleep=lambda _s: None)
    assert "has the memory key " + key.key_id in b.ok("memory", "key", "status")
    b.ok("memory", "sync")
    assert "Linked devices share this" in b.bodies()
    # Single use: the request cannot be read or approved again.
    with pytest.raises(ServerRefused) as err:
        api.read_link_request(pending.request_id)
    assert err.value.status == 410
    a.use()
    result = a.run("memory", "key", "link", "--approve", "--code", code)
    assert result.code == 1 and "No pending link request" in result.err
    api.close()


def test_wrong_words_or_a_substituted_public_key_are_refused(server, device) -> None:
    a, b, _ = _two_devices(server, device)
    b.use()
    api, _ring = _new_device_ring(b)
    pending = link.request_link(api)
    # The relay swaps in its own public key: A now derives different words from the request.
    attacker = X25519PrivateKey.generate().public_key().public_bytes(*RAW)
    engine = create_engine(normalize_url(server.database_url))
    with engine.begin() as conn:
        conn.execute(
            update(key_requests)
            .where(key_requests.c.id == pending.request_id)
            .values(public_key=base64.b64encode(attacker).decode())
        )
    engine.dispose()
    result = a.run("memory", "key", "link", "--approve", "--code", " ".join(pending.words))
    assert result.code == 1 and "No pending link request shows these six words" in result.err
    result = a.run("memory", "key", "link", "--approve", "--code", "abandon ability able about above absent")
    assert result.code == 1
    result = a.run("memory", "key", "link", "--approve", "--code", "not six words")
    assert result.code == 1 and "six words" in result.err
    api.close()


def test_expired_requests_are_refused_by_server_and_client(server, device) -> None:
    a, b, _ = _two_devices(server, device)
    b.use()
    api, ring = _new_device_ring(b)
    pending = link.request_link(api)
    # Client side: an approving device whose clock says the request is 13 minutes old refuses it.
    a.use()
    a_api, a_ring = _new_device_ring(a)
    import time

    with pytest.raises(LinkError, match="older than 10 minutes"):
        link.approve_link(a_api, a_ring, " ".join(pending.words), clock=lambda: time.time() + 13 * 60)
    # Server side: after 10 minutes the request is gone for both devices.
    server.clock.offset = 601
    with pytest.raises(ServerRefused) as err:
        api.read_link_request(pending.request_id)
    assert err.value.status == 410
    result = a.run("memory", "key", "link", "--approve", "--code", " ".join(pending.words))
    assert result.code == 1 and "No pending link request" in result.err
    with pytest.raises(ServerRefused) as err:
        a_api.approve_link_request(pending.request_id, {"v": "1"})
    assert err.value.status == 410
    api.close()
    a_api.close()
    b.use()
    assert ring.active() is None  # the new device never got the key


def test_an_account_token_cannot_reach_another_accounts_rows(server) -> None:
    with httpx.Client(base_url=server.url) as http:
        alice = http.post("/v1/auth/accounts", json={"email": "alice@example.com", "password": PASSWORD}).json()
        bob = http.post("/v1/auth/accounts", json={"email": "bob@example.com", "password": PASSWORD}).json()
        as_alice = {"Authorization": f"Bearer {alice['token']}"}
        as_bob = {"Authorization": f"Bearer {bob['token']}"}
        envelope = {"v": 1, "kid": "k1", "ns": "x", "sv": 2, "n": "AAAA", "ct": "alice-ciphertext"}
        pushed = http.post("/v1/memory/sync", headers=as_alice, json={"push": [{"id": "mem_1", "envelope": envelope}]})
        assert pushed.status_code == 200 and pushed.json()["accepted"][0]["id"] == "mem_1"
        request = http.post("/v1/memory/keys/requests", headers=as_alice, json={"publicKey": "A" * 43 + "="}).json()
        http.put("/v1/memory/keys/check", headers=as_alice, json={"kid": "k1", "n": "AAAA", "ct": "BBBB"})

        pulled = http.post("/v1/memory/sync", headers=as_bob, json={"cursor": 0}).json()
        assert pulled["records"] == [] and pulled["head"] == 0
        assert http.get(f"/v1/memory/keys/requests/{request['id']}", headers=as_bob).status_code == 404
        assert http.put(f"/v1/memory/keys/requests/{request['id']}", headers=as_bob,
                        json={"sealed": {"x": 1}}).status_code == 404  # fmt: skip
        assert http.get("/v1/memory/keys/requests", headers=as_bob).json()["requests"] == []
        assert http.get("/v1/memory/keys/check", headers=as_bob).status_code == 404
        # Bob writing the same record id makes his own row; Alice's is untouched.
        bob_env = {**envelope, "ct": "bob-ciphertext"}
        http.post("/v1/memory/sync", headers=as_bob, json={"push": [{"id": "mem_1", "envelope": bob_env}]})
        alice_rows = http.post("/v1/memory/sync", headers=as_alice, json={"cursor": 0}).json()["records"]
        assert [r["envelope"]["ct"] for r in alice_rows] == ["alice-ciphertext"]
        # No token, a bad token, a revoked token: 401 with a clear message.
        assert http.post("/v1/memory/sync", json={}).status_code == 401
        assert http.post("/v1/memory/sync", headers={"Authorization": "Bearer nope"}, json={}).status_code == 401
        assert http.post("/v1/auth/logout", headers=as_bob).status_code == 204
        revoked = http.post("/v1/memory/sync", headers=as_bob, json={})
        assert revoked.status_code == 401 and "sign in again" in revoked.json()["error"]["message"]


def test_the_server_answers_bad_requests_with_clear_errors(server) -> None:
    from picasso_tui.sync.server import memory_sync

    with httpx.Client(base_url=server.url) as http:
        tok = http.post("/v1/auth/accounts", json={"email": "c@example.com", "password": PASSWORD}).json()["token"]
        auth = {"Authorization": f"Bearer {tok}"}
        assert http.post("/v1/auth/accounts", json={"email": "c@example.com", "password": PASSWORD}).status_code == 409
        assert http.post("/v1/auth/login", json={"email": "c@example.com", "password": "wrong pass"}).status_code == 401
        assert http.post("/v1/auth/accounts", json={"email": "d@example.com", "password": "short"}).status_code == 400
        as_json = {**auth, "Content-Type": "application/json"}
        bad = http.post("/v1/memory/sync", headers=as_json, content=b"{not json")
        assert bad.status_code == 400 and bad.json()["error"]["code"] == "bad-json"
        huge = {"v": 1, "ct": "x" * (memory_sync.MAX_ENVELOPE_BYTES + 1)}
        too_big = http.post("/v1/memory/sync", headers=auth, json={"push": [{"id": "mem_1", "envelope": huge}]})
        assert too_big.status_code == 413
        body = b'{"push": [' + b",".join([b'{"id": "m", "envelope": {"ct": "' + b"x" * 200_000 + b'"}}'] * 45) + b"]}"
        assert http.post("/v1/memory/sync", headers=as_json, content=body).status_code == 413
        stale = http.post("/v1/memory/sync", headers=auth, json={"push": [{"id": "mem_2", "envelope": {}, "base": 5}]})
        assert stale.json()["conflicts"] == ["mem_2"]


def test_pending_link_requests_are_capped_per_account(server) -> None:
    from picasso_tui.sync.server.key_links import MAX_PENDING_LINKS

    with httpx.Client(base_url=server.url) as http:
        tok = http.post("/v1/auth/accounts", json={"email": "cap@example.com", "password": PASSWORD}).json()["token"]
        auth = {"Authorization": f"Bearer {tok}"}
        for _ in range(MAX_PENDING_LINKS):
            assert (
                http.post("/v1/memory/keys/requests", headers=auth, json={"publicKey": "A" * 43 + "="}).status_code
                == 201
            )
        over = http.post("/v1/memory/keys/requests", headers=auth, json={"publicKey": "A" * 43 + "="})
        assert over.status_code == 429 and "already waiting" in over.json()["error"]["message"]
        server.clock.offset = 601  # once they expire, new requests are accepted again
        assert (
            http.post("/v1/memory/keys/requests", headers=auth, json={"publicKey": "A" * 43 + "="}).status_code == 201
        )
