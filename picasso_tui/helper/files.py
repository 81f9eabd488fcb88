"""The helper's files under ``<home>/helper/``: where they are, and reading ``helper.json``.

Standard library only: the lean client (``client.py``) reads these on every CLI call and hook, before it knows
whether a helper answers, so nothing here may cost an import a fresh process would otherwise skip.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path

from picasso_tui.paths import PicassoPaths

SOCKET_PATH_MAX = 100
"""AF_UNIX paths are limited to 104 (macOS) or 108 (Linux) bytes; a longer home cannot host the socket."""


@dataclass(frozen=True)
class HelperFiles:
    folder: Path

    @classmethod
    def of(cls, paths: PicassoPaths) -> HelperFiles:
        return cls(paths.helper_dir)

    @property
    def lock(self) -> Path:
        """Held (portalocker) for the helper's whole life; holds its process id for the refusal sentence."""
        return self.folder / "helper.lock"

    @property
    def socket(self) -> Path:
        return self.folder / "helper.sock"

    @property
    def info(self) -> Path:
        return self.folder / "helper.json"

    @property
    def token(self) -> Path:
        return self.folder / "token"

    @property
    def log(self) -> Path:
        """What a helper started by ``picasso helper start`` writes on stderr."""
        return self.folder / "helper.log"


@dataclass(frozen=True)
class HelperInfo:
    """``helper.json``: written once the helper listens, removed on a clean exit."""

    pid: int
    socket: str
    url: str
    token_file: str
    started_at: str
    version: str

    def as_json(self) -> dict[str, object]:
        return {"pid": self.pid, "socket": self.socket, "url": self.url, "tokenFile": self.token_file,
                "startedAt": self.started_at, "version": self.version}  # fmt: skip


def read_info(files: HelperFiles) -> HelperInfo | None:
    """What ``helper.json`` says, or None when it is missing or not what a helper writes."""
    try:
        data = json.loads(files.info.read_bytes())
        return HelperInfo(int(data["pid"]), str(data["socket"]), str(data["url"]), str(data["tokenFile"]),
                          str(data["startedAt"]), str(data["version"]))  # fmt: skip
    except (OSError, ValueError, KeyError, TypeError):
        return None
