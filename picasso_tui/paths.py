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
    def deletion_ledger(self) -> Path:
        """Ids, deletion times, namespaces and classes of deleted records (never text); see store/ledger.py."""
        return self.root / "memory.json.deletions"

    @property
    def unsaved_edits_dir(self) -> Path:
        """``<id>-<time>.md``: the text of an edit that could not be applied."""
        return self.home / "unsaved-edits"

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
    def text_caches_lock(self) -> Path:
        return text_caches_lock(self.cache_dir)

    @property
    def logs_dir(self) -> Path:
        return self.home / "logs"

    @property
    def events_log(self) -> Path:
        return self.logs_dir / "memory-events.jsonl"

    @property
    def hooks_dir(self) -> Path:
        """State of the agent hooks (``picasso hook``): how far each agent transcript was read; no memory text."""
        return self.home / "hooks"

    @property
    def helper_dir(self) -> Path:
        """The local helper's lock, socket, ``helper.json`` and token (``picasso helper``)."""
        return self.home / "helper"

    @property
    def legacy_mac_memory(self) -> Path:
        return account_home() / "Library" / "Application Support" / "Picasso" / "memory.json"


# -- caches that hold memory text ----------------------------------------------------------------
#
# Deleted means gone everywhere (DESIGN §4), yet the store may not import the layers that derive
# caches from memory.json. So those caches keep to this layout, and the store scrubs them by it
# after every write that deletes records (store/forgetting.py):
#
# * ``cache/lexical/terms-v<n>.json``: a JSON object with one entry per line, each key
#   ``"<16 hex of the text hash>:<record id>"``; the store drops the lines of deleted ids.
# * ``cache/recall/*.bin``: indexes saved for one exact content of memory.json; any write makes them
#   stale, so the store deletes them all.
# * Whoever writes either takes ``text_caches_lock`` and writes only while memory.json still holds
#   the bytes the cache was derived from, so a cache built just before a deletion cannot be saved
#   after the store has scrubbed.
# * ``cache/vectors/`` holds floats, ids and text hashes, no text: the store leaves it alone.

TERMS_DIR = "lexical"
SAVED_INDEX_DIR = "recall"


def text_caches_lock(cache_dir: Path) -> Path:
    return cache_dir / ".text-caches.lock"
