"""The sync server's HTTP API (Starlette). See docs/sync.md for the endpoints.

The server is treated as untrusted by the clients: it stores only ciphertext envelopes, opaque
cursors and sealed key-link envelopes. Every query is scoped by the authenticated account.
"""

from __future__ import annotations

import hashlib
import json
import re
import secrets
import time
from collections.abc import Awaitable, Callable
from typing import Any

from sqlalchemy import Connection, bindparam, delete, func, insert, select, update
from sqlalchemy.exc import IntegrityError
from starlette.applications import Starlette
from starlette.concurrency import run_in_threadpool
from starlette.exceptions import HTTPException
from starlette.requests import Request
from starlette.responses import JSONResponse, Response
from starlette.routing import Route

from picasso_tui.sync.server import schemas
from picasso_tui.sync.server.bodies import parse_json, read_body
from picasso_tui.sync.server.db import Database, accounts, key_checks, key_requests, records, sessions
from picasso_tui.sync.server.passwords import hash_password, verify_password
from picasso_tui.sync.server.problems import Problem, http_exception_response, problem_response
from picasso_tui.sync.server.schemas import REQUEST_ID_PATTERN, M, parse
from picasso_tui.sync.server.throttle import LoginThrottle

MAX_REQUEST_BYTES = 8 * 1024 * 1024  # a sync push; every other request is small
MAX_SMALL_REQUEST_BYTES = 16 * 1024  # sign-in, key check, link requests
MAX_ENVELOPE_BYTES = 256 * 1024
MAX_PULL_BYTES = 2 * 1024 * 1024
LINK_TTL_MS = 10 * 60 * 1000
MAX_PENDING_LINKS = 10
_REQUEST_ID = re.compile(REQUEST_ID_PATTERN)
MIN_PASSWORD = 8
# A token taken from a device (a backup, a stolen disk) stops working; signing in again is one command.
SESSION_DAYS = 90

Clock = Callable[[], float]


def _token_hash(token: str) -> str:
    return hashlib.sha256(token.encode("utf-8")).hexdigest()


class SyncServer:
    def __init__(self, database: Database, clock: Clock = time.time) -> None:
        self.db = database
        self.clock = clock
        self.throttle = LoginThrottle(database)

    def now_ms(self) -> int:
        return int(self.clock() * 1000)

    # -- auth -------------------------------------------------------------------------------------

    def account_for(self, request: Request) -> str:
        header = request.headers.get("authorization", "")
        scheme, _, token = header.partition(" ")
        if scheme.lower() != "bearer" or not token.strip():
            raise Problem(401, "signed-out", "Sign in first: this endpoint needs a bearer token.")
        digest = _token_hash(token.strip())
        with self.db.read() as conn:
            row = conn.execute(
                select(sessions.c.account_id, sessions.c.created_ms).where(sessions.c.token_hash == digest)
            ).first()
        if row is None:
            raise Problem(401, "signed-out", "This session is not valid (signed out or revoked); sign in again.")
        if self.now_ms() - row.created_ms > SESSION_DAYS * 86_400_000:
            with self.db.write() as conn:
                conn.execute(delete(sessions).where(sessions.c.token_hash == digest))
            raise Problem(401, "signed-out", f"This session expired after {SESSION_DAYS} days; sign in again.")
        return row.account_id

    def _new_session(self, conn: Connection, account_id: str) -> str:
        token = secrets.token_urlsafe(32)
        conn.execute(
            insert(sessions).values(token_hash=_token_hash(token), account_id=account_id, created_ms=self.now_ms())
        )
        return token

    def create_account(self, body: schemas.Credentials) -> dict[str, Any]:
        email, password = body.email, body.password
        if len(password) < MIN_PASSWORD:
            raise Problem(400, "weak-password", f"A password needs at least {MIN_PASSWORD} characters.")
        account_id = "acct_" + secrets.token_hex(8)
        hashed = hash_password(password)
        try:
            with self.db.write() as conn:
                conn.execute(
                    insert(accounts).values(
                        id=account_id, email=email, password_hash=hashed, seq=0, created_ms=self.now_ms()
                    )
                )
                token = self._new_session(conn, account_id)
        except IntegrityError:
            raise Problem(409, "account-exists", "An account with this email exists; sign in instead.") from None
        return {"accountId": account_id, "token": token, "email": email}

    def login(self, body: schemas.Credentials, host: str | None) -> dict[str, Any]:
        email, password = body.email, body.password
        self.throttle.admit(email, host, self.now_ms())
        with self.db.read() as conn:
            row = conn.execute(select(accounts.c.id, accounts.c.password_hash).where(accounts.c.email == email)).first()
        if row is None or not verify_password(password, row.password_hash):
            raise Problem(401, "bad-credentials", "The email or the password is wrong.")
        self.throttle.succeeded(email, host)
        with self.db.write() as conn:
            token = self._new_session(conn, row.id)
        return {"accountId": row.id, "token": token, "email": email}

    def logout(self, request: Request) -> None:
        token = request.headers.get("authorization", "").partition(" ")[2].strip()
        with self.db.write() as conn:
            conn.execute(delete(sessions).where(sessions.c.token_hash == _token_hash(token)))

    def session(self, account_id: str) -> dict[str, Any]:
        with self.db.read() as conn:
            row = conn.execute(select(accounts.c.email).where(accounts.c.id == account_id)).first()
        return {"accountId": account_id, "email": row.email if row else None}

    # -- sync -------------------------------------------------------------------------------------

    def sync(self, account_id: str, body: schemas.SyncRequest) -> dict[str, Any]:
        cursor, limit = body.cursor, body.limit
        items = [_push_item(item) for item in body.push]
        accepted: list[dict[str, Any]] = []
        conflicts: list[str] = []
        if items:
            with self.db.write() as conn:
                # Lock the account row first: pushes of one account run one at a time, so the
                # compare-and-set below cannot race and cursors are handed out in commit order.
                conn.execute(select(accounts.c.seq).where(accounts.c.id == account_id).with_for_update()).one()
                accepted = self._apply_pushes(conn, account_id, items, conflicts)
        with self.db.read() as conn:
            head = conn.execute(select(accounts.c.seq).where(accounts.c.id == account_id)).scalar_one()
            rows = conn.execute(
                select(records.c.record_id, records.c.seq, records.c.envelope)
                .where(records.c.account_id == account_id, records.c.seq > cursor)
                .order_by(records.c.seq)
                .limit(limit + 1)
            ).all()
        out: list[dict[str, Any]] = []
        size = 0
        for row in rows[:limit]:
            size += len(row.envelope)
            if out and size > MAX_PULL_BYTES:
                break
            out.append({"id": row.record_id, "seq": row.seq, "envelope": json.loads(row.envelope)})
        more = len(out) < len(rows)
        new_cursor = out[-1]["seq"] if out else (cursor if more or cursor <= head else head)
        return {
            "accepted": accepted,
            "conflicts": conflicts,
            "records": out,
            "cursor": new_cursor,
            "head": head,
            "more": more,
        }

    def _apply_pushes(
        self, conn: Connection, account_id: str, items: list[tuple[str, str, int]], conflicts: list[str]
    ) -> list[dict[str, Any]]:
        """Compare-and-set every pushed row against its base seq, in a few set-wise statements."""
        ids = [rid for rid, _, _ in items]
        current = dict(
            conn.execute(
                select(records.c.record_id, records.c.seq).where(
                    records.c.account_id == account_id, records.c.record_id.in_(ids)
                )
            ).all()
        )
        winners: list[tuple[str, str]] = []
        seen: set[str] = set()
        for rid, envelope, base in items:
            if rid in seen or current.get(rid, 0) != base:
                conflicts.append(rid)  # moved on meanwhile (or named twice): the device pulls and retries
                continue
            seen.add(rid)
            winners.append((rid, envelope))
        if not winners:
            return []
        top = conn.execute(
            update(accounts)
            .where(accounts.c.id == account_id)
            .values(seq=accounts.c.seq + len(winners))
            .returning(accounts.c.seq)
        ).scalar_one()
        first = top - len(winners) + 1
        fresh = [
            {"account_id": account_id, "record_id": rid, "seq": first + i, "envelope": env}
            for i, (rid, env) in enumerate(winners)
            if rid not in current
        ]
        moved = [
            {"b_account": account_id, "b_record": rid, "b_seq": first + i, "b_envelope": env}
            for i, (rid, env) in enumerate(winners)
            if rid in current
        ]
        if fresh:
            conn.execute(insert(records), fresh)
        if moved:
            conn.execute(
                update(records)
                .where(records.c.account_id == bindparam("b_account"), records.c.record_id == bindparam("b_record"))
                .values(seq=bindparam("b_seq"), envelope=bindparam("b_envelope")),
                moved,
            )
        return [{"id": rid, "seq": first + i} for i, (rid, _) in enumerate(winners)]

    # -- keys ---------------------------------------------------------------------------------------

    def get_key_check(self, account_id: str) -> dict[str, Any]:
        with self.db.read() as conn:
            row = conn.execute(select(key_checks).where(key_checks.c.account_id == account_id)).first()
        if row is None:
            raise Problem(404, "no-key", "No device of this account has turned on sync yet.")
        return {"kid": row.key_id, **json.loads(row.check_value)}

    def put_key_check(self, account_id: str, body: schemas.KeyCheck) -> tuple[int, dict[str, Any]]:
        kid, value = body.kid, {"n": body.n, "ct": body.ct}
        with self.db.write() as conn:
            row = conn.execute(select(key_checks.c.key_id).where(key_checks.c.account_id == account_id)).first()
            if row is not None:
                if row.key_id != kid:
                    raise Problem(409, "other-key", "Another device already created this account's memory key.")
                return 200, {"kid": kid}
            conn.execute(insert(key_checks).values(account_id=account_id, key_id=kid, check_value=json.dumps(value)))
        return 201, {"kid": kid}

    def create_link_request(self, account_id: str, body: schemas.LinkRequest) -> dict[str, Any]:
        public_key = body.publicKey
        request_id = "lr_" + secrets.token_hex(12)
        now = self.now_ms()
        with self.db.write() as conn:
            # Answered and expired requests are kept a day (for a clear 410), then dropped.
            conn.execute(
                delete(key_requests).where(
                    key_requests.c.account_id == account_id, key_requests.c.expires_ms < now - 24 * 3600 * 1000
                )
            )
            pending = conn.execute(
                select(func.count())
                .select_from(key_requests)
                .where(
                    key_requests.c.account_id == account_id,
                    key_requests.c.status == "pending",
                    key_requests.c.expires_ms > now,
                )
            ).scalar_one()
            if pending >= MAX_PENDING_LINKS:
                raise Problem(
                    429,
                    "too-many-requests",
                    f"{pending} link requests are already waiting; approve or let them expire.",
                )
            conn.execute(
                insert(key_requests).values(
                    id=request_id, account_id=account_id, public_key=public_key, created_ms=now,
                    expires_ms=now + LINK_TTL_MS, status="pending", sealed=None,
                )
            )  # fmt: skip
        return {"id": request_id, "createdAt": now, "expiresAt": now + LINK_TTL_MS}

    def list_link_requests(self, account_id: str) -> dict[str, Any]:
        now = self.now_ms()
        with self.db.read() as conn:
            rows = conn.execute(
                select(key_requests).where(
                    key_requests.c.account_id == account_id,
                    key_requests.c.status == "pending",
                    key_requests.c.expires_ms > now,
                )
            ).all()
        return {
            "requests": [
                {"id": r.id, "publicKey": r.public_key, "createdAt": r.created_ms, "expiresAt": r.expires_ms}
                for r in rows
            ]
        }

    def _request_row(self, conn: Connection, account_id: str, request_id: str) -> Any:
        if not _REQUEST_ID.match(request_id):  # never a database round trip (nor a NUL byte) for a made-up id
            raise Problem(404, "no-request", "No such link request for this account.")
        # FOR UPDATE: two devices answering or reading one request at once cannot both win it.
        row = conn.execute(
            select(key_requests)
            .where(key_requests.c.id == request_id, key_requests.c.account_id == account_id)
            .with_for_update()
        ).first()
        if row is None:
            raise Problem(404, "no-request", "No such link request for this account.")
        if row.expires_ms <= self.now_ms():
            raise Problem(410, "expired", "This link request expired (requests last 10 minutes); start a new one.")
        return row

    @staticmethod
    def _set_request(conn: Connection, account_id: str, request_id: str, **values: Any) -> None:
        conn.execute(
            update(key_requests)
            .where(key_requests.c.id == request_id, key_requests.c.account_id == account_id)
            .values(**values)
        )

    def approve_link_request(self, account_id: str, request_id: str, body: schemas.Approval) -> dict[str, Any]:
        encoded = json.dumps(body.sealed)
        if len(encoded) > schemas.MAX_SEALED_BYTES:
            raise Problem(400, "bad-sealed", "sealed must be a small JSON object.")
        with self.db.write() as conn:
            row = self._request_row(conn, account_id, request_id)
            if row.status != "pending":
                raise Problem(409, "used", "This link request was already answered; requests are single-use.")
            self._set_request(conn, account_id, request_id, status="approved", sealed=encoded)
        return {"id": request_id, "status": "approved"}

    def read_link_request(self, account_id: str, request_id: str) -> dict[str, Any]:
        with self.db.write() as conn:
            row = self._request_row(conn, account_id, request_id)
            if row.status == "pending":
                return {"id": request_id, "status": "pending", "expiresAt": row.expires_ms}
            if row.status != "approved":
                raise Problem(410, "used", "This link request was already used; requests are single-use.")
            self._set_request(conn, account_id, request_id, status="consumed", sealed=None)
        return {"id": request_id, "status": "approved", "sealed": json.loads(row.sealed)}


def _push_item(item: schemas.PushItem) -> tuple[str, str, int]:
    rid = item.id
    encoded = json.dumps(item.envelope, separators=(",", ":"))
    if len(encoded) > MAX_ENVELOPE_BYTES:
        raise Problem(413, "too-large", f"Record {rid}: an envelope may be at most {MAX_ENVELOPE_BYTES} bytes.")
    return rid, encoded, item.base


async def _typed_body(request: Request, model: type[M], max_bytes: int) -> M:
    raw = await read_body(request, max_bytes)
    return await run_in_threadpool(lambda: parse(model, parse_json(raw)))


def _host(request: Request) -> str | None:
    """The client address (uvicorn puts the X-Forwarded-For address here for a trusted proxy)."""
    return request.client.host if request.client else None


def create_app(database_url: str, *, clock: Clock = time.time) -> Starlette:
    server = SyncServer(Database(database_url), clock)

    def authed(
        fn: Callable[[str, Request, Any], Any],
        model: type[schemas.Body] | None = None,
        *,
        status: int = 200,
        max_bytes: int = MAX_SMALL_REQUEST_BYTES,
    ) -> Callable[[Request], Awaitable[Response]]:
        async def endpoint(request: Request) -> Response:
            # Who asks comes first: the body of an anonymous request is never read.
            account_id = await run_in_threadpool(server.account_for, request)
            body = await _typed_body(request, model, max_bytes) if model else None
            result = await run_in_threadpool(fn, account_id, request, body)
            code, payload = result if isinstance(result, tuple) else (status, result)
            return JSONResponse(payload, status_code=code)

        return endpoint

    def public(
        fn: Callable[[Any, Request], Any], model: type[schemas.Body], *, status: int = 200
    ) -> Callable[[Request], Awaitable[Response]]:
        async def endpoint(request: Request) -> Response:
            body = await _typed_body(request, model, MAX_SMALL_REQUEST_BYTES)
            return JSONResponse(await run_in_threadpool(fn, body, request), status_code=status)

        return endpoint

    async def logout(request: Request) -> Response:
        await run_in_threadpool(server.account_for, request)
        await run_in_threadpool(server.logout, request)
        return Response(status_code=204)

    async def health(_request: Request) -> Response:
        return JSONResponse({"ok": True})

    routes = [
        Route("/v1/health", health, methods=["GET"]),
        Route(
            "/v1/auth/accounts",
            public(lambda b, _r: server.create_account(b), schemas.Credentials, status=201),
            methods=["POST"],
        ),
        Route("/v1/auth/login", public(lambda b, r: server.login(b, _host(r)), schemas.Credentials), methods=["POST"]),
        Route("/v1/auth/logout", logout, methods=["POST"]),
        Route("/v1/auth/session", authed(lambda a, _r, _b: server.session(a)), methods=["GET"]),
        Route(
            "/v1/memory/sync",
            authed(lambda a, _r, b: server.sync(a, b), schemas.SyncRequest, max_bytes=MAX_REQUEST_BYTES),
            methods=["POST"],
        ),
        Route("/v1/memory/keys/check", authed(lambda a, _r, _b: server.get_key_check(a)), methods=["GET"]),
        Route(
            "/v1/memory/keys/check",
            authed(lambda a, _r, b: server.put_key_check(a, b), schemas.KeyCheck),
            methods=["PUT"],
        ),
        Route(
            "/v1/memory/keys/requests",
            authed(lambda a, _r, b: server.create_link_request(a, b), schemas.LinkRequest, status=201),
            methods=["POST"],
        ),
        Route(
            "/v1/memory/keys/requests",
            authed(lambda a, _r, _b: server.list_link_requests(a)),
            methods=["GET"],
        ),
        Route(
            "/v1/memory/keys/requests/{id}",
            authed(lambda a, r, b: server.approve_link_request(a, r.path_params["id"], b), schemas.Approval),
            methods=["PUT"],
        ),
        Route(
            "/v1/memory/keys/requests/{id}",
            authed(lambda a, r, _b: server.read_link_request(a, r.path_params["id"])),
            methods=["GET"],
        ),
    ]
    handlers = {Problem: problem_response, HTTPException: http_exception_response}
    app = Starlette(routes=routes, exception_handlers=handlers)
    app.state.server = server
    return app
