"""Errors the retrieval layer raises on purpose."""

from __future__ import annotations

from picasso_tui.errors import PicassoError


class RetrievalError(PicassoError):
    """Base of retrieval's errors."""
