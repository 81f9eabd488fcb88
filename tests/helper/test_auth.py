"""Who reaches the helper: the 0600 socket, and on loopback only a request naming the helper, from no other site,
with the token."""

from __future__ import annotations

import json
import os
import stat
from pathlib import Path

import pytest


def mode(path: Path) -> int:
    return stat.S_IMODE(os.stat(path).st_mode)


def test_the_socket_token_and_folder_are_private(helper) -> None:
    files = helper.files
    assert stat.S_ISSOCK(os.stat(files.socket).st_mode)
    assert mode(files.socket) == 0o600
    assert mode(files.token) == 0o600
    assert mode(files.info) == 0o600
    assert mode(files.folder) == 0o700
    assert len(helper.token) >= 43  # 32 random bytes, urlsafe base64


def test_without_the_token_or_with_a_wrong_one_tcp_says_401(helper) -> None:
    status, _, body = helper.tcp("GET", "/api/memories")
    assert status == 401 and json.loads(body)["error"] == "helper/unauthorized"
    status, _, _ = helper.tcp("GET", "/api/memories", {"Authorization": "Bearer " + "x" * 43})
    assert status == 401
    status, _, _ = helper.tcp("GET", "/api/memories", {"Cookie": "picasso_helper=wrong"})
    assert status == 401
    status, _, body = helper.tcp("GET", "/api/memories", {"Authorization": f"Bearer {helper.token}"})
    assert status == 200 and json.loads(body) == []


def test_a_foreign_host_is_refused_dns_rebinding(helper) -> None:
    auth = {"Authorization": f"Bearer {helper.token}"}
    for host in (f"evil.example:{helper.port}", "127.0.0.1", f"127.0.0.1:{helper.port + 1}", "localhost"):
        status, _, body = helper.tcp("GET", "/api/health", {**auth, "Host": host})
        assert status in (403, 421), host
        assert json.loads(body)["error"] == "helper/wrong-host"
    assert helper.tcp("GET", "/api/health", {**auth, "Host": f"localhost:{helper.port}"})[0] == 200


def test_a_foreign_origin_is_refused_cross_site(helper) -> None:
    auth = {"Authorization": f"Bearer {helper.token}"}
    for origin in (
        "http://evil.example",
        f"http://127.0.0.1:{helper.port + 1}",
        "null",
        f"https://127.0.0.1:{helper.port}",
    ):
        status, _, body = helper.tcp("POST", "/api/memories", {**auth, "Origin": origin}, b'{"body": "x"}')
        assert status == 403, origin
        assert json.loads(body)["error"] == "helper/cross-site"
    status, _, _ = helper.tcp("GET", "/api/health", {**auth, "Origin": f"http://127.0.0.1:{helper.port}"})
    assert status == 200


def test_the_token_url_sets_a_strict_cookie_and_redirects(helper) -> None:
    status, headers, _ = helper.tcp("GET", f"/?token={helper.token}")
    assert status == 303 and headers["location"] == "/"
    cookie = headers["set-cookie"]
    assert cookie.startswith(f"picasso_helper={helper.token};")
    assert "HttpOnly" in cookie and "SameSite=Strict" in cookie and "Path=/" in cookie
    status, _, body = helper.tcp("GET", "/api/health", {"Cookie": f"picasso_helper={helper.token}"})
    assert status == 200 and json.loads(body)["ok"] is True
    assert helper.tcp("GET", "/?token=wrong")[0] == 401


def test_the_socket_needs_no_token(helper) -> None:
    assert helper.call("GET", "/api/memories") == (200, [])


def test_the_port_is_bound_to_loopback_only(helper) -> None:
    assert helper.info.url.startswith("http://127.0.0.1:")
    tcp = Path("/proc/net/tcp")
    if not tcp.exists():
        pytest.skip("no /proc/net/tcp to read the listening address from")
    listening = [line.split()[1] for line in tcp.read_text().splitlines()[1:] if line.split()[3] == "0A"]
    ours = [address for address in listening if int(address.split(":")[1], 16) == helper.port]
    assert ours == ["0100007F:" + f"{helper.port:04X}"]  # 127.0.0.1, never 0.0.0.0
    six = Path("/proc/net/tcp6")
    if six.exists():
        bound = [line.split()[1] for line in six.read_text().splitlines()[1:] if line.split()[3] == "0A"]
        assert not [a for a in bound if int(a.split(":")[1], 16) == helper.port]
