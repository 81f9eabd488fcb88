"""The front ends with the local helper running: the same answers as without it, from a fresh process that loads
no CLI; and the same answers again once the helper is killed or stopped."""

from __future__ import annotations

import os
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import threading
import time
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import orjson
import pytest

from picasso_tui.cli import fast
from picasso_tui.paths import PicassoPaths

ROOT = Path(__file__).resolve().parents[2]
NOTES = ["Deploys go through the staging queue first", "Use pytest fixtures for the database",
         "The router retries three times before it gives up"]  # fmt: skip
PROMPT = "fix the deploy staging queue code"
COMMANDS = {
    "recall --json": ["memory", "recall", PROMPT, "--json"],
    "recall": ["memory", "recall", PROMPT],
    "recall, nothing applies": ["memory", "recall", "zebra astronomy", "--budget", "300"],
    "list --json": ["memory", "list", "--json"],
    "list --json --class --all": ["memory", "list", "--class=fact", "--json", "--all"],
    "list --json --namespace": ["memory", "list", "--json", "--namespace", "account:local"],
    "list --json --quarantined": ["memory", "list", "--quarantined", "--json"],
}


@dataclass
class World:
    home: Path
    repo: Path
    env: dict[str, str]
    helper: subprocess.Popen[bytes] | None = None

    def picasso(self, *args: str, stdin: bytes | None = None, env: dict[str, str] | None = None) -> Any:
        return subprocess.run([sys.executable, "-m", "picasso_tui.cli", *args], cwd=self.repo, input=stdin,
                              env=env or self.env, capture_output=True, timeout=60)  # fmt: skip

    def answers(self) -> dict[str, tuple[int, bytes, bytes]]:
        """Each command's exit code, stdout and stderr (recall's timings left out: they differ on every run)."""
        out = {}
        for name, args in COMMANDS.items():
            done = self.picasso(*args)
            stdout = done.stdout
            if name == "recall --json":
                stdout = orjson.dumps({k: v for k, v in orjson.loads(stdout).items() if k != "timings_ms"})
            out[name] = (done.returncode, stdout, done.stderr)
        return out

    def start_helper(self) -> int:
        self.helper = subprocess.Popen([sys.executable, "-m", "picasso_tui.cli", "helper", "run"], cwd=self.repo,
                                       env=self.env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)  # fmt: skip
        info = self.home / "helper" / "helper.json"
        give_up = time.monotonic() + 30
        while not self.recall_ready():  # a prompt hook is answered by the helper once it has indexed memory
            if self.helper.poll() is not None or time.monotonic() > give_up:
                raise AssertionError(
                    f"the helper did not start: {self.helper.stderr.read() if self.helper.stderr else ''}"
                )
            time.sleep(0.05)
        return int(orjson.loads(info.read_bytes())["pid"])

    def recall_ready(self) -> bool:
        sock = fast.helper_socket(str(self.home))
        if sock is None:
            return False
        status, body = fast.exchange(sock, "GET", "/api/health", None, 10)
        return status == 200 and orjson.loads(body).get("recallReady") is True

    def end_helper(self) -> None:
        if self.helper is not None and self.helper.poll() is None:
            self.helper.kill()
            self.helper.wait(10)


@pytest.fixture(scope="module")
def world() -> Iterator[World]:
    # A short folder: a Unix socket's path is limited to ~100 bytes, which pytest's tmp_path can exceed.
    base = Path(tempfile.mkdtemp(prefix="pfe", dir="/tmp"))
    home, repo = base / "home", base / "repo"
    (home / "settings").mkdir(parents=True)
    (home / "settings" / "settings.json").write_text('{"retrieval": {"embedder": "hash"}}')
    repo.mkdir()
    env = {**os.environ, "PICASSO_HOME": str(home), "PYTHONPATH": str(ROOT), "GIT_CONFIG_GLOBAL": os.devnull,
           "GIT_CONFIG_NOSYSTEM": "1", "PICASSO_LOCK_TIMEOUT": "10"}  # fmt: skip
    for var in ("PICASSO_MEMORY_ROOT", "PICASSO_HOOK_DEBUG"):
        env.pop(var, None)
    subprocess.run(["git", "init", "-q", str(repo)], check=True, env=env)
    subprocess.run(["git", "-C", str(repo), "remote", "add", "origin", "git@github.com:acme/front.git"], check=True)
    w = World(home, repo, env)
    for note in NOTES:
        assert w.picasso("memory", "add", note).returncode == 0
    try:
        yield w
    finally:
        w.end_helper()
        shutil.rmtree(base, ignore_errors=True)


@pytest.fixture(scope="module")
def without_helper(world: World) -> dict[str, tuple[int, bytes, bytes]]:
    return world.answers()


def retrieval_pids(world: World) -> list[int]:
    log = world.home / "logs" / "memory-events.jsonl"
    return [e["pid"] for e in map(orjson.loads, log.read_bytes().splitlines()) if e["event"] == "retrieval"]


def test_recall_and_list_through_the_helper_print_what_the_cli_prints(world: World, without_helper) -> None:
    assert b"staging queue" in without_helper["recall"][1]
    assert b"Nothing in this workspace's memory applies" in without_helper["recall, nothing applies"][2]
    assert len(orjson.loads(without_helper["list --json"][1])) == len(NOTES)
    pid = world.start_helper()
    try:
        assert world.answers() == without_helper
        assert retrieval_pids(world)[-3:] == [pid, pid, pid]  # the helper recalled, not the fresh process
    finally:
        world.end_helper()


def test_a_killed_helper_leaves_a_stale_file_and_the_commands_still_answer(world: World, without_helper) -> None:
    pid = world.start_helper()
    os.kill(pid, signal.SIGKILL)
    world.helper.wait(10)  # type: ignore[union-attr]
    assert (world.home / "helper" / "helper.json").exists()  # stale: its process is gone
    assert world.answers() == without_helper
    assert pid not in retrieval_pids(world)[-3:]


def test_a_stopped_helper_leaves_the_commands_answering_as_before(world: World, without_helper) -> None:
    world.start_helper()
    assert world.picasso("helper", "stop").returncode == 0
    world.helper.wait(10)  # type: ignore[union-attr]
    assert world.answers() == without_helper


def test_the_hook_prompt_path_through_the_helper_gives_the_same_context(world: World) -> None:
    payload = orjson.dumps({"session_id": "s1", "cwd": str(world.repo), "hook_event_name": "UserPromptSubmit",
                            "transcript_path": "", "prompt": PROMPT})  # fmt: skip
    alone = world.picasso("hook", "claude", "prompt", stdin=payload)
    pid = world.start_helper()
    try:
        helped = world.picasso("hook", "claude", "prompt", stdin=payload)
    finally:
        world.end_helper()
    assert b"staging queue" in alone.stdout
    assert (helped.returncode, helped.stdout, helped.stderr) == (0, alone.stdout, b"")
    log = [orjson.loads(line) for line in (world.home / "logs" / "memory-events.jsonl").read_bytes().splitlines()]
    hooks = [e for e in log if e["event"] == "hook"]
    assert [e["outcome"] for e in hooks[-2:]] == ["ok", "ok"] and len({e["pid"] for e in hooks[-2:]}) == 2
    assert retrieval_pids(world)[-1] == pid


def test_the_fast_path_loads_neither_click_nor_pydantic_nor_numpy_nor_the_store(world: World) -> None:
    payload = orjson.dumps({"session_id": "s2", "cwd": str(world.repo), "hook_event_name": "UserPromptSubmit",
                            "prompt": PROMPT})  # fmt: skip
    env = {**world.env, "PYTHONPROFILEIMPORTTIME": "1"}
    world.start_helper()
    try:
        runs = [world.picasso(*COMMANDS["recall"], env=env), world.picasso(*COMMANDS["list --json"], env=env),
                world.picasso("hook", "claude", "prompt", stdin=payload, env=env)]  # fmt: skip
    finally:
        world.end_helper()
    for done in runs:
        assert done.returncode == 0 and done.stdout  # answered ...
        imported = {line.rsplit(b"|", 1)[-1].strip().decode() for line in done.stderr.splitlines() if b"|" in line}
        assert "picasso_tui.cli.fast" in imported
        heavy = {m for m in imported if m.split(".")[0] in ("click", "pydantic", "numpy", "rich")}
        assert heavy | {m for m in imported if m.startswith(("picasso_tui.store.api", "picasso_tui.hooks"))} == set()


@pytest.mark.parametrize("answer", [b"", b"garbage\r\n\r\n", b"HTTP/1.1 200 OK\r\nContent-Length: 99\r\n\r\n[]",
                                    b"HTTP/1.1 500 Internal Server Error\r\nContent-Length: 2\r\n\r\n{}", None])  # fmt: skip
def test_a_helper_that_answers_badly_or_not_at_all_is_passed_over(answer: bytes | None, paths, monkeypatch) -> None:
    """Empty, not HTTP, cut off, an error, or silence past the wait: the command does the work itself."""
    folder = Path(tempfile.mkdtemp(prefix="pfb", dir="/tmp"))
    server = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    server.bind(str(folder / "s"))
    server.listen()

    def serve() -> None:
        conn, _ = server.accept()
        conn.recv(65536)
        if answer is not None:
            conn.sendall(answer)
            conn.close()
        else:
            time.sleep(3)

    threading.Thread(target=serve, daemon=True).start()
    (paths.home / "helper").mkdir(parents=True)
    (paths.home / "helper" / "helper.json").write_bytes(orjson.dumps({"pid": os.getpid(), "socket": str(folder / "s")}))
    monkeypatch.setattr(fast, "ASK_SECONDS", 0.5)
    try:
        assert fast.memory(["list", "--json"]) is False
    finally:
        server.close()
        shutil.rmtree(folder, ignore_errors=True)


@pytest.mark.parametrize(
    "args",
    [["recall", "p", "--explain"], ["recall", "p", "--plan", "x"], ["recall", "--", "p"], ["recall", "a", "b"],
     ["recall", "p", "--budget", "10"], ["recall", "p", "--json", "--json"], ["list"], ["list", "--json", "-h"],
     ["list", "--json", "--namespace"], ["list", "--json", "--class", "--all"], ["recall", "p", "--help"],
     ["list", "--json", "--class="], ["list", "--json", "--class", ""], ["recall", "p", "--budget="]],
)  # fmt: skip
def test_what_the_fast_path_does_not_fully_understand_goes_to_click(args: list[str], monkeypatch) -> None:
    asked = []
    monkeypatch.setattr(fast, "ask", lambda *a, **k: asked.append(a) or (200, {}))
    assert fast.memory(args) is False and asked == []


def test_the_fast_path_finds_the_home_paths_py_finds(monkeypatch) -> None:
    assert Path(fast.home_folder()) == PicassoPaths.resolve().home
    monkeypatch.delenv("PICASSO_HOME")
    assert Path(fast.home_folder()) == PicassoPaths.resolve().home


def test_the_hook_event_the_fast_path_writes_reads_back_as_the_store_writes_it(paths) -> None:
    from picasso_tui.store import events

    events.emit(paths, "hook", agent="claude", hookEvent="prompt", outcome="ok", ms=12, reason=None)
    fast.record_hook(str(paths.home), ("claude", "prompt"), "ok", 12, None)
    stored, fast_line = events.read(paths)[-2:]
    assert {k: v for k, v in fast_line.items() if k != "ts"} == {k: v for k, v in stored.items() if k != "ts"}
    assert len(fast_line["ts"]) == len(stored["ts"])


def test_a_listing_through_the_helper_shows_a_write_made_meanwhile(world: World) -> None:
    """The helper keeps a rendered listing while memory.json is unchanged; another writer's change shows at once."""
    world.start_helper()
    try:
        before = orjson.loads(world.picasso("memory", "list", "--json").stdout)
        added = world.picasso("memory", "add", "Releases are tagged from main on Thursdays").stdout.decode().strip()
        after = orjson.loads(world.picasso("memory", "list", "--json").stdout)
        world.picasso("memory", "delete", added)
        again = orjson.loads(world.picasso("memory", "list", "--json").stdout)
    finally:
        world.end_helper()
    assert added not in {r["id"] for r in before}
    assert added in {r["id"] for r in after} and len(after) == len(before) + 1
    assert again == before
