"""Who may talk to the helper over TCP: only this machine, only pages the helper served, only with the token.

The Unix socket needs none of this: it is mode 0600 in a 0700 folder, so only this account reaches it. The
loopback port is reachable by every local process and, through a browser, by every web page, so each request
there must pass, in order:

1. a loopback peer (the port is bound to 127.0.0.1 only; this is the second lock on that door);
2. a Host header naming the helper itself (``127.0.0.1:<port>`` or ``localhost:<port>``), else 421: a page on
   another site that rebinds its DNS name to 127.0.0.1 sends its own name here (DNS rebinding);
3. an Origin header, when there is one, of the helper itself, else 403: a cross-site request;
4. the token, as ``Authorization: Bearer <token>`` or the ``picasso_helper`` cookie, else 401 (the page's own
   files, ``GET /`` and ``/static/*``, hold no memory and need none). ``GET /?token=``
   with the right token sets that cookie (HttpOnly, SameSite=Strict) and redirects to ``/``, so the URL
   ``picasso helper status`` prints opens the Memory page and the token leaves the address bar.
"""

from __future__ import annotations

import hmac
from collections.abc import Awaitable, Callable, MutableMapping
from http.cookies import SimpleCookie
from typing import Any
from urllib.parse import parse_qs

import orjson

Scope = MutableMapping[str, Any]
Receive = Callable[[], Awaitable[MutableMapping[str, Any]]]
Send = Callable[[MutableMapping[str, Any]], Awaitable[None]]
App = Callable[[Scope, Receive, Send], Awaitable[None]]

COOKIE = "picasso_helper"
LOOPBACK_PEERS = frozenset({"127.0.0.1", "::1", "::ffff:127.0.0.1"})


class TcpGuard:
    """ASGI middleware for the loopback port; ``port`` is the one the helper bound."""

    def __init__(self, app: App, port: int, token: str) -> None:
        self.app = app
        self.token = token.encode()
        self.hosts = {f"127.0.0.1:{port}".encode(), f"localhost:{port}".encode()}
        self.origins = {f"http://127.0.0.1:{port}".encode(), f"http://localhost:{port}".encode()}

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        refusal = self.refusal(scope)
        if refusal is not None:
            await deny(send, *refusal)
            return
        query = parse_qs(scope.get("query_string", b"").decode("latin-1"))
        if scope["path"] == "/" and "token" in query and scope["method"] == "GET":
            await self.open_page(send, query["token"][0].encode())
            return
        # The page's own files hold no memory: a browser without the cookie gets the page, which asks to sign in.
        page_file = scope["method"] == "GET" and (scope["path"] == "/" or scope["path"].startswith("/static/"))
        if not page_file and not self.token_ok(scope):
            await deny(send, 401, "helper/unauthorized", "This request needs the helper's token (see its token file).")
            return
        await self.app(scope, receive, send)

    def refusal(self, scope: Scope) -> tuple[int, str, str] | None:
        client = scope.get("client")
        if not client or client[0] not in LOOPBACK_PEERS:
            return 403, "helper/not-loopback", "The helper answers this machine only."
        headers = dict(scope["headers"])
        if headers.get(b"host", b"").lower() not in self.hosts:
            return 421, "helper/wrong-host", "The Host header does not name this helper."
        origin = headers.get(b"origin")
        if origin is not None and origin.lower() not in self.origins:
            return 403, "helper/cross-site", "Requests from another site are refused."
        return None

    def token_ok(self, scope: Scope) -> bool:
        headers = dict(scope["headers"])
        auth = headers.get(b"authorization", b"")
        if auth[:7].lower() == b"bearer ":
            return self.matches(auth[7:].strip())
        cookie = headers.get(b"cookie")
        if cookie:
            jar: SimpleCookie = SimpleCookie()
            try:
                jar.load(cookie.decode("latin-1"))
            except Exception:  # http.cookies raises CookieError on a malformed header: no token then
                return False
            if COOKIE in jar:
                return self.matches(jar[COOKIE].value.encode())
        return False

    def matches(self, given: bytes) -> bool:
        return hmac.compare_digest(given, self.token)

    async def open_page(self, send: Send, given: bytes) -> None:
        if not self.matches(given):
            await deny(send, 401, "helper/unauthorized", "The token in this address is not the helper's.")
            return
        cookie = f"{COOKIE}={self.token.decode()}; HttpOnly; SameSite=Strict; Path=/".encode()
        headers = [(b"location", b"/"), (b"set-cookie", cookie), (b"cache-control", b"no-store"),
                   (b"content-length", b"0")]  # fmt: skip
        await send({"type": "http.response.start", "status": 303, "headers": headers})
        await send({"type": "http.response.body", "body": b""})


async def deny(send: Send, status: int, code: str, message: str) -> None:
    body = orjson.dumps({"error": code, "message": message})
    headers = [(b"content-type", b"application/json"), (b"content-length", str(len(body)).encode())]
    await send({"type": "http.response.start", "status": status, "headers": headers})
    await send({"type": "http.response.body", "body": body})
