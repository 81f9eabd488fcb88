"""The fast path of a fresh ``picasso`` process: when the local helper runs, ask it instead of loading the CLI.

A fresh process pays ~0.2 s of imports (click, pydantic, numpy, the store) and ~0.1-0.2 s of loading before it
answers; the helper holds all of that warm. So ``picasso memory recall``, ``picasso memory list --json`` and
``picasso hook <agent> <event>`` first try the helper over its Unix socket, and print exactly what the normal
command prints. Anything this module does not fully understand (an option it does not parse, a helper that is
absent, refuses, answers late or answers something odd) returns None or False, and the caller goes on with the
normal path, which answers (or fails) as it always has. Nothing here imports click, pydantic, numpy or the store.

A hook's budget through the helper is 50 ms from the process's start, of which the interpreter takes ~10, so this
module imports only what a bare interpreter nearly has (os, sys, time, socket, json), and none of:
- ``http.client`` (the email package, ~15 ms): the request is a one-shot ``Connection: close`` exchange with one
  JSON body, written by hand;
- ``orjson`` (it imports dataclasses, uuid and zoneinfo, ~17 ms), ``typing`` (~5 ms), ``picasso_tui.paths``
  (dataclasses, pathlib) and ``store.events`` (orjson, secrets): the home is found by paths.py's rule
  (``home_folder``, tested against it), and the hook's event line is written in ``store.events``' format
  (``record_hook``, tested against ``events.read``). The memory commands, with a budget of 80 ms, load orjson
  only when the helper's JSON needs re-indenting.
"""

from __future__ import annotations

import json
import os
import socket
import stat
import sys
import time

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any

ASK_SECONDS = 2.0
"""How long a memory command waits for the helper's next bytes before it does the work itself (a 100k-record
listing is ~50 MB: it may take longer in all, as long as it keeps coming)."""
HOOK_EVENTS = {"prompt", "session-start", "stop", "session-end"}
HOOK_AGENTS = {"claude", "codex", "gemini"}
LONG_HOOKS = {"stop": "hooks.timeoutMs.stop", "session-end": "hooks.timeoutMs.sessionEnd"}
"""Hooks that may take their whole budget (tens of seconds) in the helper: the wait is that budget, read from the
settings. The prompt and session-start hooks wait ASK_SECONDS (their default budget) without reading the settings
(~5 ms of imports, a tenth of the prompt's): past a smaller budget, the in-process path they fall back to gives up
at once and records the timeout."""


class HelperUnavailable(Exception):
    """The helper did not give a usable answer; the caller does the work itself."""


# ---------------------------------------------------------------------------------------------------------- memory


def memory(args: list[str]) -> bool:
    """``picasso memory recall|list ...`` answered by the helper (True), or nothing done (False)."""
    try:
        if args[:1] == ["recall"]:
            return _recall(args[1:])
        if args[:1] == ["list"]:
            return _list(args[1:])
    except HelperUnavailable:
        pass
    except BrokenPipeError:
        sys.stderr.close()  # as cli/main.py: the reader went away (`| head`), not an error worth a word
        sys.exit(0)
    return False


def parse(args: list[str], flags: set[str], valued: set[str]) -> tuple[list[str], dict[str, Any]] | None:
    """Positionals and options, or None for anything click might read differently (``--``, ``-x``, a repeated
    option, an unknown one): the caller then leaves the command to click."""
    positionals: list[str] = []
    options: dict[str, Any] = {}
    rest = iter(args)
    for token in rest:
        if not token.startswith("-"):
            positionals.append(token)
            continue
        name, eq, value = token.partition("=")
        if name in flags and not eq and name not in options:
            options[name] = True
        elif name in valued and name not in options:
            given = value if eq else next(rest, None)
            if not given or (not eq and given.startswith("-")):
                return None  # missing, empty (click refuses `--class ''`) or another option
            options[name] = given
        else:
            return None
    return positionals, options


def _recall(args: list[str]) -> bool:
    parsed = parse(args, {"--json"}, {"--budget"})
    if parsed is None or len(parsed[0]) != 1:
        return False
    (prompt,), options = parsed
    body: dict[str, Any] = {"prompt": prompt, "cwd": os.getcwd(), "indent": True}
    if "--budget" in options:
        budget = options["--budget"]
        if not budget.isdigit() or not 50 <= int(budget) <= 100_000:
            return False  # click says what is wrong with it
        body["budget"] = int(budget)
    if "--json" in options:
        print_json(ask("POST", "/api/recall", body), b"{")
        return True
    body.update(text=True, indent=False)  # the note and the nothing-applies sentence, which --json leaves out
    try:
        answer = json.loads(ask("POST", "/api/recall", body))
        block, note, nothing = answer["block"], answer.get("note"), answer["nothingApplies"]
    except (ValueError, KeyError, TypeError):
        raise HelperUnavailable from None  # a helper that cannot say them: the normal path can
    if not isinstance(block, str) or not isinstance(nothing, str) or not isinstance(note, str | None):
        raise HelperUnavailable
    if note:
        sys.stderr.write(f"picasso: note: {note}.\n")
    if block:
        sys.stdout.write(block + "\n")
    else:
        sys.stderr.write(nothing + "\n")
    return True


def _list(args: list[str]) -> bool:
    parsed = parse(args, {"--json", "--all", "--quarantined"}, {"--class", "--namespace"})
    if parsed is None or parsed[0] or "--json" not in parsed[1]:
        return False  # the table needs rich and the store's short ids: the normal path draws it
    from urllib.parse import urlencode

    options = parsed[1]
    query = {"cwd": os.getcwd(), "indent": "1"}
    for option, name in (("--class", "class"), ("--namespace", "namespace")):
        if option in options:
            query[name] = options[option]
    for option, name in (("--all", "all"), ("--quarantined", "quarantined")):
        if option in options:
            query[name] = "1"
    print_json(ask("GET", "/api/memories?" + urlencode(query)), b"[")
    return True


def print_json(body: bytes, opener: bytes) -> None:
    """The helper's JSON as ``render.dump_json`` and ``click.echo`` print it (orjson, indented by two): as it came
    when the helper indents it so, else re-rendered."""
    if not body.startswith(opener):
        raise HelperUnavailable
    if not body.startswith(opener + b"\n") and body != opener + (b"]" if opener == b"[" else b"}"):
        import orjson

        try:
            body = orjson.dumps(orjson.loads(body), option=orjson.OPT_INDENT_2)
        except orjson.JSONDecodeError:
            raise HelperUnavailable from None
    sys.stdout.buffer.write(body)  # not body + b"\n": a copy of ~50 MB at 100k records
    sys.stdout.buffer.write(b"\n")
    sys.stdout.flush()


# ------------------------------------------------------------------------------------------------------------ hooks


def hook(args: list[str], started: float) -> str | None:
    """``picasso hook <agent> <event>`` through the helper. Answers and ends the process when the helper answers;
    otherwise returns the payload it read from stdin (None if it read none), for the in-process path."""
    agent, event = [*args, "", ""][:2]
    if agent not in HOOK_AGENTS or event not in HOOK_EVENTS or len(args) != 2:
        return None  # Codex's notify passes its payload as an argument; unknown hooks fail in-process
    home = home_folder()
    sock = helper_socket(home)
    if sock is None:
        return None
    stream = sys.stdin
    payload = "" if stream is None or stream.isatty() else stream.buffer.read().decode("utf-8", errors="replace")
    try:
        budget = _hook_budget(LONG_HOOKS[event]) if event in LONG_HOOKS else ASK_SECONDS
        left = budget - (time.perf_counter() - started)
        status, body = exchange(sock, "POST", f"/api/hooks/{agent}/{event}", payload.encode(), left, left)
        answer = json.loads(body) if status == 200 else None
        if not isinstance(answer, dict) or not isinstance(answer.get("stdout"), str):
            return payload
    except (OSError, ValueError):  # refused, reset, timed out, a malformed answer
        return payload
    _answer_hook(home, (agent, event), answer, started)
    return None  # not reached: _answer_hook ends the process


def _hook_budget(key: str) -> float:
    from picasso_tui import settings
    from picasso_tui.paths import PicassoPaths

    try:
        return float(settings.get(key, PicassoPaths.resolve())) / 1000
    except settings.SettingsError:
        return float(settings.DEFAULTS[key]) / 1000


def _answer_hook(home: str, label: tuple[str, str], answer: dict[str, Any], started: float) -> None:
    """Print the helper's answer, record the hook's event as the in-process path does, and end (exit 0)."""
    data = answer["stdout"].encode()
    try:
        while data:
            data = data[os.write(1, data) :]
    except OSError:
        pass  # the agent stopped listening
    ms = round((time.perf_counter() - started) * 1000)
    outcome = answer.get("outcome") if answer.get("outcome") in ("ok", "skipped", "failed") else "ok"
    reason = answer.get("reason") if isinstance(answer.get("reason"), str) else None
    record_hook(home, label, outcome, ms, reason)
    if os.environ.get("PICASSO_HOOK_DEBUG"):
        sys.stderr.write(f"picasso hook {label[0]} {label[1]}: {outcome} in {ms} ms (through the helper)\n")
        sys.stderr.flush()
    os._exit(0)


def record_hook(home: str, label: tuple[str, str], outcome: str, ms: int, reason: str | None) -> None:
    """The ``hook`` event, as ``store.events.emit`` writes it (one O_APPEND write; the log's rotation is left to
    the next ``emit``, which the helper makes at every recall)."""
    from datetime import UTC, datetime

    line = {"ts": datetime.now(UTC).isoformat(timespec="milliseconds"), "event": "hook", "pid": os.getpid(),
            "agent": label[0], "hookEvent": label[1], "outcome": outcome, "ms": ms, "reason": reason}  # fmt: skip
    logs = os.path.join(home, "logs")
    try:
        os.makedirs(logs, mode=0o700, exist_ok=True)
        fd = os.open(os.path.join(logs, "memory-events.jsonl"), os.O_WRONLY | os.O_CREAT | os.O_APPEND, 0o600)
        try:
            os.write(fd, json.dumps(line, ensure_ascii=False, separators=(",", ":")).encode() + b"\n")
        finally:
            os.close(fd)
    except OSError:
        pass  # a failing log never fails the hook


# ----------------------------------------------------------------------------------------------------------- socket


def home_folder() -> str:
    """``PicassoPaths.resolve().home`` without importing paths.py: PICASSO_HOME, else ~/.picasso of the account
    (from the password database, never $HOME)."""
    env = os.environ.get("PICASSO_HOME")
    if env:
        return os.path.expanduser(env)
    if sys.platform != "win32":
        import pwd

        return os.path.join(pwd.getpwuid(os.getuid()).pw_dir, ".picasso")
    return os.path.join(os.environ.get("USERPROFILE") or os.path.expanduser("~"), ".picasso")


def helper_socket(home: str) -> str | None:
    """The socket of the helper that runs for this home, or None (no helper.json, a dead process, no socket)."""
    try:
        with open(os.path.join(home, "helper", "helper.json"), "rb") as file:
            info = json.loads(file.read())
        pid, sock = int(info["pid"]), str(info["socket"])
        if pid <= 0:
            return None
        os.kill(pid, 0)
        return sock if stat.S_ISSOCK(os.stat(sock).st_mode) else None
    except (OSError, ValueError, KeyError, TypeError):
        return None  # PermissionError included: another account's process is not this home's helper


def ask(method: str, target: str, body: dict[str, Any] | None = None) -> bytes:
    """The body of a 200 answer to one request to this home's helper; HelperUnavailable on anything else (the
    normal path then gives an error its usual sentence and exit code)."""
    sock = helper_socket(home_folder())
    if sock is None:
        raise HelperUnavailable
    data = None if body is None else json.dumps(body, ensure_ascii=False).encode()
    try:
        status, payload = exchange(sock, method, target, data, ASK_SECONDS)
    except (OSError, ValueError) as exc:  # refused, reset, timed out, a malformed answer
        raise HelperUnavailable from exc
    if status != 200:
        raise HelperUnavailable
    return payload


def exchange(
    sock_path: str, method: str, target: str, body: bytes | None, silence: float, total: float | None = None
) -> tuple[int, bytes]:
    """One HTTP/1.1 request with ``Connection: close`` over a Unix socket: the status and the body. TimeoutError
    after ``silence`` seconds without a byte, or ``total`` seconds in all."""
    if silence <= 0 or (total is not None and total <= 0):
        raise TimeoutError("no time left to ask the helper")
    head = f"{method} {target} HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n"
    if body is not None:
        head += f"Content-Type: application/json\r\nContent-Length: {len(body)}\r\n"
    deadline = None if total is None else time.monotonic() + total
    chunks: list[bytes] = []
    with socket.socket(socket.AF_UNIX, socket.SOCK_STREAM) as conn:
        conn.settimeout(silence)
        conn.connect(sock_path)
        conn.sendall(head.encode() + b"\r\n" + (body or b""))
        while chunk := conn.recv(1 << 20):
            chunks.append(chunk)
            if deadline is not None:
                left = deadline - time.monotonic()
                if left <= 0:
                    raise TimeoutError("the helper answers too slowly")
                conn.settimeout(min(silence, left))
    return parse_response(b"".join(chunks))


def parse_response(raw: bytes) -> tuple[int, bytes]:
    head, sep, body = raw.partition(b"\r\n\r\n")
    lines = head.split(b"\r\n")
    if not sep or not lines[0].startswith(b"HTTP/1."):
        raise ValueError("not an HTTP answer")
    status = int(lines[0].split()[1])
    fields = {k.strip().lower(): v.strip() for k, _, v in (line.partition(b":") for line in lines[1:])}
    if fields.get(b"transfer-encoding", b"").lower() == b"chunked":
        body = dechunk(body)
    elif b"content-length" in fields and len(body) != int(fields[b"content-length"]):
        raise ValueError("a cut-off answer")
    return status, body


def dechunk(data: bytes) -> bytes:
    out: list[bytes] = []
    while True:
        size_line, sep, data = data.partition(b"\r\n")
        size = int(size_line.split(b";")[0], 16)
        if not sep or len(data) < size + 2:
            raise ValueError("a cut-off answer")
        if size == 0:
            return b"".join(out)
        out.append(data[:size])
        data = data[size + 2 :]
