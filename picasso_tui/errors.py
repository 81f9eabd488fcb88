"""The root of every error Picasso raises on purpose.

Each layer derives its own base from `PicassoError` (the store's `StoreError`, `SettingsError`, `SyncError`, …), so
a front end catches `PicassoError` to show any of them as one sentence, and a layer that means "the store failed"
catches only `StoreError`.
"""

from __future__ import annotations


class PicassoError(Exception):
    """An error whose message is one sentence a user can act on."""


class UsageError(PicassoError):
    """The user asked a front end for something that cannot be done as asked."""
