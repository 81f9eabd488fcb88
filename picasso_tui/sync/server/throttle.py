"""Sign-in throttling: after a few failures, exponential back-off per email and per client address.

Every attempt counts as a failure *before* the password is checked, in one transaction that locks
both counters, so parallel guesses cannot outrun the count (a hash takes 0.1 s; the thread pool
runs 40 at once). A success then resets the email's counter and takes this attempt back off the
address's. During a back-off every attempt, the right password included, is refused with 429 and
``Retry-After`` before any hashing, and is not counted.

The counters live in the database (table ``login_failures``): every worker process and every
server on one PostgreSQL database sees the same failures, and a restart forgets none.
"""

from __future__ import annotations

import ipaddress
import logging
import math
from dataclasses import dataclass
from typing import Any

from sqlalchemy import Connection, Row, delete, select, update
from sqlalchemy.dialects import postgresql, sqlite
from sqlalchemy.exc import DBAPIError

from picasso_tui.sync.server.db import Database, login_failures
from picasso_tui.sync.server.problems import Problem

log = logging.getLogger(__name__)

PRUNE_EVERY_MS = 60_000


@dataclass(frozen=True)
class Policy:
    what: str  # completes "Too many failed sign-ins …"
    free: int  # failures in a row without a wait; the next attempt waits
    first_wait_s: int  # the wait after the ``free``-th failure; it doubles with each failure after
    max_wait_s: int
    forget_s: int  # a counter untouched this long starts again from 0

    def wait_ms(self, failures: int) -> int:
        if failures < self.free:
            return 0
        doublings = min(failures - self.free, 30)
        return min(self.first_wait_s * 2**doublings, self.max_wait_s) * 1000


# An email is one person's: few failures before waits that grow to 15 minutes. An address may be
# an office behind one NAT: more failures before shorter waits.
ACCOUNT = Policy("for this email address", free=5, first_wait_s=1, max_wait_s=15 * 60, forget_s=24 * 3600)
ADDRESS = Policy("from this network address", free=20, first_wait_s=1, max_wait_s=5 * 60, forget_s=3600)


def address_key(host: str) -> str:
    """The client address to count by; IPv6 by its /64, which one machine usually holds whole."""
    try:
        ip = ipaddress.ip_address(host)
    except ValueError:
        return host[:100]
    if isinstance(ip, ipaddress.IPv6Address):
        if ip.ipv4_mapped is not None:
            return str(ip.ipv4_mapped)
        return str(ipaddress.IPv6Network((ip, 64), strict=False))
    return str(ip)


class LoginThrottle:
    def __init__(self, db: Database, account: Policy = ACCOUNT, address: Policy = ADDRESS) -> None:
        self.db = db
        self.account, self.address = account, address
        self._pruned_ms = 0

    def _keys(self, email: str, host: str | None) -> list[tuple[str, Policy]]:
        keys = [("email:" + email, self.account)]
        if host:
            keys.append(("addr:" + address_key(host), self.address))
        return sorted(keys, key=lambda k: k[0])  # one lock order for every transaction: no deadlock

    def admit(self, email: str, host: str | None, now_ms: int) -> None:
        """Count this attempt, or raise 429 (with Retry-After) while either counter is backing off."""
        keys = self._keys(email, host)
        with self.db.write() as conn:
            _lock_rows(conn, [key for key, _ in keys])
            rows = {
                row.key: row
                for row in conn.execute(select(login_failures).where(login_failures.c.key.in_([k for k, _ in keys])))
            }
            counts = {key: _live_count(rows[key], policy, now_ms) for key, policy in keys}
            wait_ms, policy = max(
                ((rows[key].last_ms + policy.wait_ms(counts[key]) - now_ms, policy) for key, policy in keys),
                key=lambda pair: pair[0],
            )
            if wait_ms > 0:
                seconds = max(1, math.ceil(wait_ms / 1000))
                raise Problem(
                    429,
                    "too-many-attempts",
                    f"Too many failed sign-ins {policy.what}; wait before trying again.",
                    {"Retry-After": str(seconds)},
                )
            for key, _ in keys:
                conn.execute(
                    update(login_failures)
                    .where(login_failures.c.key == key)
                    .values(failures=counts[key] + 1, last_ms=now_ms)
                )
        self._prune(now_ms)

    def succeeded(self, email: str, host: str | None) -> None:
        with self.db.write() as conn:
            conn.execute(delete(login_failures).where(login_failures.c.key == "email:" + email))
            if host:
                key = "addr:" + address_key(host)
                conn.execute(
                    update(login_failures)
                    .where(login_failures.c.key == key, login_failures.c.failures > 0)
                    .values(failures=login_failures.c.failures - 1)
                )

    def _prune(self, now_ms: int) -> None:
        """Drop long-forgotten counters (at most once a minute), skipping rows an attempt holds."""
        if now_ms - self._pruned_ms < PRUNE_EVERY_MS:
            return
        self._pruned_ms = now_ms
        cutoff = now_ms - max(self.account.forget_s, self.address.forget_s) * 1000
        stale = select(login_failures.c.key).where(login_failures.c.last_ms < cutoff).with_for_update(skip_locked=True)
        try:
            with self.db.write() as conn:
                conn.execute(delete(login_failures).where(login_failures.c.key.in_(stale.scalar_subquery())))
        except DBAPIError as exc:  # best effort: the next prune gets them
            log.warning("pruning old sign-in counters failed: %s", exc)


def _live_count(row: Row[Any], policy: Policy, now_ms: int) -> int:
    return row.failures if now_ms - row.last_ms <= policy.forget_s * 1000 else 0


def _lock_rows(conn: Connection, keys: list[str]) -> None:
    """Create missing counters and lock all of them: an upsert locks the row even when it exists."""
    dialect = postgresql if conn.dialect.name == "postgresql" else sqlite
    stmt = dialect.insert(login_failures).values([{"key": key, "failures": 0, "last_ms": 0} for key in keys])
    conn.execute(stmt.on_conflict_do_update(index_elements=["key"], set_={"failures": login_failures.c.failures}))
