"""Pushing and pulling a device's records: ciphertext envelopes, compare-and-set on each record's seq."""

from __future__ import annotations

import json
from typing import Any

from sqlalchemy import Connection, bindparam, insert, select, update
from starlette.routing import Route

from picasso_tui.sync.server import schemas
from picasso_tui.sync.server.db import accounts, records
from picasso_tui.sync.server.endpoints import authed
from picasso_tui.sync.server.problems import Problem
from picasso_tui.sync.server.sessions import Sessions

MAX_REQUEST_BYTES = 8 * 1024 * 1024  # a sync push; every other request is small
MAX_ENVELOPE_BYTES = 256 * 1024
MAX_PULL_BYTES = 2 * 1024 * 1024


class MemorySync(Sessions):
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


def _push_item(item: schemas.PushItem) -> tuple[str, str, int]:
    rid = item.id
    encoded = json.dumps(item.envelope, separators=(",", ":"))
    if len(encoded) > MAX_ENVELOPE_BYTES:
        raise Problem(413, "too-large", f"Record {rid}: an envelope may be at most {MAX_ENVELOPE_BYTES} bytes.")
    return rid, encoded, item.base


def memory_routes(server: MemorySync) -> list[Route]:
    return [
        Route(
            "/v1/memory/sync",
            authed(server, lambda a, _r, b: server.sync(a, b), schemas.SyncRequest, max_bytes=MAX_REQUEST_BYTES),
            methods=["POST"],
        ),
    ]
