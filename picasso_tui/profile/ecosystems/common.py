"""Helpers the ecosystem modules share: dependency tables and tolerant manifest parsing."""

from __future__ import annotations

import json
import re
import tomllib
from typing import Any

from picasso_tui.profile.findings import Knowledge, human_list
from picasso_tui.profile.walk import Tree

KIND_TITLES = {
    "framework": "Frameworks and notable libraries",
    "test": "Test tools",
    "database": "Database / ORM",
    "migrations": "Migrations",
    "cli": "CLI toolkit",
}


def load_toml(tree: Tree, rel: str) -> dict[str, Any]:
    text = tree.read(rel)
    if not text:
        return {}
    try:
        return tomllib.loads(text)
    except tomllib.TOMLDecodeError:
        return {}


def load_json(tree: Tree, rel: str) -> dict[str, Any]:
    text = tree.read(rel)
    if not text:
        return {}
    try:
        data = json.loads(text)
    except ValueError:
        return {}
    return data if isinstance(data, dict) else {}


def dig(data: Any, *keys: str) -> Any:
    for key in keys:
        if not isinstance(data, dict):
            return None
        data = data.get(key)
    return data


_REQ_NAME = re.compile(r"^\s*([A-Za-z0-9][A-Za-z0-9._-]*)")


def requirement_name(spec: str) -> str | None:
    """``Django>=4 ; python_version>'3'`` -> ``django`` (PEP 503 normalised)."""
    m = _REQ_NAME.match(spec)
    return re.sub(r"[-_.]+", "-", m.group(1)).lower() if m else None


def classify(deps: set[str], table: dict[str, tuple[str, str]]) -> dict[str, list[str]]:
    """{kind: [labels]} for the dependencies this table knows (a dependency may be a prefix like ``@nestjs/``)."""
    out: dict[str, list[str]] = {}
    for name, (label, kind) in table.items():
        hit = any(d.startswith(name) for d in deps) if name.endswith("/") else name in deps
        if hit and label not in out.setdefault(kind, []):
            out[kind].append(label)
    return {k: v for k, v in out.items() if v}


def stack_facts(
    k: Knowledge, eco: str, display: str, kinds: dict[str, list[str]], sources: list[str], extra: str = ""
) -> None:
    """One fact naming the frameworks, test tools, database and CLI toolkit an ecosystem's manifest declares."""
    parts = [f"{KIND_TITLES[kind]}: {human_list(kinds[kind])}" for kind in KIND_TITLES if kinds.get(kind)]
    if not parts and not extra:
        return
    body = f"{display} stack ({human_list(sources, 3)}): " + "; ".join(parts) + (f". {extra}" if extra else ".")
    lead = kinds.get("framework") or kinds.get("test") or []
    title = f"{display} stack: {human_list(lead, 3)}" if lead else f"{display} stack"
    k.fact(f"{eco}/stack", title, body.replace(": .", "."), *sources, tags=(eco, "stack"))
