"""The sync server's HTTP API as seen by a device (httpx). Errors become one clear sentence."""

from __future__ import annotations

from typing import Any

import httpx

from picasso_tui.sync.errors import NeedsSignIn, SyncError

TIMEOUT_S = 30.0


class SyncApi:
    def __init__(self, server: str, token: str | None = None, *, timeout: float = TIMEOUT_S) -> None:
        self.server = server.rstrip("/")
        self.token = token
        # Plain http (loopback, tests) needs no certificate store: loading one costs ~50 ms a client.
        self._http = httpx.Client(base_url=self.server, timeout=timeout, verify=self.server.startswith("https://"))

    def close(self) -> None:
        self._http.close()

    def __enter__(self) -> SyncApi:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def call(self, method: str, path: str, body: dict[str, Any] | None = None, *, ok_404: bool = False) -> Any:
        headers = {"Authorization": f"Bearer {self.token}"} if self.token else {}
        try:
            response = self._http.request(method, path, json=body, headers=headers)
        except httpx.HTTPError as exc:
            raise SyncError(f"Cannot reach the sync server at {self.server} ({type(exc).__name__}: {exc}).") from None
        if response.status_code == 404 and ok_404:
            return None
        if response.status_code == 204:
            return {}
        try:
            payload = response.json()
        except ValueError:
            payload = None
        if response.is_success:
            if not isinstance(payload, dict):
                raise SyncError(f"The sync server at {self.server} answered {path} with something that is not JSON.")
            return payload
        error = payload.get("error") if isinstance(payload, dict) else None
        message = error.get("message") if isinstance(error, dict) else None
        code = error.get("code") if isinstance(error, dict) else None
        if response.status_code == 401 and code == "signed-out":
            raise NeedsSignIn(f"The sync server no longer accepts this sign-in ({message}) Run picasso auth login.")
        wait_s = _retry_after_s(response.headers.get("retry-after"))
        if response.status_code == 429 and wait_s is not None:
            raise TooManyAttempts(response.status_code, code, message or "Too many requests", path, wait_s)
        raise ServerRefused(response.status_code, code, message or response.reason_phrase, path)

    # -- endpoints ----------------------------------------------------------------------------------

    def create_account(self, email: str, password: str) -> dict[str, Any]:
        return self.call("POST", "/v1/auth/accounts", {"email": email, "password": password})

    def login(self, email: str, password: str) -> dict[str, Any]:
        return self.call("POST", "/v1/auth/login", {"email": email, "password": password})

    def logout(self) -> None:
        self.call("POST", "/v1/auth/logout", {})

    def session(self) -> dict[str, Any]:
        return self.call("GET", "/v1/auth/session")

    def sync(self, body: dict[str, Any]) -> dict[str, Any]:
        return self.call("POST", "/v1/memory/sync", body)

    def get_key_check(self) -> dict[str, Any] | None:
        return self.call("GET", "/v1/memory/keys/check", ok_404=True)

    def put_key_check(self, check: dict[str, Any]) -> dict[str, Any]:
        return self.call("PUT", "/v1/memory/keys/check", check)

    def create_link_request(self, public_key_b64: str) -> dict[str, Any]:
        return self.call("POST", "/v1/memory/keys/requests", {"publicKey": public_key_b64})

    def list_link_requests(self) -> list[dict[str, Any]]:
        return self.call("GET", "/v1/memory/keys/requests")["requests"]

    def approve_link_request(self, request_id: str, sealed: dict[str, Any]) -> dict[str, Any]:
        return self.call("PUT", f"/v1/memory/keys/requests/{request_id}", {"sealed": sealed})

    def read_link_request(self, request_id: str) -> dict[str, Any]:
        return self.call("GET", f"/v1/memory/keys/requests/{request_id}")


class ServerRefused(SyncError):
    def __init__(self, status: int, code: str | None, message: str, path: str) -> None:
        self.status, self.code = status, code
        super().__init__(f"The sync server refused {path} (HTTP {status}): {message}")


class TooManyAttempts(ServerRefused):
    """429 with Retry-After (sign-in back-off): one sentence that says how long to wait."""

    def __init__(self, status: int, code: str | None, message: str, path: str, wait_s: int) -> None:
        super().__init__(status, code, message, path)
        self.wait_s = wait_s
        reason = message.rstrip(". ").split(";")[0]
        SyncError.__init__(self, f"{reason}; the sync server accepts the next try in {_duration(wait_s)}.")


def _retry_after_s(header: str | None) -> int | None:
    """Retry-After in seconds (the server sends whole seconds; an HTTP date is not expected)."""
    return int(header) if header and header.strip().isdigit() else None


def _duration(seconds: int) -> str:
    if seconds < 120:
        return f"{seconds} second{'s' if seconds != 1 else ''}"
    return f"{-(-seconds // 60)} minutes"
