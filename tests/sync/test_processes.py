"""The real commands as separate processes: the sync server, and linking with `key link --request`."""

from __future__ import annotations

import json
import re
import subprocess
import time
from pathlib import Path

import httpx

from picasso_tui import settings
from picasso_tui.paths import PicassoPaths
from picasso_tui.store import events
from picasso_tui.store.namespaces import LOCAL_ACCOUNT, account_file, current_account_id
from picasso_tui.sync.client import sync_wanted
from tests.sync.conftest import PASSWORD, PICASSO_EXE


def test_picasso_sync_server_serves_on_the_port_it_reports(tmp_path: Path) -> None:
    db = tmp_path / "served.db"
    proc = subprocess.Popen(
        [*PICASSO_EXE, "sync-server", "--port", "0", "--database", f"sqlite:///{db}"],
        stderr=subprocess.PIPE,
        text=True,
    )
    try:
        url = None
        deadline = time.time() + 30
        while url is None and time.time() < deadline:
            line = proc.stderr.readline()
            match = re.search(r"Uvicorn running on (http://127\.0\.0\.1:\d+)", line)
            url = match.group(1) if match else None
        assert url, "the server never said where it listens"
        with httpx.Client(base_url=url) as http:
            assert http.get("/v1/health").json() == {"ok": True}
            made = http.post("/v1/auth/accounts", json={"email": "s@example.com", "password": PASSWORD})
            assert made.status_code == 201 and made.json()["accountId"].startswith("acct_")
        assert db.exists()
    finally:
        proc.terminate()
        proc.wait(timeout=10)


def test_link_request_command_waits_for_approval_and_verifies_the_key(server, device) -> None:
    a, b = device("A"), device("B")
    a.ok("auth", "login", "--server", server.url, "--email", "p@example.com", "--create-account", "--password-stdin",
         stdin=PASSWORD + "\n")  # fmt: skip
    a.ok("memory", "add", "Shared through a linked device")
    a.ok("memory", "sync")
    b.ok("auth", "login", "--server", server.url, "--email", "p@example.com", "--password-stdin", stdin=PASSWORD + "\n")
    proc = subprocess.Popen(
        [*PICASSO_EXE, "memory", "key", "link", "--request"],
        env=b.subprocess_env(),
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    try:
        first = proc.stdout.readline()
        assert first.startswith("Link words: "), first + proc.stderr.read()
        words = first.removeprefix("Link words: ").split()
        assert len(words) == 6
        a.ok("memory", "key", "link", "--approve", "--code", " ".join(words))
        out, err = proc.communicate(timeout=30)
    finally:
        proc.kill()
    assert proc.returncode == 0, err
    assert "Linked" in out and "verified" in out
    b.ok("memory", "sync")
    assert "Shared through a linked device" in b.bodies()


def test_the_store_reads_the_signed_in_account_and_survives_a_damaged_file(picasso_home: Path) -> None:
    assert current_account_id() == LOCAL_ACCOUNT
    path = account_file()
    path.parent.mkdir(parents=True)
    path.write_text(json.dumps({"accountId": "acct_0123abcd", "server": "http://x"}))
    assert current_account_id() == "acct_0123abcd"
    path.write_text("{damaged")
    assert current_account_id() == LOCAL_ACCOUNT
    path.write_text(json.dumps({"accountId": "../../etc"}))
    assert current_account_id() == LOCAL_ACCOUNT  # never a namespace-breaking id


def test_run_sync_follows_the_flag_then_the_setting(paths: PicassoPaths) -> None:
    assert sync_wanted(paths, None) is False  # off by default: no memory leaves the machine
    assert sync_wanted(paths, True) is True
    settings.set_value("sync.cloudMemory", True, paths)
    assert sync_wanted(paths, None) is True
    assert sync_wanted(paths, False) is False


def test_sync_events_carry_counts_never_content(server, device) -> None:
    from tests.sync.conftest import signed_in_pair

    a, _ = signed_in_pair(server, device)
    a.ok("memory", "add", "Very private memory text")
    a.ok("memory", "sync")
    log = (a.home / "logs" / "memory-events.jsonl").read_text()
    assert "Very private memory text" not in log
    runs = [e for e in events.read(a.paths) if e["event"] == "sync"]
    assert runs and runs[-1]["counts"]["pushed"] == 1
