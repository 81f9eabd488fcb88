"""Settings, sign-in (adoption of signed-out memories), the keyring rules and the cursor lock."""

from __future__ import annotations

import json
import os
import socket
import subprocess
import sys
import textwrap

import keyring
import pytest
from keyring.backends import fail

from picasso_tui.store.namespaces import current_account_id
from tests.sync.conftest import PASSWORD


def login(d, server, email: str = "a@example.com", create: bool = True):
    args = ["auth", "login", "--server", server.url, "--email", email, "--password-stdin"]
    return d.run(*args, *(["--create-account"] if create else []), stdin=PASSWORD + "\n")


def test_settings_get_and_set_cloud_memory(picasso, paths) -> None:
    assert picasso("settings", "get", "sync.cloudMemory").out.strip() == "off"
    assert picasso("settings", "set", "sync.cloudMemory", "on").code == 0
    assert picasso("settings", "get", "sync.cloudMemory").out.strip() == "on"
    assert json.loads(paths.settings_file.read_text())["sync"]["cloudMemory"] is True
    assert picasso("settings", "set", "sync.cloudMemory", "maybe").code == 2
    picasso("settings", "set", "sync.cloudMemory", "off")
    assert picasso("settings", "get", "sync.cloudMemory").out.strip() == "off"


def test_first_sign_in_adopts_signed_out_memories_in_one_merge(server, device) -> None:
    a = device("A")
    rid = a.ok("memory", "add", "Written while signed out").strip()
    assert json.loads(a.ok("memory", "inspect", rid, "--json"))["metadata"]["namespace"].startswith("account:local/")
    result = login(a, server)
    assert result.code == 0, result.err
    assert "Adopted 1 memory" in result.out
    a.use()
    account = current_account_id()
    assert account.startswith("acct_")
    record = json.loads(a.ok("memory", "inspect", rid, "--json"))
    assert record["metadata"]["namespace"] == f"account:{account}/global/facts"
    adopt_events = [json.loads(line) for line in (a.home / "logs" / "memory-events.jsonl").read_text().splitlines()]
    assert [e["event"] for e in adopt_events].count("adopt") == 1
    status = a.ok("auth", "status")
    assert account in status and "a@example.com" in status


def test_logout_forgets_the_session(server, device) -> None:
    a = device("A")
    login(a, server)
    a.ok("memory", "add", "Account memory")
    out = a.ok("auth", "logout")
    assert "Signed out" in out
    assert a.run("auth", "status").code == 3
    assert a.run("memory", "sync").code == 3
    assert login(a, server, create=False).code == 0
    assert "Account memory" in a.bodies()  # signing in again brings the account's memories back into view


def test_wrong_password_is_one_sentence_exit_1(server, device) -> None:
    a = device("A")
    login(a, server)
    a.ok("auth", "logout")
    result = a.run("auth", "login", "--server", server.url, "--email", "a@example.com", "--password-stdin",
                   stdin="not the password\n")  # fmt: skip
    assert result.code == 1 and "The email or the password is wrong" in result.err
    assert "Traceback" not in result.err


def test_no_secure_keyring_is_a_clear_error_and_plaintext_needs_an_opt_in(server, device) -> None:
    a = device("A")
    keyring.set_keyring(fail.Keyring())
    result = login(a, server)
    assert result.code == 1
    assert "no keyring backend is available" in result.err and "sync.allowPlaintextKeys on" in result.err
    assert not (a.home / "settings" / "plaintext-secrets.json").exists()
    a.ok("settings", "set", "sync.allowPlaintextKeys", "on")
    assert login(a, server, email="b@example.com").code == 0
    a.ok("memory", "sync")
    secrets_file = a.home / "settings" / "plaintext-secrets.json"
    assert oct(secrets_file.stat().st_mode & 0o777) == "0o600"
    stored = json.loads(secrets_file.read_text())
    assert set(stored) == {"com.picassohq.memory-key", "com.picassohq.session"}
    assert any(name.endswith(":active") for name in stored["com.picassohq.memory-key"])


def test_key_status_export_import_round_trip(server, device) -> None:
    a, b = device("A"), device("B")
    login(a, server)
    assert "does not have" in a.ok("memory", "key", "status")
    a.ok("memory", "sync")
    status = a.ok("memory", "key", "status")
    assert "has the memory key k" in status
    exported = a.run("memory", "key", "export")
    assert exported.out.startswith("pmk1-") and "secret" in exported.err
    login(b, server, create=False)
    typo = exported.out.strip()
    typo = typo[:-3] + ("q" if typo[-3] != "q" else "p") + typo[-2:]
    bad = b.run("memory", "key", "import", "--stdin", stdin=typo)
    assert bad.code == 1 and "checksum does not match" in bad.err
    assert b.run("memory", "key", "import", "--stdin", stdin=exported.out).code == 0
    assert status.split()[5] in b.ok("memory", "key", "status")
    # Never from argv: there is no such argument.
    assert b.run("memory", "key", "import", exported.out.strip()).code == 2


HOLDER = textwrap.dedent(
    """
    import sys, time, portalocker
    lock = portalocker.Lock(sys.argv[1], mode="a", flags=portalocker.LockFlags.EXCLUSIVE)
    lock.acquire()
    print("held", flush=True)
    time.sleep(120)
    """
)


def test_a_stuck_cursor_lock_is_inspected_then_quarantined(server, device) -> None:
    a = device("A")
    login(a, server)
    a.ok("memory", "sync")
    a.use()
    account = current_account_id()
    lock = a.home / "sync" / account / "state.json.lock"
    holder = subprocess.Popen([sys.executable, "-c", HOLDER, str(lock)], stdout=subprocess.PIPE, text=True)
    try:
        assert holder.stdout.readline().strip() == "held"
        (lock.parent / "state.json.lock.holder").write_text(
            json.dumps({"pid": holder.pid, "host": socket.gethostname(), "since": "2026-11-30T00:00:00.000Z"})
        )
        os.environ["PICASSO_SYNC_LOCK_TIMEOUT"] = "0.2"
        busy = a.run("memory", "sync")
        assert busy.code == 1 and f"process {holder.pid}" in busy.err and "recover-sync-lock" in busy.err
        inspected = a.run("memory", "recover-sync-lock")
        assert inspected.code == 1 and "still running" in inspected.err and str(holder.pid) in inspected.err
        assert lock.exists()
    finally:
        os.environ.pop("PICASSO_SYNC_LOCK_TIMEOUT", None)
        holder.kill()
        holder.wait()
    out = a.ok("memory", "recover-sync-lock")
    assert "Set aside" in out
    assert not lock.exists() and list(lock.parent.glob("state.json.lock.quarantined-*"))
    assert a.ok("memory", "recover-sync-lock").startswith("The sync cursor lock is free")
    a.ok("memory", "sync")


def test_a_damaged_cursor_file_is_reported_and_recovered(server, device) -> None:
    a = device("A")
    login(a, server)
    rid = a.ok("memory", "add", "still here").strip()
    a.ok("memory", "sync")
    a.use()
    state = a.home / "sync" / current_account_id() / "state.json"
    state.write_text("{broken")
    result = a.run("memory", "sync")
    assert result.code == 1 and "damaged" in result.err and "recover-sync-lock" in result.err
    a.ok("memory", "recover-sync-lock")
    assert a.ok("memory", "sync")
    assert rid in a.ok("memory", "list", "--all", "--json")


def test_two_first_devices_racing_for_the_key_leave_one_key(server, device) -> None:
    from picasso_tui.sync.api import SyncApi
    from picasso_tui.sync.auth import current_session
    from picasso_tui.sync.client import ensure_key
    from picasso_tui.sync.errors import SyncError
    from picasso_tui.sync.keys import KeyRing, SecretStore

    a, b = device("A"), device("B")
    login(a, server)
    login(b, server, create=False)
    b.use()
    session = current_session(b.paths)
    ring_b = KeyRing(session.account_id, SecretStore(b.paths))

    class SawNoKeyYet(SyncApi):
        def get_key_check(self):
            return None  # B looked just before A claimed the account

    a.ok("memory", "sync")  # A creates the key and its check
    b.use()
    with SawNoKeyYet(session.server, session.token) as api, pytest.raises(SyncError, match="a moment ago"):
        ensure_key(ring_b, api)
    assert ring_b.active() is None  # the loser kept no key of its own


def test_login_needs_a_server_and_uses_the_setting(server, device) -> None:
    a = device("A")
    result = a.run("auth", "login", "--email", "s@example.com", "--create-account", "--password-stdin", stdin="x\n")
    assert result.code == 1 and "--server URL" in result.err and "sync.server" in result.err
    assert a.run("auth", "login", "--server", "ftp://nope", "--email", "s@example.com", "--password-stdin",
                 stdin=PASSWORD + "\n").code == 1  # fmt: skip
    a.ok("settings", "set", "sync.server", server.url)
    out = a.ok(
        "auth", "login", "--email", "s@example.com", "--create-account", "--password-stdin", stdin=PASSWORD + "\n"
    )
    assert server.url in out
    assert a.run("auth", "login", "--server", server.url, "--password-stdin", stdin=PASSWORD + "\n").code == 2


def test_a_session_revoked_on_the_server_exits_3(server, device) -> None:
    import httpx

    from picasso_tui.sync.auth import current_session

    a = device("A")
    login(a, server)
    a.ok("memory", "sync")
    token = current_session(a.paths).token
    httpx.post(f"{server.url}/v1/auth/logout", headers={"Authorization": f"Bearer {token}"})
    result = a.run("memory", "sync")
    assert result.code == 3
    assert "no longer accepts this sign-in" in result.err and "picasso auth login" in result.err


def test_with_the_opt_in_off_nothing_leaves_the_machine(server, device) -> None:
    a = device("A", cloud_memory=False)
    assert a.run("memory", "sync").code == 3  # signed out comes first, whatever the setting
    login(a, server)
    a.ok("memory", "add", "Deploys go through the release branch")
    refused = a.run("memory", "sync")
    assert refused.code == 1
    assert refused.err.strip().startswith("picasso: Memory sync is off on this device, so nothing was sent;")
    assert refused.err.count("\n") == 1 and "Traceback" not in refused.err
    a.ok("settings", "set", "sync.cloudMemory", "on")
    assert "pushed 1," in a.ok("memory", "sync")  # the memory had not left before: it goes now, once


def test_sync_server_with_a_bad_database_or_port_is_one_sentence(picasso) -> None:
    bad = picasso("sync-server", "--database", "bogus://nowhere")
    assert bad.code == 1 and bad.err.startswith("picasso: The sync server cannot use the database bogus://nowhere")
    assert bad.err.count("\n") == 1 and "Traceback" not in bad.err
    refused = picasso("sync-server", "--database", "postgresql://app:hunter2secret@127.0.0.1:1/picasso")
    assert refused.code == 1 and "hunter2secret" not in refused.err + refused.out
    assert picasso("sync-server", "--port", "99999").code == 2


def test_a_mistyped_setting_is_a_usage_error_with_the_right_name(picasso, paths) -> None:
    typo = picasso("settings", "set", "sync.cloudmemory", "on")
    assert typo.code == 2 and "Did you mean sync.cloudMemory?" in typo.err
    assert not paths.settings_file.exists() or "cloudmemory" not in paths.settings_file.read_text()
    assert picasso("settings", "get", "agent.comand").code == 2
    assert picasso("settings", "set", "sync.allowPlaintextKeys", "maybe").code == 2


def test_a_session_expires_after_its_lifetime_and_signing_in_again_resumes(server, device) -> None:
    from picasso_tui.sync.server.sessions import SESSION_DAYS

    a = device("A")
    login(a, server)
    a.ok("memory", "add", "Synced before the session aged")
    a.ok("memory", "sync")
    server.clock.offset = (SESSION_DAYS - 1) * 86_400
    assert a.run("memory", "sync").code == 0  # still inside its lifetime
    server.clock.offset = (SESSION_DAYS + 1) * 86_400
    result = a.run("memory", "sync")
    assert (
        result.code == 3 and f"expired after {SESSION_DAYS} days" in result.err and "picasso auth login" in result.err
    )
    assert login(a, server, create=False).code == 0
    assert a.run("memory", "sync").code == 0
    assert "Synced before the session aged" in a.bodies()
