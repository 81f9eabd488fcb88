"""The account memory key, kept in the OS keyring (service ``com.picassohq.memory-key``).

Entries: ``<accountId>:<keyId>`` holds a key (base64) and ``<accountId>:active`` names the one
in use. Without a secure keyring backend nothing is stored, unless the user opts in to a plain
file with ``picasso settings set sync.allowPlaintextKeys on``.
"""

from __future__ import annotations

import base64
import hashlib
import os
from dataclasses import dataclass
from typing import Any

import keyring
import keyring.errors
import orjson

from picasso_tui import settings
from picasso_tui.atomic import write_atomic
from picasso_tui.paths import PicassoPaths
from picasso_tui.sync.errors import KeyringUnavailable, SyncError

KEY_SERVICE = "com.picassohq.memory-key"
SESSION_SERVICE = "com.picassohq.session"
PLAINTEXT_SETTING = "sync.allowPlaintextKeys"
KEY_BYTES = 32
TEST_KEYS_ENV = "PICASSO_ALLOW_TEST_KEYS"


def insecure_reason(backend: Any) -> str | None:
    """Why ``backend`` must not hold the memory key, or None when it is a real secure store."""
    from keyring.backends import chainer, fail, null

    name = f"{type(backend).__module__}.{type(backend).__name__}"
    if isinstance(backend, fail.Keyring | null.Keyring) or (
        isinstance(backend, chainer.ChainerBackend) and not backend.backends
    ):
        return "no keyring backend is available on this machine"
    if type(backend).__module__.startswith("keyrings.alt"):
        return f"the keyring backend {name} keeps secrets in plain text"
    return None


class SecretStore:
    """Secrets (keys, session tokens) in the OS keyring, or in a 0600 file when the user opted in."""

    def __init__(self, paths: PicassoPaths | None = None) -> None:
        self.paths = paths or PicassoPaths.resolve()
        backend = keyring.get_keyring()
        reason = insecure_reason(backend)
        self.plaintext = reason is not None
        if reason and not settings.get(PLAINTEXT_SETTING, self.paths):
            raise KeyringUnavailable(
                f"Memory sync keeps its key in the OS keyring, but {reason}; install and unlock one "
                f"(macOS Keychain, Windows Credential Manager, or a Secret Service such as GNOME Keyring or KWallet), "
                f"or accept a plain file under {self.paths.home / 'settings'} with "
                f"`picasso settings set {PLAINTEXT_SETTING} on`."
            )
        self.backend = backend

    @property
    def _file(self):  # noqa: ANN202 - a Path
        return self.paths.home / "settings" / "plaintext-secrets.json"

    def _load_file(self) -> dict[str, dict[str, str]]:
        try:
            data = orjson.loads(self._file.read_bytes())
        except FileNotFoundError:
            return {}
        except orjson.JSONDecodeError:
            raise SyncError(f"{self._file} is not valid JSON; fix or remove it.") from None
        return data if isinstance(data, dict) else {}

    def get(self, service: str, name: str) -> str | None:
        if self.plaintext:
            return self._load_file().get(service, {}).get(name)
        try:
            return self.backend.get_password(service, name)
        except keyring.errors.KeyringError as exc:
            raise KeyringUnavailable(f"The OS keyring refused to read a secret ({exc}); unlock it and retry.") from None

    def set(self, service: str, name: str, value: str) -> None:
        if self.plaintext:
            data = self._load_file()
            data.setdefault(service, {})[name] = value
            self._file.parent.mkdir(parents=True, exist_ok=True, mode=0o700)
            write_atomic(self._file, orjson.dumps(data, option=orjson.OPT_INDENT_2))
            os.chmod(self._file, 0o600)
            return
        try:
            self.backend.set_password(service, name, value)
        except keyring.errors.KeyringError as exc:
            raise KeyringUnavailable(
                f"The OS keyring refused to store a secret ({exc}); unlock it and retry."
            ) from None

    def delete(self, service: str, name: str) -> None:
        if self.plaintext:
            data = self._load_file()
            if data.get(service, {}).pop(name, None) is not None:
                write_atomic(self._file, orjson.dumps(data, option=orjson.OPT_INDENT_2))
            return
        try:
            self.backend.delete_password(service, name)
        except keyring.errors.PasswordDeleteError:
            pass
        except keyring.errors.KeyringError as exc:
            raise KeyringUnavailable(f"The OS keyring refused to delete a secret ({exc}).") from None


def key_id_of(key: bytes) -> str:
    """A short public name for a key, derived from it, so a recovery string restores both."""
    return "k" + hashlib.sha256(b"picasso/key-id/v1\x00" + key).hexdigest()[:16]


@dataclass(frozen=True)
class AccountKey:
    key_id: str
    key: bytes


class KeyRing:
    """The account memory keys of one account on this device."""

    def __init__(self, account_id: str, secrets: SecretStore) -> None:
        self.account_id = account_id
        self.secrets = secrets

    def active(self) -> AccountKey | None:
        kid = self.secrets.get(KEY_SERVICE, f"{self.account_id}:active")
        if not kid:
            return None
        value = self.secrets.get(KEY_SERVICE, f"{self.account_id}:{kid}")
        if value is None:
            raise SyncError(
                f"The keyring names key {kid} as active for account {self.account_id} but does not hold it; "
                f"import the recovery string with `picasso memory key import --stdin`."
            )
        return AccountKey(kid, base64.b64decode(value))

    def store(self, key: bytes, *, activate: bool = True) -> AccountKey:
        if len(key) != KEY_BYTES:
            raise ValueError("an account memory key is 32 bytes")
        kid = key_id_of(key)
        self.secrets.set(KEY_SERVICE, f"{self.account_id}:{kid}", base64.b64encode(key).decode("ascii"))
        if activate:
            self.secrets.set(KEY_SERVICE, f"{self.account_id}:active", kid)
        return AccountKey(kid, key)


def deterministic_account_memory_key(account_id: str, seed: str = "") -> bytes:
    """A reproducible key for tests only; raises anywhere but inside a test runner."""
    if not (os.environ.get("PYTEST_CURRENT_TEST") or os.environ.get(TEST_KEYS_ENV) == "1"):
        raise RuntimeError(
            "deterministic_account_memory_key is for tests only: a predictable key would let anyone read the memory."
        )
    return hashlib.sha256(f"picasso/test-key/v1\x00{account_id}\x00{seed}".encode()).digest()


# The spec's name for it.
deterministicAccountMemoryKey = deterministic_account_memory_key  # noqa: N816
