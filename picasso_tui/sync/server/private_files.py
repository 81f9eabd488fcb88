"""The SQLite database holds emails and password hashes: owner-only files, whatever the umask.

The file is created 0600 before SQLite opens it, and SQLite gives its companions (``-wal``,
``-shm``, ``-journal``) the mode of the database file. A folder created for it is 0700. An
existing file readable by others is tightened to 0600, with a warning in the log.
"""

from __future__ import annotations

import logging
import os
import stat
from pathlib import Path

from sqlalchemy.engine import make_url

log = logging.getLogger(__name__)

FILE_MODE = 0o600
DIR_MODE = 0o700
COMPANIONS = ("-wal", "-shm", "-journal")


def sqlite_path(url: str) -> Path | None:
    """The file of a ``sqlite:///`` URL; None for PostgreSQL, in-memory and ``file:`` URI databases."""
    parsed = make_url(url)
    if parsed.get_backend_name() != "sqlite":
        return None
    database = parsed.database or ""
    if database in ("", ":memory:") or database.startswith("file:"):
        return None
    return Path(database).expanduser().absolute()


def prepare(path: Path) -> None:
    """Create the folders (0700) and the empty database file (0600), or tighten what is there."""
    if os.name != "posix":
        return
    _make_dirs(path.parent)
    fd = os.open(path, os.O_RDWR | os.O_CREAT, FILE_MODE)
    try:
        mode = stat.S_IMODE(os.fstat(fd).st_mode)
        if mode & 0o077:  # only a file that was already there: a new one got 0600 or narrower
            os.fchmod(fd, FILE_MODE)
            log.warning("%s was readable by others (mode %o); tightened it to %o", path, mode, FILE_MODE)
    finally:
        os.close(fd)
    tighten_companions(path)


def tighten_companions(path: Path) -> None:
    """``-wal``/``-shm``/``-journal`` left wider by an older server or another tool become 0600."""
    if os.name != "posix":
        return
    for suffix in COMPANIONS:
        companion = path.with_name(path.name + suffix)
        try:
            mode = stat.S_IMODE(companion.stat().st_mode)
            if mode & 0o077:
                companion.chmod(FILE_MODE)
                log.warning("%s was readable by others (mode %o); tightened it to %o", companion, mode, FILE_MODE)
        except FileNotFoundError:
            continue


def _make_dirs(folder: Path) -> None:
    missing: list[Path] = []
    while not folder.exists():
        missing.append(folder)
        folder = folder.parent
    for created in reversed(missing):
        created.mkdir(mode=DIR_MODE, exist_ok=True)
        created.chmod(DIR_MODE)  # mkdir's mode is filtered by the umask
