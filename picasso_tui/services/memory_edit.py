"""Editing a memory as text: the text to hand the editor, and applying what comes back. An edit
that cannot land (a conflicting change made meanwhile, an invalid text, the memory deleted while
the editor was open) is kept under ``<home>/unsaved-edits/`` so the user never loses what they typed."""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum
from typing import Any

from picasso_tui.store import edit_text
from picasso_tui.store.api import MemoryStore
from picasso_tui.store.errors import EditConflict, InvalidRecord, MemoryNotFound, StoreError
from picasso_tui.store.schema import MemoryRecord
from picasso_tui.writeback.user_store import redaction_notice


@dataclass(frozen=True)
class EditSession:
    """What the editor was given: the record as it was, its fields (the merge base) and the text."""

    record: MemoryRecord
    base: dict[str, Any]
    text: str


class EditOutcome(Enum):
    UNCHANGED = "No changes."
    EMPTIED = "The body was empty, so nothing was changed."
    UPDATED = "Updated"


@dataclass(frozen=True)
class EditResult:
    outcome: EditOutcome
    record: MemoryRecord | None = None
    redaction_notice: str | None = None

    @property
    def sentence(self) -> str:
        if self.outcome is EditOutcome.UPDATED and self.record is not None:
            return f"Updated {self.record.id}."
        return self.outcome.value


def start_edit(record: MemoryRecord) -> EditSession:
    return EditSession(record, edit_text.fields_of(record), edit_text.render(record))


def finish_edit(store: MemoryStore, session: EditSession, text: str | None) -> EditResult:
    """Apply the edited ``text`` (None: the editor saved nothing). Raises StoreError naming the file
    the text was kept in when it cannot be applied."""
    if text is None or text == session.text:
        return EditResult(EditOutcome.UNCHANGED)
    rid = session.record.id
    try:
        updated = store.edit(session.record, session.base, text)
    except edit_text.EditCancelled:
        return EditResult(EditOutcome.EMPTIED)
    except (InvalidRecord, EditConflict, MemoryNotFound) as exc:
        saved = store.save_unsaved_edit(rid, text)
        raise StoreError(f"{str(exc).rstrip('.')}; your text is saved in {saved}.") from None
    return EditResult(EditOutcome.UPDATED, updated, redaction_notice(store))


def edit_fields(
    store: MemoryStore, prefix: str, *, body: str | None = None, memory_class: str | None = None
) -> EditResult:
    """Change a memory's body or class without an editor (the helper's API): the same text, merge and door as an
    edit in $EDITOR, so a change made meanwhile elsewhere is merged, never overwritten."""
    session = start_edit(store.resolve(prefix))
    head, sep, old_body = session.text.partition(f"\n{edit_text.SEPARATOR}\n")
    if memory_class is not None:
        head = "\n".join(f"class: {memory_class}" if line.startswith("class: ") else line for line in head.split("\n"))
    text = head + sep + (old_body if body is None else body.strip() + "\n")
    return finish_edit(store, session, text)
