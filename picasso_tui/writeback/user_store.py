"""The store as the front ends open it for a user: every memory a user adds or edits (CLI, TUI,
MCP) passes the secret redactor before it is written, as the write-back's memories do. A pasted
token becomes ``[REDACTED:<rule>]``; the front end says so."""

from __future__ import annotations

from typing import Any

from picasso_tui.store.api import MemoryStore
from picasso_tui.store.schema import MemoryRecord


def redact_lazily(record: MemoryRecord) -> tuple[MemoryRecord, list[Any]]:
    # Imported on first use: compiling the rule table costs ~50 ms, which `memory list` never needs.
    from picasso_tui.writeback.redact import redact_record

    clean, findings = redact_record(record)
    return clean, list(findings)


def open_user_store(**options: Any) -> MemoryStore:
    return MemoryStore(redactor=redact_lazily, **options)


def redaction_notice(store: MemoryStore) -> str | None:
    """One sentence about what the last add or edit redacted, or None."""
    found = store.last_redactions
    if not found:
        return None
    total = sum(found.values())
    rules = ", ".join(sorted(found))
    return f"{total} secret{'s' if total != 1 else ''} redacted before saving ({rules}); memory never keeps them."
