"""Fail-closed secret redaction: every string that reaches memory.json passes through here first.

A secret is replaced by ``[REDACTED:<rule>]``. The redactor is idempotent (markers never re-match and a
second pass changes nothing), bounded in time (see ``secret_rules``), and fails closed: any error inside
it becomes ``RedactionFailed``, and the caller writes nothing.

This module is the API (texts, values, records); the work is done by ``passes`` (one text, pass by pass),
``scan`` (the rule table over one text), ``views`` (decoded copies), ``echoes`` (a found secret repeated) and
``limits`` (what is refused, and the error); the rules and their checks are in ``secret_rules``.
"""

from __future__ import annotations

from typing import Any

from picasso_tui.redact.limits import RedactionFailed
from picasso_tui.redact.passes import Finding, Redacted, find, redact_passes
from picasso_tui.redact.scan import MARKER
from picasso_tui.redact.secret_checks import is_placeholder, secret_named
from picasso_tui.store.schema import MemoryRecord

__all__ = [
    "MARKER",
    "Finding",
    "Redacted",
    "RedactionFailed",
    "contains_secret",
    "redact_record",
    "redact_text",
    "redact_value",
]

# Record fields that are structure, not text (ids, timestamps, the vector, the class); all other strings,
# including keys this version does not know, are redacted.
_STRUCTURAL = {
    (): {"id", "vector"},
    ("metadata",): {"class", "namespace", "createdAt", "lastObservedAt", "stalenessScore", "pinned", "embedding"},
    ("metadata", "attributes"): {"deletedAt", "archivedAt", "stale"},
    ("metadata", "edges", "*"): {"type"},
}


def redact_text(text: str) -> Redacted:
    """Replace every secret in ``text`` by ``[REDACTED:<rule>]``; offsets in findings refer to ``text``."""
    try:
        return redact_passes(text)
    except RedactionFailed:
        raise
    except Exception as exc:  # fail closed: an unexpected error must stop the write, not let text through
        raise RedactionFailed(type(exc).__name__) from exc


def contains_secret(text: str) -> bool:
    """True when ``text`` holds anything ``redact_text`` would replace (used to rescan what was written)."""
    try:
        return bool(find(text)) if isinstance(text, str) else True
    except Exception as exc:
        raise RedactionFailed(type(exc).__name__) from exc


# -- structured values ------------------------------------------------------------------------------------


def _value(value: Any, field: str, findings: list[Finding], key: str | None = None) -> Any:
    if isinstance(value, str):
        words = value.split()
        if (
            key is not None
            and secret_named(key)
            and not MARKER.fullmatch(value)
            and not is_placeholder(words[-1] if words else value)
        ):
            # {"password": "hunter2"}: the key is the context a bare value lacks on its own. The placeholder
            # test reads the last word, so {"Authorization": "Bearer $TOKEN"} is kept.
            findings.append(Finding("secret-assignment", 0, len(value), field))
            return "[REDACTED:secret-assignment]"
        result = redact_passes(value)
        findings.extend(Finding(f.rule, f.start, f.end, field) for f in result.findings)
        return result.text
    if isinstance(value, dict):
        out: dict[Any, Any] = {}
        for k, v in value.items():
            if not isinstance(k, str):
                raise TypeError(f"cannot scan a mapping key of type {type(k).__name__}")
            out[k] = _value(v, f"{field}.{k}" if field else k, findings, k)
        return out
    if isinstance(value, list | tuple):
        items = [_value(v, f"{field}[{i}]", findings) for i, v in enumerate(value)]
        return type(value)(items) if isinstance(value, tuple) else items
    if value is None or isinstance(value, bool | int | float):
        return value
    raise TypeError(f"cannot scan a value of type {type(value).__name__}")


def redact_value(value: Any) -> tuple[Any, list[Finding]]:
    """Redact every string inside ``value`` (str / list / tuple / dict, recursively; dict keys are kept).

    A string under a secret-named key (``password``, ``apiKey``…) is redacted whole. Any other type
    raises ``RedactionFailed``: what cannot be scanned cannot be written.
    """
    findings: list[Finding] = []
    try:
        return _value(value, "", findings), findings
    except RedactionFailed:
        raise
    except Exception as exc:
        raise RedactionFailed(type(exc).__name__) from exc


def _record_form(node: Any, path: tuple[str, ...], field: str, findings: list[Finding]) -> Any:
    if isinstance(node, dict):
        keep = _STRUCTURAL.get(path, set())
        out: dict[str, Any] = {}
        for k, v in node.items():
            sub = f"{field}.{k}" if field else k
            if k in keep:
                out[k] = v
            elif isinstance(v, dict) or (isinstance(v, list) and v and isinstance(v[0], dict)):
                if isinstance(v, list):
                    out[k] = [_record_form(item, (*path, k, "*"), f"{sub}[{i}]", findings) for i, item in enumerate(v)]
                else:
                    out[k] = _record_form(v, (*path, k), sub, findings)
            else:
                out[k] = _value(v, sub, findings, k)
        return out
    return _value(node, field, findings)


def redact_record(record: MemoryRecord) -> tuple[MemoryRecord, list[Finding]]:
    """Redact every text field of a record: body, title, tags, paths, commands, provenance,
    preventNextTime, edge targets and attributes (known or not). Ids, timestamps and the vector are kept.

    A secret in the namespace cannot be redacted without moving the record, so it raises
    ``RedactionFailed`` like any other failure; the caller writes nothing.
    """
    try:
        if record.is_tombstone:
            return record, []
        form = record.file_form
        findings: list[Finding] = []
        namespace = form["metadata"].get("namespace", "")
        if find(namespace):
            raise RedactionFailed("a secret in the namespace")
        out = _record_form(form, (), "", findings)
        if not findings:
            return record, []
        return MemoryRecord.model_validate(out), findings
    except RedactionFailed:
        raise
    except Exception as exc:
        raise RedactionFailed(type(exc).__name__) from exc
