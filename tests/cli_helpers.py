"""Helpers shared by the tests/cli/test_cli_*.py files (not a test module itself)."""

from __future__ import annotations

import json
import os
import re
import shlex
import sys
from collections.abc import Callable
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

import pytest

from picasso_tui.store.ids import new_id

ID_RE = re.compile(r"^mem_[0-9A-HJKMNP-TV-Z]{26}$")
PROJECTION_FILES = ("GLOBAL.md", "REPO.md", "DECISIONS.md", "FAILURES.md")


def checked(picasso: Callable[..., Any]) -> Callable[..., Any]:
    """Wrap the ``picasso`` fixture: no command may ever show a traceback or hit the last-resort handler."""

    def run(*args: str, stdin: str | None = None) -> Any:
        res = picasso(*args, stdin=stdin)
        assert "Traceback" not in res.err, res.err
        assert "Traceback" not in res.out, res.out
        assert "unexpected error" not in res.err, res.err
        home = Path(os.environ["PICASSO_HOME"])
        assert not (home / "logs" / "last-error.txt").exists(), (home / "logs" / "last-error.txt").read_text()
        return res

    return run


def one_sentence(err: str) -> str:
    """The error a user sees: exactly one non-empty line on stderr, prefixed and ending in a full stop."""
    lines = [line for line in err.splitlines() if line.strip()]
    assert len(lines) == 1, f"expected one line on stderr, got: {err!r}"
    line = lines[0]
    assert line.startswith("picasso: "), line
    assert line.rstrip().endswith("."), line
    return line


def ok(res: Any) -> Any:
    assert res.code == 0, f"exit {res.code}: {res.err}"
    return res


def add(run: Callable[..., Any], *args: str) -> str:
    res = ok(run("memory", "add", *args))
    rid = res.out.strip()
    assert ID_RE.match(rid), res.out
    return rid


def list_json(run: Callable[..., Any], *args: str) -> list[dict[str, Any]]:
    res = ok(run("memory", "list", "--json", *args))
    return json.loads(res.out)


def inspect_json(run: Callable[..., Any], rid: str) -> dict[str, Any]:
    return json.loads(ok(run("memory", "inspect", rid, "--json")).out)


def workspace_of(run: Callable[..., Any], rid: str) -> str:
    """The fingerprint of the workspace a memory belongs to, read from its namespace."""
    return inspect_json(run, rid)["metadata"]["namespace"].split("workspace:")[1].split("/")[0]


def ts(dt: datetime) -> str:
    return dt.astimezone(UTC).strftime("%Y-%m-%dT%H:%M:%S.") + f"{dt.microsecond // 1000:03d}Z"


def days_ago(n: float) -> datetime:
    return datetime.now(UTC) - timedelta(days=n)


def record(
    body: str,
    *,
    rid: str | None = None,
    cls: str = "fact",
    namespace: str = "account:local/global/facts",
    observed: datetime | None = None,
    staleness: float = 0.0,
    pinned: bool = False,
    archived: datetime | None = None,
    tags: list[str] | None = None,
) -> dict[str, Any]:
    """A record in file form, as an export carries it."""
    when = ts(observed or datetime.now(UTC))
    return {
        "id": rid or new_id(),
        "vector": [],
        "body": body,
        "metadata": {
            "class": cls,
            "namespace": namespace,
            "createdAt": when,
            "lastObservedAt": when,
            "stalenessScore": staleness,
            "pinned": pinned,
            "edges": [],
            "preventNextTime": [],
            "provenance": {"sessionId": None, "eventIndex": None, "sourceFiles": [], "sourcePlan": None},
            "embedding": None,
            "attributes": {
                "title": None,
                "scope": None,
                "source": "test",
                "stale": False,
                "tags": tags or [],
                "deletedAt": None,
                "archivedAt": ts(archived) if archived else None,
            },
        },
    }


def write_export(path: Path, records: list[dict[str, Any]]) -> Path:
    path.write_text(json.dumps({"schemaVersion": 2, "records": records}), encoding="utf-8")
    return path


def use_editor(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, code: str, name: str = "editor.py") -> Path:
    """Point $EDITOR at a python script. ``code`` sees ``text`` (the file), ``rid`` (the memory's id),
    ``run_picasso(*args)`` (the real CLI in a subprocess) and ``python(src)`` (a subprocess running src);
    whatever ``text`` holds at the end is saved."""
    script = tmp_path / name
    script.write_text(
        "import re, subprocess, sys\n"
        "path = sys.argv[1]\n"
        "text = open(path, encoding='utf-8').read()\n"
        "rid = re.search(r'memory (mem_\\w+)', text).group(1)\n"
        "def run_picasso(*args):\n"
        "    subprocess.run([sys.executable, '-m', 'picasso_tui.cli.main', *args], check=True, capture_output=True)\n"
        "def python(src):\n"
        "    subprocess.run([sys.executable, '-c', src], check=True)\n"
        f"{code}\n"
        "open(path, 'w', encoding='utf-8').write(text)\n",
        encoding="utf-8",
    )
    monkeypatch.setenv("EDITOR", f"{shlex.quote(sys.executable)} {shlex.quote(str(script))}")
    monkeypatch.delenv("VISUAL", raising=False)
    return script


def projections(home: Path) -> dict[str, str]:
    return {name: (home / "memory" / name).read_text(encoding="utf-8") for name in PROJECTION_FILES}


def events(home: Path) -> list[dict[str, Any]]:
    log = home / "logs" / "memory-events.jsonl"
    if not log.exists():
        return []
    return [json.loads(line) for line in log.read_text(encoding="utf-8").splitlines() if line.strip()]
