"""A keyring backend for tests: one JSON file per Picasso home, so two "devices" (two homes) in
one test never share a key, subprocesses see the same secrets (PYTHON_KEYRING_BACKEND), and the
real user keyring is never touched."""

from __future__ import annotations

import json
import os
from pathlib import Path

from keyring.backend import KeyringBackend
from keyring.errors import PasswordDeleteError


class HomeFileKeyring(KeyringBackend):
    priority = 1  # type: ignore[assignment]

    def _file(self) -> Path:
        return Path(os.environ["PICASSO_HOME"]).parent / (Path(os.environ["PICASSO_HOME"]).name + ".test-keyring.json")

    def _load(self) -> dict:
        try:
            return json.loads(self._file().read_text())
        except FileNotFoundError:
            return {}

    def get_password(self, service: str, username: str) -> str | None:
        return self._load().get(f"{service}\x00{username}")

    def set_password(self, service: str, username: str, password: str) -> None:
        data = self._load()
        data[f"{service}\x00{username}"] = password
        self._file().parent.mkdir(parents=True, exist_ok=True)
        self._file().write_text(json.dumps(data))

    def delete_password(self, service: str, username: str) -> None:
        data = self._load()
        if data.pop(f"{service}\x00{username}", None) is None:
            raise PasswordDeleteError(username)
        self._file().write_text(json.dumps(data))
