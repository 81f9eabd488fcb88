"""Who asks: bearer tokens, kept as hashes, that expire; the base every concern of the server shares."""

from __future__ import annotations

import hashlib
import secrets
import time
from collections.abc import Callable

from sqlalchemy import Connection, delete, insert, select
from starlette.requests import Request

from picasso_tui.sync.server.db import Database, sessions
from picasso_tui.sync.server.problems import Problem

# A token taken from a device (a backup, a stolen disk) stops working; signing in again is one command.
SESSION_DAYS = 90

Clock = Callable[[], float]


def token_hash(token: str) -> str:
    return hashlib.sha256(token.encode("utf-8")).hexdigest()


class Sessions:
    """The database, the clock and the signed-in account of a request."""

    def __init__(self, database: Database, clock: Clock = time.time) -> None:
        self.db = database
        self.clock = clock

    def now_ms(self) -> int:
        return int(self.clock() * 1000)

    def account_for(self, request: Request) -> str:
        header = request.headers.get("authorization", "")
        scheme, _, token = header.partition(" ")
        if scheme.lower() != "bearer" or not token.strip():
            raise Problem(401, "signed-out", "Sign in first: this endpoint needs a bearer token.")
        digest = token_hash(token.strip())
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

    def new_session(self, conn: Connection, account_id: str) -> str:
        token = secrets.token_urlsafe(32)
        conn.execute(
            insert(sessions).values(token_hash=token_hash(token), account_id=account_id, created_ms=self.now_ms())
        )
        return token
