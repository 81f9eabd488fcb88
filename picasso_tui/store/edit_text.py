"""The text a user edits in ``$EDITOR`` for one memory, and merging it back safely.

The edit is merged field by field against the copy re-read under the store lock:
a field only the user changed takes the user's value, a field only someone else
changed keeps theirs, and a field both changed differently is a conflict (never a
silent clobber).
"""

from __future__ import annotations

from typing import Any

from picasso_tui.store.errors import EditConflict, InvalidRecord
from picasso_tui.store.namespaces import rehome
from picasso_tui.store.schema import MemoryClass, MemoryRecord

SEPARATOR = "---"
FIELDS = ("class", "title", "tags", "pinned", "prevent")


class EditCancelled(Exception):
    """The user saved an empty body: nothing to do."""


def fields_of(record: MemoryRecord) -> dict[str, Any]:
    md = record.metadata
    return {
        "class": md.class_.value,
        "title": md.attributes.title or "",
        "tags": list(md.attributes.tags),
        "pinned": md.pinned,
        "prevent": list(md.prevent_next_time),
        "body": record.body.strip(),
    }


def render(record: MemoryRecord) -> str:
    f = fields_of(record)
    lines = [
        f"# Editing memory {record.id} in {record.metadata.namespace}",
        "# Lines starting with '#' above the --- line are ignored. Save an empty body to cancel.",
        f"# class is one of: {', '.join(c.value for c in MemoryClass)}",
        "# Add one 'prevent:' line per piece of prevent-next-time guidance.",
        f"class: {f['class']}",
        f"title: {f['title']}",
        f"tags: {', '.join(f['tags'])}",
        f"pinned: {'yes' if f['pinned'] else 'no'}",
    ]
    lines += [f"prevent: {p}" for p in f["prevent"]] or ["prevent: "]
    return "\n".join([*lines, SEPARATOR, f["body"], ""])


def parse(text: str) -> dict[str, Any]:
    """The fields of an edited text; raises InvalidRecord naming the line at fault."""
    head, sep, body = text.partition(f"\n{SEPARATOR}\n")
    if not sep:
        head, sep, body = text.partition(f"\n{SEPARATOR}")
    if not sep:
        raise InvalidRecord(f"The edited text has no '{SEPARATOR}' line between the fields and the body.")
    out: dict[str, Any] = {"tags": [], "prevent": [], "title": "", "pinned": False}
    for number, line in enumerate(head.splitlines(), start=1):
        if not line.strip() or line.lstrip().startswith("#"):
            continue
        key, colon, value = line.partition(":")
        key, value = key.strip().lower(), value.strip()
        if not colon or key not in FIELDS:
            raise InvalidRecord(
                f"Line {number} of the edited text is not one of {', '.join(FIELDS)}: {line.strip()!r}."
            )
        if key == "class":
            if value not in {c.value for c in MemoryClass}:
                raise InvalidRecord(f"Line {number}: '{value}' is not a memory class.")
            out["class"] = value
        elif key == "pinned":
            if value.lower() not in ("yes", "no", "true", "false"):
                raise InvalidRecord(f"Line {number}: pinned must be yes or no, not '{value}'.")
            out["pinned"] = value.lower() in ("yes", "true")
        elif key == "tags":
            out["tags"] = [t.strip() for t in value.split(",") if t.strip()]
        elif key == "prevent":
            if value:
                out["prevent"].append(value)
        else:
            out["title"] = value
    if "class" not in out:
        raise InvalidRecord("The edited text lost its 'class:' line.")
    out["body"] = body.strip()
    if not out["body"]:
        raise EditCancelled
    return out


def merge_edit(current: MemoryRecord, base: dict[str, Any], mine: dict[str, Any]) -> MemoryRecord:
    """Apply the user's edit (made against ``base``) to ``current``, the copy under the lock."""
    theirs = fields_of(current)
    merged: dict[str, Any] = {}
    for key in (*FIELDS, "body"):
        if mine[key] == base[key]:
            merged[key] = theirs[key]
        elif theirs[key] == base[key] or theirs[key] == mine[key]:
            merged[key] = mine[key]
        else:
            raise EditConflict(
                f"Memory {current.id} changed its {key} while you were editing it, so your edit was not applied."
            )
    namespace = current.metadata.namespace
    if merged["class"] != theirs["class"]:
        moved = rehome(namespace, MemoryClass(merged["class"]))
        if moved is None:
            raise InvalidRecord(
                f"Memory {current.id} cannot change from {theirs['class']} to {merged['class']}: "
                f"only facts, decisions, failures, workflows and repo rules move between each other."
            )
        namespace = moved
    changed = current.with_body(merged["body"]) if merged["body"] != theirs["body"] else current
    attributes: dict[str, Any] = {"title": merged["title"] or None, "tags": merged["tags"]}
    if merged["pinned"] and not theirs["pinned"]:
        attributes["archived_at"] = None  # as `pin` does: a pinned memory is never left archived
    changed = changed.with_attributes(**attributes)
    return changed.with_metadata(
        class_=merged["class"], namespace=namespace, pinned=merged["pinned"], prevent_next_time=merged["prevent"]
    )
