"""The sync server under bad input: every refusal is a 4xx with a short JSON error, never a 500
nor a dropped connection; sign-ins back off after failures; the SQLite file is owner-only."""

from __future__ import annotations

import json
import logging
import os
import stat
from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest
from hypothesis import given
from hypothesis import strategies as st

from picasso_tui.sync.server.app import create_app
from picasso_tui.sync.server.bodies import MAX_DEPTH, check_depth
from picasso_tui.sync.server.endpoints import MAX_SMALL_REQUEST_BYTES
from picasso_tui.sync.server.memory_sync import MAX_REQUEST_BYTES
from picasso_tui.sync.server.problems import Problem
from picasso_tui.sync.server.throttle import ACCOUNT, ADDRESS
from tests.sync.conftest import PASSWORD

JSON = {"Content-Type": "application/json"}
SYNC = "/v1/memory/sync"
LOGIN = "/v1/auth/login"


@pytest.fixture
def http(server) -> Iterator[httpx.Client]:
    with httpx.Client(base_url=server.url, timeout=30) as client:
        yield client


def sign_up(http: httpx.Client, email: str = "h@example.com") -> dict[str, str]:
    answer = http.post("/v1/auth/accounts", json={"email": email, "password": PASSWORD})
    assert answer.status_code == 201, answer.text
    return {"Authorization": f"Bearer {answer.json()['token']}", **JSON}


def refused(response: httpx.Response, status: int, code: str | None = None) -> dict[str, str]:
    """The response is ``status`` with the error shape; returns the error."""
    assert response.status_code == status, (response.status_code, response.text)
    error = response.json()["error"]
    assert isinstance(error["message"], str) and 0 < len(error["message"]) <= 200
    if code is not None:
        assert error["code"] == code, error
    return error


def nested(depth: int) -> bytes:
    """A JSON object ``depth`` levels deep: ``{"a": {"a": … 1 …}}``."""
    return b'{"a":' * depth + b"1" + b"}" * depth


# -- the measured failures ------------------------------------------------------------------------


def test_a_hundred_thousand_brackets_are_refused_on_login_and_sync(server, http) -> None:
    auth = sign_up(http)
    brackets = b"[" * 100_000
    refused(http.post(LOGIN, headers=JSON, content=brackets), 413, "too-large")  # login bodies are small
    refused(http.post(LOGIN, headers=JSON, content=b"[" * 10_000), 400, "too-deep")
    refused(http.post(SYNC, headers=auth, content=brackets), 400, "too-deep")
    assert http.get("/v1/health").json() == {"ok": True}  # and the server is still there


@pytest.mark.parametrize("cursor", [True, False, 2**63, -1, 1.5, "3", None, [], {}])
def test_a_cursor_that_is_not_a_64_bit_count_is_refused(server, http, cursor: object) -> None:
    auth = sign_up(http)
    refused(http.post(SYNC, headers=auth, json={"cursor": cursor}), 400, "bad-cursor")


def test_the_largest_cursor_is_answered(server, http) -> None:
    auth = sign_up(http)
    answer = http.post(SYNC, headers=auth, json={"cursor": 2**63 - 1})
    assert answer.status_code == 200 and answer.json()["records"] == []


# -- size, depth, content type, encoding -----------------------------------------------------------


def test_an_over_size_body_is_refused_declared_or_streamed(server, http) -> None:
    auth = sign_up(http)
    declared = http.post(SYNC, headers=auth, content=b" " * (MAX_REQUEST_BYTES + 1))
    refused(declared, 413, "too-large")

    def chunks(total: int) -> Iterator[bytes]:  # no Content-Length: the server counts as it reads
        for _ in range(total // 65536 + 1):
            yield b" " * 65536

    refused(http.post(SYNC, headers=auth, content=chunks(MAX_REQUEST_BYTES + 1)), 413, "too-large")
    refused(http.post(LOGIN, headers=JSON, content=chunks(MAX_SMALL_REQUEST_BYTES + 1)), 413, "too-large")


def test_nesting_deeper_than_the_limit_is_refused_and_the_limit_itself_is_served(server, http) -> None:
    auth = sign_up(http)
    refused(http.post(SYNC, headers=auth, content=nested(MAX_DEPTH + 1)), 400, "too-deep")
    # The body, one push item and its envelope take 4 levels; the envelope's content takes the rest.
    envelope = json.loads(nested(MAX_DEPTH - 4))
    answer = http.post(SYNC, headers=auth, json={"push": [{"id": "deep", "envelope": envelope}]})
    assert answer.status_code == 200 and answer.json()["accepted"][0]["id"] == "deep"


@pytest.mark.parametrize(
    ("content_type", "body", "status", "code"),
    [
        (None, b"{}", 415, "bad-content-type"),
        ("text/plain", b"{}", 415, "bad-content-type"),
        ("application/x-www-form-urlencoded", b"email=a", 415, "bad-content-type"),
        ("application/json; charset=latin-1", b"{}", 415, "bad-content-type"),
        ("application/json; charset=utf-8", b"", 400, "empty-body"),
        ("application/json", b"  \n", 400, "empty-body"),
        ("application/json", b'{"email": "\xff@example.com"}', 400, "bad-encoding"),
        ("application/json", b'{"email": "a@example.com",', 400, "bad-json"),
        ("application/json", b'{"a": NaN}', 400, "bad-json"),
        ("application/json", b'{"a": "\\ud800"}', 400, "bad-json"),  # a lone surrogate
        ("application/json", b'["email", "password"]', 400, "bad-json"),
    ],
)
def test_what_is_not_a_json_object_is_refused(server, http, content_type, body, status, code) -> None:
    headers = {"Content-Type": content_type} if content_type else {}
    refused(http.post(LOGIN, headers=headers, content=body), status, code)


# -- every field, typed -----------------------------------------------------------------------------

ENVELOPE = {"v": 1, "n": "AAAA", "ct": "BBBB"}
KEY = "A" * 43 + "="

FIELD_CASES = [
    # (method, path, body, code)
    ("POST", LOGIN, {"email": 1, "password": PASSWORD}, "bad-email"),
    ("POST", LOGIN, {"email": "no-at-sign", "password": PASSWORD}, "bad-email"),
    ("POST", LOGIN, {"email": "a\u0000b@example.com", "password": PASSWORD}, "bad-email"),
    ("POST", LOGIN, {"email": "a" * 200 + "@" + "b" * 200, "password": PASSWORD}, "bad-email"),
    ("POST", LOGIN, {"password": PASSWORD}, "bad-email"),
    ("POST", LOGIN, {"email": "a@example.com", "password": True}, "bad-password"),
    ("POST", LOGIN, {"email": "a@example.com", "password": ""}, "bad-password"),
    ("POST", LOGIN, {"email": "a@example.com", "password": "x" * 1025}, "bad-password"),
    ("POST", LOGIN, {"email": "a@example.com", "password": PASSWORD, "remember": True}, "unknown-field"),
    ("POST", "/v1/auth/accounts", {"email": ["a@example.com"], "password": PASSWORD}, "bad-email"),
    ("POST", "/v1/auth/accounts", {"email": "new@example.com", "password": 12345678}, "bad-password"),
    ("POST", "/v1/auth/accounts", {"email": "new@example.com", "password": "short"}, "weak-password"),
    ("POST", SYNC, {"limit": True}, "bad-limit"),
    ("POST", SYNC, {"limit": 0}, "bad-limit"),
    ("POST", SYNC, {"limit": 1001}, "bad-limit"),
    ("POST", SYNC, {"push": {"id": "x"}}, "bad-batch"),
    ("POST", SYNC, {"push": [{"id": "x", "envelope": ENVELOPE}] * 1001}, "bad-batch"),
    ("POST", SYNC, {"push": ["x"]}, "bad-item"),
    ("POST", SYNC, {"push": [{"id": 7, "envelope": ENVELOPE}]}, "bad-id"),
    ("POST", SYNC, {"push": [{"id": "a/b", "envelope": ENVELOPE}]}, "bad-id"),
    ("POST", SYNC, {"push": [{"id": "x\n", "envelope": ENVELOPE}]}, "bad-id"),
    ("POST", SYNC, {"push": [{"id": "x" * 201, "envelope": ENVELOPE}]}, "bad-id"),
    ("POST", SYNC, {"push": [{"envelope": ENVELOPE}]}, "bad-id"),
    ("POST", SYNC, {"push": [{"id": "x", "envelope": "ciphertext"}]}, "bad-envelope"),
    ("POST", SYNC, {"push": [{"id": "x"}]}, "bad-envelope"),
    ("POST", SYNC, {"push": [{"id": "x", "envelope": ENVELOPE, "base": True}]}, "bad-base"),
    ("POST", SYNC, {"push": [{"id": "x", "envelope": ENVELOPE, "base": 2**63}]}, "bad-base"),
    ("POST", SYNC, {"push": [{"id": "x", "envelope": ENVELOPE, "base": -1}]}, "bad-base"),
    ("POST", SYNC, {"push": [{"id": "x", "envelope": ENVELOPE, "seq": 1}]}, "unknown-field"),
    ("POST", SYNC, {"cursur": 5}, "unknown-field"),
    ("PUT", "/v1/memory/keys/check", {"kid": 1, "n": "AAAA", "ct": "BBBB"}, "bad-key-check"),
    ("PUT", "/v1/memory/keys/check", {"kid": "k" * 41, "n": "AAAA", "ct": "BBBB"}, "bad-key-check"),
    ("PUT", "/v1/memory/keys/check", {"kid": "k1", "n": "AAAA"}, "bad-key-check"),
    ("PUT", "/v1/memory/keys/check", {"kid": "k1", "n": "not base64!", "ct": "BBBB"}, "bad-key-check"),
    ("PUT", "/v1/memory/keys/check", {"kid": "k1", "n": "AAAA", "ct": "B" * 201}, "bad-key-check"),
    ("POST", "/v1/memory/keys/requests", {"publicKey": 42}, "bad-public-key"),
    ("POST", "/v1/memory/keys/requests", {"publicKey": "A" * 20}, "bad-public-key"),
    ("POST", "/v1/memory/keys/requests", {"publicKey": "\u0000" * 44}, "bad-public-key"),
    ("POST", "/v1/memory/keys/requests", {}, "bad-public-key"),
    ("PUT", "/v1/memory/keys/requests/lr_" + "0" * 24, {"sealed": "AAAA"}, "bad-sealed"),
    ("PUT", "/v1/memory/keys/requests/lr_" + "0" * 24, {"sealed": {"ct": "A" * 5000}}, "bad-sealed"),
]


@pytest.mark.parametrize(("method", "path", "body", "code"), FIELD_CASES)
def test_every_field_is_typed(server, http, method: str, path: str, body: dict, code: str) -> None:
    auth = sign_up(http)
    error = refused(http.request(method, path, headers=auth, json=body), 400, code)
    assert "Traceback" not in error["message"]


def test_made_up_link_request_ids_are_not_found(server, http) -> None:
    auth = sign_up(http)
    for request_id in ("%00", "lr_" + "z" * 24, "x" * 500, "lr_0%27%3B"):
        refused(http.get(f"/v1/memory/keys/requests/{request_id}", headers=auth), 404, "no-request")


# -- no 500, on any route ------------------------------------------------------------------------------

ROUTES = [
    ("POST", "/v1/auth/accounts"),
    ("POST", LOGIN),
    ("GET", "/v1/auth/session"),
    ("POST", SYNC),
    ("GET", "/v1/memory/keys/check"),
    ("PUT", "/v1/memory/keys/check"),
    ("POST", "/v1/memory/keys/requests"),
    ("GET", "/v1/memory/keys/requests"),
    ("PUT", "/v1/memory/keys/requests/lr_" + "0" * 24),
    ("GET", "/v1/memory/keys/requests/lr_" + "0" * 24),
    ("POST", "/v1/auth/logout"),  # last: it ends the session the others use
]
MALFORMED = [
    b"",
    b"null",
    b"true",
    b"12345678901234567890123456789",
    b'"a string"',
    b"[" * 100_000,
    b"{" * 5_000,
    b'{"a":' * 40 + b"1" + b"}" * 40,
    b"{\xff\xfe}",
    b'{"cursor": 9223372036854775808, "limit": 1e400}',
    b'{"email": {"$ne": null}, "password": {"$gt": ""}}',
    b'{"push": [null], "cursor": true}',
    b'{"kid": "\\u0000", "n": "\\u0000", "ct": "\\u0000", "publicKey": "\\u0000", "sealed": null}',
    b'{"sealed": ' + b"[" * 31 + b"]" * 31 + b"}",
]


def test_no_malformed_body_gets_a_500_on_any_route(server, http) -> None:
    auth = sign_up(http)
    for method, path in ROUTES:
        for body in MALFORMED:
            for headers in (auth, JSON):  # signed in, and anonymous
                response = http.request(method, path, headers=headers, content=body)
                assert response.status_code < 500, (method, path, body[:40], response.text)
                if response.status_code >= 400:
                    refused(response, response.status_code)
    refused(http.get("/v1/nowhere"), 404, "not-found")
    refused(http.delete(SYNC, headers=auth), 405, "method-not-allowed")


# -- the depth check against a real parser ----------------------------------------------------------------

json_values = st.recursive(
    st.none() | st.booleans() | st.integers() | st.text(alphabet='[]{}"\\ab\u00e9\n'),
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(alphabet='[]{}"\\x', max_size=3), inner),
    max_leaves=30,
)


def real_depth(value: object) -> int:
    deepest, stack = 0, [(value, 0)]
    while stack:
        item, depth = stack.pop()
        if isinstance(item, list | dict):
            deepest = max(deepest, depth + 1)
            stack.extend((child, depth + 1) for child in (item.values() if isinstance(item, dict) else item))
    return deepest


@given(json_values, st.integers(min_value=0, max_value=6))
def test_the_depth_check_agrees_with_the_parser(value: object, limit: int) -> None:
    body = json.dumps(value, ensure_ascii=False).encode()
    too_deep = real_depth(value) > limit
    try:
        check_depth(body, limit)
    except Problem as exc:
        assert too_deep and exc.code == "too-deep"
    else:
        assert not too_deep


# -- sign-in throttling -----------------------------------------------------------------------------------


def login(http: httpx.Client, password: str, email: str = "h@example.com", address: str | None = None):
    headers = {"X-Forwarded-For": address} if address else {}
    return http.post(LOGIN, headers=headers, json={"email": email, "password": password})


def test_failed_sign_ins_back_off_and_even_the_right_password_waits(server, http) -> None:
    sign_up(http)
    server.clock.stop()  # the waits below are exact; offsets move the clock on
    for _ in range(ACCOUNT.free):
        refused(login(http, "wrong password"), 401, "bad-credentials")
    waits = []
    for _ in range(3):  # each failure past the free ones doubles the wait
        busy = login(http, "wrong password")
        refused(busy, 429, "too-many-attempts")
        waits.append(int(busy.headers["Retry-After"]))
        refused(login(http, PASSWORD), 429, "too-many-attempts")  # the right password waits too
        server.clock.offset += waits[-1]
        refused(login(http, "wrong password"), 401, "bad-credentials")
    assert waits == [1, 2, 4]
    refused(login(http, PASSWORD), 429, "too-many-attempts")
    server.clock.offset += 8
    assert login(http, PASSWORD).status_code == 200
    refused(login(http, "wrong password"), 401, "bad-credentials")  # the success reset the count


def test_an_address_that_fails_on_many_emails_backs_off(server, http) -> None:
    sign_up(http)
    for i in range(ADDRESS.free):
        refused(login(http, "guess", email=f"user{i}@example.com", address="203.0.113.9"), 401)
    busy = login(http, PASSWORD, address="203.0.113.9")
    refused(busy, 429, "too-many-attempts")
    assert "network address" in busy.json()["error"]["message"] and int(busy.headers["Retry-After"]) >= 1
    assert login(http, PASSWORD, address="198.51.100.7").status_code == 200  # another address is not held up


def test_the_cli_turns_a_back_off_into_one_sentence(server, device) -> None:
    a = device("A")
    base = ["auth", "login", "--server", server.url, "--email", "cli@example.com", "--password-stdin"]
    a.ok(*base, "--create-account", stdin=PASSWORD + "\n")
    a.ok("auth", "logout")
    server.clock.stop()
    for _ in range(ACCOUNT.free):
        assert a.run(*base, stdin="wrong password\n").code == 1
    result = a.run(*base, stdin=PASSWORD + "\n")
    assert result.code == 1
    assert result.err.strip() == (
        "picasso: Too many failed sign-ins for this email address; the sync server accepts the next try in 1 second."
    )


# -- the database file ---------------------------------------------------------------------------------------


@pytest.fixture
def open_umask() -> Iterator[None]:
    previous = os.umask(0)  # the widest: whatever SQLite or Python would default to shows
    yield
    os.umask(previous)


def mode(path: Path) -> int:
    return stat.S_IMODE(path.stat().st_mode)


def test_the_database_file_and_its_companions_are_owner_only(tmp_path: Path, open_umask: None) -> None:
    path = tmp_path / "new" / "folder" / "sync-server.db"
    app = create_app(f"sqlite:///{path}")
    try:
        app.state.server.create_account(_credentials())
        files = {p.name: mode(p) for p in path.parent.iterdir()}
    finally:
        app.state.server.db.dispose()
    assert files["sync-server.db"] == 0o600
    assert files["sync-server.db-wal"] == 0o600 and files["sync-server.db-shm"] == 0o600
    assert mode(path.parent) == 0o700 and mode(path.parent.parent) == 0o700


def test_a_database_file_readable_by_others_is_tightened(
    tmp_path: Path, open_umask: None, caplog: pytest.LogCaptureFixture
) -> None:
    folder = tmp_path / "shared"
    folder.mkdir(mode=0o755)
    path = folder / "sync-server.db"
    path.touch(mode=0o644)
    path.with_name(path.name + "-wal").touch(mode=0o644)
    with caplog.at_level(logging.WARNING):
        app = create_app(f"sqlite:///{path}")
    try:
        assert mode(path) == 0o600 and mode(path.with_name(path.name + "-wal")) == 0o600
    finally:
        app.state.server.db.dispose()
    assert "readable by others (mode 644); tightened it to 600" in caplog.text
    assert mode(folder) == 0o755  # a folder that was there is the operator's: left as it is


def _credentials():
    from picasso_tui.sync.server.schemas import Credentials

    return Credentials(email="f@example.com", password=PASSWORD)
