"""An agent's own settings file, changed without loss: parsed whole (JSON, or TOML through tomlkit,
which keeps comments and layout), edited in memory, backed up once, replaced atomically.

- The first time Picasso changes an existing file it copies the original bytes to
  ``<file>.picasso-backup``; that copy is never written again.
- A file that does not parse is refused with one sentence naming it and the line; it is not touched.
- The new bytes replace the file in one ``os.replace`` (``atomic.write_atomic``): a crash or a full
  disk leaves the old file. If the agent rewrote the file meanwhile, the edit is made again on what
  is there now.
- A symlinked settings file (dotfiles) stays a symlink: its target is what gets replaced.
"""

from __future__ import annotations

import json
import re
import stat
from collections.abc import Callable, MutableMapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Literal

import tomlkit
import tomlkit.exceptions

from picasso_tui.agent.install.common import FileChange, InstallError
from picasso_tui.atomic import FolderSyncFailed, write_atomic

Kind = Literal["json", "toml"]
BACKUP_SUFFIX = ".picasso-backup"
NEW_FILE_MODE = 0o644
_INDENT = re.compile(rb"\n([ \t]+)\S")
ATTEMPTS = 3


class ShapeProblem(Exception):
    """A key holds something other than what the agent's format says (raised by the edits; the file is named here)."""


def backup_path(path: Path) -> Path:
    return path.with_name(path.name + BACKUP_SUFFIX)


@dataclass
class Loaded:
    path: Path  # as named
    raw: bytes | None  # None: the file does not exist yet
    doc: MutableMapping[str, Any]
    kind: Kind


def _real(path: Path) -> Path:
    return path.resolve() if path.is_symlink() else path


def read_bytes(path: Path) -> bytes | None:
    try:
        return _real(path).read_bytes()
    except FileNotFoundError:
        return None
    except OSError as exc:
        raise InstallError(f"Could not read {path} ({exc.strerror or exc}); nothing was changed.") from exc


def load(path: Path, kind: Kind) -> Loaded:
    raw = read_bytes(path)
    return Loaded(path, raw, parse(path, raw, kind), kind)


def parse(path: Path, raw: bytes | None, kind: Kind) -> MutableMapping[str, Any]:
    if raw is None or not raw.strip():
        return {} if kind == "json" else tomlkit.document()
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise InstallError(f"{path} is not UTF-8 text, so Picasso left it untouched.") from exc
    return _parse_json(path, text) if kind == "json" else _parse_toml(path, text)


def _parse_json(path: Path, text: str) -> MutableMapping[str, Any]:
    try:
        doc = json.loads(text)
    except json.JSONDecodeError as exc:
        if text[exc.pos : exc.pos + 2] in ("//", "/*"):
            raise InstallError(
                f"{path} has a comment at line {exc.lineno}, which Picasso would drop when it rewrites the file, "
                "so it left the file untouched; remove the comments, or add the entries by hand (docs/agents.md)."
            ) from exc
        raise InstallError(
            f"{path} is not valid JSON ({exc.msg} at line {exc.lineno}, column {exc.colno}), so Picasso left it "
            "untouched; fix that line and run the command again."
        ) from exc
    if not isinstance(doc, dict):
        raise InstallError(f"{path} holds a JSON {type(doc).__name__}, not an object, so Picasso left it untouched.")
    return doc


def _parse_toml(path: Path, text: str) -> MutableMapping[str, Any]:
    try:
        return tomlkit.parse(text)
    except tomlkit.exceptions.ParseError as exc:
        raise InstallError(
            f"{path} is not valid TOML ({exc}), so Picasso left it untouched; fix that line and run the command again."
        ) from exc


def render(loaded: Loaded) -> bytes:
    if loaded.kind == "toml":
        return tomlkit.dumps(loaded.doc).encode("utf-8")
    indent: str | int = 2
    if loaded.raw and (m := _INDENT.search(loaded.raw)):
        ws = m.group(1).decode()
        indent = "\t" if "\t" in ws else len(ws)
    text = json.dumps(loaded.doc, indent=indent, ensure_ascii=False)
    ends_bare = loaded.raw is not None and loaded.raw.strip() and not loaded.raw.endswith(b"\n")
    return (text if ends_bare else text + "\n").encode("utf-8")


def is_empty(doc: MutableMapping[str, Any]) -> bool:
    return len(doc) == 0


def edit_file(
    path: Path, kind: Kind, edit: Callable[[MutableMapping[str, Any]], bool], *, delete_if_empty: bool = False
) -> FileChange:
    """Apply ``edit`` (which says whether it changed anything) to the file and save the result.

    ``edit`` must be repeatable: when the file changes under us it is applied again to a fresh read.
    ``delete_if_empty``: a file Picasso created (no backup of it exists) that the edit leaves empty is
    removed rather than left as ``{}``."""
    for _ in range(ATTEMPTS):
        loaded = load(path, kind)
        try:
            changed = edit(loaded.doc)
        except ShapeProblem as exc:
            raise InstallError(f"In {path}, {exc}, so Picasso left the file untouched.") from exc
        if not changed:
            return FileChange(path, "unchanged")
        if read_bytes(path) != loaded.raw:
            continue  # the agent (or the user) saved it meanwhile: edit what is there now
        if delete_if_empty and is_empty(loaded.doc) and not backup_path(path).exists():
            _unlink(path)
            return FileChange(path, "deleted")
        backup = _backup_once(path, loaded.raw)
        _write(path, render(loaded))
        return FileChange(path, "created" if loaded.raw is None else "updated", backup)
    raise InstallError(f"{path} kept changing while Picasso was editing it; nothing was changed, try again.")


def _backup_once(path: Path, raw: bytes | None) -> Path | None:
    target = backup_path(path)
    if raw is None or target.exists() or target.is_symlink():
        return None
    try:
        write_atomic(target, raw, _mode(path))
    except FolderSyncFailed:
        pass
    except OSError as exc:
        raise InstallError(
            f"Could not write the backup {target} ({exc.strerror or exc}), so {path} was left untouched."
        ) from exc
    return target


def _mode(path: Path) -> int:
    try:
        return stat.S_IMODE(_real(path).stat().st_mode)
    except OSError:
        return NEW_FILE_MODE


def _write(path: Path, data: bytes) -> None:
    real = _real(path)
    try:
        real.parent.mkdir(parents=True, exist_ok=True)
        write_atomic(real, data, _mode(path))
    except FolderSyncFailed:
        pass  # the new file is in place; only its folder entry's durability is in doubt
    except OSError as exc:
        raise InstallError(f"Could not write {path} ({exc.strerror or exc}); it was left as it was.") from exc


def _unlink(path: Path) -> None:
    try:
        path.unlink()
    except FileNotFoundError:
        pass
    except OSError as exc:
        raise InstallError(f"Could not remove {path} ({exc.strerror or exc}); it was left as it was.") from exc
