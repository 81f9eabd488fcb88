"""The spec's ``/desktop/memory/sync`` through the helper, against a real sync server on loopback: the flag, a
sync, and every way it can fail with its own status (never a silent success)."""

from __future__ import annotations

from tests.sync.conftest import PASSWORD, server, test_keyring  # noqa: F401 - fixtures: the server, the test keyring


def test_sync_flag_sync_and_its_refusals(helper, picasso, server) -> None:  # noqa: F811
    assert helper.call("GET", "/desktop/memory/sync") == (200, {"enabled": False})
    status, error = helper.call("POST", "/desktop/memory/sync")
    assert status == 409 and error["error"] == "memory/signed-out" and "picasso auth login" in error["message"]

    login = picasso("auth", "login", "--server", server.url, "--email", "dev@example.com", "--create-account",
                    "--password-stdin", stdin=PASSWORD + "\n")  # fmt: skip
    assert login.code == 0, login.err
    status, error = helper.call("POST", "/desktop/memory/sync")
    assert status == 409 and error["error"] == "memory/sync-off"

    assert helper.call("PUT", "/api/settings/sync.cloudMemory", {"value": True})[0] == 200
    assert helper.call("GET", "/desktop/memory/sync") == (200, {"enabled": True})
    _, made = helper.call("POST", "/api/memories", {"body": "Staging runs on Fly.io"})
    assert made["metadata"]["namespace"].startswith("account:") and "local" not in made["metadata"]["namespace"]
    status, report = helper.call("POST", "/desktop/memory/sync")
    assert status == 200, report
    assert report["pushed"] >= 1 and "pulled" in report


def test_a_failed_sync_is_an_error(helper, picasso, server) -> None:  # noqa: F811
    login = picasso("auth", "login", "--server", server.url, "--email", "dev@example.com", "--create-account",
                    "--password-stdin", stdin=PASSWORD + "\n")  # fmt: skip
    assert login.code == 0, login.err
    helper.call("PUT", "/api/settings/sync.cloudMemory", {"value": True})
    helper.call("POST", "/api/memories", {"body": "The queue is RabbitMQ"})
    server.stop()
    status, error = helper.call("POST", "/desktop/memory/sync")
    assert status == 502 and error["error"] == "memory/sync-failed"
    assert error["message"].endswith(".") and "\n" not in error["message"]
