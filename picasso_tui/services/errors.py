"""Errors the use cases raise on purpose."""

from __future__ import annotations

from picasso_tui.errors import PicassoError


class ServiceError(PicassoError):
    """Base of the use cases' own errors (the memory tools, the model install)."""
