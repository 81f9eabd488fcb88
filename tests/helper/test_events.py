"""The ``store-changed`` stream: a write by any process reaches a subscriber, naming the ids it changed."""

from __future__ import annotations

import subprocess
import sys
import threading
import time

from tests.helper.conftest import events_connection, read_event


def test_an_external_write_reaches_a_subscriber_within_two_seconds(helper) -> None:
    conn, response = events_connection(helper)
    try:
        got: list[tuple[str, dict, float]] = []

        def listen() -> None:
            name, data = read_event(response)
            got.append((name, data, time.monotonic()))

        listener = threading.Thread(target=listen, daemon=True)
        listener.start()
        added = subprocess.run([sys.executable, "-m", "picasso_tui.cli", "memory", "add", "The cache lives in Redis"],
                               capture_output=True, text=True, timeout=60)  # fmt: skip
        written = time.monotonic()
        assert added.returncode == 0, added.stderr
        listener.join(5)
        assert got, "no store-changed event within 5 s"
        name, data, at = got[0]
        assert name == "store-changed" and data["ids"] == [added.stdout.strip()] and data["at"]
        assert at - written < 2.0
    finally:
        conn.close()


def test_the_helpers_own_writes_and_deletes_are_events_too(helper) -> None:
    conn, response = events_connection(helper)
    try:
        _, made = helper.call("POST", "/api/memories", {"body": "Logs go to journald"})
        name, data = read_event(response)
        assert name == "store-changed" and data["ids"] == [made["id"]]
        assert helper.call("DELETE", f"/api/memories/{made['id']}")[0] == 204
        assert read_event(response)[1]["ids"] == [made["id"]]
    finally:
        conn.close()


def test_a_stopping_helper_ends_the_stream(helper) -> None:
    conn, response = events_connection(helper)
    try:
        started = time.monotonic()
        helper.stop()
        assert response.read().strip() == b""  # the stream ends instead of holding the shutdown
        assert helper.process.returncode == 0 and time.monotonic() - started < 5
    finally:
        conn.close()
