"""The sanitized event log: one JSON line per store event, ids and counts only.

Memory text never reaches this file (spec: memory content is excluded from every
event by design), so it is safe to attach to a bug report.
"""

from __future__ import annotations

import contextlib
import os
from datetime import UTC, datetime
from typing import Any

import orjson

from picasso_tui.paths import PicassoPaths
from picasso_tui.store.ids import safe_id

MAX_IDS = 100
ID_FIELDS = frozenset({"id", "ids", "session", "sessionId"})
"""Fields that hold ids: a value outside the id grammar (a caller's session id) is logged as its hash."""
MAX_LOG_BYTES = 5 * 1024 * 1024
_ALLOWED = (str, int, float, bool, type(None))


def _clean(value: Any, ids: bool = False) -> Any:
    if isinstance(value, dict):
        return {str(k): _clean(v, ids) for k, v in value.items()}
    if isinstance(value, list | tuple):
        return [_clean(v, ids) for v in value[:MAX_IDS]]
    if ids and isinstance(value, str):
        return safe_id(value)
    return value if isinstance(value, _ALLOWED) else str(value)


def emit(paths: PicassoPaths, event: str, **fields: Any) -> None:
    """Append one event; a failing log never fails the operation it describes."""
    line: dict[str, Any] = {
        "ts": datetime.now(UTC).isoformat(timespec="milliseconds"),
        "event": event,
        "pid": os.getpid(),
    }
    for key, value in fields.items():
        if isinstance(value, list | tuple) and len(value) > MAX_IDS:
            line[f"{key}Total"] = len(value)
        line[key] = _clean(value, key in ID_FIELDS)
    data = orjson.dumps(line) + b"\n"
    log = paths.events_log
    with contextlib.suppress(OSError):
        log.parent.mkdir(parents=True, exist_ok=True, mode=0o700)
        with contextlib.suppress(FileNotFoundError):
            if log.stat().st_size > MAX_LOG_BYTES:
                os.replace(log, log.with_suffix(".jsonl.1"))
        fd = os.open(log, os.O_WRONLY | os.O_CREAT | os.O_APPEND, 0o600)
        try:
            os.write(fd, data)  # one write per line: O_APPEND keeps concurrent lines whole
        finally:
            os.close(fd)


def read(paths: PicassoPaths) -> list[dict[str, Any]]:
    try:
        return [orjson.loads(line) for line in paths.events_log.read_bytes().splitlines() if line.strip()]
    except FileNotFoundError:
        return []
