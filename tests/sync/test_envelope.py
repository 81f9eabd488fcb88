"""AES-GCM envelopes: bound to account, namespace, record id, schema version and key id."""

from __future__ import annotations

import base64
import os

import pytest

from picasso_tui.sync import envelope
from picasso_tui.sync.errors import IntegrityError, SyncError
from picasso_tui.sync.keys import deterministic_account_memory_key, key_id_of

ACCOUNT = "acct_1"
NS = f"account:{ACCOUNT}/global/facts"


def record(rid: str, body: str, ns: str = NS) -> dict:
    return {
        "id": rid,
        "vector": [],
        "body": body,
        "metadata": {"class": "fact", "namespace": ns, "lastObservedAt": "2026-11-30T12:00:00.000Z"},
    }


@pytest.fixture
def key() -> bytes:
    return deterministic_account_memory_key(ACCOUNT)


def test_round_trip_and_no_plaintext(key: bytes) -> None:
    kid = key_id_of(key)
    env = envelope.seal_record(key, kid, ACCOUNT, record("mem_1", "The auth module owns JWTs"))
    assert "auth module" not in str(env)
    assert envelope.open_record({kid: key}, ACCOUNT, "mem_1", env)["body"] == "The auth module owns JWTs"


def test_nonces_are_fresh(key: bytes) -> None:
    kid = key_id_of(key)
    nonces = {envelope.seal_record(key, kid, ACCOUNT, record("mem_1", "same"))["n"] for _ in range(2000)}
    assert len(nonces) == 2000


def test_moved_to_another_record_or_account_fails(key: bytes) -> None:
    kid = key_id_of(key)
    env = envelope.seal_record(key, kid, ACCOUNT, record("mem_1", "x"))
    with pytest.raises(IntegrityError):
        envelope.open_record({kid: key}, ACCOUNT, "mem_2", env)
    other_ns = {**env, "ns": f"account:{ACCOUNT}/global/decisions"}
    with pytest.raises(IntegrityError):
        envelope.open_record({kid: key}, ACCOUNT, "mem_1", other_ns)
    with pytest.raises(IntegrityError):  # another account's namespace is refused outright
        envelope.open_record({kid: key}, "acct_2", "mem_1", env)
    with pytest.raises(IntegrityError):
        envelope.open_record({kid: key}, ACCOUNT, "mem_1", {**env, "sv": 1})


def test_a_changed_key_id_or_an_unknown_key_fails(key: bytes) -> None:
    kid = key_id_of(key)
    env = envelope.seal_record(key, kid, ACCOUNT, record("mem_1", "x"))
    with pytest.raises(SyncError, match="does not have"):
        envelope.open_record({kid: key}, ACCOUNT, "mem_1", {**env, "kid": "kother"})
    with pytest.raises(IntegrityError):
        envelope.open_record({"kother": key}, ACCOUNT, "mem_1", {**env, "kid": "kother"})


def test_every_flipped_byte_fails(key: bytes) -> None:
    kid = key_id_of(key)
    env = envelope.seal_record(key, kid, ACCOUNT, record("mem_1", "short body"))
    for field in ("n", "ct"):
        raw = bytearray(base64.b64decode(env[field]))
        for i in range(len(raw)):
            flipped = bytearray(raw)
            flipped[i] ^= 0x01
            with pytest.raises(IntegrityError):
                envelope.open_record({kid: key}, ACCOUNT, "mem_1", {**env, field: base64.b64encode(flipped).decode()})


def test_a_newer_schema_is_refused_not_misread(key: bytes) -> None:
    kid = key_id_of(key)
    env = envelope.seal_record(key, kid, ACCOUNT, record("mem_1", "x"))
    with pytest.raises(SyncError, match="newer Picasso"):
        envelope.open_record({kid: key}, ACCOUNT, "mem_1", {**env, "sv": 3})


def test_deterministic_key_raises_outside_a_test_runner(monkeypatch: pytest.MonkeyPatch) -> None:
    assert deterministic_account_memory_key("a") == deterministic_account_memory_key("a")
    assert deterministic_account_memory_key("a") != deterministic_account_memory_key("b")
    monkeypatch.delenv("PYTEST_CURRENT_TEST")
    monkeypatch.delenv("PICASSO_ALLOW_TEST_KEYS", raising=False)
    with pytest.raises(RuntimeError, match="tests only"):
        deterministic_account_memory_key("a")
    assert len(os.urandom(1)) == 1
