"""Sync errors: one sentence each, shown by the CLI without a traceback."""

from __future__ import annotations

from picasso_tui.store.errors import StoreError

SIGNED_OUT_MESSAGE = "Memory sync needs a signed-in Picasso account. Run picasso auth login."


class SyncError(StoreError):
    """A sync (or key, or sign-in) step failed; the message says why and what to do."""


class NeedsSignIn(SyncError):
    """No signed-in account: the CLI exits 3 (DESIGN §7)."""

    def __init__(self, message: str = SIGNED_OUT_MESSAGE) -> None:
        super().__init__(message)


class KeyringUnavailable(SyncError):
    pass


class InvalidRecoveryString(SyncError):
    pass


class IntegrityError(SyncError):
    """The server returned data that does not authenticate: tampered, swapped or replayed."""


class LinkError(SyncError):
    pass


class SyncLockBusy(SyncError):
    pass
