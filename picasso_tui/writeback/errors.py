"""Errors the write-back layer raises on purpose."""

from __future__ import annotations

from picasso_tui.errors import PicassoError


class WritebackError(PicassoError):
    """Base of write-back's errors (transcripts, the model classifier)."""
