"""The store's public API: what the CLI, the TUI and other front ends call.

Front ends never touch memory.json; they describe an intent here and this module
turns it into deltas for the file store.
"""

from __future__ import annotations

import bisect
import sys
from collections import Counter
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from datetime import datetime, timedelta
from operator import attrgetter
from pathlib import Path
from typing import Any

from picasso_tui.paths import PicassoPaths
from picasso_tui.store import edit_text, events, legacy, maintenance, retention
from picasso_tui.store.codec import MigrationContext, decode, to_record
from picasso_tui.store.errors import (
    AmbiguousId,
    CorruptStore,
    InvalidImport,
    InvalidRecord,
    MemoryNotFound,
)
from picasso_tui.store.filestore import Change, Delete, FileStore, Snapshot, Upsert, WriteResult
from picasso_tui.store.ids import new_id
from picasso_tui.store.ingress import IMPORT, MAINTENANCE, USER, Refused
from picasso_tui.store.maintenance import ClearReport, RecoverReport
from picasso_tui.store.namespaces import (
    Workspace,
    account_prefix,
    find_workspace,
    fingerprint_for_path,
    main_language,
    namespace_for,
    valid_language,
    workspace_prefix,
)
from picasso_tui.store.schema import MemoryClass, MemoryRecord, format_timestamp

ID_PREFIX = "mem_"
RECENCY = attrgetter("recency_key")
FUTURE_TOLERANCE = timedelta(days=1)


@dataclass(frozen=True)
class ImportReport:
    added: list[str] = field(default_factory=list)
    updated: list[str] = field(default_factory=list)
    skipped: list[str] = field(default_factory=list)
    redactions: int = 0
    """Secrets the door replaced in the imported records."""


@dataclass(frozen=True)
class Deleted:
    id: str
    title: str


class MemoryStore:
    """Memory as seen from one account, in one working directory."""

    def __init__(
        self,
        paths: PicassoPaths | None = None,
        *,
        cwd: Path | None = None,
        files: FileStore | None = None,
        **filestore_options: Any,
    ) -> None:
        """``filestore_options`` go to the ``FileStore`` (``guards`` among them: every record a user adds
        or edits passes the same door as every other; see ``store/ingress.py``)."""
        self.files = files or FileStore(paths, **filestore_options)
        self.last_redactions: dict[str, int] = {}
        self.paths = self.files.paths
        self.account_id = self.files.account_id
        self.cwd = (cwd or Path.cwd()).resolve()
        self._workspace: Workspace | bool | None = False

    # -- context --------------------------------------------------------------------------------

    @property
    def workspace(self) -> Workspace | None:
        if self._workspace is False:
            self._workspace = find_workspace(self.cwd)
        return self._workspace  # type: ignore[return-value]

    def visible_prefixes(self) -> tuple[str, ...]:
        """The namespaces a listing shows by default: this workspace plus account-wide memory."""
        account = account_prefix(self.account_id)
        shared = (f"{account}/style/", f"{account}/global/", f"{account}/model_performance")
        ws = self.workspace
        return ((workspace_prefix(self.account_id, ws.fingerprint),) if ws else ()) + shared

    def expand_namespace(self, namespace: str) -> str:
        """``style`` -> ``account:<id>/style``; a full namespace is kept."""
        return (
            namespace
            if namespace.startswith("account:")
            else f"{account_prefix(self.account_id)}/{namespace.strip('/')}"
        )

    # -- reading --------------------------------------------------------------------------------

    def list(
        self,
        *,
        namespace: str | None = None,
        memory_class: MemoryClass | None = None,
        everything: bool = False,
        archived: bool = False,
        quarantined: bool | None = None,
    ) -> list[MemoryRecord]:
        """Live records, newest observation first. ``everything`` spans workspaces and archived ones;
        ``quarantined`` True keeps only records held for review, False only the others."""
        if namespace:
            prefixes: tuple[str, ...] = (self.expand_namespace(namespace),)
        elif everything:
            prefixes = ("",)
        else:
            prefixes = self.visible_prefixes()
        show_archived = archived or everything

        def keep(raw: dict[str, Any]) -> bool:
            md = raw["metadata"]
            if memory_class is not None and md["class"] != memory_class.value:
                return False
            attrs = md.get("attributes") or {}
            if not show_archived and attrs.get("archivedAt"):
                return False
            if quarantined is not None and bool(attrs.get("quarantined")) is not quarantined:
                return False
            return md["namespace"].startswith(prefixes)

        snapshot = self.files.load()
        records = snapshot.records(keep)
        self.unreadable = snapshot.unreadable
        records.sort(key=RECENCY, reverse=True)
        return records

    def resolve(self, prefix: str) -> MemoryRecord:
        """The live record whose id starts with ``prefix`` (``mem_`` may be left out; any case)."""
        snapshot = self.files.load()
        record = snapshot.get(self._resolve_id(snapshot, prefix))
        assert record is not None
        return record

    def _resolve_id(self, snapshot: Snapshot, prefix: str) -> str:
        prefix = prefix.strip()
        if not prefix:
            raise MemoryNotFound("Give a memory id (any unique prefix of it).")
        # ULIDs are case-insensitive by design, and so is typing one.
        folded = sorted((rid.casefold(), rid) for rid in snapshot.live_ids())
        keys = [k for k, _ in folded]
        want = prefix.casefold()
        hits = _prefixed(keys, want) or (_prefixed(keys, ID_PREFIX + want) if not want.startswith(ID_PREFIX) else [])
        original = dict(folded)
        matches = [original[k] for k in hits]
        if not matches:
            raise MemoryNotFound(
                f"No memory has an id starting with '{prefix}'; `picasso memory list --all` shows them all."
            )
        exact = next((m for m in matches if m.casefold() in (want, ID_PREFIX + want)), None)
        if len(matches) > 1 and exact is None:
            raise AmbiguousId(prefix, matches)
        return exact or matches[0]

    def short_ids(self, records: Iterable[MemoryRecord], minimum: int = 12) -> dict[str, str]:
        """The shortest prefix of each id that no other live id shares (git-style)."""
        ids = sorted(self.files.load().live_ids())
        out = {}
        for r in records:
            i = bisect.bisect_left(ids, r.id)
            neighbours = [ids[j] for j in (i - 1, i + 1) if 0 <= j < len(ids)]
            length = max([minimum, *(_common(r.id, n) + 1 for n in neighbours)])
            out[r.id] = r.id[:length]
        return out

    # -- writing --------------------------------------------------------------------------------

    def add(
        self,
        body: str,
        *,
        memory_class: MemoryClass = MemoryClass.FACT,
        pinned: bool = False,
        language: str | None = None,
        tags: Iterable[str] = (),
        title: str | None = None,
        source: str = "cli",
        edges: Iterable[dict[str, str]] = (),
        prevent_next_time: Iterable[str] = (),
        provenance: dict[str, Any] | None = None,
    ) -> MemoryRecord:
        ws = self.workspace
        if language is not None and not valid_language(language.lower()):
            raise InvalidRecord(
                "A language is a short lowercase name such as python, typescript or c++ "
                "(letters, digits, + # _ -); nothing was saved."
            )
        if memory_class is MemoryClass.STYLE:
            # No language given or detectable: a general preference, filed account-wide under global/style.
            language = (
                language or (main_language(ws.root, self.paths.cache_dir) if ws else None) or ""
            ).lower() or None
        edge_list = [dict(e) for e in edges]
        if memory_class is MemoryClass.STYLE and language:
            edge_list.append({"type": "style->language", "target": f"language:{language}"})
        record = MemoryRecord.new(
            new_id(),
            body.strip(),
            memory_class,
            namespace_for(memory_class, self.account_id, fingerprint=ws.fingerprint if ws else None, language=language),
            self.files.clock(),
            pinned=pinned,
            edges=edge_list,
            prevent_next_time=list(prevent_next_time),
            provenance=provenance,
            attributes={"title": title, "source": source, "tags": list(tags)},
        )
        result = self._write([Upsert(record)], event="add")
        return result.records[record.id]

    def _write(self, ops: list[Upsert | Change], *, event: str) -> WriteResult:
        """A user's own write; ``last_redactions`` counts, by rule, the secrets the door replaced."""
        self.last_redactions = {}
        result = self.files.apply(ops, event=event, origin=USER)
        self.last_redactions = dict(result.redactions)
        return result

    def change(self, prefix: str, fn: Callable[[MemoryRecord], MemoryRecord], *, event: str) -> MemoryRecord:
        record = self.resolve(prefix)
        self._write([Change(record.id, fn)], event=event)
        updated = self.files.load().get(record.id)
        assert updated is not None
        return updated

    def pin(self, prefix: str, pinned: bool = True) -> MemoryRecord:
        def fn(r: MemoryRecord) -> MemoryRecord:
            # Pinning brings an archived memory back: pinned memories are never evicted.
            r = r.with_attributes(archived_at=None) if pinned and r.is_archived else r
            return r.with_metadata(pinned=pinned)

        return self.change(prefix, fn, event="pin" if pinned else "unpin")

    def approve(self, prefix: str) -> MemoryRecord:
        """Release a memory held for review: the user vouches for it, so it may be injected."""
        record = self.resolve(prefix)
        if not record.is_quarantined:
            raise InvalidRecord(f"Memory {record.id} is not held for review; nothing to approve.")

        def fn(r: MemoryRecord) -> MemoryRecord:
            attrs = {k: v for k, v in r.file_form["metadata"].get("attributes", {}).items()}
            attrs.pop("quarantined", None)
            attrs.pop("quarantineReason", None)
            return r.with_metadata(attributes=attrs)

        return self.change(record.id, fn, event="approve")

    def delete(self, prefix: str) -> Deleted:
        """Delete a memory now; works on a record another writer damaged, too."""
        snapshot = self.files.load()
        rid = self._resolve_id(snapshot, prefix)
        try:
            title = snapshot.get(rid).title  # type: ignore[union-attr]
        except CorruptStore:
            title = "(an unreadable record)"
        self.files.apply([Delete(rid)], event="delete")
        return Deleted(rid, title)

    def edit(self, record: MemoryRecord, base: dict[str, Any], text: str) -> MemoryRecord:
        """Merge an edited text (see edit_text) into the record as it is now."""
        mine = edit_text.parse(text)
        self._write([Change(record.id, lambda cur: edit_text.merge_edit(cur, base, mine))], event="edit")
        updated = self.files.load().get(record.id)
        assert updated is not None
        return updated

    def save_unsaved_edit(self, rid: str, text: str) -> Path:
        """Keep the text of an edit that could not be applied, so the user never loses it."""
        folder = self.paths.unsaved_edits_dir
        folder.mkdir(parents=True, exist_ok=True, mode=0o700)
        path = folder / f"{rid}-{format_timestamp(self.files.clock()).replace(':', '')}.md"
        path.write_text(text, encoding="utf-8")
        return path

    # -- export / import ----------------------------------------------------------------------

    def export(self) -> dict[str, Any]:
        """Every live memory, archived ones included: ``{"schemaVersion": 2, "records": [...]}``. Records
        another writer damaged are left out and listed in ``unreadable``, as ``list`` does."""
        snap = self.files.load()
        records = snap.records()
        self.unreadable = snap.unreadable
        return {"schemaVersion": 2, "records": [r.file_form for r in records]}

    def import_bytes(self, data: bytes, source: Path) -> ImportReport:
        ctx = MigrationContext(self.account_id, fingerprint_for_path)
        try:
            doc = decode(data, source, ctx)
            records = [to_record(raw, source) for raw in doc.records.values()]
        except CorruptStore as exc:
            raise InvalidImport(source, exc) from None
        horizon = self.files.clock() + FUTURE_TOLERANCE
        for r in records:
            if r.metadata.last_observed_at > horizon:
                # A copy dated in the future would win every merge until that date: refuse it.
                raise InvalidRecord(
                    f"Record {r.id} in {source} was last observed on {format_timestamp(r.metadata.last_observed_at)}, "
                    f"in the future; fix its lastObservedAt and import again (nothing was imported)."
                )
        try:
            result = self.files.apply([Upsert(r) for r in records], event="import", origin=IMPORT)
        except Refused as exc:
            raise InvalidRecord(f"{source}: {str(exc).rstrip('.')}; nothing was imported.") from None
        self.last_redactions = dict(result.redactions)
        report = ImportReport(
            added=result.ids("added"),
            updated=result.ids("updated"),
            skipped=result.ids("skipped", "unchanged"),
            redactions=sum(result.redactions.values()),
        )
        if not result.written:  # nothing changed, but the import happened: it is still an event
            events.emit(self.paths, "import", counts={"skipped": len(report.skipped)}, ids=report.skipped)
        return report

    def run_legacy_imports(self) -> list[legacy.LegacyImport]:
        """The one-time imports a command runs when it starts (cheap once the markers exist)."""
        done = []
        ws = self.workspace
        if ws is not None:
            found = legacy.import_repo_memory_into_home(self.files, ws.root)
            if found:
                done.append(found)
        if sys.platform == "darwin":
            found = legacy.import_legacy_mac_memory(self.files)
            if found:
                done.append(found)
        return done

    # -- retention, clear, recovery -----------------------------------------------------------

    def gc_plan(self, now: datetime | None = None) -> list[retention.GcAction]:
        snap = self.files.load()
        records = [self.files.validated(raw) for raw in snap.raw().values()]
        return retention.plan(records, now or self.files.clock())

    def gc(self) -> tuple[list[retention.GcAction], WriteResult | None]:
        plan = self.gc_plan()
        ops: list[Change | Delete] = []
        now = self.files.clock()
        for action in plan:
            if action.action == "archive":
                ops.append(Change(action.id, lambda r: r.with_attributes(archived_at=now), stamp=False))
            elif action.action == "delete":
                ops.append(Delete(action.id))
        # Tombstone purges happen inside every write; an empty op list still writes if any are due.
        result = self.files.apply(ops, event="gc", origin=MAINTENANCE) if plan else None
        if result is None or not result.written:
            events.emit(self.paths, "gc", counts=dict(Counter(a.action for a in plan)), ids=[a.id for a in plan])
        return plan, result

    def clear(self, fingerprint: str | None = None) -> ClearReport:
        return maintenance.clear(self.files, self.account_id, fingerprint)

    def recover(self, *, start_empty: bool = False) -> RecoverReport:
        return maintenance.recover(self.files, start_empty=start_empty)


def _prefixed(sorted_ids: list[str], prefix: str) -> list[str]:
    i = bisect.bisect_left(sorted_ids, prefix)
    out = []
    while i < len(sorted_ids) and sorted_ids[i].startswith(prefix):
        out.append(sorted_ids[i])
        i += 1
    return out


def _common(a: str, b: str) -> int:
    n = 0
    for x, y in zip(a, b, strict=False):
        if x != y:
            break
        n += 1
    return n
