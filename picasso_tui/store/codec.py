"""Reading and writing the bytes of memory.json: parse, migrate v0/v1, refuse newer, encode.

The write path never runs full pydantic validation over every record (it costs
~40 µs a record, which alone would blow the 150 ms write budget at 10k records):
records stay as the dicts orjson produced, checked here for the fields the merge
and the namespaces rely on, and are validated one by one where they are used.
"""

from __future__ import annotations

import gc
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from datetime import datetime
from pathlib import Path
from typing import Any

import orjson
from pydantic import ValidationError

from picasso_tui.languages import LANGUAGES
from picasso_tui.store import record_limits
from picasso_tui.store.errors import CorruptStore, DamagedRecord, InvalidRecord, NewerSchema
from picasso_tui.store.schema import SCHEMA_VERSION, MemoryClass, MemoryRecord, format_timestamp, parse_timestamp

CLASS_VALUES = frozenset(c.value for c in MemoryClass)
CLASS_DIRS = {
    MemoryClass.FACT: "facts",
    MemoryClass.STYLE: "style",
    MemoryClass.DECISION: "decisions",
    MemoryClass.FAILURE: "failures",
    MemoryClass.WORKFLOW: "workflows",
    MemoryClass.REPO_RULE: "repo_rules",
    MemoryClass.MODEL_PERFORMANCE: "model_performance",
}
_CLASS_TAGS = {
    **{c.value: c for c in MemoryClass},
    **{d: c for c, d in CLASS_DIRS.items()},
    "repo-rule": MemoryClass.REPO_RULE,
    "rule": MemoryClass.REPO_RULE,
}


@dataclass(frozen=True)
class MigrationContext:
    """What a migration needs to know about the machine it runs on."""

    account_id: str = "local"
    fingerprint_for_path: Callable[[str], str] | None = None
    default_fingerprint: str | None = None
    """The workspace an unscoped old record belongs to (a per-repo file's own repo)."""


@dataclass
class RawDocument:
    """memory.json as read: records are file-form dicts keyed by id, in file order."""

    version: int = SCHEMA_VERSION
    records: dict[str, dict[str, Any]] = field(default_factory=dict)
    extra: dict[str, Any] = field(default_factory=dict)
    original: bytes = b""
    lines: dict[bytes, dict[str, Any]] = field(default_factory=dict)
    """Each record's line in ``original`` (our layout only), for incremental re-reads."""
    problems: dict[str, DamagedRecord] = field(default_factory=dict)
    """Records that break a limit on their shape (record_limits): kept in ``records`` so that they can
    be deleted, skipped by readers, and a reason for writes to refuse."""

    @property
    def migrated(self) -> bool:
        return self.version < SCHEMA_VERSION and bool(self.original)


@contextmanager
def gc_paused() -> Iterator[None]:
    """orjson builds ~30 objects a record; letting the collector scan them all triples a parse."""
    enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if enabled:
            gc.enable()


def decode(
    data: bytes,
    path: Path,
    ctx: MigrationContext,
    known: Lines | None = None,
    known_problems: dict[str, DamagedRecord] | None = None,
) -> RawDocument:
    """Parse the bytes of a memory file of any known schema into the v2 form.

    ``known`` maps record lines already parsed (from the previous read or write) to their dicts:
    a file in Picasso's own one-record-per-line layout is then re-read by parsing only the lines
    another writer added or changed, which is what keeps a write at 10k records inside its budget.
    ``known_problems`` are the previous read's ``problems``, carried for the lines it parsed.
    """
    if known is not None:
        fast = _decode_lines(data, path, known, known_problems or {})
        if fast is not None:
            return fast
    if not data.strip():
        raise CorruptStore(path, "byte 0", "the file is empty")
    if data.startswith(b"\xef\xbb\xbf"):
        raise CorruptStore(path, "byte 0", "the file starts with a byte-order mark")
    try:
        with gc_paused():
            top = orjson.loads(data)
    except orjson.JSONDecodeError as exc:
        try:
            data.decode("utf-8")
        except UnicodeDecodeError as bad:
            raise CorruptStore(path, f"byte {bad.start}", "not valid UTF-8") from None
        raise CorruptStore(
            path, f"line {exc.lineno}, column {exc.colno} (byte {exc.pos})", f"not valid JSON: {exc.msg}"
        ) from None
    if isinstance(top, list):
        items, version, extra = top, 0, {}
    elif isinstance(top, dict):
        version, items, extra = _envelope(top, path)
    else:
        raise CorruptStore(path, "the top level", "expected an object or an array")
    if not isinstance(items, list):
        raise CorruptStore(path, "the top level", "the records are not an array")
    records: dict[str, dict[str, Any]] = {}
    for index, item in enumerate(items):
        where = f"record {index + 1}"
        if not isinstance(item, dict):
            raise CorruptStore(path, where, "a record is not an object")
        if version < SCHEMA_VERSION:
            item = migrate_item(item, version, ctx, path, where)
        rid = check_record(item, path, where)
        if rid in records:
            raise CorruptStore(path, where, f"the id {rid} appears twice")
        records[rid] = item
    doc = RawDocument(version=version, records=records, extra=extra, original=data)
    if version == SCHEMA_VERSION:
        doc.lines = _lines_of(data, items)
    if doc.lines:
        limit = record_limits.MAX_DEPTH
        for line, item in doc.lines.items():  # the cheap test first: this runs over every line of every read
            if line.count(b"{") + line.count(b"[") > limit or len(line) > record_limits.MAX_RECORD_BYTES:
                _note_problem(doc, data, path, item["id"], item, line)
    else:
        for rid, item in records.items():
            _note_problem(doc, data, path, rid, item, None)
    return doc


def _note_problem(
    doc: RawDocument, data: bytes, path: Path, rid: str, item: dict[str, Any], line: bytes | None
) -> None:
    reason = record_limits.problem(item, line)
    if reason is not None:
        doc.problems[rid] = DamagedRecord(path, rid, record_limits.line_number(data, rid), reason)


Lines = dict[bytes, dict[str, Any]]


def _record_lines(data: bytes) -> tuple[bytes, list[bytes]] | None:
    """The head line and the record lines of a file in our layout (None for any other layout)."""
    lines = data.split(b"\n")
    if len(lines) < 3 or lines[-1] != b"" or lines[-2] != b"]}" or not lines[0].startswith(b'{"schemaVersion":2'):
        return None
    if not lines[0].endswith(b'"records":['):
        return None
    body = lines[1:-2]
    if any(not line.endswith(b",") for line in body[:-1]) or (body and body[-1].endswith(b",")):
        return None
    return lines[0], [line[:-1] for line in body[:-1]] + body[-1:]


def record_spans(doc: RawDocument) -> dict[str, tuple[int, int]] | None:
    """Where each record's JSON lies in ``doc.original``, as (start, end) byte offsets, when the file
    is in Picasso's one-record-per-line layout (None in any other): a reader holding the same bytes
    can then decode one record without the others."""
    split = _record_lines(doc.original)
    if split is None or not doc.lines:
        return None
    head, body = split
    spans: dict[str, tuple[int, int]] = {}
    at = len(head) + 1
    for line in body:
        item = doc.lines.get(line)
        if item is None:
            return None
        spans[item["id"]] = (at, at + len(line))
        at += len(line) + 2  # the comma and the newline (the last line's have no successor to shift)
    return spans


def _lines_of(data: bytes, items: list[Any]) -> Lines:
    split = _record_lines(data)
    if split is None or len(split[1]) != len(items):
        return {}
    return dict(zip(split[1], items, strict=True))


def _decode_lines(
    data: bytes, path: Path, known: Lines, known_problems: dict[str, DamagedRecord]
) -> RawDocument | None:
    split = _record_lines(data)
    if split is None:
        return None
    head, body = split
    try:
        top = orjson.loads(head + b"]}")
    except orjson.JSONDecodeError:
        return None
    if not isinstance(top, dict) or top.get("schemaVersion") != SCHEMA_VERSION or top.get("records") != []:
        return None  # anything unusual takes the full path, which reports it precisely
    records: dict[str, dict[str, Any]] = {}
    lines: Lines = {}
    fresh: list[tuple[bytes, dict[str, Any]]] = []
    for index, line in enumerate(body):
        item = known.get(line)
        if item is None:
            try:
                item = orjson.loads(line)
            except orjson.JSONDecodeError:
                return None
            if not isinstance(item, dict):
                return None
            check_record(item, path, f"record {index + 1}")
            fresh.append((line, item))
        rid = item["id"]
        if rid in records:
            return None
        records[rid] = item
        lines[line] = item
    extra = {k: v for k, v in top.items() if k not in ("schemaVersion", "records")}
    doc = RawDocument(version=SCHEMA_VERSION, records=records, extra=extra, original=data)
    doc.lines = lines
    # A line parsed before is the same bytes, so it has the same problem (or none): only new lines are checked.
    fresh_ids = {item["id"] for _, item in fresh}
    for rid, problem in known_problems.items():
        if rid in records and rid not in fresh_ids:
            doc.problems[rid] = DamagedRecord(path, rid, record_limits.line_number(data, rid), problem.reason)
    for line, item in fresh:
        _note_problem(doc, data, path, item["id"], item, line)
    return doc


def _envelope(top: dict[str, Any], path: Path) -> tuple[int, Any, dict[str, Any]]:
    if "schemaVersion" in top:
        version = top["schemaVersion"]
        if type(version) is not int or version < 2:
            raise CorruptStore(path, "schemaVersion", f"unknown schema version {version!r}")
        if version > SCHEMA_VERSION:
            raise NewerSchema(path, version)
        extra = {k: v for k, v in top.items() if k not in ("schemaVersion", "records")}
        return version, top.get("records"), extra
    if top.get("version") == 1 and "entries" in top:
        return 1, top["entries"], {}
    raise CorruptStore(path, "the top level", "an object without schemaVersion 2 or version 1 entries")


def check_record(item: dict[str, Any], path: Path, where: str) -> str:
    """The checks the merge, namespaces and retention depend on; returns the id."""
    rid = item.get("id")
    if not isinstance(rid, str) or not rid:
        raise CorruptStore(path, where, "a record has no id")
    where = f"{where} (id {rid})"
    md = item.get("metadata")
    if not isinstance(md, dict):
        raise CorruptStore(path, where, "the record has no metadata object")
    if md.get("class") not in CLASS_VALUES:
        raise CorruptStore(path, where, f"unknown memory class {md.get('class')!r}")
    if not isinstance(md.get("namespace"), str) or not md["namespace"]:
        raise CorruptStore(path, where, "the record has no namespace")
    if not isinstance(item.get("body", ""), str):
        raise CorruptStore(path, where, "the body is not text")
    try:
        parse_timestamp(md.get("lastObservedAt"))
    except (ValueError, TypeError):
        raise CorruptStore(path, where, "metadata.lastObservedAt is not an ISO-8601 time") from None
    attrs = md.get("attributes")
    if attrs is not None and not isinstance(attrs, dict):
        raise CorruptStore(path, where, "metadata.attributes is not an object")
    for key in ("deletedAt", "archivedAt"):  # they decide whether a record is live at all
        value = attrs.get(key) if attrs else None
        if value is not None:
            try:
                parse_timestamp(value)
            except (ValueError, TypeError):
                raise CorruptStore(path, where, f"metadata.attributes.{key} is not an ISO-8601 time") from None
    return rid


def to_record(raw: dict[str, Any], path: Path) -> MemoryRecord:
    """Full validation of one raw record; a failure names the record and the field."""
    try:
        return MemoryRecord.model_validate(raw)
    except ValidationError as exc:
        err = exc.errors()[0]
        loc = ".".join(str(p) for p in err["loc"]) or "the record"
        raise CorruptStore(path, f"record {raw.get('id')}", f"{loc}: {err['msg']}") from None


def encode(doc: RawDocument, known: Lines | None = None) -> bytes:
    """One record per line, in id order (time order for ULIDs): diffable, greppable, salvageable
    after a torn copy, and the same records give the same bytes whatever order they arrived in.

    Records whose dict is one of ``known``'s reuse their line instead of being serialised again;
    ``doc.lines`` is set to the lines written, for the next read."""
    head = b'{"schemaVersion":2'
    if doc.extra:
        head += b"," + orjson.dumps(doc.extra)[1:-1]
    records = doc.records
    reuse = {id(item): line for line, item in known.items()} if known else {}
    out: list[bytes] = []
    lines: Lines = {}
    for rid in sorted(records):
        item = records[rid]
        line = reuse.get(id(item)) or _encoded(rid, item)
        out.append(line)
        lines[line] = item
    doc.lines = lines
    body = b",\n".join(out)
    return head + b',"records":[\n' + body + (b"\n" if body else b"") + b"]}\n"


def _encoded(rid: str, item: dict[str, Any]) -> bytes:
    """A record's line, refusing one that the next reader would have to set aside."""
    try:
        line = orjson.dumps(item)
    except orjson.JSONEncodeError as exc:
        raise InvalidRecord(f"Memory {rid} cannot be encoded as JSON ({exc}); nothing was written.") from None
    reason = record_limits.problem(item, line)
    if reason is not None:
        raise InvalidRecord(f"Memory {rid} cannot be written: {reason}; nothing was written.")
    return line


def salvage(data: bytes, path: Path, ctx: MigrationContext) -> dict[str, dict[str, Any]]:
    """Whole records still readable in a damaged file (our encoder writes one per line); a record that
    breaks a limit on its shape (record_limits) is left in the damaged file, not brought back."""
    found: dict[str, dict[str, Any]] = {}
    for line in data.splitlines():
        line = line.strip().rstrip(b",")
        if not line.startswith(b"{") or b'"metadata"' not in line:
            continue
        try:
            item = orjson.loads(line)
            rid = check_record(item, path, "a salvaged line")
            if record_limits.problem(item, line) is not None:
                continue
            to_record(item, path)
        except (orjson.JSONDecodeError, CorruptStore):
            continue
        found[rid] = item
    return found


# -- migration ---------------------------------------------------------------------------------


def migrate_item(item: dict[str, Any], version: int, ctx: MigrationContext, path: Path, where: str) -> dict[str, Any]:
    try:
        if version == 1:
            out = _from_v1(item)
        elif isinstance(item.get("metadata"), dict):
            out = dict(item)  # an old plugin record: already the v2 shape
            out["metadata"] = dict(item["metadata"])
        else:
            out = _from_mac(item, ctx)
        md = out["metadata"]
        md["namespace"] = qualify_namespace(md.get("namespace"), ctx.account_id)
        if "lastObservedAt" not in md and "createdAt" in md:
            md["lastObservedAt"] = md["createdAt"]
        for key in ("createdAt", "lastObservedAt"):
            if md.get(key) is not None:
                md[key] = format_timestamp(parse_timestamp(md[key]))
        return out
    except (ValueError, TypeError, KeyError, AttributeError) as exc:
        raise CorruptStore(path, where, f"a schema {version} record that cannot be migrated ({exc})") from None


def qualify_namespace(namespace: Any, account_id: str) -> Any:
    if isinstance(namespace, str) and namespace and not namespace.startswith("account:"):
        return f"account:{account_id}/{namespace.strip('/')}"
    return namespace


_V1_METADATA = (
    "class",
    "namespace",
    "createdAt",
    "lastObservedAt",
    "stalenessScore",
    "pinned",
    "edges",
    "preventNextTime",
    "provenance",
)


def _from_v1(entry: dict[str, Any]) -> dict[str, Any]:
    md = {k: entry[k] for k in _V1_METADATA if k in entry}
    out: dict[str, Any] = {"id": entry.get("id"), "vector": entry.get("embedding") or [], "body": entry.get("body", "")}
    out["metadata"] = md
    # Anything else a v1 writer added rides along at the record's top level.
    out.update({k: v for k, v in entry.items() if k not in (*_V1_METADATA, "id", "embedding", "body")})
    return out


_MAC_ATTRIBUTES = ("title", "scope", "source", "stale", "tags")


def _from_mac(item: dict[str, Any], ctx: MigrationContext) -> dict[str, Any]:
    tags = [t for t in item.get("tags") or [] if isinstance(t, str)]
    cls = next((_CLASS_TAGS[t.lower()] for t in tags if t.lower() in _CLASS_TAGS), MemoryClass.FACT)
    language = next((t.lower() for t in tags if t.lower() in LANGUAGES), None)
    account = f"account:{ctx.account_id}"
    workspace = item.get("workspacePath")
    edges: list[dict[str, str]] = []
    if cls is MemoryClass.STYLE and language:
        # Style is account-wide per language (DESIGN §5), so a global Mac style note goes
        # where retrieval looks for it rather than under global/.
        namespace = f"{account}/style/{language}"
        edges.append({"type": "style->language", "target": f"language:{language}"})
    elif item.get("scope") != "global" and isinstance(workspace, str) and workspace and ctx.fingerprint_for_path:
        namespace = f"{account}/projects/workspace:{ctx.fingerprint_for_path(workspace)}/{CLASS_DIRS[cls]}"
    elif item.get("scope") != "global" and ctx.default_fingerprint and cls is not MemoryClass.STYLE:
        namespace = f"{account}/projects/workspace:{ctx.default_fingerprint}/{CLASS_DIRS[cls]}"
    else:
        namespace = f"{account}/global/{CLASS_DIRS[cls]}"
    attributes = {k: item[k] for k in _MAC_ATTRIBUTES if k in item}
    known = {*_MAC_ATTRIBUTES, "id", "body", "pinned", "createdAt", "updatedAt"}
    attributes.update({k: v for k, v in item.items() if k not in known})  # workspacePath and friends
    created = item.get("createdAt") or item.get("updatedAt")
    md: dict[str, Any] = {
        "class": cls.value,
        "namespace": namespace,
        "createdAt": created,
        "lastObservedAt": item.get("updatedAt") or created,
        "stalenessScore": 0.0,
        "pinned": bool(item.get("pinned", False)),
        "edges": edges,
        "provenance": {},
        "attributes": attributes,
    }
    return {"id": item.get("id"), "vector": [], "body": item.get("body", ""), "metadata": md}


def timestamp_of(raw: dict[str, Any], key: str = "lastObservedAt") -> datetime:
    return parse_timestamp(raw["metadata"][key])


def deleted_at(raw: dict[str, Any]) -> datetime | None:
    attrs = raw["metadata"].get("attributes")
    value = attrs.get("deletedAt") if attrs else None
    return parse_timestamp(value) if value else None
