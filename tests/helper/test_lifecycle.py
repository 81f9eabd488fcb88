"""One helper per home, killed without loss, and the commands that start, stop and describe it."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys

import pytest

from picasso_tui.helper import client, control
from picasso_tui.store.api import MemoryStore

STATUS_KEYS = {"running", "home", "pid", "socket", "url", "pageUrl", "tokenFile", "startedAt", "version"}


def test_a_second_helper_is_refused_in_one_sentence(helper) -> None:
    second = subprocess.run([sys.executable, "-m", "picasso_tui.cli", "helper", "run"],
                            capture_output=True, text=True, timeout=60)  # fmt: skip
    assert second.returncode == 1
    lines = [line for line in second.stderr.splitlines() if line.strip()]
    assert lines == [f"picasso: A Picasso helper already runs for {helper.paths.home} (process {helper.info.pid})."]
    assert helper.call("GET", "/api/health")[0] == 200  # the first one is untouched


def test_a_clean_stop_removes_what_says_a_helper_runs(helper) -> None:
    helper.stop()
    assert helper.process.returncode == 0
    assert not helper.files.info.exists() and not helper.files.socket.exists() and not helper.files.token.exists()
    assert client.running(helper.paths) is None


def test_a_killed_helper_loses_nothing_and_start_works_again(helper, picasso) -> None:
    ids = [
        helper.call("POST", "/api/memories", {"body": f"Fact number {n} about the build"})[1]["id"] for n in range(5)
    ]
    helper.call("POST", f"/api/memories/{ids[0]}/pin")
    os.kill(helper.info.pid, signal.SIGKILL)
    helper.process.wait(10)

    assert helper.files.info.exists()  # stale: left behind by the kill
    stored = {r.id: r for r in MemoryStore().list(everything=True)}
    assert set(stored) == set(ids) and stored[ids[0]].metadata.pinned
    assert client.running(helper.paths) is None
    with pytest.raises(client.HelperUnavailable):  # a front end falls back to doing the work itself
        client.request(helper.paths, "GET", "/api/health")
    status = picasso("helper", "status", "--json")
    assert status.code == 0 and json.loads(status.out)["running"] is False
    assert "No Picasso helper runs" in picasso("helper", "status").out

    started = picasso("helper", "start")
    try:
        assert started.code == 0, started.err
        assert "Started the Picasso helper." in started.out
        now = json.loads(picasso("helper", "status", "--json").out)
        assert now["running"] is True and now["pid"] != helper.info.pid
        assert client.request(helper.paths, "GET", f"/api/memories/{ids[1]}")[1]["id"] == ids[1]
        assert "already runs" in picasso("helper", "start").out
    finally:
        stopped = picasso("helper", "stop")
    assert stopped.code == 0 and f"(process {now['pid']})" in stopped.out
    assert client.running(helper.paths) is None
    assert picasso("helper", "stop").out.strip() == "No Picasso helper runs."


def test_status_json_shape(helper, picasso) -> None:
    result = picasso("helper", "status", "--json")
    assert result.code == 0
    status = json.loads(result.out)
    assert set(status) == STATUS_KEYS
    assert status["running"] is True and status["pid"] == helper.info.pid
    assert status["socket"] == str(helper.files.socket) and status["tokenFile"] == str(helper.files.token)
    assert status["url"] == helper.info.url and status["pageUrl"] == f"{helper.info.url}/?token={helper.token}"
    text = picasso("helper", "status").out
    assert str(helper.info.pid) in text and helper.info.url in text and str(helper.files.token) in text


def test_status_does_not_trust_a_live_process_id_beside_a_dead_socket(helper, picasso) -> None:
    os.kill(helper.info.pid, signal.SIGKILL)
    helper.process.wait(10)
    stale = json.loads(helper.files.info.read_text())
    stale["pid"] = os.getpid()  # the dead helper's id, reused by a live process (this one)
    helper.files.info.write_text(json.dumps(stale))
    assert json.loads(picasso("helper", "status", "--json").out)["running"] is False
    assert picasso("helper", "stop").out.strip() == "No Picasso helper runs."  # and this process got no SIGTERM


def test_status_when_none_ever_ran(short_home, picasso) -> None:
    status = json.loads(picasso("helper", "status", "--json").out)
    assert set(status) == STATUS_KEYS and status["running"] is False and status["pid"] is None


def test_a_port_in_use_is_refused_in_one_sentence_by_run_and_start(short_home, picasso) -> None:
    import socket

    taken = socket.socket()
    taken.bind(("127.0.0.1", 0))
    taken.listen()
    try:
        assert picasso("settings", "set", "helper.port", str(taken.getsockname()[1])).code == 0
        result = subprocess.run([sys.executable, "-m", "picasso_tui.cli", "helper", "run"],
                                capture_output=True, text=True, timeout=60)  # fmt: skip
        started = picasso("helper", "start")
    finally:
        taken.close()
    assert result.returncode == 1 and "Cannot listen on 127.0.0.1:" in result.stderr
    assert "Traceback" not in result.stderr
    assert started.code == 1 and started.err.startswith("picasso: The helper did not start: Cannot listen on")
    assert len(started.err.strip().splitlines()) == 1
    assert control.status().info is None
