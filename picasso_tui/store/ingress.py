"""The door: every record that enters memory.json passes here, whichever path brought it (DESIGN §1, §4).

``FileStore`` calls :meth:`Door.admit` for every record an ``Upsert`` offers and for every record a
``Change`` produces, so a new way in cannot forget a guard. The guards run in this order:

1. limits: nesting depth, string sizes, list lengths, the whole record's size; over a limit the
   record is refused with one sentence naming it, never truncated;
2. the namespace grammar, and the namespace must be this account's;
3. the secret redactor, handed in by the layer above (the store knows no secret formats); without
   one, nothing with content is written (fail closed);
4. trust: where the record came from decides whether instruction-like text is held for review
   (``attributes.quarantined``); a repository's file may only reach its own workspace.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field
from datetime import timedelta
from enum import StrEnum
from typing import Any

import orjson

from picasso_tui.store.errors import InvalidRecord, StoreError
from picasso_tui.store.ids import SAFE_ID, safe_id
from picasso_tui.store.namespaces import is_account_wide, namespace_problem, workspace_prefix
from picasso_tui.store.record_limits import MAX_DEPTH, depth
from picasso_tui.store.schema import MAX_BODY_BYTES, MemoryRecord
from picasso_tui.text import CONTROL

MAX_STRING_BYTES = 64 * 1024
MAX_RECORD_BYTES = 256 * 1024
MAX_SOURCE_FILES = 256
MAX_TAGS = 64
MAX_EDGES = 256
MAX_PREVENT_NEXT_TIME = 64
ONE_MS = timedelta(milliseconds=1)


class Source(StrEnum):
    """Where a record came from: it decides how far its text is trusted."""

    USER = "user"  # add, edit, pin, approve: the user's own hand
    IMPORT = "import"  # `memory import`: the user's own export or old file
    LEGACY = "legacy"  # the Mac app's old file on this machine
    REPOSITORY = "repository"  # <repo>/.picasso/memory.json: anyone who can commit can write it
    SYNC = "sync"  # another device of this account
    AGENT = "agent"  # write-back after a run, MCP write_memory
    PROFILE = "profile"  # `memory init`: read from the repository's files
    MAINTENANCE = "maintenance"  # gc, sign-in adoption, recover: records already in the store


@dataclass(frozen=True)
class Origin:
    source: Source
    workspace: str | None = None
    """For ``REPOSITORY``: the fingerprint of the repository the file lives in (its only namespace)."""


USER = Origin(Source.USER)
IMPORT = Origin(Source.IMPORT)
LEGACY = Origin(Source.LEGACY)
SYNC = Origin(Source.SYNC)
AGENT = Origin(Source.AGENT)
PROFILE = Origin(Source.PROFILE)
MAINTENANCE = Origin(Source.MAINTENANCE)


def repository(fingerprint: str) -> Origin:
    return Origin(Source.REPOSITORY, fingerprint)


Redactor = Callable[[MemoryRecord], tuple[MemoryRecord, Sequence[Any]]]
Screen = Callable[[MemoryRecord, Source], str | None]
"""Why instruction-like text in ``record`` from ``source`` must be held for review, or None."""


@dataclass(frozen=True)
class Guards:
    """What the layer above hands the store: the secret redactor and the instruction screen."""

    redact: Redactor
    screen: Screen


_installed: Guards | None = None


def install(guards: Guards) -> None:
    """Hand the guards to every store this process opens without its own (front ends call this first)."""
    global _installed
    _installed = guards


def installed() -> Guards | None:
    return _installed


class Refused(InvalidRecord):
    """A record the door will not let in; the message is one sentence naming the record."""

    def __init__(self, record_id: str, reason: str, *, kind: str = "limit") -> None:
        self.record_id = record_id
        self.reason = reason
        self.kind = kind
        super().__init__(f"Memory {shown_id(record_id)} was not written: {reason}.")


class NoRedactor(StoreError):
    def __init__(self) -> None:
        super().__init__(
            "No secret redactor was handed to the memory store, so nothing was written "
            "(front ends call picasso_tui.writeback.user_store.install_guards() first)."
        )


@dataclass
class Admitted:
    record: MemoryRecord
    redactions: list[str] = field(default_factory=list)
    """The rule of each secret replaced (names only, never the secret)."""
    quarantined: str | None = None
    """Why the door held this record for review (None if it did not)."""


class Door:
    def __init__(self, account_id: str, guards: Guards | None) -> None:
        self.account_id = account_id
        self._guards = guards

    @property
    def guards(self) -> Guards:
        guards = self._guards or _installed
        if guards is None:
            raise NoRedactor()
        return guards

    def admit(self, record: MemoryRecord, origin: Origin, current: MemoryRecord | None = None) -> Admitted:
        """The record as it may be written, or ``Refused``. ``current`` is the stored copy with this id."""
        check_limits(record)
        self._check_namespace(record, origin, current)
        if record.is_tombstone:
            return Admitted(record)  # no text left to redact or judge
        guards = self.guards
        clean, findings = guards.redact(record)
        if clean is not record:
            check_limits(clean)  # markers can be longer than what they replace
        admitted = Admitted(clean, [getattr(f, "rule", "secret") for f in findings])
        reason = self._distrust(clean, origin, guards)
        if reason and not clean.is_quarantined:
            admitted.record = clean.with_attributes(quarantined=True, quarantine_reason=reason)
            admitted.quarantined = reason
        session = clean.metadata.provenance.session_id
        if session is not None and safe_id(session) != session:
            admitted.record = admitted.record.with_metadata(
                provenance=admitted.record.file_form["metadata"].get("provenance", {}) | {"sessionId": safe_id(session)}
            )
        if admitted.record is not record:
            # What the door changed must win over the copy it came from, on every device, the
            # same way everywhere: one millisecond later than that copy, not "now".
            admitted.record = admitted.record.with_metadata(last_observed_at=record.metadata.last_observed_at + ONE_MS)
        return admitted

    def _check_namespace(self, record: MemoryRecord, origin: Origin, current: MemoryRecord | None) -> None:
        if not SAFE_ID.fullmatch(record.id):
            raise Refused(record.id, "its id is not a plain identifier (letters, digits, _ . : -)", kind="id")
        namespace = record.metadata.namespace
        # Maintenance (gc, recover, sign-in adoption) handles records already in a file that several
        # accounts may share: it keeps each one's account; every other way in writes this account's.
        owner = None if origin.source is Source.MAINTENANCE else self.account_id
        problem = namespace_problem(namespace, owner)
        if problem:
            raise Refused(record.id, f"its namespace {shown(namespace)} {problem}", kind="namespace")
        if origin.source is not Source.REPOSITORY:
            return
        own = workspace_prefix(self.account_id, origin.workspace or "")
        if not namespace.startswith(own) and not is_account_wide(namespace):
            raise Refused(record.id, "a repository's file may only hold memories of that repository", kind="foreign")
        if current is not None and not current.metadata.namespace.startswith(own):
            raise Refused(record.id, "a repository's file may not change a memory it does not own", kind="foreign")

    def _distrust(self, record: MemoryRecord, origin: Origin, guards: Guards) -> str | None:
        if origin.source is Source.REPOSITORY and is_account_wide(record.metadata.namespace):
            return "account-wide memory from a repository's file"
        return guards.screen(record, origin.source)


def check_limits(record: MemoryRecord) -> None:
    """The documented limits on any record offered for writing (also re-checked after redaction)."""
    rid = record.id
    if depth(record) > MAX_DEPTH:
        raise Refused(rid, f"it nests values more than {MAX_DEPTH} levels deep, the limit")
    form = record.file_form
    for where, text in _strings(form):
        size = len(text.encode("utf-8", "surrogatepass"))
        limit = MAX_BODY_BYTES if where == "body" else MAX_STRING_BYTES
        if size > limit:
            raise Refused(rid, f"its {where} has {size:,} bytes; the limit is {limit:,} (reference files by path)")
    md = record.metadata
    for name, count, limit in (
        ("provenance.sourceFiles", len(md.provenance.source_files), MAX_SOURCE_FILES),
        ("attributes.tags", len(md.attributes.tags), MAX_TAGS),
        ("edges", len(md.edges), MAX_EDGES),
        ("preventNextTime", len(md.prevent_next_time), MAX_PREVENT_NEXT_TIME),
    ):
        if count > limit:
            raise Refused(rid, f"it lists {count:,} {name}; the limit is {limit}")
    size = len(orjson.dumps(form))
    if size > MAX_RECORD_BYTES:
        raise Refused(rid, f"it is {size:,} bytes long; the limit for a whole record is {MAX_RECORD_BYTES:,}")
    if record.is_tombstone:
        return
    if not record.body.strip():
        raise Refused(rid, "it has an empty body (a memory needs some text)")
    for where, text in _strings(form):
        bad = CONTROL.search(text)  # tab and line breaks are text; an escape could rewrite a terminal
        if bad is not None:
            char = ord(bad.group(0))
            raise Refused(
                rid, f"its {where} contains the control character U+{char:04X}, which could rewrite a terminal"
            )


def _strings(form: dict[str, Any]) -> Iterator[tuple[str, str]]:
    """Every string of the file form (keys too) with a dotted path naming where it is."""
    stack: list[tuple[Any, str]] = [(form, "")]
    while stack:
        item, where = stack.pop()
        if isinstance(item, str):
            yield where or "value", item
        elif isinstance(item, dict):
            for key, value in item.items():
                path = f"{where}.{key}" if where else str(key)
                if isinstance(key, str):
                    yield f"{path} (a key)", key
                stack.append((value, path))
        elif isinstance(item, list):
            stack.extend((value, f"{where}[{i}]") for i, value in enumerate(item))


def shown_id(value: str) -> str:
    return value if SAFE_ID.fullmatch(value) else shown(value)


def shown(value: str, limit: int = 80) -> str:
    """A value quoted for a message: escapes and control characters made visible, long ones cut."""
    text = ascii(value)
    return text if len(text) <= limit else text[: limit - 2] + "…'"
