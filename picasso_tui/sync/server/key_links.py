"""The account's memory key: the check value a new device tests its key against, and the link requests
through which a device that has the key hands it, sealed, to one that asks."""

from __future__ import annotations

import json
import re
import secrets
from typing import Any

from sqlalchemy import Connection, delete, func, insert, select, update
from starlette.routing import Route

from picasso_tui.sync.server import schemas
from picasso_tui.sync.server.db import key_checks, key_requests
from picasso_tui.sync.server.endpoints import authed
from picasso_tui.sync.server.problems import Problem
from picasso_tui.sync.server.schemas import REQUEST_ID_PATTERN
from picasso_tui.sync.server.sessions import Sessions

LINK_TTL_MS = 10 * 60 * 1000
MAX_PENDING_LINKS = 10
_REQUEST_ID = re.compile(REQUEST_ID_PATTERN)


class KeyLinks(Sessions):
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


def key_routes(server: KeyLinks) -> list[Route]:
    return [
        Route("/v1/memory/keys/check", authed(server, lambda a, _r, _b: server.get_key_check(a)), methods=["GET"]),
        Route(
            "/v1/memory/keys/check",
            authed(server, lambda a, _r, b: server.put_key_check(a, b), schemas.KeyCheck),
            methods=["PUT"],
        ),
        Route(
            "/v1/memory/keys/requests",
            authed(server, lambda a, _r, b: server.create_link_request(a, b), schemas.LinkRequest, status=201),
            methods=["POST"],
        ),
        Route(
            "/v1/memory/keys/requests",
            authed(server, lambda a, _r, _b: server.list_link_requests(a)),
            methods=["GET"],
        ),
        Route(
            "/v1/memory/keys/requests/{id}",
            authed(server, lambda a, r, b: server.approve_link_request(a, r.path_params["id"], b), schemas.Approval),
            methods=["PUT"],
        ),
        Route(
            "/v1/memory/keys/requests/{id}",
            authed(server, lambda a, r, _b: server.read_link_request(a, r.path_params["id"])),
            methods=["GET"],
        ),
    ]
