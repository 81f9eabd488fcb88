"""Deleted means gone everywhere (DESIGN §4): once a write deletes records, their text leaves every
file under the Picasso home, not only memory.json.

The scrub hangs off ``FileStore``'s write, so it runs whichever path deleted the record: the CLI,
the TUI, gc, clear, an import or a sync pull whose tombstone wins the merge.

* ``memory.json``: the tombstone replaces the record.
* ``memory.json.v<n>.bak`` (migration backups): rewritten without the deleted records (so no longer
  byte-identical to the old file), under memory.json.lock (they are written and read under it), just
  before memory.json is replaced: a writer killed at any point leaves no text in them.
* ``memory.json.corrupt-<time>`` (files ``recover`` set aside): the deleted records are cut out (their
  line, or their JSON object in another layout), under the lock.
* ``unsaved-edits/<id>-<time>.md``: deleted.
* ``memory/*.md`` projections: regenerated after every write anyway.
* The caches under ``cache/`` that hold text, by the layout contract in ``paths.py`` (the store does
  not import the layers that write them): the term cache's lines of the deleted ids are dropped and
  the saved recall indexes deleted, under the text-caches lock, after memory.json's lock is released.
* Temp files of writers that died: swept by the next write.

Transcripts are the agent's, and only ``clear`` removes them (``services.memory_ops.clear_memories``).
"""

from __future__ import annotations

import contextlib
import os
import re
from collections.abc import Collection, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import orjson

from picasso_tui.atomic import write_atomic
from picasso_tui.paths import SAVED_INDEX_DIR, TERMS_DIR, PicassoPaths, text_caches_lock
from picasso_tui.store.codec import gc_paused

TEXT_CACHE_LOCK_TIMEOUT_S = 10.0
_FEW = 32  # up to this many ids, a substring search per id beats one pass of the id regex
_ID_KEY = re.compile(rb'"id"\s*:\s*("(?:[^"\\]|\\.)*")')
_TOKENS = re.compile(rb'[{}"\\]')
_KEY_BEFORE = re.compile(rb'"id"\s*:\s*$')


def backups(root: Path) -> list[Path]:
    return sorted(root.glob("memory.json.v*.bak"))


def corrupt_copies(root: Path) -> list[Path]:
    return sorted(p for p in root.glob("memory.json.corrupt-*") if not p.name.endswith(".tmp"))


def scrub_owned_files(paths: PicassoPaths, ids: Collection[str]) -> None:
    """Remove the deleted records from the files the store writes besides memory.json. Call with
    memory.json.lock held: backups and corrupt copies are written and read under it."""
    if not ids:
        return
    wanted = set(ids)
    for bak in backups(paths.root):
        _scrub_backup(bak, wanted)
    for copy in corrupt_copies(paths.root):
        _scrub_damaged(copy, wanted)
    forget_unsaved_edits(paths, wanted)


def forget_unsaved_edits(paths: PicassoPaths, ids: Collection[str] | None) -> int:
    """Delete the unsaved edits of ``ids`` (every one when None); returns how many."""
    folder = paths.unsaved_edits_dir
    try:
        names = [p for p in folder.iterdir() if p.suffix == ".md"]
    except OSError:
        return 0
    removed = 0
    for path in names:
        if ids is None or any(path.name.startswith(f"{rid}-") for rid in _candidates(path.name, ids)):
            with contextlib.suppress(FileNotFoundError):
                path.unlink()
                removed += 1
    return removed


def _candidates(name: str, ids: Collection[str]) -> Collection[str]:
    # ``<id>-<YYYY-MM-DDTHHMMSS.mmmZ>.md``: the id is what precedes the fixed-length stamp.
    match = re.fullmatch(r"(.+)-\d{4}-\d{2}-\d{2}T\d{6}\.\d{3}Z\.md", name)
    if match is None:
        return ids if len(ids) <= _FEW else ()
    return (match.group(1),) if match.group(1) in ids else ()


def _ids_in(data: bytes, ids: set[str]) -> set[str]:
    """Which of ``ids`` are a record's ``"id"`` in ``data`` (an edge naming one does not count)."""
    if len(ids) <= _FEW:
        return {rid for rid in ids if _id_key_positions(data, rid, first=True)}
    return {rid for m in _ID_KEY.finditer(data) if (rid := _decoded(m.group(1))) in ids}


def _id_key_positions(data: bytes, rid: str, *, first: bool = False) -> list[int]:
    """Where ``"id": "<rid>"`` starts in ``data``: a byte search for the quoted id (fast), then a look
    at what precedes each hit, so that an edge or a text naming the id does not count."""
    quoted = orjson.dumps(rid)
    out = []
    at = data.find(quoted)
    while at >= 0:
        window = max(0, at - 64)
        key = _KEY_BEFORE.search(data, window, at)
        if key is not None:
            out.append(key.start())
            if first:
                break
        at = data.find(quoted, at + 1)
    return out


def _scrub_backup(path: Path, ids: set[str]) -> None:
    """A backup holds an old schema's file: drop the records from its array, keep everything else.

    The first scrub parses it and writes it back one record per line (still the same JSON shape), so
    the next ones only drop lines: a delete at 10k records must not parse a 5 MB file every time."""
    data = path.read_bytes()
    present = _ids_in(data, ids)
    if not present:
        return
    cut = _cut_backup_lines(data, present)
    if cut is not None:
        _rewrite(path, cut)
        return
    try:
        with gc_paused():
            doc = orjson.loads(data)
    except orjson.JSONDecodeError:
        _scrub_damaged(path, ids)
        return
    kept_doc, dropped = _without(doc, present)
    if dropped:
        _rewrite(path, _backup_bytes(kept_doc))
    elif _ids_in(data, present):  # the ids sit somewhere unexpected: cut them out as in a damaged file
        _scrub_damaged(path, present)


def _rewrite(path: Path, data: bytes) -> None:
    """Replace a backup or a corrupt copy, keeping its time: ``recover`` picks the newest backup by it."""
    times = path.stat()
    write_atomic(path, data)
    os.utime(path, ns=(times.st_atime_ns, times.st_mtime_ns))


def _backup_bytes(doc: Any) -> bytes:
    """An old file's shape, one record per line: ``[…]`` (v0), ``{…, "entries": […]}`` (v1, v2)."""
    if isinstance(doc, list):
        return _join_backup(b"[", [orjson.dumps(item) for item in doc], b"]")
    key = next(k for k in ("records", "entries") if isinstance(doc.get(k), list))
    others = {k: v for k, v in doc.items() if k != key}
    head = b"{" + (orjson.dumps(others)[1:-1] + b"," if others else b"") + orjson.dumps(key) + b":["
    return _join_backup(head, [orjson.dumps(item) for item in doc[key]], b"]}")


def _join_backup(head: bytes, items: list[bytes], tail: bytes) -> bytes:
    return head + b"\n" + b",\n".join(items) + (b"\n" if items else b"") + tail + b"\n"


def _cut_backup_lines(data: bytes, ids: set[str]) -> bytes | None:
    """``data`` without the lines of ``ids``' records when it is in ``_backup_bytes``'s layout (found by
    searching for the ids, not by splitting every line); None when it is not, or a record is elsewhere."""
    head_end = data.find(b"\n")
    head = data[:head_end]
    tail = b"]\n" if head == b"[" else b"]}\n"
    if not (head == b"[" or (head.startswith(b"{") and head.endswith(b":["))) or not data.endswith(b"\n" + tail):
        return None
    starts = _id_keys(data, ids)
    if not starts:
        return None
    spans = []
    for at in starts:
        start = data.rfind(b"\n", 0, at) + 1
        end = data.find(b"\n", at)
        if start <= head_end or data[start:at] != b"{" or end < 0 or not data[start:end].rstrip(b",").endswith(b"}"):
            return None  # not a record line of that layout
        spans.append((start, end + 1))
    out = _cut(data, spans)
    if out.endswith(b",\n" + tail):  # the last record went: the one before it now ends the array
        out = out[: -len(tail) - 2] + b"\n" + tail
    return out


def _without(doc: Any, ids: set[str]) -> tuple[Any, int]:
    """``doc`` without the records of ``ids``: a v0 array, a v1 ``entries`` or a v2 ``records`` array."""
    if isinstance(doc, list):
        kept = [item for item in doc if not (isinstance(item, dict) and item.get("id") in ids)]
        return kept, len(doc) - len(kept)
    if isinstance(doc, dict):
        for key in ("records", "entries"):
            if isinstance(doc.get(key), list):
                kept, dropped = _without(doc[key], ids)
                if dropped:
                    return {**doc, key: kept}, dropped
    return doc, 0


def _scrub_damaged(path: Path, ids: set[str]) -> None:
    """Cut the deleted records out of a file that does not parse: the whole line when the record has
    one to itself (Picasso's layout), else its JSON object as far as the bytes before it let us find
    it, else (the damage confuses even that) every line that names it."""
    data = path.read_bytes()
    present = _ids_in(data, ids)
    if not present:
        return
    targets = _id_keys(data, present)
    cuts: list[tuple[int, int]] = []
    structured: list[int] = []
    for at in targets:
        start = data.rfind(b"\n", 0, at) + 1
        if data[start:at].strip() == b"{":  # the record's own line: {"id":"…",…}
            end = data.find(b"\n", at)
            cuts.append((start, len(data) if end < 0 else end + 1))
        else:
            structured.append(at)
    if structured:
        spans = _object_spans(data, structured)
        if spans is None:
            spans = []
            for at in structured:
                start = data.rfind(b"\n", 0, at) + 1
                end = data.find(b"\n", at)
                spans.append((start, len(data) if end < 0 else end + 1))
        cuts += spans
    _rewrite(path, _cut(data, cuts))
    if _ids_in(path.read_bytes(), present):  # the damage hid the record's bounds: drop every line naming it
        lines = [line for line in path.read_bytes().split(b"\n") if not _ids_in(line, present)]
        _rewrite(path, b"\n".join(lines))


def _id_keys(data: bytes, ids: set[str]) -> list[int]:
    """Where ``"id": "<one of ids>"`` starts in ``data``, in order."""
    if len(ids) > _FEW:
        return sorted(m.start() for m in _ID_KEY.finditer(data) if _decoded(m.group(1)) in ids)
    return sorted(at for rid in ids for at in _id_key_positions(data, rid))


def _decoded(quoted: bytes) -> str | None:
    try:
        value = orjson.loads(quoted)
    except orjson.JSONDecodeError:
        return None
    return value if isinstance(value, str) else None


def _object_spans(data: bytes, targets: list[int]) -> list[tuple[int, int]] | None:
    """For each ``"id"`` key at a position in ``targets`` (sorted), the span of the object holding it
    (to the end of ``data`` when it is cut off); None when the bytes before are too damaged to tell
    strings from structure."""
    stack: list[int] = []
    pending: list[tuple[int, int]] = []  # (start, depth) of objects whose end is still ahead
    spans: list[tuple[int, int]] = []
    in_string = False
    escaped = -1
    t = 0
    for match in _TOKENS.finditer(data):
        pos = match.start()
        while t < len(targets) and targets[t] <= pos:
            if in_string or not stack:
                return None
            pending.append((stack[-1], len(stack)))
            t += 1
        if pos == escaped:
            continue
        ch = data[pos]
        if in_string:
            if ch == 0x5C:  # a backslash escapes the next byte
                escaped = pos + 1
            elif ch == 0x22:
                in_string = False
        elif ch == 0x22:
            in_string = True
        elif ch == 0x7B:
            stack.append(pos)
        elif ch == 0x7D and stack:
            depth, start = len(stack), stack.pop()
            for item in [p for p in pending if p == (start, depth)]:
                spans.append((start, pos + 1))
                pending.remove(item)
    if t < len(targets):
        if in_string or not stack:
            return None
        pending += [(stack[-1], len(stack))] * (len(targets) - t)
    return spans + [(start, len(data)) for start, _ in pending]


def _cut(data: bytes, spans: list[tuple[int, int]]) -> bytes:
    out = []
    at = 0
    for start, end in sorted(spans):
        if end <= at:
            continue
        out.append(data[at : max(at, start)])
        at = end
    out.append(data[at:])
    return b"".join(out)


# -- caches that hold text (paths.py's layout contract) ----------------------------------------------


@contextmanager
def text_cache_lock(cache_dir: Path, timeout: float = TEXT_CACHE_LOCK_TIMEOUT_S) -> Iterator[bool]:
    """Hold the lock every writer and scrubber of a text cache takes; yields False when it could not
    be had in time (a writer then skips saving; the scrubber deletes instead of rewriting)."""
    import portalocker

    try:
        cache_dir.mkdir(parents=True, exist_ok=True, mode=0o700)
        lock = portalocker.Lock(text_caches_lock(cache_dir), mode="a", timeout=timeout, check_interval=0.01)
        lock.acquire()
    except (OSError, portalocker.LockException):
        yield False
        return
    try:
        yield True
    finally:
        lock.release()


def unchanged_since(memory_file: Path, derived_from: bytes) -> bool:
    """Whether memory.json still holds exactly the bytes a cache was derived from. A cache writer asks
    this under the text-cache lock: if a write (maybe a deletion) replaced the file meanwhile, the
    store's scrub may already have run, so the cache must not be saved."""
    try:
        return memory_file.read_bytes() == derived_from
    except OSError:
        return False


def scrub_text_caches(paths: PicassoPaths, ids: Collection[str]) -> None:
    """Drop the deleted records' words from the caches that hold text (see paths.py)."""
    cache = paths.cache_dir
    terms = sorted((cache / TERMS_DIR).glob("terms-v*.json"))
    saved = sorted((cache / SAVED_INDEX_DIR).glob("*.bin"))
    if not ids or not (terms or saved):
        return
    with text_cache_lock(cache) as locked:
        for path in terms:
            if not locked or not _drop_term_lines(path, set(ids)):
                path.unlink(missing_ok=True)
        for path in saved:  # stamped with memory.json's old content: stale after any write
            path.unlink(missing_ok=True)


def _drop_term_lines(path: Path, ids: set[str]) -> bool:
    """Rewrite the term cache without the deleted ids' entries; False when its layout is not the one
    paths.py describes (the caller then deletes it)."""
    try:
        data = path.read_bytes()
    except FileNotFoundError:
        return True
    lines = data.split(b"\n")
    if len(lines) < 2 or lines[0] != b"{" or lines[-1] != b"" or lines[-2] != b"}":
        return False
    wanted = {orjson.dumps(rid)[1:-1] for rid in ids}
    if len(wanted) <= _FEW and not any(b":" + w + b'":' in data for w in wanted):
        return True
    entries = [line.rstrip(b",") for line in lines[1:-2]]
    kept = [line for line in entries if _term_line_id(line) not in wanted]
    if len(kept) != len(entries):
        write_atomic(path, b"{\n" + b",\n".join(kept) + (b"\n" if kept else b"") + b"}\n", durable=False)
    return True


def _term_line_id(line: bytes) -> bytes | None:
    """The (JSON-escaped) record id of a term cache line ``"<16 hex>:<id>":[…]``."""
    end = line.find(b'":[', 18)
    return line[18:end] if line[:1] == b'"' and line[17:18] == b":" and end > 0 else None
