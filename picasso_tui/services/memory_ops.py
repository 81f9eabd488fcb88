"""Every change to memory a user makes: add, delete, pin, unpin and approve one memory; clean up, clear and
recover many. What every front end calls (reads go straight to ``MemoryStore``)."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from picasso_tui.retrieval.caches import forget_caches
from picasso_tui.store import retention
from picasso_tui.store.api import Deleted, MemoryStore, RecoverReport
from picasso_tui.store.schema import MemoryClass, MemoryRecord
from picasso_tui.writeback.user_store import open_user_store, redaction_notice


@dataclass(frozen=True)
class Saved:
    """A memory written, and the sentence about secrets redacted on the way in (or None)."""

    record: MemoryRecord
    redaction_notice: str | None = None


def add_memory(
    store: MemoryStore,
    body: str,
    *,
    memory_class: MemoryClass = MemoryClass.FACT,
    pinned: bool = False,
    language: str | None = None,
    tags: Iterable[str] = (),
    source: str = "cli",
) -> Saved:
    """Save a note. A style note without a language (none given, none detectable) is filed
    account-wide under ``global/style``: a preference need not belong to one language."""
    record = store.add(body, memory_class=memory_class, pinned=pinned, language=language, tags=tags, source=source)
    return Saved(record, redaction_notice(store))


def resolve_memory(store: MemoryStore, prefix: str) -> MemoryRecord:
    """The one memory an id or unique id prefix names (MemoryNotFound or an ambiguity error otherwise)."""
    return store.resolve(prefix)


def delete_memory(store: MemoryStore, prefix: str) -> Deleted:
    return store.delete(prefix)


def set_pinned(store: MemoryStore, prefix: str, pinned: bool) -> MemoryRecord:
    return store.pin(prefix, pinned)


def approve_memory(store: MemoryStore, prefix: str) -> MemoryRecord:
    """Release a memory held for review (InvalidRecord when it is not held)."""
    return store.approve(prefix)


@dataclass(frozen=True)
class Cleared:
    deleted: int
    removed: list[str]
    """What else went with them, for the user: backups, transcripts."""


def clear_memories(store: MemoryStore, fingerprint: str | None) -> Cleared:
    """Delete every memory (or one workspace's) and everything derived from them: backups, the indexes, the
    kept transcripts and, when clearing everything, the last error report (a traceback can quote a record)."""
    from picasso_tui.writeback.kept_transcripts import forget_transcripts  # loads the redactor: clear only

    report = store.clear(fingerprint)
    forget_caches(store.paths, everything=fingerprint is None)
    transcripts = forget_transcripts(store.paths, fingerprint)
    if fingerprint is None:
        (store.paths.logs_dir / "last-error.txt").unlink(missing_ok=True)
    removed = list(report.backups_removed)
    if transcripts:
        removed.append(f"{transcripts} transcript{'s' * (transcripts != 1)}")
    return Cleared(report.deleted, removed)


def clean_up(store: MemoryStore) -> list[retention.GcAction]:
    """Archive long-stale memories, delete year-old archives, purge old tombstones: what was done (the plan is
    made again under the lock, so it is what the file holds now)."""
    done, _ = store.gc()
    return done


def recover_store(*, start_empty: bool = False) -> RecoverReport:
    """Set a damaged memory.json aside and restore it: opened without the one-time imports, which would
    read the store that is known to be unreadable."""
    return open_user_store().recover(start_empty=start_empty)
