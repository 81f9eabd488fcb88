"""Records of the older schemas (v1 entries, the Mac app's and the old plugin's v0 items) in the v2 form."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from picasso_tui.languages import LANGUAGES
from picasso_tui.store.errors import CorruptStore
from picasso_tui.store.schema import CLASS_DIRS, MemoryClass, format_timestamp, parse_timestamp

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
