"""Sync errors: one sentence each, shown by the CLI without a traceback."""

from __future__ import annotations

from picasso_tui.errors import PicassoError

SIGNED_OUT_MESSAGE = "Memory sync needs a signed-in Picasso account. Run picasso auth login."


class SyncError(PicassoError):
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


class SyncTurnedOff(SyncError):
    """The opt-in is off: no memory leaves this machine (spec, "Source of truth")."""

    def __init__(self) -> None:
        super().__init__(
            "Memory sync is off on this device, so nothing was sent; turn it on with "
            "`picasso settings set sync.cloudMemory on`, or sync one run with `picasso run --memory-sync`."
        )
