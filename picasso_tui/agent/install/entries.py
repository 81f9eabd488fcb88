"""Picasso's entries in an agent's settings, added and removed without disturbing anyone else's.

All three agents share one hook layout (Claude Code's, which Gemini CLI and Codex adopted)::

    hooks: { <Event>: [ { "matcher"?: ..., "hooks": [ { "type": "command", "command": ..., ... } ] } ] }

and a named table of MCP servers. The same code edits a JSON document (dicts and lists) and a
tomlkit document (tables and arrays of tables that keep comments and layout): ``Containers`` makes
the new containers of the right kind for where they go.

- Adding: Picasso's handler for an event goes into a group of its own, appended after the user's
  groups. Already there (found by its command line), it is updated in place; a second copy is removed.
- Removing: only handlers whose command is ``picasso hook <agent> <event>``; a group, an event list,
  a ``hooks`` or servers table that this removal empties goes too. Anything that was empty before
  stays as it was.
"""

from __future__ import annotations

from collections.abc import Mapping, MutableMapping, MutableSequence
from typing import Any

import tomlkit
from tomlkit.items import AoT, Array, InlineTable

from picasso_tui.agent.install.common import is_picasso, our_hook
from picasso_tui.agent.install.files import ShapeProblem

MCP_NAME = "picasso"


class Containers:
    """New containers for a JSON document: plain dicts and lists."""

    def table(self, parent: Any, *, holder: bool = False) -> MutableMapping[str, Any]:
        """A table to go into ``parent``; a ``holder`` only holds other tables (no header of its own in TOML)."""
        return {}

    def array(self, parent: Any) -> MutableSequence[Any]:
        return []


class TomlContainers(Containers):
    """New containers for a tomlkit document, matching their parent: inline inside inline, else
    ``[table]`` / ``[[array of tables]]`` sections."""

    def table(self, parent: Any, *, holder: bool = False) -> MutableMapping[str, Any]:
        if isinstance(parent, Array | InlineTable):
            return tomlkit.inline_table()
        return tomlkit.table(is_super_table=holder and not isinstance(parent, AoT))

    def array(self, parent: Any) -> MutableSequence[Any]:
        return tomlkit.array() if isinstance(parent, InlineTable) else tomlkit.aot()


def containers_for(doc: MutableMapping[str, Any]) -> Containers:
    return TomlContainers() if isinstance(doc, tomlkit.TOMLDocument) else Containers()


def _filled(c: Containers, parent: Any, fields: Mapping[str, Any]) -> MutableMapping[str, Any]:
    table = c.table(parent)
    for key, value in fields.items():
        table[key] = value
    if isinstance(table, tomlkit.items.Table):
        table.add(tomlkit.nl())  # a blank line before whatever section follows, as people write TOML
    return table


def _child(doc: MutableMapping[str, Any], key: str, make: Any, expected: type, what: str) -> Any:
    """``doc[key]``, created with ``make()`` when missing; a value of another kind is refused."""
    value = doc.get(key)
    if value is None:
        doc[key] = make()
        return doc[key]
    if not isinstance(value, expected):
        raise ShapeProblem(f'"{what}" is {type(value).__name__} where the agent expects {expected.__name__.lower()}')
    return value


def _handlers(group: Any) -> MutableSequence[Any] | None:
    if isinstance(group, MutableMapping) and isinstance(group.get("hooks"), MutableSequence):
        return group["hooks"]
    return None


def _ours_in(groups: MutableSequence[Any], agent: str, hook: str) -> list[tuple[Any, Any]]:
    found = []
    for group in groups:
        for handler in _handlers(group) or ():
            if isinstance(handler, MutableMapping) and our_hook(handler.get("command"), agent) == hook:
                found.append((group, handler))
    return found


def _drop(items: MutableSequence[Any], item: Any) -> None:
    for i, candidate in enumerate(items):
        if candidate is item:
            del items[i]
            return


def ensure_hooks(doc: MutableMapping[str, Any], agent: str, wanted: Mapping[str, Mapping[str, Any]]) -> bool:
    """Make ``doc``'s hooks hold exactly one handler of Picasso's per event in ``wanted`` (event ->
    handler fields, ``command`` among them); True if anything changed."""
    c = containers_for(doc)
    hooks = _child(doc, "hooks", lambda: c.table(doc, holder=True), MutableMapping, "hooks")
    changed = False
    for event, fields in wanted.items():
        hook = our_hook(fields["command"], agent)
        assert hook is not None, fields["command"]
        groups = _child(hooks, event, lambda: c.array(hooks), MutableSequence, f"hooks.{event}")
        found = _ours_in(groups, agent, hook)
        if not found:
            group = c.table(groups)
            handlers = c.array(group)
            handlers.append(_filled(c, handlers, fields))
            group["hooks"] = handlers
            groups.append(group)
            changed = True
            continue
        first = found[0][1]
        for key, value in fields.items():
            if first.get(key) != value:
                first[key] = value
                changed = True
        for group, handler in found[1:]:
            handlers = _handlers(group)
            assert handlers is not None
            _drop(handlers, handler)
            if not handlers:
                _drop(groups, group)
            changed = True
    return changed


def remove_hooks(doc: MutableMapping[str, Any], agent: str) -> bool:
    """Remove every handler of Picasso's for ``agent``, and what that removal leaves empty."""
    hooks = doc.get("hooks")
    if not isinstance(hooks, MutableMapping):
        return False
    changed = False
    for event in list(hooks.keys()):
        groups = hooks[event]
        if not isinstance(groups, MutableSequence):
            continue  # e.g. Codex's [hooks.state]: not an event
        removed_here = False
        for group in list(groups):
            handlers = _handlers(group)
            if handlers is None:
                continue
            ours = [h for h in handlers if isinstance(h, Mapping) and our_hook(h.get("command"), agent)]
            for handler in ours:
                _drop(handlers, handler)
            if ours and not handlers:
                _drop(groups, group)
            removed_here = removed_here or bool(ours)
        if removed_here and not groups:
            del hooks[event]
        changed = changed or removed_here
    if changed and not hooks:
        del doc["hooks"]
    return changed


def find_hook(doc: Mapping[str, Any], agent: str, event: str, hook: str) -> tuple[int, int, str] | None:
    """(group index, handler index, command) of Picasso's handler for ``event``, if present."""
    hooks = doc.get("hooks")
    groups = hooks.get(event) if isinstance(hooks, Mapping) else None
    if not isinstance(groups, MutableSequence):
        return None
    for gi, group in enumerate(groups):
        for hi, handler in enumerate(_handlers(group) or ()):
            if isinstance(handler, Mapping) and our_hook(handler.get("command"), agent) == hook:
                return gi, hi, str(handler.get("command"))
    return None


# -- the MCP server ----------------------------------------------------------------------------------


def is_our_server(entry: object) -> bool:
    if not isinstance(entry, Mapping):
        return False
    args = entry.get("args")
    return is_picasso(str(entry.get("command", ""))) and isinstance(args, list) and list(args) == ["mcp"]


def ensure_server(doc: MutableMapping[str, Any], key: str, fields: Mapping[str, Any]) -> bool | None:
    """Register ``picasso mcp`` as the server ``picasso`` under ``doc[key]``. True if changed,
    False if already so, None if a server of that name that is not Picasso's is there (left alone)."""
    c = containers_for(doc)
    servers = _child(doc, key, lambda: c.table(doc, holder=True), MutableMapping, key)
    entry = servers.get(MCP_NAME)
    if entry is None:
        servers[MCP_NAME] = _filled(c, servers, fields)
        return True
    if not is_our_server(entry):
        return None
    changed = False
    for name, value in fields.items():
        if entry.get(name) != value:
            entry[name] = value
            changed = True
    return changed


def remove_server(doc: MutableMapping[str, Any], key: str) -> bool:
    servers = doc.get(key)
    if not isinstance(servers, MutableMapping) or not is_our_server(servers.get(MCP_NAME)):
        return False
    del servers[MCP_NAME]
    if not servers:
        del doc[key]
    return True


def server_command(doc: Mapping[str, Any], key: str) -> str | None:
    servers = doc.get(key)
    entry = servers.get(MCP_NAME) if isinstance(servers, Mapping) else None
    return str(entry.get("command")) if is_our_server(entry) else None  # type: ignore[union-attr]
