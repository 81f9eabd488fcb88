"""The store as the front ends open it: every record that enters passes the store's door with this
layer's secret redactor and instruction screen (``store/ingress.py``). A pasted token becomes
``[REDACTED:<rule>]``; the front end says so."""

from __future__ import annotations

from typing import Any

from picasso_tui.store import ingress
from picasso_tui.store.api import MemoryStore
from picasso_tui.store.schema import MemoryRecord
from picasso_tui.writeback.policy import screen


def redact_lazily(record: MemoryRecord) -> tuple[MemoryRecord, list[Any]]:
    # Imported on first use: compiling the rule table costs ~50 ms, which `memory list` never needs.
    from picasso_tui.redact.redact import redact_record

    clean, findings = redact_record(record)
    return clean, list(findings)


GUARDS = ingress.Guards(redact=redact_lazily, screen=screen)


def install_guards() -> None:
    """Hand the guards to every store this process opens (front ends call this before anything else)."""
    ingress.install(GUARDS)


def open_user_store(**options: Any) -> MemoryStore:
    install_guards()
    return MemoryStore(guards=GUARDS, **options)


def redaction_notice(store: MemoryStore) -> str | None:
    """One sentence about what the last add or edit redacted, or None."""
    found = store.last_redactions
    if not found:
        return None
    total = sum(found.values())
    rules = ", ".join(sorted(found))
    return f"{total} secret{'s' if total != 1 else ''} redacted before saving ({rules}); memory never keeps them."
