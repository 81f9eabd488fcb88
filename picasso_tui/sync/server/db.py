"""Tables (SQLAlchemy Core) and engines: SQLite by default, PostgreSQL by URL.

Every row that holds account data carries ``account_id``, and every query in the app filters
on the authenticated account, so one account's credential can never reach another's rows.
"""

from __future__ import annotations

import threading
from collections.abc import Iterator
from contextlib import contextmanager

from sqlalchemy import (
    BigInteger,
    Column,
    Connection,
    Engine,
    ForeignKey,
    Index,
    Integer,
    MetaData,
    String,
    Table,
    Text,
    create_engine,
    event,
)

from picasso_tui.sync.server import private_files

metadata = MetaData()

accounts = Table(
    "accounts",
    metadata,
    Column("id", String(40), primary_key=True),
    Column("email", String(320), nullable=False, unique=True),
    Column("password_hash", String(200), nullable=False),
    Column("seq", BigInteger, nullable=False, default=0),  # the account's change counter (the cursor space)
    Column("created_ms", BigInteger, nullable=False),
)

sessions = Table(
    "sessions",
    metadata,
    Column("token_hash", String(64), primary_key=True),  # SHA-256 of the token: a database leak is no login
    Column("account_id", String(40), ForeignKey("accounts.id", ondelete="CASCADE"), nullable=False),
    Column("created_ms", BigInteger, nullable=False),
)

records = Table(
    "records",
    metadata,
    Column("account_id", String(40), ForeignKey("accounts.id", ondelete="CASCADE"), primary_key=True),
    Column("record_id", String(200), primary_key=True),
    Column("seq", BigInteger, nullable=False),
    Column("envelope", Text, nullable=False),  # ciphertext envelope (JSON); the server cannot open it
    Index("records_by_cursor", "account_id", "seq"),
)

key_checks = Table(
    "key_checks",
    metadata,
    Column("account_id", String(40), ForeignKey("accounts.id", ondelete="CASCADE"), primary_key=True),
    Column("key_id", String(40), nullable=False),
    Column("check_value", Text, nullable=False),
)

key_requests = Table(
    "key_requests",
    metadata,
    Column("id", String(40), primary_key=True),
    Column("account_id", String(40), ForeignKey("accounts.id", ondelete="CASCADE"), nullable=False),
    Column("public_key", String(100), nullable=False),
    Column("created_ms", BigInteger, nullable=False),
    Column("expires_ms", BigInteger, nullable=False),
    Column("status", String(16), nullable=False),  # pending -> approved -> consumed
    Column("sealed", Text, nullable=True),
    Index("key_requests_by_account", "account_id"),
)

# Failed sign-ins per email and per client address (see throttle.py). In the database, not in
# memory, so that every worker and every server on one database counts the same failures.
login_failures = Table(
    "login_failures",
    metadata,
    Column("key", String(400), primary_key=True),  # "email:<address>" or "addr:<client address>"
    Column("failures", Integer, nullable=False),
    Column("last_ms", BigInteger, nullable=False),
    Index("login_failures_by_time", "last_ms"),
)


def normalize_url(url: str) -> str:
    """``postgresql://`` means psycopg 3 here (SQLAlchemy's default would be psycopg2)."""
    for prefix in ("postgresql://", "postgres://"):
        if url.startswith(prefix):
            return "postgresql+psycopg://" + url[len(prefix) :]
    return url


class Database:
    """An engine plus the write discipline each backend needs."""

    def __init__(self, url: str) -> None:
        self.url = normalize_url(url)
        self.is_sqlite = self.url.startswith("sqlite")
        self.sqlite_file = private_files.sqlite_path(self.url) if self.is_sqlite else None
        if self.sqlite_file is not None:
            private_files.prepare(self.sqlite_file)
        options: dict = {"connect_args": {"check_same_thread": False, "timeout": 30}} if self.is_sqlite else {}
        self.engine: Engine = create_engine(self.url, **options)
        if self.is_sqlite:
            event.listen(self.engine, "connect", _sqlite_pragmas)
        # SQLite has one writer at a time; serialising writers in-process avoids "database is locked".
        self._write_lock = threading.Lock() if self.is_sqlite else None
        metadata.create_all(self.engine)
        if self.sqlite_file is not None:
            private_files.tighten_companions(self.sqlite_file)

    @contextmanager
    def write(self) -> Iterator[Connection]:
        if self._write_lock is None:
            with self.engine.begin() as conn:
                yield conn
            return
        with self._write_lock, self.engine.begin() as conn:
            yield conn

    @contextmanager
    def read(self) -> Iterator[Connection]:
        with self.engine.connect() as conn:
            yield conn

    def dispose(self) -> None:
        self.engine.dispose()


def _sqlite_pragmas(dbapi_conn, _record) -> None:  # noqa: ANN001 - DB-API objects
    cur = dbapi_conn.cursor()
    cur.execute("PRAGMA foreign_keys=ON")
    cur.execute("PRAGMA journal_mode=WAL")
    cur.close()
