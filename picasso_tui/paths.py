"""Where Picasso keeps things (DESIGN §2).

Resolved from the environment on every call so that tests (and users) can point
PICASSO_HOME / PICASSO_MEMORY_ROOT elsewhere without restarting anything.
"""

from __future__ import annotations

import os
import sys
from dataclasses import dataclass
from pathlib import Path


def account_home() -> Path:
    """The OS account's home from the password database, never ``$HOME``.

    ``$HOME`` is routinely rewritten by sandboxes, sudo and CI; the memory of a
    developer must not silently move with it.
    """
    if sys.platform != "win32":
        import pwd

        return Path(pwd.getpwuid(os.getuid()).pw_dir)
    return Path(os.environ.get("USERPROFILE") or Path.home())


def picasso_home() -> Path:
    env = os.environ.get("PICASSO_HOME")
    return Path(env).expanduser() if env else account_home() / ".picasso"


def memory_root() -> Path:
    env = os.environ.get("PICASSO_MEMORY_ROOT")
    return Path(env).expanduser() if env else picasso_home()


@dataclass(frozen=True)
class PicassoPaths:
    """Every location the memory layer touches, resolved once."""

    home: Path
    root: Path

    @classmethod
    def resolve(cls) -> PicassoPaths:
        return cls(home=picasso_home(), root=memory_root())

    @property
    def memory_file(self) -> Path:
        return self.root / "memory.json"

    @property
    def lock_file(self) -> Path:
        return self.root / "memory.json.lock"

    @property
    def projections_dir(self) -> Path:
        return self.root / "memory"

    @property
    def settings_file(self) -> Path:
        return self.home / "settings" / "settings.json"

    @property
    def cache_dir(self) -> Path:
        return self.home / "cache"

    @property
    def logs_dir(self) -> Path:
        return self.home / "logs"

    @property
    def events_log(self) -> Path:
        return self.logs_dir / "memory-events.jsonl"

    @property
    def legacy_mac_memory(self) -> Path:
        return account_home() / "Library" / "Application Support" / "Picasso" / "memory.json"
