"""``picasso settings``, ``picasso auth``, ``picasso memory sync|key|recover-sync-lock``, ``picasso sync-server``.

Thin: parse, call picasso_tui.sync, print. The sync modules are imported inside the commands so
that `picasso memory list` never pays for cryptography and the keyring.
"""

from __future__ import annotations

import sys
from typing import Any

import click

from picasso_tui.errors import UsageError
from picasso_tui.paths import PicassoPaths

EXPORT_WARNING = (
    "This recovery string is a secret: anyone who has it can read your synced memory. "
    "Store it like a password (a password manager), never in a chat or a repository."
)


# -- settings ---------------------------------------------------------------------------------------


def _parse_value(text: str) -> Any:
    lowered = text.strip().lower()
    if lowered in ("on", "true", "yes"):
        return True
    if lowered in ("off", "false", "no"):
        return False
    if lowered in ("null", "none", ""):
        return None
    try:
        return int(text)
    except ValueError:
        return text


def _show_value(value: Any) -> str:
    if isinstance(value, bool):
        return "on" if value else "off"
    return "" if value is None else str(value)


@click.group("settings")
def settings_group() -> None:
    """Read and change settings (settings/settings.json under the Picasso home)."""


def _known_key(key: str) -> str:
    """The key if Picasso knows it; a typo (``sync.cloudmemory``) is a usage error, not a silent no-op."""
    import difflib

    from picasso_tui import settings

    if key in settings.DEFAULTS:
        return key
    close = difflib.get_close_matches(key, list(settings.DEFAULTS), n=1, cutoff=0.6)
    close = close or [k for k in settings.DEFAULTS if k.lower() == key.lower()]
    hint = f" Did you mean {close[0]}?" if close else f" Known settings: {', '.join(sorted(settings.DEFAULTS))}."
    raise click.UsageError(f"Picasso has no setting {key}.{hint}")


@settings_group.command("get")
@click.argument("key")
def settings_get(key: str) -> None:
    """Print one setting, e.g. sync.cloudMemory."""
    from picasso_tui import settings

    click.echo(_show_value(settings.get(_known_key(key))))


@settings_group.command("set")
@click.argument("key")
@click.argument("value")
def settings_set(key: str, value: str) -> None:
    """Change one setting: on/off, a number or text (e.g. `sync.cloudMemory on`)."""
    from picasso_tui import settings

    key = _known_key(key)
    if isinstance(settings.DEFAULTS[key], bool) and _parse_value(value) not in (True, False):
        raise click.UsageError(f"{key} is on or off.")
    settings.set_value(key, _parse_value(value))
    click.echo(f"{key} = {_show_value(settings.get(key))}")


# -- auth ---------------------------------------------------------------------------------------------


@click.group("auth")
def auth_group() -> None:
    """Sign in to a Picasso sync server (needed for memory sync)."""


@auth_group.command("login")
@click.option("--server", metavar="URL", help="The sync server (default: the sync.server setting).")
@click.option("--email", metavar="EMAIL", help="The account's email (asked for when missing).")
@click.option("--create-account", is_flag=True, help="Create the account on the server first.")
@click.option("--password-stdin", is_flag=True, help="Read the password from standard input (never from argv).")
def auth_login(server: str | None, email: str | None, create_account: bool, password_stdin: bool) -> None:
    """Sign in; memories made while signed out are adopted into the account (once, reported)."""
    from picasso_tui.sync import auth

    paths = PicassoPaths.resolve()
    url = auth.server_url(paths, server)
    if not email:
        if not sys.stdin.isatty():
            raise click.UsageError("Give --email when standard input is not a terminal.")
        email = click.prompt("Email")
    if password_stdin:
        password = sys.stdin.readline().rstrip("\r\n")
    elif sys.stdin.isatty():
        password = click.prompt("Password", hide_input=True, confirmation_prompt=create_account)
    else:
        raise click.UsageError("Use --password-stdin to give the password without a terminal.")
    report = auth.login(paths, url, email, password, create=create_account)
    verb = "Created and signed in to" if report.created else "Signed in to"
    click.echo(f"{verb} account {report.account_id} ({report.email}) on {url}.")
    if report.adopted:
        noun = "memory" if report.adopted == 1 else "memories"
        click.echo(f"Adopted {report.adopted} {noun} made while signed out into account {report.account_id}.")


@auth_group.command("logout")
def auth_logout() -> None:
    """Sign out and forget the session token (memories stay on this machine)."""
    from picasso_tui.sync import auth

    account, warning = auth.logout(PicassoPaths.resolve())
    if account is None:
        click.echo("Not signed in.")
        return
    if warning:
        click.echo(f"picasso: warning: {warning}", err=True)
    click.echo(f"Signed out of account {account}. Its memories stay on this machine and return when you sign in.")


@auth_group.command("status")
@click.option("--server", metavar="URL", help="Also check that this server accepts the session.")
def auth_status(server: str | None) -> None:
    """Show the signed-in account (exit 3 when signed out)."""
    from picasso_tui import settings
    from picasso_tui.sync import auth
    from picasso_tui.sync.api import SyncApi

    paths = PicassoPaths.resolve()
    session = auth.current_session(paths)
    click.echo(f"Signed in to account {session.account_id} ({session.email or 'no email'}) on {session.server}.")
    click.echo(f"Cloud memory sync (sync.cloudMemory): {_show_value(settings.get('sync.cloudMemory', paths))}.")
    if server:
        with SyncApi(server.rstrip("/"), session.token) as api:
            api.session()
        click.echo(f"{server} accepts this session.")


# -- memory sync / key / recover-sync-lock -------------------------------------------------------------


@click.command("sync")
@click.option("--json", "as_json", is_flag=True)
def sync_cmd(as_json: bool) -> None:
    """Push and pull this account's memories (end-to-end encrypted) now."""
    from picasso_tui import settings
    from picasso_tui.cli.session import current_store
    from picasso_tui.sync.auth import current_session
    from picasso_tui.sync.client import sync_now
    from picasso_tui.sync.errors import SyncTurnedOff

    store = current_store()
    current_session(store.paths)  # signed out: exit 3 first, whatever the setting
    if not settings.get("sync.cloudMemory", store.paths):  # opt-in: without it nothing leaves the machine
        raise SyncTurnedOff()
    report = sync_now(store)
    if as_json:
        from picasso_tui.cli.render import dump_json

        click.echo(dump_json(report.to_json()))
        return
    if report.key_created:
        click.echo(
            f"Created the account memory key {report.key_created} on this device; "
            f"`picasso memory key export` prints its recovery string."
        )
    full = " (full resync: the last sync was more than 30 days ago)" if report.full_resync else ""
    click.echo(
        f"Synced account {report.account_id}{full}: pushed {report.pushed}, pulled {report.pulled}, "
        f"changed here {report.merged}."
    )
    if report.redacted:
        click.echo(
            f"Redacted {report.redacted} secret{'s' * (report.redacted != 1)} in pulled memories; "
            f"the next sync sends them back redacted, so every device ends up clean."
        )
    if report.refused:
        click.echo(
            f"Left out {report.refused} pulled record{'s' * (report.refused != 1)} the store refused "
            f"(another account's namespace or over a limit); `picasso` logs their ids in logs/memory-events.jsonl.",
            err=True,
        )


@click.group("key")
def key_group() -> None:
    """The account memory key: status, recovery string, linking a new device."""


def _ring_and_session() -> tuple[Any, Any, Any]:
    from picasso_tui.sync.auth import current_session
    from picasso_tui.sync.keys import KeyRing, SecretStore

    paths = PicassoPaths.resolve()
    session = current_session(paths)
    return KeyRing(session.account_id, SecretStore(paths)), session, paths


@key_group.command("status")
def key_status() -> None:
    """Does this device have the account memory key, and which one."""
    ring, session, _ = _ring_and_session()
    key = ring.active()
    if key is None:
        click.echo(
            f"This device does not have the memory key of account {session.account_id}; link it "
            f"(`picasso memory key link --request`) or import the recovery string "
            f"(`picasso memory key import --stdin`)."
        )
        return
    click.echo(f"This device has the memory key {key.key_id} of account {session.account_id}.")


@key_group.command("export")
def key_export() -> None:
    """Print the pmk1-… recovery string (a secret: store it like a password)."""
    from picasso_tui.sync import recovery

    ring, session, _ = _ring_and_session()
    key = ring.active()
    if key is None:
        raise UsageError(
            f"This device does not have the memory key of account {session.account_id}; nothing to export."
        )
    click.echo(f"Warning: {EXPORT_WARNING}", err=True)
    click.echo(recovery.display(key.key))


@key_group.command("import")
@click.option("--stdin", "from_stdin", is_flag=True, help="Read the recovery string from standard input.")
def key_import(from_stdin: bool) -> None:
    """Import the recovery string (from standard input or a hidden prompt; never from argv)."""
    from picasso_tui.sync import envelope, recovery
    from picasso_tui.sync.api import SyncApi
    from picasso_tui.sync.keys import key_id_of

    ring, session, _ = _ring_and_session()
    if from_stdin:
        text = sys.stdin.read()
    elif sys.stdin.isatty():
        text = click.prompt("Recovery string", hide_input=True)
    else:
        raise click.UsageError("Use --stdin to give the recovery string without a terminal.")
    key = recovery.decode(text)
    kid = key_id_of(key)
    with SyncApi(session.server, session.token) as api:
        check = api.get_key_check()
    if check is not None and (
        check.get("kid") != kid or not envelope.verify_key_check(key, kid, session.account_id, check)
    ):
        raise UsageError(
            f"This recovery string holds key {kid}, but account {session.account_id} uses {check.get('kid')}; "
            f"nothing was imported."
        )
    ring.store(key)
    click.echo(f"Imported the memory key {kid} of account {session.account_id}.")


@key_group.command("link")
@click.option("--request", "as_request", is_flag=True, help="On the new device: ask for the key, show six words.")
@click.option("--approve", is_flag=True, help="On a device with the key: approve the request showing --code.")
@click.option("--code", metavar='"SIX WORDS"', help="The six words the new device shows.")
def key_link(as_request: bool, approve: bool, code: str | None) -> None:
    """Give a new device the key: `--request` there, then `--approve --code "…"` here."""
    from picasso_tui.sync import link
    from picasso_tui.sync.api import SyncApi

    if as_request == approve:
        raise click.UsageError("Give exactly one of --request or --approve.")
    if approve and not code:
        raise click.UsageError('--approve needs --code "<the six words>".')
    ring, session, _ = _ring_and_session()
    with SyncApi(session.server, session.token) as api:
        if approve:
            link.approve_link(api, ring, code or "")
            click.echo("Approved: the key was sealed to the new device, which will confirm it.")
            return
        if ring.active() is not None:
            raise UsageError("This device already has the account memory key; run --approve on it instead.")
        pending = link.request_link(api)
        click.echo(f"Link words: {' '.join(pending.words)}")
        click.echo(
            f'On a device that has the key, run: picasso memory key link --approve --code "{" ".join(pending.words)}"'
        )
        click.echo("Waiting for approval (up to 10 minutes)…", err=True)
        key = link.await_link(api, pending, ring)
    click.echo(f"Linked: this device now has the memory key {key.key_id} and has verified it.")


@click.command("recover-sync-lock")
@click.option(
    "--reset-cursor",
    is_flag=True,
    help="Also set the sync cursor aside: the next sync starts over from what the server holds "
    "(after the server was restored from a backup).",
)
def recover_sync_lock_cmd(reset_cursor: bool) -> None:
    """Inspect a stuck sync cursor lock; once every writer is stopped, set it aside."""
    from picasso_tui.store.namespaces import current_account_id
    from picasso_tui.sync.cursor import recover_sync_lock

    account = current_account_id()
    report = recover_sync_lock(PicassoPaths.resolve(), account, reset_cursor=reset_cursor)
    holder = report.holder
    who = f"process {holder.get('pid')} on {holder.get('host')} (since {holder.get('since')})" if holder else None
    if report.held:
        state = {True: "still running", False: "not running", None: "on another machine or unknown"}[
            report.holder_alive
        ]
        raise UsageError(
            f"The sync cursor lock is held{' by ' + who if who else ''}, {state}; stop every Picasso process "
            f"that may be syncing, then run this again."
        )
    if not report.quarantined:
        click.echo("The sync cursor lock is free and the cursor is readable; nothing to recover.")
        return
    for path in report.quarantined:
        click.echo(f"Set aside {path}.")
    click.echo("The next `picasso memory sync` starts from a fresh lock.")


# -- the server ------------------------------------------------------------------------------------------


@click.command("sync-server")
@click.option("--host", default="127.0.0.1", show_default=True)
@click.option("--port", default=8765, show_default=True, type=click.IntRange(0, 65535))
@click.option(
    "--database",
    metavar="URL",
    help="SQLAlchemy URL: sqlite:///path.db (default: sync-server.db under the Picasso home) "
    "or postgresql://user:pass@host/db.",
)
def sync_server_cmd(host: str, port: int, database: str | None) -> None:
    """Run the reference sync server (needs `pip install 'picasso-tui[server]'`)."""
    try:
        import uvicorn

        from picasso_tui.sync.server.app import create_app
    except ImportError as exc:
        raise UsageError(
            f"The sync server needs its extra ({exc.name} is missing): pip install 'picasso-tui[server]'."
        ) from None
    if database is None:
        home = PicassoPaths.resolve().home
        home.mkdir(parents=True, exist_ok=True, mode=0o700)
        database = f"sqlite:///{home / 'sync-server.db'}"
    shown = database.split("@")[-1]  # never echo a password from the URL
    try:
        app = create_app(database)
    except Exception as exc:  # SQLAlchemy: unknown dialect, missing driver, unreachable or refused database
        raise UsageError(
            f"The sync server cannot use the database {shown} ({type(exc).__name__}: "
            f"{str(exc).splitlines()[0][:160]}); check --database."
        ) from None
    click.echo(f"Picasso sync server on http://{host}:{port} (database {shown})", err=True)
    uvicorn.run(app, host=host, port=port, log_level="info")
