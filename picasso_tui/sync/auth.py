"""Sign-in: ``picasso auth login|logout|status``.

The account id and server URL live in ``<picasso home>/settings/account.json`` (so the store can
read the account id without importing this package); the session token lives in the keyring.
"""

from __future__ import annotations

import contextlib
import os
from dataclasses import dataclass

import orjson

from picasso_tui import settings
from picasso_tui.atomic import write_atomic
from picasso_tui.paths import PicassoPaths
from picasso_tui.store.filestore import Change, FileStore
from picasso_tui.store.ingress import MAINTENANCE
from picasso_tui.store.namespaces import LOCAL_ACCOUNT, account_file, account_prefix
from picasso_tui.store.schema import MemoryRecord
from picasso_tui.sync.api import SyncApi
from picasso_tui.sync.errors import NeedsSignIn, SyncError
from picasso_tui.sync.keys import SESSION_SERVICE, SecretStore

SERVER_SETTING = "sync.server"


@dataclass(frozen=True)
class Session:
    server: str
    account_id: str
    email: str | None
    token: str


@dataclass(frozen=True)
class LoginReport:
    account_id: str
    email: str
    created: bool
    adopted: int


def server_url(paths: PicassoPaths, explicit: str | None = None) -> str:
    url = explicit or settings.get(SERVER_SETTING, paths)
    if not url:
        raise SyncError(f"No sync server is set: pass --server URL or run `picasso settings set {SERVER_SETTING} URL`.")
    if not str(url).startswith(("http://", "https://")):
        raise SyncError(f"The sync server URL must start with http:// or https:// (got {url}).")
    return str(url).rstrip("/")


def _read_account(paths: PicassoPaths) -> dict | None:
    try:
        data = orjson.loads(account_file(paths.home).read_bytes())
    except (FileNotFoundError, orjson.JSONDecodeError):
        return None
    return data if isinstance(data, dict) and isinstance(data.get("accountId"), str) else None


def _token_name(server: str, account_id: str) -> str:
    return f"{server}|{account_id}"


def current_session(paths: PicassoPaths | None = None, secrets: SecretStore | None = None) -> Session:
    """The signed-in session, or NeedsSignIn (exit 3)."""
    paths = paths or PicassoPaths.resolve()
    account = _read_account(paths)
    if account is None or not isinstance(account.get("server"), str):
        raise NeedsSignIn()
    secrets = secrets or SecretStore(paths)
    token = secrets.get(SESSION_SERVICE, _token_name(account["server"], account["accountId"]))
    if not token:
        raise NeedsSignIn()
    return Session(account["server"], account["accountId"], account.get("email"), token)


def login(paths: PicassoPaths, server: str, email: str, password: str, *, create: bool = False) -> LoginReport:
    secrets = SecretStore(paths)  # fail before talking to the server if no token could be kept
    with SyncApi(server) as api:
        answer = api.create_account(email, password) if create else api.login(email, password)
    account_id, token = answer["accountId"], answer["token"]
    previous = _read_account(paths)
    if previous and previous.get("accountId") != account_id:
        raise SyncError(
            f"This device is signed in to account {previous['accountId']}; run `picasso auth logout` first."
        )
    secrets.set(SESSION_SERVICE, _token_name(server, account_id), token)
    path = account_file(paths.home)
    path.parent.mkdir(parents=True, exist_ok=True, mode=0o700)
    write_atomic(path, orjson.dumps({"accountId": account_id, "server": server, "email": answer.get("email")}))
    os.chmod(path, 0o600)
    adopted = adopt_local_records(paths, account_id)
    return LoginReport(account_id, answer.get("email") or email, create, adopted)


def adopt_local_records(paths: PicassoPaths, account_id: str) -> int:
    """Move every live ``account:local`` record into the account's namespaces in one merge."""
    files = FileStore(paths, account_id=account_id)
    local = account_prefix(LOCAL_ACCOUNT) + "/"
    target = account_prefix(account_id) + "/"
    ids = [r.id for r in files.load().records(lambda raw: raw["metadata"]["namespace"].startswith(local))]
    if not ids:
        return 0

    def rehome(record: MemoryRecord) -> MemoryRecord:
        return record.with_metadata(namespace=target + record.metadata.namespace[len(local) :])

    result = files.apply([Change(rid, rehome) for rid in ids], event="adopt", origin=MAINTENANCE)
    return len(result.ids("updated"))


def logout(paths: PicassoPaths) -> tuple[str | None, str | None]:
    """Revoke the token (best effort), forget it and the account. Returns (account, warning)."""
    account = _read_account(paths)
    if account is None:
        return None, None
    warning = None
    secrets = SecretStore(paths)
    name = _token_name(str(account.get("server")), account["accountId"])
    token = secrets.get(SESSION_SERVICE, name)
    if token and isinstance(account.get("server"), str):
        try:
            with SyncApi(account["server"], token) as api:
                api.logout()
        except SyncError as exc:
            warning = f"the server could not revoke the session ({exc})"
    secrets.delete(SESSION_SERVICE, name)
    with contextlib.suppress(FileNotFoundError):
        account_file(paths.home).unlink()
    return account["accountId"], warning
