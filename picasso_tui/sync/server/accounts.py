"""Accounts: sign up, sign in (throttled), sign out, and who is signed in."""

from __future__ import annotations

import secrets
import time
from typing import Any

from sqlalchemy import delete, insert, select
from sqlalchemy.exc import IntegrityError
from starlette.concurrency import run_in_threadpool
from starlette.requests import Request
from starlette.responses import Response
from starlette.routing import Route

from picasso_tui.sync.server import schemas
from picasso_tui.sync.server.db import Database, accounts, sessions
from picasso_tui.sync.server.endpoints import authed, client_host, public
from picasso_tui.sync.server.passwords import hash_password, verify_password
from picasso_tui.sync.server.problems import Problem
from picasso_tui.sync.server.sessions import Clock, Sessions, token_hash
from picasso_tui.sync.server.throttle import LoginThrottle

MIN_PASSWORD = 8


class Accounts(Sessions):
    def __init__(self, database: Database, clock: Clock = time.time) -> None:
        super().__init__(database, clock)
        self.throttle = LoginThrottle(database)

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
                token = self.new_session(conn, account_id)
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
            token = self.new_session(conn, row.id)
        return {"accountId": row.id, "token": token, "email": email}

    def logout(self, request: Request) -> None:
        token = request.headers.get("authorization", "").partition(" ")[2].strip()
        with self.db.write() as conn:
            conn.execute(delete(sessions).where(sessions.c.token_hash == token_hash(token)))

    def session(self, account_id: str) -> dict[str, Any]:
        with self.db.read() as conn:
            row = conn.execute(select(accounts.c.email).where(accounts.c.id == account_id)).first()
        return {"accountId": account_id, "email": row.email if row else None}


def account_routes(server: Accounts) -> list[Route]:
    async def logout(request: Request) -> Response:
        await run_in_threadpool(server.account_for, request)
        await run_in_threadpool(server.logout, request)
        return Response(status_code=204)

    return [
        Route(
            "/v1/auth/accounts",
            public(lambda b, _r: server.create_account(b), schemas.Credentials, status=201),
            methods=["POST"],
        ),
        Route(
            "/v1/auth/login",
            public(lambda b, r: server.login(b, client_host(r)), schemas.Credentials),
            methods=["POST"],
        ),
        Route("/v1/auth/logout", logout, methods=["POST"]),
        Route("/v1/auth/session", authed(server, lambda a, _r, _b: server.session(a)), methods=["GET"]),
    ]
