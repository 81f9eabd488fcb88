"""Errors the profile layer raises on purpose."""

from __future__ import annotations

from picasso_tui.errors import PicassoError


class ProfileError(PicassoError):
    """Base of the profiler's errors."""
